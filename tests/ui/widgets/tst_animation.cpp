// SPDX-License-Identifier: GPL-3.0-or-later
// Animation: play advances pos (or k) by one per timer tick and stops at the last row; step
// forward and back move by exactly 1 and never leave the range; Reset All restores every
// default; the shortcuts (Space, arrows, Shift for k, Ctrl+R) work from the window and give
// way to a focused text entry.

#include "ui/widgets/animationbar.h"
#include "ui/state/encodingstate.h"
#include "ui/window/mainwindow.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

using namespace posenc;

class TestAnimation : public QObject
{
    Q_OBJECT

    // A shown, active window, so that its shortcuts are live.
    static void activate(MainWindow &window)
    {
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
    }

private Q_SLOTS:
    void playAdvancesByOnePerTick_data()
    {
        QTest::addColumn<bool>("offset");
        QTest::addColumn<int>("ticks");
        QTest::newRow("pos, 1 tick") << false << 1;
        QTest::newRow("pos, 7 ticks") << false << 7;
        QTest::newRow("k, 1 tick") << true << 1;
        QTest::newRow("k, 12 ticks") << true << 12;
    }

    void playAdvancesByOnePerTick()
    {
        QFETCH(bool, offset);
        QFETCH(int, ticks);
        MainWindow window;
        AnimationBar *bar = window.animationBar();
        ParameterAnimator *animator = offset ? bar->offsetAnimator() : bar->positionAnimator();
        ParameterAnimator *other = offset ? bar->positionAnimator() : bar->offsetAnimator();
        const EncodingParams before = window.state()->params();
        const double start = offset ? before.offset : before.position;

        (offset ? bar->playOffsetAction() : bar->playPositionAction())->trigger();
        QVERIFY(animator->isPlaying());
        QVERIFY(animator->timer()->isActive());
        QVERIFY(!other->isPlaying());
        QSignalSpy changed(window.state(), &EncodingState::changed);
        for (int i = 0; i < ticks; ++i)
            QVERIFY(QMetaObject::invokeMethod(animator->timer(), "timeout"));
        QCOMPARE(animator->value(), start + ticks);
        EncodingParams expected = before;
        (offset ? expected.offset : expected.position) = start + ticks;
        QCOMPARE(window.state()->params(), expected);
        // Written through the state's setters, so a burst is one recompute.
        window.state()->flush();
        QCOMPARE(changed.size(), 1);

        (offset ? bar->playOffsetAction() : bar->playPositionAction())->trigger();
        QVERIFY(!animator->isPlaying());
        QVERIFY(!animator->timer()->isActive());
    }

    void playRunsInRealTime()
    {
        MainWindow window;
        ParameterAnimator *animator = window.animationBar()->positionAnimator();
        window.animationBar()->positionSpeedBox()->setValue(30);
        QCOMPARE(animator->speed(), 30);
        QCOMPARE(animator->timer()->interval(), 1000 / 30);
        animator->setPlaying(true);
        QTRY_VERIFY(window.state()->params().position >= 13);
        animator->setPlaying(false);
    }

    void playStopsAtTheLastRow()
    {
        MainWindow window;
        EncodingState &state = *window.state();
        EncodingParams params;
        params.start = 100;
        params.seqLen = 8;
        params.position = 104;
        QVERIFY(!state.setParams(params));
        ParameterAnimator *animator = window.animationBar()->positionAnimator();
        QCOMPARE(animator->first(), 100.0);
        QCOMPARE(animator->last(), 107.0);
        animator->setPlaying(true);
        for (int i = 0; i < 10 && animator->isPlaying(); ++i)
            animator->tick();
        QVERIFY(!animator->isPlaying());
        QCOMPARE(state.params().position, 107.0); // start + seq_len - 1, not wrapped
        QVERIFY(!window.animationBar()->playPositionAction()->isChecked());
        // Play at the end starts again from start.
        animator->setPlaying(true);
        QCOMPARE(state.params().position, 100.0);
        animator->tick();
        QCOMPARE(state.params().position, 101.0);
        animator->setPlaying(false);
    }

    void loopAndPingPongAtTheEnds_data()
    {
        QTest::addColumn<bool>("offset");
        QTest::addColumn<int>("playback");
        QTest::addColumn<QList<double>>("values"); // after each tick, from pos 104 / k 2
        using P = ParameterAnimator::Playback;
        // start 100, seq_len 4: pos over 100 .. 103, k over -3 .. 3.
        QTest::newRow("pos, loop") << false << int(P::Loop) << QList<double>{103, 100, 101, 102, 103, 100};
        QTest::newRow("pos, ping-pong") << false << int(P::PingPong)
                                        << QList<double>{103, 102, 101, 100, 101, 102, 103, 102};
        QTest::newRow("k, loop") << true << int(P::Loop) << QList<double>{3, -3, -2, -1, 0, 1, 2, 3, -3};
        QTest::newRow("k, ping-pong") << true << int(P::PingPong) << QList<double>{3, 2, 1, 0, -1, -2, -3, -2};
    }

    void loopAndPingPongAtTheEnds()
    {
        QFETCH(bool, offset);
        QFETCH(int, playback);
        QFETCH(QList<double>, values);
        MainWindow window;
        EncodingState &state = *window.state();
        EncodingParams params;
        params.start = 100;
        params.seqLen = 4;
        params.position = 102;
        params.offset = 2;
        QVERIFY(!state.setParams(params));
        AnimationBar *bar = window.animationBar();
        // Chosen in the tool bar's box, which sets both animations.
        QComboBox *box = bar->playbackBox();
        const int index = box->findData(playback);
        QVERIFY(index >= 0);
        box->setCurrentIndex(index);
        Q_EMIT box->activated(index);
        ParameterAnimator *animator = offset ? bar->offsetAnimator() : bar->positionAnimator();
        QCOMPARE(int(bar->positionAnimator()->playback()), playback);
        QCOMPARE(int(bar->offsetAnimator()->playback()), playback);
        animator->setPlaying(true);
        animator->tick();
        for (qsizetype i = 0; i < values.size(); ++i) {
            const EncodingParams &now = state.params();
            const double got = offset ? now.offset : now.position;
            QVERIFY2(got == values[i], qPrintable(QStringLiteral("tick %1: %2, expected %3").arg(i + 1).arg(got).arg(values[i])));
            QVERIFY(animator->isPlaying()); // never stops at an end
            animator->tick();
        }
        animator->setPlaying(false);
    }

    void stepMovesByExactlyOne()
    {
        MainWindow window;
        EncodingState &state = *window.state();
        AnimationBar *bar = window.animationBar();
        const EncodingParams defaults;
        bar->stepPositionForwardAction()->trigger();
        QCOMPARE(state.params().position, defaults.position + 1);
        bar->stepPositionBackAction()->trigger();
        bar->stepPositionBackAction()->trigger();
        QCOMPARE(state.params().position, defaults.position - 1);
        QCOMPARE(state.params().offset, defaults.offset);
        bar->stepOffsetForwardAction()->trigger();
        QCOMPARE(state.params().offset, defaults.offset + 1);
        bar->stepOffsetBackAction()->trigger();
        bar->stepOffsetBackAction()->trigger();
        QCOMPARE(state.params().offset, defaults.offset - 1);
        QCOMPARE(state.params().position, defaults.position - 1);
    }

    void stepStaysInRange()
    {
        MainWindow window;
        EncodingState &state = *window.state();
        ParameterAnimator *pos = window.animationBar()->positionAnimator();
        ParameterAnimator *k = window.animationBar()->offsetAnimator();
        QVERIFY(!state.setPosition(0));
        QVERIFY(!pos->stepBack());
        QCOMPARE(state.params().position, 0.0);
        QVERIFY(!state.setPosition(29));
        QVERIFY(!pos->stepForward());
        QCOMPARE(state.params().position, 29.0);
        QVERIFY(!state.setOffset(29));
        QVERIFY(!k->stepForward());
        QVERIFY(!state.setOffset(-29));
        QVERIFY(!k->stepBack());
        QCOMPARE(state.params().offset, -29.0);
    }

    void keyboardShortcuts()
    {
        MainWindow window;
        activate(window);
        EncodingState &state = *window.state();
        window.centralWidget()->setFocus();
        const EncodingParams defaults;

        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(state.params().position, defaults.position + 1);
        QTest::keyClick(&window, Qt::Key_Left);
        QTest::keyClick(&window, Qt::Key_Left);
        QCOMPARE(state.params().position, defaults.position - 1);
        QTest::keyClick(&window, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(state.params().offset, defaults.offset + 1);
        QTest::keyClick(&window, Qt::Key_Left, Qt::ShiftModifier);
        QTest::keyClick(&window, Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(state.params().offset, defaults.offset - 1);

        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(window.animationBar()->positionAnimator()->isPlaying());
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(!window.animationBar()->positionAnimator()->isPlaying());
        QTest::keyClick(&window, Qt::Key_Space, Qt::ShiftModifier);
        QVERIFY(window.animationBar()->offsetAnimator()->isPlaying());
        QVERIFY(!window.animationBar()->positionAnimator()->isPlaying());

        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(!window.animationBar()->offsetAnimator()->isPlaying());
        QCOMPARE(state.params(), EncodingParams{});
    }

    void typingInAnEntryKeepsItsKeys()
    {
        MainWindow window;
        activate(window);
        EncodingState &state = *window.state();
        QLineEdit *entry = window.parameterPanel()->control(ParamField::Scale)->entry();
        entry->setFocus();
        QVERIFY(entry->hasFocus());
        entry->clear();
        QTest::keyClicks(entry, QStringLiteral("1 5"));
        QCOMPARE(entry->text(), QStringLiteral("1 5"));
        QVERIFY(!window.animationBar()->positionAnimator()->isPlaying());
        QCOMPARE(entry->cursorPosition(), 3);
        QTest::keyClick(entry, Qt::Key_Left);
        QCOMPARE(entry->cursorPosition(), 2);
        QTest::keyClick(entry, Qt::Key_Left, Qt::ShiftModifier);
        QCOMPARE(entry->selectedText(), QStringLiteral(" "));
        QTest::keyClick(entry, Qt::Key_Right);
        QCOMPARE(state.params().position, EncodingParams{}.position);
        QCOMPARE(state.params().offset, EncodingParams{}.offset);
        QTest::keyClick(entry, Qt::Key_Space, Qt::ShiftModifier);
        QVERIFY(!window.animationBar()->offsetAnimator()->isPlaying());
        // The speed box is an entry as well.
        QSpinBox *speed = window.animationBar()->positionSpeedBox();
        speed->setFocus();
        QTest::keyClick(speed, Qt::Key_Right);
        QCOMPARE(state.params().position, EncodingParams{}.position);
    }

    void resetAllRestoresDefaults()
    {
        MainWindow window;
        EncodingState &state = *window.state();
        EncodingParams changed;
        changed.dModel = 64;
        changed.seqLen = 100;
        changed.base = 500;
        changed.scale = 0.5;
        changed.offset = -3;
        changed.start = 7;
        changed.position = 20;
        changed.layout = Layout::Split;
        changed.frequencies = FrequencyConvention::Tensor2Tensor;
        QVERIFY(!state.setParams(changed));
        state.changeScene([](Scene &scene) { scene.dimensions = {9}; });
        TemporalParams temporal;
        temporal.periods = {7};
        temporal.steps = 10;
        QVERIFY(!state.changeScene([&](Scene &scene) { scene.temporal = temporal; }));
        state.changeScene([](Scene &scene) { scene.rotationPair = 3; });
        state.changeScene([](Scene &scene) { scene.cosine = true; });
        window.animationBar()->positionAnimator()->setPlaying(true);
        state.flush();

        window.animationBar()->resetAllAction()->trigger();
        state.flush();
        QCOMPARE(state.params(), EncodingParams{});
        QCOMPARE(state.curveDimensions(), (QList<int>{0, 16, 32, 64}));
        QCOMPARE(state.temporal(), TemporalParams{});
        QCOMPARE(state.rotationPair(), 0);
        QVERIFY(!state.cosineSimilarity());
        QVERIFY(!window.animationBar()->positionAnimator()->isPlaying());
        QCOMPARE(window.parameterPanel()->control(ParamField::DModel)->value(), 128.0);
    }
};

QTEST_MAIN(TestAnimation)
#include "tst_animation.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Undo and redo: every change of a parameter or view option is one step, a slider
// drag and a playback are one step each, undo and redo restore exact states, and a preset's
// modified marker follows.
#include "ui/state/encodingstate.h"
#include "ui/widgets/animationbar.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"
#include "ui/window/undohistory.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace posenc;

Q_DECLARE_METATYPE(posenc::Scene)

namespace {

// The undo and redo actions of the window's Edit menu.
QAction *editAction(MainWindow &window, const QKeySequence &key)
{
    for (QAction *menu : window.menuBar()->actions()) {
        if (!menu->menu())
            continue;
        for (QAction *action : menu->menu()->actions()) {
            if (action->shortcuts().contains(key))
                return action;
        }
    }
    return nullptr;
}

} // namespace

class TestUndoHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepName_data();
    void stepName();
    void undoAndRedoRestoreExactStates();
    void aBurstIsOneStep();
    void anInteractionIsOneStep();
    void aDragBackWhereItBeganIsNoStep();
    void namedSteps();
    void sliderDragIsOneStep();
    void windowKeysAndMenu();
    void resetAllAndScenesAreNamedSteps();
    void presetModifiedStateFollows();
    void playbackIsOneStep();
    void aChangeOfLanguageKeepsTheHistory();
    void cleanup() { Language::install(QStringLiteral("en")); }
};

void TestUndoHistory::stepName_data()
{
    QTest::addColumn<Scene>("after");
    QTest::addColumn<QString>("name");
    const Scene defaults;
    Scene s = defaults;
    s.params.dModel = 512;
    QTest::newRow("d_model") << s << QStringLiteral("d_model 128 → 512");
    s.followParams(defaults.params); // default dimensions go with d_model, unnamed
    QCOMPARE(s.dimensions, (QList<int>{0, 64, 128, 256}));
    QTest::newRow("d_model, dimensions followed") << s << QStringLiteral("d_model 128 → 512");
    s.params.seqLen = 64;
    QTest::newRow("two") << s << QStringLiteral("d_model 128 → 512, seq_len 30 → 64");
    s.params.base = 1e8;
    QTest::newRow("three") << s << QStringLiteral("3 settings");
    s = defaults;
    s.params.base = 100000000;
    QTest::newRow("base in full") << s << QStringLiteral("base 10000 → 100000000");
    s = defaults;
    s.params.position = 12;
    QTest::newRow("pos") << s << QStringLiteral("pos 10 → 12");
    s = defaults;
    s.params.offset = 2.5;
    QTest::newRow("k") << s << QStringLiteral("k 5 → 2.5");
    s = defaults;
    s.cosine = true;
    QTest::newRow("view option") << s << QStringLiteral("similarity dot → cosine");
    s = defaults;
    s.dimensions = {0, 1, 2, 3, 4, 5, 6, 7};
    QTest::newRow("dims") << s << QStringLiteral("dims 0,16,32,64 → 0-7");
    QTest::newRow("nothing") << defaults << QString();
}

void TestUndoHistory::stepName()
{
    QFETCH(Scene, after);
    QFETCH(QString, name);
    QCOMPARE(UndoHistory::stepName(Scene(), after), name);
}

void TestUndoHistory::undoAndRedoRestoreExactStates()
{
    EncodingState state;
    UndoHistory history(&state);
    const Scene first = state.scene();
    QVERIFY(!state.setDModel(64));
    state.flush();
    state.changeScene([](Scene &scene) { scene.cosine = true; });
    state.changeScene([](Scene &scene) { scene.dimensions = {3, 9}; });
    state.flush();
    const Scene second = state.scene();
    QVERIFY(!state.setBase(1e8));
    state.flush();
    const Scene third = state.scene();
    QCOMPARE(history.stack()->count(), 3);
    QCOMPARE(history.stack()->undoText(), QStringLiteral("base 10000 → 100000000"));

    history.stack()->undo();
    state.flush();
    QVERIFY(state.scene() == second);
    history.stack()->undo();
    history.stack()->undo();
    state.flush();
    QVERIFY(state.scene() == first);
    QVERIFY(!history.stack()->canUndo());
    // Undoing is no new step.
    QCOMPARE(history.stack()->count(), 3);
    history.stack()->redo();
    history.stack()->redo();
    history.stack()->redo();
    state.flush();
    QVERIFY(state.scene() == third);
    QVERIFY(!history.stack()->canRedo());
    // A change after an undo drops the steps that were undone.
    history.stack()->undo();
    QVERIFY(!state.setSeqLen(99));
    state.flush();
    QCOMPARE(history.stack()->count(), 3);
    QVERIFY(!history.stack()->canRedo());
    QCOMPARE(history.stack()->undoText(), QStringLiteral("seq_len 30 → 99"));
}

void TestUndoHistory::aBurstIsOneStep()
{
    EncodingState state;
    UndoHistory history(&state);
    QVERIFY(!state.setDModel(16));
    QVERIFY(!state.setSeqLen(8));
    QVERIFY(!state.setScale(2));
    QCoreApplication::processEvents(); // the state's 0 ms announcement
    QCOMPARE(history.stack()->count(), 1);
    QCOMPARE(history.stack()->undoText(), QStringLiteral("3 settings"));
    // A refused value is no step.
    QVERIFY(state.setDModel(1));
    state.flush();
    QCOMPARE(history.stack()->count(), 1);
}

void TestUndoHistory::anInteractionIsOneStep()
{
    EncodingState state;
    UndoHistory history(&state);
    QVERIFY(!state.setScale(3)); // before the drag: a step of its own
    history.beginInteraction();
    for (double position : {11.0, 12.0, 13.0, 14.0}) {
        QVERIFY(!state.setPosition(position));
        state.flush();
    }
    QVERIFY(!state.setPosition(15)); // the last move, still unannounced at the release
    history.endInteraction();
    QCoreApplication::processEvents();
    QCOMPARE(history.stack()->count(), 2);
    QCOMPARE(history.stack()->undoText(), QStringLiteral("pos 10 → 15"));
    history.stack()->undo();
    state.flush();
    QCOMPARE(state.params().position, 10.0);
    QCOMPARE(state.params().scale, 3.0);
    // Two drags are two steps.
    history.stack()->redo();
    history.beginInteraction();
    QVERIFY(!state.setPosition(20));
    history.endInteraction();
    QCOMPARE(history.stack()->count(), 3);
}

void TestUndoHistory::aDragBackWhereItBeganIsNoStep()
{
    EncodingState state;
    UndoHistory history(&state);
    history.beginInteraction();
    QVERIFY(!state.setPosition(20));
    state.flush();
    QVERIFY(!state.setPosition(10));
    state.flush();
    history.endInteraction();
    QCOMPARE(history.stack()->count(), 0);
}

void TestUndoHistory::namedSteps()
{
    EncodingState state;
    UndoHistory history(&state);
    // Nothing changed: no step, and the name names nothing later.
    history.recordNamed([] { return QStringLiteral("Reset All"); });
    QCOMPARE(history.stack()->count(), 0);
    QVERIFY(!state.setDModel(32));
    state.flush();
    QCOMPARE(history.stack()->undoText(), QStringLiteral("d_model 128 → 32"));
    // A Step: what was pending before it is a step of its own, what it holds is one.
    QVERIFY(!state.setSeqLen(40));
    {
        const UndoHistory::Step step(history, [] { return QStringLiteral("Open preset a.json"); });
        QVERIFY(!state.setDModel(64));
        QVERIFY(!state.setScale(2));
    }
    QCOMPARE(history.stack()->count(), 3);
    QCOMPARE(history.stack()->undoText(), QStringLiteral("Open preset a.json"));
    QCoreApplication::processEvents(); // the state's announcement: no further step
    QCOMPARE(history.stack()->count(), 3);
    history.stack()->undo();
    state.flush();
    QCOMPARE(state.params().dModel, 32);
    QCOMPARE(state.params().seqLen, 40);
}

void TestUndoHistory::sliderDragIsOneStep()
{
    MainWindow window;
    QSlider *slider = window.parameterPanel()->control(ParamField::DModel)->slider();
    QVERIFY(slider);
    const int before = window.state()->params().dModel;
    QUndoStack *stack = window.undoHistory()->stack();
    QCOMPARE(stack->count(), 0);
    slider->setSliderDown(true); // as a mouse press on the handle: sliderPressed()
    for (int i = 1; i <= 10; ++i) {
        slider->setSliderPosition(slider->sliderPosition() + 3);
        QCoreApplication::processEvents();
    }
    slider->setSliderDown(false);
    QCoreApplication::processEvents();
    const int after = window.state()->params().dModel;
    QVERIFY(after != before);
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("d_model %1 → %2").arg(before).arg(after));
    stack->undo();
    window.state()->flush();
    QCOMPARE(window.state()->params().dModel, before);
    QCOMPARE(window.parameterPanel()->control(ParamField::DModel)->value(), double(before));
}

void TestUndoHistory::windowKeysAndMenu()
{
    MainWindow window;
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QAction *undo = editAction(window, QKeySequence(Qt::CTRL | Qt::Key_Z));
    QAction *redo = editAction(window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    QVERIFY(undo);
    QVERIFY(redo);
    QVERIFY(!undo->isEnabled());
    const Scene first = window.state()->scene();
    QVERIFY(!window.state()->setDModel(512));
    window.state()->flush();
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo d_model 128 → 512"));
    window.setFocus();
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    window.state()->flush();
    QVERIFY(window.state()->scene() == first);
    QCOMPARE(redo->text(), QStringLiteral("&Redo d_model 128 → 512"));
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    window.state()->flush();
    QCOMPARE(window.state()->params().dModel, 512);
}

void TestUndoHistory::resetAllAndScenesAreNamedSteps()
{
    MainWindow window;
    QUndoStack *stack = window.undoHistory()->stack();
    QVERIFY(!window.state()->setDModel(40));
    QVERIFY(!window.state()->setScale(0.5));
    window.state()->flush();
    const Scene changed = window.state()->scene();
    window.animationBar()->resetAllAction()->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(stack->undoText(), QStringLiteral("Reset All"));
    QVERIFY(window.state()->scene() == Scene());
    stack->undo();
    window.state()->flush();
    QVERIFY(window.state()->scene() == changed);

    const QList<SceneEntry> &scenes = window.namedScenes();
    QVERIFY(!scenes.isEmpty());
    QString error;
    for (const SceneEntry &entry : scenes) {
        const Scene before = window.state()->scene();
        QVERIFY2(window.showNamedScene(entry.id, &error), qPrintable(error));
        QCoreApplication::processEvents();
        if (window.state()->scene() == before)
            continue; // this scene was the state already
        QCOMPARE(stack->undoText(), QStringLiteral("Scene: %1").arg(MainWindow::sceneTitle(entry.id)));
        stack->undo();
        window.state()->flush();
        QVERIFY(window.state()->scene() == before);
        stack->redo();
    }
}

void TestUndoHistory::presetModifiedStateFollows()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("lecture.json"));
    {
        MainWindow writer;
        QVERIFY(!writer.state()->setDModel(64));
        writer.state()->flush();
        QVERIFY(writer.savePreset(path));
    }
    MainWindow window;
    QUndoStack *stack = window.undoHistory()->stack();
    QVERIFY(!window.state()->setSeqLen(50));
    window.state()->flush();
    const Scene beforeOpen = window.state()->scene();
    QVERIFY(window.openPreset(path));
    QCoreApplication::processEvents();
    QCOMPARE(stack->undoText(), QStringLiteral("Open preset lecture.json"));
    QVERIFY(!window.isWindowModified());

    QVERIFY(!window.state()->setBase(500));
    window.state()->flush();
    QTRY_VERIFY(window.isWindowModified());
    stack->undo();
    window.state()->flush();
    QTRY_VERIFY(!window.isWindowModified()); // back to what the file holds
    stack->redo();
    window.state()->flush();
    QTRY_VERIFY(window.isWindowModified());
    stack->undo();
    stack->undo(); // before the preset: the state differs from the file
    window.state()->flush();
    QVERIFY(window.state()->scene() == beforeOpen);
    QTRY_VERIFY(window.isWindowModified());
    stack->redo();
    window.state()->flush();
    QTRY_VERIFY(!window.isWindowModified());
}

void TestUndoHistory::playbackIsOneStep()
{
    MainWindow window;
    QUndoStack *stack = window.undoHistory()->stack();
    AnimationBar *bar = window.animationBar();
    ParameterAnimator *pos = nullptr;
    for (ParameterAnimator *animator : bar->findChildren<ParameterAnimator *>()) {
        if (animator->target() == ParameterAnimator::Target::Position)
            pos = animator;
    }
    QVERIFY(pos);
    const double start = window.state()->params().position;
    pos->setPlaying(true);
    for (int i = 0; i < 4; ++i) {
        pos->tick();
        window.state()->flush();
    }
    pos->setPlaying(false);
    QCoreApplication::processEvents();
    QCOMPARE(window.state()->params().position, start + 4);
    QCOMPARE(stack->count(), 1);
    stack->undo();
    window.state()->flush();
    QCOMPARE(window.state()->params().position, start);
}

// The language menu replaces the window (every text comes from tr() at construction): the new
// window takes over the steps, named in the new language, and where the old one stood in them.
void TestUndoHistory::aChangeOfLanguageKeepsTheHistory()
{
    QVERIFY(Language::install(QStringLiteral("en")));
    auto english = std::make_unique<MainWindow>();
    QUndoStack *before = english->undoHistory()->stack();
    QVERIFY(!english->state()->setDModel(40));
    english->state()->flush();
    english->animationBar()->resetAllAction()->trigger();
    QCoreApplication::processEvents();
    QVERIFY(!english->state()->setScale(0.5));
    english->state()->flush();
    QCOMPARE(before->count(), 3);
    QCOMPARE(before->text(1), QStringLiteral("Reset All"));
    before->undo(); // scale 0.5 can be redone
    english->state()->flush();
    const Scene left = english->state()->scene();

    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    MainWindow chinese;
    chinese.continueFrom(*english);
    english.reset();
    QCoreApplication::processEvents(); // the state's announcements: no new step
    QUndoStack *after = chinese.undoHistory()->stack();
    QVERIFY(chinese.state()->scene() == left);
    QCOMPARE(after->count(), 3);
    QCOMPARE(after->index(), 2);
    QCOMPARE(after->undoText(), QStringLiteral("全部重置")); // the translation of "Reset All"
    QVERIFY2(after->redoText().contains(QStringLiteral("0.5")), qPrintable(after->redoText()));
    after->redo();
    chinese.state()->flush();
    QCOMPARE(chinese.state()->params().scale, 0.5);
    after->undo();
    after->undo();
    chinese.state()->flush();
    QCOMPARE(chinese.state()->params().dModel, 40);
    after->undo();
    chinese.state()->flush();
    QVERIFY(chinese.state()->scene() == Scene());
    QVERIFY(!after->canUndo());
}

QTEST_MAIN(TestUndoHistory)
#include "tst_undohistory.moc"

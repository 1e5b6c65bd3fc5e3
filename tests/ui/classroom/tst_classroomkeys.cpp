// SPDX-License-Identifier: GPL-3.0-or-later
// The classroom's keys and chrome: Space after "Show me" plays (the animation runs,
// pos advances) instead of replaying the lesson, while a text entry still types a space; Esc
// leaves presentation mode; presentation mode keeps the inspector one click (or Ctrl+I) away,
// makes the lesson text the largest text and shows a whole base; the first run puts the
// lessons in front with "Start with Lesson 1"; the scene box names the scene the state is.

#include "ui/classroom/lessonspanel.h"
#include "ui/window/presentationmode.h"
#include "ui/state/encodingstate.h"
#include "ui/export/preferences.h"
#include "ui/views/heatmap/heatmapview.h"
#include "ui/widgets/animationbar.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/window/mainwindow.h"
#include "ui/window/scenecontrols.h"
#include "window/dockfront.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace posenc;

namespace {
void activate(MainWindow &window)
{
    window.resize(1280, 800);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
}

std::unique_ptr<Preferences> preferencesAt(const QString &iniPath)
{
    return std::make_unique<Preferences>(std::make_unique<QSettings>(iniPath, QSettings::IniFormat));
}

} // namespace

class TestClassroomKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void spaceAfterShowMePlays()
    {
        MainWindow window;
        activate(window);
        window.lessonsDock()->show();
        window.lessonsDock()->raise();
        LessonsPanel *lessons = window.lessonsPanel();
        lessons->setCurrentLesson(0);
        QPushButton *showMe = lessons->showMeButton();
        QTest::mouseClick(showMe, Qt::LeftButton);
        window.state()->flush();
        QVERIFY(showMe->hasFocus()); // the click gave it the focus, as it does in class
        const double shown = window.state()->params().position;

        QTest::keyClick(showMe, Qt::Key_Right);
        QTest::keyClick(showMe, Qt::Key_Right);
        window.state()->flush();
        QCOMPARE(window.state()->params().position, shown + 2);

        ParameterAnimator *animator = window.animationBar()->positionAnimator();
        QTest::keyClick(showMe, Qt::Key_Space);
        window.state()->flush();
        QVERIFY(animator->isPlaying());
        // Not replayed: the lesson's scene would have put pos back.
        QCOMPARE(window.state()->params().position, shown + 2);
        // The animation runs: pos advances on the timer.
        QTRY_VERIFY(window.state()->params().position >= shown + 3);
        QTest::keyClick(showMe, Qt::Key_Space);
        QVERIFY(!animator->isPlaying());

        // Return still presses the focused button (Show me puts pos back).
        QTest::keyClick(showMe, Qt::Key_Return);
        QTRY_COMPARE(window.state()->params().position, shown);
    }

    void spaceInATextEntryTypesASpace()
    {
        MainWindow window;
        activate(window);
        QLineEdit *entry = window.parameterPanel()->control(ParamField::Base)->entry();
        entry->setFocus();
        entry->clear();
        QTest::keyClicks(entry, QStringLiteral("1 0"));
        QCOMPARE(entry->text(), QStringLiteral("1 0"));
        QVERIFY(!window.animationBar()->positionAnimator()->isPlaying());
    }

    void escLeavesPresentationMode()
    {
        MainWindow window;
        activate(window);
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(window.isPresentationMode());
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!window.isPresentationMode());
        QVERIFY(!window.presentationAction()->isChecked());
        // Outside presentation mode Esc does nothing to it.
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!window.isPresentationMode());
    }

    void presentationKeepsTheInspectorWithinReach()
    {
        MainWindow window;
        activate(window);
        QDockWidget *inspector = window.findChild<QDockWidget *>(QStringLiteral("InspectorDock"));
        QDockWidget *lessons = window.lessonsDock();
        lessons->show();
        window.setPresentationMode(true);
        QApplication::processEvents();
        QVERIFY(!lessons->isVisible() && !inspector->isVisible()); // the view has the screen
        QTest::keyClick(&window, Qt::Key_F6);
        QApplication::processEvents();
        QVERIFY(inFront(window, lessons));

        QVERIFY(window.showView(QStringLiteral("heatmap")));
        window.state()->flush();
        QApplication::processEvents();
        auto *view = qobject_cast<HeatmapView *>(window.view(QStringLiteral("heatmap")));
        QCustomPlot *plot = view->plot();
        const EncodingParams &p = window.state()->params();
        QTest::mouseClick(plot, Qt::LeftButton, {},
                          QPoint(int(plot->xAxis->coordToPixel(p.dModel / 4)),
                                 int(plot->yAxis->coordToPixel(p.start + p.seqLen / 3))));
        QApplication::processEvents();
        QVERIFY(inFront(window, inspector));
        QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::Key_L));
        QVERIFY(inFront(window, lessons));
        QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::Key_I));
        QVERIFY(inFront(window, inspector));
        window.setPresentationMode(false);
    }

    // A presenter's clicker: PageDown and PageUp go to the next and previous lesson and show
    // it, while presenting only (elsewhere they scroll).
    void pageKeysStepTheLessonsWhilePresenting()
    {
        MainWindow window;
        activate(window);
        LessonsPanel *lessons = window.lessonsPanel();
        const QList<SceneEntry> &all = lessons->lessons();
        QVERIFY(all.size() > 3);
        lessons->setCurrentLesson(1);
        QTest::keyClick(&window, Qt::Key_PageDown);
        QCOMPARE(lessons->currentLesson(), 1);
        window.setPresentationMode(true);
        QTest::keyClick(&window, Qt::Key_PageDown);
        QCOMPARE(lessons->currentLesson(), 2);
        QCOMPARE(window.currentView(), all.at(2).view);
        QTest::keyClick(&window, Qt::Key_PageDown);
        QCOMPARE(lessons->currentLesson(), 3);
        QCOMPARE(window.currentView(), all.at(3).view);
        QTest::keyClick(&window, Qt::Key_PageUp);
        QCOMPARE(lessons->currentLesson(), 2);
        QCOMPARE(window.currentView(), all.at(2).view);
        lessons->setCurrentLesson(int(all.size()) - 1);
        QTest::keyClick(&window, Qt::Key_PageDown); // the last stays the last
        QCOMPARE(lessons->currentLesson(), int(all.size()) - 1);
        window.setPresentationMode(false);
        QTest::keyClick(&window, Qt::Key_PageUp);
        QCOMPARE(lessons->currentLesson(), int(all.size()) - 1);
    }

    void lessonTextIsTheLargestInPresentation_data()
    {
        QTest::addColumn<int>("screenHeight");
        QTest::addColumn<int>("fontPixels");
        QTest::addColumn<int>("expected");
        QTest::newRow("1080p, 19 px interface") << 1080 << 19 << 24;
        QTest::newRow("720p, 19 px interface") << 720 << 19 << 24;
        QTest::newRow("720p, 12 px interface") << 720 << 12 << 16;
        QTest::newRow("2160p, 19 px interface") << 2160 << 19 << 48;
    }

    void lessonTextIsTheLargestInPresentation()
    {
        QFETCH(int, screenHeight);
        QFETCH(int, fontPixels);
        QFETCH(int, expected);
        QCOMPARE(PresentationMode::lessonTextPixelSize(screenHeight, fontPixels), expected);

        MainWindow window;
        activate(window);
        window.setPresentationMode(true);
        QTest::keyClick(&window, Qt::Key_F6);
        LessonsPanel *lessons = window.lessonsPanel();
        const int body = QFontInfo(lessons->text()->font()).pixelSize();
        QVERIFY2(body >= 24 * window.screen()->geometry().height() / 1080, qPrintable(QString::number(body)));
        QVERIFY(body > QFontInfo(QApplication::font()).pixelSize());
        // The list that cut a title in half gives way to a one-line picker.
        QVERIFY(!lessons->list()->isVisible());
        QVERIFY(lessons->picker()->isVisible());
        QCOMPARE(lessons->picker()->count(), lessons->lessons().size());
        lessons->picker()->setCurrentIndex(3);
        Q_EMIT lessons->picker()->activated(3);
        QCOMPARE(lessons->currentLesson(), 3);
        window.setPresentationMode(false);
        QVERIFY(lessons->list()->isVisible());
        QVERIFY(!lessons->picker()->isVisible());
        QCOMPARE(lessons->text()->font(), QApplication::font());
    }

    void presentationShowsAWholeBase()
    {
        MainWindow window;
        activate(window);
        QVERIFY(!window.state()->setBase(100000000));
        window.state()->flush();
        window.setPresentationMode(true);
        QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::Key_P)); // the parameters back
        QApplication::processEvents();
        QLineEdit *entry = window.parameterPanel()->control(ParamField::Base)->entry();
        QTRY_VERIFY(entry->isVisible());
        QCOMPARE(entry->text(), QStringLiteral("100000000"));
        const int needed = entry->fontMetrics().horizontalAdvance(entry->text());
        QVERIFY2(entry->width() - 2 * entry->fontMetrics().averageCharWidth() >= needed,
                 qPrintable(QStringLiteral("%1 < %2").arg(entry->width()).arg(needed)));
        window.setPresentationMode(false);
    }

    void firstRunPutsTheLessonsInFront()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("posenc-lab.ini"));
        {
            const auto preferences = preferencesAt(ini);
            MainWindow window(preferences.get());
            activate(window);
            QVERIFY(inFront(window, window.lessonsDock()));
            LessonsPanel *lessons = window.lessonsPanel();
            QVERIFY(lessons->isWelcomeShown());
            QPushButton *start = lessons->startButton();
            QVERIFY(start->isVisible());
            QVERIFY(start->text().contains(QStringLiteral("1")));
            QVERIFY(!window.state()->setDModel(16));
            lessons->setCurrentLesson(4);
            QTest::mouseClick(start, Qt::LeftButton);
            window.state()->flush();
            QCOMPARE(lessons->currentLesson(), 0);
            QCOMPARE(window.currentView(), lessons->lessons().constFirst().view);
            QVERIFY(!lessons->isWelcomeShown());
            window.close();
        }
        // The second run starts as the first one ended, without the welcome.
        const auto preferences = preferencesAt(ini);
        MainWindow window(preferences.get());
        QVERIFY(!window.lessonsPanel()->isWelcomeShown());
    }

    void sceneBoxNamesTheCurrentScene()
    {
        MainWindow window;
        QComboBox *box = window.sceneBox();
        QVERIFY(window.showNamedScene(QStringLiteral("seed-figure")));
        window.state()->flush();
        QCOMPARE(box->currentData().toString(), QStringLiteral("seed-figure"));
        // One parameter moved by hand: no scene is showing any more, and the box says so.
        QVERIFY(!window.state()->setDModel(64));
        window.state()->flush();
        QCOMPARE(box->currentIndex(), 0);
        QVERIFY(box->currentData().toString().isEmpty());
        // Back to the scene's number by hand: the box knows the scene again.
        QVERIFY(!window.state()->setDModel(128));
        window.state()->flush();
        QCOMPARE(box->currentData().toString(), QStringLiteral("seed-figure"));
        for (const SceneEntry &entry : window.namedScenes()) {
            QVERIFY(window.showNamedScene(entry.id));
            window.state()->flush();
            QCOMPARE(box->currentData().toString(), entry.id);
        }
        // A scene is its view as well: with another view in front the box names no scene,
        // and with the scene's view in front again it names it again.
        QVERIFY(window.showNamedScene(QStringLiteral("hourly-weekly")));
        window.state()->flush();
        QCOMPARE(window.currentView(), QStringLiteral("temporal"));
        QVERIFY(window.showView(QStringLiteral("rotation")));
        QVERIFY2(box->currentData().toString().isEmpty(), qPrintable(box->currentText()));
        QVERIFY(window.showView(QStringLiteral("temporal")));
        QCOMPARE(box->currentData().toString(), QStringLiteral("hourly-weekly"));
    }

    // At first launch the state is the defaults, which are also a temporal scene's numbers:
    // the box names no scene that is not on screen.
    void firstWindowNamesOnlyWhatIsShown()
    {
        MainWindow window;
        QComboBox *box = window.sceneBox();
        const QString shown = box->currentData().toString();
        if (!shown.isEmpty()) {
            for (const SceneEntry &entry : window.namedScenes()) {
                if (entry.id == shown)
                    QVERIFY2(entry.view.isEmpty() || entry.view == window.currentView(),
                             qPrintable(shown + QStringLiteral(" names ") + entry.view));
            }
        }
        QVERIFY(box->currentText() != SceneControls::title(QStringLiteral("hourly-weekly")));
    }
};

QTEST_MAIN(TestClassroomKeys)
#include "tst_classroomkeys.moc"

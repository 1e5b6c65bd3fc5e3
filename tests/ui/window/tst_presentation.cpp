// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode (F5) enlarges the application font and every plot's fonts and lines by
// the stated factors, keeps them enlarged (once) through a recompute, puts the inspector behind the lesson,
// the status bar and the advanced rows, and leaving puts every original back exactly. The
// keyboard help (F1) lists the window's shortcuts; new controls are keyboard-reachable and
// named.

#include "ui/widgets/animationbar.h"
#include "ui/state/encodingstate.h"
#include "ui/window/keyboardhelp.h"
#include "ui/classroom/lessonspanel.h"
#include "ui/window/presentationmode.h"
#include "ui/window/mainwindow.h"
#include "ui/window/viewpages.h"
#include "ui/window/windowlayout.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/export/preferences.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace posenc;

namespace {
QCustomPlot *curvesPlot(MainWindow &window)
{
    return window.view(QStringLiteral("curves"))->findChild<QCustomPlot *>();
}

std::unique_ptr<Preferences> preferencesAt(const QString &iniPath)
{
    return std::make_unique<Preferences>(std::make_unique<QSettings>(iniPath, QSettings::IniFormat));
}

// Whether the Lessons dock's tab is the current one of its tab group.
bool lessonsTabInFront(MainWindow &window)
{
    for (QTabBar *bar : window.findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->isVisible() && bar->tabText(i) == window.lessonsDock()->windowTitle())
                return bar->currentIndex() == i;
        }
    }
    return false;
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}
} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void enlargesAndRestoresExactly()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.showView(QStringLiteral("curves"));
        window.state()->flush();

        QCustomPlot *plot = curvesPlot(window);
        QVERIFY(plot);
        QVERIFY(plot->graphCount() > 0);
        const QFont appFont = QApplication::font();
        const QPalette palette = QApplication::palette();
        const QFont tickFont = plot->xAxis->tickLabelFont();
        const QFont labelFont = plot->xAxis->labelFont();
        const QPen graphPen = plot->graph(0)->pen();
        const QPen axisPen = plot->xAxis->basePen();
        QVERIFY(tickFont.pointSizeF() > 0);

        window.lessonsDock()->show();
        window.lessonsDock()->raise();
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(window.isPresentationMode());
        // The view has the screen: every dock goes.
        for (QDockWidget *dock : window.findChildren<QDockWidget *>())
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
        QVERIFY(window.presentationAction()->isChecked());
        const double f = PresentationMode::fontFactor(window.screen()->geometry().height());
        QVERIFY(close(QApplication::font().pointSizeF(), appFont.pointSizeF() * f));
        QVERIFY(close(plot->xAxis->tickLabelFont().pointSizeF(), tickFont.pointSizeF() * f));
        QVERIFY(close(plot->xAxis->labelFont().pointSizeF(), labelFont.pointSizeF() * f));
        QVERIFY(close(plot->graph(0)->pen().widthF(),
                      std::max(graphPen.widthF(), 1.0) * MainWindow::kPresentationLineFactor));
        QVERIFY(plot->xAxis->basePen().widthF() > axisPen.widthF());
        QCOMPARE(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        // F6 brings the lesson back beside the view, in front of the inspector's place, and
        // takes it away again.
        auto *inspector = window.findChild<QDockWidget *>(QStringLiteral("InspectorDock"));
        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_VERIFY(window.lessonsDock()->isVisible());
        QVERIFY(window.tabifiedDockWidgets(window.lessonsDock()).contains(inspector));
        QVERIFY(lessonsTabInFront(window));
        QTest::keyClick(&window, Qt::Key_F6);
        QVERIFY(!window.lessonsDock()->isVisible());
        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_VERIFY(window.lessonsDock()->isVisible());
        QVERIFY(window.statusBar()->isHidden());
        // Every parameter stays within reach, the conventions too (a lesson switches layout).
        QVERIFY(!window.parameterPanel()->control(ParamField::Start)->isHidden());
        QVERIFY(!window.parameterPanel()->layoutBox()->parentWidget()->isHidden());
        QVERIFY(!window.parameterPanel()->control(ParamField::DModel)->isHidden());
        QVERIFY(window.windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen));

        // A recompute restyles the plot; it stays enlarged, and only once.
        QVERIFY(!window.state()->setDModel(64));
        window.state()->changeScene([](Scene &scene) { scene.dimensions = {0, 1, 2, 3, 4, 5, 6, 7}; });
        window.state()->flush();
        QCoreApplication::processEvents();
        QVERIFY(close(plot->xAxis->tickLabelFont().pointSizeF(), tickFont.pointSizeF() * f));
        for (int i = 0; i < plot->graphCount(); ++i) {
            if (plot->graph(i)->pen().style() != Qt::NoPen)
                QVERIFY(plot->graph(i)->pen().widthF() >= 2.0);
        }
        QVERIFY(close(plot->graph(0)->pen().widthF(),
                      std::max(graphPen.widthF(), 1.0) * MainWindow::kPresentationLineFactor));

        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(!window.isPresentationMode());
        QCOMPARE(QApplication::font(), appFont);
        QCOMPARE(QApplication::palette(), palette);
        QCOMPARE(plot->xAxis->tickLabelFont(), tickFont);
        QCOMPARE(plot->xAxis->labelFont(), labelFont);
        QCOMPARE(plot->graph(0)->pen(), graphPen);
        QCOMPARE(plot->xAxis->basePen(), axisPen);
        QVERIFY(!window.findChild<QDockWidget *>(QStringLiteral("InspectorDock"))->isHidden());
        QVERIFY(!window.statusBar()->isHidden());
        QVERIFY(!window.parameterPanel()->control(ParamField::Start)->isHidden());
        QVERIFY(!(window.windowState() & Qt::WindowFullScreen));
    }

    // Presentation mode entered before the window was ever shown (what a rebuild
    // for another language, or a start straight into presentation mode, does) keeps the
    // Lessons dock on screen, and leaving it gives back both docks. With preferences, the
    // docks come from restoreState() first.
    // On a narrow screen a dock called back while presenting (F6: the lesson) takes the list's
    // column: a one-line picker above the view then names the view in front and reaches the
    // others, and the list comes back with the view's width when the dock goes.
    void narrowScreenTradesTheListForAPicker()
    {
        MainWindow window;
        window.resize(800, 600);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(WindowLayout::isCompact(window.screen()->availableGeometry()));
        window.showView(QStringLiteral("training"));
        auto *picker = window.findChild<QComboBox *>(QStringLiteral("ViewPicker"));
        auto *list = window.findChild<QWidget *>(QStringLiteral("ViewColumn"));
        QVERIFY(picker && list);
        QVERIFY(picker->isHidden() && list->isVisible());
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(window.isPresentationMode());
        QVERIFY(picker->isHidden() && list->isVisible()); // no dock: the list keeps its column

        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_VERIFY(window.lessonsDock()->isVisible());
        QTRY_VERIFY(picker->isVisible());
        QVERIFY(!list->isVisible());
        QCOMPARE(picker->currentData().toString(), QStringLiteral("training"));
        QVERIFY2(picker->currentText().startsWith(ViewPages::plainTitle(QStringLiteral("training"))),
                 qPrintable(picker->currentText()));
        // A view chosen in the picker comes to the front; one chosen otherwise shows in it.
        const int heatmap = picker->findData(QStringLiteral("heatmap"));
        QVERIFY(heatmap >= 0);
        picker->setCurrentIndex(heatmap);
        Q_EMIT picker->activated(heatmap);
        QCOMPARE(window.currentView(), QStringLiteral("heatmap"));
        QVERIFY(window.showView(QStringLiteral("rotation")));
        QCOMPARE(picker->currentData().toString(), QStringLiteral("rotation"));

        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_VERIFY(list->isVisible());
        QVERIFY(picker->isHidden());
        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_VERIFY(picker->isVisible());
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(!window.isPresentationMode());
        QTRY_VERIFY(list->isVisible());
        QVERIFY(picker->isHidden());
    }

    void lessonsDockSurvivesPresentationBeforeShow_data()
    {
        QTest::addColumn<bool>("withPreferences");
        QTest::addColumn<bool>("lessonsInFront");
        QTest::newRow("no preferences") << false << false;
        QTest::newRow("restored, inspector in front") << true << false;
        QTest::newRow("restored, lessons in front") << true << true;
    }

    void lessonsDockSurvivesPresentationBeforeShow()
    {
        QFETCH(bool, withPreferences);
        QFETCH(bool, lessonsInFront);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::unique_ptr<Preferences> preferences;
        if (withPreferences) {
            preferences = preferencesAt(dir.filePath(QStringLiteral("p.ini")));
            MainWindow first(preferences.get());
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            if (lessonsInFront)
                first.lessonsDock()->raise();
            QVERIFY(first.close());
        }
        MainWindow window(preferences.get());
        window.presentationAction()->trigger();
        QVERIFY(window.isPresentationMode());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *inspector = window.findChild<QDockWidget *>(QStringLiteral("InspectorDock"));
        QVERIFY(!window.lessonsDock()->isVisible());
        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_VERIFY(window.lessonsDock()->isVisible());
        QVERIFY(window.rect().contains(window.lessonsDock()->geometry()));
        QVERIFY(window.lessonsDock()->width() > 100);
        QTRY_VERIFY(lessonsTabInFront(window)); // the inspector behind the lesson

        window.presentationAction()->trigger();
        QVERIFY(!window.isPresentationMode());
        QTRY_VERIFY(!inspector->isHidden() && inspector->isVisible());
        QVERIFY(!window.lessonsDock()->isHidden());
    }

    // Closing the window in presentation mode saves the normal session (inspector, window
    // size) and gives back the application's font and palette, so the next window (after a
    // restart, or rebuilt for another language) does not start enlarged or without its
    // inspector.
    void closingInPresentationKeepsTheNormalSession()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ini = dir.filePath(QStringLiteral("p.ini"));
        const QFont appFont = QApplication::font();
        const QPalette palette = QApplication::palette();
        {
            const auto preferences = preferencesAt(ini);
            MainWindow window(preferences.get());
            window.resize(1000, 700);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.setPresentationMode(true);
            QVERIFY(QApplication::font() != appFont);
            QVERIFY(window.close());
        }
        QCOMPARE(QApplication::font(), appFont);
        QCOMPARE(QApplication::palette(), palette);
        const auto preferences = preferencesAt(ini);
        MainWindow window(preferences.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.findChild<QDockWidget *>(QStringLiteral("InspectorDock"))->isHidden());
        QVERIFY(!(window.windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)));
        QCOMPARE(window.size(), QSize(1000, 700));
    }

    // Switching the language rebuilds the window (app/main.cpp); the new one continues the
    // session, presentation mode included, and enlarges the normal font once, not twice.
    void rebuiltWindowContinuesTheSession()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QFont appFont = QApplication::font();
        auto previous = std::make_unique<MainWindow>();
        QVERIFY(!previous->state()->setDModel(48));
        TemporalParams temporal;
        temporal.periods = {7, 365};
        temporal.steps = 50;
        QVERIFY(!previous->state()->changeScene([&](Scene &scene) { scene.temporal = temporal; }));
        previous->state()->changeScene([](Scene &scene) { scene.rotationPair = 3; });
        previous->state()->changeScene([](Scene &scene) { scene.cosine = true; });
        previous->state()->flush();
        const QString preset = dir.filePath(QStringLiteral("lesson.json"));
        QVERIFY(previous->savePreset(preset));
        QVERIFY(!previous->state()->setScale(0.7)); // changed since it was saved
        previous->state()->flush();
        previous->closeView(QStringLiteral("spectrum"));
        QVERIFY(previous->showView(QStringLiteral("similarity")));
        previous->show();
        QVERIFY(QTest::qWaitForWindowExposed(previous.get()));
        previous->setPresentationMode(true);

        MainWindow window;
        window.continueFrom(*previous);
        QCOMPARE(window.currentPreset(), previous->currentPreset());
        QCOMPARE(window.state()->temporal().periods, temporal.periods);
        QCOMPARE(window.state()->rotationPair(), 3);
        QVERIFY(window.state()->cosineSimilarity());
        QCOMPARE(window.openViews(), previous->openViews());
        QCOMPARE(window.currentView(), QStringLiteral("similarity"));
        QCOMPARE(window.presetPath(), preset);
        QCOMPARE(window.recentPresets(), QStringList{preset});
        QVERIFY(window.isWindowModified());
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("lesson.json")));
        QVERIFY(window.isPresentationMode());
        QVERIFY(!previous->isPresentationMode());
        QVERIFY(close(QApplication::font().pointSizeF(), appFont.pointSizeF() * PresentationMode::fontFactor(window.screen()->geometry().height())));
        previous.reset();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setPresentationMode(false);
        QCOMPARE(QApplication::font(), appFont);
    }

    void everyPlotIsEnlarged()
    {
        MainWindow window;
        window.show();
        QHash<QCPAxis *, double> before;
        const QList<QCustomPlot *> plots = window.findChildren<QCustomPlot *>();
        QVERIFY(plots.size() >= 6);
        for (QCustomPlot *plot : plots) {
            for (QCPAxis *axis : plot->findChildren<QCPAxis *>())
                before.insert(axis, axis->tickLabelFont().pointSizeF());
        }
        window.setPresentationMode(true);
        for (auto it = before.cbegin(); it != before.cend(); ++it)
            QVERIFY(close(it.key()->tickLabelFont().pointSizeF(),
                          it.value() * PresentationMode::fontFactor(window.screen()->geometry().height())));
        window.setPresentationMode(false);
        for (auto it = before.cbegin(); it != before.cend(); ++it)
            QCOMPARE(it.key()->tickLabelFont().pointSizeF(), it.value());
    }

    void keyboardHelpListsTheShortcuts()
    {
        MainWindow window;
        const QList<KeyboardHelp::Shortcut> shortcuts = KeyboardHelp::shortcuts(&window);
        auto keysOf = [&shortcuts](const QString &action) {
            for (const KeyboardHelp::Shortcut &s : shortcuts) {
                if (s.action == action)
                    return s.keys;
            }
            return QString();
        };
        QCOMPARE(keysOf(QStringLiteral("Presentation mode")), QStringLiteral("F5"));
        QCOMPARE(keysOf(QStringLiteral("Play/pause pos")), QStringLiteral("Space"));
        QCOMPARE(keysOf(QStringLiteral("Play/pause k")), QStringLiteral("Shift+Space"));
        QCOMPARE(keysOf(QStringLiteral("Step pos forward")), QStringLiteral("Right"));
        QCOMPARE(keysOf(QStringLiteral("Step k back")), QStringLiteral("Shift+Left"));
        QCOMPARE(keysOf(QStringLiteral("Reset All")), QStringLiteral("Ctrl+R"));
        QCOMPARE(keysOf(QStringLiteral("Lessons")), QStringLiteral("Ctrl+L"));
        QCOMPARE(keysOf(QStringLiteral("Keyboard shortcuts")), QStringLiteral("F1"));
        QCOMPARE(keysOf(QStringLiteral("Heatmap")), QStringLiteral("Ctrl+1"));

        // A new action appears without anyone updating a list.
        auto *extra = new QAction(QStringLiteral("Something new"), &window);
        extra->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_J));
        window.addAction(extra);
        QCOMPARE(KeyboardHelp(&window).table()->rowCount(), shortcuts.size() + 1);

        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_F1);
        auto *help = window.findChild<KeyboardHelp *>();
        QVERIFY(help);
        QVERIFY(help->isVisible());
        QStringList keys;
        for (int row = 0; row < help->table()->rowCount(); ++row)
            keys << help->table()->item(row, 0)->text();
        QVERIFY(keys.contains(QStringLiteral("F5")));
        QVERIFY(keys.contains(QStringLiteral("Space")));
        help->close();
    }

    void newControlsAreReachableAndNamed()
    {
        MainWindow window;
        QList<QWidget *> widgets{window.lessonsPanel()->list(), window.lessonsPanel()->showMeButton(),
                                 window.sceneBox(), window.animationBar()->positionSpeedBox(),
                                 window.animationBar()->offsetSpeedBox()};
        for (QAbstractButton *button : window.lessonsPanel()->findChildren<QPushButton *>())
            widgets << button;
        for (QWidget *widget : std::as_const(widgets)) {
            QVERIFY2(widget->focusPolicy() & Qt::TabFocus, qPrintable(widget->accessibleName()));
            QVERIFY2(!widget->accessibleName().isEmpty(), widget->metaObject()->className());
        }
        for (QToolButton *button : window.animationBar()->findChildren<QToolButton *>()) {
            if (button->defaultAction())
                QVERIFY2(!button->accessibleName().isEmpty(),
                         qPrintable(button->defaultAction()->text()));
        }
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"

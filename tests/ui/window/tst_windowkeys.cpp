// SPDX-License-Identifier: GPL-3.0-or-later
// The keys and the docks do what they say: each view's own shortcut (from its
// descriptor) goes to it, opening a closed one and never closing an open one; with every view
// closed the centre says how to open one; Ctrl+L and Ctrl+I bring their panel forward (opening
// it if closed) and a click on a cell brings a hidden-behind Inspector forward; the list of
// views names every view whole; each view has its caption; the first window fits its screen.

#include "ui/state/encodingstate.h"
#include "ui/views/heatmap/heatmapview.h"
#include "ui/views/training/trainingview.h"
#include "ui/widgets/animationbar.h"
#include "ui/window/keyboardhelp.h"
#include "ui/window/undohistory.h"
#include "ui/views/viewregistry.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"
#include "window/dockfront.h"
#include "ui/window/windowlayout.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

using namespace posenc;

Q_DECLARE_METATYPE(QRect)

namespace {
int countViewItems(const QTreeWidget *list)
{
    int count = 0;
    for (const QTreeWidgetItem *item : list->findItems(QStringLiteral("*"), Qt::MatchWildcard | Qt::MatchRecursive))
        count += item->data(0, Qt::UserRole).toString().isEmpty() ? 0 : 1;
    return count;
}

QTreeWidget *viewListOf(MainWindow &window)
{
    return window.centralWidget()->findChild<QTreeWidget *>(QStringLiteral("ViewList"));
}

QDockWidget *dock(MainWindow &window, const char *name)
{
    return window.findChild<QDockWidget *>(QString::fromLatin1(name));
}

void activate(MainWindow &window)
{
    window.resize(1280, 800);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
}

void press(MainWindow &window, const QKeySequence &keys)
{
    QTest::keySequence(&window, keys);
    QApplication::processEvents();
}
} // namespace

class TestWindowKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { Language::install(QStringLiteral("en")); }

    void viewKeyGoesToTheView_data()
    {
        QTest::addColumn<QString>("id");
        for (const ViewDescriptor *view : ViewRegistry::all())
            QTest::newRow(qPrintable(view->id)) << view->id;
    }

    void viewKeyGoesToTheView()
    {
        QFETCH(QString, id);
        MainWindow window;
        activate(window);
        const QKeySequence key = ViewRegistry::find(id)->shortcut;
        QVERIFY(!key.isEmpty());
        const QStringList all = MainWindow::viewNames();
        // Twice: open and in front both times, nothing closed.
        press(window, key);
        QCOMPARE(window.currentView(), id);
        press(window, key);
        QCOMPARE(window.currentView(), id);
        QCOMPARE(window.openViews(), all);
        // Closed (Ctrl+W), the key opens it again and brings it to the front.
        press(window, QKeySequence(Qt::CTRL | Qt::Key_W));
        QVERIFY(!window.openViews().contains(id));
        press(window, key);
        QVERIFY(window.openViews().contains(id));
        QCOMPARE(window.currentView(), id);
        QCOMPARE(window.openViews().size(), all.size());
    }

    // A view's key is its own: no other action of the window answers it (Qt would call the
    // key ambiguous and do nothing).
    void viewKeyIsNoOtherAction_data() { viewKeyGoesToTheView_data(); }
    void viewKeyIsNoOtherAction()
    {
        QFETCH(QString, id);
        MainWindow window;
        const QKeySequence key = ViewRegistry::find(id)->shortcut;
        QStringList holders;
        for (const QAction *action : window.findChildren<QAction *>()) {
            if (action->shortcuts().contains(key))
                holders << action->text();
        }
        QVERIFY2(holders.size() == 1, qPrintable(key.toString() + QStringLiteral(": ") + holders.join(QStringLiteral(", "))));
    }

    // Space, Left and Right act on the view in front: pos (and with Shift k) where the view
    // shows it; elsewhere they change nothing and leave no undo step; the training lab's
    // Space plays its run and Right steps it.
    void playKeysActOnTheViewInFront_data()
    {
        QTest::addColumn<QString>("id");
        for (const ViewDescriptor *view : ViewRegistry::all())
            QTest::newRow(qPrintable(view->id)) << view->id;
    }

    void playKeysActOnTheViewInFront()
    {
        QFETCH(QString, id);
        const ViewDescriptor *descriptor = ViewRegistry::find(id);
        MainWindow window;
        activate(window);
        QVERIFY(window.showView(id));
        window.state()->flush();
        window.centralWidget()->setFocus();
        const EncodingParams before = window.state()->params();
        const int steps = window.undoHistory()->stack()->count();

        press(window, QKeySequence(Qt::Key_Right));
        window.state()->flush();
        QCOMPARE(window.state()->params().position, before.position + (descriptor->showsPosition ? 1 : 0));
        press(window, QKeySequence(Qt::SHIFT | Qt::Key_Right));
        window.state()->flush();
        QCOMPARE(window.state()->params().offset, before.offset + (descriptor->showsOffset ? 1 : 0));
        const int changes = (descriptor->showsPosition ? 1 : 0) + (descriptor->showsOffset ? 1 : 0);
        if (changes == 0)
            QCOMPARE(window.undoHistory()->stack()->count(), steps);
        QCOMPARE(window.animationBar()->playPositionAction()->isEnabled(), descriptor->showsPosition);
        QCOMPARE(window.animationBar()->playOffsetAction()->isEnabled(), descriptor->showsOffset);

        press(window, QKeySequence(Qt::Key_Space));
        QCOMPARE(window.animationBar()->positionAnimator()->isPlaying(), descriptor->showsPosition);
        if (auto *training = qobject_cast<TrainingView *>(window.view(id))) {
            QVERIFY(training->playButton()->isChecked()); // Space plays the run
            press(window, QKeySequence(Qt::Key_Space));
            QVERIFY(!training->playButton()->isChecked());
        }
        window.animationBar()->positionAnimator()->setPlaying(false);
        // F1 lists the keys that act here.
        const QString space = QKeySequence(Qt::Key_Space).toString(QKeySequence::NativeText);
        int spaces = 0;
        for (const KeyboardHelp::Shortcut &shortcut : KeyboardHelp::shortcuts(&window))
            spaces += shortcut.keys == space ? 1 : 0;
        QCOMPARE(spaces, (descriptor->showsPosition || descriptor->addPlayKeys) ? 1 : 0);
    }

    void everyViewClosedShowsHowToOpenOne()
    {
        MainWindow window;
        activate(window);
        auto *hint = window.findChild<QLabel *>(QStringLiteral("EmptyViewsHint"));
        QVERIFY(hint);
        QVERIFY(!hint->isVisible());
        for (const QString &name : MainWindow::viewNames())
            window.closeView(name);
        QVERIFY(window.openViews().isEmpty());
        QVERIFY(hint->isVisible());
        const QString first = ViewRegistry::all().constFirst()->shortcut.toString(QKeySequence::NativeText);
        QVERIFY2(hint->text().contains(first), qPrintable(hint->text()));
        // It covers the place of the views, not a corner of it.
        QCOMPARE(hint->geometry(), window.centralWidget()->findChild<QStackedWidget *>(QStringLiteral("ViewPages"))->rect());
        // The list still names every view, the closed ones greyed.
        QCOMPARE(countViewItems(viewListOf(window)), MainWindow::viewNames().size());
        press(window, ViewRegistry::all().constFirst()->shortcut);
        QCOMPARE(window.openViews().size(), 1);
        QVERIFY(!hint->isVisible());
    }

    void panelKeysBringThePanelForward_data()
    {
        QTest::addColumn<QKeySequence>("key");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("other");
        QTest::newRow("Ctrl+L") << QKeySequence(Qt::CTRL | Qt::Key_L) << QStringLiteral("LessonsDock")
                                << QStringLiteral("InspectorDock");
        QTest::newRow("Ctrl+I") << QKeySequence(Qt::CTRL | Qt::Key_I) << QStringLiteral("InspectorDock")
                                << QStringLiteral("LessonsDock");
    }

    void panelKeysBringThePanelForward()
    {
        QFETCH(QKeySequence, key);
        QFETCH(QString, target);
        QFETCH(QString, other);
        MainWindow window;
        activate(window);
        QDockWidget *panel = dock(window, target.toLatin1().constData());
        QDockWidget *rival = dock(window, other.toLatin1().constData());
        QVERIFY(window.tabifiedDockWidgets(panel).contains(rival));
        rival->raise();
        QApplication::processEvents();
        QVERIFY(inFront(window, rival));
        QVERIFY(!inFront(window, panel));

        press(window, key);
        QVERIFY(inFront(window, panel));
        QVERIFY(!inFront(window, rival));
        // Again: it stays in front (a toggle would have hidden it).
        press(window, key);
        QVERIFY(inFront(window, panel));
        QVERIFY(!panel->isHidden());

        // Closed with its button, the key opens it, in front.
        panel->close();
        QApplication::processEvents();
        QVERIFY(panel->isHidden());
        press(window, key);
        QVERIFY(!panel->isHidden());
        QVERIFY(inFront(window, panel));
    }

    void cellClickBringsTheInspectorForward()
    {
        MainWindow window;
        activate(window);
        QDockWidget *inspector = dock(window, "InspectorDock");
        QDockWidget *lessons = dock(window, "LessonsDock");
        press(window, QKeySequence(Qt::CTRL | Qt::Key_L));
        QVERIFY(inFront(window, lessons));
        QVERIFY(!inFront(window, inspector));
        QVERIFY(window.showView(QStringLiteral("heatmap")));
        window.state()->flush();
        QApplication::processEvents();
        auto *view = qobject_cast<HeatmapView *>(window.view(QStringLiteral("heatmap")));
        QVERIFY(view);
        QCustomPlot *plot = view->plot();
        const EncodingParams &p = window.state()->params();
        const QPoint pixel(int(plot->xAxis->coordToPixel(p.dModel / 3)),
                           int(plot->yAxis->coordToPixel(p.start + p.seqLen / 2)));
        QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
        QCOMPARE(window.state()->inspection().kind, Inspection::Kind::Cell);
        QApplication::processEvents();
        QVERIFY(inFront(window, inspector));
        QVERIFY(!inFront(window, lessons));

        // A closed Inspector stays closed (the user closed it).
        inspector->close();
        press(window, QKeySequence(Qt::CTRL | Qt::Key_L));
        QTest::mouseClick(plot, Qt::LeftButton, {}, pixel + QPoint(0, 20));
        QApplication::processEvents();
        QVERIFY(inspector->isHidden());
        QVERIFY(inFront(window, lessons));
    }

    // Every view by its whole title, in the list on the left, at a projector's and the first
    // launch's sizes, in both languages, in and out of presentation mode: no title elided or
    // cut, none scrolled out of sight, the shortcut beside each.
    void listShowsEveryTitleWhole_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("present");
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            for (const bool present : {false, true}) {
                const QString mode = present ? QStringLiteral(" presenting") : QString();
                QTest::addRow("1280x720 %s%s", qPrintable(language), qPrintable(mode))
                    << QSize(1264, 672) << language << present;
                QTest::addRow("1280x800 %s%s", qPrintable(language), qPrintable(mode))
                    << QSize(1280, 800) << language << present;
            }
        }
    }

    void listShowsEveryTitleWhole()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(bool, present);
        QVERIFY(Language::install(language));
        MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (present) {
            window.setPresentationMode(true);
            window.setWindowState(Qt::WindowNoState); // offscreen "full screen" is small
            window.resize(size);
        }
        QApplication::processEvents();
        QTreeWidget *list = viewListOf(window);
        QVERIFY(list && list->isVisible());
        // The list as wide as its titles once the window is laid out again.
        QTRY_COMPARE(list->parentWidget()->width(), list->parentWidget()->maximumWidth());
        QCOMPARE(countViewItems(list), MainWindow::viewNames().size());
        const QRect viewport = list->viewport()->rect();
        for (const QString &id : MainWindow::viewNames()) {
            const QList<QTreeWidgetItem *> found = list->findItems(QStringLiteral("*"), Qt::MatchWildcard | Qt::MatchRecursive);
            const QTreeWidgetItem *item = nullptr;
            for (const QTreeWidgetItem *candidate : found) {
                if (candidate->data(0, Qt::UserRole).toString() == id)
                    item = candidate;
            }
            QVERIFY2(item, qPrintable(id));
            const QString title = item->text(0);
            QVERIFY2(!title.contains(QChar(0x2026)) && !title.contains(QLatin1Char('&')), qPrintable(title));
            if (language == QLatin1String("zh_CN"))
                QVERIFY2(title.contains(QRegularExpression(QStringLiteral("\\p{Han}"))), qPrintable(title));
            const QRect name = list->visualItemRect(item);
            QVERIFY2(viewport.contains(name), qPrintable(QStringLiteral("%1: %2,%3 %4x%5 outside %6x%7 (%8 + %9)").arg(title).arg(name.x()).arg(name.y()).arg(name.width()).arg(name.height()).arg(viewport.width()).arg(viewport.height()).arg(list->columnWidth(0)).arg(list->columnWidth(1))));
            const int needed = QFontMetrics(item->font(0)).horizontalAdvance(title);
            QVERIFY2(list->columnWidth(0) - list->indentation() >= needed,
                     qPrintable(QStringLiteral("%1: %2 px for %3").arg(title).arg(list->columnWidth(0)).arg(needed)));
            const QString shortcut = ViewRegistry::find(id)->shortcut.toString(QKeySequence::NativeText);
            QCOMPARE(item->text(1), shortcut);
            QVERIFY2(list->columnWidth(1) >= QFontMetrics(item->font(1)).horizontalAdvance(shortcut), qPrintable(shortcut));
        }
        // Selecting an entry brings its view to the front.
        const QString last = MainWindow::viewNames().constLast();
        for (QTreeWidgetItem *item : list->findItems(QStringLiteral("*"), Qt::MatchWildcard | Qt::MatchRecursive)) {
            if (item->data(0, Qt::UserRole).toString() == last)
                list->setCurrentItem(item);
        }
        QCOMPARE(window.currentView(), last);
        Language::install(QStringLiteral("en"));
    }

    void everyViewHasItsCaption_data()
    {
        QTest::addColumn<QString>("id");
        for (const ViewDescriptor *view : ViewRegistry::all())
            QTest::newRow(qPrintable(view->id)) << view->id;
    }

    void everyViewHasItsCaption()
    {
        QFETCH(QString, id);
        const ViewDescriptor *descriptor = ViewRegistry::find(id);
        QVERIFY(descriptor->caption);
        const QString text = descriptor->caption();
        QVERIFY(!text.isEmpty());
        QVERIFY2(text.size() < 140, qPrintable(text)); // one line, not a paragraph
        MainWindow window;
        activate(window);
        QVERIFY(window.showView(id));
        QApplication::processEvents();
        QWidget *view = window.view(id);
        QLabel *caption = nullptr;
        for (QLabel *label : view->parentWidget()->findChildren<QLabel *>(QStringLiteral("ViewCaption"),
                                                                           Qt::FindDirectChildrenOnly))
            caption = label;
        QVERIFY(caption);
        QCOMPARE(caption->text(), text);
        QVERIFY(caption->isVisible());
        // Above the view, not over it.
        QVERIFY(caption->geometry().bottom() <= view->geometry().top());
    }

    void firstGeometryFitsTheScreen_data()
    {
        QTest::addColumn<QRect>("available");
        QTest::newRow("1280x720") << QRect(0, 0, 1280, 720);
        QTest::newRow("1280x720 under a 32 px panel") << QRect(0, 32, 1280, 688);
        QTest::newRow("1366x768") << QRect(0, 0, 1366, 768);
        QTest::newRow("1920x1080") << QRect(0, 0, 1920, 1080);
        QTest::newRow("1920x1080 right of another") << QRect(1920, 0, 1920, 1040);
        QTest::newRow("1024x600") << QRect(0, 0, 1024, 600);
        QTest::newRow("2560x1440") << QRect(0, 0, 2560, 1440);
    }

    void firstGeometryFitsTheScreen()
    {
        QFETCH(QRect, available);
        const QRect geometry = WindowLayout::firstGeometry(available);
        // The client area and a frame of 8 px a side and a 40 px title bar inside the screen.
        const QRect framed = geometry.adjusted(-8, -40, 8, 8);
        QVERIFY2(available.contains(framed), qPrintable(QStringLiteral("%1,%2 %3x%4").arg(framed.x()).arg(framed.y()).arg(framed.width()).arg(framed.height())));
        QVERIFY(geometry.width() <= 1280);
        QVERIFY(geometry.height() <= 800);
        if (available.width() >= 1300 && available.height() >= 850)
            QCOMPARE(geometry.size(), QSize(1280, 800));
        // Within the screen's middle third horizontally: not thrown into a corner.
        QVERIFY(std::abs(geometry.center().x() - available.center().x()) <= 1);
        // The frame is placed so that the client area lands at `geometry`: a window manager that
        // puts the title bar below the given point (openbox) keeps the status bar on screen.
        const QPoint frame = WindowLayout::firstFramePosition(available);
        QCOMPARE(frame, framed.topLeft());
        QVERIFY(available.contains(QRect(frame, framed.size())));
    }

    void windowCanBeAsSmallAsA720Screen()
    {
        // The window's layout does not hold it larger than the first geometry on a 1280x720
        // screen (which the window manager would push off the screen's edges).
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QSize fits = WindowLayout::firstGeometry(QRect(0, 0, 1280, 720)).size();
        const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
        QVERIFY2(minimum.width() <= fits.width() && minimum.height() <= fits.height(),
                 qPrintable(QStringLiteral("%1x%2").arg(minimum.width()).arg(minimum.height())));
        window.resize(fits);
        QApplication::processEvents();
        QCOMPARE(window.size(), fits);
    }

    void smallScreenLeavesTheViewRoom()
    {
        QVERIFY(WindowLayout::isCompact(QRect(0, 0, 1280, 720)));
        QVERIFY(WindowLayout::isCompact(QRect(0, 0, 1366, 768)));
        QVERIFY(!WindowLayout::isCompact(QRect(0, 0, 1920, 1080)));
    }
};

QTEST_MAIN(TestWindowKeys)
#include "tst_windowkeys.moc"

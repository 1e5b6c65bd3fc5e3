// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/widgets/plotmagnifier.h"
#include "ui/window/mainwindow.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QObject>
#include <QPalette>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace posenc {

class LessonsPanel;
class ViewPages;

// What presentation mode changes in a window besides the application's font and palette.
struct PresentationTargets {
    QMainWindow *window = nullptr;   // full screen, its docks placed anew, no status bar
    LessonsPanel *lessons = nullptr; // the lesson text the largest on screen
    QDockWidget *parametersDock = nullptr;
    QDockWidget *inspectorDock = nullptr;
    QDockWidget *lessonsDock = nullptr;
    ViewPages *pages = nullptr; // the list of views gives way to a picker beside a dock
};

// Presentation mode (F5) of a window, taken out of MainWindow: the application font and every
// plot's fonts enlarged, the lesson text the largest on screen, a high-contrast palette, every
// dock hidden so that the view has the screen (F6 brings the lesson back beside it, Ctrl+P,
// Ctrl+I and Ctrl+L their panels), PageDown and PageUp the next and previous lesson with its
// Show me, no status bar, full screen, Esc to leave; leaving puts back exactly what was there. MainWindow keeps
// setPresentationMode() and isPresentationMode() as forwards. Texts in MainWindow's context.
class PresentationMode
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    explicit PresentationMode(const PresentationTargets &targets);

    bool isOn() const { return m_on; }
    void setOn(bool on);
    // View > Presentation mode (F5), added to `menu` and to the window (so that F5 also leaves
    // while the menu bar is hidden); checked while presentation mode is on. Adds the lesson's
    // keys after it (F6; PageDown, PageUp).
    QAction *addToggleAction(QMenu *menu);
    // The plots at presentation size again (views restyle their plots when they recompute).
    void magnifyPlots();
    // Esc: leaves presentation mode (enabled while it is on).
    QAction *leaveAction() const { return m_leaveAction; }
    // The lesson text's size on a screen `screenHeight` pixels high, with the interface text
    // at `fontPixelSize`.
    static int lessonTextPixelSize(int screenHeight, int fontPixelSize);
    // How much the interface and the plots' text grow on a screen `screenHeight` pixels high:
    // kPresentationFontFactor on 1080 lines and more, in proportion below, never under
    // kSmallestFontFactor. A projector throws any screen onto the same wall, so this keeps
    // the text as large there on a 720-line one as on a 1080-line one (and so leaves a
    // 720-line screen the room its plots need).
    static double fontFactor(int screenHeight);
    static constexpr double kSmallestFontFactor = 1.25;
    // A dock's share of the screen's width when it is called back in presentation mode: in
    // the one column of a narrow screen (WindowLayout::isCompact), or the parameters on the
    // left and the lesson and inspector on the right of a wide one.
    static constexpr double kCompactDockShare = 0.28;
    static constexpr double kParametersShare = 0.19;
    static constexpr double kLessonsShare = 0.26;
    // The window's geometry and dock state from before presentation mode, for the preferences.
    const QByteArray &normalGeometry() const { return m_normalGeometry; }
    const QByteArray &normalDockState() const { return m_normalDockState; }

    // F6: the lesson shown beside the view if it is not in front, hidden if it is.
    void toggleLesson();
    // The next (1) or previous (-1) lesson, and its Show me (PageDown, PageUp while presenting).
    void stepLesson(int delta);

private:
    void placeDocks(bool column);
    void fitNavigation();
    void widenWhenShown(QDockWidget *dock, double share);

    PresentationTargets m_targets;
    QMainWindow &m_window;
    bool m_on = false;
    QAction *m_toggleAction = nullptr;
    QAction *m_leaveAction = nullptr;
    QAction *m_nextLesson = nullptr;     // PageDown, PageUp: enabled while presenting
    QAction *m_previousLesson = nullptr;
    PlotMagnifier m_magnifier{MainWindow::kPresentationFontFactor, MainWindow::kPresentationLineFactor};
    QFont m_savedFont;
    QPalette m_savedPalette;
    bool m_dockColumn = false;
    bool m_statusBarWasVisible = true;
    Qt::WindowStates m_savedWindowState;
    QByteArray m_normalGeometry;  // saveGeometry() and saveState() as presentation mode
    QByteArray m_normalDockState; // found them, for the preferences
    QObject m_context; // the connections that call back into this, gone with it
};

} // namespace posenc

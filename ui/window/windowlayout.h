// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QRect>

#include <functional>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace posenc {

class EncodingState;

// The docks of a window and where they go, taken out of MainWindow: Parameters, Inspector
// and Lessons, their View-menu entries (Ctrl+P, Ctrl+I, Ctrl+L bring a panel forward, opening
// it if it is closed, and never hide it), a click on a point bringing a hidden-behind
// Inspector forward, and the first window's geometry and dock layout for the screen it opens
// on. Texts in MainWindow's translation context.
class WindowLayout
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    // The first window on a screen whose available area is `available`: at most 1280x800,
    // and always inside the area with room for the window manager's frame.
    static QRect firstGeometry(const QRect &available);
    // Where that window's frame goes (what QWidget::move() of a window places): its client
    // area then lies at firstGeometry(), below the title bar, not a title bar lower.
    static QPoint firstFramePosition(const QRect &available);
    // Below this available width the docks share one column, so that the view keeps the
    // rest (a 1280x720 projector): the docks side by side would take about 600 px.
    static constexpr int kCompactWidth = 1600;
    static bool isCompact(const QRect &available) { return available.width() < kCompactWidth; }

    // The docks of `window`; a point inspected in `state` brings the Inspector forward when it
    // is open, or while `presenting` (presentation mode puts it away itself).
    WindowLayout(QMainWindow &window, const EncodingState *state, std::function<bool()> presenting);

    // Creates the three docks around the window's parameter panel, inspector and lessons.
    void createDocks(QWidget *parameters, QWidget *inspector, QWidget *lessons);
    QDockWidget *parametersDock() const { return m_parameters; }
    QDockWidget *inspectorDock() const { return m_inspector; }
    QDockWidget *lessonsDock() const { return m_lessons; }

    // Shows the dock if it is closed and puts it in front of the docks it is tabbed with.
    static void bringForward(QDockWidget *dock);
    // Whether the dock is open and not behind another dock of its tab group.
    bool isInFront(const QDockWidget *dock) const;

    // The View menu's entries for the docks; they are also the window's own actions, so that
    // their keys work while the menu bar is hidden.
    void addActions(QMenu *menu);
    QAction *parametersAction() const { return m_actions.value(0); }
    QAction *inspectorAction() const { return m_actions.value(1); }
    QAction *lessonsAction() const { return m_actions.value(2); }

    // The first window's size and place on the screen it opens on, and the docks for it
    // (side by side, or in one column on a small screen). With `firstRun` the Lessons are
    // in front, so that a newcomer meets the first lesson.
    void applyDefaults(const QRect &available, bool firstRun);
    // The default docks again for the screen the window is shown on, if that screen is
    // compact where the one applyDefaults() saw was not, or the other way round (a window
    // made on a wide primary screen and shown on a 1280x720 projector).
    void fitDocksToScreen(const QRect &available);

private:
    void arrangeDocks(bool compact);
    QAction *addAction(QMenu *menu, QDockWidget *dock, const QString &text, QKeyCombination key);

    QMainWindow &m_window;
    const EncodingState *m_state;
    std::function<bool()> m_presenting;
    QDockWidget *m_parameters = nullptr;
    QDockWidget *m_inspector = nullptr;
    QDockWidget *m_lessons = nullptr;
    QList<QAction *> m_actions;
    bool m_compactDocks = false;
};

} // namespace posenc

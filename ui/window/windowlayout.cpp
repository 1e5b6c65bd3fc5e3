// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/windowlayout.h"

#include "ui/classroom/lessonspanel.h"
#include "ui/state/encodingstate.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QTabBar>

#include <algorithm>

namespace posenc {

namespace {
// The first window's size on a large screen.
constexpr int kPreferredWidth = 1280;
constexpr int kPreferredHeight = 800;
// Room left for the window manager's frame and title bar, which availableGeometry() does
// not include.
constexpr int kFrameWidth = 16;
constexpr int kFrameHeight = 48;
} // namespace

QRect WindowLayout::firstGeometry(const QRect &available)
{
    const int width = std::max(1, std::min(kPreferredWidth, available.width() - kFrameWidth));
    const int height = std::max(1, std::min(kPreferredHeight, available.height() - kFrameHeight));
    QRect geometry(0, 0, width, height);
    geometry.moveCenter(available.center());
    // The title bar goes above the client area: keep room for it at the top.
    geometry.moveTop(std::max(geometry.top(), available.top() + kFrameHeight - kFrameWidth / 2));
    return geometry;
}

QPoint WindowLayout::firstFramePosition(const QRect &available)
{
    // QWidget::move() of a window places its frame: the title bar and the left edge lie above
    // and left of the client area.
    return firstGeometry(available).topLeft() - QPoint(kFrameWidth / 2, kFrameHeight - kFrameWidth / 2);
}

WindowLayout::WindowLayout(QMainWindow &window, const EncodingState *state, std::function<bool()> presenting)
    : m_window(window)
    , m_state(state)
    , m_presenting(std::move(presenting))
{
}

void WindowLayout::createDocks(QWidget *parameters, QWidget *inspector, QWidget *lessons)
{
    const auto dock = [this](const QString &title, const QString &name, QWidget *widget) {
        auto *dock = new QDockWidget(title, &m_window);
        dock->setObjectName(name);
        dock->setWidget(widget);
        dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
        return dock;
    };
    m_parameters = dock(tr("Parameters"), QStringLiteral("ParametersDock"), parameters);
    m_inspector = dock(tr("Inspector"), QStringLiteral("InspectorDock"), inspector);
    m_lessons = dock(tr("Lessons"), QStringLiteral("LessonsDock"), lessons);
    m_window.addDockWidget(Qt::LeftDockWidgetArea, m_parameters);
    m_window.addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    m_window.addDockWidget(Qt::RightDockWidgetArea, m_lessons);
    m_window.tabifyDockWidget(m_inspector, m_lessons);
    m_inspector->raise();

    // A click on a cell or a point explains it in the Inspector: a student must see that,
    // so an open Inspector behind the Lessons comes forward (a closed one stays closed, but
    // in presentation mode, which puts it away itself, it comes back).
    QObject::connect(m_state, &EncodingState::inspectionChanged, m_inspector, [this] {
        if (m_state->inspection().kind != Inspection::Kind::None && (!m_inspector->isHidden() || m_presenting()))
            bringForward(m_inspector);
    });
}

void WindowLayout::bringForward(QDockWidget *dock)
{
    dock->show();
    dock->raise();
    if (dock->isFloating())
        dock->activateWindow();
}

bool WindowLayout::isInFront(const QDockWidget *dock) const
{
    if (dock->isHidden())
        return false;
    const QList<QDockWidget *> group = m_window.tabifiedDockWidgets(const_cast<QDockWidget *>(dock));
    if (group.isEmpty())
        return true;
    // The tab bar of the group holds the dock's title; its current tab is the one in front.
    for (QTabBar *bar : m_window.findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabText(i) == dock->windowTitle()
                && quintptr(bar->tabData(i).toULongLong()) == quintptr(dock))
                return bar->currentIndex() == i;
        }
    }
    // A tab bar without the dock's address in its data (another Qt): by visibility.
    return !dock->visibleRegion().isEmpty();
}

QAction *WindowLayout::addAction(QMenu *menu, QDockWidget *dock, const QString &text, QKeyCombination key)
{
    // Not the dock's toggleViewAction(): its key would hide a panel that is open behind
    // another, which is the opposite of what the key is pressed for.
    QAction *action = menu->addAction(text);
    action->setCheckable(true);
    action->setChecked(!dock->isHidden());
    action->setShortcut(QKeySequence(key));
    action->setStatusTip(tr("Bring the panel to the front, opening it if it is closed"));
    QObject::connect(action, &QAction::triggered, dock, [dock, action] {
        bringForward(dock);
        action->setChecked(true);
    });
    QObject::connect(dock->toggleViewAction(), &QAction::toggled, action, &QAction::setChecked);
    m_window.addAction(action);
    m_actions << action;
    return action;
}

void WindowLayout::addActions(QMenu *menu)
{
    addAction(menu, m_parameters, tr("&Parameters"), Qt::CTRL | Qt::Key_P);
    addAction(menu, m_inspector, tr("&Inspector"), Qt::CTRL | Qt::Key_I);
    addAction(menu, m_lessons, tr("&Lessons"), Qt::CTRL | Qt::Key_L);
}

void WindowLayout::arrangeDocks(bool compact)
{
    m_compactDocks = compact;
    if (compact) {
        // One column on the left: the view keeps about three quarters of the width.
        m_window.addDockWidget(Qt::LeftDockWidgetArea, m_inspector);
        m_window.addDockWidget(Qt::LeftDockWidgetArea, m_lessons);
        m_window.tabifyDockWidget(m_parameters, m_lessons);
        m_window.tabifyDockWidget(m_lessons, m_inspector);
        m_parameters->raise();
        m_window.resizeDocks({m_parameters}, {std::clamp(m_window.width() * 24 / 100, 240, 320)},
                             Qt::Horizontal);
    } else {
        m_window.addDockWidget(Qt::RightDockWidgetArea, m_inspector);
        m_window.addDockWidget(Qt::RightDockWidgetArea, m_lessons);
        m_window.tabifyDockWidget(m_inspector, m_lessons);
        m_inspector->raise();
        m_window.resizeDocks({m_parameters, m_inspector}, {290, 320}, Qt::Horizontal);
    }
}

void WindowLayout::fitDocksToScreen(const QRect &available)
{
    if (isCompact(available) == m_compactDocks)
        return;
    const bool lessonsInFront = isInFront(m_lessons);
    arrangeDocks(isCompact(available));
    if (lessonsInFront)
        m_lessons->raise();
}

void WindowLayout::applyDefaults(const QRect &available, bool firstRun)
{
    m_window.resize(firstGeometry(available).size());
    m_window.move(firstFramePosition(available));
    arrangeDocks(isCompact(available));
    if (firstRun) {
        m_lessons->raise();
        if (auto *lessons = qobject_cast<LessonsPanel *>(m_lessons->widget()))
            lessons->setWelcomeShown(true);
    }
}

} // namespace posenc

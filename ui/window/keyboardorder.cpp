// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/keyboardorder.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTabBar>
#include <QToolBar>

#include <functional>

namespace posenc {

QList<QWidget *> keyboardOrder(const QMainWindow &window, const QDockWidget *parameters,
                               const QList<const QWidget *> &centre, const QList<const QDockWidget *> &panels)
{
    // Tab goes the way the window reads: the tool bars, the parameters, the list of views and
    // its export button, the view in front, the tabs of the right-hand docks, the inspector
    // and the lessons. Left to itself the chain follows the order the widgets were made in
    // (views first, tool bars last). Within each group the chain's own order is kept.
    // Widgets of a dock that is a hidden tab behind another are skipped: Qt keeps them
    // "visible" off the window, where a focus could not be seen.
    QList<QWidget *> chain;
    for (QWidget *w = window.nextInFocusChain(); w && w != &window; w = w->nextInFocusChain()) {
        if (!(w->focusPolicy() & Qt::TabFocus) || !w->isEnabled() || !w->isVisibleTo(&window) || w->focusProxy())
            continue;
        bool behindAnotherDock = false;
        for (QWidget *p = w->parentWidget(); p && p != &window; p = p->parentWidget()) {
            if (auto *dock = qobject_cast<QDockWidget *>(p)) {
                behindAnotherDock = window.isVisible() && !window.tabifiedDockWidgets(dock).isEmpty()
                                    && dock->visibleRegion().isEmpty();
                break;
            }
        }
        if (!behindAnotherDock)
            chain << w;
    }
    const auto inside = [](const QWidget *container) {
        return [container](const QWidget *w) { return container && (container == w || container->isAncestorOf(w)); };
    };
    QList<std::function<bool(const QWidget *)>> groups;
    for (QToolBar *bar : window.findChildren<QToolBar *>(Qt::FindDirectChildrenOnly))
        groups << inside(bar);
    groups << inside(parameters);
    for (const QWidget *part : centre)
        groups << inside(part);
    groups << [&window](const QWidget *w) { return qobject_cast<const QTabBar *>(w) && w->parentWidget() == &window; };
    for (const QDockWidget *panel : panels)
        groups << inside(panel);
    QList<QWidget *> ordered;
    for (const auto &belongs : std::as_const(groups)) {
        for (QWidget *w : std::as_const(chain)) {
            if (belongs(w) && !ordered.contains(w))
                ordered << w;
        }
    }
    for (QWidget *w : std::as_const(chain)) {
        if (!ordered.contains(w))
            ordered << w;
    }
    return ordered;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/window/mainwindow.h"

#include <QDockWidget>
#include <QTabBar>

// Whether `dock` is the one of its tab group that the user sees: open, and its tab current
// (the window and classroom key tests both ask).
inline bool inFront(posenc::MainWindow &window, QDockWidget *dock)
{
    if (!dock->isVisible())
        return false;
    for (QTabBar *bar : window.findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
        if (!bar->isVisible())
            continue;
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabText(i) == dock->windowTitle())
                return bar->currentIndex() == i;
        }
    }
    return true; // not tabbed with another dock
}

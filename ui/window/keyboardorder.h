// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

class QWidget;

namespace posenc {

class MainWindow;

// The widgets Tab visits in `window`, in the order the window reads (tool bars, parameters,
// view tabs and their export button, the view in front, the right-hand docks), for
// MainWindow::focusNextPrevChild().
QList<QWidget *> keyboardOrder(const MainWindow &window);

} // namespace posenc

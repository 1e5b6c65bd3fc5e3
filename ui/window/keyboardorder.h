// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace posenc {

// The widgets Tab visits in `window`, in the order the window reads (tool bars, the
// `parameters` dock, the `centre`'s parts in their order: the list of views, its export
// button, the view in front; the tabs of the docks, then the `panels` docks in their order),
// for MainWindow::focusNextPrevChild().
QList<QWidget *> keyboardOrder(const QMainWindow &window, const QDockWidget *parameters,
                               const QList<const QWidget *> &centre, const QList<const QDockWidget *> &panels);

} // namespace posenc

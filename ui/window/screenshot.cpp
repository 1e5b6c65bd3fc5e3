// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/screenshot.h"

#include "ui/export/dataexport.h"
#include "ui/io/safesave.h"

#include "ui/state/encodingstate.h"
#include "ui/widgets/latestjob.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QBuffer>
#include <QDockWidget>
#include <QPixmap>

#include <cerrno>

#include <algorithm>

namespace posenc {

bool Screenshot::save(MainWindow &window, const QString &path, QSize size, QString *error)
{
    const auto settle = [&window] {
        window.state()->flush();
        // Layouts settle and QCustomPlot's queued replots run on the next event-loop turns.
        for (int i = 0; i < 3; ++i) {
            QApplication::processEvents();
            // Without an event loop, widgets given up with deleteLater() (the tabs' close
            // buttons in presentation mode) would stay in the picture.
            QApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        }
        // On a real display heavy results arrive from a worker thread (offscreen they are
        // computed at once): wait for them, so that the picture is the finished one.
        while (LatestJob::pending() > 0)
            QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    };
    if (window.isPresentationMode()) {
        // Full screen (maximised offscreen): the screen's size, whatever was asked.
        window.show();
        settle();
        settle(); // the docks take their presentation widths on the turn after the resize
    } else {
        window.resize(size);
        window.show();
        settle();
    }
    // A small size that the full window cannot reach: give the view the room by hiding the
    // docks, the last created (the inspector) first.
    QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
    std::reverse(docks.begin(), docks.end());
    for (QDockWidget *dock : docks) {
        if (window.size() == size || window.isPresentationMode())
            break;
        dock->hide();
        settle(); // the layout learns its new minimum size on the next event-loop turn
        window.resize(size);
        settle();
    }
    if (window.size() != size && !window.isPresentationMode()) {
        if (error)
            *error = tr("--size: %1x%2 is smaller than this view can be drawn; it needs at least %3x%4")
                         .arg(size.width())
                         .arg(size.height())
                         .arg(window.minimumSizeHint().width())
                         .arg(window.minimumSizeHint().height());
        return false;
    }
    const QPixmap pixmap = window.grab();

    // Encoded in memory first: libpng, writing to a full disk itself, prints its own error.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!pixmap.save(&buffer, "PNG")) {
        if (error)
            *error = tr("cannot write %1: %2").arg(path, tr("the PNG could not be encoded"));
        return false;
    }
    return SafeSave::write(path, bytes, error);
}

} // namespace posenc

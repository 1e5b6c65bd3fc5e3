// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/screenshot.h"

#include "ui/encodingstate.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QPixmap>
#include <QSaveFile>

namespace posenc {

bool Screenshot::save(MainWindow &window, const QString &path, QSize size, QString *error)
{
    window.resize(size);
    window.show();
    window.state()->flush();
    // Layouts settle and QCustomPlot's queued replots run on the next event-loop turns.
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
    const QPixmap pixmap = window.grab();

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    if (!pixmap.save(&file, "PNG") || !file.commit()) {
        if (error)
            *error = tr("cannot write %1: %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
    return true;
}

} // namespace posenc

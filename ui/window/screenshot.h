// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>

namespace posenc {

class MainWindow;

// Renders the whole window (as it would appear on screen, offscreen if need be) to a PNG.
class Screenshot
{
    Q_DECLARE_TR_FUNCTIONS(Screenshot)

public:
    // Shows `window` at `size`, lets every queued replot run, and writes the PNG through
    // SafeSave. False with a one-line reason in `error`.
    static bool save(MainWindow &window, const QString &path, QSize size, QString *error);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/figurerequest.h"

#include <QList>
#include <QString>

namespace posenc {

// export --preset FILE --out-dir DIR: the preset's figures written into DIR as one set
// (ui/io/fileset.h: whole or not at all, nothing in DIR touched that the run did not write).
// Returns the exit status: 0, 2 with one line on stderr, or 130 after SIGINT or SIGTERM.
int writeFigureSet(const QString &folder, const QList<FigureRequest> &figures, const QString &language);

} // namespace posenc

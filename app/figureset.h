// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/figurerequest.h"

#include <QList>
#include <QString>

namespace posenc {

// export --preset FILE --out-dir DIR: the preset's figures written into DIR as one set, whole
// or not at all, and no figure ever missing from DIR, whatever stops the run:
//  1. checked before anything is written: a folder, a FIFO or a read-only file where a figure
//     goes is refused (nothing else would replace it safely);
//  2. every figure written into DIR/.posenc-lab-new/ (each through its own temporary file,
//     QSaveFile); a failure removes that folder and DIR is as it was;
//  3. then the previous version of each file is kept as a hard link in DIR/.posenc-lab-old/
//     with a journal of the set, and each new file is renamed over its old one (atomic: the
//     name always holds the old or the new file); only when all are in place is the old set
//     dropped.
// A run killed during 3 leaves the journal behind; the next run into DIR first puts the
// previous set back (the old files restored, the files that set did not have removed), then
// writes its own. So does it with the hidden D/.posenc-lab-XXXXXX/ folder where versions before
// the journal moved the previous figures: they go back to their names. Returns the exit status: 0, or 2 with one line on stderr.
int writeFigureSet(const QString &folder, const QList<FigureRequest> &figures, const QString &language);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/figurerequest.h"

#include <QList>
#include <QString>

namespace posenc {

// export --preset FILE --out-dir DIR: the preset's figures written into DIR as one set, whole
// or not at all, no figure ever missing from DIR whatever stops the run, and nothing in DIR
// touched that the run did not write:
//  1. checked before anything is written: a folder, a FIFO or a read-only file where a figure
//     goes is refused (nothing else would replace it safely);
//  2. DIR is locked for the run (flock on the folder, or on DIR/.posenc-lab-lock where the
//     file system cannot lock a folder): a second run into DIR waits for the first, so runs
//     never undo each other's work;
//  3. every figure is written into a staging folder of the run's own, created new under a
//     unique name (DIR/.posenc-lab-set-XXXXXX, mkdtemp) and marked as the tool's; a failure
//     removes it and DIR is as it was;
//  4. then the previous version of each file is kept as a hard link in the staging folder,
//     with a journal naming each figure and the identity (device, inode) of its new file, and
//     each new file is renamed over its name (atomic: the name holds the old or the new file).
// A run killed during 4 leaves its staging folder; the next run into DIR puts the previous
// set back first. It trusts only a staging folder that is a real folder of the tool's form,
// owned by the user, holding the tool's marker, and undoes a name only while that name still
// holds the very file the journal names: a folder of the user's, a planted link or journal,
// or a folder copied from elsewhere changes nothing. Returns the exit status: 0, or 2 with
// one line on stderr.
int writeFigureSet(const QString &folder, const QList<FigureRequest> &figures, const QString &language);

} // namespace posenc

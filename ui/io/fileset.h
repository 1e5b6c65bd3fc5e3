// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <functional>

namespace posenc {

// One file of a set: its name in the folder, and how to write it whole at a path (false with a
// one-line reason in `error`).
struct SetFile {
    QString name;
    std::function<bool(const QString &path, QString *error)> write;
};

// Files written into a folder as one set (export --out-dir's figures, train --pytorch's
// program), whole or not at all, no file of the set ever missing from the folder whatever
// stops the run, and nothing in it touched that the run did not write:
//  1. checked before anything is written: a folder, a FIFO or a read-only file where a file
//     goes is refused (nothing else would replace it safely);
//  2. the folder is locked for the run (flock on the folder, or on DIR/.posenc-lab-lock where
//     the file system cannot lock a folder): a second run into it waits for the first, so runs
//     never undo each other's work;
//  3. every file is written into a staging folder of the run's own, created new under a unique
//     name (DIR/.posenc-lab-set-XXXXXX, mkdtemp) and marked as the tool's; a failure removes it
//     and the folder is as it was;
//  4. then the previous version of each file is kept as a hard link in the staging folder,
//     with a journal naming each file and the identity (device, inode) of its new file, and
//     each new file is renamed over its name (atomic: the name holds the old or the new file).
// A run killed during 4 leaves its staging folder; the next run into the folder puts the
// previous set back first. It trusts only a staging folder that is a real folder of the tool's
// form, owned by the user, holding the tool's marker, and undoes a name only while that name
// still holds the very file the journal names: a folder of the user's, a planted link or
// journal, or a folder copied from elsewhere changes nothing. SIGINT and SIGTERM while the
// files are written stop the run with the folder as it was.
// `option` names the folder in messages ("--out-dir"); each file's name goes to stderr as
// "[i/n] name" as it is written. Returns 0; 2 with one line in `error`; or 130 when
// interrupted, `error` saying that the folder is as it was.
int writeFileSet(const QString &folder, const QString &option, const QList<SetFile> &files, QString *error);

} // namespace posenc

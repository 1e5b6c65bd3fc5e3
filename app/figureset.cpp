// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/figureset.h"

#include "app/headless.h"
#include "ui/export/figureexport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace posenc {

namespace {

const QString kNewFolder = QStringLiteral(".posenc-lab-new");
const QString kOldFolder = QStringLiteral(".posenc-lab-old");
const QString kJournal = QStringLiteral("journal");

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

// Why the figure at `path` cannot replace what is there (empty when it can, or nothing is).
QString cannotReplace(const QString &path)
{
    struct stat info {};
    const QByteArray name = QFile::encodeName(path);
    if (::stat(name.constData(), &info) != 0)
        return errno == ENOENT || errno == ENOTDIR ? QString() : QStringLiteral("%1: %2").arg(path, systemError());
    if (S_ISDIR(info.st_mode))
        return QCoreApplication::translate("CommandLineParser", "%1 is a folder; a figure of the preset goes there, so nothing was written (move the folder away)")
            .arg(path);
    if (!S_ISREG(info.st_mode))
        return QCoreApplication::translate("CommandLineParser", "%1 is not a regular file; a figure of the preset goes there, so nothing was written").arg(path);
    // No write permission for anyone means "keep this", also to root, who may write anyway.
    if ((info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(name.constData(), W_OK) != 0)
        return QCoreApplication::translate("CommandLineParser", "%1 is read-only; a figure of the preset would replace it, so nothing was written").arg(path);
    return QString();
}

// Before the journal (0530ffa), a run moved each previous version into a hidden folder
// D/.posenc-lab-XXXXXX (QTemporaryDir's six characters) and wrote the new one in its place, so a
// run killed meanwhile left a figure missing from D and its previous version stranded there.
// The previous versions are put back, as the journal's are.
bool restoreEarlierFormat(const QDir &folder, bool *restored, QString *error)
{
    const QStringList asides = folder.entryList({QStringLiteral(".posenc-lab-??????")},
                                                QDir::Dirs | QDir::Hidden | QDir::NoSymLinks);
    for (const QString &asideName : asides) {
        if (asideName == kNewFolder || asideName == kOldFolder)
            continue;
        const QDir aside(folder.filePath(asideName));
        for (const QString &name : aside.entryList(QDir::Files | QDir::Hidden | QDir::NoSymLinks)) {
            const QString target = folder.filePath(name);
            if (QFileInfo(target).isDir())
                continue; // never over a folder; the copy stays where it is
            if (::rename(QFile::encodeName(aside.filePath(name)).constData(), QFile::encodeName(target).constData()) != 0) {
                *error = QCoreApplication::translate("CommandLineParser", "%1: cannot restore the previous version: %2").arg(target, systemError());
                return false;
            }
            *restored = true;
        }
        folder.rmdir(asideName); // only if nothing is left in it
    }
    return true;
}

// Puts back the set an interrupted run was replacing (see the header): the journal lists
// each name, "old NAME" where a previous version is kept in the old folder, "new NAME" where
// there was none. Without a journal no name was replaced yet and the folder only holds links.
bool restoreInterrupted(const QDir &folder, bool announce, QString *error)
{
    bool restored = false;
    if (!restoreEarlierFormat(folder, &restored, error))
        return false;
    const QDir old(folder.filePath(kOldFolder));
    if (old.exists()) {
        QFile journal(old.filePath(kJournal));
        if (journal.open(QIODevice::ReadOnly)) {
            const QList<QByteArray> lines = journal.readAll().split('\n');
            for (const QByteArray &line : lines) {
                const QString name = QString::fromUtf8(line.mid(4));
                if (name.isEmpty() || name.contains(QLatin1Char('/')) || name.startsWith(QLatin1Char('.')))
                    continue;
                const QString target = folder.filePath(name);
                if (line.startsWith("old ") && QFileInfo::exists(old.filePath(name))) {
                    if (::rename(QFile::encodeName(old.filePath(name)).constData(), QFile::encodeName(target).constData()) != 0) {
                        *error = QCoreApplication::translate("CommandLineParser", "%1: cannot restore the previous version: %2").arg(target, systemError());
                        return false;
                    }
                } else if (line.startsWith("new ")) {
                    QFile::remove(target);
                }
            }
            journal.close();
            restored = true;
        }
        QDir(old).removeRecursively();
    }
    if (restored && announce)
        std::fprintf(stderr, "%s\n",
                     qUtf8Printable(QCoreApplication::translate("CommandLineParser", "%1: an earlier run was interrupted; its previous figures are back")
                                        .arg(folder.path())));
    QDir(folder.filePath(kNewFolder)).removeRecursively();
    return true;
}

} // namespace

int writeFigureSet(const QString &folderPath, const QList<FigureRequest> &figures, const QString &language)
{
    QFileInfo info(folderPath);
    if (info.exists() && !info.isDir())
        return reportError(QCoreApplication::translate("CommandLineParser", "--out-dir: %1 is not a folder").arg(folderPath));
    // Everything that would stop the set is found before anything is written.
    for (const FigureRequest &request : figures) {
        const QString problem = cannotReplace(request.output);
        if (!problem.isEmpty())
            return reportError(problem);
    }

    QString created; // the outermost folder this run creates, if any
    for (QFileInfo level(info.absoluteFilePath()); !level.exists(); level = QFileInfo(level.absolutePath()))
        created = level.absoluteFilePath();
    if (!created.isEmpty() && !QDir().mkpath(folderPath))
        return reportError(QCoreApplication::translate("CommandLineParser", "--out-dir: cannot create the folder %1").arg(folderPath));
    const QDir folder(folderPath);
    QString error;
    if (!restoreInterrupted(folder, true, &error))
        return reportError(error);
    const QDir staging(folder.filePath(kNewFolder));
    const auto removeCreated = [&] {
        QDir(staging).removeRecursively();
        if (!created.isEmpty())
            QDir(created).removeRecursively();
    };
    if (!folder.mkdir(kNewFolder)) {
        const QString why = systemError();
        removeCreated();
        return reportError(QCoreApplication::translate("CommandLineParser", "--out-dir: cannot write in %1: %2").arg(folderPath, why));
    }

    // 2. Every figure into the staging folder; the set in DIR is untouched.
    const qsizetype count = figures.size();
    QStringList names;
    for (qsizetype i = 0; i < count; ++i) {
        FigureRequest request = figures.at(i);
        request.language = language;
        const QString name = QFileInfo(request.output).fileName();
        std::fprintf(stderr, "[%lld/%lld] %s\n", static_cast<long long>(i + 1), static_cast<long long>(count),
                     qUtf8Printable(name));
        if (!FigureExport::writeFile(request, &error, staging.filePath(name))) {
            removeCreated();
            return reportError(QStringLiteral("%1: %2").arg(name, error));
        }
        names << name;
    }

    // 3. The previous versions kept (hard links: the names keep their files meanwhile), the
    // journal written, then each new file renamed over its name.
    const QDir old(folder.filePath(kOldFolder));
    QByteArray journal;
    const auto abandon = [&](const QString &message) {
        QDir(old).removeRecursively();
        removeCreated();
        return reportError(message);
    };
    if (!folder.mkdir(kOldFolder))
        return abandon(QCoreApplication::translate("CommandLineParser", "--out-dir: cannot write in %1: %2").arg(folderPath, systemError()));
    for (const QString &name : names) {
        const QString target = folder.filePath(name);
        if (QFileInfo::exists(target)) {
            const QByteArray from = QFile::encodeName(target);
            const QByteArray to = QFile::encodeName(old.filePath(name));
            if (::link(from.constData(), to.constData()) != 0 && !QFile::copy(target, old.filePath(name)))
                return abandon(QCoreApplication::translate("CommandLineParser", "%1: cannot keep the previous version: %2").arg(target, systemError()));
            journal += "old " + name.toUtf8() + '\n';
        } else {
            journal += "new " + name.toUtf8() + '\n';
        }
    }
    QSaveFile journalFile(old.filePath(kJournal));
    if (!journalFile.open(QIODevice::WriteOnly) || journalFile.write(journal) != journal.size() || !journalFile.commit())
        return abandon(QCoreApplication::translate("CommandLineParser", "--out-dir: cannot write in %1: %2").arg(folderPath, journalFile.errorString()));
    for (const QString &name : names) {
        const QByteArray from = QFile::encodeName(staging.filePath(name));
        const QByteArray to = QFile::encodeName(folder.filePath(name));
        if (::rename(from.constData(), to.constData()) != 0) {
            const QString message = QCoreApplication::translate("CommandLineParser", "%1: cannot replace it: %2").arg(folder.filePath(name), systemError());
            QString ignored;
            restoreInterrupted(folder, false, &ignored);
            if (!created.isEmpty())
                QDir(created).removeRecursively();
            return reportError(message);
        }
    }
    // The renames on disk before the old versions go.
    if (const int fd = ::open(QFile::encodeName(folderPath).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
    QDir(old).removeRecursively();
    QDir(staging).removeRecursively();
    return 0;
}

} // namespace posenc

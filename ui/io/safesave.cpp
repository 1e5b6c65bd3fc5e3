// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/io/safesave.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

namespace posenc {

namespace {

QString systemError(int savedErrno)
{
    return QString::fromLocal8Bit(std::strerror(savedErrno));
}

} // namespace

SafeSave::SafeSave(const QString &path, const QString &shownPath)
    : m_file(path), m_shown(shownPath.isEmpty() ? path : shownPath)
{
}

SafeSave::~SafeSave()
{
    if (m_file.isOpen())
        m_file.cancelWriting();
}

SafeSave::Obstacle SafeSave::obstacleAt(const QString &path, QString *why)
{
    struct stat info {};
    const QByteArray name = QFile::encodeName(path);
    if (::stat(name.constData(), &info) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return Obstacle::None; // nothing there; writing says why the folder cannot hold it
        if (why)
            *why = systemError(errno);
        return Obstacle::Unknown;
    }
    if (S_ISDIR(info.st_mode))
        return Obstacle::Folder;
    if (!S_ISREG(info.st_mode))
        return Obstacle::Special;
    if ((info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(name.constData(), W_OK) != 0)
        return Obstacle::ReadOnly;
    return Obstacle::None;
}

QString SafeSave::whyNotReplaceable(const QString &path)
{
    QString why;
    switch (obstacleAt(path, &why)) {
    case Obstacle::None:
        return QString();
    case Obstacle::Folder:
        return tr("%1 is a folder; nothing was written (a file name is needed)").arg(path);
    case Obstacle::Special:
        return tr("%1 is not a regular file; nothing was written").arg(path);
    case Obstacle::ReadOnly:
        return tr("%1 is read-only; nothing was written").arg(path);
    case Obstacle::Unknown:
        break;
    }
    return tr("cannot write %1: %2").arg(path, why);
}

bool SafeSave::open(QString *error)
{
    const QString problem = whyNotReplaceable(m_file.fileName());
    if (!problem.isEmpty()) {
        if (error)
            *error = m_shown == m_file.fileName() ? problem : QString(problem).replace(m_file.fileName(), m_shown);
        return false;
    }
    errno = 0;
    if (!m_file.open(QIODevice::WriteOnly))
        return abandon(errno, error);
    return true;
}

bool SafeSave::commit(QString *error)
{
    errno = 0;
    if (!m_file.flush())
        return abandon(errno, error);
    // Where the file system defers allocation (NFS, a quota), the sync is where the disk says
    // it is full. EINVAL: the file cannot be synced at all, which is no failure of the data.
    if (::fsync(m_file.handle()) != 0 && errno != EINVAL)
        return abandon(errno, error);
    errno = 0;
    if (!m_file.commit())
        return abandon(errno, error);
    return true;
}

bool SafeSave::write(const QString &path, const QByteArray &bytes, QString *error, const QString &shownPath)
{
    SafeSave file(path, shownPath);
    if (!file.open(error))
        return false;
    errno = 0;
    if (file.device()->write(bytes) != bytes.size())
        return file.abandon(errno, error);
    return file.commit(error);
}

bool SafeSave::abandon(int savedErrno, QString *error)
{
    // QSaveFile words some failures "Unknown error"; the errno read right after the failing
    // call says what the system saw (a full disk, a quota, an I/O error).
    QString why = m_file.errorString();
    if (savedErrno != 0 && (why.isEmpty() || why == QLatin1String("Unknown error") || m_file.error() == QFileDevice::NoError))
        why = systemError(savedErrno);
    if (m_file.isOpen())
        m_file.cancelWriting();
    if (error)
        *error = tr("cannot write %1: %2").arg(m_shown, why);
    return false;
}

} // namespace posenc

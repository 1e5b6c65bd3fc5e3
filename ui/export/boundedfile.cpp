// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/boundedfile.h"

#include <QFile>
#include <QScopeGuard>

#include <algorithm>
#include <cerrno>
#include <new>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace posenc {

BoundedFile::Result BoundedFile::read(const QString &path, qint64 maxBytes, const QString &limit)
{
    if (path.isEmpty())
        return tr("no file name given");
    if (path.contains(QChar(0)))
        return tr("%1: a file name cannot hold a NUL character").arg(path.section(QChar(0), 0, 0));
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
    const auto closeFile = qScopeGuard([fd] { ::close(fd); });
    struct stat info {};
    if (::fstat(fd, &info) != 0)
        return tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
    if (!S_ISREG(info.st_mode))
        return tr("%1 is not a regular file; %2").arg(path, limit);
    if (info.st_size > maxBytes)
        return tr("%1 is %2 bytes; %3").arg(path).arg(qint64(info.st_size)).arg(limit);
    // Read up to one byte past what fstat said (and past the limit): a file that grew since
    // is refused, and a small file costs no buffer of the limit's size.
    QByteArray bytes;
    try {
        bytes = QByteArray(qsizetype(std::min<qint64>(maxBytes, info.st_size + 1)) + 1, Qt::Uninitialized);
    } catch (const std::bad_alloc &) {
        return tr("not enough memory to read %1 (%2 bytes)").arg(path).arg(qint64(info.st_size));
    }
    qsizetype total = 0;
    while (total < bytes.size()) {
        const ssize_t got = ::read(fd, bytes.data() + total, size_t(bytes.size() - total));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        if (got == 0)
            break;
        total += got;
    }
    if (total > maxBytes)
        return tr("%1 is over %2 MiB; %3").arg(path).arg(maxBytes / (1024 * 1024)).arg(limit);
    if (total == bytes.size()) // more than fstat said: another program is writing it
        return tr("%1 changed while it was read; try again").arg(path);
    bytes.truncate(total);
    return bytes;
}

} // namespace posenc

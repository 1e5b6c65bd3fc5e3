// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/io/boundedfile.h"

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

namespace {

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

// read(2) until `bytes` are read or the file ends, through interruptions; -1 on an error.
qint64 readFully(int fd, char *to, qint64 bytes)
{
    qint64 total = 0;
    while (total < bytes) {
        const ssize_t got = ::read(fd, to + total, size_t(bytes - total));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        total += got;
    }
    return total;
}

// An open file's descriptor and its size when opened.
struct OpenFile {
    int fd = -1;
    qint64 size = 0;
};

// The file `path` names, opened without blocking and checked on the open descriptor: a regular
// file of at most maxBytes; or why not.
std::variant<OpenFile, QString> openBounded(const QString &path, qint64 maxBytes, const QString &limit)
{
    if (path.isEmpty())
        return BoundedFile::tr("no file name given");
    if (path.contains(QChar(0)))
        return BoundedFile::tr("%1: a file name cannot hold a NUL character").arg(path.section(QChar(0), 0, 0));
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return BoundedFile::tr("cannot read %1: %2").arg(path, systemError());
    auto closeFile = qScopeGuard([fd] { ::close(fd); });
    struct stat info {};
    if (::fstat(fd, &info) != 0)
        return BoundedFile::tr("cannot read %1: %2").arg(path, systemError());
    if (!S_ISREG(info.st_mode))
        return BoundedFile::tr("%1 is not a regular file; %2").arg(path, limit);
    if (info.st_size > maxBytes)
        return BoundedFile::tr("%1 is %2 bytes; %3").arg(path).arg(qint64(info.st_size)).arg(limit);
    closeFile.dismiss();
    return OpenFile{fd, qint64(info.st_size)};
}

// The whole of an open file checked by openBounded.
BoundedFile::Result readWhole(const OpenFile &file, const QString &path, qint64 maxBytes, const QString &limit)
{
    // Read up to one byte past what fstat said (and past the limit): a file that grew since
    // is refused, and a small file costs no buffer of the limit's size.
    QByteArray bytes;
    try {
        bytes = QByteArray(qsizetype(std::min<qint64>(maxBytes, file.size + 1)) + 1, Qt::Uninitialized);
    } catch (const std::bad_alloc &) {
        return BoundedFile::tr("not enough memory to read %1 (%2 bytes)").arg(path).arg(file.size);
    }
    const qint64 total = readFully(file.fd, bytes.data(), bytes.size());
    if (total < 0)
        return BoundedFile::tr("cannot read %1: %2").arg(path, systemError());
    if (total > maxBytes)
        return BoundedFile::tr("%1 is over %2 MiB; %3").arg(path).arg(maxBytes / (1024 * 1024)).arg(limit);
    if (total == bytes.size()) // more than fstat said: another program is writing it
        return BoundedFile::tr("%1 changed while it was read; try again").arg(path);
    bytes.truncate(total);
    return bytes;
}

} // namespace

BoundedFile::Result BoundedFile::read(const QString &path, qint64 maxBytes, const QString &limit)
{
    std::variant<OpenFile, QString> opened = openBounded(path, maxBytes, limit);
    if (auto *why = std::get_if<QString>(&opened))
        return *why;
    const OpenFile file = std::get<OpenFile>(opened);
    const auto closeFile = qScopeGuard([&file] { ::close(file.fd); });
    return readWhole(file, path, maxBytes, limit);
}

BoundedFile::MatrixResult BoundedFile::readMatrix(const QString &path, const QString &limit)
{
    std::variant<OpenFile, QString> opened = openBounded(path, kMaxMatrixFileBytes, limit);
    if (auto *why = std::get_if<QString>(&opened))
        return *why;
    const OpenFile file = std::get<OpenFile>(opened);
    const auto closeFile = qScopeGuard([&file] { ::close(file.fd); });
    char start[kNpyMagicBytes] = {};
    const ssize_t peeked = ::pread(file.fd, start, sizeof start, 0);
    if (peeked > 0 && isNpy(std::string_view(start, std::size_t(peeked)))) {
        QString readError;
        const ByteReader reader = [&](char *to, std::size_t bytes) -> std::size_t {
            const qint64 got = readFully(file.fd, to, qint64(bytes));
            if (got < 0) {
                readError = tr("cannot read %1: %2").arg(path, systemError());
                return 0;
            }
            return std::size_t(got);
        };
        try {
            MatrixFileResult read = readNpy(reader, std::uint64_t(file.size));
            if (!readError.isEmpty())
                return readError;
            if (auto *why = std::get_if<MatrixFileError>(&read))
                return std::move(*why);
            return std::move(std::get<MatrixFile>(read));
        } catch (const std::bad_alloc &) {
            return tr("not enough memory to read %1 (%2 bytes)").arg(path).arg(file.size);
        }
    }
    const Result bytes = readWhole(file, path, kMaxMatrixFileBytes, limit);
    if (const auto *why = std::get_if<QString>(&bytes))
        return *why;
    const QByteArray &data = std::get<QByteArray>(bytes);
    MatrixFileResult read = readMatrixFile(std::string_view(data.constData(), std::size_t(data.size())));
    if (auto *why = std::get_if<MatrixFileError>(&read))
        return std::move(*why);
    return std::move(std::get<MatrixFile>(read));
}

} // namespace posenc

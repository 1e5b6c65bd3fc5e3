// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QSaveFile>
#include <QString>

namespace posenc {

// A file written whole or not at all, the old one kept on any failure: the bytes go to a
// temporary file beside the target (QSaveFile), which replaces the target only once every
// write, the flush of the write buffer and the sync to disk have succeeded. QSaveFile alone is
// not enough: its commit() does not report a buffer that could not be flushed, so on a full
// disk a small file (all of it still in the buffer) would replace the old one empty or cut.
// Every error is one line naming the file as the user named it and the system's reason.
class SafeSave
{
    Q_DECLARE_TR_FUNCTIONS(SafeSave)

public:
    // The bytes go to `path`; errors name `shownPath` when given (a figure of a set is written
    // in a staging folder first, but the user asked for it under its own name).
    explicit SafeSave(const QString &path, const QString &shownPath = QString());
    ~SafeSave(); // a file not committed is removed; the target is untouched
    SafeSave(const SafeSave &) = delete;
    SafeSave &operator=(const SafeSave &) = delete;

    // What stands where a file is to be written: nothing or a file that may be replaced
    // (None); a folder; a FIFO, device or socket (Special); a file no one may write
    // (ReadOnly: kept as its owner asked, also from root, who could write it anyway); or a
    // path that cannot be looked at (Unknown, the reason in `why`).
    enum class Obstacle { None, Folder, Special, ReadOnly, Unknown };
    static Obstacle obstacleAt(const QString &path, QString *why = nullptr);
    // The same as a one-line reason, empty for None.
    static QString whyNotReplaceable(const QString &path);

    bool open(QString *error);
    QIODevice *device() { return &m_file; }
    bool commit(QString *error);
    // Gives up after a write through device() failed (`savedErrno`: errno right after it):
    // the file is removed, the target untouched, and `error` says why. Always false.
    bool abandon(int savedErrno, QString *error);

    // The whole of `bytes` as the file at `path`.
    static bool write(const QString &path, const QByteArray &bytes, QString *error,
                      const QString &shownPath = QString());

private:
    QSaveFile m_file;
    QString m_shown;
};

} // namespace posenc

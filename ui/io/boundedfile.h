// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/matrixfile.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <variant>

namespace posenc {

// Reading a file a user names (a preset, an encoding to check) whole and within a bound: it
// must be a regular file (a FIFO with no writer would block, a device such as /dev/zero never
// ends) of at most maxBytes, opened without blocking and checked on the open file, so that
// what is read is what was checked. A file that grew past the bound while being read is
// refused too. A refusal is one line naming the path, ending in `limit` (what the caller
// accepts, "a preset must be a regular file of at most 16 MiB").
class BoundedFile
{
    Q_DECLARE_TR_FUNCTIONS(BoundedFile)

public:
    using Result = std::variant<QByteArray, QString>; // the bytes, or why they were not read
    static Result read(const QString &path, qint64 maxBytes, const QString &limit);

    // A matrix file a user names (core/matrixfile.h), within kMaxMatrixFileBytes and the same
    // checks: a .npy converted into its matrix as it is read, so that memory never holds the
    // file's bytes and its numbers at once; text read whole, then parsed. The matrix, core's
    // refusal of what the file holds, or why the file could not be read.
    using MatrixResult = std::variant<MatrixFile, MatrixFileError, QString>;
    static MatrixResult readMatrix(const QString &path, const QString &limit);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/matrixfile.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

// Why core's reader refused a user's matrix file (a MatrixFileError), in the application's
// language, for the check view and `posenc-lab check` alike: the sentence of its code with its
// names and numbers. A code this does not know, or args that do not fit its sentence, fall
// back to core's English line.
class FileErrorText
{
    Q_DECLARE_TR_FUNCTIONS(FileErrorText)

public:
    static QString sentence(const MatrixFileError &error);
};

} // namespace posenc

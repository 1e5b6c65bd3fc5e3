// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

// Translatable words for parameters and their errors. The engine reports errors as data
// (field + range); the words the user reads are made here, through tr().
class ParamText
{
    Q_DECLARE_TR_FUNCTIONS(ParamText)

public:
    // "d_model", "base"... as the formulas write them (not translated: they are symbols).
    static QString symbol(ParamField field);
    // A translated one-line reason: "d_model must be an integer in [2, 4096]".
    static QString error(const ParamError &error);
    // "'abc' is not a number" for an entry that does not parse.
    static QString notANumber(ParamField field, const QString &text);
    static QString layoutLabel(Layout layout);
    static QString frequencyLabel(FrequencyConvention convention);
};

} // namespace posenc

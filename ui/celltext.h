// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

// Words for "where does this number come from?": the formula with the numbers substituted,
// in the notation of the seed texts. Used by tooltips and, later, the inspector.
class CellText
{
    Q_DECLARE_TR_FUNCTIONS(CellText)

public:
    // Several lines: position and column, which channel, w_i, the angle and the value.
    static QString explanation(const EncodingParams &params, const CellExplanation &cell);
    // "w_2 = 10000^(−4/128) = 0.749894" under the chosen convention.
    static QString frequencyFormula(const EncodingParams &params, int pair);
    // A number as shown to people: up to 6 significant digits, a true minus sign.
    static QString number(double value, int significant = 6);
};

} // namespace posenc

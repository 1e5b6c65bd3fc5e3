// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

// Numbers as the views, their tooltips and the inspector show them, and the formula of w_i
// with its numbers substituted (in the notation of the seed texts), which the inspector texts
// of several views begin from. A view's own explanations are in its folder's text class.
class CellText
{
    Q_DECLARE_TR_FUNCTIONS(CellText)

public:
    // "w_2 = 10000^(−4/128) = 0.749894" under the chosen convention.
    static QString frequencyFormula(const EncodingParams &params, int pair);

    // A number as shown to people: up to 6 significant digits, a true minus sign.
    static QString number(double value, int significant = 6);
    // The same number in one notation for formulas: where number() would write "4.7117e+08"
    // this writes "4.7117×10⁸" (and "10⁸" for a mantissa of 1); other numbers as number().
    static QString powerOfTen(double value, int significant = 6);
};

} // namespace posenc

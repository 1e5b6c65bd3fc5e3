// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/temporal.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

// Words for "where does this number come from?": the formula with the numbers substituted,
// in the notation of the seed texts. Used by tooltips and the inspector.
class CellText
{
    Q_DECLARE_TR_FUNCTIONS(CellText)

public:
    // Several lines: position and column, which channel, w_i, the angle and the value.
    static QString explanation(const EncodingParams &params, const CellExplanation &cell);
    // "w_2 = 10000^(−4/128) = 0.749894" under the chosen convention.
    static QString frequencyFormula(const EncodingParams &params, int pair);
    // PE(p) · PE(q): the sum over columns and its closed form in the offset p − q.
    static QString similarity(const EncodingParams &params, double p, double q);
    // w_i, the wavelength, and how it compares with seq_len.
    static QString frequency(const EncodingParams &params, int pair);
    // Entry (row, column) of M_k and where it comes from.
    static QString rotationEntry(const EncodingParams &params, int row, int column);
    // sin or cos of 2π t / P for column `column` of the temporal encoding.
    static QString temporal(const TemporalParams &temporal, double step, int column);

    // Views with more positions or steps than pixels show means over boxes of them (a box
    // filter: sampling every s-th one would draw patterns that are not there). These say what
    // such a cell is: which box, its mean and the closed form behind it, then one member of the
    // box explained as above.
    // The heatmap pixel over the cell (pos, column): the box of rowsPerBox x columnsPerBox
    // cells holding it (boxes start at whole multiples of their size), its mean, then the cell.
    static QString cellBox(const EncodingParams &params, double pos, int column, int rowsPerBox, int columnsPerBox);
    // The similarity matrix cell of boxes boxA, boxB of positionsPerBox positions each.
    static QString similarityBox(const EncodingParams &params, int positionsPerBox, int boxA, int boxB, bool cosine);
    // The temporal map row holding `step`, a mean over stepsPerBox steps; the step alone for 1.
    static QString temporalRow(const TemporalParams &temporal, double step, int column, int stepsPerBox);

    // A number as shown to people: up to 6 significant digits, a true minus sign.
    static QString number(double value, int significant = 6);
    // The same number in one notation for formulas: where number() would write "4.7117e+08"
    // this writes "4.7117×10⁸" (and "10⁸" for a mantissa of 1); other numbers as number().
    static QString powerOfTen(double value, int significant = 6);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "ui/views/descriptiontext.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// The heatmap's words: Describe View and the inspector's account of a cell or of a pixel that
// is a mean over a box of cells.
class HeatmapText : private DescriptionText
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapText)

public:
    // Describe View and the accessible description: what the view shows, with its numbers.
    static QString describe(const EncodingState &state);
    // Several lines: position and column, which channel, w_i, the angle and the value.
    static QString explanation(const EncodingParams &params, const CellExplanation &cell);
    // A heatmap with more positions or columns than pixels shows means over boxes of them (a
    // box filter: sampling every s-th one would draw patterns that are not there). The pixel
    // over the cell (pos, column): the box of rowsPerBox x columnsPerBox cells holding it
    // (boxes start at whole multiples of their size), its mean, then the cell explained.
    static QString cellBox(const EncodingParams &params, double pos, int column, int rowsPerBox, int columnsPerBox);

private:
    // The layout, a lone or zero column of odd d_model, and the frequency convention.
    static QString conventionSentences(const EncodingParams &params);
};

} // namespace posenc

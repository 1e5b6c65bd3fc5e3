// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/heatmap/heatmaptext.h"

#include "core/boxaverage.h"
#include "core/channels.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace posenc {

QString HeatmapText::describe(const EncodingState &state)
{
    const EncodingParams &p = state.params();
    QStringList sentences;
    if (p.seqLen == 1)
        sentences << tr("The heatmap shows the positional encoding PE of the single position %1 "
                        "across %2 dimensions, with base %3 and scale %4.")
                         .arg(exact(p.start), count(p.dModel), exact(p.base), exact(p.scale));
    else
        sentences << tr("The heatmap shows the positional encoding PE for %1 positions (%2 to %3, "
                        "one row each) and %4 dimensions (one column each), with base %5 and "
                        "scale %6.")
                         .arg(count(p.seqLen), exact(p.start), exact(p.start + p.seqLen - 1),
                              count(p.dModel), exact(p.base), exact(p.scale));
    sentences << conventionSentences(p);
    // The state's cached range: the description never builds the whole matrix (512 MiB at the
    // largest size).
    const ValueRange range = state.valueRange();
    sentences << tr("Values range from %1 to %2.").arg(number(range.min), number(range.max));
    sentences << columnSentence(p, 0);
    // The last column that holds a sinusoid: the slowest one.
    int last = p.dModel - 1;
    if (channelOf(p, last).kind == Channel::Kind::Zero)
        --last;
    if (last > 0)
        sentences << columnSentence(p, last);
    sentences << markerSentence(p);
    return paragraph(sentences);
}

QString HeatmapText::explanation(const EncodingParams &params, const CellExplanation &cell)
{
    const QString pos = CellText::number(cell.position, 10);
    QStringList lines;
    lines << tr("pos = %1, dimension %2").arg(pos).arg(cell.column);
    if (cell.channel.kind == Channel::Kind::Zero) {
        lines << tr("This column is the zero column the split layout appends for odd d_model.")
              << tr("PE(%1, %2) = 0").arg(pos).arg(cell.column);
        return lines.join(QLatin1Char('\n'));
    }
    const int i = cell.channel.pair;
    const bool isSin = cell.channel.kind == Channel::Kind::Sin;
    const QString channel = !isSin ? tr("cos of pair i = %1")
                            : cosColumn(params, i) < 0 ? tr("sin of pair i = %1 (no cos partner: d_model is odd)")
                                                       : tr("sin of pair i = %1");
    lines << channel.arg(i) << CellText::frequencyFormula(params, i)
          << tr("angle = pos · w_%1 = %2 × %3 = %4 rad")
                 .arg(QString::number(i), pos, CellText::number(cell.frequency), CellText::number(cell.angle))
          << tr("PE(%1, %2) = scale · %3(angle) = %4 × %3(%5) = %6")
                 .arg(pos, QString::number(cell.column),
                      isSin ? QStringLiteral("sin") : QStringLiteral("cos"), CellText::number(params.scale),
                      CellText::number(cell.angle), CellText::number(cell.value));
    return lines.join(QLatin1Char('\n'));
}

QString HeatmapText::cellBox(const EncodingParams &params, double pos, int column, int rowsPerBox, int columnsPerBox)
{
    const CellExplanation cell = explainCell(params, pos, column);
    const int row = int(std::floor(pos - params.start));
    const int rows = std::max(1, rowsPerBox);
    const int columns = std::max(1, columnsPerBox);
    if ((rows == 1 && columns == 1) || row < 0 || row >= params.seqLen || column < 0 || column >= params.dModel)
        return explanation(params, cell);
    BoxGrid grid;
    grid.firstRow = row / rows * rows;
    grid.rowCount = std::min(rows, params.seqLen - grid.firstRow);
    grid.rowsPerBox = rows;
    grid.firstColumn = column / columns * columns;
    grid.columnCount = std::min(columns, params.dModel - grid.firstColumn);
    grid.columnsPerBox = columns;
    const double mean = encodingBoxAverage(params, grid)(0, 0);
    QStringList lines;
    lines << tr("This pixel of the heatmap is a mean, not one cell: the mean of PE over positions %1 … %2 "
                "and dimensions %3 … %4 (%5 cells) = %6.")
                 .arg(CellText::number(params.start + grid.firstRow, 10),
                      CellText::number(params.start + grid.firstRow + grid.rowCount - 1, 10),
                      QString::number(grid.firstColumn), QString::number(grid.firstColumn + grid.columnCount - 1),
                      QString::number(grid.rowCount * grid.columnCount), CellText::number(mean));
    lines << tr("The matrix has more cells than the plot has pixels; one cell of every box would draw "
                "stripes that are not in the encoding. Zoom in to see every cell.");
    lines << tr("The cell under the pointer:");
    lines << explanation(params, cell);
    return lines.join(QLatin1Char('\n'));
}

QString HeatmapText::conventionSentences(const EncodingParams &p)
{
    QStringList sentences;
    const int n = frequencyCount(p);
    if (p.layout == Layout::Interleaved) {
        sentences << tr("The layout is interleaved: column 2i holds the sine of pair i and column "
                        "2i + 1 its cosine.");
    } else {
        sentences << tr("The layout is split: columns %1 to %2 hold the sines and columns %3 to %4 "
                        "the cosines.")
                         .arg(index(sinColumn(p, 0)), index(sinColumn(p, n - 1)),
                              index(cosColumn(p, 0)), index(cosColumn(p, pairCount(p) - 1)));
    }
    if (const int lone = loneColumn(p); lone >= 0)
        sentences << tr("Column %1 is the sine of the last frequency and has no cosine partner, "
                        "because d_model is odd.")
                         .arg(index(lone));
    else if (channelOf(p, p.dModel - 1).kind == Channel::Kind::Zero)
        sentences << tr("The last column, %1, is zero: with an odd d_model the split layout has no "
                        "pair for it.")
                         .arg(index(p.dModel - 1));
    if (p.frequencies == FrequencyConvention::Paper)
        sentences << tr("The frequencies follow the paper, w_i = base^(−2i/d_model): the "
                        "wavelengths grow geometrically from 2π towards 2π · base.");
    else
        sentences << tr("The frequencies follow tensor2tensor, w_i = exp(−i · ln(base)/(n − 1)): "
                        "the wavelengths grow geometrically from 2π to exactly 2π · base.");
    return paragraph(sentences);
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/encoding.h"

#include <optional>

class QCPColorMap;
class QCustomPlot;

namespace posenc {

// A matrix drawn as a QCPColorMap whose cost follows the pixels, not the matrix: keys are
// columns 0 .. columns - 1 (x), values are rows at rowOrigin + r (y). Where the visible part
// has more cells than the plot has device pixels, the map holds one value per box of cells
// (what that value is, a mean or a worst case, is the caller's: core computes it for the grid).
namespace BoxedColorMap {

// A view that is never shown on a screen is being rendered into a figure (FigureExport sets
// Qt::WA_DontShowOnScreen): its map then holds up to this many boxes per axis whatever the
// widget's size, enough for a 180 mm wide figure at 300 DPI, since the page has several dots
// per pixel of the laid-out widget. So does a view not laid out yet.
constexpr int kFigureBoxesPerAxis = 2048;

// The boxes of the cells that the axis ranges of `plot` (xAxis: columns, yAxis: rows) meet, at
// most one box per device pixel and at least one whole pixel per box (a box of 1.5 cells per
// pixel would drop a third of them), each box starting at a whole multiple of its size so
// that boxes do not shift as the view pans. Nothing when no cell is in view.
std::optional<BoxGrid> visibleGrid(const QCustomPlot *plot, int rows, int columns, double rowOrigin);

// Puts `boxes` ([grid.rows(), grid.columns()]) into the map's data, one crisp block per box.
void setBoxes(QCPColorMap *map, const RowMatrixXd &boxes, const BoxGrid &grid, double rowOrigin);

} // namespace BoxedColorMap

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/encoding.h"

#include <QList>
#include <QRectF>

#include <QPointF>
#include <QString>

#include <functional>
#include <optional>
#include <utility>

class QCPAxisRect;
class QCPColorMap;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPRange;
class QCustomPlot;

namespace posenc {

// A matrix drawn as a QCPColorMap whose cost follows the pixels, not the matrix: keys are
// columns 0 .. columns - 1 (x), values are rows at rowOrigin + r (y). Where the visible part
// has more cells than the plot has device pixels, the map holds one value per box of cells
// (what that value is, a mean or a worst case, is the caller's: core computes it for the grid).
namespace BoxedColorMap {

// A view drawn for a file (PlotStyle::isDrawnForFile: a figure, a screenshot): its map then
// holds up to this many boxes per axis whatever the widget's size, enough for a 180 mm wide
// figure at 300 DPI, since the page has several dots per pixel of the laid-out widget. So
// does a view not laid out yet.
constexpr int kFigureBoxesPerAxis = 2048;

// The boxes of the cells that the axis ranges of `plot` (xAxis: columns, yAxis: rows) meet, at
// most one box per device pixel and at least one whole pixel per box (a box of 1.5 cells per
// pixel would drop a third of them), each box starting at a whole multiple of its size so
// that boxes do not shift as the view pans. Nothing when no cell is in view.
std::optional<BoxGrid> visibleGrid(const QCustomPlot *plot, int rows, int columns, double rowOrigin);

// Puts `boxes` ([grid.rows(), grid.columns()]) into the map's data, one crisp block per box.
void setBoxes(QCPColorMap *map, const RowMatrixXd &boxes, const BoxGrid &grid, double rowOrigin);
// The same with the boxes written by `fill` into a buffer of grid.rows() * grid.columns()
// values, row-major: the map's own cells where their layout is the boxes' (the common case),
// so that core can compute straight into them.
void setBoxes(QCPColorMap *map, const BoxGrid &grid, double rowOrigin, const std::function<void(double *)> &fill);

// The cell (row from 0, column) of a [rows, columns] matrix drawn as above under the widget
// pixel `pixel` of `plot`, if the pixel is inside the axis rect and on a cell.
std::optional<std::pair<int, int>> cellAt(const QCustomPlot *plot, const QPointF &pixel, int rows, int columns,
                                          double rowOrigin);

} // namespace BoxedColorMap

// What stays readable over every colour of a map: a dark outline with a light core. Both
// markers below are drawn that way, on the plot's buffered "overlay" layer.

// An outline around one cell (or box) of a colour map: the cell the inspector explains.
class CellHighlight
{
public:
    // On the axes of `rect` (a plot with several maps), else on the plot's own.
    explicit CellHighlight(QCustomPlot *plot, QCPAxisRect *rect = nullptr);

    // Around keys [keys.lower, keys.upper] and values [values.lower, values.upper] (axis
    // coordinates: a cell c spans c - 0.5 .. c + 0.5).
    void show(const QCPRange &keys, const QCPRange &values);
    void hide();
    bool isVisible() const;
    // The outlined rectangle in axis coordinates (left, top = smallest key and value).
    QRectF rect() const;

private:
    QCPItemRect *m_outline;
    QCPItemRect *m_core;
};

// A horizontal line across a colour map at one row (pos or pos + k), with its label outside
// the cells, right of the axis rect, at the line's height ("pos = 10"). The plot's right
// margin makes room for the labels (call reserveMargin() before a layout, placeLabels() after
// one and after moving a marker).
class RowMarker
{
public:
    RowMarker(QCustomPlot *plot, Qt::PenStyle coreStyle);

    void setRow(double row);
    double row() const { return m_row; }
    void setText(const QString &text);
    QString text() const;
    void setVisible(bool visible);
    bool isVisible() const;
    QCPItemStraightLine *line() const { return m_core; }
    QCPItemText *label() const { return m_label; }

    // The right margin of the axis rect that the labels of `markers` need.
    static void reserveMargin(QCustomPlot *plot, const QList<RowMarker *> &markers);
    // The labels beside their lines, hidden where the line is outside the axis rect; a label
    // that would overlap the previous one moves away from it.
    static void placeLabels(QCustomPlot *plot, const QList<RowMarker *> &markers);

private:
    QCPItemStraightLine *m_outline;
    QCPItemStraightLine *m_core;
    QCPItemText *m_label;
    double m_row = 0;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/encodingparams.h"

#include <QWidget>

#include <optional>
#include <utility>

class QCPColorMap;
class QCPColorScale;
class QCPItemStraightLine;
class QCustomPlot;
class QMouseEvent;

namespace posenc {

class EncodingState;

// The encoding matrix as an image: one crisp cell per (position, dimension), rows are
// positions from start downwards, columns are dimensions. A diverging colour map with a
// range symmetric about zero, so white is exactly 0. Hovering a cell explains its value.
// Where the visible part of the matrix has more cells than the plot has device pixels, the
// map holds box averages of the cells instead, at most one box per pixel (see fitMap), so
// that its cost follows the pixels and not the matrix.
class HeatmapView : public QWidget
{
    Q_OBJECT

public:
    explicit HeatmapView(EncodingState *state, QWidget *parent = nullptr);

    QCustomPlot *plot() const { return m_plot; }
    QCPColorMap *colorMap() const { return m_map; }
    QCPColorScale *colorScale() const { return m_scale; }

    // The explanation shown when hovering the cell at matrix row `row`, column `column`.
    QString cellToolTip(int row, int column) const;

    // Rebuilds the plot from the state (called on every change while visible).
    void refresh();

    // What the colour map holds: the block of the matrix and its boxes (1 x 1 boxes are the
    // cells themselves).
    const BoxGrid &mapGrid() const { return m_mapGrid; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onStateChanged();
    void onMouseMove(QMouseEvent *event);
    void onMousePress(QMouseEvent *event);
    // The matrix cell under a pixel, if any.
    std::optional<std::pair<int, int>> cellAt(const QPointF &pixel) const;
    // Makes the colour map hold the visible block of the matrix at the plot's resolution.
    void fitMap();

    EncodingState *m_state;
    QCustomPlot *m_plot;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPItemStraightLine *m_posLine;
    QCPItemStraightLine *m_shiftedLine;
    bool m_dirty = true;
    std::optional<EncodingParams> m_shownParams; // what the plot shows
    std::optional<EncodingParams> m_mapParams;   // what the colour map was computed for
    BoxGrid m_mapGrid;
};

} // namespace posenc

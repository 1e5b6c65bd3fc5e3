// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/encodingparams.h"

#include <QList>
#include <QWidget>

#include <optional>
#include <utility>

class QCheckBox;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QMouseEvent;

namespace posenc {

class CellHighlight;
class EncodingState;
class RowMarker;

// The encoding matrix as an image: one crisp cell per (position, dimension), rows are
// positions from start downwards, columns are dimensions (all of them, or the chosen ones
// only: --heatmap-dims). A diverging colour map with a range symmetric about zero, so white
// is exactly 0. Hovering a cell explains its value; the clicked one is outlined. The rows
// pos and pos + k are marked by labelled lines, visible on every colour.
// Where the visible part of the matrix has more cells than the plot has device pixels, the
// map holds box averages of the cells instead, at most one box per pixel (see fitMap), so
// that its cost follows the pixels and not the matrix; a note above the map says so.
class HeatmapView : public QWidget
{
    Q_OBJECT

public:
    // At most this many chosen columns (--heatmap-dims): each is a column of cells wide
    // enough to read.
    static constexpr int kMaxColumns = 64;

    explicit HeatmapView(EncodingState *state, QWidget *parent = nullptr);
    ~HeatmapView() override;

    QCustomPlot *plot() const { return m_plot; }
    QCPColorMap *colorMap() const { return m_map; }
    QCPColorScale *colorScale() const { return m_scale; }
    // The line of pos and of pos + k, with their labels.
    RowMarker *positionMarker() const { return m_posMarker; }
    RowMarker *shiftedMarker() const { return m_shiftedMarker; }
    // The outline of the cell the inspector explains.
    CellHighlight *cellHighlight() const { return m_highlight; }
    // "each pixel: the mean of …" above the map, empty when each pixel is one cell.
    QString boxNote() const;
    QCheckBox *onlyDimensionsBox() const { return m_onlyDims; }
    QLineEdit *dimensionsEdit() const { return m_dimsEdit; }
    QLabel *zoomHint() const { return m_hint; }

    // The dimensions the map's columns 0, 1, ... show, in order.
    const QList<int> &shownDimensions() const { return m_columns; }

    // The explanation shown when hovering the cell at matrix row `row`, map column `column`.
    QString cellToolTip(int row, int column) const;

    // Rebuilds the plot from the state (called on every change while visible).
    void refresh();
    // The axes back to the whole matrix (double-click, the context menu, Reset All).
    void resetZoom();

    // What the colour map holds: the block of the matrix and its boxes (1 x 1 boxes are the
    // cells themselves); its columns are those of shownDimensions().
    const BoxGrid &mapGrid() const { return m_mapGrid; }

protected:
    void showEvent(QShowEvent *event) override;
    bool event(QEvent *event) override;

private:
    void onStateChanged();
    void onMouseMove(QMouseEvent *event);
    void onMousePress(QMouseEvent *event);
    // The dimension filter typed in the bar, into the state (or refused with the reason).
    // The entry's list, or nothing: then the entry is red and says why (tool tip).
    std::optional<QList<int>> chosenDimensions();
    void applyDimensionFilter();
    // The matrix cell under a pixel, if any: (row, map column).
    std::optional<std::pair<int, int>> cellAt(const QPointF &pixel) const;
    // Makes the colour map hold the visible block of the matrix at the plot's resolution.
    void fitMap();
    void moveMarkers();
    void moveHighlight();
    // The bar (filter, zoom hint) on screen only, never in a figure.
    void updateBar();

    EncodingState *m_state;
    QWidget *m_bar;
    QCheckBox *m_onlyDims;
    QLineEdit *m_dimsEdit;
    QString m_dimsTip; // the entry's tool tip while its list is valid (else: why it is not)
    QLabel *m_hint;
    QCustomPlot *m_plot;
    QCPTextElement *m_note;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    RowMarker *m_posMarker;
    RowMarker *m_shiftedMarker;
    CellHighlight *m_highlight;
    bool m_dirty = true;
    QList<int> m_columns; // the dimension of each map column
    struct Shown {
        EncodingParams params;
        QList<int> columns;
        bool operator==(const Shown &) const = default;
    };
    std::optional<Shown> m_shown; // what the plot shows
    std::optional<Shown> m_mapShown; // what the colour map was computed for
    BoxGrid m_mapGrid;
};

} // namespace posenc

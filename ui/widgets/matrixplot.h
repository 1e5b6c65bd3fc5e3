// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "ui/widgets/plot.h"

#include <QStringList>
#include <qcustomplot.h>

#include <optional>
#include <utility>

namespace posenc {

class CellHighlight;

// One small matrix of a lab (the attention lab's scores and weights, the ViT lab's patch grids):
// crisp cells (no interpolation), a title above, a colour bar on the right, tokens or integers
// as the tick labels. Rows are drawn top to bottom.
class MatrixPlot : public Plot
{
    Q_OBJECT

public:
    // How the colour bar fits the values: Signed, symmetric about 0 (white is exactly 0) up
    // to the largest magnitude; Unit, [0, 1] (attention weights).
    enum class Range { Signed, Unit };

    explicit MatrixPlot(Range range, QWidget *parent = nullptr);
    ~MatrixPlot() override;

    void setTitle(const QString &title);
    QString title() const;
    void setScaleLabel(const QString &label);
    // `values` [rows x columns]; empty labels: integer ticks. A signed matrix whose largest
    // magnitude is below `floor` is drawn on ±floor, so that rounding noise stays white.
    void setMatrix(const RowMatrixXd &values, const QStringList &rowLabels, const QStringList &columnLabels,
                   double floor = 0);
    const RowMatrixXd &matrix() const { return m_values; }
    QCPColorMap *colorMap() const { return m_map; }
    QCPColorScale *colorScale() const { return m_scale; }
    QSize minimumSizeHint() const override;
    // In a figure the page decides the size: no minimum of its own.
    void setFigure(bool figure);
    // The largest |entry| of `m` (0 for an empty one): the half-width of a symmetric range.
    static double largestMagnitude(const RowMatrixXd &m) { return m.size() == 0 ? 0.0 : m.cwiseAbs().maxCoeff(); }
    // The colour bar's range now.
    QCPRange dataRange() const;
    // A range given by the caller instead of the one `Range` fits (two grids on one scale);
    // nothing: back to fitting. Takes effect at the next setMatrix().
    void setGivenRange(std::optional<QCPRange> range) { m_given = range; }
    // Square cells (an image's patches): the axes keep one scale, the rest of the plot empty.
    // Cells named by tokens may widen to half again their height, for their labels.
    void setSquareCells(bool square);
    // The last row's label kept however few labels fit (a mean under its tokens): the rows
    // labelled are counted from it. Takes effect at the next setMatrix().
    void setLastRowLabelled(bool kept) { m_lastRowLabelled = kept; }

    // The cell under a pixel (row, column), if any.
    std::optional<std::pair<int, int>> cellAt(const QPointF &pixel) const;
    // Outlines one cell (the inspected one), or none.
    void highlight(std::optional<std::pair<int, int>> cell);

signals:
    void cellClicked(int row, int column);

private:
    void keepCellsSquare();
    // Labels every s-th token of each axis, s as small as keeps the labels apart at the axes'
    // length now; whether a stride changed.
    bool labelTokens();

    Range m_range;
    QCPTextElement *m_title;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    CellHighlight *m_highlight;
    RowMatrixXd m_values;
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    std::optional<QCPRange> m_given;
    bool m_square = false;
    QMargins m_padding; // what keepCellsSquare() adds to the axis rect's natural margins
    int m_titleTop = 0; // and above the title
    QMargins m_titleMargins;
    double m_floor = 0;     // the floor of the matrix drawn
    QString m_drawnTitle;   // the title when the matrix was last drawn
    std::optional<QCPRange> m_drawnGiven; // and the given range
    bool m_figure = false;
    int m_line = 0; // the tick labels' line height the minimum size was last given for
    int m_columnStride = 1; // every how many tokens an axis labels one (labelTokens)
    int m_rowStride = 1;
    bool m_lastRowLabelled = false;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/heatmap/heatmapview.h"

#include "core/encoding.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/plotstyle.h"
#include "ui/views/celltext.h"

#include <qcustomplot.h>

#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

// Whether two parameter sets give the same matrix: the probe position and the offset k only
// move the two marker lines.
bool sameMatrix(const EncodingParams &a, const EncodingParams &b)
{
    return a.dModel == b.dModel && a.seqLen == b.seqLen && a.base == b.base && a.scale == b.scale
           && a.start == b.start && a.layout == b.layout && a.frequencies == b.frequencies;
}

} // namespace

HeatmapView::HeatmapView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_plot(new QCustomPlot(this))
{
    setAccessibleName(tr("Heatmap of the encoding"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    PlotStyle::applyDefaults(m_plot);

    m_plot->xAxis->setLabel(tr("dimension (column of PE)"));
    m_plot->yAxis->setLabel(tr("position pos"));
    m_plot->yAxis->setRangeReversed(true); // position `start` at the top, as in the matrix
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false); // one crisp block per value, never a blur

    m_scale = new QCPColorScale(m_plot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("PE value"));
    m_scale->setGradient(PlotStyle::diverging());
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

    auto makeLine = [this](const QColor &color) {
        auto *line = new QCPItemStraightLine(m_plot);
        line->setPen(QPen(color, 1.5, Qt::DashLine));
        line->setSelectable(false);
        return line;
    };
    m_posLine = makeLine(Qt::black);
    m_shiftedLine = makeLine(QColor(0x66, 0x66, 0x66));
    // The markers on QCustomPlot's buffered overlay layer: moving pos or k redraws that layer
    // alone, not the map under it.
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmBuffered);
    m_posLine->setLayer(QStringLiteral("overlay"));
    m_shiftedLine->setLayer(QStringLiteral("overlay"));
    // After every layout (resize, zoom, pan) and before drawing: the map at the new resolution.
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapView::fitMap);

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapView::onMousePress);
    connect(m_state, &EncodingState::changed, this, &HeatmapView::onStateChanged);
    refresh();
}

void HeatmapView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void HeatmapView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void HeatmapView::refresh()
{
    m_dirty = false;
    const EncodingParams &p = m_state->params();
    const bool matrixChanged = !m_shownParams || !sameMatrix(*m_shownParams, p);
    m_shownParams = p;
    m_posLine->point1->setCoords(0, p.position);
    m_posLine->point2->setCoords(1, p.position);
    m_shiftedLine->point1->setCoords(0, p.position + p.offset);
    m_shiftedLine->point2->setCoords(1, p.position + p.offset);
    if (!matrixChanged) {
        m_plot->layer(QStringLiteral("overlay"))->replot();
        return;
    }

    const double extent = p.scale != 0 ? std::abs(p.scale) : 1.0;
    m_scale->setDataRange(QCPRange(-extent, extent));
    m_plot->xAxis->setRange(-0.5, p.dModel - 0.5);
    m_plot->yAxis->setRange(p.start - 0.5, p.start + p.seqLen - 0.5);
    fitMap();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::fitMap()
{
    if (!m_shownParams)
        return;
    const EncodingParams &p = *m_shownParams;

    const auto visible = BoxedColorMap::visibleGrid(m_plot, p.seqLen, p.dModel, p.start);
    if (!visible)
        return; // nothing of the matrix is in view: keep what the map holds
    const BoxGrid &grid = *visible;
    if (m_mapParams && sameMatrix(*m_mapParams, p) && m_mapGrid == grid)
        return;
    m_mapParams = p;
    m_mapGrid = grid;

    // How aliasing is handled: each map cell is the mean of the matrix cells in its box (a
    // box filter, computed in closed form along positions, see encodingBoxAverage), never
    // every s-th cell. Sampling would alias: the fastest dimensions have a wavelength of 2π
    // positions, and every 24th position of them draws slow stripes that are not in the
    // matrix; their mean over a box is honestly near 0 (white). QCustomPlot then draws one
    // block per box without interpolation, so a box covers one device pixel or a little more
    // and nothing is dropped.
    BoxedColorMap::setBoxes(m_map, encodingBoxAverage(p, grid), grid, p.start);
}

QString HeatmapView::cellToolTip(int row, int column) const
{
    // What the pixel shows: the mean of its box of cells where cells are smaller than pixels.
    const EncodingParams &p = m_state->params();
    return CellText::cellBox(p, p.start + row, column, m_mapGrid.rowsPerBox, m_mapGrid.columnsPerBox);
}

std::optional<std::pair<int, int>> HeatmapView::cellAt(const QPointF &pixel) const
{
    const EncodingParams &p = m_state->params();
    const int column = int(std::lround(m_plot->xAxis->pixelToCoord(pixel.x())));
    const int row = int(std::lround(m_plot->yAxis->pixelToCoord(pixel.y()) - p.start));
    if (!m_plot->axisRect()->rect().contains(pixel.toPoint()) || column < 0 || column >= p.dModel
        || row < 0 || row >= p.seqLen)
        return std::nullopt;
    return std::make_pair(row, column);
}

void HeatmapView::onMouseMove(QMouseEvent *event)
{
    const auto cell = cellAt(event->position());
    if (!cell) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), cellToolTip(cell->first, cell->second), m_plot);
}

void HeatmapView::onMousePress(QMouseEvent *event)
{
    if (const auto cell = cellAt(event->position()))
        m_state->setInspection({Inspection::Kind::Cell, m_state->params().start + cell->first,
                                double(cell->second), m_mapGrid.rowsPerBox, m_mapGrid.columnsPerBox});
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/heatmapview.h"

#include "core/encoding.h"
#include "ui/encodingstate.h"
#include "ui/plotstyle.h"
#include "ui/celltext.h"

#include <qcustomplot.h>

#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace posenc {

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
    const RowMatrixXd &pe = m_state->encoding();

    // QCustomPlot places cell centres at the ends of the data range, so a single row has no
    // extent; it is drawn as two identical half-height rows instead.
    const bool singleRow = p.seqLen == 1;
    QCPColorMapData *data = m_map->data();
    data->setSize(p.dModel, singleRow ? 2 : p.seqLen);
    data->setRange(QCPRange(0, p.dModel - 1),
                   singleRow ? QCPRange(p.start - 0.25, p.start + 0.25)
                             : QCPRange(p.start, p.start + p.seqLen - 1));
    for (int r = 0; r < data->valueSize(); ++r) {
        const int source = singleRow ? 0 : r;
        for (int c = 0; c < p.dModel; ++c)
            data->setCell(c, r, pe(source, c));
    }
    const double extent = p.scale != 0 ? std::abs(p.scale) : 1.0;
    m_scale->setDataRange(QCPRange(-extent, extent));

    m_plot->xAxis->setRange(-0.5, p.dModel - 0.5);
    m_plot->yAxis->setRange(p.start - 0.5, p.start + p.seqLen - 0.5);
    m_posLine->point1->setCoords(0, p.position);
    m_posLine->point2->setCoords(1, p.position);
    m_shiftedLine->point1->setCoords(0, p.position + p.offset);
    m_shiftedLine->point2->setCoords(1, p.position + p.offset);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString HeatmapView::cellToolTip(int row, int column) const
{
    const EncodingParams &p = m_state->params();
    return CellText::explanation(p, explainCell(p, p.start + row, column));
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
                                double(cell->second)});
}

} // namespace posenc

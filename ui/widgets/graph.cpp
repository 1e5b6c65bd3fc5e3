// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/graph.h"

#include "ui/widgets/polyline.h"

#include <cmath>

namespace posenc {

Graph::Graph(QCPAxis *keyAxis, QCPAxis *valueAxis) : QCPGraph(keyAxis, valueAxis) {}

Graph *Graph::add(QCustomPlot *plot, QCPAxis *keyAxis, QCPAxis *valueAxis)
{
    auto *graph = new Graph(keyAxis ? keyAxis : plot->xAxis, valueAxis ? valueAxis : plot->yAxis);
    graph->setName(QStringLiteral("Graph %1").arg(plot->graphCount()));
    return graph;
}

void Graph::drawLinePlot(QCPPainter *painter, const QVector<QPointF> &lines) const
{
    // A translucent line is drawn as given: QCustomPlot draws each segment on its own, and
    // where they overlap the colour is laid on twice, so fewer segments would lighten it.
    // Pixels only: Qt's raster engine (a widget, an image, a pixmap). QCustomPlot marks a PDF
    // painter as vectorized, not one it is handed (toPainter: SVG, a QPicture, a printer).
    // The tolerance in units of `lines`: the painter's scale (an export at another resolution)
    // and the device's pixel ratio, as device pixels per unit.
    const QPaintEngine *engine = painter->paintEngine();
    const double scale = std::sqrt(std::abs(painter->deviceTransform().determinant()));
    if (lines.size() < 3 || mLineStyle != lsLine || painter->modes().testFlag(QCPPainter::pmVectorized)
        || !engine || engine->type() != QPaintEngine::Raster || painter->pen().color().alpha() < 255
        || !(scale > 0)) {
        QCPGraph::drawLinePlot(painter, lines);
        return;
    }
    QCPGraph::drawLinePlot(painter, simplifyPolyline(lines, kTolerancePixels / scale));
}

} // namespace posenc

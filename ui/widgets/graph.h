// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace posenc {

// A graph whose line, painted on pixels, is drawn through fewer points where that moves it by
// a tenth of a device pixel at most: the points within that distance of the line drawn
// without them are left out (simplifyPolyline). The cost of a line 2 or 3
// pixels wide is per segment (0.7 us in Qt's rasteriser, docs/performance.md), and a curve
// sampled at every position has several segments per pixel where it is nearly straight: a
// spectrum's flat floor, the frequency ladder on its logarithmic axis. Vector output (PDF,
// SVG, printing) gets every point, as does a graph drawn as steps or impulses, or with a
// translucent pen (whose overlapping segments show).
//
// Graph::add() makes one as QCustomPlot::addGraph() does: on the plot's x and y axes unless
// given others, named "Graph n".
class Graph : public QCPGraph
{
    Q_OBJECT

public:
    Graph(QCPAxis *keyAxis, QCPAxis *valueAxis);
    static Graph *add(QCustomPlot *plot, QCPAxis *keyAxis = nullptr, QCPAxis *valueAxis = nullptr);

    // The tolerance, in device pixels.
    static constexpr double kTolerancePixels = 0.1;

protected:
    void drawLinePlot(QCPPainter *painter, const QVector<QPointF> &lines) const override;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <functional>

namespace posenc {

// A graph whose line, painted on pixels, is drawn through fewer points where that moves it by
// a tenth of a device pixel at most: the points within that distance of the line drawn
// without them are left out (simplifyPolyline). Qt's rasteriser pays for a line 2 or 3
// pixels wide per segment, and a curve
// sampled at every position has several segments per pixel where it is nearly straight: a
// spectrum's flat floor, the frequency ladder on its logarithmic axis. Vector output (PDF,
// SVG, printing) gets every point, as does a graph drawn as steps or impulses, or with a
// translucent pen (whose overlapping segments show). A dashed line on pixels is drawn a
// segment at a time, its pattern carried from one to the next (drawDashed).
//
// A graph may also be a band: a series denser than the pixels given as its envelope, the
// largest value of each run of samples as the graph's data and the smallest as `lows`
// (core's minMaxEnvelope). Each run is drawn as one box from its smallest to its largest
// value, as wide as the run and at least a device pixel tall, in the brush's colour: on
// pixels, rectangles aligned to the pixel columns, each pixel painted once; in vector output
// (PDF, SVG) one stepped outline. Drawn as a polygon between the two edges instead, each
// scanline crosses thousands of near-vertical edges: seconds at 3840 x 2160.
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

    // Draws the graph as the band between `lows` and its data, one low per data point (in
    // the data's order); empty lows: a graph again.
    void setBandLows(const QVector<double> &lows);
    bool isBand() const { return !m_lows.isEmpty(); }
    const QVector<double> &bandLows() const { return m_lows; }

    QCPRange getValueRange(bool &foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange &inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter *painter) override;
    void drawLinePlot(QCPPainter *painter, const QVector<QPointF> &lines) const override;

private:
    void drawBand(QCPPainter *painter) const;
    void drawBandPixels(QCPPainter *painter, int from, int to, const std::function<QRectF(int)> &box) const;
    static void drawDashed(QCPPainter *painter, const QVector<QPointF> &lines);

    QVector<double> m_lows;
};

} // namespace posenc

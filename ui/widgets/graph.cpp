// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/graph.h"

#include "ui/widgets/polyline.h"

#include <algorithm>
#include <cmath>

namespace posenc {

Graph::Graph(QCPAxis *keyAxis, QCPAxis *valueAxis) : QCPGraph(keyAxis, valueAxis) {}

Graph *Graph::add(QCustomPlot *plot, QCPAxis *keyAxis, QCPAxis *valueAxis)
{
    auto *graph = new Graph(keyAxis ? keyAxis : plot->xAxis, valueAxis ? valueAxis : plot->yAxis);
    graph->setName(QStringLiteral("Graph %1").arg(plot->graphCount()));
    return graph;
}

void Graph::setBandLows(const QVector<double> &lows)
{
    m_lows = lows;
}

QCPRange Graph::getValueRange(bool &foundRange, QCP::SignDomain inSignDomain, const QCPRange &inKeyRange) const
{
    QCPRange range = QCPGraph::getValueRange(foundRange, inSignDomain, inKeyRange);
    if (!isBand())
        return range;
    const bool anyKey = inKeyRange == QCPRange();
    int i = 0;
    for (auto it = mDataContainer->constBegin(); it != mDataContainer->constEnd() && i < m_lows.size(); ++it, ++i) {
        const double low = m_lows[i];
        if ((!anyKey && !inKeyRange.contains(it->key)) || !std::isfinite(low)
            || (inSignDomain == QCP::sdPositive && low <= 0) || (inSignDomain == QCP::sdNegative && low >= 0))
            continue;
        if (!foundRange)
            range = QCPRange(low, low);
        range.expand(low);
        foundRange = true;
    }
    return range;
}

void Graph::draw(QCPPainter *painter)
{
    if (isBand() && mKeyAxis && mValueAxis)
        drawBand(painter);
    else
        QCPGraph::draw(painter);
}

void Graph::drawBand(QCPPainter *painter) const
{
    const int count = int(std::min<qsizetype>(mDataContainer->size(), m_lows.size()));
    if (count == 0)
        return;
    const QCPAxis *keyAxis = mKeyAxis.data(), *valueAxis = mValueAxis.data();
    // The runs in view, one beyond on each side so that the first and last boxes reach the edges.
    const QCPRange keys = keyAxis->range();
    const auto begin = mDataContainer->constBegin();
    auto first = std::lower_bound(begin, begin + count, keys.lower,
                                  [](const QCPGraphData &d, double key) { return d.key < key; });
    auto last = std::upper_bound(begin, begin + count, keys.upper,
                                 [](double key, const QCPGraphData &d) { return key < d.key; });
    const int from = int(std::max<qsizetype>(0, first - begin - 1));
    const int to = int(std::min<qsizetype>(count, last - begin + 1));
    const double scale = std::sqrt(std::abs(painter->deviceTransform().determinant()));
    const double onePixel = scale > 0 ? 1 / scale : 1; // a device pixel in painter units
    const auto x = [&](int i) { return keyAxis->coordToPixel((begin + i)->key); };
    // A box spans from halfway to the run before to halfway to the run after.
    const auto edge = [&](int i) {
        if (i <= 0)
            return x(0) - 0.5 * (count > 1 ? x(1) - x(0) : 1.0);
        if (i >= count)
            return x(count - 1) + 0.5 * (count > 1 ? x(count - 1) - x(count - 2) : 1.0);
        return 0.5 * (x(i - 1) + x(i));
    };
    const std::function<QRectF(int)> box = [&](int i) {
        double top = valueAxis->coordToPixel((begin + i)->value), bottom = valueAxis->coordToPixel(m_lows[i]);
        if (top > bottom)
            std::swap(top, bottom);
        if (bottom - top < onePixel) {
            const double middle = 0.5 * (top + bottom);
            top = middle - 0.5 * onePixel;
            bottom = middle + 0.5 * onePixel;
        }
        double left = edge(i), right = edge(i + 1);
        if (left > right)
            std::swap(left, right);
        return QRectF(QPointF(left, top), QPointF(right, bottom));
    };
    painter->save();
    painter->setPen(Qt::NoPen);
    painter->setBrush(mBrush.style() == Qt::NoBrush ? QBrush(mPen.color()) : mBrush);
    if (painter->modes().testFlag(QCPPainter::pmVectorized) || !painter->paintEngine()
        || painter->paintEngine()->type() != QPaintEngine::Raster) {
        // One outline: the tops from left to right, the bottoms back.
        QPolygonF outline;
        for (int i = from; i < to; ++i) {
            const QRectF r = box(i);
            outline << r.topLeft() << r.topRight();
        }
        for (int i = to - 1; i >= from; --i) {
            const QRectF r = box(i);
            outline << r.bottomRight() << r.bottomLeft();
        }
        painter->setAntialiasing(true);
        painter->drawPolygon(outline);
    } else {
        drawBandPixels(painter, from, to, box);
    }
    painter->restore();
}

namespace {

// The image the bands are written into, kept between draws and left clear after each: a
// fresh image of the plot's size for every band (hundreds of megabytes at 8K) would cost most
// of a replot in page faults and clearing. Painting is on the GUI thread only.
QImage &bandScratch(QSize atLeast)
{
    static QImage scratch;
    if (scratch.width() < atLeast.width() || scratch.height() < atLeast.height()) {
        scratch = QImage(atLeast.expandedTo(scratch.size()), QImage::Format_ARGB32_Premultiplied);
        scratch.fill(0);
    }
    return scratch;
}

} // namespace

// The boxes written into an image of device pixels, then laid on the painter at once: a
// translucent box filled by the painter costs Qt a blend of its own (3.8 s for the 21600
// boxes of six bands at 3840 x 2160), the image one blend of the band's bounding rectangle.
void Graph::drawBandPixels(QCPPainter *painter, int from, int to, const std::function<QRectF(int)> &box) const
{
    const QTransform toDevice = painter->deviceTransform();
    const double ratio = painter->device()->devicePixelRatioF();
    const QRect area = toDevice.mapRect(QRectF(mKeyAxis->axisRect()->rect())).toAlignedRect()
                           .intersected(QRect(QPoint(0, 0), QSize(painter->device()->width(), painter->device()->height()) * ratio));
    if (area.isEmpty() || toDevice.isRotating())
        return;
    QImage &image = bandScratch(area.size());
    const QRgb pixel = qPremultiply(painter->brush().color().rgba());
    // Rows through bits() once: scanLine() on a non-const image checks for a detach each call.
    auto *bits = reinterpret_cast<QRgb *>(image.bits());
    const qsizetype stride = image.bytesPerLine() / qsizetype(sizeof(QRgb));
    QRect written;
    // The spans of box i in the image, or an empty rectangle.
    const auto spans = [&](int i) {
        const QRectF r = toDevice.mapRect(box(i)).translated(-area.topLeft());
        const int left = std::max(0, int(std::lround(r.left()))), right = std::min(area.width(), int(std::lround(r.right())));
        const int top = int(std::lround(r.top()));
        const int bottom = std::min(std::max(int(std::lround(r.bottom())), top + 1), area.height()); // a pixel at least
        return QRect(QPoint(left, std::max(top, 0)), QPoint(right - 1, bottom - 1));
    };
    const auto fill = [&](const QRect &r, QRgb value) {
        for (int y = r.top(); y <= r.bottom(); ++y)
            std::fill(bits + y * stride + r.left(), bits + y * stride + r.right() + 1, value);
    };
    for (int i = from; i < to; ++i) {
        const QRect r = spans(i);
        if (r.isEmpty())
            continue;
        fill(r, pixel);
        written |= r;
    }
    if (written.isEmpty())
        return;
    painter->resetTransform();
    const QRect target = written.translated(area.topLeft());
    painter->drawImage(QRectF(QPointF(target.topLeft()) / ratio, QSizeF(target.size()) / ratio), image, QRectF(written));
    for (int i = from; i < to; ++i) // the image left clear for the next band
        fill(spans(i), 0);
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
    if (lines.size() < 2 || mLineStyle == lsNone || painter->modes().testFlag(QCPPainter::pmVectorized) || !engine
        || engine->type() != QPaintEngine::Raster || painter->pen().color().alpha() < 255 || !(scale > 0)) {
        QCPGraph::drawLinePlot(painter, lines);
        return;
    }
    const QVector<QPointF> drawn =
        mLineStyle == lsLine && lines.size() >= 3 ? simplifyPolyline(lines, kTolerancePixels / scale) : lines;
    const Qt::PenStyle style = painter->pen().style();
    if (style == Qt::SolidLine || style == Qt::NoPen) {
        QCPGraph::drawLinePlot(painter, drawn);
        return;
    }
    applyDefaultAntialiasingHint(painter);
    drawDashed(painter, drawn);
}

// Qt's raster engine dashes a line drawn on its own on a fast path, but a dashed polyline
// goes through its general stroker and rasteriser (about fifty times the time, for a dotted
// line across a 4K plot). Each segment is drawn as a line, the pattern carried on from the one
// before (the dash offset, in pen widths), so that the dashes run on along the polyline; a
// NaN point breaks the line and starts the pattern again, as QCustomPlot's polyline does. A
// dash crossing a joint is drawn as two pieces, so the caps are made part of the pattern
// (a square or round cap adds half a width at each end of a dash) and the pieces are flat.
void Graph::drawDashed(QCPPainter *painter, const QVector<QPointF> &lines)
{
    const QPen given = painter->pen();
    QPen pen = given;
    double start = given.dashOffset();
    if (given.capStyle() != Qt::FlatCap) {
        QList<qreal> pattern = given.dashPattern();
        for (qsizetype i = 0; i < pattern.size(); ++i)
            pattern[i] = i % 2 == 0 ? pattern[i] + 1 : std::max(pattern[i] - 1, 1e-3);
        pen.setDashPattern(pattern);
        pen.setCapStyle(Qt::FlatCap);
        start += 0.5; // each dash begins half a width before its place in the pattern
    }
    const double unit = given.widthF() > 0 ? given.widthF() : 1.0; // a cosmetic pen's pattern is in pixels
    double offset = start;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QPointF &from = lines[i - 1], &to = lines[i];
        if (!isFinite(from) || !isFinite(to)) {
            offset = start;
            continue;
        }
        pen.setDashOffset(offset);
        painter->setPen(pen);
        painter->drawLine(from, to);
        offset += QLineF(from, to).length() / unit;
    }
    painter->setPen(given);
}

} // namespace posenc

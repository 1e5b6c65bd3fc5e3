// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/clockfacegrid.h"

#include "ui/views/celltext.h"
#include "ui/views/rotation/rotationcolors.h"
#include "ui/widgets/plotstyle.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <utility>

namespace posenc {

namespace {
// Below this radius (pixels) a face and its hands can no longer be read from the back of a
// classroom; fewer faces are shown instead.
constexpr qreal kMinRadius = 17;
constexpr qreal kCellPadding = 6;
// The face of the chosen pair is tinted with this (a warm yellow) over the background.
const QColor kHighlightTint(0xff, 0xc4, 0x2e);

// `a` moved the fraction `t` of the way towards `b`.
QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// The fill of a face: the background, tinted for the chosen pair.
QColor faceFill(const QColor &base, bool chosen)
{
    return chosen ? mix(base, kHighlightTint, 0.28) : base;
}
} // namespace

ClockFaceGrid::ClockFaceGrid(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    measureCaptions();
}

void ClockFaceGrid::setFaces(const QList<Face> &faces, int highlightedPair)
{
    // What the dials show: the pairs, their captions and which one is chosen. If none of it
    // changed (pos or k moved), only the faces whose hands moved are painted again.
    bool sameDials = faces.size() == m_faces.size() && highlightedPair == m_highlightedPair;
    for (qsizetype i = 0; sameDials && i < faces.size(); ++i)
        sameDials = faces[i].pair == m_faces[i].pair && faces[i].caption == m_faces[i].caption;
    const QList<Face> old = std::exchange(m_faces, faces);
    m_highlightedPair = highlightedPair;
    if (!sameDials) {
        measureCaptions();
        updateStride();
        invalidateDials();
        update();
        return;
    }
    // Exact comparisons: QPointF's operator== is fuzzy, and a hand that moved by a hair may
    // still change a pixel.
    auto moved = [](const QPointF &a, const QPointF &b) { return a.x() != b.x() || a.y() != b.y(); };
    for (int index = 0; index < shownCount(); ++index) {
        const Face &before = old[index * m_stride];
        const Face &now = m_faces[index * m_stride];
        if (moved(before.hand, now.hand) || moved(before.shiftedHand, now.shiftedHand))
            update(handsRect(index));
    }
}

void ClockFaceGrid::setMaxFaces(int count)
{
    m_maxFaces = std::max(1, count);
    updateStride();
    invalidateDials();
    update();
}

QList<ClockFaceGrid::Face> ClockFaceGrid::shownFaces() const
{
    QList<Face> shown;
    for (int i = 0; i < m_faces.size(); i += m_stride)
        shown << m_faces[i];
    return shown;
}

int ClockFaceGrid::shownCount() const
{
    return (int(m_faces.size()) + m_stride - 1) / m_stride;
}

QSize ClockFaceGrid::sizeHint() const
{
    return {360, 300};
}

QSize ClockFaceGrid::minimumSizeHint() const
{
    // Room for one readable face and its captions: a narrow figure column still holds clocks
    // (fewer of them, see updateStride).
    const int face = int(std::ceil(2 * kMinRadius + kCellPadding));
    return {std::max(face, captionWidth() + 8), face + captionHeight()};
}

QFont ClockFaceGrid::captionFont() const
{
    QFont f = font();
    f.setPointSizeF(std::max<qreal>(f.pointSizeF() - 1, 7.5));
    return f;
}

int ClockFaceGrid::captionHeight() const
{
    return m_captionHeight;
}

void ClockFaceGrid::measureCaptions()
{
    QFont bold = captionFont();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    int width = metrics.horizontalAdvance(tr("i = %1").arg(std::max<int>(int(m_faces.size()) - 1, 0)));
    // Wavelengths grow with i: the first and the last caption are the widest.
    if (!m_faces.isEmpty()) {
        width = std::max(width, metrics.horizontalAdvance(m_faces.first().caption));
        width = std::max(width, metrics.horizontalAdvance(m_faces.last().caption));
    }
    m_captionWidth = width;
    m_captionHeight = 2 * QFontMetrics(captionFont()).height();
}

void ClockFaceGrid::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        measureCaptions();
        updateStride();
        invalidateDials();
        update();
    }
}

ClockFaceGrid::Grid ClockFaceGrid::grid(int count) const
{
    // The number of columns that gives the largest faces; a column must be wide enough for
    // the captions.
    Grid best;
    const int n = std::max(count, 1);
    const int caption = captionHeight();
    const int captionW = captionWidth() + 4;
    for (int columns = 1; columns <= n; ++columns) {
        const int rows = (n + columns - 1) / columns;
        const qreal cellWidth = qreal(width()) / columns;
        const qreal cellHeight = qreal(height()) / rows;
        if (cellWidth < captionW && columns > 1)
            break;
        const qreal radius = std::min(cellWidth - kCellPadding, cellHeight - caption - kCellPadding) / 2;
        if (radius > best.radius)
            best = {columns, cellWidth, cellHeight, radius};
    }
    best.radius = std::max<qreal>(best.radius, 2);
    return best;
}

ClockFaceGrid::Grid ClockFaceGrid::grid() const
{
    const std::array<int, 5> key{shownCount(), width(), height(), m_captionHeight, m_captionWidth};
    if (key != m_gridKey) {
        m_grid = grid(key[0]);
        m_gridKey = key;
    }
    return m_grid;
}

void ClockFaceGrid::updateStride()
{
    const int n = int(m_faces.size());
    int stride = std::max(1, (n + m_maxFaces - 1) / m_maxFaces);
    while (stride < n && grid((n + stride - 1) / stride).radius < kMinRadius)
        ++stride;
    if (stride != m_stride) {
        m_stride = stride;
        invalidateDials();
        Q_EMIT strideChanged(m_stride);
    }
}

void ClockFaceGrid::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateStride();
}

QRectF ClockFaceGrid::faceRect(int index) const
{
    const Grid g = grid();
    const int row = index / g.columns;
    const int column = index % g.columns;
    const qreal cx = (column + 0.5) * g.cellWidth;
    const qreal cy = row * g.cellHeight + (g.cellHeight - captionHeight()) / 2;
    return {cx - g.radius, cy - g.radius, 2 * g.radius, 2 * g.radius};
}

int ClockFaceGrid::faceAt(const QPointF &point) const
{
    const Grid g = grid();
    const int count = shownCount();
    for (int index = 0; index < count; ++index) {
        const QRectF face = faceRect(index);
        const QRectF cell(face.center().x() - g.cellWidth / 2, face.top() - kCellPadding / 2,
                          g.cellWidth, g.cellHeight);
        if (cell.contains(point))
            return index * m_stride;
    }
    return -1;
}

void ClockFaceGrid::invalidateDials()
{
    m_dials = QPixmap();
}

QRect ClockFaceGrid::handsRect(int index) const
{
    const QRectF r = faceRect(index);
    // The hands end at 0.9 of the radius; their round caps reach half a hand's width beyond,
    // antialiasing one pixel more.
    const qreal margin = std::clamp(r.width() / 16, 1.8, 4.5) + 2;
    return r.adjusted(-margin, -margin, margin, margin).toAlignedRect();
}

void ClockFaceGrid::paintEvent(QPaintEvent *event)
{
    // The dials are redrawn when they are stale or the size, the device pixel ratio or the
    // colours they were drawn with changed (a palette or the window's active state).
    QPainter painter(this);
    // A figure (a PDF or SVG, or a PNG drawn larger than the screen's pixels) gets the dials
    // as vectors: the cached pixmap would print as a blurry bitmap.
    const QPaintEngine *engine = painter.paintEngine();
    if (PlotStyle::isFigure(window()) || (engine && engine->type() != QPaintEngine::Raster)) {
        painter.save();
        paintDials(painter);
        painter.restore();
        painter.setRenderHint(QPainter::Antialiasing);
        for (int index = 0; index < shownCount(); ++index)
            paintHands(painter, index);
        return;
    }
    const qreal ratio = devicePixelRatioF();
    const QColor base = palette().color(QPalette::Base);
    const QColor ink = palette().color(QPalette::Text);
    if (m_dials.isNull() || m_dials.deviceIndependentSize() != QSizeF(size())
        || m_dials.devicePixelRatio() != ratio || base != m_dialsBase || ink != m_dialsInk) {
        if (width() <= 0 || height() <= 0)
            return;
        const QList<qreal> key = faceLayerKey();
        if (m_faceLayer.isNull() || key != m_faceLayerKey) {
            m_faceLayer = QPixmap(size() * ratio);
            m_faceLayer.setDevicePixelRatio(ratio);
            QPainter faces(&m_faceLayer);
            paintDials(faces, Faces);
            m_faceLayerKey = key;
        }
        // A new d_model changes the captions only: they are drawn over a copy of the faces.
        m_dials = m_faceLayer.copy();
        m_dialsBase = base;
        m_dialsInk = ink;
        QPainter dials(&m_dials);
        paintDials(dials, Captions);
    }
    painter.drawPixmap(0, 0, m_dials);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRegion exposed = event->region();
    for (int index = 0; index < shownCount(); ++index) {
        if (exposed.intersects(handsRect(index)))
            paintHands(painter, index);
    }
}

QList<qreal> ClockFaceGrid::faceLayerKey() const
{
    const Grid g = grid();
    int chosen = -1;
    for (int index = 0; index < shownCount(); ++index) {
        if (m_faces[index * m_stride].pair == m_highlightedPair)
            chosen = index;
    }
    return {qreal(width()), qreal(height()), devicePixelRatioF(), qreal(palette().color(QPalette::Base).rgba()),
            qreal(palette().color(QPalette::Text).rgba()), qreal(shownCount()), qreal(g.columns), g.cellWidth,
            g.cellHeight, g.radius, qreal(chosen), captionFont().pointSizeF()};
}

void ClockFaceGrid::paintDials(QPainter &painter, int parts) const
{
    painter.setRenderHint(QPainter::Antialiasing);
    // Every colour from the palette (grays as mixtures of ink and background, the hands made
    // readable on the background), so that the faces follow an exported figure's theme.
    const QColor base = palette().color(QPalette::Base);
    if (parts & Faces)
        painter.fillRect(rect(), base);
    const QColor ink = palette().color(QPalette::Text);
    const QColor outline = mix(ink, base, 0.6);
    const QColor tick = mix(ink, base, 0.53);
    const QColor faint = mix(ink, base, 0.27);
    const QFont small = captionFont();
    const int line = QFontMetrics(small).height();

    const int count = shownCount();
    const qreal cellWidth = grid().cellWidth;
    for (int index = 0; index < count; ++index) {
        const Face &face = m_faces[index * m_stride];
        const QRectF r = faceRect(index);
        const QPointF c = r.center();
        const qreal radius = r.width() / 2;
        const bool chosen = face.pair == m_highlightedPair;

        if (parts & Faces) {
            painter.setPen(QPen(chosen ? ink : outline, chosen ? 2.5 : 1.2));
            painter.setBrush(faceFill(base, chosen));
            painter.drawEllipse(r);
            // Ticks at 12, 3, 6 and 9 o'clock; the one at 12 (angle 0) longer.
            painter.setPen(QPen(tick, 1.2));
            for (int q = 0; q < 4; ++q) {
                const qreal length = radius * (q == 0 ? 0.25 : 0.12);
                const QPointF direction(q == 1 ? 1 : (q == 3 ? -1 : 0), q == 0 ? -1 : (q == 2 ? 1 : 0));
                painter.drawLine(c + direction * radius, c + direction * (radius - length));
            }
        }
        if (!(parts & Captions))
            continue;

        // Captions: "i = 3" and the wavelength (below the dial, where no hand reaches).
        QFont first = small;
        first.setBold(chosen);
        painter.setFont(first);
        painter.setPen(ink);
        const qreal width = std::max<qreal>(cellWidth, r.width());
        painter.drawText(QRectF(c.x() - width / 2, r.bottom() + 1, width, line),
                         Qt::AlignHCenter | Qt::AlignTop, tr("i = %1").arg(face.pair));
        painter.setFont(small);
        painter.setPen(faint);
        painter.drawText(QRectF(c.x() - width / 2, r.bottom() + 1 + line, width, line),
                         Qt::AlignHCenter | Qt::AlignTop, face.caption);
    }
}

void ClockFaceGrid::paintHands(QPainter &painter, int index) const
{
    const QColor base = palette().color(QPalette::Base);
    const QColor ink = palette().color(QPalette::Text);
    const QColor position = PlotStyle::readableOn(RotationColors::position, base, 3.0);
    const Face &face = m_faces[index * m_stride];
    // The shifted hand as it would show at two-thirds opacity over its face, but opaque: Qt
    // strokes a translucent line far slower (its overlaps must not blend twice; figures in
    // docs/performance.md), and every hand moves with k.
    const QColor shifted = mix(faceFill(base, face.pair == m_highlightedPair),
                               PlotStyle::readableOn(RotationColors::shifted, base, 3.0), 170.0 / 255.0);

    const QRectF r = faceRect(index);
    const QPointF c = r.center();
    const qreal radius = r.width() / 2;
    const qreal handWidth = std::clamp(radius / 8, 1.8, 4.5);
    auto drawHand = [&](const QPointF &hand, const QColor &color) {
        // (x, y) has y up; the screen has y down.
        const QPointF tip(c.x() + 0.9 * radius * hand.x(), c.y() - 0.9 * radius * hand.y());
        QPen pen(color, handWidth);
        pen.setCapStyle(Qt::RoundCap);
        painter.setPen(pen);
        painter.drawLine(c, tip);
    };
    drawHand(face.shiftedHand, shifted);
    drawHand(face.hand, position);
    painter.setPen(Qt::NoPen);
    painter.setBrush(ink);
    painter.drawEllipse(c, handWidth * 0.7, handWidth * 0.7);
}

void ClockFaceGrid::mousePressEvent(QMouseEvent *event)
{
    const int index = faceAt(event->position());
    if (index >= 0)
        Q_EMIT pairClicked(m_faces[index].pair);
    QWidget::mousePressEvent(event);
}

bool ClockFaceGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int index = faceAt(help->pos());
        if (index < 0) {
            QToolTip::hideText();
            return true;
        }
        const Face &face = m_faces[index];
        QToolTip::showText(help->globalPos(),
                           tr("pair i = %1 (%2)\nhand at pos · w = %3 rad\n"
                              "light hand at (pos + k) · w = %4 rad\nclick to show this pair")
                               .arg(face.pair)
                               .arg(face.caption)
                               .arg(CellText::number(face.angle), CellText::number(face.shiftedAngle)),
                           this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace posenc

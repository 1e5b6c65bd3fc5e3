// SPDX-License-Identifier: GPL-3.0-or-later
// The spectrum view's placement of its labels after a layout (the ladder's end labels kept
// inside its range, the lines' labels beside their lines, the frequency axes in step) and the
// ladder's picking (which pair a click or the pointer is on).
#include "ui/views/spectrum/spectrumview.h"
#include "ui/state/encodingstate.h"
#include "ui/views/spectrum/spectrumtext.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/linelabels.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <vector>

namespace posenc {

namespace {

constexpr int kLadderMinimumHeight = 50; // QCPAxisRect's own

// How close (in pixels) a click must be to a ladder point to select it.
constexpr double kPickPixels = 12.0;

} // namespace

void SpectrumView::keepLadderTallForItsLabels()
{
    // A compact figure's ladder is as short as its page lets it be; its labels (the last
    // wavelength's two lines, seq_len, the periods, the first wavelength) stand clear of each
    // other only with about six lines of their text between its axes. A page too small for
    // that takes the figure at a larger layout scale (see FigureExport), text and all.
    constexpr double kLines = 6;
    const int lines = m_compact ? int(std::ceil(kLines * QFontMetricsF(m_lastLabel->font()).lineSpacing())) : 0;
    const QSize minimum(m_ladderRect->minimumSize().width(), std::max(kLadderMinimumHeight, lines));
    if (minimum == m_ladderRect->minimumSize())
        return;
    m_ladderRect->setMinimumSize(minimum);
    m_plot->updateGeometry();
}

void SpectrumView::keepEndLabelsInside()
{
    // The label of the first wavelength stands below the first point, the one of the last
    // above the last point: the log range reaches far enough below and above them for the
    // labels' heights in pixels, whatever the panel's height and the font, so that they stay
    // inside the panel (under it lies the x axis, above it the legend's row). Below, by at
    // most a factor 1.5: a wider span brings the lines of seq_len and the periods, and their
    // labels, too close together; where that is not enough the first label is left out (the
    // y axis's ticks still tell the first wavelength).
    QCPAxis *y = m_ladderRect->axis(QCPAxis::atLeft);
    // This replot's height: PlotFit's slots, connected first, lay the plot out for its viewport.
    const double height = m_ladderRect->height();
    if (height <= 0 || m_fittedLower <= 0 || m_fittedUpper <= 0 || y->range().lower != m_fittedLower
        || y->range().upper != m_fittedUpper)
        return; // not laid out yet, or zoomed by the user
    const bool firstShown = m_firstLabel->visible() || m_firstLabelCrowded;
    const double first = std::log10(m_firstLabel->position->coords().y());
    const double last = std::log10(m_lastLabel->position->coords().y());
    if (!std::isfinite(first) || !std::isfinite(last))
        return;
    const double above = m_lastLabel->visible()
                             ? QFontMetricsF(m_lastLabel->font()).height() + m_lastLabel->padding().bottom() + 6
                             : 0.0;
    const double autoLow = std::log10(m_autoLower), autoHigh = std::log10(m_autoUpper);
    const double lowest = autoLow - std::log10(1.5);
    // In decades: the range [low, high], no narrower than refreshLadder()'s, whose part below
    // the first point is `below` pixels high and part above the last `above` (each a share
    // of the whole span: its fixed point, reached within 1e-9 decades).
    const auto fit = [&](double below, double *low, double *high) {
        *low = autoLow;
        *high = autoHigh;
        if (below + above >= 0.8 * height)
            return false;
        for (int round = 0; round < 200; ++round) {
            const double span = *high - *low;
            const double nextLow = std::clamp(first - below / height * span, lowest, autoLow);
            const double nextHigh = std::max(autoHigh, last + above / height * span);
            const bool settled = std::abs(nextLow - *low) < 1e-9 && std::abs(nextHigh - *high) < 1e-9;
            *low = nextLow;
            *high = nextHigh;
            if (settled)
                break;
        }
        return first - *low >= below / height * (*high - *low) - 1e-6;
    };
    double low = 0, high = 0;
    const double below = QFontMetricsF(m_firstLabel->font()).height() + m_firstLabel->padding().top() + 1;
    const bool fits = firstShown && fit(below, &low, &high);
    if (!fits)
        fit(0, &low, &high);
    if (firstShown) {
        m_firstLabelCrowded = !fits;
        m_firstLabel->setVisible(fits);
    }
    const double lower = std::pow(10.0, low), upper = std::pow(10.0, high);
    if (std::abs(lower - m_fittedLower) <= 1e-9 * lower && std::abs(upper - m_fittedUpper) <= 1e-9 * upper)
        return;
    m_fittedLower = lower;
    m_fittedUpper = upper;
    // Before this replot's drawing: no second replot (which doubled the time of a change of
    // d_model at 512 x 512).
    PlotZoom::setHome(y, QCPRange(lower, upper));
}

void SpectrumView::placeLineLabels()
{
    // After a layout, before the drawing: the markers for this panel's width first.
    setLadderMarkers(ladderMarkerSize());

    // Clear of the ladder: its points and the segments between them, in pixels (a segment
    // sampled every 3 pixels), and of the end labels; seq_len first, then the periods.
    QCPAxis *x = m_ladderRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_ladderRect->axis(QCPAxis::atLeft);
    QList<QPointF> points;
    QPointF previous;
    bool first = true;
    for (auto it = m_ladder->data()->constBegin(); it != m_ladder->data()->constEnd(); ++it) {
        const QPointF point(x->coordToPixel(it->key), y->coordToPixel(it->value));
        if (!first) {
            const int steps = std::min(200, int(QLineF(previous, point).length() / 3));
            for (int s = 1; s < steps; ++s)
                points << previous + (point - previous) * (double(s) / steps);
        }
        points << point;
        previous = point;
        first = false;
    }
    const double radius = m_ladder->scatterStyle().isNone() ? 2 : m_ladder->scatterStyle().size() / 2 + 2;
    QList<LineLabels::Label> labels{{m_seqLenLabel, double(m_state->params().seqLen)}};
    const std::vector<double> &periods = m_state->temporal().periods;
    for (qsizetype k = 0; k < m_periodLabels.size() && k < qsizetype(periods.size()); ++k)
        labels.append({m_periodLabels[k], periods[size_t(k)]});
    LineLabels::place(m_ladderRect, labels, points, radius, {m_firstLabel, m_lastLabel});
}

void SpectrumView::syncFrequencyAxis()
{
    const QCPRange wavelength = m_ladderRect->axis(QCPAxis::atLeft)->range();
    const double twoPi = 2.0 * std::numbers::pi;
    m_ladderRect->axis(QCPAxis::atRight)
        ->setRange(twoPi / wavelength.upper, twoPi / wavelength.lower);
}

std::optional<int> SpectrumView::pairAt(const QPointF &pixel) const
{
    if (!m_ladderRect->rect().contains(pixel.toPoint()) || m_ladder->data()->isEmpty())
        return std::nullopt;
    QCPAxis *x = m_ladderRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_ladderRect->axis(QCPAxis::atLeft);
    const int i = int(std::lround(x->pixelToCoord(pixel.x())));
    if (i < 0 || i >= m_ladder->data()->size())
        return std::nullopt;
    const QCPGraphData &point = *(m_ladder->data()->constBegin() + i);
    const QPointF at(x->coordToPixel(point.key), y->coordToPixel(point.value));
    if (std::abs(at.y() - pixel.y()) > kPickPixels || std::abs(at.x() - pixel.x()) > kPickPixels)
        return std::nullopt;
    return i;
}

void SpectrumView::onMousePress(QMouseEvent *event)
{
    if (const auto pair = pairAt(event->position())) {
        m_state->setInspection({Inspection::Kind::Frequency, double(*pair), 0});
        return;
    }
    // A cell of the colour map: explain the frequency of that dimension.
    const QPointF pixel = event->position();
    if (!m_heatmapRect->rect().contains(pixel.toPoint()))
        return;
    const EncodingParams &p = m_state->params();
    const double key = m_heatmapRect->axis(QCPAxis::atBottom)->pixelToCoord(pixel.x());
    const int column = int(std::lround(key / m_columnStep)) * m_columnStep;
    if (column < 0 || column >= p.dModel)
        return;
    const Channel channel = channelOf(p, column);
    if (channel.kind != Channel::Kind::Zero)
        m_state->setInspection({Inspection::Kind::Frequency, double(channel.pair), 0});
}

void SpectrumView::onMouseMove(QMouseEvent *event)
{
    if (const auto pair = pairAt(event->position()))
        QToolTip::showText(event->globalPosition().toPoint(),
                           SpectrumText::frequency(m_state->params(), *pair), m_plot);
    else
        QToolTip::hideText();
}

} // namespace posenc

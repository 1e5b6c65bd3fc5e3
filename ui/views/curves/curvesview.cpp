// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/curves/curvesview.h"

#include "core/boxaverage.h"
#include "core/channels.h"
#include "core/encoding.h"
#include "core/frequencies.h"
#include "ui/state/dimensionlist.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/markerlabels.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QFontMetrics>
#include <QLineEdit>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

namespace {
// Up to this many positions, curves are sampled 8 times per position so that even the
// fastest dimension (wavelength 2π) looks like the sinusoid it is; past it, one sample per
// position, and QCustomPlot's adaptive sampling reduces them to what the pixels can show.
constexpr int kSmoothUpTo = 2048;
constexpr int kSamplesPerPosition = 8;
// Dots at integer positions only while they are far enough apart to be seen as dots.
constexpr int kDotsUpTo = 120;
// A curve whose period spans fewer pixels than this is drawn with a 1-pixel pen: its strokes
// are then nearer to each other than two 2-pixel lines can stay apart (the fastest dimension
// at 512 positions on 800 pixels: a period of 10 pixels), so the thin pen shows more of the
// zigzag, not less. It also costs half: Qt draws a near-vertical antialiased line scanline by
// scanline, and a 1-pixel pen takes its fast cosmetic path.
constexpr double kThinBelowPixels = 16;
// Below this many pixels a period the strokes of a curve run into one another: it is drawn
// lighter (the curves under it show through) and the view says the curves are denser than
// the pixels, and how to zoom.
constexpr double kDenseBelowPixels = 6;
} // namespace

CurvesView::CurvesView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_entry(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_densityNote(new QLabel(this))
    , m_plot(new Plot(this))
{
    setAccessibleName(tr("Curves of chosen dimensions"));
    auto *bar = new QHBoxLayout;
    auto *label = new QLabel(tr("&Dimensions:"), this);
    label->setBuddy(m_entry);
    m_entry->setToolTip(tr("Columns of PE to draw, such as 0-5 or 0, 2, 64-66 (at most %1).")
                            .arg(DimensionList::kMaxCount));
    m_entry->setAccessibleName(tr("Dimensions to draw"));
    m_entry->setMaximumWidth(240);
    m_error->setStyleSheet(QStringLiteral("color: #b2182b;"));
    bar->addWidget(label);
    bar->addWidget(m_entry);
    bar->addWidget(m_error, 1);
    bar->addWidget(PlotZoom::makeHintLabel(this));
    // A line of its own, kept while empty, so that the plot does not jump while zooming.
    m_densityNote->setWordWrap(true);
    m_densityNote->setStyleSheet(QStringLiteral("color: #8c510a;"));
    m_densityNote->setMinimumHeight(m_densityNote->fontMetrics().height());
    m_densityNote->setContentsMargins(6, 0, 6, 0);
    PlotStyle::markScreenOnly(m_densityNote);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_densityNote);
    layout->addWidget(m_plot, 1);

    PlotStyle::applyDefaults(m_plot);
    // Qt's stroker takes time growing far faster than the length of a wide antialiased
    // polyline of thousands of points; drawn segment by segment it costs what its pixels cost.
    // Figures (vector or not) still get true polylines.
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_plot->xAxis->setLabel(tr("position pos"));
    PlotStyle::useIntegerTicks(m_plot->xAxis);
    m_plot->yAxis->setLabel(tr("PE(pos, dimension)"));
    // The legend in a row of its own above the plot, three entries a line: inside the axis
    // rect it hid the curves it names, worst on a single-column figure.
    m_plot->legend->setVisible(true);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->axisRect()->insetLayout()->simplify();
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(3);
    m_plot->legend->setMargins(QMargins(6, 2, 6, 0));
    m_plot->legend->setIconSize(16, 8);
    m_plot->legend->setIconTextPadding(4);
    m_plot->legend->setColumnSpacing(4);
    // As many entries a line as the width holds (three at most), ticks as their labels allow.
    PlotFit::fitLegendColumns(m_plot, m_plot->legend, 3);
    PlotFit::fitTicks(m_plot, 6);
    PlotFit::fitAxisLabels(m_plot);
    PlotZoom::install(m_plot);
    // Zoomed or panned by the user: curves sampled for what is in view (fillCurves decides
    // whether that changed).
    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this] {
        if (!m_filling)
            fillCurves(false);
    });

    auto makeMarker = [this](QCPItemStraightLine **line, QCPItemText **text, const QColor &color) {
        *line = new QCPItemStraightLine(m_plot);
        (*line)->setPen(QPen(color, 1.5, Qt::DashLine));
        *text = new QCPItemText(m_plot);
        MarkerLabels::prepare(*text);
        (*text)->setColor(color);
        (*text)->setBrush(QColor(255, 255, 255, 210));
        (*text)->setPadding(QMargins(3, 1, 3, 1));
    };
    makeMarker(&m_posLine, &m_posLabel, Qt::black);
    makeMarker(&m_shiftedLine, &m_shiftedLabel, QColor(0x55, 0x55, 0x55));
    m_posLabel->setText(tr("pos"));
    m_shiftedLabel->setText(tr("pos + k"));
    for (QObject *marker : std::initializer_list<QObject *>{m_posLine, m_posLabel, m_shiftedLine, m_shiftedLabel})
        PlotStyle::markAnnotation(marker);

    connect(m_entry, &QLineEdit::editingFinished, this, &CurvesView::onDimensionsEdited);
    // The labels' places depend on the plot's size, font and zoom: placed again after each
    // layout (a figure lays the view out at its page's size and font after the last refresh);
    // a band of another height needs another layout.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (!m_filling && m_sampling)
            fillCurves(false); // a new width may draw the curves otherwise
        if (placeMarkerLabels())
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    connect(m_plot, &QCustomPlot::mousePress, this, &CurvesView::onMousePress);
    connect(m_state, &EncodingState::changed, this, &CurvesView::onStateChanged);
    refresh();
}

CurvesView::~CurvesView()
{
    // An entry that has the focus reports editingFinished when it loses it during ~QWidget,
    // after this part of the object is gone: stop listening first (as TemporalView does).
    disconnect(m_entry, nullptr, this, nullptr);
}

QString CurvesView::dimensionsError() const
{
    return m_error->text();
}

double CurvesView::positionMarker() const
{
    return m_posLine->point1->coords().x();
}

double CurvesView::shiftedMarker() const
{
    return m_shiftedLine->point1->coords().x();
}

void CurvesView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void CurvesView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

std::optional<std::pair<double, int>> CurvesView::pointAt(const QPointF &pixel) const
{
    const EncodingParams &p = m_state->params();
    if (!m_plot->axisRect()->rect().contains(pixel.toPoint()) || m_curves.isEmpty())
        return std::nullopt;
    const double x = m_plot->xAxis->pixelToCoord(pixel.x());
    const double position = std::clamp(std::round(x), p.start, p.start + p.seqLen - 1);
    // The drawn columns, in drawing order (the same filter as refresh()).
    QList<int> columns;
    for (int d : m_state->curveDimensions()) {
        if (d < p.dModel)
            columns << d;
    }
    int best = -1;
    double bestDistance = 0;
    for (int n = 0; n < columns.size() && n < m_curves.size(); ++n) {
        const double value = explainCell(p, position, columns[n]).value;
        const double distance = std::abs(m_plot->yAxis->coordToPixel(value) - pixel.y());
        if (best < 0 || distance < bestDistance) {
            best = columns[n];
            bestDistance = distance;
        }
    }
    if (best < 0)
        return std::nullopt;
    return std::make_pair(position, best);
}

void CurvesView::onMousePress(QMouseEvent *event)
{
    if (const auto point = pointAt(event->position()))
        m_state->setInspection({Inspection::Kind::Cell, point->first, double(point->second)});
}

void CurvesView::onDimensionsEdited()
{
    QString error;
    const auto dimensions = DimensionList::parse(m_entry->text(), m_state->params().dModel, &error);
    if (!dimensions) {
        m_error->setText(error);
        return;
    }
    m_error->clear();
    m_state->changeScene([&](Scene &scene) { scene.dimensions = *dimensions; });
}

void CurvesView::refresh()
{
    m_dirty = false;
    const EncodingParams &p = m_state->params();
    const EncodingState::Changes changes = m_state->takeChanges(this);
    // The markers on QCustomPlot's buffered overlay layer: moving pos or k redraws them alone,
    // not the curves under them.
    for (QCPAbstractItem *marker : {static_cast<QCPAbstractItem *>(m_posLine), static_cast<QCPAbstractItem *>(m_shiftedLine),
                                    static_cast<QCPAbstractItem *>(m_posLabel), static_cast<QCPAbstractItem *>(m_shiftedLabel)}) {
        if (marker->layer()->name() != QLatin1String("overlay")) {
            m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmBuffered);
            marker->setLayer(QStringLiteral("overlay"));
        }
    }
    m_posLine->point1->setCoords(p.position, 0);
    m_posLine->point2->setCoords(p.position, 1);
    m_shiftedLine->point1->setCoords(p.position + p.offset, 0);
    m_shiftedLine->point2->setCoords(p.position + p.offset, 1);
    if (changes.markersOnly()) {
        if (placeMarkerLabels())
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        else
            m_plot->layer(QStringLiteral("overlay"))->replot();
        return;
    }

    if (!m_entry->hasFocus())
        m_entry->setText(DimensionList::format(m_state->curveDimensions()));
    const double extent = p.scale != 0 ? std::abs(p.scale) : 1.0;
    const double pad = p.seqLen > 1 ? 0.5 : 1.0;
    m_filling = true; // the home ranges, then the curves for them
    PlotZoom::setHome(m_plot->yAxis, QCPRange(-1.12 * extent, 1.12 * extent));
    PlotZoom::setHome(m_plot->xAxis, QCPRange(p.start - pad, p.start + p.seqLen - 1 + pad));
    m_filling = false;
    fillCurves(true);
    placeMarkerLabels();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurvesView::fillCurves(bool parametersChanged)
{
    const EncodingParams &p = m_state->params();
    QList<int> dimensions;
    for (int d : m_state->curveDimensions()) {
        if (d < p.dModel)
            dimensions << d;
    }

    // The positions in view and the device pixels they span. (Before the plot is laid out on
    // screen its width is not known: assume a wide one.)
    const double last = p.start + p.seqLen - 1;
    const double pixels = m_plot->isVisible() && m_plot->width() >= 100
                              ? m_plot->width() * m_plot->devicePixelRatioF()
                              : 4096.0;
    const QCPRange range = m_plot->xAxis->range();
    const double inView = std::clamp(std::min(range.upper, last) - std::max(range.lower, double(p.start)), 1.0,
                                     std::max(1.0, last - p.start));
    // Samples per position: up to kSamplesPerPosition, but no more than about one per device
    // pixel of the positions in view (more draw the same line, and Qt's cost is per segment),
    // and whole, so that the integer positions are among the samples.
    const int perPosition = p.seqLen > 1 ? std::clamp(int(pixels / inView), 1, kSamplesPerPosition) : 1;
    // Pixels a period of each curve spans in view.
    QList<double> periodPixels;
    for (int column : std::as_const(dimensions)) {
        const Channel channel = channelOf(p, column);
        periodPixels << (channel.kind == Channel::Kind::Zero ? pixels
                                                             : 2 * std::numbers::pi / frequency(p, channel.pair) * pixels / inView);
    }
    // Envelope bins over the whole sequence: one per device pixel of the positions in view.
    const int bins = int(std::min<double>(p.seqLen, pixels * std::max(1.0, (last - p.start) / inView)));
    const Sampling sampling{perPosition, bins, dimensions, periodPixels};
    auto penClass = [](double period) { return period < kDenseBelowPixels ? 0 : period < kThinBelowPixels ? 1 : 2; };
    bool same = !parametersChanged && m_sampling && m_sampling->perPosition == perPosition
                && m_sampling->dimensions == dimensions;
    for (int n = 0; same && n < periodPixels.size(); ++n)
        same = penClass(periodPixels[n]) == penClass(m_sampling->periodPixels[n])
               && (p.seqLen <= 2 * pixels || std::abs(std::log2(double(bins) / m_sampling->bins)) < 0.5);
    updateDensityNote(dimensions, periodPixels);
    if (same)
        return;
    m_sampling = sampling;

    // One smooth graph and one dot graph per dimension; reuse what exists.
    while (m_curves.size() > dimensions.size()) {
        m_plot->removeGraph(m_curves.takeLast());
        m_plot->removeGraph(m_samples.takeLast());
    }
    while (m_curves.size() < dimensions.size()) {
        m_curves << Graph::add(m_plot);
        m_samples << Graph::add(m_plot);
        m_samples.last()->removeFromLegend();
        m_samples.last()->setLineStyle(QCPGraph::lsNone);
    }

    const int count = p.seqLen <= kSmoothUpTo ? (p.seqLen - 1) * perPosition + 1 : p.seqLen;
    const Eigen::VectorXd smooth = Eigen::VectorXd::LinSpaced(std::max(count, 1), p.start, last);
    const Eigen::VectorXd integers = Eigen::VectorXd::LinSpaced(p.seqLen, p.start, last);
    const bool dots = inView <= kDotsUpTo;

    auto toGraphData = [](const Eigen::VectorXd &x, const Eigen::VectorXd &y) {
        QList<QCPGraphData> data(x.size());
        for (Eigen::Index j = 0; j < x.size(); ++j)
            data[j] = QCPGraphData(x[j], y[j]);
        return data;
    };

    // Past kSmoothUpTo positions the samples are the integer positions: all chosen columns at
    // once by the engine's method (a few multiplies per value rather than six sines).
    Eigen::MatrixXd atIntegers;
    if (p.seqLen > kSmoothUpTo)
        atIntegers = encodingColumns(p, std::vector<int>(dimensions.begin(), dimensions.end()), p.start, 1.0, p.seqLen);

    const QList<QColor> &colors = PlotStyle::categorical();
    for (int n = 0; n < dimensions.size(); ++n) {
        const int column = dimensions[n];
        QColor color = colors[n % colors.size()];
        const Channel channel = channelOf(p, column);
        QString name;
        switch (channel.kind) {
        case Channel::Kind::Sin: name = tr("dim %1: sin, i = %2").arg(column).arg(channel.pair); break;
        case Channel::Kind::Cos: name = tr("dim %1: cos, i = %2").arg(column).arg(channel.pair); break;
        case Channel::Kind::Zero: name = tr("dim %1: zero column").arg(column); break;
        }
        m_curves[n]->setName(name);
        // A dimension whose period spans fewer than 4 pixels, with more than two positions per
        // pixel column: every segment drawn, it is a band of long near-vertical strokes that
        // cover each pixel many times over, even with a 1-pixel pen. It is drawn as that band
        // instead: its envelope per pixel column
        // (minMaxEnvelope), a box per column from its smallest to its largest value (Graph's
        // band), each pixel painted once. Slower dimensions stay lines (their segments are short).
        const bool dense = inView > 2 * pixels && periodPixels[n] < 4;
        const Eigen::VectorXd values = p.seqLen > kSmoothUpTo ? Eigen::VectorXd(atIntegers.col(n))
                                                                 : encodingColumn(p, column, smooth);
        // Denser than the pixels: a thin, light stroke, so that the curves drawn under it
        // (and the band's other curves) show through instead of a block of the last colour.
        const bool light = periodPixels[n] < kDenseBelowPixels && dimensions.size() > 1;
        if (light)
            color.setAlpha(dense ? 90 : 130);
        const double width = dense ? 0 : periodPixels[n] < kThinBelowPixels ? 1 : 2;
        m_curves[n]->setPen(QPen(color, width));
        m_curves[n]->setBrush(dense ? QBrush(color) : QBrush()); // the band's colour, and its legend icon's
        m_samples[n]->setPen(QPen(color, 0));
        if (dense) {
            const Envelope envelope = minMaxEnvelope(smooth, values, bins);
            const QVector<double> keys(envelope.keys.begin(), envelope.keys.end());
            m_curves[n]->setData(keys, QVector<double>(envelope.highs.begin(), envelope.highs.end()), true);
            m_curves[n]->setBandLows(QVector<double>(envelope.lows.begin(), envelope.lows.end()));
            m_samples[n]->data()->clear();
            continue;
        }
        m_curves[n]->setBandLows({});
        m_curves[n]->data()->set(toGraphData(smooth, values), true);
        m_samples[n]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 6));
        if (dots)
            m_samples[n]->data()->set(toGraphData(integers, encodingColumn(p, column, integers)), true);
        else
            m_samples[n]->data()->clear();
    }
}

void CurvesView::updateDensityNote(const QList<int> &dimensions, const QList<double> &periodPixels)
{
    int fastest = -1;
    for (int n = 0; n < periodPixels.size(); ++n) {
        if (fastest < 0 || periodPixels[n] < periodPixels[fastest])
            fastest = n;
    }
    QString note;
    if (fastest >= 0 && periodPixels[fastest] < kDenseBelowPixels)
        note = tr("The curves are denser than the pixels: dim %1 repeats every %2 pixels here. "
                  "Zoom in with the mouse wheel over the positions you want to see.")
                   .arg(dimensions[fastest])
                   .arg(periodPixels[fastest] / m_plot->devicePixelRatioF(), 0, 'f', 1);
    if (note != m_densityNote->text())
        m_densityNote->setText(note);
}

QString CurvesView::densityNote() const
{
    return m_densityNote->text();
}

bool CurvesView::placeMarkerLabels()
{
    const EncodingParams &p = m_state->params();
    // Each label on the outer side of its line where it fits, so that a small k keeps them
    // apart; above the plot's frame, never on a curve or the gridline at 1 (MarkerLabels).
    const bool forward = p.offset >= 0;
    return MarkerLabels::place(m_plot, {{m_posLabel, p.position, forward}, {m_shiftedLabel, p.position + p.offset, !forward}});
}

} // namespace posenc

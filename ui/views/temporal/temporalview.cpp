// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/temporal/temporalview.h"

#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"
#include "ui/views/temporal/temporaltext.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/markerlabels.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace posenc {

QString TemporalView::periodName(double period)
{
    return CellText::number(period, 6);
}

QFont TemporalView::plotFont(const QCustomPlot *plot, double extra)
{
    QFont font = plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0) + extra);
    return font;
}

TemporalView::TemporalView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_periods(new QLineEdit(this))
    , m_add(new QToolButton(this))
    , m_remove(new QToolButton(this))
    , m_steps(new QSpinBox(this))
    , m_error(new QLabel(this))
    , m_probe(new QLabel(this))
    , m_note(new QLabel(this))
    , m_mapPlot(new Plot(this))
    , m_curvesPlot(new Plot(this))
    , m_circlesPlot(new Plot(this))
{
    setAccessibleName(tr("Temporal encodings"));

    // The entries: periods (a list) and steps.
    QGridLayout *entries = buildEntries();
    m_probe->setWordWrap(true);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #555555;"));

    // The colour map: rows are steps t from 0 downwards, columns sin/cos per period.
    PlotStyle::applyDefaults(m_mapPlot);
    m_mapPlot->xAxis->setLabel(tr("column"));
    m_mapPlot->yAxis->setLabel(tr("time step t"));
    PlotStyle::useIntegerTicks(m_mapPlot->yAxis);
    m_mapPlot->yAxis->setRangeReversed(true);
    PlotZoom::install(m_mapPlot); // back to the home ranges refresh() sets
    m_mapPlot->axisRect()->setRangeDrag(Qt::Vertical);
    m_mapPlot->axisRect()->setRangeZoom(Qt::Vertical);
    m_map = new QCPColorMap(m_mapPlot->xAxis, m_mapPlot->yAxis);
    m_map->setInterpolate(false); // one crisp block per value, never a blur
    // Not tight: a tight boundary would draw the outermost rows and columns at half size.
    m_map->setTightBoundary(false);
    // The colour scale lies above the map: the map has few columns and needs the width.
    m_scale = new QCPColorScale(m_mapPlot);
    m_scale->setType(QCPAxis::atTop);
    m_scale->setGradient(PlotStyle::diverging());
    m_scale->setDataRange(QCPRange(-1, 1)); // sines and cosines: symmetric, white is 0
    m_scale->setBarWidth(12);
    m_scale->axis()->setTickLabelFont(plotFont(m_mapPlot));
    m_scaleTicks = QSharedPointer<QCPAxisTickerFixed>::create();
    m_scaleTicks->setTickStep(0.5);
    m_scale->axis()->setTicker(m_scaleTicks);
    m_mapPlot->plotLayout()->insertRow(0);
    m_mapPlot->plotLayout()->addElement(0, 0, m_scale);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_mapPlot);
    m_mapPlot->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    m_scale->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    m_mapPlot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_mapPlot->plotLayout()->insertRow(0);
    m_mapTitle = new PlotTitle(m_mapPlot);
    QFont titleFont = plotFont(m_mapPlot, 1);
    titleFont.setBold(true);
    m_mapTitle->setFont(titleFont);
    m_mapPlot->plotLayout()->addElement(0, 0, m_mapTitle);
    m_mapPlot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_mapStepLine = new QCPItemStraightLine(m_mapPlot);
    m_mapStepLine->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    m_mapStepLine->setSelectable(false);

    // The curves: each column against t, one colour per period, sin solid and cos dashed.
    PlotStyle::applyDefaults(m_curvesPlot);
    // Solid curves of thousands of points, segment by segment: Qt strokes a wide antialiased
    // polyline in time that grows far faster than its length (docs/rendering.md).
    m_curvesPlot->setPlottingHint(QCP::phFastPolylines, true);
    m_curvesPlot->xAxis->setLabel(tr("time step t"));
    PlotStyle::useIntegerTicks(m_curvesPlot->xAxis);
    m_curvesPlot->yAxis->setLabel(tr("sin or cos(2π t / P)"));
    PlotZoom::setHome(m_curvesPlot->yAxis, QCPRange(-1.15, 1.15));
    PlotZoom::install(m_curvesPlot);
    // Over the corner beside "time step t": a line of its own made the view wider than a
    // 1280x720 screen leaves it.
    PlotZoom::makeHintOverlay(m_curvesPlot);
    m_curvesPlot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_curvesPlot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_curvesPlot->legend->setVisible(true);
    m_curvesPlot->legend->setFont(plotFont(m_curvesPlot));
    m_curvesPlot->legend->setBorderPen(Qt::NoPen);
    m_curvesPlot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_curvesPlot->legend->setWrap(4);
    // The legend in a row of its own above the plot, so that it never hides a curve.
    m_curvesPlot->plotLayout()->insertRow(0);
    m_curvesPlot->plotLayout()->addElement(0, 0, m_curvesPlot->legend);
    m_curvesPlot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_curvesPlot->legend->setMargins(QMargins(4, 2, 4, 0));
    // As many entries a line as the width holds (four at most), ticks as many as their labels
    // leave apart, axis titles in lines where they are longer than their axis: at presentation
    // size on a 1280x720 projector the four-entry line held the view wider than the screen.
    PlotFit::fitLegendColumns(m_curvesPlot, m_curvesPlot->legend, 4);
    for (QCustomPlot *plot : {m_mapPlot, m_curvesPlot}) {
        PlotFit::fitTicks(plot, 5);
        PlotFit::fitAxisLabels(plot);
    }
    // The map's title and the clocks' in lines where they are wider than their place (a
    // single column cut the clocks' titles at both edges).
    PlotFit::fitTitles(m_mapPlot);
    PlotFit::fitTitles(m_circlesPlot);
    m_stepLine = new QCPItemStraightLine(m_curvesPlot);
    m_stepLine->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    m_stepLine->setSelectable(false);
    m_stepLabel = new QCPItemText(m_curvesPlot);
    // Above the plot's frame, never on the gridline at 1 or a curve's crest (MarkerLabels).
    MarkerLabels::prepare(m_stepLabel);
    m_stepLabel->setBrush(QColor(255, 255, 255, 220));
    m_stepLabel->setPadding(QMargins(3, 1, 3, 1));
    m_stepLabel->setFont(plotFont(m_curvesPlot));
    // A clean figure leaves the markers of t = pos out.
    for (QObject *marker : std::initializer_list<QObject *>{m_mapStepLine, m_stepLine, m_stepLabel})
        PlotStyle::markAnnotation(marker);

    // The circles: one axis rect per period, built in rebuildCircles().
    PlotStyle::applyDefaults(m_circlesPlot);
    m_circlesPlot->plotLayout()->clear();
    connect(m_circlesPlot, &QCustomPlot::afterLayout, this, &TemporalView::keepCirclesRound);
    connect(m_mapPlot, &QCustomPlot::afterLayout, this, &TemporalView::fitMap);
    connect(m_curvesPlot, &QCustomPlot::afterLayout, this, [this] {
        if (placeStepLabel())
            m_curvesPlot->replot(QCustomPlot::rpQueuedReplot);
    });

    m_probe->setAlignment(Qt::AlignHCenter);
    auto *right = new QVBoxLayout;
    right->addWidget(m_curvesPlot, 3);
    right->addWidget(m_probe);
    right->addWidget(m_circlesPlot, 2);
    auto *plots = new QHBoxLayout;
    plots->addWidget(m_mapPlot, 2);
    plots->addLayout(right, 4);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 4);
    layout->addLayout(entries);
    layout->addLayout(plots, 1);
    layout->addWidget(m_note);
    m_note->setContentsMargins(6, 0, 6, 0);
    // The note about the encoding's size and the sentence above the circles explain the
    // window's view; a figure's caption says what the paper needs.
    PlotStyle::markScreenOnly(m_note);
    PlotStyle::markScreenOnly(m_probe);

    // A figure on a small page (a single column): the plots only, without the sentences
    // above the circles and under the plots; the legend in two rows, whole ticks on the colour
    // scale, so that nothing is clipped or overlaps.
    const QString curvesLabel = m_curvesPlot->yAxis->label();
    // A small page, and from one small page to another (a single column to a slide) the
    // clocks arranged again.
    PlotStyle::watchFigureShape(this, QSizeF(44, 24), [this, plots, right, curvesLabel](PlotStyle::FigureShape shape) {
        const bool compact = shape.compact;
        m_probe->setVisible(!compact);
        m_note->setVisible(!compact);
        m_error->setVisible(!compact); // a figure has no entries, so no refusal: a blank line
        m_curvesPlot->legend->setProperty("posencMaxColumns", compact ? 2 : 4); // PlotFit
        m_scaleTicks->setTickStep(compact ? 1.0 : 0.5);
        // The curves need the height for their axis label; the circles stay readable smaller.
        // The map a little wider: its four column labels stand upright side by side.
        plots->setStretchFactor(m_mapPlot, compact ? 3 : 2);
        plots->setStretchFactor(right, compact ? 5 : 4);
        right->setStretchFactor(m_curvesPlot, compact ? 16 : 3);
        right->setStretchFactor(m_circlesPlot, compact ? 9 : 2);
        m_curvesPlot->xAxis->ticker()->setTickCount(compact ? 4 : 5);
        m_curvesPlot->yAxis->setLabel(compact ? tr("sin, cos") : curvesLabel);
        // The circles' titles in one line: the height goes to the circles.
        m_compact = compact;
        m_compactClocks = compact && !shape.wide;
        refreshCircles(m_state->temporal(), m_state->params().position, false);
        for (QCustomPlot *plot : {m_mapPlot, m_curvesPlot, m_circlesPlot})
            plot->replot(QCustomPlot::rpQueuedReplot);
    });

    m_mapPlot->setMouseTracking(true);
    connect(m_mapPlot, &QCustomPlot::mouseMove, this, &TemporalView::onMapMouseMove);
    connect(m_mapPlot, &QCustomPlot::mousePress, this, &TemporalView::onMapMousePress);
    connect(m_periods, &QLineEdit::editingFinished, this, &TemporalView::onPeriodsEdited);
    connect(m_steps, &QSpinBox::valueChanged, this, &TemporalView::onStepsEdited);
    connect(m_add, &QToolButton::clicked, this, &TemporalView::onAddPeriod);
    connect(m_remove, &QToolButton::clicked, this, &TemporalView::onRemovePeriod);
    connect(m_state, &EncodingState::changed, this, &TemporalView::onStateChanged);
    refresh();
}

TemporalView::~TemporalView()
{
    // An entry that has the focus reports editingFinished when it loses it during ~QWidget,
    // after this part of the object is gone: stop listening first.
    disconnect(m_periods, nullptr, this, nullptr);
    disconnect(m_steps, nullptr, this, nullptr);
}

QString TemporalView::errorText() const
{
    return m_error->text();
}

QString TemporalView::noteText() const
{
    return m_note->text();
}

double TemporalView::stepMarker() const
{
    return m_stepLine->point1->coords().x();
}

QString TemporalView::circleLabel(int period) const
{
    const QCPTextElement *title = m_circleTitles.value(period);
    return title ? PlotFit::fullText(title) : QString();
}

void TemporalView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void TemporalView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void TemporalView::refresh()
{
    m_dirty = false;
    showEntries();
    const TemporalParams &temporal = m_state->temporal();
    const int periodCount = int(temporal.periods.size());
    const int columns = 2 * periodCount;
    const int steps = temporal.steps;
    const double t = m_state->params().position;
    // The map, the curves and the dots of the circles depend on the periods and steps alone:
    // moving pos (the probe step t) moves the markers and the hands only.
    const EncodingState::Changes changes = m_state->takeChanges(this);
    const bool seriesChanged = changes.changed(&Scene::temporal) || m_curves.size() != columns;
    const QList<QColor> &colors = PlotStyle::categorical();
    // The markers on each plot's buffered overlay layer, redrawn without the curves under them.
    for (QCPAbstractItem *marker : {static_cast<QCPAbstractItem *>(m_mapStepLine),
                                    static_cast<QCPAbstractItem *>(m_stepLine),
                                    static_cast<QCPAbstractItem *>(m_stepLabel)}) {
        if (marker->layer()->name() != QLatin1String("overlay")) {
            marker->parentPlot()->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmBuffered);
            marker->setLayer(QStringLiteral("overlay"));
        }
    }

    if (seriesChanged) {
        // The colour map: the box means of the steps in view (fitMap, after every layout).
        m_mapGrid.reset();
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (int j = 0; j < periodCount; ++j) {
            const QString name = periodName(temporal.periods[size_t(j)]);
            ticker->addTick(2 * j, tr("sin %1").arg(name));
            ticker->addTick(2 * j + 1, tr("cos %1").arg(name));
        }
        m_mapPlot->xAxis->setTicker(ticker);
        m_mapPlot->xAxis->setTickLabelRotation(columns > 2 ? 90 : 0);
        PlotZoom::setHome(m_mapPlot->xAxis, QCPRange(-0.5, columns - 0.5));
        // The steps exactly: a shorter last box is drawn as tall as the others, its excess
        // outside the axis range.
        PlotZoom::setHome(m_mapPlot->yAxis, QCPRange(-0.5, steps - 0.5));
        fitMap();

        // Curves: each column against t, sampled to at most kMaxCurvePoints steps.
        while (m_curves.size() > columns)
            m_curvesPlot->removeGraph(m_curves.takeLast());
        while (m_curves.size() < columns)
            m_curves << Graph::add(m_curvesPlot);
        const int curveStride = (steps + kMaxCurvePoints - 1) / kMaxCurvePoints;
        const int curvePoints = (steps + curveStride - 1) / curveStride;
        // More than two steps per pixel column: each curve as its envelope over every step,
        // one vertical stroke per pixel column (every s-th step would alias: period 24 sampled
        // every 512 steps), each stroke starting at the end nearer to where the previous one
        // ended, drawn with a cosmetic pen without antialiasing (Qt's fast path), rather than
        // as thousands of antialiased dashed segments.
        // (Before the plot is laid out on screen its width is not known: assume a wide one.)
        const double pixels = m_curvesPlot->isVisible() && m_curvesPlot->width() >= 100
                                  ? m_curvesPlot->width() * m_curvesPlot->devicePixelRatioF()
                                  : 4096.0;
        const bool dense = steps > 2 * pixels;
        const TemporalEnvelope envelope = dense ? temporalEnvelope(temporal, int(pixels)) : TemporalEnvelope{};
        const RowMatrixXd curveValues = dense ? RowMatrixXd() : temporalEncoding(
            temporal, Eigen::VectorXd::LinSpaced(curvePoints, 0, double(curvePoints - 1) * curveStride));
        const bool dots = steps <= 120;
        for (int c = 0; c < columns; ++c) {
            const int j = c / 2;
            const bool isSin = c % 2 == 0;
            const QColor color = colors[j % colors.size()];
            QCPGraph *graph = m_curves[c];
            // Named as the columns of the colour map.
            graph->setName(isSin ? tr("sin %1").arg(periodName(temporal.periods[size_t(j)]))
                                 : tr("cos %1").arg(periodName(temporal.periods[size_t(j)])));
            graph->setPen(QPen(color, dense ? 0 : 2, isSin ? Qt::SolidLine : Qt::DashLine));
            graph->setAntialiased(!dense);
            graph->setScatterStyle(dots ? QCPScatterStyle(QCPScatterStyle::ssDisc, color, 5)
                                        : QCPScatterStyle());
            if (dense) {
                QList<QCPGraphData> strokes;
                strokes.reserve(2 * qsizetype(envelope.keys.size()));
                double previous = envelope.lows(0, c);
                for (Eigen::Index run = 0; run < Eigen::Index(envelope.keys.size()); ++run) {
                    const double low = envelope.lows(run, c), high = envelope.highs(run, c);
                    const bool lowFirst = std::abs(low - previous) <= std::abs(high - previous);
                    strokes << QCPGraphData(envelope.keys[size_t(run)], lowFirst ? low : high)
                            << QCPGraphData(envelope.keys[size_t(run)], lowFirst ? high : low);
                    previous = lowFirst ? high : low;
                }
                graph->data()->set(strokes, true);
                continue;
            }
            QList<QCPGraphData> points(curvePoints);
            for (int n = 0; n < curvePoints; ++n)
                points[n] = QCPGraphData(double(n) * curveStride, curveValues(n, c));
            graph->data()->set(points, true);
        }
        const double pad = steps > 1 ? std::max(0.5, 0.01 * (steps - 1)) : 1.0;
        PlotZoom::setHome(m_curvesPlot->xAxis, QCPRange(-pad, steps - 1 + pad));
    }
    m_mapStepLine->point1->setCoords(0, t);
    m_mapStepLine->point2->setCoords(1, t);
    m_stepLine->point1->setCoords(t, 0);
    m_stepLine->point2->setCoords(t, 1);
    m_stepLabel->setText(tr("t = pos = %1").arg(CellText::number(t, 10)));
    if (placeStepLabel() || seriesChanged) {
        m_mapPlot->replot(QCustomPlot::rpQueuedReplot);
        m_curvesPlot->replot(QCustomPlot::rpQueuedReplot);
    } else {
        m_mapPlot->layer(QStringLiteral("overlay"))->replot();
        m_curvesPlot->layer(QStringLiteral("overlay"))->replot();
    }

    // The probe step: a row of the matrix when it is an integer in [0, steps).
    const bool isRow = t == std::floor(t) && t >= 0 && t < steps;
    // Two whole sentences, so that a translation can order its words freely.
    const QString probe =
        !isRow && (t < 0 || t >= steps)
            ? tr("Where step t = %1 lands on each circle: x = sin(2πt/P), y = cos(2πt/P); t is the "
                 "pos of the Parameters panel: change it and the hands turn. This step is outside "
                 "the %2 steps of the table.")
                  .arg(CellText::number(t, 10))
                  .arg(steps)
            : tr("Where step t = %1 lands on each circle: x = sin(2πt/P), y = cos(2πt/P); t is the "
                 "pos of the Parameters panel: change it and the hands turn.")
                  .arg(CellText::number(t, 10));
    m_probe->setText(probe);

    refreshCircles(temporal, t, seriesChanged);

    const double sum = std::accumulate(temporal.periods.begin(), temporal.periods.end(), 0.0);
    m_note->setText(tr("Note: the source texts' temporal_position_encoding allocates sum(periods) · 2 = %1 "
                       "columns but fills only two per period; this view shows the 2 × %2 = %3 "
                       "columns it meant.")
                        .arg(CellText::number(2 * sum, 10))
                        .arg(periodCount)
                        .arg(columns));
}

bool TemporalView::placeStepLabel()
{
    // Beside its line, on the side with more room.
    const double t = m_state->params().position;
    const bool leftHalf = t < 0.5 * (m_state->temporal().steps - 1);
    return MarkerLabels::place(m_curvesPlot, {{m_stepLabel, t, !leftHalf}});
}

void TemporalView::fitMap()
{
    const TemporalParams &temporal = m_state->temporal();
    const int steps = temporal.steps;
    const QCPRange range = m_mapPlot->yAxis->range();
    if (range.upper < -0.5 || range.lower > steps - 0.5)
        return; // no step in view: keep what the map holds
    // The rows: at most one per device pixel of the map and kMaxMapRows; for a figure, or
    // while the plot has not been laid out on screen, kMaxMapRows.
    double pixels = m_mapPlot->axisRect()->height() * m_mapPlot->devicePixelRatioF();
    if (PlotStyle::isDrawnForFile(this) || !m_mapPlot->isVisible() || pixels < 2)
        pixels = kMaxMapRows;
    const long long rowsAtMost = std::clamp<long long>(std::llround(std::floor(pixels)), 1, kMaxMapRows);
    // The steps whose cells are in view, and boxes at whole multiples of their size (panning
    // shows the same boxes).
    const long long first = std::clamp<long long>(std::llround(std::floor(range.lower + 0.5)), 0, steps - 1);
    const long long last = std::clamp<long long>(std::llround(std::ceil(range.upper - 0.5)), first, steps - 1);
    const int perBox = int(std::max<long long>(1, (last - first + rowsAtMost) / rowsAtMost));
    const MapGrid grid{perBox, int(first / perBox), int(last / perBox - first / perBox + 1)};
    if (m_mapGrid == grid && m_mapTemporal == temporal)
        return;
    m_mapGrid = grid;
    m_mapTemporal = temporal;
    m_stepsPerBox = perBox;

    // How aliasing is handled: each row of the map is the mean of its box of consecutive steps
    // (a box filter), never one step of every n: period 24 sampled every 1024th step draws
    // stripes of a period that is not there, while its mean over the box is honestly near 0.
    // Computed in closed form (Dirichlet kernel, temporalBoxMeans), one sin and cos per row and
    // column, never all 2^20 steps. At most one row per device pixel, so that QCustomPlot,
    // drawing without interpolation, drops none; zoomed in far enough, the rows are the steps.
    const RowMatrixXd means = temporalBoxMeans(temporal, perBox, grid.firstBox, grid.boxes);
    const int columns = int(means.cols());
    // QCustomPlot places cell centres at the ends of the data range: row r at the middle of its
    // box, each row perBox steps tall. A single row has no extent; it is drawn as two identical
    // half-height rows instead.
    const bool singleRow = grid.boxes == 1;
    const double firstMiddle = double(grid.firstBox) * perBox + 0.5 * (perBox - 1);
    QCPColorMapData *data = m_map->data();
    data->setSize(columns, singleRow ? 2 : grid.boxes);
    data->setRange(QCPRange(0, columns - 1),
                   singleRow ? QCPRange(firstMiddle - 0.25 * perBox, firstMiddle + 0.25 * perBox)
                             : QCPRange(firstMiddle, firstMiddle + double(grid.boxes - 1) * perBox));
    for (int r = 0; r < data->valueSize(); ++r) {
        const int row = singleRow ? 0 : r;
        for (int c = 0; c < columns; ++c)
            data->setCell(c, r, means(row, c));
    }
    QString title = tr("sin, cos(2π t / P)");
    if (perBox > 1)
        title += QLatin1Char('\n') + tr("each row: the mean\nof %1 steps").arg(perBox);
    if (title != m_mapTitle->text()) {
        m_mapTitle->setText(title);
        // Called after a layout: a title of other lines needs another one.
        m_mapPlot->replot(QCustomPlot::rpQueuedReplot);
    }
}

QString TemporalView::cellToolTip(int step, int column) const
{
    return TemporalText::temporalRow(m_state->temporal(), step, column, m_stepsPerBox);
}

std::optional<std::pair<int, int>> TemporalView::cellAt(const QPointF &pixel) const
{
    if (!m_mapPlot->axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    const TemporalParams &temporal = m_state->temporal();
    const int columns = 2 * int(temporal.periods.size());
    const int column = int(std::lround(m_mapPlot->xAxis->pixelToCoord(pixel.x())));
    const long step = std::lround(m_mapPlot->yAxis->pixelToCoord(pixel.y()));
    if (column < 0 || column >= columns || step < 0 || step >= temporal.steps)
        return std::nullopt;
    return std::make_pair(int(step), column);
}

void TemporalView::onMapMouseMove(QMouseEvent *event)
{
    const auto cell = cellAt(event->position());
    if (!cell) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), cellToolTip(cell->first, cell->second), m_mapPlot);
}

void TemporalView::onMapMousePress(QMouseEvent *event)
{
    if (const auto cell = cellAt(event->position()))
        m_state->setInspection({Inspection::Kind::Temporal, double(cell->first), double(cell->second), m_stepsPerBox});
}

} // namespace posenc

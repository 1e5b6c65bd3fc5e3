// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/precision/precisionview.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/colorscaleside.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace posenc {

namespace {

// The position range start .. start + seq_len - 1 as the texts write it.
QString rangeText(const EncodingParams &p)
{
    return QStringLiteral("%1 … %2").arg(CellText::number(p.start, 12), CellText::number(p.start + p.seqLen - 1, 12));
}

// The parameters the lab depends on: it shows the whole range of positions, so the probe
// position and the offset k change nothing in it.
EncodingParams labParams(EncodingParams p)
{
    p.position = 0;
    p.offset = 0;
    return p;
}

} // namespace

PrecisionView::PrecisionView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_precisionBox(new QComboBox)
    , m_verdict(new QLabel)
    , m_definition(new QLabel)
    , m_note(new QLabel)
    , m_errorPlot(new Plot)
    , m_phasePlot(new Plot)
    , m_hint(PlotZoom::makeHintLabel(nullptr))
{
    setAccessibleName(tr("Precision lab: the encoding computed in float32, float16 or bfloat16"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto *controls = new QHBoxLayout;
    auto *label = new QLabel(tr("&Precision:"));
    label->setBuddy(m_precisionBox);
    for (Precision precision : {Precision::Float32, Precision::Float16, Precision::BFloat16})
        m_precisionBox->addItem(precisionLabel(precision), int(precision));
    m_precisionBox->setToolTip(tr("The number format the model computes the encoding in"));
    controls->addWidget(label);
    controls->addWidget(m_precisionBox);
    controls->addStretch(1);
    controls->addWidget(m_hint);
    layout->addLayout(controls);

    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    m_verdict->setWordWrap(true);
    m_definition->setWordWrap(true);
    m_definition->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    layout->addWidget(m_verdict);
    layout->addWidget(m_definition);

    auto *plots = new QHBoxLayout;
    plots->addWidget(m_errorPlot, 1);
    plots->addWidget(m_phasePlot, 1);
    m_plots = plots;
    layout->addLayout(plots, 1);
    layout->addWidget(m_note);

    // The error heatmap, as the heatmap view draws PE: positions down, dimensions across.
    PlotStyle::applyDefaults(m_errorPlot);
    m_errorPlot->xAxis->setLabel(tr("dimension"));
    m_errorPlot->yAxis->setLabel(tr("position pos"));
    PlotStyle::useIntegerTicks(m_errorPlot->xAxis);
    PlotStyle::useIntegerTicks(m_errorPlot->yAxis);
    m_errorPlot->yAxis->setRangeReversed(true);
    m_errorPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_map = new QCPColorMap(m_errorPlot->xAxis, m_errorPlot->yAxis);
    m_map->setInterpolate(false);
    m_scale = new QCPColorScale(m_errorPlot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("value_h − PE (float64)"));
    m_scale->setGradient(PlotStyle::diverging());
    m_errorPlot->plotLayout()->addElement(0, 1, m_scale);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_errorPlot);
    m_errorPlot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    // Rows whose float16 position is infinite: no number to colour, a grey band instead.
    m_overflowBand = new QCPItemRect(m_errorPlot);
    m_overflowBand->setPen(Qt::NoPen);
    m_overflowBand->setBrush(QBrush(QColor(0x88, 0x88, 0x88), Qt::BDiagPattern));
    m_overflowBand->setSelectable(false);
    m_limitLine = new QCPItemStraightLine(m_errorPlot);
    m_limitLine->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    m_limitLine->setSelectable(false);
    m_limitLabel = new QCPItemText(m_errorPlot);
    m_limitLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_limitLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_limitLabel->setSelectable(false);
    m_limitLabel->setBrush(QColor(255, 255, 255, 220));
    m_limitLabel->setPadding(QMargins(2, 1, 2, 1));
    connect(m_errorPlot, &QCustomPlot::afterLayout, this, &PrecisionView::fitMap);
    m_highlight = new CellHighlight(m_errorPlot);
    PlotZoom::install(m_errorPlot, [this] {
        const EncodingParams &p = m_state->params();
        m_errorPlot->xAxis->setRange(-0.5, p.dModel - 0.5);
        m_errorPlot->yAxis->setRange(p.start - 0.5, p.start + p.seqLen - 0.5);
    });
    m_errorPlot->setMouseTracking(true);
    connect(m_errorPlot, &QCustomPlot::mouseMove, this, &PrecisionView::onMouseMove);
    connect(m_errorPlot, &QCustomPlot::mousePress, this, &PrecisionView::onMousePress);

    PlotStyle::applyDefaults(m_phasePlot);
    m_phasePlot->xAxis->setLabel(tr("position pos"));
    PlotStyle::useIntegerTicks(m_phasePlot->xAxis);
    PlotStyle::useLogScale(m_phasePlot->yAxis);
    m_phasePlot->legend->setVisible(true);
    m_legendPadding = m_phasePlot->legend->iconTextPadding();
    m_legendSpacing = m_phasePlot->legend->columnSpacing();
    m_legendMargins = m_phasePlot->legend->margins();
    m_phasePlot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    connect(m_phasePlot, &QCustomPlot::afterLayout, this, &PrecisionView::fitPhaseRange);
    m_phasePlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Segments, not one polyline: the stroker filled each graph's outline, a polygon whose long
    // vertical steps overlap a whole scanline range (36 % of a d_model change at 512 x 512).
    // A step line only has right-angled joins, drawn the same but for a corner pixel.
    m_phasePlot->setPlottingHint(QCP::phFastPolylines, true);
    // A d_model change replots both plots, painted in one pass (PlotStyle::applyDefaults). The
    // phase plot has nothing on the "overlay" layer, buffered by default (a second full-size buffer
    // cleared and blended on every replot, transparent throughout): logical, the same pixels.
    m_phasePlot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    PlotStyle::keepTickLabelsApart(m_phasePlot, m_phasePlot->xAxis, 6);
    PlotStyle::keepTickLabelsApart(m_errorPlot, m_errorPlot->xAxis, 8);
    // The colour bar's ticks as many as stay apart, the axis titles in lines where they are
    // longer than their axis, legend entries in lines where wider than the plot.
    PlotFit::fitTicks(m_errorPlot, m_scale, 5);
    PlotFit::fitAxisLabels(m_errorPlot);
    PlotFit::fitAxisLabels(m_phasePlot);
    PlotFit::fitLegendEntries(m_phasePlot, m_phasePlot->legend);

    // A small page (a single column) has room for the verdict and the two plots only, with
    // short labels.
    PlotStyle::watchFigureLayout(this, QSizeF(60, 30), [this](bool compact) {
        m_compact = compact;
        m_definition->setVisible(!compact);
        m_note->setVisible(!compact);
        labelScale();
        m_errorPlot->yAxis->setLabel(compact ? tr("pos") : tr("position pos"));
        // The map gets the width: its colour bar above it rather than beside it (beside it,
        // the bar and its tick labels left the map a sixth of a single column), and the map's
        // plot more of the row than the phase errors'.
        if (m_errorPlot->axisRect()->marginGroup(compact ? QCP::msTop : QCP::msLeft)
            && (m_scale->type() == QCPAxis::atTop) != compact)
            placeColorScale(m_errorPlot->axisRect(), m_scale, 0, compact);
        m_plots->setStretch(0, compact ? 4 : 1);
        m_plots->setStretch(1, compact ? 3 : 1);
        m_errorPlot->replot(QCustomPlot::rpQueuedReplot);
        // The legend: inside the plot on screen; in one row under it on a small page, where
        // the plot has no corner to spare.
        QCPLegend *legend = m_phasePlot->legend;
        QCPLayoutInset *inset = m_phasePlot->axisRect()->insetLayout();
        if (compact && inset->elements(false).contains(legend)) {
            inset->take(legend);
            m_phasePlot->plotLayout()->addElement(1, 0, legend);
            legend->setFillOrder(QCPLegend::foColumnsFirst);
            legend->setWrap(2);
            // Two entries a row, short lines, little padding, no side margins: "pair 0: exact"
            // and "16" side by side under a plot a third of a single column wide, unbroken.
            legend->setIconSize(QSize(10, 8));
            legend->setIconTextPadding(3);
            legend->setColumnSpacing(6);
            legend->setMargins(QMargins(0, 2, 0, 2));
            legend->setBorderPen(Qt::NoPen);
            m_phasePlot->plotLayout()->setRowStretchFactor(1, 0.001);
        } else if (!compact && !inset->elements(false).contains(legend)) {
            m_phasePlot->plotLayout()->take(legend);
            m_phasePlot->plotLayout()->simplify();
            inset->addElement(legend, Qt::AlignTop | Qt::AlignLeft);
            legend->setFillOrder(QCPLegend::foRowsFirst);
            legend->setIconSize(QSize(32, 18));
            legend->setIconTextPadding(m_legendPadding);
            legend->setColumnSpacing(m_legendSpacing);
            legend->setMargins(m_legendMargins);
            legend->setBorderPen(QPen(Qt::black));
        }
        refreshPhase();
    });

    connect(m_precisionBox, &QComboBox::currentIndexChanged, this, [this] {
        Scene scene = m_state->scene();
        scene.precision = Precision(m_precisionBox->currentData().toInt());
        m_state->setScene(scene);
    });
    PlotZoom::install(m_phasePlot, [this] { refreshPhase(); });
    connect(m_state, &EncodingState::changed, this, &PrecisionView::onStateChanged);
    connect(m_state, &EncodingState::inspectionChanged, this, [this] {
        moveHighlight();
        m_errorPlot->layer(QStringLiteral("overlay"))->replot();
    });
    refresh();
}

PrecisionView::~PrecisionView()
{
    delete m_highlight;
}

void PrecisionView::moveHighlight()
{
    const Inspection &what = m_state->inspection();
    const EncodingParams &p = m_state->params();
    if (what.kind != QLatin1String("precision-cell") || what.a < p.start || what.a >= p.start + p.seqLen || what.b < 0
        || what.b >= p.dModel) {
        m_highlight->hide();
        return;
    }
    // The box the click explained (a single cell without boxes).
    const int rows = std::max(1, what.box);
    const int columns = std::max(1, what.boxColumns);
    const int firstRow = int(std::floor((what.a - p.start) / rows)) * rows;
    const int firstColumn = int(what.b) / columns * columns;
    m_highlight->show(QCPRange(firstColumn - 0.5, std::min(firstColumn + columns, p.dModel) - 0.5),
                      QCPRange(p.start + firstRow - 0.5, p.start + std::min(firstRow + rows, p.seqLen) - 0.5));
}

QString PrecisionView::precisionLabel(Precision precision)
{
    return QString::fromUtf8(precisionName(precision));
}

QList<int> PrecisionView::drawnPairs(const EncodingParams &params, const QList<int> &dimensions)
{
    QList<int> pairs;
    for (int column : dimensions) {
        if (column < 0 || column >= params.dModel)
            continue;
        const Channel channel = channelOf(params, column);
        if (channel.kind != Channel::Kind::Zero && !pairs.contains(channel.pair))
            pairs << channel.pair;
        if (pairs.size() == kMaxPairs)
            break;
    }
    if (pairs.isEmpty())
        pairs << 0;
    return pairs;
}

QString PrecisionView::verdict(const EncodingParams &p, Precision precision, const PrecisionCollisions &c)
{
    const QString h = precisionLabel(precision);
    if (c.collidingPositions == 0)
        return tr("%1: all %2 positions %3 keep a vector of their own.").arg(h).arg(p.seqLen).arg(rangeText(p));
    return tr("%1: %2 of the %3 positions %4 share their vector with another position "
              "(the first: %5, the same vector as %6).")
        .arg(h)
        .arg(c.collidingPositions)
        .arg(p.seqLen)
        .arg(rangeText(p), CellText::number(c.firstCollidingPosition, 12), CellText::number(c.firstCollidingPartner, 12));
}

QString PrecisionView::definition(Precision precision)
{
    const QString h = precisionLabel(precision);
    QString text = tr("Computed in %1 (h), as a model that keeps the encoding in %1 does: p_h = round_h(pos), "
                      "w_h = round_h(w_i), θ_h = round_h(p_h · w_h) (the exact product rounded once), "
                      "value = round_h(scale · sin θ_h) with the sine in double, and the same for cos; "
                      "rounding to nearest, ties to even.")
                       .arg(h);
    if (precision == Precision::BFloat16)
        text += QLatin1Char(' ') + tr("bfloat16 keeps the top 16 bits of float32: a double is rounded to float32 first, then to bfloat16.");
    if (precision == Precision::Float16)
        text += QLatin1Char(' ') + tr("float16 holds at most 65504: positions 65505 to 65519 round to 65504, and from 65520 on a position rounds to infinity.");
    return text;
}

void PrecisionView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void PrecisionView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void PrecisionView::refresh()
{
    m_dirty = false;
    const EncodingState::Changes changes = m_state->takeChanges(this);
    const Scene scene = m_state->scene();
    const Shown shown{labParams(scene.params), scene.precision};
    // pos and k change nothing here: the lab is about the whole range of positions.
    if (m_shown && *m_shown == shown && !changes.changed(&Scene::dimensions))
        return;
    const bool matrixChanged = !m_shown || !(*m_shown == shown);
    m_shown = shown;
    const EncodingParams &p = scene.params;

    const QSignalBlocker blocker(m_precisionBox);
    m_precisionBox->setCurrentIndex(m_precisionBox->findData(int(scene.precision)));
    if (matrixChanged) {
        m_verdict->setText(verdict(p, scene.precision, precisionCollisions(p, scene.precision)));
        m_definition->setText(definition(scene.precision));
        m_errorPlot->xAxis->setRange(-0.5, p.dModel - 0.5);
        m_errorPlot->yAxis->setRange(p.start - 0.5, p.start + p.seqLen - 0.5);
        m_mapShown.reset();
        moveHighlight();
        fitMap();
        refreshOverflow();
        m_errorPlot->replot(QCustomPlot::rpQueuedReplot);
    }
    refreshPhase();
}

void PrecisionView::fitMap()
{
    if (!m_shown)
        return;
    const EncodingParams &p = m_shown->params;
    const auto visible = BoxedColorMap::visibleGrid(m_errorPlot, p.seqLen, p.dModel, p.start);
    if (!visible)
        return;
    if (m_mapShown && *m_mapShown == *m_shown && m_mapGrid == *visible)
        return;
    m_mapShown = m_shown;
    m_mapGrid = *visible;
    RowMatrixXd boxes = precisionErrorBoxes(p, m_shown->precision, m_mapGrid);
    // The colour bar is symmetric, so that white is exactly 0, and fitted to the errors in
    // view: up to the 95th percentile of their sizes, the few larger ones in its darkest
    // colours. The largest error is often many times the typical one (bfloat16 at the
    // defaults: 0.082 in the fast pairs, a median of 0.0003): a bar up to it left the map white.
    // Overflowed rows (NaN) are drawn as 0 under the grey band.
    const ErrorMapExtent fitted = errorMapExtent(boxes, 0.95);
    const double largest = fitted.largest;
    double extent = fitted.typical > 0 ? std::min(largest, fitted.typical) : largest;
    if (!(extent > 0))
        extent = 1e-16;
    m_colourLimit = extent < largest * 0.999 ? extent : 0;
    labelScale();
    m_scale->setDataRange(QCPRange(-extent, extent));
    BoxedColorMap::setBoxes(m_map, boxes, m_mapGrid, p.start);
    const bool boxed = m_mapGrid.rowsPerBox > 1 || m_mapGrid.columnsPerBox > 1;
    m_boxNote = boxed ? tr("Each pixel of the map shows the largest error (with its sign) of the %1 × %2 "
                               "cells under it; zoom in for single cells.")
                                .arg(m_mapGrid.rowsPerBox)
                                .arg(m_mapGrid.columnsPerBox)
                          : tr("Click a cell to see every rounding behind it in the inspector.");
    m_note->setText(m_overflowNote.isEmpty() ? m_boxNote : m_overflowNote + QLatin1Char(' ') + m_boxNote);
}

void PrecisionView::labelScale()
{
    if (m_colourLimit > 0)
        m_scale->axis()->setLabel(m_compact ? tr("error, darkest from ±%1").arg(CellText::number(m_colourLimit, 2))
                                            : tr("value_h − PE (float64), darkest from ±%1").arg(CellText::number(m_colourLimit, 2)));
    else
        m_scale->axis()->setLabel(m_compact ? tr("error") : tr("value_h − PE (float64)"));
}

void PrecisionView::refreshOverflow()
{
    const EncodingParams &p = m_shown->params;
    const double limit = largestFinite(Precision::Float16);
    const double last = p.start + p.seqLen - 1;
    const bool beyond = m_shown->precision == Precision::Float16
                        && (std::abs(p.start) > limit || std::abs(last) > limit);
    m_limitLine->setVisible(beyond);
    m_limitLabel->setVisible(beyond);
    const double overflow = firstOverflowPosition(p, m_shown->precision);
    m_overflowBand->setVisible(!std::isnan(overflow));
    if (!std::isnan(overflow)) {
        m_overflowBand->topLeft->setCoords(-0.5, overflow - 0.5);
        m_overflowBand->bottomRight->setCoords(p.dModel - 0.5, p.start + p.seqLen - 0.5);
    }
    if (beyond) {
        const double y = (p.start < 0 ? -limit : limit) + 0.5;
        m_limitLine->point1->setCoords(0, y);
        m_limitLine->point2->setCoords(1, y);
        m_limitLabel->position->setCoords(0.02, y);
        m_limitLabel->setText(tr("> 65504"));
    }
    m_overflowNote = !beyond ? QString()
                     : std::isnan(overflow)
                         ? tr("Below the dashed line the positions are beyond 65504, float16's largest value: they round to 65504.")
                         : tr("Below the dashed line the positions are beyond 65504, float16's largest value: they round to 65504, "
                              "and from %1 on (hatched) to infinity, where angles and values are not numbers.")
                               .arg(CellText::number(overflow, 12));
    m_note->setText(m_overflowNote.isEmpty() ? m_boxNote : m_overflowNote + QLatin1Char(' ') + m_boxNote);
}

void PrecisionView::refreshPhase()
{
    const Scene scene = m_state->scene();
    const EncodingParams &p = scene.params;
    Eigen::VectorXd positions(p.seqLen);
    for (int j = 0; j < p.seqLen; ++j)
        positions[j] = p.start + j;
    // The error of a fast pair swings between 0 and its bound from one position to the next;
    // drawn sample by sample it is a solid band. Drawn is its largest value in each run of
    // positions (about one run per two pixel columns), the bound the lesson reads.
    const int runs = std::max(16, m_phasePlot->axisRect()->width() / 2);
    const QList<int> pairs = drawnPairs(p, scene.dimensions);
    m_phasePlot->clearGraphs();
    double lowest = 1e300, highest = 0;
    const QList<QColor> &colors = PlotStyle::categorical();
    for (int k = 0; k < pairs.size(); ++k) {
        const int pair = pairs[k];
        const Envelope envelope = minMaxEnvelope(positions, phaseError(p, scene.precision, pair, positions), runs);
        QVector<double> keys, values;
        bool exact = true;
        for (std::size_t j = 0; j < envelope.keys.size(); ++j) {
            const double e = envelope.highs[j];
            keys << envelope.keys[j];
            // An exact angle has no place on a log axis: a gap, not a point at 10^-300.
            values << (e > 0 && std::isfinite(e) ? e : qQNaN());
            if (e > 0 && std::isfinite(e)) {
                exact = false;
                lowest = std::min(lowest, e);
                highest = std::max(highest, e);
            }
        }
        QCPGraph *graph = Graph::add(m_phasePlot);
        graph->setData(keys, values, true);
        graph->setLineStyle(envelope.keys.size() < std::size_t(p.seqLen) ? QCPGraph::lsStepCenter : QCPGraph::lsLine);
        graph->setPen(QPen(colors.at(k % colors.size()), 1.5));
        // A pair without error at any position draws nothing on the log axis: its entry says
        // why (pair 0, w = 1: every rounded integer angle is exact).
        if (m_compact) {
            const QString name = k == 0 ? tr("pair %1").arg(pair) : QString::number(pair);
            graph->setName(exact ? tr("%1: exact").arg(name) : name);
        } else if (exact)
            graph->setName(tr("pair %1 (w = %2): no error, no line").arg(pair).arg(CellText::number(frequency(p, pair), 4)));
        else
            graph->setName(tr("pair %1 (w = %2)").arg(pair).arg(CellText::number(frequency(p, pair), 4)));
    }
    const int perRun = p.seqLen >= 2 * runs ? (p.seqLen + runs - 1) / runs : 1;
    if (m_compact)
        m_phasePlot->yAxis->setLabel(tr("phase error (rad)"));
    else
        m_phasePlot->yAxis->setLabel(perRun > 1 ? tr("largest angle error of ~%1 positions (rad, ≤ π)").arg(perRun)
                                                : tr("angle error |θ_h − pos·w_i| mod 2π (rad)"));
    m_phasePlot->xAxis->setRange(p.start, std::max(p.start + p.seqLen - 1, p.start + 1));
    m_lowestError = highest > 0 ? lowest : 0;
    m_highestError = highest;
    m_fittedPhaseRange = phaseRange();
    m_phasePlot->yAxis->setRange(m_fittedPhaseRange);
    m_phasePlot->replot(QCustomPlot::rpQueuedReplot);
}

// The errors' range with room above them for the legend inside the plot. On a log axis the
// top h decades of D + h take h / (D + h) of the height H: the legend's L pixels need
// h = L D / (H - L) decades above the D of the errors.
QCPRange PrecisionView::phaseRange() const
{
    if (!(m_highestError > 0))
        return QCPRange(1e-12, 1);
    const double lowest = m_lowestError / 2;
    const double decades = std::log10(m_highestError / lowest);
    double headroom = std::log10(4.0);
    if (!m_compact) {
        const double legend = m_phasePlot->legend->minimumOuterSizeHint().height() + 8;
        const double height = m_phasePlot->axisRect()->height();
        headroom = std::max(headroom, height > 2 * legend ? legend * decades / (height - legend) : decades);
    }
    return QCPRange(lowest, m_highestError * std::pow(10.0, headroom));
}

// After a layout (a resize, a new legend): the room refitted to the plot's new height, unless
// the user has zoomed or panned since the last fit.
void PrecisionView::fitPhaseRange()
{
    const QCPRange wanted = phaseRange();
    const QCPRange shown = m_phasePlot->yAxis->range();
    if (shown != m_fittedPhaseRange || std::abs(std::log10(wanted.upper / shown.upper)) < 0.01)
        return;
    m_fittedPhaseRange = wanted;
    m_phasePlot->yAxis->setRange(wanted);
    m_phasePlot->replot(QCustomPlot::rpQueuedReplot);
}

QString PrecisionView::cellExplanation(const EncodingParams &p, Precision precision, double pos,
                                       int column, int rowsPerBox, int columnsPerBox)
{
    const PrecisionCell cell = precisionCell(p, precision, pos, column);
    const QString h = precisionLabel(precision);
    QStringList lines;
    if (rowsPerBox > 1 || columnsPerBox > 1) {
        const int firstRow = int(std::floor((pos - p.start) / rowsPerBox)) * rowsPerBox;
        const int firstColumn = column / columnsPerBox * columnsPerBox;
        lines << tr("This pixel shows the largest error of %1 × %2 cells: positions %3 to %4, dimensions %5 to %6. "
                    "One of them, (%7, %8):")
                     .arg(rowsPerBox)
                     .arg(columnsPerBox)
                     .arg(CellText::number(p.start + firstRow, 12), CellText::number(std::min(p.start + firstRow + rowsPerBox, p.start + p.seqLen) - 1, 12))
                     .arg(firstColumn)
                     .arg(std::min(firstColumn + columnsPerBox, p.dModel) - 1)
                     .arg(CellText::number(pos, 12))
                     .arg(column);
    }
    if (cell.channel.kind == Channel::Kind::Zero) {
        lines << tr("Column %1 is the zero column of the split layout: 0 in every precision.").arg(column);
        return lines.join(QLatin1Char('\n'));
    }
    const QString fn = cell.channel.kind == Channel::Kind::Sin ? QStringLiteral("sin") : QStringLiteral("cos");
    lines << tr("PE(%1, %2) = %3(pos · w_%4), computed in %5:").arg(CellText::number(pos, 12)).arg(column).arg(fn).arg(cell.channel.pair).arg(h);
    lines << tr("p_h = round_h(%1) = %2").arg(CellText::number(pos, 12), CellText::number(cell.roundedPosition, 12));
    lines << tr("w_h = round_h(%1) = %2").arg(CellText::number(cell.frequency, 12), CellText::number(cell.roundedFrequency, 12));
    lines << tr("θ_h = round_h(p_h · w_h) = %1; exact angle pos · w_i = %2; phase error %3 rad")
                 .arg(CellText::number(cell.roundedAngle, 12), CellText::number(cell.angle, 12),
                      CellText::number(angleError(cell.roundedAngle, cell.angle), 4));
    if (const double apart = std::abs(cell.roundedAngle - cell.angle); std::isfinite(apart) && apart > std::numbers::pi)
        lines << tr("The two angles are %1 rad apart; sin and cos see only the difference modulo 2π, so the error is "
                    "the %2 rad left on the circle.")
                     .arg(CellText::number(apart, 4), CellText::number(angleError(cell.roundedAngle, cell.angle), 4));
    lines << tr("value_h = round_h(%1 · %2(θ_h)) = %3; float64: %4")
                 .arg(CellText::number(p.scale, 6), fn, CellText::number(cell.roundedValue, 8), CellText::number(cell.value, 8));
    if (cell.overflow)
        lines << tr("The position overflowed: %1 cannot hold %2, so the angle is infinite and the value is not a number.")
                     .arg(h, CellText::number(pos, 12));
    else
        lines << tr("error value_h − PE = %1").arg(CellText::number(cell.roundedValue - cell.value, 4));
    return lines.join(QLatin1Char('\n'));
}

QString PrecisionView::describe(const EncodingState &state)
{
    const Scene scene = state.scene();
    const EncodingParams &p = scene.params;
    const PrecisionCollisions collisions = precisionCollisions(p, scene.precision);
    const LargestPrecisionError largest = largestPrecisionError(p, scene.precision);
    QStringList sentences;
    sentences << verdict(p, scene.precision, collisions);
    sentences << tr("After rounding, %1 distinct positions remain of %2; %3 holds every integer only up to %4.")
                     .arg(collisions.distinctRoundedPositions)
                     .arg(p.seqLen)
                     .arg(precisionLabel(scene.precision), CellText::number(largestExactInteger(scene.precision), 12));
    sentences << tr("The largest error of a value is %1, at position %2, dimension %3.")
                     .arg(CellText::number(largest.error, 4), CellText::number(largest.position, 12))
                     .arg(largest.column);
    const double overflow = firstOverflowPosition(p, scene.precision);
    if (!std::isnan(overflow))
        sentences << tr("From position %1 on, float16 cannot hold the position: the angles are infinite.").arg(CellText::number(overflow, 12));
    return sentences.join(QLatin1Char(' '));
}

std::optional<std::pair<int, int>> PrecisionView::cellAt(const QPointF &pixel) const
{
    const EncodingParams &p = m_state->params();
    return BoxedColorMap::cellAt(m_errorPlot, pixel, p.seqLen, p.dModel, p.start);
}

void PrecisionView::onMouseMove(QMouseEvent *event)
{
    const auto cell = cellAt(event->position());
    if (!cell) {
        QToolTip::hideText();
        return;
    }
    const Scene scene = m_state->scene();
    QToolTip::showText(event->globalPosition().toPoint(),
                       cellExplanation(scene.params, scene.precision, scene.params.start + cell->first, cell->second,
                                       m_mapGrid.rowsPerBox, m_mapGrid.columnsPerBox),
                       m_errorPlot);
}

void PrecisionView::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    if (const auto cell = cellAt(event->position()))
        m_state->setInspection({QStringLiteral("precision-cell"), m_state->params().start + cell->first,
                                double(cell->second), m_mapGrid.rowsPerBox, m_mapGrid.columnsPerBox});
}

} // namespace posenc

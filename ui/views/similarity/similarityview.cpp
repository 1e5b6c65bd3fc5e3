// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/similarity/similarityview.h"

#include "core/channels.h"
#include "core/similarity.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"
#include "ui/views/similarity/similaritytext.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/colorscaleside.h"
#include "ui/widgets/latestjob.h"
#include "ui/widgets/matrixcolormapdata.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QBoxLayout>
#include <QCheckBox>
#include <QLabel>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace posenc {

QCPTextElement *SimilarityView::addTitle(QCustomPlot *plot)
{
    plot->plotLayout()->insertRow(0);
    auto *title = new PlotTitle(plot);
    QFont font = plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0) + 1);
    font.setBold(true);
    title->setFont(font);
    plot->plotLayout()->addElement(0, 0, title);
    // Wider than a half of a 1280x720 projector in presentation mode: in lines, never clipped.
    PlotFit::fitTitles(plot);
    return title;
}

QCPItemText *SimilarityView::addMarkerLabel(QCustomPlot *plot, const QColor &color)
{
    auto *label = new QCPItemText(plot);
    label->setColor(color);
    label->setBrush(QColor(255, 255, 255, 220));
    label->setPadding(QMargins(3, 1, 3, 1));
    QFont font = plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    label->setFont(font);
    label->setSelectable(false);
    return label;
}

SimilarityView::SimilarityView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_cosine(new QCheckBox(tr("C&osine similarity"), this))
    , m_distance(new QLabel(this))
    , m_hint(PlotZoom::makeHintLabel(this))
    , m_plots(new QBoxLayout(QBoxLayout::LeftToRight))
    , m_matrixHolder(new QWidget(this))
    , m_matrixPlot(new Plot(m_matrixHolder))
    , m_kernelPlot(new Plot(this))
{
    setAccessibleName(tr("Similarity of positions"));
    m_cosine->setToolTip(tr("Show PE(p) · PE(q) / (|PE(p)| |PE(q)|) instead of the dot product."));
    m_distance->setWordWrap(true);
    m_distance->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_distance->setToolTip(tr("The two distinct positions of the sequence whose encodings are "
                              "closest: as long as this stays clearly above zero, every position "
                              "has its own vector."));
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 0, 6, 0);
    bar->addWidget(m_cosine);
    bar->addSpacing(16);
    bar->addWidget(m_distance, 1);
    bar->addSpacing(16);
    bar->addWidget(m_hint);

    // The matrix plot has no layout of its own: fitMatrix() gives it square cells, centred.
    m_matrixHolder->setMinimumSize(240, 220);
    m_matrixHolder->installEventFilter(this);
    m_kernelPlot->setMinimumSize(240, 200);
    m_plots->addWidget(m_matrixHolder, 1);
    m_plots->addWidget(m_kernelPlot, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addLayout(m_plots, 1);

    // The matrix: rows are positions p from start downwards, columns positions q.
    PlotStyle::applyDefaults(m_matrixPlot);
    m_matrixPlot->xAxis->setLabel(tr("position q"));
    m_matrixPlot->yAxis->setLabel(tr("position p"));
    PlotStyle::useIntegerTicks(m_matrixPlot->xAxis);
    PlotStyle::useIntegerTicks(m_matrixPlot->yAxis);
    m_matrixPlot->yAxis->setRangeReversed(true); // position `start` at the top, as in the matrix
    m_matrixPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_map = new QCPColorMap(m_matrixPlot->xAxis, m_matrixPlot->yAxis);
    m_map->setData(new MatrixColorMapData(1, 1, QCPRange(0, 1), QCPRange(0, 1))); // owned by the map
    m_map->setInterpolate(false); // one crisp block per value (see fitMatrix)
    // Not tight: a tight boundary would draw the outermost rows and columns at half size.
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(m_matrixPlot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setGradient(PlotStyle::diverging());
    m_scale->setBarWidth(14);
    m_matrixPlot->plotLayout()->addElement(0, 1, m_scale);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_matrixPlot);
    m_matrixPlot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_matrixTitle = addTitle(m_matrixPlot);
    // The colour bar's title says how the colours map the values: in lines where it is longer
    // than the bar (a single column cut it at both edges).
    PlotFit::fitAxisLabels(m_matrixPlot);
    m_matrixPlot->plotLayout()->setRowStretchFactor(0, 0.001);
    // The reference row p: a light dashed core on a dark outline, visible on every colour.
    m_referenceOutline = new QCPItemStraightLine(m_matrixPlot);
    m_referenceOutline->setPen(QPen(QColor(0x11, 0x11, 0x11), 3.5));
    m_referenceOutline->setSelectable(false);
    m_referenceLine = new QCPItemStraightLine(m_matrixPlot);
    QPen core(Qt::white, 1.5, Qt::DashLine);
    core.setCapStyle(Qt::FlatCap);
    m_referenceLine->setPen(core);
    m_referenceLine->setSelectable(false);
    m_referenceLabel = addMarkerLabel(m_matrixPlot, Qt::black);
    m_referenceLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_referenceLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
    PlotStyle::markAnnotation(m_referenceLine); // a clean figure leaves the markers out
    PlotStyle::markAnnotation(m_referenceLabel);

    buildKernelPlot();
    m_highlight = new CellHighlight(m_matrixPlot);
    PlotZoom::install(m_matrixPlot, [this] {
        const EncodingParams &p = m_state->params();
        m_matrixPlot->xAxis->setRange(p.start - 0.5, p.start + p.seqLen - 0.5);
        m_matrixPlot->yAxis->setRange(p.start - 0.5, p.start + p.seqLen - 0.5);
    });
    PlotZoom::install(m_kernelPlot, [this] {
        const double reach = m_state->params().seqLen - 1;
        const double pad = reach > 0 ? std::max(0.5, 0.02 * reach) : 1.0;
        m_kernelPlot->xAxis->setRange(-reach - pad, reach + pad);
        m_kernelPlot->yAxis->setRange(m_kernelLow, m_kernelHigh);
    });

    // The kernel's value axis is short on a 720-line screen: as many ticks as stay apart.
    PlotFit::fitTicks(m_kernelPlot, m_kernelPlot->yAxis, 6);
    // A figure on a small page gets a compact layout (applyFigureLayout).
    m_kernelLabel = m_kernelPlot->xAxis->label();
    PlotStyle::watchFigureLayout(this, QSizeF(44, 28), [this](bool compact) { applyFigureLayout(compact); });

    connect(m_matrixPlot, &QCustomPlot::afterReplot, this, &SimilarityView::fitMatrix);
    // A new size of the matrix on screen may call for other boxes (at most one per pixel).
    connect(m_matrixPlot, &QCustomPlot::afterLayout, this, [this] {
        if (!m_dirty && boxSizeFor(m_state->params().seqLen) != m_boxSize)
            refresh();
    });
    m_matrixPlot->setMouseTracking(true);
    connect(m_matrixPlot, &QCustomPlot::mouseMove, this, &SimilarityView::onMatrixMouseMove);
    connect(m_matrixPlot, &QCustomPlot::mousePress, this, &SimilarityView::onMatrixMousePress);
    connect(m_kernelPlot, &QCustomPlot::mousePress, this, &SimilarityView::onKernelMousePress);
    connect(m_cosine, &QCheckBox::toggled, this, [this](bool cosine) {
        m_state->changeScene([cosine](Scene &scene) { scene.cosine = cosine; });
    });
    connect(m_state, &EncodingState::changed, this, &SimilarityView::onStateChanged);
    connect(m_state, &EncodingState::inspectionChanged, this, [this] {
        moveHighlight();
        m_matrixPlot->layer(QStringLiteral("overlay"))->replot();
    });
    refresh();
}

SimilarityView::~SimilarityView()
{
    delete m_highlight;
}

void SimilarityView::resetZoom()
{
    PlotZoom::resetAll(this);
}

void SimilarityView::moveHighlight()
{
    const Inspection &what = m_state->inspection();
    const EncodingParams &p = m_state->params();
    const double last = p.start + p.seqLen - 1;
    if (what.kind != Inspection::Kind::Similarity || what.a < p.start || what.a > last || what.b < p.start
        || what.b > last) {
        m_highlight->hide();
        return;
    }
    // The box of each position on screen (a single cell without boxes).
    const auto span = [&](double position) {
        const int box = int((position - p.start) / m_boxSize);
        const double first = p.start + double(box) * m_boxSize;
        const double end = std::min(first + m_boxSize, p.start + p.seqLen);
        return QCPRange(first - 0.5, end - 0.5);
    };
    m_highlight->show(span(what.b), span(what.a));
}

// The colour bar's label: the measure and how the map spreads over it. A compact figure's
// sequential bar names the measure alone (its ticks show where it starts): the three lines
// of the whole label took the map's height on a single column.
void SimilarityView::labelColorScale()
{
    const QString measure = m_cosineScale ? tr("cosine similarity") : tr("PE(p) · PE(q)");
    if (m_colorRange == ColorRange::Diverging)
        m_scale->axis()->setLabel(tr("%1, diverging about its mean %2").arg(measure, CellText::number(m_colorCentre, 3)));
    else
        m_scale->axis()->setLabel(m_compact ? measure : tr("%1, sequential from its minimum").arg(measure));
}

void SimilarityView::fitColorRange(const RowMatrixXd &values, bool cosine)
{
    const ColourRange fitted = similarityColourRange(values, cosine);
    const QCPRange range(fitted.low, fitted.high);
    // One sign (dot products at the defaults are all positive): the whole map over the
    // values, white at the smallest; else diverging about the mean.
    m_colorRange = fitted.diverging ? ColorRange::Diverging : ColorRange::Sequential;
    m_cosineScale = cosine;
    m_colorCentre = fitted.centre;
    labelColorScale();
    m_scale->setDataRange(range);
    m_scale->setGradient(PlotStyle::gradientFor(PlotStyle::ColorMap::Diverging, range, PlotStyle::Theme::Light));
}

QString SimilarityView::matrixTitle() const
{
    return m_matrixTitle->text();
}

double SimilarityView::offsetMarker() const
{
    return m_offsetLine->point1->coords().x();
}

QString SimilarityView::minimumDistanceText() const
{
    return m_distance->text();
}

void SimilarityView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void SimilarityView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void SimilarityView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Side by side on a wide view, one above the other on a tall one, so that the matrix
    // keeps roughly square cells.
    const bool wide = width() >= 1.25 * height();
    m_plots->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_plots->setStretch(0, wide ? 1 : 3);
    m_plots->setStretch(1, wide ? 1 : 2);
}

// A figure on a small page (a single column): no sentence above the plots, the matrix's
// colour scale above it rather than beside it (the matrix gets the width), and the kernel
// without its title, with a shorter axis label, fewer ticks and its legend in one column,
// so that nothing clips.
void SimilarityView::applyFigureLayout(bool compact)
{
    m_distance->setVisible(!compact);
    placeColorScale(m_matrixPlot->axisRect(), m_scale, 1, compact);
    QCPLayoutGrid *kernel = m_kernelPlot->plotLayout();
    if (compact)
        kernel->take(m_kernelTitle); // its row stays, empty: refreshClosedForm counts rows
    else
        kernel->addElement(0, 0, m_kernelTitle);
    m_kernelTitle->setVisible(!compact);
    // The legend keeps both entries in every layout: a figure shows what the view shows.
    m_compact = compact;
    labelColorScale();
    m_measured->setName(compact ? tr("PE(p) · PE(p + Δ), measured")
                                : tr("PE(p) · PE(p + Δ), measured, p = %1").arg(CellText::number(m_reference, 10)));
    QCPLegend *legend = m_kernelPlot->legend;
    QCPAbstractLegendItem *measuredItem = legend->itemWithPlottable(m_measured);
    QCPAbstractLegendItem *closedForm = legend->itemWithPlottable(m_closedForm);
    if (measuredItem && closedForm) {
        // Taken out and put back in order rather than removed: a new legend item would
        // not have the figure's font.
        legend->take(measuredItem);
        legend->take(closedForm);
        legend->simplify();
        legend->addItem(measuredItem);
        legend->addItem(closedForm);
        measuredItem->setVisible(true);
    }
    m_kernelPlot->xAxis->setLabel(compact ? tr("offset Δ = q − p") : m_kernelLabel);
    m_kernelPlot->xAxis->ticker()->setTickCount(compact ? 3 : 5);
    // Four-digit positions on a single-column matrix ran together ("010002000 3000").
    m_matrixPlot->xAxis->ticker()->setTickCount(compact ? 2 : 5);
    m_kernelPlot->legend->setProperty("posencMaxColumns", compact ? 1 : 2); // PlotFit
    m_kernelPlot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // rearranges
    m_kernelPlot->legend->setIconSize(compact ? QSize(18, 10) : QSize(32, 18));
    m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
    m_kernelPlot->replot(QCustomPlot::rpQueuedReplot);
}

void SimilarityView::refresh()
{
    m_dirty = false;
    const EncodingParams &p = m_state->params();
    const QSignalBlocker blocker(m_cosine);
    m_cosine->setChecked(m_state->cosineSimilarity());

    // At most one box per device pixel (and kMaxMatrixRows): long sequences in boxes of s
    // positions, each cell the mean over its box (core/similarity.h: never every s-th
    // position, which aliases; nor more cells than pixels, which QCustomPlot would thin out
    // to every s-th cell when it draws the map without interpolation).
    const int n = p.seqLen;
    m_boxSize = boxSizeFor(n);
    m_boxes = (n + m_boxSize - 1) / m_boxSize;

    // The reference row p of the kernel: the position of the sequence nearest to the probe
    // position if that lies inside the sequence, else the first.
    const double last = p.start + n - 1;
    m_referenceRow = 0;
    if (p.position >= p.start && p.position <= last)
        m_referenceRow = std::clamp(int(std::lround(p.position - p.start)), 0, n - 1);
    m_reference = p.start + m_referenceRow;

    // What depends on neither pos nor k (the matrix, the closed form, the closest pair) is
    // redone only when the encoding changes. Moving pos moves the reference line and the
    // measured dots, moving k the offset marker: each on a buffered layer of its own, replotted
    // alone while the axes stay.
    const EncodingState::Changes changes = m_state->takeChanges(this);
    const auto toLayer = [](QCustomPlot *plot, QCPLayerable *layerable, const QString &name) {
        if (layerable->layer()->name() != name) {
            plot->layer(name)->setMode(QCPLayer::lmBuffered);
            layerable->setLayer(name);
        }
    };
    if (!m_kernelPlot->layer(QStringLiteral("dots"))) {
        m_kernelPlot->addLayer(QStringLiteral("dots"), m_kernelPlot->layer(QStringLiteral("main")), QCustomPlot::limBelow);
        m_kernelPlot->layer(QStringLiteral("legend"))->setMode(QCPLayer::lmBuffered);
    }
    toLayer(m_matrixPlot, m_referenceOutline, QStringLiteral("overlay"));
    toLayer(m_matrixPlot, m_referenceLine, QStringLiteral("overlay"));
    toLayer(m_matrixPlot, m_referenceLabel, QStringLiteral("overlay"));
    toLayer(m_kernelPlot, m_offsetLine, QStringLiteral("overlay"));
    toLayer(m_kernelPlot, m_offsetLabel, QStringLiteral("overlay"));
    toLayer(m_kernelPlot, m_measured, QStringLiteral("dots"));

    QCPColorMapData *data = m_map->data();
    const bool matrixShown = !changes.matrix && !changes.changed(&Scene::cosine) && m_boxes > 1
                             && m_shownBoxSize == m_boxSize && data->keySize() == m_boxes
                             && data->valueSize() == m_boxes;
    const bool cosine = m_state->cosineSimilarity();
    if (!matrixShown) {
        // The dots' kernel comes with the box means from the same sines and cosines.
        m_strideKernel.resize(0);
        const RowMatrixXd similarity = cosine ? cosineSimilarityBoxMeans(p, m_boxSize)
                                              : similarityBoxMeans(p, m_boxSize, m_boxSize > 1 ? &m_strideKernel : nullptr);
        refreshMatrix(similarity);
        refreshClosedForm();
        refreshMinimumDistance();
    } else if (changes.position) {
        moveReferenceMarker();
        moveHighlight();
        m_matrixPlot->layer(QStringLiteral("overlay"))->replot();
    }
    // The dot products of the reference row: without boxes the row of the matrix on screen
    // (cell (b, a) is similarity(a, b)), else the dot products themselves.
    Eigen::VectorXd matrixRow;
    const bool fromMatrix = dotsFromMatrix();
    if (fromMatrix) {
        matrixRow.resize(m_boxes);
        for (int b = 0; b < m_boxes; ++b)
            matrixRow[b] = data->cell(b, m_referenceRow);
    }
    if (!matrixShown || changes.position)
        refreshDots(fromMatrix ? &matrixRow : nullptr, !matrixShown);
    if (!matrixShown || changes.offset) {
        moveOffsetMarker();
        if (matrixShown)
            m_kernelPlot->layer(QStringLiteral("overlay"))->replot();
    }
}

int SimilarityView::boxSizeFor(int seqLen) const
{
    // The device pixels of the matrix's side; for a figure, or while the plot has not been
    // laid out on screen, kMaxMatrixRows.
    const QRect rect = m_matrixPlot->axisRect()->rect();
    int pixels = int(std::min(rect.width(), rect.height()) * m_matrixPlot->devicePixelRatioF());
    if (PlotStyle::isDrawnForFile(this) || !m_matrixPlot->isVisible() || pixels < 2)
        pixels = kMaxMatrixRows;
    pixels = std::min(pixels, kMaxMatrixRows);
    return (seqLen + pixels - 1) / pixels;
}

bool SimilarityView::dotsFromMatrix() const
{
    return !m_state->cosineSimilarity() && m_boxSize == 1 && m_boxes > 1;
}

double SimilarityView::boxMiddle(int box) const
{
    const EncodingParams &p = m_state->params();
    const int first = box * m_boxSize;
    const int length = std::min(m_boxSize, p.seqLen - first);
    return p.start + first + (length - 1) / 2;
}

void SimilarityView::moveReferenceMarker()
{
    for (QCPItemStraightLine *line : {m_referenceOutline, m_referenceLine}) {
        line->point1->setCoords(0, m_reference);
        line->point2->setCoords(1, m_reference);
    }
    m_referenceLabel->position->setCoords(0.98, m_reference);
    // Below the line in the upper half of the matrix, above it in the lower half: never cut
    // off by the edge of the plot, never over the line.
    const QCPRange range = m_matrixPlot->yAxis->range(); // reversed: the smallest position on top
    const bool upperHalf = m_reference < range.center();
    m_referenceLabel->setPositionAlignment(Qt::AlignRight | (upperHalf ? Qt::AlignTop : Qt::AlignBottom));
    m_referenceLabel->setText(tr("p = %1").arg(CellText::number(m_reference, 10)));
}

void SimilarityView::refreshMatrix(const RowMatrixXd &similarity)
{
    const EncodingParams &p = m_state->params();
    const bool cosine = m_state->cosineSimilarity();
    const int m = m_boxes;
    const int s = m_boxSize;
    // Box b covers the positions start + b s .. start + b s + s − 1 and is drawn over them:
    // its cell is centred at the middle of s positions. The axes end at the last position, so
    // a shorter last box is drawn as wide as it is.
    const double firstCentre = p.start + 0.5 * (s - 1);
    const double lastCentre = firstCentre + double(m - 1) * s;

    // QCustomPlot places cell centres at the ends of the data range, so a single row has no
    // extent; it is drawn as two identical half-size rows and columns instead.
    const bool single = m == 1;
    auto *data = static_cast<MatrixColorMapData *>(m_map->data());
    data->setSize(single ? 2 : m, single ? 2 : m);
    const QCPRange range = single ? QCPRange(p.start - 0.25, p.start + 0.25) : QCPRange(firstCentre, lastCentre);
    data->setRange(range, range);
    data->setCells(single ? RowMatrixXd::Constant(2, 2, similarity(0, 0)) : similarity);
    m_shownBoxSize = s;
    // Fitted to the values (a range symmetric about zero left half of it unused: every dot
    // product is positive at the defaults).
    fitColorRange(similarity, cosine);

    QString title = cosine ? tr("Cosine similarity\nPE(p) · PE(q) / (|PE(p)| |PE(q)|)")
                           : tr("Dot products PE · PEᵀ");
    if (s > 1)
        title += QLatin1Char('\n') + tr("each cell: the mean\nover %1 × %1 positions").arg(s);
    m_matrixTitle->setText(title);

    const double end = p.start + p.seqLen - 0.5;
    m_matrixPlot->xAxis->setRange(p.start - 0.5, end);
    m_matrixPlot->yAxis->setRange(p.start - 0.5, end);
    moveReferenceMarker();
    moveHighlight();
    m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
}

void SimilarityView::refreshMinimumDistance()
{
    const EncodingParams &p = m_state->params();
    if (p.seqLen < 2) {
        m_distance->setText(tr("Only one position: there is no second position to compare."));
        m_distance->setStyleSheet(QString());
        return;
    }
    const auto show = [this, p](const MinimumDistance &closest) {
        const QString a = CellText::number(p.start + closest.rowA, 10);
        const QString b = CellText::number(p.start + closest.rowB, 10);
        const bool tiny = closest.distance <= 1e-6 * std::abs(p.scale);
        // One whole sentence for each case, so that a translation can order it freely.
        const QString text = tiny ? tr("closest positions: %1 and %2, |PE(%1) − PE(%2)| = %3 — two "
                                       "positions share (almost) the same vector: the encoding cannot "
                                       "tell them apart")
                                  : tr("closest positions: %1 and %2, |PE(%1) − PE(%2)| = %3 — every "
                                       "position has its own vector");
        m_distance->setText(text.arg(a, b, CellText::number(closest.distance, 3)));
        m_distance->setStyleSheet(tiny ? QStringLiteral("color: #b2182b; font-weight: bold;") : QString());
    };
    // Every offset against every pair: 16384 x 2048 terms at the largest size, tens of ms. Past
    // about a frame's worth it runs in the background (superseded by a newer change),
    // and the sentence follows when it is ready.
    constexpr long long kSyncTerms = 1LL << 22;
    auto *job = findChild<LatestJob *>(QString(), Qt::FindDirectChildrenOnly);
    if (!job)
        job = new LatestJob(this);
    if (1LL * p.seqLen * (p.dModel / 2) <= kSyncTerms || PlotStyle::isDrawnForFile(this)) {
        job->cancel();
        show(minimumDistance(p));
        return;
    }
    job->run<MinimumDistance>([p] { return minimumDistance(p); }, show);
}

bool SimilarityView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_matrixHolder && event->type() == QEvent::Resize)
        fitMatrix();
    return QWidget::eventFilter(watched, event);
}

void SimilarityView::fitMatrix()
{
    // Square cells for a square matrix: the largest square axis rect that fits, with the
    // title, tick labels and colour scale around it, centred in the space the layout gives.
    // Their size is known after a replot; before the first one a typical size stands in.
    const QRect area = m_matrixHolder->rect();
    const QRect rect = m_matrixPlot->axisRect()->rect();
    int overheadWidth = m_matrixPlot->width() - rect.width();
    int overheadHeight = m_matrixPlot->height() - rect.height();
    // (A rect squeezed to nothing still gives the overhead: the margins are laid out whatever
    // is left for the rect. Taking the stand-in then kept a matrix whose colour-bar title had
    // grown to two lines squeezed for good, as in a Chinese single column.)
    if (rect.isNull() || overheadWidth <= 0 || overheadHeight <= 0) {
        overheadWidth = 170;
        overheadHeight = 90;
    }
    const int side = std::max(40, std::min(area.width() - overheadWidth, area.height() - overheadHeight));
    // The title has the axis rect's column only (the colour scale's column is beside it).
    const int besideTitle = m_matrixTitle->visible() && m_matrixTitle->outerRect().width() > 0
                                ? m_matrixPlot->width() - m_matrixTitle->outerRect().width()
                                : 0;
    const int width = std::max(side + overheadWidth,
                               static_cast<const QCPLayoutElement *>(m_matrixTitle)->minimumOuterSizeHint().width() + 8 + besideTitle);
    QRect geometry(0, 0, std::min(area.width(), width), std::min(area.height(), side + overheadHeight));
    geometry.moveCenter(area.center());
    if (geometry != m_matrixPlot->geometry()) {
        m_matrixPlot->setGeometry(geometry);
        // Called from afterReplot, QCustomPlot is still replotting: the replot its resize
        // event asks for is dropped, and the layout would keep the old size, the x axis cut
        // off below the new one (review #17, after a resize or a switch of tabs). Another
        // replot lays it out for the new size.
        m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
    }
    // Cells of two device pixels or more: one crisp block each. Smaller ones (the boxes are at
    // least one pixel) are resampled smoothly instead: drawn as blocks, 274 cells on 280 pixels
    // would give every 46th row and column two pixels, beads along the diagonal.
    const double cellPixels = m_matrixPlot->axisRect()->width() * m_matrixPlot->devicePixelRatioF()
                              / std::max(m_map->data()->keySize(), 1);
    const bool smooth = m_boxes > 1 && cellPixels < 2;
    if (m_map->interpolate() != smooth) {
        m_map->setInterpolate(smooth);
        m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
    }
}

QString SimilarityView::cellToolTip(int a, int b) const
{
    const EncodingParams &p = m_state->params();
    if (m_boxSize == 1)
        return SimilarityText::similarity(p, p.start + a, p.start + b);
    return SimilarityText::similarityBox(p, m_boxSize, a, b, m_state->cosineSimilarity());
}

std::optional<std::pair<int, int>> SimilarityView::cellAt(const QPointF &pixel) const
{
    const EncodingParams &p = m_state->params();
    if (!m_matrixPlot->axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    // Box b covers the positions from start + b s − 0.5 to start + (b + 1) s − 0.5 on the axis.
    const double q = m_matrixPlot->xAxis->pixelToCoord(pixel.x()) - (p.start - 0.5);
    const double pp = m_matrixPlot->yAxis->pixelToCoord(pixel.y()) - (p.start - 0.5);
    if (q < 0 || pp < 0 || q >= p.seqLen || pp >= p.seqLen)
        return std::nullopt;
    const int b = std::min(int(q / m_boxSize), m_boxes - 1);
    const int a = std::min(int(pp / m_boxSize), m_boxes - 1);
    return std::make_pair(a, b);
}

void SimilarityView::onMatrixMouseMove(QMouseEvent *event)
{
    const auto cell = cellAt(event->position());
    if (!cell) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), cellToolTip(cell->first, cell->second),
                       m_matrixPlot);
}

void SimilarityView::onMatrixMousePress(QMouseEvent *event)
{
    // The inspector explains one pair of positions: the cell's, or the middle of its box.
    if (event->button() != Qt::LeftButton)
        return;
    if (const auto cell = cellAt(event->position()))
        m_state->setInspection({Inspection::Kind::Similarity, boxMiddle(cell->first), boxMiddle(cell->second), m_boxSize});
}

} // namespace posenc

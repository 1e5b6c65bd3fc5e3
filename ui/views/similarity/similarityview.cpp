// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/similarity/similarityview.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/similarity.h"
#include "ui/views/celltext.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/latestjob.h"
#include "ui/widgets/plotstyle.h"

#include <qcustomplot.h>

#include <QBoxLayout>
#include <QCheckBox>
#include <QLabel>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

// The closed form is drawn smooth (8 samples per unit of Δ) while that stays below this many
// points; past it, this many evenly spaced offsets, which is more than the plot has pixels.
constexpr int kKernelPoints = 2049;
constexpr int kKernelSamplesPerUnit = 8;

// The colour map's cells written at once. setCell costs a call and two comparisons per cell,
// for up to a million cells (1.2 ms of a d_model change at 512 x 512); QCustomPlot 2.1 keeps
// the cells in the protected array mData, row after row of values (valueIndex · keySize +
// keyIndex, as in setCell), which a row-major matrix [values, keys] matches element for
// element.
class MatrixColorMapData : public QCPColorMapData
{
public:
    using QCPColorMapData::QCPColorMapData;

    // Cell (key b, value a) = values(a, b); values has the map's size.
    void setCells(const RowMatrixXd &values)
    {
        Q_ASSERT(values.rows() == valueSize() && values.cols() == keySize());
        std::copy(values.data(), values.data() + values.size(), mData);
        mDataBounds = QCPRange(values.minCoeff(), values.maxCoeff());
        mIsEmpty = false;
        mDataModified = true;
    }
};

QCPTextElement *addTitle(QCustomPlot *plot)
{
    plot->plotLayout()->insertRow(0);
    auto *title = new QCPTextElement(plot);
    QFont font = plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0) + 1);
    font.setBold(true);
    title->setFont(font);
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

QCPItemText *addMarkerLabel(QCustomPlot *plot, const QColor &color)
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

} // namespace

SimilarityView::SimilarityView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_cosine(new QCheckBox(tr("C&osine similarity"), this))
    , m_distance(new QLabel(this))
    , m_plots(new QBoxLayout(QBoxLayout::LeftToRight))
    , m_matrixHolder(new QWidget(this))
    , m_matrixPlot(new QCustomPlot(m_matrixHolder))
    , m_kernelPlot(new QCustomPlot(this))
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
    m_matrixPlot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_referenceLine = new QCPItemStraightLine(m_matrixPlot);
    m_referenceLine->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    m_referenceLine->setSelectable(false);
    m_referenceLabel = addMarkerLabel(m_matrixPlot, Qt::black);
    m_referenceLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_referenceLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);

    // The kernel: dot product against the offset Δ, measured (dots) and closed form (line).
    PlotStyle::applyDefaults(m_kernelPlot);
    // The closed form's 2049 points segment by segment: Qt strokes a wide antialiased polyline
    // in time that grows far faster than its length (docs/performance.md).
    m_kernelPlot->setPlottingHint(QCP::phFastPolylines, true);
    m_kernelPlot->xAxis->setLabel(tr("offset Δ = q − p (positions)"));
    m_kernelPlot->yAxis->setLabel(tr("PE(p) · PE(p + Δ)"));
    m_kernelPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_kernelTitle = addTitle(m_kernelPlot);
    m_kernelTitle->setText(tr("The dot product depends only on the offset Δ"));
    m_kernelPlot->plotLayout()->setRowStretchFactor(0, 0.001);
    const QList<QColor> &colors = PlotStyle::categorical();
    // The closed form is drawn over the measured dots: where they agree, the line runs
    // through every dot.
    m_measured = m_kernelPlot->addGraph();
    m_measured->setLineStyle(QCPGraph::lsNone);
    m_closedForm = m_kernelPlot->addGraph();
    m_closedForm->setName(tr("scale² · Σ_i cos(Δ · w_i)"));
    m_closedForm->setPen(QPen(colors[0], 2.5));
    // The legend in a row of its own under the title, so that it never hides a point.
    m_kernelPlot->legend->setVisible(true);
    m_kernelPlot->legend->setBorderPen(Qt::NoPen);
    m_kernelPlot->legend->setFont(m_kernelPlot->xAxis->tickLabelFont());
    m_kernelPlot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_kernelPlot->legend->setWrap(2);
    m_kernelPlot->legend->setMargins(QMargins(4, 0, 4, 0));
    m_kernelPlot->plotLayout()->insertRow(1);
    m_kernelPlot->plotLayout()->addElement(1, 0, m_kernelPlot->legend);
    m_kernelPlot->plotLayout()->setRowStretchFactor(1, 0.001);
    const QColor markerColor(0x55, 0x55, 0x55);
    m_offsetLine = new QCPItemStraightLine(m_kernelPlot);
    m_offsetLine->setPen(QPen(markerColor, 1.5, Qt::DashLine));
    m_offsetLine->setSelectable(false);
    m_offsetLabel = addMarkerLabel(m_kernelPlot, markerColor);
    m_offsetLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_offsetLabel->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
    // A note under the legend for odd interleaved d_model, in the layout only while needed.
    m_loneNote = new QCPTextElement(m_kernelPlot);
    m_loneNote->setFont(m_kernelPlot->xAxis->tickLabelFont());
    m_loneNote->setTextColor(QColor(0x55, 0x55, 0x55));
    m_loneNote->setVisible(false);

    // A figure on a small page (a single column): no sentence above the plots, the matrix's
    // colour scale above it rather than beside it (the matrix gets the width), and the kernel
    // without its title, with a shorter axis label, fewer ticks and only the closed form in
    // its legend, so that nothing clips.
    const QString kernelLabel = m_kernelPlot->xAxis->label();
    PlotStyle::watchFigureLayout(this, QSizeF(44, 28), [this, kernelLabel, measured = static_cast<QCPAbstractLegendItem *>(nullptr)](bool compact) mutable {
        m_distance->setVisible(!compact);
        QCPLayoutGrid *matrix = m_matrixPlot->plotLayout();
        QCPMarginGroup *margins = m_matrixPlot->axisRect()->marginGroup(compact ? QCP::msTop : QCP::msLeft);
        const QCP::MarginSides along = compact ? QCP::msLeft | QCP::msRight : QCP::msTop | QCP::msBottom;
        const QCP::MarginSides across = compact ? QCP::msTop | QCP::msBottom : QCP::msLeft | QCP::msRight;
        matrix->take(m_scale);
        matrix->simplify();
        for (QCPLayoutElement *element : {static_cast<QCPLayoutElement *>(m_matrixPlot->axisRect()),
                                          static_cast<QCPLayoutElement *>(m_scale)}) {
            element->setMarginGroup(across, nullptr);
            element->setMarginGroup(along, margins);
        }
        // A layout element keeps the largest margins it ever had (QCPLayoutElement's
        // calculateAutoMargin): the scale starts afresh from none.
        m_scale->setMargins(QMargins());
        m_scale->setType(compact ? QCPAxis::atTop : QCPAxis::atRight);
        // QCPColorScale keeps the image of its bar across a change of type: a gradient set
        // anew redraws it.
        const QCPColorGradient gradient = m_scale->gradient();
        m_scale->setGradient(QCPColorGradient());
        m_scale->setGradient(gradient);
        if (compact) {
            matrix->insertRow(1);
            matrix->addElement(1, 0, m_scale);
            matrix->setRowStretchFactor(1, 0.001);
        } else {
            matrix->addElement(1, 1, m_scale);
        }
        QCPLayoutGrid *kernel = m_kernelPlot->plotLayout();
        if (compact)
            kernel->take(m_kernelTitle); // its row stays, empty: refreshClosedForm counts rows
        else
            kernel->addElement(0, 0, m_kernelTitle);
        m_kernelTitle->setVisible(!compact);
        // The measured dots need no entry of their own there: the y axis says what they are
        // and the matrix marks their row p.
        QCPLegend *legend = m_kernelPlot->legend;
        if (!measured)
            measured = legend->itemWithPlottable(m_measured);
        QCPAbstractLegendItem *closedForm = legend->itemWithPlottable(m_closedForm);
        if (measured && closedForm) {
            // Taken out and put back in order rather than removed: a new legend item would
            // not have the figure's font.
            if (legend->hasItem(measured))
                legend->take(measured);
            legend->take(closedForm);
            legend->simplify();
            if (!compact)
                legend->addItem(measured);
            legend->addItem(closedForm);
            measured->setVisible(!compact);
        }
        m_kernelPlot->xAxis->setLabel(compact ? tr("offset Δ = q − p") : kernelLabel);
        m_kernelPlot->xAxis->ticker()->setTickCount(compact ? 3 : 5);
        // Four-digit positions on a single-column matrix ran together ("010002000 3000").
        m_matrixPlot->xAxis->ticker()->setTickCount(compact ? 2 : 5);
        m_kernelPlot->legend->setWrap(compact ? 1 : 2);
        m_kernelPlot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // rearranges
        m_kernelPlot->legend->setIconSize(compact ? QSize(18, 10) : QSize(32, 18));
        m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
        m_kernelPlot->replot(QCustomPlot::rpQueuedReplot);
    });

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
    connect(m_cosine, &QCheckBox::toggled, m_state, &EncodingState::setCosineSimilarity);
    connect(m_state, &EncodingState::changed, this, &SimilarityView::onStateChanged);
    refresh();
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
    // alone while the axes stay (issue 6).
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
    toLayer(m_matrixPlot, m_referenceLine, QStringLiteral("overlay"));
    toLayer(m_matrixPlot, m_referenceLabel, QStringLiteral("overlay"));
    toLayer(m_kernelPlot, m_offsetLine, QStringLiteral("overlay"));
    toLayer(m_kernelPlot, m_offsetLabel, QStringLiteral("overlay"));
    toLayer(m_kernelPlot, m_measured, QStringLiteral("dots"));

    QCPColorMapData *data = m_map->data();
    const bool matrixShown = !changes.matrix && !changes.cosineSimilarity && m_boxes > 1
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
    if (window()->testAttribute(Qt::WA_DontShowOnScreen) || !m_matrixPlot->isVisible() || pixels < 2)
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
    m_referenceLine->point1->setCoords(0, m_reference);
    m_referenceLine->point2->setCoords(1, m_reference);
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
    // Symmetric about zero so white is exactly 0: cosines lie in [−1, 1], dot products in
    // ±scale² · (number of frequencies), the most |PE(p)|² can be: scale² · d_model / 2 for
    // even d_model, plus the lone sine's sin² for odd interleaved.
    double extent = 1.0;
    if (!cosine && p.scale != 0)
        extent = p.scale * p.scale * std::max(frequencyCount(p), 1);
    m_scale->setDataRange(QCPRange(-extent, extent));
    m_scale->axis()->setLabel(cosine ? tr("cosine similarity") : tr("PE(p) · PE(q)"));

    QString title = cosine ? tr("Cosine similarity\nPE(p) · PE(q) / (|PE(p)| |PE(q)|)")
                           : tr("Dot products PE · PEᵀ");
    if (s > 1)
        title += QLatin1Char('\n') + tr("each cell: the mean\nover %1 × %1 positions").arg(s);
    m_matrixTitle->setText(title);

    const double end = p.start + p.seqLen - 0.5;
    m_matrixPlot->xAxis->setRange(p.start - 0.5, end);
    m_matrixPlot->yAxis->setRange(p.start - 0.5, end);
    moveReferenceMarker();
    m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
}

void SimilarityView::refreshClosedForm()
{
    const EncodingParams &p = m_state->params();
    const double reach = p.seqLen - 1; // Δ runs over [−(seq_len − 1), seq_len − 1]

    // The kernel at the offsets of the measured dots, 0, s, 2s, ... (it is even): the dots of
    // any reference row are then read from it, so that moving pos computes nothing per pair.
    // Without boxes the dot products are the matrix's row, except for cosine similarity; with
    // boxes similarityBoxMeans has given it.
    const int s = m_boxSize;
    const int multiples = (p.seqLen - 1) / s;
    if (!dotsFromMatrix() && m_strideKernel.size() != multiples + 1)
        m_strideKernel = dotProductKernel(p, Eigen::VectorXd::LinSpaced(multiples + 1, 0.0, double(multiples) * s));

    // The closed form, smooth between integer offsets while that is affordable, else
    // kKernelPoints evenly spaced offsets (more than the plot has pixels). It is even: the
    // offsets are symmetric about 0, and the half from 0 is computed and mirrored.
    const int smoothCount = int(2 * reach) * kKernelSamplesPerUnit + 1;
    const int count = smoothCount <= kKernelPoints ? smoothCount : kKernelPoints;
    const int half = count / 2; // count is odd: the offsets ±j · reach / half and 0
    const Eigen::VectorXd offsets = Eigen::VectorXd::LinSpaced(half + 1, 0.0, reach);
    const Eigen::VectorXd kernel = dotProductKernel(p, offsets);
    QList<QCPGraphData> line(count);
    for (int j = 0; j <= half; ++j) {
        line[half + j] = QCPGraphData(offsets[j], kernel[j]);
        line[half - j] = QCPGraphData(-offsets[j], kernel[j]);
    }
    m_closedFormLow = line.constFirst().value;
    m_closedFormHigh = line.constFirst().value;
    for (const QCPGraphData &point : std::as_const(line)) {
        m_closedFormLow = std::min(m_closedFormLow, point.value);
        m_closedFormHigh = std::max(m_closedFormHigh, point.value);
    }
    m_closedForm->data()->set(line, true);

    const double pad = reach > 0 ? std::max(0.5, 0.02 * reach) : 1.0;
    m_kernelPlot->xAxis->setRange(-reach - pad, reach + pad);
    const int lone = loneColumn(p);
    QCPLayoutGrid *grid = m_kernelPlot->plotLayout();
    const bool shown = grid->hasElement(2, 0) && grid->element(2, 0) == m_loneNote;
    if (lone >= 0) {
        m_loneNote->setText(tr("d_model is odd: column %1 is a sine without a cosine; its term "
                               "scale² · sin(p·w) · sin(q·w)\ndepends on p itself, not only on Δ, "
                               "and the closed form leaves it out: the dots may leave the line.")
                                .arg(lone));
        if (!shown) {
            grid->insertRow(2);
            grid->addElement(2, 0, m_loneNote);
            grid->setRowStretchFactor(2, 0.001);
            m_loneNote->setVisible(true);
        }
    } else if (shown) {
        grid->take(m_loneNote);
        grid->simplify();
        m_loneNote->setVisible(false);
    }
}

void SimilarityView::refreshDots(const Eigen::VectorXd *matrixRow, bool replotAll)
{
    const EncodingParams &p = m_state->params();
    // The measured dots: the reference row p against every s-th position q = p + j s of the
    // sequence. Each dot is an exact dot product at its Δ (a scatter of true values, drawn
    // under the closed form, does not alias as an image would).
    const int s = m_boxSize;
    const int before = m_referenceRow / s;
    const int after = (p.seqLen - 1 - m_referenceRow) / s;
    const int count = before + 1 + after;
    m_kernelRows.resize(count);
    for (int j = 0; j < count; ++j)
        m_kernelRows[j] = m_referenceRow + (j - before) * s;
    Eigen::VectorXd dots(count);
    if (matrixRow) {
        dots = *matrixRow;
    } else {
        // The kernel at Δ = (j − before) s, plus the lone sine's term, which depends on p and q.
        for (int j = 0; j < count; ++j)
            dots[j] = m_strideKernel[std::abs(j - before)];
        if (const int lone = loneColumn(p); lone >= 0) {
            const double w = frequency(p, channelOf(p, lone).pair);
            const double at = p.scale * std::sin(m_reference * w);
            for (int j = 0; j < count; ++j)
                dots[j] += at * p.scale * std::sin((p.start + m_kernelRows[j]) * w);
        }
    }
    QList<QCPGraphData> measured(count);
    for (int j = 0; j < count; ++j)
        measured[j] = QCPGraphData(double(m_kernelRows[j] - m_referenceRow), dots[j]);
    m_measured->data()->set(measured, true);

    QCPLegend *legend = m_kernelPlot->legend;
    const QSize legendSize = legend->minimumOuterSizeHint();
    m_measured->setName(tr("PE(p) · PE(p + Δ), measured, p = %1").arg(CellText::number(m_reference, 10)));
    const double dotSize = count <= 64 ? 8 : (count <= 256 ? 6 : 4);
    const QPen ring(PlotStyle::categorical()[1], 2);
    if (window()->testAttribute(Qt::WA_DontShowOnScreen)) {
        // A figure: true circles, vectors in a PDF or SVG.
        m_measured->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, ring, Qt::white, dotSize));
    } else {
        // On screen each dot is the same small antialiased ring, which Qt's stroker builds
        // anew from Bézier curves every time (512 dots: 3 ms, most of a change of pos). Drawn
        // once into a pixmap, each dot is a copy. QCustomPlot places a pixmap by its size in
        // device pixels: at a device pixel ratio r the ring sits at the middle of a pixmap r
        // times its size, whose top-left corner QCustomPlot puts that much further up and left.
        const qreal ratio = m_kernelPlot->devicePixelRatioF();
        const int side = int(std::ceil(dotSize + ring.widthF() + 2));
        QPixmap pixmap(QSize(side, side) * ratio * ratio);
        pixmap.setDevicePixelRatio(ratio);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(ring);
        painter.setBrush(Qt::white);
        const QPointF centre = QPointF(side, side) * ratio / 2;
        painter.drawEllipse(centre, dotSize / 2, dotSize / 2);
        painter.end();
        m_measured->setScatterStyle(QCPScatterStyle(pixmap));
    }

    // The value axis holds the closed form and the dots, with room above the peak at Δ = 0
    // for the marker label.
    QCPRange values(std::min(m_closedFormLow, dots.minCoeff()), std::max(m_closedFormHigh, dots.maxCoeff()));
    if (values.size() <= 0)
        values = QCPRange(values.lower - 1, values.upper + 1);
    const QCPRange axis(values.lower - 0.06 * values.size(), values.upper + 0.16 * values.size());
    const QCPRange current = m_kernelPlot->yAxis->range();
    // Only the dots and the legend changed: their layers alone, while the axis and the
    // legend's size stay (a full replot redraws the closed form's 2049 points as well).
    if (!replotAll && axis == current && legend->minimumOuterSizeHint() == legendSize) {
        m_kernelPlot->layer(QStringLiteral("dots"))->replot();
        m_kernelPlot->layer(QStringLiteral("legend"))->replot();
        return;
    }
    m_kernelPlot->yAxis->setRange(axis);
    m_kernelPlot->replot(QCustomPlot::rpQueuedReplot);
}

void SimilarityView::moveOffsetMarker()
{
    const EncodingParams &p = m_state->params();
    m_offsetLine->point1->setCoords(p.offset, 0);
    m_offsetLine->point2->setCoords(p.offset, 1);
    m_offsetLabel->position->setCoords(p.offset, 0.0);
    m_offsetLabel->setText(tr("Δ = k = %1").arg(CellText::number(p.offset, 10)));
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
    // about a frame's worth it runs in the background (superseded by a newer change, issue 6),
    // and the sentence follows when it is ready.
    constexpr long long kSyncTerms = 1LL << 22;
    auto *job = findChild<LatestJob *>(QString(), Qt::FindDirectChildrenOnly);
    if (!job)
        job = new LatestJob(this);
    if (1LL * p.seqLen * (p.dModel / 2) <= kSyncTerms || window()->testAttribute(Qt::WA_DontShowOnScreen)) {
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
    if (rect.width() < 10 || rect.height() < 10 || overheadWidth <= 0 || overheadHeight <= 0) {
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
    if (geometry != m_matrixPlot->geometry())
        m_matrixPlot->setGeometry(geometry);
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
        return CellText::similarity(p, p.start + a, p.start + b);
    return CellText::similarityBox(p, m_boxSize, a, b, m_state->cosineSimilarity());
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
    if (const auto cell = cellAt(event->position()))
        m_state->setInspection({Inspection::Kind::Similarity, boxMiddle(cell->first), boxMiddle(cell->second), m_boxSize});
}

void SimilarityView::onKernelMousePress(QMouseEvent *event)
{
    // A click near a measured dot explains PE(p) · PE(p + Δ) for that dot.
    if (!m_kernelPlot->axisRect()->rect().contains(event->position().toPoint()))
        return;
    const double delta = m_kernelPlot->xAxis->pixelToCoord(event->position().x());
    const int j = int(std::lround(delta / m_boxSize)) + m_referenceRow / m_boxSize;
    if (j < 0 || j >= m_kernelRows.size())
        return;
    m_state->setInspection({Inspection::Kind::Similarity, m_reference, m_state->params().start + m_kernelRows[j]});
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/similarityview.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "core/similarity.h"
#include "ui/celltext.h"
#include "ui/encodingstate.h"
#include "ui/latestjob.h"
#include "ui/plotstyle.h"

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
    m_map->setInterpolate(false); // one crisp block per value, never a blur
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
            kernel->take(m_kernelTitle); // its row stays, empty: refreshKernel counts rows
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
        m_kernelPlot->legend->setWrap(compact ? 1 : 2);
        m_kernelPlot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // rearranges
        m_kernelPlot->legend->setIconSize(compact ? QSize(18, 10) : QSize(32, 18));
        m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
        m_kernelPlot->replot(QCustomPlot::rpQueuedReplot);
    });

    connect(m_matrixPlot, &QCustomPlot::afterReplot, this, &SimilarityView::fitMatrix);
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

    // At most kMaxMatrixRows rows: every s-th position for long sequences.
    const int n = p.seqLen;
    m_stride = (n + kMaxMatrixRows - 1) / kMaxMatrixRows;
    const int m = (n + m_stride - 1) / m_stride;
    m_rows.resize(m);
    for (int a = 0; a < m; ++a)
        m_rows[a] = a * m_stride;

    // The reference row p of the kernel: the shown row nearest to the probe position if that
    // lies inside the sequence, else the first.
    const double last = p.start + n - 1;
    m_referenceIndex = 0;
    if (p.position >= p.start && p.position <= last)
        m_referenceIndex = std::clamp(int(std::lround((p.position - p.start) / m_stride)), 0, m - 1);
    m_reference = p.start + m_rows[m_referenceIndex];

    const bool cosine = m_state->cosineSimilarity();
    // The matrix and the closest pair depend on neither pos nor k: moving them moves the
    // reference line (on the buffered overlay layer) and the measured dots only (issue 6).
    const EncodingState::Changes changes = m_state->takeChanges(this);
    for (QCPAbstractItem *marker : {static_cast<QCPAbstractItem *>(m_referenceLine),
                                    static_cast<QCPAbstractItem *>(m_referenceLabel)}) {
        if (marker->layer()->name() != QLatin1String("overlay")) {
            m_matrixPlot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmBuffered);
            marker->setLayer(QStringLiteral("overlay"));
        }
    }
    QCPColorMapData *data = m_map->data();
    const bool matrixShown = !changes.matrix && !changes.cosineSimilarity && m > 1
                             && data->keySize() == m && data->valueSize() == m;
    if (!matrixShown) {
        const RowMatrixXd similarity = cosine ? cosineSimilarityMatrix(p, m_rows) : similarityMatrix(p, m_rows);
        refreshMatrix(similarity);
        const Eigen::VectorXd dots = cosine ? similarityRow(p, m_rows[m_referenceIndex], m_rows)
                                            : Eigen::VectorXd(similarity.row(m_referenceIndex).transpose());
        refreshKernel(dots);
        refreshMinimumDistance();
        return;
    }
    m_referenceLine->point1->setCoords(0, m_reference);
    m_referenceLine->point2->setCoords(1, m_reference);
    m_referenceLabel->position->setCoords(0.98, m_reference);
    m_referenceLabel->setText(tr("p = %1").arg(CellText::number(m_reference, 10)));
    m_matrixPlot->layer(QStringLiteral("overlay"))->replot();
    // The dot products of the reference row: the row of the matrix on screen (cell (b, a) is
    // similarity(a, b)), or for cosine similarity the dot products themselves.
    Eigen::VectorXd dots(m);
    if (cosine) {
        dots = similarityRow(p, m_rows[m_referenceIndex], m_rows);
    } else {
        for (int b = 0; b < m; ++b)
            dots[b] = data->cell(b, m_referenceIndex);
    }
    refreshKernel(dots);
}

void SimilarityView::refreshMatrix(const RowMatrixXd &similarity)
{
    const EncodingParams &p = m_state->params();
    const bool cosine = m_state->cosineSimilarity();
    const int m = int(m_rows.size());
    const double first = p.start;
    const double last = p.start + m_rows[m - 1];

    // QCustomPlot places cell centres at the ends of the data range, so a single row has no
    // extent; it is drawn as two identical half-size rows and columns instead.
    const bool single = m == 1;
    QCPColorMapData *data = m_map->data();
    data->setSize(single ? 2 : m, single ? 2 : m);
    const QCPRange range = single ? QCPRange(first - 0.25, first + 0.25) : QCPRange(first, last);
    data->setRange(range, range);
    for (int a = 0; a < data->valueSize(); ++a) {
        for (int b = 0; b < data->keySize(); ++b)
            data->setCell(b, a, single ? similarity(0, 0) : similarity(a, b));
    }
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
    if (m_stride > 1)
        title += QLatin1Char('\n') + tr("1 in every %1 positions shown (%2 of %3)").arg(m_stride).arg(m).arg(p.seqLen);
    m_matrixTitle->setText(title);

    const double half = 0.5 * m_stride;
    m_matrixPlot->xAxis->setRange(first - half, last + half);
    m_matrixPlot->yAxis->setRange(first - half, last + half);
    m_referenceLine->point1->setCoords(0, m_reference);
    m_referenceLine->point2->setCoords(1, m_reference);
    m_referenceLabel->position->setCoords(0.98, m_reference);
    m_referenceLabel->setText(tr("p = %1").arg(CellText::number(m_reference, 10)));
    m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
}

void SimilarityView::refreshKernel(const Eigen::VectorXd &dots)
{
    const EncodingParams &p = m_state->params();
    const int m = int(m_rows.size());
    const double reach = p.seqLen - 1; // Δ runs over [−(seq_len − 1), seq_len − 1]

    // The closed form, smooth between integer offsets while that is affordable.
    const int smoothCount = int(2 * reach) * kKernelSamplesPerUnit + 1;
    const int count = smoothCount <= kKernelPoints ? smoothCount : kKernelPoints;
    const Eigen::VectorXd offsets = Eigen::VectorXd::LinSpaced(count, -reach, reach);
    const Eigen::VectorXd kernel = dotProductKernel(p, offsets);
    QList<QCPGraphData> line(count);
    for (int j = 0; j < count; ++j)
        line[j] = QCPGraphData(offsets[j], kernel[j]);
    m_closedForm->data()->set(line, true);

    // The measured dots: the reference row against every shown position q = p + Δ.
    QList<QCPGraphData> measured(m);
    const int referenceRow = m_rows[m_referenceIndex];
    for (int b = 0; b < m; ++b)
        measured[b] = QCPGraphData(double(m_rows[b] - referenceRow), dots[b]);
    m_measured->data()->set(measured, true);
    m_measured->setName(tr("PE(p) · PE(p + Δ), measured, p = %1").arg(CellText::number(m_reference, 10)));
    const double dotSize = m <= 64 ? 8 : (m <= 256 ? 6 : 4);
    m_measured->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(PlotStyle::categorical()[1], 2), Qt::white, dotSize));

    const double pad = reach > 0 ? std::max(0.5, 0.02 * reach) : 1.0;
    m_kernelPlot->xAxis->setRange(-reach - pad, reach + pad);
    bool found = false;
    QCPRange values = m_closedForm->getValueRange(found);
    if (found) {
        bool measuredFound = false;
        const QCPRange other = m_measured->getValueRange(measuredFound);
        if (measuredFound)
            values.expand(other);
    }
    if (!found || values.size() <= 0)
        values = QCPRange(values.lower - 1, values.upper + 1);
    // Room above the peak at Δ = 0 for the marker label.
    m_kernelPlot->yAxis->setRange(values.lower - 0.06 * values.size(), values.upper + 0.16 * values.size());

    m_offsetLine->point1->setCoords(p.offset, 0);
    m_offsetLine->point2->setCoords(p.offset, 1);
    m_offsetLabel->position->setCoords(p.offset, 0.0);
    m_offsetLabel->setText(tr("Δ = k = %1").arg(CellText::number(p.offset, 10)));
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
    m_kernelPlot->replot(QCustomPlot::rpQueuedReplot);
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
    const int width = std::max(side + overheadWidth, static_cast<const QCPLayoutElement *>(m_matrixTitle)->minimumOuterSizeHint().width() + 8);
    QRect geometry(0, 0, std::min(area.width(), width), std::min(area.height(), side + overheadHeight));
    geometry.moveCenter(area.center());
    if (geometry != m_matrixPlot->geometry())
        m_matrixPlot->setGeometry(geometry);
}

QString SimilarityView::cellToolTip(int a, int b) const
{
    const EncodingParams &p = m_state->params();
    return CellText::similarity(p, p.start + m_rows[a], p.start + m_rows[b]);
}

std::optional<std::pair<int, int>> SimilarityView::cellAt(const QPointF &pixel) const
{
    const EncodingParams &p = m_state->params();
    if (!m_matrixPlot->axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    const int m = int(m_rows.size());
    const int b = int(std::lround((m_matrixPlot->xAxis->pixelToCoord(pixel.x()) - p.start) / m_stride));
    const int a = int(std::lround((m_matrixPlot->yAxis->pixelToCoord(pixel.y()) - p.start) / m_stride));
    if (a < 0 || a >= m || b < 0 || b >= m)
        return std::nullopt;
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
    if (const auto cell = cellAt(event->position())) {
        const double start = m_state->params().start;
        m_state->setInspection({Inspection::Kind::Similarity, start + m_rows[cell->first],
                                start + m_rows[cell->second]});
    }
}

void SimilarityView::onKernelMousePress(QMouseEvent *event)
{
    // A click near a measured dot explains PE(p) · PE(p + Δ) for that dot.
    if (!m_kernelPlot->axisRect()->rect().contains(event->position().toPoint()))
        return;
    const double start = m_state->params().start;
    const double delta = m_kernelPlot->xAxis->pixelToCoord(event->position().x());
    const int b = int(std::lround((m_reference + delta - start) / m_stride));
    if (b < 0 || b >= m_rows.size())
        return;
    m_state->setInspection({Inspection::Kind::Similarity, m_reference, start + m_rows[b]});
}

} // namespace posenc

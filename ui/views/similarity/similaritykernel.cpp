// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel half of SimilarityView: the plot of PE(p) · PE(p + Δ) against the offset Δ, its
// closed form drawn smooth, the measured dots of the reference row p, the marker at Δ = k and
// a click on a dot. Kept apart from similarityview.cpp (the matrix, the layout and the
// threading of the closest pair) so that each file reads as one concern.
#include "ui/views/similarity/similarityview.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "core/similarity.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

// The closed form is drawn smooth (8 samples per unit of Δ) while that stays below this many
// points; past it, this many evenly spaced offsets, which is more than the plot has pixels.
constexpr int kKernelPoints = 2049;
constexpr int kKernelSamplesPerUnit = 8;

} // namespace

void SimilarityView::buildKernelPlot()
{
    // The kernel: dot product against the offset Δ, measured (dots) and closed form (line).
    PlotStyle::applyDefaults(m_kernelPlot);
    // The closed form's 2049 points segment by segment: Qt strokes a wide antialiased polyline
    // in time that grows far faster than its length (docs/rendering.md).
    m_kernelPlot->setPlottingHint(QCP::phFastPolylines, true);
    m_kernelPlot->xAxis->setLabel(tr("offset Δ = q − p (positions)"));
    m_kernelPlot->yAxis->setLabel(tr("PE(p) · PE(p + Δ)"));
    PlotStyle::useIntegerTicks(m_kernelPlot->xAxis);
    m_kernelPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_kernelTitle = addTitle(m_kernelPlot);
    // The title and the closed form's name depend on d_model (refreshClosedForm).
    m_kernelPlot->plotLayout()->setRowStretchFactor(0, 0.001);
    const QList<QColor> &colors = PlotStyle::categorical();
    // The closed form is drawn over the measured dots: where they agree, the line runs
    // through every dot.
    m_measured = Graph::add(m_kernelPlot);
    m_measured->setLineStyle(QCPGraph::lsNone);
    m_closedForm = Graph::add(m_kernelPlot);
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
    // Two entries side by side where they fit, else one above the other, each in lines where
    // it is wider than the plot: presentation mode's larger fonts on a 1280 x 720 screen cut
    // "… measured, p = 10" and the closed form short, a single-column figure cut both at its
    // edge (the compact figure asks for one column, applyFigureLayout).
    PlotFit::fitLegendColumns(m_kernelPlot, m_kernelPlot->legend, 2);
    const QColor markerColor(0x55, 0x55, 0x55);
    m_offsetLine = new QCPItemStraightLine(m_kernelPlot);
    m_offsetLine->setPen(QPen(markerColor, 1.5, Qt::DashLine));
    m_offsetLine->setSelectable(false);
    m_offsetLabel = addMarkerLabel(m_kernelPlot, markerColor);
    m_offsetLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_offsetLabel->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
    PlotStyle::markAnnotation(m_offsetLine); // a clean figure leaves the markers out
    PlotStyle::markAnnotation(m_offsetLabel);
    connect(m_kernelPlot, &QCustomPlot::afterLayout, this, &SimilarityView::placeOffsetLabel);
    // A note under the legend for odd interleaved d_model, in the layout only while needed.
    m_loneNote = new PlotTitle(m_kernelPlot);
    m_loneNote->setFont(m_kernelPlot->xAxis->tickLabelFont());
    m_loneNote->setTextColor(QColor(0x55, 0x55, 0x55));
    m_loneNote->setVisible(false);
}

QString SimilarityView::kernelTitle() const
{
    return PlotFit::fullText(m_kernelTitle);
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
    // What the plot says must hold at every d_model. PE(p) · PE(p + Δ) = scale² Σ_{i < n}
    // cos(Δ · w_i) over the n = floor(d_model / 2) complete pairs (core's dotProductKernel); an
    // odd interleaved d_model adds the lone sine of frequency w_n, whose term depends on p too.
    const int pairs = pairCount(p);
    m_kernelTitle->setText(lone >= 0 ? tr("The pairs' part of the dot product\ndepends only on the offset Δ")
                                     : tr("The dot product depends only on the offset Δ"));
    m_closedForm->setName(pairs == 1 ? tr("scale² · cos(Δ · w_0)")
                                     : tr("scale² · Σ cos(Δ · w_i), i = 0 … %1").arg(pairs - 1));
    QCPLayoutGrid *grid = m_kernelPlot->plotLayout();
    const bool shown = grid->hasElement(2, 0) && grid->element(2, 0) == m_loneNote;
    if (lone >= 0) {
        m_loneNote->setText(tr("d_model is odd: column %1 is a sine without a cosine; its term\n"
                               "scale² · sin(p·w_%2) · sin(q·w_%2) depends on p itself, not only on Δ,\n"
                               "and the closed form leaves it out: the dots may leave the line.")
                                .arg(lone)
                                .arg(pairs));
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
    const QString name = m_compact ? tr("PE(p) · PE(p + Δ), measured")
                                   : tr("PE(p) · PE(p + Δ), measured, p = %1").arg(CellText::number(m_reference, 10));
    if (PlotFit::fullName(m_measured) != name) // a name PlotFit shows in lines stays so
        m_measured->setName(name);
    const double dotSize = count <= 64 ? 8 : (count <= 256 ? 6 : 4);
    const QPen ring(PlotStyle::categorical()[1], 2);
    // On screen each dot is a copy of one pixmap (Qt's stroker builds an antialiased ring anew
    // from Bézier curves every time, most of a change of pos at hundreds of dots); in a figure
    // true circles, vectors in a PDF or SVG (PlotStyle::setScreenScatter).
    PlotStyle::setScreenScatter(m_measured, QCPScatterStyle(QCPScatterStyle::ssCircle, ring, Qt::white, dotSize));

    // The value axis holds the closed form and the dots, with room above the peak at Δ = 0
    // for the marker label.
    QCPRange values(std::min(m_closedFormLow, dots.minCoeff()), std::max(m_closedFormHigh, dots.maxCoeff()));
    if (values.size() <= 0)
        values = QCPRange(values.lower - 1, values.upper + 1);
    const QCPRange axis(values.lower - 0.06 * values.size(), values.upper + 0.16 * values.size());
    m_kernelLow = axis.lower;
    m_kernelHigh = axis.upper;
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
    placeOffsetLabel();
}

void SimilarityView::placeOffsetLabel()
{
    // Beside the line, not across it (a figure's label has no background to hide the line
    // behind its text): to the right of it, or to its left where the text would run past the
    // axis rect on the right and there is more room on the left. Measured in pixels of the
    // plot's last layout (a single column's plot is narrow for the text), again after each.
    const QRect rect = m_kernelPlot->axisRect()->rect();
    const double at = m_kernelPlot->xAxis->coordToPixel(m_state->params().offset);
    const double text = QFontMetricsF(m_offsetLabel->font()).horizontalAdvance(m_offsetLabel->text()) + 9;
    const bool left = rect.right() - at < text && at - rect.left() > rect.right() - at;
    m_offsetLabel->setPositionAlignment(Qt::AlignTop | (left ? Qt::AlignRight : Qt::AlignLeft));
    m_offsetLabel->setPadding(left ? QMargins(3, 1, 6, 1) : QMargins(6, 1, 3, 1));
}

void SimilarityView::onKernelMousePress(QMouseEvent *event)
{
    // A click near a measured dot explains PE(p) · PE(p + Δ) for that dot.
    if (event->button() != Qt::LeftButton)
        return;
    if (!m_kernelPlot->axisRect()->rect().contains(event->position().toPoint()))
        return;
    const double delta = m_kernelPlot->xAxis->pixelToCoord(event->position().x());
    const int j = int(std::lround(delta / m_boxSize)) + m_referenceRow / m_boxSize;
    if (j < 0 || j >= m_kernelRows.size())
        return;
    m_state->setInspection({Inspection::Kind::Similarity, m_reference, m_state->params().start + m_kernelRows[j]});
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/spectrum/spectrumview.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "core/spectrum.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/latestjob.h"
#include "ui/widgets/linelabels.h"
#include "ui/widgets/matrixcolormapdata.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

namespace {

// The colour map never holds more columns than a screen can show, nor more rows than the
// panel (a third of the view) has pixels: it is drawn without interpolation, so rows beyond
// the pixels would be dropped when scaled, and with them peaks one bin tall.
constexpr int kMaxMapColumns = 1024;
constexpr int kMaxMapRows = 256;
// Past this many values (d_model * seq_len) the colour map takes the spectrum of every s-th
// dimension only, so that a dragged slider stays responsive at the largest sizes.
constexpr long long kMaxMapValues = 1LL << 22;
// Markers on the ladder while they are far enough apart to be seen as markers.
constexpr int kLadderMarkersUpTo = 256;
// Markers on the spectra while the DFT bins are far enough apart.
constexpr int kSpectrumMarkersUpTo = 64;

const QColor kLadderColor(0x00, 0x72, 0xb2);  // Okabe-Ito blue
const QColor kLongColor(0xd5, 0x5e, 0x00);    // Okabe-Ito vermillion
const QColor kPeriodColor(0x00, 0x9e, 0x73);  // Okabe-Ito bluish green
const QColor kSeqLenColor(0x22, 0x22, 0x22);

// Makes an item live in `rect`: its positions in that rect's axes, clipped to it.
void placeIn(QCPAbstractItem *item, QCPAxisRect *rect)
{
    item->setClipAxisRect(rect);
    for (QCPItemPosition *position : item->positions()) {
        position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        position->setAxisRect(rect);
    }
}

QCPTextElement *panelTitle(QCustomPlot *plot, const QString &text)
{
    QFont font = plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0) + 1);
    font.setBold(true);
    auto *title = new PlotTitle(plot, text, font);
    title->setMargins(QMargins(0, 6, 0, 0));
    return title;
}

QCPLegend *makeLegend(QCPAxisRect *rect, Qt::Alignment alignment)
{
    auto *legend = new QCPLegend;
    rect->insetLayout()->addElement(legend, alignment);
    legend->setLayer(QStringLiteral("legend"));
    legend->setBrush(QColor(255, 255, 255, 225));
    legend->setBorderPen(QPen(QColor(0xaa, 0xaa, 0xaa)));
    QFont font = legend->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    legend->setFont(font);
    return legend;
}

QString channelName(const EncodingParams &p, int column)
{
    const Channel channel = channelOf(p, column);
    switch (channel.kind) {
    case Channel::Kind::Sin:
        return SpectrumView::tr("dim %1 (sin, i = %2)").arg(column).arg(channel.pair);
    case Channel::Kind::Cos:
        return SpectrumView::tr("dim %1 (cos, i = %2)").arg(column).arg(channel.pair);
    case Channel::Kind::Zero:
        break;
    }
    return SpectrumView::tr("dim %1 (zero column)").arg(column);
}

// Whether two parameter sets give the same spectra: offset and position do not enter them,
// so animating pos or k does not recompute any spectrum.
bool sameSpectra(const EncodingParams &a, const EncodingParams &b)
{
    return a.dModel == b.dModel && a.seqLen == b.seqLen && a.base == b.base && a.scale == b.scale
           && a.start == b.start && a.layout == b.layout && a.frequencies == b.frequencies;
}

} // namespace

SpectrumView::SpectrumView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_plot(new Plot(this))
{
    setAccessibleName(tr("Frequencies and spectra of the encoding"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_plot, 1);
    PlotStyle::applyDefaults(m_plot);
    m_plot->setAutoAddPlottableToLegend(false);
    PlotZoom::install(m_plot); // each panel back to the ranges it was given (setHome)
    // A line of its own: over the plot's corner it covered the colour map's axis title.
    layout->addWidget(PlotZoom::makeHintLabel(this), 0, Qt::AlignRight);

    // One plot, three panels stacked (each as wide as the view: all three read along x),
    // each under a title; the left edges of the panels line up.
    QCPLayoutGrid *grid = m_plot->plotLayout();
    m_ladderRect = m_plot->axisRect();
    m_spectrumRect = new QCPAxisRect(m_plot);
    m_heatmapRect = new QCPAxisRect(m_plot);
    m_scale = new QCPColorScale(m_plot);
    auto *heatmapRow = new QCPLayoutGrid;
    grid->insertRow(0);
    grid->addElement(0, 0, panelTitle(m_plot, tr("Frequency ladder: one wavelength per pair i")));
    grid->addElement(2, 0, panelTitle(m_plot, tr("Spectrum of the chosen dimensions along positions (DFT)")));
    grid->addElement(3, 0, m_spectrumRect);
    grid->addElement(4, 0, panelTitle(m_plot, tr("Spectrum of every dimension")));
    grid->addElement(5, 0, heatmapRow);
    heatmapRow->addElement(0, 0, m_heatmapRect);
    heatmapRow->addElement(0, 1, m_scale);
    for (int row : {0, 2, 4})
        grid->setRowStretchFactor(row, 0.001);
    grid->setRowStretchFactor(1, 1.25); // the ladder carries the most labels
    grid->setRowSpacing(0);

    auto *left = new QCPMarginGroup(m_plot);
    for (QCPAxisRect *rect : {m_ladderRect, m_spectrumRect, m_heatmapRect})
        rect->setMarginGroup(QCP::msLeft, left);
    PlotStyle::applyDefaults(m_plot); // again, now that all three axis rects exist
    // Spectra of up to 8193 bins, segment by segment: Qt strokes a wide antialiased polyline
    // in time that grows far faster than its length (docs/rendering.md).
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    // Nothing of this view is on QCustomPlot's "overlay" layer, which is buffered by default:
    // a second full-size ARGB paint buffer cleared and blended onto the widget on every
    // replot, transparent throughout (8 % of a d_model change at 512). Logical, it shares the
    // one buffer of the other layers: the same pixels.
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);

    setupLadder();
    setupSpectrum();
    setupHeatmap();

    // The legends in rows of their own above their panels, as many entries a line as the width
    // holds: inside a panel they covered its points and labels (the DFT legend the whole
    // panel on a 1280x720 projector). Ticks as many as their labels leave apart, and axis
    // titles longer than their panel in lines, whatever the screen and the font size.
    for (QCPLegend *legend : {m_ladderLegend, m_spectrumLegend}) {
        if (QCPLayoutInset *inset = (legend == m_ladderLegend ? m_ladderRect : m_spectrumRect)->insetLayout())
            inset->take(legend);
        legend->setBrush(Qt::NoBrush);
        legend->setBorderPen(Qt::NoPen);
        legend->setMargins(QMargins(6, 0, 6, 0));
        PlotFit::fitLegendColumns(m_plot, legend, 4);
    }
    m_ladderRect->insetLayout()->simplify();
    m_spectrumRect->insetLayout()->simplify();
    PlotFit::fitTicks(m_plot, 6);
    PlotFit::fitAxisLabels(m_plot);
    connect(m_plot, &QCustomPlot::beforeReplot, this, &SpectrumView::keepLadderTallForItsLabels);
    connect(m_plot, &QCustomPlot::beforeReplot, this, &SpectrumView::keepEndLabelsInside);
    connect(m_plot, &QCustomPlot::afterLayout, this, &SpectrumView::placeLineLabels);

    // A figure on a small page has no room for three panels stacked under titles. On a wide
    // page (a double column, a slide) the ladder stands beside the two spectra, each column
    // under its titles. On a single column the spectra of the chosen dimensions (panel 2, with
    // its legend) and the titles are left out, and the axis labels along the short panels are
    // shortened so that they are not clipped.
    QCPLayoutElement *heatmapRowElement = heatmapRow;
    const QList<QCPLayoutElement *> titles{grid->element(0, 0), grid->element(2, 0), grid->element(4, 0)};
    const QList<std::pair<QCPAxis *, QString>> longLabels{
        {m_ladderRect->axis(QCPAxis::atLeft), m_ladderRect->axis(QCPAxis::atLeft)->label()},
        {m_ladderRect->axis(QCPAxis::atRight), m_ladderRect->axis(QCPAxis::atRight)->label()},
        {m_heatmapRect->axis(QCPAxis::atLeft), m_heatmapRect->axis(QCPAxis::atLeft)->label()}};
    const std::pair<QCPAxis *, QString> spectrumLabel{m_spectrumRect->axis(QCPAxis::atBottom),
                                                      m_spectrumRect->axis(QCPAxis::atBottom)->label()};
    const QStringList shortLabels{tr("λ (positions)"), tr("w_i (rad/pos.)"), tr("cycles/pos.")};
    const QSize iconSize = m_ladderLegend->iconSize();
    // The plot owns the two columns while they are in no layout (a layout owns what it holds).
    m_leftColumn = new QCPLayoutGrid;
    m_rightColumn = new QCPLayoutGrid;
    m_leftColumn->setParent(m_plot);
    m_rightColumn->setParent(m_plot);
    m_rightLeft = new QCPMarginGroup(m_plot);
    const auto arrange = [=, this](bool compact) {
        const bool wide = compact && m_wide;
        // A wide page of large text (a slide): the columns without titles, the labels short.
        m_narrow = isNarrow();
        const bool crowded = compact && (!wide || m_narrow);
        const QList<QCPLayoutElement *> all{titles[0], m_ladderLegend, m_ladderRect, titles[1], m_spectrumLegend,
                                            m_spectrumRect, titles[2], heatmapRowElement};
        for (QCPLayoutGrid *layout : {grid, m_leftColumn, m_rightColumn}) {
            for (QCPLayoutElement *element : all + QList<QCPLayoutElement *>{m_leftColumn, m_rightColumn}) {
                if (layout->elements(false).contains(element))
                    layout->take(element);
            }
            layout->simplify();
        }
        // Rows: title, legend, ladder, title, legend, spectra, title, colour map; compact: legend,
        // ladder, colour map; wide: the first three beside the rest.
        QList<QCPLayoutElement *> rows = compact && !wide ? QList<QCPLayoutElement *>{m_ladderLegend, m_ladderRect, heatmapRowElement}
                                                          : all;
        if ((!compact && m_untitled) || (wide && crowded))
            rows.removeIf([&titles](QCPLayoutElement *e) { return titles.contains(e); });
        for (QCPLayoutElement *element : all)
            element->setVisible(rows.contains(element));
        PlotStyle::setFigureOmits(this, rows.contains(m_spectrumRect) ? nullptr : QT_TRANSLATE_NOOP("FigureExport", "the spectra of the chosen dimensions"));
        const auto stack = [&](QCPLayoutGrid *layout, const QList<QCPLayoutElement *> &elements) {
            for (int row = 0; row < elements.size(); ++row) {
                const QCPLayoutElement *e = elements[row];
                layout->addElement(row, 0, elements[row]);
                layout->setRowStretchFactor(row, e == m_ladderRect ? (compact && !wide ? 1.6 : 1.25)
                                                 : e == m_spectrumRect || e == heatmapRowElement ? 1.0
                                                                                                : 0.001);
            }
        };
        if (wide) {
            const qsizetype split = rows.indexOf(m_ladderRect) + 1;
            stack(m_leftColumn, rows.mid(0, split));
            stack(m_rightColumn, rows.mid(split));
            m_leftColumn->setRowSpacing(0);
            m_rightColumn->setRowSpacing(0);
            grid->addElement(0, 0, m_leftColumn);
            grid->addElement(0, 1, m_rightColumn);
            grid->setColumnStretchFactors({1.0, 1.0});
        } else {
            stack(grid, rows);
        }
        // Stacked panels line up on the left; side by side, the two spectra line up with each
        // other, not with the ladder.
        QCPMarginGroup *ladderLeft = m_ladderRect->marginGroup(QCP::msLeft);
        m_spectrumRect->setMarginGroup(QCP::msLeft, compact && !wide ? nullptr : wide ? m_rightLeft : ladderLeft);
        m_heatmapRect->setMarginGroup(QCP::msLeft, wide ? m_rightLeft : ladderLeft);
        if (compact && !wide)
            m_spectrumRect->setOuterRect(QRect()); // its items are clipped to nothing
        m_ladderLegend->setIconSize(crowded ? iconSize / 2 : iconSize);
        // Beside the ladder at a slide's text size the spectra's column is too narrow for two
        // entries a row.
        m_spectrumLegend->setProperty("posencMaxColumns", wide && crowded ? 1 : QVariant());
        for (int n = 0; n < longLabels.size(); ++n)
            longLabels[n].first->setLabel(crowded ? shortLabels[n] : longLabels[n].second);
        spectrumLabel.first->setLabel(wide && crowded ? shortLabels[2] : spectrumLabel.second);
        // A gap between the legend's box and the page's edges.
        grid->setMinimumMargins(compact ? QMargins(3, 3, 3, 0) : QMargins());
        m_compact = compact;
        refreshLadder();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    };
    m_arrange = arrange;
    arrange(false);
    PlotStyle::watchFigureLayout(this, QSizeF(44, 28), arrange);

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mousePress, this, &SpectrumView::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &SpectrumView::onMouseMove);
    connect(m_state, &EncodingState::changed, this, &SpectrumView::onStateChanged);
    refresh();
}

void SpectrumView::setupLadder()
{
    QCPAxis *x = m_ladderRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_ladderRect->axis(QCPAxis::atLeft);
    QCPAxis *w = m_ladderRect->axis(QCPAxis::atRight);
    x->setLabel(tr("pair index i"));
    y->setLabel(tr("wavelength 2π/w_i (positions)"));
    w->setLabel(tr("frequency w_i (rad/position)"));
    PlotStyle::useIntegerTicks(x);
    w->setVisible(true);
    w->setTickLabels(true);
    PlotStyle::useLogScale(y);
    PlotStyle::useLogScale(w);
    // The right axis reads the same points as frequencies: w = 2π / wavelength is a mirror
    // image on a log scale, so it only needs its range reversed and inverted.
    w->setRangeReversed(true);
    connect(y, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
            &SpectrumView::syncFrequencyAxis);
    m_ladderRect->setRangeDragAxes(x, y);
    m_ladderRect->setRangeZoomAxes(x, y);

    m_ladder = Graph::add(m_plot, x, y);
    m_ladder->setName(tr("wavelength of pair i"));
    m_ladder->setPen(QPen(kLadderColor, 2));
    m_long = Graph::add(m_plot, x, y);
    m_long->setName(tr("> seq_len: less than one turn over the sequence"));
    m_long->setPen(QPen(kLongColor, 3));

    m_ladderLegend = m_plot->legend;
    m_ladderLegend->setVisible(true);
    m_ladderLegend->setBrush(QColor(255, 255, 255, 225));
    m_ladderLegend->setBorderPen(QPen(QColor(0xaa, 0xaa, 0xaa)));
    QFont font = m_ladderLegend->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    m_ladderLegend->setFont(font);
    m_ladderRect->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_ladder->addToLegend(m_ladderLegend);
    m_long->addToLegend(m_ladderLegend);

    m_seqLenLine = new QCPItemStraightLine(m_plot);
    m_seqLenLine->setPen(QPen(kSeqLenColor, 1.5));
    placeIn(m_seqLenLine, m_ladderRect);
    m_seqLenLine->setLayer(QStringLiteral("grid")); // a reference under the data, never over a point
    m_seqLenLabel = new QCPItemText(m_plot);
    placeIn(m_seqLenLabel, m_ladderRect);
    LineLabels::prepare(m_seqLenLabel);
    m_seqLenLabel->setColor(kSeqLenColor);
    m_seqLenLabel->setBrush(QColor(255, 255, 255, 200));
    m_seqLenLabel->setFont(font);

    // The end labels sit below-right of the first point and above-left of the last one, on
    // the side away from the rising ladder.
    m_firstLabel = new QCPItemText(m_plot);
    m_lastLabel = new QCPItemText(m_plot);
    for (QCPItemText *label : {m_firstLabel, m_lastLabel}) {
        PlotStyle::markAnnotation(label); // a clean figure leaves the annotations out
        placeIn(label, m_ladderRect);
        label->setColor(kLadderColor.darker(130));
        label->setFont(font);
        label->setClipToAxisRect(false);
    }
    m_firstLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_firstLabel->setPadding(QMargins(8, 1, 0, 0));
    m_lastLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_lastLabel->setPadding(QMargins(0, 0, 8, 4));
}

void SpectrumView::setupSpectrum()
{
    QCPAxis *x = m_spectrumRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_spectrumRect->axis(QCPAxis::atLeft);
    x->setLabel(tr("frequency (cycles per position)"));
    y->setLabel(tr("amplitude"));
    m_spectrumLegend = makeLegend(m_spectrumRect, Qt::AlignTop | Qt::AlignRight);

    m_peakLegendEntry = Graph::add(m_plot, x, y);
    m_peakLegendEntry->setName(tr("expected peak w_i/(2π)"));
    m_peakLegendEntry->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.5, Qt::DashLine));
}

void SpectrumView::setupHeatmap()
{
    QCPAxis *x = m_heatmapRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_heatmapRect->axis(QCPAxis::atLeft);
    x->setLabel(tr("dimension (column of PE)"));
    PlotStyle::useIntegerTicks(x);
    y->setLabel(tr("frequency (cycles/pos.)"));
    m_map = new QCPColorMap(x, y);
    m_map->setData(new MatrixColorMapData(1, 1, QCPRange(0, 1), QCPRange(0, 1))); // owned by the map
    m_map->setInterpolate(false); // one crisp block per value, never a blur
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("amplitude"));
    m_scale->setGradient(PlotStyle::sequential());
    m_scale->setBarWidth(14);
    QFont font = m_plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    m_scale->axis()->setTickLabelFont(font);
    font.setPointSizeF(font.pointSizeF() + 1);
    m_scale->axis()->setLabelFont(font);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_plot);
    m_heatmapRect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
}

void SpectrumView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void SpectrumView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Three panels under titles need about 36 lines of the plot's font; a figure keeps its
    // titles (or its own compact layout), side by side on a wide page.
    const int line = QFontMetrics(m_ladderRect->axis(QCPAxis::atBottom)->labelFont()).lineSpacing();
    const bool untitled = !PlotStyle::isFigure(this) && m_plot->height() < 36 * line;
    const bool wide = PlotStyle::isWideFigure(this);
    if (untitled != m_untitled || wide != m_wide || (m_compact && isNarrow() != m_narrow)) {
        m_untitled = untitled;
        m_wide = wide;
        m_arrange(m_compact);
    }
}

bool SpectrumView::isNarrow() const
{
    return width() < 44 * QFontMetricsF(font()).lineSpacing();
}

void SpectrumView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void SpectrumView::refresh()
{
    m_dirty = false;
    // Neither the probe position nor the offset k appears here: moving them costs nothing.
    if (m_state->takeChanges(this).markersOnly() && m_shownParams)
        return;
    const EncodingParams &p = m_state->params();
    const bool spectraChanged = !m_shownParams || !sameSpectra(*m_shownParams, p);
    m_shownParams = p;
    refreshLadder();
    refreshSpectrum(spectraChanged);
    if (spectraChanged)
        refreshHeatmap();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}


// The ladder's markers: 7 px up to 64 points, 4 px up to kLadderMarkersUpTo, none beyond; and
// never wider than 80 % of the distance between two points, so that they stay points and not
// a band (a single-column figure laid out small, as in Chinese, has 4.5 px between points).
double SpectrumView::ladderMarkerSize() const
{
    const int n = m_ladder->data()->size();
    if (n > kLadderMarkersUpTo)
        return 0;
    const double size = n <= 64 ? 7 : 4;
    const double width = m_ladderRect->width();
    if (n < 2 || width <= 0)
        return size;
    return std::clamp(std::floor(0.8 * width / n), 3.0, size);
}

void SpectrumView::setLadderMarkers(double size)
{
    if (size == m_ladderMarkerSize)
        return;
    m_ladderMarkerSize = size;
    // Qt strokes and fills every antialiased disc as a path: 256 of them were a third of the
    // replot at d_model 512; on screen each is a copy of one pixmap, in a figure a
    // vector disc (PlotStyle::setScreenScatter).
    PlotStyle::setScreenScatter(m_ladder, size > 0 ? QCPScatterStyle(QCPScatterStyle::ssDisc, kLadderColor, size)
                                                   : QCPScatterStyle());
    m_long->setScatterStyle(size > 0 ? QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(kLongColor), kLongColor, size)
                                     : QCPScatterStyle());
}


void SpectrumView::refreshLadder()
{
    const EncodingParams &p = m_state->params();
    const RowMatrixXd table = frequencyTable(p); // i, w_i, 2π / w_i
    const int n = int(table.rows());

    QList<QCPGraphData> all;
    QList<QCPGraphData> longer;
    all.reserve(n);
    for (int j = 0; j < n; ++j) {
        const QCPGraphData point(table(j, 0), table(j, 2));
        all << point;
        if (table(j, 2) > p.seqLen)
            longer << point;
    }
    m_ladder->data()->set(all, true);
    m_long->data()->set(longer, true);
    setLadderMarkers(ladderMarkerSize());

    // The end labels: 2π at i = 0 and the formula of the last wavelength.
    const double first = table(0, 2);
    const double last = table(n - 1, 2);
    m_firstLabel->position->setCoords(0, first);
    m_firstLabel->setText(tr("2π ≈ %1").arg(CellText::number(first, 3)));
    m_lastLabel->setVisible(n > 1);
    m_lastLabel->position->setCoords(n - 1, last);
    // One notation throughout: 2π·(10⁸)^(126/128) ≈ 4.7117×10⁸, not 1e+08 next to ×10.
    const QString base = CellText::powerOfTen(p.base, 8);
    const QString lastText = CellText::powerOfTen(last, 5);
    if (p.frequencies == FrequencyConvention::Tensor2Tensor)
        m_lastLabel->setText(tr("2π·%1 ≈ %2").arg(base, lastText));
    else
        m_lastLabel->setText(tr("2π·%1^(%2/%3) ≈ %4")
                                 .arg(base == CellText::number(p.base, 8)
                                          ? base
                                          : QLatin1Char('(') + base + QLatin1Char(')'))
                                 .arg(2 * (n - 1))
                                 .arg(p.dModel)
                                 .arg(lastText));
    // A compact figure's ladder is narrow for its text: the value under the formula.
    if (m_compact)
        m_lastLabel->setText(m_lastLabel->text().replace(QStringLiteral(" ≈ "), QStringLiteral("\n≈ ")));
    m_lastLabel->setTextAlignment(Qt::AlignRight);

    m_seqLenLine->point1->setCoords(0, p.seqLen);
    m_seqLenLine->point2->setCoords(1, p.seqLen);
    m_seqLenLabel->setText(tr("seq_len = %1").arg(p.seqLen));

    // One dashed line per temporal period (24 = a day of hours, 168 = a week).
    const std::vector<double> &periods = m_state->temporal().periods;
    while (m_periodLines.size() > qsizetype(periods.size())) {
        m_plot->removeItem(m_periodLines.takeLast());
        m_plot->removeItem(m_periodLabels.takeLast());
    }
    while (m_periodLines.size() < qsizetype(periods.size())) {
        auto *line = new QCPItemStraightLine(m_plot);
        line->setPen(QPen(kPeriodColor, 1.5, Qt::DashLine));
        placeIn(line, m_ladderRect);
        line->setLayer(QStringLiteral("grid")); // under the ladder's points
        auto *label = new QCPItemText(m_plot);
        placeIn(label, m_ladderRect);
        LineLabels::prepare(label);
        label->setColor(kPeriodColor.darker(140));
        label->setBrush(QColor(255, 255, 255, 200));
        label->setFont(m_seqLenLabel->font());
        m_periodLines << line;
        m_periodLabels << label;
    }
    double lowest = std::min(first, double(p.seqLen));
    double highest = std::max(last, double(p.seqLen));
    for (size_t k = 0; k < periods.size(); ++k) {
        const double period = periods[k];
        m_periodLines[k]->point1->setCoords(0, period);
        m_periodLines[k]->point2->setCoords(1, period);
        m_periodLabels[k]->setText(tr("P = %1").arg(CellText::number(period)));
        lowest = std::min(lowest, period);
        highest = std::max(highest, period);
    }

    QCPAxis *x = m_ladderRect->axis(QCPAxis::atBottom);
    PlotZoom::setHome(x, n > 1 ? QCPRange(-0.03 * (n - 1) - 0.5, 1.03 * (n - 1) + 0.5) : QCPRange(-1, 1));
    // Log range with room above and below for the labels; the right axis follows.
    // A compact figure's short panel needs more of it for the label under the first point
    // ("2π ≈ 6.28"), which otherwise sits on the x axis.
    m_autoLower = m_fittedLower = lowest / (m_compact && !m_wide ? 16 : 4);
    m_autoUpper = m_fittedUpper = highest * 4; // both widened for the end labels (keepEndLabelsInside)
    PlotZoom::setHome(m_ladderRect->axis(QCPAxis::atLeft), QCPRange(m_fittedLower, m_fittedUpper));
}

void SpectrumView::refreshSpectrum(bool spectraChanged)
{
    const EncodingParams &p = m_state->params();
    QList<int> dimensions;
    for (int d : m_state->curveDimensions()) {
        if (d < p.dModel)
            dimensions << d;
    }
    if (!spectraChanged && dimensions == m_spectrumDims)
        return;
    QCPAxis *x = m_spectrumRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_spectrumRect->axis(QCPAxis::atLeft);

    while (m_spectra.size() > dimensions.size()) {
        // QCustomPlot removes a deleted graph from its main legend only.
        QCPGraph *graph = m_spectra.takeLast();
        graph->removeFromLegend(m_spectrumLegend);
        m_plot->removeGraph(graph);
        m_plot->removeItem(m_peakLines.takeLast());
    }
    while (m_spectra.size() < dimensions.size()) {
        QCPGraph *graph = Graph::add(m_plot, x, y);
        graph->addToLegend(m_spectrumLegend);
        m_spectra << graph;
        auto *line = new QCPItemStraightLine(m_plot);
        placeIn(line, m_spectrumRect);
        line->setLayer(QStringLiteral("grid")); // under the spectra
        m_peakLines << line;
    }
    m_spectrumDims = dimensions;
    // The "expected peak" entry last in the legend.
    m_peakLegendEntry->removeFromLegend(m_spectrumLegend);
    m_peakLegendEntry->addToLegend(m_spectrumLegend);
    m_peakLegendEntry->setVisible(!dimensions.isEmpty());

    const Eigen::VectorXd wavelength = wavelengths(p);
    const QList<QColor> &colors = PlotStyle::categorical();
    const bool markers = p.seqLen / 2 + 1 <= kSpectrumMarkersUpTo;
    double highest = 0;
    // All the chosen columns at once (one table of the bins' sines and cosines).
    const RowMatrixXd spectra = spectrumMatrix(p, std::vector<int>(dimensions.begin(), dimensions.end()));
    for (int n = 0; n < dimensions.size(); ++n) {
        const int column = dimensions[n];
        const QColor color = colors[n % colors.size()];
        QList<QCPGraphData> data(spectra.rows());
        for (Eigen::Index m = 0; m < spectra.rows(); ++m)
            data[m] = QCPGraphData(double(m) / p.seqLen, spectra(m, n));
        if (spectra.rows() > 0)
            highest = std::max(highest, spectra.col(n).maxCoeff());
        m_spectra[n]->data()->set(data, true);
        m_spectra[n]->setName(channelName(p, column));
        m_spectra[n]->setPen(QPen(color, 2));
        m_spectra[n]->setScatterStyle(markers ? QCPScatterStyle(QCPScatterStyle::ssDisc, color, 5)
                                              : QCPScatterStyle());

        // Sin and cos of one pair share their peak; the dash of the later one shows on top.
        const Channel channel = channelOf(p, column);
        QCPItemStraightLine *line = m_peakLines[n];
        line->setVisible(channel.kind != Channel::Kind::Zero);
        line->setPen(QPen(color, 1.5, Qt::DashLine));
        const double peak = channel.kind != Channel::Kind::Zero ? 1.0 / wavelength[channel.pair] : 0;
        line->point1->setCoords(peak, 0);
        line->point2->setCoords(peak, 1);
    }

    PlotZoom::setHome(x, QCPRange(0, 0.5));
    PlotZoom::setHome(y, QCPRange(0, highest > 0 ? 1.12 * highest : 1.0));
}

void SpectrumView::refreshHeatmap()
{
    const EncodingParams p = m_state->params();
    const long long values = 1LL * p.dModel * p.seqLen;
    // Every columnStep-th dimension, so that at most kMaxMapColumns columns are drawn and at
    // most kMaxMapValues values are computed.
    const int columnStep = int(std::max<long long>(
        {1, (p.dModel + kMaxMapColumns - 1) / kMaxMapColumns, (values + kMaxMapValues - 1) / kMaxMapValues}));
    const int columns = (p.dModel + columnStep - 1) / columnStep;
    const int bins = p.seqLen / 2 + 1;
    // Rows: each one covers binsPerRow consecutive bins and shows the largest of them, so
    // that a peak one bin wide is never lost when seq_len is long.
    const int binsPerRow = (bins + kMaxMapRows - 1) / kMaxMapRows;
    const int rows = (bins + binsPerRow - 1) / binsPerRow;

    // The spectra reduced to rows (closed form, spectrumRowMaxima), a pure function of the
    // parameters.
    const auto compute = [p, columns, columnStep, binsPerRow] {
        std::vector<int> chosen(static_cast<size_t>(columns));
        for (int k = 0; k < columns; ++k)
            chosen[size_t(k)] = k * columnStep;
        return spectrumRowMaxima(p, chosen, binsPerRow);
    };
    // Onto the map, on the UI thread.
    const auto show = [this, p, columns, columnStep, binsPerRow, rows](const RowMatrixXd &cells) {
        m_columnStep = columnStep;
        m_binsPerRow = binsPerRow;
        // QCustomPlot puts cell centres at the ends of the data range, so a single row has no
        // extent; it is drawn as two identical half-height rows instead.
        const bool singleRow = rows == 1;
        const double rowHeight = double(binsPerRow) / p.seqLen; // in cycles per position
        const double firstRow = 0.5 * (binsPerRow - 1) / p.seqLen;
        const double lastRow = firstRow + (rows - 1) * rowHeight;
        auto *data = static_cast<MatrixColorMapData *>(m_map->data());
        data->setSize(columns, singleRow ? 2 : rows);
        data->setRange(QCPRange(0, double(columns - 1) * columnStep),
                       singleRow ? QCPRange(firstRow - 0.25 * rowHeight, firstRow + 0.25 * rowHeight)
                                 : QCPRange(firstRow, lastRow));
        // Row r of the cells is row r of the map (bins upwards), column k dimension k · columnStep.
        if (singleRow)
            data->setCells(cells.topRows(1).replicate(2, 1));
        else
            data->setCells(cells);
        const double highest = data->dataBounds().upper; // setCells() found it
        m_scale->setDataRange(QCPRange(0, highest > 0 ? highest : 1.0));

        PlotZoom::setHome(m_heatmapRect->axis(QCPAxis::atBottom),
                          QCPRange(-0.5 * columnStep, (columns - 0.5) * columnStep));
        PlotZoom::setHome(m_heatmapRect->axis(QCPAxis::atLeft),
                          QCPRange(firstRow - 0.5 * rowHeight, lastRow + 0.5 * rowHeight));
    };

    // Up to kSyncValues values (a few ms) at once; more in the background, so
    // that a dragged slider is never held up by them: the map shows the last finished state
    // until the newest is ready, and states in between are skipped.
    constexpr long long kSyncValues = 1LL << 21;
    auto *job = findChild<LatestJob *>(QString(), Qt::FindDirectChildrenOnly);
    if (!job)
        job = new LatestJob(this);
    // A view drawn for a file is painted right after this.
    if (1LL * columns * p.seqLen <= kSyncValues || PlotStyle::isDrawnForFile(this)) {
        job->cancel();
        show(compute());
        return;
    }
    job->run<RowMatrixXd>(compute, [this, show](RowMatrixXd cells) {
        show(cells);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

} // namespace posenc

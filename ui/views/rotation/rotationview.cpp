// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/rotationview.h"

#include "core/channels.h"
#include "core/clock.h"
#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/rotation.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"
#include "ui/views/rotation/clockfacegrid.h"
#include "ui/views/rotation/rotationcirclepanel.h"
#include "ui/views/rotation/rotationcolors.h"
#include "ui/views/rotation/rotationequationpanel.h"
#include "ui/views/rotation/rotationtext.h"
#include "ui/widgets/layoutwatchers.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plotzoom.h"
#include "ui/widgets/richtextlabel.h"
#include "ui/widgets/sizefence.h"
#include "ui/widgets/spinrange.h"

#include <qcustomplot.h>

#include <QFontInfo>
#include <QHBoxLayout>
#include <QScreen>
#include <QLabel>
#include <QSpinBox>
#include <QSplitter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

namespace {

// At most this many clock faces: past it, every s-th pair is shown.
constexpr int kMaxClocks = 64;
// Pixels between the clocks' note and M_k's, each side of the splitter between them.
constexpr int kNoteGap = 8;
// M_k is drawn with at most this many cells per axis (d_model up to 4096 would otherwise make
// 16.7 million cells, far more than the screen can show); past it, each drawn cell stands for
// a stride × stride block and shows the block's entry of largest magnitude, so that the thin
// bands of the rotation stay visible instead of falling between sampled rows.
constexpr int kMaxMapCells = 1024;
// rotationResidual builds PE at pos and at pos + k for the whole sequence in float64 and in
// float32 (four seq_len × d_model matrices). Past this many cells it would stall a dragged k
// slider at the largest sizes, so the check then runs over the first and the last positions
// of the sequence only (where |pos| and so the float32 error is largest), and says so.
constexpr long long kResidualCells = 1LL << 16;

} // namespace

RotationView::RotationView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
{
    setAccessibleName(tr("Rotation M_k"));

    auto *bar = new QHBoxLayout;
    auto *pairLabel = new QLabel(tr("&Pair i:"), this);
    m_pairSpin = new QSpinBox(this);
    m_pairSpin->setAccessibleName(tr("Pair shown in detail"));
    m_pairSpin->setToolTip(tr("The pair (sin, cos) of frequency w_i whose rotation is shown "
                              "in detail. Clicking a clock chooses its pair too."));
    pairLabel->setBuddy(m_pairSpin);
    m_pairInfo = new RichTextLabel(this);
    m_pairInfo->setTextFormat(Qt::RichText);
    m_pairInfo->setWordWrap(true);
    bar->addWidget(pairLabel);
    bar->addWidget(m_pairSpin);
    bar->addSpacing(12);
    bar->addWidget(SizeFence::around(m_pairInfo), 1); // its numbers change with every step of pos and k

    auto *top = m_top = new QSplitter(Qt::Horizontal, this);
    m_equationPanel = new RotationEquationPanel;
    top->addWidget(m_equationPanel);
    m_circlePanel = new RotationCirclePanel;
    top->addWidget(m_circlePanel);
    top->setSizes({1200, 800}); // shares, scaled to the width
    auto *bottom = m_bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(createClockPanel());
    bottom->addWidget(createMatrixPanel());
    bottom->setSizes({1000, 1000});
    auto *split = m_split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setSizes({1100, 900});
    for (QSplitter *s : {top, bottom, split})
        s->setChildrenCollapsible(false);
    // The tab's page sizes the view by the height it prefers at its width (its notes wrap),
    // and the panels prefer more than a 720-line screen has, though they fit at their
    // minimum: the view scrolled. The panels ask for their minimum only and take the rest.
    split->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    new KeepMinimumHeight(split);

    m_residual = sentenceLabel(this);
    m_loneNote = new QLabel(this);
    m_loneNote->setTextFormat(Qt::PlainText);
    m_loneNote->setWordWrap(true);
    m_loneNote->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_zeroNote = new QLabel(this);
    m_zeroNote->setTextFormat(Qt::PlainText);
    m_zeroNote->setWordWrap(true);
    m_zeroNote->setStyleSheet(QStringLiteral("color: #444444;"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addWidget(SizeFence::around(m_residual)); // new residuals with every step of k
    layout->addWidget(m_loneNote);
    layout->addWidget(m_zeroNote);

    // A small page, and from one small page to another (a single column to a slide) the
    // compact layout arranged again.
    PlotStyle::watchFigureShape(this, QSizeF(48, 32), [this](PlotStyle::FigureShape shape) {
        m_compactFigure = shape.compact;
        m_wideFigure = shape.wide;
        applyFigureLayout();
    });

    // M_k's block is the largest text of the view, and never smaller than a projector's back
    // row reads (about 24 px on 1080 lines, in proportion on other screens).
    m_equationPanel->setMatrixPixelFloor([this] { return matrixPixelFloor(); });

    connect(m_pairSpin, &QSpinBox::valueChanged, this, [this](int pair) {
        m_state->changeScene([pair](Scene &scene) { scene.rotationPair = pair; });
    });
    connect(m_state, &EncodingState::changed, this, &RotationView::onStateChanged);
    refresh();
}

// A figure on a small page cannot hold four panels and their sentences. On a wide one (a
// slide, a double column) it shows what a teacher exports the view for: M_k and both
// equations beside the unit circle (M_k's map under the circle left both too small to read).
// On a narrower one (a single column) the unit circle beside the clocks, without the
// equations (too small to read there) and without M_k's map (a d_model x d_model map is a
// hairline diagonal there); the circle may be smaller than on a screen. Neither has the
// pair's sentence or the notes.
void RotationView::applyFigureLayout()
{
    const bool compact = m_compactFigure;
    for (QWidget *panel : std::initializer_list<QWidget *>{m_pairInfo, m_circlePanel->legend(), m_clocksNote,
                                                            m_matrixPlot->parentWidget(), m_residual})
        panel->setVisible(!compact);
    m_equationPanel->setVisible(!compact || m_wideFigure);
    m_bottom->setVisible(!m_wideFigure);
    PlotStyle::setFigureOmits(this, !compact      ? nullptr
                                    : m_wideFigure ? QT_TRANSLATE_NOOP("FigureExport", "the clocks of every pair and M_k’s heatmap")
                                                   : QT_TRANSLATE_NOOP("FigureExport", "the equations of M_k and M_k’s heatmap"));
    if (compact) {
        m_loneNote->hide();
        m_zeroNote->hide();
    }
    m_split->setOrientation(compact ? Qt::Horizontal : Qt::Vertical);
    m_split->setStretchFactor(0, compact ? 13 : 0);
    m_split->setStretchFactor(1, compact ? 7 : 0);
    m_split->setSizes(compact ? QList<int>{1300, 700} : QList<int>{1100, 900});
    m_top->setSizes(m_wideFigure ? QList<int>{1250, 750} : QList<int>{1200, 800});
    m_circlePanel->plot()->setMinimumSize(compact ? QSize(100, 100) : QSize(120, 120));
}

// ---------------------------------------------------------------------------------------
// Construction of the clock and the matrix panel (the equations and the unit circle are
// panels of their own: RotationEquationPanel, RotationCirclePanel)

QWidget *RotationView::createClockPanel()
{
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    // Room between this note and M_k's beside it: without it, the wrapped lines of the two
    // ran into one (深 Mₖ… in Chinese at 1920x1080).
    layout->setContentsMargins(0, 0, kNoteGap, 0);
    layout->setSpacing(2);
    m_clocksNote = new RichTextLabel(panel);
    m_clocksNote->setTextFormat(Qt::RichText);
    m_clocksNote->setWordWrap(true);
    m_clocks = new ClockFaceGrid(panel);
    m_clocks->setMaxFaces(kMaxClocks);
    m_clocks->setAccessibleName(tr("Clocks: one hand per pair"));
    layout->addWidget(SizeFence::around(m_clocksNote)); // its numbers change with every step of k
    layout->addWidget(m_clocks, 1);
    connect(m_clocks, &ClockFaceGrid::pairClicked, this, &RotationView::onClockClicked);
    connect(m_clocks, &ClockFaceGrid::strideChanged, this, &RotationView::updateClocksNote);
    return panel;
}

QWidget *RotationView::createMatrixPanel()
{
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(kNoteGap, 0, 0, 0);
    layout->setSpacing(2);
    auto *note = new QWidget(panel);
    auto *noteLayout = new QVBoxLayout(note);
    noteLayout->setContentsMargins(0, 0, 0, 0);
    noteLayout->setSpacing(2);
    m_matrixNote = new RichTextLabel(panel);
    m_matrixNote->setTextFormat(Qt::RichText);
    m_matrixNote->setWordWrap(true);

    m_matrixPlot = new Plot(panel);
    m_matrixPlot->setAccessibleName(tr("M_k as a heatmap"));
    m_matrixPlot->setMinimumSize(140, 100);
    PlotStyle::applyDefaults(m_matrixPlot);
    m_matrixPlot->xAxis->setLabel(tr("column of M\u2096"));
    m_matrixPlot->yAxis->setLabel(tr("row of M\u2096"));
    PlotStyle::useIntegerTicks(m_matrixPlot->xAxis);
    PlotStyle::useIntegerTicks(m_matrixPlot->yAxis);
    m_matrixPlot->yAxis->setRangeReversed(true); // row 0 at the top, as the matrix is written
    m_matrixPlot->xAxis->grid()->setVisible(false);
    m_matrixPlot->yAxis->grid()->setVisible(false);
    // As many of at most three ticks (and of five on the colour bar) as leave their labels apart.
    PlotFit::fitTicks(m_matrixPlot, m_matrixPlot->xAxis, 3);
    PlotFit::fitTicks(m_matrixPlot, m_matrixPlot->yAxis, 3);
    PlotZoom::install(m_matrixPlot); // a large M_k zooms to its blocks
    // On a change M_k and the circle replot together, painted in one pass
    // (PlotStyle::applyDefaults). Nothing is on the "overlay" layer, buffered by default: a
    // second full-size ARGB buffer cleared and blended on every replot, transparent
    // throughout; logical, the same pixels.
    m_matrixPlot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);

    m_map = new SparseColorMap(m_matrixPlot->xAxis, m_matrixPlot->yAxis);
    m_map->setInterpolate(false); // one crisp block per entry, never a blur
    // Not tight: a tight boundary draws the first and the last rows and columns at half size,
    // and the pair's outline (whole cells) then misses its block.
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(m_matrixPlot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("entry of M\u2096"));
    m_scale->setGradient(PlotStyle::diverging());
    m_scale->setDataRange(QCPRange(-1, 1)); // rotations: cos and sin lie in [−1, 1]
    m_scale->setBarWidth(12);
    PlotFit::fitTicks(m_matrixPlot, m_scale->axis(), 5);
    PlotFit::fitAxisLabels(m_matrixPlot);
    m_matrixPlot->plotLayout()->addElement(0, 1, m_scale);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_matrixPlot);
    m_matrixPlot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

    // Outlines of the four entries of the chosen pair.
    for (int n = 0; n < 4; ++n) {
        auto *cell = new QCPItemRect(m_matrixPlot);
        cell->setPen(QPen(Qt::black, 1.5));
        cell->setBrush(Qt::NoBrush);
        cell->setSelectable(false);
        m_pairCells << cell;
    }

    m_matrixPlot->setMouseTracking(true);
    connect(m_matrixPlot, &QCustomPlot::mouseMove, this, &RotationView::onMatrixMouseMove);
    connect(m_matrixPlot, &QCustomPlot::mousePress, this, &RotationView::onMatrixMousePress);
    connect(m_matrixPlot, &QCustomPlot::afterLayout, this, &RotationView::keepMatrixSquare);

    noteLayout->addWidget(SizeFence::around(m_matrixNote)); // its numbers change with every step of k
    QLabel *hint = PlotZoom::makeHintLabel(panel); // above M_k: in view at 1280x720
    hint->setWordWrap(true); // in lines where the note is beside M_k
    hint->setAlignment(Qt::AlignRight);
    noteLayout->addWidget(hint);
    layout->addWidget(note);
    layout->addWidget(m_matrixPlot, 1);
    // The axes' labels and the colour bar take about 9 lines across and 4 down.
    new NoteBesidePlot(layout, note, m_matrixPlot, QSizeF(9, 4));
    return panel;
}

// ---------------------------------------------------------------------------------------
// Updates

void RotationView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void RotationView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void RotationView::refresh()
{
    m_dirty = false;
    const EncodingParams &p = m_state->params();
    {
        const QSignalBlocker blocker(m_pairSpin);
        setSpinRange(m_pairSpin, 0, std::max(p.dModel / 2 - 1, 0));
        m_pairSpin->setValue(m_state->rotationPair());
    }
    const int pair = m_state->rotationPair();
    refreshPairInfo();
    m_equationPanel->setPair(p, pair);
    m_circlePanel->setPair(p, pair);
    refreshClocks();
    refreshMatrix();
    refreshResidual();
}

void RotationView::refreshPairInfo()
{
    const EncodingParams &p = m_state->params();
    const int i = m_state->rotationPair();
    const int s = sinColumn(p, i);
    const int c = cosColumn(p, i);
    const double w = frequency(p, i);
    const double angle = p.offset * w;
    const QString pos = CellText::number(p.position, 8);
    const QString shifted = CellText::number(p.position + p.offset, 8);

    m_pairInfo->setText(
        tr("dimensions <b>%2</b> (sin) and <b>%3</b> (cos), &nbsp;%4<br>"
           "k = <b>%5</b>, pos = <b>%9</b>, pos + k = <b>%10</b>: &nbsp;"
           "k·w<sub>%1</sub> = %5 × %6 = <b>%7 rad</b> (%8°)")
            .arg(QString::number(i), QString::number(s), QString::number(c),
                 CellText::frequencyFormula(p, i).toHtmlEscaped(), CellText::number(p.offset, 8),
                 CellText::number(w), CellText::number(angle),
                 CellText::number(angle * 180 / std::numbers::pi, 4), pos)
            .arg(shifted));
}

void RotationView::refreshClocks()
{
    const EncodingParams &p = m_state->params();
    const ClockHands at = clockHands(p, p.position);
    const ClockHands shifted = clockHands(p, p.position + p.offset);
    const double extent = p.scale != 0 ? std::abs(p.scale) : 1.0;
    // The captions (one number formatted per pair, up to 2048) depend on the frequencies only:
    // kept while pos and k move.
    const QString format = tr("λ %1");
    const CaptionKey key{p.dModel, p.base, p.layout, p.frequencies, format};
    if (m_captionKey != key) {
        const Eigen::VectorXd lambda = wavelengths(p);
        m_captions.clear();
        m_captions.reserve(at.angle.size());
        for (int i = 0; i < at.angle.size(); ++i)
            m_captions << format.arg(RotationText::wavelengthText(lambda[i]));
        m_captionKey = key;
    }

    QList<ClockFaceGrid::Face> faces;
    faces.reserve(at.angle.size());
    for (int i = 0; i < at.angle.size(); ++i) {
        ClockFaceGrid::Face face;
        face.pair = i;
        face.caption = m_captions[i];
        face.angle = at.angle[i];
        face.shiftedAngle = shifted.angle[i];
        // The hand in units of the radius: (PE(pos, sin_i), PE(pos, cos_i)) / |scale|.
        face.hand = QPointF(at.x[i] / extent, at.y[i] / extent);
        face.shiftedHand = QPointF(shifted.x[i] / extent, shifted.y[i] / extent);
        faces << face;
    }
    m_clocks->setFaces(faces, m_state->rotationPair());
    updateClocksNote();
}

void RotationView::updateClocksNote()
{
    QString note = tr("<b>Every pair is a clock</b>: hand at angle pos·w<sub>i</sub> from 12 o'clock, "
                      "clockwise; <span style='color:%1'><b>dark: pos</b></span>, "
                      "<span style='color:%2'><b>light: pos + k</b></span>; "
                      "λ = 2π/w<sub>i</sub> positions per turn.")
                       .arg(RotationColors::position.name(), RotationColors::shifted.name());
    const int stride = m_clocks->stride();
    const int pairs = int(m_clocks->faces().size());
    if (stride > 1)
        note += QLatin1Char(' ')
                + tr("<b>Showing %1 of %2 pairs</b>: i = 0, %3, %4, … (one pair in every %3).")
                      .arg((pairs + stride - 1) / stride)
                      .arg(pairs)
                      .arg(stride)
                      .arg(2 * stride);
    m_clocksNote->setText(note);
}

void RotationView::refreshMatrix()
{
    const EncodingParams &p = m_state->params();
    const MatrixKey key{p.dModel, p.base, p.offset, p.layout, p.frequencies};
    const int stride = std::max(1, (p.dModel + kMaxMapCells - 1) / kMaxMapCells);
    const bool mapChanged = m_mapKey != key;
    if (mapChanged) {
        const bool sizeChanged = !m_mapKey || m_mapKey->dModel != p.dModel;
        const int cells = (p.dModel + stride - 1) / stride;
        QCPColorMapData *data = m_map->data();
        if (!m_mapKey || data->keySize() != cells || data->valueSize() != cells) {
            // A new size comes with every cell 0 (QCPColorMapData::setSize, documented); the
            // same size (the first M_k) is filled.
            const bool resized = data->keySize() != cells || data->valueSize() != cells;
            data->setSize(cells, cells);
            if (!resized)
                data->fill(0);
            m_map->allFilled(0);
        } else {
            // M_k is sparse (at most two entries per row): only the cells set last time are
            // cleared, not all d_model² of them, and only they and the new ones are
            // coloured again.
            for (const QPoint &cell : std::as_const(m_mapCells))
                data->setCell(cell.x(), cell.y(), 0);
            m_map->cellsChanged(m_mapCells);
        }
        const double first = (stride - 1) / 2.0;
        const double last = double(cells - 1) * stride + first;
        data->setRange(QCPRange(first, last), QCPRange(first, last));
        m_mapCells.clear();
        for (const MatrixEntry &entry : rotationEntries(p, stride)) {
            data->setCell(entry.column, entry.row, entry.value);
            m_mapCells.append(QPoint(entry.column, entry.row));
        }
        m_map->cellsChanged(m_mapCells);
        m_mapKey = key;
        if (sizeChanged) {
            PlotZoom::setHome(m_matrixPlot->xAxis, QCPRange(-0.5, p.dModel - 0.5));
            PlotZoom::setHome(m_matrixPlot->yAxis, QCPRange(-0.5, p.dModel - 0.5));
        }
    }

    const int i = m_state->rotationPair();
    const int s = sinColumn(p, i), c = cosColumn(p, i);
    const int entries[4][2] = {{s, s}, {s, c}, {c, s}, {c, c}};
    for (int n = 0; n < 4; ++n) {
        const bool valid = s >= 0 && c >= 0;
        m_pairCells[n]->setVisible(valid);
        m_pairCells[n]->topLeft->setCoords(entries[n][1] - 0.5, entries[n][0] - 0.5);
        m_pairCells[n]->bottomRight->setCoords(entries[n][1] + 0.5, entries[n][0] + 0.5);
    }

    // Whole sentences per layout, so that a translation can order the words its own way.
    QString note = p.layout == Layout::Split
                       ? tr("<b>M<sub>k</sub></b> (%1 × %1, k = %2): one 2 × 2 rotation per pair, "
                            "pair i couples columns i and i + %3 (the off-diagonal bands). "
                            "Outlined: pair %4. <i>M<sub>k</sub> depends on k only: move pos and "
                            "it stays the same.</i>")
                             .arg(QString::number(p.dModel), CellText::number(p.offset, 8),
                                  QString::number(p.dModel / 2), QString::number(i))
                       : tr("<b>M<sub>k</sub></b> (%1 × %1, k = %2): one 2 × 2 rotation per pair "
                            "on the diagonal. Outlined: pair %3. <i>M<sub>k</sub> depends on k "
                            "only: move pos and it stays the same.</i>")
                             .arg(QString::number(p.dModel), CellText::number(p.offset, 8),
                                  QString::number(i));
    if (stride > 1)
        note += QLatin1Char(' ') + tr("Shown reduced: each cell is a %1 × %1 block of M<sub>k</sub> "
                                      "and shows its entry of largest magnitude.").arg(stride);
    // The note names d_model, k, the layout and the pair: if neither it nor M_k changed (pos
    // moved), nothing here did, and the matrix is not drawn again.
    if (!mapChanged && note == m_matrixNote->text())
        return;
    m_matrixNote->setText(note);
    m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
}

void RotationView::keepMatrixSquare()
{
    // M_k is square, so its cells are drawn square: the axis rect is narrowed (or shortened)
    // by extra margins rather than showing rows or columns that do not exist.
    QCPAxisRect *rect = m_matrixPlot->axisRect();
    const int width = rect->width() + m_matrixPadding.left() + m_matrixPadding.right();
    const int height = rect->height() + m_matrixPadding.top() + m_matrixPadding.bottom();
    if (width <= 0 || height <= 0)
        return;
    QMargins padding;
    // A wide rect is narrowed on the left only, so that the colour bar stays beside M_k.
    if (width > height)
        padding = QMargins(width - height, 0, 0, 0);
    else
        padding = QMargins(0, (height - width) / 2, 0, height - width - (height - width) / 2);
    if (padding == m_matrixPadding)
        return;
    const QMargins natural = rect->margins() - m_matrixPadding;
    m_matrixPadding = padding;
    rect->setMinimumMargins(natural + padding);
    m_matrixPlot->replot(QCustomPlot::rpQueuedReplot);
}

void RotationView::refreshResidual()
{
    const EncodingParams &p = m_state->params();
    // The residual runs over the sequence, not at the probe position: moving pos changes
    // nothing here.
    EncodingParams key = p;
    key.position = 0;
    if (m_residualKey == key)
        return;
    m_residualKey = key;
    const long long cells = static_cast<long long>(p.seqLen) * p.dModel;
    RotationResidual r64, r32;
    QString over;
    const QString from = CellText::number(p.start, 10);
    const QString to = CellText::number(p.start + p.seqLen - 1, 10);
    // The blocks of positions checked (PE at them is kept while only k moves).
    std::vector<EncodingParams> blocks;
    if (cells <= kResidualCells) {
        blocks.push_back(p);
        over = tr("over pos = %1 … %2").arg(from, to);
    } else {
        const int rows = int(std::max<long long>(1, kResidualCells / 2 / p.dModel));
        EncodingParams head = p;
        head.seqLen = rows;
        EncodingParams tail = p;
        tail.seqLen = rows;
        tail.start = p.start + p.seqLen - rows;
        blocks = {head, tail};
        over = tr("over the first and the last %1 of the %2 positions (pos = %3 … %4)")
                   .arg(rows)
                   .arg(p.seqLen)
                   .arg(from, to);
    }
    bool kept = m_residualChecks.size() == blocks.size();
    for (std::size_t n = 0; kept && n < blocks.size(); ++n)
        kept = m_residualChecks[n].covers(blocks[n]);
    if (!kept) {
        m_residualChecks.clear();
        for (const EncodingParams &block : blocks)
            m_residualChecks.emplace_back(block);
    }
    // The larger residual of the blocks, the first block's on a tie (as before).
    for (std::size_t n = 0; n < m_residualChecks.size(); ++n) {
        const RotationResiduals r = m_residualChecks[n].residuals(p.offset);
        if (n == 0 || r.float64.maxAbs > r64.maxAbs)
            r64 = r.float64;
        if (n == 0 || r.float32.maxAbs > r32.maxAbs)
            r32 = r.float32;
    }
    m_residual->setText(tr("Check, max |M\u2096 PE(pos) − PE(pos + k)| %1: %2 (float64), %3 (float32)")
                            .arg(over, RotationText::residualNumber(r64.maxAbs),
                                 RotationText::residualNumber(r32.maxAbs)));

    m_loneNote->setText(RotationText::loneColumnNote(p));
    m_loneNote->setVisible(!m_loneNote->text().isEmpty());
    m_zeroNote->setText(RotationText::zeroColumnNote(p));
    m_zeroNote->setVisible(!m_zeroNote->text().isEmpty());
}

int RotationView::matrixPixelFloor() const
{
    // A figure keeps the sizes of its page.
    if (PlotStyle::isDrawnForFile(this))
        return 0;
    int largest = 0;
    const auto consider = [&largest](const QFont &font) { largest = std::max(largest, QFontInfo(font).pixelSize()); };
    for (QWidget *widget : findChildren<QWidget *>()) {
        if (m_equationPanel->isAncestorOf(widget) || widget == m_equationPanel || !widget->isVisibleTo(this))
            continue;
        if (auto *plot = qobject_cast<QCustomPlot *>(widget)) {
            for (QCPAxis *axis : plot->findChildren<QCPAxis *>()) {
                if (!axis->visible())
                    continue;
                if (axis->tickLabels())
                    consider(axis->tickLabelFont());
                if (!axis->label().isEmpty())
                    consider(axis->labelFont());
            }
            for (QCPItemText *text : plot->findChildren<QCPItemText *>()) {
                if (text->visible() && !text->text().isEmpty())
                    consider(text->font());
            }
        } else if (qobject_cast<QLabel *>(widget) || qobject_cast<QAbstractSpinBox *>(widget) || widget == m_clocks) {
            consider(widget->font());
        }
    }
    const QScreen *shown = screen();
    const int backRow = shown ? int(std::lround(24.0 * shown->geometry().height() / 1080.0)) : 0;
    return std::max(largest, backRow);
}

// ---------------------------------------------------------------------------------------
// Accessors and interaction

double RotationView::matrixEntry(int row, int column) const
{
    return m_equationPanel->matrixEntry(row, column);
}

QString RotationView::matrixText() const
{
    return m_equationPanel->matrixText();
}

QString RotationView::columnEquationText() const
{
    return m_equationPanel->columnEquationText();
}

QString RotationView::rowEquationText() const
{
    return m_equationPanel->rowEquationText();
}

QCustomPlot *RotationView::circlePlot() const
{
    return m_circlePanel->plot();
}

QCPItemLine *RotationView::positionArrow() const
{
    return m_circlePanel->positionArrow();
}

QCPItemLine *RotationView::shiftedArrow() const
{
    return m_circlePanel->shiftedArrow();
}

QCPCurve *RotationView::angleArc() const
{
    return m_circlePanel->angleArc();
}

QString RotationView::angleText() const
{
    return m_circlePanel->angleText();
}

QString RotationView::clocksNote() const
{
    return m_clocksNote->text();
}

QString RotationView::matrixNote() const
{
    return m_matrixNote->text();
}

QString RotationView::residualText() const
{
    return m_residual->text();
}

QString RotationView::loneDimensionNote() const
{
    return m_loneNote->isVisibleTo(this) ? m_loneNote->text() : QString();
}

QString RotationView::zeroColumnNote() const
{
    return m_zeroNote->isVisibleTo(this) ? m_zeroNote->text() : QString();
}

QString RotationView::entryToolTip(int row, int column) const
{
    return RotationText::rotationEntry(m_state->params(), row, column);
}

std::optional<std::pair<int, int>> RotationView::matrixEntryAt(const QPointF &pixel) const
{
    const int d = m_state->params().dModel;
    const int column = int(std::lround(m_matrixPlot->xAxis->pixelToCoord(pixel.x())));
    const int row = int(std::lround(m_matrixPlot->yAxis->pixelToCoord(pixel.y())));
    if (!m_matrixPlot->axisRect()->rect().contains(pixel.toPoint()) || column < 0 || column >= d
        || row < 0 || row >= d)
        return std::nullopt;
    return std::make_pair(row, column);
}

void RotationView::onMatrixMouseMove(QMouseEvent *event)
{
    const auto entry = matrixEntryAt(event->position());
    if (!entry) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), entryToolTip(entry->first, entry->second),
                       m_matrixPlot);
}

void RotationView::onMatrixMousePress(QMouseEvent *event)
{
    if (const auto entry = matrixEntryAt(event->position()))
        m_state->setInspection({Inspection::Kind::RotationEntry, double(entry->first), double(entry->second)});
}

void RotationView::onClockClicked(int pair)
{
    m_state->changeScene([pair](Scene &scene) { scene.rotationPair = pair; });
    m_state->setInspection({Inspection::Kind::Frequency, double(pair), 0});
}

} // namespace posenc

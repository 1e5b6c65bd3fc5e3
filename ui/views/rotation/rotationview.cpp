// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/rotationview.h"

#include "core/channels.h"
#include "core/clock.h"
#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/rotation.h"
#include "ui/views/celltext.h"
#include "ui/views/rotation/clockfacegrid.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/richtextlabel.h"
#include "ui/views/rotation/rotationmatrixlabel.h"

#include <qcustomplot.h>

#include <QGridLayout>
#include <QHBoxLayout>
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

// The colours of PE(pos) and PE(pos + k) everywhere in this view (Okabe-Ito blue and
// vermillion), so that the arrows, the clock hands and the equations read as one figure.
const QColor kPositionColor(0x00, 0x72, 0xb2);
const QColor kShiftedColor(0xd5, 0x5e, 0x00);
const QColor kAngleColor(0x00, 0x9e, 0x73);

// At most this many clock faces: past it, every s-th pair is shown.
constexpr int kMaxClocks = 64;
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

// Significant digits of the numbers in the equations (the matrix itself shows 6).
constexpr int kEquationDigits = 4;

QString subscript(int n)
{
    QString digits = QString::number(n);
    for (QChar &ch : digits) {
        if (ch.isDigit())
            ch = QChar(0x2080 + ch.digitValue());
        else if (ch == QLatin1Char('-'))
            ch = QChar(0x208b);
    }
    return digits;
}

// A small number in scientific notation with true minus signs: "2.2e−16".
QString residualNumber(double value)
{
    QString text = CellText::number(value, 2);
    text.replace(QStringLiteral("e-"), QStringLiteral("e\u2212"));
    text.replace(QStringLiteral("e+"), QStringLiteral("e"));
    // Qt writes two exponent digits ("1.2e-07"); a person writes "1.2e−7".
    text.replace(QStringLiteral("e\u22120"), QStringLiteral("e\u2212"));
    if (text.contains(QStringLiteral("e0")))
        text.replace(QStringLiteral("e0"), QStringLiteral("e"));
    return text;
}

// Drops the cached sizes of a layout and of every layout inside it (QLayout::invalidate()
// alone leaves the nested ones stale until the next activation).
void invalidateRecursively(QLayout *layout)
{
    for (int n = 0; n < layout->count(); ++n) {
        if (QLayout *child = layout->itemAt(n)->layout())
            invalidateRecursively(child);
    }
    layout->invalidate();
}

QString wavelengthText(double wavelength)
{
    if (wavelength < 1000)
        return CellText::number(wavelength, 3);
    return QString::number(std::round(wavelength), 'f', 0);
}

// ---------------------------------------------------------------------------------------

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
    bar->addWidget(m_pairInfo, 1);

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(createEquationPanel());
    top->addWidget(createCirclePlot());
    top->setSizes({1200, 800}); // shares, scaled to the width
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(createClockPanel());
    bottom->addWidget(createMatrixPanel());
    bottom->setSizes({1000, 1000});
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setSizes({1100, 900});
    for (QSplitter *s : {top, bottom, split})
        s->setChildrenCollapsible(false);

    m_residual = new QLabel(this);
    m_residual->setTextFormat(Qt::PlainText);
    m_residual->setWordWrap(true);
    m_residual->setTextInteractionFlags(Qt::TextSelectableByMouse);
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
    layout->addWidget(m_residual);
    layout->addWidget(m_loneNote);
    layout->addWidget(m_zeroNote);

    // A figure on a small page (a single column) cannot hold four panels and their sentences:
    // there it shows the unit circle beside the clocks, without the equations, without M_k
    // (at that size a d_model x d_model map is a hairline diagonal), the pair's sentence and
    // the notes; the circle may be smaller than on a screen.
    QWidget *matrixPanel = m_matrixPlot->parentWidget();
    PlotStyle::watchFigureLayout(this, QSizeF(48, 32), [this, top, split, matrixPanel](bool compact) {
        for (QWidget *panel : std::initializer_list<QWidget *>{m_pairInfo, m_equationPanel, m_circleLegend,
                                                                m_clocksNote, matrixPanel, m_residual})
            panel->setVisible(!compact);
        if (compact) {
            m_loneNote->hide();
            m_zeroNote->hide();
        }
        split->setOrientation(compact ? Qt::Horizontal : Qt::Vertical);
        split->setStretchFactor(0, compact ? 13 : 0);
        split->setStretchFactor(1, compact ? 7 : 0);
        split->setSizes(compact ? QList<int>{1300, 700} : QList<int>{1100, 900});
        top->setSizes({1200, 800});
        m_circle->setMinimumSize(compact ? QSize(100, 100) : QSize(200, 200));
    });

    connect(m_pairSpin, &QSpinBox::valueChanged, m_state, &EncodingState::setRotationPair);
    connect(m_state, &EncodingState::changed, this, &RotationView::onStateChanged);
    refresh();
}

// ---------------------------------------------------------------------------------------
// Construction of the four panels

QWidget *RotationView::createEquationPanel()
{
    // The panel has no layout of its own: fitEquations() sizes the content and its fonts.
    m_equationPanel = new QWidget;
    m_equationPanel->setBackgroundRole(QPalette::Base);
    m_equationPanel->setAutoFillBackground(true);
    m_equationPanel->setMinimumSize(200, 150);
    m_equationPanel->installEventFilter(this);
    m_equationContent = new QWidget(m_equationPanel);
    // A font set from outside (presentation mode, a figure's font size) changes the sizes the
    // content asks for without resizing the panel: refit then too (see eventFilter).
    m_equationContent->installEventFilter(this);
    QWidget *panel = m_equationContent;

    constexpr qreal kText = 10.5, kCaption = 11, kEquation = 12, kMatrix = 17;
    auto scaled = [this](QWidget *widget, qreal points) {
        m_scaledFonts.append({widget, points});
        return widget;
    };

    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);


    auto makeMatrix = [&](qreal points, Qt::Alignment alignment = Qt::AlignRight) {
        auto *m = new RotationMatrixLabel(panel);
        m->setCellAlignment(alignment);
        scaled(m, points);
        return m;
    };
    auto symbol = [&](const QString &text, qreal points) {
        auto *label = new QLabel(text, panel);
        label->setTextFormat(Qt::PlainText);
        label->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        scaled(label, points);
        return label;
    };
    auto row = [&](std::initializer_list<QWidget *> widgets) {
        auto *line = new QHBoxLayout;
        line->setSpacing(6);
        for (QWidget *w : widgets)
            line->addWidget(w, 0, Qt::AlignVCenter);
        line->addStretch(1);
        layout->addLayout(line);
    };
    auto caption = [&](QLabel **label) {
        // A RichTextLabel, although its text never changes: fitEquations() tries several font
        // sizes, and a QLabel lays its rich text out several times for each.
        *label = new RichTextLabel(panel);
        (*label)->setTextFormat(Qt::RichText);
        scaled(*label, kCaption);
        layout->addSpacing(8);
        layout->addWidget(*label);
    };

    // M_k = [symbols]
    //     = [numbers], the numbers large.
    m_symbolicMatrix = makeMatrix(kEquation, Qt::AlignHCenter);
    m_numericMatrix = makeMatrix(kMatrix);
    m_numericMatrix->setAccessibleDescription(tr("The 2 × 2 rotation block of the chosen pair"));
    auto *matrixGrid = new QGridLayout;
    matrixGrid->setHorizontalSpacing(6);
    matrixGrid->setVerticalSpacing(2);
    matrixGrid->addWidget(symbol(QStringLiteral("M\u2096"), kMatrix), 0, 0);
    matrixGrid->addWidget(symbol(QStringLiteral("="), kMatrix), 0, 1);
    matrixGrid->addWidget(m_symbolicMatrix, 0, 2, Qt::AlignLeft);
    matrixGrid->addWidget(symbol(QStringLiteral("="), kMatrix), 1, 1);
    matrixGrid->addWidget(m_numericMatrix, 1, 2, Qt::AlignLeft);
    matrixGrid->setColumnStretch(3, 1);
    layout->addSpacing(4);
    layout->addLayout(matrixGrid);

    // Column notation (the seed text's matrix form).
    caption(&m_columnCaption);
    m_columnLeft = makeMatrix(kEquation, Qt::AlignHCenter);
    m_columnRight = makeMatrix(kEquation, Qt::AlignHCenter);
    row({m_columnLeft, symbol(QStringLiteral("= M\u2096 \u00b7"), kEquation), m_columnRight});
    m_columnResult = makeMatrix(kEquation);
    m_columnMatrix = makeMatrix(kEquation);
    m_columnVector = makeMatrix(kEquation);
    row({m_columnResult, symbol(QStringLiteral("="), kEquation), m_columnMatrix,
         symbol(QStringLiteral("\u00b7"), kEquation), m_columnVector});

    // Row notation: PE(pos + k) = PE(pos) · M_k^T as the other seed text writes it.
    caption(&m_rowCaption);
    m_rowLeft = makeMatrix(kEquation, Qt::AlignHCenter);
    m_rowRight = makeMatrix(kEquation, Qt::AlignHCenter);
    row({m_rowLeft, symbol(QStringLiteral("="), kEquation), m_rowRight,
         symbol(QStringLiteral("\u00b7 M\u2096\u1d40"), kEquation)});
    m_rowResult = makeMatrix(kEquation);
    m_rowVector = makeMatrix(kEquation);
    m_rowMatrix = makeMatrix(kEquation);
    row({m_rowResult, symbol(QStringLiteral("="), kEquation), m_rowVector,
         symbol(QStringLiteral("\u00b7"), kEquation), m_rowMatrix});
    // Room for a sign and every digit in each column of numbers: a k drag changes them all the
    // time, and a matrix that grew or shrank by a digit made fitEquations() refit every font.
    m_numericMatrix->setReservedCellText(QStringLiteral("\u22120.000000")); // 6 significant digits
    for (RotationMatrixLabel *numbers : {m_columnResult, m_columnMatrix, m_columnVector, m_rowResult, m_rowVector, m_rowMatrix})
        numbers->setReservedCellText(QStringLiteral("\u22120.0000")); // kEquationDigits

    m_agreement = new RichTextLabel(panel);
    m_agreement->setTextFormat(Qt::RichText);
    scaled(m_agreement, kText);
    layout->addSpacing(8);
    layout->addWidget(m_agreement);
    layout->addStretch(1);
    return m_equationPanel;
}

bool RotationView::eventFilter(QObject *watched, QEvent *event)
{
    if ((watched == m_equationPanel && event->type() == QEvent::Resize)
        || (watched == m_equationContent && event->type() == QEvent::LayoutRequest))
        fitEquations();
    return QWidget::eventFilter(watched, event);
}

void RotationView::fitEquations()
{
    constexpr int kMargin = 10;
    // Down to a third: smaller text is still better than rows squeezed over each other, which
    // is what the layout does with content larger than the panel (a slide at 8 pt).
    constexpr qreal kMinScale = 0.35, kMaxScale = 2.2;
    const QSize available = m_equationPanel->size() - QSize(2 * kMargin, 2 * kMargin);
    if (available.width() <= 0 || available.height() <= 0)
        return;
    auto apply = [this](qreal scale) {
        m_fontScale = scale;
        for (const auto &[widget, points] : m_scaledFonts) {
            QFont f = widget->font();
            f.setPointSizeF(points * scale);
            widget->setFont(f);
        }
        invalidateRecursively(m_equationContent->layout());
    };
    auto ratio = [this, available]() {
        const QSize need = m_equationContent->layout()->sizeHint();
        return std::min(qreal(available.width()) / std::max(need.width(), 1),
                        qreal(available.height()) / std::max(need.height(), 1));
    };
    // Nothing to do while the content fills 90 % to 100 % of the space (the common case while
    // a slider is dragged); otherwise a bisection, since text does not scale exactly linearly.
    const auto fits = [&](qreal r) { return r >= 1.0 && (r < 1.1 || m_fontScale >= kMaxScale); };
    qreal now = ratio();
    // First the proportional guess, a little under: text scales nearly in proportion to its
    // font, so this one try usually lands in the band. Each try sets every font and lays the
    // equations out again; seven of them were most of a k change with the rotation tab in
    // front of the window when the numbers grew a digit (issue 6).
    if (!fits(now)) {
        const qreal guess = std::clamp(m_fontScale * now * 0.97, kMinScale, kMaxScale);
        if (guess != m_fontScale) {
            apply(guess);
            now = ratio();
        }
        if (now < 1.0 && m_fontScale <= kMinScale)
            now = 1.0; // as small as it gets: the bisection would end here too
    }
    if (!fits(now)) {
        qreal low = kMinScale, high = kMaxScale;
        if (now >= 1.0)
            low = m_fontScale;
        else
            high = m_fontScale;
        for (int step = 0; step < 7; ++step) {
            const qreal middle = (low + high) / 2;
            apply(middle);
            (ratio() >= 1.0 ? low : high) = middle;
        }
        if (m_fontScale != low)
            apply(low);
    }
    m_equationContent->setGeometry(kMargin, kMargin, available.width(), available.height());
}

QWidget *RotationView::createCirclePlot()
{
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_circle = new QCustomPlot(panel);
    m_circle->setAccessibleName(tr("The pair on the unit circle"));
    PlotStyle::applyDefaults(m_circle);
    m_circle->setMinimumSize(200, 200);
    m_circle->xAxis->grid()->setZeroLinePen(QPen(QColor(0xb0, 0xb0, 0xb0), 1));
    m_circle->yAxis->grid()->setZeroLinePen(QPen(QColor(0xb0, 0xb0, 0xb0), 1));
    m_circle->xAxis->ticker()->setTickCount(4);
    m_circle->yAxis->ticker()->setTickCount(4);

    m_circleCurve = new QCPCurve(m_circle->xAxis, m_circle->yAxis);
    m_circleCurve->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.5));

    m_arc = new QCPCurve(m_circle->xAxis, m_circle->yAxis);
    m_arc->setPen(QPen(kAngleColor, 2.5));
    m_arcHead = new QCPItemLine(m_circle);
    m_arcHead->setPen(QPen(kAngleColor, 2.5));
    m_arcHead->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 11, 13));
    QFont labelFont = m_circle->font();
    labelFont.setPointSizeF(std::max<qreal>(labelFont.pointSizeF(), 10) + 1);
    // The angle's value in the lower left corner, where it never covers an arrow.
    m_arcLabel = new QCPItemText(m_circle);
    m_arcLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_arcLabel->position->setCoords(0.02, 0.98);
    m_arcLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_arcLabel->setTextAlignment(Qt::AlignLeft);
    m_arcLabel->setColor(kAngleColor.darker(140));
    m_arcLabel->setBrush(QColor(255, 255, 255, 215));
    m_arcLabel->setPadding(QMargins(3, 1, 3, 1));
    m_arcLabel->setFont(labelFont);

    auto makeArrow = [this, &labelFont](QCPItemLine **arrow, QCPItemText **label, const QColor &color) {
        *arrow = new QCPItemLine(m_circle);
        (*arrow)->setPen(QPen(color, 3));
        (*arrow)->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 14, 18));
        (*arrow)->start->setCoords(0, 0);
        *label = new QCPItemText(m_circle);
        (*label)->setColor(color.darker(115));
        (*label)->setFont(labelFont);
        (*label)->setClipToAxisRect(false);
        (*label)->setPadding(QMargins(2, 0, 2, 0));
        (*label)->setBrush(QColor(255, 255, 255, 200));
    };
    makeArrow(&m_shiftedArrow, &m_shiftedLabel, kShiftedColor);
    makeArrow(&m_posArrow, &m_posLabel, kPositionColor);
    m_posLabel->setText(tr("pos"));
    m_shiftedLabel->setText(tr("pos + k"));

    m_noonLabel = new QCPItemText(m_circle);
    m_noonLabel->setText(tr("angle 0"));
    m_noonLabel->setColor(QColor(0x55, 0x55, 0x55));
    m_noonLabel->setPositionAlignment(Qt::AlignBottom | Qt::AlignLeft);
    connect(m_circle, &QCustomPlot::afterLayout, this, &RotationView::keepCircleRound);

    m_circleLegend = new RichTextLabel(panel);
    m_circleLegend->setTextFormat(Qt::RichText);
    m_circleLegend->setWordWrap(true);
    m_circleLegend->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(m_circle, 1);
    layout->addWidget(m_circleLegend);
    return panel;
}

QWidget *RotationView::createClockPanel()
{
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_clocksNote = new RichTextLabel(panel);
    m_clocksNote->setTextFormat(Qt::RichText);
    m_clocksNote->setWordWrap(true);
    m_clocks = new ClockFaceGrid(panel);
    m_clocks->setMaxFaces(kMaxClocks);
    m_clocks->setAccessibleName(tr("Clocks: one hand per pair"));
    layout->addWidget(m_clocksNote);
    layout->addWidget(m_clocks, 1);
    connect(m_clocks, &ClockFaceGrid::pairClicked, this, &RotationView::onClockClicked);
    connect(m_clocks, &ClockFaceGrid::strideChanged, this, &RotationView::updateClocksNote);
    return panel;
}

QWidget *RotationView::createMatrixPanel()
{
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_matrixNote = new RichTextLabel(panel);
    m_matrixNote->setTextFormat(Qt::RichText);
    m_matrixNote->setWordWrap(true);

    m_matrixPlot = new QCustomPlot(panel);
    m_matrixPlot->setAccessibleName(tr("M_k as a heatmap"));
    m_matrixPlot->setMinimumSize(200, 180);
    PlotStyle::applyDefaults(m_matrixPlot);
    m_matrixPlot->xAxis->setLabel(tr("column of M\u2096"));
    m_matrixPlot->yAxis->setLabel(tr("row of M\u2096"));
    m_matrixPlot->yAxis->setRangeReversed(true); // row 0 at the top, as the matrix is written
    m_matrixPlot->xAxis->grid()->setVisible(false);
    m_matrixPlot->yAxis->grid()->setVisible(false);
    m_matrixPlot->xAxis->ticker()->setTickCount(3);
    m_matrixPlot->yAxis->ticker()->setTickCount(3);
    PlotStyle::keepTickLabelsApart(m_matrixPlot, m_matrixPlot->xAxis, 3);
    m_matrixPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_map = new QCPColorMap(m_matrixPlot->xAxis, m_matrixPlot->yAxis);
    m_map->setInterpolate(false); // one crisp block per entry, never a blur
    m_map->setTightBoundary(true);
    m_scale = new QCPColorScale(m_matrixPlot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("entry of M\u2096"));
    m_scale->setGradient(PlotStyle::diverging());
    m_scale->setDataRange(QCPRange(-1, 1)); // rotations: cos and sin lie in [−1, 1]
    m_scale->setBarWidth(12);
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

    layout->addWidget(m_matrixNote);
    layout->addWidget(m_matrixPlot, 1);
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
        m_pairSpin->setRange(0, std::max(p.dModel / 2 - 1, 0));
        m_pairSpin->setValue(m_state->rotationPair());
    }
    refreshEquations();
    refreshCircle();
    refreshClocks();
    refreshMatrix();
    refreshResidual();
}

void RotationView::refreshEquations()
{
    const EncodingParams &p = m_state->params();
    const int i = m_state->rotationPair();
    const int s = sinColumn(p, i);
    const int c = cosColumn(p, i);
    const PairStep step = pairStep(p, i, p.position);
    for (int r = 0; r < 2; ++r) {
        for (int col = 0; col < 2; ++col)
            m_block[r][col] = step.block(r, col);
    }
    const double w = frequency(p, i);
    const double angle = p.offset * w;
    const QString wi = QStringLiteral("w") + subscript(i);
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

    const QString kw = QStringLiteral("k\u00b7") + wi;
    const QString minus = QString(QChar(0x2212));
    m_symbolicMatrix->setEntries({{QStringLiteral("cos ") + kw, QStringLiteral("sin ") + kw},
                                  {minus + QStringLiteral("sin ") + kw, QStringLiteral("cos ") + kw}});
    m_numericMatrix->setEntries({{CellText::number(step.block(0, 0)), CellText::number(step.block(0, 1))},
                                 {CellText::number(step.block(1, 0)), CellText::number(step.block(1, 1))}});

    auto peSymbol = [](const QString &position, int column) {
        return QStringLiteral("PE(%1, %2)").arg(position).arg(column);
    };
    auto n = [](double value) { return CellText::number(value, kEquationDigits); };

    m_columnCaption->setText(tr("<b>Column vectors</b>: PE(pos + k) = M<sub>k</sub> · PE(pos)"));
    m_columnLeft->setEntries({{peSymbol(shifted, s)}, {peSymbol(shifted, c)}});
    m_columnRight->setEntries({{peSymbol(pos, s)}, {peSymbol(pos, c)}});
    m_columnResult->setEntries({{n(step.column[0])}, {n(step.column[1])}});
    m_columnMatrix->setEntries({{n(step.block(0, 0)), n(step.block(0, 1))},
                                {n(step.block(1, 0)), n(step.block(1, 1))}});
    m_columnVector->setEntries({{n(step.at[0])}, {n(step.at[1])}});

    m_rowCaption->setText(tr("<b>Row vectors</b>: PE(pos + k) = PE(pos) · M<sub>k</sub>ᵀ"));
    m_rowLeft->setEntries({{peSymbol(shifted, s), peSymbol(shifted, c)}});
    m_rowRight->setEntries({{peSymbol(pos, s), peSymbol(pos, c)}});
    m_rowResult->setEntries({{n(step.row[0]), n(step.row[1])}});
    m_rowVector->setEntries({{n(step.at[0]), n(step.at[1])}});
    m_rowMatrix->setEntries({{n(step.block(0, 0)), n(step.block(1, 0))},
                             {n(step.block(0, 1)), n(step.block(1, 1))}});

    m_agreement->setText(
        tr("Directly: %1·sin(%2·w<sub>%3</sub>) = <b>%4</b>, %1·cos(%2·w<sub>%3</sub>) = <b>%5</b><br>"
           "<span style='color:#1a7f37'>✓</span> both notations give these (largest difference %6)")
            .arg(CellText::number(p.scale), shifted, QString::number(i), n(step.direct[0]),
                 n(step.direct[1]), residualNumber(step.difference)));
    fitEquations();
}

void RotationView::refreshCircle()
{
    const EncodingParams &p = m_state->params();
    const int i = m_state->rotationPair();
    const double extent = p.scale != 0 ? std::abs(p.scale) : 1.0;
    // The hands of pair i only (clockHands would compute every pair's): the same numbers.
    const bool hasPair = i < pairCount(p);
    const PairValue at = hasPair ? pairValue(p, p.position, i) : PairValue();
    const PairValue shifted = hasPair ? pairValue(p, p.position + p.offset, i) : PairValue();

    // The circle of radius |scale| the hands run on (geometry for drawing only).
    constexpr int kCirclePoints = 181;
    QList<double> t(kCirclePoints), x(kCirclePoints), y(kCirclePoints);
    for (int j = 0; j < kCirclePoints; ++j) {
        const double theta = 2 * std::numbers::pi * j / (kCirclePoints - 1);
        t[j] = j;
        x[j] = std::abs(p.scale) * std::sin(theta);
        y[j] = std::abs(p.scale) * std::cos(theta);
    }
    m_circleCurve->setData(t, x, y, true);

    const double x0 = at.sin, y0 = at.cos;
    const double x1 = shifted.sin, y1 = shifted.cos;
    m_posArrow->end->setCoords(x0, y0);
    m_shiftedArrow->end->setCoords(x1, y1);

    m_circleLegend->setText(
        tr("<span style='color:%1'>&#x2501;&#x2501;</span>&nbsp;PE(pos&nbsp;=&nbsp;%2) &nbsp; "
           "<span style='color:%3'>&#x2501;&#x2501;</span>&nbsp;PE(pos&nbsp;+&nbsp;k&nbsp;=&nbsp;%4) &nbsp; "
           "<span style='color:%5'>&#x2501;&#x2501;</span>&nbsp;k·w<sub>%6</sub> (clockwise for "
           "k &gt; 0); radius |scale| = %7")
            .arg(kPositionColor.name(), CellText::number(p.position, 8), kShiftedColor.name(),
                 CellText::number(p.position + p.offset, 8), kAngleColor.name(), QString::number(i),
                 CellText::number(std::abs(p.scale))));
    m_noonLabel->position->setCoords(0.04 * extent, 1.02 * extent);

    // The arc of the angle k·w_i from the hand at pos to the hand at pos + k, at 0.32 of the
    // radius. More than a full turn is drawn as its remainder; the label gives the whole angle.
    const double w = hasPair ? frequency(p, i) : 0;
    const double from = p.position * w;
    const double angle = p.offset * w;
    const double turn = 2 * std::numbers::pi;
    const double drawn = std::abs(angle) > turn ? std::fmod(angle, turn) : angle;
    const double rho = 0.32 * p.scale;
    constexpr int kArcPoints = 90;
    QList<double> at_(kArcPoints), ax(kArcPoints), ay(kArcPoints);
    for (int j = 0; j < kArcPoints; ++j) {
        const double theta = from + drawn * j / (kArcPoints - 1);
        at_[j] = j;
        ax[j] = rho * std::sin(theta);
        ay[j] = rho * std::cos(theta);
    }
    m_arc->setData(at_, ax, ay, true);
    const bool visibleArc = std::abs(drawn) > 1e-3 && p.scale != 0;
    m_arc->setVisible(visibleArc);
    m_arcHead->setVisible(visibleArc && std::abs(drawn) > 0.2); // else the head hides the arc
    m_arcHead->start->setCoords(ax[kArcPoints - 3], ay[kArcPoints - 3]);
    m_arcHead->end->setCoords(ax[kArcPoints - 1], ay[kArcPoints - 1]);
    QString label = tr("k·w%1 = %2 rad").arg(subscript(i), CellText::number(angle, 4));
    if (std::abs(angle) > turn)
        label += QLatin1Char('\n') + tr("(%1 turns + %2 rad)")
                                         .arg(QString::number(std::trunc(std::abs(angle) / turn), 'f', 0),
                                              CellText::number(std::abs(drawn), 4));
    m_arcLabel->setText(label);
    m_arcLabel->setVisible(p.scale != 0);

    const int s = sinColumn(p, i), c = cosColumn(p, i);
    m_circle->xAxis->setLabel(tr("sin: PE(pos, %1)").arg(s));
    m_circle->yAxis->setLabel(tr("cos: PE(pos, %1)").arg(c));
    m_circle->xAxis->setRange(-1.25 * extent, 1.25 * extent);
    m_circle->yAxis->setRange(-1.25 * extent, 1.25 * extent);
    keepCircleRound();
    m_circle->replot(QCustomPlot::rpQueuedReplot);
}

void RotationView::keepCircleRound()
{
    // Equal scales on both axes, the wider side of the axis rect showing more.
    const QRect rect = m_circle->axisRect()->rect();
    if (rect.width() <= 0 || rect.height() <= 0)
        return;
    if (rect.width() >= rect.height())
        m_circle->xAxis->setScaleRatio(m_circle->yAxis, 1.0);
    else
        m_circle->yAxis->setScaleRatio(m_circle->xAxis, 1.0);

    // The labels "pos" and "pos + k" beside their arrow tips: outwards if there is room,
    // otherwise beside, below or above the tip; never outside the axis rect, never on each
    // other or on the "angle 0" label.
    const QPointF origin(m_circle->xAxis->coordToPixel(0), m_circle->yAxis->coordToPixel(0));
    auto boxOf = [](const QCPItemText *label, const QPointF &centre) {
        const QFontMetrics metrics(label->font());
        const QSizeF size(metrics.horizontalAdvance(label->text()) + 6, metrics.height() + 2);
        return QRectF(centre - QPointF(size.width() / 2, size.height() / 2), size);
    };
    const QRectF bounds = QRectF(rect).adjusted(1, 1, -1, -1);
    const QPointF noon = m_noonLabel->position->pixelPosition();
    const QFontMetrics noonMetrics(m_noonLabel->font());
    const QRectF noonBox(noon.x(), noon.y() - noonMetrics.height(),
                         noonMetrics.horizontalAdvance(m_noonLabel->text()) + 4, noonMetrics.height());
    QList<QRectF> taken{noonBox};
    if (m_arcLabel->visible()) {
        const QFontMetrics metrics(m_arcLabel->font());
        const QRect text = metrics.boundingRect(QRect(), Qt::AlignLeft, m_arcLabel->text());
        const QPointF corner = m_arcLabel->position->pixelPosition();
        taken << QRectF(corner.x(), corner.y() - text.height() - 2, text.width() + 6, text.height() + 2);
    }
    auto place = [&](QCPItemText *label, const QPointF &coords) {
        const QPointF tip(m_circle->xAxis->coordToPixel(coords.x()), m_circle->yAxis->coordToPixel(coords.y()));
        const QPointF d = tip - origin;
        const double length = std::hypot(d.x(), d.y());
        const QPointF u = length > 0 ? d / length : QPointF(0, -1); // screen y points down
        const QRectF probe = boxOf(label, QPointF());
        const double w = probe.width(), h = probe.height(), gap = 8;
        // Candidate centres: outwards along the arrow, then right, left, below, above, then
        // further out in the same directions.
        QList<QPointF> candidates{tip + u * (gap + std::abs(u.x()) * w / 2 + std::abs(u.y()) * h / 2)};
        for (double far : {1.0, 2.2}) {
            candidates << tip + QPointF(gap + w / 2, 0) * far << tip - QPointF(gap + w / 2, 0) * far
                       << tip + QPointF(0, gap + h / 2) * far << tip - QPointF(0, gap + h / 2) * far;
        }
        QRectF chosen;
        for (const QPointF &centre : candidates) {
            QRectF box = boxOf(label, centre);
            if (!bounds.contains(box))
                continue;
            bool free = !box.contains(tip);
            for (const QRectF &other : taken)
                free = free && !box.intersects(other);
            if (free) {
                chosen = box;
                break;
            }
        }
        if (chosen.isNull()) {
            // No free place: the first candidate, moved inside the rect.
            chosen = boxOf(label, candidates.first());
            chosen.moveLeft(std::clamp(chosen.left(), bounds.left(), bounds.right() - chosen.width()));
            chosen.moveTop(std::clamp(chosen.top(), bounds.top(), bounds.bottom() - chosen.height()));
        }
        taken << chosen;
        label->setPositionAlignment(Qt::AlignCenter);
        label->position->setPixelPosition(chosen.center());
    };
    place(m_posLabel, m_posArrow->end->coords());
    place(m_shiftedLabel, m_shiftedArrow->end->coords());
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
            m_captions << format.arg(wavelengthText(lambda[i]));
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
                       .arg(kPositionColor.name(), kShiftedColor.name());
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
            data->setSize(cells, cells);
            data->fill(0);
        } else {
            // M_k is sparse (at most two entries per row): only the cells set last time are
            // cleared, not all d_model² of them (issue 6).
            for (const QPoint &cell : std::as_const(m_mapCells))
                data->setCell(cell.x(), cell.y(), 0);
        }
        const double first = (stride - 1) / 2.0;
        const double last = double(cells - 1) * stride + first;
        data->setRange(QCPRange(first, last), QCPRange(first, last));
        m_mapCells.clear();
        for (const MatrixEntry &entry : rotationEntries(p, stride)) {
            data->setCell(entry.column, entry.row, entry.value);
            m_mapCells.append(QPoint(entry.column, entry.row));
        }
        m_mapKey = key;
        if (sizeChanged) {
            m_matrixPlot->xAxis->setRange(-0.5, p.dModel - 0.5);
            m_matrixPlot->yAxis->setRange(-0.5, p.dModel - 0.5);
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
    // moved), nothing here did, and the matrix is not drawn again (issue 6).
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
    if (width > height)
        padding = QMargins((width - height) / 2, 0, width - height - (width - height) / 2, 0);
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
                            .arg(over, residualNumber(r64.maxAbs), residualNumber(r32.maxAbs)));

    const int lone = loneColumn(p);
    m_loneNote->setVisible(lone >= 0);
    m_loneNote->setText(lone >= 0 ? tr("Dimension %1 (sin of pair %2) has no cos partner: M\u2096 "
                                       "cannot carry it; its row is zero.")
                                        .arg(lone)
                                        .arg(channelOf(p, lone).pair)
                                  : QString());
    const bool zeroColumn = p.layout == Layout::Split && p.dModel % 2 == 1;
    m_zeroNote->setVisible(zeroColumn);
    m_zeroNote->setText(zeroColumn ? tr("d_model is odd: the split layout's last column %1 is zero "
                                        "and M\u2096 maps it to itself (a 1 on the diagonal).")
                                         .arg(p.dModel - 1)
                                   : QString());
}

// ---------------------------------------------------------------------------------------
// Accessors and interaction

double RotationView::matrixEntry(int row, int column) const
{
    if (row < 0 || row > 1 || column < 0 || column > 1)
        return std::nan("");
    return m_block[row][column];
}

QString RotationView::matrixText() const
{
    return m_numericMatrix->text();
}

QString RotationView::columnEquationText() const
{
    return m_columnResult->text() + QStringLiteral(" = ") + m_columnMatrix->text()
           + QStringLiteral(" · ") + m_columnVector->text();
}

QString RotationView::rowEquationText() const
{
    return m_rowResult->text() + QStringLiteral(" = ") + m_rowVector->text() + QStringLiteral(" · ")
           + m_rowMatrix->text();
}

QString RotationView::angleText() const
{
    return m_arcLabel->text();
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
    return CellText::rotationEntry(m_state->params(), row, column);
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
    m_state->setRotationPair(pair);
    m_state->setInspection({Inspection::Kind::Frequency, double(pair), 0});
}

} // namespace posenc

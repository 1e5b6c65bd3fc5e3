// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/rotationequationpanel.h"

#include "core/rotation.h"
#include "ui/views/celltext.h"
#include "ui/views/rotation/rotationmatrixlabel.h"
#include "ui/views/rotation/rotationtext.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/richtextlabel.h"
#include "ui/widgets/sizefence.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

// The panel's words keep the translation context of the view they were written for,
// posenc::RotationView, where their translations are.

namespace {

// Significant digits of the numbers in the equations (the matrix itself shows 6).
constexpr int kEquationDigits = 4;
// The panel's width at least (more while M_k's block has a floor).
constexpr int kMinimumWidth = 160;
// The point sizes of M_k's block and of the equations at scale 1.
constexpr qreal kMatrixPoints = 17;
constexpr qreal kEquationPoints = 12;

// Drops the cached sizes of a layout and of every layout inside it, those of child widgets
// included (QLayout::invalidate() alone leaves the nested ones stale until the next
// activation, and a widget's cached hints in its parent's layout until updateGeometry()).
void invalidateRecursively(QLayout *layout)
{
    for (int n = 0; n < layout->count(); ++n) {
        QLayoutItem *item = layout->itemAt(n);
        if (QLayout *child = item->layout()) {
            invalidateRecursively(child);
        } else if (QWidget *widget = item->widget(); widget && widget->layout()) {
            invalidateRecursively(widget->layout());
            widget->updateGeometry();
        }
    }
    layout->invalidate();
}

} // namespace

RotationEquationPanel::RotationEquationPanel(QWidget *parent)
    : QWidget(parent)
{
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setMinimumSize(kMinimumWidth, 100);
    m_content = new QWidget(this);
    // A font set from outside (presentation mode, a figure's font size) changes the sizes the
    // content asks for without resizing the panel: refit then too (see eventFilter).
    m_content->installEventFilter(this);
    QWidget *panel = m_content;

    constexpr qreal kText = 10.5, kCaption = 11, kEquation = kEquationPoints, kMatrix = kMatrixPoints;
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
    // The equations in a box of their own, so that hiding them takes their spacing too.
    m_equationsBox = new QWidget(panel);
    auto *equationsLayout = new QVBoxLayout(m_equationsBox);
    equationsLayout->setContentsMargins(0, 0, 0, 0);
    equationsLayout->setSpacing(layout->spacing());
    auto row = [&](std::initializer_list<QWidget *> widgets, bool symbols = false) {
        auto *line = new QHBoxLayout;
        line->setSpacing(6);
        for (QWidget *w : widgets) {
            line->addWidget(w, 0, Qt::AlignVCenter);
            if (symbols)
                m_symbolRows.append(w);
        }
        line->addStretch(1);
        equationsLayout->addLayout(line);
    };
    auto caption = [&](QLabel **label) {
        // A RichTextLabel, although its text never changes: fitFonts() tries several font
        // sizes, and a QLabel lays its rich text out several times for each.
        *label = new RichTextLabel(panel);
        (*label)->setTextFormat(Qt::RichText);
        scaled(*label, kCaption);
        equationsLayout->addSpacing(8);
        equationsLayout->addWidget(*label);
    };

    // M_k = [symbols]
    //     = [numbers], the numbers large.
    m_symbolicMatrix = makeMatrix(kMatrix, Qt::AlignHCenter);
    m_numericMatrix = makeMatrix(kMatrix);
    m_numericMatrix->setAccessibleDescription(
        QCoreApplication::translate("posenc::RotationView", "The 2 × 2 rotation block of the chosen pair"));
    auto *matrixGrid = new QGridLayout;
    m_blockGrid = matrixGrid;
    matrixGrid->setHorizontalSpacing(6);
    matrixGrid->setVerticalSpacing(2);
    m_blockWidgets = {symbol(QStringLiteral("M\u2096"), kMatrix), symbol(QStringLiteral("="), kMatrix),
               symbol(QStringLiteral("="), kMatrix), m_symbolicMatrix, m_numericMatrix};
    matrixGrid->addWidget(m_blockWidgets[0], 0, 0);
    matrixGrid->addWidget(m_blockWidgets[1], 0, 1);
    matrixGrid->addWidget(m_symbolicMatrix, 0, 2, Qt::AlignLeft);
    matrixGrid->addWidget(m_blockWidgets[2], 1, 1);
    matrixGrid->addWidget(m_numericMatrix, 1, 2, Qt::AlignLeft);
    matrixGrid->setColumnStretch(3, 1);
    layout->addSpacing(4);
    layout->addLayout(matrixGrid);
    m_hiddenNote = new QLabel(QCoreApplication::translate(
                                  "posenc::RotationView",
                                  "The column and row equations are hidden: too small to read at this size. "
                                  "Give this panel more room to see them: a larger window, or fewer docks beside it."),
                              panel);
    // In the window's own font (not fitted: it is what is left when the fitted text would be
    // too small), wrapped to whatever width the panel has.
    m_hiddenNote->setWordWrap(true);
    m_hiddenNote->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_hiddenNote->setForegroundRole(QPalette::PlaceholderText);
    m_hiddenNote->hide();
    layout->addSpacing(8);
    layout->addWidget(m_hiddenNote);

    // Column notation (the seed text's matrix form).
    caption(&m_columnCaption);
    m_columnLeft = makeMatrix(kEquation, Qt::AlignHCenter);
    m_columnRight = makeMatrix(kEquation, Qt::AlignHCenter);
    row({m_columnLeft, symbol(QStringLiteral("= M\u2096 \u00b7"), kEquation), m_columnRight}, true);
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
         symbol(QStringLiteral("\u00b7 M\u2096\u1d40"), kEquation)}, true);
    m_rowResult = makeMatrix(kEquation);
    m_rowVector = makeMatrix(kEquation);
    m_rowMatrix = makeMatrix(kEquation);
    row({m_rowResult, symbol(QStringLiteral("="), kEquation), m_rowVector,
         symbol(QStringLiteral("\u00b7"), kEquation), m_rowMatrix});
    // Room for a sign and every digit in each column of numbers: a k drag changes them all the
    // time, and a matrix that grew or shrank by a digit made fitFonts() refit every font.
    m_numericMatrix->setReservedCellText(QStringLiteral("\u22120.000000")); // 6 significant digits
    for (RotationMatrixLabel *numbers : {m_columnResult, m_columnMatrix, m_columnVector, m_rowResult, m_rowVector, m_rowMatrix})
        numbers->setReservedCellText(QStringLiteral("\u22120.0000")); // kEquationDigits

    m_agreement = new RichTextLabel(panel);
    m_agreement->setTextFormat(Qt::RichText);
    scaled(m_agreement, kText);
    equationsLayout->addSpacing(8);
    equationsLayout->addWidget(SizeFence::around(m_agreement)); // new numbers with every step of pos and k
    layout->addWidget(m_equationsBox);
    layout->addStretch(1);
}

void RotationEquationPanel::setPair(const EncodingParams &p, int i)
{
    const int s = sinColumn(p, i);
    const int c = cosColumn(p, i);
    const PairStep step = pairStep(p, i, p.position);
    for (int r = 0; r < 2; ++r) {
        for (int col = 0; col < 2; ++col)
            m_block[r][col] = step.block(r, col);
    }
    const QString wi = QStringLiteral("w") + RotationText::subscript(i);
    const QString pos = CellText::number(p.position, 8);
    const QString shifted = CellText::number(p.position + p.offset, 8);

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

    m_columnCaption->setText(QCoreApplication::translate(
        "posenc::RotationView", "<b>Column vectors</b>: PE(pos + k) = M<sub>k</sub> · PE(pos)"));
    m_columnLeft->setEntries({{peSymbol(shifted, s)}, {peSymbol(shifted, c)}});
    m_columnRight->setEntries({{peSymbol(pos, s)}, {peSymbol(pos, c)}});
    m_columnResult->setEntries({{n(step.column[0])}, {n(step.column[1])}});
    m_columnMatrix->setEntries({{n(step.block(0, 0)), n(step.block(0, 1))},
                                {n(step.block(1, 0)), n(step.block(1, 1))}});
    m_columnVector->setEntries({{n(step.at[0])}, {n(step.at[1])}});

    m_rowCaption->setText(QCoreApplication::translate(
        "posenc::RotationView", "<b>Row vectors</b>: PE(pos + k) = PE(pos) · M<sub>k</sub>ᵀ"));
    m_rowLeft->setEntries({{peSymbol(shifted, s), peSymbol(shifted, c)}});
    m_rowRight->setEntries({{peSymbol(pos, s), peSymbol(pos, c)}});
    m_rowResult->setEntries({{n(step.row[0]), n(step.row[1])}});
    m_rowVector->setEntries({{n(step.at[0]), n(step.at[1])}});
    m_rowMatrix->setEntries({{n(step.block(0, 0)), n(step.block(1, 0))},
                             {n(step.block(0, 1)), n(step.block(1, 1))}});

    m_agreement->setText(
        QCoreApplication::translate(
            "posenc::RotationView",
            "Directly: %1·sin(%2·w<sub>%3</sub>) = <b>%4</b>, %1·cos(%2·w<sub>%3</sub>) = <b>%5</b><br>"
            "<span style='color:#1a7f37'>✓</span> both notations give these (largest difference %6)")
            .arg(CellText::number(p.scale), shifted, QString::number(i), n(step.direct[0]),
                 n(step.direct[1]), RotationText::residualNumber(step.difference)));
    fitFonts();
}

double RotationEquationPanel::matrixEntry(int row, int column) const
{
    if (row < 0 || row > 1 || column < 0 || column > 1)
        return std::nan("");
    return m_block[row][column];
}

QString RotationEquationPanel::matrixText() const
{
    return m_numericMatrix->text();
}

QString RotationEquationPanel::columnEquationText() const
{
    return m_columnResult->text() + QStringLiteral(" = ") + m_columnMatrix->text()
           + QStringLiteral(" · ") + m_columnVector->text();
}

QString RotationEquationPanel::rowEquationText() const
{
    return m_rowResult->text() + QStringLiteral(" = ") + m_rowVector->text() + QStringLiteral(" · ")
           + m_rowMatrix->text();
}

QFont RotationEquationPanel::matrixFont() const
{
    return m_numericMatrix->font();
}

void RotationEquationPanel::setMatrixPixelFloor(std::function<int()> floor)
{
    m_matrixFloor = std::move(floor);
    fitFonts(true);
}

void RotationEquationPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitFonts(true);
}

bool RotationEquationPanel::eventFilter(QObject *watched, QEvent *event)
{
    // A font from outside (presentation mode) reaches the content as a FontChange; the
    // fonts fitFonts() sets itself are its children's, and their layout asks for a refit.
    if (watched == m_content && event->type() == QEvent::FontChange)
        fitFonts(true);
    else if (watched == m_content && event->type() == QEvent::LayoutRequest)
        fitFonts();
    return QWidget::eventFilter(watched, event);
}

void RotationEquationPanel::showEquations(Equations shown)
{
    m_equations = shown;
    m_equationsBox->setVisible(shown != Equations::Hidden);
    for (QWidget *symbols : std::as_const(m_symbolRows))
        symbols->setVisible(shown == Equations::Complete);
    // A figure is never an interface: it carries no advice to widen a panel.
    m_hiddenNote->setVisible(shown == Equations::Hidden && !PlotStyle::isFigure(this));
}

void RotationEquationPanel::fitFonts(bool reconsider)
{
    if (!reconsider) {
        fitOnce();
        return;
    }
    // The most complete form whose equations are readable: first complete with M_k's block at
    // its floor, then the numbers only, then the numbers with the floor waived (M_k's block
    // scales with them: readable equations teach more than a larger matrix); failing all,
    // without the equations, M_k's block growing into their room.
    const qreal pixelsPerPoint = logicalDpiY() / 72.0;
    const auto readable = [&] { return kEquationPoints * m_fontScale * pixelsPerPoint >= kReadableEquationPixels; };
    const auto tryForm = [this](Equations form, bool waiveFloor) {
        if (m_equations != form) {
            showEquations(form);
            invalidateRecursively(m_content->layout());
        }
        m_floorWaived = waiveFloor;
        fitOnce();
    };
    tryForm(Equations::Complete, false);
    if (!readable())
        tryForm(Equations::Numbers, false);
    if (!readable() && m_matrixFloor)
        tryForm(Equations::Numbers, true);
    if (!readable())
        tryForm(Equations::Hidden, false);
}

void RotationEquationPanel::fitOnce()
{
    constexpr int kMargin = 10;
    // Down to a third: smaller text is still better than rows squeezed over each other, which
    // is what the layout does with content larger than the panel (a slide at 8 pt).
    constexpr qreal kMinScale = 0.35, kMaxScale = 2.2;
    const QSize available = size() - QSize(2 * kMargin, 2 * kMargin);
    if (available.width() <= 0 || available.height() <= 0)
        return;
    // M_k's block never below its floor (in the scale of its 17 points: the floor's pixels at
    // this screen's resolution); the rest scales freely.
    qreal blockScale = 0;
    if (m_matrixFloor && !m_floorWaived) {
        const qreal pixelsPerPoint = logicalDpiY() / 72.0;
        blockScale = m_matrixFloor() / (kMatrixPoints * pixelsPerPoint);
    }
    auto apply = [this, &blockScale](qreal scale) {
        m_fontScale = scale;
        m_blockScale = blockScale;
        for (const auto &[widget, points] : m_scaledFonts) {
            QFont f = widget->font();
            f.setPointSizeF(points * (m_blockWidgets.contains(widget) ? std::max(scale, blockScale) : scale));
            widget->setFont(f);
        }
        invalidateRecursively(m_content->layout());
    };
    if (blockScale != m_blockScale)
        apply(m_fontScale);
    // ... but never wider than the panel: clipped numbers are worse than smaller ones.
    if (blockScale <= m_fontScale && minimumWidth() != kMinimumWidth)
        setMinimumWidth(kMinimumWidth);
    if (blockScale > m_fontScale) {
        m_content->layout()->activate();
        const int wide = m_blockGrid->sizeHint().width();
        // The splitter gives the panel the width of M_k at its floor (where the view has it).
        if (minimumWidth() != wide + 2 * kMargin)
            setMinimumWidth(wide + 2 * kMargin);
        if (wide > available.width()) {
            blockScale = std::max(m_fontScale, blockScale * available.width() / wide * 0.97);
            apply(m_fontScale);
        }
    }
    auto ratio = [this, available]() {
        const QSize need = m_content->layout()->sizeHint();
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
    // front of the window when the numbers grew a digit.
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
    m_content->setGeometry(kMargin, kMargin, available.width(), available.height());
}

} // namespace posenc

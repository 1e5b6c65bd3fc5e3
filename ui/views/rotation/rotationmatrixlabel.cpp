// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/rotationmatrixlabel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QLayout>
#include <QPainter>

#include <algorithm>

namespace posenc {

namespace {

// The layout that holds `widget` itself, searched from `layout` down through nested layouts.
QLayout *layoutHolding(QLayout *layout, QWidget *widget)
{
    if (layout->indexOf(widget) >= 0)
        return layout;
    for (int i = 0; i < layout->count(); ++i) {
        if (QLayout *child = layout->itemAt(i)->layout()) {
            if (QLayout *found = layoutHolding(child, widget))
                return found;
        }
    }
    return nullptr;
}

} // namespace

RotationMatrixLabel::RotationMatrixLabel(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void RotationMatrixLabel::setEntries(const QList<QStringList> &rows)
{
    if (rows == m_rows)
        return;
    const QSize before = sizeHint();
    m_rows = rows;
    m_measures.reset();
    setAccessibleName(text());
    // New numbers of the same widths (the reserved cell text sees to that) leave the size as it
    // was: a layout request would lay the whole page out again on every step of k for nothing.
    if (sizeHint() != before)
        updateGeometry();
    update();
}

QString RotationMatrixLabel::entry(int row, int column) const
{
    if (row < 0 || row >= m_rows.size() || column < 0 || column >= m_rows[row].size())
        return {};
    return m_rows[row][column];
}

QString RotationMatrixLabel::text() const
{
    QStringList rows;
    for (const QStringList &row : m_rows)
        rows << row.join(QStringLiteral(", "));
    return QLatin1Char('[') + rows.join(QStringLiteral("; ")) + QLatin1Char(']');
}

void RotationMatrixLabel::setCellAlignment(Qt::Alignment alignment)
{
    m_alignment = alignment;
    update();
}

void RotationMatrixLabel::setReservedCellText(const QString &text)
{
    m_reserved = text;
    m_measures.reset();
    updateGeometry();
    update();
}

void RotationMatrixLabel::setPointSize(qreal points)
{
    QFont f = font();
    f.setPointSizeF(points);
    setFont(f);
}

void RotationMatrixLabel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_measures.reset();
        // updateGeometry() invalidates the parent widget's own layout only: a matrix in a
        // nested layout (the rotation view's grid of M_k = ...) would keep the size of its old
        // font there and be painted over its neighbours.
        if (QWidget *parent = parentWidget(); parent && parent->layout()) {
            if (QLayout *holder = layoutHolding(parent->layout(), this))
                holder->invalidate();
        }
        updateGeometry();
        update();
    }
}

const RotationMatrixLabel::Measures &RotationMatrixLabel::measures() const
{
    if (m_measures)
        return *m_measures;
    const QFontMetrics metrics(font());
    Measures g;
    const int reserved = m_reserved.isEmpty() ? 0 : metrics.horizontalAdvance(m_reserved);
    for (const QStringList &row : m_rows) {
        for (int c = 0; c < row.size(); ++c) {
            if (g.columnWidths.size() <= c)
                g.columnWidths << reserved;
            g.columnWidths[c] = std::max(g.columnWidths[c], metrics.horizontalAdvance(row[c]));
        }
    }
    g.rowHeight = metrics.height() + 2;
    g.bracketWidth = std::max(5, metrics.height() / 3);
    g.columnGap = metrics.horizontalAdvance(QStringLiteral("M")) + 2;
    g.padding = metrics.horizontalAdvance(QLatin1Char(' ')) / 2 + 1;
    int width = 0;
    for (int w : g.columnWidths)
        width += w;
    width += g.columnGap * std::max<int>(int(g.columnWidths.size()) - 1, 0);
    width += 2 * (g.bracketWidth + g.padding + 2);
    g.size = QSize(width, g.rowHeight * std::max<int>(int(m_rows.size()), 1) + 6);
    m_measures = g;
    return *m_measures;
}

QSize RotationMatrixLabel::sizeHint() const
{
    return measures().size;
}

QSize RotationMatrixLabel::minimumSizeHint() const
{
    return sizeHint();
}

void RotationMatrixLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Measures &g = measures();
    const QSize hint = g.size;
    // Centred in the space the layout gives.
    const int left = std::max(0, (width() - hint.width()) / 2);
    const int top = std::max(0, (height() - hint.height()) / 2);
    const int bracket = g.bracketWidth;
    const int padding = g.padding;
    const QColor ink = palette().color(QPalette::WindowText);

    QPen pen(ink, std::max(1.5, font().pointSizeF() / 8.0));
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::MiterJoin);
    painter.setPen(pen);
    const qreal y0 = top + 1.5;
    const qreal y1 = top + hint.height() - 1.5;
    const qreal xl = left + 1.5;
    const qreal xr = left + hint.width() - 1.5;
    painter.drawPolyline(QPolygonF{{xl + bracket, y0}, {xl, y0}, {xl, y1}, {xl + bracket, y1}});
    painter.drawPolyline(QPolygonF{{xr - bracket, y0}, {xr, y0}, {xr, y1}, {xr - bracket, y1}});

    painter.setPen(ink);
    const QList<int> &widths = g.columnWidths;
    const int rowH = g.rowHeight;
    for (int r = 0; r < m_rows.size(); ++r) {
        int x = left + 2 + bracket + padding;
        for (int c = 0; c < m_rows[r].size() && c < widths.size(); ++c) {
            const QRect cell(x, top + 3 + r * rowH, widths[c], rowH);
            painter.drawText(cell, int(m_alignment | Qt::AlignVCenter), m_rows[r][c]);
            x += widths[c] + g.columnGap;
        }
    }
}

} // namespace posenc

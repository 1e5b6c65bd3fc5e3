// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

#include <optional>

namespace posenc {

// A matrix or vector between square brackets, as a textbook prints it: cells in aligned
// columns (numbers right-aligned so that their digits line up), brackets drawn as lines the
// height of the whole matrix. The rotation view composes its equations from these and plain
// labels ("=", "·"). It shows text only; the numbers are formatted by the caller.
class RotationMatrixLabel : public QWidget
{
    Q_OBJECT

public:
    explicit RotationMatrixLabel(QWidget *parent = nullptr);

    // Rows of cells; every row should have the same number of cells.
    void setEntries(const QList<QStringList> &rows);
    const QList<QStringList> &entries() const { return m_rows; }
    QString entry(int row, int column) const;
    // The entries as one line, "[a, b; c, d]" (rows separated by ";"), for tests and
    // accessibility.
    QString text() const;

    // Qt::AlignRight (default, for numbers) or Qt::AlignHCenter (for symbols).
    void setCellAlignment(Qt::Alignment alignment);
    void setPointSize(qreal points);
    // No column narrower than this text ("−0.0000" for numbers of 4 significant digits): the
    // matrix keeps its size while a slider changes its numbers, and the equations around it
    // need no refitting.
    void setReservedCellText(const QString &text);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // Where everything goes in the current font: measured once per text and font (the
    // rotation view asks for sizes many times per change while it fits its equations, and
    // measuring every cell each time was most of a k change in the window).
    struct Measures {
        QList<int> columnWidths;
        int rowHeight = 0;
        int bracketWidth = 0;
        int columnGap = 0;
        int padding = 0; // between a bracket and the cells
        QSize size;
    };
    const Measures &measures() const;

    QList<QStringList> m_rows;
    Qt::Alignment m_alignment = Qt::AlignRight;
    QString m_reserved;
    mutable std::optional<Measures> m_measures;
};

} // namespace posenc

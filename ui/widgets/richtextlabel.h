// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>
#include <QList>
#include <QPointF>
#include <QTextCursor>
#include <QTextDocument>
#include <QTimer>

#include <utility>

namespace posenc {

// A QLabel for rich text that changes on every step of a slider (the rotation view's sentences
// with numbers in them). It paints exactly what a QLabel with the same text, font and settings
// paints, from a document laid out the same way, and differs only in what that costs:
// - the text is parsed once per text and laid out once per width, where QLabel lays it out
//   again for each question a layout asks and for each paint;
// - word-wrapped, it keeps its size hints while the text keeps changing and computes them again
//   once the text has been still for a moment. They are what a layout asks before it knows the
//   width (QLabel's golden-ratio guess and the widest word: four and more layouts of the text),
//   and they decide nothing unless the window is narrower than the hints. The height for the
//   width the label is given, which places everything, is always exact.
// For labels without links. Its text can be made selectable with the mouse (setSelectable):
// QLabel's Qt::TextSelectableByMouse would give the label a second document that QLabel lays
// out again for every question, which is what this class avoids; the selection here is the
// same (drag, double-click a word, Ctrl+C and Ctrl+A after a click, the context menu's Copy and
// Select All, the X11 selection) and is drawn in the palette's highlight colours.
class RichTextLabel : public QLabel
{
public:
    explicit RichTextLabel(QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    int heightForWidth(int width) const override;

    void setSelectable(bool selectable);
    bool isSelectable() const { return m_selectable; }
    QString selectedText() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    // Brings the document up to the label's text, font and wrapping.
    void sync() const;
    QSizeF documentSize(qreal textWidth) const;
    // What QLabel's sizeForWidth gives for the text (-1: the size hint).
    QSize sizeForWidth(int width) const;
    std::pair<int, int> extra() const; // margin and indent, horizontally and vertically
    QRect documentRect() const;
    void computeHints() const;
    void refreshHints();
    // The document laid out as it is painted, and where its top left is in the label.
    QPointF layOutAsPainted() const;
    int cursorPositionAt(const QPointF &point) const;
    void placeCursor(const QPointF &point); // no selection, the cursor at the point
    void selectAll();
    void copySelection(bool toClipboard) const;

    mutable QTextDocument m_document;
    mutable QString m_text; // what m_document holds
    mutable QFont m_font;
    mutable int m_flags = -1; // alignment and wrapping m_document was set up with
    mutable QList<std::pair<qreal, QSizeF>> m_sizes; // document sizes by text width, this text
    mutable QSize m_hint;
    mutable QSize m_minimumHint;
    mutable bool m_hintsValid = false;
    QTimer m_hintTimer; // recomputes the hints of a wrapped text once it is still
    bool m_selectable = false;
    mutable QTextCursor m_selection; // on m_document; none after a new text, as in QLabel
};

// A sentence under a plot whose numbers change with every step of a slider: plain text,
// word-wrapped, selectable with the mouse.
RichTextLabel *sentenceLabel(QWidget *parent = nullptr);

} // namespace posenc

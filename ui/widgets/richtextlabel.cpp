// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/richtextlabel.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOption>
#include <QTextFrame>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

// How long the text must stay the same before the size hints of a wrapped label are computed
// again: longer than the steps of a dragged slider or a running animation.
constexpr int kHintDelayMs = 250;

} // namespace

RichTextLabel::RichTextLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    // No links, nothing to select: QLabel's own document is never laid out or asked.
    setTextInteractionFlags(Qt::NoTextInteraction);
    m_document.setUndoRedoEnabled(false);
    // What QLabel does to the root frame's format after every text; the root frame of each
    // new text starts with this margin.
    m_document.setDocumentMargin(0);
    m_hintTimer.setSingleShot(true);
    m_hintTimer.setInterval(kHintDelayMs);
    connect(&m_hintTimer, &QTimer::timeout, this, &RichTextLabel::refreshHints);
}

void RichTextLabel::sync() const
{
    // QLabel's d->align: the alignment, the wrapping and tab expansion.
    const int flags = int(alignment()) | (wordWrap() ? int(Qt::TextWordWrap) : 0) | int(Qt::TextExpandTabs);
    const QString current = text();
    if (current == m_text && font() == m_font && flags == m_flags)
        return;
    const bool onlyText = m_hintsValid && font() == m_font && flags == m_flags;
    // As QLabelPrivate sets up its text control: the label's font, the alignment and wrapping,
    // no frame margin (the document margin, see the constructor), and the text. Each of them
    // lays the document out again, so each is set only when it changed.
    if (font() != m_font) {
        m_font = font();
        m_document.setDefaultFont(m_font);
    }
    if (flags != m_flags) {
        m_flags = flags;
        QTextOption option = m_document.defaultTextOption();
        option.setAlignment(QFlag(flags));
        option.setWrapMode(wordWrap() ? QTextOption::WordWrap : QTextOption::ManualWrap);
        m_document.setDefaultTextOption(option);
    }
    if (current != m_text) {
        m_text = current;
        m_selection = QTextCursor(); // a new text, no selection (as QLabel::setText)
        if (textFormat() == Qt::PlainText)
            m_document.setPlainText(m_text);
        else
            m_document.setHtml(m_text);
    }
    // Laid out at the width it had: usually the width the label is painted at.
    m_sizes = {{m_document.textWidth(), m_document.size()}};

    if (onlyText && wordWrap()) {
        // The hints of the last text stand in until this one has been still for a moment.
        const_cast<QTimer &>(m_hintTimer).start();
    } else {
        m_hintsValid = false;
    }
}

QSizeF RichTextLabel::documentSize(qreal textWidth) const
{
    for (const auto &[width, size] : m_sizes) {
        if (width == textWidth)
            return size;
    }
    m_document.setTextWidth(textWidth);
    const QSizeF size = m_document.size();
    m_sizes.append({textWidth, size});
    return size;
}

std::pair<int, int> RichTextLabel::extra() const
{
    // QLabelPrivate::sizeForWidth: twice the margin, and the indent on the aligned side.
    int horizontal = 2 * margin();
    int vertical = horizontal;
    int m = indent();
    if (m < 0 && frameWidth())
        m = fontMetrics().horizontalAdvance(QLatin1Char('x')) - margin() * 2;
    if (m > 0) {
        const int align = int(alignment());
        if (align & (Qt::AlignLeft | Qt::AlignRight))
            horizontal += m;
        if (align & (Qt::AlignTop | Qt::AlignBottom))
            vertical += m;
    }
    return {horizontal, vertical};
}

QSize RichTextLabel::sizeForWidth(int width) const
{
    sync();
    if (minimumWidth() > 0)
        width = std::max(width, minimumWidth());
    const QMargins margins = contentsMargins();
    const QSize contentsMargin(margins.left() + margins.right(), margins.top() + margins.bottom());
    const auto [horizontal, vertical] = extra();
    QSizeF size;
    if (wordWrap()) {
        if (width >= 0) {
            size = documentSize(std::max(width - horizontal - contentsMargin.width(), 0));
        } else {
            // QTextDocument::adjustSize, as QLabel asks it; it leaves the document laid out at
            // its ideal width.
            m_document.adjustSize();
            size = m_document.size();
            m_sizes.append({m_document.textWidth(), size});
        }
    } else {
        size = documentSize(-1);
    }
    const QSize br(int(std::ceil(size.width())), int(std::ceil(size.height())));
    return (br + QSize(horizontal, vertical) + contentsMargin).expandedTo(minimumSize());
}

void RichTextLabel::computeHints() const
{
    // QLabel::minimumSizeHint: the size hint, the height of one line, the widest word.
    ensurePolished();
    sync();
    const qreal width = m_document.textWidth();
    m_hint = sizeForWidth(-1);
    m_minimumHint = QSize(sizeForWidth(0).width(), sizeForWidth(QWIDGETSIZE_MAX).height());
    if (m_hint.height() < m_minimumHint.height())
        m_minimumHint.setHeight(m_hint.height());
    m_hintsValid = true;
    // Back at the width it was painted at, for the next text.
    if (m_document.textWidth() != width)
        m_document.setTextWidth(width);
}

void RichTextLabel::refreshHints()
{
    const QSize hint = m_hint, minimumHint = m_minimumHint;
    m_hintsValid = false;
    computeHints();
    if (m_hint != hint || m_minimumHint != minimumHint)
        updateGeometry();
}

QSize RichTextLabel::sizeHint() const
{
    sync();
    if (!m_hintsValid)
        computeHints();
    return m_hint;
}

QSize RichTextLabel::minimumSizeHint() const
{
    sync();
    if (!m_hintsValid)
        computeHints();
    return m_minimumHint;
}

int RichTextLabel::heightForWidth(int width) const
{
    return sizeForWidth(width).height();
}

QRect RichTextLabel::documentRect() const
{
    // QLabelPrivate::documentRect: the contents less the margin and the indent.
    QRect rect = contentsRect().adjusted(margin(), margin(), -margin(), -margin());
    int m = indent();
    if (m < 0 && frameWidth())
        m = fontMetrics().horizontalAdvance(QLatin1Char('x')) / 2 - margin();
    if (m > 0) {
        const int align = int(alignment());
        if (align & Qt::AlignLeft)
            rect.setLeft(rect.left() + m);
        if (align & Qt::AlignRight)
            rect.setRight(rect.right() - m);
        if (align & Qt::AlignTop)
            rect.setTop(rect.top() + m);
        if (align & Qt::AlignBottom)
            rect.setBottom(rect.bottom() - m);
    }
    return rect;
}

QPointF RichTextLabel::layOutAsPainted() const
{
    // QLabel::paintEvent for a text label with a text control, step by step.
    sync();
    const QRect rect = documentRect();
    // QLabel lays the text out at the width of the rectangle. Unwrapped and left-aligned, every
    // line starts at the left and none is broken, so the lines are where the layout for the
    // size hint (no width) put them: that one serves (a test compares the pixels with QLabel's).
    const bool anyWidth = !wordWrap() && (alignment() & Qt::AlignLeft);
    const qreal width = anyWidth ? -1 : rect.width();
    const qreal height = documentSize(width).height();
    if (m_document.textWidth() != width)
        m_document.setTextWidth(width); // laid out at another width since: once more
    qreal top = 0;
    if (alignment() & Qt::AlignVCenter)
        top = std::max((rect.height() - height) / 2, qreal(0));
    else if (alignment() & Qt::AlignBottom)
        top = std::max(rect.height() - height, qreal(0));
    return QRectF(rect.x(), top + rect.y(), rect.width(), rect.height()).toAlignedRect().topLeft();
}

void RichTextLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    drawFrame(&painter);
    const QPoint origin = layOutAsPainted().toPoint();
    const QRect rect = documentRect();
    const QRect layout(origin, QSize(rect.width(), rect.height()));

    QStyleOption option;
    option.initFrom(this);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = option.palette;
    if (foregroundRole() != QPalette::Text && isEnabled())
        context.palette.setColor(QPalette::Text, context.palette.color(foregroundRole()));
    if (m_selection.hasSelection()) {
        // As QWidgetTextControl draws a selection: the highlight of the active colour group
        // while the label has the focus, of the inactive one otherwise.
        const QPalette::ColorGroup group = hasFocus() ? QPalette::Active : QPalette::Inactive;
        QAbstractTextDocumentLayout::Selection selection;
        selection.cursor = m_selection;
        selection.format.setBackground(context.palette.brush(group, QPalette::Highlight));
        selection.format.setForeground(context.palette.brush(group, QPalette::HighlightedText));
        context.selections.append(selection);
    }
    painter.save();
    painter.translate(layout.topLeft());
    painter.setClipRect(layout.translated(-layout.x(), -layout.y()));
    m_document.documentLayout()->draw(&painter, context);
    painter.restore();
}

void RichTextLabel::setSelectable(bool selectable)
{
    m_selectable = selectable;
    setFocusPolicy(selectable ? Qt::ClickFocus : Qt::NoFocus); // QLabel's, for mouse selection
    if (selectable)
        setCursor(Qt::IBeamCursor);
    else
        unsetCursor();
    m_selection = QTextCursor();
    update();
}

QString RichTextLabel::selectedText() const
{
    sync();
    // QTextCursor::selectedText marks paragraph ends with U+2029; a copy has newlines.
    return m_selection.selectedText().replace(QChar::ParagraphSeparator, QLatin1Char('\n'));
}

int RichTextLabel::cursorPositionAt(const QPointF &point) const
{
    const QPointF origin = layOutAsPainted();
    return m_document.documentLayout()->hitTest(point - origin, Qt::FuzzyHit);
}

void RichTextLabel::copySelection(bool toClipboard) const
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    const QString text = selectedText();
    if (text.isEmpty() || !clipboard)
        return;
    if (toClipboard)
        clipboard->setText(text, QClipboard::Clipboard);
    else if (clipboard->supportsSelection())
        clipboard->setText(text, QClipboard::Selection);
}

void RichTextLabel::placeCursor(const QPointF &point)
{
    const int position = cursorPositionAt(point);
    m_selection = QTextCursor(&m_document);
    m_selection.setPosition(std::max(position, 0));
}

void RichTextLabel::selectAll()
{
    sync();
    m_selection = QTextCursor(&m_document);
    m_selection.select(QTextCursor::Document);
    update();
}

void RichTextLabel::mousePressEvent(QMouseEvent *event)
{
    if (!m_selectable || event->button() != Qt::LeftButton)
        return QLabel::mousePressEvent(event);
    placeCursor(event->position());
    update();
    event->accept();
}

void RichTextLabel::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_selectable || !(event->buttons() & Qt::LeftButton) || m_selection.isNull())
        return QLabel::mouseMoveEvent(event);
    const int position = cursorPositionAt(event->position());
    if (position >= 0 && position != m_selection.position()) {
        m_selection.setPosition(position, QTextCursor::KeepAnchor);
        update();
    }
    event->accept();
}

void RichTextLabel::mouseReleaseEvent(QMouseEvent *event)
{
    if (!m_selectable || event->button() != Qt::LeftButton)
        return QLabel::mouseReleaseEvent(event);
    copySelection(false); // the X11 selection, as every text widget does
    event->accept();
}

void RichTextLabel::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (!m_selectable || event->button() != Qt::LeftButton)
        return QLabel::mouseDoubleClickEvent(event);
    placeCursor(event->position());
    m_selection.select(QTextCursor::WordUnderCursor);
    copySelection(false);
    update();
    event->accept();
}

void RichTextLabel::keyPressEvent(QKeyEvent *event)
{
    if (m_selectable && event->matches(QKeySequence::Copy)) {
        copySelection(true);
        event->accept();
    } else if (m_selectable && event->matches(QKeySequence::SelectAll)) {
        selectAll();
        event->accept();
    } else {
        QLabel::keyPressEvent(event);
    }
}

void RichTextLabel::contextMenuEvent(QContextMenuEvent *event)
{
    if (!m_selectable)
        return QLabel::contextMenuEvent(event);
    // Qt's own words for these, in Qt's translation of the user's language.
    QMenu menu(this);
    QAction *copy = menu.addAction(QCoreApplication::translate("QWidgetTextControl", "&Copy"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setEnabled(m_selection.hasSelection());
    connect(copy, &QAction::triggered, this, [this] { copySelection(true); });
    QAction *all = menu.addAction(QCoreApplication::translate("QWidgetTextControl", "Select All"));
    all->setShortcut(QKeySequence::SelectAll);
    connect(all, &QAction::triggered, this, &RichTextLabel::selectAll);
    menu.exec(event->globalPos());
    event->accept();
}

void RichTextLabel::focusOutEvent(QFocusEvent *event)
{
    QLabel::focusOutEvent(event);
    if (m_selection.hasSelection())
        update(); // drawn in the inactive colours
}

void RichTextLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::ApplicationFontChange:
    case QEvent::ContentsRectChange:
    case QEvent::StyleChange:
        m_hintsValid = false; // (a new font reaches the document in sync())
        break;
    default:
        break;
    }
}

RichTextLabel *sentenceLabel(QWidget *parent)
{
    auto *label = new RichTextLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setSelectable(true);
    return label;
}

} // namespace posenc

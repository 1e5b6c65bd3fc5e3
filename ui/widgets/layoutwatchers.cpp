// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/layoutwatchers.h"

#include <QBoxLayout>
#include <QEvent>
#include <QWidget>

#include <algorithm>

namespace posenc {

KeepMinimumHeight::KeepMinimumHeight(QWidget *widget)
    : QObject(widget)
    , m_widget(widget)
{
    widget->installEventFilter(this);
    update();
}

bool KeepMinimumHeight::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::LayoutRequest || event->type() == QEvent::FontChange
        || event->type() == QEvent::Show)
        update();
    return QObject::eventFilter(watched, event);
}

void KeepMinimumHeight::update()
{
    m_widget->setMinimumHeight(m_widget->minimumSizeHint().height());
}

namespace {

// The note's widest share of a panel when beside the plot, and its narrowest, in lines of
// height: narrower, its lines hold a word or two.
constexpr double kWidestShare = 0.5;
constexpr double kNarrowestNoteLines = 10;
// Beside wins only by this many pixels of square, so that a panel on the edge does not
// flip at every pixel of a drag.
constexpr int kMargin = 12;

int heightAt(const QWidget *widget, int width)
{
    return widget->hasHeightForWidth() ? widget->heightForWidth(width) : widget->sizeHint().height();
}

} // namespace

NoteBesidePlot::NoteBesidePlot(QBoxLayout *layout, QWidget *note, QWidget *plot, QSizeF frameLines)
    : QObject(layout->parentWidget())
    , m_layout(layout)
    , m_note(note)
    , m_plot(plot)
    , m_frameLines(frameLines)
{
    layout->setAlignment(note, Qt::AlignTop);
    layout->parentWidget()->installEventFilter(this);
}

bool NoteBesidePlot::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize || event->type() == QEvent::FontChange)
        arrange();
    return QObject::eventFilter(watched, event);
}

// The square each arrangement leaves the plot, its axes' frame taken off: above, the note
// takes its height at the full width; beside, a share of the width.
void NoteBesidePlot::arrange()
{
    const QRect area = m_layout->contentsRect();
    if (area.width() <= 0 || area.height() <= 0) // not laid out yet
        return;
    const int spacing = std::max(m_layout->spacing(), 0);
    const qreal line = m_plot->fontMetrics().height();
    const int frameWidth = int(m_frameLines.width() * line);
    const int frameHeight = int(m_frameLines.height() * line);
    const int above = std::min(area.width() - frameWidth,
                               area.height() - heightAt(m_note, area.width()) - spacing - frameHeight);
    // Beside: the narrowest note that fits the panel's height, a line's height at a time.
    int noteWidth = int(kNarrowestNoteLines * line);
    const int widest = int(kWidestShare * area.width());
    while (noteWidth < widest && heightAt(m_note, noteWidth) > area.height())
        noteWidth += int(line);
    int beside = 0;
    if (noteWidth <= widest && heightAt(m_note, noteWidth) <= area.height())
        beside = std::min(area.width() - noteWidth - spacing - frameWidth, area.height() - frameHeight);
    const bool wantBeside = beside > 0 && (m_beside ? beside + kMargin > above : beside > above + kMargin);
    if (wantBeside == m_beside && (!m_beside || m_note->minimumWidth() == noteWidth))
        return;
    m_beside = wantBeside;
    m_layout->setDirection(m_beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    if (m_beside)
        m_note->setFixedWidth(noteWidth);
    else {
        m_note->setMinimumWidth(0);
        m_note->setMaximumWidth(QWIDGETSIZE_MAX);
    }
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>

class QCPAxisRect;
class QCPItemText;

namespace posenc {

// The labels of horizontal reference lines (seq_len, the temporal periods) inside an axis
// rect, placed in pixels after each layout so that none covers a data point, another label,
// another reference line or a text to keep clear of: each just above its line, else just
// below it, at the first such place from the right edge leftwards. Where there is none (a
// crowded panel), the place that covers the least: another label worst, then another line
// (the label would read as that line's), then each point. A label whose line is out of view is not drawn.
class LineLabels
{
public:
    struct Label {
        QCPItemText *text;
        double y; // the line's value on the rect's left axis
    };
    // Turns the item into a label placed in pixels (once, when it is made).
    static void prepare(QCPItemText *text);
    // Places `labels`, in order of priority, for the rect's current layout. `points` are the
    // data in pixels, drawn `radius` pixels around each (0 for a line without markers);
    // `avoid` are other texts of the rect.
    static void place(QCPAxisRect *rect, const QList<Label> &labels, QList<QPointF> points, double radius,
                      const QList<QCPItemText *> &avoid);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/linelabels.h"

#include <qcustomplot.h>


#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc {

namespace {

// Pixels between a label and its line, and between a label and the rect's edge.
constexpr double kGap = 2;
// Pixels kept clear around another label: side by side, two labels with no gap between
// their backgrounds read as one ("P = 24seq_len = 30").
constexpr double kLabelGapX = 8;
constexpr double kLabelGapY = 1;

// What covering each kind of thing costs a place: a label hidden is worst; another line
// through a label makes it read as that line's, worse than a few points covered.
constexpr double kLabelCost = 1000;
constexpr double kLineCost = 100;
constexpr double kPointCost = 10;

QRectF textRect(const QCPItemText *text)
{
    return QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
}

} // namespace

void LineLabels::prepare(QCPItemText *text)
{
    text->position->setType(QCPItemPosition::ptAbsolute);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
}

void LineLabels::place(QCPAxisRect *rect, const QList<Label> &labels, QList<QPointF> points, double radius,
                       const QList<QCPItemText *> &avoid)
{
    const QRectF frame = QRectF(rect->rect()).adjusted(kGap, kGap, -kGap, -kGap);
    QCPAxis *axis = rect->axis(QCPAxis::atLeft);
    std::sort(points.begin(), points.end(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    QList<QRectF> taken;
    for (const QCPItemText *text : avoid) {
        if (text->visible())
            taken << textRect(text);
    }
    QList<double> lines;
    for (const Label &label : labels)
        lines << axis->coordToPixel(label.y);

    // The cost of a label at `box`: what it covers.
    const auto cost = [&](const QRectF &box, double ownLine) {
        double total = 0;
        for (const QRectF &other : std::as_const(taken)) {
            if (box.intersects(other.adjusted(-kLabelGapX, -kLabelGapY, kLabelGapX, kLabelGapY)))
                total += kLabelCost;
        }
        const QRectF reach = box.adjusted(-radius, -radius, radius, radius);
        auto first = std::lower_bound(points.cbegin(), points.cend(), reach.left(),
                                      [](const QPointF &p, double x) { return p.x() < x; });
        for (auto it = first; it != points.cend() && it->x() <= reach.right(); ++it) {
            if (it->y() >= reach.top() && it->y() <= reach.bottom())
                total += kPointCost;
        }
        for (double line : std::as_const(lines)) {
            if (line != ownLine && line > box.top() - 1 && line < box.bottom() + 1)
                total += kLineCost;
        }
        return total;
    };

    for (qsizetype n = 0; n < labels.size(); ++n) {
        QCPItemText *text = labels.at(n).text;
        const double line = lines.at(n);
        if (!text->visible())
            continue;
        if (!axis->range().contains(labels.at(n).y)) {
            text->position->setCoords(-1e4, -1e4); // its line is out of view
            continue;
        }
        // Its box as QCustomPlot draws it (the text's bounding rectangle and the padding).
        text->position->setCoords(0, 0);
        const QSizeF size = textRect(text).size();
        const double step = std::max(4.0, size.width() / 4);
        QRectF best;
        double bestCost = std::numeric_limits<double>::infinity();
        for (double right = frame.right(); right - size.width() >= frame.left() - 0.5 && bestCost > 0; right -= step) {
            for (const double top : {line - kGap - size.height(), line + kGap}) {
                const QRectF box(QPointF(right - size.width(), top), size);
                if (box.top() < frame.top() || box.bottom() > frame.bottom())
                    continue;
                const double here = cost(box, line);
                if (here < bestCost) {
                    bestCost = here;
                    best = box;
                    if (here == 0)
                        break;
                }
            }
        }
        if (best.isNull()) // taller than the room above and below: on the line, at the right
            best = QRectF(QPointF(frame.right() - size.width(), line - size.height() / 2), size);
        text->position->setCoords(best.topLeft());
        taken << best;
    }
}

} // namespace posenc

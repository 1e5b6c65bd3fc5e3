// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/markerlabels.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <optional>

namespace posenc {

namespace {

// Pixels between a label and its line, between rows and between the band and the frame.
constexpr double kMarkerGap = 2;
constexpr char kBandProperty[] = "posencMarkerBand";

} // namespace

void MarkerLabels::prepare(QCPItemText *text)
{
    text->position->setType(QCPItemPosition::ptAbsolute);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setClipToAxisRect(false);
}

bool MarkerLabels::place(QCustomPlot *plot, const QList<Label> &labels)
{
    QCPAxisRect *rect = plot->axisRect();
    const QRect frame = rect->rect();
    const QCPRange range = plot->xAxis->range();
    struct Slot {
        int row;
        double left, right;
    };
    QList<Slot> placed;
    QList<std::pair<QCPItemText *, Slot>> positions;
    double rowHeight = 0;
    for (const Label &label : labels) {
        if (!label.text->visible())
            continue;
        const QFontMetricsF metrics(label.text->font());
        const QMargins padding = label.text->padding();
        const double width = metrics.horizontalAdvance(label.text->text()) + padding.left() + padding.right();
        rowHeight = std::max(rowHeight, metrics.height() + padding.top() + padding.bottom());
        if (!range.contains(label.x)) {
            label.text->position->setCoords(-1e4, -1e4); // its line is out of view
            continue;
        }
        const double x = plot->xAxis->coordToPixel(label.x);
        const double leftOf = x - kMarkerGap - width;
        const double rightOf = x + kMarkerGap;
        const bool leftFits = leftOf >= frame.left();
        const bool rightFits = rightOf + width <= frame.right() + 1;
        QList<double> sides;
        if (label.preferLeft ? leftFits : rightFits)
            sides << (label.preferLeft ? leftOf : rightOf);
        if (label.preferLeft ? rightFits : leftFits)
            sides << (label.preferLeft ? rightOf : leftOf);
        if (sides.isEmpty()) // wider than the room on either side: inside the frame's width
            sides << std::max(double(frame.left()), std::min(x - 0.5 * width, frame.right() + 1 - width));
        // Rows from the frame upwards (row 0 touches the frame); the first free slot wins.
        std::optional<Slot> slot;
        for (int row = 0; !slot; ++row) {
            for (double left : std::as_const(sides)) {
                const Slot candidate{row, left, left + width};
                const bool free = std::none_of(placed.begin(), placed.end(), [&](const Slot &other) {
                    return other.row == row && candidate.left < other.right + kMarkerGap && other.left < candidate.right + kMarkerGap;
                });
                if (free) {
                    slot = candidate;
                    break;
                }
            }
        }
        placed << *slot;
        positions << std::make_pair(label.text, *slot);
    }
    int rows = 0;
    for (const Slot &slot : std::as_const(placed))
        rows = std::max(rows, slot.row + 1);
    const int band = rows > 0 ? int(std::ceil(rows * (rowHeight + kMarkerGap) + kMarkerGap)) : 0;
    // Row r's top stands (r + 1) rows and gaps above the frame.
    for (const auto &[text, slot] : std::as_const(positions))
        text->position->setCoords(slot.left, frame.top() - (slot.row + 1) * (rowHeight + kMarkerGap));
    const bool changed = plot->property(kBandProperty).toInt() != band;
    if (changed) {
        plot->setProperty(kBandProperty, band);
        QMargins minimum = rect->minimumMargins();
        minimum.setTop(band);
        rect->setMinimumMargins(minimum);
    }
    return changed;
}

} // namespace posenc

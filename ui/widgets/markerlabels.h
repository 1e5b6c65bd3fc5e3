// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

class QCPItemText;
class QCustomPlot;

namespace posenc {

// The labels of vertical marker lines (pos, pos + k, t = pos) in a band above the plot's
// frame, where no curve and no gridline runs: each beside its line, on the side it prefers
// where it fits inside the frame's width, else on the other; in the lowest row of the band
// where it overlaps no label placed before it. The band is as high as the rows it needs (the
// axis rect's top margin). A hidden label (a clean figure) takes no room; the label of a line
// outside the range in view is not drawn.
class MarkerLabels
{
public:
    struct Label {
        QCPItemText *text;
        double x;         // the line's position on the x axis
        bool preferLeft;  // the side it takes where it fits
    };
    // Turns the items into labels placed in pixels (once, when they are made).
    static void prepare(QCPItemText *text);
    // Places `labels` for the plot's current layout, in order; returns whether the band's
    // height changed, in which case the plot needs another layout (a full replot).
    static bool place(QCustomPlot *plot, const QList<Label> &labels);
};

} // namespace posenc

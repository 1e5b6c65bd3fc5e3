// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>

class QCPAxis;
class QCPRange;
class QCustomPlot;
class QLabel;
class QWidget;

namespace posenc {

// The mouse wheel zooms a plot and dragging pans it; this says so and undoes it: a
// double-click on the plot and its context menu ("Reset Zoom") put the axes back, as does
// resetAll() on any widget holding such plots (the window's Reset All, Ctrl+R). Every view
// with a zoomable plot uses it, so that zoom reads and resets the same everywhere.
class PlotZoom
{
    Q_DECLARE_TR_FUNCTIONS(PlotZoom)

public:
    // Lets `plot` be zoomed with the wheel and panned by dragging (the views choose which axes
    // with QCPAxisRect::setRangeZoomAxes) and undone. `reset` sets the axes of `plot` to what
    // its view shows unzoomed (it need not replot); without it, every axis of the plot that
    // has a home (setHome) goes back to it.
    static void install(QCustomPlot *plot, std::function<void()> reset = {});
    static bool isInstalled(const QCustomPlot *plot);
    // Sets the range of `axis` and remembers it as what the unzoomed view shows.
    static void setHome(QCPAxis *axis, const QCPRange &range);
    // Resets every plot installed under `root` (root included) and replots it.
    static void resetAll(QWidget *root);
    // The line a view shows near its zoomable plots.
    static QString hint();
    // That line as a grey label for the window alone (a figure never shows it), named
    // "plotZoomHint"; the view puts it in its layout.
    static QLabel *makeHintLabel(QWidget *parent);
    // The same label over the bottom-right corner of `plot`, beside its last axis title, for
    // a view with no bar to hold it: it takes no room from the plot's layout.
    static QLabel *makeHintOverlay(QCustomPlot *plot);
};

} // namespace posenc

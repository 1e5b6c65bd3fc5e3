// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>

class QCustomPlot;
class QWidget;

namespace posenc {

// The mouse wheel zooms a plot and dragging pans it; this says so and undoes it: a
// double-click on the plot and its context menu ("Reset Zoom") put the axes back, as does
// resetAll() on any widget holding such plots (the window's Reset All, Ctrl+R).
class PlotZoom
{
    Q_DECLARE_TR_FUNCTIONS(PlotZoom)

public:
    // `reset` sets the axes of `plot` to what its view shows unzoomed (it need not replot).
    static void install(QCustomPlot *plot, std::function<void()> reset);
    // Resets every plot installed under `root` (root included) and replots it.
    static void resetAll(QWidget *root);
    // The line a view shows near its zoomable plots.
    static QString hint();
};

} // namespace posenc

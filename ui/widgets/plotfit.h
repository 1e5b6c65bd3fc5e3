// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCPAxis;
class QCPLegend;
class QCPTextElement;
class QString;
class QCustomPlot;

namespace posenc {

// Layout rules for plots on a screen of any size and at any font size (a laptop, a 1280x720
// projector, presentation mode's enlarged fonts): each is a function of the pixels an axis or
// a plot has and of the fonts' metrics, recomputed before every replot, so that nothing is
// tuned per resolution.
namespace PlotFit {

// Before each replot, as many ticks on every axis of `plot` (every axis rect and colour
// scale) as leave their labels apart: the ticker's own labels for a tick count are measured
// in the axis's font, and the count is lowered until consecutive labels have at least half a
// line between them, at most `maxTicks`. Axes with fixed text ticks are left as they are.
void fitTicks(QCustomPlot *plot, int maxTicks = 8);
// The same for one axis.
void fitTicks(QCustomPlot *plot, QCPAxis *axis, int maxTicks = 8);

// Before each replot, the axis labels of `plot` that are longer than their axis broken into
// lines at spaces so that each line fits (a label the view sets again is taken as the new
// full text).
void fitAxisLabels(QCustomPlot *plot);

// Before each replot, the titles (QCPTextElement) of `plot` wider than the plot broken into
// lines at spaces, as fitAxisLabels does for axis labels; fullText() is the text as set.
void fitTitles(QCustomPlot *plot);
QString fullText(const QCPTextElement *title);

// Before each replot, a legend that lies in a row of the plot's layout (above or below an
// axis rect, never over data) gets as many entries per line as fit the plot's width, at most
// `maxColumns` (or the legend's property "posencMaxColumns" where a view sets it), filled line
// by line.
void fitLegendColumns(QCustomPlot *plot, QCPLegend *legend, int maxColumns);

} // namespace PlotFit

} // namespace posenc

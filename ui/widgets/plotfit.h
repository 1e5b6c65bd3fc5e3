// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCPAbstractPlottable;
class QCPAxis;
class QCPColorScale;
class QCPLegend;
class QCPTextElement;
class QString;
class QCustomPlot;

namespace posenc {

// Every fit of a plot runs before each of its replots in one pass, on the layout for the
// plot's size and fonts as they are then (a figure laid out anew for its page, presentation
// mode's enlarged fonts): the legend, the titles and the axis labels first, the ticks last,
// for the axis lengths those leave.
//
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
// The same for the axis of a colour scale, whichever side it is on (QCPColorScale::setType
// gives it another QCPAxis).
void fitTicks(QCustomPlot *plot, QCPColorScale *scale, int maxTicks = 8);

// Before each replot, the axis labels of `plot` that are longer than their axis broken into
// lines at spaces so that each line fits (a label the view sets again is taken as the new
// full text).
void fitAxisLabels(QCustomPlot *plot);

// Before each replot, the titles (QCPTextElement) of `plot` wider than their place broken into
// lines at spaces, as fitAxisLabels does for axis labels; fullText() is the text as set. A
// title's place is the width its column of the plot's layout gets (a title over one of several
// axis rects side by side has that rect's share), the plot's width for one across the plot.
void fitTitles(QCustomPlot *plot);
QString fullText(const QCPTextElement *title);

// Before each replot, a legend that lies in a row of the plot's layout (above or below an
// axis rect, never over data) gets as many entries per line as fit the plot's width, at most
// `maxColumns` (or the legend's property "posencMaxColumns" where a view sets it), filled line
// by line; an entry wider than the plot even alone in its line has its name broken into lines
// at spaces (fullName() is the name as set), never cut at the plot's edge.
void fitLegendColumns(QCustomPlot *plot, QCPLegend *legend, int maxColumns);
// Only the second part of fitLegendColumns, for a legend whose columns the view sets: every
// entry's name in lines where it is wider than its column of the legend.
void fitLegendEntries(QCustomPlot *plot, QCPLegend *legend);
QString fullName(const QCPAbstractPlottable *plottable);

// Before each replot, a legend inside an axis rect of `plot` (its inset layout) moves to the
// corner of the rect where it covers the fewest points of the rect's graphs (the points and
// the lines between them, sampled), the top right first on a tie: a run's curves go where
// they go, and a legend fixed in one corner hid them.
void keepLegendOffData(QCustomPlot *plot, QCPLegend *legend);

// Lays `plot` out for its viewport now, as its next replot will: what a measurement made
// before a replot (beforeReplot) needs, since QCustomPlot lays out after that signal.
void layOutNow(QCustomPlot *plot);

} // namespace PlotFit

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>

class QCPColorGradient;
class QCustomPlot;

namespace posenc {

// Colours and plot defaults shared by every view, chosen to stay readable for colour-blind
// readers and in grayscale print.
namespace PlotStyle {

// ColorBrewer RdBu (reversed: negative blue, zero white, positive red), colour-blind safe.
// Used with a data range symmetric about zero so that white always means 0.
QCPColorGradient diverging();

// Matplotlib's viridis (sampled at 11 points) for values >= 0 such as amplitudes:
// perceptually uniform, colour-blind safe, readable in grayscale. QCustomPlot has no preset.
QCPColorGradient sequential();

// Okabe & Ito's eight colours for categorical series (curves of different dimensions).
const QList<QColor> &categorical();

// Common look of a plot: antialiased lines, readable tick labels in every axis rect. Call it
// again after adding axis rects.
void applyDefaults(QCustomPlot *plot);

} // namespace PlotStyle

} // namespace posenc

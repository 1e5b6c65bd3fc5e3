// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace posenc {

// The plot widget of every view: a QCustomPlot whose bottom paint buffer is opaque.
//
// QCustomPlot clears each of its paint buffers to transparent on every replot, and its
// paintEvent fills the widget with the background brush, then blends every buffer over it:
// a full-size fill and a full-size alpha blend per paint. Here the bottom buffer is cleared to
// the background colour instead, when that is one opaque colour, and the paint copies it onto
// the widget: no fill, no blend (docs/rendering.md). The pixels are the same but for
// rounding where an antialiased edge is now painted on the background instead of blended
// over it (2 of 255 levels at most); a background that is not one opaque colour (a gradient, a pixmap, a
// translucent brush) is painted as QCustomPlot paints it.
//
// Its legends' entries measure their names once per font and name (TextMeasure): QCustomPlot
// creates each entry inside addGraph() (or addToLegend()), so before each replot an entry it
// made is replaced in its cell by one that measures so, with the same plottable, fonts,
// colours, margins, selection and layer. A legend entry is its legend's: look it up with
// QCPLegend::itemWithPlottable() when needed rather than keep a pointer to it.
class Plot : public QCustomPlot
{
    Q_OBJECT

public:
    explicit Plot(QWidget *parent = nullptr);

    // Whether the bottom buffer was last cleared to the opaque background (for the tests).
    bool paintsOpaque() const;
    // Whether `item` measures its name once per font and name (for the tests).
    static bool measuresOnce(const QCPAbstractLegendItem *item);

protected:
    // QCustomPlot's replot sets its buffers up right after the layout: the bottom one is made
    // an opaque buffer here, once.
    void updateLayout() override;
    void paintEvent(QPaintEvent *event) override;

private:
    void adoptLegendEntries();
};

} // namespace posenc

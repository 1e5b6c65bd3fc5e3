// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <utility>
#include <vector>

class QWidget;

namespace posenc {

// How a colour map reaches the page. QCustomPlot draws a QCPColorMap as one image of one pixel
// per cell (oversampled to at least 100 pixels) stretched over the axis rect without smoothing.
// On the page that goes wrong two ways:
//  - more cells than the page has dots (a 512 x 1024 encoding in an 89 mm column holds about
//    two cells per dot at 300 dpi): nearest-neighbour scaling keeps some cells and drops the
//    rest, and the kept ones beat against the rapidly alternating sin/cos columns into moiré
//    stripes that are not in the data;
//  - fewer cells than dots: an image of one pixel per cell is enlarged by the viewer, and
//    several (pdf.js, macOS Preview, Acrobat at some zoom levels) smooth it into a blur
//    whatever the file asks for.
// So while a figure is painted, each colour map holds its data resampled to the page's own
// pixel grid (the figure's DPI, also for PDF and SVG), and QCustomPlot draws that as usual
// (same layer, same place, same gradient and data range), one image pixel per page dot:
//  - where cells are smaller than dots, or only a little larger (under 4 dots a cell), each
//    dot holds the mean of the values under it (see resampled: a tent filter where cells are
//    smaller than dots, a box filter where they are larger) and is coloured as that mean:
//    every dot keeps a colour of the colour bar, which reads as the mean of the cells under
//    it, as the heatmap view does on screen (HeatmapView, core's encodingBoxAverage);
//    averaging colours instead would mix red and blue into purples that are on no colour bar.
//    Cells 2.5 dots wide also stay equally wide rather than alternating between 2 and 3 dots,
//    a beat of its own in regular stripes;
//  - where cells are larger, each cell becomes a whole block of k x k identical values (k =
//    dots per cell, rounded up): crisp, and a viewer that smooths anyway softens only the
//    edges of a block, by one dot.
// A PDF or SVG has no dots of its own: a reader zooms into it. There every cell stays whole, a
// block of k x k identical samples where a cell spans about k dots at the page's DPI (k
// rounded, so that a viewer that smooths softens only a block's edges, and the image holds at
// most 4/3 of the page's dots a side), one sample a cell where cells are smaller than dots
// (the viewer shows them all when zoomed in). Columns of unequal widths and seams in colours
// the data lacks are a raster page's necessity, never a vector one's. (A matrix larger than
// a figure can hold arrives boxed by its view, at most kFigureBoxesPerAxis boxes a side.)
// The image is drawn without smoothing, in lossless compression (QPainter::
// LosslessImageRendering: Qt's PDF engine otherwise encodes images as JPEG, which rings at
// every cell edge), and SVG marks it image-rendering: pixelated. A map whose key axis is
// vertical, on a logarithmic axis, or with a single row or column, is left as it is.
class PageColorMaps
{
public:
    // Resampled to the page's dots (a raster page), or to whole cells (a vector one).
    enum class Page { Raster, Vector };

    // Puts every colour map of `view` on the page's grid (`dotsPerPixel` of the page a pixel
    // of the laid-out view); the destructor gives each its own data back.
    PageColorMaps(QWidget *view, double dotsPerPixel, Page page);
    ~PageColorMaps();
    PageColorMaps(const PageColorMaps &) = delete;
    PageColorMaps &operator=(const PageColorMaps &) = delete;

    // Whether every colour map is on the page's grid. If not (not enough memory), the figure
    // must not be painted: a map would be missing from it.
    bool complete() const { return m_complete; }

private:
    static bool canAllocate(size_t bytes);
    static bool canResample(const QCPColorMap *map);

    // Values and opacities in the map's own order: key index fastest.
    struct Grid {
        int keys = 0;
        int values = 0;
        std::vector<double> value;
        std::vector<double> alpha; // 0 to 255
    };

    static Grid resampled(const Grid &in, int count, bool alongKeys);
    static QCPRange resampledRange(const QCPRange &range, int cells, int samples);
    static bool resample(QCPColorMap *map, double dotsPerPixel, Page page);

    QList<std::pair<QCPColorMap *, QCPColorMapData>> m_saved;
    bool m_complete = true;
};

} // namespace posenc

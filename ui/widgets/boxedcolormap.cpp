// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/boxedcolormap.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace posenc::BoxedColorMap {

namespace {

// The cells [first, end) of `count` whose extent [i - 0.5, i + 0.5] (in axis coordinates
// from `origin`) meets `range`, with the number of cells per box for `pixels` device pixels
// along the range, and `first` aligned down to a whole box.
struct AxisBoxes {
    int first = 0;
    int end = 0;
    int perBox = 1;
};

AxisBoxes axisBoxes(const QCPRange &range, double origin, int count, double pixels)
{
    AxisBoxes boxes;
    const double lower = range.lower - origin;
    const double upper = range.upper - origin;
    boxes.first = int(std::clamp(std::floor(lower + 0.5), 0.0, double(count)));
    boxes.end = int(std::clamp(std::ceil(upper + 0.5), 0.0, double(count)));
    const double cellsPerPixel = (upper - lower) / std::max(pixels, 1.0);
    // At least one whole device pixel per box: a box of 1.5 cells per pixel would drop a
    // third of the cells, one of 2 cells averages them all (1e-9 absorbs rounding at 1:1).
    boxes.perBox = std::max(1, int(std::ceil(cellsPerPixel - 1e-9)));
    boxes.first -= boxes.first % boxes.perBox;
    return boxes;
}

} // namespace

std::optional<BoxGrid> visibleGrid(const QCustomPlot *plot, int rows, int columns, double rowOrigin)
{
    // The device pixels of the axis rect; for a figure, or while the plot has not been laid
    // out on screen, the figure's resolution.
    QSizeF pixels = QSizeF(plot->axisRect()->rect().size()) * plot->devicePixelRatioF();
    if (plot->window()->testAttribute(Qt::WA_DontShowOnScreen) || !plot->isVisible()
        || pixels.width() < 2 || pixels.height() < 2)
        pixels = QSizeF(kFigureBoxesPerAxis, kFigureBoxesPerAxis);
    const AxisBoxes keys = axisBoxes(plot->xAxis->range(), 0.0, columns, pixels.width());
    const AxisBoxes values = axisBoxes(plot->yAxis->range(), rowOrigin, rows, pixels.height());
    if (keys.end <= keys.first || values.end <= values.first)
        return std::nullopt;
    return BoxGrid{values.first, values.end - values.first, values.perBox,
                   keys.first, keys.end - keys.first, keys.perBox};
}

void setBoxes(QCPColorMap *map, const RowMatrixXd &boxes, const BoxGrid &grid, double rowOrigin)
{
    const int keyBoxes = int(boxes.cols());
    const int valueBoxes = int(boxes.rows());
    // QCustomPlot places cell centres at the ends of the data range, so a single box has no
    // extent; it is drawn as two identical half-size boxes instead. The last box of a row or
    // column may hold fewer cells; it is drawn as wide as the others, so it reaches less than
    // one box beyond the matrix, outside the axis range when the whole matrix is in view.
    const auto boxRange = [](int first, int perBox, int count, double origin) {
        const double centre = origin + first + 0.5 * (perBox - 1);
        if (count == 1)
            return QCPRange(centre - 0.25 * perBox, centre + 0.25 * perBox);
        return QCPRange(centre, centre + double(count - 1) * perBox);
    };
    QCPColorMapData *data = map->data();
    data->setSize(std::max(keyBoxes, 2), std::max(valueBoxes, 2));
    data->setRange(boxRange(grid.firstColumn, grid.columnsPerBox, keyBoxes, 0.0),
                   boxRange(grid.firstRow, grid.rowsPerBox, valueBoxes, rowOrigin));
    for (int r = 0; r < data->valueSize(); ++r) {
        const int source = std::min(r, valueBoxes - 1);
        for (int c = 0; c < data->keySize(); ++c)
            data->setCell(c, r, boxes(source, std::min(c, keyBoxes - 1)));
    }
}

} // namespace posenc::BoxedColorMap

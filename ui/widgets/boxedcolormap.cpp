// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/boxedcolormap.h"

#include "ui/widgets/plotstyle.h"

#include <qcustomplot.h>

#include <QFontMetrics>

#include <algorithm>
#include <cmath>
#include <vector>

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

// QCustomPlot 2.1 keeps a colour map's cells in the protected array mData, row after row of
// keys (valueIndex * keySize + keyIndex, as setCell writes them). A member pointer named
// through a derived class reads it from any QCPColorMapData; filled() does what setCell
// does besides the store: the data bounds and the flag that makes the map redraw its image.
struct CellAccess : QCPColorMapData {
    using QCPColorMapData::mData;
    using QCPColorMapData::mDataBounds;
    using QCPColorMapData::mDataModified;
    static void filled(QCPColorMapData *data, const double *cells, std::size_t count)
    {
        const auto [low, high] = std::minmax_element(cells, cells + count);
        data->*(&CellAccess::mDataBounds) = QCPRange(*low, *high);
        data->*(&CellAccess::mDataModified) = true;
    }
};

} // namespace

std::optional<BoxGrid> visibleGrid(const QCustomPlot *plot, int rows, int columns, double rowOrigin)
{
    // The device pixels of the axis rect; for a figure, or while the plot has not been laid
    // out on screen, the figure's resolution.
    QSizeF pixels = QSizeF(plot->axisRect()->rect().size()) * plot->devicePixelRatioF();
    if (PlotStyle::isDrawnForFile(plot) || !plot->isVisible()
        || pixels.width() < 2 || pixels.height() < 2)
        pixels = QSizeF(kFigureBoxesPerAxis, kFigureBoxesPerAxis);
    const AxisBoxes keys = axisBoxes(plot->xAxis->range(), 0.0, columns, pixels.width());
    const AxisBoxes values = axisBoxes(plot->yAxis->range(), rowOrigin, rows, pixels.height());
    if (keys.end <= keys.first || values.end <= values.first)
        return std::nullopt;
    return BoxGrid{values.first, values.end - values.first, values.perBox,
                   keys.first, keys.end - keys.first, keys.perBox};
}

void setBoxes(QCPColorMap *map, const BoxGrid &grid, double rowOrigin, const std::function<void(double *)> &fill)
{
    const int keyBoxes = grid.columns();
    const int valueBoxes = grid.rows();
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
    if (keyBoxes >= 2 && valueBoxes >= 2) {
        // The map's cells are row after row of keys, as the boxes are: filled in place (setCell
        // costs a call and two comparisons per cell, a quarter of a million at 512 x 512).
        double *cells = data->*(&CellAccess::mData);
        fill(cells);
        CellAccess::filled(data, cells, std::size_t(keyBoxes) * std::size_t(valueBoxes));
        return;
    }
    std::vector<double> boxes(std::size_t(keyBoxes) * std::size_t(valueBoxes));
    fill(boxes.data());
    for (int r = 0; r < data->valueSize(); ++r) {
        const int source = std::min(r, valueBoxes - 1);
        for (int c = 0; c < data->keySize(); ++c)
            data->setCell(c, r, boxes[std::size_t(source) * std::size_t(keyBoxes) + std::size_t(std::min(c, keyBoxes - 1))]);
    }
}

void setBoxes(QCPColorMap *map, const RowMatrixXd &boxes, const BoxGrid &grid, double rowOrigin)
{
    Q_ASSERT(boxes.rows() == grid.rows() && boxes.cols() == grid.columns());
    setBoxes(map, grid, rowOrigin, [&boxes](double *cells) { std::copy(boxes.data(), boxes.data() + boxes.size(), cells); });
}

std::optional<std::pair<int, int>> cellAt(const QCustomPlot *plot, const QPointF &pixel, int rows, int columns,
                                          double rowOrigin)
{
    if (!plot->axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    const int column = int(std::lround(plot->xAxis->pixelToCoord(pixel.x())));
    const int row = int(std::lround(plot->yAxis->pixelToCoord(pixel.y()) - rowOrigin));
    if (column < 0 || column >= columns || row < 0 || row >= rows)
        return std::nullopt;
    return std::make_pair(row, column);
}

} // namespace posenc::BoxedColorMap

namespace posenc {

namespace {

const QString kOverlay = QStringLiteral("overlay");
const QColor kOutline(0x11, 0x11, 0x11);
const QColor kCore(0xff, 0xff, 0xff);

void toOverlay(QCustomPlot *plot, QCPLayerable *layerable)
{
    plot->layer(kOverlay)->setMode(QCPLayer::lmBuffered);
    layerable->setLayer(kOverlay);
}

} // namespace

CellHighlight::CellHighlight(QCustomPlot *plot, QCPAxisRect *axisRect)
    : m_outline(new QCPItemRect(plot))
    , m_core(new QCPItemRect(plot))
{
    if (axisRect) {
        for (QCPItemRect *rect : {m_outline, m_core}) {
            rect->setClipAxisRect(axisRect);
            for (QCPItemPosition *corner : {rect->topLeft, rect->bottomRight})
                corner->setAxes(axisRect->axis(QCPAxis::atBottom), axisRect->axis(QCPAxis::atLeft));
        }
    }
    m_outline->setPen(QPen(kOutline, 3.5));
    m_core->setPen(QPen(kCore, 1.5));
    for (QCPItemRect *rect : {m_outline, m_core}) {
        rect->setBrush(Qt::NoBrush);
        rect->setSelectable(false);
        rect->setVisible(false);
        toOverlay(plot, rect);
    }
}

void CellHighlight::show(const QCPRange &keys, const QCPRange &values)
{
    for (QCPItemRect *rect : {m_outline, m_core}) {
        rect->topLeft->setCoords(keys.lower, values.lower);
        rect->bottomRight->setCoords(keys.upper, values.upper);
        rect->setVisible(true);
    }
}

void CellHighlight::hide()
{
    m_outline->setVisible(false);
    m_core->setVisible(false);
}

bool CellHighlight::isVisible() const
{
    return m_core->visible();
}

QRectF CellHighlight::rect() const
{
    const QPointF a = m_core->topLeft->coords();
    const QPointF b = m_core->bottomRight->coords();
    return QRectF(QPointF(std::min(a.x(), b.x()), std::min(a.y(), b.y())),
                  QPointF(std::max(a.x(), b.x()), std::max(a.y(), b.y())));
}

RowMarker::RowMarker(QCustomPlot *plot, Qt::PenStyle coreStyle)
    : m_outline(new QCPItemStraightLine(plot))
    , m_core(new QCPItemStraightLine(plot))
    , m_label(new QCPItemText(plot))
{
    m_outline->setPen(QPen(kOutline, 3.5));
    QPen core(kCore, 1.5, coreStyle);
    core.setCapStyle(Qt::FlatCap);
    m_core->setPen(core);
    for (QCPItemStraightLine *line : {m_outline, m_core}) {
        line->setSelectable(false);
        toOverlay(plot, line);
    }
    // Outside the cells: not clipped to the axis rect, on the margin beside it.
    m_label->setClipToAxisRect(false);
    m_label->position->setType(QCPItemPosition::ptAbsolute);
    m_label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_label->setTextAlignment(Qt::AlignLeft);
    m_label->setColor(kOutline);
    m_label->setFont(plot->xAxis->tickLabelFont());
    m_label->setPadding(QMargins(2, 0, 2, 0));
    m_label->setSelectable(false);
    toOverlay(plot, m_label);
    // A clean figure leaves the marker out, line and label.
    for (QCPAbstractItem *item : {static_cast<QCPAbstractItem *>(m_outline), static_cast<QCPAbstractItem *>(m_core),
                                  static_cast<QCPAbstractItem *>(m_label)})
        PlotStyle::markAnnotation(item);
}

void RowMarker::setRow(double row)
{
    m_row = row;
    m_outline->point1->setCoords(0, row);
    m_outline->point2->setCoords(1, row);
    m_core->point1->setCoords(0, row);
    m_core->point2->setCoords(1, row);
}

void RowMarker::setText(const QString &text)
{
    m_label->setText(text);
}

QString RowMarker::text() const
{
    return m_label->text();
}

void RowMarker::setVisible(bool visible)
{
    m_outline->setVisible(visible);
    m_core->setVisible(visible);
    m_label->setVisible(visible);
}

bool RowMarker::isVisible() const
{
    return m_core->visible();
}

void RowMarker::reserveMargin(QCustomPlot *plot, const QList<RowMarker *> &markers)
{
    // Room for every marker the view shows, its row in range or not: a margin that followed
    // the rows would change the map's width as pos moves (an animation's frames would jump).
    int width = 0;
    for (const RowMarker *marker : markers) {
        if (!marker->m_core->visible())
            continue; // hidden by the view, or by a figure without markers
        const QFontMetrics metrics(marker->m_label->font());
        width = std::max(width, metrics.horizontalAdvance(marker->text()) + 4 + 6);
    }
    QCPAxisRect *rect = plot->axisRect();
    QMargins minimum = rect->minimumMargins();
    if (minimum.right() != width) {
        minimum.setRight(width);
        rect->setMinimumMargins(minimum);
    }
}

void RowMarker::placeLabels(QCustomPlot *plot, const QList<RowMarker *> &markers)
{
    const QRect rect = plot->axisRect()->rect();
    double previous = qQNaN();
    for (RowMarker *marker : markers) {
        const double y = plot->yAxis->coordToPixel(marker->m_row);
        // A label follows its line: hidden with it (by the view, or by a figure that leaves
        // the markers out), and where the line is outside the rows shown.
        const bool inside = marker->m_core->visible() && y >= rect.top() - 0.5 && y <= rect.bottom() + 0.5;
        marker->m_label->setVisible(inside);
        if (!inside)
            continue;
        double at = y;
        const QMargins padding = marker->m_label->padding();
        const double height = QFontMetrics(marker->m_label->font()).height() + padding.top() + padding.bottom() + 2;
        if (!std::isnan(previous) && std::abs(at - previous) < height)
            at = previous + (at >= previous ? height : -height);
        marker->m_label->position->setCoords(rect.right() + 4, at);
        previous = at;
    }
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/matrixplot.h"

#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"
#include "ui/widgets/textmeasure.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace posenc {

namespace {

// Tokens as tick labels, every `stride`-th of them (counted from the last when `fromLast`),
// or integers when there are none (dimensions: their ticker keeps its labels apart itself).
void setTicks(QCPAxis *axis, const QStringList &labels, int stride, bool fromLast = false)
{
    if (labels.isEmpty()) {
        if (!axis->ticker().dynamicCast<QCPAxisTickerText>() && axis->property("posencIntegers").toBool())
            return;
        PlotStyle::useIntegerTicks(axis);
        axis->setProperty("posencIntegers", true);
        return;
    }
    axis->setProperty("posencIntegers", false);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = fromLast ? int(labels.size() - 1) % stride : 0; i < labels.size(); i += stride)
        ticker->addTick(i, labels[i]);
    axis->setTicker(ticker);
}

// The length along `axis` that each label needs to stand apart from the next. Side by side,
// the widest label's ink (an advance holds the side bearings too, a fifth of a digit's) and
// a quarter of a line clear between inks, so that single CJK tokens in a slide's large text
// read as words of their own and digits as numbers of their own (3 px at least); one above
// another, the font's height, which holds its leading, and two.
double labelPitch(const QCPAxis *axis, const QStringList &labels)
{
    const QFont font = axis->tickLabelFont();
    if (axis->orientation() != Qt::Horizontal)
        return QFontMetrics(font).height() + 2;
    double ink = 0;
    for (const QString &label : labels)
        ink = std::max(ink, TextMeasure::inkSize(font, label).width());
    return ink + std::max(3.0, QFontMetricsF(font).height() / 4);
}

// Every how many tokens a label fits on `axis` (1: all of them).
int labelStride(const QCPAxis *axis, const QStringList &labels)
{
    if (labels.size() < 2)
        return 1;
    const double length = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width() : axis->axisRect()->height();
    // An axis with no length yet (a plot not laid out, or squeezed to nothing) labels one token.
    if (!(length > 0))
        return int(labels.size());
    const double perCell = length / double(labels.size());
    // (Less a hair: cells grown to the pitch exactly must not lose every second label to
    // floating-point rounding.)
    return int(std::clamp(std::ceil(labelPitch(axis, labels) / perCell - 1e-9), 1.0, double(labels.size())));
}

} // namespace

MatrixPlot::MatrixPlot(Range range, QWidget *parent)
    : Plot(parent)
    , m_range(range)
    , m_title(new PlotTitle(this))
    , m_map(new QCPColorMap(xAxis, yAxis))
    , m_scale(new QCPColorScale(this))
    , m_highlight(nullptr)
{
    // (A replot asks for a paint, PlotStyle::applyDefaults: the lab's eight matrices change
    // together and are painted in one pass.)
    PlotStyle::applyDefaults(this);
    plotLayout()->insertRow(0);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    plotLayout()->addElement(0, 0, m_title);
    m_titleMargins = m_title->margins();
    plotLayout()->addElement(1, 1, m_scale);
    plotLayout()->setRowStretchFactor(0, 0.001);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(8);
    auto *margins = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setGradient(range == Range::Unit ? PlotStyle::sequential() : PlotStyle::diverging());
    m_map->setColorScale(m_scale);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    yAxis->setRangeReversed(true);
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
    PlotFit::fitTicks(this, m_scale, 4);
    PlotFit::fitAxisLabels(this);
    PlotFit::fitTitles(this); // a title wider than its map in lines ("Δ, +16 = 0" on a column)
    m_highlight = new CellHighlight(this);
    m_highlight->hide();
    PlotStyle::keepTickLabelsApart(this, xAxis, 6);
    PlotStyle::keepTickLabelsApart(this, yAxis, 6);
    // Tokens as labels where they fit: every s-th token on a crowded axis (64 tokens).
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        // Presentation mode and figures change the fonts: the minimum size follows them.
        if (const int line = QFontMetrics(xAxis->tickLabelFont()).height(); line != m_line) {
            m_line = line;
            updateGeometry();
        }
    });
    // Square cells take their padding after a layout, and a figure is painted after a layout
    // of its own (no replot): the tokens are labelled again for the cells' final size, and
    // the axes prepared again for them (one label a map in every figure, else).
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        if (m_square)
            keepCellsSquare();
        if (labelTokens())
            PlotFit::layOutNow(this);
    });
    setMouseTracking(true);
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        if (event->button() != Qt::LeftButton)
            return;
        if (const auto cell = cellAt(event->position()))
            emit cellClicked(cell->first, cell->second);
    });
}

MatrixPlot::~MatrixPlot()
{
    delete m_highlight;
}

bool MatrixPlot::labelTokens()
{
    bool changed = false;
    const auto label = [&changed](QCPAxis *axis, const QStringList &labels, int &stride, bool fromLast) {
        if (labels.isEmpty())
            return;
        const int fitting = labelStride(axis, labels);
        if (fitting == stride)
            return;
        stride = fitting;
        setTicks(axis, labels, fitting, fromLast);
        changed = true;
    };
    label(xAxis, m_columnLabels, m_columnStride, false);
    label(yAxis, m_rowLabels, m_rowStride, m_lastRowLabelled);
    return changed;
}

void MatrixPlot::setTitle(const QString &title)
{
    m_title->setText(title);
}

QString MatrixPlot::title() const
{
    return m_title->text();
}

void MatrixPlot::setScaleLabel(const QString &label)
{
    m_scale->axis()->setLabel(label);
}

void MatrixPlot::setMatrix(const RowMatrixXd &values, const QStringList &rowLabels,
                                    const QStringList &columnLabels, double floor)
{
    // The same matrix to the bit, labels, floor and title: nothing to draw again. A change of
    // d_model leaves some matrices as they were (the shift test's zeros of a scheme that does
    // not see where the phrase starts), and a replot costs more than this comparison.
    const bool same = m_values.rows() == values.rows() && m_values.cols() == values.cols()
                      && std::equal(values.data(), values.data() + values.size(), m_values.data(),
                                    [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; })
                      && rowLabels == m_rowLabels && columnLabels == m_columnLabels && floor == m_floor
                      && title() == m_drawnTitle && m_given == m_drawnGiven
                      && m_map->data()->keySize() == std::max(int(values.cols()), 1);
    if (same)
        return;
    m_floor = floor;
    m_drawnTitle = title();
    m_drawnGiven = m_given;
    m_values = values;
    const int rows = int(values.rows());
    const int columns = int(values.cols());
    QCPColorMapData *data = m_map->data();
    data->setSize(std::max(columns, 1), std::max(rows, 1));
    data->setRange(QCPRange(0, std::max(columns - 1, 0)), QCPRange(0, std::max(rows - 1, 0)));
    double largest = 0;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const double v = values(r, c);
            data->setCell(c, r, std::isfinite(v) ? v : 0);
            if (std::isfinite(v))
                largest = std::max(largest, std::abs(v));
        }
    }
    if (m_given) {
        m_scale->setDataRange(*m_given);
    } else if (m_range == Range::Unit) {
        m_scale->setDataRange(QCPRange(0, 1));
    } else {
        const double extent = std::max({largest, floor, 1e-300});
        m_scale->setDataRange(QCPRange(-extent, extent));
    }
    m_rowLabels = rowLabels;
    m_columnLabels = columnLabels;
    setTicks(xAxis, columnLabels, 1);
    setTicks(yAxis, rowLabels, 1);
    m_columnStride = m_rowStride = 1;
    xAxis->setRange(-0.5, columns - 0.5);
    yAxis->setRange(-0.5, rows - 0.5);
    replot(QCustomPlot::rpQueuedReplot);
}

QSize MatrixPlot::minimumSizeHint() const
{
    // Room for a title, three lines of tick labels in the cells, the axis label and the ticks:
    // the panes scroll rather than shrink below it.
    // A figure's page decides its size (the export scales the text to fit): no minimum there.
    // The padding that keeps the cells square is not needed room: it would make the page grow
    // the view to make room for it, and the padding grow with the view.
    // A figure is never less than its layout's minimum: a narrower plot starves its colour
    // bar, whose bar then has no width at all and is not drawn.
    if (m_figure)
        return QCustomPlot::minimumSizeHint()
               - QSize(m_padding.left() + m_padding.right(), m_padding.top() + m_padding.bottom() + m_titleTop);
    const int line = QFontMetrics(xAxis->tickLabelFont()).height();
    return QSize(8 * line, 8 * line);
}

void MatrixPlot::setFigure(bool figure)
{
    m_figure = figure;
    updateGeometry();
}

void MatrixPlot::keepCellsSquare()
{
    // As the rotation view keeps M_k square: the axis rect is narrowed (or shortened) by extra
    // margins, so that the ticks and labels stay at the cells' edges. A wide rect is narrowed
    // on the left only, so that the colour bar stays beside the cells; a tall one above the
    // title and below the cells, so that the title stays above them. Laid out again here, in
    // the replot that called (a figure is painted right after its last replot: a queued one
    // would come too late), from no padding each time: its natural margins change with the
    // fonts and the size, and a padding measured for another size may leave no room at all.
    QCPAxisRect *rect = axisRect();
    if (!m_padding.isNull() || m_titleTop > 0) {
        m_padding = QMargins();
        m_titleTop = 0;
        m_title->setMargins(m_titleMargins);
        rect->setMinimumMargins(QMargins());
        // The colour bar shares the rect's top and bottom margins (their margin group) and, as
        // any QCPLayoutElement, keeps the largest margins it ever had as its own: from none.
        m_scale->setMargins(QMargins());
        PlotFit::layOutNow(this);
    }
    const int width = rect->width();
    const int height = rect->height();
    if (width <= 0 || height <= 0)
        return;
    const double rows = std::max<double>(m_values.rows(), 1);
    const double columns = std::max<double>(m_values.cols(), 1);
    // The cells' side in pixels, and the rect that holds them at that side. Cells named by
    // tokens (not an image's patches) widen to their labels' pitch where that labels every
    // key and the rect has the room, up to half again their height (every key of a small map
    // labelled rather than every second); a cell widened short of the pitch would help no
    // label, and stays square.
    const double cell = std::min(width / columns, height / rows);
    const double pitch = m_columnLabels.size() > 1 ? labelPitch(xAxis, m_columnLabels) : cell;
    const double cellWidth = pitch > cell && pitch <= std::min(1.5 * cell, width / columns) ? pitch : cell;
    // Widened cells keep their whole pitch: the rect's width is rounded up for them.
    const int wide = std::max(width - int(cellWidth > cell ? std::ceil(cellWidth * columns - 1e-9)
                                                           : std::lround(cellWidth * columns)), 0);
    const int tall = std::max(height - int(std::lround(cell * rows)), 0);
    // Spare height half above the title, half below the cells: the title stays right above
    // them, and the block in the middle.
    m_titleTop = tall / 2;
    m_padding = QMargins(wide, 0, 0, tall - m_titleTop);
    if (m_padding.isNull() && m_titleTop == 0)
        return;
    m_title->setMargins(m_titleMargins + QMargins(0, m_titleTop, 0, 0));
    rect->setMinimumMargins(rect->margins() + m_padding);
    PlotFit::layOutNow(this);
}

void MatrixPlot::setSquareCells(bool square)
{
    m_square = square;
    replot(QCustomPlot::rpQueuedReplot);
}

QCPRange MatrixPlot::dataRange() const
{
    return m_scale->dataRange();
}

std::optional<std::pair<int, int>> MatrixPlot::cellAt(const QPointF &pixel) const
{
    if (!axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    const int column = int(std::lround(xAxis->pixelToCoord(pixel.x())));
    const int row = int(std::lround(yAxis->pixelToCoord(pixel.y())));
    if (row < 0 || column < 0 || row >= m_values.rows() || column >= m_values.cols())
        return std::nullopt;
    return std::pair{row, column};
}

void MatrixPlot::highlight(std::optional<std::pair<int, int>> cell)
{
    if (!cell) {
        m_highlight->hide();
    } else {
        const double r = cell->first;
        const double c = cell->second;
        m_highlight->show(QCPRange(c - 0.5, c + 0.5), QCPRange(r - 0.5, r + 0.5));
    }
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace posenc

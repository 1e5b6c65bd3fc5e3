// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/heatmap/heatmapview.h"

#include "core/encoding.h"
#include "ui/state/dimensionlist.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"
#include "ui/views/heatmap/heatmaptext.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

// The parameters the matrix depends on: the probe position and the offset k only move the
// two marker lines.
EncodingParams matrixParams(EncodingParams p)
{
    p.position = 0;
    p.offset = 0;
    return p;
}

// The columns shown for `dims` (empty: every column); chosen columns beyond d_model are
// kept in the scene but not drawn, and with none left every column is shown.
QList<int> columnsFor(const QList<int> &dims, int dModel)
{
    QList<int> columns;
    for (int d : dims) {
        if (d >= 0 && d < dModel)
            columns << d;
    }
    if (columns.isEmpty()) {
        columns.reserve(dModel);
        for (int d = 0; d < dModel; ++d)
            columns << d;
    }
    return columns;
}

bool allColumns(const QList<int> &columns, int dModel)
{
    return columns.size() == dModel && columns.constFirst() == 0 && columns.constLast() == dModel - 1;
}

} // namespace

HeatmapView::HeatmapView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_bar(new QWidget(this))
    , m_onlyDims(new QCheckBox(tr("Only &dimensions:"), m_bar))
    , m_dimsEdit(new QLineEdit(m_bar))
    , m_hint(PlotZoom::makeHintLabel(m_bar))
    , m_plot(new Plot(this))
{
    setAccessibleName(tr("Heatmap of the encoding"));
    m_onlyDims->setToolTip(tr("Show only the dimensions listed, such as 0-5, instead of every column."));
    m_dimsEdit->setPlaceholderText(QStringLiteral("0-5"));
    m_dimsEdit->setText(QStringLiteral("0-5"));
    m_dimsEdit->setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('0')) * 18);
    m_dimsEdit->setAccessibleName(tr("Dimensions the heatmap shows"));
    m_dimsTip = tr("Up to %1 dimensions, such as 0-5 or 0, 2, 64-66; Enter applies.").arg(kMaxColumns);
    m_dimsEdit->setToolTip(m_dimsTip);
    auto *bar = new QHBoxLayout(m_bar);
    bar->setContentsMargins(6, 2, 6, 0);
    bar->addWidget(m_onlyDims);
    bar->addWidget(m_dimsEdit);
    bar->addStretch(1);
    bar->addWidget(m_hint);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_bar);
    layout->addWidget(m_plot, 1);
    PlotStyle::applyDefaults(m_plot);

    m_plot->xAxis->setLabel(tr("dimension (column of PE)"));
    m_plot->yAxis->setLabel(tr("position pos"));
    PlotStyle::useIntegerTicks(m_plot->xAxis);
    PlotStyle::useIntegerTicks(m_plot->yAxis);
    // Dimensions up to 4096 on a narrow map (a Chinese single column): as many ticks as stay apart.
    PlotFit::fitTicks(m_plot, m_plot->xAxis, 8);
    m_plot->yAxis->setRangeReversed(true); // position `start` at the top, as in the matrix
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false); // one crisp block per value, never a blur

    m_scale = new QCPColorScale(m_plot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("PE value"));
    m_scale->setGradient(PlotStyle::diverging());
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_map->setColorScale(m_scale);
    auto *margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    // What a pixel shows where it is a mean of cells, above the map (as similarity's title).
    m_plot->plotLayout()->insertRow(0);
    m_note = new PlotTitle(m_plot);
    m_note->setFont(m_plot->xAxis->tickLabelFont());
    m_note->setTextColor(QColor(0x55, 0x55, 0x55));
    m_plot->plotLayout()->addElement(0, 0, m_note);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowSpacing(0); // no band over the map while there is no note
    PlotFit::fitTitles(m_plot); // the note in lines where wider than the map (a figure's column)

    // The markers and the highlight on QCustomPlot's buffered overlay layer: moving pos or k
    // redraws that layer alone, not the map under it.
    m_posMarker = new RowMarker(m_plot, Qt::SolidLine);
    m_shiftedMarker = new RowMarker(m_plot, Qt::DashLine);
    m_highlight = new CellHighlight(m_plot);
    // Room for the marker labels beside the map, measured in their final fonts (presentation
    // mode enlarges them).
    connect(m_plot, &QCustomPlot::beforeReplot, this,
            [this] { RowMarker::reserveMargin(m_plot, {m_posMarker, m_shiftedMarker}); });
    // After every layout (resize, zoom, pan) and before drawing: the map at the new resolution.
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapView::fitMap);
    connect(m_plot, &QCustomPlot::afterLayout, this,
            [this] { RowMarker::placeLabels(m_plot, {m_posMarker, m_shiftedMarker}); });
    PlotZoom::install(m_plot, [this] { resetZoom(); });

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapView::onMousePress);
    connect(m_onlyDims, &QCheckBox::toggled, this, &HeatmapView::applyDimensionFilter);
    connect(m_dimsEdit, &QLineEdit::editingFinished, this, [this] {
        // Unticked, the list is not applied but still checked: a wrong one says so at once,
        // not only when the box is ticked later.
        if (m_onlyDims->isChecked())
            applyDimensionFilter();
        else
            chosenDimensions();
    });
    connect(m_dimsEdit, &QLineEdit::textEdited, this, [this] { m_dimsEdit->setStyleSheet(QString()); });
    connect(m_state, &EncodingState::changed, this, &HeatmapView::onStateChanged);
    connect(m_state, &EncodingState::inspectionChanged, this, [this] {
        moveHighlight();
        m_plot->layer(QStringLiteral("overlay"))->replot();
    });
    refresh();
}

HeatmapView::~HeatmapView()
{
    delete m_posMarker;
    delete m_shiftedMarker;
    delete m_highlight;
}

QString HeatmapView::boxNote() const
{
    return PlotFit::fullText(m_note);
}

void HeatmapView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void HeatmapView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateBar();
    if (m_dirty)
        refresh();
}

bool HeatmapView::event(QEvent *event)
{
    if (event->type() == QEvent::DynamicPropertyChange)
        updateBar(); // PlotStyle::setFigure
    return QWidget::event(event);
}

void HeatmapView::updateBar()
{
    const bool figure = PlotStyle::isDrawnForFile(this);
    if (m_bar->isHidden() != figure)
        m_bar->setVisible(!figure);
}

std::optional<QList<int>> HeatmapView::chosenDimensions()
{
    m_dimsEdit->setStyleSheet(QString());
    QString why;
    const auto dims = DimensionList::parse(m_dimsEdit->text(), m_state->params().dModel, &why, kMaxColumns);
    if (!dims) {
        m_dimsEdit->setStyleSheet(QStringLiteral("color: #b2182b;"));
        QToolTip::showText(m_dimsEdit->mapToGlobal(QPoint(0, m_dimsEdit->height())), why, m_dimsEdit);
    }
    m_dimsEdit->setToolTip(dims ? m_dimsTip : why);
    return dims;
}

void HeatmapView::applyDimensionFilter()
{
    Scene scene = m_state->scene();
    if (!m_onlyDims->isChecked()) {
        m_dimsEdit->setStyleSheet(QString());
        scene.heatmapDimensions.clear();
    } else {
        const auto dims = chosenDimensions();
        if (!dims)
            return;
        scene.heatmapDimensions = *dims;
    }
    if (!(scene == m_state->scene()))
        m_state->setScene(scene);
}

void HeatmapView::refresh()
{
    m_dirty = false;
    const EncodingParams &p = m_state->params();
    const QList<int> &chosen = m_state->scene().heatmapDimensions;
    {
        const QSignalBlocker blockBox(m_onlyDims);
        m_onlyDims->setChecked(!chosen.isEmpty());
        if (!chosen.isEmpty() && !m_dimsEdit->hasFocus())
            m_dimsEdit->setText(DimensionList::format(chosen));
    }
    m_columns = columnsFor(chosen, p.dModel);
    const Shown shown{matrixParams(p), m_columns};
    const bool matrixChanged = !m_shown || !(*m_shown == shown);
    m_shown = shown;
    moveMarkers();
    moveHighlight();
    if (!matrixChanged) {
        RowMarker::placeLabels(m_plot, {m_posMarker, m_shiftedMarker});
        m_plot->layer(QStringLiteral("overlay"))->replot();
        return;
    }

    const double extent = p.scale != 0 ? std::abs(p.scale) : 1.0;
    m_scale->setDataRange(QCPRange(-extent, extent));
    // The chosen columns by their dimension numbers; all columns by the usual ticks.
    if (allColumns(m_columns, p.dModel)) {
        if (m_plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>())
            m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    } else {
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        for (int n = 0; n < m_columns.size(); ++n)
            ticker->addTick(n, QString::number(m_columns[n]));
        m_plot->xAxis->setTicker(ticker);
    }
    resetZoom();
    fitMap();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::resetZoom()
{
    const EncodingParams &p = m_state->params();
    m_plot->xAxis->setRange(-0.5, m_columns.size() - 0.5);
    m_plot->yAxis->setRange(p.start - 0.5, p.start + p.seqLen - 0.5);
}

void HeatmapView::moveMarkers()
{
    const EncodingParams &p = m_state->params();
    m_posMarker->setRow(p.position);
    m_shiftedMarker->setRow(p.position + p.offset);
    m_posMarker->setText(tr("pos = %1").arg(CellText::number(p.position, 10)));
    m_shiftedMarker->setText(tr("pos + k = %1").arg(CellText::number(p.position + p.offset, 10)));
    // k = 0: one line, both names on its label.
    const bool same = p.offset == 0;
    m_shiftedMarker->setVisible(!same);
    if (same)
        m_posMarker->setText(tr("pos = pos + k = %1").arg(CellText::number(p.position, 10)));
}

void HeatmapView::moveHighlight()
{
    const Inspection &what = m_state->inspection();
    const EncodingParams &p = m_state->params();
    const qsizetype column = m_columns.indexOf(int(what.b));
    if (what.kind != Inspection::Kind::Cell || column < 0 || what.a < p.start || what.a >= p.start + p.seqLen) {
        m_highlight->hide();
        return;
    }
    // The box the click explained (a single cell without boxes).
    const int rows = std::max(1, what.box);
    const int firstRow = int(std::floor((what.a - p.start) / rows)) * rows;
    const int lastRow = std::min(firstRow + rows, p.seqLen) - 1;
    const int columns = std::max(1, what.boxColumns);
    const int firstColumn = allColumns(m_columns, p.dModel) ? int(column) / columns * columns : int(column);
    const int lastColumn = allColumns(m_columns, p.dModel) ? std::min<int>(firstColumn + columns, int(m_columns.size())) - 1
                                                           : int(column);
    m_highlight->show(QCPRange(firstColumn - 0.5, lastColumn + 0.5),
                      QCPRange(p.start + firstRow - 0.5, p.start + lastRow + 0.5));
}

void HeatmapView::fitMap()
{
    // Not before refresh() has caught up with the state: a view shown after changes made
    // while it was hidden is laid out (and replotted) before its showEvent, and its columns
    // would then be those of the old d_model, read against the new one (ASan: a read past
    // the end of the row in encodingBoxAverage).
    if (!m_shown || m_dirty)
        return;
    const EncodingParams &p = m_state->params();
    const int columnCount = int(m_columns.size());

    const auto visible = BoxedColorMap::visibleGrid(m_plot, p.seqLen, columnCount, p.start);
    if (!visible)
        return; // nothing of the matrix is in view: keep what the map holds
    const BoxGrid &grid = *visible;
    // A figure says what its map is drawn from (its page's dots or cells may average further),
    // but not how to zoom: it is no interface.
    const bool boxed = grid.rowsPerBox > 1 || grid.columnsPerBox > 1;
    const QString note = !boxed ? QString()
                         : PlotStyle::isFigure(this)
                             ? tr("drawn from the means of boxes of %1 × %2 cells (positions × dimensions)")
                                   .arg(grid.rowsPerBox)
                                   .arg(grid.columnsPerBox)
                             : tr("each pixel: the mean of %1 × %2 cells (positions × dimensions; zoom in for single cells)")
                                   .arg(grid.rowsPerBox)
                                   .arg(grid.columnsPerBox);
    if (note != PlotFit::fullText(m_note)) {
        m_note->setText(note);
        m_plot->replot(QCustomPlot::rpQueuedReplot); // the note's row has a new height
    }
    if (m_mapShown && *m_mapShown == *m_shown && m_mapGrid == grid)
        return;
    m_mapShown = m_shown;
    m_mapGrid = grid;

    // How aliasing is handled: each map cell is the mean of the matrix cells in its box (a
    // box filter, computed in closed form along positions, see encodingBoxAverage), never
    // every s-th cell. Sampling would alias: the fastest dimensions have a wavelength of 2π
    // positions, and every 24th position of them draws slow stripes that are not in the
    // matrix; their mean over a box is honestly near 0 (white). QCustomPlot then draws one
    // block per box without interpolation, so a box covers one device pixel or a little more
    // and nothing is dropped.
    if (allColumns(m_columns, p.dModel)) {
        BoxedColorMap::setBoxes(m_map, grid, p.start, [&](double *cells) { encodingBoxAverageInto(p, grid, cells); });
    } else {
        // The chosen columns one by one (at most kMaxColumns), each a column of row boxes;
        // a box of several map columns is their mean.
        RowMatrixXd boxes = RowMatrixXd::Zero(grid.rows(), grid.columns());
        for (int n = grid.firstColumn; n < grid.firstColumn + grid.columnCount; ++n) {
            BoxGrid one = grid;
            one.firstColumn = m_columns[n];
            one.columnCount = 1;
            one.columnsPerBox = 1;
            const int box = (n - grid.firstColumn) / grid.columnsPerBox;
            const int inBox = std::min(grid.columnsPerBox, grid.firstColumn + grid.columnCount - box * grid.columnsPerBox - grid.firstColumn);
            boxes.col(box) += encodingBoxAverage(p, one).col(0) / double(inBox);
        }
        BoxedColorMap::setBoxes(m_map, boxes, grid, p.start);
    }
}

QString HeatmapView::cellToolTip(int row, int column) const
{
    // What the pixel shows: the mean of its box of cells where cells are smaller than pixels.
    const EncodingParams &p = m_state->params();
    if (column < 0 || column >= m_columns.size())
        return QString();
    if (!allColumns(m_columns, p.dModel))
        return HeatmapText::cellBox(p, p.start + row, m_columns[column], m_mapGrid.rowsPerBox, 1);
    return HeatmapText::cellBox(p, p.start + row, column, m_mapGrid.rowsPerBox, m_mapGrid.columnsPerBox);
}

std::optional<std::pair<int, int>> HeatmapView::cellAt(const QPointF &pixel) const
{
    const EncodingParams &p = m_state->params();
    return BoxedColorMap::cellAt(m_plot, pixel, p.seqLen, int(m_columns.size()), p.start);
}

void HeatmapView::onMouseMove(QMouseEvent *event)
{
    const auto cell = cellAt(event->position());
    if (!cell) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), cellToolTip(cell->first, cell->second), m_plot);
}

void HeatmapView::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const auto cell = cellAt(event->position());
    if (!cell)
        return;
    // The inspector explains the dimension of the clicked column.
    const EncodingParams &p = m_state->params();
    const bool all = allColumns(m_columns, p.dModel);
    m_state->setInspection({Inspection::Kind::Cell, p.start + cell->first, double(m_columns[cell->second]),
                            m_mapGrid.rowsPerBox, all ? m_mapGrid.columnsPerBox : 1});
}

} // namespace posenc

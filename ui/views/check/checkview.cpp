// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/check/checkview.h"

#include "core/frequencies.h"
#include "ui/state/encodingstate.h"
#include "ui/state/stdtext.h"
#include "ui/views/celltext.h"
#include "ui/views/check/checkedfile.h"
#include "ui/views/check/checkreader.h"
#include "ui/views/check/componentsplot.h"
#include "ui/views/findingtext.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

QString shapeText(const std::vector<long long> &shape)
{
    QStringList parts;
    for (long long n : shape)
        parts << QString::number(n);
    return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

double CheckView::columnFrequency(const EncodingCheck &check, int column)
{
    if (column < 0 || std::size_t(column) >= check.columnFits.size() || check.positionStep == 0)
        return qQNaN();
    return std::abs(check.columnFits[std::size_t(column)].theta / check.positionStep);
}

CheckView::CheckView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_fileLabel(new QLabel)
    , m_verdict(new QLabel)
    , m_summary(new QLabel)
    , m_transfer(new QLabel)
    , m_useButton(new QPushButton(tr("&Use this convention")))
    , m_readingBar(new QProgressBar)
    , m_cancelButton(new QPushButton(tr("Cancel")))
    , m_reader(new CheckReader(this))
    , m_mapPlot(new Plot)
    , m_ladderPlot(new Plot)
    , m_components(new ComponentsPlot)
    , m_findings(new QListWidget)
    , m_hint(nullptr)
{
    setAccessibleName(tr("Check an encoding: a matrix from a file, the convention it follows and its bugs"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto *header = new QHBoxLayout;
    QFont bold = m_fileLabel->font();
    bold.setBold(true);
    m_fileLabel->setFont(bold);
    m_fileLabel->setTextFormat(Qt::PlainText);
    m_fileLabel->setWordWrap(true);
    m_useButton->setToolTip(tr("Set the app's parameters to the convention identified in the file, so that every "
                               "view shows it"));
    PlotStyle::markScreenOnly(m_useButton);
    header->addWidget(m_fileLabel, 1);
    header->addWidget(m_readingBar);
    header->addWidget(m_cancelButton);
    header->addWidget(m_useButton);
    layout->addLayout(header);
    m_readingBar->setRange(0, 100);
    m_readingBar->setAccessibleName(tr("Reading and checking the file"));
    m_cancelButton->setToolTip(tr("Stop reading this file and go back to the one shown before"));
    for (QWidget *w : {static_cast<QWidget *>(m_readingBar), static_cast<QWidget *>(m_cancelButton)}) {
        PlotStyle::markScreenOnly(w);
        w->hide();
    }
    // Busy until the check reports a first fraction (the file's bytes are read without one).
    connect(m_reader, &CheckReader::progressed, this, [this](double fraction) {
        if (fraction > 0) {
            m_readingBar->setRange(0, 100);
            m_readingBar->setValue(int(std::lround(100 * fraction)));
        }
    });
    connect(m_reader, &CheckReader::finished, this, [this] {
        m_dirty = true;
        if (isVisible() && !m_refreshing)
            refresh();
    });
    connect(m_cancelButton, &QPushButton::clicked, this, &CheckView::cancelReading);

    m_verdict->setFont(bold);
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_transfer->setWordWrap(true);
    m_transfer->setTextFormat(Qt::PlainText);
    m_transfer->hide();
    PlotStyle::markScreenOnly(m_transfer);
    layout->addWidget(m_verdict);
    layout->addWidget(m_summary);
    layout->addWidget(m_transfer);
    // The maps and the ladder side by side, the findings under them.
    auto *plots = m_plots = new QBoxLayout(QBoxLayout::LeftToRight);
    plots->addWidget(m_mapPlot, 3);
    plots->addWidget(m_ladderPlot, 1);
    plots->addWidget(m_components, 1);
    m_components->hide();
    layout->addLayout(plots, 3);

    m_findings->setWordWrap(true);
    m_findings->setAccessibleName(tr("Findings"));
    m_findings->setSelectionMode(QAbstractItemView::NoSelection);
    m_findings->setTextElideMode(Qt::ElideNone);
    // Long sentences wrap at the list's width rather than run past it.
    m_findings->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_findings->setResizeMode(QListView::Adjust);
    layout->addWidget(m_findings, 1);

    // Three maps under a title row: the file and the reference on one colour scale, the
    // difference on its own (a residual of 1e-3 is white on ±1), each bar right of its maps.
    // The plot's own axis rect is the file's, whose xAxis and yAxis BoxedColorMap reads.
    QCPLayoutGrid *grid = m_mapPlot->plotLayout();
    grid->insertRow(0);
    const QString titles[3] = {tr("the file"), tr("the reference identified"), tr("file − reference")};
    auto *margins = new QCPMarginGroup(m_mapPlot);
    m_scale = new QCPColorScale(m_mapPlot);
    m_differenceScale = new QCPColorScale(m_mapPlot);
    for (int i = 0; i < 3; ++i) {
        const int column = i < 2 ? i : 3;
        QCPAxisRect *rect = i == 0 ? m_mapPlot->axisRect() : new QCPAxisRect(m_mapPlot);
        if (i > 0)
            grid->addElement(1, column, rect);
        auto *title = new PlotTitle(m_mapPlot, titles[i]);
        grid->addElement(0, column, title);
        m_titles << title;
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        QCPAxis *y = rect->axis(QCPAxis::atLeft);
        x->setLabel(tr("dimension"));
        PlotStyle::useIntegerTicks(x);
        PlotStyle::useIntegerTicks(y);
        PlotStyle::keepTickLabelsApart(m_mapPlot, x, 6);
        PlotFit::fitTicks(m_mapPlot, y, 8); // a short map of a figure has room for few rows
        y->setRangeReversed(true);
        auto *map = new QCPColorMap(x, y);
        map->setInterpolate(false);
        map->setColorScale(i < 2 ? m_scale : m_differenceScale);
        m_maps << map;
        m_rects << rect;
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
        rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
        rect->setRangeZoom(Qt::Horizontal | Qt::Vertical);
        m_highlights << new CellHighlight(m_mapPlot, rect);
        m_highlights.last()->hide();
    }
    grid->addElement(1, 2, m_scale);
    grid->addElement(1, 4, m_differenceScale);
    grid->setRowStretchFactor(0, 0.001);
    grid->setColumnStretchFactors({1, 1, 0.001, 1, 0.001}); // the bars as narrow as their labels
    for (QCPColorScale *scale : {m_scale, m_differenceScale}) {
        scale->setType(QCPAxis::atRight);
        scale->setGradient(PlotStyle::diverging());
        scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
        scale->axis()->setLabel(scale == m_scale ? tr("value") : tr("difference"));
    }
    PlotStyle::applyDefaults(m_mapPlot);
    m_mapPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // The three maps show the same cells: a zoom or a drag in one moves the others.
    for (QCPAxisRect *rect : m_rects) {
        for (QCPAxis *axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            connect(axis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this, horizontal](const QCPRange &range) {
                if (m_linking)
                    return;
                m_linking = true;
                for (QCPAxisRect *other : m_rects)
                    other->axis(horizontal ? QCPAxis::atBottom : QCPAxis::atLeft)->setRange(range);
                m_linking = false;
            });
        }
    }
    connect(m_mapPlot, &QCustomPlot::afterLayout, this, &CheckView::fitMaps);
    m_hint = PlotZoom::makeHintOverlay(m_mapPlot);
    PlotZoom::install(m_mapPlot, [this] { resetZoom(); });
    m_mapPlot->setMouseTracking(true);
    connect(m_mapPlot, &QCustomPlot::mousePress, this, &CheckView::onMousePress);
    connect(m_mapPlot, &QCustomPlot::mouseMove, this, &CheckView::onMouseMove);
    PlotStyle::keepTickLabelsApart(m_ladderPlot, m_ladderPlot->xAxis, 8);
    PlotFit::fitTicks(m_mapPlot, m_scale, 5);
    PlotFit::fitTicks(m_mapPlot, m_differenceScale, 5);
    PlotFit::fitAxisLabels(m_mapPlot);
    PlotFit::fitTitles(m_mapPlot); // the difference's title with its range may outgrow its map

    PlotStyle::applyDefaults(m_ladderPlot);
    m_ladderPlot->xAxis->setLabel(tr("frequency index k"));
    m_ladderPlot->yAxis->setLabel(tr("frequency w_k (rad per position)"));
    PlotStyle::useIntegerTicks(m_ladderPlot->xAxis);
    PlotStyle::useLogScale(m_ladderPlot->yAxis);
    // The legend in a row under the plot: the ladders fill the plot from corner to corner.
    QCPLegend *legend = m_ladderPlot->legend;
    legend->setVisible(true);
    m_ladderPlot->axisRect()->insetLayout()->take(legend);
    m_ladderPlot->plotLayout()->addElement(1, 0, legend);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(1);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(QSize(20, 10));
    m_ladderPlot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_ladderPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    PlotZoom::install(m_ladderPlot, [this] { refreshLadder(); });
    PlotFit::fitTicks(m_ladderPlot, m_ladderPlot->yAxis, 5);
    PlotFit::fitAxisLabels(m_ladderPlot);
    PlotFit::fitLegendEntries(m_ladderPlot, m_ladderPlot->legend);

    // A small page: the file, the verdict, the maps and the ladder; the summary and the
    // findings are the window's (and Describe View's). A page that is not wide (a single
    // column) has room for the maps or the ladder under the verdict, not both: the maps.
    // A small page, and from one small page to another (a single column to a slide) the
    // compact layout arranged again.
    PlotStyle::watchFigureShape(this, QSizeF(70, 36), [this](PlotStyle::FigureShape shape) {
        m_compact = shape.compact;
        m_wide = shape.wide;
        applyFigureLayout();
    });

    connect(m_useButton, &QPushButton::clicked, this, [this] {
        m_state->nameNextChange([] { return tr("Use this convention"); });
        const QStringList notCarried = useConvention(m_state);
        m_state->flush(); // named now, and the name dropped if nothing changed
        m_state->takeChangeName();
        m_transfer->setText(notCarried.isEmpty() ? tr("Every view now shows the convention of the file.")
                                                 : tr("Every view now shows the convention of the file, except: %1")
                                                       .arg(notCarried.join(QLatin1Char(' '))));
        m_transfer->show();
    });
    connect(m_state, &EncodingState::changed, this, &CheckView::onStateChanged);
    connect(m_state, &EncodingState::inspectionChanged, this, [this] {
        moveHighlight();
        m_mapPlot->layer(QStringLiteral("overlay"))->replot();
    });
    refresh();
}

// Showing or hiding a panel may resize the view at once, and its figure watcher arrange it
// again inside this arrangement: the inner one is deferred to after the outer, else the outer's
// show of the ladder finishes after the inner's hide of it.
void CheckView::applyFigureLayout()
{
    if (m_arranging) {
        m_arrangeAgain = true;
        return;
    }
    m_arranging = true;
    do {
        m_arrangeAgain = false;
        arrangeFigure();
    } while (m_arrangeAgain);
    m_arranging = false;
}

void CheckView::arrangeFigure()
{
    const bool compact = m_compact;
    m_summary->setVisible(!compact);
    m_findings->setVisible(!compact);
    m_mapsOnly = compact && !m_wide;
    m_titles[1]->setText(compact ? tr("reference") : tr("the reference identified"));
    fitColorScales();
    m_ladderPlot->yAxis->setLabel(compact ? tr("w_k") : tr("frequency w_k (rad per position)"));
    m_ladderPlot->xAxis->setLabel(compact ? tr("k") : tr("frequency index k"));
    // A small page: the ladder under the maps, one axis title for the three maps.
    m_plots->setDirection(compact ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    m_plots->setStretch(1, compact ? 3 : 1);
    m_plots->setStretch(2, compact ? 3 : 1);
    m_ladderPlot->legend->setWrap(compact ? 3 : 1);
    for (int i = 1; i < m_rects.size(); ++i) { // the file's rows name the others' too
        m_rects[i]->axis(QCPAxis::atBottom)->setLabel(compact ? QString() : tr("dimension"));
        m_rects[i]->axis(QCPAxis::atLeft)->setTickLabels(!compact);
    }
    m_mapPlot->replot(QCustomPlot::rpQueuedReplot);
    refreshLadder();
}

CheckView::~CheckView()
{
    qDeleteAll(m_highlights);
}

void CheckView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void CheckView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

double CheckView::rowOriginOf(const CheckedFile &checked)
{
    const EncodingCheck &c = checked.check;
    // Rows at whole positions one apart are drawn at their positions; others at their rows.
    if (checked.ok() && c.positionStep == 1 && std::isfinite(c.start) && c.start == std::round(c.start)
        && std::abs(c.start) < 1e9)
        return c.start;
    return 0;
}

void CheckView::resetZoom()
{
    if (!m_checked || !m_checked->ok())
        return;
    m_linking = true;
    for (QCPAxisRect *rect : m_rects) {
        rect->axis(QCPAxis::atBottom)->setRange(-0.5, double(m_checked->dimensions()) - 0.5);
        rect->axis(QCPAxis::atLeft)->setRange(m_rowOrigin - 0.5, m_rowOrigin + double(m_checked->positions()) - 0.5);
    }
    m_linking = false;
}

void CheckView::refresh()
{
    m_dirty = false;
    m_state->takeChanges(this);
    const QString &path = m_state->scene().checkFile, &tensor = m_state->scene().checkTensor;
    std::shared_ptr<const CheckedFile> checked = CheckedFile::loaded(path, tensor);
    if (!checked && CheckedFile::quickToRead(path))
        checked = CheckedFile::load(path, tensor);
    if (!checked && !m_reader->isReading(path, tensor)) {
        // A large file is read and checked off the window's thread; finished() refreshes.
        m_readingBar->setRange(0, 0);
        m_refreshing = true; // where jobs run at once, finished() comes before start() returns
        m_reader->start(path, tensor);
        m_refreshing = false;
        checked = CheckedFile::loaded(path, tensor);
    }
    if (!checked) {
        showReading(true);
        return;
    }
    const bool wasReading = reading();
    m_reader->cancel();
    showReading(false);
    const bool fileChanged = checked != m_checked || wasReading;
    m_checked = checked;
    if (fileChanged) {
        m_transfer->hide();
        m_fileLabel->setText(checked->ok() ? tr("%1: %2 %3, %4 positions × %5 dimensions")
                                                 .arg(checked->displayName(), fromStd(storedTypeName(checked->check.dtype)),
                                                      shapeText(checked->check.shape))
                                                 .arg(checked->check.positions)
                                                 .arg(checked->check.dModel)
                                           : checked->displayName());
        m_verdict->setText(verdict(*checked));
        m_summary->setText(checked->ok() ? summary(*checked) : QString());
        m_summary->setVisible(checked->ok() && !m_compact);
        m_useButton->setEnabled(checked->ok() && checked->check.dModel >= EncodingParams::kMinDModel
                                && !checked->check.learned);
        m_rowOrigin = rowOriginOf(*checked);
        const QString rows = m_rowOrigin == 0 && !(checked->check.positionStep == 1 && checked->check.start == 0)
                                 ? tr("row r")
                                 : tr("position pos");
        for (QCPAxisRect *rect : m_rects)
            rect->axis(QCPAxis::atLeft)->setLabel(rect == m_rects.first() ? rows : QString());
        m_mapChecked.reset();
        fitColorScales();
        resetZoom();
        refreshFindings();
        moveHighlight();
        fitMaps();
        m_mapPlot->replot(QCustomPlot::rpQueuedReplot);
        refreshLadder();
    }
    // The plots show the file alone; of the app's parameters only the button's text depends
    // on them: whether the app already shows the file's convention.
    if (checked->ok()) {
        const Transfer t = transfer(*checked, m_state->params());
        const bool shown = t.params == m_state->params();
        m_useButton->setText(shown ? tr("Convention in use") : tr("&Use this convention"));
        // A learned table has no convention to use.
        m_useButton->setEnabled(!shown && checked->check.dModel >= EncodingParams::kMinDModel && !checked->check.learned);
    }
}

// While a file is read: its name and the bar in the header; the maps of the file before
// stay until the new one is checked, under a verdict that says what is happening.
void CheckView::showReading(bool reading)
{
    m_readingBar->setVisible(reading);
    m_cancelButton->setVisible(reading);
    m_useButton->setVisible(!reading);
    if (!reading)
        return;
    const QString name = QFileInfo(m_state->scene().checkFile).fileName();
    m_fileLabel->setText(tr("%1: reading and checking…").arg(name));
    m_verdict->setText(tr("Reading and checking %1 in the background; the window stays usable. Cancel goes back "
                          "to the file shown before.")
                           .arg(name));
    // Nothing of the file before stays under the new one's name.
    m_summary->clear();
    m_findings->clear();
    for (QCPColorMap *map : m_maps)
        map->data()->clear();
    m_mapChecked.reset();
    m_ladderPlot->clearGraphs();
    m_components->hide();
    m_ladderPlot->setVisible(!m_mapsOnly);
    m_mapPlot->replot(QCustomPlot::rpQueuedReplot);
    m_ladderPlot->replot(QCustomPlot::rpQueuedReplot);
}

bool CheckView::reading() const
{
    return !m_readingBar->isHidden();
}

void CheckView::cancelReading()
{
    m_reader->cancel();
    Scene scene = m_state->scene();
    scene.checkFile = m_checked ? m_checked->path : QString();
    scene.checkTensor = m_checked ? m_checked->tensor : QString();
    m_state->setScene(scene); // its refresh shows that file again in full
}

void CheckView::fitMaps()
{
    if (!m_checked || reading())
        return;
    if (!m_checked->ok()) {
        for (QCPColorMap *map : m_maps)
            map->data()->clear();
        return;
    }
    const auto visible = BoxedColorMap::visibleGrid(m_mapPlot, int(m_checked->positions()),
                                                    int(m_checked->dimensions()), m_rowOrigin);
    if (!visible)
        return;
    if (m_mapChecked == m_checked && m_grid == *visible)
        return;
    m_mapChecked = m_checked;
    m_grid = *visible;
    using Layer = CheckedFile::Layer;
    const Layer layers[] = {Layer::File, Layer::Reference, Layer::Difference};
    for (int i = 0; i < 3; ++i)
        BoxedColorMap::setBoxes(m_maps[i], m_checked->boxes(layers[i], m_grid), m_grid, m_rowOrigin);
}

// Both scales symmetric about 0 (white is 0); the difference's range in its title, for figures.
void CheckView::fitColorScales()
{
    const bool ok = m_checked && m_checked->ok();
    const double values = ok ? m_checked->valueExtent() : 1, range = ok ? m_checked->differenceExtent() : 1;
    m_scale->setDataRange(QCPRange(-values, values));
    m_differenceScale->setDataRange(QCPRange(-range, range));
    const QString title = m_compact ? tr("difference (±%1)") : tr("file − reference (±%1)");
    m_titles[2]->setText(ok ? title.arg(CellText::number(range, 2)) : tr("file − reference"));
}

void CheckView::refreshLadder()
{
    // A learned table has no ladder: its principal components take the ladder's place.
    const bool learned = m_checked && m_checked->ok() && m_checked->check.learned;
    m_components->setVisible(learned && !m_mapsOnly);
    m_ladderPlot->setVisible(!learned && !m_mapsOnly);
    PlotStyle::setFigureOmits(this, !m_mapsOnly ? nullptr
                                    : learned   ? QT_TRANSLATE_NOOP("FigureExport", "the plot of the file’s principal components")
                                                : QT_TRANSLATE_NOOP("FigureExport", "the plot of the file’s frequencies"));
    if (learned)
        m_components->setTable(*m_checked->check.learned, m_checked->check.start);
    m_ladderPlot->clearGraphs();
    if (learned || !m_checked || !m_checked->ok() || m_checked->check.dModel < 2
        || m_checked->check.hasFinding("too_small")) {
        m_ladderPlot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const EncodingCheck &c = m_checked->check;
    const QList<QColor> &colors = PlotStyle::categorical();
    // The paper's ladder at base 10000 for the same d_model, as core computes it.
    EncodingParams paper;
    paper.dModel = c.dModel;
    paper.base = 10000;
    const Eigen::VectorXd ladder = frequencies(paper);
    // A smooth, falling line: a few thousand of its points draw it as well as millions.
    const Eigen::Index every = std::max<Eigen::Index>(1, ladder.size() / 4096);
    QVector<double> keys, values;
    for (Eigen::Index k = 0; k < ladder.size(); k += std::min(every, std::max<Eigen::Index>(1, ladder.size() - 1 - k))) {
        keys << double(k);
        values << ladder[k];
    }
    QCPGraph *reference = Graph::add(m_ladderPlot);
    reference->setData(keys, values, true);
    reference->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.5, Qt::DashLine));
    reference->setName(m_compact ? tr("paper") : tr("paper, base 10000"));
    // The file's columns, each at the index of its frequency: sines and cosines apart, so that a
    // pair whose two halves disagree (a per-column exponent) shows as two ladders.
    double lowest = ladder.size() ? ladder.minCoeff() : 1e-4, highest = 1;
    const auto addColumns = [&](ColumnRole::Kind kind, const QString &name, QCPScatterStyle::ScatterShape shape, int color) {
        QVector<double> ks, ws;
        for (std::size_t column = 0; column < c.reference.columns.size(); ++column) {
            const ColumnRole &role = c.reference.columns[column];
            const double w = columnFrequency(c, int(column));
            if (role.kind != kind || role.channel < 0 || !(w > 0) || !std::isfinite(w))
                continue;
            ks << double(role.channel);
            ws << w;
            lowest = std::min(lowest, w);
            highest = std::max(highest, w);
        }
        if (ks.isEmpty())
            return;
        QCPGraph *graph = Graph::add(m_ladderPlot);
        graph->setData(ks, ws);
        graph->setLineStyle(QCPGraph::lsNone);
        PlotStyle::setScreenScatter(graph, QCPScatterStyle(shape, colors.at(color % colors.size()), 6));
        graph->setName(name);
    };
    addColumns(ColumnRole::Kind::Sin, m_compact ? tr("sin") : tr("file: sin columns"),
               QCPScatterStyle::ssCircle, 0);
    addColumns(ColumnRole::Kind::Cos, m_compact ? tr("cos") : tr("file: cos columns"),
               QCPScatterStyle::ssCross, 1);
    if (c.frequencies == "fitted" && !c.fittedFrequencies.empty() && m_ladderPlot->graphCount() == 1) {
        QVector<double> ks, ws;
        for (std::size_t k = 0; k < c.fittedFrequencies.size(); ++k) {
            if (c.fittedFrequencies[k] > 0) {
                ks << double(k);
                ws << c.fittedFrequencies[k];
                lowest = std::min(lowest, c.fittedFrequencies[k]);
                highest = std::max(highest, c.fittedFrequencies[k]);
            }
        }
        QCPGraph *graph = Graph::add(m_ladderPlot);
        graph->setData(ks, ws);
        graph->setLineStyle(QCPGraph::lsNone);
        PlotStyle::setScreenScatter(graph, QCPScatterStyle(QCPScatterStyle::ssCircle, colors.at(0), 6));
        graph->setName(tr("file: fitted ladder"));
    }
    m_ladderPlot->xAxis->setRange(-0.5, std::max<double>(double(ladder.size()) - 0.5, 1));
    m_ladderPlot->yAxis->setRange(lowest / 30, highest * 3);
    m_ladderPlot->replot(QCustomPlot::rpQueuedReplot);
}

void CheckView::refreshFindings()
{
    m_findings->clear();
    if (!m_checked || !m_checked->ok())
        return;
    const EncodingCheck &c = m_checked->check;
    for (const Finding &f : c.findings) {
        QStringList lines;
        lines << tr("%1: %2").arg(FindingText::severityLabel(f.severity), FindingText::sentence(f, c));
        if (!f.columns.empty())
            lines << tr("Columns: %1").arg(FindingText::columnRanges(f.columns));
        const QString fix = FindingText::fix(f, c);
        if (!fix.isEmpty())
            lines << tr("Fix: %1").arg(fix);
        auto *item = new QListWidgetItem(lines.join(QLatin1Char('\n')), m_findings);
        item->setData(Qt::UserRole, fromStd(f.code));
        const QStyle::StandardPixmap icon = f.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                                            : f.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                              : QStyle::SP_MessageBoxInformation;
        item->setIcon(style()->standardIcon(icon));
        if (f.severity == Severity::Error)
            item->setForeground(QColor(0xb0, 0x1c, 0x1c));
        else if (f.severity == Severity::Warning)
            item->setForeground(QColor(0x8a, 0x5a, 0x00));
    }
    if (c.matches && !c.implementations.empty()) {
        QStringList who;
        for (const std::string &name : c.implementations)
            who << fromStd(name);
        auto *item = new QListWidgetItem(tr("Used by: %1").arg(who.join(QStringLiteral("; "))), m_findings);
        item->setIcon(style()->standardIcon(QStyle::SP_DialogApplyButton));
    }
}

std::optional<std::pair<int, int>> CheckView::cellAt(const QPointF &pixel) const
{
    if (!m_checked || !m_checked->ok() || reading())
        return std::nullopt;
    for (QCPAxisRect *rect : m_rects) {
        if (!rect->rect().contains(pixel.toPoint()))
            continue;
        const double key = rect->axis(QCPAxis::atBottom)->pixelToCoord(pixel.x());
        const double value = rect->axis(QCPAxis::atLeft)->pixelToCoord(pixel.y());
        const int column = int(std::floor(key + 0.5));
        const int row = int(std::floor(value - m_rowOrigin + 0.5));
        if (row < 0 || row >= m_checked->positions() || column < 0 || column >= m_checked->dimensions())
            return std::nullopt;
        return std::pair{row, column};
    }
    return std::nullopt;
}

void CheckView::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    if (const auto cell = cellAt(event->position()))
        m_state->setInspection({QStringLiteral("check-cell"), m_rowOrigin + cell->first, double(cell->second)});
}

void CheckView::onMouseMove(QMouseEvent *event)
{
    const auto cell = cellAt(event->position());
    if (!cell) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), cellExplanation(*m_checked, cell->first, cell->second), m_mapPlot);
}

void CheckView::moveHighlight()
{
    const Inspection &what = m_state->inspection();
    const bool inside = m_checked && m_checked->ok() && what.kind == QLatin1String("check-cell")
                        && what.a - m_rowOrigin >= 0 && what.a - m_rowOrigin < double(m_checked->positions())
                        && what.b >= 0 && what.b < double(m_checked->dimensions());
    for (int i = 0; i < m_highlights.size(); ++i) {
        if (!inside) {
            m_highlights[i]->hide();
            continue;
        }
        m_highlights[i]->show(QCPRange(what.b - 0.5, what.b + 0.5), QCPRange(what.a - 0.5, what.a + 0.5));
    }
}

} // namespace posenc

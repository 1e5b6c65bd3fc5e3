// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/context/contextview.h"

#include "ui/state/encodingstate.h"
#include "ui/views/context/contextconfig.h"
#include "ui/views/context/contextseries.h"
#include "ui/views/celltext.h"
#include "ui/views/ropeconfigtext.h"
#include "ui/widgets/buddylabel.h"
#include "ui/widgets/fittingcombobox.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/richtextlabel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

const QColor kOriginalColor(0x80, 0x80, 0x80);
const QColor kContextColor(0x33, 0x33, 0x33);

QColor methodColor(int side)
{
    return PlotStyle::categorical().value(side);
}

// A horizontal line across the pairs, as a graph of two points (so that the legend names it).
void setLine(QCPGraph *graph, int pairs, double value)
{
    graph->setData(QVector<double>{-0.5, pairs - 0.5}, QVector<double>{value, value});
}

QDoubleSpinBox *numberBox(double low, double high, int decimals, const QString &tip)
{
    auto *box = new QDoubleSpinBox;
    box->setRange(low, high);
    box->setDecimals(decimals);
    box->setToolTip(tip);
    box->setKeyboardTracking(false);
    // Wide enough for the numbers a lab shows, not for the widest its range allows.
    box->setMinimumWidth(box->fontMetrics().horizontalAdvance(QStringLiteral("100000.0")) + 24);
    return box;
}

// "0–20": a run of pair indices.
QString pairRun(int first, int last)
{
    return first == last ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(last);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// ContextResult

ContextResult ContextResult::compute(const Scene &scene)
{
    ContextResult r;
    ContextOptions o = labOptions<ContextOptions>(scene);
    if (const auto problem = o.validate()) {
        r.problem = *problem;
        return r;
    }
    const int d = scene.params.dModel;
    if (!o.config.isEmpty()) {
        if (!r.readConfig(o))
            return r;
    } else if (d < RopeScaling::kMinDim || d % 2 != 0) {
        r.problem = ContextView::tr("RoPE turns pairs of dimensions: d_model, the head dimension here, must be even and "
                                    "at least %1 (it is %2).")
                        .arg(RopeScaling::kMinDim)
                        .arg(d);
        return r;
    } else {
        r.left = o.scaling(o.left, d, scene.params.base);
        r.right = o.scaling(o.right, d, scene.params.base);
    }
    if (const auto problem = r.left.validate()) {
        r.problem = QString::fromStdString(problem->message);
        return r;
    }
    r.leftFrequencies = ropeFrequencies(r.left);
    r.rightFrequencies = ropeFrequencies(r.right);
    return r;
}

bool ContextResult::readConfig(ContextOptions o)
{
    // The config is read at the lab's length; that length, when it is s·L, is the config's.
    ContextConfig opened = ContextConfig::read(o.config, o.seqLen);
    if (opened.config && o.seqLen == 0)
        opened = ContextConfig::read(o.config, opened.config->scaling.factor * opened.config->scaling.originalContext);
    if (!opened.config) {
        problem = opened.error;
        return false;
    }
    config = std::move(opened.config);
    right = config->scaling;
    o.context = right.originalContext;
    o.factor = right.factor;
    left = o.scaling(o.left, right.dim, right.base);
    right.seqLen = left.seqLen;
    return true;
}

// ---------------------------------------------------------------------------------------------
// ContextView

ContextView::ContextView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_ladder(new QCustomPlot)
    , m_second(new QCustomPlot)
    , m_plotKind(new FittingComboBox(12))
    , m_left(new FittingComboBox(10))
    , m_right(new FittingComboBox(10))
    , m_context(numberBox(1, ContextOptions::kMaxContext, 0, tr("L: the length the model was trained on")))
    , m_factor(numberBox(1, ContextOptions::kMaxFactor, 2, tr("s: how many times longer the model should read")))
    , m_seqLen(numberBox(0, RopeScaling::kMaxContext, 0,
                         tr("The current sequence length, which dynamic NTK scales from (0: s·L)")))
    , m_betaFast(numberBox(1e-6, 1e6, 2, tr("YaRN's beta_fast: pairs making more turns within L are kept")))
    , m_betaSlow(numberBox(1e-6, 1e6, 2, tr("YaRN's beta_slow: pairs making fewer turns within L are divided by s")))
    , m_truncate(new QCheckBox(tr("&round")))
    , m_lowFreq(numberBox(0.01, 1e6, 2, tr("Llama 3.1's low_freq_factor: wavelengths beyond L / it are divided by s")))
    , m_highFreq(numberBox(0.01, 1e6, 2, tr("Llama 3.1's high_freq_factor: wavelengths under L / it are kept")))
    , m_leftText(sentenceLabel())
    , m_rightText(sentenceLabel())
    , m_problem(sentenceLabel())
    , m_configName(new QLabel)
    , m_closeConfig(new QToolButton)
{
    setAccessibleName(tr("Context-extension lab: how RoPE's frequencies are stretched past the training length"));
    m_seqLen->setSpecialValueText(tr("s·L"));
    m_truncate->setToolTip(tr("YaRN rounds the ramp's ends to whole pairs (transformers' truncate)"));
    for (const RopeMethod method : ContextOptions::methods()) {
        m_left->addItem(RopeConfigText::methodShortName(method), QVariant::fromValue(int(method)));
        m_right->addItem(RopeConfigText::methodShortName(method), QVariant::fromValue(int(method)));
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(buildControls());
    m_problem->hide();
    PlotStyle::markScreenOnly(m_problem);
    layout->addWidget(m_problem);

    setupPlot(m_ladder, tr("wavelength 2π / inv_freq (positions)"), 10);
    setupPlot(m_second, QString(), 2);
    auto *plots = new QHBoxLayout;
    plots->addWidget(m_ladder, 1);
    plots->addWidget(m_second, 1);
    layout->addLayout(plots, 1);
    // A page narrower than 70 lines (a single column) holds one plot: the second, which
    // --context-plot chooses (two side by side would clip their labels, stacked their curves).
    PlotStyle::watchFigureLayout(this, QSizeF(30, 0), [this](bool compact) {
        m_onePlot = compact;
        m_ladder->setVisible(!compact && m_pairs > 0);
        PlotStyle::setFigureOmits(this, compact ? QT_TRANSLATE_NOOP("FigureExport", "the plot of the pairs’ wavelengths") : nullptr);
    });
    m_leftText->setStyleSheet(QStringLiteral("color: %1").arg(methodColor(0).darker(120).name()));
    m_rightText->setStyleSheet(QStringLiteral("color: %1").arg(methodColor(1).darker(120).name()));
    layout->addWidget(m_leftText);
    layout->addWidget(m_rightText);

    // A click on either plot explains the nearest pair in the inspector.
    for (QCustomPlot *plot : {m_ladder, m_second}) {
        connect(plot, &QCustomPlot::mousePress, this, [this, plot](QMouseEvent *event) {
            if (const auto pair = pairAt(plot, event->position())) {
                Inspection inspection;
                inspection.kind = pairKind();
                inspection.a = *pair;
                m_state->setInspection(inspection);
            }
        });
    }
    PlotStyle::watchFigure(this, [this](bool figure) {
        for (QLabel *label : {m_leftText, m_rightText})
            label->setVisible(!figure);
    });
    connect(m_state, &EncodingState::changed, this, &ContextView::onStateChanged);
    refresh();
}

ContextView::~ContextView() = default;

QWidget *ContextView::buildControls()
{
    auto *controls = new QWidget;
    auto *grid = new QGridLayout(controls);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(2);
    const auto row = [grid](int r, const QList<QPair<QString, QWidget *>> &items) {
        auto *line = new QHBoxLayout;
        for (const auto &[text, widget] : items) {
            if (!text.isEmpty())
                line->addWidget(buddyLabel(text, widget));
            line->addWidget(widget);
        }
        line->addStretch(1);
        grid->addLayout(line, r, 0);
    };
    // Short rows rather than one long one: the lab fits beside the view list on a 1280 x 720
    // projector, and never widens the window (and so every other view's page).
    m_right->setToolTip(tr("File > Open a Model's Config… puts a model's own RoPE here"));
    m_closeConfig->setText(tr("Close"));
    m_closeConfig->setToolTip(tr("Close the model's config: the right method is the lab's own again"));
    row(0, {{tr("&Left:"), m_left}, {tr("Ri&ght:"), m_right}, {QString(), m_configName}, {QString(), m_closeConfig}});
    row(1, {{tr("L:"), m_context}, {tr("&s:"), m_factor}, {tr("Le&ngth:"), m_seqLen}});
    row(2, {{tr("YaRN β fast:"), m_betaFast}, {tr("β slow:"), m_betaSlow}, {QString(), m_truncate}});
    m_plotKind->addItem(tr("divisor"), int(ContextPlot::Divisor));
    m_plotKind->addItem(tr("turns"), int(ContextPlot::Turns));
    m_plotKind->addItem(tr("decay bound"), int(ContextPlot::Decay));
    m_plotKind->addItem(tr("attention factor"), int(ContextPlot::Attention));
    m_plotKind->addItem(tr("cached keys"), int(ContextPlot::CachedKeys));
    m_plotKind->setToolTip(tr("What the second plot shows: each pair's divisor or turns, RoFormer's decay bound "
                              "against distance, the attention factor against s, the angle error of cached keys"));
    row(3, {{tr("Llama 3.1 low:"), m_lowFreq}, {tr("high:"), m_highFreq}, {tr("&Plot:"), m_plotKind}});
    PlotStyle::markScreenOnly(controls);

    const auto method = [](QComboBox *box) { return RopeMethod(box->currentData().toInt()); };
    connect(m_left, &QComboBox::currentIndexChanged, this,
            [this, method] { changeOptions([&](ContextOptions &o) { o.left = method(m_left); }); });
    connect(m_right, &QComboBox::currentIndexChanged, this,
            [this, method] { changeOptions([&](ContextOptions &o) { o.right = method(m_right); }); });
    const std::pair<QDoubleSpinBox *, double ContextOptions::*> numbers[] = {
        {m_context, &ContextOptions::context},     {m_factor, &ContextOptions::factor},
        {m_seqLen, &ContextOptions::seqLen},       {m_betaFast, &ContextOptions::betaFast},
        {m_betaSlow, &ContextOptions::betaSlow},   {m_lowFreq, &ContextOptions::lowFreqFactor},
        {m_highFreq, &ContextOptions::highFreqFactor}};
    for (const auto &number : numbers) {
        double ContextOptions::*member = number.second; // a name a lambda can capture
        connect(number.first, &QDoubleSpinBox::valueChanged, this,
                [this, member](double value) { changeOptions([&](ContextOptions &o) { o.*member = value; }); });
    }
    connect(m_truncate, &QCheckBox::toggled, this,
            [this](bool on) { changeOptions([&](ContextOptions &o) { o.truncate = on; }); });
    connect(m_plotKind, &QComboBox::currentIndexChanged, this, [this] {
        changeOptions([&](ContextOptions &o) { o.plot = ContextPlot(m_plotKind->currentData().toInt()); });
    });
    connect(m_closeConfig, &QToolButton::clicked, this,
            [this] { changeOptions([](ContextOptions &o) { o.config.clear(); }); });
    return controls;
}

void ContextView::setupPlot(QCustomPlot *plot, const QString &yLabel, double logBase)
{
    plot->setMinimumSize(200, 160);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString(), QFont(font().family(), 11, QFont::Bold)));
    plot->xAxis->setLabel(tr("pair index i (0: the fastest)"));
    plot->yAxis->setLabel(yLabel);
    PlotStyle::useIntegerTicks(plot->xAxis);
    PlotStyle::useLogScale(plot->yAxis, logBase);
    // The legend under the plot, two entries a row: inside, it would cover a curve at some size.
    plot->legend->setVisible(true);
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->addElement(2, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(2, 0.001);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(2);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setMargins(QMargins(4, 0, 4, 2));
    PlotStyle::applyDefaults(plot);
    // Labels and titles longer than their place in lines, whatever the page and the font.
    PlotFit::fitAxisLabels(plot);
    PlotFit::fitTitles(plot);
    PlotFit::fitLegendEntries(plot, plot->legend);
}

template <typename Change>
void ContextView::changeOptions(Change change)
{
    Scene scene = m_state->scene();
    change(labOptions<ContextOptions>(scene));
    if (labOptions<ContextOptions>(scene) == labOptions<ContextOptions>(m_state->scene()))
        return;
    if (const auto refused = m_state->setScene(scene)) {
        m_problem->setText(*refused);
        m_problem->show();
        syncControls(m_state->scene(), ContextResult::compute(m_state->scene()));
        return;
    }
    m_problem->hide();
}

// With a config open, the right method, L and s are the model's: shown, and not to be changed
// until the config is closed.
void ContextView::syncControls(const Scene &scene, const ContextResult &r)
{
    const ContextOptions &o = labOptions<ContextOptions>(scene);
    const QSignalBlocker b0(m_left), b1(m_right), b2(m_context), b3(m_factor), b4(m_seqLen), b5(m_betaFast),
        b6(m_betaSlow), b7(m_truncate), b8(m_lowFreq), b9(m_highFreq), b10(m_plotKind);
    m_plotKind->setCurrentIndex(m_plotKind->findData(int(o.plot)));
    const bool fromConfig = r.config.has_value();
    const RopeMethod right = fromConfig ? r.right.method : o.right;
    if (m_right->findData(int(right)) < 0)
        m_right->addItem(RopeConfigText::methodShortName(right), QVariant::fromValue(int(right)));
    for (int i = m_right->count() - 1; i >= 0; --i) {
        const RopeMethod item = RopeMethod(m_right->itemData(i).toInt());
        if (item != right && !ContextOptions::methods().contains(item))
            m_right->removeItem(i);
    }
    m_left->setCurrentIndex(m_left->findData(int(o.left)));
    m_right->setCurrentIndex(m_right->findData(int(right)));
    m_context->setValue(fromConfig ? r.right.originalContext : o.context);
    m_factor->setValue(fromConfig ? r.right.factor : o.factor);
    for (QWidget *w : {static_cast<QWidget *>(m_right), static_cast<QWidget *>(m_context), static_cast<QWidget *>(m_factor)})
        w->setEnabled(!fromConfig);
    m_configName->setVisible(!o.config.isEmpty());
    m_closeConfig->setVisible(!o.config.isEmpty());
    // A long file name is elided, so that it never widens the window.
    const QString name = QFileInfo(o.config).fileName();
    m_configName->setText(tr("from %1").arg(m_configName->fontMetrics().elidedText(name, Qt::ElideMiddle, 200)));
    m_configName->setToolTip(o.config);
    m_seqLen->setValue(o.seqLen);
    m_betaFast->setValue(o.betaFast);
    m_betaSlow->setValue(o.betaSlow);
    m_truncate->setChecked(o.truncate);
    m_lowFreq->setValue(o.lowFreqFactor);
    m_highFreq->setValue(o.highFreqFactor);
}

void ContextView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void ContextView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void ContextView::showLadder(const ContextResult &r)
{
    QCustomPlot *plot = m_ladder;
    plot->clearGraphs();
    const RopeFrequencies &a = r.leftFrequencies;
    const int pairs = a.pairs();
    QVector<double> x(pairs), original(pairs), left(pairs), right(pairs);
    for (int i = 0; i < pairs; ++i) {
        x[i] = i;
        original[i] = a.wavelength(i);
        left[i] = a.wavelengthScaled(i);
        right[i] = r.rightFrequencies.wavelengthScaled(i);
    }
    const auto add = [plot](const QString &name, const QPen &pen) {
        Graph *graph = Graph::add(plot);
        graph->setName(name);
        graph->setPen(pen);
        return graph;
    };
    // A method that keeps the ladder draws it already.
    if (r.left.method != RopeMethod::Default && r.right.method != RopeMethod::Default)
        add(RopeConfigText::methodShortName(RopeMethod::Default), QPen(kOriginalColor, 2))->setData(x, original, true);
    add(RopeConfigText::methodShortName(r.left.method), QPen(methodColor(0), 2.5))->setData(x, left, true);
    add(RopeConfigText::methodShortName(r.right.method), QPen(methodColor(1), 2, Qt::DashLine))->setData(x, right, true);
    setLine(add(tr("L = %1 (trained)").arg(CellText::number(r.left.originalContext, 6)), QPen(kContextColor, 1.5)),
            pairs, r.left.originalContext);
    setLine(add(tr("s·L = %1").arg(CellText::number(r.left.factor * r.left.originalContext, 6)),
                QPen(kContextColor, 1.5, Qt::DotLine)),
            pairs, r.left.factor * r.left.originalContext);
    // Each banded method's thresholds, in its colour: below the first a pair is kept, above the
    // second divided by s (one at L is the L line already).
    for (int side = 0; side < 2; ++side) {
        const RopeScaling &s = side == 0 ? r.left : r.right;
        const auto edges = ropeBandEdges(s);
        if (!edges || (side == 1 && s.method == r.left.method && edges->kept == ropeBandEdges(r.left)->kept))
            continue;
        const QString method = RopeConfigText::methodShortName(s.method);
        const QPen pen(methodColor(side), 1.2, Qt::DashDotLine);
        // "L/32 (YaRN)": the edge as the method's parameter divides L.
        const auto name = [&](double edge) {
            return tr("L/%1 (%2)").arg(CellText::number(s.originalContext / edge, 4), method);
        };
        setLine(add(name(edges->kept), pen), pairs, edges->kept);
        if (edges->divided != s.originalContext)
            setLine(add(name(edges->divided), pen), pairs, edges->divided);
    }
    qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0))->setText(tr("Wavelength of each pair"));
    plot->xAxis->setRange(-0.5, pairs - 0.5);
    plot->yAxis->rescale();
    plot->yAxis->scaleRange(1.3, std::sqrt(plot->yAxis->range().lower * plot->yAxis->range().upper));
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void ContextView::setAxes(ContextPlot kind, const ContextSeries &series)
{
    QCustomPlot *plot = m_second;
    if (m_axesFor == kind)
        return;
    m_axesFor = kind;
    if (series.pairsOnX) {
        plot->xAxis->setScaleType(QCPAxis::stLinear);
        PlotStyle::useIntegerTicks(plot->xAxis);
    } else {
        PlotStyle::useLogScale(plot->xAxis, series.xLogBase);
    }
    if (series.yLogBase > 0) {
        PlotStyle::useLogScale(plot->yAxis, series.yLogBase);
    } else {
        plot->yAxis->setScaleType(QCPAxis::stLinear);
        plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    PlotStyle::applyDefaults(plot);
}

// Everything but the ladder: the series core computed, one curve a method, the ladder as
// trained where it differs, and the series' reference lines.
void ContextView::showSecond(const ContextResult &r, ContextPlot kind)
{
    QCustomPlot *plot = m_second;
    const ContextSeries series = ContextSeries::compute(r, kind);
    setAxes(kind, series);
    plot->clearGraphs();
    plot->clearItems();
    const auto add = [plot](const QString &name, const QPen &pen, const QVector<double> &x, const QVector<double> &y) {
        Graph *graph = Graph::add(plot);
        graph->setName(name);
        graph->setPen(pen);
        graph->setData(x, y, true);
        return graph;
    };
    if (!series.original.isEmpty())
        add(RopeConfigText::methodShortName(RopeMethod::Default), QPen(kOriginalColor, 2), series.x, series.original);
    const auto name = [](const QString &given, RopeMethod method) {
        return given.isEmpty() ? RopeConfigText::methodShortName(method) : given;
    };
    add(name(series.leftName, r.left.method), QPen(methodColor(0), 2.5), series.x, series.left);
    add(name(series.rightName, r.right.method), QPen(methodColor(1), 2, Qt::DashLine), series.x, series.right);
    plot->xAxis->setLabel(series.xLabel);
    plot->yAxis->setLabel(series.yLabel);
    if (series.pairsOnX)
        plot->xAxis->setRange(-0.5, series.x.size() - 0.5);
    else
        plot->xAxis->setRange(series.x.constFirst(), series.x.constLast());
    plot->yAxis->rescale();
    QCPRange y = plot->yAxis->range();
    for (const ContextSeries::Line &line : series.lines) {
        if (!line.vertical)
            y.expand(line.value);
    }
    if (series.yLogBase > 0) {
        y.lower = y.lower > 0 ? y.lower : 1e-6;
        y.upper = std::max(y.upper, y.lower * 2);
        plot->yAxis->setRange(y.lower / 1.5, y.upper * 1.5);
    } else {
        // A flat curve (an attention factor of 1) gets a range of a tenth of its value.
        const double pad = std::max(0.06 * y.size(), 0.05 * std::abs(y.upper));
        plot->yAxis->setRange(y.lower - pad, y.upper + pad);
    }
    for (const ContextSeries::Line &line : series.lines) {
        Graph *graph = add(line.name, QPen(kContextColor, 1.5, line.dotted ? Qt::DotLine : Qt::SolidLine), {}, {});
        const QCPRange range = line.vertical ? plot->yAxis->range() : plot->xAxis->range();
        const QVector<double> along{range.lower, range.upper}, at{line.value, line.value};
        graph->setData(line.vertical ? at : along, line.vertical ? along : at, true);
    }
    qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0))->setText(series.title);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void ContextView::refresh()
{
    m_dirty = false;
    m_state->takeChanges(this);
    const Scene scene = m_state->scene();
    // Only d_model, the base and the lab's options matter.
    Scene shown;
    shown.params.dModel = scene.params.dModel;
    shown.params.base = scene.params.base;
    labOptions<ContextOptions>(shown) = labOptions<ContextOptions>(scene);
    if (m_shown && *m_shown == shown)
        return;
    m_shown = shown;

    const ContextResult r = ContextResult::compute(scene);
    syncControls(scene, r);
    m_pairs = r.problem.isEmpty() ? r.left.pairs() : 0;
    m_ladder->setVisible(r.problem.isEmpty() && !m_onePlot);
    m_second->setVisible(r.problem.isEmpty());
    m_problem->setVisible(!r.problem.isEmpty());
    m_leftText->setVisible(r.problem.isEmpty() && !PlotStyle::isFigure(this));
    m_rightText->setVisible(r.problem.isEmpty() && !PlotStyle::isFigure(this));
    if (!r.problem.isEmpty()) {
        m_problem->setText(r.problem);
        return;
    }
    showLadder(r);
    showSecond(r, labOptions<ContextOptions>(scene).plot);
    m_leftText->setText(methodSentence(r.left, r.leftFrequencies));
    m_rightText->setText(configSentence(r, labOptions<ContextOptions>(scene).config)
                         + methodSentence(r.right, r.rightFrequencies));
    setAccessibleDescription(describe(*m_state));
}

QString ContextView::methodSentence(const RopeScaling &s, const RopeFrequencies &f)
{
    const RopeBands bands = ropeBands(f, s.factor);
    const double length = s.seqLen; // ContextOptions::scaling gives the lab's current length
    int unseen = 0;
    for (int i = 0; i < f.pairs(); ++i)
        unseen += f.unseenAngles(i, length);
    QString text = tr("%1 — pairs kept: %2, divided by s: %3, in between: %4")
                       .arg(RopeConfigText::methodName(s.method))
                       .arg(bands.kept)
                       .arg(bands.divided)
                       .arg(bands.between);
    if (s.method == RopeMethod::Yarn)
        text += tr(" (ramp over pairs %1)").arg(pairRun(int(f.rampLow), int(std::ceil(f.rampHigh))));
    if (s.method == RopeMethod::NtkAware || s.method == RopeMethod::DynamicNtk)
        text += tr(" (base %1)").arg(CellText::number(f.scaledBase, 6));
    text += tr("; pairs that turn through angles training never showed them within %1 positions: %2")
                .arg(CellText::number(length, 6))
                .arg(unseen);
    text += tr("; attention factor %1, logits × %2.")
                .arg(CellText::number(f.attentionFactor, 4), CellText::number(f.attentionFactor * f.attentionFactor, 4));
    return text;
}

QString ContextView::configSentence(const ContextResult &r, const QString &path)
{
    if (!r.config)
        return QString();
    QString text = tr("From %1: head dimension %2, base %3, trained on L = %4, s = %5. ")
                       .arg(QFileInfo(path).fileName())
                       .arg(r.right.dim)
                       .arg(CellText::number(r.right.base, 6), CellText::number(r.right.originalContext, 6),
                            CellText::number(r.right.factor, 6));
    for (const RopeFinding &finding : r.config->findings) {
        if (finding.severity != "info")
            text += RopeConfigText::severity(finding.severity) + QStringLiteral(": ") + RopeConfigText::finding(finding)
                    + QLatin1Char(' ');
    }
    return text;
}

std::optional<int> ContextView::pairAt(const QCustomPlot *plot, const QPointF &pixel) const
{
    if (!plot->axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    const int pair = int(std::lround(plot->xAxis->pixelToCoord(pixel.x())));
    if (pair < 0 || pair >= m_pairs)
        return std::nullopt;
    return pair;
}

QString ContextView::pairExplanation(const Scene &scene, const Inspection &what)
{
    const ContextResult r = ContextResult::compute(scene);
    const int i = int(what.a);
    if (!r.problem.isEmpty() || i < 0 || i >= r.leftFrequencies.pairs())
        return {};
    const RopeFrequencies &a = r.leftFrequencies;
    const int d = r.left.dim;
    QStringList lines;
    // Which two dimensions form the pair depends on the layout (2i and 2i+1 interleaved,
    // i and i + d/2 in transformers' rotate_half); its frequency does not.
    lines << tr("<b>Pair %1 of %2 (head dimension %3)</b>").arg(i).arg(a.pairs()).arg(d);
    lines << tr("As trained: inv_freq = base^(−2i/d) = %1^(−%2/%3) = %4; wavelength 2π / inv_freq = %5 positions; "
                "within L = %6 it makes L / wavelength = %7 turns.")
                 .arg(CellText::number(r.left.base, 6))
                 .arg(2 * i)
                 .arg(d)
                 .arg(CellText::number(a.invFreq[std::size_t(i)], 6), CellText::number(a.wavelength(i), 6),
                      CellText::number(r.left.originalContext, 6), CellText::number(a.rotationsInContext(i), 6));
    if (a.rotationsInContext(i) < 1)
        lines << tr("Less than one turn within L: training showed it only the angles from 0 to %1 rad.")
                     .arg(CellText::number(r.left.originalContext * a.invFreq[std::size_t(i)], 4));
    const auto method = [&](const RopeScaling &s, const RopeFrequencies &f) {
        const double length = s.seqLen; // ContextOptions::scaling gives the lab's current length
        QString text = tr("%1: divided by κ = %2, inv_freq %3, wavelength %4.")
                           .arg(RopeConfigText::methodName(s.method), CellText::number(f.divisor(i), 6),
                                CellText::number(f.invFreqScaled[std::size_t(i)], 6),
                                CellText::number(f.wavelengthScaled(i), 6));
        if (f.unseenAngles(i, length))
            text += QLatin1Char(' ') + tr("Within %1 positions it turns to %2 rad, beyond what training showed it.")
                                           .arg(CellText::number(length, 6),
                                                CellText::number(length * f.invFreqScaled[std::size_t(i)], 4));
        return text;
    };
    lines << method(r.left, a) << method(r.right, r.rightFrequencies);
    return lines.join(QStringLiteral("<br>"));
}

QString ContextView::describe(const EncodingState &state)
{
    const Scene scene = state.scene();
    const ContextResult r = ContextResult::compute(scene);
    if (!r.problem.isEmpty())
        return tr("Context-extension lab: %1").arg(r.problem);
    return tr("Context-extension lab: head dimension %1 (%2 pairs), base %3, trained on L = %4, stretched %5 times.")
               .arg(r.left.dim)
               .arg(r.left.pairs())
               .arg(CellText::number(r.left.base, 6), CellText::number(r.left.originalContext, 6),
                    CellText::number(r.left.factor, 6))
           + QLatin1Char(' ') + methodSentence(r.left, r.leftFrequencies) + QLatin1Char(' ')
           + configSentence(r, labOptions<ContextOptions>(scene).config) + methodSentence(r.right, r.rightFrequencies);
}

} // namespace posenc

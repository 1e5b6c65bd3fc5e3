// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/training/trainingview.h"
#include "ui/views/training/trainingtext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/optiontext.h"
#include "ui/widgets/fittingcombobox.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/matrixplot.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/textmeasure.h"
#include "ui/widgets/plottitle.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFontMetricsF>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

// The source texts' claims for the scale (seed text 002): near 0.7 for sentiment, 1.2 to 1.5
// for translation. No experiment is given for either.
constexpr double kClaimSentiment = 0.7;
constexpr double kClaimTranslationLow = 1.2, kClaimTranslationHigh = 1.5;

// Graph order of a run's plot: left then right (the accuracy and ratio plots), or left
// training, left held-out, right training, right held-out (the loss).
QCPGraph *addGraph(QCustomPlot *plot, const QColor &colour, Qt::PenStyle style, const QString &name)
{
    QCPGraph *graph = Graph::add(plot);
    graph->setPen(QPen(colour, 1.6, style));
    graph->setName(name);
    return graph;
}

QCustomPlot *makePlot(const QString &title, const QString &yLabel, const QString &xLabel = TrainingView::tr("step"))
{
    auto *plot = new Plot;
    PlotStyle::applyDefaults(plot);
    plot->plotLayout()->insertRow(0);
    auto *text = new PlotTitle(plot, title);
    QFont bold = text->font();
    bold.setBold(true);
    text->setFont(bold);
    plot->plotLayout()->addElement(0, 0, text);
    plot->xAxis->setLabel(xLabel);
    plot->yAxis->setLabel(yLabel);
    PlotStyle::useIntegerTicks(plot->xAxis);
    // As many ticks as stand apart, titles and labels in lines: a quarter of 1280 px in
    // presentation mode is narrow. Four such plots side by side fit the lab's narrowest.
    PlotFit::fitTicks(plot, 6);
    PlotFit::fitAxisLabels(plot);
    PlotFit::fitTitles(plot);
    plot->setMinimumSize(150, 150);
    return plot;
}

void setRecords(QCPGraph *graph, const std::vector<TrainingRecord> &records, double TrainingRecord::*member)
{
    QVector<double> keys, values;
    keys.reserve(qsizetype(records.size()));
    values.reserve(qsizetype(records.size()));
    for (const TrainingRecord &r : records) {
        keys << r.step;
        values << r.*member;
    }
    graph->setData(keys, values, true);
}

} // namespace

TrainingView::TrainingView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_loss(makePlot(tr("Loss (dashed: training batches)"), tr("cross-entropy")))
    , m_accuracy(makePlot(tr("Accuracy (dashed: training batches)"), tr("accuracy")))
    , m_scale(makePlot(tr("The learnable scale s"), tr("s")))
    , m_ratio(makePlot(tr("|s · PE| / |token|"), tr("norm ratio")))
    , m_extrapolation(makePlot(tr("Longer than trained"), tr("held-out accuracy"), tr("sequence length")))
    , m_extrapolationNote(new QCPItemText(m_extrapolation))
    , m_trainingLength(new QCPItemStraightLine(m_extrapolation))
    , m_leftAttention(new MatrixPlot(MatrixPlot::Range::Unit))
    , m_rightAttention(new MatrixPlot(MatrixPlot::Range::Unit))
    , m_leftTask(new FittingComboBox)
    , m_rightTask(new FittingComboBox)
    , m_encoding(new FittingComboBox)
    , m_join(new FittingComboBox)
    , m_init(new QComboBox)
    , m_ratioBox(new QDoubleSpinBox)
    , m_clamp(new FittingComboBox)
    , m_dtype(new FittingComboBox)
    , m_scaleFloat32(new QCheckBox(tr("scale kept in &float32")))
    , m_seed(new QLineEdit)
    , m_steps(new QSpinBox)
    , m_dModel(new QSpinBox)
    , m_seqLen(new QSpinBox)
    , m_vocab(new QSpinBox)
    , m_examples(new QSpinBox)
    , m_play(new QPushButton(tr("&Play")))
    , m_step(new QPushButton(tr("S&tep")))
    , m_epoch(new QPushButton(tr("E&poch")))
    , m_reset(new QPushButton(tr("&Reset")))
    , m_newSeed(new QPushButton(tr("&New random seed")))
    , m_speed(new QSlider(Qt::Horizontal))
    , m_status(new QLabel)
    , m_verdict(new QLabel)
    , m_problem(new QLabel)
    , m_controls(new QWidget)
{
    setAccessibleName(tr("Training lab: a small model learns two tasks, and its learnable scale moves"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    setUpControls();
    layout->addWidget(m_controls);
    m_problem->setWordWrap(true);
    m_problem->hide();
    PlotStyle::markScreenOnly(m_problem);
    layout->addWidget(m_problem);

    // The plots: two colours, one per run; in the loss plot a dashed line for the training
    // batches and a solid one for the held-out set.
    const QList<QColor> &colours = PlotStyle::categorical();
    for (QCustomPlot *plot : {m_loss, m_accuracy}) {
        addGraph(plot, colours.at(0), Qt::DashLine, tr("first, training"));
        addGraph(plot, colours.at(0), Qt::SolidLine, tr("first, held-out"));
        addGraph(plot, colours.at(1), Qt::DashLine, tr("second, training"));
        addGraph(plot, colours.at(1), Qt::SolidLine, tr("second, held-out"));
    }
    for (QCustomPlot *plot : {m_scale, m_ratio, m_extrapolation}) {
        addGraph(plot, colours.at(0), Qt::SolidLine, tr("first"));
        addGraph(plot, colours.at(1), Qt::SolidLine, tr("second"));
    }
    // Chance: both tasks have two balanced classes.
    for (QCustomPlot *plot : {m_accuracy, m_extrapolation}) {
        plot->yAxis->setRange(0, 1.05);
        auto *chance = new QCPItemStraightLine(plot);
        chance->point1->setCoords(0, 0.5);
        chance->point2->setCoords(1, 0.5);
        chance->setPen(QPen(Qt::gray, 1, Qt::DotLine));
    }
    // The extrapolation check: points at each length, the training length marked, and a note
    // where a learned table has no rows (those lengths are not evaluated, not drawn).
    for (int run = 0; run < 2; ++run)
        m_extrapolation->graph(run)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colours.at(run), 6));
    m_trainingLength->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    m_extrapolationNote->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_extrapolationNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_extrapolationNote->position->setCoords(0.98, 0.97);
    m_extrapolationNote->setTextAlignment(Qt::AlignRight);
    m_extrapolationNote->setColor(QColor(110, 110, 110));
    // The clamp's hits on the scale curves, and the source texts' claims as bands.
    for (int run = 0; run < 2; ++run) {
        QCPGraph *hits = Graph::add(m_scale);
        hits->setLineStyle(QCPGraph::lsNone);
        hits->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, colours.at(run), 7));
        hits->setName(tr("clamp hit"));
    }
    auto *sentiment = new QCPItemStraightLine(m_scale);
    sentiment->point1->setCoords(0, kClaimSentiment);
    sentiment->point2->setCoords(1, kClaimSentiment);
    sentiment->setPen(QPen(QColor(150, 150, 150), 1, Qt::DashDotLine));
    auto *translation = new QCPItemRect(m_scale);
    translation->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
    translation->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
    translation->topLeft->setCoords(0, kClaimTranslationHigh);
    translation->bottomRight->setCoords(1, kClaimTranslationLow);
    translation->setPen(Qt::NoPen);
    translation->setBrush(QColor(150, 150, 150, 40));
    // Each claim's label: the longest of its wordings that fits across the plot (a figure's
    // column is narrow), "unverified" in every one of them.
    QList<std::pair<QCPItemText *, QStringList>> claims;
    const auto claim = [&](double y, Qt::Alignment alignment, const QStringList &wordings) {
        auto *label = new QCPItemText(m_scale);
        label->setPositionAlignment(Qt::AlignLeft | alignment);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(0.01, y);
        label->setText(wordings.first());
        label->setTextAlignment(Qt::AlignLeft);
        label->setColor(QColor(110, 110, 110));
        claims.append({label, wordings});
    };
    // (The last in two lines, for the narrowest plots.)
    claim(kClaimTranslationHigh, Qt::AlignTop,
          {tr("unverified claim: 1.2–1.5 (translation)"), tr("unverified: 1.2–1.5 (translation)"),
           tr("unverified: 1.2–1.5"), tr("unverified:\n1.2–1.5")});
    claim(kClaimSentiment, Qt::AlignTop,
          {tr("unverified claim: 0.7 (sentiment)"), tr("unverified: 0.7 (sentiment)"), tr("unverified: 0.7"),
           tr("unverified:\n0.7")});
    // Under its line and outside the band, over the grid: the grid stops at its box.
    claims.last().first->setBrush(QColor(255, 255, 255, 220));
    connect(m_scale, &QCustomPlot::beforeReplot, this, [this, claims] {
        PlotFit::layOutNow(m_scale); // the plot's width for its size now (a figure's page)
        // A tenth to spare: a figure's unhinted text runs wider than it measures here.
        const double room = 0.9 * m_scale->axisRect()->width();
        for (const auto &[label, wordings] : claims) {
            QString chosen = wordings.last();
            for (const QString &wording : wordings) {
                double widest = 0;
                for (const QString &line : wording.split(QLatin1Char('\n')))
                    widest = std::max(widest, TextMeasure::horizontalAdvance(label->font(), line));
                if (widest + label->padding().left() + label->padding().right() <= room) {
                    chosen = wording;
                    break;
                }
            }
            if (label->text() != chosen)
                label->setText(chosen);
        }
    });
    // The scale in steps of 0.5 (or multiples): 1 and 1.5 stand apart even on the short axis
    // of presentation mode at 1280 x 720; quarter steps would not.
    QSharedPointer<QCPAxisTickerFixed> halves(new QCPAxisTickerFixed);
    halves->setTickStep(0.5);
    halves->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_scale->yAxis->setTicker(halves);
    // Which colour is which task: the loss plot's legend (training dashed, held-out solid).
    m_loss->legend->setVisible(true);
    for (QCustomPlot *plot : {m_loss, m_accuracy}) {
        plot->graph(0)->removeFromLegend();
        plot->graph(2)->removeFromLegend();
    }
    PlotFit::fitLegendEntries(m_loss, m_loss->legend);
    m_loss->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    PlotFit::keepLegendOffData(m_loss, m_loss->legend);
    for (MatrixPlot *plot : {m_leftAttention, m_rightAttention}) {
        plot->setMinimumHeight(150); // its width: MatrixPlot's (in a figure, its colour bar's too)
        plot->setScaleLabel(tr("attention"));
        // A weight of query token i (a row) on key token j (a column), the tokens of the example
        // as the ticks; square cells, as a matrix is read, not stretched to the cell's height.
        plot->setSquareCells(true);
        plot->xAxis->setLabel(tr("key"));
        plot->yAxis->setLabel(tr("query"));
    }

    auto *plots = new QGridLayout;
    plots->setContentsMargins(0, 0, 0, 0);
    plots->setSpacing(4);
    // Twenty-four narrow columns: three plots above (eight columns each), four below (six each;
    // in a figure, whose text is small beside its page, the scale's and the norm ratio's five,
    // the attention maps seven, for cells that label every key). A single column (89 mm) has
    // room for four plots, two by two: loss, accuracy, the scale and the check at longer
    // lengths; the norm ratio and the attention maps are left to a larger figure.
    const auto arrange = [this, plots](PlotStyle::FigureShape shape) {
        const bool compact = shape.compact;
        const QList<QWidget *> all{m_loss, m_accuracy, m_extrapolation, m_scale, m_ratio, m_leftAttention,
                                   m_rightAttention};
        for (QWidget *plot : all)
            plots->removeWidget(plot);
        const QList<QWidget *> shown = compact ? QList<QWidget *>{m_loss, m_accuracy, m_scale, m_extrapolation}
                                               : all;
        const QList<int> below = shape.figure ? QList<int>{5, 5, 7, 7} : QList<int>{6, 6, 6, 6};
        const QList<QList<int>> spans = compact ? QList<QList<int>>{{12, 12}, {12, 12}} : QList<QList<int>>{{8, 8, 8}, below};
        for (int row = 0, index = 0; row < 2; ++row) {
            for (int column = 0, at = 0; column < spans[row].size(); at += spans[row][column++])
                plots->addWidget(shown[index++], row, at, 1, spans[row][column]);
        }
        for (QWidget *plot : all)
            plot->setVisible(shown.contains(plot));
        PlotStyle::setFigureOmits(this, compact ? QT_TRANSLATE_NOOP("FigureExport", "the norm ratio and the two attention maps") : nullptr);
    };
    for (int column = 0; column < 24; ++column)
        plots->setColumnStretch(column, 1);
    arrange({});
    PlotStyle::watchFigureShape(this, QSizeF(40, 12), [this, arrange](PlotStyle::FigureShape shape) {
        arrange(shape);
        if (shape.figure != m_figure)
            showAsFigure(shape.figure);
    }, true);
    layout->addLayout(plots, 1);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_verdict);

    const auto chosen = [](QComboBox *box) { return box->currentData(); };
    connect(m_leftTask, &QComboBox::activated, this, [this, chosen] {
        const auto task = TrainingTask(chosen(m_leftTask).toInt());
        changeOptions([task](TrainingOptions &o) { o.left = task; });
    });
    connect(m_rightTask, &QComboBox::activated, this, [this, chosen] {
        const auto task = TrainingTask(chosen(m_rightTask).toInt());
        changeOptions([task](TrainingOptions &o) { o.right = task; });
    });
    connect(m_encoding, &QComboBox::activated, this, [this, chosen] {
        const auto scheme = PositionScheme(chosen(m_encoding).toInt());
        changeOptions([scheme](TrainingOptions &o) { o.config.scheme = scheme; });
    });
    connect(m_join, &QComboBox::activated, this, [this, chosen] {
        const auto join = PeJoin(chosen(m_join).toInt());
        changeOptions([join](TrainingOptions &o) { o.config.join = join; });
    });
    connect(m_init, &QComboBox::textActivated, this, [this](const QString &text) {
        const int d = m_state->scene().training.config.dModel;
        bool ok = text == QLatin1String("d^-0.5");
        double value = ok ? 1.0 / std::sqrt(double(d)) : QLocale().toDouble(text, &ok);
        if (!ok)
            value = QLocale::c().toDouble(text, &ok);
        if (!ok || !std::isfinite(value) || std::abs(value) > TrainingConfig::kMaxAbsScale) {
            m_problem->setText(tr("The initial scale “%1” is not a number in [−%2, %2] or d^-0.5.")
                                   .arg(text)
                                   .arg(TrainingConfig::kMaxAbsScale));
            m_problem->show();
            syncControls(m_state->scene());
            return;
        }
        changeOptions([value](TrainingOptions &o) { o.config.scaleInit = value; });
    });
    connect(m_ratioBox, &QDoubleSpinBox::valueChanged, this, [this](double ratio) {
        changeOptions([ratio](TrainingOptions &o) { o.config.scaleLrRatio = ratio; });
    });
    connect(m_clamp, &QComboBox::activated, this, [this, chosen] {
        const auto mode = clampModeFromName(chosen(m_clamp).toString().toStdString());
        changeOptions([mode](TrainingOptions &o) { o.config.clampMode = *mode; });
    });
    connect(m_dtype, &QComboBox::activated, this, [this, chosen] {
        const auto dtype = peDTypeFromName(chosen(m_dtype).toString().toStdString());
        changeOptions([dtype](TrainingOptions &o) { o.config.peDType = *dtype; });
    });
    connect(m_scaleFloat32, &QCheckBox::toggled, this, [this](bool on) {
        changeOptions([on](TrainingOptions &o) { o.config.scaleStorage = on ? ScaleStorage::Float32 : ScaleStorage::PeDType; });
    });
    connect(m_seed, &QLineEdit::editingFinished, this, [this] {
        std::uint64_t seed = 0;
        if (OptionText::readSeed(QStringLiteral("train-seed"), m_seed->text(), seed))
            syncControls(m_state->scene()); // past 2^64 - 1: the seed in use again
        else
            changeOptions([seed](TrainingOptions &o) { o.config.seed = seed; });
    });
    const auto integer = [this](QSpinBox *box, int TrainingConfig::*field) {
        connect(box, &QSpinBox::valueChanged, this, [this, field](int value) {
            changeOptions([field, value](TrainingOptions &o) { o.config.*field = value; });
        });
    };
    integer(m_steps, &TrainingConfig::steps);
    integer(m_dModel, &TrainingConfig::dModel);
    integer(m_seqLen, &TrainingConfig::seqLen);
    integer(m_vocab, &TrainingConfig::vocab);
    integer(m_examples, &TrainingConfig::examples);
    connect(m_play, &QPushButton::toggled, this, &TrainingView::setPlaying);
    connect(m_step, &QPushButton::clicked, this, [this] { m_run.advance(1, true); });
    connect(m_epoch, &QPushButton::clicked, this, [this] {
        const TrainingConfig c = m_state->scene().training.configFor(false, m_state->scene().params);
        m_run.advance(std::max(1, (c.examples + c.batch - 1) / c.batch), true);
    });
    connect(m_reset, &QPushButton::clicked, this, [this] {
        setPlaying(false);
        m_configured.reset();
        refresh();
    });
    connect(m_newSeed, &QPushButton::clicked, this, [this] {
        const std::uint64_t next = m_state->scene().training.config.seed + 1; // past 2^64 - 1, 0
        changeOptions([next](TrainingOptions &o) { o.config.seed = next; });
    });
    connect(&m_run, &TrainingRun::progressed, this, [this](std::shared_ptr<const TrainingProgress> progress) {
        if (m_figure)
            return; // a figure shows the whole run, computed at once
        m_progress = *progress;
        m_dirty = true;
        if (m_progress.finished)
            setPlaying(false);
        // The last step is drawn at once; the others on the next frame while playing.
        if (!m_frame.isActive() || m_progress.finished)
            drawIfDirty();
    });
    // One frame: ask for more steps while playing, and draw what came (at most once a frame).
    m_frame.setInterval(16);
    connect(&m_frame, &QTimer::timeout, this, &TrainingView::onFrame);

    connect(m_state, &EncodingState::changed, this, &TrainingView::onStateChanged);
    refresh();
}

TrainingView::~TrainingView() = default;

void TrainingView::showAsFigure(bool figure)
{
    m_figure = figure;
    m_verdict->setVisible(!figure);
    for (MatrixPlot *plot : {m_leftAttention, m_rightAttention})
        plot->setFigure(figure);
    if (figure) {
        // A figure is the whole run, the same as the window's after its last step.
        setPlaying(false);
        const Scene scene = m_state->scene();
        display(TrainingRun::runToEnd(scene.training.configFor(false, scene.params),
                                   scene.training.configFor(true, scene.params)));
    }
}

template <typename Change>
void TrainingView::changeOptions(Change change)
{
    Scene scene = m_state->scene();
    change(scene.training);
    if (scene.training == m_state->scene().training)
        return;
    if (const auto refused = m_state->setScene(scene)) {
        m_problem->setText(*refused);
        m_problem->show();
        syncControls(m_state->scene());
        return;
    }
    m_problem->hide();
}

void TrainingView::setPlaying(bool playing)
{
    if (playing && m_progress.finished)
        playing = false;
    m_playing = playing;
    {
        const QSignalBlocker blocker(m_play);
        m_play->setChecked(playing);
        m_play->setText(playing ? tr("&Pause") : tr("&Play"));
    }
    if (playing) {
        m_frame.start();
    } else if (!m_progress.finished && !m_progress.left.empty()) {
        // Paused: measure the longer sequences once (a finished run has them already).
        m_run.advance(0, true);
        m_frame.start();
    }
}

void TrainingView::onFrame()
{
    drawIfDirty();
    if (m_playing)
        m_run.advance(m_speed->value());
    else if (!m_run.busy())
        m_frame.stop();
}

void TrainingView::onStateChanged()
{
    if (isVisible() || PlotStyle::isFigure(this))
        refresh();
}

void TrainingView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void TrainingView::refresh()
{
    m_state->takeChanges(this);
    const Scene scene = m_state->scene();
    syncControls(scene);
    // What the runs depend on: the lab's options and the sinusoid's base, layout, frequencies.
    Scene runs;
    runs.training = scene.training;
    runs.params.base = scene.params.base;
    runs.params.layout = scene.params.layout;
    runs.params.frequencies = scene.params.frequencies;
    if (m_configured && *m_configured == runs)
        return;
    m_configured = runs;
    if (m_figure) {
        display(TrainingRun::runToEnd(scene.training.configFor(false, scene.params),
                                   scene.training.configFor(true, scene.params)));
        return;
    }
    // New runs from step 0, paused: Play starts them.
    setPlaying(false);
    m_run.configure(scene.training.configFor(false, scene.params), scene.training.configFor(true, scene.params));
}

void TrainingView::drawIfDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    display(m_progress);
}

void TrainingView::display(const TrainingProgress &progress)
{
    m_progress = progress;
    const Scene scene = m_state->scene();
    const QString first = TrainingText::taskName(scene.training.left), second = TrainingText::taskName(scene.training.right);
    for (QCustomPlot *plot : {m_loss, m_accuracy}) {
        plot->graph(0)->setName(tr("%1, training").arg(first));
        plot->graph(1)->setName(first);
        plot->graph(2)->setName(tr("%1, training").arg(second));
        plot->graph(3)->setName(second);
    }
    setRecords(m_loss->graph(0), progress.left, &TrainingRecord::loss);
    setRecords(m_loss->graph(1), progress.left, &TrainingRecord::heldoutLoss);
    setRecords(m_loss->graph(2), progress.right, &TrainingRecord::loss);
    setRecords(m_loss->graph(3), progress.right, &TrainingRecord::heldoutLoss);
    setRecords(m_accuracy->graph(0), progress.left, &TrainingRecord::accuracy);
    setRecords(m_accuracy->graph(1), progress.left, &TrainingRecord::heldoutAccuracy);
    setRecords(m_accuracy->graph(2), progress.right, &TrainingRecord::accuracy);
    setRecords(m_accuracy->graph(3), progress.right, &TrainingRecord::heldoutAccuracy);
    showExtrapolation(progress, scene.training.config.seqLen);
    setRecords(m_scale->graph(0), progress.left, &TrainingRecord::scale);
    setRecords(m_scale->graph(1), progress.right, &TrainingRecord::scale);
    setRecords(m_ratio->graph(0), progress.left, &TrainingRecord::normRatio);
    setRecords(m_ratio->graph(1), progress.right, &TrainingRecord::normRatio);
    // Step 0: where the scale starts.
    for (int run = 0; run < 2; ++run) {
        const double start = run == 0 ? progress.leftInitialScale : progress.rightInitialScale;
        if (std::isfinite(start))
            m_scale->graph(run)->addData(0, start);
        const std::vector<TrainingRecord> &records = run == 0 ? progress.left : progress.right;
        QVector<double> steps, values;
        for (const TrainingRecord &r : records) {
            if (r.clampHit) {
                steps << r.step;
                values << r.scale;
            }
        }
        m_scale->graph(2 + run)->setData(steps, values, true);
    }
    const int steps = scene.training.config.steps;
    for (QCustomPlot *plot : {m_loss, m_accuracy, m_scale, m_ratio})
        plot->xAxis->setRange(0, std::max(steps, 1));
    const auto fit = [](QCustomPlot *plot, double low, double high) {
        bool found = false;
        QCPRange range(low, high);
        for (int g = 0; g < plot->graphCount(); ++g) {
            const QCPRange r = plot->graph(g)->getValueRange(found, QCP::sdBoth);
            if (found)
                range.expand(r);
        }
        const double pad = 0.05 * std::max(range.size(), 1e-3);
        plot->yAxis->setRange(range.lower - pad, range.upper + pad);
    };
    fit(m_loss, 0, 0.8);
    fit(m_scale, 0.5, 1.6); // the claims in view, and 0.5, 1 and 1.5 labelled
    fit(m_ratio, 0, 1);
    for (QCustomPlot *plot : {m_loss, m_accuracy, m_scale, m_ratio, m_extrapolation})
        plot->replot(QCustomPlot::rpQueuedReplot);

    // The attention weights of the first held-out example, last layer, per task.
    for (int run = 0; run < 2; ++run) {
        const AttentionSnapshot &a = run == 0 ? progress.leftAttention : progress.rightAttention;
        MatrixPlot *plot = run == 0 ? m_leftAttention : m_rightAttention;
        const TrainingTask task = run == 0 ? scene.training.left : scene.training.right;
        plot->setTitle(TrainingText::taskName(task));
        if (a.layers.empty())
            continue;
        QStringList tokens;
        for (int token : a.example.tokens)
            tokens << QString::number(token);
        plot->setMatrix(a.layers.back(), tokens, tokens);
    }
    const int done = int(std::min(progress.left.size(), progress.right.size()));
    m_status->setText(tr("step %1 of %2").arg(done).arg(steps));
    m_verdict->setText(TrainingText::verdict(scene.training, progress));
    setAccessibleDescription(m_verdict->text());
}

void TrainingView::showExtrapolation(const TrainingProgress &progress, int trainingLength)
{
    QStringList missing;
    int longest = trainingLength;
    for (int run = 0; run < 2; ++run) {
        const std::vector<ExtrapolationPoint> &points = run == 0 ? progress.leftExtrapolation : progress.rightExtrapolation;
        QVector<double> lengths, accuracies;
        for (const ExtrapolationPoint &p : points) {
            longest = std::max(longest, p.length);
            if (p.available) {
                lengths << p.length;
                accuracies << p.accuracy;
            } else if (!missing.contains(QString::number(p.length))) {
                missing << QString::number(p.length);
            }
        }
        m_extrapolation->graph(run)->setData(lengths, accuracies, true);
    }
    const bool measured = !progress.leftExtrapolation.empty();
    if (!measured)
        m_extrapolationNote->setText(tr("measured at the end,\nor when paused"));
    else if (!missing.isEmpty())
        m_extrapolationNote->setText(tr("not evaluated at %1: a learned table\nhas no rows past %2")
                                         .arg(missing.join(QStringLiteral(", ")))
                                         .arg(trainingLength));
    else
        m_extrapolationNote->setText(QString());
    m_trainingLength->point1->setCoords(trainingLength, 0);
    m_trainingLength->point2->setCoords(trainingLength, 1);
    const double pad = 1 + trainingLength / 8.0;
    m_extrapolation->xAxis->setRange(trainingLength - pad, longest + pad);
}

} // namespace posenc

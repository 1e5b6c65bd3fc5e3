// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench.h"

#include "ui/views/viewregistry.h"

#include "app/commandline.h"
#include "app/headless.h"
#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/parallel.h"
#include "ui/state/encodingstate.h"
#include "ui/export/figureexport.h"
#include "ui/widgets/latestjob.h"
#include "ui/window/allocator.h"
#include "ui/window/mainwindow.h"
#include "ui/version.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

// How `posenc-lab bench` measures (the numbers and their reading are in
// docs/performance.md).
//
// The parent process measures the engine itself and starts one child process (this binary,
// `bench`, with POSENC_BENCH_CHILD set) per matrix size and several for the start-up: each
// child's peak resident memory (getrusage) is then that of one size alone, as a user who
// opens the window at that size would see it, and start-up is a cold process from exec to the
// first painted window. The children print one JSON object each on stdout; the parent gathers
// them into the report. Nothing is written to disk. A size's child times each view alone (on
// an EncodingState of its own, 900 x 650 pixels) and then the window (1280 x 800, no
// preferences) with every registered view open and each in front in turn, which adds what the window
// itself does on a change (parameter panel, status bar, inspector, description).
//
// An update is timed from the parameter change (a setter of EncodingState, as a slider calls
// it) until every visible plot has replotted and painted: the state's coalescing timer fires,
// the views refresh and queue their replots, QCustomPlot replots, and the widget repaint is
// flushed to the (offscreen) backing store. "Painted" is detected without touching the views:
// a low-priority event is posted and waited for; Qt delivers posted events by priority, first
// in first out within a priority, and the repaint request a replot posts is itself low
// priority, so once the marker arrives after a round in which no plot replotted, everything
// the change caused has been drawn. That is the "responsive" time: the UI thread is free for
// input again. Work a view does in the background (LatestJob, above a size) is waited for
// too, and the time until its result is drawn is the update time proper.

namespace posenc {

namespace {

constexpr int kDefaultChanges = 50;
constexpr int kStartupRuns = 5;
constexpr const char *kChildVariable = "POSENC_BENCH_CHILD";
constexpr const char *kSpawnVariable = "POSENC_BENCH_SPAWN_NS";
// For profiling one view and one kind of change (docs/performance.md): "VIEW:KIND" (KIND
// position, offset or d_model) measures only that in the window and skips the views alone.
constexpr const char *kProfileVariable = "POSENC_BENCH_PROFILE";

// For measuring a lab at sizes of its own: view options as a command line spells them,
// "context-length=131072 context-factor=8", applied with each size.
constexpr const char *kOptionsVariable = "POSENC_BENCH_OPTIONS";

// Whether the window measures `view` for `kind` (everything unless POSENC_BENCH_PROFILE says).
bool profiled(const QString &view, const QString &kind)
{
    const QString only = qEnvironmentVariable(kProfileVariable);
    return only.isEmpty() || only == view + QLatin1Char(':') + kind;
}

using Clock = std::chrono::steady_clock;

// CLOCK_MONOTONIC in nanoseconds: the same clock in every process, so a child can time itself
// from the moment its parent started it.
qint64 monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

double cpuMs(clockid_t clock)
{
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double processCpuMs()
{
    return cpuMs(CLOCK_PROCESS_CPUTIME_ID);
}

double threadCpuMs()
{
    return cpuMs(CLOCK_THREAD_CPUTIME_ID);
}

double peakRssMb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
}

QJsonArray loadAverage()
{
    QJsonArray loads;
    if (FILE *file = std::fopen("/proc/loadavg", "r")) {
        double one = 0, five = 0, fifteen = 0;
        if (std::fscanf(file, "%lf %lf %lf", &one, &five, &fifteen) == 3)
            loads = {one, five, fifteen};
        std::fclose(file);
    }
    return loads;
}

double rounded(double value)
{
    return std::round(value * 1000.0) / 1000.0;
}

// The nearest-rank percentile q (0..1] of `values`.
double percentile(std::vector<double> values, double q)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto rank = std::size_t(std::ceil(q * double(values.size())));
    return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

struct Samples {
    std::vector<double> wallMs;
    std::vector<double> cpuMs;
    std::vector<double> responsiveMs; // empty where there is no such distinction (the engine)
    std::vector<double> replots;      // the most replots of one plot in a change (none for the engine)

    void append(const Samples &other)
    {
        wallMs.insert(wallMs.end(), other.wallMs.begin(), other.wallMs.end());
        cpuMs.insert(cpuMs.end(), other.cpuMs.begin(), other.cpuMs.end());
        responsiveMs.insert(responsiveMs.end(), other.responsiveMs.begin(), other.responsiveMs.end());
        replots.insert(replots.end(), other.replots.begin(), other.replots.end());
    }

    QJsonObject summary() const
    {
        QJsonObject result{{QStringLiteral("changes"), int(wallMs.size())},
                           {QStringLiteral("median_ms"), rounded(median(wallMs))},
                           {QStringLiteral("p95_ms"), rounded(percentile(wallMs, 0.95))},
                           {QStringLiteral("max_ms"), rounded(percentile(wallMs, 1.0))},
                           {QStringLiteral("cpu_median_ms"), rounded(median(cpuMs))}};
        if (!responsiveMs.empty()) {
            result.insert(QStringLiteral("responsive_median_ms"), rounded(median(responsiveMs)));
            result.insert(QStringLiteral("responsive_p95_ms"), rounded(percentile(responsiveMs, 0.95)));
        }
        // A plot that draws one change twice shows here as 2.
        if (!replots.empty())
            result.insert(QStringLiteral("replots_of_one_plot_max"), percentile(replots, 1.0));
        return result;
    }
};

// ---------------------------------------------------------------------------------------
// Waiting until a change has been drawn

// Counts the replots of every QCustomPlot of a window, in all and of each plot since the
// last startChange(): one change drawn twice by the same plot shows as a most of 2. Plots a
// view adds later (a panel more for a larger d_model) are counted from the next change on.
class ReplotCounter : public QObject
{
public:
    explicit ReplotCounter(QWidget *window)
        : m_window(window)
    {
        watchNewPlots();
    }
    long long replots() const { return m_replots; }
    void startChange()
    {
        watchNewPlots();
        m_sinceStart.clear();
        m_mostOfOnePlot = 0;
    }
    int mostOfOnePlot() const { return m_mostOfOnePlot; }

private:
    void watchNewPlots()
    {
        for (QCustomPlot *plot : m_window->findChildren<QCustomPlot *>()) {
            if (m_watched.contains(plot))
                continue;
            m_watched.insert(plot);
            connect(plot, &QObject::destroyed, this, [this, plot] { m_watched.remove(plot); });
            connect(plot, &QCustomPlot::afterReplot, this, [this, plot] {
                ++m_replots;
                m_mostOfOnePlot = std::max(m_mostOfOnePlot, ++m_sinceStart[plot]);
            });
        }
    }

    QWidget *m_window;
    QSet<const QObject *> m_watched;
    long long m_replots = 0;
    QHash<const QCustomPlot *, int> m_sinceStart;
    int m_mostOfOnePlot = 0;
};

// Receives the low-priority marker events.
class Marker : public QObject
{
public:
    bool delivered = false;

protected:
    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::User) {
            delivered = true;
            return true;
        }
        return QObject::event(event);
    }
};

// Processes events until everything posted so far, and every repaint it caused, is done.
void drainPosted(const ReplotCounter &counter)
{
    Marker marker;
    for (int round = 0; round < 100; ++round) {
        const long long before = counter.replots();
        marker.delivered = false;
        QCoreApplication::postEvent(&marker, new QEvent(QEvent::User), Qt::LowEventPriority);
        while (!marker.delivered)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
        // A round that replotted posted its repaints after the marker: one more round.
        if (counter.replots() == before && round > 0)
            return;
    }
}

// Waits for the views' background computations (LatestJob) too, and what they draw.
void drainEvents(const ReplotCounter &counter)
{
    drainPosted(counter);
    while (LatestJob::pending() > 0) {
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        std::this_thread::sleep_for(std::chrono::microseconds(100));
        drainPosted(counter);
    }
}

struct ChangeTime {
    double wallMs = 0;       // until everything is drawn, background results included
    double responsiveMs = 0; // until the UI thread had drawn its part and was free for input
    double cpuMs = 0;        // CPU time of the process (all threads) meanwhile
    int replots = 0;         // the most replots of one plot meanwhile
};

// Applies `change` to the state and waits until it is drawn.
ChangeTime timeChange(EncodingState *state, ReplotCounter &counter,
                      const std::function<void()> &change)
{
    bool finished = false;
    const QMetaObject::Connection connection =
        QObject::connect(state, &EncodingState::updateFinished, state, [&] { finished = true; });
    counter.startChange();
    const double cpu0 = processCpuMs();
    const auto t0 = Clock::now();
    change();
    // The coalescing timer fires on the next event-loop turn (0 ms).
    for (int turn = 0; !finished && turn < 100000; ++turn)
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    drainPosted(counter);
    const auto responsive = Clock::now();
    drainEvents(counter);
    const auto t1 = Clock::now();
    const double cpu1 = processCpuMs();
    QObject::disconnect(connection);
    const auto ms = [t0](Clock::time_point t) { return std::chrono::duration<double, std::milli>(t - t0).count(); };
    return {ms(t1), ms(responsive), cpu1 - cpu0, counter.mostOfOnePlot()};
}

// ---------------------------------------------------------------------------------------
// Child: the views at one size

struct Size {
    int dModel;
    int seqLen;
    int temporalSteps; // the temporal view's table grows with the size too, to its maximum
};

const std::vector<Size> &allSizes()
{
    static const std::vector<Size> sizes{{128, 30, 336}, {512, 512, 8760}, {4096, 16384, TemporalParams::kMaxSteps}};
    return sizes;
}

QString sizeName(const Size &size)
{
    return QStringLiteral("%1x%2").arg(size.dModel).arg(size.seqLen);
}

// The kinds of change timed: stepping the probe position (cheap for the data: PE itself does
// not change), stepping the offset k (M_k changes), and d_model alternating between two values
// (everything is recomputed).
enum class ChangeKind { Position, Offset, DModel };

const std::vector<std::pair<ChangeKind, QString>> &changeKinds()
{
    static const std::vector<std::pair<ChangeKind, QString>> kinds{
        {ChangeKind::Position, QStringLiteral("position")},
        {ChangeKind::Offset, QStringLiteral("offset")},
        {ChangeKind::DModel, QStringLiteral("d_model")}};
    return kinds;
}

// The n-th change of a kind: always a different value from the one before.
void applyChange(EncodingState *state, const Size &size, ChangeKind kind, int n)
{
    switch (kind) {
    case ChangeKind::Position:
        state->setPosition(double((n + 1) % std::max(size.seqLen, 2)));
        break;
    case ChangeKind::Offset:
        state->setOffset(double(1 + n % 64));
        break;
    case ChangeKind::DModel:
        state->setDModel(n % 2 == 0 ? size.dModel - 2 : size.dModel);
        break;
    }
}

Samples measure(EncodingState *state, ReplotCounter &counter, const Size &size,
                ChangeKind kind, int changes)
{
    const EncodingParams before = state->params();
    Samples samples;
    for (int n = 0; n < changes; ++n) {
        const ChangeTime time = timeChange(state, counter, [&] { applyChange(state, size, kind, n); });
        samples.wallMs.push_back(time.wallMs);
        samples.responsiveMs.push_back(time.responsiveMs);
        samples.cpuMs.push_back(time.cpuMs);
        samples.replots.push_back(double(time.replots));
    }
    // Back to the size's parameters, untimed.
    state->setParams(before);
    state->flush();
    drainEvents(counter);
    return samples;
}

// The options of POSENC_BENCH_OPTIONS set in `scene`; an unknown flag or a refused value ends
// the run with one line, as the command line would.
void applyBenchOptions(Scene &scene)
{
    const QStringList given = qEnvironmentVariable(kOptionsVariable).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &flagValue : given) {
        const QString flag = flagValue.section(QLatin1Char('='), 0, 0);
        const ViewOption *option = nullptr;
        for (const ViewOption *o : ViewRegistry::options()) {
            if (o->flag == flag)
                option = o;
        }
        const std::optional<QString> refused =
            option ? option->parse(flagValue.section(QLatin1Char('='), 1), scene) : QStringLiteral("no such option");
        if (refused) {
            std::fprintf(stderr, "%s: %s: %s\n", kOptionsVariable, qPrintable(flag), qPrintable(*refused));
            std::exit(2);
        }
    }
}

// Takes `state` to the size (as a preset load or typing a size would): one change, timed.
double goToSize(EncodingState *state, ReplotCounter &counter, const Size &size)
{
    EncodingParams params = state->params();
    params.dModel = size.dModel;
    params.seqLen = size.seqLen;
    params.position = std::min(10.0, double(size.seqLen - 1));
    return timeChange(state, counter, [&] {
        state->setParams(params);
        state->changeScene([&](Scene &scene) {
            scene.temporal.steps = size.temporalSteps;
            applyBenchOptions(scene);
        });
    }).wallMs;
}

// Each view alone on a state of its own, in a widget of about the size the window's central
// area has: what the view itself costs.
QJsonObject measureViewsAlone(const Size &size, int changes)
{
    QJsonObject views;
    for (const QString &name : ViewRegistry::ids()) {
        EncodingState state;
        std::unique_ptr<QWidget> view(FigureExport::createView(name, &state));
        view->resize(900, 650);
        view->show();
        ReplotCounter counter(view.get());
        drainEvents(counter);
        QJsonObject result{{QStringLiteral("to_size_ms"), rounded(goToSize(&state, counter, size))}};
        for (const auto &[kind, kindName] : changeKinds())
            result.insert(kindName, measure(&state, counter, size, kind, changes).summary());
        views.insert(name, result);
    }
    return views;
}

// The window with every registered view open (tabs), each one in front in turn, the samples pooled per
// kind of change: the views plus everything else the window updates on a change.
QJsonObject measureWindow(const Size &size, int changes, QSize screen)
{
    MainWindow window; // no preferences: the defaults, nothing read or remembered
    window.resize(screen.isValid() ? screen : QSize(1280, 800));
    window.show();
    ReplotCounter counter(&window);
    drainEvents(counter);
    QJsonObject result{{QStringLiteral("to_size_ms"), rounded(goToSize(window.state(), counter, size))}};
    const int views = int(ViewRegistry::all().size());
    const int perView = std::max(1, (changes + views - 1) / views);
    for (const auto &[kind, kindName] : changeKinds()) {
        Samples all;
        QJsonObject worst;
        QJsonObject each; // every view in front, not only the worst: the goal is per view
        double worstMedian = -1;
        for (const QString &name : ViewRegistry::ids()) {
            if (!profiled(name, kindName))
                continue;
            window.showView(name);
            drainEvents(counter);
            const Samples samples = measure(window.state(), counter, size, kind, perView);
            if (median(samples.wallMs) > worstMedian) {
                worstMedian = median(samples.wallMs);
                worst = samples.summary();
                worst.insert(QStringLiteral("current_view"), name);
            }
            each.insert(name, samples.summary());
            all.append(samples);
        }
        QJsonObject summary = all.summary();
        summary.insert(QStringLiteral("worst_current_view"), worst);
        summary.insert(QStringLiteral("current_views"), each);
        result.insert(kindName, summary);
    }
    return result;
}

// The views alone, then the window; at a screen size of the caller's, the window alone.
QJsonObject runViewsChild(const Size &size, int changes, QSize screen)
{
    QJsonObject result{{QStringLiteral("d_model"), size.dModel},
                       {QStringLiteral("seq_len"), size.seqLen},
                       {QStringLiteral("temporal_steps"), size.temporalSteps}};
    if (qEnvironmentVariableIsEmpty(kProfileVariable) && !screen.isValid())
        result.insert(QStringLiteral("views"), measureViewsAlone(size, changes));
    result.insert(QStringLiteral("peak_rss_views_mb"), rounded(peakRssMb()));
    if (screen.isValid())
        result.insert(QStringLiteral("window"), QStringLiteral("%1x%2").arg(screen.width()).arg(screen.height()));
    result.insert(QStringLiteral("all_views"), measureWindow(size, changes, screen));
    result.insert(QStringLiteral("peak_rss_mb"), rounded(peakRssMb()));
    return result;
}

// ---------------------------------------------------------------------------------------
// Child: start-up to the first painted window

QJsonObject runStartupChild(qint64 spawnNs)
{
    const auto sinceSpawn = [spawnNs] { return double(monotonicNs() - spawnNs) / 1e6; };
    QJsonObject result{{QStringLiteral("to_main_ms"), rounded(sinceSpawn())}};
    MainWindow window;
    result.insert(QStringLiteral("window_built_ms"), rounded(sinceSpawn()));
    ReplotCounter counter(&window);
    window.show();
    drainEvents(counter);
    result.insert(QStringLiteral("first_paint_ms"), rounded(sinceSpawn()));
    result.insert(QStringLiteral("cpu_ms"), rounded(processCpuMs()));
    result.insert(QStringLiteral("replots"), double(counter.replots()));
    result.insert(QStringLiteral("peak_rss_mb"), rounded(peakRssMb()));
    // Every view shown once at the defaults: the memory of a session that looked at all.
    for (const QString &name : ViewRegistry::ids()) {
        window.showView(name);
        drainEvents(counter);
    }
    result.insert(QStringLiteral("peak_rss_all_views_mb"), rounded(peakRssMb()));
    return result;
}

// ---------------------------------------------------------------------------------------
// Parent: the engine and the children

// Times `work` `repetitions` times: wall and thread CPU, in ms.
Samples timeRepeated(int repetitions, const std::function<void()> &work)
{
    Samples samples;
    for (int n = 0; n < repetitions; ++n) {
        const double cpu0 = threadCpuMs();
        const auto t0 = Clock::now();
        work();
        const auto t1 = Clock::now();
        samples.cpuMs.push_back(threadCpuMs() - cpu0);
        samples.wallMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    return samples;
}

// The engine against its two baselines (a plain buffer write and the naive loop), all three into the same reused buffer:
// float32, seq_len 16384 x d_model 1024.
QJsonObject runEngine(int repetitions)
{
    EncodingParams params;
    params.seqLen = 16384;
    params.dModel = 1024;
    RowMatrixXf buffer(params.seqLen, params.dModel);
    const Eigen::VectorXd w = frequencies(params);
    const int pairs = int(w.size());
    float checksum = 0;

    const auto runEngine = [&] { encodingMatrixInto(params, buffer); };
    // The buffer write is glibc's memset: the fastest plain write of the machine (vector
    // stores, and streaming stores past the caches for a buffer this large), so the memory-
    // bound limit. A std::fill of 0.5f, as this benchmark used before, compiles at -O2 to one
    // scalar 4-byte store per value and took 1.5 to 3.5 times as long; it is kept as
    // `scalar_fill` for comparison with earlier reports.
    const auto runFill = [&] {
        std::memset(static_cast<void *>(buffer.data()), 0, std::size_t(buffer.size()) * sizeof(float));
        asm volatile("" : : "r"(buffer.data()) : "memory"); // the stores must happen
    };
    const auto runScalarFill = [&] {
        std::fill(buffer.data(), buffer.data() + buffer.size(), 0.5f);
        asm volatile("" : : "r"(buffer.data()) : "memory");
    };
    const auto runNaive = [&] {
        for (int r = 0; r < params.seqLen; ++r) {
            float *row = buffer.data() + std::size_t(r) * std::size_t(params.dModel);
            const double pos = params.start + r;
            for (int i = 0; i < pairs; ++i) {
                row[2 * i] = float(params.scale * std::sin(pos * w[i]));
                row[2 * i + 1] = float(params.scale * std::cos(pos * w[i]));
            }
        }
        asm volatile("" : : "r"(buffer.data()) : "memory");
    };
    // Interleaved, one of each per round, so that they share whatever else the machine
    // is doing (the buffer write is bound by memory bandwidth, which other processes share).
    runFill(); // every page of the buffer touched and warm
    Samples engine, fill, scalarFill, naive;
    for (int n = 0; n < repetitions; ++n) {
        engine.append(timeRepeated(1, runEngine));
        checksum += buffer(params.seqLen - 1, 1);
        fill.append(timeRepeated(1, runFill));
        checksum += buffer(0, 0);
        scalarFill.append(timeRepeated(1, runScalarFill));
        checksum += buffer(0, 0);
        naive.append(timeRepeated(1, runNaive));
        checksum += buffer(params.seqLen - 1, 1);
    }

    const double engineMs = median(engine.cpuMs);
    QJsonObject result{
        {QStringLiteral("dtype"), QStringLiteral("float32")},
        {QStringLiteral("seq_len"), params.seqLen},
        {QStringLiteral("d_model"), params.dModel},
        {QStringLiteral("repetitions"), repetitions},
        {QStringLiteral("encoding_matrix_into"), engine.summary()},
        {QStringLiteral("buffer_write"), fill.summary()},
        {QStringLiteral("scalar_fill"), scalarFill.summary()},
        {QStringLiteral("sincos_loop"), naive.summary()},
        // Ratios of the median CPU times (steadier than wall time on a shared machine).
        {QStringLiteral("ratio_to_buffer_write"), rounded(engineMs / median(fill.cpuMs))},
        {QStringLiteral("speedup_over_sincos_loop"), rounded(median(naive.cpuMs) / engineMs)},
        {QStringLiteral("checksum_finite"), std::isfinite(checksum)}};
    return result;
}

// Runs this binary as a child with `child` in POSENC_BENCH_CHILD; its JSON object, or an
// error message.
std::optional<QJsonObject> runChild(const QString &child, const QStringList &arguments, QString *error)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QString::fromLatin1(kChildVariable), child);
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), qEnvironmentVariable("QT_QPA_PLATFORM"));
    // The child's clock of start-up begins here, just before fork and exec.
    environment.insert(QString::fromLatin1(kSpawnVariable), QString::number(monotonicNs()));
    process.setProcessEnvironment(environment);
    process.start(QCoreApplication::applicationFilePath(), QStringList{QStringLiteral("bench")} + arguments);
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        *error = QCoreApplication::translate("Bench", "the measurement “%1” failed: %2")
                     .arg(child, process.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(process.readAllStandardOutput(), &parseError);
    if (!document.isObject()) {
        *error = QCoreApplication::translate("Bench", "the measurement “%1” failed: %2")
                     .arg(child, parseError.errorString());
        return std::nullopt;
    }
    return document.object();
}

void print(const QJsonObject &object)
{
    std::fputs(QJsonDocument(object).toJson(QJsonDocument::Indented).constData(), stdout);
    std::fflush(stdout);
}

int runParent(int argc, char **argv, const CommandLine &command)
{
    QCoreApplication app(argc, argv);
    const int changes = command.benchChanges > 0 ? command.benchChanges : kDefaultChanges;
    const QSize screen = command.benchScreen;
    QStringList childArguments{QStringLiteral("--changes"), QString::number(changes)};
    if (screen.isValid())
        childArguments << QStringLiteral("--size") << QStringLiteral("%1x%2").arg(screen.width()).arg(screen.height());
    QJsonObject report{{QStringLiteral("software"), QStringLiteral("posenc-lab " POSENC_VERSION_STRING)},
                       {QStringLiteral("platform"), qEnvironmentVariable("QT_QPA_PLATFORM")},
                       {QStringLiteral("cpus"), int(std::thread::hardware_concurrency())},
                       // Threads the engine splits a change's loops over (POSENC_THREADS).
                       {QStringLiteral("worker_threads"), workerThreads()},
                       {QStringLiteral("load_average_before"), loadAverage()},
                       {QStringLiteral("changes"), changes},
                       {QStringLiteral("quick"), command.benchQuick}};
    QString error;

    QJsonArray startups;
    std::vector<double> firstPaint, cpu, rss, rssAll;
    // At a screen size of the caller's: the window alone, at 512 x 512 (the size the per-change
    // budget is set at) and, unless quick, at the largest parameters.
    for (int run = 0; run < (screen.isValid() ? 0 : kStartupRuns); ++run) {
        const auto startup = runChild(QStringLiteral("startup"), childArguments, &error);
        if (!startup) {
            std::fprintf(stderr, "posenc-lab: %s\n", qUtf8Printable(error));
            return 1;
        }
        firstPaint.push_back(startup->value(QStringLiteral("first_paint_ms")).toDouble());
        cpu.push_back(startup->value(QStringLiteral("cpu_ms")).toDouble());
        rss.push_back(startup->value(QStringLiteral("peak_rss_mb")).toDouble());
        rssAll.push_back(startup->value(QStringLiteral("peak_rss_all_views_mb")).toDouble());
        startups.append(*startup);
    }
    if (!screen.isValid())
        report.insert(QStringLiteral("startup"),
                  QJsonObject{{QStringLiteral("runs"), startups},
                              {QStringLiteral("first_paint_median_ms"), rounded(median(firstPaint))},
                              {QStringLiteral("cpu_median_ms"), rounded(median(cpu))},
                              {QStringLiteral("peak_rss_median_mb"), rounded(median(rss))},
                              {QStringLiteral("peak_rss_all_views_median_mb"), rounded(median(rssAll))}});

    QJsonArray sizes;
    const std::size_t sizeCount = command.benchQuick ? 2 : allSizes().size();
    for (std::size_t n = screen.isValid() ? 1 : 0; n < sizeCount; ++n) {
        const auto measured = runChild(QStringLiteral("views:%1").arg(n), childArguments, &error);
        if (!measured) {
            std::fprintf(stderr, "posenc-lab: %s\n", qUtf8Printable(error));
            return 1;
        }
        QJsonObject size = *measured;
        size.insert(QStringLiteral("size"), sizeName(allSizes()[n]));
        sizes.append(size);
    }
    report.insert(QStringLiteral("sizes"), sizes);

    if (!screen.isValid())
        report.insert(QStringLiteral("engine"), runEngine(command.benchQuick ? 3 : 7));
    report.insert(QStringLiteral("load_average_after"), loadAverage());
    print(report);
    return 0;
}

int runChildProcess(int argc, char **argv, const CommandLine &command, const QString &child)
{
    const qint64 spawnNs = qEnvironmentVariable(kSpawnVariable).toLongLong();
    qInstallMessageHandler(quietQtMessages);
    // Heavy work in the background, as in a window on a screen (offscreen it would run at once),
    // and memory kept for reuse as the window keeps it.
    LatestJob::setMode(LatestJob::Mode::Background);
    keepFreedMemoryForReuse();
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("PosEncLab"));
    QCoreApplication::setApplicationName(QStringLiteral("posenc-lab"));
    const int changes = command.benchChanges > 0 ? command.benchChanges : kDefaultChanges;
    if (child == QLatin1String("startup")) {
        print(runStartupChild(spawnNs));
        return 0;
    }
    bool ok = false;
    const std::size_t index = child.section(QLatin1Char(':'), 1).toUInt(&ok);
    if (!child.startsWith(QLatin1String("views:")) || !ok || index >= allSizes().size())
        return 1;
    print(runViewsChild(allSizes()[index], changes, command.benchScreen));
    return 0;
}

} // namespace

int runBench(int argc, char **argv, const CommandLine &command)
{
    // Headless by contract, like screenshot: offscreen unless the caller chose a platform.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QString child = qEnvironmentVariable(kChildVariable);
    if (!child.isEmpty())
        return runChildProcess(argc, argv, command, child);
    return runParent(argc, argv, command);
}

} // namespace posenc

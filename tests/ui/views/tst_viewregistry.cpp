// SPDX-License-Identifier: GPL-3.0-or-later
// The contract every registered view keeps (after QGIS's test of its layout item registry):
// one data-driven row per descriptor of ViewRegistry, so that a view is tested the moment it
// is registered. It opens offscreen, replots after a parameter change, exports its data and
// a figure, describes itself in both languages, explains a clicked point, and its options
// survive a preset and its reproducing command line (run with the real binary).

#include "clirun.h"

#include "ui/export/figureexport.h"
#include "ui/export/figurerequest.h"
#include "ui/export/preset.h"
#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/window/language.h"

#include <qcustomplot.h>

#include <QFile>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace posenc;
using namespace posenc::clitest;

Q_DECLARE_METATYPE(const posenc::ViewDescriptor *)
Q_DECLARE_METATYPE(const posenc::ViewOption *)

namespace {

bool hasCjk(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    }
    return false;
}

// The option whose flag is `flag`, of any view.
const ViewOption *optionForFlag(const QString &flag)
{
    for (const ViewOption *option : ViewRegistry::options()) {
        if (option->flag == flag)
            return option;
    }
    return nullptr;
}

// `option` set to `value` in `scene`, as the command line sets it; the refusal fails the test.
void setOption(const ViewOption &option, const QString &value, Scene &scene)
{
    const auto refused = option.parse(value, scene);
    QVERIFY2(!refused, qPrintable(QStringLiteral("--%1 %2: %3").arg(option.flag, value, refused.value_or(QString()))));
}

// The parameters every test scene starts from: small, and none at its default.
Scene smallScene()
{
    Scene scene;
    scene.params.dModel = 16;
    scene.params.seqLen = 24;
    scene.params.base = 500;
    scene.params.scale = 0.75;
    scene.params.offset = 3;
    scene.params.start = 2;
    scene.params.position = 6;
    scene.followParams(EncodingParams{});
    // A short run: every row that exports the training lab trains it twice (sanitizer builds
    // run the suite too).
    scene.training.config.steps = 8;
    return scene;
}

// A small scene whose every option is set to its declared sample, so that an option that is
// lost on the way (not written, not read, not formatted) shows.
Scene variedScene()
{
    Scene scene = smallScene();
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        for (const ViewOption *option : view->options)
            setOption(*option, option->sample, scene);
    }
    return scene;
}

// What a view shows of `scene`: its data export (nothing when refused), and its widget drawn
// at a fixed size.
std::optional<RowMatrixXd> dataOf(const ViewDescriptor &view, const Scene &scene)
{
    QString error;
    const auto table = view.dataTable(scene, &error);
    if (!table)
        return std::nullopt;
    return table->matrix();
}

QImage pictureOf(const ViewDescriptor &view, const Scene &scene)
{
    EncodingState state;
    if (state.setScene(scene))
        return {};
    state.flush();
    std::unique_ptr<QWidget> widget(view.create(&state));
    widget->resize(900, 600);
    widget->show();
    if (!QTest::qWaitForWindowExposed(widget.get()))
        return {};
    QTest::qWait(50);
    return widget->grab().toImage();
}

bool differs(const RowMatrixXd &a, const RowMatrixXd &b)
{
    return a.rows() != b.rows() || a.cols() != b.cols() || a != b;
}

} // namespace

void addViewRows();

class TestViewRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registryIsConsistent();
    void opensAndReplots_data() { addViewRows(); }
    void opensAndReplots();
    void exportsDataAndFigures_data() { addViewRows(); }
    void exportsDataAndFigures();
    void describesAndExplains_data() { addViewRows(); }
    void describesAndExplains();
    void everyOptionChangesItsView_data();
    void everyOptionChangesItsView();
    void optionsRoundTrip_data() { addViewRows(); }
    void optionsRoundTrip();
    void reproducingCommandLine_data() { addViewRows(); }
    void reproducingCommandLine();
    void cleanup() { Language::install(QStringLiteral("en")); }
};

// Ids and shortcuts are unique, every view has what the window and the command line need,
// and every option has one key and one flag.
void TestViewRegistry::registryIsConsistent()
{
    const auto &views = ViewRegistry::all();
    QVERIFY(views.size() >= 7);
    QSet<QString> ids;
    QSet<QKeySequence> shortcuts;
    for (const ViewDescriptor *view : views) {
        QVERIFY2(!ids.contains(view->id), qPrintable(view->id));
        ids.insert(view->id);
        QVERIFY2(!view->shortcut.isEmpty() && !shortcuts.contains(view->shortcut), qPrintable(view->id));
        shortcuts.insert(view->shortcut);
        QVERIFY(view->group == QLatin1String("encoding") || view->group == QLatin1String("labs"));
        QVERIFY(view->title && !view->title().isEmpty());
        QVERIFY(view->create && view->describe);
        QCOMPARE(ViewRegistry::find(view->id), view);
        QVERIFY(view->recommendedSize == QLatin1String("single-column")
                || view->recommendedSize == QLatin1String("double-column"));
    }
    // A view that opens files (File menu, drag and drop) says how, and no suffix is two views'.
    QSet<QString> suffixes;
    for (const ViewDescriptor *view : views) {
        if (!view->openFile)
            continue;
        QVERIFY2(view->openFileTitle && !view->openFileTitle().isEmpty(), qPrintable(view->id));
        QVERIFY2(view->openFileFilter && !view->openFileFilter().isEmpty(), qPrintable(view->id));
        QVERIFY2(!view->openFileSuffixes.isEmpty(), qPrintable(view->id));
        for (const QString &suffix : view->openFileSuffixes) {
            QVERIFY2(!suffixes.contains(suffix), qPrintable(suffix));
            suffixes << suffix;
            QCOMPARE(ViewRegistry::opening(QStringLiteral("some/file.") + suffix.toUpper()), view);
        }
    }
    QVERIFY(!ViewRegistry::opening(QStringLiteral("preset.json")));
    // A model's config, named as Hugging Face names it.
    QCOMPARE(ViewRegistry::opening(QStringLiteral("models/Llama-3.1-8B/config.json")), ViewRegistry::find(u"context"));
    QVERIFY(!ViewRegistry::opening(QStringLiteral("models/myconfig.json")));
    QCOMPARE(ViewRegistry::ids().size(), views.size());
    QCOMPARE(ViewRegistry::defaultId(), views.constFirst()->id);
    QVERIFY(!ViewRegistry::find(u"no-such-view"));
    QSet<QString> keys, flags;
    for (const ViewOption *option : ViewRegistry::options()) {
        QVERIFY2(!keys.contains(option->key) && !flags.contains(option->flag), qPrintable(option->key));
        keys.insert(option->key);
        flags.insert(option->flag);
        for (const QString &alias : option->aliases) {
            QVERIFY2(!flags.contains(alias), qPrintable(alias));
            flags.insert(alias);
        }
        QCOMPARE(ViewRegistry::optionForKey(option->key), option);
        QVERIFY(option->help && !option->help().isEmpty());
        QVERIFY(option->parse && option->format && option->read && option->write);
    }
}

// One row per registered view.
void addViewRows()
{
    QTest::addColumn<const ViewDescriptor *>("view");
    for (const ViewDescriptor *view : ViewRegistry::all())
        QTest::newRow(qPrintable(view->id)) << view;
}

void TestViewRegistry::opensAndReplots()
{
    QFETCH(const ViewDescriptor *, view);
    EncodingState state;
    QVERIFY(!state.setScene(variedScene()));
    state.flush();
    std::unique_ptr<QWidget> widget(view->create(&state));
    QVERIFY(widget);
    QVERIFY2(!widget->accessibleName().isEmpty(), "a view needs an accessible name");
    widget->resize(900, 600);
    widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(widget.get()));
    const QList<QCustomPlot *> plots = widget->findChildren<QCustomPlot *>();
    QVERIFY2(!plots.isEmpty(), "every view draws at least one plot");
    QTest::qWait(20);
    QList<std::shared_ptr<QSignalSpy>> spies;
    for (QCustomPlot *plot : plots)
        spies << std::make_shared<QSignalSpy>(plot, &QCustomPlot::afterReplot);
    // d_model, or the first parameter the view says it depends on.
    const bool usesDModel = view->parameters.isEmpty() || view->parameters.contains(QStringLiteral("d_model"));
    EncodingParams params = state.params();
    if (usesDModel)
        params.dModel = params.dModel == 32 ? 64 : 32;
    else if (view->parameters.constFirst() == QLatin1String("base"))
        params.base = params.base == 500 ? 1000 : 500;
    else
        QFAIL("the test knows how to change d_model and base only");
    QVERIFY(!state.setParams(params));
    state.flush();
    const auto replots = [&spies] {
        int count = 0;
        for (const auto &spy : spies)
            count += int(spy->size());
        return count;
    };
    if (!view->readsParameters) {
        // Its plots show a file: redrawing them at each step of a dragged slider is waste.
        QTest::qWait(50);
        QCOMPARE(replots(), 0);
        return;
    }
    // A view may compute off the GUI thread (the training lab): wait for its replot.
    QTRY_VERIFY2(replots() > 0, "no plot replotted after a parameter it depends on changed");
}

void TestViewRegistry::exportsDataAndFigures()
{
    QFETCH(const ViewDescriptor *, view);
    QTemporaryDir folder;
    FigureRequest request;
    request.scene() = variedScene();
    request.view = view->id;
    if (view->dataTable) {
        QString error;
        const auto table = view->dataTable(request.scene(), &error);
        QVERIFY2(table, qPrintable(error));
        const RowMatrixXd values = table->matrix();
        QVERIFY(values.size() > 0);
        QCOMPARE(table->columns.size(), values.cols());
        // NaN says a value does not exist (the training lab's scale under a position term
        // without one): allowed in a column named "scale" only; infinity nowhere.
        for (Eigen::Index c = 0; c < values.cols(); ++c) {
            if (table->columns[c] == QLatin1String("scale"))
                QVERIFY(!values.col(c).array().isInf().any());
            else
                QVERIFY2(values.col(c).allFinite(), qPrintable(table->columns[c]));
        }
        for (const QString &suffix : {QStringLiteral("npy"), QStringLiteral("csv")}) {
            request.output = folder.filePath(view->id + QLatin1Char('.') + suffix);
            QVERIFY2(FigureExport::writeFile(request, &error), qPrintable(error));
            QVERIFY(QFile(request.output).size() > 0);
        }
    }
    for (const QString &suffix : {QStringLiteral("png"), QStringLiteral("svg")}) {
        request.output = folder.filePath(view->id + QLatin1Char('.') + suffix);
        QString error;
        QVERIFY2(FigureExport::writeFile(request, &error), qPrintable(error));
        QVERIFY(QFile(request.output).size() > 1000);
    }
}

void TestViewRegistry::describesAndExplains()
{
    QFETCH(const ViewDescriptor *, view);
    EncodingState state;
    QVERIFY(!state.setScene(variedScene()));
    const QString english = view->describe(state);
    QVERIFY2(english.size() > 40, qPrintable(english));
    for (const Explainer &explainer : view->explainers) {
        const double start = state.params().start;
        const QString text = ViewRegistry::explain(state, {explainer.kind, start + 1, 1});
        QVERIFY2(!text.isEmpty(), qPrintable(explainer.kind));
    }
    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    QVERIFY2(hasCjk(view->title()), qPrintable(view->title()));
    const QString chinese = view->describe(state);
    QVERIFY2(hasCjk(chinese), qPrintable(chinese));
    for (const ViewOption *option : view->options)
        QVERIFY2(hasCjk(option->help()), qPrintable(option->help()));
}

// One row per option of every view: its declared sample, set on its own (with the other
// options it needs), must change the view's data or its picture. An option that its view
// ignores fails here.
void TestViewRegistry::everyOptionChangesItsView_data()
{
    QTest::addColumn<const ViewDescriptor *>("view");
    QTest::addColumn<const ViewOption *>("option");
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        for (const ViewOption *option : view->options)
            QTest::newRow(qPrintable(view->id + QLatin1Char(':') + option->flag)) << view << option;
    }
}

void TestViewRegistry::everyOptionChangesItsView()
{
    QFETCH(const ViewDescriptor *, view);
    QFETCH(const ViewOption *, option);
    QVERIFY2(!option->sample.isEmpty(), "every option declares a sample");
    Scene before = smallScene();
    for (const QString &setting : option->sampleNeeds) {
        const ViewOption *needed = optionForFlag(setting.section(QLatin1Char('='), 0, 0));
        QVERIFY2(needed && view->hasOption(needed), qPrintable(setting));
        setOption(*needed, setting.section(QLatin1Char('='), 1), before);
    }
    Scene after = before;
    setOption(*option, option->sample, after);
    QVERIFY2(option->write(after) != option->write(before), "the sample is the option's default");
    QVERIFY2(!option->check || !option->check(after), qPrintable(option->check ? option->check(after).value_or(QString()) : QString()));
    // An option a data file records changes its numbers; any other, the picture.
    if (view->recordedOptions(false, after).contains(option)) {
        const auto was = dataOf(*view, before);
        const auto is = dataOf(*view, after);
        QVERIFY2(was && is, "the view refuses the scene, or the scene with the sample");
        QVERIFY2(differs(*was, *is), "the sample changes no number of the view's data export, which records it");
        return;
    }
    const QImage was = pictureOf(*view, before);
    const QImage is = pictureOf(*view, after);
    QVERIFY(!was.isNull() && !is.isNull());
    QVERIFY2(was != is, "the sample changes nothing the view draws");
}

// Each option of the view: written and read back, formatted and parsed back, and the whole
// scene through a preset file.
void TestViewRegistry::optionsRoundTrip()
{
    QFETCH(const ViewDescriptor *, view);
    const Scene varied = variedScene();
    for (const ViewOption *option : view->options) {
        Scene read;
        read.params = varied.params;
        QVERIFY(!(read == varied));
        const auto problem = option->read(option->write(varied), QStringLiteral("view_options.") + option->key, read);
        QVERIFY2(!problem, qPrintable(problem.value_or(QString())));
        QCOMPARE(option->write(read), option->write(varied));
        Scene parsed;
        parsed.params = varied.params;
        const auto refused = option->parse(option->format(varied), parsed);
        QVERIFY2(!refused, qPrintable(refused.value_or(QString())));
        QCOMPARE(option->format(parsed), option->format(varied));
        QCOMPARE(option->write(parsed), option->write(varied));
    }
    Preset preset;
    preset.scene = varied;
    preset.view = view->id;
    const PresetFile::Result result = PresetFile::parse(PresetFile::toJson(preset));
    const QString *refused = std::get_if<QString>(&result);
    QVERIFY2(!refused, qPrintable(refused ? *refused : QString()));
    QCOMPARE(std::get<Preset>(result).view, view->id);
    QVERIFY(std::get<Preset>(result).scene == varied);
}

// The command line recorded in an exported file writes the same file again.
void TestViewRegistry::reproducingCommandLine()
{
    QFETCH(const ViewDescriptor *, view);
    if (!view->dataTable)
        QSKIP("this view exports figures only");
    QTemporaryDir folder;
    FigureRequest request;
    request.scene() = variedScene();
    request.view = view->id;
    request.output = folder.filePath(QStringLiteral("window.csv"));
    QString error;
    QVERIFY2(FigureExport::writeFile(request, &error), qPrintable(error));
    QStringList arguments = request.arguments();
    arguments.last() = folder.filePath(QStringLiteral("again.csv"));
    const Result run = clitest::run(arguments, folder.path());
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(describe(run)));
    // The files differ only in the -o of their command line.
    QByteArray again = readAll(folder.filePath(QStringLiteral("again.csv")));
    again.replace("again.csv", "window.csv");
    QCOMPARE(again, readAll(request.output));
}

QTEST_MAIN(TestViewRegistry)
#include "tst_viewregistry.moc"

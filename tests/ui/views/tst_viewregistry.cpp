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

namespace {

bool hasCjk(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    }
    return false;
}

// A small scene whose every member differs from its default, so that an option that is lost
// on the way (not written, not read, not formatted) shows.
Scene variedScene()
{
    Scene scene;
    scene.params.dModel = 16;
    scene.params.seqLen = 24;
    scene.params.base = 500;
    scene.params.scale = 0.75;
    scene.params.offset = 3;
    scene.params.start = 2;
    scene.params.position = 6;
    scene.dimensions = {1, 4, 9};
    scene.temporal.periods = {7, 30};
    scene.temporal.steps = 48;
    scene.heatmapDimensions = {3, 0, 7};
    scene.rotationPair = 3;
    scene.cosine = true;
    scene.precision = Precision::Float16;
    scene.checkTensor = QStringLiteral("transformer.wpe.weight"); // ignored by the example, a .npy
    scene.attention.sentence = QStringLiteral("the quick brown fox jumps");
    scene.attention.baseline = AttentionEncoding::Rope;
    scene.attention.encoding = AttentionEncoding::Alibi;
    scene.attention.seed = 7;
    scene.attention.heads = 4;
    scene.attention.head = 1;
    scene.attention.shift = 5;
    scene.vit.imageSize = 96;
    scene.vit.patchSize = 8;
    scene.vit.patchRow = 3;
    scene.vit.patchCol = 10;
    scene.training.left = TrainingTask::Bag;
    scene.training.right = TrainingTask::Order;
    scene.training.config.scheme = PositionScheme::LearnedSinusoidal;
    scene.training.config.join = PeJoin::Alpha;
    scene.training.config.scaleInit = 0.8;
    scene.training.config.scaleLrRatio = 0.5;
    scene.training.config.clampMode = ClampMode::Construction;
    scene.training.config.peDType = PeDType::Float16;
    scene.training.config.scaleStorage = ScaleStorage::PeDType;
    scene.training.config.seed = 12345678901234567890ull; // as train --seed takes it: above 2^53, a string in JSON
    scene.training.config.steps = 12; // a short run: every export of this scene trains it
    scene.training.config.dModel = 16;
    scene.training.config.seqLen = 6;
    scene.training.config.vocab = 5;
    scene.training.config.examples = 64;
    return scene;
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
    QCOMPARE(ViewRegistry::ids().size(), views.size());
    QCOMPARE(ViewRegistry::defaultId(), views.constFirst()->id);
    QVERIFY(!ViewRegistry::find(u"no-such-view"));
    QSet<QString> keys, flags;
    for (const ViewOption *option : ViewRegistry::options()) {
        QVERIFY2(!keys.contains(option->key) && !flags.contains(option->flag), qPrintable(option->key));
        keys.insert(option->key);
        flags.insert(option->flag);
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

// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab export --preset FILE --out-dir DIR`, `export --preset FILE -o FILE` and
// `screenshot --preset FILE`, run as a user would run them (the real binary, no display):
// every figure of the preset is written with its own settings and says how it was made; the
// options given as well override the preset; a bad preset or folder ends with status 2, one
// line naming the field or path, and no file, and a figure failing half-way leaves the folder
// as it was.
#include "clirun.h"
#include "npyreader.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>

using namespace posenc::clitest;

namespace {

QString str(const char *text)
{
    return QString::fromUtf8(text);
}

// A preset of six figures, one per view and format, each changing something of its own.
const QByteArray kPreset = R"({
    "format": "posenc-lab/1",
    "view": "curves",
    "parameters": {"d_model": 48, "seq_len": 40, "base": 500, "pos": 7},
    "view_options": {"dims": [0, 3, 5]},
    "export": {"dpi": 120, "font_pt": 7},
    "figures": [
        {"view": "heatmap", "file": "heatmap.png", "parameters": {"d_model": 64},
         "export": {"dpi": 100, "colormap": "viridis"}},
        {"view": "curves", "file": "curves.svg"},
        {"view": "spectrum", "file": "spectrum.pdf", "export": {"size": "double-column"}},
        {"view": "similarity", "file": "similarity.csv", "parameters": {"seq_len": 20},
         "view_options": {"cosine": true}},
        {"view": "rotation", "file": "rotation.npy", "parameters": {"d_model": 16}, "dtype": "float32"},
        {"view": "temporal", "file": "temporal.png",
         "view_options": {"periods": [12], "steps": 48},
         "export": {"width_mm": 60, "height_mm": 40, "theme": "print"}}
    ]
})";

const QStringList kFiles{str("curves.svg"), str("heatmap.png"), str("rotation.npy"),
                         str("similarity.csv"), str("spectrum.pdf"), str("temporal.png")};

// The arguments of a reproducing command line (no argument in these tests needs quoting).
QStringList argumentsOf(const QString &commandLine)
{
    QStringList words = commandLine.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (!words.isEmpty() && words.constFirst() == QLatin1String("posenc-lab"))
        words.removeFirst();
    return words;
}

// The value after `option` in a list of arguments.
QString valueOf(const QStringList &arguments, const QString &option)
{
    const qsizetype at = arguments.indexOf(option);
    return at < 0 ? QString() : arguments.value(at + 1);
}

} // namespace

class TestCliPreset : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void outDirWritesEveryFigure();
    void optionsOverrideEveryFigure();
    void samplePresetExports();
    void presetViewToOneFile();
    void screenshotWithPreset();
    void helpMentionsPresets();
    void invalid_data();
    void invalid();
    void figureFailingHalfWayLeavesFolderAsItWas();
};

void TestCliPreset::outDirWritesEveryFigure()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(str("figures.json")), kPreset));
    const Result result = run(list({"export", "--preset", "figures.json", "--out-dir", "out/figs"}), dir.path());
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY(result.out.isEmpty());
    // One progress line per figure, in the preset's order.
    QCOMPARE(QString::fromUtf8(result.err),
             str("[1/6] heatmap.png\n[2/6] curves.svg\n[3/6] spectrum.pdf\n[4/6] similarity.csv\n"
                 "[5/6] rotation.npy\n[6/6] temporal.png\n"));
    // The folder was created; it holds the six files and nothing else (no staging left over).
    const QString out = dir.filePath(str("out/figs"));
    QCOMPARE(entriesBelow(out), kFiles);

    // heatmap.png: its own d_model, DPI and colour map, the preset's seq_len and size.
    const QImage heatmap(out + str("/heatmap.png"));
    QVERIFY(!heatmap.isNull());
    QCOMPARE(heatmap.width(), expectedPixels(89, 100));
    QCOMPARE(heatmap.height(), expectedPixels(66.75, 100));
    QCOMPARE(heatmap.dotsPerMeterX(), int(std::lround(100 / 0.0254)));
    const QJsonObject heatmapParameters = parametersOf(heatmap);
    QCOMPARE(heatmapParameters.value(str("view")).toString(), str("heatmap"));
    QCOMPARE(heatmapParameters.value(str("d_model")).toInt(), 64);
    QCOMPARE(heatmapParameters.value(str("seq_len")).toInt(), 40);
    QCOMPARE(heatmapParameters.value(str("base")).toDouble(), 500.0);
    QCOMPARE(heatmapParameters.value(str("pos")).toDouble(), 7.0);
    QCOMPARE(heatmapParameters.value(str("dpi")).toInt(), 100);
    QCOMPARE(heatmapParameters.value(str("font_pt")).toDouble(), 7.0);
    QCOMPARE(heatmapParameters.value(str("colormap")).toString(), str("viridis"));
    const QStringList heatmapCommand = argumentsOf(heatmap.text(str("posenc-lab:command")));
    QCOMPARE(valueOf(heatmapCommand, str("-o")), str("out/figs/heatmap.png"));

    // The PNG's own command line writes the same picture again.
    const Result again = run(heatmapCommand, dir.path());
    QVERIFY2(again.finished && again.exitCode == 0, qPrintable(describe(again)));
    QCOMPARE(QImage(out + str("/heatmap.png")).convertToFormat(QImage::Format_ARGB32),
             heatmap.convertToFormat(QImage::Format_ARGB32));

    // temporal.png: explicit millimetres at the preset's DPI, its own periods and steps.
    const QImage temporal(out + str("/temporal.png"));
    QCOMPARE(temporal.width(), expectedPixels(60, 120));
    QCOMPARE(temporal.height(), expectedPixels(40, 120));
    const QJsonObject temporalParameters = parametersOf(temporal);
    QCOMPARE(temporalParameters.value(str("periods")).toArray(), QJsonArray{12});
    QCOMPARE(temporalParameters.value(str("steps")).toInt(), 48);
    QCOMPARE(temporalParameters.value(str("theme")).toString(), str("print"));

    // curves.svg: XML whose description is the command with the preset's dimensions.
    QXmlStreamReader svg(readAll(out + str("/curves.svg")));
    QString description;
    while (!svg.atEnd()) {
        if (svg.readNext() == QXmlStreamReader::StartElement && svg.name() == QLatin1String("desc"))
            description = svg.readElementText();
    }
    QVERIFY2(!svg.hasError(), qPrintable(svg.errorString()));
    QVERIFY2(description.contains(str("--view curves")), qPrintable(description));
    QVERIFY2(description.contains(str("--dims 0,3,5")), qPrintable(description));
    QVERIFY2(description.contains(str("--d-model 48")), qPrintable(description));

    // spectrum.pdf: its document information names the view and the double-column size.
    const QString pdfinfo = QStandardPaths::findExecutable(str("pdfinfo"));
    if (!pdfinfo.isEmpty()) {
        QProcess info;
        info.start(pdfinfo, {out + str("/spectrum.pdf")});
        QVERIFY(info.waitForFinished(60000));
        const QString text = QString::fromUtf8(info.readAllStandardOutput());
        QVERIFY2(text.contains(str("--view spectrum")), qPrintable(text));
        QVERIFY2(text.contains(str("--size double-column")), qPrintable(text));
        QVERIFY2(text.contains(str("--dpi 120")), qPrintable(text));
    }

    // similarity.csv: the header says how it was made, and that command writes it again.
    const QByteArray csv = readAll(out + str("/similarity.csv"));
    const QList<QByteArray> lines = csv.split('\n');
    QVERIFY(lines.size() > 2);
    QCOMPARE(lines.at(0), QByteArray("# posenc-lab 0.1.0"));
    QVERIFY(lines.at(1).startsWith("# command: posenc-lab export --view similarity"));
    const QStringList csvCommand = argumentsOf(QString::fromUtf8(lines.at(1).mid(qsizetype(strlen("# command: ")))));
    QCOMPARE(valueOf(csvCommand, str("--seq-len")), str("20"));
    QCOMPARE(valueOf(csvCommand, str("--d-model")), str("48"));
    QCOMPARE(valueOf(csvCommand, str("--similarity")), str("cosine"));
    QCOMPARE(valueOf(csvCommand, str("-o")), str("out/figs/similarity.csv"));
    QCOMPARE(csv.count('\n'), 2 + 1 + 20); // two comments, the column names, 20 rows
    QVERIFY(QFile::rename(out + str("/similarity.csv"), out + str("/first.csv")));
    const Result csvAgain = run(csvCommand, dir.path());
    QVERIFY2(csvAgain.finished && csvAgain.exitCode == 0, qPrintable(describe(csvAgain)));
    QCOMPARE(readAll(out + str("/similarity.csv")), csv);

    // rotation.npy: float32, [16, 16] (its own d_model).
    QString why;
    const auto npy = parseNpy(readAll(out + str("/rotation.npy")), &why);
    QVERIFY2(npy, qPrintable(why));
    QCOMPARE(npy->descr, QByteArray("<f4"));
    QCOMPARE(npy->shape, (QList<qint64>{16, 16}));
}

// Options given with the preset apply to every figure, over the figure's own settings.
void TestCliPreset::optionsOverrideEveryFigure()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("figures.json")), kPreset));
    const Result result = run(list({"export", "--preset", "figures.json", "--out-dir", "out", "--d-model", "32",
                                    "--dpi", "72", "--size", "slide", "--dtype", "float64"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    for (const QString &name : {str("heatmap.png"), str("temporal.png")}) {
        const QImage image(dir.filePath(str("out/") + name));
        const QJsonObject parameters = parametersOf(image);
        QCOMPARE(parameters.value(str("d_model")).toInt(), 32);
        QCOMPARE(parameters.value(str("dpi")).toInt(), 72);
        QCOMPARE(parameters.value(str("size")).toString(), str("slide"));
        QCOMPARE(image.width(), expectedPixels(254, 72));
    }
    // The heatmap keeps its own colour map: the command line did not name one.
    QCOMPARE(parametersOf(QImage(dir.filePath(str("out/heatmap.png")))).value(str("colormap")).toString(),
             str("viridis"));
    QVERIFY(readAll(dir.filePath(str("out/similarity.csv"))).contains("--d-model 32"));
    QString why;
    const auto npy = parseNpy(readAll(dir.filePath(str("out/rotation.npy"))), &why);
    QVERIFY2(npy, qPrintable(why));
    QCOMPARE(npy->descr, QByteArray("<f8"));
    QCOMPARE(npy->shape, (QList<qint64>{32, 32}));
}

// The shipped sample exports whole.
void TestCliPreset::samplePresetExports()
{
    const QString sample = QFINDTESTDATA("../../resources/presets/paper-figures.json");
    QVERIFY(!sample.isEmpty());
    QTemporaryDir dir;
    const Result result = run({str("export"), str("--preset"), sample, str("--out-dir"), str("out")}, dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QJsonObject json = QJsonDocument::fromJson(readAll(sample)).object();
    QStringList expected;
    for (const QJsonValue &figure : json.value(str("figures")).toArray())
        expected << figure.toObject().value(str("file")).toString();
    QCOMPARE(QString::fromUtf8(result.err).count(QLatin1Char('\n')), expected.size());
    expected.sort();
    QCOMPARE(entriesBelow(dir.filePath(str("out"))), expected);
}

// Without --out-dir: the preset's own view (or --view) to one file, with its settings.
void TestCliPreset::presetViewToOneFile()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("figures.json")), kPreset));
    const Result result = run(list({"export", "--preset", "figures.json", "-o", "view.png"}), dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QImage image(dir.filePath(str("view.png")));
    const QJsonObject parameters = parametersOf(image);
    QCOMPARE(parameters.value(str("view")).toString(), str("curves"));
    QCOMPARE(parameters.value(str("d_model")).toInt(), 48);
    QCOMPARE(parameters.value(str("dims")).toArray(), (QJsonArray{0, 3, 5}));
    QCOMPARE(parameters.value(str("font_pt")).toDouble(), 7.0);
    QCOMPARE(image.width(), expectedPixels(89, 120));

    const Result data = run(list({"export", "--preset", "figures.json", "--view", "heatmap", "--seq-len", "9",
                                  "-o", "view.csv"}),
                            dir.path());
    QVERIFY2(data.finished && data.exitCode == 0, qPrintable(describe(data)));
    const QByteArray csv = readAll(dir.filePath(str("view.csv")));
    QVERIFY(csv.contains("--view heatmap --d-model 48 --seq-len 9 --base 500"));
    QCOMPARE(csv.count('\n'), 2 + 1 + 9);
}

// The screenshot without its status bar, whose "last update: 0.1 ms" varies from run to run.
QImage windowContent(const QString &path)
{
    const QImage image = QImage(path).convertToFormat(QImage::Format_ARGB32);
    return image.copy(0, 0, image.width(), image.height() - 40);
}

// A screenshot of a preset is the screenshot of the same state given as options.
void TestCliPreset::screenshotWithPreset()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), R"({"format": "posenc-lab/1", "view": "spectrum",
        "parameters": {"d_model": 24, "seq_len": 50, "base": 300}, "view_options": {"dims": [1, 4]}})"));
    const QStringList size{str("--size"), str("800x600")};
    Result result = run(list({"screenshot", "--preset", "p.json", "-o", "preset.png"}) + size, dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    result = run(list({"screenshot", "--view", "spectrum", "--d-model", "24", "--seq-len", "50", "--base", "300",
                       "--dims", "1,4", "-o", "options.png"}) + size,
                 dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    result = run(list({"screenshot", "--view", "spectrum", "-o", "defaults.png"}) + size, dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QImage preset = windowContent(dir.filePath(str("preset.png")));
    QCOMPARE(preset.size(), QSize(800, 560));
    QCOMPARE(preset, windowContent(dir.filePath(str("options.png"))));
    QVERIFY(preset != windowContent(dir.filePath(str("defaults.png"))));

    // Options given as well override the preset.
    result = run(list({"screenshot", "--preset", "p.json", "--base", "10000", "--d-model", "128", "--seq-len", "30",
                       "--dims", "0,16,32,64", "-o", "overridden.png"}) + size,
                 dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    QCOMPARE(windowContent(dir.filePath(str("overridden.png"))), windowContent(dir.filePath(str("defaults.png"))));
    // --view picks another view than the preset's.
    result = run(list({"screenshot", "--preset", "p.json", "--view", "heatmap", "-o", "heatmap.png"}) + size,
                 dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY(windowContent(dir.filePath(str("heatmap.png"))) != preset);
}

void TestCliPreset::helpMentionsPresets()
{
    QTemporaryDir dir;
    const Result exportHelp = run(list({"export", "--help"}), dir.path());
    QCOMPARE(exportHelp.exitCode, 0);
    QVERIFY(exportHelp.out.contains("--preset FILE"));
    QVERIFY(exportHelp.out.contains("--out-dir DIR"));
    const Result help = run(list({"--help"}), dir.path());
    QVERIFY(help.out.contains("posenc-lab [--preset FILE]"));
    const Result screenshotHelp = run(list({"screenshot", "--help"}), dir.path());
    QVERIFY(screenshotHelp.out.contains("--preset FILE"));
}

void TestCliPreset::invalid_data()
{
    QTest::addColumn<QByteArray>("preset"); // written to p.json (nothing when empty)
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustMention");

    const QByteArray figures = R"("figures": [{"view": "heatmap", "file": "a.png"}])";
    const QByteArray good = "{\"format\": \"posenc-lab/1\", " + figures + "}";
    const QStringList outDir = list({"export", "--preset", "p.json", "--out-dir", "out"});
    QTest::newRow("malformed JSON") << QByteArray(R"({"format": "posenc-lab/1", )") << outDir
                                    << list({"--preset p.json", "not valid JSON"});
    QTest::newRow("unknown format version") << QByteArray(R"({"format": "posenc-lab/2"})") << outDir
                                            << list({"format", "posenc-lab/2", "posenc-lab/1"});
    QTest::newRow("no format") << QByteArray(R"({"view": "heatmap"})") << outDir << list({"format", "missing"});
    QTest::newRow("dpi out of range")
        << QByteArray(R"({"format": "posenc-lab/1", "figures": [{"view": "heatmap", "file": "a.png"},
                          {"view": "curves", "file": "b.png", "export": {"dpi": 900}}]})")
        << outDir << list({"figures[1].export.dpi: 900 is out of range", "[72, 600]"});
    QTest::newRow("d_model out of range")
        << QByteArray(R"({"format": "posenc-lab/1", "parameters": {"d_model": 5000}})")
        << list({"export", "--preset", "p.json", "-o", "a.png"}) << list({"parameters.d_model", "[2, 4096]"});
    QTest::newRow("unknown key") << QByteArray(R"({"format": "posenc-lab/1", "colour": "red"})")
                                 << list({"screenshot", "--preset", "p.json", "-o", "a.png"})
                                 << list({"colour", "unknown key"});
    QTest::newRow("bad preset opens no window") << QByteArray(R"({"format": "posenc-lab/1", "view": "clock"})")
                                                << list({"--preset", "p.json"}) << list({"view", "\"clock\""});
    QTest::newRow("missing preset file") << QByteArray() << list({"export", "--preset", "nowhere.json", "-o", "a.png"})
                                         << list({"--preset", "nowhere.json"});
    QTest::newRow("out-dir under a file") << good << list({"export", "--preset", "p.json", "--out-dir", "p.json/figs"})
                                          << list({"--out-dir", "p.json/figs"});
    QTest::newRow("out-dir is a file") << good << list({"export", "--preset", "p.json", "--out-dir", "p.json"})
                                       << list({"--out-dir", "p.json", "not a folder"});
    QTest::newRow("out-dir without preset") << QByteArray() << list({"export", "--view", "heatmap", "--out-dir", "out"})
                                            << list({"--out-dir", "--preset"});
    QTest::newRow("out-dir and -o") << good << (outDir + list({"-o", "a.png"})) << list({"--out-dir", "-o"});
    QTest::newRow("out-dir and --view") << good << (outDir + list({"--view", "curves"})) << list({"--view"});
    QTest::newRow("preset without figures") << QByteArray(R"({"format": "posenc-lab/1"})") << outDir
                                            << list({"figures", "no figures"});
    QTest::newRow("neither -o nor out-dir") << good << list({"export", "--preset", "p.json"})
                                            << list({"-o", "--out-dir"});
    QTest::newRow("option out of range with preset") << good << (outDir + list({"--font-pt", "99"}))
                                                     << list({"--font-pt", "[5, 30]"});
    QTest::newRow("pair beyond a figure's d_model")
        << QByteArray(R"({"format": "posenc-lab/1", "figures": [{"view": "rotation", "file": "r.png",
                          "parameters": {"d_model": 8}}]})")
        << (outDir + list({"--pair", "10"})) << list({"figures[0].view_options.rotation_pair", "[0, 3]"});
}

void TestCliPreset::invalid()
{
    QFETCH(QByteArray, preset);
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustMention);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (!preset.isEmpty())
        QVERIFY(writeFile(dir.filePath(str("p.json")), preset));
    const QStringList before = entriesBelow(dir.path());
    const Result result = run(arguments, dir.path(), 60000);
    const QString problem = invalidRunProblem(result, mustMention);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(dir.path()), before); // no file, no folder, nothing changed
    if (!preset.isEmpty())
        QCOMPARE(readAll(dir.filePath(str("p.json"))), preset);
}

// The second figure fails only when written (the similarity data is exported up to seq_len
// 4096): the first one is taken back, and a file that was there before is there again.
void TestCliPreset::figureFailingHalfWayLeavesFolderAsItWas()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), R"({"format": "posenc-lab/1",
        "parameters": {"d_model": 8, "seq_len": 5000},
        "figures": [{"view": "heatmap", "file": "a.npy"}, {"view": "curves", "file": "b.csv"},
                    {"view": "similarity", "file": "c.npy"}, {"view": "heatmap", "file": "d.csv"}]})"));
    QVERIFY(QDir(dir.path()).mkdir(str("out")));
    QVERIFY(writeFile(dir.filePath(str("out/b.csv")), "old b\n"));
    QVERIFY(writeFile(dir.filePath(str("out/keep.txt")), "unrelated\n"));
    const QStringList before = entriesBelow(dir.path());

    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "out"}), dir.path());
    QVERIFY(result.finished && !result.crashed);
    QCOMPARE(result.exitCode, 2);
    const QList<QByteArray> lines = result.err.trimmed().split('\n');
    QCOMPARE(lines.size(), 4); // three progress lines, then the reason
    QVERIFY(lines.at(2).startsWith("[3/4] c.npy"));
    QVERIFY2(lines.at(3).startsWith("posenc-lab: c.npy: ") && lines.at(3).contains("4096"), lines.at(3).constData());
    QCOMPARE(entriesBelow(dir.path()), before);
    QCOMPARE(readAll(dir.filePath(str("out/b.csv"))), QByteArray("old b\n"));

    // In a folder the run had to create, the folder goes too.
    const Result fresh = run(list({"export", "--preset", "p.json", "--out-dir", "new/figs"}), dir.path());
    QCOMPARE(fresh.exitCode, 2);
    QCOMPARE(entriesBelow(dir.path()), before);
}

QTEST_MAIN(TestCliPreset)
#include "tst_cli_preset.moc"

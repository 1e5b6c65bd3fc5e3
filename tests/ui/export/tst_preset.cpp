// SPDX-License-Identifier: GPL-3.0-or-later
// Presets: every field saves and reads back identical, figures resolve their
// overrides against the preset, and each bad file is refused with the field named, changing
// nothing.
#include "ui/state/encodingstate.h"
#include "ui/export/preset.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/resource.h>

using namespace posenc;

Q_DECLARE_METATYPE(posenc::Preset)

namespace {

// A preset in which every field differs from its default, numbers chosen so that a
// shortened or rounded float would not read back equal.
Preset everyFieldChanged()
{
    Preset preset;
    EncodingParams &p = preset.scene.params;
    p.dModel = 513;
    p.seqLen = 77;
    p.base = 12345.678901234567;
    p.scale = -0.7000000000000001;
    p.offset = 1.0 / 3.0;
    p.start = -123456.789;
    p.position = 1e-7;
    p.layout = Layout::Split;
    p.frequencies = FrequencyConvention::Tensor2Tensor;
    preset.scene.dimensions = {0, 7, 512}; // the last column of d_model 513
    preset.scene.temporal.periods = {24, 168, 0.1 + 0.2, 1e9};
    preset.scene.temporal.steps = TemporalParams::kMaxSteps;
    preset.scene.rotationPair = 255;
    preset.scene.cosine = true;
    preset.view = QStringLiteral("temporal");
    preset.page.preset.clear();
    preset.page.widthMm = 123.456;
    preset.page.heightMm = 20;
    preset.page.dpi = 72;
    preset.page.fontPt = 5.5;
    preset.page.theme = QStringLiteral("print");
    preset.page.colormap = QStringLiteral("gray");
    return preset;
}

QByteArray presetJson(const QByteArray &rest)
{
    return R"({"format": "posenc-lab/1")" + (rest.isEmpty() ? QByteArray() : ", " + rest) + "}";
}

} // namespace

class TestPreset : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void textStartsWithTheFormat();
    void stateRoundTrip();
    void stateBeyondDModelSavesWhatItDraws();
    void missingKeysTakeDefaults();
    void figureOverrides();
    void badPreset_data();
    void badPreset();
    void applyToRefusesInvalidPresetWhole();
    void writeFailsWithoutFolder();
    void failedWriteKeepsOldPreset();
    void samplePresetLoads();
};

void TestPreset::roundTrip_data()
{
    QTest::addColumn<Preset>("preset");
    QTest::newRow("defaults") << Preset{};
    QTest::newRow("every field changed, explicit mm") << everyFieldChanged();
    for (const QString &size : FigurePage::presetNames()) {
        Preset preset;
        preset.page = *FigurePage::fromPreset(size);
        preset.page.dpi = 600;
        preset.page.fontPt = 30;
        QTest::addRow("size %s", qPrintable(size)) << preset;
    }
    for (const QString &theme : FigurePage::themeNames()) {
        for (const QString &colormap : FigurePage::colormapNames()) {
            Preset preset;
            preset.page.theme = theme;
            preset.page.colormap = colormap;
            QTest::addRow("%s %s", qPrintable(theme), qPrintable(colormap)) << preset;
        }
    }
    {
        Preset preset;
        preset.page.clean = true;
        QTest::newRow("clean figure") << preset;
    }
    for (const QString &title : {QStringLiteral("Two periods & a week"), QStringLiteral("旋转：k = 5"),
                                 QString(Preset::kMaxTitleChars, QLatin1Char('x'))}) {
        Preset preset;
        preset.title = title;
        QTest::addRow("title of %d characters", int(title.size())) << preset;
    }
    for (const QString &view : DataExport::viewNames()) {
        Preset preset;
        preset.view = view;
        QTest::addRow("view %s", qPrintable(view)) << preset;
    }
    {
        Preset preset;
        preset.scene.dimensions.clear();
        preset.scene.temporal.periods = {TemporalParams::kMinPeriod};
        QTest::newRow("no dims, the smallest period") << preset;
    }
    {
        Preset preset = everyFieldChanged();
        PresetFigure plain{QStringLiteral("heatmap"), QStringLiteral("heatmap.pdf"), {}, {}, {}, {}};
        PresetFigure overridden{
            QStringLiteral("similarity"), QStringLiteral("similarity map.png"),
            QJsonObject{{QStringLiteral("seq_len"), 128}, {QStringLiteral("base"), 0.1 + 0.2 + 100},
                        {QStringLiteral("layout"), QStringLiteral("interleaved")}},
            QJsonObject{{QStringLiteral("cosine"), false},
                        {QStringLiteral("periods"), QJsonArray{7, 2.5}},
                        {QStringLiteral("dims"), QJsonArray{1, 3}}},
            QJsonObject{{QStringLiteral("width_mm"), 33.3}, {QStringLiteral("height_mm"), 44.4},
                        {QStringLiteral("dpi"), 150}, {QStringLiteral("font_pt"), 9.25},
                        {QStringLiteral("theme"), QStringLiteral("dark")},
                        {QStringLiteral("colormap"), QStringLiteral("viridis")}},
            {}};
        PresetFigure named{QStringLiteral("spectrum"), QStringLiteral("spectrum.svg"), {}, {},
                           QJsonObject{{QStringLiteral("size"), QStringLiteral("slide")}}, {}};
        PresetFigure data32{QStringLiteral("rotation"), QStringLiteral("rotation.npy"),
                            QJsonObject{{QStringLiteral("d_model"), 64}},
                            QJsonObject{{QStringLiteral("rotation_pair"), 31},
                                        {QStringLiteral("dims"), QJsonArray{0, 63}}}, // the preset's 512 is beyond 64
                            {}, DType::Float32};
        PresetFigure data64{QStringLiteral("curves"), QStringLiteral("curves.csv"), {}, {}, {}, DType::Float64};
        PresetFigure csv{QStringLiteral("temporal"), QStringLiteral("temporal.csv"), {},
                         QJsonObject{{QStringLiteral("steps"), 48}}, {}, {}};
        preset.figures = {plain, overridden, named, data32, data64, csv};
        QTest::newRow("figures with overrides") << preset;
    }
}

void TestPreset::roundTrip()
{
    QFETCH(Preset, preset);
    const QByteArray json = PresetFile::toJson(preset);
    const PresetFile::Result parsed = PresetFile::parse(json);
    QVERIFY2(std::holds_alternative<Preset>(parsed),
             qPrintable(std::get_if<QString>(&parsed) ? *std::get_if<QString>(&parsed) : QString()));
    const Preset &read = std::get<Preset>(parsed);
    // Field by field first, so that a failure names the field; then the whole.
    QCOMPARE(read.scene.params.dModel, preset.scene.params.dModel);
    QCOMPARE(read.scene.params.seqLen, preset.scene.params.seqLen);
    QCOMPARE(read.scene.params.base, preset.scene.params.base);
    QCOMPARE(read.scene.params.scale, preset.scene.params.scale);
    QCOMPARE(read.scene.params.offset, preset.scene.params.offset);
    QCOMPARE(read.scene.params.start, preset.scene.params.start);
    QCOMPARE(read.scene.params.position, preset.scene.params.position);
    QVERIFY(read.scene.params.layout == preset.scene.params.layout);
    QVERIFY(read.scene.params.frequencies == preset.scene.params.frequencies);
    QCOMPARE(read.scene.dimensions, preset.scene.dimensions);
    QCOMPARE(read.scene.temporal.periods, preset.scene.temporal.periods);
    QCOMPARE(read.scene.temporal.steps, preset.scene.temporal.steps);
    QCOMPARE(read.scene.rotationPair, preset.scene.rotationPair);
    QCOMPARE(read.scene.cosine, preset.scene.cosine);
    QCOMPARE(read.view, preset.view);
    QCOMPARE(read.page.preset, preset.page.preset);
    QCOMPARE(read.page.widthMm, preset.page.widthMm);
    QCOMPARE(read.page.heightMm, preset.page.heightMm);
    QCOMPARE(read.page.dpi, preset.page.dpi);
    QCOMPARE(read.page.fontPt, preset.page.fontPt);
    QCOMPARE(read.page.theme, preset.page.theme);
    QCOMPARE(read.page.colormap, preset.page.colormap);
    QCOMPARE(read.page.clean, preset.page.clean);
    QCOMPARE(read.figures.size(), preset.figures.size());
    for (qsizetype i = 0; i < preset.figures.size(); ++i) {
        const PresetFigure &a = read.figures.at(i);
        const PresetFigure &b = preset.figures.at(i);
        QCOMPARE(a.view, b.view);
        QCOMPARE(a.file, b.file);
        QCOMPARE(a.parameters, b.parameters);
        QCOMPARE(a.viewOptions, b.viewOptions);
        QCOMPARE(a.page, b.page);
        QVERIFY(a.dtype == b.dtype);
    }
    QVERIFY(read == preset);
    // Written again, the text is the same: saving an opened preset changes nothing in it.
    QCOMPARE(PresetFile::toJson(read), json);

    // Through a file (QSaveFile) as well.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("preset.json"));
    QString error;
    QVERIFY2(PresetFile::write(preset, path, &error), qPrintable(error));
    const PresetFile::Result fromFile = PresetFile::read(path);
    QVERIFY(std::holds_alternative<Preset>(fromFile));
    QVERIFY(std::get<Preset>(fromFile) == preset);
}

void TestPreset::textStartsWithTheFormat()
{
    const QByteArray json = PresetFile::toJson(everyFieldChanged());
    QVERIFY2(json.startsWith("{\n    \"format\": \"posenc-lab/1\",\n    \"view\": \"temporal\""), json.constData());
    QVERIFY(json.contains("\"width_mm\": 123.456"));
    QVERIFY(!json.contains("\"size\"")); // explicit millimetres, no named size
    QVERIFY(json.contains("\"periods\": [24, 168, 0.30000000000000004, 1e+09]"));
    const QJsonDocument document = QJsonDocument::fromJson(json);
    QVERIFY(document.isObject());
    QCOMPARE(document.object().value(QLatin1String("parameters")).toObject().value(QLatin1String("pos")).toDouble(),
             1e-7);
    const QByteArray named = PresetFile::toJson(Preset{});
    QVERIFY(named.contains("\"size\": \"single-column\""));
    QVERIFY(!named.contains("\"width_mm\""));
    QVERIFY(!named.contains("\"figures\""));
}

void TestPreset::stateRoundTrip()
{
    EncodingState state;
    const Preset changed = everyFieldChanged();
    QVERIFY(!state.setParams(changed.scene.params));
    state.changeScene([&](Scene &scene) { scene.dimensions = changed.scene.dimensions; });
    QVERIFY(!state.changeScene([&](Scene &scene) { scene.temporal = changed.scene.temporal; }));
    state.changeScene([&](Scene &scene) { scene.rotationPair = changed.scene.rotationPair; });
    state.changeScene([](Scene &scene) { scene.cosine = true; });
    state.flush();

    const Preset saved = PresetFile::fromState(state, QStringLiteral("rotation"), changed.page);
    QCOMPARE(saved.view, QStringLiteral("rotation"));
    QVERIFY(saved.page == changed.page);
    const PresetFile::Result parsed = PresetFile::parse(PresetFile::toJson(saved));
    QVERIFY(std::holds_alternative<Preset>(parsed));

    EncodingState other;
    QSignalSpy spy(&other, &EncodingState::changed);
    QString error;
    QVERIFY2(PresetFile::applyTo(std::get<Preset>(parsed), other, &error), qPrintable(error));
    other.flush();
    QCOMPARE(spy.size(), 1); // one recompute for the whole preset
    QCOMPARE(other.params(), state.params());
    QCOMPARE(other.curveDimensions(), state.curveDimensions());
    QCOMPARE(other.temporal(), state.temporal());
    QCOMPARE(other.rotationPair(), 255);
    QVERIFY(other.cosineSimilarity());
}

// The window keeps chosen columns beyond a lowered d_model (raising it again shows them);
// a saved preset names only the columns that exist, so that it reads back.
void TestPreset::stateBeyondDModelSavesWhatItDraws()
{
    EncodingState state;
    Scene scene = state.scene();
    scene.dimensions = {0, 3, 7, 12};
    scene.heatmapDimensions = {9, 1, 4};
    QVERIFY(!state.setScene(scene));
    QVERIFY(!state.setDModel(8));
    state.flush();
    QCOMPARE(state.curveDimensions(), (QList<int>{0, 3, 7, 12})); // kept by the window
    const Preset saved = PresetFile::fromState(state, QStringLiteral("curves"), FigurePage{});
    QCOMPARE(saved.scene.dimensions, (QList<int>{0, 3, 7}));
    QCOMPARE(saved.scene.heatmapDimensions, (QList<int>{1, 4}));
    const PresetFile::Result parsed = PresetFile::parse(PresetFile::toJson(saved));
    QVERIFY(std::holds_alternative<Preset>(parsed));
    QCOMPARE(std::get<Preset>(parsed).scene.dimensions, (QList<int>{0, 3, 7}));
}

void TestPreset::missingKeysTakeDefaults()
{
    const PresetFile::Result parsed = PresetFile::parse(presetJson({}));
    QVERIFY(std::holds_alternative<Preset>(parsed));
    QVERIFY(std::get<Preset>(parsed) == Preset{});
    const PresetFile::Result some = PresetFile::parse(presetJson(R"("parameters": {"d_model": 64}, "export": {"dpi": 150})"));
    QVERIFY(std::holds_alternative<Preset>(some));
    Preset expected;
    expected.scene.params.dModel = 64;
    expected.scene.dimensions = {0, 8, 16, 32}; // the defaults follow d_model
    expected.page.dpi = 150;
    QVERIFY(std::get<Preset>(some) == expected);
}

// A figure changes only what it names; everything else is the preset's.
void TestPreset::figureOverrides()
{
    const QByteArray json = presetJson(R"(
        "view": "curves",
        "parameters": {"d_model": 256, "base": 500, "layout": "split"},
        "view_options": {"dims": [3, 4], "rotation_pair": 100},
        "export": {"width_mm": 150, "height_mm": 60, "dpi": 200, "theme": "dark"},
        "figures": [
            {"view": "heatmap", "file": "a.png"},
            {"view": "rotation", "file": "b.pdf", "parameters": {"d_model": 16},
             "export": {"size": "slide", "colormap": "gray"}},
            {"view": "curves", "file": "c.npy", "view_options": {"dims": [9]}, "dtype": "float32"},
            {"view": "spectrum", "file": "d.svg", "export": {"font_pt": 12}}
        ])");
    const PresetFile::Result parsed = PresetFile::parse(json);
    QVERIFY2(std::holds_alternative<Preset>(parsed),
             qPrintable(std::get_if<QString>(&parsed) ? *std::get_if<QString>(&parsed) : QString()));
    const Preset &preset = std::get<Preset>(parsed);
    QCOMPARE(preset.figures.size(), 4);

    QString error;
    const auto a = preset.figureRequest(0, QStringLiteral("/out"), &error);
    QVERIFY2(a, qPrintable(error));
    QCOMPARE(a->output, QStringLiteral("/out/a.png"));
    QCOMPARE(a->view, QStringLiteral("heatmap"));
    QCOMPARE(a->params.dModel, 256);
    QCOMPARE(a->params.base, 500.0);
    QVERIFY(a->params.layout == Layout::Split);
    QCOMPARE(a->rotationPair, 100);
    QVERIFY(a->page.preset.isEmpty());
    QCOMPARE(a->page.widthMm, 150.0);
    QCOMPARE(a->page.dpi, 200);
    QCOMPARE(a->page.theme, QStringLiteral("dark"));

    const auto b = preset.figureRequest(1, QStringLiteral("/out"), &error);
    QVERIFY2(b, qPrintable(error));
    QCOMPARE(b->params.dModel, 16);
    QCOMPARE(b->params.base, 500.0);     // kept
    QCOMPARE(b->rotationPair, 7);        // 100 is beyond 8 pairs: the last, as the window clamps
    QCOMPARE(b->page.preset, QStringLiteral("slide"));
    QCOMPARE(b->page.widthMm, 254.0);
    QCOMPARE(b->page.heightMm, 142.875);
    QCOMPARE(b->page.dpi, 200);          // kept
    QCOMPARE(b->page.theme, QStringLiteral("dark"));
    QCOMPARE(b->page.colormap, QStringLiteral("gray"));

    const auto c = preset.figureRequest(2, QString(), &error);
    QVERIFY2(c, qPrintable(error));
    QCOMPARE(c->output, QStringLiteral("c.npy"));
    QCOMPARE(c->dimensions, (QList<int>{9}));
    QVERIFY(c->dtype == DType::Float32);
    QCOMPARE(preset.figureRequest(3, QString(), &error)->page.fontPt, 12.0);
    QVERIFY(preset.figureRequest(3, QString(), &error)->dtype == DType::Float64);

    // The preset's own view.
    const FigureRequest own = preset.viewRequest(QStringLiteral("x.svg"));
    QCOMPARE(own.view, QStringLiteral("curves"));
    QCOMPARE(own.dimensions, (QList<int>{3, 4}));
    QCOMPARE(own.output, QStringLiteral("x.svg"));

    // A preset built in code whose figure no longer fits is refused, naming the figure.
    Preset edited = preset;
    edited.figures[1].parameters.insert(QStringLiteral("seq_len"), 0);
    QVERIFY(!edited.figureRequest(1, QString(), &error));
    QVERIFY2(error.startsWith(QLatin1String("figures[1].parameters.seq_len: 0 is out of range")), qPrintable(error));
}

void TestPreset::badPreset_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");   // the message starts with it
    QTest::addColumn<QString>("detail");  // and holds this (the valid range or the reason)

    auto row = [](const char *name, const QByteArray &json, const char *field, const char *detail) {
        QTest::newRow(name) << json << QString::fromUtf8(field) << QString::fromUtf8(detail);
    };
    row("malformed JSON", R"({"format": "posenc-lab/1",)", "not valid JSON", "character");
    row("a list, not an object", "[1, 2]", "not a preset", "JSON object");
    row("no format", R"({"view": "heatmap"})", "format", "posenc-lab/1");
    row("format version 2", R"({"format": "posenc-lab/2"})", "format", "\"posenc-lab/2\" is not a format");
    row("format a number", R"({"format": 1})", "format", "it reads \"posenc-lab/1\"");
    row("unknown key", presetJson(R"("camera": {})"), "camera", "unknown key");
    row("unknown view", presetJson(R"("view": "hologram")"), "view", "heatmap, curves");
    row("title empty", presetJson(R"("title": "  ")"), "title", "1 to 80 characters on one line");
    row("title a number", presetJson(R"("title": 5)"), "title", "5 is not a title");
    row("title of two lines", presetJson(R"("title": "one\ntwo")"), "title", "on one line");
    row("title too long", presetJson(QByteArray(R"("title": ")") + QByteArray(81, 'x') + '"'), "title", "1 to 80");
    row("d_model out of range", presetJson(R"("parameters": {"d_model": 5000})"),
        "parameters.d_model", "5000 is out of range; d_model must be an integer in [2, 4096]");
    row("d_model huge", presetJson(R"("parameters": {"d_model": 1e10})"),
        "parameters.d_model", "is out of range");
    row("d_model 100000, said as written", presetJson(R"("parameters": {"d_model": 100000})"),
        "parameters.d_model", ": 100000 is out of range");
    row("seq_len 1.5e5, whole", presetJson(R"("parameters": {"seq_len": 1.5e5})"),
        "parameters.seq_len", ": 150000 is out of range");
    row("base 2.5e13, shortest", presetJson(R"("parameters": {"base": 2.5e13})"),
        "parameters.base", ": 25000000000000 is out of range");
    row("base 1e300", presetJson(R"("parameters": {"base": 1e300})"),
        "parameters.base", ": 1e+300 is out of range");
    row("d_model a string", presetJson(R"("parameters": {"d_model": "64"})"),
        "parameters.d_model", "\"64\" is not an integer");
    row("d_model fractional", presetJson(R"("parameters": {"d_model": 64.5})"),
        "parameters.d_model", "64.5 is not an integer");
    row("base 1", presetJson(R"("parameters": {"base": 1})"), "parameters.base", "(1, 1e12]");
    row("scale null", presetJson(R"("parameters": {"scale": null})"), "parameters.scale", "null is not a number");
    row("pos out of range", presetJson(R"("parameters": {"pos": 2e9})"), "parameters.pos", "[-1e9, 1e9]");
    row("start + seq_len", presetJson(R"("parameters": {"start": 1e9, "seq_len": 2})"),
        "parameters.start", "start + seq_len - 1");
    row("bad layout", presetJson(R"("parameters": {"layout": "diagonal"})"), "parameters.layout", "interleaved, split");
    row("bad frequencies", presetJson(R"("parameters": {"frequencies": 1})"), "parameters.frequencies", "paper, tensor2tensor");
    row("unknown parameter", presetJson(R"("parameters": {"temperature": 3})"), "parameters.temperature", "unknown key");
    row("parameters a list", presetJson(R"("parameters": [])"), "parameters", "is not an object");
    row("negative dimension", presetJson(R"("view_options": {"dims": [0, -1]})"), "view_options.dims[1]", "[0, 4095]");
    row("17 dimensions", presetJson(R"("view_options": {"dims": [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]})"),
        "view_options.dims", "at most 16");
    row("period 0", presetJson(R"("view_options": {"periods": [24, 0]})"), "view_options.periods[1]", "[1e-9, 1e9]");
    row("no periods", presetJson(R"("view_options": {"periods": []})"), "view_options.periods", "1 to 16");
    row("steps 0", presetJson(R"("view_options": {"steps": 0})"), "view_options.steps", "[1, 1048576]");
    row("rotation_pair beyond d_model", presetJson(R"("view_options": {"rotation_pair": 64})"),
        "view_options.rotation_pair", "[0, 63]");
    row("cosine a string", presetJson(R"("view_options": {"cosine": "yes"})"), "view_options.cosine", "true or false");
    row("unknown view option", presetJson(R"("view_options": {"zoom": 2})"), "view_options.zoom", "unknown key");
    row("dpi 900", presetJson(R"("export": {"dpi": 900})"), "export.dpi",
        "900 is out of range; dpi must be an integer in [72, 600]");
    row("dpi fractional", presetJson(R"("export": {"dpi": 300.5})"), "export.dpi", "not an integer");
    row("unknown size", presetJson(R"("export": {"size": "a4"})"), "export.size", "single-column, double-column, slide");
    row("size and width", presetJson(R"("export": {"size": "slide", "width_mm": 100, "height_mm": 50})"),
        "export.size", "not both");
    row("width alone", presetJson(R"("export": {"width_mm": 100})"), "export.height_mm", "missing");
    row("width 10 mm", presetJson(R"("export": {"width_mm": 10, "height_mm": 50})"), "export.width_mm", "[20, 1000]");
    row("font 40 pt", presetJson(R"("export": {"font_pt": 40})"), "export.font_pt", "[5, 30]");
    row("unknown theme", presetJson(R"("export": {"theme": "neon"})"), "export.theme", "light, dark, print");
    row("unknown colormap", presetJson(R"("export": {"colormap": "jet"})"), "export.colormap", "diverging, viridis, gray");
    row("clean a string", presetJson(R"("export": {"clean": "yes"})"), "export.clean", "true or false");
    row("unknown export key", presetJson(R"("export": {"bleed": 3})"), "export.bleed", "unknown key");
    row("figures an object", presetJson(R"("figures": {})"), "figures", "not a list");
    row("figure a string", presetJson(R"("figures": ["a.png"])"), "figures[0]", "not an object");
    row("figure without view", presetJson(R"("figures": [{"file": "a.png"}])"), "figures[0].view", "missing");
    row("figure without file", presetJson(R"("figures": [{"view": "heatmap"}])"), "figures[0].file", "missing");
    row("figure file in a folder", presetJson(R"("figures": [{"view": "heatmap", "file": "../a.png"}])"),
        "figures[0].file", "without a folder");
    row("figure file .txt", presetJson(R"("figures": [{"view": "heatmap", "file": "a.txt"}])"),
        "figures[0].file", ".png, .svg, .pdf, .npy or .csv");
    row("two figures, one file", presetJson(R"("figures": [{"view": "heatmap", "file": "a.png"},
                                                           {"view": "curves", "file": "a.png"}])"),
        "figures[1].file", "earlier figure");
    row("figures[2].export.dpi 900",
        presetJson(R"("figures": [{"view": "heatmap", "file": "a.png"}, {"view": "curves", "file": "b.png"},
                                  {"view": "spectrum", "file": "c.pdf", "export": {"dpi": 900}}])"),
        "figures[2].export.dpi", "900 is out of range; dpi must be an integer in [72, 600]");
    row("figure seq_len 0", presetJson(R"("figures": [{"view": "heatmap", "file": "a.png", "parameters": {"seq_len": 0}}])"),
        "figures[0].parameters.seq_len", "[1, 16384]");
    row("figure pair beyond its d_model",
        presetJson(R"("figures": [{"view": "rotation", "file": "a.png", "parameters": {"d_model": 8},
                                   "view_options": {"rotation_pair": 4}}])"),
        "figures[0].view_options.rotation_pair", "[0, 3]");
    row("figure start + seq_len with the preset's start",
        presetJson(R"("parameters": {"start": 999999900}, "figures": [{"view": "heatmap", "file": "a.png",
                                   "parameters": {"seq_len": 200}}])"),
        "figures[0].parameters.start", "999999900 is out of range");
    row("figure dtype on a png", presetJson(R"("figures": [{"view": "heatmap", "file": "a.png", "dtype": "float32"}])"),
        "figures[0].dtype", "only for data");
    row("figure dtype int8", presetJson(R"("figures": [{"view": "heatmap", "file": "a.npy", "dtype": "int8"}])"),
        "figures[0].dtype", "float64, float32");
    row("figure export on a csv", presetJson(R"("figures": [{"view": "heatmap", "file": "a.csv", "export": {"dpi": 100}}])"),
        "figures[0].export", "only for figures");
    row("figure unknown key", presetJson(R"("figures": [{"view": "heatmap", "file": "a.png", "title": "x"}])"),
        "figures[0].title", "unknown key");
    row("figure unknown view", presetJson(R"("figures": [{"view": "clock", "file": "a.png"}])"),
        "figures[0].view", "heatmap, curves");
}

void TestPreset::badPreset()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QString, detail);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(json);
    file.close();

    // What the window does with File > Open: read, then apply only a preset.
    EncodingState state;
    QVERIFY(!state.setDModel(32));
    state.changeScene([](Scene &scene) { scene.dimensions = {3, 4}; });
    state.changeScene([](Scene &scene) { scene.cosine = true; });
    state.flush();
    const EncodingParams before = state.params();
    QSignalSpy changed(&state, &EncodingState::changed);

    const PresetFile::Result result = PresetFile::read(path);
    QVERIFY(std::holds_alternative<QString>(result));
    const QString error = std::get<QString>(result);
    QVERIFY2(error.startsWith(field + QLatin1Char(':')) || error.startsWith(field),
             qPrintable(QStringLiteral("“%1” does not start with “%2”").arg(error, field)));
    QVERIFY2(error.contains(detail), qPrintable(QStringLiteral("“%1” lacks “%2”").arg(error, detail)));
    QVERIFY(!error.contains(QLatin1Char('\n')));
    if (const Preset *preset = std::get_if<Preset>(&result))
        PresetFile::applyTo(*preset, state);
    state.flush();
    QCOMPARE(changed.size(), 0);
    QCOMPARE(state.params(), before);
    QCOMPARE(state.curveDimensions(), (QList<int>{3, 4}));
    QVERIFY(state.cosineSimilarity());
    // The parser says the same for the same bytes.
    QCOMPARE(std::get<QString>(PresetFile::parse(json)), error);
}

// A preset built in code (not read, so not checked) with one bad field changes nothing.
void TestPreset::applyToRefusesInvalidPresetWhole()
{
    EncodingState state;
    state.changeScene([](Scene &scene) { scene.dimensions = {1}; });
    state.flush();
    QSignalSpy changed(&state, &EncodingState::changed);

    Preset bad = everyFieldChanged();
    bad.scene.temporal.steps = 0;
    QString error;
    QVERIFY(!PresetFile::applyTo(bad, state, &error));
    QVERIFY2(error.contains(QLatin1String("steps")), qPrintable(error));

    bad = everyFieldChanged();
    bad.scene.params.seqLen = 0;
    QVERIFY(!PresetFile::applyTo(bad, state, &error));
    QVERIFY2(error.contains(QLatin1String("seq_len")), qPrintable(error));

    state.flush();
    QCOMPARE(changed.size(), 0);
    QCOMPARE(state.params(), EncodingParams{});
    QCOMPARE(state.curveDimensions(), (QList<int>{1}));
}

void TestPreset::writeFailsWithoutFolder()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no-such-folder/preset.json"));
    QString error;
    QVERIFY(!PresetFile::write(Preset{}, path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(!QFile::exists(path));

    // A failed read names the path too.
    const PresetFile::Result missing = PresetFile::read(path);
    QVERIFY(std::holds_alternative<QString>(missing));
    QVERIFY(std::get<QString>(missing).contains(path));
}

// File > Save on a disk that refuses the bytes (here every file limited to 16 bytes, as a
// full disk refuses them): the preset fits in the write buffer, so only the flush fails. The
// save fails with the system's reason and the old preset is as it was.
void TestPreset::failedWriteKeepsOldPreset()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("preset.json"));
    QString error;
    QVERIFY2(PresetFile::write(Preset{}, path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray old = file.readAll();
    file.close();

    struct rlimit saved {};
    QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto previousHandler = ::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = saved;
    small.rlim_cur = 16;
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const bool written = PresetFile::write(everyFieldChanged(), path, &error);
    ::setrlimit(RLIMIT_FSIZE, &saved);
    ::signal(SIGXFSZ, previousHandler);

    QVERIFY(!written);
    QVERIFY2(error.contains(path) && error.contains(QStringLiteral("File too large")), qPrintable(error));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), old);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("preset.json")});
}

void TestPreset::samplePresetLoads()
{
    const QString path = QFINDTESTDATA("../../../resources/presets/paper-figures.json");
    QVERIFY(!path.isEmpty());
    const PresetFile::Result result = PresetFile::read(path);
    QVERIFY2(std::holds_alternative<Preset>(result),
             qPrintable(std::get_if<QString>(&result) ? *std::get_if<QString>(&result) : QString()));
    const Preset &preset = std::get<Preset>(result);
    QVERIFY(preset.figures.size() >= 5);
    QString error;
    for (int i = 0; i < preset.figures.size(); ++i)
        QVERIFY2(preset.figureRequest(i, QStringLiteral("out"), &error), qPrintable(error));
    // The sample is written as the program writes presets, so that it teaches the format.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(PresetFile::toJson(preset)), QString::fromUtf8(file.readAll()));
}

QTEST_MAIN(TestPreset)
#include "tst_preset.moc"

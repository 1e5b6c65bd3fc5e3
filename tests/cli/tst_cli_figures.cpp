// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab export -o FILE.png|.svg|.pdf`, run as a user would run it (the real binary, no
// display): a PNG has exactly width x DPI pixels and records its DPI and its provenance; an SVG
// is XML with vector axes and text and a crisp colour map; a PDF renders (pdftoppm) and its
// document information says how it was made; every invalid figure option ends with status 2,
// one line on stderr and no file. The theme and the colour map show in the pixels: a dark page
// with light ink, a grayscale print, the colours a map gives 0 and the top of the range.
#include "clirun.h"

#include <QImage>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>
#include <optional>

using namespace posenc::clitest;

namespace {

// Every registered view, from posenc-lab --list-views (read once, when first asked).
const QStringList &kViews()
{
    static const QStringList views = listedViews();
    return views;
}

// How many colour maps a view's figure draws at a page size ("single-column", the default, or
// "double-column"): the check view's file, reference and difference (on one colour bar); the
// attention lab's four matrices in each of two panes (a bar each); the ViT lab's two grids (a bar
// each, on one range); the training lab's two attention maps, on a double-column page only; M_k
// in the rotation view, on a double-column page only; none in the curves; one in the others.
int colourMaps(const QString &view, const QString &size = QStringLiteral("single-column"))
{
    const bool wide = size == QLatin1String("double-column");
    return view == QLatin1String("curves") || view == QLatin1String("context") ? 0
           : view == QLatin1String("check")     ? 3
           : view == QLatin1String("attention") ? 8
           : view == QLatin1String("vit")       ? 2
           : view == QLatin1String("training")  ? (wide ? 2 : 0)
           : view == QLatin1String("rotation")  ? 0 // a small page shows the equations or the clocks, not M_k's map
                                                : 1;
}

bool hasColourMap(const QString &view, const QString &size = QStringLiteral("single-column"))
{
    return colourMaps(view, size) > 0;
}

int colourBars(const QString &view, const QString &size)
{
    // The check view: one bar for the file and the reference, one for their difference.
    if (view == QLatin1String("vit") || view == QLatin1String("check"))
        return 2;
    return view == QLatin1String("attention") ? 8 : colourMaps(view, size);
}

struct PngChunk {
    QByteArray type;
    QByteArray data;
};

quint32 bigEndian32(const QByteArray &bytes, qsizetype at)
{
    return (quint32(quint8(bytes[at])) << 24) | (quint32(quint8(bytes[at + 1])) << 16)
           | (quint32(quint8(bytes[at + 2])) << 8) | quint32(quint8(bytes[at + 3]));
}

// The chunks of a PNG file (ISO/IEC 15948: an 8-byte signature, then length, type, data, CRC).
std::optional<QList<PngChunk>> pngChunks(const QByteArray &file)
{
    if (!file.startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)))
        return std::nullopt;
    QList<PngChunk> chunks;
    qsizetype at = 8;
    while (at + 12 <= file.size()) {
        const quint32 length = bigEndian32(file, at);
        if (at + 12 + qsizetype(length) > file.size())
            return std::nullopt;
        chunks.append({file.mid(at + 4, 4), file.mid(at + 8, length)});
        at += 12 + length;
        if (chunks.constLast().type == "IEND")
            return at == file.size() ? std::optional(chunks) : std::nullopt;
    }
    return std::nullopt;
}

bool isGray(QRgb pixel)
{
    return std::abs(qRed(pixel) - qGreen(pixel)) <= 2 && std::abs(qGreen(pixel) - qBlue(pixel)) <= 2;
}

// The standard output of a tool (pdfimages, pdffonts, fc-list), empty when it fails, nothing
// when it is not installed (dev.sh installs poppler-utils and fontconfig).
std::optional<QString> toolOutput(const QString &tool, const QStringList &arguments)
{
    const QString program = QStandardPaths::findExecutable(tool);
    if (program.isEmpty())
        return std::nullopt;
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return QString();
    return QString::fromUtf8(process.readAllStandardOutput());
}

// Exports `view` with `options` to a PDF and reads its text with pdftotext and `flags` into
// `*text` (nullopt when poppler-utils is missing); a failed export fails the calling test.
void exportPdfText(const QString &view, const QStringList &options, const QStringList &flags, std::optional<QString> *text)
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "-o", "f.pdf", "--view"}) + QStringList{view} + options, dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    *text = toolOutput(QStringLiteral("pdftotext"), flags + QStringList{dir.filePath(QStringLiteral("f.pdf")), QStringLiteral("-")});
}

// The families fontconfig knows here (`fc-list : family`: one font a line, its names comma-
// separated), or nothing when fc-list is missing.
QSet<QString> installedFamilies()
{
    const std::optional<QString> listing = toolOutput(QStringLiteral("fc-list"), {QStringLiteral(":"), QStringLiteral("family")});
    QSet<QString> families;
    for (const QString &line : listing.value_or(QString()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        for (const QString &family : line.split(QLatin1Char(',')))
            families.insert(family.trimmed());
    }
    return families;
}

// The font-family values of an SVG's elements that name none of `installed` (an alias such as
// "Sans Serif", which a viewer on another machine resolves to anything).
QStringList unknownFamilies(const QByteArray &svg, const QSet<QString> &installed)
{
    QStringList unknown;
    static const QRegularExpression attribute(QStringLiteral("font-family=\"([^\"]*)\""));
    for (auto it = attribute.globalMatch(QString::fromUtf8(svg)); it.hasNext();) {
        for (const QString &family : it.next().captured(1).split(QLatin1Char(','))) {
            if (!installed.contains(family.trimmed()) && !unknown.contains(family.trimmed()))
                unknown << family.trimmed();
        }
    }
    return unknown;
}

} // namespace

class TestCliFigures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void png_data();
    void png();
    void pngCommandReproducesIt();
    void explicitSize();
    void svg_data();
    void svg();
    void svgNamesInstalledFamilies_data();
    void svgNamesInstalledFamilies();
    void pdf_data();
    void pdf();
    void csvSaysHowItWasMade();
    void invalidFigureOptions_data();
    void invalidFigureOptions();
    void failedExportKeepsExistingFigure();
    void themes_data();
    void themes();
    void colormaps_data();
    void colormaps();
    void svgColourMapIsCrispBlocks();
    void pdfSaysThemeAndColormap();
    void languageOfTheFigure();
    void pdfImages_data();
    void pdfImages();
    void boxedMapSaysSo_data();
    void boxedMapSaysSo();
    void figuresSayWhatTheyLeaveOut_data();
    void figuresSayWhatTheyLeaveOut();
    void figuresKeepTheirContent_data();
    void figuresKeepTheirContent();
    void vectorMapsKeepWholeCells_data();
    void vectorMapsKeepWholeCells();
    void cleanLeavesOutMarkers_data();
    void cleanLeavesOutMarkers();
    void tickTypography();
    void tickLabelsStandApart_data();
    void tickLabelsStandApart();
    void chineseFigureUsesSimplifiedFont();
};

void TestCliFigures::png_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("dpi");
    QVERIFY2(kViews().size() >= 6, "posenc-lab --list-views should list at least the six views of the encoding");
    for (const QString &view : kViews())
        for (int dpi : {72, 150, 300})
            QTest::addRow("%s %d dpi", qPrintable(view), dpi) << view << dpi;
}

// Exactly round(89 mm / 25.4 x DPI) pixels wide, the DPI in pHYs, the parameters in text chunks.
void TestCliFigures::png()
{
    QFETCH(QString, view);
    QFETCH(int, dpi);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run({QStringLiteral("export"), QStringLiteral("--view"), view,
                               QStringLiteral("--d-model"), QStringLiteral("64"),
                               QStringLiteral("--size"), QStringLiteral("single-column"),
                               QStringLiteral("--dpi"), QString::number(dpi), QStringLiteral("-o"),
                               QStringLiteral("figure.png")},
                              dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    QCOMPARE(entriesBelow(dir.path()), QStringList{QStringLiteral("figure.png")});

    const QByteArray file = readAll(dir.filePath(QStringLiteral("figure.png")));
    const auto chunks = pngChunks(file);
    QVERIFY2(chunks, "not a well-formed PNG");
    QCOMPARE(chunks->constFirst().type, QByteArray("IHDR"));
    const int width = int(bigEndian32(chunks->constFirst().data, 0));
    const int height = int(bigEndian32(chunks->constFirst().data, 4));
    QCOMPARE(width, expectedPixels(89, dpi));
    QCOMPARE(height, expectedPixels(66.75, dpi));
    bool sawPhys = false;
    for (const PngChunk &chunk : *chunks) {
        if (chunk.type != "pHYs")
            continue;
        sawPhys = true;
        QCOMPARE(chunk.data.size(), qsizetype(9));
        const double metre = 1000.0 / 25.4; // inches per metre
        QCOMPARE(qint64(bigEndian32(chunk.data, 0)), qint64(std::floor(dpi * metre + 0.5)));
        QCOMPARE(qint64(bigEndian32(chunk.data, 4)), qint64(std::floor(dpi * metre + 0.5)));
        QCOMPARE(int(chunk.data[8]), 1); // unit: the metre
    }
    QVERIFY2(sawPhys, "no pHYs chunk: the PNG does not record its DPI");

    QImage image;
    QVERIFY(image.loadFromData(file, "PNG"));
    QVERIFY2(nonUniform(image), "the figure is one flat colour");
    QCOMPARE(image.text(QStringLiteral("Software")).left(11), QStringLiteral("posenc-lab "));
    const QJsonObject parameters = parametersOf(image);
    QCOMPARE(parameters.value(QStringLiteral("view")).toString(), view);
    QCOMPARE(parameters.value(QStringLiteral("d_model")).toInt(), 64);
    QCOMPARE(parameters.value(QStringLiteral("seq_len")).toInt(), 30);
    QCOMPARE(parameters.value(QStringLiteral("base")).toDouble(), 10000.0);
    QCOMPARE(parameters.value(QStringLiteral("dpi")).toInt(), dpi);
    QCOMPARE(parameters.value(QStringLiteral("width_mm")).toDouble(), 89.0);
    QCOMPARE(parameters.value(QStringLiteral("font_pt")).toDouble(), 8.0);
    const QString command = image.text(QStringLiteral("posenc-lab:command"));
    for (const QString &part : {QStringLiteral("posenc-lab export "), QStringLiteral(" --view ") + view,
                                QStringLiteral(" --d-model 64 "), QStringLiteral(" --dpi %1 ").arg(dpi),
                                QStringLiteral(" --size single-column "), QStringLiteral(" -o figure.png")})
        QVERIFY2(command.contains(part), qPrintable(command + QStringLiteral(" lacks ") + part));
}

// The command line a PNG records, run again, draws the same pixels.
void TestCliFigures::pngCommandReproducesIt()
{
    QTemporaryDir first;
    QTemporaryDir second;
    QVERIFY(first.isValid() && second.isValid());
    const Result made = run(list({"export", "--view", "heatmap", "--d-model", "40", "--seq-len", "12",
                                  "--base", "100", "--scale", "0.5", "--layout", "split",
                                  "--dpi", "100", "-o", "a.png"}),
                            first.path());
    QVERIFY2(made.finished && made.exitCode == 0, qPrintable(describe(made)));
    QImage original(first.filePath(QStringLiteral("a.png")));
    QVERIFY(!original.isNull());
    QStringList arguments = original.text(QStringLiteral("posenc-lab:command")).split(QLatin1Char(' '));
    QCOMPARE(arguments.takeFirst(), QStringLiteral("posenc-lab"));
    QVERIFY(arguments.contains(QStringLiteral("split")));
    QVERIFY(arguments.contains(QStringLiteral("0.5")));
    const Result again = run(arguments, second.path());
    QVERIFY2(again.finished && again.exitCode == 0, qPrintable(describe(again)));
    QImage copy(second.filePath(QStringLiteral("a.png")));
    QCOMPARE(copy.size(), original.size());
    QVERIFY2(copy.convertToFormat(QImage::Format_ARGB32) == original.convertToFormat(QImage::Format_ARGB32),
             "the recorded command line draws a different figure");
    QCOMPARE(copy.text(QStringLiteral("posenc-lab:parameters")), original.text(QStringLiteral("posenc-lab:parameters")));
}

void TestCliFigures::explicitSize()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view", "curves", "--width-mm", "120.5", "--height-mm", "40",
                                    "--dpi", "600", "--font-pt", "6", "-o", "wide.png"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QImage image(dir.filePath(QStringLiteral("wide.png")));
    QCOMPARE(image.size(), QSize(expectedPixels(120.5, 600), expectedPixels(40, 600)));
    QCOMPARE(image.dotsPerMeterX(), int(std::floor(600 * 1000 / 25.4 + 0.5)));
    const QJsonObject parameters = parametersOf(image);
    QCOMPARE(parameters.value(QStringLiteral("width_mm")).toDouble(), 120.5);
    QCOMPARE(parameters.value(QStringLiteral("height_mm")).toDouble(), 40.0);
    QCOMPARE(parameters.value(QStringLiteral("font_pt")).toDouble(), 6.0);
    const QString command = image.text(QStringLiteral("posenc-lab:command"));
    QVERIFY2(command.contains(QLatin1String("--width-mm 120.5 --height-mm 40 ")), qPrintable(command));
    QVERIFY2(command.contains(QLatin1String("--dims 0,16,32,64 ")), qPrintable(command));
}

void TestCliFigures::svg_data()
{
    QTest::addColumn<QString>("view");
    QVERIFY2(kViews().size() >= 6, "posenc-lab --list-views should list at least the six views of the encoding");
    for (const QString &view : kViews())
        QTest::newRow(qPrintable(view)) << view;
}

// Well-formed XML at the physical size, with vector curves and text, and a colour map made of
// rectangles or an embedded image drawn without smoothing.
void TestCliFigures::svg()
{
    QFETCH(QString, view);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run({QStringLiteral("export"), QStringLiteral("--view"), view,
                               QStringLiteral("-o"), QStringLiteral("figure.svg")},
                              dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    QCOMPARE(entriesBelow(dir.path()), QStringList{QStringLiteral("figure.svg")});

    QXmlStreamReader xml(readAll(dir.filePath(QStringLiteral("figure.svg"))));
    QMap<QString, int> count;
    QString title;
    QString desc;
    QString width;
    QString height;
    bool crispImages = true;
    // Qt's SVG generator sets the fill on the <g> around each shape: a colour map's blocks are
    // rects filled with a colour, where every page and plot background is white or unfilled.
    QStringList fills{QString()};
    int colouredRects = 0;
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::EndElement && xml.name() == QLatin1String("g"))
            fills.removeLast();
        if (token != QXmlStreamReader::StartElement)
            continue;
        const QString name = xml.name().toString();
        ++count[name];
        if (name == QLatin1String("g")) {
            const QStringView fill = xml.attributes().value(QStringLiteral("fill"));
            fills << (fill.isEmpty() ? fills.last() : fill.toString());
        } else if (name == QLatin1String("rect")) {
            const QString &fill = fills.last();
            if (!fill.isEmpty() && fill != QLatin1String("none") && fill.compare(QLatin1String("#ffffff"), Qt::CaseInsensitive))
                ++colouredRects;
        }
        if (name == QLatin1String("svg") && width.isEmpty()) {
            width = xml.attributes().value(QStringLiteral("width")).toString();
            height = xml.attributes().value(QStringLiteral("height")).toString();
        } else if (name == QLatin1String("image")) {
            crispImages = crispImages
                          && xml.attributes().value(QStringLiteral("image-rendering")) == QLatin1String("optimizeSpeed")
                          && xml.attributes().value(QStringLiteral("style")).contains(QLatin1String("image-rendering:pixelated"));
        } else if (name == QLatin1String("title")) {
            title = xml.readElementText();
        } else if (name == QLatin1String("desc")) {
            desc = xml.readElementText();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(width, QStringLiteral("89mm"));
    QCOMPARE(height, QStringLiteral("66.75mm"));
    QVERIFY2(count.value(QStringLiteral("path")) + count.value(QStringLiteral("polyline")) > 0,
             "no vector lines: axes and curves must stay vectors");
    QVERIFY2(count.value(QStringLiteral("text")) > 0, "no <text>: labels must stay text");
    if (hasColourMap(view)) {
        // Each map is an image or coloured blocks, and so is each colour bar's gradient.
        const int expected = colourMaps(view) + colourBars(view, QStringLiteral("single-column"));
        QVERIFY2(count.value(QStringLiteral("image")) + colouredRects >= expected,
                 qPrintable(QStringLiteral("%1 colour maps and bars, but %2 images and %3 coloured rectangles")
                                .arg(expected).arg(count.value(QStringLiteral("image"))).arg(colouredRects)));
        QVERIFY2(crispImages, "an <image> not marked optimizeSpeed and pixelated would be smoothed");
    }
    QVERIFY2(title.contains(view), qPrintable(title));
    QVERIFY2(desc.contains(QStringLiteral("posenc-lab export --view ") + view), qPrintable(desc));
    QVERIFY2(desc.contains(QLatin1String("\"d_model\":128")), qPrintable(desc));
}

// Every family an SVG names is a real, installed one, in English and in Chinese (whose text
// names the CJK family after the Latin one).
void TestCliFigures::svgNamesInstalledFamilies_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("language");
    for (const char *view : {"heatmap", "context"}) {
        for (const char *language : {"en", "zh_CN"})
            QTest::addRow("%s %s", view, language) << QString::fromLatin1(view) << QString::fromLatin1(language);
    }
}

void TestCliFigures::svgNamesInstalledFamilies()
{
    QFETCH(QString, view);
    QFETCH(QString, language);
    const QSet<QString> installed = installedFamilies();
    if (installed.isEmpty())
        QSKIP("fc-list is not installed");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(QStringList{QStringLiteral("export"), QStringLiteral("--view"), view, QStringLiteral("--lang"),
                                          language, QStringLiteral("-o"), QStringLiteral("figure.svg")},
                              dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    const QByteArray svg = readAll(dir.filePath(QStringLiteral("figure.svg")));
    QVERIFY(svg.contains("font-family=\"DejaVu Sans"));
    QVERIFY2(unknownFamilies(svg, installed).isEmpty(), qPrintable(unknownFamilies(svg, installed).join(QStringLiteral("; "))));
    if (language == QLatin1String("zh_CN"))
        QVERIFY(svg.contains("Noto Sans CJK SC"));
}

void TestCliFigures::pdf_data()
{
    svg_data();
}

// A PDF with the page size asked for, its document information saying how it was made, and
// a page that pdftoppm renders to something that is not blank.
void TestCliFigures::pdf()
{
    QFETCH(QString, view);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run({QStringLiteral("export"), QStringLiteral("--view"), view,
                               QStringLiteral("--seq-len"), QStringLiteral("24"),
                               QStringLiteral("-o"), QStringLiteral("figure.pdf")},
                              dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    const QByteArray pdf = readAll(dir.filePath(QStringLiteral("figure.pdf")));
    QVERIFY(pdf.startsWith("%PDF-"));
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));

    const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
    const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    if (pdfinfo.isEmpty() || pdftoppm.isEmpty())
        QSKIP("poppler-utils (pdfinfo, pdftoppm) are not installed");

    QProcess info;
    info.start(pdfinfo, {dir.filePath(QStringLiteral("figure.pdf"))});
    QVERIFY(info.waitForFinished(60000));
    QCOMPARE(info.exitCode(), 0);
    const QString text = QString::fromUtf8(info.readAllStandardOutput());
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Title: +PosEnc Lab: ") + view)), qPrintable(text));
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Creator: +posenc-lab \\d+\\.\\d+\\.\\d+: posenc-lab export --view ")
                                              + view + QStringLiteral(" --d-model 128 --seq-len 24 "))),
             qPrintable(text));
    // 89 mm x 66.75 mm = 252.28 x 189.21 pt (1 pt = 25.4 / 72 mm); Qt keeps page sizes in
    // whole points.
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Page size: +252(\\.\\d+)? x 189(\\.\\d+)? pts"))),
             qPrintable(text));

    QProcess render;
    render.setWorkingDirectory(dir.path());
    render.start(pdftoppm, {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("72"),
                            QStringLiteral("-singlefile"), QStringLiteral("figure.pdf"), QStringLiteral("page")});
    QVERIFY(render.waitForFinished(60000));
    QVERIFY2(render.exitCode() == 0, render.readAllStandardError().constData());
    const QImage page(dir.filePath(QStringLiteral("page.png")));
    QCOMPARE(page.size(), QSize(expectedPixels(89, 72), expectedPixels(66.75, 72)));
    QVERIFY2(nonUniform(page), "pdftoppm renders a blank page");
}

// CSV data carries its provenance too: "# posenc-lab X.Y.Z" and the reproducing command.
void TestCliFigures::csvSaysHowItWasMade()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view", "curves", "--dims", "1,3", "--base", "500",
                                    "-o", "data.csv"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QList<QByteArray> lines = readAll(dir.filePath(QStringLiteral("data.csv"))).split('\n');
    QVERIFY(lines.size() > 3);
    QVERIFY2(lines[0].startsWith("# posenc-lab "), lines[0].constData());
    QVERIFY2(lines[1].startsWith("# command: posenc-lab export --view curves --d-model 128 --seq-len 30 --base 500 "),
             lines[1].constData());
    QVERIFY2(lines[1].contains(" --dims 1,3 ") && lines[1].endsWith(" --dtype float64 -o data.csv"),
             lines[1].constData());
    QCOMPARE(lines[2], QByteArray("dim_1,dim_3"));
}

void TestCliFigures::invalidFigureOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustMention");
    const auto figure = [](std::initializer_list<const char *> extra, const char *output = "out.png") {
        QStringList result = list({"export", "--view", "heatmap"});
        for (const char *a : extra)
            result << QString::fromUtf8(a);
        return result << QStringLiteral("-o") << QString::fromUtf8(output);
    };
    QTest::newRow("--dpi 71") << figure({"--dpi", "71"}) << list({"--dpi", "71", "[72, 600]"});
    QTest::newRow("--dpi 601") << figure({"--dpi", "601"}) << list({"--dpi", "[72, 600]"});
    QTest::newRow("--dpi 150.5") << figure({"--dpi", "150.5"}) << list({"--dpi", "[72, 600]"});
    QTest::newRow("--dpi abc, .svg") << figure({"--dpi", "abc"}, "out.svg") << list({"--dpi", "abc", "[72, 600]"});
    QTest::newRow("--size a4") << figure({"--size", "a4"}) << list({"--size", "a4", "single-column", "double-column", "slide"});
    QTest::newRow("--size 800x600, .pdf") << figure({"--size", "800x600"}, "out.pdf") << list({"--size", "single-column"});
    QTest::newRow("--width-mm 19") << figure({"--width-mm", "19", "--height-mm", "50"}) << list({"--width-mm", "[20, 1000]"});
    QTest::newRow("--height-mm 1001") << figure({"--width-mm", "50", "--height-mm", "1001"}) << list({"--height-mm", "[20, 1000]"});
    QTest::newRow("--width-mm nan") << figure({"--width-mm", "nan", "--height-mm", "50"}) << list({"--width-mm", "[20, 1000]"});
    QTest::newRow("--width-mm alone") << figure({"--width-mm", "50"}) << list({"--height-mm"});
    QTest::newRow("--size and --width-mm") << figure({"--size", "slide", "--width-mm", "50", "--height-mm", "50"})
                                           << list({"--size", "--width-mm"});
    QTest::newRow("--font-pt 4.9") << figure({"--font-pt", "4.9"}) << list({"--font-pt", "[5, 30]"});
    QTest::newRow("--font-pt 31, .pdf") << figure({"--font-pt", "31"}, "out.pdf") << list({"--font-pt", "[5, 30]"});
    QTest::newRow("--dtype on a figure") << figure({"--dtype", "float32"}) << list({"--dtype"});
    QTest::newRow("--dpi on data") << figure({"--dpi", "300"}, "out.npy") << list({"--dpi", ".png"});
    QTest::newRow("-o into a missing folder") << figure({}, "missing/out.png") << list({"missing/out.png"});
}

void TestCliFigures::invalidFigureOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustMention);
    verifyInvalidRun(arguments, mustMention);
}

void TestCliFigures::failedExportKeepsExistingFigure()
{
    verifyFailedRunKeepsFile(list({"export", "--view", "heatmap", "--dpi", "1000", "-o", "keep.pdf"}),
                             QStringLiteral("keep.pdf"), QByteArrayLiteral("the figure of last week, still needed\n"));
}

void TestCliFigures::themes_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("theme");
    for (const char *view : {"heatmap", "curves", "temporal"})
        for (const char *theme : {"light", "dark", "print"})
            QTest::addRow("%s %s", view, theme) << QString::fromUtf8(view) << QString::fromUtf8(theme);
}

// light: a white page with dark ink; dark: a dark page (#1e1e1e) that covers most of a curves
// figure, with light ink; print: a white page, and a heatmap that is gray throughout.
void TestCliFigures::themes()
{
    QFETCH(QString, view);
    QFETCH(QString, theme);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run({QStringLiteral("export"), QStringLiteral("--view"), view, QStringLiteral("--theme"), theme,
                               QStringLiteral("--dpi"), QStringLiteral("100"), QStringLiteral("-o"), QStringLiteral("f.png")},
                              dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    const QImage image = QImage(dir.filePath(QStringLiteral("f.png"))).convertToFormat(QImage::Format_ARGB32);
    QVERIFY(!image.isNull());
    QCOMPARE(parametersOf(image).value(QStringLiteral("theme")).toString(), theme);
    const QRgb page = theme == QLatin1String("dark") ? qRgb(0x1e, 0x1e, 0x1e) : qRgb(255, 255, 255);
    QVERIFY(near(image.pixel(0, 0), page, 2));
    QVERIFY(near(image.pixel(image.width() - 1, image.height() - 1), page, 2));
    const qsizetype all = qsizetype(image.width()) * image.height();
    const qsizetype onPage = countNear(image, page, 3);
    const qsizetype light = countPixels(image, [page](QRgb p) { return qGray(p) > 190 && !near(p, page, 3); });
    const qsizetype dark = countPixels(image, [page](QRgb p) { return qGray(p) < 70 && !near(p, page, 3); });
    if (theme == QLatin1String("dark")) {
        QVERIFY2(light > 300, "no light ink on the dark page");
        if (view == QLatin1String("curves"))
            QVERIFY2(onPage > all / 2, qPrintable(QStringLiteral("%1 of %2 pixels are the dark page").arg(onPage).arg(all)));
    } else {
        QVERIFY2(dark > 300, "no dark ink on the white page");
    }
    if (theme == QLatin1String("print") && view == QLatin1String("heatmap"))
        QCOMPARE(countPixels(image, [](QRgb p) { return !isGray(p); }), qsizetype(0));
    if (theme != QLatin1String("print") && view == QLatin1String("heatmap"))
        QVERIFY(countPixels(image, [](QRgb p) { return !isGray(p); }) > all / 10);
}

void TestCliFigures::colormaps_data()
{
    QTest::addColumn<QString>("colormap");
    QTest::addColumn<QRgb>("zero");    // the published colour of the map's middle
    QTest::addColumn<QRgb>("highest"); // and of its top end
    // ColorBrewer RdBu: centre #f7f7f7, red end #67001f; viridis: #21918c half way, #fde725 at
    // the end; gray: black to white.
    QTest::newRow("diverging") << "diverging" << qRgb(0xf7, 0xf7, 0xf7) << qRgb(0x67, 0x00, 0x1f);
    QTest::newRow("viridis") << "viridis" << qRgb(0x21, 0x91, 0x8c) << qRgb(0xfd, 0xe7, 0x25);
    QTest::newRow("gray") << "gray" << qRgb(0x80, 0x80, 0x80) << qRgb(255, 255, 255);
}

// A 2 x 4 encoding: PE(0, 0) = PE(0, 2) = sin 0 = 0 and PE(0, 1) = PE(0, 3) = cos 0 = 1, the top
// of the range [-1, 1]: four of its eight cells, half the map, are those two colours. The
// other maps' colours are not there.
void TestCliFigures::colormaps()
{
    QFETCH(QString, colormap);
    QFETCH(QRgb, zero);
    QFETCH(QRgb, highest);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view", "heatmap", "--d-model", "4", "--seq-len", "2", "--pos", "100",
                                    "--dpi", "100", "--colormap"})
                                  << colormap << QStringLiteral("-o") << QStringLiteral("m.png"),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QImage image = QImage(dir.filePath(QStringLiteral("m.png"))).convertToFormat(QImage::Format_ARGB32);
    QVERIFY(!image.isNull());
    const qsizetype all = qsizetype(image.width()) * image.height();
    const qsizetype atZero = countNear(image, zero, 4);
    const qsizetype atTop = countNear(image, highest, 4);
    // The map fills well over a third of the page; its cells at 0 and at the top half of it.
    QVERIFY2(atZero > all / 20, qPrintable(QStringLiteral("%1 pixels of the colour of 0").arg(atZero)));
    QVERIFY2(atTop > all / 20, qPrintable(QStringLiteral("%1 pixels of the colour of the top").arg(atTop)));
    for (const QRgb other : {qRgb(0x67, 0x00, 0x1f), qRgb(0xfd, 0xe7, 0x25)}) {
        if (other != highest)
            QCOMPARE(countNear(image, other, 4), qsizetype(0));
    }
    if (colormap == QLatin1String("gray"))
        QCOMPARE(countPixels(image, [](QRgb p) { return !isGray(p); }), qsizetype(0));
}

// The SVG's colour map is an embedded image of whole blocks: each cell a k x k square of one
// colour (so no more colours than cells), drawn without smoothing.
void TestCliFigures::svgColourMapIsCrispBlocks()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view", "heatmap", "--d-model", "4", "--seq-len", "2", "--pos", "100",
                                    "-o", "m.svg"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    QXmlStreamReader xml(readAll(dir.filePath(QStringLiteral("m.svg"))));
    QList<QImage> images;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != QLatin1String("image"))
            continue;
        QVERIFY(xml.attributes().value(QStringLiteral("style")).contains(QLatin1String("image-rendering:pixelated")));
        const QString href = xml.attributes().value(QStringLiteral("xlink:href")).toString();
        const qsizetype comma = href.indexOf(QLatin1Char(','));
        QVERIFY(href.startsWith(QLatin1String("data:image/png;base64,")) && comma > 0);
        images << QImage::fromData(QByteArray::fromBase64(href.mid(comma + 1).toLatin1()), "PNG");
    }
    QVERIFY(!xml.hasError());
    QVERIFY(!images.isEmpty());
    const QImage map = images.constFirst().convertToFormat(QImage::Format_ARGB32);
    // 4 x 2 cells, about 14 mm each at 300 dpi: blocks of a whole number of pixels.
    QVERIFY2(map.width() >= 4 * 4 && map.width() % 4 == 0 && map.height() % 2 == 0,
             qPrintable(QStringLiteral("%1 x %2").arg(map.width()).arg(map.height())));
    QSet<QRgb> colours;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            colours.insert(map.pixel(x, y));
    QVERIFY2(colours.size() <= 8, qPrintable(QStringLiteral("%1 colours").arg(colours.size())));
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            QCOMPARE(map.pixel(x, y), map.pixel(x / (map.width() / 4) * (map.width() / 4), y / (map.height() / 2) * (map.height() / 2)));
}

// The PDF's document information names the theme and the colour map (in the reproducing
// command line), its XMP carries them in the parameters, and the map is stored losslessly.
void TestCliFigures::pdfSaysThemeAndColormap()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view", "similarity", "--theme", "dark", "--colormap", "viridis",
                                    "-o", "f.pdf"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QByteArray pdf = readAll(dir.filePath(QStringLiteral("f.pdf")));
    QVERIFY2(!pdf.contains("/DCTDecode"), "an image stored as JPEG");
    QVERIFY(pdf.contains("/FlateDecode"));
    const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
    if (pdfinfo.isEmpty())
        QSKIP("poppler-utils (pdfinfo) is not installed");
    QProcess info;
    info.start(pdfinfo, {QStringLiteral("-meta"), dir.filePath(QStringLiteral("f.pdf"))});
    QVERIFY(info.waitForFinished(60000));
    QProcess creator;
    creator.start(pdfinfo, {dir.filePath(QStringLiteral("f.pdf"))});
    QVERIFY(creator.waitForFinished(60000));
    const QString text = QString::fromUtf8(creator.readAllStandardOutput());
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Creator: .* --theme dark --colormap viridis "))), qPrintable(text));
    const QString meta = QString::fromUtf8(info.readAllStandardOutput());
    QVERIFY2(meta.contains(QLatin1String("&quot;theme&quot;:&quot;dark&quot;")) || meta.contains(QLatin1String("\"theme\":\"dark\"")),
             qPrintable(meta.left(2000)));
    QVERIFY2(meta.contains(QLatin1String("&quot;colormap&quot;:&quot;viridis&quot;")) || meta.contains(QLatin1String("\"colormap\":\"viridis\"")),
             qPrintable(meta.left(2000)));
}


// --lang zh_CN draws the figure's text in Chinese (so its pixels differ from the English one),
// and the recorded command line and parameters say so, so that it reproduces the same figure.
void TestCliFigures::languageOfTheFigure()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList common = list({"export", "--view", "heatmap", "--dpi", "100"});
    const Result english = run(common + list({"-o", "en.png"}), dir.path());
    QVERIFY2(english.finished && english.exitCode == 0, qPrintable(describe(english)));
    const Result chinese = run(common + list({"--lang", "zh_CN", "-o", "zh.png"}), dir.path());
    QVERIFY2(chinese.finished && chinese.exitCode == 0, qPrintable(describe(chinese)));
    const QImage en(dir.filePath(QStringLiteral("en.png")));
    const QImage zh(dir.filePath(QStringLiteral("zh.png")));
    QVERIFY(!en.isNull() && !zh.isNull());
    QCOMPARE(zh.size(), en.size());
    QVERIFY2(zh.convertToFormat(QImage::Format_ARGB32) != en.convertToFormat(QImage::Format_ARGB32),
             "--lang zh_CN drew the same pixels as English");
    QVERIFY(!en.text(QStringLiteral("posenc-lab:command")).contains(QLatin1String("--lang")));
    QVERIFY(zh.text(QStringLiteral("posenc-lab:command")).contains(QLatin1String("--lang zh_CN")));
    QCOMPARE(parametersOf(en).value(QStringLiteral("language")).toString(), QStringLiteral("en"));
    QCOMPARE(parametersOf(zh).value(QStringLiteral("language")).toString(), QStringLiteral("zh_CN"));

    QStringList again = zh.text(QStringLiteral("posenc-lab:command")).split(QLatin1Char(' '));
    QCOMPARE(again.takeFirst(), QStringLiteral("posenc-lab"));
    again.replace(again.indexOf(QStringLiteral("zh.png")), QStringLiteral("zh2.png"));
    const Result replay = run(again, dir.path());
    QVERIFY2(replay.finished && replay.exitCode == 0, qPrintable(describe(replay)));
    QCOMPARE(QImage(dir.filePath(QStringLiteral("zh2.png"))).convertToFormat(QImage::Format_ARGB32),
             zh.convertToFormat(QImage::Format_ARGB32));
}

void TestCliFigures::boxedMapSaysSo_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("seqLen");
    QTest::newRow("4096 x 2048: boxed") << 4096 << 2048;
    QTest::newRow("128 x 30: cell by cell") << 128 << 30;
}

// A matrix larger than a page shows cell by cell is drawn from means of boxes of cells: the
// figure says so, with the box its PDF image holds (cells per image sample, read back with
// pdfimages), and gives no advice to zoom (it is no interface).
void TestCliFigures::boxedMapSaysSo()
{
    QFETCH(int, dModel);
    QFETCH(int, seqLen);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view", "heatmap", "-o", "h.pdf", "--d-model"})
                                  + QStringList{QString::number(dModel), QStringLiteral("--seq-len"), QString::number(seqLen)},
                              dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    const auto text = toolOutput(QStringLiteral("pdftotext"), {dir.filePath(QStringLiteral("h.pdf")), QStringLiteral("-")});
    const auto listing = toolOutput(QStringLiteral("pdfimages"), {QStringLiteral("-list"), dir.filePath(QStringLiteral("h.pdf"))});
    if (!text || !listing)
        QSKIP("poppler-utils (pdftotext, pdfimages) is not installed; dev.sh installs it");
    const QString words = text->simplified();
    QVERIFY2(!words.contains(QLatin1String("zoom")), qPrintable(words));
    // The map is the largest image; each of its samples holds seq_len / height x d_model / width cells.
    qint64 width = 0, height = 0;
    const QStringList lines = listing->split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = 2; i < lines.size(); ++i) {
        const QStringList fields = lines[i].simplified().split(QLatin1Char(' '));
        if (fields.size() > 4 && fields[3].toLongLong() * fields[4].toLongLong() > width * height)
            width = fields[3].toLongLong(), height = fields[4].toLongLong();
    }
    QVERIFY2(width > 0 && height > 0, qPrintable(*listing));
    const bool boxed = dModel > width || seqLen > height;
    const QString note = QStringLiteral("drawn from the means of boxes of %1 × %2 cells").arg(seqLen / height).arg(dModel / width);
    if (boxed) {
        QVERIFY2(dModel % width == 0 && seqLen % height == 0, qPrintable(*listing));
        QVERIFY2(words.contains(note), qPrintable(note + QStringLiteral(" not in: ") + words));
    } else {
        QVERIFY2(!words.contains(QLatin1String("means of boxes")), qPrintable(words));
    }
}

void TestCliFigures::figuresKeepTheirContent_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("shown");
    QTest::addColumn<QString>("absent"); // text the figure must not carry ("" for none)
    QTest::addColumn<QString>("counted"); // text the figure carries `count` times ("" for any)
    QTest::addColumn<int>("count");
    // What a teacher exports the rotation view for, on a slide and across a double column: M_k's
    // values and both equations, and no advice to widen a panel.
    const QStringList english{QStringLiteral("Column vectors"), QStringLiteral("Row vectors"), QStringLiteral("0.283662")};
    QTest::newRow("rotation, slide") << QStringLiteral("rotation") << list({"--size", "slide"}) << english
                                     << QStringLiteral("hidden") << QString() << 0;
    QTest::newRow("rotation, slide, 14 pt") << QStringLiteral("rotation") << list({"--size", "slide", "--font-pt", "14"})
                                            << english << QStringLiteral("hidden") << QString() << 0;
    QTest::newRow("rotation, double column") << QStringLiteral("rotation") << list({"--size", "double-column"}) << english
                                             << QStringLiteral("hidden") << QString() << 0;
    // pdftotext reads 行 of the CJK font as the Kangxi radical ⾏: the row equation by its formula.
    QTest::newRow("rotation, slide, Chinese")
        << QStringLiteral("rotation") << list({"--size", "slide", "--lang", "zh_CN"})
        << QStringList{QStringLiteral("列向量"), QStringLiteral("向量：PE(pos + k) = PE(pos)"), QStringLiteral("0.283662")}
        << QStringLiteral("隐藏") << QString() << 0;
    // The spectra of the chosen dimensions by their legend, beside the ladder and the map.
    const QStringList spectra{QStringLiteral("i = 16"), QStringLiteral("w_i/(2"), QStringLiteral("seq_len = 30")};
    QTest::newRow("spectrum, double column") << QStringLiteral("spectrum") << list({"--size", "double-column"}) << spectra << QString() << QString() << 0;
    QTest::newRow("spectrum, slide") << QStringLiteral("spectrum") << list({"--size", "slide"}) << spectra << QString() << QString() << 0;
    QTest::newRow("spectrum, slide, Chinese")
        << QStringLiteral("spectrum") << list({"--size", "slide", "--lang", "zh_CN"}) << spectra << QString() << QString() << 0;
    // The wavelengths with their lines (as trained, s·L) beside the divisors.
    // The attention lab's output rows (the mean last) labelled in Chinese too, and the shift's
    // white map of a head that sees no position (the left pane, no encoding) saying why.
    QTest::newRow("attention, double column, Chinese")
        << QStringLiteral("attention") << list({"--size", "double-column", "--lang", "zh_CN"})
        << QStringList{QStringLiteral("平均"), QStringLiteral("+16 = 0")} << QString() << QString() << 0;
    // On a single column the output's rows are too low for every label: the mean's is kept,
    // and the shift map's title breaks into lines rather than running off its map.
    QTest::newRow("attention, single column") << QStringLiteral("attention") << list({"--size", "single-column"})
                                              << QStringList{QStringLiteral("mean"), QStringLiteral("+16 = 0")} << QString() << QString() << 0;
    QTest::newRow("attention, single column, Chinese")
        << QStringLiteral("attention") << list({"--size", "single-column", "--lang", "zh_CN"})
        << QStringList{QStringLiteral("平均")} << QString() << QString() << 0;
    QTest::newRow("attention, double column")
        << QStringLiteral("attention") << list({"--size", "double-column"}) << QStringList{QStringLiteral("+16 = 0")} << QString() << QString() << 0;
    // A check figure says which file it shows and what was found, on every page.
    for (const char *size : {"single-column", "double-column", "slide"})
        QTest::addRow("check, %s", size) << QStringLiteral("check") << list({"--size", size})
                                         << QStringList{QStringLiteral("textbook-loop.npy"), QStringLiteral("Does not match")}
                                         << QString() << QString() << 0;
    const QStringList context{QStringLiteral("as trained"), QStringLiteral("L = 32768"), QStringLiteral("divisor")};
    QTest::newRow("context, double column") << QStringLiteral("context") << list({"--size", "double-column"}) << context << QString() << QString() << 0;
    QTest::newRow("context, slide") << QStringLiteral("context") << list({"--size", "slide"}) << context << QString() << QString() << 0;
    // The similarity map's colour bar: the measure alone on a small page, where the whole
    // label took three lines of the map's height; the whole label where there is room.
    QTest::newRow("similarity, single column") << QStringLiteral("similarity") << list({"--size", "single-column"})
                                               << QStringList{QStringLiteral("PE(p) · PE(q)")} << QStringLiteral("sequential") << QString() << 0;
    QTest::newRow("similarity, large page") << QStringLiteral("similarity") << list({"--width-mm", "300", "--height-mm", "200"})
                                            << QStringList{QStringLiteral("PE(p) · PE(q), sequential from its minimum")} << QString() << QString() << 0;
    // The clocks of a single column titled by their period in one line (two lines took the
    // height of the circles and the curves); with room, t mod P too.
    QTest::newRow("temporal, single column") << QStringLiteral("temporal") << list({"--size", "single-column"})
                                             << QStringList{QStringLiteral("P = 24"), QStringLiteral("P = 168")}
                                             << QStringLiteral("t mod P") << QString() << 0;
    QTest::newRow("temporal, slide") << QStringLiteral("temporal") << list({"--size", "slide"})
                                     << QStringList{QStringLiteral("t mod P = 10"), QStringLiteral("3P/4")} << QString() << QString() << 0;
    QTest::newRow("temporal, large page") << QStringLiteral("temporal") << list({"--width-mm", "300", "--height-mm", "200"})
                                          << QStringList{QStringLiteral("t mod P = 10")} << QString() << QString() << 0;
    // A vertical colour bar's label reads bottom to top in a figure: its text is in the PDF once,
    // the way it reads, with no second copy where QCustomPlot would have put it. (On a single
    // column the spectra of the chosen dimensions, whose axis is "amplitude" too, are left out.)
    QTest::newRow("heatmap, colour bar") << QStringLiteral("heatmap") << QStringList() << QStringList() << QString()
                                         << QStringLiteral("PE value") << 1;
    QTest::newRow("spectrum, colour bar") << QStringLiteral("spectrum") << QStringList() << QStringList() << QString()
                                          << QStringLiteral("amplitude") << 1;
    QTest::newRow("ViT, slide, colour bars") << QStringLiteral("vit") << list({"--size", "slide"}) << QStringList()
                                             << QString() << QStringLiteral("cosine") << 2; // one bar a grid
}

// A page with room for panels side by side shows every plot the window does; every figure
// shows what it needs to be read.
void TestCliFigures::figuresSayWhatTheyLeaveOut_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("note"); // a part of the one line on stderr; empty: nothing there
    const QString spectra = QStringLiteral("This 89 x 66.75 mm page leaves out the spectra of the chosen dimensions");
    QTest::newRow("spectrum single column") << "spectrum" << list({"--size", "single-column"}) << spectra;
    QTest::newRow("spectrum single column svg") << "spectrum" << list({"--size", "single-column", "-o", "f.svg"}) << spectra;
    QTest::newRow("spectrum double column") << "spectrum" << list({"--size", "double-column"}) << "";
    QTest::newRow("context single column zh") << "context" << list({"--size", "single-column", "--lang", "zh_CN"})
                                              << QStringLiteral("这张 89 x 66.75 mm 的页面没有足够的空间，略去了以下内容：各维度对波长的图");
    QTest::newRow("context slide") << "context" << list({"--size", "slide"}) << "";
    QTest::newRow("rotation single column") << "rotation" << list({"--size", "single-column"})
                                            << "leaves out the equations of M_k and M_k’s heatmap";
    QTest::newRow("rotation slide") << "rotation" << list({"--size", "slide"})
                                    << "254 x 142.875 mm page leaves out the clocks of every pair and M_k’s heatmap";
    QTest::newRow("rotation large page") << "rotation" << list({"--width-mm", "300", "--height-mm", "200"}) << "";
    QTest::newRow("training slide") << "training" << list({"--size", "slide"}) << "leaves out the norm ratio and the two attention maps";
    QTest::newRow("training double column") << "training" << list({"--size", "double-column"}) << "";
    QTest::newRow("heatmap single column") << "heatmap" << list({"--size", "single-column"}) << "";
    QTest::newRow("check single column") << "check" << list({"--size", "single-column"})
                                         << "leaves out the plot of the file’s frequencies";
    QTest::newRow("check double column") << "check" << list({"--size", "double-column"}) << "";
}

// A small page that has no room for some of a view's plots says which, in one line on stderr
// (exit 0, the figure written); a page that shows everything says nothing.
void TestCliFigures::figuresSayWhatTheyLeaveOut()
{
    QFETCH(QString, view);
    QFETCH(QStringList, options);
    QFETCH(QString, note);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = options.contains(QStringLiteral("-o")) ? QStringLiteral("f.svg") : QStringLiteral("f.pdf");
    if (!options.contains(QStringLiteral("-o")))
        options << QStringLiteral("-o") << file;
    const Result result = run(list({"export", "--view"}) + QStringList{view} + options, dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY(QFileInfo(dir.filePath(file)).size() > 0);
    const QString err = QString::fromUtf8(result.err);
    if (note.isEmpty()) {
        QVERIFY2(err.isEmpty(), qPrintable(err));
        return;
    }
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(err.startsWith(QLatin1String("posenc-lab: ")) && err.contains(note), qPrintable(err));
}

void TestCliFigures::figuresKeepTheirContent()
{
    QFETCH(QString, view);
    QFETCH(QStringList, options);
    QFETCH(QStringList, shown);
    QFETCH(QString, absent);
    QFETCH(QString, counted);
    QFETCH(int, count);
    std::optional<QString> text;
    exportPdfText(view, options, {}, &text);
    if (QTest::currentTestFailed())
        return;
    if (!text)
        QSKIP("poppler-utils (pdftotext) is not installed; dev.sh installs it");
    for (const QString &part : shown)
        QVERIFY2(text->contains(part), qPrintable(part + QStringLiteral(" not in:\n") + *text));
    if (!absent.isEmpty())
        QVERIFY2(!text->contains(absent), qPrintable(*text));
    if (!counted.isEmpty())
        QCOMPARE(text->count(counted), count);
}

QTEST_GUILESS_MAIN(TestCliFigures)
void TestCliFigures::pdfImages_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("size");
    for (const QString &view : kViews())
        for (const char *size : {"single-column", "double-column"})
            QTest::addRow("%s %s", qPrintable(view), size) << view << QString::fromLatin1(size);
}

// A PDF is vectors: markers, clock faces and curves are paths; only colour maps are images,
// the map and its colour bar (pdfimages -list: one line per image after two header lines).
// The spectrum held 128 bitmap markers, the similarity 60 and the rotation its clock faces.
void TestCliFigures::pdfImages()
{
    QFETCH(QString, view);
    QFETCH(QString, size);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view"}) + QStringList{view, QStringLiteral("--size"), size}
                                  + list({"-o", "figure.pdf"}),
                              dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    const auto listing = toolOutput(QStringLiteral("pdfimages"), {QStringLiteral("-list"), dir.filePath(QStringLiteral("figure.pdf"))});
    if (!listing)
        QSKIP("poppler-utils (pdfimages) is not installed; dev.sh installs it");
    const QStringList lines = listing->split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 2 && lines[0].contains(QLatin1String("page")), qPrintable(*listing));
    const qsizetype images = lines.size() - 2;
    if (!hasColourMap(view, size)) {
        QVERIFY2(images == 0, qPrintable(view + QStringLiteral(" has no colour map but embeds images:\n") + *listing));
    } else {
        // Every map and every bar: a bar its layout gives no width is not drawn at all.
        QVERIFY2(images == colourMaps(view, size) + colourBars(view, size),
                 qPrintable(view + QStringLiteral(": not one image for each colour map and colour bar:\n") + *listing));
    }
    // No image is a marker: a colour map or a colour bar is larger than a dot.
    for (qsizetype i = 2; i < lines.size(); ++i) {
        const QStringList fields = lines[i].simplified().split(QLatin1Char(' '));
        QVERIFY2(fields.size() > 4 && std::max(fields[3].toInt(), fields[4].toInt()) > 16, qPrintable(lines[i]));
    }
}

void TestCliFigures::vectorMapsKeepWholeCells_data()
{
    QTest::addColumn<QString>("size");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("seqLen");
    // Cells of about 3 dots at the page's DPI (the review's 407 x 540 image), about 7, and
    // smaller than a dot (512 columns in an 89 mm column).
    QTest::newRow("128 x 30") << QStringLiteral("single-column") << 128 << 30;
    QTest::newRow("64 x 50") << QStringLiteral("single-column") << 64 << 50;
    QTest::newRow("512 x 200") << QStringLiteral("single-column") << 512 << 200;
    QTest::newRow("128 x 30 on a slide") << QStringLiteral("slide") << 128 << 30;
}

// A reader zooms into a PDF or SVG: the heatmap's image holds every cell whole, a block of
// the same number of samples each (no column wider than another, no seam in a colour the
// data lacks), drawn without interpolation.
void TestCliFigures::vectorMapsKeepWholeCells()
{
    QFETCH(QString, size);
    QFETCH(int, dModel);
    QFETCH(int, seqLen);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList options = list({"export", "--view", "heatmap", "--size"})
                                << size << QStringLiteral("--d-model") << QString::number(dModel)
                                << QStringLiteral("--seq-len") << QString::number(seqLen);
    for (const char *name : {"figure.pdf", "figure.svg"}) {
        const Result result = run(options + QStringList{QStringLiteral("-o"), QString::fromLatin1(name)}, dir.path());
        QVERIFY2(succeeded(result), qPrintable(describe(result)));
    }
    const auto wholeCells = [&](int width, int height) {
        return width % dModel == 0 && height % seqLen == 0 && width >= dModel && height >= seqLen;
    };

    const auto listing = toolOutput(QStringLiteral("pdfimages"), {QStringLiteral("-list"), dir.filePath(QStringLiteral("figure.pdf"))});
    if (!listing)
        QSKIP("poppler-utils (pdfimages) is not installed; dev.sh installs it");
    const QStringList lines = listing->split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 3, qPrintable(*listing));
    // The map is the first image; the colour bar's follows it.
    const QStringList map = lines[2].simplified().split(QLatin1Char(' '));
    QVERIFY2(map.size() > 9, qPrintable(lines[2]));
    QVERIFY2(wholeCells(map[3].toInt(), map[4].toInt()),
             qPrintable(QStringLiteral("the PDF's map is %1 x %2 samples for %3 x %4 cells").arg(map[3], map[4]).arg(dModel).arg(seqLen)));
    QCOMPARE(map[9], QStringLiteral("no")); // interpolation

    const QString svg = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("figure.svg"))));
    static const QRegularExpression image(QStringLiteral("<image [^>]*xlink:href=\"data:image/png;base64,([^\"]+)\""));
    const QRegularExpressionMatch first = image.match(svg);
    QVERIFY2(first.hasMatch(), "the SVG holds no image");
    const QImage decoded = QImage::fromData(QByteArray::fromBase64(first.captured(1).toLatin1()), "PNG");
    QVERIFY2(wholeCells(decoded.width(), decoded.height()),
             qPrintable(QStringLiteral("the SVG's map is %1 x %2 samples for %3 x %4 cells")
                            .arg(decoded.width()).arg(decoded.height()).arg(dModel).arg(seqLen)));
}

// --clean leaves the markers' labels out, and the reproducing command says so.
void TestCliFigures::cleanLeavesOutMarkers_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("label"); // a marker's label, as the SVG holds its text
    QTest::addColumn<QString>("drawn"); // an element the figure itself is made of
    QTest::addColumn<int>("atLeast");   // how many of them a figure has, clean or not
    QTest::newRow("curves") << QStringLiteral("curves") << QStringLiteral(">pos + k<")
                            << QStringLiteral("<polyline") << 10;
    QTest::newRow("heatmap") << QStringLiteral("heatmap") << QStringLiteral(">pos + k = 15<")
                             << QStringLiteral("<image") << 1;
}

void TestCliFigures::cleanLeavesOutMarkers()
{
    QFETCH(QString, view);
    QFETCH(QString, label);
    QFETCH(QString, drawn);
    QFETCH(int, atLeast);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char *name : {"marked.svg", "clean.svg"}) {
        QStringList args = list({"export", "--view"}) << view << QStringLiteral("-o") << QString::fromLatin1(name);
        if (QByteArray(name) == "clean.svg")
            args << QStringLiteral("--clean");
        const Result result = run(args, dir.path());
        QVERIFY2(succeeded(result), qPrintable(describe(result)));
    }
    const QString marked = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("marked.svg"))));
    const QString clean = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("clean.svg"))));
    QVERIFY2(marked.contains(label), "the figure lost its marker label");
    QVERIFY2(!clean.contains(label), "--clean kept the marker label");
    QVERIFY(!marked.contains(QLatin1String(" --clean")));
    QVERIFY(clean.contains(QLatin1String(" --clean")));
    QVERIFY(clean.contains(QLatin1String("\"clean\":true")));
    QVERIFY(marked.contains(QLatin1String("\"clean\":false")));
    // The data stay: the clean figure is not an empty page.
    QVERIFY2(clean.count(drawn) >= atLeast, qPrintable(drawn));

    // A data file takes no figure option.
    const Result data = run(list({"export", "--view", "curves", "--clean", "-o", "x.npy"}), dir.path());
    QVERIFY2(data.finished && data.exitCode == 2, qPrintable(describe(data)));
    QVERIFY(data.err.contains(QLatin1String("--clean")));
}

// Tick labels as matplotlib prints them: a true minus sign (U+2212), powers of ten as 10 with
// a superscript on logarithmic axes ("10⁵", never "1E+05").
void TestCliFigures::tickTypography()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char *view : {"heatmap", "spectrum"}) {
        const Result result = run(list({"export", "--view", view, "-o"}) << QString::fromLatin1(view) + QStringLiteral(".svg"),
                                  dir.path());
        QVERIFY2(succeeded(result), qPrintable(describe(result)));
    }
    const QString heatmap = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("heatmap.svg"))));
    const QString spectrum = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("spectrum.svg"))));
    // The colour bar of the heatmap runs from −1 to 1.
    QVERIFY2(heatmap.contains(QStringLiteral(">\u22121<")) && heatmap.contains(QStringLiteral(">\u22120.5<")),
             "no tick label with a true minus sign");
    QVERIFY2(!heatmap.contains(QRegularExpression(QStringLiteral(">-[0-9]"))), "a tick label with a hyphen-minus");
    // The ladder's wavelengths reach 54410, its frequencies 10⁻⁴.
    QVERIFY2(spectrum.contains(QStringLiteral(">10\u2074<")), "no 10⁴ on the wavelength axis");
    QVERIFY2(spectrum.contains(QStringLiteral(">10\u207b\u2074<")), "no 10⁻⁴ on the frequency axis");
    QVERIFY2(!spectrum.contains(QRegularExpression(QStringLiteral(">1[eE][+-]"))), "a tick label in E notation");
}

void TestCliFigures::tickLabelsStandApart_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("options");
    // The unit circle's axis at a slide's 18 pt: its labels were measured with the hyphen the
    // ticker writes, and "−1" and "−0.5" printed 2 pt apart.
    QTest::newRow("rotation, slide") << QStringLiteral("rotation") << list({"--size", "slide"});
    QTest::newRow("rotation, double column") << QStringLiteral("rotation") << list({"--size", "double-column"});
    QTest::newRow("curves, slide") << QStringLiteral("curves") << list({"--size", "slide"});
}

// Numbers side by side on one line of a figure (tick labels) keep at least a quarter of their
// height between them, read from the PDF's word boxes (pdftotext -bbox).
void TestCliFigures::tickLabelsStandApart()
{
    QFETCH(QString, view);
    QFETCH(QStringList, options);
    std::optional<QString> boxes;
    exportPdfText(view, options, {QStringLiteral("-bbox")}, &boxes);
    if (QTest::currentTestFailed())
        return;
    if (!boxes)
        QSKIP("poppler-utils (pdftotext) is not installed; dev.sh installs it");
    static const QRegularExpression word(QStringLiteral("xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" "
                                                        "yMax=\"([0-9.]+)\">(\u2212?[0-9.]+)</word>"));
    QMap<long, QList<std::pair<double, double>>> lines; // the numbers of each line, by their top
    double height = 0;
    for (const QRegularExpressionMatch &m : word.globalMatch(*boxes)) {
        lines[std::lround(m.captured(2).toDouble() * 4)].append({m.captured(1).toDouble(), m.captured(3).toDouble()});
        height = std::max(height, m.captured(4).toDouble() - m.captured(2).toDouble());
    }
    QVERIFY(!lines.isEmpty());
    int pairs = 0;
    for (auto [top, spans] : lines.asKeyValueRange()) {
        std::sort(spans.begin(), spans.end());
        for (qsizetype n = 1; n < spans.size(); ++n, ++pairs)
            QVERIFY2(spans[n].first - spans[n - 1].second >= height / 4,
                     qPrintable(QStringLiteral("numbers %1 pt apart at y = %2").arg(spans[n].first - spans[n - 1].second).arg(top / 4.0)));
    }
    QVERIFY(pairs > 0);
}

// Chinese figures are set in the Simplified Chinese forms (Noto Sans CJK SC), not whichever
// CJK font fontconfig sorts first (the Japanese one); their numbers and Latin text in the
// English figure's family (DejaVu Sans), whose lines leave the plots their height.
void TestCliFigures::chineseFigureUsesSimplifiedFont()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(list({"export", "--view", "spectrum", "--lang", "zh_CN", "-o", "zh.pdf"}), dir.path());
    QVERIFY2(succeeded(result), qPrintable(describe(result)));
    const auto fonts = toolOutput(QStringLiteral("pdffonts"), {dir.filePath(QStringLiteral("zh.pdf"))});
    if (!fonts)
        QSKIP("poppler-utils (pdffonts) is not installed; dev.sh installs it");
    QVERIFY2(fonts->contains(QLatin1String("NotoSansCJKsc"), Qt::CaseInsensitive), qPrintable(*fonts));
    QVERIFY2(!fonts->contains(QLatin1String("CJKjp"), Qt::CaseInsensitive), qPrintable(*fonts));
    QVERIFY2(fonts->contains(QLatin1String("DejaVuSans"), Qt::CaseInsensitive), qPrintable(*fonts));
}

#include "tst_cli_figures.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The figure page arithmetic (presets, pixels at a DPI) and the reproducing command line and
// parameter JSON that every exported file carries; figures rendered in-process: the theme and
// the colour map in the pixels of known cells, crisp blocks, fine stripes averaged rather than
// sampled, and the compact layouts of the multi-panel views on a small page.
#include "ui/views/rotation/clockfacegrid.h"
#include "ui/views/curves/curvesview.h"
#include "ui/state/encodingstate.h"
#include "ui/export/figureexport.h"
#include "ui/export/figurerequest.h"
#include "ui/views/heatmap/heatmapview.h"
#include "ui/widgets/plotstyle.h"
#include "ui/views/rotation/rotationmatrixlabel.h"
#include "ui/views/rotation/rotationview.h"
#include "ui/views/similarity/similarityview.h"
#include "ui/views/spectrum/spectrumview.h"
#include "ui/views/temporal/temporalview.h"
#include "ui/views/attention/attentionview.h"
#include "ui/widgets/matrixplot.h"
#include "ui/views/training/trainingview.h"
#include "ui/views/precision/precisionview.h"
#include "ui/window/language.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace posenc;

namespace {

// Published anchor colours, written out here (not taken from PlotStyle): ColorBrewer RdBu
// (11 classes) has its centre at #f7f7f7 and its red end at #67001f, between #f4a582 (at 0.7
// of the way) and #d6604d (0.8); matplotlib's viridis is #21918c half way and #fde725 at its
// end; gray is black to white, #808080 half way.
const QColor kRdBuCentre(0xf7, 0xf7, 0xf7);
const QColor kRdBuTop(0x67, 0x00, 0x1f);
const QColor kViridisMiddle(0x21, 0x91, 0x8c);
const QColor kViridisTop(0xfd, 0xe7, 0x25);
const QColor kGrayMiddle(0x80, 0x80, 0x80);
const QColor kDarkBackground(0x1e, 0x1e, 0x1e);

bool near(QRgb pixel, const QColor &expected, int tolerance)
{
    return std::abs(qRed(pixel) - expected.red()) <= tolerance && std::abs(qGreen(pixel) - expected.green()) <= tolerance
           && std::abs(qBlue(pixel) - expected.blue()) <= tolerance;
}

QString describe(QRgb pixel)
{
    return QStringLiteral("(%1, %2, %3)").arg(qRed(pixel)).arg(qGreen(pixel)).arg(qBlue(pixel));
}

// A view of `name` on its own state, shown offscreen as FigureExport::write shows one.
struct Figure {
    EncodingState state;
    std::unique_ptr<QWidget> view;

    explicit Figure(const QString &name, const EncodingParams &params = EncodingParams())
    {
        state.setParams(params);
        view.reset(FigureExport::createView(name, &state));
        view->setAttribute(Qt::WA_DontShowOnScreen);
        view->resize(800, 600);
        view->show();
        state.flush();
        for (int i = 0; i < 3; ++i)
            QApplication::processEvents();
    }

    // Writes the view to `path` on `page`; the image when it is a PNG.
    QImage write(const QString &path, const FigurePage &page = FigurePage())
    {
        FigureRequest request;
        request.view = QStringLiteral("heatmap");
        request.page = page;
        request.output = path;
        QString error;
        if (!FigureExport::writeView(view.get(), request, &error)) {
            qWarning("%s", qPrintable(error));
            return {};
        }
        return path.endsWith(QLatin1String(".png")) ? QImage(path).convertToFormat(QImage::Format_ARGB32) : QImage();
    }

    // The pixel of `image` at the plot coordinates (key, value) of `plot`, a plot of the view.
    QPoint pixelAt(const QImage &image, QCustomPlot *plot, double key, double value) const
    {
        const QPointF inView = QPointF(plot->mapTo(view.get(), QPoint(0, 0)))
                               + QPointF(plot->xAxis->coordToPixel(key), plot->yAxis->coordToPixel(value));
        return QPoint(int(inView.x() * image.width() / view->width()), int(inView.y() * image.height() / view->height()));
    }
};

FigurePage pageWith(const QString &theme, const QString &colormap, int dpi = 100)
{
    FigurePage page;
    page.theme = theme;
    page.colormap = colormap;
    page.dpi = dpi;
    return page;
}

EncodingParams smallEncoding(int dModel, int seqLen)
{
    EncodingParams params;
    params.dModel = dModel;
    params.seqLen = seqLen;
    params.position = 100; // the marker lines outside the map
    params.offset = 1;
    return params;
}

} // namespace

class TestFigureExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void presets_data();
    void presets();
    void pixels_data();
    void pixels();
    void commandLine_data();
    void commandLine();
    void commandLineQuotesForTheShell();
    void parametersJson();
    void writesPngInProcess();
    void colourOfKnownCells_data();
    void colourOfKnownCells();
    void themeBackground_data();
    void themeBackground();
    void printHeatmapIsGray();
    void cellsAreCrispBlocks();
    void fineStripesAreAveraged();
    void amplitudeMapStartsAtZero_data();
    void amplitudeMapStartsAtZero();
    void compactLayoutOnSmallPages_data();
    void compactLayoutOnSmallPages();
    void printTellsCurvesApartWithoutColour();
    void matrixLabelFollowsItsFont();
    void legendEntriesShareTheLegendsFont_data();
    void legendEntriesShareTheLegendsFont();
    void panelsTakeTheirShareOfTheRow_data();
    void panelsTakeTheirShareOfTheRow();
    void onePageAfterAnother_data();
    void onePageAfterAnother();
};

void TestFigureExport::presets_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("height");
    QTest::newRow("single-column") << QStringLiteral("single-column") << 89.0 << 89.0 * 0.75;
    QTest::newRow("double-column") << QStringLiteral("double-column") << 183.0 << 91.5;
    QTest::newRow("slide 16:9") << QStringLiteral("slide") << 254.0 << 254.0 * 9 / 16;
}

void TestFigureExport::presets()
{
    QFETCH(QString, name);
    QFETCH(double, width);
    QFETCH(double, height);
    const auto page = FigurePage::fromPreset(name);
    QVERIFY(page);
    QCOMPARE(page->widthMm, width);
    QCOMPARE(page->heightMm, height);
    QCOMPARE(page->preset, name);
    QVERIFY(FigurePage::presetNames().contains(name));
    QVERIFY(!FigurePage::fromPreset(QStringLiteral("a4")));
}

void TestFigureExport::pixels_data()
{
    QTest::addColumn<double>("mm");
    QTest::addColumn<int>("dpi");
    QTest::addColumn<int>("expected"); // worked out by hand: mm / 25.4 * dpi, rounded
    QTest::newRow("89 mm at 72") << 89.0 << 72 << 252;     // 252.28
    QTest::newRow("89 mm at 150") << 89.0 << 150 << 526;   // 525.59
    QTest::newRow("89 mm at 300") << 89.0 << 300 << 1051;  // 1051.18
    QTest::newRow("66.75 mm at 300") << 66.75 << 300 << 788; // 788.39
    QTest::newRow("183 mm at 600") << 183.0 << 600 << 4323;  // 4322.83
    QTest::newRow("25.4 mm at 72") << 25.4 << 72 << 72;
}

void TestFigureExport::pixels()
{
    QFETCH(double, mm);
    QFETCH(int, dpi);
    QFETCH(int, expected);
    QCOMPARE(FigurePage::pixels(mm, dpi), expected);
}

void TestFigureExport::commandLine_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("output");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");
    QTest::newRow("heatmap png") << QStringLiteral("heatmap") << QStringLiteral("fig.png")
                                 << QStringList{QStringLiteral("--size single-column"), QStringLiteral("--dpi 300"),
                                                QStringLiteral("--font-pt 8")}
                                 << QStringList{QStringLiteral("--dims"), QStringLiteral("--periods"),
                                                QStringLiteral("--dtype")};
    QTest::newRow("curves svg") << QStringLiteral("curves") << QStringLiteral("fig.svg")
                                << QStringList{QStringLiteral("--dims 0,16,32,64")}
                                << QStringList{QStringLiteral("--periods")};
    QTest::newRow("temporal pdf") << QStringLiteral("temporal") << QStringLiteral("fig.pdf")
                                  << QStringList{QStringLiteral("--periods 24,168"), QStringLiteral("--steps 336")}
                                  << QStringList{QStringLiteral("--dims")};
    QTest::newRow("heatmap csv") << QStringLiteral("heatmap") << QStringLiteral("data.csv")
                                 << QStringList{QStringLiteral("--dtype float64")}
                                 << QStringList{QStringLiteral("--dpi"), QStringLiteral("--size")};
}

void TestFigureExport::commandLine()
{
    QFETCH(QString, view);
    QFETCH(QString, output);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    FigureRequest request;
    request.view = view;
    request.output = output;
    const QString text = request.commandLine();
    QVERIFY2(text.startsWith(QStringLiteral("posenc-lab export --view ") + view + QLatin1Char(' ')), qPrintable(text));
    QVERIFY2(text.endsWith(QStringLiteral(" -o ") + output), qPrintable(text));
    // Every parameter spelled out, defaults included, so it means the same after they change.
    for (const QString &part : {QStringLiteral("--d-model 128"), QStringLiteral("--seq-len 30"),
                                QStringLiteral("--base 10000"), QStringLiteral("--scale 1"),
                                QStringLiteral("--offset 5"), QStringLiteral("--start 0"),
                                QStringLiteral("--pos 10"), QStringLiteral("--layout interleaved"),
                                QStringLiteral("--frequencies paper")})
        QVERIFY2(text.contains(QLatin1Char(' ') + part + QLatin1Char(' ')), qPrintable(part + QStringLiteral(" in ") + text));
    for (const QString &part : present)
        QVERIFY2(text.contains(QLatin1Char(' ') + part + QLatin1Char(' ')), qPrintable(part + QStringLiteral(" in ") + text));
    for (const QString &part : absent)
        QVERIFY2(!text.contains(part), qPrintable(part + QStringLiteral(" not in ") + text));
}

void TestFigureExport::commandLineQuotesForTheShell()
{
    FigureRequest request;
    request.view = QStringLiteral("curves");
    request.params.base = 0.1 + 0.2 + 1e4; // 10000.300000000001: must survive exactly
    request.params.scale = -2.5;
    request.params.layout = Layout::Split;
    request.params.frequencies = FrequencyConvention::Tensor2Tensor;
    request.dimensions = {0, 1, 2, 7, 9};
    request.page = *FigurePage::fromPreset(QStringLiteral("slide"));
    request.page.preset.clear();
    request.page.widthMm = 100.25;
    request.page.dpi = 150;
    request.page.fontPt = 9.5;
    request.output = QStringLiteral("my figure's copy.pdf");
    const QStringList args = request.arguments();
    const auto valueOf = [&args](const char *option) {
        const qsizetype at = args.indexOf(QString::fromUtf8(option));
        return at < 0 ? QString() : args.value(at + 1);
    };
    QCOMPARE(valueOf("--base").toDouble(), 0.1 + 0.2 + 1e4);
    QCOMPARE(valueOf("--scale"), QStringLiteral("-2.5"));
    QCOMPARE(valueOf("--layout"), QStringLiteral("split"));
    QCOMPARE(valueOf("--frequencies"), QStringLiteral("tensor2tensor"));
    QCOMPARE(valueOf("--dims"), QStringLiteral("0-2,7,9"));
    QCOMPARE(valueOf("--width-mm"), QStringLiteral("100.25"));
    QCOMPARE(valueOf("--height-mm"), QStringLiteral("142.875"));
    QCOMPARE(valueOf("--dpi"), QStringLiteral("150"));
    QCOMPARE(valueOf("--font-pt"), QStringLiteral("9.5"));
    QVERIFY(!args.contains(QStringLiteral("--size")));
    QCOMPARE(args.constLast(), request.output);
    QVERIFY2(request.commandLine().endsWith(QStringLiteral(" -o 'my figure'\\''s copy.pdf'")),
             qPrintable(request.commandLine()));
}

void TestFigureExport::parametersJson()
{
    FigureRequest request;
    request.view = QStringLiteral("temporal");
    request.params.dModel = 33;
    request.temporal.periods = {7, 30.5};
    request.temporal.steps = 100;
    request.page.dpi = 72;
    request.output = QStringLiteral("t.png");
    const QByteArray bytes = request.parametersJson();
    QVERIFY(!bytes.contains('\n'));
    const QJsonObject json = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(json.value(QStringLiteral("view")).toString(), QStringLiteral("temporal"));
    QCOMPARE(json.value(QStringLiteral("d_model")).toInt(), 33);
    QCOMPARE(json.value(QStringLiteral("periods")).toArray(), (QJsonArray{7, 30.5}));
    QCOMPARE(json.value(QStringLiteral("steps")).toInt(), 100);
    QCOMPARE(json.value(QStringLiteral("dpi")).toInt(), 72);
    QCOMPARE(json.value(QStringLiteral("size")).toString(), QStringLiteral("single-column"));
    QVERIFY(json.value(QStringLiteral("software")).toString().startsWith(QLatin1String("posenc-lab ")));
}

void TestFigureExport::writesPngInProcess()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    FigureRequest request;
    request.view = QStringLiteral("heatmap");
    request.params.dModel = 16;
    request.params.seqLen = 8;
    request.page.dpi = 96;
    request.output = dir.filePath(QStringLiteral("h.png"));
    QString error;
    QVERIFY2(FigureExport::write(request, &error), qPrintable(error));
    const QImage image(request.output);
    QCOMPARE(image.size(), QSize(336, 252)); // 89 mm and 66.75 mm at 96 dpi
    QCOMPARE(image.text(QStringLiteral("posenc-lab:command")), request.commandLine());

    request.output = dir.filePath(QStringLiteral("h.tiff"));
    QVERIFY(!FigureExport::write(request, &error));
    QVERIFY2(error.contains(QLatin1String(".tiff")), qPrintable(error));
    QVERIFY(!QFile::exists(request.output));
}

void TestFigureExport::colourOfKnownCells_data()
{
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QString>("colormap");
    QTest::addColumn<QColor>("zero");    // PE(0, 0) = sin 0 = 0
    QTest::addColumn<QColor>("highest"); // PE(0, 1) = cos 0 = 1 = scale, the top of the range
    QTest::newRow("light diverging") << "light" << "diverging" << kRdBuCentre << kRdBuTop;
    QTest::newRow("light viridis") << "light" << "viridis" << kViridisMiddle << kViridisTop;
    QTest::newRow("light gray") << "light" << "gray" << kGrayMiddle << QColor(Qt::white);
    // The map keeps its colours on a dark page.
    QTest::newRow("dark diverging") << "dark" << "diverging" << kRdBuCentre << kRdBuTop;
    QTest::newRow("dark viridis") << "dark" << "viridis" << kViridisMiddle << kViridisTop;
    // Print cannot rely on RdBu (both ends dark in grayscale): gray; viridis survives.
    QTest::newRow("print diverging") << "print" << "diverging" << kGrayMiddle << QColor(Qt::white);
    QTest::newRow("print viridis") << "print" << "viridis" << kViridisMiddle << kViridisTop;
}

// The pixels at the centres of two cells of a 2 x 4 encoding have the colours the maps give 0
// and the top of the range, in every theme.
void TestFigureExport::colourOfKnownCells()
{
    QFETCH(QString, theme);
    QFETCH(QString, colormap);
    QFETCH(QColor, zero);
    QFETCH(QColor, highest);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(QStringLiteral("heatmap"), smallEncoding(4, 2));
    const QImage image = figure.write(dir.filePath(QStringLiteral("h.png")), pageWith(theme, colormap));
    QVERIFY(!image.isNull());
    QCustomPlot *plot = static_cast<HeatmapView *>(figure.view.get())->plot();
    const QRgb atZero = image.pixel(figure.pixelAt(image, plot, 0, 0));
    const QRgb atTop = image.pixel(figure.pixelAt(image, plot, 1, 0));
    QVERIFY2(near(atZero, zero, 4), qPrintable(describe(atZero) + QStringLiteral(" for 0, expected ") + zero.name()));
    QVERIFY2(near(atTop, highest, 4), qPrintable(describe(atTop) + QStringLiteral(" for 1, expected ") + highest.name()));
}

void TestFigureExport::themeBackground_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QColor>("background");
    for (const char *view : {"heatmap", "curves", "rotation"}) {
        QTest::addRow("%s light", view) << QString::fromUtf8(view) << "light" << QColor(Qt::white);
        QTest::addRow("%s dark", view) << QString::fromUtf8(view) << "dark" << kDarkBackground;
        QTest::addRow("%s print", view) << QString::fromUtf8(view) << "print" << QColor(Qt::white);
    }
}

// The page is the theme's background, and the text on it contrasts: dark pages carry light
// ink, light pages dark ink.
void TestFigureExport::themeBackground()
{
    QFETCH(QString, view);
    QFETCH(QString, theme);
    QFETCH(QColor, background);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(view);
    const QImage image = figure.write(dir.filePath(QStringLiteral("f.png")), pageWith(theme, QStringLiteral("diverging"), 96));
    QVERIFY(!image.isNull());
    for (const QPoint corner : {QPoint(0, 0), QPoint(image.width() - 1, 0), QPoint(0, image.height() - 1)})
        QVERIFY2(near(image.pixel(corner), background, 2), qPrintable(describe(image.pixel(corner))));
    qsizetype onBackground = 0, light = 0, dark = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QRgb pixel = image.pixel(x, y);
            onBackground += near(pixel, background, 3);
            light += qGray(pixel) > 200 && !near(pixel, background, 3);
            dark += qGray(pixel) < 60 && !near(pixel, background, 3);
        }
    }
    const qsizetype all = qsizetype(image.width()) * image.height();
    if (view != QLatin1String("heatmap")) // the heatmap view is mostly map
        QVERIFY2(onBackground > all / 3, qPrintable(QStringLiteral("%1 of %2 on the background").arg(onBackground).arg(all)));
    if (theme == QLatin1String("dark"))
        QVERIFY2(light > 200, "no light ink on the dark page");
    else
        QVERIFY2(dark > 200, "no dark ink on the light page");
}

// Print: a heatmap figure is grayscale throughout, map, colour bar, lines and text.
void TestFigureExport::printHeatmapIsGray()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(QStringLiteral("heatmap"));
    const QImage image = figure.write(dir.filePath(QStringLiteral("p.png")), pageWith(QStringLiteral("print"), QStringLiteral("diverging"), 96));
    QVERIFY(!image.isNull());
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            QVERIFY2(std::abs(qRed(p) - qGreen(p)) <= 2 && std::abs(qGreen(p) - qBlue(p)) <= 2,
                     qPrintable(QStringLiteral("coloured pixel %1 at %2, %3").arg(describe(p)).arg(x).arg(y)));
        }
    }
}

// Cells many dots wide are blocks of one colour each: the map area holds no more colours than
// the matrix has cells (a smoothed image would hold hundreds of blends).
void TestFigureExport::cellsAreCrispBlocks()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(QStringLiteral("heatmap"), smallEncoding(4, 2));
    const QImage image = figure.write(dir.filePath(QStringLiteral("c.png")), pageWith(QStringLiteral("light"), QStringLiteral("viridis"), 150));
    QVERIFY(!image.isNull());
    QCustomPlot *plot = static_cast<HeatmapView *>(figure.view.get())->plot();
    // Between the centres of the corner cells: a quarter of each of the 8 cells.
    const QRect inner = QRect(figure.pixelAt(image, plot, 0, 0), figure.pixelAt(image, plot, 3, 1)).normalized();
    QVERIFY(inner.width() > 100 && inner.height() > 50);
    QSet<QRgb> colours;
    for (int y = inner.top(); y <= inner.bottom(); ++y)
        for (int x = inner.left(); x <= inner.right(); ++x)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() <= 8, qPrintable(QStringLiteral("%1 colours in 8 cells").arg(colours.size())));
    // From the centre of row 0 to that of row 1, down column 1: one sharp edge.
    int changes = 0;
    QString trace;
    const int x = figure.pixelAt(image, plot, 1, 0).x();
    for (int y = inner.top(); y < inner.bottom(); ++y) {
        if (image.pixel(x, y) != image.pixel(x, y + 1)) {
            ++changes;
            trace += QStringLiteral(" at %1: %2 to %3").arg(y).arg(describe(image.pixel(x, y)), describe(image.pixel(x, y + 1)));
        }
    }
    QVERIFY2(changes == 1, qPrintable(QStringLiteral("%1 edges:").arg(changes) + trace));
}

// 1024 columns in a 60 mm wide map at 72 dpi: about six columns a dot. In the slow dimensions
// sin(pos w) is ~0 and cos(pos w) ~1, alternating column by column; sampling every sixth
// column would paint pure 0 or pure 1 stripes (moiré). Averaged, every dot is the mean 0.5:
// RdBu at 0.75 of its range, half way between #f4a582 and #d6604d.
void TestFigureExport::fineStripesAreAveraged()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(QStringLiteral("heatmap"), smallEncoding(1024, 4));
    const QImage image = figure.write(dir.filePath(QStringLiteral("s.png")), pageWith(QStringLiteral("light"), QStringLiteral("diverging"), 72));
    QVERIFY(!image.isNull());
    QCustomPlot *plot = static_cast<HeatmapView *>(figure.view.get())->plot();
    const QColor half((0xf4 + 0xd6) / 2, (0xa5 + 0x60) / 2, (0x82 + 0x4d) / 2);
    const QRect region = QRect(figure.pixelAt(image, plot, 800, 0.5), figure.pixelAt(image, plot, 1000, 2.5)).normalized();
    QVERIFY(region.width() > 20 && region.height() > 10);
    for (int y = region.top(); y <= region.bottom(); ++y) {
        for (int x = region.left(); x <= region.right(); ++x) {
            const QRgb p = image.pixel(x, y);
            QVERIFY2(!near(p, kRdBuCentre, 12) && !near(p, kRdBuTop, 12),
                     qPrintable(QStringLiteral("a sampled, not averaged, column at %1, %2: %3").arg(x).arg(y).arg(describe(p))));
            QVERIFY2(near(p, half, 14), qPrintable(QStringLiteral("%1 at %2, %3, expected about %4").arg(describe(p)).arg(x).arg(y).arg(half.name())));
        }
    }
}

void TestFigureExport::amplitudeMapStartsAtZero_data()
{
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QString>("colormap");
    QTest::addColumn<QColor>("zero");
    QTest::addColumn<QColor>("highest");
    QTest::newRow("diverging") << "light" << "diverging" << kRdBuCentre << kRdBuTop;
    QTest::newRow("viridis") << "light" << "viridis" << QColor(0x44, 0x01, 0x54) << kViridisTop;
    QTest::newRow("gray") << "light" << "gray" << QColor(Qt::white) << QColor(Qt::black);
    QTest::newRow("print") << "print" << "diverging" << QColor(Qt::white) << QColor(Qt::black);
}

// The spectrum's amplitudes never go below 0: with the diverging map 0 is white (its centre)
// as in every other view, with gray 0 is the paper; its data range stays [0, highest].
void TestFigureExport::amplitudeMapStartsAtZero()
{
    QFETCH(QString, theme);
    QFETCH(QString, colormap);
    QFETCH(QColor, zero);
    QFETCH(QColor, highest);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(QStringLiteral("spectrum"));
    auto *view = static_cast<SpectrumView *>(figure.view.get());
    const QCPRange before = view->colorScale()->dataRange();
    QVERIFY(!figure.write(dir.filePath(QStringLiteral("s.png")), pageWith(theme, colormap, 72)).isNull());
    QCOMPARE(view->colorScale()->dataRange(), before);
    QCPColorGradient gradient = view->colorScale()->gradient();
    const QRgb low = gradient.color(before.lower, before);
    const QRgb high = gradient.color(before.upper, before);
    QVERIFY2(near(low, zero, 3), qPrintable(describe(low)));
    QVERIFY2(near(high, highest, 3), qPrintable(describe(high)));
}

void TestFigureExport::compactLayoutOnSmallPages_data()
{
    QTest::addColumn<QString>("size");
    QTest::addColumn<bool>("compact");
    QTest::newRow("single column") << "single-column" << true;
    QTest::newRow("slide") << "slide" << false;
}

// On a single column the multi-panel views leave out what does not fit; on a slide, and on a
// screen however small, they keep everything.
void TestFigureExport::compactLayoutOnSmallPages()
{
    QFETCH(QString, size);
    QFETCH(bool, compact);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const FigurePage page = *FigurePage::fromPreset(size);

    Figure spectrum(QStringLiteral("spectrum"));
    auto *spectrumView = static_cast<SpectrumView *>(spectrum.view.get());
    QVERIFY(!spectrum.write(dir.filePath(QStringLiteral("s.svg")), page).isNull() || QFile::exists(dir.filePath(QStringLiteral("s.svg"))));
    QCOMPARE(spectrumView->plot()->axisRects().contains(spectrumView->spectrumRect()), !compact);
    QCOMPARE(spectrumView->spectrumRect()->realVisibility(), !compact);

    Figure rotation(QStringLiteral("rotation"));
    auto *rotationView = static_cast<RotationView *>(rotation.view.get());
    rotation.write(dir.filePath(QStringLiteral("r.svg")), page);
    QVERIFY(rotationView->circlePlot()->isVisible());
    QVERIFY(rotationView->clocks()->isVisible());
    QCOMPARE(rotationView->matrixPlot()->isVisible(), !compact);

    Figure similarity(QStringLiteral("similarity"));
    auto *similarityView = static_cast<SimilarityView *>(similarity.view.get());
    similarity.write(dir.filePath(QStringLiteral("m.svg")), page);
    QCOMPARE(similarityView->colorScale()->type(), compact ? QCPAxis::atTop : QCPAxis::atRight);

    // The training lab: four of its plots on a single column, all eight on a double column
    // (a run of 3 steps: what is shown, not what it shows, is checked here).
    for (const auto &[trainingPage, trainingCompact] :
         {std::pair{page, compact}, std::pair{*FigurePage::fromPreset(QStringLiteral("double-column")), false}}) {
        EncodingState trainingState;
        Scene scene = trainingState.scene();
        scene.training.config.steps = 3;
        QVERIFY(!trainingState.setScene(scene));
        std::unique_ptr<QWidget> trainingWidget(FigureExport::createView(QStringLiteral("training"), &trainingState));
        trainingWidget->setAttribute(Qt::WA_DontShowOnScreen);
        trainingWidget->resize(800, 600);
        trainingWidget->show();
        trainingState.flush();
        FigureRequest request;
        request.view = QStringLiteral("training");
        request.page = trainingPage;
        request.output = dir.filePath(QStringLiteral("t.svg"));
        QString error;
        QVERIFY2(FigureExport::writeView(trainingWidget.get(), request, &error), qPrintable(error));
        auto *trainingView = static_cast<TrainingView *>(trainingWidget.get());
        for (QCustomPlot *plot : {trainingView->lossPlot(), trainingView->accuracyPlot(), trainingView->scalePlot(),
                                  trainingView->extrapolationPlot()})
            QVERIFY(plot->isVisible());
        QCOMPARE(trainingView->ratioPlot()->isVisible(), !trainingCompact);
        // The attention maps' queries labelled as their height holds them (their square cells'
        // padding of the window's size squeezed them to one label in every figure).
        for (MatrixPlot *map : {trainingView->leftAttentionPlot(), trainingView->rightAttentionPlot()}) {
            if (trainingCompact)
                continue;
            const double perCell = map->axisRect()->height() / double(map->matrix().rows());
            const int stride = int(std::ceil((QFontMetricsF(map->yAxis->tickLabelFont()).height() + 2) / perCell));
            const qsizetype shown = map->yAxis->tickVectorLabels().size() - map->yAxis->tickVectorLabels().count(QString());
            QCOMPARE(shown, (map->matrix().rows() + stride - 1) / stride);
            // Every key: a figure gives the maps room for cells as wide as a digit's ink and a
            // quarter of a line (every second key was labelled).
            const qsizetype keys = map->xAxis->tickVectorLabels().size() - map->xAxis->tickVectorLabels().count(QString());
            QVERIFY2(keys == map->matrix().cols(), qPrintable(QStringLiteral("%1 of %2 keys labelled in %3 px")
                                                                  .arg(keys).arg(map->matrix().cols()).arg(map->axisRect()->width())));
        }
    }

    // The attention lab: two panes of equal width whatever their schemes' names, their
    // matrices side by side, and on a single column the output matrix (a phrase by d_model)
    // is given room to show its columns (it was 8 pixels wide there, the other pane 60).
    Figure attention(QStringLiteral("attention"));
    auto *attentionView = static_cast<AttentionView *>(attention.view.get());
    FigurePage attentionPage = page; // a slide's text as the command line and the dialog give it
    if (page.preset == QLatin1String("slide"))
        attentionPage.fontPt = FigurePage::kSlideFontPt;
    attention.write(dir.filePath(QStringLiteral("a.svg")), attentionPage);
    AttentionPane *left = attentionView->leftPane(), *right = attentionView->rightPane();
    QVERIFY2(std::abs(left->width() - right->width()) <= 2,
             qPrintable(QStringLiteral("panes %1 and %2 wide").arg(left->width()).arg(right->width())));
    QCOMPARE(left->scoresPlot()->mapTo(attentionView, QPoint()).y(), right->scoresPlot()->mapTo(attentionView, QPoint()).y());
    for (AttentionPane *pane : {left, right}) {
        const int cells = pane->outputPlot()->axisRect()->width();
        // (A ninth: its mean's row is labelled, "mean" beside its cells.)
        QVERIFY2(cells >= pane->width() / 9, qPrintable(QStringLiteral("output %1 px of a %2 px pane").arg(cells).arg(pane->width())));
        // A slide's 3 x 3 maps label every token: its weights and shift take half the pane,
        // as its scores (a third of it left them every second token, 我 鱼).
        for (MatrixPlot *map : {pane->scoresPlot(), pane->weightsPlot(), pane->shiftPlot()}) {
            if (compact)
                continue;
            const QStringList labels = map->xAxis->tickVectorLabels();
            QVERIFY2(labels.size() - labels.count(QString()) == map->matrix().cols(),
                     qPrintable(labels.join(QLatin1Char(' ')) + QStringLiteral(" in %1 px").arg(map->axisRect()->width())));
        }
    }

    // A small window is not a figure: nothing is left out.
    Figure screen(QStringLiteral("spectrum"));
    screen.view->resize(300, 220);
    QApplication::processEvents();
    auto *screenView = static_cast<SpectrumView *>(screen.view.get());
    QVERIFY(screenView->plot()->axisRects().contains(screenView->spectrumRect()));
}

// Print: the six curves differ in dash pattern and marker shape, not only in colour.
void TestFigureExport::printTellsCurvesApartWithoutColour()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(QStringLiteral("curves"));
    figure.state.changeScene([](Scene &scene) { scene.dimensions = {0, 1, 2, 3, 4, 5}; });
    figure.state.flush();
    figure.write(dir.filePath(QStringLiteral("c.svg")), pageWith(QStringLiteral("print"), QStringLiteral("diverging")));
    QCustomPlot *plot = figure.view->findChild<QCustomPlot *>();
    QVERIFY(plot);
    QSet<QString> looks;
    int lines = 0;
    for (int i = 0; i < plot->graphCount(); ++i) {
        const QCPGraph *graph = plot->graph(i);
        if (graph->lineStyle() == QCPGraph::lsNone)
            continue;
        ++lines;
        QString dashes;
        for (qreal d : graph->pen().dashPattern())
            dashes += QString::number(d) + QLatin1Char(',');
        looks.insert(QStringLiteral("%1 %2 %3").arg(int(graph->pen().style())).arg(dashes).arg(int(graph->scatterStyle().shape())));
    }
    QCOMPARE(lines, 6);
    QCOMPARE(looks.size(), 6);
}

// The rotation view's matrices take the size of their font, whoever sets it (the view's
// equation fitting, presentation mode, a figure's font size), also inside a nested layout,
// whose cached sizes QWidget::updateGeometry alone leaves stale.
void TestFigureExport::matrixLabelFollowsItsFont()
{
    QWidget holder;
    auto *column = new QVBoxLayout(&holder);
    auto *grid = new QGridLayout;
    auto *matrix = new RotationMatrixLabel;
    matrix->setEntries({{QStringLiteral("0.2837"), QStringLiteral("0.9589")}, {QStringLiteral("−0.9589"), QStringLiteral("0.2837")}});
    auto *below = new QLabel(QStringLiteral("="));
    grid->addWidget(matrix, 0, 0);
    grid->addWidget(below, 1, 0);
    column->addLayout(grid);
    column->addStretch(1);
    holder.setAttribute(Qt::WA_DontShowOnScreen);
    holder.resize(800, 600);
    holder.show();
    QApplication::processEvents();
    const QSize small = matrix->size();
    QCOMPARE(small, matrix->sizeHint());
    matrix->setPointSize(matrix->font().pointSizeF() * 2.5); // its own font
    // Asked at once, before any layout pass (as the rotation view's fitting asks): the
    // enclosing layouts already know the new size.
    QVERIFY2(holder.layout()->sizeHint().height() >= matrix->sizeHint().height() + below->sizeHint().height(),
             qPrintable(QStringLiteral("%1 < %2").arg(holder.layout()->sizeHint().height()).arg(matrix->sizeHint().height())));
    QApplication::processEvents();
    QVERIFY2(matrix->width() > 2 * small.width() && matrix->height() > 2 * small.height(),
             qPrintable(QStringLiteral("%1x%2 after %3x%4").arg(matrix->width()).arg(matrix->height()).arg(small.width()).arg(small.height())));
    QCOMPARE(matrix->size(), matrix->sizeHint());
    QVERIFY2(below->y() >= matrix->geometry().bottom(), "the matrix is painted over the label under it");
    QVERIFY(holder.layout()->sizeHint().height() >= matrix->sizeHint().height() + below->sizeHint().height());
    const QSize large = matrix->size();
    QFont font = holder.font();
    font.setPointSizeF(font.pointSizeF() / 2);
    holder.setFont(font); // inherited: the size it had set stays its own
    QApplication::processEvents();
    QCOMPARE(matrix->size(), large);
}

void TestFigureExport::legendEntriesShareTheLegendsFont_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("size");
    for (const char *view : {"curves", "spectrum", "similarity", "temporal", "precision"}) {
        for (const char *size : {"single-column", "double-column"})
            QTest::addRow("%s %s", view, size) << QString::fromLatin1(view) << QString::fromLatin1(size);
    }
}

// Every entry of a figure's legend prints in the legend's font. A view that rebuilds its
// graphs while the page lays it out (precision does, its envelope follows the plot's width)
// makes new entries then; they printed at another size than the rest, and which one varied
// from run to run of the same command.
void TestFigureExport::legendEntriesShareTheLegendsFont()
{
    QFETCH(QString, view);
    QFETCH(QString, size);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(view);
    std::optional<FigurePage> page = FigurePage::fromPreset(size);
    QVERIFY(page);
    page->dpi = 100;
    QVERIFY(!figure.write(dir.filePath(QStringLiteral("f.png")), *page).isNull());
    int entries = 0;
    for (QCustomPlot *plot : figure.view->findChildren<QCustomPlot *>()) {
        for (QCPLegend *legend : plot->findChildren<QCPLegend *>()) {
            for (int i = 0; i < legend->itemCount(); ++i) {
                auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i));
                if (!item)
                    continue;
                ++entries;
                QVERIFY2(item->font() == legend->font(),
                         qPrintable(QStringLiteral("%1: %2 pt, the legend %3 pt")
                                        .arg(item->plottable()->name())
                                        .arg(item->font().pointSizeF())
                                        .arg(legend->font().pointSizeF())));
            }
        }
    }
    QVERIFY2(entries > 0, "no legend entry in the figure");
}

void TestFigureExport::panelsTakeTheirShareOfTheRow_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

// The precision lab on a single column gives its error map four sevenths of the row and the
// phase errors three, in either language: a plot whose content shrank for the page (its
// legend moved under it in two short columns) is not held at the width it first asked for.
void TestFigureExport::panelsTakeTheirShareOfTheRow()
{
    QFETCH(QString, language);
    QVERIFY(Language::install(language));
    const auto restore = qScopeGuard([] { Language::install(QStringLiteral("en")); });
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Figure figure(QStringLiteral("precision"));
    FigureRequest request;
    request.view = QStringLiteral("precision");
    request.page = *FigurePage::fromPreset(QStringLiteral("single-column"));
    request.language = language;
    request.output = dir.filePath(QStringLiteral("p.svg"));
    QString error;
    QVERIFY2(FigureExport::writeView(figure.view.get(), request, &error), qPrintable(error));
    const auto *view = static_cast<PrecisionView *>(figure.view.get());
    const int map = view->errorPlot()->width(), phases = view->phasePlot()->width();
    QVERIFY2(map > phases, qPrintable(QStringLiteral("map %1 px, phase errors %2 px").arg(map).arg(phases)));
}

void TestFigureExport::onePageAfterAnother_data()
{
    QTest::addColumn<QString>("view");
    for (const char *view : {"check", "rotation", "temporal", "spectrum"})
        QTest::newRow(view) << QString::fromLatin1(view);
}

// A view drawn on one page after another (the export dialog's preview as the page changes)
// leaves out what a fresh view leaves out on each: a compact layout is arranged again when a
// small page turns wide (a single column to a slide) and back.
void TestFigureExport::onePageAfterAnother()
{
    QFETCH(QString, view);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto omittedOn = [&](QWidget *widget, const QString &size) {
        FigureRequest request;
        request.view = view;
        request.page = *FigurePage::fromPreset(size);
        request.output = dir.filePath(QStringLiteral("f.svg"));
        QString error;
        if (!FigureExport::writeView(widget, request, &error))
            qWarning("%s", qPrintable(error));
        return PlotStyle::figureOmissions(widget);
    };
    const QStringList sizes{QStringLiteral("single-column"), QStringLiteral("slide"), QStringLiteral("single-column"),
                            QStringLiteral("double-column"), QStringLiteral("slide")};
    Figure reused(view);
    for (const QString &size : sizes) {
        Figure fresh(view);
        QCOMPARE(omittedOn(reused.view.get(), size), omittedOn(fresh.view.get(), size));
    }
}

QTEST_MAIN(TestFigureExport)
#include "tst_figureexport.moc"

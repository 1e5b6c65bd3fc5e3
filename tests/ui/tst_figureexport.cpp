// SPDX-License-Identifier: GPL-3.0-or-later
// The figure page arithmetic (presets, pixels at a DPI) and the reproducing command line and
// parameter JSON that every exported file carries; plus one figure rendered in-process.
#include "ui/figureexport.h"
#include "ui/figurerequest.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace posenc;

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
                                << QStringList{QStringLiteral("--dims 0-5")}
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

QTEST_MAIN(TestFigureExport)
#include "tst_figureexport.moc"

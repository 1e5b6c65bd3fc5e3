// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab screenshot`, run as on a server (the real binary, no DISPLAY, no
// WAYLAND_DISPLAY, no QT_QPA_PLATFORM): it must render the window to a PNG of the asked size
// that shows the plots, and refuse invalid command lines with status 2 and no file.
#include "clirun.h"

#include <QImage>
#include <QSize>
#include <QTest>

using namespace posenc::clitest;

class TestCliScreenshot : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void screenshot_data();
    void screenshot();
    void invalidCommandLine_data();
    void invalidCommandLine();
    void failedScreenshotKeepsExistingFile();
};

void TestCliScreenshot::initTestCase()
{
    QVERIFY2(QFileInfo(binaryPath()).isExecutable(), qPrintable(binaryPath()));
}

void TestCliScreenshot::screenshot_data()
{
    QTest::addColumn<QStringList>("arguments"); // besides `screenshot -o shot.png`
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("view");

    QTest::newRow("default (heatmap, 1280x800)") << QStringList() << QSize(1280, 800) << QStringLiteral("heatmap");
    QTest::newRow("--size 800x600 --view curves")
        << list({"--size", "800x600", "--view", "curves"}) << QSize(800, 600) << QStringLiteral("curves");
    QTest::newRow("--size 320x240 (the smallest accepted)")
        << list({"--size", "320x240"}) << QSize(320, 240) << QStringLiteral("heatmap");
    QTest::newRow("--size 1920x1080") << list({"--size", "1920x1080"}) << QSize(1920, 1080)
                                      << QStringLiteral("heatmap");
    QTest::newRow("--d-model 512 --seq-len 1024")
        << list({"--d-model", "512", "--seq-len", "1024"}) << QSize(1280, 800) << QStringLiteral("heatmap");
    QTest::newRow("--view heatmap --size 1024x768 split tensor2tensor")
        << list({"--view", "heatmap", "--size", "1024x768", "--layout", "split", "--frequencies", "tensor2tensor"})
        << QSize(1024, 768) << QStringLiteral("heatmap");
    QTest::newRow("--view curves --dims 0,64 --d-model 128")
        << list({"--view", "curves", "--dims", "0,64", "--d-model", "128"}) << QSize(1280, 800)
        << QStringLiteral("curves");
}

void TestCliScreenshot::screenshot()
{
    QFETCH(QStringList, arguments);
    QFETCH(QSize, size);
    QFETCH(QString, view);

    // A PNG of the size asked for, and not a blank or nearly blank window: many colours, none
    // of them covering almost all.
    QImage image;
    verifyScreenshot(arguments, size, &image);
    if (QTest::currentTestFailed())
        return;

    if (view == QLatin1String("heatmap")) {
        // Both ends of the diverging map (ColorBrewer RdBu): -1 and +1 are on screen.
        const qsizetype blue = countNear(image, qRgb(0x05, 0x30, 0x61), 8);
        const qsizetype red = countNear(image, qRgb(0x67, 0x00, 0x1f), 8);
        QVERIFY2(blue >= 100, qPrintable(QStringLiteral("%1 pixels near #053061").arg(blue)));
        QVERIFY2(red >= 100, qPrintable(QStringLiteral("%1 pixels near #67001f").arg(red)));
    } else {
        // The first curve is drawn in the first categorical colour (Okabe-Ito blue #0072b2).
        const qsizetype first = countNear(image, qRgb(0x00, 0x72, 0xb2), 8);
        QVERIFY2(first >= 100, qPrintable(QStringLiteral("%1 pixels near #0072b2").arg(first)));
    }
}

void TestCliScreenshot::invalidCommandLine_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustMention");

    QTest::newRow("-o f.jpg") << list({"screenshot", "-o", "f.jpg"}) << list({"-o", ".jpg", ".png"});
    QTest::newRow("missing -o") << list({"screenshot"}) << list({"-o"});
    QTest::newRow("--size 10x10") << list({"screenshot", "-o", "f.png", "--size", "10x10"})
                                  << list({"--size", "10x10", "[320, 7680]", "[240, 4320]"});
    QTest::newRow("--size 1280x") << list({"screenshot", "-o", "f.png", "--size", "1280x"})
                                  << list({"--size", "1280x"});
    QTest::newRow("--view nope") << list({"screenshot", "-o", "f.png", "--view", "nope"})
                                 << list({"--view", "nope", "heatmap", "curves"});
    QTest::newRow("--dtype is an export option") << list({"screenshot", "-o", "f.png", "--dtype", "float32"})
                                                 << list({"--dtype"});
    QTest::newRow("--d-model 0") << list({"screenshot", "-o", "f.png", "--d-model", "0"})
                                 << list({"--d-model", "[2, 4096]"});
    QTest::newRow("-o into a nonexistent folder") << list({"screenshot", "-o", "missing/f.png"})
                                                  << list({"missing/f.png"});
}

void TestCliScreenshot::invalidCommandLine()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustMention);
    verifyInvalidRun(arguments, mustMention);
}

void TestCliScreenshot::failedScreenshotKeepsExistingFile()
{
    verifyFailedRunKeepsFile(list({"screenshot", "-o", "keep.png", "--size", "10x10"}), QStringLiteral("keep.png"),
                             QByteArrayLiteral("not really a PNG, but someone's file\n"));
}

QTEST_GUILESS_MAIN(TestCliScreenshot)
#include "tst_cli_screenshot.moc"

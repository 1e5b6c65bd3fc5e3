// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab export --animate PARAM --from A --to B --frames N [--fps F] -o FILE.gif`, run as a
// user would run it (the real binary, no display), the GIF read back with giflib's own decoder:
// the frame count, the logical screen (the page at the DPI), the loop, the delays, the comment
// that is the command line writing the same file again, frames that differ where the
// parameter changes them and that say, read by OCR, which value they show; and every
// invalid command line ends with status 2, one line naming the option (and its range), and no
// file left behind.
#include "clirun.h"

#include <QImage>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <gif_lib.h>

#include <algorithm>
#include <memory>
#include <optional>

using namespace posenc::clitest;

namespace {

struct DecodedGif {
    QString error; // empty when the file decoded
    QSize screen;
    int imageCount = 0;
    bool loopsForever = false;
    QByteArray comment;
    QList<int> delays;      // hundredths of a second, per frame
    QList<QImage> frames;   // what a viewer shows, frame after frame (Format_RGB32)
};

// The file read by DGifSlurp, each frame composed onto the one before as its disposal says.
DecodedGif decode(const QString &path)
{
    DecodedGif decoded;
    int error = 0;
    const QByteArray name = path.toLocal8Bit();
    GifFileType *gif = DGifOpenFileName(name.constData(), &error);
    if (!gif) {
        decoded.error = QStringLiteral("DGifOpenFileName: %1").arg(QString::fromUtf8(GifErrorString(error)));
        return decoded;
    }
    const auto close = qScopeGuard([gif] {
        int ignored = 0;
        DGifCloseFile(gif, &ignored);
    });
    if (DGifSlurp(gif) != GIF_OK) {
        decoded.error = QStringLiteral("DGifSlurp: %1").arg(QString::fromUtf8(GifErrorString(gif->Error)));
        return decoded;
    }
    decoded.screen = QSize(gif->SWidth, gif->SHeight);
    decoded.imageCount = gif->ImageCount;

    // The extensions before each image are in its ExtensionBlocks, those after the last in the
    // file's; a block's continuation sub-blocks follow it as CONTINUE_EXT_FUNC_CODE blocks.
    const auto scan = [&decoded](const ExtensionBlock *blocks, int count) {
        for (int i = 0; i < count; ++i) {
            const ExtensionBlock &block = blocks[i];
            const QByteArray bytes(reinterpret_cast<const char *>(block.Bytes), block.ByteCount);
            if (block.Function == APPLICATION_EXT_FUNC_CODE && bytes == "NETSCAPE2.0" && i + 1 < count
                && blocks[i + 1].Function == CONTINUE_EXT_FUNC_CODE && blocks[i + 1].ByteCount == 3
                && blocks[i + 1].Bytes[0] == 1 && blocks[i + 1].Bytes[1] == 0 && blocks[i + 1].Bytes[2] == 0)
                decoded.loopsForever = true;
            if (block.Function == COMMENT_EXT_FUNC_CODE) {
                decoded.comment += bytes;
                for (int j = i + 1; j < count && blocks[j].Function == CONTINUE_EXT_FUNC_CODE; ++j)
                    decoded.comment += QByteArray(reinterpret_cast<const char *>(blocks[j].Bytes), blocks[j].ByteCount);
            }
        }
    };
    scan(gif->ExtensionBlocks, gif->ExtensionBlockCount);

    QImage canvas(decoded.screen, QImage::Format_RGB32);
    const ColorMapObject *global = gif->SColorMap;
    if (global && gif->SBackGroundColor < global->ColorCount) {
        const GifColorType c = global->Colors[gif->SBackGroundColor];
        canvas.fill(qRgb(c.Red, c.Green, c.Blue));
    }
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage &image = gif->SavedImages[i];
        scan(image.ExtensionBlocks, image.ExtensionBlockCount);
        GraphicsControlBlock control{};
        if (DGifSavedExtensionToGCB(gif, i, &control) != GIF_OK) {
            decoded.error = QStringLiteral("frame %1 has no graphics control extension").arg(i);
            return decoded;
        }
        decoded.delays << control.DelayTime;
        const GifImageDesc &desc = image.ImageDesc;
        const ColorMapObject *map = desc.ColorMap ? desc.ColorMap : global;
        if (!map || desc.Interlace || desc.Left + desc.Width > canvas.width() || desc.Top + desc.Height > canvas.height()) {
            decoded.error = QStringLiteral("frame %1: no colour map, interlaced, or outside the screen").arg(i);
            return decoded;
        }
        if (control.DisposalMode != DISPOSE_DO_NOT && control.DisposalMode != DISPOSAL_UNSPECIFIED) {
            decoded.error = QStringLiteral("frame %1: disposal %2 not expected").arg(i).arg(control.DisposalMode);
            return decoded;
        }
        for (int y = 0; y < desc.Height; ++y) {
            for (int x = 0; x < desc.Width; ++x) {
                const int index = image.RasterBits[y * desc.Width + x];
                if (index == control.TransparentColor)
                    continue;
                const GifColorType c = map->Colors[index];
                canvas.setPixel(desc.Left + x, desc.Top + y, qRgb(c.Red, c.Green, c.Blue));
            }
        }
        decoded.frames << canvas.copy();
    }
    return decoded;
}

// The first line of ink at the top of `frame`: from its top down to the first row of the
// background (the colour of the top right corner) after some ink, with a row to spare on
// either side; the top eighth of the frame when no such row comes before it.
QImage topLine(const QImage &frame)
{
    const QRgb background = frame.pixel(frame.width() - 1, 0);
    const auto blank = [&](int y) {
        for (int x = 0; x < frame.width(); ++x) {
            if (frame.pixel(x, y) != background)
                return false;
        }
        return true;
    };
    int y = 0;
    while (y < frame.height() / 8 && blank(y))
        ++y;
    const int top = std::max(0, y - 1);
    while (y < frame.height() / 8 && !blank(y))
        ++y;
    return frame.copy(0, top, frame.width(), std::min(frame.height(), y + 1) - top);
}

// The caption line at the top of `frame` as tesseract (Debian's tesseract-ocr, from dev.sh)
// reads it, enlarged so that a 72-dpi frame's text is as high as a printed page's; nothing
// when tesseract is missing. A whole frame is read badly: its plots look like text to it, and
// so is a band that takes in the top of the plot under the caption.
std::optional<QString> captionRead(const QImage &frame, const QString &folder)
{
    const QString tesseract = QStandardPaths::findExecutable(QStringLiteral("tesseract"));
    if (tesseract.isEmpty())
        return std::nullopt;
    const QImage band = topLine(frame.convertToFormat(QImage::Format_RGB32));
    const QString png = folder + QStringLiteral("/caption.png");
    band.scaled(band.size() * 4, Qt::IgnoreAspectRatio, Qt::SmoothTransformation).save(png);
    QProcess process;
    process.start(tesseract, {png, QStringLiteral("stdout"), QStringLiteral("--psm"), QStringLiteral("7")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return QString();
    // Spaces as OCR finds them around "=" vary with the glyphs' spacing; the words do not.
    return QString::fromUtf8(process.readAllStandardOutput()).remove(QLatin1Char(' ')).trimmed();
}

QStringList args(std::initializer_list<const char *> items)
{
    return list(items);
}

// The arguments of a command line as FigureRequest writes it, for one without quoting.
QStringList splitCommand(const QByteArray &command)
{
    QStringList words = QString::fromUtf8(command).split(QLatin1Char(' '));
    words.removeFirst(); // posenc-lab
    return words;
}

} // namespace

class TestCliAnimation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void positionAnimation();
    void framesNameTheirValue_data();
    void framesNameTheirValue();
    void integerParameter();
    void pageSizeAndDpi();
    void framesKeepTheFigureLayout_data();
    void framesKeepTheFigureLayout();
    void invalid_data();
    void invalid();
    void failedRunKeepsExistingFile();
    void unwritableFolderLeavesNothing();
};

// The whole contract on one small animation of the heatmap's pos marker.
void TestCliAnimation::positionAnimation()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList common = args({"export", "--view", "heatmap", "--d-model", "32", "--seq-len", "20", "--dpi", "72"});
    const Result result = run(common + args({"--animate", "pos", "--from", "0", "--to", "18", "--frames", "4", "--fps",
                                             "3", "-o", "anim.gif"}),
                              dir.path());
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY2(result.err.isEmpty(), result.err.constData());
    QVERIFY2(result.out.isEmpty(), result.out.constData());
    QCOMPARE(entriesBelow(dir.path()), QStringList{QStringLiteral("anim.gif")});
    const QString path = dir.filePath(QStringLiteral("anim.gif"));
    QVERIFY(readAll(path).startsWith("GIF89a"));

    const DecodedGif gif = decode(path);
    QVERIFY2(gif.error.isEmpty(), qPrintable(gif.error));
    QCOMPARE(gif.imageCount, 4);
    QCOMPARE(gif.screen, QSize(expectedPixels(89, 72), expectedPixels(66.75, 72)));
    QVERIFY(gif.loopsForever);
    // 3 frames per second: 33, 34, 33 hundredths, a second per three frames.
    QCOMPARE(gif.delays, (QList<int>{33, 34, 33, 33}));

    // The comment is the command line: it names the animation and not pos itself...
    const QByteArray comment = gif.comment;
    QVERIFY2(comment.startsWith("posenc-lab export --view heatmap --d-model 32 --seq-len 20 "), comment.constData());
    QVERIFY2(comment.endsWith(" --animate pos --from 0 --to 18 --frames 4 --fps 3 -o anim.gif"), comment.constData());
    QVERIFY2(!comment.contains(" --pos "), comment.constData());
    QVERIFY2(comment.contains(" --dpi 72 "), comment.constData());
    // ... and run again it writes the same file, byte for byte.
    QTemporaryDir again;
    QVERIFY(again.isValid());
    const Result rerun = run(splitCommand(comment), again.path());
    QVERIFY2(rerun.finished && rerun.exitCode == 0 && rerun.err.isEmpty(), qPrintable(describe(rerun)));
    QCOMPARE(readAll(again.filePath(QStringLiteral("anim.gif"))), readAll(path));

    // The marker moves: every frame differs from the one before.
    for (int i = 1; i < gif.frames.size(); ++i)
        QVERIFY2(gif.frames.at(i) != gif.frames.at(i - 1), qPrintable(QStringLiteral("frame %1 = frame %2").arg(i).arg(i - 1)));

    // Frame i says the value it shows, above the view (pos 0, 6, 12, 18), as a reader finds it.
    const QList<int> values{0, 6, 12, 18};
    for (int i = 0; i < values.size(); ++i) {
        const std::optional<QString> caption = captionRead(gif.frames.at(i), again.path());
        if (!caption)
            QSKIP("tesseract is not installed; dev.sh installs it");
        QCOMPARE(*caption, QStringLiteral("pos=%1").arg(values.at(i)));
    }
}

void TestCliAnimation::framesNameTheirValue_data()
{
    QTest::addColumn<QString>("parameter");
    QTest::addColumn<QString>("size");
    QTest::addColumn<QStringList>("captions");
    // base on a logarithmic scale from 100 to a million: whole numbers from 1000 on.
    QTest::newRow("base") << QStringLiteral("base") << QStringLiteral("single-column")
                          << QStringList{QStringLiteral("base = 100"), QStringLiteral("base = 1000"),
                                         QStringLiteral("base = 10000"), QStringLiteral("base = 100000"),
                                         QStringLiteral("base = 1000000")};
    QTest::newRow("scale on a slide") << QStringLiteral("scale") << QStringLiteral("slide")
                                      << QStringList{QStringLiteral("scale = 0.5"), QStringLiteral("scale = 1"),
                                                     QStringLiteral("scale = 1.5"), QStringLiteral("scale = 2"),
                                                     QStringLiteral("scale = 2.5")};
}

// Every frame of an animation names the parameter it moves and the value it shows.
void TestCliAnimation::framesNameTheirValue()
{
    QFETCH(QString, parameter);
    QFETCH(QString, size);
    QFETCH(QStringList, captions);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString from = parameter == QLatin1String("base") ? QStringLiteral("100") : QStringLiteral("0.5");
    const QString to = parameter == QLatin1String("base") ? QStringLiteral("1e6") : QStringLiteral("2.5");
    const Result result = run(args({"export", "--view", "heatmap", "--d-model", "32", "--seq-len", "16", "--dpi", "72"})
                                  + QStringList{QStringLiteral("--size"), size, QStringLiteral("--animate"), parameter,
                                                QStringLiteral("--from"), from, QStringLiteral("--to"), to}
                                  + args({"--frames", "5", "-o", "anim.gif"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0 && result.err.isEmpty(), qPrintable(describe(result)));
    const DecodedGif gif = decode(dir.filePath(QStringLiteral("anim.gif")));
    QVERIFY2(gif.error.isEmpty(), qPrintable(gif.error));
    QCOMPARE(gif.frames.size(), captions.size());
    for (int i = 0; i < captions.size(); ++i) {
        const std::optional<QString> caption = captionRead(gif.frames.at(i), dir.path());
        if (!caption)
            QSKIP("tesseract is not installed; dev.sh installs it");
        QCOMPARE(*caption, QString(captions.at(i)).remove(QLatin1Char(' ')));
    }
}

// d-model is an integer: the values are rounded, and it leaves the command as --animate only.
void TestCliAnimation::integerParameter()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(args({"export", "--view", "heatmap", "--seq-len", "16", "--dpi", "72", "--animate", "d-model",
                                    "--from", "8", "--to", "64", "--frames", "3", "-o", "d.gif"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0 && result.err.isEmpty(), qPrintable(describe(result)));
    const DecodedGif gif = decode(dir.filePath(QStringLiteral("d.gif")));
    QVERIFY2(gif.error.isEmpty(), qPrintable(gif.error));
    QCOMPARE(gif.imageCount, 3);
    QCOMPARE(gif.delays, (QList<int>{10, 10, 10})); // the default 10 frames per second
    QVERIFY2(gif.comment.contains(" --animate d-model --from 8 --to 64 --frames 3 --fps 10 -o d.gif"),
             gif.comment.constData());
    QVERIFY2(!gif.comment.contains("--d-model "), gif.comment.constData());
    QVERIFY(gif.frames.at(0) != gif.frames.at(1));
    QVERIFY(gif.frames.at(1) != gif.frames.at(2));
}

// The logical screen is the page at the DPI, as for a PNG.
void TestCliAnimation::pageSizeAndDpi()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(args({"export", "--view", "curves", "--width-mm", "60", "--height-mm", "40", "--dpi", "96",
                                    "--animate", "base", "--from", "100", "--to", "1e6", "--frames", "2", "-o", "b.gif"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0 && result.err.isEmpty(), qPrintable(describe(result)));
    const DecodedGif gif = decode(dir.filePath(QStringLiteral("b.gif")));
    QVERIFY2(gif.error.isEmpty(), qPrintable(gif.error));
    QCOMPARE(gif.imageCount, 2);
    QCOMPARE(gif.screen, QSize(expectedPixels(60, 96), expectedPixels(40, 96)));
    QVERIFY2(gif.comment.contains(" --width-mm 60 --height-mm 40 --dpi 96 "), gif.comment.constData());
    QVERIFY2(gif.comment.contains(" --animate base --from 100 --to 1e+06 --frames 2 "), gif.comment.constData());
}

void TestCliAnimation::framesKeepTheFigureLayout_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("note"); // what the still figure on that page says it leaves out
    QTest::newRow("rotation") << QStringLiteral("rotation") << QStringLiteral("leaves out the equations of M_k");
    QTest::newRow("spectrum") << QStringLiteral("spectrum") << QStringLiteral("leaves out the spectra of the chosen dimensions");
}

// A frame under its caption is laid out as the still figure of its page: on a single column
// the compact layout, which says on stderr what it leaves out (the window's layout, crammed
// into the page, left nothing out and was unreadable).
void TestCliAnimation::framesKeepTheFigureLayout()
{
    QFETCH(QString, view);
    QFETCH(QString, note);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(args({"export", "--view"}) + QStringList{view}
                                  + args({"--size", "single-column", "--dpi", "72", "--animate", "scale", "--from", "0.5",
                                          "--to", "2", "--frames", "2", "-o", "a.gif"}),
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QString err = QString::fromUtf8(result.err);
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(err.startsWith(QLatin1String("posenc-lab: ")) && err.contains(note), qPrintable(err));
}

void TestCliAnimation::invalid_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mention");
    const QStringList base = args({"export", "--view", "heatmap", "-o", "anim.gif"});
    const auto row = [&](const char *name, std::initializer_list<const char *> extra, std::initializer_list<const char *> mention) {
        QTest::newRow(name) << base + list(extra) << list(mention);
    };
    row("unknown parameter", {"--animate", "layout", "--from", "0", "--to", "1", "--frames", "2"}, {"--animate", "d-model", "seq-len"});
    row("d-model below", {"--animate", "d-model", "--from", "1", "--to", "64", "--frames", "2"}, {"--from", "d_model", "[2, 4096]"});
    row("d-model above", {"--animate", "d-model", "--from", "2", "--to", "5000", "--frames", "2"}, {"--to", "d_model", "[2, 4096]"});
    row("d-model fraction", {"--animate", "d-model", "--from", "2.5", "--to", "64", "--frames", "2"}, {"--from", "integer", "[2, 4096]"});
    row("seq-len above", {"--animate", "seq-len", "--from", "1", "--to", "16385", "--frames", "2"}, {"--to", "seq_len", "[1, 16384]"});
    row("base at 1", {"--animate", "base", "--from", "1", "--to", "100", "--frames", "2"}, {"--from", "base", "1e12"});
    row("pos not a number", {"--animate", "pos", "--from", "zero", "--to", "1", "--frames", "2"}, {"--from", "zero", "1e9"});
    row("pos above", {"--animate", "pos", "--from", "0", "--to", "2e9", "--frames", "2"}, {"--to", "pos", "1e9"});
    row("start past the end", {"--animate", "start", "--from", "0", "--to", "1e9", "--frames", "2"}, {"--to", "start + seq_len - 1"});
    row("one frame", {"--animate", "pos", "--from", "0", "--to", "1", "--frames", "1"}, {"--frames", "[2, 600]"});
    row("too many frames", {"--animate", "pos", "--from", "0", "--to", "1", "--frames", "601"}, {"--frames", "[2, 600]"});
    row("fps 0", {"--animate", "pos", "--from", "0", "--to", "1", "--frames", "2", "--fps", "0"}, {"--fps", "[1, 50]"});
    row("fps 60", {"--animate", "pos", "--from", "0", "--to", "1", "--frames", "2", "--fps", "60"}, {"--fps", "[1, 50]"});
    row("no --to", {"--animate", "pos", "--from", "0", "--frames", "2"}, {"--to", "missing"});
    row("no --frames", {"--animate", "pos", "--from", "0", "--to", "3"}, {"--frames", "missing"});
    row("gif without --animate", {}, {"-o", "--animate"});
    row("dtype", {"--animate", "pos", "--from", "0", "--to", "1", "--frames", "2", "--dtype", "float32"}, {"--dtype"});
    QTest::newRow("not a .gif") << args({"export", "--view", "heatmap", "-o", "anim.png", "--animate", "pos", "--from", "0",
                                         "--to", "1", "--frames", "2"})
                                << args({"-o", ".gif"});
    QTest::newRow("--from without --animate")
        << args({"export", "--view", "heatmap", "-o", "figure.png", "--from", "0"}) << args({"--from", "--animate"});
    QTest::newRow("with --out-dir") << args({"export", "--preset", "p.json", "--out-dir", "out", "--animate", "pos"})
                                    << args({"--animate", "--out-dir"});
}

void TestCliAnimation::invalid()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mention);
    verifyInvalidRun(arguments, mention);
}

void TestCliAnimation::failedRunKeepsExistingFile()
{
    verifyFailedRunKeepsFile(args({"export", "--view", "heatmap", "--animate", "pos", "--from", "0", "--to", "1",
                                   "--frames", "1", "-o", "anim.gif"}),
                             QStringLiteral("anim.gif"), QByteArray("an old animation"));
}

// A failure while writing (the folder does not exist) is status 2 too, and leaves nothing.
void TestCliAnimation::unwritableFolderLeavesNothing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(args({"export", "--view", "heatmap", "--dpi", "72", "--animate", "pos", "--from", "0", "--to",
                                    "1", "--frames", "2", "-o", "missing/anim.gif"}),
                              dir.path());
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 2, qPrintable(describe(result)));
    QVERIFY2(result.err.startsWith("posenc-lab: ") && result.err.contains("missing/anim.gif"), result.err.constData());
    QCOMPARE(entriesBelow(dir.path()), QStringList());
}

QTEST_GUILESS_MAIN(TestCliAnimation)
#include "tst_cli_animation.moc"

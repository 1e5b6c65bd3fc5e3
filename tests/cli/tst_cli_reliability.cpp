// SPDX-License-Identifier: GPL-3.0-or-later
// The findings of the reliability review (shared/reviews/reliability.md), each run as the review
// ran it, against the real binary: figures at every valid text size within 3 GB of address
// space and the largest page refused with its bound; --out-dir that deletes no folder, replaces
// no read-only file and loses no figure to kill -9; presets that are not regular files or are
// too large refused; curves data at small d_model; periods that would give NaN refused; one line
// of stderr whatever the value; a full disk named as one.
#include "../sanitizers/addresssanitizer.h"
#include "clirun.h"
#include "npyreader.h"

#include <QImage>
#include <QImageReader>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cmath>
#include <functional>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace posenc::clitest;

namespace {

QString str(const char *text)
{
    return QString::fromUtf8(text);
}

// The address space a figure export may take: the bound of the review's finding 1.
constexpr rlim_t kAddressSpace = rlim_t(3) << 30;

// Under AddressSanitizer (kUnderAddressSanitizer) the exports run without a cap, for errors
// only; the bound itself is asserted by the normal build.

// Runs the binary as run() does, with its address space limited to `limit` bytes (setrlimit
// in the child before exec, as `prlimit --as` does).
Result runLimited(const QStringList &arguments, const QString &workingDirectory, rlim_t limit)
{
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.setWorkingDirectory(workingDirectory);
    if (!kUnderAddressSanitizer) {
        process.setChildProcessModifier([limit] {
            const struct rlimit bound{limit, limit};
            ::setrlimit(RLIMIT_AS, &bound);
        });
    }
    return runProcess(process, binaryPath(), arguments, 600000);
}

// A preset of four figures (two PNGs, an SVG and data) for the --out-dir tests.
const QByteArray kSet = R"({
    "format": "posenc-lab/1",
    "parameters": {"d_model": 64, "seq_len": 64},
    "export": {"dpi": 150},
    "figures": [
        {"view": "heatmap", "file": "heatmap.png"},
        {"view": "curves", "file": "curves.svg"},
        {"view": "rotation", "file": "rotation.npy"},
        {"view": "spectrum", "file": "spectrum.png"}
    ]
})";
const QStringList kSetFiles{str("curves.svg"), str("heatmap.png"), str("rotation.npy"), str("spectrum.png")};

// Whether this machine lets the test mount a small tmpfs in a user and mount namespace of its
// own (unshare -rm), where a disk fills up without touching anyone else's.
bool canMountTmpfs()
{
    const QString unshare = QStandardPaths::findExecutable(str("unshare"));
    if (unshare.isEmpty())
        return false;
    QTemporaryDir dir;
    QProcess probe;
    probe.start(unshare, {str("-rm"), str("sh"), str("-c"), str("mount -t tmpfs -o size=64k t \"$0\"") , dir.path()});
    return probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0;
}

// Runs the binary inside `unshare -rm` with a tmpfs of `size` mounted at `mountPoint`; after
// it, what the binary left on that disk is listed on stdout (the binary prints nothing there
// when it fails), since the disk goes away with the namespace.
Result runOnSmallDisk(const QString &mountPoint, const QString &size, const QStringList &arguments,
                      const QString &workingDirectory)
{
    QStringList shell{str("-rm"), str("sh"), str("-c"),
                      str("d=\"$0\"; mount -t tmpfs -o size=\"$1\" t \"$d\" || exit 99; shift 1; \"$@\"; rc=$?; "
                          "find \"$d\" -mindepth 1; exit $rc"),
                      mountPoint, size, binaryPath()};
    shell += arguments;
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.setWorkingDirectory(workingDirectory);
    return runProcess(process, QStandardPaths::findExecutable(str("unshare")), shell);
}

} // namespace

class TestCliReliability : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // 1. Figures at every valid text size, the largest page, a figure that could not be painted.
    void largeFontsPaintWithinBound_data();
    void largeFontsPaintWithinBound();
    void largestPageIsRefusedWithItsBound();
    void largestAcceptedPagePaintsWithinBound();
    void unpaintableFigureNeverExitsZero();
    // 2. --out-dir.
    void outDirRefusesFolderWhereFigureGoes();
    void outDirRefusesReadOnlyFile();
    void killedRunLosesNoFigure();
    void interruptedSetIsRestored();
    void strandedCopiesOfEarlierVersionsAreRestored();
    // 3. Preset files.
    void presetMustBeSmallRegularFile_data();
    void presetMustBeSmallRegularFile();
    void presetFifoDoesNotHang();
    void presetFileNameWithNul();
    // 5. Periods.
    void curvesDataAtSmallDModel_data();
    void curvesDataAtSmallDModel();
    void presetDimensionsBeyondDModel_data();
    void presetDimensionsBeyondDModel();

    void periodsThatOverflowAreRefused();
    void smallestPeriodIsFinite();
    // 6. One line of stderr.
    void oneLineWhateverTheValue_data();
    void oneLineWhateverTheValue();
    void hugePresetValueIsCut();
    void threadsVariableThatIsNoNumber_data();
    void threadsVariableThatIsNoNumber();
    // 7. Full disk.
    void fullDiskSaysSo_data();
    void fullDiskSaysSo();
};

// --font-pt 16 to 30 at the named page sizes, in the three formats, within 3 GB: the review
// saw 24 GB (temporal, 30 pt, PDF) and failed paints that still exited 0.
void TestCliReliability::largeFontsPaintWithinBound_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("size");
    QTest::addColumn<QString>("font");
    QTest::addColumn<QString>("file");
    // The review's own cases first.
    QTest::newRow("temporal 30 pt pdf") << str("temporal") << str("single-column") << str("30") << str("out.pdf");
    QTest::newRow("curves 20 pt png") << str("curves") << str("single-column") << str("20") << str("a.png");
    QTest::newRow("spectrum 16 pt svg") << str("spectrum") << str("single-column") << str("16") << str("a.svg");
    const QStringList sizes{str("single-column"), str("double-column"), str("slide")};
    const QStringList files{str("a.png"), str("a.pdf"), str("a.svg")};
    int n = 0;
    for (const QString &view : listedViews()) {
        for (const QString &size : sizes) {
            for (const char *font : {"16", "30"}) {
                const QString file = files.at(n++ % files.size());
                QTest::addRow("%s %s %s pt %s", qPrintable(view), qPrintable(size), font, qPrintable(file))
                    << view << size << str(font) << file;
            }
        }
    }
}

void TestCliReliability::largeFontsPaintWithinBound()
{
    QFETCH(QString, view);
    QFETCH(QString, size);
    QFETCH(QString, font);
    QFETCH(QString, file);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = runLimited({str("export"), str("--view"), view, str("--size"), size, str("--font-pt"), font,
                                      str("-o"), file},
                                     dir.path(), kAddressSpace);
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY2(result.err.isEmpty(), result.err.constData());
    QCOMPARE(entriesBelow(dir.path()), QStringList{file});
    const QByteArray bytes = readAll(dir.filePath(file));
    if (file.endsWith(QLatin1String(".png"))) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QVERIFY(nonUniform(image));
    } else if (file.endsWith(QLatin1String(".pdf"))) {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    } else {
        QVERIFY(bytes.contains("<svg"));
        QVERIFY(bytes.trimmed().endsWith("</svg>"));
    }
}

// 1000 x 1000 mm at 600 dpi: 23622 x 23622 dots, 558 megapixels, over the 64 a figure may have.
void TestCliReliability::largestPageIsRefusedWithItsBound()
{
    for (const char *file : {"big.png", "big.pdf", "big.svg"}) {
        verifyInvalidRun(list({"export", "--view", "heatmap", "--width-mm", "1000", "--height-mm", "1000", "--dpi", "600",
                               "-o", file}),
                         list({"23622 x 23622", "64 megapixels", "203"}));
        if (QTest::currentTestFailed())
            return;
    }
}

// Just under the bound (338 x 338 mm at 600 dpi: 7984 x 7984 dots), the heatmap's colour map
// on the whole grid, within 3 GB.
void TestCliReliability::largestAcceptedPagePaintsWithinBound()
{
    QTemporaryDir dir;
    const Result result = runLimited(list({"export", "--view", "heatmap", "--width-mm", "338", "--height-mm", "338",
                                           "--dpi", "600", "-o", "big.png"}),
                                     dir.path(), kAddressSpace);
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY2(result.err.isEmpty(), result.err.constData());
    QImageReader::setAllocationLimit(0); // 7984 x 7984 is over Qt's default 128 MB
    QImageReader reader(dir.filePath(str("big.png")), "PNG");
    QCOMPARE(reader.size(), QSize(expectedPixels(338, 600), expectedPixels(338, 600)));
}

// With too little memory for its page, the export fails: status 2, one line, no file (the
// review saw status 0 and a figure with parts missing).
void TestCliReliability::unpaintableFigureNeverExitsZero()
{
    if (kUnderAddressSanitizer)
        QSKIP("an address-space cap cannot be applied under AddressSanitizer (its shadow memory)");
    QTemporaryDir dir;
    const Result result = runLimited(list({"export", "--view", "heatmap", "--width-mm", "338", "--height-mm", "338",
                                           "--dpi", "600", "-o", "big.png"}),
                                     dir.path(), rlim_t(1) << 30);
    // Exit 2, one line naming what to change, and no file: it ended in a segmentation fault
    // (QCustomPlot swallows a failed allocation of colour-map data, then writes through it).
    const QString problem = invalidRunProblem(result, {str("not enough memory"), str("7984 x 7984"), str("--dpi")});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(dir.path()), QStringList());
}

// A folder named like a figure of the set: refused before anything is written (the review's
// run deleted it and everything in it).
void TestCliReliability::outDirRefusesFolderWhereFigureGoes()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSet));
    QVERIFY(QDir(dir.path()).mkpath(str("D/heatmap.png/precious")));
    QVERIFY(writeFile(dir.filePath(str("D/heatmap.png/precious/thesis.tex")), "\\documentclass{article}\n"));
    QVERIFY(writeFile(dir.filePath(str("D/curves.svg")), "old curves\n"));
    const QStringList before = entriesBelow(dir.path());
    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "D"}), dir.path());
    const QString problem = invalidRunProblem(result, {str("D/heatmap.png"), str("folder")});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(dir.path()), before);
    QCOMPARE(readAll(dir.filePath(str("D/heatmap.png/precious/thesis.tex"))), QByteArray("\\documentclass{article}\n"));
    QCOMPARE(readAll(dir.filePath(str("D/curves.svg"))), QByteArray("old curves\n"));
}

// A read-only file where a figure goes: refused, kept, also when the user (root) could write it.
void TestCliReliability::outDirRefusesReadOnlyFile()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSet));
    QVERIFY(QDir(dir.path()).mkdir(str("D")));
    const QString kept = dir.filePath(str("D/spectrum.png"));
    QVERIFY(writeFile(kept, "someone's figure\n"));
    QVERIFY(QFile::setPermissions(kept, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const QStringList before = entriesBelow(dir.path());
    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "D"}), dir.path());
    const QString problem = invalidRunProblem(result, {str("D/spectrum.png"), str("read-only")});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(dir.path()), before);
    QCOMPARE(readAll(kept), QByteArray("someone's figure\n"));
    QCOMPARE(QFileInfo(kept).permissions() & (QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther),
             QFile::Permissions());
}

// kill -9 at any moment of a re-export: every figure of the set is still in D, each whole
// (the old or the new one); the next run leaves the new set and nothing else. The kill times
// are spread over the run; what is checked holds at any of them.
void TestCliReliability::killedRunLosesNoFigure()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSet));
    const QStringList args = list({"export", "--preset", "p.json", "--out-dir", "D"});
    const Result first = run(args, dir.path());
    QVERIFY2(first.exitCode == 0, qPrintable(describe(first)));
    QHash<QString, QByteArray> old;
    for (const QString &name : kSetFiles)
        old.insert(name, readAll(dir.filePath(str("D/") + name)));
    QVERIFY(old.value(str("curves.svg")) == readAll(dir.filePath(str("D/curves.svg"))));
    // The new set, written whole into D (the files record their path): what a finished
    // re-export leaves; then the old set again.
    const QStringList newArgs = args + list({"--font-pt", "9"});
    const Result reference = run(newArgs, dir.path());
    QVERIFY2(reference.exitCode == 0, qPrintable(describe(reference)));
    QHash<QString, QByteArray> fresh;
    for (const QString &name : kSetFiles)
        fresh.insert(name, readAll(dir.filePath(str("D/") + name)));
    QVERIFY(run(args, dir.path()).exitCode == 0);
    for (int delayMs : {30, 80, 150, 250, 400, 600, 900}) {
        QProcess process;
        process.setProcessEnvironment(headlessEnvironment());
        process.setWorkingDirectory(dir.path());
        process.start(binaryPath(), newArgs);
        QVERIFY(process.waitForStarted(30000));
        QThread::msleep(delayMs);
        process.kill(); // SIGKILL
        process.waitForFinished(30000);
        for (const QString &name : kSetFiles) {
            const QString path = dir.filePath(str("D/") + name);
            QVERIFY2(QFileInfo::exists(path), qPrintable(str("killed after %1 ms: %2 is missing").arg(delayMs).arg(name)));
            const QByteArray bytes = readAll(path);
            QVERIFY2(bytes == old.value(name) || bytes == fresh.value(name),
                     qPrintable(str("killed after %1 ms: %2 is neither the old nor the new file").arg(delayMs).arg(name)));
        }
        // The next run starts from a whole set: the old one restored, or this one.
        const Result again = run(args, dir.path());
        QVERIFY2(again.exitCode == 0, qPrintable(describe(again)));
        QCOMPARE(entriesBelow(dir.path() + str("/D")), kSetFiles);
        for (const QString &name : kSetFiles)
            QCOMPARE(readAll(dir.filePath(str("D/") + name)), old.value(name));
    }
}

// What a run killed while renaming leaves (the new files partly in place, the old versions and
// the journal in .posenc-lab-old): the next run puts the previous set back before it writes,
// so a run that then fails leaves exactly the set before the killed run.
void TestCliReliability::interruptedSetIsRestored()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), R"({"format": "posenc-lab/1",
        "parameters": {"d_model": 8, "seq_len": 5000},
        "figures": [{"view": "heatmap", "file": "a.npy"}, {"view": "similarity", "file": "c.npy"}]})"));
    const QDir d(dir.filePath(str("D")));
    QVERIFY(QDir(dir.path()).mkpath(str("D/.posenc-lab-old")));
    QVERIFY(writeFile(d.filePath(str("a.npy")), "new a\n"));
    QVERIFY(writeFile(d.filePath(str("b.npy")), "new b\n"));
    QVERIFY(writeFile(d.filePath(str("keep.txt")), "unrelated\n"));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-old/a.npy")), "old a\n"));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-old/journal")), "old a.npy\nnew b.npy\n"));
    // The run fails (similarity up to seq_len 4096) after restoring.
    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "D"}), dir.path());
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(entriesBelow(d.path()), list({"a.npy", "keep.txt"}));
    QCOMPARE(readAll(d.filePath(str("a.npy"))), QByteArray("old a\n"));
    QVERIFY2(result.err.contains("interrupted"), result.err.constData());
}

// What the code before the journal left when killed (the reliability review, 8 of 8 kills): a
// figure missing from D, its previous version in a hidden D/.posenc-lab-XXXXXX/, next to a
// figure already replaced. The next run puts the previous versions back before it writes.
void TestCliReliability::strandedCopiesOfEarlierVersionsAreRestored()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), R"({"format": "posenc-lab/1",
        "parameters": {"d_model": 8, "seq_len": 5000},
        "figures": [{"view": "heatmap", "file": "a.npy"}, {"view": "similarity", "file": "c.npy"}]})"));
    const QDir d(dir.filePath(str("D")));
    QVERIFY(QDir(dir.path()).mkpath(str("D/.posenc-lab-Ab3xZ9")));
    QVERIFY(writeFile(d.filePath(str("a.npy")), "new a\n"));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-Ab3xZ9/a.npy")), "old a\n"));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-Ab3xZ9/b.png")), "old b\n")); // missing from D
    QVERIFY(writeFile(d.filePath(str("keep.txt")), "unrelated\n"));
    QVERIFY(QDir(dir.path()).mkpath(str("D/.posenc-lab-notmine/x"))); // not of that form: left alone
    // The run fails (similarity up to seq_len 4096) after restoring.
    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "D"}), dir.path());
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(entriesBelow(d.path()), list({".posenc-lab-notmine", ".posenc-lab-notmine/x", "a.npy", "b.png", "keep.txt"}));
    QCOMPARE(readAll(d.filePath(str("a.npy"))), QByteArray("old a\n"));
    QCOMPARE(readAll(d.filePath(str("b.png"))), QByteArray("old b\n"));
    QVERIFY2(result.err.contains("interrupted"), result.err.constData());
}

void TestCliReliability::presetMustBeSmallRegularFile_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("/dev/zero") << str("/dev/zero") << list({"--preset /dev/zero", "regular file", "16 MiB"});
    QTest::newRow("/dev/urandom") << str("/dev/urandom") << list({"/dev/urandom", "16 MiB"});
    QTest::newRow("a folder") << str(".") << list({"--preset .", "16 MiB"});
    QTest::newRow("too large") << str("big.json") << list({"big.json", "16 MiB"});
    QTest::newRow("empty name") << QString() << list({"--preset"});
}

void TestCliReliability::presetMustBeSmallRegularFile()
{
    QFETCH(QString, preset);
    QFETCH(QStringList, mustMention);
    QTemporaryDir dir;
    QStringList before;
    if (preset == QLatin1String("big.json")) {
        // A valid start, then spaces past 16 MiB.
        QByteArray big = R"({"format": "posenc-lab/1", "view": "heatmap")";
        big += QByteArray(16 * 1024 * 1024, ' ');
        big += "}\n";
        QVERIFY(writeFile(dir.filePath(preset), big));
        before << preset;
    }
    for (const QStringList &args : {QStringList{str("export"), str("--preset"), preset, str("--out-dir"), str("Q")},
                                    QStringList{str("screenshot"), str("--preset"), preset, str("-o"), str("s.png")}}) {
        verifyInvalidRun(dir.path(), args, mustMention, before);
        if (QTest::currentTestFailed())
            return;
    }
}

// A FIFO with no writer: refused at once, not waited on forever.
void TestCliReliability::presetFifoDoesNotHang()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(str("p.json"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "Q"}), dir.path(), 60000);
    const QString problem = invalidRunProblem(result, {str("p.json"), str("regular file")});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(dir.path()), QStringList{str("p.json")});
}

// "x\u0000.png" would be written as "x", a name without its extension.
void TestCliReliability::presetFileNameWithNul()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")),
                      R"({"format": "posenc-lab/1", "figures": [{"view": "heatmap", "file": "x\u0000.png"}]})"));
    verifyInvalidRun(dir.path(), list({"export", "--preset", "p.json", "--out-dir", "D"}),
                     list({"figures[0].file", "\\u0000", "control characters"}), {str("p.json")});
}

// `export --view curves --d-model 2 -o a.npy` was refused: the default dimensions 0-5 now
// follow d_model. The values against std::sin/std::cos of the paper's formula.
void TestCliReliability::curvesDataAtSmallDModel_data()
{
    QTest::addColumn<int>("dModel");
    for (int d : {2, 3, 5, 6, 9})
        QTest::addRow("d_model %d", d) << d;
}

void TestCliReliability::curvesDataAtSmallDModel()
{
    QFETCH(int, dModel);
    QTemporaryDir dir;
    const Result result = run(list({"export", "--view", "curves", "--seq-len", "7", "-o", "a.npy", "--d-model"})
                                  << QString::number(dModel),
                              dir.path());
    QVERIFY2(result.exitCode == 0, qPrintable(describe(result)));
    QString why;
    const auto array = parseNpy(readAll(dir.filePath(str("a.npy"))), &why);
    QVERIFY2(array, qPrintable(why));
    const int columns = std::min(dModel, 6);
    QCOMPARE(array->shape, (QList<qint64>{7, columns}));
    for (int pos = 0; pos < 7; ++pos) {
        for (int c = 0; c < columns; ++c) {
            const double w = std::pow(10000.0, -2.0 * (c / 2) / dModel);
            const double want = c % 2 == 0 ? std::sin(pos * w) : std::cos(pos * w);
            const double got = valueAt<double>(array->data, qint64(pos) * columns + c);
            QVERIFY2(std::abs(got - want) <= 1e-15, qPrintable(str("PE(%1, %2) = %3, expected %4").arg(pos).arg(c).arg(got).arg(want)));
        }
    }
}

// Dimensions a preset names must exist at its d_model (the review's preset was refused only
// when its data was written, without naming the field): refused when the preset is read,
// naming the field, whatever the output.
void TestCliReliability::presetDimensionsBeyondDModel_data()
{
    QTest::addColumn<QByteArray>("preset");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("dims beyond d_model")
        << QByteArray(R"({"format": "posenc-lab/1", "parameters": {"d_model": 8}, "view_options": {"dims": [0, 9]}})")
        << QStringList() << list({"view_options.dims[1]", "[0, 7]"});
    QTest::newRow("heatmap_dims beyond d_model")
        << QByteArray(R"({"format": "posenc-lab/1", "parameters": {"d_model": 8}, "view_options": {"heatmap_dims": [1, 8]}})")
        << QStringList() << list({"view_options.heatmap_dims[1]", "[0, 7]"});
    QTest::newRow("a figure's d_model below the preset's dims")
        << QByteArray(R"({"format": "posenc-lab/1", "parameters": {"d_model": 8}, "view_options": {"dims": [0, 7]},
                          "figures": [{"view": "curves", "file": "a.npy", "parameters": {"d_model": 4}}]})")
        << QStringList() << list({"figures[0].parameters.d_model", "dims", "7"});
    QTest::newRow("--d-model below the preset's dims")
        << QByteArray(R"({"format": "posenc-lab/1", "parameters": {"d_model": 8}, "view_options": {"dims": [0, 7]}})")
        << list({"--d-model", "4"}) << list({"--dims", "7", "[0, 3]"});
}

void TestCliReliability::presetDimensionsBeyondDModel()
{
    QFETCH(QByteArray, preset);
    QFETCH(QStringList, extra);
    QFETCH(QStringList, mustMention);
    for (const char *output : {"a.npy", "a.png"}) {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(str("p.json")), preset));
        verifyInvalidRun(dir.path(), list({"export", "--view", "curves", "--preset", "p.json", "-o", output}) + extra,
                         mustMention, {str("p.json")});
        if (QTest::currentTestFailed())
            return;
    }
}

// 2π t / P overflows for P below about 1e-300 (at 1e-306 the review found 614 NaNs of 672):
// the valid range is [1e-9, 1e9], and the message says so.
void TestCliReliability::periodsThatOverflowAreRefused()
{
    for (const char *period : {"1e-306", "4.9e-324", "1e-10"}) {
        verifyInvalidRun(list({"export", "--view", "temporal", "--periods", period, "-o", "a.npy"}),
                         list({"periods", "[1e-9, 1e9]"}));
        if (QTest::currentTestFailed())
            return;
    }
}

void TestCliReliability::smallestPeriodIsFinite()
{
    QTemporaryDir dir;
    const Result result = run(list({"export", "--view", "temporal", "--periods", "1e-9,1e9", "--steps", "1048576",
                                    "-o", "a.npy"}),
                              dir.path());
    QVERIFY2(result.exitCode == 0, qPrintable(describe(result)));
    QString why;
    const auto array = parseNpy(readAll(dir.filePath(str("a.npy"))), &why);
    QVERIFY2(array, qPrintable(why));
    const qint64 count = array->data.size() / 8;
    QCOMPARE(count, qint64(1048576) * 4);
    for (qint64 i = 0; i < count; ++i) {
        const double value = valueAt<double>(array->data, i);
        if (!std::isfinite(value) || std::abs(value) > 1)
            QFAIL(qPrintable(str("value %1 is %2").arg(i).arg(value)));
    }
}

void TestCliReliability::oneLineWhateverTheValue_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustMention");
    QTest::newRow("--preset ''") << list({"export", "--preset", "", "--out-dir", "Q"}) << list({"--preset"});
    QTest::newRow("newline in --layout") << list({"export", "--view", "heatmap", "--layout", "a\nb", "-o", "a.npy"})
                                         << list({"--layout", "a\\nb"});
    QTest::newRow("newline in --view") << list({"export", "--view", "heat\nmap", "-o", "a.npy"}) << list({"--view"});
    QTest::newRow("tab and CR in --dims") << list({"export", "--view", "curves", "--dims", "0\t1\r", "-o", "a.npy"})
                                          << list({"--dims"});
    QTest::newRow("newline in -o") << list({"export", "--view", "heatmap", "-o", "a\nb.xyz"}) << list({"-o"});
    const QString longValue(100000, QLatin1Char('x'));
    QTest::newRow("100 kB --view") << QStringList{str("export"), str("--view"), longValue, str("-o"), str("a.npy")}
                                   << list({"--view"});
}

void TestCliReliability::oneLineWhateverTheValue()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustMention);
    QTemporaryDir dir;
    const Result result = run(arguments, dir.path());
    const QString problem = invalidRunProblem(result, mustMention);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(result.err.size() < 1200, qPrintable(str("%1 bytes on stderr").arg(result.err.size())));
    QCOMPARE(entriesBelow(dir.path()), QStringList());
}

// A 50 MB "view" and a 2-million-entry "dims" in a preset: one short line each, not the value.
void TestCliReliability::hugePresetValueIsCut()
{
    QTemporaryDir dir;
    const QByteArray view = R"({"format": "posenc-lab/1", "view": ")" + QByteArray(50 * 1000 * 1000 / 4, 'v') + "\"}";
    QByteArray dims = R"({"format": "posenc-lab/1", "view_options": {"dims": [0)";
    for (int i = 0; i < 2000000 / 8; ++i)
        dims += ",1";
    dims += "]}}";
    for (const QByteArray &preset : {view, dims}) {
        QVERIFY(writeFile(dir.filePath(str("p.json")), preset));
        const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "Q"}), dir.path());
        const QString problem = invalidRunProblem(result, {str("p.json")});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY2(result.err.size() < 600, qPrintable(str("%1 bytes on stderr").arg(result.err.size())));
    }
}

// POSENC_THREADS that is no number of threads from 1 to 64: the command does its work (the
// threads change no result) and says on one line that the value was ignored, in the language
// of the messages; a valid one is used without a word. A failed command still prints only its
// error.
void TestCliReliability::threadsVariableThatIsNoNumber_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QStringList>("extra");      // more arguments
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("stderrHas");   // empty: nothing on stderr
    QTest::newRow("abc") << QByteArray("abc") << QStringList() << 0 << QByteArray("POSENC_THREADS=abc is ignored: a whole number from 1 to 64");
    QTest::newRow("0") << QByteArray("0") << QStringList() << 0 << QByteArray("POSENC_THREADS=0 is ignored");
    QTest::newRow("65") << QByteArray("65") << QStringList() << 0 << QByteArray("POSENC_THREADS=65 is ignored");
    QTest::newRow("newline in it") << QByteArray("2\n3") << QStringList() << 0 << QByteArray("POSENC_THREADS=2\\n3 is ignored");
    QTest::newRow("1 KB") << QByteArray(1000, '7') << QStringList() << 0 << QByteArray("is ignored");
    QTest::newRow("in Chinese") << QByteArray("abc") << list({"--lang", "zh_CN"}) << 0 << QByteArray("POSENC_THREADS=abc");
    QTest::newRow("valid: 3") << QByteArray("3") << QStringList() << 0 << QByteArray();
    QTest::newRow("valid: 64") << QByteArray("64") << QStringList() << 0 << QByteArray();
    QTest::newRow("failed command: only its error") << QByteArray("abc") << list({"--d-model", "0"}) << 2 << QByteArray("--d-model");
}

void TestCliReliability::threadsVariableThatIsNoNumber()
{
    QFETCH(QByteArray, value);
    QFETCH(QStringList, extra);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, stderrHas);
    QTemporaryDir dir;
    QProcess process;
    QProcessEnvironment environment = headlessEnvironment();
    environment.insert(str("POSENC_THREADS"), QString::fromUtf8(value));
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(dir.path());
    const Result result = runProcess(process, binaryPath(),
                                     list({"export", "--view", "precision", "--d-model", "64", "--seq-len", "64",
                                           "-o", "a.npy"}) + extra);
    QVERIFY2(result.finished && !result.crashed && result.exitCode == exitCode, qPrintable(describe(result)));
    QCOMPARE(QFileInfo::exists(dir.filePath(str("a.npy"))), exitCode == 0);
    if (stderrHas.isEmpty()) {
        QVERIFY2(result.err.isEmpty(), result.err.constData());
        return;
    }
    QVERIFY2(result.err.startsWith("posenc-lab: ") && result.err.endsWith('\n') && result.err.count('\n') == 1,
             result.err.constData());
    QVERIFY2(result.err.contains(stderrHas), result.err.constData());
    QVERIFY2(result.err.size() < 300, qPrintable(str("%1 bytes on stderr").arg(result.err.size())));
    if (exitCode != 0)
        QVERIFY2(!result.err.contains("POSENC_THREADS"), result.err.constData());
    if (extra.contains(str("zh_CN")))
        QVERIFY2(!result.err.contains("is ignored") && QString::fromUtf8(result.err).contains(QStringLiteral("忽略")),
                 result.err.constData());
}

// A disk that fills up while a file is written: the reason is the system's, "No space left on
// device", on one line (no libpng message), and nothing is left on the disk. A 256 KiB tmpfs in
// a namespace of the test's own (unshare -rm); skipped where that is not allowed.
void TestCliReliability::fullDiskSaysSo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("npy") << list({"export", "--view", "heatmap", "--d-model", "512", "--seq-len", "512", "-o", "full/big.npy"});
    QTest::newRow("csv") << list({"export", "--view", "heatmap", "--d-model", "512", "--seq-len", "512", "-o", "full/big.csv"});
    QTest::newRow("png figure") << list({"export", "--view", "heatmap", "--dpi", "600", "--size", "slide", "-o", "full/big.png"});
    QTest::newRow("pdf figure") << list({"export", "--view", "heatmap", "--d-model", "512", "--seq-len", "512", "--dpi", "600",
                                         "--size", "slide", "-o", "full/big.pdf"});
    QTest::newRow("screenshot") << list({"screenshot", "--size", "1920x1080", "-o", "full/shot.png"});
    QTest::newRow("out-dir") << list({"export", "--preset", "p.json", "--out-dir", "full/set"});
}

void TestCliReliability::fullDiskSaysSo()
{
    QFETCH(QStringList, arguments);
    if (!canMountTmpfs())
        QSKIP("cannot mount a tmpfs in a namespace of the test's own (unshare -rm)");
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSet));
    QVERIFY(QDir(dir.path()).mkdir(str("full")));
    const Result result = runOnSmallDisk(dir.filePath(str("full")), str("64k"), arguments, dir.path());
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 2, qPrintable(describe(result)));
    const QList<QByteArray> lines = result.err.trimmed().split('\n');
    QVERIFY2(!lines.isEmpty() && lines.constLast().startsWith("posenc-lab: ")
                 && lines.constLast().contains("No space left on device"),
             result.err.constData());
    for (const QByteArray &line : lines)
        QVERIFY2(line.startsWith("posenc-lab: ") || line.startsWith('['), result.err.constData());
    QVERIFY2(result.out.isEmpty(), result.out.constData()); // nothing left on the full disk
}

QTEST_MAIN(TestCliReliability)
#include "tst_cli_reliability.moc"

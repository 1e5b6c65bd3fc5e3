// SPDX-License-Identifier: GPL-3.0-or-later
// The findings of the reliability review (shared/reviews/reliability.md), each run as the review
// ran it, against the real binary: figures at every valid text size within 3 GB of address
// space and the largest page refused with its bound; --out-dir that deletes no folder, replaces
// no read-only file and loses no figure to kill -9; presets that are not regular files or are
// too large refused; curves data at small d_model; periods that would give NaN refused; one line
// of stderr whatever the value; a full disk named as one.
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
#include <vector>

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

// Runs the binary as run() does, with its address space limited to `limit` bytes (setrlimit
// in the child before exec, as `prlimit --as` does).
Result runLimited(const QStringList &arguments, const QString &workingDirectory, rlim_t limit)
{
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.setWorkingDirectory(workingDirectory);
    process.setChildProcessModifier([limit] {
        const struct rlimit bound{limit, limit};
        ::setrlimit(RLIMIT_AS, &bound);
    });
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

// Two small data files: a set that fits in a write buffer.
const QByteArray kSmallSet = R"({"format": "posenc-lab/1", "parameters": {"d_model": 8, "seq_len": 16},
    "figures": [{"view": "spectrum", "file": "s.npy"}, {"view": "vit", "file": "v.npy"}]})";

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

// Runs the binary on a full disk: a 1 MiB tmpfs in a namespace of the test's own, where
// `oldFile` (relative to the disk) is written first with kOldBytes, then a filler takes every
// free block. After the run its exit status is kept, and stdout holds what the disk holds then:
// the old file's bytes, then a listing of every entry (the disk goes away with the namespace).
const QByteArray kOldBytes = "the previous version\n";

Result runOnFullDisk(const QString &mountPoint, const QString &oldFile, const QStringList &arguments)
{
    QStringList shell{str("-rm"), str("sh"), str("-c"),
                      str("d=\"$0\"; f=\"$1\"; mount -t tmpfs -o size=1m t \"$d\" || exit 99; cd \"$d\" || exit 98; "
                          "mkdir -p \"$(dirname \"$f\")\"; printf 'the previous version\\n' > \"$f\"; "
                          "cp /dev/null p.json; printf '%s' \"$POSENC_TEST_PRESET\" > p.json; "
                          "head -c 2000000 /dev/zero > filler 2>/dev/null; shift 1; \"$@\"; rc=$?; "
                          "cat \"$f\"; find . -mindepth 1 | sort; exit $rc"),
                      mountPoint, oldFile, binaryPath()};
    shell += arguments;
    QProcess process;
    QProcessEnvironment environment = headlessEnvironment();
    environment.insert(str("POSENC_TEST_PRESET"), QString::fromUtf8(kSmallSet));
    process.setProcessEnvironment(environment);
    return runProcess(process, QStandardPaths::findExecutable(str("unshare")), shell);
}

// Runs the binary with every file it writes limited to `bytes` (RLIMIT_FSIZE, SIGXFSZ
// ignored): a write past that fails with EFBIG, as one on a full disk fails with ENOSPC, on
// any machine and without privileges.
Result runWithFileSizeLimit(const QStringList &arguments, const QString &workingDirectory, rlim_t bytes)
{
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.setWorkingDirectory(workingDirectory);
    process.setChildProcessModifier([bytes] {
        ::signal(SIGXFSZ, SIG_IGN);
        const struct rlimit bound{bytes, bytes};
        ::setrlimit(RLIMIT_FSIZE, &bound);
    });
    return runProcess(process, binaryPath(), arguments);
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
    void emptyStagingOfAKilledRunIsRemoved();
    void interruptedSetIsRestored();
    void ctrlCLeavesTheFolderAsItWas();
    void outDirTouchesOnlyWhatItCreates();
    void concurrentRunsIntoOneFolder();
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
    void fullDiskKeepsOldFile_data();
    void fullDiskKeepsOldFile();
    void failedWriteKeepsOldFile_data();
    void failedWriteKeepsOldFile();
    void unreadableCheckFileDrawsNothing_data();
    void unreadableCheckFileDrawsNothing();
    void outputThatIsNotReplaced_data();
    void outputThatIsNotReplaced();
    void optionErrorsSayWhatIsWrong_data();
    void optionErrorsSayWhatIsWrong();
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
    QVERIFY2(stderrBesideNotes(result).isEmpty(), result.err.constData());
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

// A run killed between making its staging folder and marking it leaves the folder empty: the
// next run removes it, and the set is all D holds.
void TestCliReliability::emptyStagingOfAKilledRunIsRemoved()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSet));
    const QStringList args = list({"export", "--preset", "p.json", "--out-dir", "D"});
    QVERIFY(run(args, dir.path()).exitCode == 0);
    QVERIFY(QDir(dir.path()).mkpath(str("D/.posenc-lab-set-K1lled")));
    const Result again = run(args, dir.path());
    QVERIFY2(again.exitCode == 0, qPrintable(describe(again)));
    QCOMPARE(entriesBelow(dir.path() + str("/D")), kSetFiles);
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

// A staging folder as a run killed while renaming leaves it (see app/figureset.h): the tool's
// marker, the previous versions kept as links, and a journal naming each figure with the
// identity of its new file. `renamed` names the figures whose new file is already in D.
struct Interrupted {
    QString staging;
    // `figures`: each name and whether D held a previous version of it (for a name not yet
    // renamed, that is the file in D now, kept as a hard link).
    bool write(const QDir &d, const QList<std::pair<QString, bool>> &figures, const QStringList &renamed)
    {
        staging = d.filePath(str(".posenc-lab-set-Ab3xZ9"));
        if (!QDir().mkpath(staging + str("/old")) || !writeFile(staging + str("/marker"), "posenc-lab figure set staging folder\n"))
            return false;
        QByteArray journal = "posenc-lab figure set 1\n";
        for (const auto &[name, hadOld] : figures) {
            const bool done = renamed.contains(name);
            const QString kept = staging + str("/old/") + name;
            if (hadOld && !(done ? writeFile(kept, "old " + name.toUtf8() + '\n')
                                 : ::link(QFile::encodeName(d.filePath(name)).constData(), QFile::encodeName(kept).constData()) == 0))
                return false;
            const QString fresh = done ? d.filePath(name) : staging + str("/") + name;
            if (!writeFile(fresh, "new " + name.toUtf8() + '\n'))
                return false;
            struct stat info {};
            if (::stat(QFile::encodeName(fresh).constData(), &info) != 0)
                return false;
            journal += (hadOld ? "old " : "new ") + QByteArray::number(qulonglong(info.st_dev)) + ' '
                       + QByteArray::number(qulonglong(info.st_ino)) + ' ' + name.toUtf8() + '\n';
        }
        return writeFile(staging + str("/journal"), journal);
    }
};

// What a run killed while renaming leaves: the next run puts the previous set back before it
// writes, so a run that then fails leaves exactly the set before the killed run.
void TestCliReliability::interruptedSetIsRestored()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), R"({"format": "posenc-lab/1",
        "parameters": {"d_model": 8, "seq_len": 5000},
        "figures": [{"view": "heatmap", "file": "a.npy"}, {"view": "similarity", "file": "c.npy"}]})"));
    QVERIFY(QDir(dir.path()).mkpath(str("D")));
    const QDir d(dir.filePath(str("D")));
    QVERIFY(writeFile(d.filePath(str("keep.txt")), "unrelated\n"));
    QVERIFY(writeFile(d.filePath(str("c.npy")), "old c.npy\n"));
    Interrupted killed;
    // a.npy (had an old version) and b.npy (had none) renamed; c.npy not yet.
    QVERIFY(killed.write(d, {{str("a.npy"), true}, {str("b.npy"), false}, {str("c.npy"), true}}, list({"a.npy", "b.npy"})));
    // The run fails (similarity up to seq_len 4096) after restoring.
    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "D"}), dir.path());
    QCOMPARE(result.exitCode, 2);
    QCOMPARE(entriesBelow(d.path()), list({"a.npy", "c.npy", "keep.txt"}));
    QCOMPARE(readAll(d.filePath(str("a.npy"))), QByteArray("old a.npy\n"));
    QCOMPARE(readAll(d.filePath(str("c.npy"))), QByteArray("old c.npy\n"));
    QVERIFY2(result.err.contains("interrupted"), result.err.constData());
}

// Ctrl+C (SIGINT) or kill (SIGTERM) while a set is written: the run stops between figures
// with one line and status 130, and D holds the old set and nothing else, with no staging
// folder left for the next run to clean. A signal before the run is ready ends it at once,
// which leaves D as it was too. One that comes while the new files are renamed into place, or
// after they all are and before the process has ended, leaves the whole new set.
void TestCliReliability::ctrlCLeavesTheFolderAsItWas()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSet));
    const QStringList args = list({"export", "--preset", "p.json", "--out-dir", "D"});
    const QStringList larger = list({"--font-pt", "9"}); // a new set that differs from the old
    const auto setIn = [&] {
        QHash<QString, QByteArray> set;
        for (const QString &name : kSetFiles)
            set.insert(name, readAll(dir.filePath(str("D/") + name)));
        return set;
    };
    QVERIFY(run(args + larger, dir.path()).exitCode == 0);
    const QHash<QString, QByteArray> fresh = setIn();
    QVERIFY(run(args, dir.path()).exitCode == 0);
    const QHash<QString, QByteArray> old = setIn();
    QVERIFY(old != fresh);
    int stoppedBetweenFigures = 0;
    for (int signal : {SIGINT, SIGTERM}) {
        for (int delayMs : {150, 300, 500, 800}) {
            QProcess process;
            process.setProcessEnvironment(headlessEnvironment());
            process.setWorkingDirectory(dir.path());
            process.start(binaryPath(), args + larger);
            QVERIFY(process.waitForStarted(30000));
            QThread::msleep(delayMs);
            ::kill(pid_t(process.processId()), signal);
            QVERIFY(process.waitForFinished(60000));
            const QByteArray err = process.readAllStandardError();
            if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 130) {
                ++stoppedBetweenFigures;
                QVERIFY2(err.trimmed().split('\n').constLast().contains("interrupted"), err.constData());
            }
            QCOMPARE(entriesBelow(dir.filePath(str("D"))), kSetFiles);
            // The old set, or where the run finished its renames (exit 0, or ended by the
            // signal after them) the whole new one: never a mix.
            const QHash<QString, QByteArray> set = setIn();
            const bool finished = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
            QStringList replaced; // for the message
            for (const QString &name : kSetFiles) {
                if (set.value(name) != old.value(name))
                    replaced << name + (set.value(name) == fresh.value(name) ? str(" (new)") : str(" (neither)"));
            }
            const QString what = str("signal %1 after %2 ms, exit %3 (%4), replaced: %5")
                                     .arg(signal).arg(delayMs).arg(process.exitCode())
                                     .arg(process.exitStatus() == QProcess::NormalExit ? str("normal") : str("by a signal"))
                                     .arg(replaced.join(str(", ")));
            QVERIFY2(set == old || set == fresh, qPrintable(str("D holds neither the old set nor the whole new one: ") + what));
            if (process.exitStatus() == QProcess::NormalExit && process.exitCode() == 130)
                QVERIFY2(set == old, qPrintable(str("a run stopped between figures replaced files: ") + what));
            if (finished)
                QVERIFY(set == fresh);
            QVERIFY(run(args, dir.path()).exitCode == 0); // the old set again
        }
    }
    QVERIFY2(stoppedBetweenFigures > 0, "no signal came while figures were written: nothing was tried");
}

// Folders and files of the user's with the names the tool once used, or named like its staging
// folders but not made by it (a link, a folder without its marker, a folder copied from
// elsewhere whose journal names files of this folder): the run writes its set and touches
// none of them, never through a link (the review's runs deleted a folder a planted link
// pointed to, moved a backup folder's files over the user's, and deleted a file a planted
// journal named).
void TestCliReliability::outDirTouchesOnlyWhatItCreates()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSmallSet));
    const QDir top(dir.path());
    QVERIFY(top.mkpath(str("victim/deep")) && top.mkpath(str("victim2")) && top.mkpath(str("D")));
    QVERIFY(writeFile(dir.filePath(str("victim/keep.txt")), "precious\n"));
    QVERIFY(writeFile(dir.filePath(str("victim/deep/x.txt")), "x\n"));
    QVERIFY(writeFile(dir.filePath(str("victim2/keep.txt")), "precious too\n"));
    const QDir d(dir.filePath(str("D")));
    QVERIFY(QFile::link(str("../victim"), d.filePath(str(".posenc-lab-old"))));
    QVERIFY(QFile::link(str("../victim2"), d.filePath(str(".posenc-lab-set-linked"))));
    QVERIFY(top.mkpath(str("D/.posenc-lab-new/sub")));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-new/sub/a.txt")), "mine\n"));
    QVERIFY(top.mkpath(str("D/.posenc-lab-backup")));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-backup/notes.txt")), "stale\n"));
    QVERIFY(writeFile(d.filePath(str("notes.txt")), "CURRENT\n"));
    QVERIFY(writeFile(d.filePath(str("thesis.tex")), "\\documentclass{article}\n"));
    QVERIFY(writeFile(d.filePath(str("ro.txt")), "read-only\n"));
    QVERIFY(QFile::setPermissions(d.filePath(str("ro.txt")), QFile::ReadOwner));
    // A folder of the staging form without the marker, whose journal names thesis.tex.
    QVERIFY(top.mkpath(str("D/.posenc-lab-set-nomark")));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-set-nomark/journal")), "posenc-lab figure set 1\nnew 1 1 thesis.tex\n"));
    // A staging folder copied from another folder: marker and journal, but the journal's
    // identities are of files elsewhere, so notes.txt here is not the file it names.
    QTemporaryDir elsewhere;
    QVERIFY(writeFile(elsewhere.filePath(str("notes.txt")), "a file of the other folder\n"));
    struct stat other {};
    QVERIFY(::stat(QFile::encodeName(elsewhere.filePath(str("notes.txt"))).constData(), &other) == 0);
    QVERIFY(top.mkpath(str("D/.posenc-lab-set-copied/old")));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-set-copied/marker")), "posenc-lab figure set staging folder\n"));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-set-copied/old/notes.txt")), "stale\n"));
    QVERIFY(writeFile(d.filePath(str(".posenc-lab-set-copied/journal")),
                      "posenc-lab figure set 1\nold " + QByteArray::number(qulonglong(other.st_dev)) + ' '
                          + QByteArray::number(qulonglong(other.st_ino)) + " notes.txt\nnew "
                          + QByteArray::number(qulonglong(other.st_dev)) + ' ' + QByteArray::number(qulonglong(other.st_ino))
                          + " thesis.tex\n"));
    QStringList before = entriesBelow(dir.path());

    const Result result = run(list({"export", "--preset", "p.json", "--out-dir", "D"}), dir.path());
    QVERIFY2(result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY2(!result.err.contains("interrupted"), result.err.constData());
    // Everything as it was, but the copied staging folder's tool files (cleaned as an
    // interrupted run's), plus the set.
    QStringList after = entriesBelow(dir.path());
    for (const QString &name : {str("D/s.npy"), str("D/v.npy")}) {
        QVERIFY2(after.removeOne(name), qPrintable(name));
    }
    for (const QString &name : {str("D/.posenc-lab-set-copied"), str("D/.posenc-lab-set-copied/journal"),
                                str("D/.posenc-lab-set-copied/marker"), str("D/.posenc-lab-set-copied/old"),
                                str("D/.posenc-lab-set-copied/old/notes.txt")})
        before.removeOne(name);
    QCOMPARE(after, before);
    QCOMPARE(readAll(dir.filePath(str("victim/keep.txt"))), QByteArray("precious\n"));
    QCOMPARE(readAll(dir.filePath(str("victim/deep/x.txt"))), QByteArray("x\n"));
    QCOMPARE(readAll(dir.filePath(str("victim2/keep.txt"))), QByteArray("precious too\n"));
    QCOMPARE(readAll(d.filePath(str("notes.txt"))), QByteArray("CURRENT\n"));
    QCOMPARE(readAll(d.filePath(str("thesis.tex"))), QByteArray("\\documentclass{article}\n"));
    QCOMPARE(readAll(d.filePath(str("ro.txt"))), QByteArray("read-only\n"));
    QCOMPARE(readAll(d.filePath(str(".posenc-lab-new/sub/a.txt"))), QByteArray("mine\n"));
}

// Two runs into one folder at once, as make -j2 starts them: different presets, and the same
// figures with different options. Both succeed (the second waits for the first), every
// figure is whole, and a set written by a run that exited 0 is in the folder unless the other
// run wrote the same names after it: the files of each name come from one run.
void TestCliReliability::concurrentRunsIntoOneFolder()
{
    QTemporaryDir dir;
    // Figures of a second or so each, so that the two runs overlap.
    QVERIFY(writeFile(dir.filePath(str("one.json")), R"({"format": "posenc-lab/1", "parameters": {"d_model": 256, "seq_len": 512},
        "export": {"dpi": 300},
        "figures": [{"view": "heatmap", "file": "a.npy"}, {"view": "curves", "file": "b.png"}]})"));
    QVERIFY(writeFile(dir.filePath(str("two.json")), R"({"format": "posenc-lab/1", "parameters": {"d_model": 256, "seq_len": 512},
        "export": {"dpi": 300},
        "figures": [{"view": "spectrum", "file": "c.npy"}, {"view": "heatmap", "file": "d.png"}]})"));
    const QStringList one = list({"export", "--preset", "one.json", "--out-dir", "D"});
    const QStringList two = list({"export", "--preset", "two.json", "--out-dir", "D"});
    const QStringList oneAgain = one + list({"--base", "100"});
    // The bytes each run writes, from runs one at a time.
    QHash<QString, QByteArray> ofOne, ofOneAgain;
    QVERIFY(run(oneAgain, dir.path()).exitCode == 0);
    for (const QString &name : {str("a.npy"), str("b.png")})
        ofOneAgain.insert(name, readAll(dir.filePath(str("D/") + name)));
    QVERIFY(run(one, dir.path()).exitCode == 0);
    for (const QString &name : {str("a.npy"), str("b.png")})
        ofOne.insert(name, readAll(dir.filePath(str("D/") + name)));
    int waited = 0;
    for (int trial = 0; trial < 4; ++trial) {
        const QStringList &other = trial % 2 == 0 ? two : oneAgain;
        QProcess first, second;
        for (QProcess *process : {&first, &second}) {
            process->setProcessEnvironment(headlessEnvironment());
            process->setWorkingDirectory(dir.path());
        }
        first.start(binaryPath(), one);
        second.start(binaryPath(), other);
        QVERIFY(first.waitForFinished(120000) && second.waitForFinished(120000));
        const QByteArray firstErr = first.readAllStandardError();
        const QByteArray secondErr = second.readAllStandardError();
        QVERIFY2(first.exitCode() == 0, firstErr.constData());
        QVERIFY2(second.exitCode() == 0, secondErr.constData());
        if (firstErr.contains("waiting") || secondErr.contains("waiting"))
            ++waited;
        // c.npy and d.png stay from the first trial on; nothing else is left in D.
        QCOMPARE(entriesBelow(dir.filePath(str("D"))), list({"a.npy", "b.png", "c.npy", "d.png"}));
        const QByteArray a = readAll(dir.filePath(str("D/a.npy")));
        const QByteArray b = readAll(dir.filePath(str("D/b.png")));
        QVERIFY2((a == ofOne.value(str("a.npy")) && b == ofOne.value(str("b.png")))
                     || (a == ofOneAgain.value(str("a.npy")) && b == ofOneAgain.value(str("b.png"))),
                 qPrintable(str("trial %1: the set is neither run's whole set").arg(trial)));
    }
    QVERIFY2(waited > 0, "the runs never overlapped: nothing was tried");
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
    // The default dimensions at a small d_model: the sines of pairs round(f n), f = 0, 1/8, 1/4,
    // 1/2 of the n = ceil(d/2) frequencies, at most n - 1, each once (d 9: n 5, pairs 0, 1, 1, 3).
    QTest::addColumn<int>("dModel");
    QTest::addColumn<QList<int>>("columns");
    QTest::addRow("d_model 2") << 2 << QList<int>{0};
    QTest::addRow("d_model 3") << 3 << QList<int>{0, 2};
    QTest::addRow("d_model 5") << 5 << QList<int>{0, 2, 4};
    QTest::addRow("d_model 6") << 6 << QList<int>{0, 2, 4};
    QTest::addRow("d_model 9") << 9 << QList<int>{0, 2, 6};
}

void TestCliReliability::curvesDataAtSmallDModel()
{
    QFETCH(int, dModel);
    QFETCH(QList<int>, columns);
    QTemporaryDir dir;
    const Result result = run(list({"export", "--view", "curves", "--seq-len", "7", "-o", "a.npy", "--d-model"})
                                  << QString::number(dModel),
                              dir.path());
    QVERIFY2(result.exitCode == 0, qPrintable(describe(result)));
    QString why;
    const auto array = parseNpy(readAll(dir.filePath(str("a.npy"))), &why);
    QVERIFY2(array, qPrintable(why));
    QCOMPARE(array->shape, (QList<qint64>{7, columns.size()}));
    for (int pos = 0; pos < 7; ++pos) {
        for (int n = 0; n < columns.size(); ++n) {
            const int c = columns[n];
            const double w = std::pow(10000.0, -2.0 * (c / 2) / dModel);
            const double want = std::sin(pos * w);
            const double got = valueAt<double>(array->data, qint64(pos) * columns.size() + n);
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

// Small outputs on a full disk: all of the file sits in the write buffer, so the disk refuses
// it only when the buffer is flushed. The run fails with the system's reason and the old file
// is as it was (the review found exit 0 and the old file empty or cut).
void TestCliReliability::fullDiskKeepsOldFile_data()
{
    QTest::addColumn<QString>("oldFile");
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("train csv") << str("t.csv") << list({"train", "--task", "order", "--steps", "5", "--seed", "4", "-o", "t.csv"});
    QTest::newRow("png 72 dpi") << str("a.png") << list({"export", "--view", "heatmap", "--dpi", "72", "-o", "a.png"});
    QTest::newRow("small npy") << str("d.npy") << list({"export", "--view", "spectrum", "--base", "100", "-o", "d.npy"});
    QTest::newRow("small csv") << str("d.csv") << list({"export", "--view", "spectrum", "-o", "d.csv"});
    QTest::newRow("svg") << str("c.svg") << list({"export", "--view", "curves", "--d-model", "8", "--seq-len", "8", "-o", "c.svg"});
    QTest::newRow("screenshot") << str("s.png") << list({"screenshot", "--size", "640x400", "-o", "s.png"});
    QTest::newRow("out-dir") << str("D/v.npy") << list({"export", "--preset", "p.json", "--out-dir", "D"});
}

void TestCliReliability::fullDiskKeepsOldFile()
{
    QFETCH(QString, oldFile);
    QFETCH(QStringList, arguments);
    if (!canMountTmpfs())
        QSKIP("cannot mount a tmpfs in a namespace of the test's own (unshare -rm)");
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(str("full")));
    const Result result = runOnFullDisk(dir.filePath(str("full")), oldFile, arguments);
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 2, qPrintable(describe(result)));
    const QList<QByteArray> lines = result.err.trimmed().split('\n');
    QVERIFY2(lines.constLast().startsWith("posenc-lab: ") && lines.constLast().contains("No space left on device"),
             result.err.constData());
    QVERIFY2(result.out.startsWith(kOldBytes), result.out.constData());
    // Nothing but the old file, the preset and the filler: no temporary file left behind.
    QStringList entries = QString::fromUtf8(result.out.mid(kOldBytes.size())).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QStringList expected{str("./filler"), str("./p.json"), str("./") + oldFile};
    if (oldFile.contains(QLatin1Char('/')))
        expected << str("./") + oldFile.section(QLatin1Char('/'), 0, 0);
    expected.sort();
    QCOMPARE(entries, expected);
}

// The same failure injected on any machine: every file the binary writes limited to a size
// smaller than the output (RLIMIT_FSIZE). Exit 2, the system's reason, the old file kept, no
// temporary file.
void TestCliReliability::failedWriteKeepsOldFile_data()
{
    fullDiskKeepsOldFile_data();
    QTest::newRow("gif") << str("g.gif") << list({"export", "--view", "heatmap", "--d-model", "16", "--seq-len", "16", "--animate", "pos",
                                                  "--from", "0", "--to", "4", "--frames", "3", "--dpi", "72", "-o", "g.gif"});
}

void TestCliReliability::failedWriteKeepsOldFile()
{
    QFETCH(QString, oldFile);
    QFETCH(QStringList, arguments);
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("p.json")), kSmallSet));
    QVERIFY(QDir(dir.path()).mkpath(QFileInfo(dir.filePath(oldFile)).path()));
    QVERIFY(writeFile(dir.filePath(oldFile), kOldBytes));
    const QStringList before = entriesBelow(dir.path());
    // The window's platform layer writes a cache file of a few hundred bytes and aborts when it
    // cannot; the screenshot itself is far larger than 4 KiB.
    const rlim_t limit = arguments.constFirst() == str("screenshot") ? 4096 : 64;
    const Result result = runWithFileSizeLimit(arguments, dir.path(), limit);
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 2, qPrintable(describe(result)));
    const QList<QByteArray> lines = result.err.trimmed().split('\n');
    // The file as the user named it, never the staging folder of a set.
    QVERIFY2(lines.constLast().startsWith("posenc-lab: ") && lines.constLast().contains("File too large")
                 && !lines.constLast().contains(".posenc-lab"),
             result.err.constData());
    QCOMPARE(readAll(dir.filePath(oldFile)), kOldBytes);
    QCOMPARE(entriesBelow(dir.path()), before);
}

// A figure of the check view whose file cannot be read would be empty axes: refused like the
// data export, exit 2 with the file's error, and no file written.
void TestCliReliability::unreadableCheckFileDrawsNothing_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("mention");
    for (const char *output : {"c.png", "c.svg", "c.pdf", "c.npy"})
        QTest::newRow(output) << list({"export", "--view", "check", "--check-file", "missing.npy", "-o", output}) << str("missing.npy");
    QTest::newRow("screenshot") << list({"screenshot", "--view", "check", "--check-file", "missing.npy", "-o", "c.png"})
                                << str("missing.npy");
    QTest::newRow("NaN in the file") << list({"export", "--view", "check", "--check-file", "nan.csv", "-o", "c.png"})
                                     << str("NaN");
    QTest::newRow("a folder") << list({"export", "--view", "check", "--check-file", ".", "-o", "c.png"}) << str("--check-file");
}

void TestCliReliability::unreadableCheckFileDrawsNothing()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, mention);
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(str("nan.csv")), "0.5,1\n0.25,nan\n"));
    const Result result = run(arguments, dir.path());
    const QString problem = invalidRunProblem(result, {mention});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(dir.path()), QStringList{str("nan.csv")});
}

// What stands where a file would go and must stay: a file no one may write (also when the
// user is root, who could), a FIFO. One line naming it, exit 2, the thing as it was.
void TestCliReliability::outputThatIsNotReplaced_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("fifo");
    QTest::newRow("read-only .npy") << list({"export", "--view", "heatmap", "-o", "kept.npy"}) << false;
    QTest::newRow("read-only .png") << list({"export", "--view", "heatmap", "--dpi", "72", "-o", "kept.png"}) << false;
    QTest::newRow("read-only train csv") << list({"train", "--task", "order", "--steps", "2", "-o", "kept.csv"}) << false;
    QTest::newRow("read-only screenshot") << list({"screenshot", "--size", "640x400", "-o", "kept.png"}) << false;
    QTest::newRow("FIFO .csv") << list({"export", "--view", "heatmap", "-o", "kept.csv"}) << true;
}

void TestCliReliability::outputThatIsNotReplaced()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, fifo);
    QTemporaryDir dir;
    const QString kept = dir.filePath(arguments.constLast());
    if (fifo) {
        QVERIFY(::mkfifo(QFile::encodeName(kept).constData(), 0644) == 0);
    } else {
        QVERIFY(writeFile(kept, "someone's file\n"));
        QVERIFY(QFile::setPermissions(kept, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    }
    const QStringList before = entriesBelow(dir.path());
    const Result result = run(arguments, dir.path());
    const QString problem = invalidRunProblem(result, {arguments.constLast(), fifo ? str("not a regular file") : str("read-only")});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(dir.path()), before);
    QCOMPARE(QFileInfo(kept).isFile(), !fifo);
    if (!fifo)
        QCOMPARE(readAll(kept), QByteArray("someone's file\n"));
}

// The wording of refusals the review found wrong: an integer too large is out of range (not
// "not an integer"), a number that underflows is out of range (not "not finite"), a negative
// dimension is outside the dimensions, an output with no extension or ending in / says so, and
// a training setting that the task refuses names its option.
void TestCliReliability::optionErrorsSayWhatIsWrong_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mention");
    QTest::addColumn<QString>("mustNotSay");
    const auto row = [](const char *name, const QStringList &arguments, const QStringList &mention, const char *wrong) {
        QTest::newRow(name) << arguments << mention << str(wrong);
    };
    row("d-model 2^31", list({"export", "--view", "heatmap", "--d-model", "2147483648", "-o", "x.npy"}),
        {str("--d-model"), str("out of range"), str("[2, 4096]")}, "not an integer");
    row("d-model 400 nines", list({"export", "--view", "heatmap", "--d-model", qPrintable(QString(400, QLatin1Char('9'))), "-o", "x.npy"}),
        {str("--d-model"), str("out of range")}, "not an integer");
    row("dpi 2^64", list({"export", "--view", "heatmap", "--dpi", "18446744073709551616", "-o", "x.png"}),
        {str("--dpi"), str("out of range")}, "not an integer");
    row("base 1e-400", list({"export", "--view", "heatmap", "--base", "1e-400", "-o", "x.npy"}),
        {str("--base"), str("out of range")}, "not a finite number");
    row("width-mm 1e-400", list({"export", "--view", "heatmap", "--width-mm", "1e-400", "--height-mm", "50", "-o", "x.png"}),
        {str("--width-mm"), str("out of range")}, "not a number");
    row("dims -1", list({"export", "--view", "curves", "--dims", "-1", "-o", "x.npy"}), {str("dimensions must lie in [0, 127]")},
        "neither a number");
    row("no extension", list({"export", "--view", "heatmap", "-o", "x"}), {str("“x”"), str("no extension")}, "“.”");
    row("/dev/null", list({"export", "--view", "heatmap", "-o", "/dev/null"}), {str("/dev/null"), str("no extension")}, "“.”");
    row("trailing slash", list({"export", "--view", "heatmap", "-o", "x.npy/"}), {str("x.npy/"), str("folder")}, "“.”");
    row("train-vocab 3", list({"export", "--view", "training", "--train-vocab", "3", "-o", "x.csv"}),
        {str("--train-vocab"), str("[4, 32]"), str("order")}, "training:");
}

void TestCliReliability::optionErrorsSayWhatIsWrong()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mention);
    QFETCH(QString, mustNotSay);
    QTemporaryDir dir;
    const Result result = run(arguments, dir.path());
    const QString problem = invalidRunProblem(result, mention);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(!QString::fromUtf8(result.err).contains(mustNotSay), result.err.constData());
    QCOMPARE(entriesBelow(dir.path()), QStringList());
}

QTEST_MAIN(TestCliReliability)
#include "tst_cli_reliability.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real posenc-lab binary the way a user without a display would, and checks what
// an invalid command line must leave behind (DESIGN.md, "The command line").
#pragma once

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <initializer_list>
#include <optional>

namespace posenc::clitest {

// Arguments written as C strings: list({"export", "--view", "heatmap"}).
inline QStringList list(std::initializer_list<const char *> items)
{
    QStringList result;
    for (const char *a : items)
        result << QString::fromUtf8(a);
    return result;
}

// Pixels of a length at a DPI, computed from the definition (1 in = 25.4 mm).
inline int expectedPixels(double mm, int dpi)
{
    return int(std::floor(mm * dpi / 25.4 + 0.5));
}

inline QString binaryPath()
{
    return QString::fromUtf8(POSENC_LAB_BINARY);
}

// The environment of the test minus everything that could give the binary a display or a
// platform plugin: the headless commands must choose one themselves.
inline QProcessEnvironment headlessEnvironment()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    return environment;
}

struct Result {
    bool finished = false;     // started and ended on its own within the time limit
    bool crashed = false;      // ended by a signal
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QString problem;           // why it did not finish, for messages
};

// What a run said on stderr besides the notes of what a page left out of a figure
// ("posenc-lab: This 89 x 66.75 mm page leaves out ...", in English or Chinese), which a
// small page of a multi-panel view prints: nothing, when a figure was written without a
// problem.
inline QByteArray stderrBesideNotes(const Result &result)
{
    QByteArray rest;
    for (const QByteArray &line : result.err.split('\n')) {
        const QString text = QString::fromUtf8(line);
        const bool note = text.startsWith(QLatin1String("posenc-lab: "))
                          && (text.contains(QLatin1String(" page leaves out ")) || text.contains(QStringLiteral("略去了")));
        if (!line.isEmpty() && !note)
            rest += line + '\n';
    }
    return rest;
}

// Ended on its own with exit 0 and nothing on stderr but notes of what a page left out.
inline bool succeeded(const Result &result)
{
    return result.finished && result.exitCode == 0 && stderrBesideNotes(result).isEmpty();
}

// Every export of the training lab in these tests trains a short run, 3 steps, unless the
// test gives --train-steps itself: each of its figures and data files trains two runs (300
// steps each by default, about 40 s under ASan), and what these tests check of a figure does
// not depend on the length of the run. tst_cli_train and tst_trainingview run the default.
inline QStringList withShortTraining(QStringList arguments)
{
    const qsizetype view = arguments.indexOf(QStringLiteral("--view"));
    if (!arguments.isEmpty() && arguments.constFirst() == QLatin1String("export") && view >= 0
        && view + 1 < arguments.size() && arguments.at(view + 1) == QLatin1String("training")
        && !arguments.contains(QStringLiteral("--train-steps")))
        arguments << QStringLiteral("--train-steps") << QStringLiteral("3");
    return arguments;
}

// Starts `program` on an already set-up `process` (environment, folder, child modifier) and
// waits for it, up to `timeoutMs`: what every runner of these tests shares.
inline Result runProcess(QProcess &process, const QString &program, const QStringList &arguments,
                         int timeoutMs = 240000)
{
    Result result;
    process.start(program, program == binaryPath() ? withShortTraining(arguments) : arguments);
    if (!process.waitForStarted(30000)) {
        result.problem = QStringLiteral("did not start: ") + process.errorString();
        return result;
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        result.problem = QStringLiteral("did not finish: ") + process.errorString();
        process.kill();
        process.waitForFinished(5000);
        return result;
    }
    result.finished = true;
    result.crashed = process.exitStatus() == QProcess::CrashExit;
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

// Runs the binary with `arguments` in `workingDirectory`, so that a file written by mistake
// to the current folder shows up in the checks of what was left behind.
inline Result run(const QStringList &arguments, const QString &workingDirectory,
                  int timeoutMs = 240000)
{
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.setWorkingDirectory(workingDirectory);
    return runProcess(process, binaryPath(), arguments, timeoutMs);
}

// The ids of the views, as `posenc-lab --list-views` prints them (its first column): the
// command-line tests cover every registered view without a list of their own.
inline QStringList listedViews()
{
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.start(binaryPath(), {QStringLiteral("--list-views")});
    QStringList ids;
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return ids;
    for (const QByteArray &line : process.readAllStandardOutput().split('\n')) {
        if (!line.isEmpty())
            ids << QString::fromUtf8(line.split('\t').constFirst());
    }
    return ids;
}

// A one-line summary of a run for failure messages.
inline QString describe(const Result &result)
{
    if (!result.finished)
        return result.problem;
    return QStringLiteral("exit %1%2, stdout [%3], stderr [%4]")
        .arg(result.exitCode)
        .arg(result.crashed ? QStringLiteral(" (crashed)") : QString())
        .arg(QString::fromUtf8(result.out.left(400)), QString::fromUtf8(result.err.left(400)));
}

// Every entry below `directory` (files, folders, hidden ones too), relative to it, sorted.
inline QStringList entriesBelow(const QString &directory)
{
    QStringList entries;
    QDirIterator it(directory,
                    QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    const QDir base(directory);
    while (it.hasNext())
        entries << base.relativeFilePath(it.next());
    entries.sort();
    return entries;
}

// Why `result` is not what DESIGN.md demands of an invalid command line: exit status 2,
// nothing on stdout, exactly one line on stderr that starts with "posenc-lab: " and contains
// every text of `mustMention`. Empty when it is.
inline QString invalidRunProblem(const Result &result, const QStringList &mustMention)
{
    if (!result.finished)
        return result.problem;
    if (result.crashed || result.exitCode != 2)
        return QStringLiteral("expected exit status 2: ") + describe(result);
    if (!result.out.isEmpty())
        return QStringLiteral("expected nothing on stdout: ") + describe(result);
    if (!result.err.endsWith('\n') || result.err.count('\n') != 1)
        return QStringLiteral("expected exactly one line on stderr: ") + describe(result);
    const QString line = QString::fromUtf8(result.err);
    if (!line.startsWith(QLatin1String("posenc-lab: ")))
        return QStringLiteral("the line must start with \"posenc-lab: \": ") + describe(result);
    for (const QString &text : mustMention) {
        if (!line.contains(text))
            return QStringLiteral("the line does not mention \"%1\": %2").arg(text, line.trimmed());
    }
    return {};
}

inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// Writes `bytes` to `path`, replacing what was there; false when it cannot.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    return file.write(bytes) == bytes.size();
}

// Whether the current user can create a file in `directory` in spite of its permissions
// (root can): then a read-only folder proves nothing.
inline bool canStillWriteInto(const QString &directory)
{
    const QString probe = directory + QStringLiteral("/.write-probe");
    QFile file(probe);
    const bool writable = file.open(QIODevice::WriteOnly);
    file.close();
    QFile::remove(probe);
    return writable;
}

// Runs `arguments`, an invalid command line, in `directory` and checks it as a test would:
// what DESIGN.md demands of it (see invalidRunProblem), and the folder left as it was, holding
// `before` and nothing else. Records a failure in the running test function; the caller
// returns after it with QTest::currentTestFailed() where it checks more.
inline void verifyInvalidRun(const QString &directory, const QStringList &arguments,
                             const QStringList &mustMention, const QStringList &before = {})
{
    const Result result = run(arguments, directory);
    const QString problem = invalidRunProblem(result, mustMention);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(directory), before);
}

// The same in a new, empty folder, which it must leave empty.
inline void verifyInvalidRun(const QStringList &arguments, const QStringList &mustMention)
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    verifyInvalidRun(dir.path(), arguments, mustMention);
}

// A run that fails (status 2) must leave someone's file where it wants to write untouched:
// `target` holds `old` in an otherwise empty folder, `arguments` (which name `target`) run
// there, and afterwards `target` still holds `old` and is all the folder holds.
inline void verifyFailedRunKeepsFile(const QStringList &arguments, const QString &target, const QByteArray &old)
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(target), old));
    const Result result = run(arguments, dir.path());
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 2, qPrintable(describe(result)));
    QCOMPARE(readAll(dir.filePath(target)), old);
    QCOMPARE(entriesBelow(dir.path()), QStringList{target});
}

// ---------------------------------------------------------------------------------------
// CSV as the exports write it: optional "#" lines, a header naming the columns, then one
// line per row.
struct CsvTable {
    QList<QByteArray> header;
    QList<QList<QByteArray>> rows;
};

inline std::optional<CsvTable> parseCsv(const QByteArray &file, QString *why)
{
    if (file.isEmpty() || !file.endsWith('\n') || file.contains('\r')) {
        *why = QStringLiteral("a CSV must be '\\n'-terminated lines");
        return std::nullopt;
    }
    const QList<QByteArray> lines = file.chopped(1).split('\n');
    qsizetype i = 0;
    while (i < lines.size() && lines[i].startsWith('#'))
        ++i;
    if (i == lines.size()) {
        *why = QStringLiteral("no header line");
        return std::nullopt;
    }
    CsvTable table;
    table.header = lines[i].split(',');
    for (++i; i < lines.size(); ++i)
        table.rows << lines[i].split(',');
    return table;
}

} // namespace posenc::clitest

// ---------------------------------------------------------------------------------------
// Checks of the pictures (PNG files) the commands write, for the tests that link Qt6::Gui:
// that target defines QT_GUI_LIB, the same switch QTest's own qtest.h uses for its image
// support. The tests of numbers only (cli-export, cli-bench) do without.
#ifdef QT_GUI_LIB
#include <QHash>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSize>

#include <algorithm>
#include <cstdlib>

namespace posenc::clitest {

// Whether `pixel` is within `tolerance` of `expected` in each of red, green and blue.
inline bool near(QRgb pixel, QRgb expected, int tolerance)
{
    return std::abs(qRed(pixel) - qRed(expected)) <= tolerance && std::abs(qGreen(pixel) - qGreen(expected)) <= tolerance
           && std::abs(qBlue(pixel) - qBlue(expected)) <= tolerance;
}

// The pixels of `image` for which `test(pixel)` holds.
template<typename Test>
qsizetype countPixels(const QImage &image, Test test)
{
    qsizetype count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += test(image.pixel(x, y)) ? 1 : 0;
    return count;
}

// The pixels within `tolerance` (per channel) of `colour`.
inline qsizetype countNear(const QImage &image, QRgb colour, int tolerance)
{
    return countPixels(image, [colour, tolerance](QRgb p) { return near(p, colour, tolerance); });
}

// Whether `image` has at least two different pixels (is not one flat colour).
inline bool nonUniform(const QImage &image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != first)
                return true;
    return false;
}

// Why `image` is a blank or nearly blank window rather than one that shows plots: fewer than
// 200 colours, or one colour covering 90 % of it or more. Empty when it shows something.
inline QString blankPictureProblem(const QImage &image)
{
    QHash<QRgb, qsizetype> histogram;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            ++histogram[image.pixel(x, y)];
    if (histogram.size() < 200)
        return QStringLiteral("%1 colours").arg(histogram.size());
    const qsizetype commonest = *std::max_element(histogram.cbegin(), histogram.cend());
    const qsizetype pixels = qsizetype(image.width()) * image.height();
    if (commonest >= pixels * 9 / 10)
        return QStringLiteral("one colour covers %1 of %2 pixels").arg(commonest).arg(pixels);
    return {};
}

// Runs `posenc-lab screenshot -o shot.png` with `arguments` in an empty folder and checks it
// as a test would: status 0, nothing on stdout or stderr (no warning of any kind), the folder
// holding only shot.png, a PNG of `size` that shows something (not blank: see
// blankPictureProblem). The picture, as Format_RGB32, in `image`; after a failure (recorded
// in the running test function) the caller returns on QTest::currentTestFailed().
inline void verifyScreenshot(const QStringList &arguments, QSize size, QImage *image)
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = QStringLiteral("shot.png");
    const Result result = run(QStringList{QStringLiteral("screenshot"), QStringLiteral("-o"), fileName} + arguments,
                              dir.path());
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY2(result.out.isEmpty(), result.out.constData());
    QVERIFY2(result.err.isEmpty(), result.err.constData());
    QCOMPARE(entriesBelow(dir.path()), QStringList{fileName});

    const QString path = dir.filePath(fileName);
    QVERIFY(readAll(path).startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)));
    QImage loaded;
    QVERIFY(loaded.load(path, "PNG"));
    QCOMPARE(loaded.size(), size);
    *image = loaded.convertToFormat(QImage::Format_RGB32);

    const QString blank = blankPictureProblem(*image);
    QVERIFY2(blank.isEmpty(), qPrintable(blank));
}

// The parameters a figure records in its "posenc-lab:parameters" text chunk.
inline QJsonObject parametersOf(const QImage &image)
{
    return QJsonDocument::fromJson(image.text(QStringLiteral("posenc-lab:parameters")).toUtf8()).object();
}

} // namespace posenc::clitest
#endif // QT_GUI_LIB

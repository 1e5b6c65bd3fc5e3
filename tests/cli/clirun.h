// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real posenc-lab binary the way a user without a display would, and checks what
// an invalid command line must leave behind (DESIGN.md, "The command line").
#pragma once

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <cmath>
#include <initializer_list>

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

// Runs the binary with `arguments` in `workingDirectory`, so that a file written by mistake
// to the current folder shows up in the checks of what was left behind.
inline Result run(const QStringList &arguments, const QString &workingDirectory,
                  int timeoutMs = 240000)
{
    Result result;
    QProcess process;
    process.setProcessEnvironment(headlessEnvironment());
    process.setWorkingDirectory(workingDirectory);
    process.start(binaryPath(), arguments);
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

} // namespace posenc::clitest

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>

namespace posenc {

// A progress line for a long command, on stderr and only when stderr is a terminal (a log or
// a pipe gets nothing, so the output of a script stays the same): "train: step 120 of 100000
// (0.1 %), about 5 h 12 min left", rewritten in place at most once a second, and cleared when
// the work ends. Nothing is printed for work done within two seconds.
class Progress
{
    Q_DECLARE_TR_FUNCTIONS(Progress)

public:
    // `what` names the work: "train", "export".
    explicit Progress(const QString &what);
    ~Progress();
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;

    // `done` of `total` steps are done.
    void advance(qint64 done, qint64 total);

    // "about 5 h 12 min left": the time still needed at the pace so far.
    static QString remaining(double seconds);

private:
    QString m_what;
    bool m_terminal;
    bool m_shown = false;
    QElapsedTimer m_clock;
    qint64 m_lastShownMs = 0;
};

} // namespace posenc

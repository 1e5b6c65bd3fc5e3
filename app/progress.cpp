// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/progress.h"

#include <cmath>
#include <cstdio>

#include <unistd.h>

namespace posenc {

Progress::Progress(const QString &what)
    : m_what(what), m_terminal(::isatty(STDERR_FILENO) == 1)
{
    m_clock.start();
}

Progress::~Progress()
{
    if (m_shown)
        std::fputs("\r\033[K", stderr); // the line cleared: what follows starts clean
}

QString Progress::remaining(double seconds)
{
    const long long s = std::llround(seconds);
    if (s < 60)
        return tr("about %1 s left").arg(s);
    if (s < 3600)
        return tr("about %1 min left").arg((s + 30) / 60);
    const long long minutes = (s + 30) / 60;
    return tr("about %1 h %2 min left").arg(minutes / 60).arg(minutes % 60);
}

void Progress::advance(qint64 done, qint64 total)
{
    if (!m_terminal || done <= 0 || total <= 0)
        return;
    const qint64 elapsed = m_clock.elapsed();
    if (elapsed < 2000 || elapsed - m_lastShownMs < 1000)
        return;
    m_lastShownMs = elapsed;
    m_shown = true;
    const double left = double(elapsed) / 1000 * double(total - done) / double(done);
    const QString line = tr("%1: step %2 of %3 (%4 %), %5")
                             .arg(m_what)
                             .arg(done)
                             .arg(total)
                             .arg(100.0 * double(done) / double(total), 0, 'f', 1)
                             .arg(remaining(left));
    std::fprintf(stderr, "\r\033[K%s", qUtf8Printable(line));
    std::fflush(stderr);
}

} // namespace posenc

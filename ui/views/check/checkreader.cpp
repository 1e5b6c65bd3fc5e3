// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/check/checkreader.h"

#include "ui/widgets/latestjob.h"

#include <QTimer>

#include <atomic>

namespace posenc {

// What the load's thread writes and the view polls.
struct CheckReader::Flags {
    QString path;
    QString tensor;
    std::atomic<bool> cancelled = false;
    std::atomic<double> fraction = 0;
};

CheckReader::CheckReader(QObject *parent)
    : QObject(parent)
    , m_job(new LatestJob(this))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(100);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_flags)
            emit progressed(m_flags->fraction);
    });
}

CheckReader::~CheckReader()
{
    cancel();
}

void CheckReader::start(const QString &path, const QString &tensor)
{
    cancel();
    auto flags = std::make_shared<Flags>();
    flags->path = path;
    flags->tensor = tensor;
    m_flags = flags;
    m_timer->start();
    using Result = std::shared_ptr<const CheckedFile>;
    m_job->run<Result>(
        [flags] {
            return CheckedFile::load(flags->path, flags->tensor, [&flags](double fraction) {
                flags->fraction = fraction;
                return !flags->cancelled;
            });
        },
        [this](Result checked) {
            m_flags.reset();
            m_timer->stop();
            if (!checked->cancelled)
                emit finished(checked);
        });
}

void CheckReader::cancel()
{
    if (m_flags)
        m_flags->cancelled = true;
    m_flags.reset();
    m_timer->stop();
    m_job->cancel();
}

bool CheckReader::isReading(const QString &path, const QString &tensor) const
{
    return m_flags && m_flags->path == path && m_flags->tensor == tensor;
}

} // namespace posenc

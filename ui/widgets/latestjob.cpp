// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/latestjob.h"

#include <QGuiApplication>
#include <QMetaObject>

namespace posenc {

namespace {
std::atomic<int> g_pending{0};
std::atomic<LatestJob::Mode> g_mode{LatestJob::Mode::Automatic};

bool immediate()
{
    switch (g_mode.load()) {
    case LatestJob::Mode::Background: return false;
    case LatestJob::Mode::Immediate: return true;
    case LatestJob::Mode::Automatic: break;
    }
    return QGuiApplication::platformName() == QLatin1String("offscreen");
}
} // namespace

void LatestJob::setMode(Mode mode)
{
    g_mode = mode;
}

LatestJob::LatestJob(QObject *parent)
    : QObject(parent)
    , m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    m_pool.setMaxThreadCount(1);
}

LatestJob::~LatestJob()
{
    cancel();
    m_pool.clear(); // computations not started: never run (and so never counted down there)
    m_pool.waitForDone();
}

void LatestJob::cancel()
{
    ++*m_generation;
    m_busy = false;
}

int LatestJob::pending()
{
    return g_pending.load();
}

void LatestJob::start(std::function<void()> work, std::function<void()> deliver)
{
    const quint64 generation = ++*m_generation;
    if (immediate()) {
        m_pool.clear();
        m_busy = false;
        work();
        deliver();
        return;
    }
    m_busy = true;
    // Counted from here until the last copy of the token is gone: the result delivered, or
    // dropped on any path (superseded, the job deleted, a posted call discarded).
    struct Token {
        Token() { ++g_pending; }
        ~Token() { --g_pending; }
    };
    auto token = std::make_shared<Token>();
    std::shared_ptr<std::atomic<quint64>> current = m_generation;
    // A computation still waiting to start is superseded: it would only be dropped.
    m_pool.clear();
    m_pool.start([this, current, generation, token, work = std::move(work), deliver = std::move(deliver)] {
        if (current->load() != generation)
            return; // superseded before it started
        work();
        // Back on this object's thread. The destructor waits for this function, so `this` is
        // valid while it posts; a call posted to an object deleted since is discarded.
        QMetaObject::invokeMethod(
            this,
            [this, current, generation, token, deliver] {
                if (current->load() != generation)
                    return; // superseded while it ran
                m_busy = false;
                deliver();
            },
            Qt::QueuedConnection);
    });
}

} // namespace posenc

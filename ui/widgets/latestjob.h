// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

namespace posenc {

// Runs a heavy computation of a view away from the UI thread, so that it never blocks input,
// and keeps only the newest: a computation started while an older one runs supersedes it.
// The older one's result is dropped when it arrives (a generation counter), and one still
// waiting to start never starts, so a slider dragged at the largest sizes shows its last
// state rather than every state in between. Views use it only above a size at which the work
// takes longer than a frame; below, they compute at once.
class LatestJob : public QObject
{
    Q_OBJECT

public:
    explicit LatestJob(QObject *parent = nullptr);
    // Waits for a computation already running (its result is dropped).
    ~LatestJob() override;

    // Runs work() on the job's thread, then done(result) on this object's thread, unless
    // run() or cancel() was called again in between.
    template<typename Result>
    void run(std::function<Result()> work, std::function<void(Result)> done)
    {
        auto result = std::make_shared<Result>();
        start([work = std::move(work), result] { *result = work(); },
              [done = std::move(done), result] { done(std::move(*result)); });
    }

    // Drops the result of whatever runs or waits.
    void cancel();

    // Where computations run. Automatic: in the background, except on the offscreen platform,
    // where PosEnc Lab draws files (export, screenshot) and tests check plots right after a
    // change, so results must be there at once. The benchmark asks for Background, to time
    // what a window on a screen does.
    enum class Mode { Automatic, Background, Immediate };
    static void setMode(Mode mode);

    // Whether a computation of this job has been started and its result not yet delivered.
    bool isBusy() const { return m_busy; }

    // Computations started and not yet delivered or dropped, in all jobs: a benchmark waits
    // for 0 to time a change until its last result is on screen.
    static int pending();

private:
    void start(std::function<void()> work, std::function<void()> deliver);

    QThreadPool m_pool; // one thread: the UI thread and one worker share the two cores
    std::shared_ptr<std::atomic<quint64>> m_generation;
    bool m_busy = false;
};

} // namespace posenc

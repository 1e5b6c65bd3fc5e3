// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/parallel.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#ifdef __linux__
#include <sched.h>
#endif

namespace posenc {

namespace {

constexpr int kMaxDefaultThreads = 8;

std::atomic<int> g_threads{0}; // 0: the default

// The cores this process may run on: its affinity mask where the system has one (a container
// given 2 of a host's 64 cores, `taskset`), which hardware_concurrency() does not read.
int usableCores()
{
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
#endif
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1 : int(std::min(cores, unsigned(kMaxWorkerThreads)));
}

int defaultThreads()
{
    static const int threads = [] {
        if (const auto chosen = threadsFromText(std::getenv("POSENC_THREADS")))
            return *chosen;
        return std::clamp(usableCores(), 1, kMaxDefaultThreads);
    }();
    return threads;
}

// The first exception of any part, kept until all parts have ended.
class FirstError
{
public:
    template<typename F>
    void run(F &&f) noexcept
    {
        try {
            f();
        } catch (...) {
            const std::lock_guard lock(m_mutex);
            if (!m_error)
                m_error = std::current_exception();
        }
    }
    void rethrow() const
    {
        if (m_error)
            std::rethrow_exception(m_error);
    }

private:
    std::mutex m_mutex;
    std::exception_ptr m_error;
};

} // namespace

std::optional<int> threadsFromText(const char *text)
{
    if (text == nullptr || *text < '0' || *text > '9') // no sign, no space, not empty
        return std::nullopt;
    char *end = nullptr;
    errno = 0;
    const long value = std::strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < 1 || value > kMaxWorkerThreads)
        return std::nullopt;
    return int(value);
}

int workerThreads()
{
    const int set = g_threads.load(std::memory_order_relaxed);
    return set > 0 ? set : defaultThreads();
}

void setWorkerThreads(int threads)
{
    g_threads.store(std::clamp(threads, 0, kMaxWorkerThreads), std::memory_order_relaxed);
}

void parallelFor(std::int64_t count, std::int64_t grain, const std::function<void(std::int64_t, std::int64_t)> &body,
                 std::int64_t align)
{
    if (count <= 0)
        return;
    grain = std::max<std::int64_t>(grain, 1);
    align = std::max<std::int64_t>(align, 1);
    const std::int64_t parts = std::min<std::int64_t>(workerThreads(), count / grain);
    if (parts < 2) {
        body(0, count);
        return;
    }
    // Boundaries at multiples of `align`, as even as that allows: count * p / parts, written
    // so that no product can overflow (parts <= kMaxWorkerThreads).
    std::vector<std::int64_t> bounds{0};
    for (std::int64_t p = 1; p < parts; ++p) {
        const std::int64_t even = count / parts * p + count % parts * p / parts;
        const std::int64_t at = even / align * align;
        if (at > bounds.back() && at < count)
            bounds.push_back(at);
    }
    bounds.push_back(count);
    FirstError error;
    std::vector<std::thread> threads;
    threads.reserve(bounds.size() - 2);
    try {
        for (std::size_t p = 1; p + 1 < bounds.size(); ++p)
            threads.emplace_back([&, p] { error.run([&] { body(bounds[p], bounds[p + 1]); }); });
    } catch (...) {
        // No thread to be had: the parts not started run here.
        for (std::size_t p = threads.size() + 1; p + 1 < bounds.size(); ++p)
            error.run([&] { body(bounds[p], bounds[p + 1]); });
    }
    error.run([&] { body(bounds[0], bounds[1]); });
    for (std::thread &thread : threads)
        thread.join();
    error.rethrow();
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
// parallelFor(): the parts tile [0, count) once, start where they are aligned,
// are no more than the threads and count / grain allow, and really run at once; an exception
// in any part reaches the caller after every part has ended.
#include "core/parallel.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

using namespace posenc;

namespace {

// Sets the threads for one scope.
struct Threads {
    explicit Threads(int n) { setWorkerThreads(n); }
    ~Threads() { setWorkerThreads(0); }
};

} // namespace

class TestParallel : public QObject
{
    Q_OBJECT

private slots:
    void tiles_data();
    void tiles();
    void partsRunAtOnce();
    void exceptionAfterAllParts();
    void defaultIsTheCores();
};

void TestParallel::tiles_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<qint64>("count");
    QTest::addColumn<qint64>("grain");
    QTest::addColumn<qint64>("align");
    for (int threads : {1, 2, 3, 8}) {
        for (qint64 count : {0, 1, 5, 127, 128, 510, 512, 1000}) {
            for (auto [grain, align] : {std::pair<qint64, qint64>{1, 1}, {7, 1}, {128, 64}, {2, 8}, {300, 1}})
                QTest::addRow("%d threads, %lld by %lld, aligned %lld", threads, count, grain, align)
                    << threads << count << grain << align;
        }
    }
}

void TestParallel::tiles()
{
    QFETCH(int, threads);
    QFETCH(qint64, count);
    QFETCH(qint64, grain);
    QFETCH(qint64, align);
    const Threads scope(threads);
    QCOMPARE(workerThreads(), threads);
    std::mutex mutex;
    std::vector<std::pair<std::int64_t, std::int64_t>> parts;
    std::vector<std::atomic<int>> visits(static_cast<std::size_t>(count));
    parallelFor(
        count, grain,
        [&](std::int64_t begin, std::int64_t end) {
            {
                const std::lock_guard lock(mutex);
                parts.emplace_back(begin, end);
            }
            for (std::int64_t i = begin; i < end; ++i)
                ++visits[std::size_t(i)];
        },
        align);
    for (qint64 i = 0; i < count; ++i)
        QVERIFY2(visits[std::size_t(i)] == 1, qPrintable(QStringLiteral("index %1 visited %2 times").arg(i).arg(int(visits[std::size_t(i)]))));
    if (count == 0) {
        QVERIFY(parts.empty());
        return;
    }
    const qint64 most = std::max<qint64>(1, std::min<qint64>(threads, count / grain));
    QVERIFY2(qint64(parts.size()) <= most, qPrintable(QStringLiteral("%1 parts, at most %2").arg(parts.size()).arg(most)));
    for (const auto &[begin, end] : parts) {
        QVERIFY(begin < end);
        QCOMPARE(begin % align, std::int64_t(0));
    }
    // Enough work for every thread gets every thread.
    if (count >= threads * std::max(grain, align) * 2 && threads > 1)
        QCOMPARE(qint64(parts.size()), most);
}

// The parts run on different threads at the same time: each waits until all have started.
void TestParallel::partsRunAtOnce()
{
    const Threads scope(3);
    std::atomic<int> started{0};
    std::mutex mutex;
    std::set<std::thread::id> ids;
    bool allMet = true;
    parallelFor(3, 1, [&](std::int64_t, std::int64_t) {
        {
            const std::lock_guard lock(mutex);
            ids.insert(std::this_thread::get_id());
        }
        ++started;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (started < 3 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::yield();
        if (started < 3)
            allMet = false;
    });
    QVERIFY(allMet);
    QCOMPARE(int(ids.size()), 3);
    QVERIFY(ids.count(std::this_thread::get_id()) == 1); // the first part on the caller's thread
}

void TestParallel::exceptionAfterAllParts()
{
    const Threads scope(4);
    std::atomic<int> finished{0};
    bool caught = false;
    try {
        parallelFor(400, 1, [&](std::int64_t begin, std::int64_t) {
            if (begin == 100)
                throw std::runtime_error("part two");
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            ++finished;
        });
    } catch (const std::runtime_error &error) {
        caught = QByteArray(error.what()) == "part two";
    }
    QVERIFY(caught);
    QCOMPARE(finished.load(), 3); // the other three parts had ended before it was rethrown
}

void TestParallel::defaultIsTheCores()
{
    setWorkerThreads(0);
    const int expected = qEnvironmentVariableIsSet("POSENC_THREADS")
                             ? qEnvironmentVariableIntValue("POSENC_THREADS")
                             : std::clamp(int(std::max(1u, std::thread::hardware_concurrency())), 1, 8);
    QCOMPARE(workerThreads(), expected);
}

QTEST_APPLESS_MAIN(TestParallel)
#include "tst_parallel.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// parallelFor(): the parts tile [0, count) once, start where they are aligned,
// are no more than the threads and count / grain allow, and really run at once; an exception
// in any part reaches the caller after every part has ended. threadsFromText(): what
// POSENC_THREADS may say.
#include "core/parallel.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <set>
#include <string>
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
    void exceptionAfterAllParts_data();
    void exceptionAfterAllParts();
    void threadsFromText_data();
    void threadsFromText();
    void defaultFollowsTheEnvironment();
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
    std::atomic<bool> allMet{true};
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

// Four parts of 100 indices; the rows say which throw. The one that throws first is the one
// rethrown (a thrower waits for its turn), and every other part has ended by then.
void TestParallel::exceptionAfterAllParts_data()
{
    QTest::addColumn<QList<qint64>>("throwers"); // where the throwing parts begin, in the order they throw
    QTest::newRow("a part on a thread of its own") << QList<qint64>{100};
    QTest::newRow("the caller's own part") << QList<qint64>{0};
    QTest::newRow("the last part") << QList<qint64>{300};
    QTest::newRow("two parts, a thread's first") << QList<qint64>{200, 0};
    QTest::newRow("two parts, the caller's first") << QList<qint64>{0, 300};
}

void TestParallel::exceptionAfterAllParts()
{
    QFETCH(QList<qint64>, throwers);
    const Threads scope(4);
    std::atomic<int> finished{0};
    std::atomic<int> thrown{0};
    QByteArray caught;
    try {
        parallelFor(400, 1, [&](std::int64_t begin, std::int64_t) {
            const qsizetype turn = throwers.indexOf(begin);
            if (turn >= 0) {
                const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
                while (thrown < turn && std::chrono::steady_clock::now() < deadline)
                    std::this_thread::yield();
                std::this_thread::sleep_for(std::chrono::milliseconds(5)); // after the earlier throw is caught
                ++thrown;
                throw std::runtime_error("part at " + std::to_string(begin));
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            ++finished;
        });
    } catch (const std::runtime_error &error) {
        caught = error.what();
    }
    QCOMPARE(caught, QByteArray("part at ") + QByteArray::number(throwers.constFirst()));
    QCOMPARE(finished.load(), 4 - int(throwers.size())); // ended before it was rethrown
    QCOMPARE(thrown.load(), int(throwers.size()));
}

void TestParallel::threadsFromText_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("threads"); // 0: no number of threads
    QTest::newRow("1") << QByteArray("1") << 1;
    QTest::newRow("2") << QByteArray("2") << 2;
    QTest::newRow("64, the most") << QByteArray("64") << 64;
    QTest::newRow("leading zero") << QByteArray("08") << 8;
    QTest::newRow("0") << QByteArray("0") << 0;
    QTest::newRow("65") << QByteArray("65") << 0;
    QTest::newRow("-1") << QByteArray("-1") << 0;
    QTest::newRow("+2") << QByteArray("+2") << 0;
    QTest::newRow("empty") << QByteArray("") << 0;
    QTest::newRow("word") << QByteArray("abc") << 0;
    QTest::newRow("trailing letters") << QByteArray("4x") << 0;
    QTest::newRow("leading space") << QByteArray(" 4") << 0;
    QTest::newRow("trailing space") << QByteArray("4 ") << 0;
    QTest::newRow("hexadecimal") << QByteArray("0x4") << 0;
    QTest::newRow("fraction") << QByteArray("2.5") << 0;
    QTest::newRow("beyond long") << QByteArray("99999999999999999999999") << 0;
    QTest::newRow("2^64 + 2, wraps to 2 in 64 bits") << QByteArray("18446744073709551618") << 0;
}

void TestParallel::threadsFromText()
{
    QFETCH(QByteArray, text);
    QFETCH(int, threads);
    const std::optional<int> read = posenc::threadsFromText(text.constData());
    QCOMPARE(read.value_or(0), threads);
    QVERIFY(!posenc::threadsFromText(nullptr));
}

// Without setWorkerThreads(): POSENC_THREADS when it is a number of threads (the suite runs
// without it; `POSENC_THREADS=3 tst_core_parallel` checks that path), else between 1 and 8.
void TestParallel::defaultFollowsTheEnvironment()
{
    setWorkerThreads(0);
    const QByteArray text = qgetenv("POSENC_THREADS");
    if (const auto chosen = posenc::threadsFromText(text.constData()); chosen && !text.isEmpty())
        QCOMPARE(workerThreads(), *chosen);
    else
        QVERIFY2(workerThreads() >= 1 && workerThreads() <= 8, qPrintable(QString::number(workerThreads())));
}

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// LatestJob, the background work of the views at the largest sizes: a result is
// delivered on the job's thread; a newer computation supersedes an older one, whose result is
// dropped (or which never starts); pending() counts until every computation is delivered or
// dropped, also when the job is deleted with work in flight; offscreen, by default, work runs
// at once (export, screenshot and tests see final results).

#include "ui/widgets/latestjob.h"

#include <QGuiApplication>
#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>

using namespace posenc;

class TestLatestJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void offscreenRunsAtOnce();
    void deliversOnItsThread();
    void newerSupersedesOlder();
    void cancelDropsTheResult();
    void deletedWithWorkInFlight();
};

void TestLatestJob::cleanup()
{
    LatestJob::setMode(LatestJob::Mode::Automatic);
    QTRY_COMPARE(LatestJob::pending(), 0);
}

void TestLatestJob::offscreenRunsAtOnce()
{
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
    LatestJob job;
    int result = 0;
    job.run<int>([] { return 42; }, [&](int value) { result = value; });
    QCOMPARE(result, 42); // before any event is processed
    QVERIFY(!job.isBusy());
    QCOMPARE(LatestJob::pending(), 0);
}

void TestLatestJob::deliversOnItsThread()
{
    LatestJob::setMode(LatestJob::Mode::Background);
    LatestJob job;
    QThread *workedOn = nullptr;
    QThread *deliveredOn = nullptr;
    int result = 0;
    job.run<int>(
        [&] {
            workedOn = QThread::currentThread();
            return 7;
        },
        [&](int value) {
            deliveredOn = QThread::currentThread();
            result = value;
        });
    QVERIFY(job.isBusy());
    QTRY_COMPARE(result, 7);
    QVERIFY(workedOn != QThread::currentThread());
    QCOMPARE(deliveredOn, QThread::currentThread());
    QVERIFY(!job.isBusy());
    QCOMPARE(LatestJob::pending(), 0);
}

void TestLatestJob::newerSupersedesOlder()
{
    LatestJob::setMode(LatestJob::Mode::Background);
    LatestJob job;
    // The first computation waits until released, so that the next two are started while it
    // runs: the second is superseded before it starts, the first while it runs.
    auto release = std::make_shared<QSemaphore>();
    std::atomic<int> started{0};
    QList<int> delivered;
    job.run<int>(
        [release, &started] {
            ++started;
            release->acquire();
            return 1;
        },
        [&](int value) { delivered << value; });
    QTRY_COMPARE(started.load(), 1);
    job.run<int>(
        [&started] {
            ++started;
            return 2;
        },
        [&](int value) { delivered << value; });
    job.run<int>(
        [&started] {
            ++started;
            return 3;
        },
        [&](int value) { delivered << value; });
    QCOMPARE(LatestJob::pending(), 2); // the running one and the newest; the second is dropped
    release->release();
    QTRY_COMPARE(LatestJob::pending(), 0);
    QCoreApplication::processEvents();
    QCOMPARE(delivered, QList<int>{3});
    QCOMPARE(started.load(), 2); // the second never ran
}

void TestLatestJob::cancelDropsTheResult()
{
    LatestJob::setMode(LatestJob::Mode::Background);
    LatestJob job;
    bool delivered = false;
    job.run<int>([] { return 1; }, [&](int) { delivered = true; });
    job.cancel();
    QVERIFY(!job.isBusy());
    QTRY_COMPARE(LatestJob::pending(), 0);
    QCoreApplication::processEvents();
    QVERIFY(!delivered);
}

void TestLatestJob::deletedWithWorkInFlight()
{
    LatestJob::setMode(LatestJob::Mode::Background);
    bool delivered = false;
    {
        LatestJob job;
        job.run<int>(
            [] {
                QThread::msleep(20);
                return 1;
            },
            [&](int) { delivered = true; });
    } // waits for the running computation; its posted result goes to a deleted object
    QCoreApplication::processEvents();
    QCOMPARE(LatestJob::pending(), 0);
    QVERIFY(!delivered);
}

QTEST_MAIN(TestLatestJob)
#include "tst_latestjob.moc"

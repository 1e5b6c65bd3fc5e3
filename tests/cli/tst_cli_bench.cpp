// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab bench --quick --changes 5`, run as a user without a display would run it (the
// real binary): it exits 0, prints one JSON object with the engine, start-up and per-size,
// per-view and per-change timings, every one a positive finite number, with no plot drawn twice
// for one change, leaves nothing behind in its working folder, and refuses a bad --changes. No
// time is checked: a benchmark is not a timed test.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace posenc::clitest;

namespace {

// Every registered view, from posenc-lab --list-views (read once, when first asked).
const QStringList &kViews()
{
    static const QStringList views = listedViews();
    return views;
}
const QStringList kChanges{QStringLiteral("position"), QStringLiteral("offset"), QStringLiteral("d_model")};

// Why `value` is not a positive finite number, or empty.
QString notPositive(const QJsonValue &value, const QString &where)
{
    if (!value.isDouble())
        return where + QStringLiteral(": not a number");
    const double v = value.toDouble();
    if (!std::isfinite(v) || !(v > 0))
        return where + QStringLiteral(": %1 is not positive and finite").arg(v);
    return {};
}

// A summary of timings: changes (the count asked for), median, p95, max, CPU median.
QString badSummary(const QJsonObject &summary, const QString &where, int changes)
{
    if (summary.value(QStringLiteral("changes")).toInt() != changes)
        return where + QStringLiteral(": %1 changes, expected %2")
                           .arg(summary.value(QStringLiteral("changes")).toInt())
                           .arg(changes);
    for (const QString &key : {QStringLiteral("median_ms"), QStringLiteral("p95_ms"), QStringLiteral("max_ms"),
                               QStringLiteral("cpu_median_ms")}) {
        if (const QString problem = notPositive(summary.value(key), where + QLatin1Char('.') + key); !problem.isEmpty())
            return problem;
    }
    const double median = summary.value(QStringLiteral("median_ms")).toDouble();
    const double p95 = summary.value(QStringLiteral("p95_ms")).toDouble();
    const double max = summary.value(QStringLiteral("max_ms")).toDouble();
    if (!(median <= p95 && p95 <= max))
        return where + QStringLiteral(": median %1, p95 %2, max %3 out of order").arg(median).arg(p95).arg(max);
    return {};
}

// A change of the views' timings: besides the times, no plot drew it twice (the spectrum's
// ladder did, fitting its range in a second replot: a third of each change of d_model).
QString badViewSummary(const QJsonObject &summary, const QString &where, int changes)
{
    if (const QString problem = badSummary(summary, where, changes); !problem.isEmpty())
        return problem;
    const QJsonValue replots = summary.value(QStringLiteral("replots_of_one_plot_max"));
    if (!replots.isDouble())
        return where + QStringLiteral(": no replots_of_one_plot_max");
    if (replots.toInt() > 1)
        return where + QStringLiteral(": a plot replotted %1 times for one change").arg(replots.toInt());
    return {};
}

} // namespace

class TestCliBench : public QObject
{
    Q_OBJECT

private slots:
    void quickReport();
    void windowAtAScreenSize_data();
    void windowAtAScreenSize();
    void refusesBadChanges_data();
    void refusesBadChanges();
};

void TestCliBench::quickReport()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const Result result = run({QStringLiteral("bench"), QStringLiteral("--quick"), QStringLiteral("--changes"),
                               QStringLiteral("5")},
                              folder.path(), 900000);
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY2(entriesBelow(folder.path()).isEmpty(), qPrintable(entriesBelow(folder.path()).join(u' ')));

    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(result.out, &error);
    QVERIFY2(document.isObject(), qPrintable(error.errorString()));
    const QJsonObject report = document.object();
    QCOMPARE(report.value(QStringLiteral("changes")).toInt(), 5);
    QCOMPARE(report.value(QStringLiteral("quick")).toBool(), true);
    QCOMPARE(report.value(QStringLiteral("platform")).toString(), QStringLiteral("offscreen"));
    QVERIFY(report.value(QStringLiteral("worker_threads")).toInt() >= 1);

    // The engine against its two baselines, as ratios.
    const QJsonObject engine = report.value(QStringLiteral("engine")).toObject();
    QCOMPARE(engine.value(QStringLiteral("dtype")).toString(), QStringLiteral("float32"));
    QCOMPARE(engine.value(QStringLiteral("seq_len")).toInt(), 16384);
    QCOMPARE(engine.value(QStringLiteral("d_model")).toInt(), 1024);
    const int repetitions = engine.value(QStringLiteral("repetitions")).toInt();
    QVERIFY(repetitions >= 1);
    for (const QString &name : {QStringLiteral("encoding_matrix_into"), QStringLiteral("buffer_write"),
                                QStringLiteral("scalar_fill"), QStringLiteral("sincos_loop")}) {
        const QString problem = badSummary(engine.value(name).toObject(), name, repetitions);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    for (const QString &name : {QStringLiteral("ratio_to_buffer_write"), QStringLiteral("speedup_over_sincos_loop")}) {
        const QString problem = notPositive(engine.value(name), name);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    QVERIFY(engine.value(QStringLiteral("checksum_finite")).toBool());

    // Start-up: several cold processes, each to its first painted window.
    const QJsonObject startup = report.value(QStringLiteral("startup")).toObject();
    const QJsonArray runs = startup.value(QStringLiteral("runs")).toArray();
    QVERIFY(!runs.isEmpty());
    for (const QJsonValue &run : runs) {
        const QJsonObject r = run.toObject();
        for (const QString &key : {QStringLiteral("to_main_ms"), QStringLiteral("window_built_ms"),
                                   QStringLiteral("first_paint_ms"), QStringLiteral("cpu_ms"),
                                   QStringLiteral("peak_rss_mb"), QStringLiteral("peak_rss_all_views_mb")}) {
            const QString problem = notPositive(r.value(key), QStringLiteral("startup.") + key);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        // In the order they happen.
        QVERIFY(r.value(QStringLiteral("to_main_ms")).toDouble() <= r.value(QStringLiteral("window_built_ms")).toDouble());
        QVERIFY(r.value(QStringLiteral("window_built_ms")).toDouble() <= r.value(QStringLiteral("first_paint_ms")).toDouble());
    }
    for (const QString &key : {QStringLiteral("first_paint_median_ms"), QStringLiteral("cpu_median_ms"),
                               QStringLiteral("peak_rss_median_mb"), QStringLiteral("peak_rss_all_views_median_mb")}) {
        const QString problem = notPositive(startup.value(key), QStringLiteral("startup.") + key);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // --quick: the two small sizes, every view alone and the window, every kind of change.
    const QJsonArray sizes = report.value(QStringLiteral("sizes")).toArray();
    QCOMPARE(sizes.size(), 2);
    const QStringList names{QStringLiteral("128x30"), QStringLiteral("512x512")};
    for (int n = 0; n < sizes.size(); ++n) {
        const QJsonObject size = sizes.at(n).toObject();
        QCOMPARE(size.value(QStringLiteral("size")).toString(), names.at(n));
        QCOMPARE(QStringLiteral("%1x%2").arg(size.value(QStringLiteral("d_model")).toInt())
                     .arg(size.value(QStringLiteral("seq_len")).toInt()),
                 names.at(n));
        for (const QString &key : {QStringLiteral("peak_rss_views_mb"), QStringLiteral("peak_rss_mb")}) {
            const QString problem = notPositive(size.value(key), names.at(n) + QLatin1Char('.') + key);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        const QJsonObject views = size.value(QStringLiteral("views")).toObject();
        QVERIFY2(kViews().size() >= 6, "posenc-lab --list-views should list at least the six views of the encoding");
        QCOMPARE(views.keys().size(), kViews().size());
        for (const QString &view : kViews()) {
            const QJsonObject timings = views.value(view).toObject();
            QVERIFY2(!timings.isEmpty(), qPrintable(view));
            for (const QString &change : kChanges) {
                const QString problem = badViewSummary(timings.value(change).toObject(),
                                                   names.at(n) + QLatin1Char('.') + view + QLatin1Char('.') + change, 5);
                QVERIFY2(problem.isEmpty(), qPrintable(problem));
            }
        }
        // The count is of real replots: the heatmap, whose picture is PE itself, draws each
        // change of d_model exactly once, alone and in front of the window.
        const auto heatmapReplots = [](const QJsonObject &timings) {
            return timings.value(QStringLiteral("replots_of_one_plot_max")).toInt(-1);
        };
        QCOMPARE(heatmapReplots(views.value(QStringLiteral("heatmap")).toObject().value(QStringLiteral("d_model")).toObject()), 1);
        QCOMPARE(heatmapReplots(size.value(QStringLiteral("all_views")).toObject().value(QStringLiteral("d_model")).toObject()
                                    .value(QStringLiteral("current_views")).toObject().value(QStringLiteral("heatmap")).toObject()),
                 1);
        const QJsonObject window = size.value(QStringLiteral("all_views")).toObject();
        for (const QString &change : kChanges) {
            const QJsonObject summary = window.value(change).toObject();
            // One change per view in front at least, all six views.
            QVERIFY(summary.value(QStringLiteral("changes")).toInt() >= kViews().size());
            const QString problem = badSummary(summary, names.at(n) + QStringLiteral(".all_views.") + change,
                                               summary.value(QStringLiteral("changes")).toInt());
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
            const QJsonObject inFront = summary.value(QStringLiteral("current_views")).toObject();
            for (const QString &view : kViews()) {
                const QJsonObject each = inFront.value(view).toObject();
                const QString problem = badViewSummary(each, names.at(n) + QStringLiteral(".all_views.") + view
                                                                 + QLatin1Char('.') + change,
                                                       each.value(QStringLiteral("changes")).toInt());
                QVERIFY2(problem.isEmpty(), qPrintable(problem));
            }
            const QString worst = summary.value(QStringLiteral("worst_current_view")).toObject()
                                      .value(QStringLiteral("current_view")).toString();
            QVERIFY2(kViews().contains(worst), qPrintable(worst));
        }
    }
}

// --size: the window alone at that size, every registered view in front in turn for each kind
// of change, and nothing else measured: at 512 x 512 and the largest parameters, or with --quick
// at 512 x 512 only.
void TestCliBench::windowAtAScreenSize_data()
{
    QTest::addColumn<bool>("quick");
    QTest::addColumn<QStringList>("sizes");
    QTest::newRow("both sizes") << false << QStringList{QStringLiteral("512x512"), QStringLiteral("4096x16384")};
    QTest::newRow("--quick") << true << QStringList{QStringLiteral("512x512")};
}

void TestCliBench::windowAtAScreenSize()
{
    QFETCH(bool, quick);
    QFETCH(QStringList, sizes);
    QTemporaryDir folder;
    QStringList arguments{QStringLiteral("bench"), QStringLiteral("--size"), QStringLiteral("640x480"),
                          QStringLiteral("--changes"), QStringLiteral("5")};
    if (quick)
        arguments << QStringLiteral("--quick");
    const Result result = run(arguments, folder.path(), 900000);
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    const QJsonObject report = QJsonDocument::fromJson(result.out).object();
    QVERIFY(!report.contains(QStringLiteral("startup")));
    QVERIFY(!report.contains(QStringLiteral("engine")));
    const QJsonArray measured = report.value(QStringLiteral("sizes")).toArray();
    QCOMPARE(measured.size(), sizes.size());
    for (int n = 0; n < sizes.size(); ++n) {
        const QJsonObject size = measured.at(n).toObject();
        QCOMPARE(size.value(QStringLiteral("size")).toString(), sizes.at(n));
        QCOMPARE(size.value(QStringLiteral("window")).toString(), QStringLiteral("640x480"));
        QVERIFY(!size.contains(QStringLiteral("views")));
        const QJsonObject window = size.value(QStringLiteral("all_views")).toObject();
        for (const QString &kind : {QStringLiteral("position"), QStringLiteral("offset"), QStringLiteral("d_model")}) {
            const QJsonObject views = window.value(kind).toObject().value(QStringLiteral("current_views")).toObject();
            QVERIFY2(views.size() >= 11, qPrintable(kind));
            for (auto it = views.constBegin(); it != views.constEnd(); ++it) {
                // Times only: at the largest parameters a view may draw a change twice, at once
                // and when its background computation (LatestJob) delivers.
                const QString problem = badSummary(it.value().toObject(), kind + QLatin1Char(' ') + it.key(), 1);
                QVERIFY2(problem.isEmpty(), qPrintable(problem));
            }
        }
    }
}

void TestCliBench::refusesBadChanges_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("too few") << QStringList{QStringLiteral("bench"), QStringLiteral("--changes"), QStringLiteral("2")}
                             << QStringList{QStringLiteral("--changes")};
    QTest::newRow("not a number") << QStringList{QStringLiteral("bench"), QStringLiteral("--changes"), QStringLiteral("many")}
                                  << QStringList{QStringLiteral("--changes")};
    QTest::newRow("a screen too large") << QStringList{QStringLiteral("bench"), QStringLiteral("--size"),
                                                       QStringLiteral("8000x4320")}
                                        << QStringList{QStringLiteral("--size"), QStringLiteral("7680")};
    QTest::newRow("a parameter of another command")
        << QStringList{QStringLiteral("bench"), QStringLiteral("--d-model"), QStringLiteral("64")}
        << QStringList{QStringLiteral("d-model")};
}

void TestCliBench::refusesBadChanges()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mentions);
    verifyInvalidRun(arguments, mentions);
}

QTEST_GUILESS_MAIN(TestCliBench)
#include "tst_cli_bench.moc"

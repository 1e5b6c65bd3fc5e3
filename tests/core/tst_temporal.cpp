// SPDX-License-Identifier: GPL-3.0-or-later
// The periodic temporal encodings (sin, cos of 2π t / P per period), the phase on each
// period's circle, and the validation of periods and steps, against the formula written here.

#include "core/temporal.h"

#include <QList>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

using namespace posenc;

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

TemporalParams temporal(const QList<double> &periods, int steps)
{
    TemporalParams p;
    p.periods.assign(periods.cbegin(), periods.cend());
    p.steps = steps;
    return p;
}

// sin(2π t / P) and cos(2π t / P), written out.
double expectedValue(double t, double period, bool isSin)
{
    const double angle = kTwoPi * t / period;
    return isSin ? std::sin(angle) : std::cos(angle);
}

double tolerance(double t, double period)
{
    return 1e-14 * (1.0 + std::abs(kTwoPi * t / period));
}

QByteArray at(const char *what, double t, int column, double got, double expected, double tol)
{
    return QByteArray(what) + "(t=" + QByteArray::number(t, 'g', 17) + ", column "
           + QByteArray::number(column) + "): got " + QByteArray::number(got, 'g', 17)
           + ", expected " + QByteArray::number(expected, 'g', 17) + " (tolerance "
           + QByteArray::number(tol, 'g', 3) + ')';
}

QList<double> oneToSixteen(int count)
{
    QList<double> periods;
    for (int k = 1; k <= count; ++k)
        periods << double(k);
    return periods;
}

} // namespace

class TestTemporal : public QObject
{
    Q_OBJECT

private slots:
    void temporalEncoding_data();
    void temporalEncoding();
    void temporalEncodingAtSteps_data();
    void temporalEncodingAtSteps();
    void rowBlocks_data() { temporalEncoding_data(); }
    void rowBlocks();
    void periodicity();
    void temporalPhase_data();
    void temporalPhase();
    void validate_data();
    void validate();
    void envelope_data();
    void envelope();
    void boxMeans_data();
    void boxMeans();
    void boxAttenuation_data();
    void boxAttenuation();
};

void TestTemporal::temporalEncoding_data()
{
    QTest::addColumn<QList<double>>("periods");
    QTest::addColumn<int>("steps");
    QTest::addRow("defaults 24,168 x 336") << QList<double>{24, 168} << 336;
    QTest::addRow("24,168 x 50") << QList<double>{24, 168} << 50;
    QTest::addRow("one period 7 x 10") << QList<double>{7} << 10;
    QTest::addRow("hour, week, year x 100") << QList<double>{24, 168, 8760} << 100;
    QTest::addRow("fractional periods 1.5, 0.25 x 20") << QList<double>{1.5, 0.25} << 20;
    QTest::addRow("period 1 (always angle 0 mod 2pi) x 30") << QList<double>{1} << 30;
    QTest::addRow("period 1e9 x 5") << QList<double>{1e9} << 5;
    QTest::addRow("16 periods 1..16 x 40") << oneToSixteen(16) << 40;
    QTest::addRow("one step") << QList<double>{24, 168} << 1;
    QTest::addRow("order kept: 168, 24, 12 x 30") << QList<double>{168, 24, 12} << 30;
}

// [steps, 2 * periods], row t = [sin(2π t/P_0), cos(2π t/P_0), sin(2π t/P_1), ...].
void TestTemporal::temporalEncoding()
{
    QFETCH(QList<double>, periods);
    QFETCH(int, steps);
    const TemporalParams params = temporal(periods, steps);
    QVERIFY(!params.validate());
    const RowMatrixXd encoding = posenc::temporalEncoding(params);
    QCOMPARE(encoding.rows(), Eigen::Index(steps));
    QCOMPARE(encoding.cols(), Eigen::Index(2 * periods.size()));
    for (int t = 0; t < steps; ++t) {
        for (qsizetype j = 0; j < periods.size(); ++j) {
            for (const bool isSin : {true, false}) {
                const int column = int(2 * j + (isSin ? 0 : 1));
                const double expected = expectedValue(t, periods[j], isSin);
                const double tol = tolerance(t, periods[j]);
                QVERIFY2(qAbs(encoding(t, column) - expected) <= tol,
                         at("temporalEncoding", t, column, encoding(t, column), expected, tol).constData());
            }
        }
        // One row is temporalEncodingAt(t), bit for bit.
        const Eigen::VectorXd row = posenc::temporalEncodingAt(params, t);
        QCOMPARE(row.size(), encoding.cols());
        for (Eigen::Index c = 0; c < row.size(); ++c)
            QVERIFY2(row[c] == encoding(t, c), at("temporalEncodingAt", t, int(c), row[c], encoding(t, c), 0).constData());
    }
    // Step 0 is (sin 0, cos 0) = (0, 1) for every period.
    for (qsizetype j = 0; j < periods.size(); ++j) {
        QCOMPARE(encoding(0, 2 * j), 0.0);
        QCOMPARE(encoding(0, 2 * j + 1), 1.0);
    }
}

void TestTemporal::temporalEncodingAtSteps_data()
{
    QTest::addColumn<QList<double>>("periods");
    QTest::addColumn<QList<double>>("steps");
    const QList<double> fractional{0.0, 0.5, -3.25, 6.0, 23.999, 1e6 + 0.125, -168.0, 1.0 / 3.0};
    QTest::addRow("24,168 fractional steps") << QList<double>{24, 168} << fractional;
    QTest::addRow("1.5, 0.25, 1e9 fractional steps") << QList<double>{1.5, 0.25, 1e9} << fractional;
    QTest::addRow("7 every 2.5th") << QList<double>{7} << QList<double>{0, 2.5, 5, 7.5, 10, 12.5};
    QTest::addRow("no steps") << QList<double>{24} << QList<double>{};
}

// The same encoding at chosen real steps (views of a million steps take every s-th one).
void TestTemporal::temporalEncodingAtSteps()
{
    QFETCH(QList<double>, periods);
    QFETCH(QList<double>, steps);
    const TemporalParams params = temporal(periods, 10);
    Eigen::VectorXd at(steps.size());
    for (qsizetype k = 0; k < steps.size(); ++k)
        at[k] = steps[k];
    const RowMatrixXd encoding = posenc::temporalEncoding(params, at);
    QCOMPARE(encoding.rows(), Eigen::Index(steps.size()));
    QCOMPARE(encoding.cols(), Eigen::Index(2 * periods.size()));
    for (qsizetype k = 0; k < steps.size(); ++k) {
        const double t = steps[k];
        const Eigen::VectorXd single = posenc::temporalEncodingAt(params, t);
        QCOMPARE(single.size(), encoding.cols());
        for (qsizetype j = 0; j < periods.size(); ++j) {
            for (const bool isSin : {true, false}) {
                const int column = int(2 * j + (isSin ? 0 : 1));
                const double expected = expectedValue(t, periods[j], isSin);
                const double tol = tolerance(t, periods[j]);
                QVERIFY2(qAbs(encoding(k, column) - expected) <= tol,
                         ::at("temporalEncoding(steps)", t, column, encoding(k, column), expected, tol).constData());
                QVERIFY2(qAbs(single[column] - expected) <= tol,
                         ::at("temporalEncodingAt", t, column, single[column], expected, tol).constData());
            }
        }
    }
}

// Step t and step t + P get the same pair: the reason for the encoding.
void TestTemporal::periodicity()
{
    const TemporalParams params = temporal({24, 168}, 400);
    const RowMatrixXd encoding = posenc::temporalEncoding(params);
    for (int t = 0; t + 168 < 400; ++t) {
        QVERIFY(qAbs(encoding(t, 0) - encoding(t + 24, 0)) <= 1e-12);
        QVERIFY(qAbs(encoding(t, 1) - encoding(t + 24, 1)) <= 1e-12);
        QVERIFY(qAbs(encoding(t, 2) - encoding(t + 168, 2)) <= 1e-12);
        QVERIFY(qAbs(encoding(t, 3) - encoding(t + 168, 3)) <= 1e-12);
    }
    // Hour 6 of the day is a quarter turn: (1, 0); hour 12 half a turn: (0, -1).
    QVERIFY(qAbs(encoding(6, 0) - 1.0) <= 1e-15 && qAbs(encoding(6, 1)) <= 1e-15);
    QVERIFY(qAbs(encoding(12, 0)) <= 1e-15 && qAbs(encoding(12, 1) + 1.0) <= 1e-15);
    QVERIFY(qAbs(encoding(42, 2) - 1.0) <= 1e-15 && qAbs(encoding(42, 3)) <= 1e-15);
}

void TestTemporal::temporalPhase_data()
{
    QTest::addColumn<double>("step");
    QTest::addColumn<double>("period");
    const double pi = std::numbers::pi;
    QTest::addColumn<double>("expected"); // NaN: compute from fmod below
    const double computed = std::numeric_limits<double>::quiet_NaN();

    QTest::addRow("0 of 24") << 0.0 << 24.0 << 0.0;
    QTest::addRow("6 of 24") << 6.0 << 24.0 << pi / 2;
    QTest::addRow("12 of 24") << 12.0 << 24.0 << pi;
    QTest::addRow("30 of 24") << 30.0 << 24.0 << pi / 2;
    QTest::addRow("24 of 24 (full turn is 0)") << 24.0 << 24.0 << 0.0;
    QTest::addRow("-6 of 24") << -6.0 << 24.0 << 3 * pi / 2;
    QTest::addRow("-24 of 24") << -24.0 << 24.0 << 0.0;
    QTest::addRow("-30 of 24") << -30.0 << 24.0 << 3 * pi / 2;
    QTest::addRow("-0.0 of 24") << -0.0 << 24.0 << 0.0;
    QTest::addRow("100 of 168") << 100.0 << 168.0 << computed;
    QTest::addRow("-1000.5 of 168") << -1000.5 << 168.0 << computed;
    QTest::addRow("2.75 of 1.5") << 2.75 << 1.5 << computed;
    QTest::addRow("-0.3 of 0.25") << -0.3 << 0.25 << computed;
    QTest::addRow("1e9 + 0.5 of 7") << 1e9 + 0.5 << 7.0 << computed;
    QTest::addRow("-1e9 - 0.5 of 7") << -1e9 - 0.5 << 7.0 << computed;
    QTest::addRow("3 of 1e9") << 3.0 << 1e9 << computed;
    // Just below a multiple of the period: the phase is just below 2π and must not reach it.
    QTest::addRow("-1e-9 of 24") << -1e-9 << 24.0 << computed;
    QTest::addRow("-1e-15 of 24") << -1e-15 << 24.0 << computed;
    QTest::addRow("-1e-300 of 24") << -1e-300 << 24.0 << computed;
    QTest::addRow("24 - 1e-14 of 24") << 24.0 - 1e-14 << 24.0 << computed;
}

// The angle 2π t / P reduced to [0, 2π): in range (strictly below 2π), and on the circle at
// the same place as 2π t / P.
void TestTemporal::temporalPhase()
{
    QFETCH(double, step);
    QFETCH(double, period);
    QFETCH(double, expected);
    if (std::isnan(expected)) {
        double remainder = std::fmod(step, period); // exact
        if (remainder < 0)
            remainder += period;
        expected = kTwoPi * remainder / period;
    }
    const double phase = posenc::temporalPhase(step, period);
    QVERIFY2(phase >= 0.0 && phase < kTwoPi,
             at("temporalPhase out of [0, 2pi)", step, 0, phase, expected, 0).constData());
    // Compared on the circle: 2π - ε and 0 are the same place.
    double difference = std::fmod(std::abs(phase - expected), kTwoPi);
    difference = std::min(difference, kTwoPi - difference);
    const double tol = 1e-12 * (1.0 + std::abs(step / period));
    QVERIFY2(difference <= tol, at("temporalPhase", step, 0, phase, expected, tol).constData());
}

void TestTemporal::validate_data()
{
    QTest::addColumn<QList<double>>("periods");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("field"); // empty: valid
    QTest::addColumn<QString>("range"); // a text the message must hold
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const QString periods = QStringLiteral("periods");
    const QString steps = QStringLiteral("steps");
    const QString valid;

    QTest::addRow("defaults") << QList<double>{24, 168} << 336 << valid << valid;
    QTest::addRow("16 periods") << oneToSixteen(16) << 10 << valid << valid;
    QTest::addRow("period 1e9 (largest)") << QList<double>{1e9} << 10 << valid << valid;
    QTest::addRow("period 1e-9 (smallest)") << QList<double>{1e-9} << 10 << valid << valid;
    // Below 1e-9 the range ends: at 1e-300, 2π t / P overflows before the last step.
    QTest::addRow("period 1e-300 (would overflow)") << QList<double>{1e-300} << 10 << periods << QStringLiteral("[1e-9, 1e9]");
    QTest::addRow("period just below 1e-9")
        << QList<double>{std::nextafter(1e-9, 0.0)} << 336 << periods << QStringLiteral("[1e-9, 1e9]");
    QTest::addRow("steps 1") << QList<double>{24} << 1 << valid << valid;
    QTest::addRow("steps 2^20") << QList<double>{24} << (1 << 20) << valid << valid;

    QTest::addRow("no periods") << QList<double>{} << 336 << periods << QStringLiteral("16");
    QTest::addRow("17 periods") << oneToSixteen(17) << 336 << periods << QStringLiteral("16");
    QTest::addRow("period 0") << QList<double>{24, 0} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("period -1") << QList<double>{-1} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("period -0.0") << QList<double>{-0.0} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("period NaN") << QList<double>{nan, 24} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("period inf") << QList<double>{inf} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("period -inf") << QList<double>{-inf} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("period 2e9") << QList<double>{24, 2e9} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("period just above 1e9")
        << QList<double>{std::nextafter(1e9, 2e9)} << 336 << periods << QStringLiteral("1e9");
    QTest::addRow("steps 0") << QList<double>{24} << 0 << steps << QStringLiteral("1048576");
    QTest::addRow("steps -5") << QList<double>{24} << -5 << steps << QStringLiteral("1048576");
    QTest::addRow("steps 2^20 + 1") << QList<double>{24} << (1 << 20) + 1 << steps << QStringLiteral("1048576");
}

// validate(): nothing for valid input, otherwise one English line naming the field and its
// range.
void TestTemporal::validate()
{
    QFETCH(QList<double>, periods);
    QFETCH(int, steps);
    QFETCH(QString, field);
    QFETCH(QString, range);
    const std::optional<std::string> problem = temporal(periods, steps).validate();
    if (field.isEmpty()) {
        QVERIFY2(!problem, problem ? problem->c_str() : "");
        return;
    }
    QVERIFY(problem.has_value());
    const QString message = QString::fromStdString(*problem);
    QVERIFY2(message.contains(field), qPrintable(message));
    QVERIFY2(message.contains(range), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    // It names the right field, not the other one.
    const QString other = field == QLatin1String("steps") ? QStringLiteral("periods") : QStringLiteral("steps");
    QVERIFY2(!message.contains(other), qPrintable(message));
}

void TestTemporal::envelope_data()
{
    QTest::addColumn<QList<double>>("periods");
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("runs");
    QTest::newRow("24, 168 over 8760 steps in 600 runs") << QList<double>{24, 168} << 8760 << 600;
    QTest::newRow("a year of hours, 8766, 1.5") << QList<double>{8766, 1.5} << 20000 << 333;
    QTest::newRow("runs of one step") << QList<double>{7} << 50 << 50;
    QTest::newRow("more runs than steps") << QList<double>{10} << 30 << 100;
    QTest::newRow("a million steps, period 24") << QList<double>{24} << (1 << 20) << 900;
}

// Every run's smallest and largest value against std::sin / std::cos of 2πt/P at each of its
// steps, and the runs tile the steps with keys at their middles.
void TestTemporal::envelope()
{
    QFETCH(QList<double>, periods);
    QFETCH(int, steps);
    QFETCH(int, runs);
    TemporalParams params;
    params.periods.assign(periods.begin(), periods.end());
    params.steps = steps;
    const TemporalEnvelope envelope = temporalEnvelope(params, runs);
    const int shown = std::min(runs, steps);
    QCOMPARE(int(envelope.keys.size()), shown);
    QCOMPARE(int(envelope.lows.rows()), shown);
    QCOMPARE(int(envelope.highs.cols()), 2 * int(periods.size()));
    for (int run = 0; run < shown; ++run) {
        const long long from = 1LL * steps * run / shown;
        const long long to = 1LL * steps * (run + 1) / shown;
        QCOMPARE(envelope.keys[std::size_t(run)], 0.5 * double(from + to - 1));
        for (int j = 0; j < int(periods.size()); ++j) {
            double lowSin = 2, highSin = -2, lowCos = 2, highCos = -2;
            for (long long t = from; t < to; ++t) {
                const double angle = 2.0 * std::numbers::pi * double(t) / periods[j];
                lowSin = std::min(lowSin, std::sin(angle));
                highSin = std::max(highSin, std::sin(angle));
                lowCos = std::min(lowCos, std::cos(angle));
                highCos = std::max(highCos, std::cos(angle));
            }
            // The engine's angle t * (2π/P) against 2πt/P: a few ulp of an angle up to 3e5.
            const double tol = 1e-15 * (1.0 + 2.0 * std::numbers::pi * double(to) / periods[j]) * 8;
            QVERIFY(std::abs(envelope.lows(run, 2 * j) - lowSin) <= tol);
            QVERIFY(std::abs(envelope.highs(run, 2 * j) - highSin) <= tol);
            QVERIFY(std::abs(envelope.lows(run, 2 * j + 1) - lowCos) <= tol);
            QVERIFY(std::abs(envelope.highs(run, 2 * j + 1) - highCos) <= tol);
        }
    }
}

void TestTemporal::boxMeans_data()
{
    QTest::addColumn<QList<double>>("periods");
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("stepsPerBox");
    const QList<double> all{24, 168, 1, 2, 7.5, 1e6};
    QTest::addRow("24 x 336, boxes of 24 (divides)") << QList<double>{24} << 336 << 24;
    QTest::addRow("24, 168 x 1000, boxes of 7 (does not divide)") << QList<double>{24, 168} << 1000 << 7;
    QTest::addRow("period 1 (every step the same) x 100, boxes of 10") << QList<double>{1} << 100 << 10;
    QTest::addRow("period 1 x 101, boxes of 4") << QList<double>{1} << 101 << 4;
    QTest::addRow("period 2 (alternating) x 101, boxes of 4") << QList<double>{2} << 101 << 4;
    QTest::addRow("period 2 x 99, boxes of 5") << QList<double>{2} << 99 << 5;
    QTest::addRow("period 7.5 x 1000, boxes of 3") << QList<double>{7.5} << 1000 << 3;
    QTest::addRow("period 7.5 x 1000, boxes of 15 (two periods)") << QList<double>{7.5} << 1000 << 15;
    QTest::addRow("period 1e6 x 5000, boxes of 1000") << QList<double>{1e6} << 5000 << 1000;
    QTest::addRow("periods 0.5, 1/3, 0.4, 1.5 (multiples of 2π and near) x 200, boxes of 6")
        << QList<double>{0.5, 1.0 / 3.0, 0.4, 1.5} << 200 << 6;
    QTest::addRow("boxes of 1 (the steps themselves)") << all << 50 << 1;
    QTest::addRow("one box longer than the steps") << all << 10 << 16;
    QTest::addRow("all six x 2^20, boxes of 1024 (the view's)") << all << (1 << 20) << 1024;
    QTest::addRow("all six x 2^20, boxes of 1000 (does not divide)") << all << (1 << 20) << 1000;
    QTest::addRow("all six x 8760, boxes of 9") << all << 8760 << 9;
}

// Every box's mean against the mean of std::sin / std::cos of 2πt/P over its steps, summed in
// a loop; the boxes tile the steps, the last one shorter when the size does not divide them.
void TestTemporal::boxMeans()
{
    QFETCH(QList<double>, periods);
    QFETCH(int, steps);
    QFETCH(int, stepsPerBox);
    const TemporalParams params = temporal(periods, steps);
    QVERIFY(!params.validate());
    const RowMatrixXd means = posenc::temporalBoxMeans(params, stepsPerBox);
    const int boxes = (steps + stepsPerBox - 1) / stepsPerBox;
    QCOMPARE(means.rows(), Eigen::Index(boxes));
    QCOMPARE(means.cols(), Eigen::Index(2 * periods.size()));
    for (int b = 0; b < boxes; ++b) {
        const int from = b * stepsPerBox;
        const int to = std::min(steps, from + stepsPerBox); // exclusive
        for (qsizetype j = 0; j < periods.size(); ++j) {
            double sumSin = 0, sumCos = 0;
            for (int t = from; t < to; ++t) {
                sumSin += expectedValue(t, periods[j], true);
                sumCos += expectedValue(t, periods[j], false);
            }
            // The reference's own angles 2πt/P carry a rounding error of a few ulp of up to
            // 1e7 (period 0.5 at step 2^20); so do the closed form's.
            const double tol = tolerance(to, periods[j]);
            const double wantSin = sumSin / (to - from), wantCos = sumCos / (to - from);
            const double gotSin = means(b, 2 * j), gotCos = means(b, 2 * j + 1);
            QVERIFY2(qAbs(gotSin - wantSin) <= tol,
                     at("temporalBoxMeans sin", from, int(2 * j), gotSin, wantSin, tol).constData());
            QVERIFY2(qAbs(gotCos - wantCos) <= tol,
                     at("temporalBoxMeans cos", from, int(2 * j + 1), gotCos, wantCos, tol).constData());
        }
        // One box alone is the same row.
        if (b == 0 || b == boxes - 1) {
            const Eigen::VectorXd box = posenc::temporalBoxMean(params, from, to - from);
            for (Eigen::Index c = 0; c < box.size(); ++c)
                QCOMPARE(box[c], means(b, c));
        }
    }
    // A run of the boxes (the part of the steps a zoomed view shows) is the same rows.
    const int firstBox = boxes / 3, boxCount = boxes - boxes / 3;
    const RowMatrixXd part = posenc::temporalBoxMeans(params, stepsPerBox, firstBox, boxCount);
    QCOMPARE(part.rows(), Eigen::Index(boxCount));
    QVERIFY(part == means.middleRows(firstBox, boxCount));
}

void TestTemporal::boxAttenuation_data()
{
    QTest::addColumn<double>("period");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("first");
    for (const double period : {24.0, 168.0, 1.0, 2.0, 7.5, 1e6, 0.5, 1.0 / 3.0, 0.4, 2.0 / 3.0}) {
        for (const int n : {1, 2, 3, 4, 7, 24, 1024}) {
            for (const int first : {0, 5, 999000}) {
                QTest::addRow("P %s, n %d, from %d", QByteArray::number(period, 'g', 6).constData(), n, first)
                    << period << n << first;
            }
        }
    }
}

// D_n(2π / P) is the ratio of the mean over n steps to the value at their middle c, with the
// sign that goes with sin(2π c / P) (c a half-integer when n is even, where P = 1 or 2 / 3 flip
// it), and its limit where sin(π / P) = 0.
void TestTemporal::boxAttenuation()
{
    QFETCH(double, period);
    QFETCH(int, n);
    QFETCH(int, first);
    double sumSin = 0, sumCos = 0;
    for (int t = first; t < first + n; ++t) {
        sumSin += expectedValue(t, period, true);
        sumCos += expectedValue(t, period, false);
    }
    const double middle = first + 0.5 * (n - 1);
    const double d = posenc::temporalBoxAttenuation(n, period);
    QVERIFY(qAbs(d) <= 1.0 + 1e-15);
    const double tol = tolerance(first + n, period);
    QVERIFY2(qAbs(d * expectedValue(middle, period, true) - sumSin / n) <= tol,
             at("D_n sin(2pi c / P)", middle, n, d * expectedValue(middle, period, true), sumSin / n, tol).constData());
    QVERIFY2(qAbs(d * expectedValue(middle, period, false) - sumCos / n) <= tol,
             at("D_n cos(2pi c / P)", middle, n, d * expectedValue(middle, period, false), sumCos / n, tol).constData());
}

// temporalEncodingRowsInto, in blocks of several sizes: sin / cos of 2π t / P computed here,
// and the bits of temporalEncoding, which the export wrote before it streamed.
void TestTemporal::rowBlocks()
{
    QFETCH(QList<double>, periods);
    QFETCH(int, steps);
    const TemporalParams p = temporal(periods, steps);
    const RowMatrixXd whole = posenc::temporalEncoding(p);
    const std::size_t width = 2 * p.periods.size();
    for (const int block : {1, 3, 64}) {
        std::vector<double> buffer(std::size_t(block) * width + 1, -7.0);
        for (int first = 0; first < steps; first += block) {
            const int count = std::min(block, steps - first);
            posenc::temporalEncodingRowsInto(p, first, count, buffer.data());
            if (count == block) // nothing written past the block
                QCOMPARE(buffer[std::size_t(count) * width], -7.0);
            for (int r = 0; r < count; ++r) {
                const int t = first + r;
                for (std::size_t j = 0; j < p.periods.size(); ++j) {
                    const double s = buffer[std::size_t(r) * width + 2 * j];
                    const double c = buffer[std::size_t(r) * width + 2 * j + 1];
                    QVERIFY(s == whole(t, Eigen::Index(2 * j)) && c == whole(t, Eigen::Index(2 * j + 1)));
                    const double angle = kTwoPi * t / p.periods[j];
                    QVERIFY(std::abs(s - std::sin(angle)) <= 1e-12 && std::abs(c - std::cos(angle)) <= 1e-12);
                }
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestTemporal)
#include "tst_temporal.moc"

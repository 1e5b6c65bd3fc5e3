// SPDX-License-Identifier: GPL-3.0-or-later
// The frequency ladder w_i and the wavelengths 2*pi / w_i, for both conventions and layouts,
// against the formulas written out in reference.h.

#include "core/frequencies.h"

#include "reference.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace posenc;

namespace {

using namespace reference::names;

bool relativelyClose(double got, double expected, double relTol)
{
    return qAbs(got - expected) <= relTol * qAbs(expected);
}

QByteArray text(const char *what, int i, double got, double expected)
{
    return QByteArray(what) + '[' + QByteArray::number(i) + "]: got "
        + QByteArray::number(got, 'g', 17) + ", expected " + QByteArray::number(expected, 'g', 17);
}

} // namespace

class TestFrequencies : public QObject
{
    Q_OBJECT

private slots:
    void ladder_data();
    void ladder();
    void namedFrequencies_data();
    void namedFrequencies();
    void tensor2tensorLastIsInverseBase_data();
    void tensor2tensorLastIsInverseBase();
    void tensor2tensorSingleFrequency_data();
    void tensor2tensorSingleFrequency();
    void wavelengths_data();
    void wavelengths();
};

void TestFrequencies::ladder_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("count"); // the number of frequencies, worked out by hand

    QTest::addRow("seed figure: interleaved paper d=128") << reference::params(128, I, Paper) << 64;
    QTest::addRow("interleaved paper d=512") << reference::params(512, I, Paper) << 256;
    QTest::addRow("interleaved paper d=2") << reference::params(2, I, Paper) << 1;
    QTest::addRow("interleaved paper d=7") << reference::params(7, I, Paper) << 4;
    QTest::addRow("split paper d=7") << reference::params(7, S, Paper) << 3;
    QTest::addRow("split paper d=4096 base=1e12")
        << reference::params(4096, S, Paper, 1e12) << 2048;
    QTest::addRow("interleaved paper d=64 base=1.0000001")
        << reference::params(64, I, Paper, 1.0000001) << 32;
    QTest::addRow("split tensor2tensor d=512") << reference::params(512, S, T2T) << 256;
    QTest::addRow("split tensor2tensor d=7") << reference::params(7, S, T2T) << 3;
    QTest::addRow("interleaved tensor2tensor d=7") << reference::params(7, I, T2T) << 4;
    QTest::addRow("interleaved tensor2tensor d=3") << reference::params(3, I, T2T) << 2;
    QTest::addRow("split tensor2tensor d=3") << reference::params(3, S, T2T) << 1;
    QTest::addRow("split tensor2tensor d=4096 base=2")
        << reference::params(4096, S, T2T, 2.0) << 2048;
    QTest::addRow("interleaved tensor2tensor d=100 base=1e12")
        << reference::params(100, I, T2T, 1e12) << 50;
}

// w_0 = 1 > w_1 > ... > w_{n-1}, each equal to the published formula.
void TestFrequencies::ladder()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, count);

    const Eigen::VectorXd w = frequencies(params);
    QCOMPARE(w.size(), Eigen::Index(count));
    QCOMPARE(w[0], 1.0);
    for (int i = 0; i < count; ++i) {
        const double expected = reference::frequency(params, i);
        QVERIFY2(relativelyClose(w[i], expected, 1e-14), text("w", i, w[i], expected).constData());
        QVERIFY2(frequency(params, i) == w[i],
                 text("frequency()", i, frequency(params, i), w[i]).constData());
        if (i > 0)
            QVERIFY2(w[i] < w[i - 1], text("not decreasing: w", i, w[i], w[i - 1]).constData());
    }
    if (params.frequencies == Paper) {
        // The same ladder as The Annotated Transformer writes it: exp(-2i ln(base) / d).
        for (int i = 0; i < count; ++i) {
            const double annotated = std::exp(-2.0 * i * std::log(params.base) / params.dModel);
            QVERIFY2(relativelyClose(w[i], annotated, 1e-14),
                     text("w (annotated form)", i, w[i], annotated).constData());
        }
    }
}

void TestFrequencies::namedFrequencies_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("pair");
    QTest::addColumn<double>("expected");

    // 10000^(-2/4) = 1/100.
    QTest::addRow("paper d=4 w_1") << reference::params(4, I, Paper) << 1 << 0.01;
    // 1e6^(-2i/6) = 10^(-2i).
    QTest::addRow("paper d=6 base=1e6 w_1") << reference::params(6, S, Paper, 1e6) << 1 << 1e-2;
    QTest::addRow("paper d=6 base=1e6 w_2") << reference::params(6, S, Paper, 1e6) << 2 << 1e-4;
    // 2^(-2*10/20) = 1/2.
    QTest::addRow("paper d=20 base=2 w_10") << reference::params(20, I, Paper, 2.0) << 10 << 0.5;
    // tensor2tensor, n = 4, base 1000: 1, 1/10, 1/100, 1/1000.
    QTest::addRow("tensor2tensor d=8 base=1000 w_1")
        << reference::params(8, S, T2T, 1000.0) << 1 << 0.1;
    QTest::addRow("tensor2tensor d=8 base=1000 w_2")
        << reference::params(8, S, T2T, 1000.0) << 2 << 0.01;
    QTest::addRow("tensor2tensor d=4 w_1 = 1/base") << reference::params(4, S, T2T) << 1 << 1e-4;
    // Interleaved odd d = 5 has n = 3, so the ladder is 1, base^(-1/2), 1/base.
    QTest::addRow("tensor2tensor interleaved d=5 w_1") << reference::params(5, I, T2T) << 1 << 0.01;
    QTest::addRow("paper d=128 w_63 (slowest of the seed figure)")
        << reference::params(128, I, Paper) << 63 << std::pow(1e4, -126.0 / 128.0);
}

void TestFrequencies::namedFrequencies()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pair);
    QFETCH(double, expected);
    const double got = frequency(params, pair);
    QVERIFY2(relativelyClose(got, expected, 2e-15), text("w", pair, got, expected).constData());
}

void TestFrequencies::tensor2tensorLastIsInverseBase_data()
{
    QTest::addColumn<EncodingParams>("params");

    QTest::addRow("split d=4 base=10000") << reference::params(4, S, T2T);
    QTest::addRow("split d=512 base=10000") << reference::params(512, S, T2T);
    QTest::addRow("interleaved d=7 base=10000") << reference::params(7, I, T2T);
    QTest::addRow("split d=128 base=2") << reference::params(128, S, T2T, 2.0);
    QTest::addRow("split d=64 base=500") << reference::params(64, S, T2T, 500.0);
    QTest::addRow("split d=4096 base=1.0000001") << reference::params(4096, S, T2T, 1.0000001);
    QTest::addRow("split d=128 base=1e12") << reference::params(128, S, T2T, 1e12);
    QTest::addRow("split d=84 base=1e12") << reference::params(84, S, T2T, 1e12);
}

// The tensor2tensor family divides by n - 1 so that the slowest channel is exactly 1/base.
void TestFrequencies::tensor2tensorLastIsInverseBase()
{
    QFETCH(EncodingParams, params);
    const Eigen::VectorXd w = frequencies(params);
    QVERIFY(w.size() >= 2);
    const double last = w[w.size() - 1];
    const double inverseBase = 1.0 / params.base;
    // exp(-(n-1) ln(base) / (n-1)) misses 1/base by up to 4.4e-15 relative at base 1e12
    // (rows d=84, d=128): the engine must compute it as a power.
    QVERIFY2(relativelyClose(last, inverseBase, 1e-15),
             text("w_last", int(w.size() - 1), last, inverseBase).constData());
}

void TestFrequencies::tensor2tensorSingleFrequency_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("split d=2") << reference::params(2, S, T2T);
    QTest::addRow("interleaved d=2") << reference::params(2, I, T2T);
    QTest::addRow("split d=3") << reference::params(3, S, T2T);
}

// With one frequency tensor2tensor guards the denominator with max(n-1, 1): w_0 = 1, finite.
void TestFrequencies::tensor2tensorSingleFrequency()
{
    QFETCH(EncodingParams, params);
    const Eigen::VectorXd w = frequencies(params);
    QCOMPARE(w.size(), Eigen::Index(1));
    QCOMPARE(w[0], 1.0);
}

void TestFrequencies::wavelengths_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("ratio"); // lambda_{i+1} / lambda_i, from the formula

    QTest::addRow("interleaved paper d=128")
        << reference::params(128, I, Paper) << std::pow(1e4, 2.0 / 128);
    QTest::addRow("interleaved paper d=7")
        << reference::params(7, I, Paper) << std::pow(1e4, 2.0 / 7);
    QTest::addRow("split paper d=512 base=1e12")
        << reference::params(512, S, Paper, 1e12) << std::pow(1e12, 2.0 / 512);
    QTest::addRow("split tensor2tensor d=512")
        << reference::params(512, S, T2T) << std::pow(1e4, 1.0 / 255);
    QTest::addRow("split tensor2tensor d=9 base=16")
        << reference::params(9, S, T2T, 16.0) << std::pow(16.0, 1.0 / 3);
}

// 2*pi / w_i: a geometric ladder starting at 2*pi (the fastest channel has period 2*pi).
void TestFrequencies::wavelengths()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, ratio);

    const Eigen::VectorXd lambda = posenc::wavelengths(params);
    const int n = reference::sineCount(params);
    QCOMPARE(lambda.size(), Eigen::Index(n));
    const double twoPi = 2.0 * std::numbers::pi;
    QVERIFY2(relativelyClose(lambda[0], twoPi, 1e-15),
             text("lambda", 0, lambda[0], twoPi).constData());
    for (int i = 0; i < n; ++i) {
        const double expected = twoPi / reference::frequency(params, i);
        QVERIFY2(relativelyClose(lambda[i], expected, 1e-14),
                 text("lambda", i, lambda[i], expected).constData());
        if (i > 0) {
            const double step = lambda[i] / lambda[i - 1];
            QVERIFY2(relativelyClose(step, ratio, 1e-13),
                     text("lambda ratio", i, step, ratio).constData());
        }
    }
    // The slowest wavelength: 2*pi*base for tensor2tensor, short of it for the paper's ladder.
    const double slowest = lambda[n - 1];
    if (params.frequencies == T2T)
        QVERIFY2(relativelyClose(slowest, twoPi * params.base, 1e-14),
                 text("lambda", n - 1, slowest, twoPi * params.base).constData());
    else
        QVERIFY2(slowest < twoPi * params.base,
                 text("lambda", n - 1, slowest, twoPi * params.base).constData());
}

QTEST_GUILESS_MAIN(TestFrequencies)
#include "tst_frequencies.moc"

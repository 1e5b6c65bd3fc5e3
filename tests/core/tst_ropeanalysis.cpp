// SPDX-License-Identifier: GPL-3.0-or-later
// What the context-extension lab draws beyond the frequencies (core/ropeanalysis.h), against the
// definitions written out again here: turns as length · θ / 2π, RoFormer's bound as its partial
// sums of unit phasors (and (d/2 + 1)/2 at distance 0, where every phasor is 1), the attention
// factors of YaRN and LongRoPE as their papers give them, and the angle error of cached keys
// found by trying every cached position with dynamic NTK written out.

#include "core/ropeanalysis.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <vector>

using namespace posenc;

namespace {

constexpr double kPi = std::numbers::pi;

std::vector<double> ladder(double base, int d)
{
    std::vector<double> theta;
    for (int i = 0; i < d / 2; ++i)
        theta.push_back(std::pow(base, -2.0 * i / d));
    return theta;
}

// (1/(d/2)) Σ_j |Σ_{k<j} (cos rθ_k, sin rθ_k)|, in two real sums.
double boundAt(const std::vector<double> &theta, double r)
{
    double sum = 0, re = 0, im = 0;
    for (double t : theta) {
        re += std::cos(r * t);
        im += std::sin(r * t);
        sum += std::hypot(re, im);
    }
    return sum / double(theta.size());
}

// Dynamic NTK's frequencies at length x: base · (s·x/L − (s − 1))^(d/(d−2)) beyond L.
std::vector<double> dynamicNtk(double base, int d, double s, double L, double x)
{
    const double alpha = x > L ? s * x / L - (s - 1) : 1.0;
    return ladder(base * std::pow(alpha, double(d) / (d - 2)), d);
}

} // namespace

class TestRopeAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void logSpacedEnds()
    {
        const std::vector<double> x = logSpaced(1, 1e6, 7);
        QCOMPARE(x.size(), std::size_t(7));
        for (std::size_t k = 0; k < x.size(); ++k)
            QVERIFY2(std::abs(x[k] - std::pow(10.0, double(k))) < 1e-9 * x[k], qPrintable(QString::number(x[k])));
        QCOMPARE(x.front(), 1.0);
        QCOMPARE(x.back(), 1e6);
    }

    void turns()
    {
        const std::vector<double> theta = ladder(10000, 128);
        const std::vector<double> t = ropeTurns(theta, 4096);
        for (std::size_t i = 0; i < theta.size(); ++i)
            QCOMPARE(t[i], 4096 * theta[i] / (2 * kPi));
        // Llama 2's head: pairs 46 to 63 make less than one turn within 4096 positions.
        QVERIFY(t[45] > 1 && t[46] < 1);
    }

    void decayBound_data()
    {
        QTest::addColumn<double>("base");
        QTest::addColumn<int>("d");
        QTest::addColumn<bool>("decays"); // four pairs are too few to decay
        QTest::newRow("d 8, base 100") << 100.0 << 8 << false;
        QTest::newRow("d 128, base 10000") << 10000.0 << 128 << true;
        QTest::newRow("d 96, base 500000") << 500000.0 << 96 << true;
    }

    void decayBound()
    {
        QFETCH(double, base);
        QFETCH(int, d);
        QFETCH(bool, decays);
        const std::vector<double> theta = ladder(base, d);
        const std::vector<double> r = {0, 1, 2.5, 10, 100, 4096, 32768};
        const std::vector<double> got = ropeDecayBound(theta, r);
        // At r = 0 every S_j is j: the mean of 1 .. d/2.
        QVERIFY(std::abs(got[0] - (d / 2 + 1) / 2.0) < 1e-12 * d);
        for (std::size_t n = 1; n < r.size(); ++n)
            QVERIFY2(std::abs(got[n] - boundAt(theta, r[n])) < 1e-9 * (d / 2),
                     qPrintable(QStringLiteral("r %1: %2 against %3").arg(r[n]).arg(got[n]).arg(boundAt(theta, r[n]))));
        // The bound decays: far below its start at 32768 positions.
        if (decays)
            QVERIFY(got.back() < 0.5 * got[0]);
    }

    void attentionFactors()
    {
        const std::vector<double> s = {1, 2, 8, 32, 64};
        RopeScaling yarn;
        yarn.method = RopeMethod::Yarn;
        yarn.dim = 128;
        yarn.originalContext = 4096;
        RopeScaling longrope = yarn;
        longrope.method = RopeMethod::LongRope;
        longrope.shortFactor.assign(64, 1.0);
        longrope.longFactor.assign(64, 2.0);
        RopeScaling linear = yarn;
        linear.method = RopeMethod::Linear;
        const std::vector<double> a = ropeAttentionFactors(yarn, s), b = ropeAttentionFactors(longrope, s),
                                  c = ropeAttentionFactors(linear, s);
        for (std::size_t k = 0; k < s.size(); ++k) {
            QVERIFY(std::abs(a[k] - (0.1 * std::log(s[k]) + 1)) < 1e-12);
            QVERIFY(std::abs(b[k] - (s[k] <= 1 ? 1.0 : std::sqrt(1 + std::log(s[k]) / std::log(4096.0)))) < 1e-12);
            QCOMPARE(c[k], 1.0);
        }
    }

    void cachedKeysOfDynamicNtk()
    {
        RopeScaling s;
        s.method = RopeMethod::DynamicNtk;
        s.dim = 8;
        s.base = 100;
        s.factor = 4;
        s.originalContext = 16;
        s.seqLen = 64;
        QVERIFY(!s.validate());
        const std::vector<double> got = ropeCachedKeyError(s);
        const std::vector<double> now = dynamicNtk(100, 8, 4, 16, 64);
        std::vector<double> want(4, 0.0);
        for (int p = 0; p < 64; ++p) {
            const std::vector<double> then = dynamicNtk(100, 8, 4, 16, p + 1);
            for (std::size_t i = 0; i < 4; ++i)
                want[i] = std::max(want[i], std::abs(p * (now[i] - then[i])));
        }
        for (std::size_t i = 0; i < 4; ++i)
            QVERIFY2(std::abs(got[i] - want[i]) < 1e-9 * (1 + want[i]),
                     qPrintable(QStringLiteral("pair %1: %2 against %3").arg(i).arg(got[i]).arg(want[i])));
        QCOMPARE(got[0], 0.0); // pair 0 turns at 1 radian a position whatever the base
        QVERIFY(got[3] > 0.1);
    }

    // LongRoPE switches lists at L: a key cached before is off by p · θ · |1/long − 1/short|.
    void cachedKeysOfLongRope()
    {
        RopeScaling s;
        s.method = RopeMethod::LongRope;
        s.dim = 8;
        s.base = 100;
        s.factor = 4;
        s.originalContext = 16;
        s.seqLen = 64;
        s.shortFactor = {1, 1, 1, 1};
        s.longFactor = {1, 2, 4, 8};
        QVERIFY(!s.validate());
        const std::vector<double> got = ropeCachedKeyError(s);
        const std::vector<double> theta = ladder(100, 8);
        for (std::size_t i = 0; i < 4; ++i) {
            // The last key cached with the short list is at p = 15 (the sequence held 16).
            const double want = 15 * theta[i] * std::abs(1 / s.longFactor[i] - 1 / s.shortFactor[i]);
            QVERIFY2(std::abs(got[i] - want) < 1e-12, qPrintable(QStringLiteral("pair %1: %2 against %3").arg(i).arg(got[i]).arg(want)));
        }
    }

    void fixedMethodsCacheRight()
    {
        for (RopeMethod method : {RopeMethod::Default, RopeMethod::Linear, RopeMethod::NtkAware, RopeMethod::Yarn,
                                  RopeMethod::Llama3}) {
            RopeScaling s;
            s.method = method;
            s.dim = 64;
            s.factor = 8;
            s.originalContext = 4096;
            s.seqLen = 32768;
            for (double e : ropeCachedKeyError(s))
                QCOMPARE(e, 0.0);
        }
    }
};

QTEST_APPLESS_MAIN(TestRopeAnalysis)
#include "tst_ropeanalysis.moc"

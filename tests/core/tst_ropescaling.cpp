// SPDX-License-Identifier: GPL-3.0-or-later
// RoPE's context-extension methods: every pair's frequency against the formulas written out
// again here (double precision, the way the papers and the reference code state them), and
// against numbers published or reproduced in the research notes (docs/context-extension.md):
// YaRN's ramp ends, gpt-oss's unrounded range, the NTK bases, the attention factors, Llama 3.1's
// bands, dynamic NTK's effective factor.

#include "core/ropescaling.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <tuple>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(posenc::RopeMethod)
Q_DECLARE_METATYPE(posenc::RopeScaling)
Q_DECLARE_METATYPE(std::vector<double>)

namespace {

constexpr double kPi = std::numbers::pi;

// The reference side: each method as its source writes it, one pair at a time.
namespace ref {

double invFreq(double base, int d, int i)
{
    return std::exp(-(2.0 * i / d) * std::log(base)); // base^(-2i/d)
}

// Position Interpolation: f'(x, m) = f(x, m L / L'), the positions divided by s.
double linear(double base, int d, int i, double s)
{
    return invFreq(base, d, i) * (1.0 / s);
}

// The NTK-aware base b' = b s^(|D|/(|D|-2)) (YaRN, Definition 1).
double ntk(double base, int d, int i, double s)
{
    const double scaledBase = base * std::exp(std::log(s) * d / (d - 2.0));
    return invFreq(scaledBase, d, i);
}

// transformers' dynamic NTK: the same with s replaced by factor·l/L − (factor − 1).
double dynamic(double base, int d, int i, double factor, double length, double context)
{
    const double l = length > context ? length : context;
    return ntk(base, d, i, factor * l / context - factor + 1.0);
}

// YaRN as the reference code computes it: the pair at which r rotations fit in L is
// d ln(L / (2π r)) / (2 ln b); the ramp runs linearly in the pair index between the two.
double yarn(double base, int d, int i, double s, double context, double betaFast, double betaSlow, bool truncate)
{
    double low = d * std::log(context / (betaFast * 2 * kPi)) / (2 * std::log(base));
    double high = d * std::log(context / (betaSlow * 2 * kPi)) / (2 * std::log(base));
    if (truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = low < 0 ? 0 : low;
    high = high > d - 1 ? d - 1 : high;
    if (high == low)
        high += 0.001;
    double gamma = (i - low) / (high - low); // 0: kept, 1: interpolated
    gamma = gamma < 0 ? 0 : gamma > 1 ? 1 : gamma;
    const double theta = invFreq(base, d, i);
    return (1 - gamma) * theta + gamma * theta / s;
}

// Llama 3.1's apply_scaling: by wavelength against L/high_freq_factor and L/low_freq_factor.
double llama3(double base, int d, int i, double s, double context, double low, double high)
{
    const double f = invFreq(base, d, i);
    const double lambda = 2 * kPi / f;
    if (lambda < context / high)
        return f;
    if (lambda > context / low)
        return f / s;
    const double smooth = (context / lambda - low) / (high - low);
    return (1 - smooth) * f / s + smooth * f;
}

} // namespace ref

RopeScaling make(RopeMethod method, int d, double base, double s, double context)
{
    RopeScaling scaling;
    scaling.method = method;
    scaling.dim = d;
    scaling.base = base;
    scaling.factor = s;
    scaling.originalContext = context;
    return scaling;
}

bool close(double got, double expected, double relative)
{
    return std::abs(got - expected) <= relative * std::abs(expected);
}

QByteArray pairText(int i, double got, double expected)
{
    return "pair " + QByteArray::number(i) + ": got " + QByteArray::number(got, 'g', 17) + ", expected "
           + QByteArray::number(expected, 'g', 17);
}

} // namespace

class TestRopeScaling : public QObject
{
    Q_OBJECT

private slots:
    void everyPairAgainstTheFormula_data();
    void everyPairAgainstTheFormula();
    void yarnRampEnds_data();
    void yarnRampEnds();
    void yarnUnroundedRangeOfGptOss();
    void yarnDivisorsOfLlama2();
    void attentionFactors_data();
    void attentionFactors();
    void ntkBases_data();
    void ntkBases();
    void dynamicEffectiveFactor_data();
    void dynamicEffectiveFactor();
    void llama3Bands_data();
    void llama3Bands();
    void longRopeChoosesItsListByLength();
    void llama2PairsBeyondTheContext();
    void unseenAnglesAndBands();
    void methodIds();
    void bandEdges();
    void validation_data();
    void validation();
};

void TestRopeScaling::everyPairAgainstTheFormula_data()
{
    QTest::addColumn<RopeMethod>("method");
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("base");
    QTest::addColumn<double>("s");
    QTest::addColumn<double>("context");
    QTest::addColumn<double>("seqLen");
    QTest::addColumn<bool>("truncate");
    using M = RopeMethod;
    QTest::newRow("default 128") << M::Default << 128 << 1e4 << 1.0 << 4096.0 << 0.0 << true;
    QTest::newRow("linear 128 s4") << M::Linear << 128 << 1e4 << 4.0 << 4096.0 << 0.0 << true;
    QTest::newRow("linear 64 s0.5") << M::Linear << 64 << 5e5 << 0.5 << 2048.0 << 0.0 << true;
    QTest::newRow("ntk 128 s2") << M::NtkAware << 128 << 1e4 << 2.0 << 4096.0 << 0.0 << true;
    QTest::newRow("ntk 96 s32") << M::NtkAware << 96 << 1e4 << 32.0 << 4096.0 << 0.0 << true;
    QTest::newRow("ntk 4 s3") << M::NtkAware << 4 << 100.0 << 3.0 << 64.0 << 0.0 << true;
    QTest::newRow("dynamic at L") << M::DynamicNtk << 128 << 1e4 << 4.0 << 4096.0 << 0.0 << true;
    QTest::newRow("dynamic at 4L") << M::DynamicNtk << 128 << 1e4 << 4.0 << 4096.0 << 16384.0 << true;
    QTest::newRow("dynamic 1M") << M::DynamicNtk << 256 << 1e6 << 2.0 << 32768.0 << 1e6 << true;
    QTest::newRow("yarn llama2 s16") << M::Yarn << 128 << 1e4 << 16.0 << 4096.0 << 0.0 << true;
    QTest::newRow("yarn qwen s4") << M::Yarn << 128 << 1e6 << 4.0 << 32768.0 << 0.0 << true;
    QTest::newRow("yarn gpt-oss") << M::Yarn << 64 << 150000.0 << 32.0 << 4096.0 << 0.0 << false;
    QTest::newRow("yarn huge L") << M::Yarn << 128 << 1e4 << 16.0 << 65536.0 << 0.0 << true;
    QTest::newRow("yarn tiny L") << M::Yarn << 16 << 1e4 << 2.0 << 8.0 << 0.0 << true;
    QTest::newRow("llama3 8B") << M::Llama3 << 128 << 5e5 << 8.0 << 8192.0 << 0.0 << true;
    QTest::newRow("llama3 1B") << M::Llama3 << 64 << 5e5 << 32.0 << 8192.0 << 0.0 << true;
}

void TestRopeScaling::everyPairAgainstTheFormula()
{
    QFETCH(RopeMethod, method);
    QFETCH(int, d);
    QFETCH(double, base);
    QFETCH(double, s);
    QFETCH(double, context);
    QFETCH(double, seqLen);
    QFETCH(bool, truncate);
    RopeScaling scaling = make(method, d, base, s, context);
    scaling.seqLen = seqLen;
    scaling.truncate = truncate;
    QVERIFY(!scaling.validate());
    const RopeFrequencies f = ropeFrequencies(scaling);
    QCOMPARE(f.pairs(), d / 2);
    for (int i = 0; i < d / 2; ++i) {
        double expected = ref::invFreq(base, d, i);
        switch (method) {
        case RopeMethod::Default: break;
        case RopeMethod::Linear: expected = ref::linear(base, d, i, s); break;
        case RopeMethod::NtkAware: expected = ref::ntk(base, d, i, s); break;
        case RopeMethod::DynamicNtk: expected = ref::dynamic(base, d, i, s, seqLen, context); break;
        case RopeMethod::Yarn: expected = ref::yarn(base, d, i, s, context, 32, 1, truncate); break;
        case RopeMethod::Llama3: expected = ref::llama3(base, d, i, s, context, 1, 4); break;
        case RopeMethod::LongRope: break;
        }
        QVERIFY2(close(f.invFreq[i], ref::invFreq(base, d, i), 1e-13), pairText(i, f.invFreq[i], ref::invFreq(base, d, i)));
        QVERIFY2(close(f.invFreqScaled[i], expected, 1e-12), pairText(i, f.invFreqScaled[i], expected));
        QVERIFY(close(f.divisor(i), ref::invFreq(base, d, i) / expected, 1e-12));
        QVERIFY(close(f.wavelengthScaled(i), 2 * kPi / expected, 1e-12));
        QVERIFY(close(f.rotationsInContext(i), context * ref::invFreq(base, d, i) / (2 * kPi), 1e-12));
    }
}

void TestRopeScaling::yarnRampEnds_data()
{
    // The research notes' table (d, base, L_orig) → raw ends (to 3 decimals) and their rounding.
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("base");
    QTest::addColumn<double>("context");
    QTest::addColumn<double>("rawLow");
    QTest::addColumn<double>("rawHigh");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::newRow("LLaMA 2048") << 128 << 1e4 << 2048.0 << 16.128 << 40.210 << 16.0 << 41.0;
    QTest::newRow("Llama 2 4096") << 128 << 1e4 << 4096.0 << 20.945 << 45.027 << 20.0 << 46.0;
    QTest::newRow("8192") << 128 << 1e4 << 8192.0 << 25.761 << 49.843 << 25.0 << 50.0;
    QTest::newRow("Qwen2.5 32768") << 128 << 1e6 << 32768.0 << 23.596 << 39.651 << 23.0 << 40.0;
    QTest::newRow("DeepSeek-V3 rope dim") << 64 << 1e4 << 4096.0 << 10.472 << 22.513 << 10.0 << 23.0;
    QTest::newRow("L_extended by mistake") << 128 << 1e4 << 65536.0 << 40.210 << 64.293 << 40.0 << 65.0;
}

void TestRopeScaling::yarnRampEnds()
{
    QFETCH(int, d);
    QFETCH(double, base);
    QFETCH(double, context);
    QFETCH(double, rawLow);
    QFETCH(double, rawHigh);
    QFETCH(double, low);
    QFETCH(double, high);
    QVERIFY(std::abs(yarnCorrectionDim(32, d, base, context) - rawLow) < 1e-3);
    QVERIFY(std::abs(yarnCorrectionDim(1, d, base, context) - rawHigh) < 1e-3);
    for (const double s : {2.0, 16.0, 32.0}) { // the range does not depend on s
        const RopeFrequencies f = ropeFrequencies(make(RopeMethod::Yarn, d, base, s, context));
        QCOMPARE(f.rampLow, low);
        QCOMPARE(f.rampHigh, high);
    }
}

void TestRopeScaling::yarnUnroundedRangeOfGptOss()
{
    // vLLM PR #28244 prints these for gpt-oss (head_dim 64, theta 150000, L 4096, truncate false).
    RopeScaling scaling = make(RopeMethod::Yarn, 64, 150000, 32, 4096);
    scaling.truncate = false;
    const RopeFrequencies f = ropeFrequencies(scaling);
    QVERIFY(close(f.rampLow, 8.092779115512402, 1e-14));
    QVERIFY(close(f.rampHigh, 17.39802450158856, 1e-14));
    scaling.truncate = true;
    QCOMPARE(ropeFrequencies(scaling).rampLow, 8.0);
    QCOMPARE(ropeFrequencies(scaling).rampHigh, 18.0);
}

void TestRopeScaling::yarnDivisorsOfLlama2()
{
    // The code's column of the research notes' table (d 128, base 1e4, L 4096, s 16): the ramp
    // is linear in the pair index between 20 and 46, so pair i keeps (46 − i)/26 of its frequency.
    const RopeFrequencies f = ropeFrequencies(make(RopeMethod::Yarn, 128, 1e4, 16, 4096));
    const std::pair<int, double> divisors[] = {{20, 1.0},    {23, 1.1213}, {25, 1.2199}, {30, 1.5639},
                                               {33, 1.8824}, {40, 3.5862}, {45, 10.146}, {46, 16.0}};
    for (const auto &[i, divisor] : divisors)
        QVERIFY2(close(f.divisor(i), divisor, 5e-4), pairText(i, f.divisor(i), divisor));
    for (int i = 0; i <= 20; ++i)
        QCOMPARE(f.divisor(i), 1.0);
    for (int i = 46; i < 64; ++i)
        QVERIFY(close(f.divisor(i), 16.0, 1e-14));
    QVERIFY(close(f.attentionFactor, 0.1 * std::log(16.0) + 1, 1e-15));
}

void TestRopeScaling::attentionFactors_data()
{
    QTest::addColumn<RopeScaling>("scaling");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("tolerance");
    // YaRN: 0.1 ln s + 1 (the paper's Eq. 25 gives 1.208 at s = 8).
    const std::pair<double, double> yarn[] = {{2, 1.069315}, {4, 1.138629}, {8, 1.207944}, {16, 1.277259},
                                              {32, 1.346574}, {40, 1.368888}, {64, 1.415888}, {128, 1.485203}};
    for (const auto &[s, m] : yarn)
        QTest::addRow("yarn s=%g", s) << make(RopeMethod::Yarn, 128, 1e4, s, 4096) << m << 1e-6;
    QTest::newRow("yarn s=1") << make(RopeMethod::Yarn, 128, 1e4, 1, 4096) << 1.0 << 0.0;
    RopeScaling explicitFactor = make(RopeMethod::Yarn, 128, 1e4, 8, 4096);
    explicitFactor.attentionFactor = 0.878;
    QTest::newRow("yarn explicit") << explicitFactor << 0.878 << 0.0;
    // DeepSeek-V3: mscale = mscale_all_dim = 1 gives 1; unequal ones their ratio.
    RopeScaling deepseek = make(RopeMethod::Yarn, 64, 1e4, 40, 4096);
    deepseek.mscale = 1.0;
    deepseek.mscaleAllDim = 1.0;
    QTest::newRow("yarn deepseek") << deepseek << 1.0 << 1e-15;
    deepseek.mscale = 0.707;
    QTest::newRow("yarn mscale ratio") << deepseek << (0.1 * 0.707 * std::log(40.0) + 1) / (0.1 * std::log(40.0) + 1)
                                       << 1e-14;
    deepseek.mscaleAllDim = 0.0; // zero counts as absent: back to 0.1 ln s + 1
    QTest::newRow("yarn mscale_all_dim 0") << deepseek << 0.1 * std::log(40.0) + 1 << 1e-14;
    // LongRoPE: sqrt(1 + ln s / ln L); Phi-3 128k gives sqrt(17/12).
    QTest::newRow("longrope phi3") << make(RopeMethod::LongRope, 96, 1e4, 32, 4096) << 1.190238 << 1e-6;
    QTest::newRow("longrope s16 8192") << make(RopeMethod::LongRope, 96, 1e4, 16, 8192) << 1.143544 << 1e-6;
    QTest::newRow("longrope s2") << make(RopeMethod::LongRope, 96, 1e4, 2, 4096) << 1.040833 << 1e-6;
    QTest::newRow("longrope s<=1") << make(RopeMethod::LongRope, 96, 1e4, 1, 4096) << 1.0 << 0.0;
    QTest::newRow("linear") << make(RopeMethod::Linear, 128, 1e4, 8, 4096) << 1.0 << 0.0;
    QTest::newRow("llama3") << make(RopeMethod::Llama3, 128, 5e5, 8, 8192) << 1.0 << 0.0;
}

void TestRopeScaling::attentionFactors()
{
    QFETCH(RopeScaling, scaling);
    QFETCH(double, expected);
    QFETCH(double, tolerance);
    scaling.shortFactor.assign(std::size_t(scaling.pairs()), 1.0);
    scaling.longFactor = scaling.shortFactor;
    QVERIFY(!scaling.validate());
    const double got = ropeFrequencies(scaling).attentionFactor;
    QVERIFY2(std::abs(got - expected) <= tolerance * expected, QByteArray::number(got, 'g', 17));
}

void TestRopeScaling::ntkBases_data()
{
    QTest::addColumn<double>("s");
    QTest::addColumn<double>("expected");
    // Llama 2 (d 128, base 1e4); YaRN's Table 1 names s = 2 "NTK (θ = 20k)".
    QTest::newRow("2") << 2.0 << 20221.3;
    QTest::newRow("4") << 4.0 << 40890.0;
    QTest::newRow("8") << 8.0 << 82685.0;
    QTest::newRow("16") << 16.0 << 167199.0;
    QTest::newRow("32") << 32.0 << 338097.0;
    QTest::newRow("64") << 64.0 << 683675.0;
}

void TestRopeScaling::ntkBases()
{
    QFETCH(double, s);
    QFETCH(double, expected);
    const RopeFrequencies f = ropeFrequencies(make(RopeMethod::NtkAware, 128, 1e4, s, 4096));
    QVERIFY2(std::abs(f.scaledBase - expected) < 1.0, QByteArray::number(f.scaledBase, 'g', 10));
    // The last pair gets exactly the interpolated wavelength.
    QVERIFY(close(f.divisor(63), s, 1e-12));
    QCOMPARE(f.divisor(0), 1.0);
}

void TestRopeScaling::dynamicEffectiveFactor_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<double>("length");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("base");
    // transformers' formula at d 128, base 1e4, L 4096: factor 4 at 4L is an NTK factor of 13.
    QTest::newRow("1 at L") << 1.0 << 4096.0 << 1.0 << 10000.0;
    QTest::newRow("1 at 1.5L") << 1.0 << 6144.0 << 1.5 << 15097.0;
    QTest::newRow("1 at 8L") << 1.0 << 32768.0 << 8.0 << 82685.0;
    QTest::newRow("2 at 1.5L") << 2.0 << 6144.0 << 2.0 << 20221.0;
    QTest::newRow("2 at 4L") << 2.0 << 16384.0 << 7.0 << 72196.0;
    QTest::newRow("4 at 2L") << 4.0 << 8192.0 << 5.0 << 51294.0;
    QTest::newRow("4 at 4L") << 4.0 << 16384.0 << 13.0 << 135402.0;
    QTest::newRow("4 at 8L") << 4.0 << 32768.0 << 29.0 << 305922.0;
    QTest::newRow("shorter than L") << 4.0 << 100.0 << 1.0 << 10000.0;
}

void TestRopeScaling::dynamicEffectiveFactor()
{
    QFETCH(double, factor);
    QFETCH(double, length);
    QFETCH(double, alpha);
    QFETCH(double, base);
    RopeScaling scaling = make(RopeMethod::DynamicNtk, 128, 1e4, factor, 4096);
    scaling.seqLen = length;
    const RopeFrequencies f = ropeFrequencies(scaling);
    QVERIFY(close(f.dynamicAlpha, alpha, 1e-14));
    QVERIFY2(std::abs(f.scaledBase - base) < 1.0, QByteArray::number(f.scaledBase, 'g', 10));
}

void TestRopeScaling::llama3Bands_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("s");
    QTest::addColumn<int>("lastKept");
    QTest::addColumn<int>("firstDivided");
    QTest::addColumn<std::vector<double>>("smoothDivisors");
    QTest::newRow("Llama 3.1 8B") << 128 << 8.0 << 28 << 35
                                  << std::vector<double>{1.2075, 1.5534, 2.0263, 2.6945, 3.6843, 5.2573};
    QTest::newRow("Llama 3.2 1B") << 64 << 32.0 << 14 << 18 << std::vector<double>{1.6513, 3.2923, 9.6667};
}

void TestRopeScaling::llama3Bands()
{
    QFETCH(int, d);
    QFETCH(double, s);
    QFETCH(int, lastKept);
    QFETCH(int, firstDivided);
    QFETCH(std::vector<double>, smoothDivisors);
    const RopeFrequencies f = ropeFrequencies(make(RopeMethod::Llama3, d, 5e5, s, 8192));
    for (int i = 0; i <= lastKept; ++i)
        QCOMPARE(f.divisor(i), 1.0);
    for (int i = lastKept + 1; i < firstDivided; ++i) {
        const double expected = smoothDivisors[std::size_t(i - lastKept - 1)];
        QVERIFY2(close(f.divisor(i), expected, 5e-4), pairText(i, f.divisor(i), expected));
    }
    for (int i = firstDivided; i < d / 2; ++i)
        QVERIFY(close(f.divisor(i), s, 1e-14));
}

void TestRopeScaling::longRopeChoosesItsListByLength()
{
    RopeScaling scaling = make(RopeMethod::LongRope, 8, 1e4, 32, 4096);
    scaling.shortFactor = {1.0, 1.5, 2.0, 3.0};
    scaling.longFactor = {1.0, 4.0, 16.0, 64.0};
    for (const auto &[length, expected, longList] :
         {std::tuple{0.0, scaling.shortFactor, false}, std::tuple{4096.0, scaling.shortFactor, false},
          std::tuple{4097.0, scaling.longFactor, true}}) {
        scaling.seqLen = length;
        const RopeFrequencies f = ropeFrequencies(scaling);
        QCOMPARE(f.longFactors, longList);
        for (int i = 0; i < 4; ++i)
            QVERIFY(close(f.divisor(i), expected[std::size_t(i)], 1e-14));
    }
}

void TestRopeScaling::llama2PairsBeyondTheContext()
{
    // Llama 2 (d 128, base 1e4, L 4096): pairs 46 to 63 have wavelengths beyond 4096.
    const RopeFrequencies f = ropeFrequencies(make(RopeMethod::Default, 128, 1e4, 1, 4096));
    for (int i = 0; i < 64; ++i)
        QCOMPARE(f.wavelength(i) > 4096, i >= 46);
    QVERIFY(close(f.rotationsInContext(0), 651.90, 1e-5));
    QVERIFY(close(f.rotationsInContext(45), 1.0039, 1e-4));
    QVERIFY(close(f.rotationsInContext(46), 0.8693, 1e-4));
    QVERIFY(close(f.rotationsInContext(63), 0.07528, 1e-4));
    QVERIFY(close(f.wavelength(63), 54410.1, 1e-6));
    QVERIFY(close(f.wavelength(0), 2 * kPi, 1e-15));
}

void TestRopeScaling::unseenAnglesAndBands()
{
    // Llama 2 (d 128, base 1e4, L 4096) read at 4L. As trained, the 18 pairs beyond L (46 to
    // 63) reach angles they never saw; PI none (it squeezes 4L into L); static NTK the pairs
    // 46 to 62 (the last gets PI's wavelength exactly), as the research notes count them.
    const auto unseen = [](RopeMethod method) {
        const RopeFrequencies f = ropeFrequencies(make(method, 128, 1e4, 4, 4096));
        std::vector<int> pairs;
        for (int i = 0; i < f.pairs(); ++i) {
            if (f.unseenAngles(i, 4 * 4096.0))
                pairs.push_back(i);
        }
        return pairs;
    };
    const auto range = [](int first, int last) {
        std::vector<int> pairs;
        for (int i = first; i <= last; ++i)
            pairs.push_back(i);
        return pairs;
    };
    QCOMPARE(unseen(RopeMethod::Default), range(46, 63));
    QCOMPARE(unseen(RopeMethod::Linear), std::vector<int>{});
    QCOMPARE(unseen(RopeMethod::NtkAware), range(46, 62));

    const RopeBands yarn = ropeBands(ropeFrequencies(make(RopeMethod::Yarn, 128, 1e4, 16, 4096)), 16);
    QCOMPARE(yarn.kept, 21);    // pairs 0 to 20
    QCOMPARE(yarn.divided, 18); // 46 to 63
    QCOMPARE(yarn.between, 25);
    const RopeBands llama = ropeBands(ropeFrequencies(make(RopeMethod::Llama3, 128, 5e5, 8, 8192)), 8);
    QCOMPARE(llama.kept, 29);
    QCOMPARE(llama.divided, 29);
    QCOMPARE(llama.between, 6);
}

void TestRopeScaling::methodIds()
{
    for (const RopeMethod m : {RopeMethod::Default, RopeMethod::Linear, RopeMethod::NtkAware, RopeMethod::DynamicNtk,
                               RopeMethod::Yarn, RopeMethod::Llama3, RopeMethod::LongRope})
        QCOMPARE(ropeMethodFromId(ropeMethodId(m)), m);
    QCOMPARE(ropeMethodId(RopeMethod::DynamicNtk), std::string_view("dynamic"));
    QVERIFY(!ropeMethodFromId("su"));
    QVERIFY(!ropeMethodFromId(""));
}

void TestRopeScaling::validation_data()
{
    QTest::addColumn<RopeScaling>("scaling");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    const RopeScaling good = make(RopeMethod::Yarn, 128, 1e4, 4, 4096);
    QTest::newRow("valid") << good << QString() << QString();
    const auto with = [&](auto change) {
        RopeScaling s = good;
        change(s);
        return s;
    };
    QTest::newRow("odd dim") << with([](RopeScaling &s) { s.dim = 127; }) << QStringLiteral("dim")
                             << QStringLiteral("dim must be an even integer in [4, 4096]");
    QTest::newRow("dim 2") << with([](RopeScaling &s) { s.dim = 2; }) << QStringLiteral("dim") << QString();
    QTest::newRow("base 1") << with([](RopeScaling &s) { s.base = 1; }) << QStringLiteral("base")
                            << QStringLiteral("base must be in (1, 1e+12]");
    QTest::newRow("factor 0") << with([](RopeScaling &s) { s.factor = 0; }) << QStringLiteral("factor") << QString();
    QTest::newRow("factor NaN") << with([](RopeScaling &s) { s.factor = std::nan(""); }) << QStringLiteral("factor")
                                << QString();
    QTest::newRow("L 0") << with([](RopeScaling &s) { s.originalContext = 0; })
                         << QStringLiteral("original_max_position_embeddings") << QString();
    QTest::newRow("seq_len -1") << with([](RopeScaling &s) { s.seqLen = -1; }) << QStringLiteral("seq_len") << QString();
    QTest::newRow("beta_fast 0") << with([](RopeScaling &s) { s.betaFast = 0; }) << QStringLiteral("beta_fast")
                                 << QString();
    QTest::newRow("attention_factor inf") << with([](RopeScaling &s) { s.attentionFactor = INFINITY; })
                                          << QStringLiteral("attention_factor") << QString();
    RopeScaling llama = make(RopeMethod::Llama3, 128, 5e5, 8, 8192);
    llama.highFreqFactor = 1.0;
    QTest::newRow("llama3 bands empty") << llama << QStringLiteral("high_freq_factor")
                                        << QStringLiteral("high_freq_factor must be in (1, 1e+06]");
    RopeScaling longrope = make(RopeMethod::LongRope, 8, 1e4, 4, 4096);
    longrope.shortFactor = {1, 1, 1};
    longrope.longFactor = {1, 1, 1, 1};
    QTest::newRow("longrope short list") << longrope << QStringLiteral("short_factor")
                                         << QStringLiteral("short_factor must hold d/2 = 4 numbers");
    longrope.shortFactor = {1, 1, 1, 1};
    longrope.longFactor = {1, 1, -2, 1};
    QTest::newRow("longrope negative") << longrope << QStringLiteral("long_factor") << QString();
}

void TestRopeScaling::validation()
{
    QFETCH(RopeScaling, scaling);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const std::optional<FieldError> error = scaling.validate();
    QCOMPARE(error ? QString::fromStdString(error->field) : QString(), field);
    if (!message.isEmpty())
        QCOMPARE(QString::fromStdString(error->message), message);
    // An invalid one computes without crashing (NaNs allowed).
    if (scaling.dim >= 2 && scaling.dim <= 4096)
        ropeFrequencies(scaling);
}

// The wavelengths where the bands meet: L over each threshold parameter.
void TestRopeScaling::bandEdges()
{
    RopeScaling s;
    s.dim = 128;
    s.originalContext = 4096;
    s.method = RopeMethod::Yarn;
    s.betaFast = 32;
    s.betaSlow = 2;
    std::optional<RopeBandEdges> e = ropeBandEdges(s);
    QVERIFY(e);
    QCOMPARE(e->kept, 128.0);
    QCOMPARE(e->divided, 2048.0);
    s.method = RopeMethod::Llama3;
    s.lowFreqFactor = 1;
    s.highFreqFactor = 4;
    e = ropeBandEdges(s);
    QVERIFY(e);
    QCOMPARE(e->kept, 1024.0);
    QCOMPARE(e->divided, 4096.0);
    for (RopeMethod m : {RopeMethod::Default, RopeMethod::Linear, RopeMethod::NtkAware, RopeMethod::DynamicNtk,
                         RopeMethod::LongRope}) {
        s.method = m;
        QVERIFY(!ropeBandEdges(s));
    }
}

QTEST_APPLESS_MAIN(TestRopeScaling)
#include "tst_ropescaling.moc"

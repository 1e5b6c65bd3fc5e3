// SPDX-License-Identifier: GPL-3.0-or-later
// The precision lab: rounding to float32, float16 and bfloat16 against a reference that
// decodes every 16-bit pattern by the IEEE formula and picks the nearest value by search, and
// the rounded encoding, its error, its overflow and its collisions against the formula
// p_h = round(pos), w_h = round(w), theta_h = round(p_h w_h), value_h = round(scale sin theta_h)
// written out here with reference.h's frequencies and layouts.

#include "core/precision.h"
#include "core/parallel.h"

#include "reference.h"

#include <QList>
#include <QScopeGuard>
#include <QTest>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <functional>
#include <map>
#include <numbers>
#include <random>
#include <set>
#include <utility>
#include <vector>

using namespace posenc;
using namespace reference::names;

Q_DECLARE_METATYPE(posenc::Precision)

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::uint64_t bitsOf(double x)
{
    return std::bit_cast<std::uint64_t>(x);
}

// "0.333251953125 (0x3fd5540000000000)" for messages.
QByteArray show(double x)
{
    return QByteArray::number(x, 'g', 17) + " (0x" + QByteArray::number(qulonglong(bitsOf(x)), 16) + ')';
}

// IEEE 754 binary16: sign s, 5 exponent bits e (bias 15), 10 fraction bits f.
// e = 0: (-1)^s * (f / 2^10) * 2^-14 (zero and subnormals); e = 31: inf (f = 0) or NaN;
// otherwise (-1)^s * (1 + f / 2^10) * 2^(e - 15).
double decodeFloat16(unsigned bits)
{
    const unsigned s = (bits >> 15) & 1, e = (bits >> 10) & 0x1F, f = bits & 0x3FF;
    const double sign = s ? -1.0 : 1.0;
    if (e == 0x1F)
        return f ? kNaN : sign * kInf;
    if (e == 0)
        return sign * (f / 1024.0) * std::pow(2.0, -14);
    return sign * (1.0 + f / 1024.0) * std::pow(2.0, int(e) - 15);
}

// bfloat16: sign s, 8 exponent bits e (bias 127), 7 fraction bits f, the same rules.
double decodeBFloat16(unsigned bits)
{
    const unsigned s = (bits >> 15) & 1, e = (bits >> 7) & 0xFF, f = bits & 0x7F;
    const double sign = s ? -1.0 : 1.0;
    if (e == 0xFF)
        return f ? kNaN : sign * kInf;
    if (e == 0)
        return sign * (f / 128.0) * std::pow(2.0, -126);
    return sign * (1.0 + f / 128.0) * std::pow(2.0, int(e) - 127);
}

// Every non-negative finite value of a 16-bit format, ascending, with its bit pattern.
struct Format {
    std::vector<double> values;
    std::vector<unsigned> bits;
    double largest = 0;
    // Halfway from the largest value to the next one the exponent range would have: from here
    // on the nearest is beyond the range, and at it the tie goes to the even neighbour, which
    // is that next value (the largest has an odd, all-ones fraction): inf.
    double threshold = 0;
};

Format buildFormat(double (*decode)(unsigned))
{
    std::vector<std::pair<double, unsigned>> all;
    for (unsigned b = 0; b < 65536; ++b) {
        const double v = decode(b);
        if (std::isfinite(v) && !std::signbit(v))
            all.emplace_back(v, b);
    }
    std::sort(all.begin(), all.end());
    Format format;
    for (const auto &[value, bits] : all) {
        format.values.push_back(value);
        format.bits.push_back(bits);
    }
    format.largest = format.values.back();
    format.threshold = format.largest + (format.largest - format.values[format.values.size() - 2]) / 2;
    return format;
}

const Format &float16Format()
{
    static const Format format = buildFormat(decodeFloat16);
    return format;
}

const Format &bfloat16Format()
{
    static const Format format = buildFormat(decodeBFloat16);
    return format;
}

// The nearest value of the format by search, ties to the even bit pattern (even last fraction
// bit), inf from the threshold on, the sign of x kept (also for zero).
double nearestIn(const Format &format, double x)
{
    if (std::isnan(x))
        return x;
    const double a = std::abs(x);
    double r;
    if (a >= format.threshold) {
        r = kInf;
    } else if (a >= format.largest) {
        r = format.largest;
    } else {
        // values[0] = 0 <= a < largest: a lies in [values[lo], values[hi]). Both distances are
        // exact (Sterbenz: the neighbours are within a factor 2 of a, or lo is 0).
        const std::size_t hi = std::size_t(std::upper_bound(format.values.begin(), format.values.end(), a)
                                           - format.values.begin());
        const std::size_t lo = hi - 1;
        const double below = a - format.values[lo], above = format.values[hi] - a;
        if (below < above)
            r = format.values[lo];
        else if (above < below)
            r = format.values[hi];
        else
            r = format.bits[lo] % 2 == 0 ? format.values[lo] : format.values[hi];
    }
    return std::copysign(r, x);
}

// The nearest float32 the same way: the neighbours lo <= |x| < hi found by stepping with
// nextafterf (from a first guess), ties to the even bit pattern.
double nearestFloat32(double x)
{
    if (std::isnan(x))
        return x;
    const double a = std::abs(x);
    const double largest = FLT_MAX;
    const double threshold = largest + (largest - double(std::nextafterf(FLT_MAX, 0.0f))) / 2;
    double r;
    if (a >= threshold) {
        r = kInf;
    } else if (a >= largest) {
        r = largest;
    } else {
        float lo = static_cast<float>(a); // a guess, corrected below
        while (double(lo) > a)
            lo = std::nextafterf(lo, 0.0f);
        while (double(std::nextafterf(lo, FLT_MAX)) <= a)
            lo = std::nextafterf(lo, FLT_MAX);
        const float hi = std::nextafterf(lo, FLT_MAX);
        const double below = a - double(lo), above = double(hi) - a;
        if (below < above)
            r = lo;
        else if (above < below)
            r = hi;
        else
            r = std::bit_cast<std::uint32_t>(lo) % 2 == 0 ? double(lo) : double(hi);
    }
    return std::copysign(r, x);
}

// round_h of the lab's definition: bfloat16 is the float32 rounding, then bfloat16's.
double referenceRound(Precision h, double x)
{
    switch (h) {
    case Precision::Float16:
        return nearestIn(float16Format(), x);
    case Precision::BFloat16:
        return nearestIn(bfloat16Format(), nearestFloat32(x));
    case Precision::Float32:
        break;
    }
    return nearestFloat32(x);
}

const char *name(Precision h)
{
    switch (h) {
    case Precision::Float16:
        return "float16";
    case Precision::BFloat16:
        return "bfloat16";
    case Precision::Float32:
        break;
    }
    return "float32";
}

constexpr Precision kAll[] = {Precision::Float32, Precision::Float16, Precision::BFloat16};

// value_h of every column at pos, from reference.h's frequencies and layouts.
std::vector<double> roundedRow(const EncodingParams &p, Precision h, double pos)
{
    const double ph = referenceRound(h, pos);
    std::vector<double> wh(std::size_t(p.dModel), 0.0);
    std::vector<double> row(std::size_t(p.dModel), 0.0);
    for (int c = 0; c < p.dModel; ++c) {
        const reference::Slot slot = reference::slot(p, c);
        if (slot.kind == reference::Kind::Zero)
            continue;
        const double w = referenceRound(h, reference::frequency(p, slot.pair));
        const double theta = referenceRound(h, ph * w);
        const double s = slot.kind == reference::Kind::Sin ? std::sin(theta) : std::cos(theta);
        row[std::size_t(c)] = referenceRound(h, p.scale * s);
    }
    return row;
}

bool sameBits(double a, double b)
{
    return bitsOf(a) == bitsOf(b);
}

// The doubles a category of roundToPrecision_data stands for.
std::vector<double> samples(Precision h, const QByteArray &category)
{
    std::vector<double> xs;
    std::mt19937_64 random(20240229); // fixed: the same doubles on every run
    const Format *format = h == Precision::Float16 ? &float16Format()
                           : h == Precision::BFloat16 ? &bfloat16Format()
                                                      : nullptr;
    // A float32 stand-in for the formats' tables: random finite floats, ascending.
    std::vector<double> floats;
    if (!format) {
        for (int k = 0; k < 100000; ++k) {
            const float f = std::bit_cast<float>(std::uint32_t(random() & 0x7FFFFFFFu));
            if (std::isfinite(f))
                floats.push_back(f);
        }
        floats.push_back(0.0);
        floats.push_back(FLT_MAX);
        std::sort(floats.begin(), floats.end());
    }
    const std::vector<double> &values = format ? format->values : floats;
    // The value after v in the format (float32: nextafterf).
    const auto next = [&](std::size_t k) {
        return format ? format->values[k + 1] : double(std::nextafterf(float(values[k]), FLT_MAX));
    };
    const auto both = [&](double x) {
        xs.push_back(x);
        xs.push_back(-x);
    };

    if (category == "random") {
        // Significands of 52 random bits in every binade from far below the smallest
        // subnormal to beyond the largest finite value.
        const int low = h == Precision::Float16 ? -40 : -170;
        const int high = h == Precision::Float16 ? 18 : 130;
        std::uniform_int_distribution<int> exponent(low, high);
        for (int k = 0; k < 200000; ++k) {
            const double significand = 1.0 + double(random() >> 12) * 0x1p-52;
            const double x = std::ldexp(significand, exponent(random));
            xs.push_back(random() & 1 ? -x : x);
        }
    } else if (category == "representable") {
        for (const double v : values)
            both(v);
    } else if (category == "midpoints") {
        // Halfway between neighbours (exact in double): ties, which go to the even one.
        for (std::size_t k = 0; k + 1 < values.size(); ++k)
            both(values[k] + (next(k) - values[k]) / 2);
    } else if (category == "near midpoints") {
        for (std::size_t k = 0; k + 1 < values.size(); ++k) {
            const double mid = values[k] + (next(k) - values[k]) / 2;
            both(std::nextafter(mid, 0.0));
            both(std::nextafter(mid, kInf));
            // One float32 step off the tie, for bfloat16 the smallest step its float32 rounding
            // keeps.
            both(double(std::nextafterf(float(mid), 0.0f)));
            both(double(std::nextafterf(float(mid), FLT_MAX)));
            both(values[k] + (next(k) - values[k]) / 4);
            both(values[k] + 3 * (next(k) - values[k]) / 4);
        }
    } else if (category == "subnormals") {
        // The smallest subnormal q of the format, the ladder k q and its midpoints, values
        // around q / 2 (a tie with zero), and random values in the subnormal range.
        const double q = h == Precision::Float16 ? 0x1p-24 : 0x1p-149 * (h == Precision::BFloat16 ? 65536 : 1);
        for (int k = 0; k <= 2100; ++k) {
            both(k * q);
            both((k + 0.5) * q);
            both((k + 0.25) * q);
        }
        for (const double x : {q / 2, q / 4, 3 * q / 4, q / 1024, 0x1p-150, 0x1p-151, 1e-300, 1e-320,
                               std::numeric_limits<double>::denorm_min(), DBL_MIN}) {
            both(x);
            both(std::nextafter(x, 0.0));
            both(std::nextafter(x, kInf));
        }
        std::uniform_real_distribution<double> fraction(0.0, 1.0);
        for (int k = 0; k < 20000; ++k)
            both(fraction(random) * 1100 * q);
    } else if (category == "boundary") {
        // The largest finite value, the overflow threshold halfway to the next one, and the
        // float16 numbers 65504 / 65520 for every format.
        const double largest = format ? format->largest : double(FLT_MAX);
        const double threshold = format ? format->threshold
                                        : largest + (largest - double(std::nextafterf(FLT_MAX, 0.0f))) / 2;
        for (const double x : {largest, threshold, 2 * largest, 65504.0, 65519.0, 65519.999, 65520.0, 65521.0,
                               65535.0, 65536.0, 1e5, double(FLT_MAX), 3.4e38, 1e39, 1e300, DBL_MAX, kInf}) {
            both(x);
            both(std::nextafter(x, 0.0));
            both(std::nextafter(x, kInf));
        }
    } else if (category == "integers") {
        for (int k = 0; k <= 70000; ++k)
            both(k);
        for (int k = -50; k <= 1000; ++k) {
            both(16777216.0 + k);
            both(1e9 + k);
        }
    } else if (category == "specials") {
        xs = {kNaN, -kNaN, 0.0, -0.0, kInf, -kInf, 1.0, -1.0, 0.1, 1.0 / 3.0, std::numbers::pi};
    }
    return xs;
}

// What precisionCollisions must find, by brute force: every row of the range computed with the
// reference, keyed by its bits.
struct Collisions {
    int distinctRoundedPositions = 0;
    int collidingPositions = 0;
    double first = kNaN;
    double partner = kNaN;
    bool distinctPositionsMerged = false; // some equal rows have different p_h
};

Collisions bruteForceCollisions(const EncodingParams &p, Precision h)
{
    std::map<std::vector<std::uint64_t>, std::vector<int>> classes;
    std::set<std::uint64_t> roundedPositions;
    for (int r = 0; r < p.seqLen; ++r) {
        const double pos = p.start + r;
        roundedPositions.insert(bitsOf(referenceRound(h, pos)));
        const std::vector<double> row = roundedRow(p, h, pos);
        std::vector<std::uint64_t> key(row.size());
        std::transform(row.begin(), row.end(), key.begin(), bitsOf);
        classes[key].push_back(r);
    }
    Collisions result;
    result.distinctRoundedPositions = int(roundedPositions.size());
    int firstRow = p.seqLen;
    for (const auto &[key, rows] : classes) {
        if (rows.size() < 2)
            continue;
        result.collidingPositions += int(rows.size());
        if (rows[0] < firstRow) { // rows ascend within a class
            firstRow = rows[0];
            result.first = p.start + rows[0];
            result.partner = p.start + rows[1];
        }
        std::set<std::uint64_t> ph;
        for (const int r : rows)
            ph.insert(bitsOf(referenceRound(h, p.start + r)));
        result.distinctPositionsMerged = result.distinctPositionsMerged || ph.size() > 1;
    }
    return result;
}

} // namespace

class TestPrecision : public QObject
{
    Q_OBJECT

private slots:
    void names_data();
    void names();
    void formatFacts_data();
    void formatFacts();
    void knownValues_data();
    void knownValues();
    void roundToPrecision_data();
    void roundToPrecision();
    void bfloat16DoubleRounding_data();
    void bfloat16DoubleRounding();
    void precisionError_data();
    void precisionError();
    void precisionCell_data();
    void precisionCell();
    void overflow_data();
    void overflow();
    void phaseError_data();
    void phaseError();
    void collisions_data();
    void collisions();
    void errorBoxesOverThreads_data();
    void errorBoxesOverThreads();
    void errorMapExtent_data();
    void errorMapExtent();
};

void TestPrecision::names_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("expected"); // the Precision, or -1 for none
    QTest::addRow("float32") << QByteArray("float32") << int(Precision::Float32);
    QTest::addRow("float16") << QByteArray("float16") << int(Precision::Float16);
    QTest::addRow("bfloat16") << QByteArray("bfloat16") << int(Precision::BFloat16);
    QTest::addRow("fp16 (not a name)") << QByteArray("fp16") << -1;
    QTest::addRow("Float16 (case matters)") << QByteArray("Float16") << -1;
    QTest::addRow("empty") << QByteArray() << -1;
    QTest::addRow("float64 (no such lab precision)") << QByteArray("float64") << -1;
}

// precisionFromName reads the names precisionName writes, and nothing else.
void TestPrecision::names()
{
    QFETCH(QByteArray, text);
    QFETCH(int, expected);
    const std::optional<Precision> parsed = precisionFromName(std::string_view(text.constData(), text.size()));
    if (expected < 0) {
        QVERIFY(!parsed.has_value());
        return;
    }
    QVERIFY(parsed.has_value());
    QCOMPARE(int(*parsed), expected);
    const std::string_view written = precisionName(*parsed);
    QCOMPARE(QByteArray(written.data(), qsizetype(written.size())), text);
}

void TestPrecision::formatFacts_data()
{
    QTest::addColumn<Precision>("h");
    for (const Precision h : kAll)
        QTest::addRow("%s", name(h)) << h;
}

// largestFinite and largestExactInteger against the decoded tables (float32: FLT_MAX and a walk
// over the integers with the reference rounding).
void TestPrecision::formatFacts()
{
    QFETCH(Precision, h);
    double largest = FLT_MAX;
    if (h != Precision::Float32) {
        const Format &format = h == Precision::Float16 ? float16Format() : bfloat16Format();
        // 31 finite exponents of 1024 fractions; 255 of 128.
        QCOMPARE(format.values.size(), std::size_t(h == Precision::Float16 ? 31 * 1024 : 255 * 128));
        QVERIFY(std::adjacent_find(format.values.begin(), format.values.end(), std::greater_equal<double>())
                == format.values.end());
        QVERIFY2(format.bits.back() % 2 == 1, "the largest value has an odd fraction: its tie goes up");
        largest = format.largest;
    }
    QVERIFY2(sameBits(largestFinite(h), largest), show(largestFinite(h)) + " vs " + show(largest));
    // Every integer up to N is representable, N + 1 is not.
    double n = 0;
    while (referenceRound(h, n + 1) == n + 1)
        ++n;
    QCOMPARE(largestExactInteger(h), n);
}

void TestPrecision::knownValues_data()
{
    QTest::addColumn<Precision>("h");
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("expected");
    const auto F16 = Precision::Float16, BF16 = Precision::BFloat16, F32 = Precision::Float32;
    QTest::addRow("f16 2049 -> 2048 (tie, even)") << F16 << 2049.0 << 2048.0;
    QTest::addRow("f16 2051 -> 2052 (tie, even)") << F16 << 2051.0 << 2052.0;
    QTest::addRow("f16 65504") << F16 << 65504.0 << 65504.0;
    QTest::addRow("f16 65519 -> 65504") << F16 << 65519.0 << 65504.0;
    QTest::addRow("f16 65520 -> inf") << F16 << 65520.0 << kInf;
    QTest::addRow("f16 -65520 -> -inf") << F16 << -65520.0 << -kInf;
    QTest::addRow("f16 1/3 = 0x3555") << F16 << 1.0 / 3.0 << 0.333251953125;
    QTest::addRow("f16 2^-25 -> 0 (tie with the smallest subnormal)") << F16 << 0x1p-25 << 0.0;
    QTest::addRow("f16 -2^-25 -> -0") << F16 << -0x1p-25 << -0.0;
    QTest::addRow("f16 1.5 * 2^-25 -> 2^-24") << F16 << 0x1.8p-25 << 0x1p-24;
    QTest::addRow("bf16 257 -> 256 (tie, even)") << BF16 << 257.0 << 256.0;
    QTest::addRow("bf16 259 -> 260 (tie, even)") << BF16 << 259.0 << 260.0;
    QTest::addRow("bf16 1/3 = 0x3EAB") << BF16 << 1.0 / 3.0 << 0.333984375;
    QTest::addRow("bf16 pi = 0x4049") << BF16 << std::numbers::pi << 3.140625;
    QTest::addRow("bf16 FLT_MAX -> inf") << BF16 << double(FLT_MAX) << kInf;
    QTest::addRow("f32 2^24 + 1 -> 2^24") << F32 << 16777217.0 << 16777216.0;
    QTest::addRow("f32 2^24 + 3 -> 2^24 + 4") << F32 << 16777219.0 << 16777220.0;
    QTest::addRow("f32 0.1") << F32 << 0.1 << double(0.1f);
}

// A few results known by heart, for the engine and for the reference alike (so that the
// reference is checked too).
void TestPrecision::knownValues()
{
    QFETCH(Precision, h);
    QFETCH(double, x);
    QFETCH(double, expected);
    QVERIFY2(sameBits(referenceRound(h, x), expected), "reference: " + show(referenceRound(h, x)));
    QVERIFY2(sameBits(posenc::roundToPrecision(h, x), expected), "engine: " + show(posenc::roundToPrecision(h, x)));
}

void TestPrecision::roundToPrecision_data()
{
    QTest::addColumn<Precision>("h");
    QTest::addColumn<QByteArray>("category");
    for (const Precision h : kAll) {
        for (const char *category : {"random", "representable", "midpoints", "near midpoints", "subnormals",
                                     "boundary", "integers", "specials"})
            QTest::addRow("%s %s", name(h), category) << h << QByteArray(category);
    }
}

// Bit for bit against the nearest value found by search (NaN as NaN).
void TestPrecision::roundToPrecision()
{
    QFETCH(Precision, h);
    QFETCH(QByteArray, category);
    const std::vector<double> xs = samples(h, category);
    QVERIFY(!xs.empty());
    for (const double x : xs) {
        const double got = posenc::roundToPrecision(h, x);
        const double expected = referenceRound(h, x);
        // QFAIL, not QVERIFY2: the message is built only for a failure (a million checks).
        if (std::isnan(expected) ? !std::isnan(got) : !sameBits(got, expected))
            QFAIL("round(" + show(x) + "): got " + show(got) + ", expected " + show(expected));
    }
}

void TestPrecision::bfloat16DoubleRounding_data()
{
    QTest::addColumn<double>("x");
    // Just above a bfloat16 tie by less than half a float32 step: one rounding goes up, the
    // float32 rounding lands on the tie and then goes to even (down).
    QTest::addRow("1 + 2^-8 + 2^-30") << 1.0 + 0x1p-8 + 0x1p-30;
    QTest::addRow("-(1 + 2^-8 + 2^-30)") << -(1.0 + 0x1p-8 + 0x1p-30);
    // Just below a tie whose even side is above: one rounding goes down, the other up.
    QTest::addRow("1 + 3 * 2^-8 - 2^-30") << 1.0 + 3 * 0x1p-8 - 0x1p-30;
    QTest::addRow("(1 + 2^-8 + 2^-30) * 2^20") << (1.0 + 0x1p-8 + 0x1p-30) * 0x1p20;
    QTest::addRow("257 + 2^-20 (a position)") << 257.0 + 0x1p-20;
}

// bfloat16 goes through float32: for these doubles that differs from one rounding.
void TestPrecision::bfloat16DoubleRounding()
{
    QFETCH(double, x);
    const double once = nearestIn(bfloat16Format(), x);
    const double viaFloat32 = nearestIn(bfloat16Format(), nearestFloat32(x));
    QVERIFY2(once != viaFloat32, "not a double-rounding case: " + show(once));
    const double got = posenc::roundToPrecision(Precision::BFloat16, x);
    QVERIFY2(sameBits(got, viaFloat32), "got " + show(got) + ", expected " + show(viaFloat32));
}

void TestPrecision::precisionError_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<Precision>("h");
    struct Case {
        const char *what;
        EncodingParams params;
    };
    const Case cases[] = {
        {"interleaved d128 x300 from 0", reference::make(128, 300, 0)},
        {"split d63 x200 from 1000, scale 0.5", reference::make(63, 200, 1000, S, Paper, 0.5)},
        {"interleaved d33 x120 from 60000", reference::make(33, 120, 60000)},
        {"split d16 tensor2tensor x100 from 0", reference::make(16, 100, 0, S, T2T)},
        {"interleaved d9 x80 from 0.25 (fractional)", reference::make(9, 80, 0.25)},
        {"split d10 x80 from -7.75, scale 0.5", reference::make(10, 80, -7.75, S, Paper, 0.5)},
        // (0.02 + 100) + r is not always 0.02 + (100 + r): the rows from 100 must still be at
        // start + (firstRow + r), the matrix's positions.
        {"interleaved d6 x300 from 0.02 (start + r rounds)", reference::make(6, 300, 0.02)},
        {"interleaved d8 x40 from 65500 (float16 overflows)", reference::make(8, 40, 65500)},
        {"interleaved d20 x64 from 1e6, base 1e12", reference::make(20, 64, 1e6, I, Paper, 1.0, 1e12)},
    };
    for (const Precision h : kAll) {
        for (const Case &c : cases)
            QTest::addRow("%s %s", name(h), c.what) << c.params << h;
    }
}

// value_h - PE: value_h bit for bit as written out here, PE within the reference tolerance,
// each cell as the inspector explains it, and a block of rows as the whole matrix has them.
void TestPrecision::precisionError()
{
    QFETCH(EncodingParams, params);
    QFETCH(Precision, h);
    QVERIFY(!params.validate());
    const RowMatrixXd error = posenc::precisionError(params, h);
    QCOMPARE(error.rows(), Eigen::Index(params.seqLen));
    QCOMPARE(error.cols(), Eigen::Index(params.dModel));
    for (int r = 0; r < params.seqLen; ++r) {
        const double pos = params.start + r;
        const std::vector<double> rounded = roundedRow(params, h, pos);
        for (int c = 0; c < params.dModel; ++c) {
            const double expectedRounded = rounded[std::size_t(c)];
            const PrecisionCell cell = posenc::precisionCell(params, h, pos, c);
            const auto where = [&] {
                return "(" + QByteArray::number(pos, 'g', 17) + ", " + QByteArray::number(c) + ")";
            };
            if (std::isnan(expectedRounded)) {
                if (!std::isnan(error(r, c)) || !std::isnan(cell.roundedValue))
                    QFAIL("error" + where() + " should be NaN: " + show(error(r, c)));
                continue;
            }
            if (!sameBits(cell.roundedValue, expectedRounded))
                QFAIL("value_h" + where() + ": got " + show(cell.roundedValue) + ", expected " + show(expectedRounded));
            if (!sameBits(error(r, c), cell.roundedValue - cell.value))
                QFAIL("error" + where() + " is not the cell's value_h - PE: " + show(error(r, c)));
            const double expected = expectedRounded - reference::value(params, pos, c);
            const double tol = reference::tolerance(params, pos);
            if (!(std::abs(error(r, c) - expected) <= tol))
                QFAIL(reference::mismatch("precisionError", pos, c, error(r, c), expected, tol));
        }
    }
    // A block of rows into a buffer of another shape, then into the same buffer again.
    RowMatrixXd block = RowMatrixXd::Constant(3, 5, 7.0);
    const int firstRow = params.seqLen / 3, rows = params.seqLen / 2;
    for (int pass = 0; pass < 2; ++pass) {
        precisionErrorRowsInto(params, h, firstRow, rows, block);
        QCOMPARE(block.rows(), Eigen::Index(rows));
        QCOMPARE(block.cols(), Eigen::Index(params.dModel));
        QVERIFY(std::memcmp(block.data(), error.middleRows(firstRow, rows).eval().data(),
                            sizeof(double) * std::size_t(block.size()))
                == 0);
    }

    // Boxes of the matrix just checked: the signed entry of largest magnitude of each, NaN
    // where a box holds one, found here by a plain loop over the whole matrix.
    const BoxGrid grid{2, std::max(params.seqLen - 3, 1), 7, 1, std::max(params.dModel - 1, 1), 3};
    const RowMatrixXd boxes = precisionErrorBoxes(params, h, grid);
    QCOMPARE(boxes.rows(), Eigen::Index(grid.rows()));
    QCOMPARE(boxes.cols(), Eigen::Index(grid.columns()));
    for (int b = 0; b < grid.rows(); ++b) {
        for (int k = 0; k < grid.columns(); ++k) {
            double worst = 0;
            bool nan = false;
            for (int r = grid.firstRow + b * 7; r < std::min(grid.firstRow + (b + 1) * 7, grid.firstRow + grid.rowCount); ++r)
                for (int c = grid.firstColumn + k * 3; c < std::min(grid.firstColumn + (k + 1) * 3, grid.firstColumn + grid.columnCount); ++c) {
                    nan = nan || std::isnan(error(r, c));
                    if (std::abs(error(r, c)) > std::abs(worst))
                        worst = error(r, c);
                }
            if (nan ? !std::isnan(boxes(b, k)) : !sameBits(boxes(b, k), worst))
                QFAIL("box (" + QByteArray::number(b) + ", " + QByteArray::number(k) + "): got " + show(boxes(b, k))
                      + ", expected " + (nan ? QByteArray("NaN") : show(worst)));
        }
    }
    // The largest entry, NaN left out, the first in row order among equal ones.
    double largest = 0;
    int largestRow = 0, largestColumn = 0;
    for (int r = 0; r < params.seqLen; ++r)
        for (int c = 0; c < params.dModel; ++c)
            if (std::abs(error(r, c)) > std::abs(largest)) {
                largest = error(r, c);
                largestRow = r;
                largestColumn = c;
            }
    const LargestPrecisionError found = largestPrecisionError(params, h);
    QVERIFY2(sameBits(found.error, largest), show(found.error) + " instead of " + show(largest));
    QCOMPARE(found.position, params.start + largestRow);
    QCOMPARE(found.column, largestColumn);
}

void TestPrecision::precisionCell_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<Precision>("h");
    QTest::addColumn<double>("pos");
    QTest::addColumn<int>("column");
    QTest::addColumn<bool>("overflow");
    const auto F16 = Precision::Float16, BF16 = Precision::BFloat16, F32 = Precision::Float32;
    const EncodingParams d64 = reference::make(64, 10, 0);
    const EncodingParams odd = reference::make(7, 10, 0);
    const EncodingParams splitOdd = reference::make(5, 10, 0, S);
    EncodingParams loud = reference::make(16, 10, 0);
    loud.scale = 1e5;
    QTest::addRow("f16 pos 10 sin 0") << d64 << F16 << 10.0 << 0 << false;
    QTest::addRow("f16 pos 1000.3 cos 5") << d64 << F16 << 1000.3 << 11 << false;
    QTest::addRow("f16 pos 65519 (65504, no overflow)") << d64 << F16 << 65519.0 << 2 << false;
    QTest::addRow("f16 pos 65520 overflows") << d64 << F16 << 65520.0 << 2 << true;
    QTest::addRow("f16 pos -1e6 overflows") << d64 << F16 << -1e6 << 3 << true;
    QTest::addRow("f16 scale 1e5: the value overflows") << loud << F16 << 1.5 << 0 << true;
    QTest::addRow("bf16 scale 1e5: in range") << loud << BF16 << 1.5 << 0 << false;
    QTest::addRow("bf16 pos 257") << d64 << BF16 << 257.0 << 1 << false;
    QTest::addRow("bf16 lone sine of d7") << odd << BF16 << 123.0 << 6 << false;
    QTest::addRow("f32 pos 1e9 + 1") << d64 << F32 << 1e9 + 1 << 40 << false;
    QTest::addRow("f32 split d5 zero column") << splitOdd << F32 << 12.0 << 4 << false;
    QTest::addRow("f16 split d5 zero column at an overflowing position") << splitOdd << F16 << 70000.0 << 4
                                                                         << true;
}

// Every field of the inspector's cell against the formula written out.
void TestPrecision::precisionCell()
{
    QFETCH(EncodingParams, params);
    QFETCH(Precision, h);
    QFETCH(double, pos);
    QFETCH(int, column);
    QFETCH(bool, overflow);
    const PrecisionCell cell = posenc::precisionCell(params, h, pos, column);
    QCOMPARE(cell.position, pos);
    QVERIFY2(sameBits(cell.roundedPosition, referenceRound(h, pos)), show(cell.roundedPosition));
    QCOMPARE(cell.overflow, overflow);
    const reference::Slot slot = reference::slot(params, column);
    if (slot.kind == reference::Kind::Zero) {
        QCOMPARE(cell.channel.kind, Channel::Kind::Zero);
        for (const double v : {cell.frequency, cell.roundedFrequency, cell.angle, cell.roundedAngle, cell.value,
                               cell.roundedValue})
            QCOMPARE(v, 0.0);
        return;
    }
    QCOMPARE(cell.channel.kind, slot.kind == reference::Kind::Sin ? Channel::Kind::Sin : Channel::Kind::Cos);
    QCOMPARE(cell.channel.pair, slot.pair);
    const double w = reference::frequency(params, slot.pair);
    QVERIFY(std::abs(cell.frequency - w) <= 4 * DBL_EPSILON * w);
    QVERIFY2(sameBits(cell.roundedFrequency, referenceRound(h, w)), show(cell.roundedFrequency));
    QCOMPARE(cell.angle, pos * cell.frequency);
    const double theta = referenceRound(h, referenceRound(h, pos) * referenceRound(h, w));
    QVERIFY2(sameBits(cell.roundedAngle, theta), show(cell.roundedAngle) + " vs " + show(theta));
    const double tol = reference::tolerance(params, pos);
    QVERIFY(std::abs(cell.value - reference::value(params, pos, column)) <= tol);
    const double scaled = params.scale * (slot.kind == reference::Kind::Sin ? std::sin(theta) : std::cos(theta));
    const double expected = referenceRound(h, scaled);
    QVERIFY2(std::isnan(expected) ? std::isnan(cell.roundedValue) : sameBits(cell.roundedValue, expected),
             show(cell.roundedValue) + " vs " + show(expected));
    // The flag is exactly "some rounding of a finite number gave inf".
    QCOMPARE(cell.overflow, std::isinf(referenceRound(h, pos)) || (std::isinf(expected) && std::isfinite(scaled)));
}

void TestPrecision::overflow_data()
{
    QTest::addColumn<Precision>("h");
    QTest::addColumn<double>("start");
    QTest::addColumn<int>("seqLen");
    for (const Precision h : kAll) {
        QTest::addRow("%s from 65000 x600", name(h)) << h << 65000.0 << 600;
        QTest::addRow("%s from 0 x16384", name(h)) << h << 0.0 << 16384;
        QTest::addRow("%s from 65504 x16 (65505..65519 round to 65504)", name(h)) << h << 65504.0 << 16;
        QTest::addRow("%s from 65519.5 x3", name(h)) << h << 65519.5 << 3;
        QTest::addRow("%s from -70000 x100", name(h)) << h << -70000.0 << 100;
        QTest::addRow("%s from -65600 x200 (back into range)", name(h)) << h << -65600.0 << 200;
        QTest::addRow("%s from 1e9 - 9 x10 (the last valid positions)", name(h)) << h << 1e9 - 9 << 10;
    }
}

// The first position of the range whose reference rounding is infinite, in row order.
void TestPrecision::overflow()
{
    QFETCH(Precision, h);
    QFETCH(double, start);
    QFETCH(int, seqLen);
    EncodingParams params = reference::make(16, seqLen, start);
    QVERIFY(!params.validate());
    double expected = kNaN;
    for (int r = 0; r < seqLen && std::isnan(expected); ++r) {
        if (std::isinf(referenceRound(h, start + r)))
            expected = start + r;
    }
    const double first = firstOverflowPosition(params, h);
    QVERIFY2(std::isnan(expected) ? std::isnan(first) : first == expected,
             "got " + show(first) + ", expected " + show(expected));
    QCOMPARE(precisionOverflows(params, h), !std::isnan(expected));
    // Where it overflows, the error matrix is NaN from that row on (until the range comes back).
    if (!std::isnan(expected)) {
        const RowMatrixXd error = posenc::precisionError(params, h);
        QVERIFY(error.row(int(expected - start)).array().isNaN().all());
    }
}

void TestPrecision::phaseError_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<Precision>("h");
    QTest::addColumn<int>("pair");
    QTest::addColumn<QList<double>>("positions");
    const QList<double> spread{0, 1, 10.5, 255, 257, 2047, 2049, 4097, 60001, 65519, 65520, -3000.3, 1e6 + 0.3, 1e9 + 1};
    const EncodingParams d128 = reference::make(128, 10, 0);
    for (const Precision h : kAll) {
        QTest::addRow("%s pair 0", name(h)) << d128 << h << 0 << spread;
        QTest::addRow("%s pair 3", name(h)) << d128 << h << 3 << spread;
        QTest::addRow("%s pair 63 (last)", name(h)) << d128 << h << 63 << spread;
        QTest::addRow("%s pair 64 (out of range)", name(h)) << d128 << h << 64 << spread;
        QTest::addRow("%s pair -1 (out of range)", name(h)) << d128 << h << -1 << spread;
        QTest::addRow("%s lone sine of d7", name(h)) << reference::make(7, 10, 0) << h << 3 << spread;
        QTest::addRow("%s split tensor2tensor pair 5", name(h)) << reference::make(12, 10, 0, S, T2T) << h << 5
                                                              << spread;
        QTest::addRow("%s no positions", name(h)) << d128 << h << 0 << QList<double>{};
    }
}

// |theta_h - pos w| on the circle (at most π) with theta_h = round(round(pos) round(w)); NaN for
// a pair that is not there.
void TestPrecision::phaseError()
{
    QFETCH(EncodingParams, params);
    QFETCH(Precision, h);
    QFETCH(int, pair);
    QFETCH(QList<double>, positions);
    Eigen::VectorXd at(positions.size());
    for (qsizetype k = 0; k < positions.size(); ++k)
        at[k] = positions[k];
    const Eigen::VectorXd error = posenc::phaseError(params, h, pair, at);
    QCOMPARE(error.size(), at.size());
    const bool inRange = pair >= 0 && pair < reference::sineCount(params);
    for (Eigen::Index k = 0; k < at.size(); ++k) {
        const QByteArray where = "pos " + QByteArray::number(at[k], 'g', 17) + ": got " + show(error[k]);
        if (!inRange) {
            QVERIFY2(std::isnan(error[k]), where);
            continue;
        }
        const double w = reference::frequency(params, pair);
        const double theta = referenceRound(h, referenceRound(h, at[k]) * referenceRound(h, w));
        // The distance on the circle: the difference taken to the nearest multiple of 2π.
        const double raw = theta - at[k] * w;
        const double expected = std::isfinite(raw) ? std::abs(raw - 2 * std::numbers::pi * std::round(raw / (2 * std::numbers::pi))) : std::abs(raw);
        if (std::isinf(expected)) {
            QVERIFY2(std::isinf(error[k]), where);
            continue;
        }
        // The exact angles pos w differ by the few ulp between the two ways of computing w.
        const double tol = reference::tolerance(params, at[k]);
        QVERIFY2(std::abs(error[k] - expected) <= tol, where + ", expected " + show(expected));
    }
}

void TestPrecision::collisions_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<Precision>("h");
    QTest::addColumn<bool>("none");   // no collisions at all
    QTest::addColumn<bool>("merged"); // some equal rows have different p_h
    const auto F16 = Precision::Float16, BF16 = Precision::BFloat16, F32 = Precision::Float32;
    QTest::addRow("float32 d128 x4096 from 0: none") << reference::make(128, 4096, 0) << F32 << true << false;
    QTest::addRow("bfloat16 d128 x4096 from 0") << reference::make(128, 4096, 0) << BF16 << false << false;
    QTest::addRow("float16 d128 x4096 from 0") << reference::make(128, 4096, 0) << F16 << false << false;
    QTest::addRow("bfloat16 d2 x4096 from 0: distinct p_h, equal rows")
        << reference::make(2, 4096, 0) << BF16 << false << true;
    QTest::addRow("float16 d2 x3000 from 0: distinct p_h, equal rows")
        << reference::make(2, 3000, 0) << F16 << false << true;
    QTest::addRow("float16 d16 x8192 from 60000 (overflowed rows)")
        << reference::make(16, 8192, 60000) << F16 << false << false;
    QTest::addRow("float16 split d7 x3000 from 1000, scale 0.5")
        << reference::make(7, 3000, 1000, S, Paper, 0.5) << F16 << false << false;
    QTest::addRow("float32 d64 x2000 from 1e9 - 2000") << reference::make(64, 2000, 1e9 - 2000) << F32 << false
                                                      << false;
    QTest::addRow("bfloat16 d32 x1000 from -100.5") << reference::make(32, 1000, -100.5) << BF16 << false << false;
    QTest::addRow("float16 d64 x1 (one position)") << reference::make(64, 1, 5000) << F16 << true << false;
}

// Every number of precisionCollisions against rows compared by brute force.
void TestPrecision::collisions()
{
    QFETCH(EncodingParams, params);
    QFETCH(Precision, h);
    QFETCH(bool, none);
    QFETCH(bool, merged);
    QVERIFY(!params.validate());
    const Collisions expected = bruteForceCollisions(params, h);
    QCOMPARE(expected.collidingPositions == 0, none);
    QCOMPARE(expected.distinctPositionsMerged, merged);
    const PrecisionCollisions got = precisionCollisions(params, h);
    QCOMPARE(got.positions, params.seqLen);
    QCOMPARE(got.distinctRoundedPositions, expected.distinctRoundedPositions);
    QCOMPARE(got.collidingPositions, expected.collidingPositions);
    const auto same = [](double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; };
    QVERIFY2(same(got.firstCollidingPosition, expected.first),
             "first: got " + show(got.firstCollidingPosition) + ", expected " + show(expected.first));
    QVERIFY2(same(got.firstCollidingPartner, expected.partner),
             "partner: got " + show(got.firstCollidingPartner) + ", expected " + show(expected.partner));
    // NaN exactly when nothing collides.
    QCOMPARE(std::isnan(got.firstCollidingPosition), none);
}

void TestPrecision::errorBoxesOverThreads_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<Precision>("h");
    QTest::addColumn<int>("rowsPerBox");
    QTest::addColumn<int>("threads");
    EncodingParams lab; // the lab at 512 x 512 less two dimensions, as a change of d_model
    lab.seqLen = 512;
    lab.dModel = 510;
    EncodingParams overflow = lab; // float16 overflows from 65520 on: NaN rows in the middle
    overflow.seqLen = 700;
    overflow.dModel = 64;
    overflow.start = 65200;
    EncodingParams tall = lab; // enough blocks of 128 rows for 8 parts, the last one short
    tall.seqLen = 1100;
    tall.dModel = 64;
    for (int threads : {2, 3, 8}) {
        QTest::addRow("1100 x 64, bfloat16, rows one by one, %d threads", threads)
            << tall << Precision::BFloat16 << 1 << threads;
        for (Precision h : {Precision::Float32, Precision::Float16, Precision::BFloat16}) {
            for (int rowsPerBox : {1, 5}) {
                QTest::addRow("512 x 510, %s, boxes of %d rows, %d threads", precisionName(h).data(), rowsPerBox, threads)
                    << lab << h << rowsPerBox << threads;
            }
        }
        QTest::addRow("float16 overflowing, %d threads", threads) << overflow << Precision::Float16 << 3 << threads;
    }
}

// The error map split over threads (parallelFor, a rounder per part) has the bits of the
// serial one, which precisionError() checks against the loop: NaN where a box overflowed.
void TestPrecision::errorBoxesOverThreads()
{
    QFETCH(EncodingParams, params);
    QFETCH(Precision, h);
    QFETCH(int, rowsPerBox);
    QFETCH(int, threads);
    const auto restore = qScopeGuard([] { setWorkerThreads(0); });
    const BoxGrid grid{0, params.seqLen, rowsPerBox, 1, params.dModel - 1, 2};
    setWorkerThreads(1);
    const RowMatrixXd serial = precisionErrorBoxes(params, h, grid);
    setWorkerThreads(threads);
    const RowMatrixXd split = precisionErrorBoxes(params, h, grid);
    QCOMPARE(split.rows(), serial.rows());
    QCOMPARE(split.cols(), serial.cols());
    int nan = 0;
    for (Eigen::Index i = 0; i < serial.size(); ++i) {
        nan += std::isnan(serial.data()[i]);
        if (!sameBits(split.data()[i], serial.data()[i]))
            QFAIL("box " + QByteArray::number(qlonglong(i)) + ": " + show(split.data()[i]) + " split, "
                  + show(serial.data()[i]) + " serial");
    }
    QCOMPARE(nan > 0, params.start > 65000);
}

void TestPrecision::errorMapExtent_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QByteArray>("values"); // normal, spread (log-uniform), zeros, equal
    QTest::addColumn<int>("nanRows");
    QTest::addColumn<double>("share");
    QTest::newRow("normal errors") << 64 << 32 << QByteArray("normal") << 0 << 0.95;
    QTest::newRow("over many decades") << 512 << 512 << QByteArray("spread") << 0 << 0.95;
    QTest::newRow("overflowed rows") << 300 << 128 << QByteArray("normal") << 40 << 0.95;
    QTest::newRow("mostly exact") << 128 << 64 << QByteArray("zeros") << 0 << 0.95;
    QTest::newRow("all equal") << 50 << 20 << QByteArray("equal") << 0 << 0.95;
    QTest::newRow("median") << 99 << 7 << QByteArray("spread") << 0 << 0.5;
    QTest::newRow("one entry") << 1 << 1 << QByteArray("normal") << 0 << 0.95;
    QTest::newRow("sampled, every 2nd") << 1024 << 600 << QByteArray("spread") << 10 << 0.95;
    QTest::newRow("sampled, every 3rd") << 2048 << 400 << QByteArray("normal") << 0 << 0.95;
}

// Against a full sort of the entries the extent is defined over.
void TestPrecision::errorMapExtent()
{
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(QByteArray, values);
    QFETCH(int, nanRows);
    QFETCH(double, share);
    std::mt19937_64 random(20261207);
    std::normal_distribution<double> normal(0, 1e-3);
    std::uniform_real_distribution<double> uniform(-12, 0);
    RowMatrixXd boxes(rows, columns);
    for (Eigen::Index i = 0; i < boxes.size(); ++i) {
        double &e = boxes.data()[i];
        if (values == "normal")
            e = normal(random);
        else if (values == "spread")
            e = (random() & 1 ? 1 : -1) * std::pow(10.0, uniform(random));
        else if (values == "zeros")
            e = random() % 50 == 0 ? normal(random) : (random() & 1 ? 0.0 : -0.0);
        else
            e = -0.25;
    }
    for (int r = 0; r < nanRows; ++r)
        boxes.row(rows - 1 - r).setConstant(std::numeric_limits<double>::quiet_NaN());
    RowMatrixXd expectedBoxes = boxes;
    std::vector<double> magnitudes;
    const Eigen::Index stride = std::max<Eigen::Index>(1, boxes.size() / kErrorExtentSample);
    double largest = 0;
    for (Eigen::Index i = 0; i < expectedBoxes.size(); ++i) {
        double &e = expectedBoxes.data()[i];
        if (std::isnan(e))
            e = 0;
        largest = std::max(largest, std::abs(e));
        if (i % stride == 0)
            magnitudes.push_back(std::abs(e));
    }
    std::sort(magnitudes.begin(), magnitudes.end());
    const double typical = magnitudes[std::size_t(share * double(magnitudes.size() - 1))];

    const ErrorMapExtent extent = posenc::errorMapExtent(boxes, share);
    QCOMPARE(extent.largest, largest);
    QCOMPARE(extent.typical, typical);
    for (Eigen::Index i = 0; i < boxes.size(); ++i)
        QVERIFY(sameBits(boxes.data()[i], expectedBoxes.data()[i]));
}

QTEST_GUILESS_MAIN(TestPrecision)
#include "tst_precision.moc"

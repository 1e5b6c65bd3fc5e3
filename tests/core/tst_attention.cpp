// SPDX-License-Identifier: GPL-3.0-or-later
// The attention lab's engine against an independent reference written out below: splitmix64,
// FNV-1a and Box–Muller transcribed from their definitions (and checked against published test
// vectors), one attention head in plain loops (projections, RoPE rotations with std::cos and
// std::sin, ALiBi slopes, a float32 transcription of T5's bucketing, the softmax), the export's
// position terms as the dot products they are defined as, and ViT similarities from
// reference.h's encoding. Nothing on the expected side calls core/; the engine's generator is
// only used as an input where a row says so.

#include "core/attention.h"
#include "core/patchgrid.h"

#include "reference.h"

#include <QStringList>
#include <QTest>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <set>
#include <string>
#include <vector>

using namespace posenc;
using namespace reference::names;

Q_DECLARE_METATYPE(posenc::AttentionSetup)
Q_DECLARE_METATYPE(posenc::AttentionExportSpec)
Q_DECLARE_METATYPE(posenc::AttentionEncoding)
Q_DECLARE_METATYPE(posenc::RopePairs)
Q_DECLARE_METATYPE(std::uint64_t)

namespace {

using Mat = Eigen::MatrixXd;
using Vec = Eigen::VectorXd;

// ---------------------------------------------------------------------------------------------
// The generator, from its definition in attention.h

std::uint64_t refSplitmix(std::uint64_t x)
{
    std::uint64_t z = x + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t refFnv(const std::string &bytes)
{
    std::uint64_t h = 14695981039346656037ULL; // 0xcbf29ce484222325
    for (unsigned char b : bytes) {
        h ^= b;
        h *= 1099511628211ULL; // 0x100000001b3
    }
    return h;
}

double refUniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    const std::uint64_t key = refSplitmix(refSplitmix(seed) ^ stream);
    return std::ldexp(double(refSplitmix(key ^ index) >> 11), -53);
}

double refNormal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    const std::uint64_t k = index / 2;
    const double u1 = 1.0 - refUniform(seed, stream, 2 * k);
    const double u2 = refUniform(seed, stream, 2 * k + 1);
    const double r = std::sqrt(-2.0 * std::log(u1));
    return index % 2 == 0 ? r * std::cos(2.0 * std::numbers::pi * u2) : r * std::sin(2.0 * std::numbers::pi * u2);
}

std::uint64_t refIndex(long long row, long long column)
{
    return (std::uint64_t(row) << 32) + std::uint64_t(column);
}

// The documented streams, as numbers: a change of them changes every seeded value.
constexpr std::uint64_t Wq = 1, Wk = 2, Wv = 3, Wproj = 4, LearnedTable = 5, T5Table = 6;

Vec refToken(const std::string &token, std::uint64_t seed, int d)
{
    Vec t(d);
    for (int c = 0; c < d; ++c)
        t[c] = refNormal(seed, refFnv(token), std::uint64_t(c));
    return t;
}

Vec refLearned(std::uint64_t seed, long long position, int d)
{
    Vec p(d);
    for (int c = 0; c < d; ++c)
        p[c] = refNormal(seed, LearnedTable, refIndex(position, c));
    return p;
}

Mat refWeight(std::uint64_t seed, std::uint64_t stream, int rows, int d)
{
    Mat w(rows, d);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < d; ++c)
            w(r, c) = refNormal(seed, stream, refIndex(r, c)) / std::sqrt(double(rows));
    return w;
}

Vec refPE(const EncodingParams &p, double pos)
{
    const std::vector<double> v = reference::encoding(p, pos);
    return Eigen::Map<const Vec>(v.data(), Eigen::Index(v.size()));
}

// T5Attention._relative_position_bucket in float32, bidirectional, written again.
int refBucket(int relative, int numBuckets, int maxDistance)
{
    int buckets = 0;
    numBuckets /= 2;
    if (relative > 0)
        buckets += numBuckets;
    int n = relative < 0 ? -relative : relative;
    const int maxExact = numBuckets / 2;
    if (n < maxExact)
        return buckets + n;
    float x = float(n) / float(maxExact);
    x = std::log(x);                                      // torch.log on a float32 tensor
    x = x / float(std::log(double(maxDistance) / maxExact)); // / math.log(..) (a float32 op)
    x = x * float(numBuckets - maxExact);
    long long large = maxExact + (long long)x; // .to(torch.long): toward zero
    if (large > numBuckets - 1)
        large = numBuckets - 1;
    return buckets + int(large);
}

// ---------------------------------------------------------------------------------------------
// One head in plain loops

struct Ref {
    Mat tokens, position, input, q, k, v, bias, scores, weights, output;
    Vec pooled, tokenNorms, positionNorms, normRatios;
    std::vector<int> without;
};

Mat product(const Mat &a, const Mat &b)
{
    Mat r = Mat::Zero(a.rows(), b.cols());
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < b.cols(); ++j) {
            double s = 0;
            for (Eigen::Index k = 0; k < a.cols(); ++k)
                s += a(i, k) * b(k, j);
            r(i, j) = s;
        }
    return r;
}

void refRotate(const AttentionSetup &s, Mat &m)
{
    const int d = s.encoding.dModel;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        const double pos = s.encoding.start + double(i);
        for (int t = 0; t < d / 2; ++t) {
            const double angle = pos * std::pow(s.encoding.base, -2.0 * t / d);
            const int a = s.ropePairs == RopePairs::Interleaved ? 2 * t : t;
            const int b = s.ropePairs == RopePairs::Interleaved ? 2 * t + 1 : t + d / 2;
            const double x = m(i, a), y = m(i, b);
            m(i, a) = x * std::cos(angle) - y * std::sin(angle);
            m(i, b) = x * std::sin(angle) + y * std::cos(angle);
        }
    }
}

Ref refAttend(const AttentionSetup &s, const std::vector<std::string> &tokens)
{
    const int n = int(tokens.size());
    const int d = s.encoding.dModel;
    Ref r;
    r.tokens.resize(n, d);
    for (int i = 0; i < n; ++i)
        r.tokens.row(i) = refToken(tokens[std::size_t(i)], s.seed, d).transpose();
    const bool withPosition = s.kind == AttentionEncoding::Sinusoidal || s.kind == AttentionEncoding::Learned;
    r.position = Mat::Zero(withPosition ? n : 0, d);
    for (int i = 0; i < n && withPosition; ++i) {
        const double pos = s.encoding.start + i;
        if (s.kind == AttentionEncoding::Sinusoidal)
            r.position.row(i) = refPE(s.encoding, pos).transpose();
        else if (pos >= 0 && pos < s.learnedPositions && pos == std::floor(pos))
            r.position.row(i) = refLearned(s.seed, (long long)pos, d).transpose();
        else
            r.without.push_back(i);
    }
    if (!withPosition) {
        r.input = r.tokens;
    } else if (s.join == PeJoin::Add) {
        r.input = r.tokens + r.position;
    } else if (s.join == PeJoin::Alpha) {
        r.input = s.alpha * r.tokens + (1 - s.alpha) * r.position;
    } else {
        Mat joined(n, 2 * d);
        joined << r.tokens, r.position;
        r.input = product(joined, refWeight(s.seed, Wproj, 2 * d, d));
    }
    if (s.weights == AttentionWeightsKind::Identity) {
        r.q = r.k = r.v = r.input;
    } else {
        r.q = product(r.input, refWeight(s.seed, Wq, d, d));
        r.k = product(r.input, refWeight(s.seed, Wk, d, d));
        r.v = product(r.input, refWeight(s.seed, Wv, d, d));
    }
    if (s.kind == AttentionEncoding::Rope) {
        refRotate(s, r.q);
        refRotate(s, r.k);
    }
    r.bias = Mat::Zero(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (s.kind == AttentionEncoding::Alibi)
                r.bias(i, j) = -std::pow(2.0, -8.0 * (s.head + 1) / s.heads) * std::abs(i - j);
            if (s.kind == AttentionEncoding::T5)
                r.bias(i, j) = refNormal(s.seed, T5Table, refIndex(refBucket(j - i, s.t5Buckets, s.t5MaxDistance), s.head));
            if (s.kind == AttentionEncoding::SeedRelative && std::abs(i - j) <= s.relativeMaxDistance)
                r.bias(i, j) = r.q.row(i).dot(refPE(s.encoding, std::abs(i - j))) / std::sqrt(double(d));
        }
    r.scores = product(r.q, r.k.transpose()) / std::sqrt(double(d)) + r.bias;
    r.weights.resize(n, n);
    for (int i = 0; i < n; ++i) {
        double top = -std::numeric_limits<double>::infinity();
        for (int j = 0; j < n; ++j)
            top = std::max(top, r.scores(i, j));
        double sum = 0;
        for (int j = 0; j < n; ++j)
            sum += std::exp(r.scores(i, j) - top);
        for (int j = 0; j < n; ++j)
            r.weights(i, j) = std::exp(r.scores(i, j) - top) / sum;
    }
    r.output = product(r.weights, r.v);
    r.pooled = Vec::Zero(d);
    for (int i = 0; i < n; ++i)
        r.pooled += r.output.row(i).transpose() / n;
    r.tokenNorms.resize(n);
    for (int i = 0; i < n; ++i)
        r.tokenNorms[i] = std::sqrt(r.tokens.row(i).squaredNorm());
    if (withPosition) {
        r.positionNorms.resize(n);
        r.normRatios.resize(n);
        for (int i = 0; i < n; ++i) {
            r.positionNorms[i] = std::sqrt(r.position.row(i).squaredNorm());
            r.normRatios[i] = r.positionNorms[i] / r.tokenNorms[i];
        }
    }
    return r;
}

// ---------------------------------------------------------------------------------------------
// Helpers

std::vector<std::string> words(const QString &phrase)
{
    std::vector<std::string> out;
    for (const QString &w : phrase.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        out.push_back(w.toStdString());
    return out;
}

AttentionSetup setupOf(AttentionEncoding kind, int d, double start = 0.0,
                       AttentionWeightsKind weights = AttentionWeightsKind::Random, PeJoin join = PeJoin::Add,
                       std::uint64_t seed = 7)
{
    AttentionSetup s;
    s.encoding.dModel = d;
    s.encoding.start = start;
    s.kind = kind;
    s.weights = weights;
    s.join = join;
    s.seed = seed;
    return s;
}

// The largest |a - b| over a matrix, for a message.
template<typename A, typename B>
double maxDiff(const A &a, const B &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return std::numeric_limits<double>::infinity();
    double m = 0;
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j)
            m = std::max(m, std::abs(double(a(i, j)) - double(b(i, j))));
    return m;
}

template<typename A>
double maxAbs(const A &a)
{
    double m = 0;
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j)
            m = std::max(m, std::abs(double(a(i, j))));
    return m;
}

template<typename A>
bool allFinite(const A &a)
{
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j)
            if (!std::isfinite(double(a(i, j))))
                return false;
    return true;
}

// Compares one field within tol relative to max(1, its largest magnitude).
#define COMPARE_FIELD(got, want, tol)                                                                    \
    do {                                                                                                 \
        const double limit_ = (tol) * std::max(1.0, maxAbs(want));                                       \
        const double err_ = maxDiff(got, want);                                                          \
        QVERIFY2(err_ <= limit_, QByteArray(#got) + ": max |diff| " + QByteArray::number(err_, 'g', 3)   \
                                     + " > " + QByteArray::number(limit_, 'g', 3) + " (shape "           \
                                     + QByteArray::number(qlonglong(got.rows())) + "x"                   \
                                     + QByteArray::number(qlonglong(got.cols())) + ")");                  \
    } while (false)

const char *kindName(AttentionEncoding kind)
{
    switch (kind) {
    case AttentionEncoding::None: return "none";
    case AttentionEncoding::Sinusoidal: return "sinusoidal";
    case AttentionEncoding::Learned: return "learned";
    case AttentionEncoding::Rope: return "rope";
    case AttentionEncoding::Alibi: return "alibi";
    case AttentionEncoding::T5: return "t5";
    case AttentionEncoding::SeedRelative: return "relative";
    }
    return "?";
}

} // namespace

class TestAttention : public QObject
{
    Q_OBJECT

private slots:
    void projectionBits_data();
    void projectionBits();
    void splitmix64Vectors_data();
    void splitmix64Vectors();
    void fnvVectors_data();
    void fnvVectors();
    void seededNormal_data();
    void seededNormal();
    void normalStatistics_data();
    void normalStatistics();
    void tokenEmbedding_data();
    void tokenEmbedding();
    void tokenSameInAnySentence_data();
    void tokenSameInAnySentence();
    void learnedTable_data();
    void learnedTable();
    void learnedPastTheTable_data();
    void learnedPastTheTable();
    void attend_data();
    void attend();
    void softmaxRows_data();
    void softmaxRows();
    void shuffle_data();
    void shuffle();
    void shift_data();
    void shift();
    void norms_data();
    void norms();
    void joins_data();
    void joins();
    void alibiSlope_data();
    void alibiSlope();
    void t5BucketHand_data();
    void t5BucketHand();
    void t5BucketTranscription_data();
    void t5BucketTranscription();
    void exportTerm_data();
    void exportTerm();
    void exportBlocks_data();
    void exportBlocks();
    void vit_data();
    void vit();
    void vitNeighbours_data();
    void vitNeighbours();
    void permutation_data();
    void permutation();
    void validation_data();
    void validation();
    void exportValidation_data();
    void exportValidation();
    void names();
    void weights_data();
    void weights();
    void weightCacheGivesTheSameBits_data();
    void weightCacheGivesTheSameBits();
};

// ---- the generator ---------------------------------------------------------------------------

// q, k and v have the bits of the plain loop: each entry summed over k = 0 .. d-1 in that
// order from 0, a multiply then an add, with W(k, c) = fl(factor * table(k, c)). The shuffle
// test (rows only move with their tokens) and RoPE's shift test (the same scores, not nearly)
// rest on it. Whatever kernel this processor runs (portable, AVX2, AVX-512: 2, 4 or 8 lanes,
// tiles of 6 or 12 rows) must give them: an FMA, another order or a lost row fails here. The
// widths cross the lane chunks (16 columns for AVX-512) and the phrases the tiles of rows.
void TestAttention::projectionBits_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("tokens");
    for (int d : {2, 9, 16, 63, 100, 510, 512}) {
        for (int n : {1, 5, 7, 13, 25})
            QTest::addRow("d %d, %d tokens", d, n) << d << n;
    }
}

void TestAttention::projectionBits()
{
    QFETCH(int, d);
    QFETCH(int, tokens);
    std::vector<std::string> phrase;
    for (int i = 0; i < tokens; ++i)
        phrase.push_back("w" + std::to_string(i % 11)); // repeated tokens: rows shared by position only
    auto plainLoop = [d](const RowMatrixXd &x, const RowMatrixXd &table, double factor) {
        RowMatrixXd out(x.rows(), d);
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            for (int c = 0; c < d; ++c) {
                double sum = 0;
                for (int k = 0; k < d; ++k) {
                    volatile double product = x(i, k) * (factor == 1.0 ? table(k, c) : factor * table(k, c));
                    sum = sum + product;
                }
                out(i, c) = sum;
            }
        }
        return out;
    };
    // The weights given whole (factor 1), through attend().
    const AttentionSetup setup = setupOf(AttentionEncoding::Sinusoidal, d, 2.0);
    const AttentionWeights w = attentionWeights(setup.seed, d, setup.weights, false);
    const AttentionResult head = posenc::attend(setup, w, phrase);
    QVERIFY(head.q == plainLoop(head.input, w.query, 1.0));
    QVERIFY(head.k == plainLoop(head.input, w.key, 1.0));
    QVERIFY(head.v == plainLoop(head.input, w.value, 1.0));
    // The cache's unscaled tables (factor 1/sqrt(d)), two panes projected together, as the lab
    // does: each head's rows with the bits of the loop.
    AttentionWeightCache cache;
    const AttentionWeightTables tables = cache.tables(setup.seed, d, setup.weights, false);
    QVERIFY(tables.factor != 1.0);
    std::vector<int> permutation(std::size_t(tokens), 0);
    for (int i = 0; i < tokens; ++i)
        permutation[std::size_t(i)] = tokens - 1 - i; // reversed
    const std::vector<AttentionTests> tests = attentionTests(
        {setup, setupOf(AttentionEncoding::Rope, d, 2.0)}, tables, phrase, permutation, 3.0);
    QCOMPARE(tests.size(), std::size_t(2));
    for (const AttentionTests &t : tests) {
        for (const AttentionResult *r : {&t.shuffle.original, &t.shuffle.shuffled}) {
            QCOMPARE(r->v.rows(), Eigen::Index(tokens));
            // (RoPE rotates q and k after the projection; v is the projection for both.)
            QVERIFY2(r->v == plainLoop(r->input, *tables.value, tables.factor), "v differs from the loop");
        }
    }
    const AttentionResult &sinusoidal = tests[0].shuffle.original;
    QVERIFY2(sinusoidal.q == plainLoop(sinusoidal.input, *tables.query, tables.factor), "q differs from the loop");
    QVERIFY2(sinusoidal.k == plainLoop(sinusoidal.input, *tables.key, tables.factor), "k differs from the loop");
}

void TestAttention::splitmix64Vectors_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<std::uint64_t>("expected");
    // The first outputs of splitmix64 seeded with 1234567 (Vigna's reference splitmix64.c, the
    // test vector quoted by its ports): the k-th output is splitmix64(1234567 + k * gamma).
    const std::uint64_t expected[] = {6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
                                      4593380528125082431ULL, 16408922859458223821ULL};
    for (int k = 0; k < 5; ++k)
        QTest::addRow("output %d", k) << k << expected[k];
}

void TestAttention::splitmix64Vectors()
{
    QFETCH(int, step);
    QFETCH(std::uint64_t, expected);
    const std::uint64_t state = 1234567ULL + std::uint64_t(step) * 0x9e3779b97f4a7c15ULL;
    QCOMPARE(splitmix64(state), expected);
}

void TestAttention::fnvVectors_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<std::uint64_t>("expected");
    // The FNV-1a 64-bit test vectors of the reference implementation (fnv-1a test suite).
    QTest::newRow("empty") << QByteArray() << std::uint64_t(0xcbf29ce484222325ULL);
    QTest::newRow("a") << QByteArray("a") << std::uint64_t(0xaf63dc4c8601ec8cULL);
    QTest::newRow("foobar") << QByteArray("foobar") << std::uint64_t(0x85944171f73967e8ULL);
    // Not a published vector: the UTF-8 bytes of 我 (e6 88 91) through the loop above.
    QTest::newRow("我") << QByteArray("\xe6\x88\x91") << refFnv("\xe6\x88\x91");
}

void TestAttention::fnvVectors()
{
    QFETCH(QByteArray, bytes);
    QFETCH(std::uint64_t, expected);
    QCOMPARE(fnv1a64(std::string_view(bytes.constData(), std::size_t(bytes.size()))), expected);
}

void TestAttention::seededNormal_data()
{
    QTest::addColumn<std::uint64_t>("seed");
    QTest::addColumn<std::uint64_t>("stream");
    QTest::addColumn<std::uint64_t>("index");
    QTest::newRow("seed 0, stream 0, index 0") << std::uint64_t(0) << std::uint64_t(0) << std::uint64_t(0);
    QTest::newRow("odd index shares the draw") << std::uint64_t(0) << std::uint64_t(0) << std::uint64_t(1);
    QTest::newRow("W_q entry (3, 5)") << std::uint64_t(42) << std::uint64_t(1) << refIndex(3, 5);
    QTest::newRow("learned row 511") << std::uint64_t(42) << std::uint64_t(5) << refIndex(511, 127);
    QTest::newRow("token stream") << std::uint64_t(1) << refFnv("dog") << std::uint64_t(17);
    QTest::newRow("largest seed and index") << ~std::uint64_t(0) << std::uint64_t(7) << ~std::uint64_t(0);
}

void TestAttention::seededNormal()
{
    QFETCH(std::uint64_t, seed);
    QFETCH(std::uint64_t, stream);
    QFETCH(std::uint64_t, index);
    const std::uint64_t key = refSplitmix(refSplitmix(seed) ^ stream);
    QCOMPARE(seededBits(seed, stream, index), refSplitmix(key ^ index));
    QCOMPARE(seededUniform(seed, stream, index), refUniform(seed, stream, index));
    const double expected = refNormal(seed, stream, index);
    QVERIFY2(std::abs(posenc::seededNormal(seed, stream, index) - expected) <= 1e-15 * std::max(1.0, std::abs(expected)),
             QByteArray::number(posenc::seededNormal(seed, stream, index), 'g', 17) + " vs " + QByteArray::number(expected, 'g', 17));
}

void TestAttention::normalStatistics_data()
{
    QTest::addColumn<std::uint64_t>("seed");
    QTest::addColumn<std::uint64_t>("stream");
    QTest::newRow("W_q stream") << std::uint64_t(0) << std::uint64_t(1);
    QTest::newRow("a token's stream") << std::uint64_t(12345) << refFnv("鱼");
}

void TestAttention::normalStatistics()
{
    QFETCH(std::uint64_t, seed);
    QFETCH(std::uint64_t, stream);
    // 200000 draws: the mean's standard error is 0.0022, the variance's 0.0032; 5 of them apart.
    const int count = 200000;
    double sum = 0, sum2 = 0;
    int beyond196 = 0;
    for (int i = 0; i < count; ++i) {
        const double z = posenc::seededNormal(seed, stream, std::uint64_t(i));
        sum += z;
        sum2 += z * z;
        beyond196 += std::abs(z) > 1.959963984540054;
    }
    const double mean = sum / count;
    const double variance = sum2 / count - mean * mean;
    QVERIFY2(std::abs(mean) < 0.011, QByteArray::number(mean));
    QVERIFY2(std::abs(variance - 1) < 0.016, QByteArray::number(variance));
    // P(|z| > 1.96) = 0.05, standard error 0.00049.
    QVERIFY2(std::abs(beyond196 / double(count) - 0.05) < 0.0025, QByteArray::number(beyond196 / double(count)));
}

// ---- tokens and the learned table ------------------------------------------------------------

void TestAttention::tokenEmbedding_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<std::uint64_t>("seed");
    QTest::addColumn<int>("d");
    QTest::newRow("dog, d 16") << QStringLiteral("dog") << std::uint64_t(0) << 16;
    QTest::newRow("鱼, d 33 (odd: the last entry from its pair's cosine)") << QStringLiteral("鱼") << std::uint64_t(3) << 33;
    QTest::newRow("empty token, d 2") << QString() << std::uint64_t(9) << 2;
    QTest::newRow("man, d 512") << QStringLiteral("man") << std::uint64_t(2024) << 512;
}

void TestAttention::tokenEmbedding()
{
    QFETCH(QString, token);
    QFETCH(std::uint64_t, seed);
    QFETCH(int, d);
    const std::string bytes = token.toStdString();
    const Vec got = posenc::tokenEmbedding(bytes, seed, d);
    const Vec want = refToken(bytes, seed, d);
    QCOMPARE(got.size(), Eigen::Index(d));
    COMPARE_FIELD(got, want, 1e-15);
    // Another seed, another vector; another token, another vector.
    QVERIFY(maxDiff(posenc::tokenEmbedding(bytes, seed + 1, d), got) > 0.1);
    QVERIFY(maxDiff(posenc::tokenEmbedding(bytes + "s", seed, d), got) > 0.1);
    // The first entries do not depend on d.
    const Vec longer = posenc::tokenEmbedding(bytes, seed, d + 3);
    QCOMPARE(maxDiff(longer.head(d), got), 0.0);
}

void TestAttention::tokenSameInAnySentence_data()
{
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::newRow("我 吃 鱼 / 鱼 吃 我") << QStringLiteral("我 吃 鱼") << QStringLiteral("鱼 吃 我");
    QTest::newRow("dog bites man / man bites dog") << QStringLiteral("dog bites man") << QStringLiteral("man bites dog");
    QTest::newRow("a word in a longer sentence") << QStringLiteral("the cat sat") << QStringLiteral("sat on the mat , the cat");
}

void TestAttention::tokenSameInAnySentence()
{
    QFETCH(QString, first);
    QFETCH(QString, second);
    const auto a = words(first), b = words(second);
    const AttentionSetup s = setupOf(AttentionEncoding::Sinusoidal, 24, 3.0);
    const AttentionWeights w = attentionWeights(s.seed, 24, s.weights, false);
    const AttentionResult ra = posenc::attend(s, w, a), rb = posenc::attend(s, w, b);
    int shared = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b.size(); ++j)
            if (a[i] == b[j]) {
                ++shared;
                QCOMPARE(maxDiff(ra.tokens.row(Eigen::Index(i)), rb.tokens.row(Eigen::Index(j))), 0.0);
            } else {
                QVERIFY(maxDiff(ra.tokens.row(Eigen::Index(i)), rb.tokens.row(Eigen::Index(j))) > 0.1);
            }
    QVERIFY(shared >= 3);
}

void TestAttention::learnedTable_data()
{
    QTest::addColumn<std::uint64_t>("seed");
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("position");
    QTest::newRow("position 0, d 16") << std::uint64_t(0) << 16 << 0;
    QTest::newRow("position 99, d 33") << std::uint64_t(5) << 33 << 99;
    QTest::newRow("position 511, d 64") << std::uint64_t(77) << 64 << 511;
}

void TestAttention::learnedTable()
{
    QFETCH(std::uint64_t, seed);
    QFETCH(int, d);
    QFETCH(int, position);
    const Vec want = refLearned(seed, position, d);
    const RowMatrixXd row = learnedPositionRows(seed, d, position, 1);
    COMPARE_FIELD(row.row(0).transpose(), want, 1e-15);
    // The same row in any table that has it, whatever its size, and inside a block of rows.
    const RowMatrixXd block = learnedPositionRows(seed, d, std::max(0, position - 2), 5);
    QCOMPARE(maxDiff(block.row(position - std::max(0, position - 2)), row.row(0)), 0.0);
    for (int tableSize : {position + 1, 512, 4096}) {
        AttentionSetup s = setupOf(AttentionEncoding::Learned, d, position, AttentionWeightsKind::Identity);
        s.seed = seed;
        s.learnedPositions = tableSize;
        const AttentionResult r = posenc::attend(s, attentionWeights(seed, d, s.weights, false), {"x"});
        QVERIFY(r.positionsWithoutRow.empty());
        QCOMPARE(maxDiff(r.position.row(0), row.row(0)), 0.0);
    }
    // Same seed, same values; another seed, other values.
    QCOMPARE(maxDiff(learnedPositionRows(seed, d, position, 1), row), 0.0);
    QVERIFY(maxDiff(learnedPositionRows(seed + 1, d, position, 1), row) > 0.1);
}

void TestAttention::learnedPastTheTable_data()
{
    QTest::addColumn<double>("start");
    QTest::addColumn<int>("table");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<QList<int>>("without");
    QTest::newRow("510 .. 514 in 512 rows") << 510.0 << 512 << 5 << QList<int>{2, 3, 4};
    QTest::newRow("-2 .. 1") << -2.0 << 512 << 4 << QList<int>{0, 1};
    QTest::newRow("fractional start: no row at all") << 2.5 << 512 << 3 << QList<int>{0, 1, 2};
    QTest::newRow("a table of 1 row") << 0.0 << 1 << 3 << QList<int>{1, 2};
    QTest::newRow("inside") << 100.0 << 512 << 3 << QList<int>{};
}

void TestAttention::learnedPastTheTable()
{
    QFETCH(double, start);
    QFETCH(int, table);
    QFETCH(int, tokens);
    QFETCH(QList<int>, without);
    for (const PeJoin join : {PeJoin::Add, PeJoin::ConcatProject, PeJoin::Alpha}) {
        AttentionSetup s = setupOf(AttentionEncoding::Learned, 8, start, AttentionWeightsKind::Random, join);
        s.learnedPositions = table;
        std::vector<std::string> phrase;
        for (int i = 0; i < tokens; ++i)
            phrase.push_back("w" + std::to_string(i));
        const AttentionResult r = posenc::attend(s, attentionWeights(s.seed, 8, s.weights, true), phrase);
        QCOMPARE(QList<int>(r.positionsWithoutRow.begin(), r.positionsWithoutRow.end()), without);
        for (const int i : without) {
            QCOMPARE(r.position.row(i).cwiseAbs().maxCoeff(), 0.0);
            QCOMPARE(r.positionNorms[i], 0.0);
            QCOMPARE(r.normRatios[i], 0.0);
        }
        QVERIFY(allFinite(r.output) && allFinite(r.scores) && allFinite(r.weights) && allFinite(r.normRatios));
        QCOMPARE(learnedTableCovers(table, start, tokens), without.isEmpty());
        const Ref ref = refAttend(s, phrase);
        COMPARE_FIELD(r.input, ref.input, 1e-12);
        COMPARE_FIELD(r.output, ref.output, 1e-12);
    }
}

// ---- one head --------------------------------------------------------------------------------

void TestAttention::attend_data()
{
    QTest::addColumn<AttentionSetup>("setup");
    QTest::addColumn<QString>("phrase");
    const QString en = QStringLiteral("dog bites man");
    const QString zh = QStringLiteral("我 吃 鱼");
    const QString longer = QStringLiteral("the quick brown fox jumps over the lazy dog again and again");
    using K = AttentionEncoding;
    using W = AttentionWeightsKind;
    for (const K kind : kAttentionEncodings) {
        for (const W weights : {W::Random, W::Identity}) {
            for (const int d : {16, 33}) {
                const double start = d == 16 ? 0.0 : -7.5;
                AttentionSetup s = setupOf(kind, d, start, weights);
                QTest::addRow("%s %s d %d start %g", kindName(kind), weights == W::Random ? "random" : "identity", d, start)
                    << s << (d == 16 ? en : zh);
            }
        }
    }
    // Joins, layouts, frequencies, scales and bases of the sinusoidal and learned vectors.
    for (const PeJoin join : {PeJoin::ConcatProject, PeJoin::Alpha}) {
        AttentionSetup s = setupOf(K::Sinusoidal, 20, 1000.5, W::Random, join);
        s.alpha = 0.3;
        s.encoding.layout = S;
        s.encoding.frequencies = T2T;
        s.encoding.scale = 2.0;
        QTest::addRow("sinusoidal %s split tensor2tensor scale 2 start 1000.5", join == PeJoin::Alpha ? "alpha 0.3" : "concat")
            << s << longer;
        s.kind = K::Learned;
        s.encoding.start = 2.0;
        QTest::addRow("learned %s", join == PeJoin::Alpha ? "alpha 0.3" : "concat") << s << longer;
    }
    {
        AttentionSetup s = setupOf(K::Rope, 32, 40.0, W::Random);
        s.ropePairs = RopePairs::RotateHalf;
        s.encoding.base = 500.0;
        QTest::newRow("rope rotate_half base 500 start 40") << s << longer;
        s.encoding.dModel = 31;
        QTest::newRow("rope rotate_half d 31 (a lone dimension)") << s << longer;
        s.ropePairs = RopePairs::Interleaved;
        QTest::newRow("rope interleaved d 31") << s << longer;
    }
    {
        AttentionSetup s = setupOf(K::Alibi, 16, 0.0, W::Random);
        s.heads = 12;
        s.head = 11;
        QTest::newRow("alibi head 11 of 12") << s << longer;
        s.kind = K::T5;
        s.head = 3;
        s.t5Buckets = 8;
        s.t5MaxDistance = 6;
        QTest::newRow("t5 head 3, 8 buckets, max distance 6") << s << longer;
        s.kind = K::SeedRelative;
        s.relativeMaxDistance = 3;
        s.encoding.layout = S;
        QTest::newRow("relative, max distance 3, split") << s << longer;
    }
    QTest::newRow("one token") << setupOf(K::Sinusoidal, 8) << QStringLiteral("alone");
    QTest::newRow("d 2") << setupOf(K::Rope, 2, 3.0) << en;
}

void TestAttention::attend()
{
    QFETCH(AttentionSetup, setup);
    QFETCH(QString, phrase);
    QVERIFY(!setup.validate());
    const auto tokens = words(phrase);
    QVERIFY(!validateTokens(setup, tokens.size()));
    const AttentionWeights w = attentionWeights(setup.seed, setup.encoding.dModel, setup.weights, true);
    const AttentionResult got = posenc::attend(setup, w, tokens);
    const Ref want = refAttend(setup, tokens);
    const int n = int(tokens.size());
    QCOMPARE(got.positions.size(), Eigen::Index(n));
    for (int i = 0; i < n; ++i)
        QCOMPARE(got.positions[i], setup.encoding.start + i);
    COMPARE_FIELD(got.tokens, want.tokens, 1e-15);
    QCOMPARE(got.position.rows(), want.position.rows());
    COMPARE_FIELD(got.position, want.position, 1e-13);
    COMPARE_FIELD(got.input, want.input, 1e-13);
    COMPARE_FIELD(got.q, want.q, 1e-12);
    COMPARE_FIELD(got.k, want.k, 1e-12);
    COMPARE_FIELD(got.v, want.v, 1e-12);
    COMPARE_FIELD(got.bias, want.bias, 1e-12);
    COMPARE_FIELD(got.scores, want.scores, 1e-12);
    COMPARE_FIELD(got.weights, want.weights, 1e-12);
    COMPARE_FIELD(got.output, want.output, 1e-12);
    COMPARE_FIELD(got.pooled, want.pooled, 1e-12);
    COMPARE_FIELD(got.tokenNorms, want.tokenNorms, 1e-14);
    COMPARE_FIELD(got.positionNorms, want.positionNorms, 1e-13);
    COMPARE_FIELD(got.normRatios, want.normRatios, 1e-13);
    QVERIFY(got.positionsWithoutRow == want.without);
    // Weights drawn by attend() itself (none given) are the same weights.
    const AttentionResult drawn = posenc::attend(setup, AttentionWeights{}, tokens);
    QCOMPARE(maxDiff(drawn.output, got.output), 0.0);
}

void TestAttention::softmaxRows_data()
{
    QTest::addColumn<AttentionSetup>("setup");
    QTest::addColumn<int>("tokens");
    QTest::newRow("sinusoidal, 64 tokens, d 64") << setupOf(AttentionEncoding::Sinusoidal, 64) << 64;
    AttentionSetup huge = setupOf(AttentionEncoding::Sinusoidal, 64, 0.0, AttentionWeightsKind::Identity);
    huge.encoding.scale = 1e4; // logits up to 1e8 / 8: exp would overflow without the row maximum
    QTest::newRow("scale 1e4: logits of 1e7") << huge << 20;
    AttentionSetup alibi = setupOf(AttentionEncoding::Alibi, 8);
    alibi.head = 0;
    alibi.heads = 1; // slope 1/256... head 0 of 1: 2^-8
    QTest::newRow("alibi, 300 tokens") << alibi << 300;
}

void TestAttention::softmaxRows()
{
    QFETCH(AttentionSetup, setup);
    QFETCH(int, tokens);
    std::vector<std::string> phrase;
    for (int i = 0; i < tokens; ++i)
        phrase.push_back("t" + std::to_string(i % 7));
    const AttentionResult r = posenc::attend(setup, AttentionWeights{}, phrase);
    QVERIFY(allFinite(r.scores));
    if (setup.encoding.scale > 1e3)
        QVERIFY2(maxAbs(r.scores) > 1e6, QByteArray::number(maxAbs(r.scores)));
    for (int i = 0; i < tokens; ++i) {
        double sum = 0;
        for (int j = 0; j < tokens; ++j) {
            QVERIFY(r.weights(i, j) >= 0 && r.weights(i, j) <= 1);
            sum += r.weights(i, j);
        }
        QVERIFY2(std::abs(sum - 1) <= 4e-16 * tokens, QByteArray::number(sum - 1, 'g', 3));
    }
}

void TestAttention::shuffle_data()
{
    QTest::addColumn<AttentionSetup>("setup");
    QTest::addColumn<QString>("phrase");
    QTest::addColumn<QList<int>>("permutation");
    QTest::addColumn<bool>("equivariant");
    const QList<int> swap = {2, 1, 0}; // 我 吃 鱼 -> 鱼 吃 我
    using K = AttentionEncoding;
    using W = AttentionWeightsKind;
    for (const W weights : {W::Random, W::Identity}) {
        const char *wn = weights == W::Random ? "random" : "identity";
        QTest::addRow("none %s: 我 吃 鱼 -> 鱼 吃 我", wn) << setupOf(K::None, 64, 0, weights) << QStringLiteral("我 吃 鱼") << swap << true;
        QTest::addRow("none %s d 33: dog bites man", wn) << setupOf(K::None, 33, 5, weights) << QStringLiteral("dog bites man") << swap << true;
        QTest::addRow("none %s: 12 tokens, a seeded permutation", wn)
            << setupOf(K::None, 48, 0, weights) << QStringLiteral("a b c d e f g h i j k l")
            << QList<int>{3, 0, 11, 5, 1, 10, 2, 9, 4, 8, 6, 7} << true;
        for (const K kind : {K::Sinusoidal, K::Learned, K::Rope, K::Alibi, K::T5, K::SeedRelative}) {
            // A reversal keeps every |i - j|: ALiBi and seed-relative, which see nothing else,
            // cannot tell 鱼 吃 我 from 我 吃 鱼. RoPE and T5 see the sign of j - i.
            const bool symmetric = kind == K::Alibi || kind == K::SeedRelative;
            QTest::addRow("%s %s: 我 吃 鱼 -> 鱼 吃 我 (a reversal)", kindName(kind), wn)
                << setupOf(kind, 64, 0, weights) << QStringLiteral("我 吃 鱼") << swap << symmetric;
            QTest::addRow("%s %s: 我 吃 鱼 -> 吃 鱼 我 (a rotation)", kindName(kind), wn)
                << setupOf(kind, 64, 0, weights) << QStringLiteral("我 吃 鱼") << QList<int>{1, 2, 0} << false;
            QTest::addRow("%s %s: 5 tokens, one swap", kindName(kind), wn)
                << setupOf(kind, 33, 2, weights) << QStringLiteral("the dog bites the man")
                << QList<int>{0, 4, 2, 3, 1} << false;
        }
    }
    AttentionSetup concat = setupOf(K::Sinusoidal, 32, 0, W::Random, PeJoin::ConcatProject);
    QTest::newRow("sinusoidal concat: dog bites man") << concat << QStringLiteral("dog bites man") << swap << false;
    // Without position the join is never used: none with any join is equivariant.
    QTest::newRow("none, join alpha (unused)") << setupOf(K::None, 32, 0, W::Random, PeJoin::Alpha)
                                               << QStringLiteral("dog bites man") << QList<int>{1, 2, 0} << true;
}

void TestAttention::shuffle()
{
    QFETCH(AttentionSetup, setup);
    QFETCH(QString, phrase);
    QFETCH(QList<int>, permutation);
    QFETCH(bool, equivariant);
    const auto tokens = words(phrase);
    const std::vector<int> perm(permutation.begin(), permutation.end());
    QVERIFY(isPermutation(perm, int(tokens.size())));
    const AttentionWeights w = attentionWeights(setup.seed, setup.encoding.dModel, setup.weights, true);
    const ShuffleResult s = shuffleTest(setup, w, tokens, perm);
    QCOMPARE(s.shuffledTokens.size(), tokens.size());
    for (std::size_t k = 0; k < tokens.size(); ++k)
        QCOMPARE(s.shuffledTokens[k], tokens[std::size_t(perm[k])]);
    // Undo the shuffle here, independently of the engine's own bookkeeping.
    double rows = 0;
    for (std::size_t k = 0; k < tokens.size(); ++k)
        rows = std::max(rows, maxDiff(s.shuffled.output.row(Eigen::Index(k)), s.original.output.row(perm[k])));
    const double pooled = maxDiff(s.shuffled.pooled, s.original.pooled);
    QCOMPARE(s.maxRowDifference, rows);
    QCOMPARE(s.maxPooledDifference, pooled);
    QCOMPARE(s.tolerance, 1e-12 * std::max(1.0, maxAbs(s.original.output)));
    QCOMPARE(s.rowsEquivariant, equivariant);
    if (equivariant) {
        // Without position (or a reversal under a symmetric term): output rows permute with
        // the tokens, the pooled output stays.
        QVERIFY2(rows <= 1e-12 * std::max(1.0, maxAbs(s.original.output)), QByteArray::number(rows, 'g', 3));
        QVERIFY2(pooled <= 1e-12 * std::max(1.0, maxAbs(s.original.output)), QByteArray::number(pooled, 'g', 3));
        QVERIFY(s.poolInvariant);
    } else {
        // A real change, not rounding: the rows move by much more than the tolerance.
        QVERIFY2(rows > 1e-6, QByteArray::number(rows, 'g', 3));
        QVERIFY2(pooled > 1e-9, QByteArray::number(pooled, 'g', 3));
        QVERIFY(!s.poolInvariant);
    }
}

void TestAttention::shift_data()
{
    QTest::addColumn<AttentionSetup>("setup");
    QTest::addColumn<double>("shift");
    QTest::addColumn<bool>("invariant");
    using K = AttentionEncoding;
    using W = AttentionWeightsKind;
    for (const RopePairs pairs : {RopePairs::Interleaved, RopePairs::RotateHalf}) {
        for (const int d : {32, 33}) {
            // 4090 and -4100 move the phrase across a multiple of 4096, where the engine's
            // split of a position into parts changes (core/encoding.cpp): the largest rounding.
            for (const double shift : {1.0, 7.0, 100.0, 1000.5, -250.0, 4090.0, -4100.0, 1e6 + 4090.0}) {
                AttentionSetup s = setupOf(K::Rope, d, 3.0, W::Random);
                s.ropePairs = pairs;
                QTest::addRow("rope %s d %d shift %g", pairs == RopePairs::Interleaved ? "interleaved" : "rotate_half", d, shift)
                    << s << shift << true;
            }
        }
    }
    AttentionSetup identity = setupOf(K::Rope, 64, 0.0, W::Identity);
    identity.encoding.base = 100.0;
    QTest::newRow("rope identity weights base 100 shift 37") << identity << 37.0 << true;
    for (const double shift : {1.0, 10.0, 0.5})
        QTest::addRow("sinusoidal added, shift %g", shift) << setupOf(K::Sinusoidal, 32, 0.0) << shift << false;
    QTest::newRow("sinusoidal concat, shift 3") << setupOf(K::Sinusoidal, 32, 0.0, W::Random, PeJoin::ConcatProject) << 3.0 << false;
    QTest::newRow("learned, shift 5") << setupOf(K::Learned, 32, 0.0) << 5.0 << false;
    QTest::newRow("none, shift 9") << setupOf(K::None, 32, 0.0) << 9.0 << true;
    QTest::newRow("alibi, shift 9") << setupOf(K::Alibi, 32, 0.0) << 9.0 << true;
    QTest::newRow("t5, shift 9") << setupOf(K::T5, 32, 0.0) << 9.0 << true;
}

void TestAttention::shift()
{
    QFETCH(AttentionSetup, setup);
    QFETCH(double, shift);
    QFETCH(bool, invariant);
    const auto tokens = words(QStringLiteral("the cat sat on the mat and looked at the dog"));
    const AttentionWeights w = attentionWeights(setup.seed, setup.encoding.dModel, setup.weights, true);
    const RowMatrixXd diff = shiftDifference(setup, w, tokens, shift);
    AttentionSetup moved = setup;
    moved.encoding.start += shift;
    // The definition: scores at start + shift minus scores at start, from the reference.
    const Mat want = refAttend(moved, tokens).scores - refAttend(setup, tokens).scores;
    const double scale = maxAbs(refAttend(setup, tokens).scores);
    // Rounding of an angle grows with the position (std::cos(pos * theta) is off by about
    // 1e-16 pos): 1e-12 relative up to positions of 1000, proportionally more beyond.
    const double maxPosition = std::abs(setup.encoding.start) + std::abs(shift) + double(tokens.size());
    const double tol = 1e-12 * std::max(1.0, maxPosition / 1000.0) * std::max(1.0, scale);
    const double differs = maxDiff(diff, want);
    QVERIFY2(differs <= tol, "from the reference: " + QByteArray::number(differs, 'g', 3));
    const double largest = maxAbs(diff);
    if (invariant) {
        // RoPE: q_i . k_j sees j - i only.
        QVERIFY2(largest <= tol, QByteArray::number(largest, 'g', 3) + " > " + QByteArray::number(tol, 'g', 3));
    } else {
        QVERIFY2(largest > 1e-3 * std::max(1.0, scale), QByteArray::number(largest, 'g', 3));
    }
}

void TestAttention::norms_data()
{
    QTest::addColumn<AttentionSetup>("setup");
    QTest::addColumn<double>("positionNorm"); // by hand, or -1: from the learned table
    AttentionSetup s = setupOf(AttentionEncoding::Sinusoidal, 64, 0.0);
    // Every complete pair contributes sin^2 + cos^2 = scale^2: |scale PE| = |scale| sqrt(d/2).
    QTest::newRow("d 64 scale 1: sqrt(32)") << s << std::sqrt(32.0);
    s.encoding.scale = 0.5;
    s.encoding.start = 123.0;
    QTest::newRow("d 64 scale 0.5 start 123: 0.5 sqrt(32)") << s << 0.5 * std::sqrt(32.0);
    s.encoding.scale = -2.0;
    s.encoding.dModel = 33;
    s.encoding.layout = S;
    QTest::newRow("d 33 split scale -2 (a zero column): 2 sqrt(16)") << s << 2.0 * std::sqrt(16.0);
    s.encoding.scale = 0.0;
    QTest::newRow("scale 0: no position") << s << 0.0;
    QTest::newRow("learned d 16") << setupOf(AttentionEncoding::Learned, 16, 4.0) << -1.0;
}

void TestAttention::norms()
{
    QFETCH(AttentionSetup, setup);
    QFETCH(double, positionNorm);
    const std::vector<std::string> tokens = {"我", "吃", "鱼", "我"};
    const AttentionResult r = posenc::attend(setup, AttentionWeights{}, tokens);
    const int d = setup.encoding.dModel;
    for (int i = 0; i < int(tokens.size()); ++i) {
        const Vec t = refToken(tokens[std::size_t(i)], setup.seed, d);
        double t2 = 0;
        for (int c = 0; c < d; ++c)
            t2 += t[c] * t[c];
        QVERIFY(std::abs(r.tokenNorms[i] - std::sqrt(t2)) <= 1e-14 * std::sqrt(t2));
        double p = positionNorm;
        if (p < 0) {
            const Vec row = refLearned(setup.seed, (long long)(setup.encoding.start) + i, d);
            double p2 = 0;
            for (int c = 0; c < d; ++c)
                p2 += row[c] * row[c];
            p = std::sqrt(p2);
        }
        QVERIFY2(std::abs(r.positionNorms[i] - p) <= 1e-13 * std::max(1.0, p),
                 QByteArray::number(r.positionNorms[i], 'g', 17) + " vs " + QByteArray::number(p, 'g', 17));
        QVERIFY(std::abs(r.normRatios[i] - p / std::sqrt(t2)) <= 1e-13 * std::max(1.0, p / std::sqrt(t2)));
    }
    // The same token twice, the same norm; a unit-variance token is about sqrt(d) long.
    QCOMPARE(r.tokenNorms[0], r.tokenNorms[3]);
    QVERIFY(r.tokenNorms[1] > 0.3 * std::sqrt(double(d)) && r.tokenNorms[1] < 2.0 * std::sqrt(double(d)));
}

void TestAttention::joins_data()
{
    QTest::addColumn<AttentionSetup>("setup");
    QTest::addColumn<QString>("expect"); // "tokens", "position", "concat"
    for (const AttentionEncoding kind : {AttentionEncoding::Sinusoidal, AttentionEncoding::Learned}) {
        AttentionSetup s = setupOf(kind, 24, 2.0, AttentionWeightsKind::Random, PeJoin::Alpha);
        s.alpha = 1.0;
        QTest::addRow("%s alpha 1: the tokens only", kindName(kind)) << s << QStringLiteral("tokens");
        s.alpha = 0.0;
        QTest::addRow("%s alpha 0: the position only", kindName(kind)) << s << QStringLiteral("position");
        s.join = PeJoin::ConcatProject;
        QTest::addRow("%s concat then project", kindName(kind)) << s << QStringLiteral("concat");
        s.encoding.dModel = 7;
        QTest::addRow("%s concat then project, d 7", kindName(kind)) << s << QStringLiteral("concat");
    }
}

void TestAttention::joins()
{
    QFETCH(AttentionSetup, setup);
    QFETCH(QString, expect);
    const auto tokens = words(QStringLiteral("man bites dog"));
    const int d = setup.encoding.dModel;
    const AttentionResult r = posenc::attend(setup, attentionWeights(setup.seed, d, setup.weights, true), tokens);
    if (expect == QLatin1String("tokens")) {
        QCOMPARE(maxDiff(r.input, r.tokens), 0.0);
        QVERIFY(maxAbs(r.position) > 0.5);
    } else if (expect == QLatin1String("position")) {
        QCOMPARE(maxDiff(r.input, r.position), 0.0);
    } else {
        // [T | P] W_proj, the [2d x d] matrix written out from the generator, N(0, 1/(2d)).
        Mat w(2 * d, d);
        for (int a = 0; a < 2 * d; ++a)
            for (int c = 0; c < d; ++c)
                w(a, c) = refNormal(setup.seed, Wproj, refIndex(a, c)) / std::sqrt(2.0 * d);
        Mat joined(3, 2 * d);
        for (int i = 0; i < 3; ++i)
            for (int c = 0; c < d; ++c) {
                joined(i, c) = refToken(tokens[std::size_t(i)], setup.seed, d)[c];
                joined(i, d + c) = setup.kind == AttentionEncoding::Sinusoidal
                                       ? reference::value(setup.encoding, setup.encoding.start + i, c)
                                       : refLearned(setup.seed, (long long)setup.encoding.start + i, d)[c];
            }
        COMPARE_FIELD(r.input, product(joined, w), 1e-13);
    }
}

void TestAttention::alibiSlope_data()
{
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("heads");
    QTest::addColumn<double>("expected");
    // The paper's sequence for 8 heads: 1/2, 1/4, ..., 1/256.
    for (int h = 0; h < 8; ++h)
        QTest::addRow("head %d of 8", h) << h << 8 << 1.0 / double(2 << h);
    QTest::newRow("head 0 of 16: 2^-0.5") << 0 << 16 << 1.0 / std::sqrt(2.0);
    QTest::newRow("head 0 of 1: 2^-8") << 0 << 1 << 1.0 / 256;
    QTest::newRow("head 5 of 12: 2^-4") << 5 << 12 << 1.0 / 16;
}

void TestAttention::alibiSlope()
{
    QFETCH(int, head);
    QFETCH(int, heads);
    QFETCH(double, expected);
    QVERIFY(std::abs(posenc::alibiSlope(head, heads) - expected) <= 1e-16 * expected * 4);
}

void TestAttention::t5BucketHand_data()
{
    QTest::addColumn<int>("relative");
    QTest::addColumn<int>("expected");
    // 32 buckets, max distance 128, bidirectional. Each side has 16: 0..7 exact, then
    // 8 + floor(2 log2(n / 8)) up to 15: the boundaries are at n = 8 * 2^(k/2), i.e.
    // 8, 11.3, 16, 22.6, 32, 45.3, 64, 90.5, 128. At 16, 32, 64 and 128 the float32 quotient
    // must come out as exactly 2, 4, 6, 8 (not 1.9999999, which would truncate to 1).
    const int table[][2] = {{0, 0},   {1, 1},   {7, 7},   {8, 8},   {11, 8},  {12, 9},   {15, 9},
                            {16, 10}, {22, 10}, {23, 11}, {31, 11}, {32, 12}, {45, 12},  {46, 13},
                            {63, 13}, {64, 14}, {90, 14}, {91, 15}, {127, 15}, {128, 15}, {1000, 15}};
    for (const auto &row : table) {
        // Memory before the query (j < i): the lower half, as is.
        QTest::addRow("%d", -row[0]) << -row[0] << row[1];
        // Memory after the query: the upper half, +16 (0 stays in the lower half).
        if (row[0] != 0)
            QTest::addRow("+%d", row[0]) << row[0] << row[1] + 16;
    }
}

void TestAttention::t5BucketHand()
{
    QFETCH(int, relative);
    QFETCH(int, expected);
    QCOMPARE(t5RelativePositionBucket(relative, true, 32, 128), expected);
    QCOMPARE(refBucket(relative, 32, 128), expected);
}

void TestAttention::t5BucketTranscription_data()
{
    QTest::addColumn<int>("buckets");
    QTest::addColumn<int>("maxDistance");
    QTest::newRow("T5: 32, 128") << 32 << 128;
    QTest::newRow("64, 256") << 64 << 256;
    QTest::newRow("8, 6") << 8 << 6;
    QTest::newRow("4, 2 (max_exact 1)") << 4 << 2;
    QTest::newRow("1024, 1e6") << 1024 << 1000000;
}

void TestAttention::t5BucketTranscription()
{
    QFETCH(int, buckets);
    QFETCH(int, maxDistance);
    for (int rel = -5000; rel <= 5000; ++rel)
        QCOMPARE(t5RelativePositionBucket(rel, true, buckets, maxDistance), refBucket(rel, buckets, maxDistance));
    // Far beyond the maximum distance, the last bucket of each side.
    QCOMPARE(t5RelativePositionBucket(-2000000000, true, buckets, maxDistance), buckets / 2 - 1);
    QCOMPARE(t5RelativePositionBucket(2000000000, true, buckets, maxDistance), buckets - 1);
    // Unidirectional (decoder): positive offsets are all bucket 0, negative ones the whole range
    // (max_exact = buckets / 2 then, which max_distance must exceed).
    if (maxDistance <= buckets / 2)
        return;
    QCOMPARE(t5RelativePositionBucket(5, false, buckets, maxDistance), 0);
    QCOMPARE(t5RelativePositionBucket(-1, false, buckets, maxDistance), 1);
    QCOMPARE(t5RelativePositionBucket(-2000000000, false, buckets, maxDistance), buckets - 1);
}

// ---- the export ------------------------------------------------------------------------------

void TestAttention::exportTerm_data()
{
    QTest::addColumn<AttentionExportSpec>("spec");
    using K = AttentionEncoding;
    const auto spec = [](K kind, int d, int n, double start, double base = 1e4, Layout layout = I,
                         FrequencyConvention f = Paper, double scale = 1.0) {
        AttentionExportSpec s;
        s.kind = kind;
        s.encoding = reference::make(d, n, start, layout, f, scale, base);
        s.seed = 11;
        return s;
    };
    for (const K kind : {K::None, K::Sinusoidal, K::Rope, K::Alibi, K::T5, K::Learned}) {
        for (const int d : {2, 3, 16, 33, 64}) {
            // The learned table has rows 0 .. 511 only: whole starts inside it.
            const std::vector<double> starts = kind == K::Learned ? std::vector<double>{0.0, 400.0}
                                                                  : std::vector<double>{0.0, -7.0, 2.5, 1000.0};
            for (const double start : starts) {
                const int n = d == 64 ? 40 : 25;
                QTest::addRow("%s d %d start %g", kindName(kind), d, start) << spec(kind, d, n, start);
            }
        }
    }
    QTest::newRow("sinusoidal split tensor2tensor d 33 base 500 scale 0.5")
        << spec(K::Sinusoidal, 33, 30, 3.0, 500.0, S, T2T, 0.5);
    QTest::newRow("sinusoidal interleaved tensor2tensor d 17 base 1e8 scale 2")
        << spec(K::Sinusoidal, 17, 30, -4.5, 1e8, I, T2T, 2.0);
    QTest::newRow("rope base 500 split t2t (the layout does not matter)") << spec(K::Rope, 16, 30, 0.0, 500.0, S, T2T);
    QTest::newRow("rope base 1e8 d 9") << spec(K::Rope, 9, 30, 12.25, 1e8);
    for (const auto &[head, heads] : {std::pair{0, 8}, {7, 8}, {3, 12}, {0, 1}, {15, 16}}) {
        AttentionExportSpec s = spec(K::Alibi, 8, 30, 0.0);
        s.head = head;
        s.heads = heads;
        QTest::addRow("alibi head %d of %d", head, heads) << s;
    }
    AttentionExportSpec t5 = spec(K::T5, 8, 300, 0.0);
    QTest::newRow("t5, 300 positions (every bucket)") << t5;
    t5.t5Buckets = 16;
    t5.t5MaxDistance = 20;
    QTest::newRow("t5, 16 buckets, max distance 20") << t5;
    AttentionExportSpec learned = spec(K::Learned, 16, 12, 500.0);
    QTest::newRow("learned, the table's last 12 rows") << learned;
    learned.seed = 12;
    QTest::newRow("learned, seed 12") << learned;
}

void TestAttention::exportTerm()
{
    QFETCH(AttentionExportSpec, spec);
    QVERIFY2(!spec.validate(), spec.validate() ? spec.validate()->message.c_str() : "");
    const RowMatrixXd got = positionLogits(spec);
    const int n = spec.encoding.seqLen, d = spec.encoding.dModel;
    const double start = spec.encoding.start;
    QCOMPARE(got.rows(), Eigen::Index(n));
    QCOMPARE(got.cols(), Eigen::Index(n));
    const Vec c = Vec::Constant(d, 1.0 / std::sqrt(double(d)));
    std::vector<Vec> e(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double pos = start + i;
        switch (spec.kind) {
        case AttentionEncoding::Sinusoidal:
            e[std::size_t(i)] = c + refPE(spec.encoding, pos);
            break;
        case AttentionEncoding::Learned:
            e[std::size_t(i)] = c + refLearned(spec.seed, (long long)pos, d);
            break;
        case AttentionEncoding::Rope: {
            // R_pos c: pairs (2t, 2t+1) rotated by pos base^(-2t/d); the lone last one stays.
            Vec x = c;
            for (int t = 0; t < d / 2; ++t) {
                const double angle = pos * std::pow(spec.encoding.base, -2.0 * t / d);
                x[2 * t] = c[2 * t] * std::cos(angle) - c[2 * t + 1] * std::sin(angle);
                x[2 * t + 1] = c[2 * t] * std::sin(angle) + c[2 * t + 1] * std::cos(angle);
            }
            e[std::size_t(i)] = x;
            break;
        }
        default:
            break;
        }
    }
    double maxPos = std::abs(start) + n;
    double worst = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            double want = 0;
            switch (spec.kind) {
            case AttentionEncoding::None: want = c.dot(c); break;
            case AttentionEncoding::Sinusoidal:
            case AttentionEncoding::Learned:
            case AttentionEncoding::Rope: want = e[std::size_t(i)].dot(e[std::size_t(j)]); break;
            case AttentionEncoding::Alibi: want = -std::pow(2.0, -8.0 * (spec.head + 1) / spec.heads) * std::abs(i - j); break;
            case AttentionEncoding::T5: want = refBucket(j - i, spec.t5Buckets, spec.t5MaxDistance); break;
            default: break;
            }
            // Angles of positions up to maxPos are good to about 1e-16 maxPos each; d of them.
            const double tol = 1e-15 * (8 + d) * (1 + maxPos) * std::max(1.0, spec.encoding.scale * spec.encoding.scale);
            const double err = std::abs(got(i, j) - want);
            worst = std::max(worst, err / tol);
            if (!(err <= tol))
                QFAIL(qPrintable(QStringLiteral("(%1, %2): got %3, expected %4, tolerance %5")
                                     .arg(i).arg(j).arg(got(i, j), 0, 'g', 17).arg(want, 0, 'g', 17).arg(tol, 0, 'g', 3)));
        }
    QVERIFY(allFinite(got));
    if (spec.kind == AttentionEncoding::T5 || spec.kind == AttentionEncoding::Alibi)
        QCOMPARE(worst, 0.0); // exact: no angles, and the same one product per entry
    if (spec.kind == AttentionEncoding::None)
        QVERIFY(got.isConstant(1.0, 0.0)); // c . c = 1, written as exactly 1
}

void TestAttention::exportBlocks_data()
{
    QTest::addColumn<AttentionExportSpec>("spec");
    for (const AttentionEncoding kind : {AttentionEncoding::Sinusoidal, AttentionEncoding::Learned, AttentionEncoding::Rope,
                                         AttentionEncoding::Alibi, AttentionEncoding::T5, AttentionEncoding::None}) {
        AttentionExportSpec s;
        s.kind = kind;
        s.encoding = reference::make(33, 100, kind == AttentionEncoding::Learned ? 7.0 : -3.5);
        QTest::addRow("%s", kindName(kind)) << s;
    }
}

void TestAttention::exportBlocks()
{
    QFETCH(AttentionExportSpec, spec);
    const RowMatrixXd whole = positionLogits(spec);
    const int n = spec.encoding.seqLen;
    // Blocks of 7 rows (the last one shorter), one PositionLogitRows or one per block: the bits
    // of the whole matrix.
    const PositionLogitRows rows(spec);
    QCOMPARE(rows.size(), n);
    for (int first = 0; first < n; first += 7) {
        const int count = std::min(7, n - first);
        std::vector<double> a(std::size_t(count * n)), b(std::size_t(count * n));
        rows.rowsInto(first, count, a.data());
        positionLogitRows(spec, first, count, b.data());
        for (int r = 0; r < count; ++r)
            for (int j = 0; j < n; ++j) {
                QCOMPARE(a[std::size_t(r * n + j)], whole(first + r, j));
                QCOMPARE(b[std::size_t(r * n + j)], whole(first + r, j));
            }
    }
    // Every term is symmetric in i and j except T5's (before and after have their own buckets).
    if (spec.kind == AttentionEncoding::T5)
        QVERIFY(maxDiff(whole, whole.transpose()) >= 16);
    else
        QVERIFY(maxDiff(whole, whole.transpose()) <= 1e-12 * std::max(1.0, maxAbs(whole)));
}

// ---- ViT -------------------------------------------------------------------------------------

void TestAttention::vit_data()
{
    QTest::addColumn<EncodingParams>("encoding");
    QTest::addColumn<int>("grid");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<bool>("twoD");
    for (const bool twoD : {false, true}) {
        const char *kind = twoD ? "2-D" : "1-D";
        QTest::addRow("%s ViT-B/16: 224/16 = 14, d 768, centre", kind) << reference::make(768, 1, 0.0) << 14 << 7 << 7 << twoD;
        QTest::addRow("%s corner, d 64 split t2t", kind) << reference::make(64, 1, 5.0, S, T2T) << 14 << 0 << 13 << twoD;
        QTest::addRow("%s d 33 (uneven halves 16 + 17), grid 5", kind) << reference::make(33, 1, 0.0) << 5 << 2 << 1 << twoD;
        QTest::addRow("%s d 6 base 100 scale 3, grid 64", kind) << reference::make(6, 1, 0.0, I, Paper, 3.0, 100.0) << 64 << 63 << 0 << twoD;
        QTest::addRow("%s grid 1", kind) << reference::make(8, 1, 0.0) << 1 << 0 << 0 << twoD;
        QTest::addRow("%s scale 0: similarity 0", kind) << reference::make(8, 1, 0.0, I, Paper, 0.0) << 4 << 1 << 1 << twoD;
    }
}

void TestAttention::vit()
{
    QFETCH(EncodingParams, encoding);
    QFETCH(int, grid);
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(bool, twoD);
    QVERIFY(!validatePatchGrid(encoding, grid, row, col, twoD));
    const RowMatrixXd got = patchSimilarity(encoding, grid, row, col, twoD);
    QCOMPARE(got.rows(), Eigen::Index(grid));
    QCOMPARE(got.cols(), Eigen::Index(grid));
    const int d = encoding.dModel;
    EncodingParams rowHalf = encoding, colHalf = encoding;
    rowHalf.dModel = d / 2;
    colHalf.dModel = d - d / 2;
    const auto vectorOf = [&](int r, int c) {
        if (!twoD)
            return refPE(encoding, double(r * grid + c));
        Vec v(d);
        v << refPE(rowHalf, r), refPE(colHalf, c);
        return v;
    };
    const Vec target = vectorOf(row, col);
    for (int r = 0; r < grid; ++r)
        for (int c = 0; c < grid; ++c) {
            const Vec v = vectorOf(r, c);
            const double norms = std::sqrt(v.squaredNorm() * target.squaredNorm());
            const double want = norms > 0 ? v.dot(target) / norms : 0.0;
            QVERIFY2(std::abs(got(r, c) - want) <= 1e-13,
                     qPrintable(QStringLiteral("(%1, %2): %3 vs %4").arg(r).arg(c).arg(got(r, c), 0, 'g', 17).arg(want, 0, 'g', 17)));
        }
    if (encoding.scale != 0)
        QVERIFY(std::abs(got(row, col) - 1.0) <= 1e-14);
}

void TestAttention::vitNeighbours_data()
{
    QTest::addColumn<int>("d");
    QTest::newRow("d 768 (ViT-B)") << 768;
    QTest::newRow("d 64") << 64;
}

void TestAttention::vitNeighbours()
{
    QFETCH(int, d);
    const EncodingParams e = reference::make(d, 1, 0.0);
    const int grid = patchGrid(224, 16);
    QCOMPARE(grid, 14);
    // 1-D: the neighbour in the same row is index 1 away, the one below 14 away: the reading
    // order makes the row neighbour far more similar.
    const RowMatrixXd one = patchSimilarity(e, grid, 7, 7, false);
    QVERIFY2(one(7, 8) > one(8, 7) + 0.01, QByteArray::number(one(7, 8)) + " vs " + QByteArray::number(one(8, 7)));
    QVERIFY(one(7, 6) > one(6, 7) + 0.01);
    // 2-D with equal halves of complete pairs: both directions alike.
    const RowMatrixXd two = patchSimilarity(e, grid, 7, 7, true);
    QVERIFY(std::abs(two(7, 8) - two(8, 7)) <= 1e-14);
    QVERIFY(std::abs(two(7, 6) - two(6, 7)) <= 1e-14);
    QVERIFY(two(7, 8) < 1.0 && two(7, 8) > two(7, 12));
}

// ---- permutations, validation, names, weights -------------------------------------------------

void TestAttention::permutation_data()
{
    QTest::addColumn<int>("n");
    for (const int n : {0, 1, 2, 3, 4, 7, 12, 64})
        QTest::addRow("n %d", n) << n;
}

void TestAttention::permutation()
{
    QFETCH(int, n);
    std::set<std::vector<int>> distinct;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const std::vector<int> p = seededPermutation(seed, n);
        QVERIFY(isPermutation(p, n));
        QCOMPARE(seededPermutation(seed, n), p); // deterministic
        bool identity = true;
        for (int i = 0; i < n; ++i)
            identity = identity && p[std::size_t(i)] == i;
        QCOMPARE(identity, n < 2);
        distinct.insert(p);
    }
    // Seeds give different shuffles: all n! - 1 non-identities for small n, many for large.
    const std::size_t expected = n <= 1 ? 1 : n == 2 ? 1 : n == 3 ? 5 : n == 4 ? 23 : 150;
    QVERIFY2(distinct.size() >= expected, QByteArray::number(qulonglong(distinct.size())));
    QVERIFY(!isPermutation({0, 0}, 2));
    QVERIFY(!isPermutation({0, 2}, 2));
    QVERIFY(!isPermutation({0}, 2));
}

void TestAttention::validation_data()
{
    QTest::addColumn<AttentionSetup>("setup");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<QString>("field"); // empty: valid
    const AttentionSetup ok = setupOf(AttentionEncoding::Sinusoidal, 16);
    QTest::newRow("valid") << ok << 3 << QString();
    AttentionSetup s = ok;
    s.encoding.seqLen = 0; // not used by the lab
    s.encoding.offset = 1e300;
    QTest::newRow("seq_len and offset are not the lab's") << s << 3 << QString();
    s = ok;
    s.encoding.dModel = 1;
    QTest::newRow("d_model 1") << s << 3 << QStringLiteral("d_model");
    s = ok;
    s.encoding.base = 1.0;
    QTest::newRow("base 1") << s << 3 << QStringLiteral("base");
    s = ok;
    s.alpha = 1.5;
    QTest::newRow("alpha 1.5") << s << 3 << QStringLiteral("alpha");
    s.alpha = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("alpha NaN") << s << 3 << QStringLiteral("alpha");
    s = ok;
    s.learnedPositions = 0;
    QTest::newRow("learned_positions 0") << s << 3 << QStringLiteral("learned_positions");
    s = ok;
    s.heads = 0;
    QTest::newRow("heads 0") << s << 3 << QStringLiteral("heads");
    s = ok;
    s.head = 8;
    QTest::newRow("head 8 of 8") << s << 3 << QStringLiteral("head");
    s = ok;
    s.t5Buckets = 31;
    QTest::newRow("t5_buckets odd") << s << 3 << QStringLiteral("t5_buckets");
    s = ok;
    s.t5MaxDistance = 8; // max_exact is 8 for 32 buckets: log(1) = 0 would divide by zero
    QTest::newRow("t5_max_distance 8") << s << 3 << QStringLiteral("t5_max_distance");
    s = ok;
    s.relativeMaxDistance = -1;
    QTest::newRow("relative_max_distance -1") << s << 3 << QStringLiteral("relative_max_distance");
    s = ok;
    s.kind = static_cast<AttentionEncoding>(99);
    QTest::newRow("an unknown scheme") << s << 3 << QStringLiteral("encoding");
    QTest::newRow("no tokens") << ok << 0 << QStringLiteral("tokens");
    QTest::newRow("1025 tokens") << ok << 1025 << QStringLiteral("tokens");
    s = ok;
    s.encoding.start = 1e9 - 1;
    QTest::newRow("the last position beyond 1e9") << s << 3 << QStringLiteral("start");
}

void TestAttention::validation()
{
    QFETCH(AttentionSetup, setup);
    QFETCH(int, tokens);
    QFETCH(QString, field);
    std::optional<AttentionError> error = setup.validate();
    if (!error)
        error = validateTokens(setup, std::size_t(tokens));
    if (field.isEmpty()) {
        QVERIFY2(!error, error ? error->message.c_str() : "");
        return;
    }
    QVERIFY(error);
    QCOMPARE(QString::fromStdString(error->field), field);
    QVERIFY2(QString::fromStdString(error->message).contains(field == QLatin1String("tokens") ? QStringLiteral("token") : field),
             error->message.c_str());
    QVERIFY(error->message.find('\n') == std::string::npos);
}

void TestAttention::exportValidation_data()
{
    QTest::addColumn<AttentionExportSpec>("spec");
    QTest::addColumn<QString>("field");
    AttentionExportSpec ok;
    ok.encoding = reference::make(16, 100, 0.0);
    QTest::newRow("valid") << ok << QString();
    AttentionExportSpec s = ok;
    s.encoding.seqLen = 4097;
    QTest::newRow("seq_len 4097") << s << QStringLiteral("seq_len");
    s = ok;
    s.kind = AttentionEncoding::SeedRelative;
    QTest::newRow("relative has no export") << s << QStringLiteral("encoding");
    s = ok;
    s.kind = AttentionEncoding::Learned;
    s.encoding.seqLen = 512;
    QTest::newRow("learned, all 512 rows") << s << QString();
    s.encoding.start = 1;
    QTest::newRow("learned 1 .. 512: one row beyond") << s << QStringLiteral("seq_len");
    s.encoding.start = -1;
    s.encoding.seqLen = 5;
    QTest::newRow("learned from -1") << s << QStringLiteral("start");
    s.encoding.start = 2.5;
    QTest::newRow("learned from 2.5") << s << QStringLiteral("start");
    s.encoding.start = 600;
    QTest::newRow("learned from 600") << s << QStringLiteral("start");
    s = ok;
    s.kind = AttentionEncoding::Alibi;
    s.head = -1;
    QTest::newRow("alibi head -1") << s << QStringLiteral("head");
    s.kind = AttentionEncoding::Sinusoidal;
    QTest::newRow("the head does not matter to sinusoidal") << s << QString();
    s = ok;
    s.kind = AttentionEncoding::T5;
    s.t5Buckets = 2;
    QTest::newRow("t5 2 buckets") << s << QStringLiteral("t5_buckets");
}

void TestAttention::exportValidation()
{
    QFETCH(AttentionExportSpec, spec);
    QFETCH(QString, field);
    const auto error = spec.validate();
    if (field.isEmpty()) {
        QVERIFY2(!error, error ? error->message.c_str() : "");
        return;
    }
    QVERIFY(error);
    QCOMPARE(QString::fromStdString(error->field), field);
    QVERIFY(error->message.find('\n') == std::string::npos);
    if (spec.kind == AttentionEncoding::Learned && field == QLatin1String("seq_len"))
        QVERIFY2(error->message.find("512") != std::string::npos, error->message.c_str());
}

void TestAttention::names()
{
    const char *encodings[] = {"none", "sinusoidal", "learned", "rope", "alibi", "t5", "relative"};
    int k = 0;
    for (const AttentionEncoding e : kAttentionEncodings) {
        QCOMPARE(QByteArray(attentionEncodingName(e).data(), qsizetype(attentionEncodingName(e).size())), QByteArray(encodings[k++]));
        QCOMPARE(attentionEncodingFromName(attentionEncodingName(e)), e);
    }
    QCOMPARE(k, 7);
    QVERIFY(!attentionEncodingFromName("nope"));
    QVERIFY(!attentionEncodingFromName("Sinusoidal"));
    QCOMPARE(ropePairsFromName("interleaved"), RopePairs::Interleaved);
    QCOMPARE(ropePairsFromName("rotate_half"), RopePairs::RotateHalf);
    QVERIFY(!ropePairsFromName("split"));
    for (const PeJoin j : {PeJoin::Add, PeJoin::ConcatProject, PeJoin::Alpha})
        QCOMPARE(peJoinFromName(peJoinName(j)), j);
    QCOMPARE(peJoinFromName("concat_project"), PeJoin::ConcatProject);
    QVERIFY(!peJoinFromName("concat"));
    QCOMPARE(attentionWeightsKindFromName("identity"), AttentionWeightsKind::Identity);
    QCOMPARE(attentionWeightsKindFromName("random"), AttentionWeightsKind::Random);
    QVERIFY(!attentionWeightsKindFromName(""));
}

void TestAttention::weights_data()
{
    QTest::addColumn<int>("d");
    QTest::newRow("d 8") << 8;
    QTest::newRow("d 33") << 33;
}

void TestAttention::weights()
{
    QFETCH(int, d);
    const AttentionWeights w = attentionWeights(5, d, AttentionWeightsKind::Random, true);
    COMPARE_FIELD(w.query, refWeight(5, Wq, d, d), 1e-15);
    COMPARE_FIELD(w.key, refWeight(5, Wk, d, d), 1e-15);
    COMPARE_FIELD(w.value, refWeight(5, Wv, d, d), 1e-15);
    COMPARE_FIELD(w.projection, refWeight(5, Wproj, 2 * d, d), 1e-15);
    const AttentionWeights identity = attentionWeights(5, d, AttentionWeightsKind::Identity, false);
    QCOMPARE(identity.query.size(), Eigen::Index(0));
    QCOMPARE(identity.projection.size(), Eigen::Index(0));
    AttentionSetup s = setupOf(AttentionEncoding::Sinusoidal, d, 0.0, AttentionWeightsKind::Random, PeJoin::ConcatProject, 5);
    QVERIFY(weightsFit(w, s));
    QVERIFY(!weightsFit(attentionWeights(5, d, AttentionWeightsKind::Random, false), s)); // no projection
    s.join = PeJoin::Add;
    QVERIFY(weightsFit(attentionWeights(5, d, AttentionWeightsKind::Random, false), s));
    s.seed = 6;
    QVERIFY(!weightsFit(w, s));
    s.seed = 5;
    s.weights = AttentionWeightsKind::Identity;
    QVERIFY(!weightsFit(w, s));
    QVERIFY(weightsFit(identity, s));
    s.encoding.dModel = d + 1;
    QVERIFY(!weightsFit(identity, s));
}

// The cache grows its tables and takes blocks: the same bits as drawing afresh, for a d that
// goes up, down, up again past the largest, a seed that changes and back, with and without the
// projection, against the reference generator.
void TestAttention::weightCacheGivesTheSameBits_data()
{
    QTest::addColumn<QList<int>>("ds");
    QTest::addColumn<QList<int>>("seeds");
    QTest::addColumn<QList<int>>("projections");
    QTest::newRow("up") << QList<int>{4, 5, 8, 17} << QList<int>{5, 5, 5, 5} << QList<int>{0, 0, 1, 1};
    QTest::newRow("down") << QList<int>{33, 16, 7, 2} << QList<int>{5, 5, 5, 5} << QList<int>{1, 0, 1, 0};
    QTest::newRow("zigzag") << QList<int>{9, 4, 12, 11, 30, 3} << QList<int>{5, 5, 5, 5, 5, 5} << QList<int>{0, 1, 0, 1, 1, 0};
    QTest::newRow("seeds") << QList<int>{8, 8, 12, 12, 5} << QList<int>{5, 6, 6, 5, 6} << QList<int>{1, 1, 0, 1, 1};
}

void TestAttention::weightCacheGivesTheSameBits()
{
    QFETCH(QList<int>, ds);
    QFETCH(QList<int>, seeds);
    QFETCH(QList<int>, projections);
    AttentionWeightCache cache;
    for (int n = 0; n < ds.size(); ++n) {
        const int d = ds[n];
        const auto seed = std::uint64_t(seeds[n]);
        const bool projection = projections[n] != 0;
        const AttentionWeights &w = cache.weights(seed, d, AttentionWeightsKind::Random, projection);
        const AttentionWeights fresh = attentionWeights(seed, d, AttentionWeightsKind::Random, projection);
        QCOMPARE(w.dModel, d);
        QCOMPARE(w.seed, seed);
        QVERIFY2(w.query == fresh.query && w.key == fresh.key && w.value == fresh.value && w.projection == fresh.projection,
                 qPrintable(QStringLiteral("step %1: d %2").arg(n).arg(d)));
        COMPARE_FIELD(w.query, refWeight(seed, Wq, d, d), 1e-15);
        COMPARE_FIELD(w.value, refWeight(seed, Wv, d, d), 1e-15);
        if (projection)
            COMPARE_FIELD(w.projection, refWeight(seed, Wproj, 2 * d, d), 1e-15);
        QCOMPARE(w.projection.size() > 0, projection);
    }
    const AttentionWeights &identity = cache.weights(5, 6, AttentionWeightsKind::Identity, false);
    QCOMPARE(identity.query.size(), Eigen::Index(0));
    QCOMPARE(identity.kind, AttentionWeightsKind::Identity);
}

QTEST_GUILESS_MAIN(TestAttention)
#include "tst_attention.moc"

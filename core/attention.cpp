// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/attention.h"
#include "core/names.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "core/similarity.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <numbers>
#include <string>
#include <tuple>

namespace posenc {

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

std::uint64_t splitmix64(std::uint64_t x)
{
    std::uint64_t z = x + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t fnv1a64(std::string_view bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char ch : bytes) {
        h ^= static_cast<unsigned char>(ch);
        h *= 0x100000001b3ULL;
    }
    return h;
}

namespace {

std::uint64_t streamKey(std::uint64_t seed, std::uint64_t stream)
{
    return splitmix64(splitmix64(seed) ^ stream);
}

inline double uniformOf(std::uint64_t bits)
{
    return double(bits >> 11) * 0x1.0p-53;
}

// Box–Muller for the pair k of a stream whose key is known: both normals of that draw.
struct NormalPair {
    double even;
    double odd;
};

inline NormalPair normalPair(std::uint64_t key, std::uint64_t k)
{
    const double u1 = 1.0 - uniformOf(splitmix64(key ^ (2 * k)));
    const double u2 = uniformOf(splitmix64(key ^ (2 * k + 1)));
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double angle = 2.0 * std::numbers::pi * u2;
    return {r * std::cos(angle), r * std::sin(angle)};
}

// count normals of consecutive indices from firstIndex into out, one Box–Muller draw per pair.
void fillNormals(std::uint64_t seed, std::uint64_t stream, std::uint64_t firstIndex, int count, double *out)
{
    const std::uint64_t key = streamKey(seed, stream);
    int c = 0;
    if (count > 0 && (firstIndex & 1)) {
        out[c++] = normalPair(key, firstIndex >> 1).odd;
    }
    for (; c + 1 < count; c += 2) {
        const NormalPair p = normalPair(key, (firstIndex + std::uint64_t(c)) >> 1);
        out[c] = p.even;
        out[c + 1] = p.odd;
    }
    if (c < count)
        out[c] = normalPair(key, (firstIndex + std::uint64_t(c)) >> 1).even;
}

// A [rows x cols] table of seeded normals, entry (r, c) at tableIndex(firstRow + r, c), times factor.
RowMatrixXd normalTable(std::uint64_t seed, std::uint64_t stream, int firstRow, int rows, int cols, double factor)
{
    RowMatrixXd table(rows, cols);
    for (int r = 0; r < rows; ++r) {
        double *row = table.data() + std::ptrdiff_t(r) * cols;
        fillNormals(seed, stream, tableIndex(firstRow + r, 0), cols, row);
        if (factor != 1.0) {
            for (int c = 0; c < cols; ++c)
                row[c] *= factor;
        }
    }
    return table;
}

} // namespace

std::uint64_t seededBits(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    return splitmix64(streamKey(seed, stream) ^ index);
}

double seededUniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    return uniformOf(seededBits(seed, stream, index));
}

double seededNormal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    const NormalPair p = normalPair(streamKey(seed, stream), index >> 1);
    return (index & 1) ? p.odd : p.even;
}

std::uint64_t tableIndex(int row, int column)
{
    return (std::uint64_t(std::uint32_t(row)) << 32) | std::uint32_t(column);
}

Eigen::VectorXd tokenEmbedding(std::string_view token, std::uint64_t seed, int dModel)
{
    Eigen::VectorXd e(dModel);
    fillNormals(seed, fnv1a64(token), 0, dModel, e.data());
    return e;
}

RowMatrixXd tokenEmbeddings(const std::vector<std::string> &tokens, std::uint64_t seed, int dModel)
{
    RowMatrixXd t(Eigen::Index(tokens.size()), dModel);
    for (std::size_t i = 0; i < tokens.size(); ++i)
        fillNormals(seed, fnv1a64(tokens[i]), 0, dModel, t.data() + std::ptrdiff_t(i) * dModel);
    return t;
}

RowMatrixXd learnedPositionRows(std::uint64_t seed, int dModel, int firstPosition, int rows)
{
    return normalTable(seed, kStreamLearned, firstPosition, rows, dModel, 1.0);
}

namespace {

// Whether a position is a whole number with a row in a table of tablePositions rows.
bool hasLearnedRow(int tablePositions, double position)
{
    return position >= 0 && position < tablePositions && std::floor(position) == position;
}

} // namespace

bool learnedTableCovers(int tablePositions, double start, int count)
{
    if (count <= 0)
        return true;
    return hasLearnedRow(tablePositions, start) && start + (count - 1) < tablePositions;
}

std::vector<int> seededPermutation(std::uint64_t seed, int n)
{
    std::vector<int> p(std::size_t(std::max(n, 0)));
    const auto identity = [&] {
        for (int i = 0; i < n; ++i)
            p[std::size_t(i)] = i;
    };
    identity();
    if (n < 2)
        return p;
    for (int attempt = 0; attempt < 64; ++attempt) {
        identity();
        for (int i = n - 1; i >= 1; --i) {
            const double u = seededUniform(seed, kStreamPermutation, tableIndex(attempt, i));
            const int j = std::min(int(u * (i + 1)), i); // u < 1, so j <= i already; kept safe
            std::swap(p[std::size_t(i)], p[std::size_t(j)]);
        }
        for (int i = 0; i < n; ++i) {
            if (p[std::size_t(i)] != i)
                return p;
        }
    }
    for (int i = 0; i < n; ++i)
        p[std::size_t(i)] = (i + 1) % n;
    return p;
}

bool isPermutation(const std::vector<int> &p, int n)
{
    if (n < 0 || p.size() != std::size_t(n))
        return false;
    std::vector<char> seen(std::size_t(n), 0);
    for (const int v : p) {
        if (v < 0 || v >= n || seen[std::size_t(v)])
            return false;
        seen[std::size_t(v)] = 1;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Names

std::string_view attentionEncodingName(AttentionEncoding encoding)
{
    switch (encoding) {
    case AttentionEncoding::None: return "none";
    case AttentionEncoding::Sinusoidal: return "sinusoidal";
    case AttentionEncoding::Learned: return "learned";
    case AttentionEncoding::Rope: return "rope";
    case AttentionEncoding::Alibi: return "alibi";
    case AttentionEncoding::T5: return "t5";
    case AttentionEncoding::SeedRelative: return "relative";
    }
    return "none";
}

std::optional<AttentionEncoding> attentionEncodingFromName(std::string_view name)
{
    return valueNamed<AttentionEncoding>(name, kAttentionEncodings, &attentionEncodingName);
}

std::string_view ropePairsName(RopePairs pairs)
{
    return pairs == RopePairs::RotateHalf ? "rotate_half" : "interleaved";
}

std::optional<RopePairs> ropePairsFromName(std::string_view name)
{
    return valueNamed<RopePairs>(name, {RopePairs::Interleaved, RopePairs::RotateHalf}, &ropePairsName);
}

std::string_view peJoinName(PeJoin join)
{
    switch (join) {
    case PeJoin::Add: return "add";
    case PeJoin::ConcatProject: return "concat_project";
    case PeJoin::Alpha: return "alpha";
    }
    return "add";
}

std::optional<PeJoin> peJoinFromName(std::string_view name)
{
    return valueNamed<PeJoin>(name, {PeJoin::Add, PeJoin::ConcatProject, PeJoin::Alpha}, &peJoinName);
}

std::string_view attentionWeightsKindName(AttentionWeightsKind kind)
{
    return kind == AttentionWeightsKind::Identity ? "identity" : "random";
}

std::optional<AttentionWeightsKind> attentionWeightsKindFromName(std::string_view name)
{
    return valueNamed<AttentionWeightsKind>(name, {AttentionWeightsKind::Random, AttentionWeightsKind::Identity},
                                            &attentionWeightsKindName);
}

bool addsPositionVectors(AttentionEncoding encoding)
{
    return encoding == AttentionEncoding::Sinusoidal || encoding == AttentionEncoding::Learned;
}

// ---------------------------------------------------------------------------------------------
// ALiBi and T5

double alibiSlope(int head, int heads)
{
    return std::exp2(-8.0 * (head + 1) / heads);
}

int t5RelativePositionBucket(int relativePosition, bool bidirectional, int buckets, int maxDistance)
{
    // Transcribed from T5Attention._relative_position_bucket; `long long` for |INT_MIN|.
    long long n = relativePosition;
    int result = 0;
    int half = buckets;
    if (bidirectional) {
        half = buckets / 2;
        if (relativePosition > 0)
            result += half;
        n = std::llabs(n);
    } else {
        n = std::max(-n, 0LL);
    }
    const int maxExact = half / 2;
    if (n < maxExact)
        return result + int(n);
    // torch.log(relative_position.float() / max_exact) / math.log(max_distance / max_exact)
    // * (num_buckets - max_exact): float32 tensor arithmetic, the Python double divisor cast
    // to float32, then .to(torch.long), which truncates toward zero.
    const float ratio = static_cast<float>(n) / static_cast<float>(maxExact);
    const float divisor = static_cast<float>(std::log(double(maxDistance) / double(maxExact)));
    const float scaled = std::log(ratio) / divisor * static_cast<float>(half - maxExact);
    // Past the last bucket (or not finite: max_distance <= max_exact divides by log 1 = 0,
    // which validate() refuses), the last bucket; the cast of such a float would be undefined.
    if (!(scaled < static_cast<float>(half)))
        return result + half - 1;
    const long long large = maxExact + static_cast<long long>(scaled);
    return result + int(std::min<long long>(large, half - 1));
}

double t5BucketBias(std::uint64_t seed, int bucket, int head)
{
    return seededNormal(seed, kStreamT5, tableIndex(bucket, head));
}

// ---------------------------------------------------------------------------------------------
// Validation

namespace {

std::optional<AttentionError> fail(std::string field, std::string message)
{
    return AttentionError{std::move(field), std::move(message)};
}

std::string integerRange(std::string_view field, long long low, long long high)
{
    return std::string(field) + " must be an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]";
}

// The encoding's own check, with the fields the lab does not use at valid values.
std::optional<AttentionError> encodingError(EncodingParams params, bool useSeqLen)
{
    if (!useSeqLen)
        params.seqLen = 1;
    params.offset = 0;
    params.position = 0;
    if (const auto error = params.validate())
        return AttentionError{std::string(fieldName(error->field)), error->message};
    return std::nullopt;
}

// An enum value that is one of the listed ones (a preset or a cast could hold another).
bool knownEncoding(AttentionEncoding kind)
{
    return std::find(std::begin(kAttentionEncodings), std::end(kAttentionEncodings), kind)
           != std::end(kAttentionEncodings);
}

std::optional<AttentionError> headError(int heads, int head)
{
    if (heads < 1 || heads > AttentionSetup::kMaxHeads)
        return fail("heads", integerRange("heads", 1, AttentionSetup::kMaxHeads));
    if (head < 0 || head >= heads)
        return fail("head", integerRange("head", 0, heads - 1) + " (one of the " + std::to_string(heads) + " heads)");
    return std::nullopt;
}

std::optional<AttentionError> t5Error(int buckets, int maxDistance)
{
    if (buckets < AttentionSetup::kMinT5Buckets || buckets > AttentionSetup::kMaxT5Buckets || buckets % 2 != 0)
        return fail("t5_buckets", "t5_buckets must be an even integer in [" + std::to_string(AttentionSetup::kMinT5Buckets)
                                      + ", " + std::to_string(AttentionSetup::kMaxT5Buckets) + "]");
    // The logarithmic buckets divide by log(max_distance / max_exact): it must be positive.
    const int maxExact = buckets / 4;
    if (maxDistance <= maxExact || maxDistance > AttentionSetup::kMaxT5MaxDistance)
        return fail("t5_max_distance", integerRange("t5_max_distance", maxExact + 1, AttentionSetup::kMaxT5MaxDistance)
                                           + " (above t5_buckets / 4)");
    return std::nullopt;
}

} // namespace

std::optional<AttentionError> AttentionSetup::validate() const
{
    if (auto error = encodingError(encoding, false))
        return error;
    if (!knownEncoding(kind))
        return fail("encoding", "encoding must be one of none, sinusoidal, learned, rope, alibi, t5, relative");
    if (!(alpha >= 0.0 && alpha <= 1.0))
        return fail("alpha", "alpha must be a finite number in [0, 1]");
    if (learnedPositions < 1 || learnedPositions > kMaxLearnedPositions)
        return fail("learned_positions", integerRange("learned_positions", 1, kMaxLearnedPositions));
    if (auto error = headError(heads, head))
        return error;
    if (auto error = t5Error(t5Buckets, t5MaxDistance))
        return error;
    if (relativeMaxDistance < 0 || relativeMaxDistance > kMaxRelativeMaxDistance)
        return fail("relative_max_distance", integerRange("relative_max_distance", 0, kMaxRelativeMaxDistance));
    return std::nullopt;
}

std::optional<AttentionError> validateTokens(const AttentionSetup &setup, std::size_t tokenCount)
{
    if (tokenCount < 1 || tokenCount > std::size_t(AttentionSetup::kMaxTokens))
        return fail("tokens", "the phrase must have 1 to " + std::to_string(AttentionSetup::kMaxTokens) + " tokens");
    const double last = setup.encoding.start + double(tokenCount - 1);
    if (!(std::abs(last) <= EncodingParams::kMaxAbsPosition))
        return fail("start", "start + number of tokens - 1 must lie in " + validRange(ParamField::Position));
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// One head

AttentionWeights attentionWeights(std::uint64_t seed, int dModel, AttentionWeightsKind kind, bool withProjection)
{
    AttentionWeights w;
    w.seed = seed;
    w.dModel = dModel;
    w.kind = kind;
    if (kind == AttentionWeightsKind::Random) {
        const double factor = 1.0 / std::sqrt(double(dModel));
        w.query = normalTable(seed, kStreamQuery, 0, dModel, dModel, factor);
        w.key = normalTable(seed, kStreamKey, 0, dModel, dModel, factor);
        w.value = normalTable(seed, kStreamValue, 0, dModel, dModel, factor);
    }
    if (withProjection)
        w.projection = normalTable(seed, kStreamProjection, 0, 2 * dModel, dModel, 1.0 / std::sqrt(2.0 * dModel));
    return w;
}

void AttentionWeightCache::grow(RowMatrixXd &table, std::uint64_t stream, int rows, int cols) const
{
    if (table.rows() >= rows && table.cols() >= cols)
        return;
    const int oldRows = int(table.rows());
    const int oldCols = int(table.cols());
    const int newRows = std::max(rows, oldRows);
    const int newCols = std::max(cols, oldCols);
    RowMatrixXd grown(newRows, newCols);
    grown.topLeftCorner(oldRows, oldCols) = table;
    // The new columns of the old rows, then the new rows whole: the same numbers as
    // normalTable (fillNormals pairs indices 2k, 2k + 1 whatever the first index).
    for (int r = 0; r < oldRows && newCols > oldCols; ++r)
        fillNormals(m_seed, stream, tableIndex(r, oldCols), newCols - oldCols,
                    grown.data() + std::ptrdiff_t(r) * newCols + oldCols);
    for (int r = oldRows; r < newRows; ++r)
        fillNormals(m_seed, stream, tableIndex(r, 0), newCols, grown.data() + std::ptrdiff_t(r) * newCols);
    table.swap(grown);
}

const AttentionWeights &AttentionWeightCache::weights(std::uint64_t seed, int dModel, AttentionWeightsKind kind,
                                                     bool withProjection)
{
    if (m_valid && m_weights.seed == seed && m_weights.dModel == dModel && m_weights.kind == kind
        && (m_weights.projection.size() > 0) == withProjection)
        return m_weights;
    reseed(seed);
    AttentionWeights w;
    w.seed = seed;
    w.dModel = dModel;
    w.kind = kind;
    if (kind == AttentionWeightsKind::Random) {
        const double factor = 1.0 / std::sqrt(double(dModel));
        for (auto [table, stream, out] : {std::tuple{&m_query, kStreamQuery, &w.query},
                                          std::tuple{&m_key, kStreamKey, &w.key},
                                          std::tuple{&m_value, kStreamValue, &w.value}}) {
            grow(*table, stream, dModel, dModel);
            *out = table->topLeftCorner(dModel, dModel) * factor;
        }
    }
    if (withProjection) {
        grow(m_projection, kStreamProjection, 2 * dModel, dModel);
        w.projection = m_projection.topLeftCorner(2 * dModel, dModel) * (1.0 / std::sqrt(2.0 * dModel));
    }
    m_weights = std::move(w);
    m_valid = true;
    return m_weights;
}

void AttentionWeightCache::reseed(std::uint64_t seed)
{
    if (m_seeded && m_seed == seed)
        return;
    m_seed = seed;
    m_seeded = true;
    m_query = m_key = m_value = m_projection = m_scaledProjection = RowMatrixXd();
    m_scaledProjectionD = 0;
    m_valid = false;
}

AttentionWeightTables AttentionWeightCache::tables(std::uint64_t seed, int dModel, AttentionWeightsKind kind,
                                                   bool withProjection)
{
    reseed(seed);
    AttentionWeightTables t;
    t.seed = seed;
    t.dModel = dModel;
    t.kind = kind;
    if (kind == AttentionWeightsKind::Random) {
        grow(m_query, kStreamQuery, dModel, dModel);
        grow(m_key, kStreamKey, dModel, dModel);
        grow(m_value, kStreamValue, dModel, dModel);
        t.query = &m_query;
        t.key = &m_key;
        t.value = &m_value;
        t.factor = 1.0 / std::sqrt(double(dModel)); // as weights() scales them
    }
    if (withProjection) {
        // The concatenating join multiplies by W_proj with Eigen's matrix product, whose bits
        // need the scaled matrix itself: kept while d stays (it is not the default join).
        if (m_scaledProjectionD != dModel) {
            grow(m_projection, kStreamProjection, 2 * dModel, dModel);
            m_scaledProjection = m_projection.topLeftCorner(2 * dModel, dModel) * (1.0 / std::sqrt(2.0 * dModel));
            m_scaledProjectionD = dModel;
        }
        t.projection = &m_scaledProjection;
    }
    return t;
}

AttentionWeightTables weightTables(const AttentionWeights &weights)
{
    AttentionWeightTables t;
    t.seed = weights.seed;
    t.dModel = weights.dModel;
    t.kind = weights.kind;
    if (weights.kind == AttentionWeightsKind::Random) {
        t.query = &weights.query;
        t.key = &weights.key;
        t.value = &weights.value;
    }
    if (weights.projection.size() > 0)
        t.projection = &weights.projection;
    return t;
}

namespace {

bool needsProjection(const AttentionSetup &setup)
{
    return addsPositionVectors(setup.kind) && setup.join == PeJoin::ConcatProject;
}

// The position vectors P of the tokens, [n x d], or [0 x d] for schemes that add none.
RowMatrixXd positionVectors(const AttentionSetup &setup, int n, std::vector<int> *withoutRow)
{
    const int d = setup.encoding.dModel;
    RowMatrixXd p(0, d);
    if (setup.kind == AttentionEncoding::Sinusoidal) {
        encodingRowsInto(setup.encoding, setup.encoding.start, 1.0, n, p);
    } else if (setup.kind == AttentionEncoding::Learned) {
        p = RowMatrixXd::Zero(n, d);
        for (int i = 0; i < n; ++i) {
            const double position = setup.encoding.start + i;
            if (hasLearnedRow(setup.learnedPositions, position))
                fillNormals(setup.seed, kStreamLearned, tableIndex(int(position), 0), d, p.data() + std::ptrdiff_t(i) * d);
            else
                withoutRow->push_back(i);
        }
    }
    return p;
}

// RoPE: rotates every row of m by the angles (start + i) theta_t of its pairs.
void rotateRows(const AttentionSetup &setup, RowMatrixXd &m)
{
    const int d = setup.encoding.dModel;
    const int pairs = d / 2;
    const int n = int(m.rows());
    if (pairs == 0 || n == 0)
        return;
    Eigen::VectorXd theta(pairs);
    for (int t = 0; t < pairs; ++t)
        theta[t] = std::pow(setup.encoding.base, -2.0 * t / d);
    const bool interleaved = setup.ropePairs == RopePairs::Interleaved;
    // The engine's sines and cosines of (start + i) theta_t (the rows [sin .. | cos ..]).
    forEachSinCosRow(theta, setup.encoding.start, 1.0, n, [&](int i, const double *row) {
        double *x = m.data() + std::ptrdiff_t(i) * d;
        for (int t = 0; t < pairs; ++t) {
            const int a = interleaved ? 2 * t : t;
            const int b = interleaved ? 2 * t + 1 : t + pairs;
            const double s = row[t], c = row[pairs + t];
            const double xa = x[a], xb = x[b];
            x[a] = xa * c - xb * s;
            x[b] = xa * s + xb * c;
        }
    });
}

// A phrase has a few rows: the projections read W once, row by row, adding x(i, k) W_k to each
// output row (Eigen's matrix product packs all of W first, which for 3 tokens at d = 512 took
// 40 % of a d_model change). Each output entry is summed over k = 0 .. d-1 in that order from
// 0 whatever the other rows are, so a permuted phrase gives permuted bits, and rows of several
// heads projected together have the bits of each head projected alone.
constexpr Eigen::Index kRowByRowRows = 32;

// The projection's inner kernel: rows [r0, r0 + R) of out, columns [c0, c0 + 2L), summed in
// 2 R vector registers over all k, from w (row k of the columns at w + k * stride): either
// W itself (Strided, scaled here) or a strip of it packed and scaled (packPanel).
// out(i, c) = sum over k = 0 .. d-1, in that order, from 0, of x(i, k) * fl(factor * W(k, c)):
// a multiply, then an add (no fused multiply-add, which would round once instead of twice),
// so every lane width gives the bits of the scalar loop.
constexpr int kPrefetchRows = 24;

template<typename V, int R, bool Strided>
__attribute__((always_inline)) inline void projectTile(const double *xt, int m, const double *w, std::ptrdiff_t stride,
                                                       int d, double factor, int r0, int c0, double *out)
{
    constexpr int L = int(sizeof(V) / sizeof(double));
    V acc[R][2] = {};
    const bool scale = factor != 1.0;
    // The accumulators must live in registers: the loops over r fully unrolled (GCC at -O2
    // kept them in memory, a load and a store per add).
    for (int k = 0; k < d; ++k) {
        // Rows of W lie a page apart at d = 512, where the hardware does not prefetch: the
        // chunk a few rows ahead is asked for now (the loads of W had waited on the cache).
        if constexpr (Strided)
            __builtin_prefetch(w + std::min(k + kPrefetchRows, d - 1) * stride);
        V w0, w1;
        std::memcpy(&w0, w + k * stride, sizeof(V));
        std::memcpy(&w1, w + k * stride + L, sizeof(V));
        if (scale) {
            w0 = w0 * factor;
            w1 = w1 * factor;
        }
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            const double xr = xt[std::ptrdiff_t(k) * m + r0 + r];
            acc[r][0] = acc[r][0] + xr * w0;
            acc[r][1] = acc[r][1] + xr * w1;
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
        std::memcpy(out + std::ptrdiff_t(r0 + r) * d + c0, &acc[r][0], sizeof(V));
        std::memcpy(out + std::ptrdiff_t(r0 + r) * d + c0 + L, &acc[r][1], sizeof(V));
    }
}

// The tile of the rows left, up to R of them: R whole, or fewer for the last rows of x.
template<typename V, int R, bool Strided>
__attribute__((always_inline)) inline void projectRowTile(int rows, const double *xt, int m, const double *w,
                                                          std::ptrdiff_t stride, int d, double factor, int r0, int c0,
                                                          double *out)
{
    if constexpr (R > 1) {
        if (rows < R)
            return projectRowTile<V, R - 1, Strided>(rows, xt, m, w, stride, d, factor, r0, c0, out);
    }
    projectTile<V, R, Strided>(xt, m, w, stride, d, factor, r0, c0, out);
}

// Rows of W lie a page apart at d = 512: row tiles reading W down its columns read every
// chunk from a page (and a TLB entry) of its own, where the hardware does not prefetch, each
// tile all of W again. With more rows than one tile, a panel of columns [c0, c0 + n * Width)
// is copied once, scaled, as n strips of `Width` columns, each strip's rows side by side
// (strip s (k, j) = fl(factor * W(k, c0 + s * Width + j))), and every row tile reads a strip
// in order. A panel of 64 columns reads 512 bytes of a row of W at a time, eight cache lines
// in a row, and fills 256 KiB at d = 512.
constexpr int kPanelColumns = 64;
constexpr int kPanelPrefetchRows = 8;

template<int Width>
__attribute__((always_inline)) inline void packPanel(const double *table, std::ptrdiff_t stride, int d, double factor,
                                                     int c0, int strips, double *panel)
{
    const std::ptrdiff_t stripSize = std::ptrdiff_t(d) * Width;
    auto pack = [&](auto value) {
        for (int k = 0; k < d; ++k) {
            const double *ahead = table + std::ptrdiff_t(std::min(k + kPanelPrefetchRows, d - 1)) * stride + c0;
            for (int s = 0; s < strips * Width; s += 8)
                __builtin_prefetch(ahead + s);
            const double *w = table + std::ptrdiff_t(k) * stride + c0;
            for (int s = 0; s < strips; ++s) {
                double *out = panel + s * stripSize + std::ptrdiff_t(k) * Width;
                for (int j = 0; j < Width; ++j)
                    out[j] = value(w[s * Width + j]);
            }
        }
    };
    if (factor != 1.0)
        pack([factor](double w) { return w * factor; });
    else
        pack([](double w) { return w; });
}

// out (m x d, allocated) = x W, W(k, c) = fl(factor * table(k, c)), as projectTile says: each
// strip of 2L columns Rows rows at a time (2 Rows accumulators, two W vectors and a broadcast
// in the 16 vector registers of SSE2 and AVX2: 6 rows), read from W itself for one tile of
// rows, else from its panel packed; the columns past the last whole chunk one by one in the
// same order.
template<typename V, int Rows>
__attribute__((always_inline)) inline void projectLanes(const RowMatrixXd &x, const RowMatrixXd &table, int d, double factor, RowMatrixXd &out)
{
    constexpr int L = int(sizeof(V) / sizeof(double));
    constexpr int kStrips = kPanelColumns / (2 * L);
    const int m = int(x.rows());
    const std::ptrdiff_t stride = table.cols();
    const int vectorColumns = d - d % (2 * L);
    // x transposed: the rows' x(i, k) side by side for each k. Rows of x (and of W) lie 4 KiB
    // apart at d = 512, all in one set of the L1 cache, which they thrashed (twice the time).
    RowMatrixXd transposed = x.transpose();
    const double *xt = transposed.data();
    if (m <= Rows) {
        for (int c0 = 0; c0 < vectorColumns; c0 += 2 * L)
            projectRowTile<V, Rows, true>(m, xt, m, table.data() + c0, stride, d, factor, 0, c0, out.data());
    } else {
        const auto panel = std::make_unique_for_overwrite<double[]>(std::size_t(d) * kPanelColumns);
        for (int p0 = 0; p0 < vectorColumns; p0 += kPanelColumns) {
            const int strips = std::min(kStrips, (vectorColumns - p0) / (2 * L));
            packPanel<2 * L>(table.data(), stride, d, factor, p0, strips, panel.get());
            for (int s = 0; s < strips; ++s) {
                const double *strip = panel.get() + std::ptrdiff_t(s) * d * 2 * L;
                for (int r0 = 0; r0 < m; r0 += Rows)
                    projectRowTile<V, Rows, false>(std::min(Rows, m - r0), xt, m, strip, 2 * L, d, 1.0, r0,
                                                   p0 + s * 2 * L, out.data());
            }
        }
    }
    // The last columns (fewer than 2 L), each entry summed over k in the same order; W read
    // along its rows (down a column, every entry was a cache line of its own).
    const int tail = d - vectorColumns;
    if (tail > 0) {
        double sums[2 * L];
        for (int i = 0; i < m; ++i) {
            std::fill(sums, sums + tail, 0.0);
            for (int k = 0; k < d; ++k) {
                const double xik = x(i, k);
                const double *w = table.data() + k * stride + vectorColumns;
                for (int c = 0; c < tail; ++c)
                    sums[c] = sums[c] + xik * (factor != 1.0 ? w[c] * factor : w[c]);
            }
            for (int c = 0; c < tail; ++c)
                out(i, vectorColumns + c) = sums[c];
        }
    }
}

typedef double Double2 __attribute__((vector_size(16)));

#if defined(__x86_64__) && defined(__GNUC__)
#define POSENC_PROJECT_AVX2 1
typedef double Double4 __attribute__((vector_size(32)));
// AVX2 without FMA (target "avx2" does not enable it, so nothing is contracted).
__attribute__((target("avx2"))) void projectAvx2(const RowMatrixXd &x, const RowMatrixXd &table, int d, double factor,
                                                 RowMatrixXd &out)
{
    projectLanes<Double4, 6>(x, table, d, factor, out);
}
#else
#define POSENC_PROJECT_AVX2 0
#endif

// out = x W with W(k, c) = fl(factor * table(k, c)), k, c < d (factor 1 reads the table as it
// is), with the bits of adding x(i, k) W_k row by row. At d = 512 the plain loop was 30 % of a
// d_model change (-O2 did not vectorise it); tiles in registers read each chunk of W once
// for six rows. (An AVX-512 kernel with tiles of twelve rows, one pass over W for the lab's
// phrase, shuffle and shift, was slower in the window on this AMD EPYC, 11.2 against 9 ms a
// change: the loads of W, a page apart at d = 512, are what it waits on, not the arithmetic.)
// Packed in panels, W is read once whatever the rows: the lab's 12 rows at d = 512, three
// tables with W out of the cache, took 1.1 ms against 2.4 ms reading W down its columns.
void projectRows(const RowMatrixXd &x, const RowMatrixXd &table, int d, double factor, RowMatrixXd &out)
{
    out.resize(x.rows(), d);
#if POSENC_PROJECT_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx2) {
        projectAvx2(x, table, d, factor, out);
        return;
    }
#endif
    projectLanes<Double2, 6>(x, table, d, factor, out);
}

// The scaled d x d matrix of a table, for Eigen's product of a long phrase (its bits need it).
RowMatrixXd scaledWeights(const RowMatrixXd &table, int d, double factor)
{
    if (factor == 1.0 && table.rows() == d && table.cols() == d)
        return table;
    return table.topLeftCorner(d, d) * factor;
}

// q, k and v of every head (inputs set). Rows of phrases of at most kRowByRowRows tokens are
// projected together, each distinct row once; a longer phrase by Eigen's product, as before.
void projectHeads(const std::vector<AttentionResult *> &heads, const AttentionWeightTables &w)
{
    if (w.kind == AttentionWeightsKind::Identity) {
        for (AttentionResult *r : heads)
            r->q = r->k = r->v = r->input;
        return;
    }
    const int d = w.dModel;
    // The distinct rows: a row equal in every bit to one already listed is projected once.
    std::vector<const double *> distinct;
    std::vector<std::vector<int>> rowOf(heads.size());
    for (std::size_t h = 0; h < heads.size(); ++h) {
        const RowMatrixXd &x = heads[h]->input;
        if (x.rows() > kRowByRowRows)
            continue;
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            const double *row = x.data() + i * d;
            std::size_t u = 0;
            while (u < distinct.size() && std::memcmp(distinct[u], row, sizeof(double) * std::size_t(d)) != 0)
                ++u;
            if (u == distinct.size())
                distinct.push_back(row);
            rowOf[h].push_back(int(u));
        }
    }
    RowMatrixXd x(Eigen::Index(distinct.size()), d);
    for (std::size_t u = 0; u < distinct.size(); ++u)
        std::memcpy(x.data() + std::ptrdiff_t(u) * d, distinct[u], sizeof(double) * std::size_t(d));
    for (auto [table, member] : {std::pair{w.query, &AttentionResult::q}, std::pair{w.key, &AttentionResult::k},
                                 std::pair{w.value, &AttentionResult::v}}) {
        RowMatrixXd projected;
        if (x.rows() > 0)
            projectRows(x, *table, d, w.factor, projected);
        RowMatrixXd scaled; // for long phrases only
        for (std::size_t h = 0; h < heads.size(); ++h) {
            AttentionResult &r = *heads[h];
            if (r.input.rows() > kRowByRowRows) {
                if (scaled.size() == 0)
                    scaled = scaledWeights(*table, d, w.factor);
                // Constructed from the product, not assigned: Eigen assigns a product through
                // another path, whose last bits differ (8.9e-16 at d = 63).
                RowMatrixXd product = r.input * scaled;
                (r.*member).swap(product);
                continue;
            }
            RowMatrixXd &out = r.*member;
            out.resize(r.input.rows(), d);
            for (std::size_t i = 0; i < rowOf[h].size(); ++i)
                out.row(Eigen::Index(i)) = projected.row(rowOf[h][i]);
        }
    }
}

} // namespace

bool weightsFit(const AttentionWeights &weights, const AttentionSetup &setup)
{
    const int d = setup.encoding.dModel;
    if (weights.seed != setup.seed || weights.dModel != d || weights.kind != setup.weights)
        return false;
    if (weights.kind == AttentionWeightsKind::Random
        && (weights.query.rows() != d || weights.key.rows() != d || weights.value.rows() != d))
        return false;
    return !needsProjection(setup) || weights.projection.rows() == 2 * d;
}

bool weightsFit(const AttentionWeightTables &weights, const AttentionSetup &setup)
{
    const int d = setup.encoding.dModel;
    if (weights.seed != setup.seed || weights.dModel != d || weights.kind != setup.weights)
        return false;
    if (weights.kind == AttentionWeightsKind::Random) {
        for (const RowMatrixXd *table : {weights.query, weights.key, weights.value}) {
            if (!table || table->rows() < d || table->cols() < d)
                return false;
        }
    }
    return !needsProjection(setup) || (weights.projection && weights.projection->rows() == 2 * d);
}

namespace {

// A head up to its projections: positions, T, P and X = T joined with P. w fits the setup.
AttentionResult headInput(const AttentionSetup &setup, const AttentionWeightTables &w,
                          const std::vector<std::string> &tokens)
{
    const int n = int(tokens.size());
    const int d = setup.encoding.dModel;
    AttentionResult r;
    r.positions.resize(n);
    for (int i = 0; i < n; ++i)
        r.positions[i] = setup.encoding.start + i;
    r.tokens = tokenEmbeddings(tokens, setup.seed, d);
    r.position = positionVectors(setup, n, &r.positionsWithoutRow);

    if (r.position.rows() == n && n > 0) {
        switch (setup.join) {
        case PeJoin::Add:
            r.input = r.tokens + r.position;
            break;
        case PeJoin::ConcatProject:
            // [T | P] W_proj without building [T | P]: T W_proj[0:d] + P W_proj[d:2d].
            r.input = r.tokens * w.projection->topRows(d) + r.position * w.projection->bottomRows(d);
            break;
        case PeJoin::Alpha:
            r.input = setup.alpha * r.tokens + (1.0 - setup.alpha) * r.position;
            break;
        }
    } else {
        r.input = r.tokens;
    }
    return r;
}

// A head from its projections (q, k, v set) on: RoPE's rotation, the bias, the scores, the
// softmax, the output and the norms.
void headOutput(const AttentionSetup &setup, AttentionResult &r)
{
    const int n = int(r.input.rows());
    const int d = setup.encoding.dModel;
    const double invSqrtD = 1.0 / std::sqrt(double(d));
    if (setup.kind == AttentionEncoding::Rope) {
        rotateRows(setup, r.q);
        rotateRows(setup, r.k);
    }

    r.bias = RowMatrixXd::Zero(n, n);
    switch (setup.kind) {
    case AttentionEncoding::Alibi: {
        const double slope = alibiSlope(setup.head, setup.heads);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                r.bias(i, j) = -slope * std::abs(i - j);
        break;
    }
    case AttentionEncoding::T5: {
        // One scalar per bucket, looked up for every offset j - i in (-n, n).
        std::vector<double> byOffset(std::size_t(2 * n + 1));
        for (int offset = -n; offset <= n; ++offset)
            byOffset[std::size_t(offset + n)] = t5BucketBias(
                setup.seed, t5RelativePositionBucket(offset, true, setup.t5Buckets, setup.t5MaxDistance), setup.head);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                r.bias(i, j) = byOffset[std::size_t(j - i + n)];
        break;
    }
    case AttentionEncoding::SeedRelative: {
        // r_ij = PE(|i - j|): the rows for the distances 0 .. m - 1 once, then q_i . r_|i-j|.
        const int m = std::min(n - 1, setup.relativeMaxDistance) + 1;
        RowMatrixXd distances;
        encodingRowsInto(setup.encoding, 0.0, 1.0, m, distances);
        const RowMatrixXd qr = r.q * distances.transpose(); // [n x m]
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const int delta = std::abs(i - j);
                r.bias(i, j) = delta < m ? qr(i, delta) * invSqrtD : 0.0;
            }
        break;
    }
    default:
        break;
    }

    r.scores = (r.q * r.k.transpose()) * invSqrtD + r.bias;
    r.weights.resize(n, n);
    for (int i = 0; i < n; ++i) {
        const double top = r.scores.row(i).maxCoeff();
        double sum = 0;
        for (int j = 0; j < n; ++j) {
            const double e = std::exp(r.scores(i, j) - top);
            r.weights(i, j) = e;
            sum += e;
        }
        r.weights.row(i) /= sum;
    }
    r.output = r.weights * r.v;
    r.pooled = n > 0 ? Eigen::VectorXd(r.output.colwise().mean().transpose()) : Eigen::VectorXd::Zero(d);

    r.tokenNorms = r.tokens.rowwise().norm();
    if (r.position.rows() == n && n > 0) {
        r.positionNorms = r.position.rowwise().norm();
        r.normRatios.resize(n);
        for (int i = 0; i < n; ++i) {
            const double t = r.tokenNorms[i], p = r.positionNorms[i];
            r.normRatios[i] = t > 0 ? p / t : (p > 0 ? std::numeric_limits<double>::infinity() : 0.0);
        }
    }
}

// Several heads on the same weights: their inputs, their projections together, the rest.
std::vector<AttentionResult> attendAll(const std::vector<std::pair<AttentionSetup, const std::vector<std::string> *>> &heads,
                                       const AttentionWeightTables &w)
{
    std::vector<AttentionResult> results;
    results.reserve(heads.size());
    std::vector<AttentionResult *> pointers;
    for (const auto &[setup, tokens] : heads) {
        results.push_back(headInput(setup, w, *tokens));
        pointers.push_back(&results.back());
    }
    projectHeads(pointers, w);
    for (std::size_t h = 0; h < heads.size(); ++h)
        headOutput(heads[h].first, results[h]);
    return results;
}

// The shuffle test's comparison of s.original and s.shuffled.
void compareShuffled(ShuffleResult &s)
{
    const std::vector<int> &permutation = s.permutation;
    const int n = int(permutation.size());
    for (int k = 0; k < n; ++k) {
        const double diff = (s.shuffled.output.row(k) - s.original.output.row(permutation[std::size_t(k)]))
                                .cwiseAbs()
                                .maxCoeff();
        s.maxRowDifference = std::max(s.maxRowDifference, diff);
    }
    if (n > 0)
        s.maxPooledDifference = (s.shuffled.pooled - s.original.pooled).cwiseAbs().maxCoeff();
    const double largest = n > 0 ? s.original.output.cwiseAbs().maxCoeff() : 0.0;
    s.tolerance = 1e-12 * std::max(1.0, largest);
    s.rowsEquivariant = s.maxRowDifference <= s.tolerance;
    s.poolInvariant = s.maxPooledDifference <= s.tolerance;
}

std::vector<std::string> permuted(const std::vector<std::string> &tokens, const std::vector<int> &permutation)
{
    std::vector<std::string> shuffled;
    shuffled.reserve(tokens.size());
    for (const int from : permutation)
        shuffled.push_back(tokens[std::size_t(from)]);
    return shuffled;
}

} // namespace

AttentionResult attend(const AttentionSetup &setup, const AttentionWeights &givenWeights,
                       const std::vector<std::string> &tokens)
{
    AttentionWeights drawn;
    const AttentionWeights *w = &givenWeights;
    if (!weightsFit(givenWeights, setup)) {
        drawn = attentionWeights(setup.seed, setup.encoding.dModel, setup.weights, needsProjection(setup));
        w = &drawn;
    }
    return std::move(attendAll({{setup, &tokens}}, weightTables(*w)).front());
}

ShuffleResult shuffleTest(const AttentionSetup &setup, const AttentionWeights &weights,
                          const std::vector<std::string> &tokens, const std::vector<int> &permutation)
{
    ShuffleResult s;
    s.permutation = permutation;
    s.shuffledTokens = permuted(tokens, permutation);
    s.original = attend(setup, weights, tokens);
    s.shuffled = attend(setup, weights, s.shuffledTokens);
    compareShuffled(s);
    return s;
}

RowMatrixXd shiftDifference(const AttentionSetup &setup, const AttentionWeights &weights,
                            const std::vector<std::string> &tokens, double shift)
{
    return shiftDifference(setup, weights, tokens, shift, attend(setup, weights, tokens));
}

RowMatrixXd shiftDifference(const AttentionSetup &setup, const AttentionWeights &weights,
                            const std::vector<std::string> &tokens, double shift, const AttentionResult &atStart)
{
    AttentionSetup shifted = setup;
    shifted.encoding.start = setup.encoding.start + shift;
    return attend(shifted, weights, tokens).scores - atStart.scores;
}

std::vector<AttentionTests> attentionTests(const std::vector<AttentionSetup> &setups, const AttentionWeightTables &weights,
                                           const std::vector<std::string> &tokens, const std::vector<int> &permutation,
                                           double shift)
{
    const std::vector<std::string> shuffledTokens = permuted(tokens, permutation);
    // Per setup: the phrase, its shuffle, the phrase shifted. A setup the weights do not fit
    // is computed on its own with weights drawn for it (attend() would do the same).
    std::vector<std::pair<AttentionSetup, const std::vector<std::string> *>> heads;
    std::vector<AttentionTests> tests(setups.size());
    std::vector<std::size_t> together;
    for (std::size_t i = 0; i < setups.size(); ++i) {
        if (!weightsFit(weights, setups[i])) {
            const AttentionSetup &setup = setups[i];
            const AttentionWeights drawn = attentionWeights(setup.seed, setup.encoding.dModel, setup.weights, needsProjection(setup));
            tests[i] = attentionTests({setup}, weightTables(drawn), tokens, permutation, shift).front();
            continue;
        }
        AttentionSetup shifted = setups[i];
        shifted.encoding.start = setups[i].encoding.start + shift;
        heads.push_back({setups[i], &tokens});
        heads.push_back({setups[i], &shuffledTokens});
        heads.push_back({shifted, &tokens});
        together.push_back(i);
    }
    std::vector<AttentionResult> results = attendAll(heads, weights);
    for (std::size_t t = 0; t < together.size(); ++t) {
        AttentionTests &test = tests[together[t]];
        test.shuffle.permutation = permutation;
        test.shuffle.shuffledTokens = shuffledTokens;
        test.shuffle.original = std::move(results[3 * t]);
        test.shuffle.shuffled = std::move(results[3 * t + 1]);
        compareShuffled(test.shuffle);
        test.shiftDifference = results[3 * t + 2].scores - test.shuffle.original.scores;
    }
    return tests;
}

// ---------------------------------------------------------------------------------------------
// The data export

std::optional<AttentionError> AttentionExportSpec::validate() const
{
    if (auto error = encodingError(encoding, true))
        return error;
    if (encoding.seqLen > kMaxSeqLen)
        return fail("seq_len", integerRange("seq_len", 1, kMaxSeqLen) + " for the attention export");
    if (kind == AttentionEncoding::SeedRelative || !knownEncoding(kind))
        return fail("encoding", "encoding must be one of none, sinusoidal, learned, rope, alibi, t5 for the export");
    if (kind == AttentionEncoding::Alibi) {
        if (auto error = headError(heads, head))
            return error;
    }
    if (kind == AttentionEncoding::T5) {
        if (auto error = t5Error(t5Buckets, t5MaxDistance))
            return error;
    }
    if (kind == AttentionEncoding::Learned) {
        if (learnedPositions < 1 || learnedPositions > AttentionSetup::kMaxLearnedPositions)
            return fail("learned_positions", integerRange("learned_positions", 1, AttentionSetup::kMaxLearnedPositions));
        const double start = encoding.start;
        const std::string table = "the learned table's " + std::to_string(learnedPositions) + " rows (positions 0 .. "
                                  + std::to_string(learnedPositions - 1) + ")";
        if (!(start >= 0) || std::floor(start) != start || start >= learnedPositions)
            return fail("start", "start must be a whole number in [0, " + std::to_string(learnedPositions - 1)
                                     + "] for learned positions: " + table + " have no fractional or negative position");
        if (!learnedTableCovers(learnedPositions, start, encoding.seqLen)) {
            // start is a whole number in [0, learnedPositions) here, seq_len at most 4096.
            const auto first = static_cast<long long>(start);
            return fail("seq_len", "learned positions " + std::to_string(first) + " .. "
                                       + std::to_string(first + encoding.seqLen - 1) + " go beyond " + table
                                       + "; start + seq_len must be at most " + std::to_string(learnedPositions));
        }
    }
    return std::nullopt;
}

AttentionExportSpec exportSpec(const AttentionSetup &setup, int seqLen)
{
    AttentionExportSpec spec;
    spec.encoding = setup.encoding;
    spec.encoding.seqLen = seqLen;
    spec.kind = setup.kind;
    spec.seed = setup.seed;
    spec.learnedPositions = setup.learnedPositions;
    spec.heads = setup.heads;
    spec.head = setup.head;
    spec.t5Buckets = setup.t5Buckets;
    spec.t5MaxDistance = setup.t5MaxDistance;
    return spec;
}

PositionLogitRows::PositionLogitRows(const AttentionExportSpec &spec)
    : m_kind(spec.kind)
    , m_size(spec.encoding.seqLen)
{
    const int n = m_size;
    const int d = spec.encoding.dModel;
    const double invSqrtD = 1.0 / std::sqrt(double(d));
    Eigen::VectorXd offsets(n);
    for (int j = 0; j < n; ++j)
        offsets[j] = double(j);
    switch (m_kind) {
    case AttentionEncoding::Sinusoidal: {
        // (c + PE_i) . (c + PE_j) = 1 + c . PE_i + c . PE_j + PE_i . PE_j, and over the
        // complete pairs PE_i . PE_j = scale^2 sum_t cos((j - i) w_t) (the kernel); the lone
        // sine of an odd interleaved d adds its own product.
        m_kernel = dotProductKernel(spec.encoding, offsets);
        m_sums.resize(n);
        const int lone = loneColumn(spec.encoding);
        if (lone >= 0)
            m_lone.resize(n);
        const int block = 64;
        std::vector<double> rows(std::size_t(block) * std::size_t(d));
        for (int first = 0; first < n; first += block) {
            const int count = std::min(block, n - first);
            encodingMatrixRows(spec.encoding, first, count, rows.data());
            for (int r = 0; r < count; ++r) {
                const double *row = rows.data() + std::ptrdiff_t(r) * d;
                double sum = 0;
                for (int c = 0; c < d; ++c)
                    sum += row[c];
                m_sums[first + r] = sum * invSqrtD;
                if (lone >= 0)
                    m_lone[first + r] = row[lone];
            }
        }
        break;
    }
    case AttentionEncoding::Rope: {
        // (R_i c) . (R_j c) = sum_t (c_a^2 + c_b^2) cos((j - i) theta_t) = (2/d) sum_t cos(..),
        // theta_t = base^(-2t/d): the paper ladder of the same d and base at scale 1.
        EncodingParams ladder = spec.encoding;
        ladder.frequencies = FrequencyConvention::Paper;
        ladder.layout = Layout::Interleaved;
        ladder.scale = 1.0;
        m_kernel = dotProductKernel(ladder, offsets) * (2.0 / d);
        if (d % 2 != 0)
            m_kernel.array() += 1.0 / d;
        break;
    }
    case AttentionEncoding::Learned:
        m_shifted = learnedPositionRows(spec.seed, d, int(spec.encoding.start), n).array() + invSqrtD;
        break;
    case AttentionEncoding::Alibi:
        m_slope = alibiSlope(spec.head, spec.heads);
        break;
    case AttentionEncoding::T5:
        // A float logarithm per entry was 300 ms at 4096 x 4096; there are only 2n - 1 offsets.
        m_buckets.resize(std::size_t(2 * n - 1));
        for (int offset = -(n - 1); offset <= n - 1; ++offset)
            m_buckets[std::size_t(offset + n - 1)] = t5RelativePositionBucket(offset, true, spec.t5Buckets, spec.t5MaxDistance);
        break;
    default:
        break;
    }
}

void PositionLogitRows::rowsInto(int first, int count, double *out) const
{
    const int n = m_size;
    if (m_kind == AttentionEncoding::Learned) {
        Eigen::Map<RowMatrixXd> block(out, count, n);
        block.noalias() = m_shifted.middleRows(first, count) * m_shifted.transpose();
        return;
    }
    for (int i = first; i < first + count; ++i) {
        for (int j = 0; j < n; ++j) {
            double value = 1.0;
            switch (m_kind) {
            case AttentionEncoding::Sinusoidal:
                value = 1.0 + m_sums[i] + m_sums[j] + m_kernel[std::abs(j - i)];
                if (m_lone.size())
                    value += m_lone[i] * m_lone[j];
                break;
            case AttentionEncoding::Rope:
                value = m_kernel[std::abs(j - i)];
                break;
            case AttentionEncoding::Alibi:
                value = -m_slope * std::abs(i - j);
                break;
            case AttentionEncoding::T5:
                value = m_buckets[std::size_t(j - i + n - 1)];
                break;
            default:
                break;
            }
            *out++ = value;
        }
    }
}

void positionLogitRows(const AttentionExportSpec &spec, int firstRow, int rows, double *out)
{
    PositionLogitRows(spec).rowsInto(firstRow, rows, out);
}

RowMatrixXd positionLogits(const AttentionExportSpec &spec)
{
    const PositionLogitRows rows(spec);
    RowMatrixXd m(rows.size(), rows.size());
    rows.rowsInto(0, rows.size(), m.data());
    return m;
}

// ---------------------------------------------------------------------------------------------
// Vision Transformer

int patchGrid(int imageSize, int patchSize)
{
    if (imageSize <= 0 || patchSize <= 0 || patchSize > imageSize)
        return 0;
    return imageSize / patchSize;
}

std::optional<AttentionError> validatePatchGrid(const EncodingParams &encoding, int grid, int patchRow,
                                                int patchCol, bool twoD)
{
    EncodingParams e = encoding;
    e.start = 0;
    if (auto error = encodingError(e, false))
        return error;
    if (grid < 1 || grid > 64)
        return fail("grid", integerRange("grid", 1, 64) + " (224 / 16 = 14)");
    if (patchRow < 0 || patchRow >= grid)
        return fail("patch_row", integerRange("patch_row", 0, grid - 1));
    if (patchCol < 0 || patchCol >= grid)
        return fail("patch_col", integerRange("patch_col", 0, grid - 1));
    if (twoD && encoding.dModel < 4)
        return fail("d_model", integerRange("d_model", 4, EncodingParams::kMaxDModel)
                                   + " for a 2-D encoding (two halves of at least 2)");
    return std::nullopt;
}

RowMatrixXd patchSimilarity(const EncodingParams &encoding, int grid, int patchRow, int patchCol, bool twoD)
{
    RowMatrixXd sim(grid, grid);
    const auto cosine = [](double dot, double a, double b) {
        const double norms = std::sqrt(a) * std::sqrt(b);
        return norms > 0 ? dot / norms : 0.0;
    };
    if (!twoD) {
        RowMatrixXd pe;
        encodingRowsInto(encoding, 0.0, 1.0, grid * grid, pe);
        const Eigen::VectorXd target = pe.row(patchRow * grid + patchCol).transpose();
        const double targetNorm2 = target.squaredNorm();
        for (int r = 0; r < grid; ++r)
            for (int c = 0; c < grid; ++c) {
                const auto row = pe.row(r * grid + c);
                sim(r, c) = cosine(row.dot(target), row.squaredNorm(), targetNorm2);
            }
        return sim;
    }
    // [PE_{d/2}(r) | PE_{d - d/2}(c)]: the dot product of two patches is the rows' dot product
    // plus the columns'.
    EncodingParams rowHalf = encoding, colHalf = encoding;
    rowHalf.dModel = encoding.dModel / 2;
    colHalf.dModel = encoding.dModel - rowHalf.dModel;
    RowMatrixXd rows, cols;
    encodingRowsInto(rowHalf, 0.0, 1.0, grid, rows);
    encodingRowsInto(colHalf, 0.0, 1.0, grid, cols);
    const Eigen::VectorXd rowDots = rows * rows.row(patchRow).transpose();
    const Eigen::VectorXd colDots = cols * cols.row(patchCol).transpose();
    const Eigen::VectorXd rowNorms = rows.rowwise().squaredNorm();
    const Eigen::VectorXd colNorms = cols.rowwise().squaredNorm();
    const double targetNorm2 = rowNorms[patchRow] + colNorms[patchCol];
    for (int r = 0; r < grid; ++r)
        for (int c = 0; c < grid; ++c)
            sim(r, c) = cosine(rowDots[r] + colDots[c], rowNorms[r] + colNorms[c], targetNorm2);
    return sim;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/attention.h"
#include "core/names.h"
#include "core/projection.h"

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
// Validation

namespace {

std::optional<AttentionError> fail(std::string field, std::string message)
{
    return fieldError(std::move(field), std::move(message));
}

std::optional<AttentionError> encodingError(const EncodingParams &params, bool useSeqLen)
{
    return encodingFieldError(params, useSeqLen);
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

} // namespace posenc

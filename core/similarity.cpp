// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/similarity.h"

#include "core/boxaverage.h"
#include "core/channels.h"
#include "core/frequencies.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace posenc {

namespace {

// Σ_i x_i, or Σ_i weights_i x_i, in four interleaved partial sums: one running sum is a chain
// of dependent additions, 4 cycles each; four chains overlap (2048 terms per offset, for every
// offset of the kernel).
double sumOf(const double *x, Eigen::Index n)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    Eigen::Index i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += x[i];
        s1 += x[i + 1];
        s2 += x[i + 2];
        s3 += x[i + 3];
    }
    for (; i < n; ++i)
        s0 += x[i];
    return (s0 + s1) + (s2 + s3);
}

double weightedSumOf(const double *weights, const double *x, Eigen::Index n)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    Eigen::Index i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += weights[i] * x[i];
        s1 += weights[i + 1] * x[i + 1];
        s2 += weights[i + 2] * x[i + 2];
        s3 += weights[i + 3] * x[i + 3];
    }
    for (; i < n; ++i)
        s0 += weights[i] * x[i];
    return (s0 + s1) + (s2 + s3);
}

} // namespace

double dotProductKernel(const EncodingParams &params, double offset)
{
    const Eigen::VectorXd w = frequencies(params);
    double sum = 0;
    for (int i = 0; i < pairCount(params); ++i)
        sum += std::cos(offset * w[i]);
    return params.scale * params.scale * sum;
}

namespace {

// Whether offsets[j] is offsets[0] + j * step to within rounding (a few ulp), and the step.
bool evenlySpacedOffsets(const Eigen::VectorXd &offsets, double *step)
{
    const Eigen::Index n = offsets.size();
    if (n < 2)
        return false;
    *step = (offsets[n - 1] - offsets[0]) / double(n - 1);
    if (!(*step != 0) || !std::isfinite(*step))
        return false;
    for (Eigen::Index j = 0; j < n; ++j) {
        const double expected = offsets[0] + double(j) * *step;
        if (std::abs(offsets[j] - expected) > 8 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(expected)))
            return false;
    }
    return true;
}

} // namespace

Eigen::VectorXd dotProductKernel(const EncodingParams &params, const Eigen::VectorXd &offsets)
{
    const Eigen::VectorXd w = frequencies(params).head(pairCount(params));
    Eigen::VectorXd kernel(offsets.size());
    // Evenly spaced offsets x0 + j h: cos(x_j w_i) = cos((x0/h + j)(h w_i)), the engine's rows at
    // consecutive positions with frequencies h w_i: a few multiplies per term instead of a
    // std::cos (2049 offsets x 2048 pairs: 4 M cosines, 60 ms, in a few ms).
    double step = 0;
    if (w.size() > 0 && offsets.size() >= 16 && evenlySpacedOffsets(offsets, &step)) {
        const Eigen::Index n = w.size();
        forEachSinCosRow(step * w, offsets[0] / step, 1.0, int(offsets.size()), [&](int j, const double *row) {
            kernel[j] = params.scale * params.scale * sumOf(row + n, n); // the cosines
        });
        return kernel;
    }
    for (Eigen::Index j = 0; j < offsets.size(); ++j) {
        double sum = 0;
        for (Eigen::Index i = 0; i < w.size(); ++i)
            sum += std::cos(offsets[j] * w[i]);
        kernel[j] = params.scale * params.scale * sum;
    }
    return kernel;
}

namespace {

RowMatrixXd encodingRows(const EncodingParams &params, const Eigen::VectorXi &rows)
{
    RowMatrixXd pe(rows.size(), params.dModel);
    for (Eigen::Index r = 0; r < rows.size(); ++r)
        pe.row(r) = encodingAt(params, params.start + rows[r]).transpose();
    return pe;
}

} // namespace

RowMatrixXd similarityMatrix(const EncodingParams &params)
{
    return similarityMatrix(params, Eigen::VectorXi::LinSpaced(params.seqLen, 0, params.seqLen - 1));
}

namespace {

// Rows evenly spaced (all rows, or every s-th): then PE(p) · PE(q) over the complete pairs is
// the kernel at q − p, a Toeplitz matrix. Filling it from the m distinct offsets costs
// O(m·d + m²) instead of the O(m²·d) of a matrix product (1024 rows at d 4096: 4 M cosines
// instead of 8.6 GFLOP), which keeps the view live while a slider moves.
bool evenlySpaced(const Eigen::VectorXi &rows)
{
    for (Eigen::Index j = 2; j < rows.size(); ++j) {
        if (rows[j] - rows[j - 1] != rows[1] - rows[0])
            return false;
    }
    return true;
}

RowMatrixXd toeplitzSimilarity(const EncodingParams &params, const Eigen::VectorXi &rows)
{
    const Eigen::Index m = rows.size();
    const int stride = m > 1 ? rows[1] - rows[0] : 1;
    Eigen::VectorXd offsets(m);
    for (Eigen::Index j = 0; j < m; ++j)
        offsets[j] = double(j) * stride;
    const Eigen::VectorXd kernel = dotProductKernel(params, offsets); // even in the offset
    RowMatrixXd similarity(m, m);
    for (Eigen::Index a = 0; a < m; ++a) {
        for (Eigen::Index b = 0; b < m; ++b)
            similarity(a, b) = kernel[std::abs(b - a)];
    }
    // The lone sine of an odd interleaved d_model adds sin(p w) sin(q w): an outer product.
    if (const int lone = loneColumn(params); lone >= 0) {
        const double w = frequency(params, channelOf(params, lone).pair);
        Eigen::VectorXd s(m);
        for (Eigen::Index j = 0; j < m; ++j)
            s[j] = params.scale * std::sin((params.start + rows[j]) * w);
        similarity.noalias() += s * s.transpose();
    }
    return similarity;
}

} // namespace

RowMatrixXd similarityMatrix(const EncodingParams &params, const Eigen::VectorXi &rows)
{
    if (evenlySpaced(rows))
        return toeplitzSimilarity(params, rows);
    const RowMatrixXd pe = encodingRows(params, rows);
    return pe * pe.transpose();
}

RowMatrixXd cosineSimilarityMatrix(const EncodingParams &params, const Eigen::VectorXi &rows)
{
    RowMatrixXd similarity = similarityMatrix(params, rows);
    // |PE(p)| is the square root of the diagonal.
    Eigen::VectorXd inverseNorm(similarity.rows());
    for (Eigen::Index j = 0; j < similarity.rows(); ++j) {
        const double norm = std::sqrt(std::max(similarity(j, j), 0.0));
        inverseNorm[j] = norm > 0 ? 1.0 / norm : 0.0;
    }
    return inverseNorm.asDiagonal() * similarity * inverseNorm.asDiagonal();
}

SimilarityRows::SimilarityRows(const EncodingParams &params, bool cosine)
{
    // What toeplitzSimilarity computes for every row (stride 1), and cosineSimilarityMatrix's
    // norms from its diagonal, in the same operations.
    const Eigen::Index m = params.seqLen;
    Eigen::VectorXd offsets(m);
    for (Eigen::Index j = 0; j < m; ++j)
        offsets[j] = double(j);
    m_kernel = dotProductKernel(params, offsets);
    if (const int lone = loneColumn(params); lone >= 0) {
        const double w = frequency(params, channelOf(params, lone).pair);
        m_lone.resize(m);
        for (Eigen::Index j = 0; j < m; ++j)
            m_lone[j] = params.scale * std::sin((params.start + int(j)) * w);
    }
    if (cosine) {
        m_inverseNorm.resize(m);
        for (Eigen::Index j = 0; j < m; ++j) {
            const double diagonal = m_lone.size() ? m_kernel[0] + m_lone[j] * m_lone[j] : m_kernel[0];
            const double norm = std::sqrt(std::max(diagonal, 0.0));
            m_inverseNorm[j] = norm > 0 ? 1.0 / norm : 0.0;
        }
    }
}

void SimilarityRows::rowsInto(int first, int count, double *out) const
{
    const Eigen::Index m = m_kernel.size();
    for (Eigen::Index a = first; a < first + count; ++a) {
        for (Eigen::Index b = 0; b < m; ++b) {
            double value = m_kernel[std::abs(b - a)];
            if (m_lone.size())
                value += m_lone[a] * m_lone[b];
            if (m_inverseNorm.size())
                value = (m_inverseNorm[a] * value) * m_inverseNorm[b];
            *out++ = value;
        }
    }
}

namespace {

// Boxes of `size` consecutive rows over [0, seq_len): how many, and the length of box a (the
// last one may be shorter).
int boxCount(const EncodingParams &params, int size)
{
    return (params.seqLen + size - 1) / size;
}

int boxLength(const EncodingParams &params, int size, int box)
{
    return std::min(size, params.seqLen - box * size);
}

// The position at the centre of box a.
double boxCentre(const EncodingParams &params, int size, int box)
{
    return params.start + double(box) * size + 0.5 * (boxLength(params, size, box) - 1);
}

// Σ_i weights_i cos((first + j step) w_i) for j in [0, count): the engine's rows at the
// frequencies step · w_i, a few multiplies per term instead of a std::cos.
// If `plain` is given, it receives Σ_i cos((first + j step) w_i) from the same rows.
Eigen::VectorXd weightedCosineSums(const Eigen::VectorXd &w, const Eigen::VectorXd &weights,
                                   double first, double step, int count,
                                   Eigen::VectorXd *plain = nullptr)
{
    Eigen::VectorXd sums = Eigen::VectorXd::Zero(count);
    if (plain)
        *plain = Eigen::VectorXd::Zero(count);
    const Eigen::Index n = w.size();
    if (n == 0 || count <= 0)
        return sums;
    forEachSinCosRow(step * w, first / step, 1.0, count, [&](int j, const double *row) {
        sums[j] = weightedSumOf(weights.data(), row + n, n); // the cosines
        if (plain)
            (*plain)[j] = sumOf(row + n, n);
    });
    return sums;
}

} // namespace

RowMatrixXd similarityBoxMeans(const EncodingParams &params, int positionsPerBox,
                               Eigen::VectorXd *kernel)
{
    const int size = std::max(positionsPerBox, 1);
    if (size == 1) {
        if (kernel)
            *kernel = dotProductKernel(params, Eigen::VectorXd::LinSpaced(params.seqLen, 0, params.seqLen - 1));
        return similarityMatrix(params);
    }
    const int m = boxCount(params, size);
    const int last = boxLength(params, size, m - 1);
    const Eigen::Index pairs = pairCount(params);
    const Eigen::VectorXd w = frequencies(params).head(pairs);
    const double s2 = params.scale * params.scale;
    // The weights D_s D_s (two full boxes) and D_s D_last (a full box and the last one).
    Eigen::VectorXd full(pairs), mixed(pairs);
    double corner = 0; // the last box with itself, offset 0: Σ_i D_last(w_i)²
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const double dFull = boxAttenuation(size, w[i]);
        const double dLast = boxAttenuation(last, w[i]);
        full[i] = s2 * dFull * dFull;
        mixed[i] = s2 * dFull * dLast;
        corner += s2 * dLast * dLast;
    }
    // Full boxes a and b: centres (a − b) s apart.
    const Eigen::VectorXd boxKernel = weightedCosineSums(w, full, 0.0, size, m, kernel);
    if (kernel)
        *kernel *= s2;
    RowMatrixXd means(m, m);
    for (Eigen::Index a = 0; a < m; ++a) {
        for (Eigen::Index b = 0; b < m; ++b)
            means(a, b) = boxKernel[std::abs(b - a)];
    }
    if (last != size) {
        // The last box's centre lies (m − 1 − b) s + (last − s) / 2 after that of box b.
        const Eigen::VectorXd lastKernel = weightedCosineSums(w, mixed, 0.5 * (last - size), size, m);
        for (int b = 0; b < m - 1; ++b) {
            means(m - 1, b) = lastKernel[m - 1 - b];
            means(b, m - 1) = lastKernel[m - 1 - b];
        }
        means(m - 1, m - 1) = corner;
    }
    // The lone sine of an odd interleaved d_model: the mean over box a of scale · sin(p w) is
    // scale · D_n(w) sin(c w), and the mean of the product is the product of the means.
    if (const int lone = loneColumn(params); lone >= 0) {
        const double wLone = frequency(params, channelOf(params, lone).pair);
        Eigen::VectorXd mean(m);
        for (int a = 0; a < m; ++a)
            mean[a] = params.scale * boxAttenuation(boxLength(params, size, a), wLone)
                      * std::sin(boxCentre(params, size, a) * wLone);
        means.noalias() += mean * mean.transpose();
    }
    return means;
}

RowMatrixXd cosineSimilarityBoxMeans(const EncodingParams &params, int positionsPerBox,
                                     double *errorBound)
{
    if (errorBound)
        *errorBound = 0;
    const int size = std::max(positionsPerBox, 1);
    if (size == 1)
        return cosineSimilarityMatrix(params, Eigen::VectorXi::LinSpaced(params.seqLen, 0, params.seqLen - 1));
    const int m = boxCount(params, size);
    if (params.scale == 0)
        return RowMatrixXd::Zero(m, m); // every vector is zero
    const double s2 = params.scale * params.scale;
    const int pairs = pairCount(params);
    const int lone = loneColumn(params);
    if (lone < 0)
        return similarityBoxMeans(params, size) / (s2 * pairs); // |PE(p)|² = scale² · pairs

    // 1 / |PE(p)| at every position: |PE(p)|² = scale² · pairs + (scale · sin(p w))².
    const int n = params.seqLen;
    const Eigen::VectorXd loneValues = encodingColumns(params, {lone}, params.start, 1.0, n).col(0);
    const Eigen::VectorXd inverseNorm
        = (s2 * pairs + loneValues.array().square()).sqrt().inverse().matrix();
    // Each box's mean of 1 / |PE(p)| and how far the values stray from it.
    Eigen::VectorXd meanInverse(m);
    double stray = 0; // the largest ε_A
    for (int a = 0; a < m; ++a) {
        const auto box = inverseNorm.segment(Eigen::Index(a) * size, boxLength(params, size, a));
        meanInverse[a] = box.mean();
        stray = std::max(stray, (box.array() / meanInverse[a] - 1.0).abs().maxCoeff());
    }
    const double bound = stray < 1 ? 1.0 / ((1 - stray) * (1 - stray)) - 1.0 : 1.0;
    const bool cheap = double(m) * m * params.dModel <= double(1 << 26);
    if (!cheap && bound <= 1e-3) {
        if (errorBound)
            *errorBound = bound;
        RowMatrixXd means = similarityBoxMeans(params, size);
        return meanInverse.asDiagonal() * means * meanInverse.asDiagonal();
    }
    // Exact: the box means of the unit rows PE(p) / |PE(p)| (their columns in any order: the
    // dot products do not depend on it), then R · R^T.
    const Eigen::VectorXd w = frequencies(params); // the pairs, then the lone sine
    const Eigen::Index count = w.size();
    RowMatrixXd unitMeans = RowMatrixXd::Zero(m, params.dModel);
    forEachSinCosRow(w, params.start, 1.0, n, [&](int r, const double *row) {
        const double factor = params.scale * inverseNorm[r] / boxLength(params, size, r / size);
        double *out = unitMeans.row(r / size).data();
        for (Eigen::Index i = 0; i < count; ++i)
            out[i] += factor * row[i]; // the sines, the lone one included
        for (Eigen::Index i = 0; i < pairs; ++i)
            out[count + i] += factor * row[count + i]; // the cosines of the pairs
    });
    return unitMeans * unitMeans.transpose();
}

double similarityBoxMean(const EncodingParams &params, int positionsPerBox, int boxA, int boxB,
                         bool cosine)
{
    const int size = std::max(positionsPerBox, 1);
    // The mean over p in A and q in B of x(p) · x(q) is mean_A x · mean_B x.
    const auto meanRow = [&](int box) {
        Eigen::VectorXd sum = Eigen::VectorXd::Zero(params.dModel);
        const int length = boxLength(params, size, box);
        for (int r = box * size; r < box * size + length; ++r) {
            const Eigen::VectorXd pe = encodingAt(params, params.start + r);
            if (!cosine) {
                sum += pe;
            } else if (const double norm = pe.norm(); norm > 0) {
                sum += pe / norm;
            }
        }
        return Eigen::VectorXd(sum / length);
    };
    return meanRow(boxA).dot(meanRow(boxB));
}

Eigen::VectorXd similarityRow(const EncodingParams &params, int row, const Eigen::VectorXi &rows)
{
    // Evenly spaced rows: the kernel at the offsets rows[j] - row, plus the lone sine's term
    // (O(rows * d) multiplies rather than a std::sin per value of every row's encoding).
    if (rows.size() >= 16 && evenlySpaced(rows)) {
        Eigen::VectorXd offsets(rows.size());
        for (Eigen::Index j = 0; j < rows.size(); ++j)
            offsets[j] = double(rows[j] - row);
        Eigen::VectorXd dots = dotProductKernel(params, offsets);
        if (const int lone = loneColumn(params); lone >= 0) {
            const double w = frequency(params, channelOf(params, lone).pair);
            const double at = params.scale * std::sin((params.start + row) * w);
            for (Eigen::Index j = 0; j < rows.size(); ++j)
                dots[j] += at * params.scale * std::sin((params.start + rows[j]) * w);
        }
        return dots;
    }
    const Eigen::VectorXd reference = encodingAt(params, params.start + row);
    Eigen::VectorXd dots(rows.size());
    for (Eigen::Index j = 0; j < rows.size(); ++j)
        dots[j] = encodingAt(params, params.start + rows[j]).dot(reference);
    return dots;
}

namespace {

// The closest pair when the distance depends on the offset Δ alone: the smallest
//     S(Δ) = Σ_i sin²(Δ w_i / 2),   |PE(p) − PE(p + Δ)|² = 4 scale² S(Δ).
// Every term is at least 0, so the sum over the k fastest pairs is a lower bound of S: an
// offset whose bound is already above S(1) (an upper bound of the minimum) cannot be closer,
// and only the others (usually a handful) are summed over every pair, in offset order, the
// first of equal ones kept (as the full search does). A term is sin² of an angle that runs
// fast, about 1/2 on average, so k = 8 S(1) pairs put the bound of nearly every offset far
// above S(1). At 16383 offsets x 2048 pairs the full search takes 52 ms, this way 6 ms.
// Nothing when that would not save much (k above half the pairs: frequencies so alike that
// the bound says little) or too many offsets remain: then the full search.
std::optional<MinimumDistance> closestOffsetPruned(const Eigen::VectorXd &w, double s2, int n)
{
    const auto full = [&](int delta) {
        double sum = 0;
        for (Eigen::Index i = 0; i < w.size(); ++i) {
            const double half = std::sin(0.5 * delta * w[i]);
            sum += half * half;
        }
        return sum;
    };
    const double limit = full(1);
    const Eigen::Index k = std::max<Eigen::Index>(32, 8 * Eigen::Index(std::ceil(limit)));
    if (2 * k > w.size())
        return std::nullopt;
    std::vector<int> candidates{1};
    forEachSinCosRow(0.5 * w.head(k), 2.0, 1.0, n - 2, [&](int r, const double *row) {
        if (weightedSumOf(row, row, k) <= limit && candidates.size() <= 256)
            candidates.push_back(r + 2);
    });
    if (candidates.size() > 256)
        return std::nullopt;
    MinimumDistance best{std::numeric_limits<double>::infinity(), 0, 0};
    for (int delta : candidates) {
        const double squared = 4.0 * s2 * (delta == 1 ? limit : full(delta));
        if (squared < best.distance)
            best = {squared, 0, delta};
    }
    best.distance = std::sqrt(std::max(best.distance, 0.0));
    return best;
}

} // namespace

MinimumDistance minimumDistance(const EncodingParams &params)
{
    MinimumDistance best{std::numeric_limits<double>::infinity(), 0, 0};
    const int n = params.seqLen;
    if (n < 2)
        return best;
    // |PE(p) − PE(q)|² = 2 scale² Σ_i (1 − cos((p − q) w_i)) over the pairs: a function of
    // the offset alone, so n − 1 offsets stand for all n(n − 1)/2 pairs ...
    // 1 - cos(x) = 2 sin²(x / 2): sin(delta w_i / 2) from the engine's rows at consecutive
    // delta with frequencies w_i / 2, without the cancellation of 1 - cos near 0 and without a
    // std::cos per term (16384 offsets x 2048 pairs).
    const Eigen::VectorXd w = frequencies(params);
    const double s2 = params.scale * params.scale;
    const Eigen::Index pairs = pairCount(params);
    const int lone = loneColumn(params);
    if (lone < 0 && pairs >= 128 && n > 256) {
        if (const std::optional<MinimumDistance> pruned = closestOffsetPruned(w.head(pairs), s2, n))
            return *pruned;
    }
    Eigen::VectorXd pairPart = Eigen::VectorXd::Zero(n);
    if (pairs > 0) {
        forEachSinCosRow(0.5 * w.head(pairs), 1.0, 1.0, n - 1, [&](int r, const double *row) {
            pairPart[r + 1] = 4.0 * s2 * weightedSumOf(row, row, pairs);
        });
    }
    if (lone < 0) {
        for (int delta = 1; delta < n; ++delta) {
            if (pairPart[delta] < best.distance)
                best = {pairPart[delta], 0, delta};
        }
        best.distance = std::sqrt(std::max(best.distance, 0.0));
        return best;
    }
    // ... except for the lone sine of an odd interleaved d_model, which depends on p and q:
    // |PE(p) − PE(q)|² = pairPart[q − p] + (lone(p) − lone(q))². The second term is at least
    // 0, so the offsets are visited from the smallest pairPart up, and once pairPart reaches
    // the best distance found no later offset can beat it: usually a few offsets of n pairs
    // each instead of all n(n − 1)/2 pairs (16384 positions: 120 ms of the 160 ms before).
    Eigen::VectorXd loneValue(n);
    const double wLone = w[w.size() - 1];
    for (int r = 0; r < n; ++r)
        loneValue[r] = params.scale * std::sin((params.start + r) * wLone);
    std::vector<int> offsets(std::size_t(n - 1));
    for (int delta = 1; delta < n; ++delta)
        offsets[std::size_t(delta - 1)] = delta;
    std::stable_sort(offsets.begin(), offsets.end(),
                     [&](int x, int y) { return pairPart[x] < pairPart[y]; });
    for (int delta : offsets) {
        if (pairPart[delta] >= best.distance)
            break;
        for (int a = 0; a + delta < n; ++a) {
            const double d = loneValue[a] - loneValue[a + delta];
            const double squared = pairPart[delta] + d * d;
            if (squared < best.distance)
                best = {squared, a, a + delta};
        }
    }
    best.distance = std::sqrt(std::max(best.distance, 0.0));
    return best;
}

ColourRange similarityColourRange(const RowMatrixXd &values, bool cosine)
{
    ColourRange range;
    if (values.size() == 0)
        return range;
    const double low = values.minCoeff();
    const double high = values.maxCoeff();
    if (low >= 0 || high <= 0) {
        range.low = low;
        range.high = high > low ? high : low + (cosine ? 1.0 : std::max(1.0, std::abs(low)));
        return range;
    }
    range.diverging = true;
    range.centre = values.mean();
    const double extent = std::max(high - range.centre, range.centre - low);
    range.low = range.centre - extent;
    range.high = range.centre + extent;
    return range;
}

} // namespace posenc

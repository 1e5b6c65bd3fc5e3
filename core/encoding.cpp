// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding.h"

#include "core/frequencies.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <vector>

namespace posenc {

// How sin(pos * w_i) and cos(pos * w_i) are computed (issue 6, docs/performance.md).
//
// One std::sin and one std::cos per value made the matrix ~50x slower than writing it. Instead
// every position is split exactly into three parts,
//
//     pos = B + M + k,   B = 4096 * floor(pos / 4096),  M = 64 * floor((pos - B) / 64),
//
// so k is in [0, 64) and M in {0, 64, ..., 4032} (both subtractions are exact: the divisors
// are powers of two). A negative pos is split as -pos and its sines negated (sin is odd, cos
// even), so that every part is at most |pos| and the error stays proportional to |pos|. sin and cos of B w, M w and k w come from std::sin / std::cos, and
// the angle-addition formula joins them, always in the same order:
//
//     (sA, cA) = (sB cM + cB sM,  cB cM - sB sM)      angle B w + M w
//     (s,  c)  = (sA ck + cA sk,  cA ck - sA sk)      angle (B w + M w) + k w
//
// A matrix of consecutive positions needs std::sin / std::cos only for its distinct k (at most
// 64 rows of them), its distinct M (at most 64) and its distinct B (one per 4096 rows); every
// row is then 4 multiplies and 2 adds per pair, in double, over contiguous arrays that the
// compiler vectorises. Nothing is carried from row to row, so no error accumulates: each value
// is two rotations (about 5 ulp) away from the correctly rounded sine of the rounded angles,
// and the three rounded angles are within 1.5 ulp(pos w) of pos w, as close as the single
// rounded product pos * w that the direct formula uses. At pos 1e6 both are within ~1e-10 of
// each other; everywhere they agree to a few 1e-16 * (1 + |pos w|).
//
// Because the split depends on pos alone (not on the matrix's start), PE(pos) has the same bits
// whichever function computes it: encodingMatrix, encodingMatrixF (its cast), encodingAt,
// encodingColumn and explainCell. For pos in [0, 64), B = M = 0 and the value is exactly
// scale * std::sin(pos * w) (rotations by sin 0 = 0, cos 0 = 1 are exact).
//
// The float matrix is the cast of the same double values, never angles in float.

namespace {

constexpr double kHigh = 4096.0; // the spacing of B
constexpr double kLow = 64.0;    // the spacing of M, and the number of k rows
constexpr int kLowRows = 64;

struct Split {
    double b;
    double m;
    double k;
    bool negative; // pos < 0: the parts are those of -pos, and the sine changes sign
};

Split splitPosition(double pos)
{
    const bool negative = pos < 0;
    const double x = negative ? -pos : pos;
    const double b = kHigh * std::floor(x / kHigh);
    const double rest = x - b; // exact, in [0, 4096)
    const double m = kLow * std::floor(rest / kLow);
    return {b, m, rest - m, negative}; // k exact, in [0, 64)
}

// sin and cos of pos * w_i: the same few operations wherever they run (see above).
struct SinCos {
    double s;
    double c;
};

inline SinCos rotate(SinCos a, SinCos b)
{
    return {a.s * b.c + a.c * b.s, a.c * b.c - a.s * b.s};
}

inline SinCos sinCosOf(double angle)
{
    return {std::sin(angle), std::cos(angle)};
}

SinCos sinCosAt(const Split &p, double w)
{
    const SinCos a = rotate(sinCosOf(p.b * w), sinCosOf(p.m * w));
    const SinCos v = rotate(a, sinCosOf(p.k * w));
    return {p.negative ? -v.s : v.s, v.c};
}

// Two lanes of double, as GCC and Clang lower them on any target (SSE2 on x86-64, NEON on
// aarch64, scalar pairs elsewhere). Each lane does exactly the scalar operations of rotate(),
// so vector and scalar code give the same bits.
typedef double V2d __attribute__((vector_size(16)));
typedef float V2f __attribute__((vector_size(8)));
typedef float V4f __attribute__((vector_size(16)));

inline V2d load2(const double *p)
{
    V2d v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Four values (lo, hi) to p: 32 bytes of double, or 16 bytes of float in one store (the
// stores are the bottleneck: 8-byte float stores cost half the time of the row).
inline void store4(double *p, V2d lo, V2d hi)
{
    std::memcpy(p, &lo, sizeof lo);
    std::memcpy(p + 2, &hi, sizeof hi);
}

inline void store4(float *p, V2d lo, V2d hi)
{
    const V4f f = __builtin_shufflevector(__builtin_convertvector(lo, V2f),
                                          __builtin_convertvector(hi, V2f), 0, 1, 2, 3);
    std::memcpy(p, &f, sizeof f);
}

// One row of the matrix: for every pair, (s, c) = rotate((sA, cA), (sk, ck)), times scale, in
// the layout's columns; four pairs per step.
template<typename Scalar>
void writeRow(const EncodingParams &params, bool negative, int frequencyCount, int pairs,
              const double *sA, const double *cA, const double *sk, const double *ck,
              Scalar *__restrict row)
{
    const double scale = params.scale;
    // scale * (-s) and (-scale) * s are the same bits: negation is exact.
    const double sinScale = negative ? -scale : scale;
    const V2d vSinScale = {sinScale, sinScale};
    const V2d vScale = {scale, scale};
    const int vectorPairs = pairs - pairs % 4;
    if (params.layout == Layout::Interleaved) {
        const V2d vInterleavedScale = {sinScale, scale};
        for (int i = 0; i < vectorPairs; i += 4) {
            for (int h = 0; h < 4; h += 2) {
                const int j = i + h;
                const V2d a = load2(sA + j), b = load2(cA + j);
                const V2d x = load2(sk + j), y = load2(ck + j);
                const V2d s = a * y + b * x;
                const V2d c = b * y - a * x;
                // (s_j, c_j), (s_j+1, c_j+1)
                store4(row + 2 * j, __builtin_shufflevector(s, c, 0, 2) * vInterleavedScale,
                       __builtin_shufflevector(s, c, 1, 3) * vInterleavedScale);
            }
        }
        for (int i = vectorPairs; i < pairs; ++i) {
            const double s = sA[i] * ck[i] + cA[i] * sk[i];
            const double c = cA[i] * ck[i] - sA[i] * sk[i];
            row[2 * i] = static_cast<Scalar>(sinScale * s);
            row[2 * i + 1] = static_cast<Scalar>(scale * c);
        }
        // Odd d_model: the last sine has no cosine partner.
        for (int i = pairs; i < frequencyCount; ++i)
            row[2 * i] = static_cast<Scalar>(sinScale * (sA[i] * ck[i] + cA[i] * sk[i]));
    } else {
        Scalar *__restrict cosHalf = row + pairs;
        for (int i = 0; i < vectorPairs; i += 4) {
            const V2d a0 = load2(sA + i), b0 = load2(cA + i);
            const V2d x0 = load2(sk + i), y0 = load2(ck + i);
            const V2d a1 = load2(sA + i + 2), b1 = load2(cA + i + 2);
            const V2d x1 = load2(sk + i + 2), y1 = load2(ck + i + 2);
            store4(row + i, (a0 * y0 + b0 * x0) * vSinScale, (a1 * y1 + b1 * x1) * vSinScale);
            store4(cosHalf + i, (b0 * y0 - a0 * x0) * vScale, (b1 * y1 - a1 * x1) * vScale);
        }
        for (int i = vectorPairs; i < pairs; ++i) {
            const double s = sA[i] * ck[i] + cA[i] * sk[i];
            const double c = cA[i] * ck[i] - sA[i] * sk[i];
            row[i] = static_cast<Scalar>(sinScale * s);
            cosHalf[i] = static_cast<Scalar>(scale * c);
        }
        // Odd d_model: the last column is zero.
        for (int col = 2 * pairs; col < params.dModel; ++col)
            row[col] = Scalar(0);
    }
}

// sin / cos of angle * w_i for every i, into s[] and c[].
void fillSinCos(const Eigen::VectorXd &w, double factor, double *s, double *c)
{
    for (Eigen::Index i = 0; i < w.size(); ++i) {
        const double angle = factor * w[i];
        s[i] = std::sin(angle);
        c[i] = std::cos(angle);
    }
}

// Rows at the positions first + r * step, r in [0, rows), each written to rowAt(r) and then
// handed to rowDone(r, row). For the matrix, first = start and step = 1; a whole-number step
// keeps the k and M tables as small as the matrix's (a fractional first is the same fraction
// in every row), any other step refills them as needed.
// The frequencies are w; params gives the layout, the scale and d_model of a row.
template<typename Scalar, typename RowAt, typename RowDone>
void forEachRowWith(const Eigen::VectorXd &w, const EncodingParams &params, double first, double step,
                    int rows, RowAt &&rowAt, RowDone &&rowDone)
{
    const int n = static_cast<int>(w.size());
    const int pairs = pairCount(params);
    const std::size_t un = static_cast<std::size_t>(n);

    // The tables, filled on first use: sin / cos of k w (row kk holds k = lowK[kk]) and of
    // M w (row j holds M = 64 j); the current B and the current B + M.
    std::vector<double> lowS(kLowRows * un), lowC(kLowRows * un);
    std::vector<double> lowK(kLowRows, -1.0);
    std::vector<double> midS(kLowRows * un), midC(kLowRows * un);
    std::vector<char> midDone(kLowRows, 0);
    std::vector<double> bS(un), bC(un), aS(un), aC(un);
    double currentB = std::nan("");
    double currentM = std::nan("");

    for (int r = 0; r < rows; ++r) {
        const Split p = splitPosition(first + r * step);
        if (p.b != currentB) {
            fillSinCos(w, p.b, bS.data(), bC.data());
            currentB = p.b;
            currentM = std::nan("");
        }
        if (p.m != currentM) {
            const int j = static_cast<int>(p.m / kLow);
            double *ms = midS.data() + j * un;
            double *mc = midC.data() + j * un;
            if (!midDone[j]) {
                fillSinCos(w, p.m, ms, mc);
                midDone[j] = 1;
            }
            for (int i = 0; i < n; ++i) {
                const SinCos a = rotate({bS[i], bC[i]}, {ms[i], mc[i]});
                aS[i] = a.s;
                aC[i] = a.c;
            }
            currentM = p.m;
        }
        // k is the same for rows 64 apart unless start has a fraction that start + r rounds
        // differently (|start| near 1e9); then the row is refilled for the exact k.
        const int kk = static_cast<int>(p.k);
        double *ks = lowS.data() + kk * un;
        double *kc = lowC.data() + kk * un;
        if (lowK[kk] != p.k) {
            fillSinCos(w, p.k, ks, kc);
            lowK[kk] = p.k;
        }
        Scalar *row = rowAt(r);
        writeRow(params, p.negative, n, pairs, aS.data(), aC.data(), ks, kc, row);
        rowDone(r, static_cast<const Scalar *>(row));
    }
}

template<typename Scalar, typename RowAt, typename RowDone>
void forEachRow(const EncodingParams &params, double first, double step, int rows, RowAt &&rowAt,
                RowDone &&rowDone)
{
    forEachRowWith<Scalar>(frequencies(params), params, first, step, rows, rowAt, rowDone);
}

template<typename Scalar>
void fillRows(const EncodingParams &params, double first, double step, int rows, Scalar *data)
{
    const auto d = static_cast<std::size_t>(params.dModel);
    forEachRow<Scalar>(
        params, first, step, rows, [&](int r) { return data + static_cast<std::size_t>(r) * d; },
        [](int, const Scalar *) {});
}

template<typename Scalar>
void fillMatrix(const EncodingParams &params, Scalar *data)
{
    // start + r * 1.0 is start + r exactly: the matrix and encodingRowsInto share their bits.
    fillRows(params, params.start, 1.0, params.seqLen, data);
}

// PE(pos) into row (dModel values), the same bits as the matrix row of pos.
void fillRow(const EncodingParams &params, const Eigen::VectorXd &w, double pos, double *row)
{
    const Split p = splitPosition(pos);
    const int n = static_cast<int>(w.size());
    const int pairs = pairCount(params);
    for (int c = 0; c < params.dModel; ++c)
        row[c] = 0.0;
    for (int i = 0; i < n; ++i) {
        const SinCos v = sinCosAt(p, w[i]);
        row[sinColumn(params, i)] = params.scale * v.s;
        if (i < pairs)
            row[cosColumn(params, i)] = params.scale * v.c;
    }
}

} // namespace

RowMatrixXd encodingMatrix(const EncodingParams &params)
{
    RowMatrixXd pe(params.seqLen, params.dModel);
    fillMatrix(params, pe.data());
    return pe;
}

RowMatrixXf encodingMatrixF(const EncodingParams &params)
{
    RowMatrixXf pe(params.seqLen, params.dModel);
    fillMatrix(params, pe.data());
    return pe;
}

void encodingMatrixInto(const EncodingParams &params, RowMatrixXd &out)
{
    out.resize(params.seqLen, params.dModel);
    fillMatrix(params, out.data());
}

void encodingMatrixInto(const EncodingParams &params, RowMatrixXf &out)
{
    out.resize(params.seqLen, params.dModel);
    fillMatrix(params, out.data());
}

void encodingRowsInto(const EncodingParams &params, double first, double step, int rows,
                      RowMatrixXd &out)
{
    out.resize(rows, params.dModel);
    fillRows(params, first, step, rows, out.data());
}

void forEachSinCosRow(const Eigen::VectorXd &w, double first, double step, int rows,
                      const std::function<void(int, const double *)> &visit)
{
    // Rows of a split layout with scale 1: [sin half | cos half], one column pair per w_i.
    EncodingParams layout;
    layout.dModel = 2 * static_cast<int>(w.size());
    layout.layout = Layout::Split;
    layout.scale = 1.0;
    std::vector<double> row(static_cast<std::size_t>(layout.dModel));
    forEachRowWith<double>(
        w, layout, first, step, rows, [&](int) { return row.data(); },
        [&](int r, const double *values) { visit(r, values); });
}

Eigen::MatrixXd encodingColumns(const EncodingParams &params, const std::vector<int> &columns,
                                double first, double step, int rows)
{
    const Eigen::Index count = Eigen::Index(columns.size());
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(rows, count);
    // One frequency per chosen column (a zero column gets w = 0 and stays 0).
    Eigen::VectorXd w = Eigen::VectorXd::Zero(count);
    std::vector<Channel::Kind> kinds(columns.size());
    for (Eigen::Index k = 0; k < count; ++k) {
        const Channel channel = channelOf(params, columns[std::size_t(k)]);
        kinds[std::size_t(k)] = channel.kind;
        if (channel.kind != Channel::Kind::Zero)
            w[k] = frequency(params, channel.pair);
    }
    if (count == 0 || rows <= 0)
        return out;
    forEachSinCosRow(w, first, step, rows, [&](int r, const double *row) {
        for (Eigen::Index k = 0; k < count; ++k) {
            switch (kinds[std::size_t(k)]) {
            case Channel::Kind::Sin: out(r, k) = params.scale * row[k]; break;
            case Channel::Kind::Cos: out(r, k) = params.scale * row[count + k]; break;
            case Channel::Kind::Zero: break;
            }
        }
    });
    return out;
}

ValueRange encodingValueRange(const EncodingParams &params)
{
    // One row at a time through a buffer that stays in the L1 cache.
    std::vector<double> row(static_cast<std::size_t>(params.dModel));
    ValueRange range{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    forEachRow<double>(
        params, params.start, 1.0, params.seqLen, [&](int) { return row.data(); },
        [&](int, const double *values) {
            const auto [low, high] = std::minmax_element(values, values + params.dModel);
            range.min = std::min(range.min, *low);
            range.max = std::max(range.max, *high);
        });
    return range;
}

Eigen::VectorXd encodingAt(const EncodingParams &params, double pos)
{
    Eigen::VectorXd pe(params.dModel);
    fillRow(params, frequencies(params), pos, pe.data());
    return pe;
}

Eigen::VectorXd encodingColumn(const EncodingParams &params, int column,
                               const Eigen::VectorXd &positions)
{
    const Channel channel = channelOf(params, column);
    if (channel.kind == Channel::Kind::Zero)
        return Eigen::VectorXd::Zero(positions.size());
    // The same split and rotations as encodingMatrix(), so that a curve passes through exactly
    // the values of the heatmap at integer positions.
    const double w = frequency(params, channel.pair);
    const bool isSin = channel.kind == Channel::Kind::Sin;
    Eigen::VectorXd values(positions.size());
    for (Eigen::Index j = 0; j < positions.size(); ++j) {
        const SinCos v = sinCosAt(splitPosition(positions[j]), w);
        values[j] = params.scale * (isSin ? v.s : v.c);
    }
    return values;
}

PairValue pairValue(const EncodingParams &params, double pos, int pair)
{
    if (pair < 0 || pair >= frequencyCount(params))
        return {};
    const SinCos v = sinCosAt(splitPosition(pos), frequency(params, pair));
    PairValue value;
    value.sin = params.scale * v.s;
    if (pair < pairCount(params))
        value.cos = params.scale * v.c;
    return value;
}

CellExplanation explainCell(const EncodingParams &params, double pos, int column)
{
    CellExplanation e;
    e.position = pos;
    e.column = column;
    e.channel = channelOf(params, column);
    if (e.channel.kind == Channel::Kind::Zero)
        return e;
    e.frequency = frequency(params, e.channel.pair);
    e.angle = pos * e.frequency;
    // The value on screen: computed as the matrix computes it (within a few 1e-16 of
    // scale * sin(angle) or scale * cos(angle)).
    const SinCos v = sinCosAt(splitPosition(pos), e.frequency);
    e.value = params.scale * (e.channel.kind == Channel::Kind::Sin ? v.s : v.c);
    return e;
}

} // namespace posenc

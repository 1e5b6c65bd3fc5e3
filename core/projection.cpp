// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/projection.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>

namespace posenc {

namespace {

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

} // namespace

// -O2 does not vectorise the plain loop; tiles in registers read each chunk of W once for six
// rows, and packed in panels W is read once whatever the rows. What the kernel waits on is the
// loads of W, a page apart at d = 512, not the arithmetic, so wider vectors (AVX-512) do not
// pay (docs/performance-history.md).
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

RowMatrixXd scaledWeights(const RowMatrixXd &table, int d, double factor)
{
    if (factor == 1.0 && table.rows() == d && table.cols() == d)
        return table;
    return table.topLeftCorner(d, d) * factor;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding.h"

#include "core/frequencies.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define POSENC_HAS_STREAMING 1
#else
#define POSENC_HAS_STREAMING 0
#endif

namespace posenc {

// How sin(pos * w_i) and cos(pos * w_i) are computed (docs/rendering.md).
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

// The row kernel runs on vectors of double, as GCC and Clang lower them on any target, L lanes
// wide: L = 2 everywhere (SSE2 on x86-64, NEON on aarch64, scalar pairs elsewhere) and, on x86-64
// CPUs that have it, L = 4 with AVX2 or L = 8 with AVX-512F, chosen at run time because the
// default build may not assume AVX (see EngineKernel). Each lane does exactly the scalar
// operations of rotate() and the same scale multiply and cast as the scalar tail, in the same
// order: no FMA (the AVX2 kernel is compiled for "avx2" alone, GCC contracts a * b + c into an
// FMA only where the target has one, and the AVX-512 kernel, whose target has one, is compiled
// without contraction), so every kernel gives the same bits as the scalar code.
//
// The helpers below take and return 32- and 64-byte vectors for L = 4 and 8. They are always
// inlined into the kernels and never called across a function boundary, so GCC's note that
// such vectors are passed differently with and without AVX (-Wpsabi) does not apply. GCC
// reports it where the templates are instantiated, at the end of the file, hence no "pop".
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#if defined(__clang__)
// No a * b + c contracted into an FMA anywhere in this file (see writeRowAvx512).
#pragma STDC FP_CONTRACT OFF
#endif
// The lane helpers are always inlined: a Debug build (the sanitizer stage of .ci/run, -O0)
// would otherwise call them as functions compiled for the baseline target from the AVX2 and
// AVX-512 kernels, and 32- and 64-byte vectors are passed and returned differently with and
// without AVX (what -Wpsabi warns about): the kernels read garbage, columns came out swapped.
#define POSENC_LANE_HELPER static inline __attribute__((always_inline))
template<int L>
struct Lanes;

template<>
struct Lanes<2> {
    typedef double D __attribute__((vector_size(16)));
    typedef float F __attribute__((vector_size(8)));
    typedef float F2 __attribute__((vector_size(16))); // two F side by side
    // (a0 a1), (b0 b1) -> (a0 b0 a1 b1) and (a0 a1 b0 b1)
    POSENC_LANE_HELPER F2 interleave(F a, F b) { return __builtin_shufflevector(a, b, 0, 2, 1, 3); }
    POSENC_LANE_HELPER F2 concat(F a, F b) { return __builtin_shufflevector(a, b, 0, 1, 2, 3); }
    // (a0 a1), (b0 b1) -> (a0 b0), (a1 b1)
    POSENC_LANE_HELPER D zipLow(D a, D b) { return __builtin_shufflevector(a, b, 0, 2); }
    POSENC_LANE_HELPER D zipHigh(D a, D b) { return __builtin_shufflevector(a, b, 1, 3); }
};

#if defined(__x86_64__) && defined(__GNUC__)
#define POSENC_HAS_AVX2_KERNEL 1
template<>
struct Lanes<4> {
    typedef double D __attribute__((vector_size(32)));
    typedef float F __attribute__((vector_size(16)));
    // (a0 a1 a2 a3), (b0 b1 b2 b3) -> (a0 b0 a1 b1), (a2 b2 a3 b3): 16 bytes each, stored
    // separately (one 32-byte vector would cost two more instructions to build, and streaming
    // stores take it in 16-byte halves anyway)
    POSENC_LANE_HELPER F interleaveLow(F a, F b) { return __builtin_shufflevector(a, b, 0, 4, 1, 5); }
    POSENC_LANE_HELPER F interleaveHigh(F a, F b) { return __builtin_shufflevector(a, b, 2, 6, 3, 7); }
    POSENC_LANE_HELPER D zipLow(const D &a, const D &b) { return __builtin_shufflevector(a, b, 0, 4, 1, 5); }
    POSENC_LANE_HELPER D zipHigh(const D &a, const D &b) { return __builtin_shufflevector(a, b, 2, 6, 3, 7); }
};
// Eight lanes for the AVX-512 kernel: a row of floats is written 64 bytes (8 pairs) at a time.
template<>
struct Lanes<8> {
    typedef double D __attribute__((vector_size(64)));
    typedef float F __attribute__((vector_size(32)));
    typedef float F2 __attribute__((vector_size(64))); // two F side by side
    POSENC_LANE_HELPER F2 interleave(const F &a, const F &b)
    {
        return __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    }
    POSENC_LANE_HELPER D zipLow(const D &a, const D &b)
    {
        return __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11);
    }
    POSENC_LANE_HELPER D zipHigh(const D &a, const D &b)
    {
        return __builtin_shufflevector(a, b, 4, 12, 5, 13, 6, 14, 7, 15);
    }
};
#else
#define POSENC_HAS_AVX2_KERNEL 0
#endif

template<typename V>
inline __attribute__((always_inline)) V load(const double *p)
{
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template<typename V>
inline __attribute__((always_inline)) V splat(double x)
{
    V v;
    for (std::size_t i = 0; i < sizeof v / sizeof x; ++i)
        v[i] = x;
    return v;
}

// Writes the 16 or 32 bytes of v to p: an ordinary store or, with Stream, non-temporal stores
// that go around the caches (p must then be 16-byte aligned). See fillRows for when.
template<bool Stream, typename Scalar, typename V>
inline __attribute__((always_inline)) void put(Scalar *p, const V &v)
{
#if POSENC_HAS_STREAMING
    if constexpr (Stream) {
        // A whole cache line in one store where it is aligned (the AVX-512 kernel's rows,
        // see interleavedHead): a third faster than four 16-byte stores. Only the AVX-512
        // kernel has 64-byte vectors, and the asm names its register.
        if constexpr (sizeof v == 64) {
            if (reinterpret_cast<std::uintptr_t>(p) % 64 == 0) {
#if defined(__clang__)
                __builtin_nontemporal_store(v, reinterpret_cast<V *>(p));
#else
                asm volatile("vmovntps %1, %0" : "=m"(*reinterpret_cast<char(*)[64]>(p)) : "v"(v));
#endif
                return;
            }
        }
        for (std::size_t offset = 0; offset < sizeof v; offset += 16) {
            __m128 part;
            std::memcpy(&part, reinterpret_cast<const char *>(&v) + offset, sizeof part);
            _mm_stream_ps(reinterpret_cast<float *>(reinterpret_cast<char *>(p) + offset), part);
        }
        return;
    }
#endif
    std::memcpy(p, &v, sizeof v);
}

// 2L values from two vectors of L (lo then hi, or interleaved lane by lane): 2L doubles, or 2L
// floats in 16-byte stores (8-byte float stores cost half the time of a row before).
// (The vectors are passed by reference: by value, GCC notes at every build that 32-byte vectors
// are passed differently with AVX, although these calls are all inlined.)
template<int L, bool Stream>
inline __attribute__((always_inline)) void store(double *p, const typename Lanes<L>::D &lo,
                                                 const typename Lanes<L>::D &hi, bool interleaved)
{
    if (interleaved) {
        // (lo0 hi0 lo1 hi1 ...)
        put<Stream>(p, Lanes<L>::zipLow(lo, hi));
        put<Stream>(p + L, Lanes<L>::zipHigh(lo, hi));
    } else {
        put<Stream>(p, lo);
        put<Stream>(p + L, hi);
    }
}

template<int L, bool Stream>
inline __attribute__((always_inline)) void store(float *p, const typename Lanes<L>::D &lo,
                                                 const typename Lanes<L>::D &hi, bool interleaved)
{
    typedef typename Lanes<L>::F F;
    const F a = __builtin_convertvector(lo, F);
    const F b = __builtin_convertvector(hi, F);
    if constexpr (L == 2) {
        put<Stream>(p, interleaved ? Lanes<L>::interleave(a, b) : Lanes<L>::concat(a, b));
    } else if constexpr (L == 8) {
        if (interleaved) {
            put<Stream>(p, Lanes<L>::interleave(a, b));
        } else {
            put<Stream>(p, a);
            put<Stream>(p + L, b);
        }
    } else {
        put<Stream>(p, interleaved ? Lanes<L>::interleaveLow(a, b) : a);
        put<Stream>(p + L, interleaved ? Lanes<L>::interleaveHigh(a, b) : b);
    }
}

// The number of pairs (at most pairs) before the interleaved row reaches a 64-byte boundary,
// 0 if no whole number of pairs does.
template<typename Scalar>
inline int interleavedHead(const Scalar *row, int pairs)
{
    const auto misalignment = reinterpret_cast<std::uintptr_t>(row) % 64;
    const std::uintptr_t pairBytes = 2 * sizeof(Scalar);
    if (misalignment % pairBytes != 0)
        return 0;
    return std::min(pairs, static_cast<int>((64 - misalignment) % 64 / pairBytes));
}

// v times the row's scale, or v itself when that scale is exactly 1 (Unit): x * 1.0 is x for
// every x (a quiet NaN included, and sin and cos never give a signalling one), so the same bits
// for two multiplies fewer per 2L values; with the default scale 1 they were a quarter of the
// kernel's multiplies.
template<bool Unit, typename V>
inline __attribute__((always_inline)) V scaled(const V &v, const V &scale)
{
    if constexpr (Unit)
        return v;
    else
        return v * scale;
}

// One row of the matrix: for every pair, (s, c) = rotate((sA, cA), (sk, ck)), times scale, in
// the layout's columns; 2L pairs per step. Unit: the scale of both sines and cosines is 1.
template<int L, bool Stream, bool Unit, typename Scalar>
inline __attribute__((always_inline)) void writeRowLanesScaled(
    const EncodingParams &params, bool negative, int frequencyCount, int pairs,
    const double *__restrict sA, const double *__restrict cA, const double *__restrict sk,
    const double *__restrict ck, Scalar *__restrict row)
{
    typedef typename Lanes<L>::D D;
    const double scale = params.scale;
    // scale * (-s) and (-scale) * s are the same bits: negation is exact.
    const double sinScale = negative ? -scale : scale;
    const D vSinScale = splat<D>(sinScale);
    const D vScale = splat<D>(scale);
    const int step = 2 * L;
    const int vectorPairs = pairs - pairs % step;
    if (params.layout == Layout::Interleaved) {
        // With 64-byte stores, the first pairs one at a time up to a 64-byte boundary.
        const int head = L == 8 ? interleavedHead(row, pairs) : 0;
        for (int i = 0; i < head; ++i) {
            const double s = sA[i] * ck[i] + cA[i] * sk[i];
            const double c = cA[i] * ck[i] - sA[i] * sk[i];
            row[2 * i] = static_cast<Scalar>(sinScale * s);
            row[2 * i + 1] = static_cast<Scalar>(scale * c);
        }
        const int vectorEnd = L == 8 ? head + (pairs - head) / L * L : vectorPairs;
        for (int i = head; i < vectorEnd; i += L) {
            const D a = load<D>(sA + i), b = load<D>(cA + i);
            const D x = load<D>(sk + i), y = load<D>(ck + i);
            const D s = a * y + b * x;
            const D c = b * y - a * x;
            // (s_i, c_i), (s_i+1, c_i+1), ...
            store<L, Stream>(row + 2 * i, scaled<Unit>(s, vSinScale), scaled<Unit>(c, vScale), true);
        }
        for (int i = vectorEnd; i < pairs; ++i) {
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
        for (int i = 0; i < vectorPairs; i += step) {
            const D a0 = load<D>(sA + i), b0 = load<D>(cA + i);
            const D x0 = load<D>(sk + i), y0 = load<D>(ck + i);
            const D a1 = load<D>(sA + i + L), b1 = load<D>(cA + i + L);
            const D x1 = load<D>(sk + i + L), y1 = load<D>(ck + i + L);
            store<L, Stream>(row + i, scaled<Unit>(D(a0 * y0 + b0 * x0), vSinScale),
                             scaled<Unit>(D(a1 * y1 + b1 * x1), vSinScale), false);
            store<L, Stream>(cosHalf + i, scaled<Unit>(D(b0 * y0 - a0 * x0), vScale),
                             scaled<Unit>(D(b1 * y1 - a1 * x1), vScale), false);
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

template<int L, bool Stream, typename Scalar>
inline __attribute__((always_inline)) void writeRowLanes(
    const EncodingParams &params, bool negative, int frequencyCount, int pairs, const double *sA,
    const double *cA, const double *sk, const double *ck, Scalar *row)
{
    if (params.scale == 1.0 && !negative)
        writeRowLanesScaled<L, Stream, true>(params, negative, frequencyCount, pairs, sA, cA, sk,
                                             ck, row);
    else
        writeRowLanesScaled<L, Stream, false>(params, negative, frequencyCount, pairs, sA, cA, sk,
                                              ck, row);
}

template<typename Scalar>
using RowWriter = void (*)(const EncodingParams &, bool, int, int, const double *, const double *,
                           const double *, const double *, Scalar *);

template<bool Stream, typename Scalar>
void writeRowPortable(const EncodingParams &params, bool negative, int frequencyCount, int pairs,
                      const double *sA, const double *cA, const double *sk, const double *ck,
                      Scalar *row)
{
    writeRowLanes<2, Stream>(params, negative, frequencyCount, pairs, sA, cA, sk, ck, row);
}

#if POSENC_HAS_AVX2_KERNEL
template<bool Stream, typename Scalar>
__attribute__((target("avx2"))) void writeRowAvx2(const EncodingParams &params, bool negative,
                                                  int frequencyCount, int pairs, const double *sA,
                                                  const double *cA, const double *sk,
                                                  const double *ck, Scalar *row)
{
    writeRowLanes<4, Stream>(params, negative, frequencyCount, pairs, sA, cA, sk, ck, row);
}
#endif

// avx512f implies fma, and GCC contracts a * b + c into an FMA wherever the target has one:
// contraction is turned off for this kernel, which must give the bits of the others (the tests
// compare them, and no vfmadd is in its code). Clang has no optimize attribute but takes the
// standard pragma for the whole file (above), which changes nothing elsewhere: the rest of the
// file is built for targets without FMA.
#if POSENC_HAS_AVX2_KERNEL
#if defined(__clang__)
#define POSENC_NO_FP_CONTRACT
#else
#define POSENC_NO_FP_CONTRACT optimize("fp-contract=off")
#endif
template<bool Stream, typename Scalar>
__attribute__((target("avx512f"), POSENC_NO_FP_CONTRACT)) void writeRowAvx512(
    const EncodingParams &params, bool negative, int frequencyCount, int pairs, const double *sA,
    const double *cA, const double *sk, const double *ck, Scalar *row)
{
    writeRowLanes<8, Stream>(params, negative, frequencyCount, pairs, sA, cA, sk, ck, row);
}
#endif

bool cpuHasAvx512()
{
#if POSENC_HAS_AVX2_KERNEL
    static const bool has = __builtin_cpu_supports("avx512f");
    return has;
#else
    return false;
#endif
}

bool cpuHasAvx2()
{
#if POSENC_HAS_AVX2_KERNEL
    // libgcc's check includes the operating system's support for the 256-bit registers.
    static const bool has = __builtin_cpu_supports("avx2");
    return has;
#else
    return false;
#endif
}

std::atomic<int> chosenKernel{-1}; // -1: the best available one

EngineKernel bestKernel()
{
    if (cpuHasAvx512())
        return EngineKernel::Avx512;
    return cpuHasAvx2() ? EngineKernel::Avx2 : EngineKernel::Portable;
}

template<typename Scalar>
RowWriter<Scalar> rowWriter(bool stream)
{
#if POSENC_HAS_AVX2_KERNEL
    if (engineKernel() == EngineKernel::Avx2)
        return stream ? &writeRowAvx2<true, Scalar> : &writeRowAvx2<false, Scalar>;
    if (engineKernel() == EngineKernel::Avx512)
        return stream ? &writeRowAvx512<true, Scalar> : &writeRowAvx512<false, Scalar>;
#endif
    return stream ? &writeRowPortable<true, Scalar> : &writeRowPortable<false, Scalar>;
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

// Where the row kernel's input tables sit relative to the row it writes matters as much as
// the arithmetic. A load whose address equals that of a store still in flight in its low 12
// bits (4 KiB apart) waits for the store as if it read the same bytes ("4K aliasing"). The
// float row and the tables both advance 8 bytes per pair, so their distance modulo 4096 is
// the same all along a row, and for d_model 1024 (4096-byte rows, 4096-byte table rows) in
// every row: at an unlucky distance every load of the matrix waits. encodingMatrixInto at
// 16384 x 1024 took 4 to 11 ms depending only on where malloc had put the buffers. So each
// table is placed kTableLead + 256 j bytes (modulo 4096) past the first row: its loads are
// then ahead of the row's stores and meet the addresses of stores made about 300 pairs
// before, long finished.
constexpr std::uintptr_t kAliasSpan = 4096;
constexpr std::uintptr_t kTableLead = 1024;

// count doubles inside a vector with 4096 bytes to spare, at a chosen address modulo 4096.
struct PlacedTable {
    std::vector<double> store;
    double *data = nullptr;
    std::size_t count = 0;

    void reset(std::size_t n)
    {
        count = n;
        store.assign(n + kAliasSpan / sizeof(double), 0.0);
        data = store.data();
    }

    static std::uintptr_t address(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

    // The first address in the store that is lead bytes (rounded down to 8) past out,
    // modulo 4096.
    double *target(const void *out, std::uintptr_t lead) const
    {
        const std::uintptr_t wanted = (address(out) + lead) % kAliasSpan;
        const std::uintptr_t offset = (wanted - address(store.data()) % kAliasSpan + kAliasSpan)
                                      % kAliasSpan;
        return const_cast<double *>(store.data()) + offset / sizeof(double);
    }

    // Moves the values (if any) to their place for out: once per output buffer, not per call.
    void placeFor(const void *out, std::uintptr_t lead)
    {
        double *to = target(out, lead);
        if (to != data && count > 0)
            std::memmove(to, data, count * sizeof(double));
        data = to;
    }
};

// Rows at the positions first + r * step, r in [0, rows), each written to rowAt(r) and then
// handed to rowDone(r, row). For the matrix, first = start and step = 1; a whole-number step
// keeps the k and M tables as small as the matrix's (a fractional first is the same fraction
// in every row), any other step refills them as needed.
// The frequencies are w; params gives the layout, the scale and d_model of a row.
// The tables of sin / cos of k w (row kk holds k = lowK[kk], or nothing while lowK[kk] is -1)
// and of M w (row j holds M = 64 j once midDone[j]), filled on first use. They depend on the
// frequencies alone (k also on the fraction of the positions), not on which positions a matrix
// covers, so each thread keeps the last ones it built: a view that recomputes on every change
// of start or seq_len pays their std::sin / std::cos once (they were 10% of encodingMatrixInto
// at 16384 x 1024). At most 4 MiB per thread, at d_model 4096.
struct SinCosTables {
    std::vector<double> w; // the frequencies they are for
    // lowS and lowC point into lowSStore and lowCStore, placed for the output (see placeFor).
    PlacedTable lowS, lowC;
    std::vector<double> lowK, midS, midC;
    std::vector<char> midDone;
    bool inUse = false;

    void prepareFor(const Eigen::VectorXd &frequencies)
    {
        const auto n = static_cast<std::size_t>(frequencies.size());
        // Bit for bit: sin(k * -0.0) is -0.0, not the 0.0 that a table for w = 0 would hold.
        if (!lowK.empty() && w.size() == n
            && (n == 0 || std::memcmp(w.data(), frequencies.data(), n * sizeof(double)) == 0))
            return;
        w.assign(frequencies.data(), frequencies.data() + n);
        lowS.reset(kLowRows * n);
        lowC.reset(kLowRows * n);
        lowK.assign(kLowRows, -1.0);
        midS.assign(kLowRows * n, 0.0);
        midC.assign(kLowRows * n, 0.0);
        midDone.assign(kLowRows, 0);
    }

    // One set per thread, shared by every kind of row (float, double, forEachSinCosRow).
    static SinCosTables &ofThisThread()
    {
        thread_local SinCosTables tables;
        return tables;
    }

    // Marks the tables as taken while one call runs.
    struct Use {
        explicit Use(SinCosTables &t) : tables(t) { tables.inUse = true; }
        ~Use() { tables.inUse = false; }
        Use(const Use &) = delete;
        Use &operator=(const Use &) = delete;
        SinCosTables &tables;
    };
};

// With stream, the rows are written with non-temporal stores (16-byte aligned rows only).
// Row r is at first + (rowOffset + r) * step: a block of rows of a matrix (rowOffset its first
// row) has the bits of the same rows computed with the whole matrix, whatever first's fraction.
template<typename Scalar, typename RowAt, typename RowDone>
void forEachRowWith(const Eigen::VectorXd &w, const EncodingParams &params, double first, double step,
                    int rows, RowAt &&rowAt, RowDone &&rowDone, bool stream = false, int rowOffset = 0)
{
    const int n = static_cast<int>(w.size());
    const int pairs = pairCount(params);
    const std::size_t un = static_cast<std::size_t>(n);

    // The tables of k w and M w: this thread's, unless a caller up the stack is using them
    // (a visit of forEachSinCosRow that computes rows itself).
    SinCosTables &kept = SinCosTables::ofThisThread();
    SinCosTables own;
    SinCosTables &tables = kept.inUse ? own : kept;
    tables.prepareFor(w);
    const SinCosTables::Use use(tables);
    const void *firstRow = rows > 0 ? static_cast<const void *>(rowAt(0)) : nullptr;
    tables.lowS.placeFor(firstRow, kTableLead);
    tables.lowC.placeFor(firstRow, kTableLead + 256);
    double *lowS = tables.lowS.data, *lowC = tables.lowC.data;
    std::vector<double> &lowK = tables.lowK;
    std::vector<double> &midS = tables.midS, &midC = tables.midC;
    std::vector<char> &midDone = tables.midDone;
    // sin / cos of the current B, and of the current B + M (these two placed like the tables).
    std::vector<double> bS(un), bC(un);
    PlacedTable aTableS, aTableC;
    aTableS.reset(un);
    aTableC.reset(un);
    aTableS.placeFor(firstRow, kTableLead + 512);
    aTableC.placeFor(firstRow, kTableLead + 768);
    double *aS = aTableS.data, *aC = aTableC.data;
    double currentB = std::nan("");
    double currentM = std::nan("");
    const RowWriter<Scalar> writeRow = rowWriter<Scalar>(stream);

    for (int r = 0; r < rows; ++r) {
        const Split p = splitPosition(first + (rowOffset + r) * step);
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
        double *ks = lowS + kk * un;
        double *kc = lowC + kk * un;
        if (lowK[kk] != p.k) {
            fillSinCos(w, p.k, ks, kc);
            lowK[kk] = p.k;
        }
        Scalar *row = rowAt(r);
        writeRow(params, p.negative, n, pairs, aS, aC, ks, kc, row);
        rowDone(r, static_cast<const Scalar *>(row));
    }
}

template<typename Scalar, typename RowAt, typename RowDone>
void forEachRow(const EncodingParams &params, double first, double step, int rows, RowAt &&rowAt,
                RowDone &&rowDone)
{
    forEachRowWith<Scalar>(frequencies(params), params, first, step, rows, rowAt, rowDone);
}

// Outputs at least this large (the last-level cache of the machines we measured on, a 32 MiB
// L3) are written with non-temporal stores when they go to memory that was written before (a
// reused buffer). An ordinary store first reads its cache line from memory and later writes it
// back; a streaming store only writes, which halves the memory traffic of a matrix that cannot
// stay in the cache for its reader anyway (16384 x 1024 floats are 64 MiB): encodingMatrixInto
// at that size went from 9.9 to 6.3 ms. Into freshly allocated memory they are slower (the
// kernel has just zeroed each page through the cache, and a streaming store must first evict
// those lines: encodingMatrixF went from 41 to 48 ms), so a new matrix is written normally,
// and so are smaller ones, which are still in the cache when read.
constexpr std::size_t kStreamBytes = std::size_t(32) << 20;

template<typename Scalar>
bool streamRows(const EncodingParams &params, int rows, const Scalar *data, bool reused)
{
    // Every vector store must be 16-byte aligned: the rows, and in the split layout the start
    // of the cosine half.
    const std::size_t rowBytes = sizeof(Scalar) * static_cast<std::size_t>(params.dModel);
    const std::size_t halfBytes = sizeof(Scalar) * static_cast<std::size_t>(pairCount(params));
    return POSENC_HAS_STREAMING && reused && rows > 0
           && rowBytes * static_cast<std::size_t>(rows) >= kStreamBytes
           && reinterpret_cast<std::uintptr_t>(data) % 16 == 0 && rowBytes % 16 == 0
           && (params.layout == Layout::Interleaved || halfBytes % 16 == 0);
}

// reused: data was written before (a caller's buffer kept at its size), not just allocated.
template<typename Scalar>
void fillRows(const EncodingParams &params, double first, double step, int rows, Scalar *data,
              bool reused, int rowOffset = 0)
{
    const auto d = static_cast<std::size_t>(params.dModel);
    const bool stream = streamRows(params, rows, data, reused);
    forEachRowWith<Scalar>(
        frequencies(params), params, first, step, rows,
        [&](int r) { return data + static_cast<std::size_t>(r) * d; }, [](int, const Scalar *) {},
        stream, rowOffset);
#if POSENC_HAS_STREAMING
    // Streaming stores are weakly ordered: make them visible before anyone reads the matrix.
    if (stream)
        _mm_sfence();
#endif
}

// Whether out.resize(rows, cols) keeps out's memory: Eigen reallocates only when the number of
// values changes.
template<typename Matrix>
bool keepsStorage(const Matrix &out, Eigen::Index rows, Eigen::Index cols)
{
    return out.size() == rows * cols && out.size() > 0;
}

template<typename Scalar>
void fillMatrix(const EncodingParams &params, Scalar *data, bool reused)
{
    // start + r * 1.0 is start + r exactly: the matrix and encodingRowsInto share their bits.
    fillRows(params, params.start, 1.0, params.seqLen, data, reused);
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

bool engineKernelAvailable(EngineKernel kernel)
{
    switch (kernel) {
    case EngineKernel::Portable: return true;
    case EngineKernel::Avx2: return cpuHasAvx2();
    case EngineKernel::Avx512: return cpuHasAvx512();
    }
    return false;
}

EngineKernel engineKernel()
{
    const int chosen = chosenKernel.load(std::memory_order_relaxed);
    return chosen < 0 ? bestKernel() : static_cast<EngineKernel>(chosen);
}

bool setEngineKernel(EngineKernel kernel)
{
    if (!engineKernelAvailable(kernel))
        return false;
    chosenKernel.store(static_cast<int>(kernel), std::memory_order_relaxed);
    return true;
}

void resetEngineKernel()
{
    chosenKernel.store(-1, std::memory_order_relaxed);
}

RowMatrixXd encodingMatrix(const EncodingParams &params)
{
    RowMatrixXd pe(params.seqLen, params.dModel);
    fillMatrix(params, pe.data(), false);
    return pe;
}

RowMatrixXf encodingMatrixF(const EncodingParams &params)
{
    RowMatrixXf pe(params.seqLen, params.dModel);
    fillMatrix(params, pe.data(), false);
    return pe;
}

void encodingMatrixInto(const EncodingParams &params, RowMatrixXd &out)
{
    const bool reused = keepsStorage(out, params.seqLen, params.dModel);
    out.resize(params.seqLen, params.dModel);
    fillMatrix(params, out.data(), reused);
}

void encodingMatrixInto(const EncodingParams &params, RowMatrixXf &out)
{
    const bool reused = keepsStorage(out, params.seqLen, params.dModel);
    out.resize(params.seqLen, params.dModel);
    fillMatrix(params, out.data(), reused);
}

void encodingRowsInto(const EncodingParams &params, double first, double step, int rows,
                      RowMatrixXd &out)
{
    const bool reused = keepsStorage(out, rows, params.dModel);
    out.resize(rows, params.dModel);
    fillRows(params, first, step, rows, out.data(), reused);
}

void encodingRowsInto(const EncodingParams &params, double first, double step, int rows, double *out)
{
    fillRows(params, first, step, rows, out, false);
}

void encodingMatrixRows(const EncodingParams &params, int firstRow, int rows, double *out)
{
    // Into the caller's cache-sized block: ordinary stores (a streamed block would be evicted
    // before its reader, the write to the file, gets to it).
    fillRows(params, params.start, 1.0, rows, out, false, firstRow);
}

void encodingMatrixRows(const EncodingParams &params, int firstRow, int rows, float *out)
{
    fillRows(params, params.start, 1.0, rows, out, false, firstRow);
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

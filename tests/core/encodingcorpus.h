// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The encodings of conventions.md as their sources write them (std::sin loops, nothing from
// core/ but the float16/bfloat16 rounding of core/precision.h, tested in tst_precision), for
// the tests of the encoding check.

#include "core/encoding.h"
#include "core/matrixfile.h"
#include "core/precision.h"

#include <cmath>
#include <cstdint>
#include <functional>

namespace posenc::corpus {

// ---------------------------------------------------------------------------------------
// The conventions, each as its source writes it, [n positions x d] at positions
// start + r * step.

struct Positions {
    int n = 50;
    double start = 0;
    double step = 1;
    double at(int r) const { return start + r * step; }
};

// Vaswani / Annotated Transformer / DistilBERT create_sinusoidal_embeddings:
// position_enc[pos, j] = pos / base^(2 (j // 2) / d); even j sin, odd j cos (odd d: sin last).
inline RowMatrixXd interleavedPaper(int d, Positions p, double base = 1e4, double scale = 1)
{
    RowMatrixXd m(p.n, d);
    for (int r = 0; r < p.n; ++r)
        for (int j = 0; j < d; ++j) {
            const double angle = p.at(r) / std::pow(base, 2.0 * (j / 2) / d);
            m(r, j) = scale * (j % 2 == 0 ? std::sin(angle) : std::cos(angle));
        }
    return m;
}

// tensor2tensor get_timing_signal_1d / fairseq / whisper: h = d // 2,
// inv_timescales = exp(-k ln(base) / max(h - 1, 1)), [sin | cos], a zero column for odd d.
// cosFirst: diffusers flip_sin_to_cos ([cos | sin], then the zero pad).
inline RowMatrixXd splitT2T(int d, Positions p, double base = 1e4, bool cosFirst = false, double scale = 1)
{
    const int h = d / 2;
    RowMatrixXd m = RowMatrixXd::Zero(p.n, d);
    for (int r = 0; r < p.n; ++r)
        for (int k = 0; k < h; ++k) {
            const double angle = p.at(r) * std::exp(-k * std::log(base) / std::max(h - 1, 1));
            m(r, cosFirst ? h + k : k) = scale * std::sin(angle);
            m(r, cosFirst ? k : h + k) = scale * std::cos(angle);
        }
    return m;
}

// Marian (Hugging Face): position_enc as DistilBERT; out[:, :ceil(d/2)] = sin of the even j,
// out[:, ceil(d/2):] = cos of the odd j.
inline RowMatrixXd marian(int d, Positions p)
{
    const int sinCount = (d + 1) / 2;
    RowMatrixXd m(p.n, d);
    for (int r = 0; r < p.n; ++r)
        for (int c = 0; c < d; ++c) {
            const int j = c < sinCount ? 2 * c : 2 * (c - sinCount) + 1;
            const double angle = p.at(r) / std::pow(1e4, 2.0 * (j / 2) / d);
            m(r, c) = c < sinCount ? std::sin(angle) : std::cos(angle);
        }
    return m;
}

// x-transformers ScaledSinusoidalEmbedding: inv_freq = theta^(-k / h), [sin | cos], scale d^-0.5.
inline RowMatrixXd xTransformers(int d, Positions p)
{
    const int h = d / 2;
    RowMatrixXd m(p.n, d);
    for (int r = 0; r < p.n; ++r)
        for (int k = 0; k < h; ++k) {
            const double angle = p.at(r) * std::pow(1e4, -double(k) / h);
            m(r, k) = std::sin(angle) / std::sqrt(double(d));
            m(r, h + k) = std::cos(angle) / std::sqrt(double(d));
        }
    return m;
}

// Transformer-XL: pos_seq = klen-1 .. 0, inv_freq = 1 / base^(arange(0, d, 2) / d), [sin | cos].
inline RowMatrixXd transformerXL(int d, int klen)
{
    const int h = d / 2;
    RowMatrixXd m(klen, d);
    for (int r = 0; r < klen; ++r)
        for (int k = 0; k < h; ++k) {
            const double angle = double(klen - 1 - r) / std::pow(1e4, 2.0 * k / d);
            m(r, k) = std::sin(angle);
            m(r, h + k) = std::cos(angle);
        }
    return m;
}

inline RowMatrixXd stored(RowMatrixXd m, StoredType type)
{
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        double &v = m.data()[i];
        if (type == StoredType::Float32)
            v = double(static_cast<float>(v));
        else if (type == StoredType::Float16)
            v = roundToPrecision(Precision::Float16, v);
    }
    return m;
}

inline RowMatrixXd roundedTo(RowMatrixXd m, Precision p)
{
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = roundToPrecision(p, m.data()[i]);
    return m;
}

// The matrix of a pair loop: column 2k = sin(angle(pos, 2k)), column 2k + 1 = cos(angle(pos, 2k+1)),
// with the angle of each column written as the buggy code writes it.
inline RowMatrixXd pairLoop(int d, int n, const std::function<double(double, int)> &sinAngle,
                     const std::function<double(double, int)> &cosAngle)
{
    RowMatrixXd m(n, d);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < d; c += 2) {
            m(r, c) = std::sin(sinAngle(r, c));
            m(r, c + 1) = std::cos(cosAngle(r, c + 1));
        }
    return m;
}

inline RowMatrixXd paperWith(int d, int n, const std::function<double(double, int)> &angle)
{
    return pairLoop(d, n, angle, [&](double pos, int c) { return angle(pos, c - 1); });
}


// Gaussian numbers of standard deviation sigma, the same on every machine: splitmix64 and
// the Box-Muller transform.
inline RowMatrixXd gaussian(int rows, int cols, double sigma, std::uint64_t seed)
{
    RowMatrixXd m(rows, cols);
    auto next = [&seed] {
        seed += 0x9e3779b97f4a7c15ull;
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return (double((z ^ (z >> 31)) >> 11) + 0.5) / double(1ull << 53);
    };
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = sigma * std::sqrt(-2 * std::log(next())) * std::cos(2 * 3.141592653589793 * next());
    return m;
}

// A rotary embedding's cache as Hugging Face computes it: inv_freq = base^(-arange(0, D, 2) / D),
// freqs = outer(positions, inv_freq), emb = cat(freqs, freqs) (rotate_half) or each
// frequency repeated in place (GPT-J's repeat_interleave), then cos(emb) or sin(emb).
inline RowMatrixXd ropeCache(int rotaryDim, Positions p, double base, bool rotateHalf, bool cosine)
{
    const int h = rotaryDim / 2;
    RowMatrixXd m(p.n, rotaryDim);
    for (int r = 0; r < p.n; ++r)
        for (int k = 0; k < h; ++k) {
            const double angle = p.at(r) * std::pow(base, -2.0 * k / rotaryDim);
            const double v = cosine ? std::cos(angle) : std::sin(angle);
            m(r, rotateHalf ? k : 2 * k) = v;
            m(r, rotateHalf ? k + h : 2 * k + 1) = v;
        }
    return m;
}

} // namespace posenc::corpus

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The independent side of the core tests: the published formulas written out again with
// std::sin / std::cos (DESIGN.md, conventions.md). Nothing here calls the engine; only the
// plain EncodingParams struct and its enums are shared with core/. Calls inside are qualified
// with reference:: so that argument-dependent lookup cannot pick posenc's functions of the
// same name (posenc::frequency takes the same arguments).

#include "core/encodingparams.h"

#include <QByteArray>
#include <QMetaType>

#include <algorithm>
#include <cmath>
#include <vector>

Q_DECLARE_METATYPE(posenc::EncodingParams)
Q_DECLARE_METATYPE(posenc::Layout)
Q_DECLARE_METATYPE(posenc::FrequencyConvention)
Q_DECLARE_METATYPE(posenc::ParamField)

namespace reference {

using posenc::EncodingParams;
using posenc::FrequencyConvention;
using posenc::Layout;

inline EncodingParams params(int dModel, Layout layout, FrequencyConvention frequencies,
                             double base = 10000.0, double scale = 1.0)
{
    EncodingParams p;
    p.dModel = dModel;
    p.layout = layout;
    p.frequencies = frequencies;
    p.base = base;
    p.scale = scale;
    return p;
}

// The same at seq_len positions from `start`.
inline EncodingParams make(int dModel, int seqLen, double start, Layout layout = Layout::Interleaved,
                           FrequencyConvention frequencies = FrequencyConvention::Paper, double scale = 1.0,
                           double base = 1e4)
{
    EncodingParams p = params(dModel, layout, frequencies, base, scale);
    p.seqLen = seqLen;
    p.start = start;
    return p;
}

// Short names for the data tables (using namespace reference::names).
namespace names {
constexpr auto I = Layout::Interleaved;
constexpr auto S = Layout::Split;
constexpr auto Paper = FrequencyConvention::Paper;
constexpr auto T2T = FrequencyConvention::Tensor2Tensor;
} // namespace names

// Names for data rows.
inline const char *name(Layout layout)
{
    return layout == Layout::Interleaved ? "interleaved" : "split";
}

inline const char *name(FrequencyConvention frequencies)
{
    return frequencies == FrequencyConvention::Paper ? "paper" : "tensor2tensor";
}

// The number of frequencies is the number of sine columns. Interleaved puts a sine at every
// even column 0, 2, 4, ... below d; split has the sines in its first half, d // 2 of them.
inline int sineCount(const EncodingParams &p)
{
    if (p.layout == Layout::Split)
        return p.dModel / 2;
    int n = 0;
    for (int c = 0; c < p.dModel; c += 2)
        ++n;
    return n;
}

// w_i. Paper (Vaswani et al. 2017): 1 / base^(2i/d), as the seed texts write it.
// tensor2tensor get_timing_signal_1d: exp(-i * ln(base) / max(n - 1, 1)), n frequencies.
inline double frequency(const EncodingParams &p, int i)
{
    if (p.frequencies == FrequencyConvention::Paper)
        return 1.0 / std::pow(p.base, 2.0 * i / p.dModel);
    const int denominator = std::max(reference::sineCount(p) - 1, 1);
    return std::exp(-static_cast<double>(i) * std::log(p.base) / denominator);
}

// What column c holds, read off the layout's definition: interleaved has sin(pos w_i) at 2i
// and cos at 2i+1; split has [sin of pairs 0..h-1 | cos of pairs 0..h-1] and, for odd d, a
// last column of zeros.
enum class Kind { Sin, Cos, Zero };
struct Slot {
    Kind kind;
    int pair;
};

inline Slot slot(const EncodingParams &p, int c)
{
    if (p.layout == Layout::Interleaved)
        return c % 2 == 0 ? Slot{Kind::Sin, c / 2} : Slot{Kind::Cos, (c - 1) / 2};
    const int h = p.dModel / 2;
    if (c < h)
        return {Kind::Sin, c};
    if (c < 2 * h)
        return {Kind::Cos, c - h};
    return {Kind::Zero, -1};
}

inline double value(const EncodingParams &p, double pos, int c)
{
    const Slot s = reference::slot(p, c);
    if (s.kind == Kind::Zero)
        return 0.0;
    const double angle = pos * reference::frequency(p, s.pair);
    return p.scale * (s.kind == Kind::Sin ? std::sin(angle) : std::cos(angle));
}

// PE(pos) as a plain vector.
inline std::vector<double> encoding(const EncodingParams &p, double pos)
{
    std::vector<double> pe(static_cast<std::size_t>(p.dModel));
    for (int c = 0; c < p.dModel; ++c)
        pe[static_cast<std::size_t>(c)] = reference::value(p, pos, c);
    return pe;
}

// How far the engine may be from the reference at position pos: the angle pos * w is rounded
// (and w computed along a different path), so the absolute error grows with |pos|.
inline double tolerance(const EncodingParams &p, double pos)
{
    return 1e-14 * (1.0 + std::abs(pos)) * std::max(1.0, std::abs(p.scale));
}

// "PE(2.5, 3): got 0.1234, expected 0.1235 (tolerance 1e-14)" for QVERIFY2.
inline QByteArray mismatch(const char *what, double pos, int column, double got, double expected,
                           double tol)
{
    return QByteArray(what) + '(' + QByteArray::number(pos, 'g', 17) + ", "
           + QByteArray::number(column) + "): got " + QByteArray::number(got, 'g', 17)
           + ", expected " + QByteArray::number(expected, 'g', 17) + " (tolerance "
           + QByteArray::number(tol, 'g', 3) + ')';
}

} // namespace reference

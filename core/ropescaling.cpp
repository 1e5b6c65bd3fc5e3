// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/ropescaling.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>

namespace posenc {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

constexpr std::array<std::pair<RopeMethod, std::string_view>, 7> kMethodIds{{
    {RopeMethod::Default, "default"},
    {RopeMethod::Linear, "linear"},
    {RopeMethod::NtkAware, "ntk"},
    {RopeMethod::DynamicNtk, "dynamic"},
    {RopeMethod::Yarn, "yarn"},
    {RopeMethod::Llama3, "llama3"},
    {RopeMethod::LongRope, "longrope"},
}};

using RangeError = std::optional<RopeRangeError>;

// A real that must exceed `low`: "(low, high]".
RangeError above(std::string_view field, double value, double low, double high)
{
    if (value > low && value <= high)
        return std::nullopt;
    return RopeRangeError{std::string(field), "(" + ropeNumber(low) + ", " + ropeNumber(high) + "]"};
}

RangeError within(std::string_view field, double value, double low, double high)
{
    if (value >= low && value <= high)
        return std::nullopt;
    return RopeRangeError{std::string(field), "[" + ropeNumber(low) + ", " + ropeNumber(high) + "]"};
}

RangeError listError(std::string_view field, const std::vector<double> &list, int pairs)
{
    if (int(list.size()) != pairs)
        return RopeRangeError{std::string(field), "d/2 = " + std::to_string(pairs) + " numbers"};
    for (const double value : list) {
        if (auto error = above(field, value, 0.0, RopeScaling::kMaxFactor))
            return error;
    }
    return std::nullopt;
}

RangeError methodError(const RopeScaling &s)
{
    switch (s.method) {
    case RopeMethod::Yarn:
        // Rotations within L: a millionth of one turn is the least a ramp's end can mean.
        if (auto error = within("beta_fast", s.betaFast, 1e-6, RopeScaling::kMaxFactor))
            return error;
        if (auto error = within("beta_slow", s.betaSlow, 1e-6, RopeScaling::kMaxFactor))
            return error;
        if (auto error = within("mscale", s.mscale.value_or(1.0), -RopeScaling::kMaxFactor, RopeScaling::kMaxFactor))
            return error;
        if (auto error = within("mscale_all_dim", s.mscaleAllDim.value_or(1.0), -RopeScaling::kMaxFactor,
                                RopeScaling::kMaxFactor))
            return error;
        break;
    case RopeMethod::Llama3:
        if (auto error = above("low_freq_factor", s.lowFreqFactor, 0.0, RopeScaling::kMaxFactor))
            return error;
        if (auto error = above("high_freq_factor", s.highFreqFactor, s.lowFreqFactor, RopeScaling::kMaxFactor))
            return error; // above low_freq_factor: the band between them would be empty
        break;
    case RopeMethod::LongRope:
        if (auto error = listError("short_factor", s.shortFactor, s.pairs()))
            return error;
        if (auto error = listError("long_factor", s.longFactor, s.pairs()))
            return error;
        break;
    default:
        break;
    }
    if (s.attentionFactor)
        return above("attention_factor", *s.attentionFactor, 0.0, RopeScaling::kMaxFactor);
    return std::nullopt;
}

// transformers' linear_ramp_factor: (i − low) / (high − low) clamped to [0, 1], with 0.001
// added to `high` when the two ends meet.
double ramp(int i, double low, double high)
{
    if (low == high)
        high += 0.001;
    return std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
}

void applyYarn(const RopeScaling &s, RopeFrequencies &f)
{
    double low = yarnCorrectionDim(s.betaFast, s.dim, s.base, s.originalContext);
    double high = yarnCorrectionDim(s.betaSlow, s.dim, s.base, s.originalContext);
    if (s.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, double(s.dim - 1));
    f.rampLow = low;
    f.rampHigh = high;
    for (int i = 0; i < f.pairs(); ++i) {
        // transformers' inv_freq_extrapolation_factor is 1 − ramp: the share kept as it was.
        const double kept = 1.0 - ramp(i, low, high);
        const double interpolated = f.invFreq[i] / s.factor;
        f.invFreqScaled[i] = interpolated * (1.0 - kept) + f.invFreq[i] * kept;
    }
}

void applyLlama3(const RopeScaling &s, RopeFrequencies &f)
{
    const double lowFreqWavelength = s.originalContext / s.lowFreqFactor;
    const double highFreqWavelength = s.originalContext / s.highFreqFactor;
    for (int i = 0; i < f.pairs(); ++i) {
        const double inv = f.invFreq[i];
        const double wavelength = kTwoPi / inv;
        if (wavelength > lowFreqWavelength) {
            f.invFreqScaled[i] = inv / s.factor;
        } else if (wavelength < highFreqWavelength) {
            f.invFreqScaled[i] = inv;
        } else {
            const double smooth =
                (s.originalContext / wavelength - s.lowFreqFactor) / (s.highFreqFactor - s.lowFreqFactor);
            f.invFreqScaled[i] = (1.0 - smooth) * inv / s.factor + smooth * inv;
        }
    }
}

void divideAll(RopeFrequencies &f, const auto &divisorOf)
{
    for (int i = 0; i < f.pairs(); ++i)
        f.invFreqScaled[i] = f.invFreq[i] / divisorOf(i);
}

// base^(-2i/d) for every pair of `dim`.
std::vector<double> ladder(double base, int dim)
{
    std::vector<double> inv(std::size_t(dim / 2));
    for (int i = 0; i < dim / 2; ++i)
        inv[std::size_t(i)] = 1.0 / std::pow(base, 2.0 * i / dim);
    return inv;
}

} // namespace

std::string_view ropeMethodId(RopeMethod method)
{
    for (const auto &[m, id] : kMethodIds) {
        if (m == method)
            return id;
    }
    return "default";
}

std::optional<RopeMethod> ropeMethodFromId(std::string_view id)
{
    for (const auto &[m, name] : kMethodIds) {
        if (name == id)
            return m;
    }
    return std::nullopt;
}

std::optional<FieldError> RopeScaling::validate() const
{
    if (dim < kMinDim || dim > kMaxDim || dim % 2 != 0)
        return fieldError("dim", "dim must be an even integer in [" + std::to_string(kMinDim) + ", "
                                     + std::to_string(kMaxDim) + "]");
    if (const RangeError error = rangeError())
        return fieldError(error->field, error->field + (error->range.front() == 'd' ? " must hold " : " must be in ")
                                            + error->range);
    return std::nullopt;
}

std::optional<RopeRangeError> RopeScaling::rangeError() const
{
    if (auto error = above("base", base, 1.0, kMaxBase))
        return error;
    if (auto error = above("factor", factor, 0.0, kMaxFactor))
        return error;
    if (auto error = within("original_max_position_embeddings", originalContext, 1.0, kMaxContext))
        return error;
    if (auto error = within("seq_len", seqLen, 0.0, kMaxContext))
        return error;
    return methodError(*this);
}

double RopeFrequencies::wavelength(int i) const
{
    return kTwoPi / invFreq[std::size_t(i)];
}

double RopeFrequencies::wavelengthScaled(int i) const
{
    return kTwoPi / invFreqScaled[std::size_t(i)];
}

bool RopeFrequencies::unseenAngles(int i, double length) const
{
    const double trained = context * invFreq[std::size_t(i)];
    return trained < kTwoPi && length * invFreqScaled[std::size_t(i)] > trained * (1.0 + 1e-12);
}

RopeBands ropeBands(const RopeFrequencies &f, double factor)
{
    RopeBands bands;
    for (int i = 0; i < f.pairs(); ++i) {
        const double d = f.divisor(i);
        if (std::abs(d - 1.0) <= 1e-12)
            ++bands.kept;
        else if (factor != 1.0 && std::abs(d - factor) <= 1e-12 * factor)
            ++bands.divided;
        else
            ++bands.between;
    }
    return bands;
}

std::string ropeNumber(double value)
{
    std::array<char, 32> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return std::string(buffer.data(), result.ptr);
}

double yarnCorrectionDim(double rotations, int dim, double base, double context)
{
    return dim * std::log(context / (rotations * kTwoPi)) / (2.0 * std::log(base));
}

std::optional<RopeBandEdges> ropeBandEdges(const RopeScaling &s)
{
    if (s.method == RopeMethod::Yarn)
        return RopeBandEdges{s.originalContext / s.betaFast, s.originalContext / s.betaSlow};
    if (s.method == RopeMethod::Llama3)
        return RopeBandEdges{s.originalContext / s.highFreqFactor, s.originalContext / s.lowFreqFactor};
    return std::nullopt;
}

double yarnMscale(double factor, double m)
{
    return factor <= 1.0 ? 1.0 : 0.1 * m * std::log(factor) + 1.0;
}

double ropeAttentionFactor(const RopeScaling &s)
{
    if (s.attentionFactor && (s.method == RopeMethod::Yarn || s.method == RopeMethod::LongRope))
        return *s.attentionFactor;
    if (s.method == RopeMethod::Yarn) {
        // transformers tests both for truth: a zero counts as absent.
        if (s.mscale.value_or(0.0) != 0.0 && s.mscaleAllDim.value_or(0.0) != 0.0)
            return yarnMscale(s.factor, *s.mscale) / yarnMscale(s.factor, *s.mscaleAllDim);
        return yarnMscale(s.factor);
    }
    if (s.method == RopeMethod::LongRope)
        return s.factor <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s.factor) / std::log(s.originalContext));
    return 1.0;
}

RopeFrequencies ropeFrequencies(const RopeScaling &s)
{
    RopeFrequencies f;
    f.context = s.originalContext;
    f.invFreq = ladder(s.base, s.dim);
    f.invFreqScaled = f.invFreq;
    f.scaledBase = s.base;
    f.attentionFactor = ropeAttentionFactor(s);
    const double exponent = double(s.dim) / double(s.dim - 2);
    switch (s.method) {
    case RopeMethod::Default:
        break;
    case RopeMethod::Linear:
        divideAll(f, [&](int) { return s.factor; });
        break;
    case RopeMethod::NtkAware:
        f.scaledBase = s.base * std::pow(s.factor, exponent);
        f.invFreqScaled = ladder(f.scaledBase, s.dim);
        break;
    case RopeMethod::DynamicNtk: {
        const double length = std::max(s.seqLen, s.originalContext);
        f.dynamicAlpha = s.factor * length / s.originalContext - (s.factor - 1.0);
        f.scaledBase = s.base * std::pow(f.dynamicAlpha, exponent);
        f.invFreqScaled = ladder(f.scaledBase, s.dim);
        break;
    }
    case RopeMethod::Yarn:
        applyYarn(s, f);
        break;
    case RopeMethod::Llama3:
        applyLlama3(s, f);
        break;
    case RopeMethod::LongRope: {
        f.longFactors = s.seqLen > s.originalContext;
        const std::vector<double> &divisors = f.longFactors ? s.longFactor : s.shortFactor;
        if (int(divisors.size()) == f.pairs())
            divideAll(f, [&](int i) { return divisors[std::size_t(i)]; });
        break;
    }
    }
    return f;
}

} // namespace posenc

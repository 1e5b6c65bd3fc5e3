// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/fielderror.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc {

// How a RoPE model is stretched past the length it was trained on. Every method keeps RoPE's
// ladder inv_freq_i = base^(-2i/d) (i = 0 … d/2 − 1, d the rotary head dimension, pair 0 the
// fastest) and divides each pair's frequency by its own divisor κ_i, and may multiply cos and
// sin by one attention factor (so the attention logits by its square). The formulas are those
// of the reference code, as transformers' modeling_rope_utils computes them (the research
// notes in docs/context-extension.md give each rule and its source):
//   Default    κ_i = 1
//   Linear     κ_i = s                                   (Position Interpolation)
//   NtkAware   base' = base · s^(d/(d−2))                (static "NTK-aware"; the last pair gets s)
//   DynamicNtk base' = base · (s·l/L − (s − 1))^(d/(d−2)), l = max(seq_len, L)
//   Yarn       a ramp over the pair index between floor(i(β_fast)) and ceil(i(β_slow)), where
//              i(r) = d·ln(L/(2π r)) / (2 ln base); pairs below the ramp keep their frequency,
//              pairs above it are divided by s; attention factor 0.1·ln s + 1 by default
//   Llama3     wavelengths under L/high_freq_factor kept, over L/low_freq_factor divided by s,
//              between them a blend of the two frequencies linear in L/λ
//   LongRope   κ_i = long_factor[i] when seq_len > L, else short_factor[i]; attention factor
//              sqrt(1 + ln s / ln L) by default
enum class RopeMethod { Default, Linear, NtkAware, DynamicNtk, Yarn, Llama3, LongRope };

// transformers' rope_type of a method ("default", "linear", "ntk" for NtkAware, "dynamic",
// "yarn", "llama3", "longrope"), and back.
std::string_view ropeMethodId(RopeMethod method);
std::optional<RopeMethod> ropeMethodFromId(std::string_view id);

// A field out of its range: its name and the range alone, "(0, 1e+06]", "[1, 1e+12]", or for a
// list "d/2 = 64 numbers" (for messages that word the rest themselves).
struct RopeRangeError {
    std::string field;
    std::string range;
};

struct RopeScaling {
    static constexpr int kMinDim = 4;
    static constexpr int kMaxDim = 4096;
    static constexpr double kMaxBase = 1e12;
    static constexpr double kMaxFactor = 1e6;
    static constexpr double kMaxContext = 1e12; // positions: L and the sequence length

    RopeMethod method = RopeMethod::Default;
    int dim = 128;                 // d, the rotary dimension: even
    double base = 10000.0;
    double factor = 1.0;           // s
    double originalContext = 4096; // L: the length trained on (DynamicNtk: max_position_embeddings)
    double seqLen = 0;             // l, the current sequence length (DynamicNtk, LongRope); 0: none
    // Yarn: the ramp's ends in rotations within L, whether their pair indices are rounded
    // outwards, the attention factor's parts (explicit, else mscale / mscale_all_dim when both
    // are non-zero, else 0.1·ln s + 1).
    double betaFast = 32.0;
    double betaSlow = 1.0;
    bool truncate = true;
    std::optional<double> attentionFactor; // Yarn and LongRope: given explicitly
    std::optional<double> mscale;
    std::optional<double> mscaleAllDim;
    // Llama3: the band edges as divisors of L.
    double lowFreqFactor = 1.0;
    double highFreqFactor = 4.0;
    // LongRope: d/2 divisors each.
    std::vector<double> shortFactor;
    std::vector<double> longFactor;

    int pairs() const { return dim / 2; }
    // The first field out of range, its message naming the valid range.
    std::optional<FieldError> validate() const;
    // The same for a valid dim: the first field out of its range.
    std::optional<RopeRangeError> rangeError() const;
};

// What a method makes of the ladder. Pair i's numbers are the functions below.
struct RopeFrequencies {
    std::vector<double> invFreq;       // base^(-2i/d)
    std::vector<double> invFreqScaled; // after the method
    double attentionFactor = 1.0;      // multiplies cos and sin: the logits by its square
    double scaledBase = 0;             // NtkAware, DynamicNtk: the base used; else the base
    double dynamicAlpha = 1.0;         // DynamicNtk: s·l/L − (s − 1), the NTK factor it applies
    double rampLow = 0, rampHigh = 0;  // Yarn: the ramp's ends in pair indices, as used
    bool longFactors = false;          // LongRope: the long list chosen
    double context = 0;                // L

    int pairs() const { return int(invFreq.size()); }
    double divisor(int i) const { return invFreq[i] / invFreqScaled[i]; }
    double wavelength(int i) const;        // 2π / inv_freq
    double wavelengthScaled(int i) const;  // 2π / inv_freq_scaled
    double rotationsInContext(int i) const { return context / wavelength(i); } // L / λ_i
    // Whether pair i turns, within `length` positions, through angles it never reached in
    // training: it made less than one turn within L (so it saw only angles up to L·inv_freq),
    // and length·inv_freq_scaled goes beyond that.
    bool unseenAngles(int i, double length) const;
};

// How many pairs a method keeps (divisor 1), divides by the whole s, and changes by less.
struct RopeBands {
    int kept = 0;
    int divided = 0;
    int between = 0;
};
RopeBands ropeBands(const RopeFrequencies &f, double factor);

// The wavelengths at which a banded method's bands meet: a pair whose wavelength is below
// `kept` keeps its frequency, one above `divided` is divided by the whole s. YaRN: L/β_fast and
// L/β_slow (before its ramp's ends are rounded to pairs); Llama 3.1: L/high_freq_factor and
// L/low_freq_factor. Nothing for the methods without bands.
struct RopeBandEdges {
    double kept = 0;
    double divided = 0;
};
std::optional<RopeBandEdges> ropeBandEdges(const RopeScaling &scaling);

// The frequencies of a valid `scaling` (validate() first: an invalid one gives NaNs, never UB).
RopeFrequencies ropeFrequencies(const RopeScaling &scaling);

// YaRN's pair index at which a pair makes `rotations` turns within L (before rounding):
// d·ln(L/(2π·rotations)) / (2·ln base).
double yarnCorrectionDim(double rotations, int dim, double base, double context);

// YaRN's attention factor for s, 0.1·m·ln s + 1 (1 when s ≤ 1).
double yarnMscale(double factor, double m = 1.0);

// The shortest text that reads back as `value` ("4096", "0.5", "1e+06"): the numbers of
// RoPE messages and findings.
std::string ropeNumber(double value);

// The method's attention factor, as ropeFrequencies computes it.
double ropeAttentionFactor(const RopeScaling &scaling);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a RoPE method's frequencies do to a model, beyond the frequencies themselves: the turns
// each pair makes within a length, RoFormer's long-term decay bound, the attention factor as the
// stretch grows, and the angle error of keys a dynamic method cached at older frequencies.

#include "core/ropescaling.h"

#include <vector>

namespace posenc {

// n numbers from `from` to `to` (both > 0) evenly spaced in log: from, ..., to.
std::vector<double> logSpaced(double from, double to, int n);

// Pair by pair, the turns `invFreq` makes within `length` positions: length · inv_freq / 2π.
std::vector<double> ropeTurns(const std::vector<double> &invFreq, double length);

// RoFormer's bound on how far the attention of a query and a key r positions apart can reach
// (Su et al. 2021, section 3.4.3): (1/(d/2)) · Σ_{j=1}^{d/2} |S_j(r)|, S_j(r) = Σ_{k<j} e^{i r θ_k},
// at each distance r of `distances`, for the frequencies θ_k of `invFreq`.
std::vector<double> ropeDecayBound(const std::vector<double> &invFreq, const std::vector<double> &distances);

// The method's attention factor (ropeAttentionFactor) with its stretch set to each of `factors`.
std::vector<double> ropeAttentionFactors(RopeScaling scaling, const std::vector<double> &factors);

// Keys cached at older frequencies. A dynamic method (dynamic NTK, LongRoPE's switch at L)
// computes its frequencies from the sequence length; a key generated at position p, when the
// sequence held p + 1 positions, was turned by p · θ(p + 1) and is read at length l by queries
// turned at θ(l). Pair by pair, the largest |p · (θ_i(l) − θ_i(p + 1))| over the positions p < l
// (sampled: every position up to 128, then 256 log-spaced ones, and L − 1 and L), in radians and
// not wrapped. All zeros for a method whose frequencies do not depend on the length. `scaling`
// must be valid; l is its seqLen (at least 2).
std::vector<double> ropeCachedKeyError(const RopeScaling &scaling);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/ropeanalysis.h"

#include "core/parallel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace posenc {

std::vector<double> logSpaced(double from, double to, int n)
{
    std::vector<double> out(std::size_t(std::max(n, 0)));
    if (n == 1)
        out[0] = from;
    const double a = std::log(from), b = std::log(to);
    for (int k = 0; n > 1 && k < n; ++k)
        out[std::size_t(k)] = std::exp(a + (b - a) * k / (n - 1));
    if (n > 1) {
        out.front() = from;
        out.back() = to;
    }
    return out;
}

std::vector<double> ropeTurns(const std::vector<double> &invFreq, double length)
{
    std::vector<double> out(invFreq.size());
    for (std::size_t i = 0; i < invFreq.size(); ++i)
        out[i] = length * invFreq[i] / (2 * std::numbers::pi);
    return out;
}

namespace {

// x − 2πk in [−π, π], by Cody and Waite's two-part 2π: as exact as x itself, which at 1e12
// radians already carries its own rounding of 1e-4. sin and cos of so large an x take glibc's
// slow exact reduction, four times the cost of this.
double reducedAngle(double x)
{
    constexpr double kTwoPiHigh = 6.283185307179586232;     // the double nearest 2π
    constexpr double kTwoPiLow = 2.4492935982947064e-16;    // 2π − kTwoPiHigh
    const double k = std::nearbyint(x * (1 / (2 * std::numbers::pi)));
    return std::fma(-k, kTwoPiHigh, x) - k * kTwoPiLow;
}

} // namespace

std::vector<double> ropeDecayBound(const std::vector<double> &invFreq, const std::vector<double> &distances)
{
    std::vector<double> out(distances.size(), 0.0);
    if (invFreq.empty())
        return out;
    const double half = double(invFreq.size());
    // Distances are independent: split over the cores (same results as a serial loop).
    parallelFor(std::int64_t(distances.size()), 8, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t n = begin; n < end; ++n) {
            double re = 0, im = 0, sum = 0; // S_j, growing by one term a pair, and Σ_j |S_j|
            for (double theta : invFreq) {
                const double angle = reducedAngle(distances[std::size_t(n)] * theta);
                re += std::cos(angle);
                im += std::sin(angle);
                sum += std::sqrt(re * re + im * im);
            }
            out[std::size_t(n)] = sum / half;
        }
    });
    return out;
}

std::vector<double> ropeAttentionFactors(RopeScaling scaling, const std::vector<double> &factors)
{
    std::vector<double> out;
    out.reserve(factors.size());
    for (double s : factors) {
        scaling.factor = s;
        out.push_back(ropeAttentionFactor(scaling));
    }
    return out;
}

std::vector<double> ropeCachedKeyError(const RopeScaling &scaling)
{
    const std::size_t pairs = std::size_t(scaling.pairs());
    std::vector<double> error(pairs, 0.0);
    const double l = scaling.seqLen;
    if (!(l >= 2) || (scaling.method != RopeMethod::DynamicNtk && scaling.method != RopeMethod::LongRope))
        return error;
    const std::vector<double> now = ropeFrequencies(scaling).invFreqScaled;
    std::vector<double> positions;
    for (double p = 0; p < std::min(l, 129.0); ++p)
        positions.push_back(p);
    if (l - 1 > 128) {
        for (double p : logSpaced(128, l - 1, 256))
            positions.push_back(std::floor(p));
    }
    for (double p : {scaling.originalContext - 1, scaling.originalContext}) {
        if (p >= 0 && p < l)
            positions.push_back(p);
    }
    RopeScaling then = scaling;
    for (double p : positions) {
        then.seqLen = p + 1;
        const std::vector<double> cached = ropeFrequencies(then).invFreqScaled;
        for (std::size_t i = 0; i < pairs; ++i)
            error[i] = std::max(error[i], std::abs(p * (now[i] - cached[i])));
    }
    return error;
}

} // namespace posenc

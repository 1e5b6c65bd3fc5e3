// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"

#include "core/channels.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

double frequency(const EncodingParams &params, int pair)
{
    if (params.frequencies == FrequencyConvention::Tensor2Tensor) {
        // tensor2tensor's get_timing_signal_1d writes exp(-i ln(base) / max(n-1, 1)); the same
        // number as a power, so that the last frequency is 1/base to the last bit, which the
        // exp/log round trip misses by up to 4 ulp at base 1e12.
        const int denominator = std::max(frequencyCount(params) - 1, 1);
        return std::pow(params.base, -double(pair) / denominator);
    }
    return std::pow(params.base, -2.0 * pair / params.dModel);
}

Eigen::VectorXd frequencies(const EncodingParams &params)
{
    Eigen::VectorXd w(frequencyCount(params));
    for (Eigen::Index i = 0; i < w.size(); ++i)
        w[i] = frequency(params, static_cast<int>(i));
    return w;
}

Eigen::VectorXd wavelengths(const EncodingParams &params)
{
    return (2.0 * std::numbers::pi) * frequencies(params).cwiseInverse();
}

} // namespace posenc

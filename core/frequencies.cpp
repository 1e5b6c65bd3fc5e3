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
        // tensor2tensor's get_timing_signal_1d guards the denominator with max(n-1, 1).
        const int denominator = std::max(frequencyCount(params) - 1, 1);
        return std::exp(-pair * std::log(params.base) / denominator);
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

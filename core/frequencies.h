// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <Eigen/Core>

namespace posenc {

// The frequency w_i of pair i under the chosen convention (see FrequencyConvention).
double frequency(const EncodingParams &params, int pair);

// The ladder w_0 = 1 > w_1 > ... > w_{n-1}, n = frequencyCount(params).
Eigen::VectorXd frequencies(const EncodingParams &params);

// The wavelengths 2*pi / w_i in positions: a geometric ladder from 2*pi towards 2*pi*base.
Eigen::VectorXd wavelengths(const EncodingParams &params);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <Eigen/Core>

namespace posenc {

// The clock picture of the encoding: pair i at position pos is a hand of length |scale| at
// angle pos · w_i, drawn at (x, y) = (PE(pos, sin_i), PE(pos, cos_i)) = scale (sin, cos), so
// that angle 0 points to 12 o'clock and the hand turns clockwise as pos grows, each pair at
// its own speed w_i. M_k turns every hand by k · w_i.
struct ClockHands {
    Eigen::VectorXd angle; // pos · w_i, unreduced (radians)
    Eigen::VectorXd x;     // scale · sin(angle)
    Eigen::VectorXd y;     // scale · cos(angle)
};
// For the complete pairs only (pairCount(params) hands).
ClockHands clockHands(const EncodingParams &params, double pos);

} // namespace posenc

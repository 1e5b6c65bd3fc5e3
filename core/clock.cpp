// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/clock.h"

#include "core/channels.h"
#include "core/frequencies.h"

#include <cmath>

namespace posenc {

ClockHands clockHands(const EncodingParams &params, double pos)
{
    const int n = pairCount(params);
    ClockHands hands{Eigen::VectorXd(n), Eigen::VectorXd(n), Eigen::VectorXd(n)};
    for (int i = 0; i < n; ++i) {
        const double angle = pos * frequency(params, i);
        hands.angle[i] = angle;
        hands.x[i] = params.scale * std::sin(angle);
        hands.y[i] = params.scale * std::cos(angle);
    }
    return hands;
}

} // namespace posenc

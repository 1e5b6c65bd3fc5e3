// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/clock.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "core/frequencies.h"

#include <cmath>

namespace posenc {

ClockHands clockHands(const EncodingParams &params, double pos)
{
    const int n = pairCount(params);
    ClockHands hands{Eigen::VectorXd(n), Eigen::VectorXd(n), Eigen::VectorXd(n)};
    for (int i = 0; i < n; ++i) {
        hands.angle[i] = pos * frequency(params, i);
        // The very numbers of the encoding's columns (the engine's sin/cos of pos · w_i).
        const PairValue v = pairValue(params, pos, i);
        hands.x[i] = v.sin;
        hands.y[i] = v.cos;
    }
    return hands;
}

} // namespace posenc

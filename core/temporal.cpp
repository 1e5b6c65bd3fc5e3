// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/temporal.h"

#include <cmath>
#include <numbers>

namespace posenc {

std::optional<std::string> TemporalParams::validate() const
{
    if (periods.empty() || periods.size() > size_t(kMaxPeriods))
        return "periods: give between 1 and " + std::to_string(kMaxPeriods) + " periods";
    for (double period : periods) {
        if (!(period > 0) || !(period <= kMaxPeriod))
            return "periods: each period must be a finite number in (0, 1e9]";
    }
    if (steps < 1 || steps > kMaxSteps)
        return "steps must be an integer in [1, " + std::to_string(kMaxSteps) + "]";
    return std::nullopt;
}

RowMatrixXd temporalEncoding(const TemporalParams &params)
{
    return temporalEncoding(params, Eigen::VectorXd::LinSpaced(params.steps, 0, params.steps - 1));
}

RowMatrixXd temporalEncoding(const TemporalParams &params, const Eigen::VectorXd &steps)
{
    RowMatrixXd encoding(steps.size(), 2 * Eigen::Index(params.periods.size()));
    for (Eigen::Index r = 0; r < steps.size(); ++r)
        encoding.row(r) = temporalEncodingAt(params, steps[r]).transpose();
    return encoding;
}

Eigen::VectorXd temporalEncodingAt(const TemporalParams &params, double step)
{
    Eigen::VectorXd row(2 * Eigen::Index(params.periods.size()));
    for (size_t j = 0; j < params.periods.size(); ++j) {
        const double angle = 2.0 * std::numbers::pi * step / params.periods[j];
        row[2 * Eigen::Index(j)] = std::sin(angle);
        row[2 * Eigen::Index(j) + 1] = std::cos(angle);
    }
    return row;
}

double temporalPhase(double step, double period)
{
    double turns = step / period - std::floor(step / period);
    // A tiny negative step (−1e-15) leaves 1 − 1e-15, which rounds to exactly 1 turn: that
    // is the start of the circle, not its end.
    if (turns >= 1.0)
        turns = 0.0;
    const double angle = 2.0 * std::numbers::pi * turns;
    return angle < 2.0 * std::numbers::pi ? angle : 0.0;
}

} // namespace posenc

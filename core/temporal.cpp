// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/temporal.h"

#include <algorithm>
#include <cmath>
#include <limits>
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

TemporalEnvelope temporalEnvelope(const TemporalParams &params, int runs)
{
    const int steps = params.steps;
    runs = std::clamp(runs, 1, std::max(steps, 1));
    const Eigen::Index periods = Eigen::Index(params.periods.size());
    TemporalEnvelope envelope;
    envelope.lows = RowMatrixXd::Constant(runs, 2 * periods, std::numeric_limits<double>::infinity());
    envelope.highs = RowMatrixXd::Constant(runs, 2 * periods, -std::numeric_limits<double>::infinity());
    envelope.keys.resize(std::size_t(runs));
    for (int run = 0; run < runs; ++run) {
        const long long from = 1LL * steps * run / runs;
        const long long to = 1LL * steps * (run + 1) / runs; // exclusive
        envelope.keys[std::size_t(run)] = 0.5 * double(from + to - 1);
    }
    Eigen::VectorXd w(periods);
    for (Eigen::Index j = 0; j < periods; ++j)
        w[j] = 2.0 * std::numbers::pi / params.periods[std::size_t(j)];
    int run = 0;
    long long runEnd = 1LL * steps / runs;
    forEachSinCosRow(w, 0.0, 1.0, steps, [&](int t, const double *row) {
        while (t >= runEnd) {
            ++run;
            runEnd = 1LL * steps * (run + 1) / runs;
        }
        for (Eigen::Index j = 0; j < periods; ++j) {
            for (const Eigen::Index column : {2 * j, 2 * j + 1}) {
                const double value = row[column == 2 * j ? j : periods + j];
                double &low = envelope.lows(run, column);
                double &high = envelope.highs(run, column);
                low = std::min(low, value);
                high = std::max(high, value);
            }
        }
    });
    return envelope;
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

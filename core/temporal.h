// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <optional>
#include <string>
#include <vector>

namespace posenc {

// Periodic encodings of time steps for forecasting (the seed's temporal_position_encoding):
// for each period P, the pair sin(2π t / P), cos(2π t / P), so that step t and step t + P
// get the same pair: 24 for the hour of the day, 168 for the hour of the week.
struct TemporalParams {
    static constexpr int kMaxPeriods = 16;
    static constexpr double kMaxPeriod = 1e9;
    static constexpr int kMaxSteps = 1 << 20;

    std::vector<double> periods{24.0, 168.0};
    int steps = 336; // two weeks of hours

    // The first problem, as one English line naming the field and its range, or nothing.
    std::optional<std::string> validate() const;

    bool operator==(const TemporalParams &) const = default;
};

// [steps, 2 * periods]: columns 2j and 2j+1 are sin and cos of 2π t / periods[j].
// (The seed allocates sum(periods) * 2 columns but fills only two per period; this is the
// array it meant.)
RowMatrixXd temporalEncoding(const TemporalParams &params);

// The same at chosen (real) steps only: [steps.size(), 2 * periods]. Views of a million steps
// take every s-th one.
RowMatrixXd temporalEncoding(const TemporalParams &params, const Eigen::VectorXd &steps);

// The row of one step t, any real t: [sin(2π t / P_j), cos(2π t / P_j)] for each period.
Eigen::VectorXd temporalEncodingAt(const TemporalParams &params, double step);

// Every step 0 .. steps - 1 cut into `runs` equal runs (about one per pixel column of a plot),
// and for each run and column the smallest and largest value the column takes over the run's
// steps; keys are the runs' middle steps. What a plot of a long series can show: sampling
// every s-th step instead would alias (period 24 sampled every 512 steps draws a period of 3
// samples that is not there). Values by the engine's method (forEachSinCosRow): a few ns per
// step and column, within a few 1e-16 times the angle 2πt/P of temporalEncoding's values.
struct TemporalEnvelope {
    std::vector<double> keys;
    RowMatrixXd lows;  // [runs, 2 * periods]
    RowMatrixXd highs; // [runs, 2 * periods]
};
TemporalEnvelope temporalEnvelope(const TemporalParams &params, int runs);

// Where step t lands on the circle of period P: the angle 2π t / P reduced to [0, 2π).
double temporalPhase(double step, double period);

} // namespace posenc

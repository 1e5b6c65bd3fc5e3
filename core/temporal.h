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
    // Periods below kMinPeriod would overflow 2π t / P to infinity (and sin to NaN) before
    // the last step (kMaxSteps): at 1e-306 most of the encoding was NaN. 1e-9 keeps every
    // angle below 1e16, finite, and reads as the mirror of kMaxPeriod.
    static constexpr double kMinPeriod = 1e-9;
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

// The same at chosen (real) steps only: [steps.size(), 2 * periods].
RowMatrixXd temporalEncoding(const TemporalParams &params, const Eigen::VectorXd &steps);

// Rows [first, first + count) of temporalEncoding(params) (steps first .. first + count - 1),
// row-major into out (count * 2 * periods values), with its bits: for writing it a block of
// rows at a time (2^20 steps are 128 MiB at 8 periods).
void temporalEncodingRowsInto(const TemporalParams &params, long long first, long long count, double *out);

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

// How aliasing is handled in a colour map of more steps than it has rows: each row is the
// mean of a box of consecutive steps (a box filter), never one step of every s: period 24
// sampled every 1024th step draws stripes of an alias period that is not in the data, while
// its mean over 1024 steps is honestly near 0. The mean has a closed form (the Dirichlet
// kernel), so a box costs one sin and one cos per column, whatever its length: for the n
// steps t0 .. t0 + n - 1, with w = 2π / P and the middle c = t0 + (n - 1) / 2,
//     mean sin(w t) = D_n(w) sin(w c),   mean cos(w t) = D_n(w) cos(w c),
//     D_n(w) = sin(n w / 2) / (n sin(w / 2)).
// Unlike the encoding's frequencies, w can be a multiple of 2π (P = 1, 0.5, 1/3, ...), where
// sin(w / 2) = 0: there every step has the same value and D_n(w) is its limit ±1. The values
// are computed with w reduced by that multiple (the steps are integers, so nothing changes),
// which keeps sin(w / 2) away from 0 except where it is exactly the limit.

// D_n(2π / P): the mean of sin(2π t / P) over n consecutive integer steps divided by its value
// at their middle c (the same for cos); 1 for n = 1, the limit where sin(π / P) = 0.
double temporalBoxAttenuation(int n, double period);

// The mean of each column of temporalEncoding over the `count` steps first .. first + count
// - 1: [2 * periods], sin of period j at 2j and cos at 2j + 1. With count 1, the row of step
// `first` (within a few 1e-16 times the angle).
Eigen::VectorXd temporalBoxMean(const TemporalParams &params, long long first, int count);

// Every step 0 .. steps - 1 in boxes of `stepsPerBox` consecutive steps (the last box shorter
// when stepsPerBox does not divide steps): row b is the mean of each column over its box,
// [ceil(steps / stepsPerBox), 2 * periods].
RowMatrixXd temporalBoxMeans(const TemporalParams &params, int stepsPerBox);
// Boxes firstBox .. firstBox + boxCount - 1 of those only (a view of part of the steps; boxes
// at whole multiples of their size, so that panning shows the same boxes): [boxCount, 2 *
// periods]. Boxes past the last step are not asked for.
RowMatrixXd temporalBoxMeans(const TemporalParams &params, int stepsPerBox, int firstBox, int boxCount);

} // namespace posenc

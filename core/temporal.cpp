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
        if (!(period >= kMinPeriod) || !(period <= kMaxPeriod))
            return "periods: each period must be a number in [1e-9, 1e9]";
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

namespace {

// The row of step t into row[0 .. 2 * periods): one expression for temporalEncodingAt and the
// row blocks, so that both have the same bits.
void temporalRowInto(const TemporalParams &params, double step, double *row)
{
    for (size_t j = 0; j < params.periods.size(); ++j) {
        const double angle = 2.0 * std::numbers::pi * step / params.periods[j];
        row[2 * j] = std::sin(angle);
        row[2 * j + 1] = std::cos(angle);
    }
}

} // namespace

Eigen::VectorXd temporalEncodingAt(const TemporalParams &params, double step)
{
    Eigen::VectorXd row(2 * Eigen::Index(params.periods.size()));
    temporalRowInto(params, step, row.data());
    return row;
}

void temporalEncodingRowsInto(const TemporalParams &params, long long first, long long count, double *out)
{
    // temporalEncoding's steps are LinSpaced(steps, 0, steps - 1): exactly 0, 1, 2, ...
    const std::size_t width = 2 * params.periods.size();
    for (long long r = 0; r < count; ++r, out += width)
        temporalRowInto(params, double(first + r), out);
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

namespace {

// The frequency of period P in turns per step, less the whole number of turns m nearest to it:
// f' = 1 / P - m in [-1/2, 1/2]. At integer steps t, 2π f' t and 2π t / P differ by 2π m t, a
// whole number of turns, so f' gives the same sines and cosines; and sin(π f'), the
// denominator of D_n, is 0 only where f' is exactly 0 (P = 1, 1/2, 1/3, ...).
struct ReducedFrequency {
    double turns = 0; // f'
    double whole = 0; // m
};

ReducedFrequency reduce(double period)
{
    const double f = 1.0 / period;
    const double m = std::round(f);
    return {f - m, m};
}

// D_n(2π f'), with its limit 1 at f' = 0 (every step of a box has the same value).
double reducedAttenuation(int n, double turns)
{
    if (n <= 1 || turns == 0)
        return 1.0;
    const double half = std::numbers::pi * turns; // |half| <= π/2: sin(half) is 0 only at 0
    return std::sin(n * half) / (n * std::sin(half));
}

} // namespace

double temporalBoxAttenuation(int n, double period)
{
    // D_n(w) for w = 2π f' + 2π m is (-1)^((n - 1) m) D_n(2π f'): sin(n w / 2) and sin(w / 2)
    // change sign with n m and with m turns of π.
    const ReducedFrequency f = reduce(period);
    const bool flip = n % 2 == 0 && std::fmod(f.whole, 2.0) != 0;
    const double d = reducedAttenuation(n, f.turns);
    return flip ? -d : d;
}

Eigen::VectorXd temporalBoxMean(const TemporalParams &params, long long first, int count)
{
    const Eigen::Index periods = Eigen::Index(params.periods.size());
    Eigen::VectorXd mean(2 * periods);
    const double middle = double(first) + 0.5 * double(count - 1);
    for (Eigen::Index j = 0; j < periods; ++j) {
        const ReducedFrequency f = reduce(params.periods[size_t(j)]);
        const double d = reducedAttenuation(count, f.turns);
        const double angle = 2.0 * std::numbers::pi * f.turns * middle;
        mean[2 * j] = d * std::sin(angle);
        mean[2 * j + 1] = d * std::cos(angle);
    }
    return mean;
}

RowMatrixXd temporalBoxMeans(const TemporalParams &params, int stepsPerBox)
{
    stepsPerBox = std::max(stepsPerBox, 1);
    return temporalBoxMeans(params, stepsPerBox, 0, (params.steps + stepsPerBox - 1) / stepsPerBox);
}

RowMatrixXd temporalBoxMeans(const TemporalParams &params, int stepsPerBox, int firstBox, int boxCount)
{
    stepsPerBox = std::max(stepsPerBox, 1);
    boxCount = std::max(boxCount, 0);
    const int steps = params.steps;
    RowMatrixXd means(boxCount, 2 * Eigen::Index(params.periods.size()));
    for (int b = 0; b < boxCount; ++b) {
        const long long first = 1LL * (firstBox + b) * stepsPerBox;
        const int count = int(std::clamp<long long>(steps - first, 1, stepsPerBox)); // the last may be shorter
        means.row(b) = temporalBoxMean(params, first, count).transpose();
    }
    return means;
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

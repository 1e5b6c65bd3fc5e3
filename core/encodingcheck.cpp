// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encodingcheck.h"

#include "core/sinusoidfit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <utility>

// How the check reads a matrix (issue 14), in the [positions x dimensions] orientation:
//
//  1. Orientation: the axis along which the columns are sinusoids of the row index is the
//     position axis. Pairs of columns that stay on a circle (x_a^2 + x_b^2 = A^2) are the
//     strongest evidence; both orientations are scored and the better kept.
//  2. Layout: which columns pair up (interleaved (2k, 2k+1), split (k, k + d/2), or split with
//     the sin half one longer), scored by how many pairs are circles.
//  3. Frequencies from the data: a circle pair's angle atan2(sin, cos) is a straight line in
//     the row index, theta_k r + alpha_k, unwrapped and fitted by least squares; a column that
//     pairs with nothing is fitted alone (core/sinusoidfit.h). Every family of conventions.md
//     has w_0 = 1, so the fastest channel's theta_0 is the position step; a geometric ladder
//     log theta_k = a + b k gives the base (paper: b = -2 ln(base)/d; tensor2tensor:
//     b = -ln(base)/(h-1)) and resolves channels that turn by more than pi per row (aliased).
//  4. Start: alpha_k = theta_k t (mod 2 pi) for all k with t = start / step: unwrapped from
//     the slowest channel to the fastest, as in multi-frequency phase unwrapping.
//  5. The canonical conventions at the expected base are rebuilt and compared cell by cell
//     with a tolerance from the file's precision; when none fits, the fitted numbers name the
//     bug (doubled exponent, wrong d, ...) and the mismatching columns are listed.

namespace posenc {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kMaxFitRows = 4096;   // a contiguous block of rows fitted: slopes to 1e-12
constexpr int kMaxLoneRows = 512;   // rows for a column fitted alone (Gauss-Newton is costlier)
constexpr int kShapeSamples = 512;  // rows sampled to tell the shape of a pair
constexpr double kUnaliased = 2.5;  // per-row rates below this are taken as they are observed

std::string fmt(double v)
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return buffer;
}

std::string columnsText(const std::vector<int> &columns)
{
    std::string s;
    const std::size_t shown = std::min<std::size_t>(columns.size(), 8);
    for (std::size_t i = 0; i < shown; ++i)
        s += (i ? ", " : "") + std::to_string(columns[i]);
    if (columns.size() > shown)
        s += ", ... (" + std::to_string(columns.size()) + " columns)";
    return s;
}

// Half the spacing of a precision's numbers at 1: the relative rounding of one value.
double unitRoundoff(std::optional<Precision> computed, StoredType stored)
{
    if (computed) {
        switch (*computed) {
        case Precision::Float32:
            return 0x1p-24;
        case Precision::Float16:
            return 0x1p-11;
        case Precision::BFloat16:
            return 0x1p-8;
        }
    }
    switch (stored) {
    case StoredType::Float16:
        return 0x1p-11;
    case StoredType::BFloat16:
        return 0x1p-8;
    case StoredType::Float32:
        return 0x1p-24;
    case StoredType::Float64:
    case StoredType::Text:
        break;
    }
    return 0x1p-53;
}

// ---------------------------------------------------------------------------------------
// Layout candidates

enum class Pairing { Interleaved, Split, SplitCeil, None };

std::vector<std::pair<int, int>> pairsOf(Pairing pairing, int m)
{
    std::vector<std::pair<int, int>> pairs;
    const int h = m / 2;
    for (int k = 0; k < h && pairing != Pairing::None; ++k) {
        switch (pairing) {
        case Pairing::Interleaved:
            pairs.emplace_back(2 * k, 2 * k + 1);
            break;
        case Pairing::Split:
            pairs.emplace_back(k, k + h);
            break;
        case Pairing::SplitCeil:
            pairs.emplace_back(k, k + (m + 1) / 2);
            break;
        case Pairing::None:
            break;
        }
    }
    return pairs;
}

// The column left without a partner by an odd d_model: it comes after the pairs' channels.
int loneColumnOf(Pairing pairing, int m)
{
    if (m % 2 == 0 || pairing == Pairing::None)
        return -1;
    return pairing == Pairing::SplitCeil ? m / 2 : m - 1;
}

enum class PairShape { Circle, Identical, CosOfSin, Other };

// What a pair of columns is, tested on up to kShapeSamples rows: a circle of radius A (a true
// sin/cos pair), the same column twice (sin written twice), b = A cos(a / A) (cos of sin).
// weight says how much the verdict tells: a pair that hardly moves over the rows (a slow
// channel of a short matrix) is a circle and a copy of anything slow alike.
struct PairVerdict {
    PairShape shape = PairShape::Other;
    double weight = 0;
};

PairVerdict shapeOf(const Eigen::MatrixXd &y, int a, int b, double amplitude, double circleTolerance)
{
    const Eigen::Index n = y.rows();
    const Eigen::Index stride = std::max<Eigen::Index>(1, n / kShapeSamples);
    bool circle = true, identical = true, cosOfSin = true;
    for (Eigen::Index r = 0; r < n; r += stride) {
        const double xa = y(r, a), xb = y(r, b);
        circle = circle && std::abs(std::hypot(xa, xb) - amplitude) <= circleTolerance * amplitude;
        identical = identical && std::abs(xa - xb) <= 1e-3 * amplitude;
        cosOfSin = cosOfSin && std::abs(xb - amplitude * std::cos(xa / amplitude)) <= 1e-3 * amplitude;
    }
    const double spreadA = y.col(a).maxCoeff() - y.col(a).minCoeff();
    const double spreadB = y.col(b).maxCoeff() - y.col(b).minCoeff();
    PairVerdict verdict;
    verdict.weight = (spreadA + spreadB) / amplitude;
    if (circle)
        verdict.shape = PairShape::Circle;
    else if (identical && spreadA > 1e-9 * amplitude)
        verdict.shape = PairShape::Identical;
    else if (cosOfSin && spreadA > 1e-9 * amplitude)
        verdict.shape = PairShape::CosOfSin;
    return verdict;
}

struct PairingScore {
    Pairing pairing = Pairing::None;
    double score = 0;
    std::vector<PairVerdict> verdicts;
};

PairingScore scorePairing(const Eigen::MatrixXd &y, Pairing pairing, double amplitude, double circleTolerance)
{
    PairingScore result;
    result.pairing = pairing;
    for (const auto &[a, b] : pairsOf(pairing, int(y.cols()))) {
        const PairVerdict v = shapeOf(y, a, b, amplitude, circleTolerance);
        result.verdicts.push_back(v);
        if (v.shape != PairShape::Other)
            result.score += 0.05 + v.weight;
    }
    return result;
}

PairingScore bestPairing(const Eigen::MatrixXd &y, double amplitude, double circleTolerance)
{
    const int m = int(y.cols());
    PairingScore best;
    for (Pairing p : {Pairing::Interleaved, Pairing::Split, Pairing::SplitCeil}) {
        if (p == Pairing::SplitCeil && m % 2 == 0)
            continue;
        if (m < 2)
            break;
        PairingScore s = scorePairing(y, p, amplitude, circleTolerance);
        if (s.score > best.score * (1 + 1e-9) + 1e-12)
            best = std::move(s);
    }
    return best;
}

// ---------------------------------------------------------------------------------------
// The oriented matrix and its fits

// Rows that are exactly zero (a padding row), and the longest run of other rows, where the
// fits are made.
struct RowWindow {
    std::vector<int> zeroRows;
    int begin = 0; // the fitted block: rows [begin, end) of the oriented matrix
    int end = 0;
};

RowWindow rowWindow(const RowMatrixXd &x)
{
    RowWindow w;
    int runStart = 0, bestStart = 0, bestLength = 0;
    for (int r = 0; r <= int(x.rows()); ++r) {
        const bool zero = r < int(x.rows()) && (x.row(r).array() == 0).all();
        if (zero)
            w.zeroRows.push_back(r);
        if (zero || r == int(x.rows())) {
            if (r - runStart > bestLength) {
                bestLength = r - runStart;
                bestStart = runStart;
            }
            runStart = r + 1;
        }
    }
    w.begin = bestStart;
    w.end = bestStart + std::min(bestLength, kMaxFitRows);
    return w;
}

// One frequency channel k of the layout: a (sin, cos) pair or a lone column.
struct FitChannel {
    int first = -1;  // the column that is sin under the normal roles
    int second = -1; // its partner (cos), -1 for a lone column
    PairShape shape = PairShape::Other;
    bool good = false;      // a sinusoid was fitted well enough to use its numbers
    bool circle = false;    // rate and intercept come from the pair's angle line
    AngleLine line;         // circle pairs
    double rate = 0;        // |radians per row| after resolving aliasing
    bool inLadder = false;  // near the geometric ladder fitted through the channels
    double sigma = 0;       // standard error of rate
};

// Everything read off one orientation.
struct Reading {
    RowWindow window;
    Eigen::MatrixXd y; // the fitted rows, column-major
    double amplitude = 0;
    double circleTolerance = 0.01;
    PairingScore pairing;
    std::vector<FitChannel> channels;
    std::vector<SinusoidFit> loneFits; // per column; theta < 0 when not fitted
    std::vector<bool> loneFitted;
    int stepSign = 1;
    bool swapped = false;    // cos in the first column of each pair
    double rowsToZero = 0;   // t: position = step * (r + t)
    double startScore = 0;   // channels whose phase agrees with t
    double goodFraction = 0; // columns explained by a sinusoid
    // The ladder: log rate_k = a + b k over the good channels.
    double ladderA = 0, ladderB = 0;
    bool ladderValid = false;
};

SinusoidFit loneFit(Reading &reading, int column)
{
    if (!reading.loneFitted[std::size_t(column)]) {
        const int rows = std::min<int>(int(reading.y.rows()), kMaxLoneRows);
        SinusoidFit fit = fitSinusoid(reading.y.col(column).head(rows), reading.amplitude);
        // The phase at absolute row 0 of the oriented matrix.
        fit.phase = wrapAngle(fit.phase - fit.theta * reading.window.begin);
        reading.loneFits[std::size_t(column)] = fit;
        reading.loneFitted[std::size_t(column)] = true;
    }
    return reading.loneFits[std::size_t(column)];
}

bool loneGood(const SinusoidFit &fit, double amplitude)
{
    return fit.maxResidual <= 0.02 * amplitude;
}

// The amplitude: the mean radius of the circle pairs when there are some, else the largest
// magnitude (every sinusoid column reaches near it, a slow cos column at once).
double amplitudeOf(const Eigen::MatrixXd &y)
{
    return y.cwiseAbs().maxCoeff();
}

double meanCircleRadius(const Reading &reading)
{
    double sum = 0;
    long long count = 0;
    const auto pairs = pairsOf(reading.pairing.pairing, int(reading.y.cols()));
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        if (reading.pairing.verdicts[p].shape != PairShape::Circle)
            continue;
        for (Eigen::Index r = 0; r < reading.y.rows(); ++r) {
            sum += std::hypot(reading.y(r, pairs[p].first), reading.y(r, pairs[p].second));
            ++count;
        }
    }
    return count ? sum / double(count) : reading.amplitude;
}

// Channels in the order of their frequency index k.
std::vector<FitChannel> channelsOf(const PairingScore &pairing, int m)
{
    std::vector<FitChannel> channels;
    const auto pairs = pairsOf(pairing.pairing, m);
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        FitChannel c;
        c.first = pairs[p].first;
        c.second = pairs[p].second;
        c.shape = pairing.verdicts[p].shape;
        channels.push_back(c);
    }
    if (const int lone = loneColumnOf(pairing.pairing, m); lone >= 0) {
        FitChannel c;
        c.first = lone;
        channels.push_back(c);
    }
    if (pairing.pairing == Pairing::None) {
        for (int col = 0; col < m; ++col) {
            FitChannel c;
            c.first = col;
            channels.push_back(c);
        }
    }
    return channels;
}

// When no pairing has a single circle (every pair broken by a bug, or no layout at all):
// the pairing whose partners have the closest fitted frequencies, if any is close.
PairingScore pairingByFrequency(Reading &reading)
{
    const int m = int(reading.y.cols());
    PairingScore best;
    double bestCloseness = 0;
    for (Pairing p : {Pairing::Interleaved, Pairing::Split, Pairing::SplitCeil}) {
        if ((p == Pairing::SplitCeil && m % 2 == 0) || m < 2)
            continue;
        double closeness = 0;
        PairingScore s;
        s.pairing = p;
        for (const auto &[a, b] : pairsOf(p, m)) {
            const SinusoidFit fa = loneFit(reading, a), fb = loneFit(reading, b);
            s.verdicts.push_back({});
            if (loneGood(fa, reading.amplitude) && loneGood(fb, reading.amplitude) && fa.theta > 1e-9
                && fb.theta > 1e-9)
                closeness += std::max(0.0, 1 - std::abs(std::log(fa.theta / fb.theta)) / 0.2);
        }
        if (closeness > bestCloseness) {
            bestCloseness = closeness;
            best = std::move(s);
        }
    }
    return best;
}

// Fits every channel: a circle pair by its angle line, anything else by its first column
// alone. rate is the observed |radians per row| (aliasing resolved later).
void fitChannels(Reading &reading)
{
    const int begin = reading.window.begin;
    for (FitChannel &c : reading.channels) {
        if (c.second >= 0 && c.shape == PairShape::Circle) {
            c.line = fitPairAngle(reading.y.col(c.first), reading.y.col(c.second), begin);
            c.circle = true;
            c.good = c.line.maxResidual < 0.1;
            c.rate = std::abs(c.line.slope);
            c.sigma = c.line.slopeSigma;
        } else {
            const SinusoidFit f = loneFit(reading, c.first);
            c.good = loneGood(f, reading.amplitude);
            c.rate = f.theta;
            const double rows = double(std::min<Eigen::Index>(reading.y.rows(), kMaxLoneRows));
            c.sigma = (f.rmsResidual + 1e-12 * reading.amplitude) / (reading.amplitude * std::sqrt(rows * rows * rows / 12 + 1));
        }
    }
}

// The sign of the position step: positions count up when most circle pairs turn forwards.
int stepSignOf(const Reading &reading)
{
    int votes = 0;
    for (const FitChannel &c : reading.channels) {
        if (c.circle && c.good && std::abs(c.line.slope) > 1e-9 && std::abs(c.line.slope) < kUnaliased)
            votes += c.line.slope > 0 ? 1 : -1;
    }
    return votes < 0 ? -1 : 1;
}

// Weighted least squares of log rate_k = a + b k over channels `use`.
bool fitLogLine(const std::vector<FitChannel> &channels, const std::vector<int> &use, double &a, double &b)
{
    double sw = 0, sk = 0, sl = 0, skk = 0, skl = 0;
    for (int k : use) {
        const FitChannel &c = channels[std::size_t(k)];
        const double sigmaLog = std::max(c.sigma / c.rate, 1e-12);
        const double w = 1 / (sigmaLog * sigmaLog);
        const double l = std::log(c.rate);
        sw += w;
        sk += w * k;
        sl += w * l;
        skk += w * k * k;
        skl += w * k * l;
    }
    if (use.empty())
        return false;
    const double det = sw * skk - sk * sk;
    if (use.size() < 2 || !(det > 0)) {
        a = sl / sw;
        b = 0;
        return use.size() >= 1;
    }
    b = (sw * skl - sk * sl) / det;
    a = (sl - b * sk) / sw;
    return true;
}

// The ladder over the longest run of consecutive good, unaliased channels; then every good
// channel whose predicted rate is beyond kUnaliased is moved to the alias 2 pi n +- rate
// nearest to the prediction (the observed rate of an aliased sinusoid), and the line refitted.
void fitLadder(Reading &reading)
{
    std::vector<FitChannel> &ch = reading.channels;
    const int n = int(ch.size());
    auto usable = [&](int k) { return ch[std::size_t(k)].good && ch[std::size_t(k)].rate > 1e-12; };
    // A run grows while its log rates stay on a smooth line (second differences near 0):
    // aliased channels scatter and cannot extend it.
    auto logRate = [&](int k) { return std::log(ch[std::size_t(k)].rate); };
    auto sigmaLog = [&](int k) { return ch[std::size_t(k)].sigma / ch[std::size_t(k)].rate; };
    auto extends = [&](int begin, int k) {
        if (!(usable(k) && ch[std::size_t(k)].rate < kUnaliased))
            return false;
        if (k - begin < 2)
            return true;
        const double second = logRate(k) - 2 * logRate(k - 1) + logRate(k - 2);
        return std::abs(second) < 0.05 + 6 * (sigmaLog(k) + 2 * sigmaLog(k - 1) + sigmaLog(k - 2));
    };
    int bestBegin = 0, bestLength = 0;
    for (int k = 0; k < n;) {
        if (!extends(k, k)) {
            ++k;
            continue;
        }
        int e = k + 1;
        while (e < n && extends(k, e))
            ++e;
        if (e - k > bestLength) {
            bestLength = e - k;
            bestBegin = k;
        }
        k = std::max(k + 1, e - 1);
    }
    std::vector<int> run(static_cast<std::size_t>(bestLength));
    std::iota(run.begin(), run.end(), bestBegin);
    double a = 0, b = 0;
    if (!fitLogLine(ch, run, a, b))
        return;
    // Every other channel joins the ladder when it lies near the line: directly, or once
    // moved to its alias. One that does neither (a broken channel) is left out.
    std::vector<int> all;
    for (int k = 0; k < n; ++k) {
        FitChannel &c = ch[std::size_t(k)];
        if (!c.good)
            continue;
        const bool inRun = k >= bestBegin && k < bestBegin + bestLength;
        const double predicted = std::exp(a + b * k);
        if (!inRun && bestLength >= 2 && predicted > kUnaliased) {
            // Candidates 2 pi j + rate and 2 pi j - rate around the prediction. Beyond 1e9
            // radians per row no double angle is meaningful: such a channel is left out.
            if (!(predicted < 1e9))
                continue;
            const double j = std::round(predicted / (2 * kPi));
            double bestRate = c.rate, bestGap = std::abs(c.rate - predicted);
            for (int offset = -1; offset <= 1; ++offset) {
                const double jj = std::max(0.0, j + offset);
                for (double candidate : {2 * kPi * jj + c.rate, 2 * kPi * jj - c.rate}) {
                    if (candidate > 0 && std::abs(candidate - predicted) < bestGap) {
                        bestGap = std::abs(candidate - predicted);
                        bestRate = candidate;
                    }
                }
            }
            if (bestGap >= 0.5)
                continue;
            c.rate = bestRate;
        } else if (!inRun && bestLength >= 2 && !(c.rate > 0 && std::abs(std::log(c.rate / predicted)) < 0.5)) {
            continue;
        }
        if (c.rate > 1e-12) {
            c.inLadder = true;
            all.push_back(k);
        }
    }
    reading.ladderValid = fitLogLine(ch, all, reading.ladderA, reading.ladderB);
}

// The signed rate and the angle at row 0 of channel k's sine under a hypothesis on the roles:
// sin column = amplitude * sin(theta r + alpha).
struct ChannelAngle {
    double theta = 0;
    double alpha = 0;
};

ChannelAngle channelAngle(Reading &reading, const FitChannel &c, int stepSign, bool swapped)
{
    ChannelAngle angle;
    angle.theta = stepSign * c.rate;
    if (c.circle) {
        // atan2(first, second) = intercept + slope r; with the roles swapped the sine's angle
        // is pi/2 minus it.
        angle.alpha = swapped ? kPi / 2 - c.line.intercept : c.line.intercept;
        return angle;
    }
    const int sinColumn = swapped && c.second >= 0 ? c.second : c.first;
    const SinusoidFit f = loneFit(reading, sinColumn);
    // sin(theta_f r + phi) = sin(-theta_f r + pi - phi): pick the form whose rate is ours.
    const bool same = std::abs(wrapAngle(angle.theta - f.theta)) <= std::abs(wrapAngle(angle.theta + f.theta));
    angle.alpha = same ? f.phase : kPi - f.phase;
    return angle;
}

// t with alpha_k = theta_k t (mod 2 pi) for the channels given: branches of the slowest
// channel, each unwrapped through the faster ones by least squares. The score counts the
// channels that agree within 0.05 rad (robust to a few broken channels).
struct StartEstimate {
    double t = 0;
    double agreeing = 0;
    double spread = 0; // sum of |residual| over the agreeing channels
};

StartEstimate estimateStart(std::vector<ChannelAngle> angles, int stepSign)
{
    std::erase_if(angles, [](const ChannelAngle &a) { return std::abs(a.theta) <= 1e-12; });
    StartEstimate best;
    if (angles.empty())
        return best;
    std::sort(angles.begin(), angles.end(),
              [](const ChannelAngle &l, const ChannelAngle &r) { return std::abs(l.theta) < std::abs(r.theta); });
    const ChannelAngle slowest = angles.front();
    // Starts up to 1e6 rows away: as many branches of the slowest channel as that spans, capped.
    const double span = std::ceil(std::abs(slowest.theta) * 1e6 / (2 * kPi));
    const int branches = std::isfinite(span) ? int(std::min(200.0, span)) : 0;
    best.agreeing = -1;
    for (int j = -branches; j <= branches; ++j) {
        double sumTT = slowest.theta * slowest.theta;
        double sumTU = slowest.theta * (wrapAngle(slowest.alpha) + 2 * kPi * j);
        double t = sumTU / sumTT;
        for (std::size_t i = 1; i < angles.size(); ++i) {
            const double predicted = angles[i].theta * t;
            const double residual = wrapAngle(angles[i].alpha - predicted);
            if (std::abs(residual) > 0.5)
                continue; // a broken channel: left out of the estimate
            sumTT += angles[i].theta * angles[i].theta;
            sumTU += angles[i].theta * (predicted + residual);
            t = sumTU / sumTT;
        }
        StartEstimate e;
        e.t = t;
        for (const ChannelAngle &a : angles) {
            const double residual = std::abs(wrapAngle(a.alpha - a.theta * t));
            if (residual < 0.05) {
                e.agreeing += 1;
                e.spread += residual;
            }
        }
        // Ladders whose periods share a multiple (base 10, d = 8) repeat: of equal candidates
        // the first position that is not negative and nearest to 0 is taken.
        const bool tie = e.agreeing == best.agreeing && std::abs(e.spread - best.spread) <= 1e-6 * (1 + e.agreeing);
        auto rank = [stepSign](double t) { return (t * stepSign < -1e-9 ? 1e300 : 0) + std::abs(t); };
        if (e.agreeing > best.agreeing || (tie && rank(e.t) < rank(best.t))
            || (!tie && e.agreeing == best.agreeing && e.spread < best.spread))
            best = e;
    }
    return best;
}

StartEstimate startUnder(Reading &reading, int stepSign, bool swapped)
{
    std::vector<ChannelAngle> angles;
    for (const FitChannel &c : reading.channels) {
        if (c.good)
            angles.push_back(channelAngle(reading, c, stepSign, swapped));
    }
    return estimateStart(std::move(angles), stepSign);
}

// The first stage of reading an orientation: the fitted rows, the amplitude and the pairing
// by circles. Cheap (a pass over the matrix), so that both orientations can be screened.
Reading screenOrientation(const RowMatrixXd &x, double circleTolerance)
{
    Reading reading;
    reading.window = rowWindow(x);
    const int rows = reading.window.end - reading.window.begin;
    const int m = int(x.cols());
    reading.y = x.block(reading.window.begin, 0, rows, m);
    reading.loneFits.assign(std::size_t(m), {});
    reading.loneFitted.assign(std::size_t(m), false);
    if (rows == 0 || m == 0)
        return reading;
    reading.amplitude = amplitudeOf(reading.y);
    reading.circleTolerance = circleTolerance;
    if (!(reading.amplitude > 0))
        return reading;
    reading.pairing = bestPairing(reading.y, reading.amplitude, circleTolerance);
    if (reading.pairing.score > 0)
        reading.amplitude = meanCircleRadius(reading);
    return reading;
}

// The second stage: every channel fitted, the ladder, the roles and the start.
void completeReading(Reading &reading)
{
    const int m = int(reading.y.cols());
    if (reading.y.rows() == 0 || m == 0 || !(reading.amplitude > 0))
        return;
    if (reading.pairing.score <= 0)
        reading.pairing = pairingByFrequency(reading);
    reading.channels = channelsOf(reading.pairing, m);
    fitChannels(reading);

    reading.stepSign = stepSignOf(reading);
    fitLadder(reading);
    // Roles: sin first and positions as the pairs turn, or cos first and the other way; the
    // hypothesis whose channels agree on one start wins, sin first on a tie.
    const StartEstimate normal = startUnder(reading, reading.stepSign, false);
    const StartEstimate swapped = startUnder(reading, -reading.stepSign, true);
    const bool useSwapped = reading.pairing.pairing != Pairing::None
                            && (swapped.agreeing > normal.agreeing
                                || (swapped.agreeing == normal.agreeing && swapped.spread < 0.5 * normal.spread - 1e-9));
    reading.swapped = useSwapped;
    if (useSwapped)
        reading.stepSign = -reading.stepSign;
    const StartEstimate &chosen = useSwapped ? swapped : normal;
    reading.rowsToZero = chosen.t;
    reading.startScore = chosen.agreeing;

    // The columns explained by a sinusoid.
    int explained = 0;
    for (const FitChannel &c : reading.channels) {
        if (c.circle && c.good)
            explained += 2;
        else {
            explained += loneGood(loneFit(reading, c.first), reading.amplitude) ? 1 : 0;
            if (c.second >= 0)
                explained += loneGood(loneFit(reading, c.second), reading.amplitude) ? 1 : 0;
        }
    }
    reading.goodFraction = double(explained) / double(m);
}

// A cheap score of how well the columns of an orientation are sinusoids of the row index:
// the pairing score (circles), then the recurrence x[r+1] + x[r-1] = 2 cos(theta) x[r].
double recurrenceScore(const RowMatrixXd &x)
{
    const int n = std::min<int>(int(x.rows()), kShapeSamples);
    if (n < 4)
        return 0;
    const int m = int(x.cols());
    const int stride = std::max(1, m / 64);
    double score = 0;
    int count = 0;
    for (int c = 0; c < m; c += stride) {
        double num = 0, den = 0, energy = 0;
        for (int r = 1; r + 1 < n; ++r) {
            num += x(r, c) * (x(r - 1, c) + x(r + 1, c));
            den += 2 * x(r, c) * x(r, c);
        }
        const double cosTheta = den > 0 ? num / den : 1;
        double residual = 0;
        for (int r = 1; r + 1 < n; ++r) {
            const double e = x(r - 1, c) + x(r + 1, c) - 2 * cosTheta * x(r, c);
            residual += e * e;
            energy += x(r, c) * x(r, c);
        }
        score += energy > 0 ? std::max(0.0, 1 - residual / energy) : 1;
        ++count;
    }
    return count ? score / count : 0;
}

// ---------------------------------------------------------------------------------------
// Precision of the values

// The coarsest precision below the stored one in which every value is exact (for text: to
// within its printing), when the test can tell: at least 16 distinct magnitudes, and text
// printed finely enough to show the difference.
std::optional<Precision> computedPrecision(const RowMatrixXd &x, StoredType stored, double textResolution, double amplitude)
{
    std::vector<Precision> candidates;
    switch (stored) {
    case StoredType::Float16:
        candidates = {Precision::BFloat16};
        break;
    case StoredType::BFloat16:
        break;
    case StoredType::Float32:
        candidates = {Precision::BFloat16, Precision::Float16};
        break;
    case StoredType::Float64:
    case StoredType::Text:
        candidates = {Precision::BFloat16, Precision::Float16, Precision::Float32};
        break;
    }
    std::vector<double> magnitudes;
    for (Eigen::Index i = 0; i < x.size() && magnitudes.size() < 64; ++i) {
        const double v = std::abs(x.data()[i]);
        if (v != 0 && std::find(magnitudes.begin(), magnitudes.end(), v) == magnitudes.end())
            magnitudes.push_back(v);
    }
    if (magnitudes.size() < 16)
        return std::nullopt;
    for (Precision p : candidates) {
        // Text printed more coarsely than a quarter of p's spacing at the amplitude cannot
        // tell p from anything finer.
        if (textResolution > 0.25 * unitRoundoff(p, stored) * std::max(amplitude, 1e-300))
            continue;
        bool all = true;
        for (Eigen::Index i = 0; i < x.size() && all; ++i) {
            const double v = x.data()[i];
            all = std::abs(roundToPrecision(p, v) - v) <= textResolution * 1.0001;
        }
        if (all)
            return p;
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------
// References

enum class Family { Paper, Tensor2Tensor };

// The column roles of a layout (sin first unless swapped) and its channel count.
std::vector<ColumnRole> columnRoles(Pairing pairing, int m, bool cosFirst, bool zeroLast)
{
    std::vector<ColumnRole> roles(static_cast<std::size_t>(m));
    const auto pairs = pairsOf(pairing == Pairing::None ? Pairing::Interleaved : pairing, m);
    int k = 0;
    for (const auto &[a, b] : pairs) {
        roles[std::size_t(a)] = {cosFirst ? ColumnRole::Kind::Cos : ColumnRole::Kind::Sin, k};
        roles[std::size_t(b)] = {cosFirst ? ColumnRole::Kind::Sin : ColumnRole::Kind::Cos, k};
        ++k;
    }
    const int lone = loneColumnOf(pairing == Pairing::None ? Pairing::Interleaved : pairing, m);
    if (lone >= 0 && !zeroLast)
        roles[std::size_t(lone)] = {ColumnRole::Kind::Sin, k};
    return roles;
}

int channelCount(const std::vector<ColumnRole> &roles)
{
    int n = 0;
    for (const ColumnRole &r : roles)
        n = std::max(n, r.channel + 1);
    return n;
}

std::vector<double> ladder(Family family, double base, int dModel, int channels)
{
    std::vector<double> w(static_cast<std::size_t>(channels));
    for (int k = 0; k < channels; ++k) {
        w[std::size_t(k)] = family == Family::Paper
                                ? std::pow(base, -2.0 * k / dModel)
                                : std::exp(-double(k) * std::log(base) / std::max(channels - 1, 1));
    }
    return w;
}

// The largest error and whether every cell is within its tolerance: the values' rounding in
// their precision, the rounding of the angle in float32 (what a float32 implementation does,
// growing with the angle and with |ln w| through exp), and the printing of text.
struct Comparison {
    double maxError = 0;
    double worstRatio = 0; // max over cells of error / tolerance
    double tolerance = 0;  // the largest tolerance of a cell
    std::vector<double> columnError;
};

Comparison compare(const RowMatrixXd &x, const ReferenceModel &model, double valueRoundoff, double textResolution)
{
    Comparison result;
    const int n = int(x.rows()), m = int(x.cols());
    result.columnError.assign(std::size_t(m), 0.0);
    const double scale = std::abs(model.scale);
    // Per column: its frequency and how fast its angle's tolerance grows.
    std::vector<double> w(static_cast<std::size_t>(m)), growth(static_cast<std::size_t>(m));
    for (int c = 0; c < m; ++c) {
        const ColumnRole role = model.columns[std::size_t(c)];
        w[std::size_t(c)] = role.channel >= 0 ? model.frequencies[std::size_t(role.channel)] : 0;
        growth[std::size_t(c)] = 0x1p-22 * (std::abs(std::log(std::max(w[std::size_t(c)], 1e-300))) + 3);
    }
    Eigen::VectorXd row(m);
    for (int r = 0; r < n; ++r) {
        const double position = model.start + r * model.step;
        for (int c = 0; c < m; ++c)
            row[c] = model.value(r, c);
        for (int c = 0; c < m; ++c) {
            const double angle = std::abs(position * w[std::size_t(c)]);
            const double tolerance = scale * (2 * valueRoundoff + angle * growth[std::size_t(c)] + 0x1p-22)
                                     + 1.01 * textResolution + 1e-300;
            const double error = std::abs(x(r, c) - row[c]);
            result.maxError = std::max(result.maxError, error);
            const double ratio = error / tolerance;
            result.worstRatio = std::max(result.worstRatio, ratio);
            result.tolerance = std::max(result.tolerance, tolerance);
            result.columnError[std::size_t(c)] = std::max(result.columnError[std::size_t(c)], ratio);
        }
    }
    return result;
}

// ---------------------------------------------------------------------------------------
// Findings

Finding makeFinding(std::string code, Severity severity, std::string message, std::string fix = {})
{
    Finding f;
    f.code = std::move(code);
    f.severity = severity;
    f.message = std::move(message);
    f.fix = std::move(fix);
    return f;
}

// A base a person would choose: one or two significant digits (100, 500000, 1e6).
bool roundNumber(double base)
{
    if (!(base > 0) || !std::isfinite(base))
        return false;
    const double exponent = std::floor(std::log10(base));
    const double mantissa = base / std::pow(10.0, exponent - 1); // in [10, 100)
    return std::abs(mantissa - std::round(mantissa)) < 1e-3 * mantissa;
}

std::vector<int> mismatchingColumns(const Comparison &c)
{
    std::vector<int> columns;
    for (std::size_t i = 0; i < c.columnError.size(); ++i) {
        if (c.columnError[i] > 1)
            columns.push_back(int(i));
    }
    return columns;
}

std::vector<std::string> implementationsOf(const std::string &layout, Family family, OddColumn odd, double start,
                                           double scale, int dModel)
{
    std::vector<std::string> names;
    const bool xScale = std::abs(scale - 1 / std::sqrt(double(dModel))) < 1e-6;
    if (layout == "interleaved" && family == Family::Paper) {
        if (odd == OddColumn::None)
            names = {"Vaswani et al. 2017", "The Annotated Transformer", "PyTorch word_language_model example",
                     "Meta llama precompute_freqs_cis (RoPE frequencies)"};
        names.push_back("Hugging Face DistilBERT / XLM create_sinusoidal_embeddings");
        names.push_back("Keras Hub SinePositionEncoding");
    } else if (layout == "split" && family == Family::Tensor2Tensor) {
        names = {"tensor2tensor get_timing_signal_1d", "fairseq SinusoidalPositionalEmbedding",
                 "diffusers get_timestep_embedding"};
        if (odd == OddColumn::None)
            names.push_back("whisper sinusoids");
        if (start == 2)
            names.insert(names.begin(), "fairseq SinusoidalPositionalEmbedding (padding_idx 1, first position 2)");
    } else if (layout == "split" && family == Family::Paper) {
        names = {"Marian (Hugging Face)", "diffusers get_timestep_embedding (downscale_freq_shift 0)"};
        if (odd == OddColumn::None) {
            names.push_back("x-transformers ScaledSinusoidalEmbedding");
            names.push_back("Hugging Face llama rotate_half (RoPE frequencies)");
        }
    } else if (layout == "split_cos_sin") {
        names = {family == Family::Paper ? "diffusers get_timestep_embedding (flip_sin_to_cos, downscale_freq_shift 0)"
                                         : "diffusers get_timestep_embedding (flip_sin_to_cos)"};
    }
    if (xScale && layout == "split")
        names.insert(names.begin(), "x-transformers ScaledSinusoidalEmbedding (scale d^-0.5)");
    return names;
}

// The diagnosis of a chosen orientation, filled into `check`.
class Diagnosis
{
public:
    Diagnosis(const RowMatrixXd &x, Reading &reading, StoredType stored, double textResolution,
              const CheckOptions &options, EncodingCheck &check)
        : m_x(x)
        , m_reading(reading)
        , m_stored(stored)
        , m_textResolution(textResolution)
        , m_options(options)
        , m_check(check)
        , m_m(int(x.cols()))
    {
    }

    void run();

private:
    void describeLayout();
    void describeRows();
    void describeLadder();
    void compareWithConventions();
    void diagnosePairs();
    void diagnoseLadder();
    void diagnosePrecision();
    void addInfo();
    void notSinusoidal();
    bool pairTurnsBackwards(const FitChannel &c) const;
    ReferenceModel modelFor(Family family, double base, double step) const;
    void add(Finding f) { m_check.findings.push_back(std::move(f)); }

    const RowMatrixXd &m_x;
    Reading &m_reading;
    StoredType m_stored;
    double m_textResolution;
    const CheckOptions &m_options;
    EncodingCheck &m_check;
    int m_m;

    double m_roundoff = 0x1p-53;
    bool m_cosFirst = false;
    bool m_zeroLast = false;
    std::vector<int> m_paddingRows; // zero rows that are a padding index (info)
    double m_fittedStep = 1;        // signed
    double m_step = 1;              // the step of the intended convention: +-1
    double m_start = 0;             // of the intended convention
    double m_scale = 1;
    std::vector<double> m_rates;    // resolved per-row rates of the channels (0 when unknown)
    Family m_family = Family::Paper;
    Comparison m_comparison;
    bool m_canonical = false;
};

void Diagnosis::run()
{
    describeLayout();
    describeRows();
    m_check.computedIn = computedPrecision(m_x, m_stored, m_textResolution, m_reading.amplitude);
    m_roundoff = unitRoundoff(m_check.computedIn, m_stored);
    if (m_reading.goodFraction < 0.5 || m_reading.amplitude <= 0) {
        notSinusoidal();
        return;
    }
    describeLadder();
    compareWithConventions();
    if (!m_canonical) {
        diagnosePairs();
        diagnoseLadder();
        diagnosePrecision();
    }
    addInfo();
    bool bug = !m_canonical;
    for (const Finding &f : m_check.findings)
        bug = bug || f.severity != Severity::Info;
    if (!m_canonical && std::none_of(m_check.findings.begin(), m_check.findings.end(),
                                     [](const Finding &f) { return f.severity != Severity::Info; })) {
        Finding f = makeFinding("unexplained_difference", Severity::Error, "");
        f.columns = mismatchingColumns(m_comparison);
        f.found = m_comparison.maxError;
        f.message = "no convention of conventions.md reproduces the matrix and no known bug explains it: largest "
                    "difference "
                    + fmt(m_comparison.maxError) + " in columns " + columnsText(f.columns);
        add(std::move(f));
    }
    m_check.matches = !bug;
    if (m_check.matches)
        m_check.implementations = implementationsOf(m_check.layout, m_family, m_check.oddColumn, m_check.start,
                                                    m_check.scale, m_m);
}

void Diagnosis::describeLayout()
{
    const Pairing pairing = m_reading.pairing.pairing;
    m_cosFirst = m_reading.swapped;
    switch (pairing) {
    case Pairing::Interleaved:
        m_check.layout = m_cosFirst ? "interleaved_cos_sin" : "interleaved";
        break;
    case Pairing::Split:
    case Pairing::SplitCeil:
        m_check.layout = m_cosFirst ? "split_cos_sin" : "split";
        break;
    case Pairing::None:
        m_check.layout = "unknown";
        break;
    }
    if (m_m % 2 == 1 && pairing != Pairing::None) {
        const int lone = loneColumnOf(pairing, m_m);
        const bool zero = (m_x.col(lone).array() == 0).all();
        if (pairing == Pairing::Interleaved)
            m_check.oddColumn = OddColumn::LoneSineLast;
        else if (pairing == Pairing::SplitCeil)
            m_check.oddColumn = OddColumn::LoneSineMiddle;
        else
            m_check.oddColumn = zero ? OddColumn::ZeroLast : OddColumn::LoneSineLast;
        m_zeroLast = pairing == Pairing::Split && zero;
    }
}

void Diagnosis::describeRows()
{
    const std::vector<int> &zeros = m_reading.window.zeroRows;
    // A row of zeros is a finding only where the encoding has circle pairs (a cosine never
    // vanishes together with its sine); sin written twice gives a zero row at position 0.
    const bool circles = std::any_of(m_reading.channels.begin(), m_reading.channels.end(),
                                     [](const FitChannel &c) { return c.circle && c.good; });
    if (zeros.empty() || !circles)
        return;
    if (zeros.size() == 1 && zeros[0] > 0) {
        m_paddingRows = zeros;
        Finding f = makeFinding("padding_row_zeroed", Severity::Info,
                                "row " + std::to_string(zeros[0])
                                    + " is all zeros: the row of a padding index, as fairseq zeroes padding_idx in the "
                                      "table it stores; it is never looked up");
        f.row = zeros[0];
        add(std::move(f));
        return;
    }
    const bool first = zeros[0] == 0;
    Finding f = makeFinding(first && zeros.size() == 1 ? "first_row_zeroed" : "zeroed_rows", Severity::Warning, "");
    f.row = zeros[0];
    f.evidence.push_back({"zero_rows", double(zeros.size())});
    f.message = first && zeros.size() == 1
                    ? "row 0 is all zeros, but PE(start) has cos = scale in every cosine column: position 0 was "
                      "zeroed as padding, so the first token gets no position"
                    : std::to_string(zeros.size()) + " rows are all zeros (the first is row "
                          + std::to_string(zeros[0]) + "); a sinusoidal encoding has no zero row";
    f.fix = "keep PE(pos) for every row; mask padding tokens instead of zeroing their encoding";
    add(std::move(f));
}

// Step, start, scale and the fitted ladder, from the reading.
void Diagnosis::describeLadder()
{
    const std::vector<FitChannel> &ch = m_reading.channels;
    m_rates.assign(ch.size(), 0.0);
    for (std::size_t k = 0; k < ch.size(); ++k)
        m_rates[k] = ch[k].good ? ch[k].rate : 0.0;
    // w_0 = 1 in every family: the position step is channel 0's rate, or the ladder's
    // intercept when channel 0 is broken.
    double magnitude = 1;
    if (!ch.empty() && ch[0].good && ch[0].rate > 1e-12)
        magnitude = ch[0].rate;
    else if (m_reading.ladderValid)
        magnitude = std::exp(m_reading.ladderA);
    m_fittedStep = m_reading.stepSign * magnitude;
    const double stepTolerance = 1e-3;
    const bool unitStep = std::abs(magnitude - 1) < stepTolerance;
    m_step = m_reading.stepSign;
    double start = m_reading.rowsToZero * (unitStep ? m_step : m_fittedStep);
    if (std::abs(start - std::round(start)) < 2e-3)
        start = std::round(start);
    m_start = unitStep ? start : std::round(m_reading.rowsToZero * m_step * 1e3) / 1e3;
    m_check.start = start + 0.0; // no -0
    m_check.positionStep = unitStep ? m_step : m_fittedStep;
    m_scale = m_reading.amplitude;
    const double scaleTolerance = 4 * m_roundoff + 2 * m_textResolution + 1e-9;
    if (std::abs(m_scale - 1) < scaleTolerance)
        m_scale = 1;
    m_check.scale = m_scale;
    m_check.fittedFrequencies.clear();
    for (double r : m_rates)
        m_check.fittedFrequencies.push_back(r / magnitude);

    if (!unitStep && !ch.empty() && ch[0].good) {
        Finding f = makeFinding("positions_scaled", Severity::Warning, "");
        f.expected = 1;
        f.found = m_fittedStep;
        f.message = "positions advance by " + fmt(m_fittedStep) + " per row instead of 1 (the fastest channel turns "
                    + fmt(magnitude) + " rad per row where w_0 = 1): positions are multiplied by " + fmt(magnitude);
        f.fix = "angle = pos * w_k with pos = 0, 1, 2, ... (integers, not scaled)";
        add(std::move(f));
    }
}

ReferenceModel Diagnosis::modelFor(Family family, double base, double step) const
{
    ReferenceModel model;
    model.columns = columnRoles(m_reading.pairing.pairing, m_m, m_cosFirst && m_check.layout == "split_cos_sin", m_zeroLast);
    model.frequencies = ladder(family, base, m_m, channelCount(model.columns));
    model.start = m_start;
    model.step = step;
    model.scale = m_scale;
    model.zeroRows = m_paddingRows;
    return model;
}

void Diagnosis::compareWithConventions()
{
    const double base = m_options.expectedBase;
    bool first = true;
    for (Family family : {Family::Paper, Family::Tensor2Tensor}) {
        const ReferenceModel model = modelFor(family, base, m_step);
        Comparison c = compare(m_x, model, m_roundoff, m_textResolution);
        if (first || c.worstRatio < m_comparison.worstRatio) {
            m_comparison = std::move(c);
            m_family = family;
            m_check.reference = model;
            first = false;
        }
    }
    m_check.maxError = m_comparison.maxError;
    m_check.tolerance = m_comparison.tolerance;
    m_canonical = m_comparison.worstRatio <= 1 && m_check.layout != "interleaved_cos_sin"
                  && m_check.layout != "unknown";
    if (m_canonical) {
        m_check.frequencies = m_family == Family::Paper ? "paper" : "tensor2tensor";
        m_check.base = base;
    }
}

// A circle pair whose angle turns against the others: its sin and cos are swapped relative
// to the roles chosen for the matrix. Judged on the resolved rate (aliased pairs turn
// backwards in appearance only), away from rates near 0 and pi where the sense is unclear.
bool Diagnosis::pairTurnsBackwards(const FitChannel &c) const
{
    const int sense = m_reading.swapped ? -m_reading.stepSign : m_reading.stepSign; // of atan2(first, second)
    const double expected = wrapAngle(sense * c.rate);
    if (std::abs(expected) < 0.05 || std::abs(expected) > kPi - 0.05)
        return false;
    return std::abs(wrapAngle(c.line.slope + expected)) < std::abs(wrapAngle(c.line.slope - expected));
}

void Diagnosis::diagnosePairs()
{
    std::vector<int> twice, cosOfSin, swapped;
    std::vector<int> perColumn;
    double ratioSum = 0;
    int ratioCount = 0;
    const bool interleavedSwap = m_check.layout == "interleaved_cos_sin";
    for (const FitChannel &c : m_reading.channels) {
        if (c.second < 0)
            continue;
        if (c.shape == PairShape::Identical) {
            twice.insert(twice.end(), {c.first, c.second});
        } else if (c.shape == PairShape::CosOfSin) {
            cosOfSin.insert(cosOfSin.end(), {c.first, c.second});
        } else if (c.shape == PairShape::Other) {
            const SinusoidFit fa = loneFit(m_reading, c.first), fb = loneFit(m_reading, c.second);
            if (loneGood(fa, m_reading.amplitude) && loneGood(fb, m_reading.amplitude) && fa.theta > 1e-9
                && fb.theta > 1e-9 && std::abs(fa.theta - fb.theta) > 1e-6 * fa.theta) {
                perColumn.insert(perColumn.end(), {c.first, c.second});
                ratioSum += std::log(fb.theta / fa.theta);
                ++ratioCount;
            }
        } else if (c.circle && c.good && c.inLadder && !interleavedSwap && pairTurnsBackwards(c)) {
            swapped.insert(swapped.end(), {c.first, c.second});
        }
    }
    if (interleavedSwap) {
        Finding f = makeFinding("sin_cos_swapped", Severity::Error,
                                "cos is in the even columns and sin in the odd ones: sin and cos are swapped",
                                "PE[pos, 2k] = sin(pos * w_k), PE[pos, 2k+1] = cos(pos * w_k)");
        for (int c = 0; c < m_m; ++c)
            f.columns.push_back(c);
        add(std::move(f));
    } else if (!swapped.empty()) {
        Finding f = makeFinding("sin_cos_swapped", Severity::Error,
                                std::to_string(swapped.size() / 2) + " pairs have sin and cos swapped (columns "
                                    + columnsText(swapped) + ")",
                                "sin in the sine column of each pair, cos in its cosine column");
        f.columns = swapped;
        add(std::move(f));
    }
    if (!twice.empty()) {
        Finding f = makeFinding("sin_written_twice", Severity::Error,
                                std::to_string(twice.size() / 2) + " cosine columns hold the same values as their sine "
                                                                   "column (columns "
                                    + columnsText(twice) + "): sin was written where cos should be",
                                "PE[pos, cos column of k] = cos(pos * w_k)");
        f.columns = twice;
        add(std::move(f));
    }
    if (!cosOfSin.empty()) {
        Finding f = makeFinding("cos_of_sin", Severity::Error,
                                std::to_string(cosOfSin.size() / 2) + " cosine columns are cos of the sine column, "
                                                                      "cos(sin(pos * w_k)) (columns "
                                    + columnsText(cosOfSin) + "): the cosine was taken of the already computed sine",
                                "PE[pos, cos column of k] = cos(pos * w_k), from the angle, not from PE");
        f.columns = cosOfSin;
        add(std::move(f));
    }
    if (ratioCount > 0) {
        const double ratio = std::exp(ratioSum / ratioCount);
        Finding f = makeFinding("per_column_exponent", Severity::Error, "");
        f.columns = perColumn;
        f.expected = 1;
        f.found = ratio;
        f.column = perColumn[1];
        // A cos at exponent (2k+1)/d instead of 2k/d runs base^(-1/d) slower than its sine.
        const double equivalentD = -std::log(m_options.expectedBase) / std::log(ratio);
        f.evidence.push_back({"cos_over_sin_frequency", ratio});
        f.evidence.push_back({"exponent_step_d", equivalentD});
        f.message = std::to_string(ratioCount) + " pairs have their cos at a different frequency from their sin: w_cos / "
                                                 "w_sin = "
                    + fmt(ratio) + " (= base^(-1/" + fmt(equivalentD)
                    + ")), the exponent counts columns, not pairs (columns " + columnsText(perColumn) + ")";
        f.fix = "one w_k = base^(-2k/d) per pair k, used by both sin and cos";
        add(std::move(f));
    }
}

void Diagnosis::diagnoseLadder()
{
    const std::vector<FitChannel> &ch = m_reading.channels;
    const double base = m_options.expectedBase;
    // Channels whose own fit is good, with their frequency per unit position.
    std::vector<double> w;
    std::vector<int> ks;
    for (std::size_t k = 0; k < ch.size(); ++k) {
        if (ch[k].good) {
            w.push_back(m_check.fittedFrequencies[k]);
            ks.push_back(int(k));
        }
    }
    m_check.base = kNaN;
    if (w.size() < 2) {
        m_check.frequencies = "fitted";
        return;
    }
    const double wMax = *std::max_element(w.begin(), w.end());
    const double wMin = *std::min_element(w.begin(), w.end());
    int plateaus = 0, zeros = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (w[i] <= 1e-9)
            ++zeros;
        if (i + 1 < w.size() && ks[i + 1] == ks[i] + 1 && std::abs(w[i + 1] - w[i]) <= 1e-6 * std::max(w[i], 1e-9))
            ++plateaus;
    }
    std::vector<int> allColumns;
    for (int c = 0; c < m_m; ++c)
        allColumns.push_back(c);
    if (wMax > 0 && wMax - wMin <= 1e-6 * wMax) {
        m_check.frequencies = "fitted";
        Finding f = makeFinding("all_frequencies_equal", Severity::Error,
                                "every channel has the same frequency " + fmt(wMax)
                                    + ": the exponent is 0 for all pairs (an integer division 2i // d, or i not "
                                      "used)",
                                "w_k = base^(-2k/d) with 2k/d a real division");
        f.found = wMax;
        f.columns = allColumns;
        add(std::move(f));
        return;
    }
    if (plateaus + zeros >= std::max<int>(2, int(w.size()) / 5)) {
        m_check.frequencies = "fitted";
        Finding f = makeFinding("integer_truncated_frequencies", Severity::Error, "");
        f.evidence.push_back({"repeated_frequencies", double(plateaus)});
        f.evidence.push_back({"zero_frequencies", double(zeros)});
        f.message = "the fitted frequencies form steps, not a geometric ladder: " + std::to_string(plateaus)
                    + " channels repeat the frequency of the previous one and " + std::to_string(zeros)
                    + " are 0, as when w_k or its exponent is truncated to an integer";
        f.fix = "compute w_k = exp(-2k ln(base) / d) in floating point (arange(...).float())";
        f.columns = mismatchingColumns(m_comparison);
        add(std::move(f));
        return;
    }
    if (!m_reading.ladderValid) {
        m_check.frequencies = "fitted";
        return;
    }
    const double b = m_reading.ladderB;
    const int nChannels = channelCount(m_check.reference.columns);
    if (b > 1e-9) {
        m_check.frequencies = "fitted";
        const double grow = std::exp(b * (nChannels - 1));
        Finding f = makeFinding("multiply_instead_of_divide", Severity::Error, "");
        f.expected = 1 / base;
        f.found = grow;
        f.message = "the frequencies grow along the channels (w_last / w_0 = " + fmt(grow)
                    + ") instead of falling to 1/base: pos * base^(2k/d) was computed where pos / base^(2k/d) is meant";
        f.fix = "angle = pos / base^(2k/d) = pos * base^(-2k/d)";
        f.columns = mismatchingColumns(m_comparison);
        add(std::move(f));
        return;
    }
    const double basePaper = std::exp(-b * m_m / 2.0);
    const double baseT2T = std::exp(-b * std::max(nChannels - 1, 1));
    const double lnE = std::log(base);
    const double relPaper = std::log(basePaper) / lnE, relT2T = std::log(baseT2T) / lnE;
    // Which family's base to name: the one at the expected base, else at its square, else the
    // one whose base is a round number (a person chose it), else the paper's.
    bool t2t = std::abs(relT2T - 1) < std::abs(relPaper - 1);
    const bool atExpected = std::abs((t2t ? relT2T : relPaper) - 1) < 2e-3;
    if (!atExpected) {
        if (std::abs(relT2T - 2) < 4e-3 || std::abs(relPaper - 2) < 4e-3)
            t2t = std::abs(relT2T - 2) < std::abs(relPaper - 2);
        else
            t2t = roundNumber(baseT2T) && !roundNumber(basePaper);
    }
    const double fitted = t2t ? baseT2T : basePaper;
    const double rel = t2t ? relT2T : relPaper;
    m_check.base = fitted;
    m_check.frequencies = t2t ? "tensor2tensor" : "paper";
    if (atExpected)
        return; // the ladder is right; the difference is elsewhere
    Finding f;
    f.expected = base;
    f.found = fitted;
    f.columns = mismatchingColumns(m_comparison);
    if (std::abs(rel - 2) < 4e-3) {
        f.code = "doubled_exponent";
        f.severity = Severity::Error;
        f.message = "the ladder is the " + std::string(t2t ? "tensor2tensor" : "paper") + " one at base " + fmt(f.found) + " = " + fmt(base)
                    + "^2: the exponent is doubled (10000 ** (2 * i / d) with i already stepping by 2)";
        f.fix = "w_k = base^(-2k/d) with k the pair index (or i / d with i = 0, 2, 4, ...)";
    } else if (roundNumber(fitted)) {
        f.code = "wrong_base";
        f.severity = Severity::Warning;
        f.message = "the frequencies are the " + std::string(t2t ? "tensor2tensor" : "paper") + " ladder at base "
                    + fmt(fitted) + ", not " + fmt(base) + "; if that base is intended, check with --base " + fmt(fitted);
        f.fix = "w_k = " + fmt(base) + "^(-2k/d)";
    } else {
        const double n = m_m / relPaper;
        // Any base is base^(d/n) for some real n; only a whole n is a wrong d.
        if (std::abs(n - std::round(n)) < 0.02 * std::max(1.0, n / 64) && std::round(n) >= 1
            && std::round(n) <= 8.0 * m_m) {
            f.code = "wrong_d_in_exponent";
            f.severity = Severity::Error;
            f.expected = m_m;
            f.found = std::round(n);
            m_check.base = basePaper;
            m_check.frequencies = "paper";
            f.evidence.push_back({"fitted_base", basePaper});
            f.message = "the ladder is base^(-2k/" + fmt(std::round(n)) + ") where d_model is " + std::to_string(m_m)
                        + " (paper form at base " + fmt(basePaper) + " = " + fmt(base) + "^(" + std::to_string(m_m)
                        + "/" + fmt(std::round(n)) + ")): the exponent divides by the wrong d";
            f.fix = "w_k = base^(-2k/d_model) with d_model = " + std::to_string(m_m);
        } else {
            f.code = "wrong_base";
            f.severity = Severity::Warning;
            m_check.frequencies = "fitted";
            f.message = "the ladder is geometric like the paper's but at base " + fmt(basePaper)
                        + " (tensor2tensor form: " + fmt(baseT2T) + "), not " + fmt(base);
            f.fix = "w_k = " + fmt(base) + "^(-2k/d)";
        }
    }
    add(std::move(f));
}

// A model that rounds positions (and angles) in float16 or bfloat16 reproduces the matrix:
// the rows collapse past 2048 (float16) or 256 (bfloat16), the angles drift with pos * w.
void Diagnosis::diagnosePrecision()
{
    // The start read off rounded angles is itself off by a little: the whole one is tried too.
    for (Precision p : {Precision::Float16, Precision::BFloat16}) {
        for (bool positionsOnly : {true, false}) {
            bool fits = false;
            for (double start : {m_check.reference.start, std::round(m_check.reference.start)}) {
                ReferenceModel model = m_check.reference;
                model.roundedIn = p;
                model.roundPositionsOnly = positionsOnly;
                model.start = start;
                if (!fits && compare(m_x, model, std::max(m_roundoff, unitRoundoff(p, m_stored)), m_textResolution).worstRatio <= 1) {
                    fits = true;
                    m_check.start = start + 0.0;
                    m_check.reference.start = start;
                }
            }
            if (!fits)
                continue;
            const std::string name(precisionName(p));
            Finding f = makeFinding(positionsOnly ? "low_precision_positions" : "low_precision_angles",
                                    Severity::Warning, "");
            f.evidence.push_back({"largest_exact_integer", largestExactInteger(p)});
            f.found = m_comparison.maxError;
            f.columns = mismatchingColumns(m_comparison);
            f.message = positionsOnly
                            ? "the positions were rounded to " + name + " before the sine: past "
                                  + fmt(largestExactInteger(p)) + " neighbouring positions share a value (error up to "
                                  + fmt(m_comparison.maxError) + ")"
                            : "positions, frequencies and angles were computed in " + name
                                  + ": the phase error grows as pos * w (error up to " + fmt(m_comparison.maxError) + ")";
            f.fix = "compute positions and angles in float32 or float64 and cast only the result to " + name;
            add(std::move(f));
            return;
        }
    }
}

void Diagnosis::addInfo()
{
    if (m_check.start != 0 && m_canonical) {
        Finding f = makeFinding("start_offset", Severity::Info,
                                "row 0 is position " + fmt(m_check.start)
                                    + (m_check.start == 2 ? " (fairseq starts at padding_idx + 1 = 2)" : ""));
        f.found = m_check.start;
        add(std::move(f));
    }
    if (m_check.positionStep == -1) {
        Finding f = makeFinding("positions_descending", Severity::Info,
                                "positions count down by 1 per row, from " + fmt(m_check.start)
                                    + " (Transformer-XL's relative positions)");
        f.found = -1;
        add(std::move(f));
    }
    if (m_check.scale != 1 && (m_canonical || std::abs(m_check.scale - 1) > 0.01)) {
        const bool xScale = std::abs(m_check.scale - 1 / std::sqrt(double(m_m))) < 1e-4 * m_check.scale;
        Finding f = makeFinding("scaled_amplitude", Severity::Info,
                                "the amplitude is " + fmt(m_check.scale) + " instead of 1"
                                    + (xScale ? " (d_model^-0.5, x-transformers ScaledSinusoidalEmbedding)" : ""));
        f.found = m_check.scale;
        f.expected = 1;
        add(std::move(f));
    }
    if (m_check.computedIn) {
        Finding f = makeFinding("computed_in_lower_precision", Severity::Info,
                                "every value is a " + std::string(precisionName(*m_check.computedIn))
                                    + " number, stored as " + std::string(storedTypeName(m_stored)));
        add(std::move(f));
    }
    if (m_check.transposed) {
        add(makeFinding("transposed", Severity::Info,
                        "the file is channel-first: dimensions run along its first axis, positions along the second"));
    }
    if (m_check.layout == "split_cos_sin" && m_canonical)
        add(makeFinding("cos_first", Severity::Info, "cos fills the first half and sin the second "
                                                     "(diffusers flip_sin_to_cos)"));
}

void Diagnosis::notSinusoidal()
{
    m_check.layout = "unknown";
    m_check.frequencies = "fitted";
    m_check.base = kNaN;
    m_check.fittedFrequencies.clear();
    for (int c = 0; c < m_m; ++c)
        m_check.fittedFrequencies.push_back(loneFit(m_reading, c).theta);
    m_scale = 1;
    m_check.scale = m_reading.amplitude;
    m_check.reference = modelFor(Family::Paper, m_options.expectedBase, 1);
    m_check.reference.columns = columnRoles(Pairing::Interleaved, m_m, false, false);
    m_check.reference.frequencies = ladder(Family::Paper, m_options.expectedBase, m_m, channelCount(m_check.reference.columns));
    m_check.reference.start = 0;
    m_check.reference.scale = 1;
    m_comparison = compare(m_x, m_check.reference, m_roundoff, m_textResolution);
    m_check.maxError = m_comparison.maxError;
    m_check.tolerance = m_comparison.tolerance;
    Finding f = makeFinding("not_sinusoidal", Severity::Error, "");
    f.found = m_reading.goodFraction;
    f.evidence.push_back({"explained_column_fraction", m_reading.goodFraction});
    f.message = "this is not a sinusoidal encoding: only " + fmt(100 * m_reading.goodFraction)
                + "% of the columns are sinusoids of the position (a learned table, random numbers, or another "
                  "encoding)";
    f.fix = "PE[pos, 2k] = sin(pos * base^(-2k/d)), PE[pos, 2k+1] = cos(pos * base^(-2k/d))";
    add(std::move(f));
    m_check.matches = false;
}

} // namespace

// ---------------------------------------------------------------------------------------

std::string_view severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Info:
        break;
    }
    return "info";
}

std::string_view oddColumnName(OddColumn odd)
{
    switch (odd) {
    case OddColumn::None:
        return "none";
    case OddColumn::LoneSineLast:
        return "lone_sine_last";
    case OddColumn::ZeroLast:
        return "zero_last";
    case OddColumn::LoneSineMiddle:
        return "lone_sine_middle";
    }
    return "none";
}

double ReferenceModel::value(int row, int column) const
{
    if (column < 0 || column >= int(columns.size()))
        return 0;
    if (std::find(zeroRows.begin(), zeroRows.end(), row) != zeroRows.end())
        return 0;
    const ColumnRole role = columns[std::size_t(column)];
    if (role.kind == ColumnRole::Kind::Zero || role.channel < 0 || role.channel >= int(frequencies.size()))
        return 0;
    double position = start + row * step;
    double w = frequencies[std::size_t(role.channel)];
    double angle;
    if (roundedIn) {
        position = roundToPrecision(*roundedIn, position);
        if (roundPositionsOnly) {
            angle = position * w;
        } else {
            w = roundToPrecision(*roundedIn, w);
            angle = roundToPrecision(*roundedIn, position * w);
        }
    } else {
        angle = position * w;
    }
    const double v = scale * (role.kind == ColumnRole::Kind::Sin ? std::sin(angle) : std::cos(angle));
    return roundedIn && !roundPositionsOnly ? roundToPrecision(*roundedIn, v) : v;
}

RowMatrixXd ReferenceModel::matrix(int rows) const
{
    RowMatrixXd out(std::max(rows, 0), Eigen::Index(columns.size()));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < int(columns.size()); ++c)
            out(r, c) = value(r, c);
    return out;
}

double Finding::evidenceValue(std::string_view name) const
{
    for (const EvidenceValue &v : evidence) {
        if (v.name == name)
            return v.value;
    }
    return kNaN;
}

std::string_view Finding::evidenceWord(std::string_view name) const
{
    for (const EvidenceWord &w : words) {
        if (w.name == name)
            return w.value;
    }
    return {};
}

bool EncodingCheck::hasFinding(std::string_view code) const
{
    return finding(code) != nullptr;
}

const Finding *EncodingCheck::finding(std::string_view code) const
{
    for (const Finding &f : findings) {
        if (f.code == code)
            return &f;
    }
    return nullptr;
}

EncodingCheck checkEncoding(const RowMatrixXd &matrix, StoredType type, const CheckOptions &options)
{
    MatrixFile file;
    file.values = matrix;
    file.shape = {matrix.rows(), matrix.cols()};
    file.type = type;
    return checkEncoding(file, options);
}

EncodingCheck checkEncoding(const MatrixFile &file, const CheckOptions &options)
{
    EncodingCheck check;
    check.shape = file.shape;
    check.dtype = file.type;
    const RowMatrixXd &stored = file.values;
    if (stored.size() == 0) {
        check.findings.push_back(makeFinding("too_small", Severity::Error, "the matrix is empty"));
        return check;
    }
    // The circle test allows the rounding of a low-precision file (bfloat16: 2^-8).
    const double circleTolerance = 0.01;

    // Orientation: the reading whose columns are sinusoids of the rows. Circle pairs decide it
    // at once when only one orientation has them; otherwise both are read in full.
    const RowMatrixXd flipped = stored.transpose();
    Reading asStored = screenOrientation(stored, circleTolerance);
    Reading asFlipped = screenOrientation(flipped, circleTolerance);
    auto pairScore = [](const Reading &r) {
        return r.pairing.score / std::max<double>(1, double(r.y.cols() / 2));
    };
    const double sStored = pairScore(asStored), sFlipped = pairScore(asFlipped);
    if (sStored > 0.05 && sStored > 4 * sFlipped) {
        check.transposed = false;
    } else if (sFlipped > 0.05 && sFlipped > 4 * sStored) {
        check.transposed = true;
    } else {
        completeReading(asStored);
        completeReading(asFlipped);
        auto quality = [](const Reading &r, const RowMatrixXd &x) {
            if (r.window.end - r.window.begin < 2)
                return -1.0;
            return r.goodFraction + 0.25 * recurrenceScore(x) + 0.01 * r.pairing.score / std::max<double>(1, double(x.cols()));
        };
        check.transposed = quality(asFlipped, flipped) > quality(asStored, stored) + 1e-9;
    }
    Reading &chosen = check.transposed ? asFlipped : asStored;
    if (chosen.channels.empty())
        completeReading(chosen);
    const RowMatrixXd &x = check.transposed ? flipped : stored;
    Reading &reading = chosen;
    check.positions = int(x.rows());
    check.dModel = int(x.cols());
    // Until something is identified the reference is all zeros, of the file's shape.
    check.reference.columns.assign(std::size_t(check.dModel), ColumnRole{});

    if (reading.window.end - reading.window.begin < 2) {
        check.findings.push_back(makeFinding("too_small", Severity::Error,
                                             "the matrix has fewer than 2 non-zero rows along either axis: nothing "
                                             "to fit"));
        return check;
    }
    Diagnosis(x, reading, file.type, file.textResolution, options, check).run();

    // Per-column fits for the ladder view.
    check.columnFits.assign(std::size_t(x.cols()), {});
    for (const FitChannel &c : reading.channels) {
        const int columns[2] = {c.first, c.second};
        for (int col : columns) {
            if (col < 0)
                continue;
            ColumnFit &fit = check.columnFits[std::size_t(col)];
            if (c.circle) {
                fit.fromPair = true;
                fit.theta = reading.stepSign * c.rate;
                fit.phase = wrapAngle(col == c.first ? c.line.intercept : c.line.intercept - kPi / 2);
                fit.maxResidual = c.line.maxResidual * reading.amplitude;
            } else {
                const SinusoidFit f = loneFit(reading, col);
                fit.theta = f.theta;
                fit.phase = f.phase;
                fit.maxResidual = f.maxResidual;
            }
        }
    }
    return check;
}

RowMatrixXd referenceMatrix(const EncodingCheck &check)
{
    const RowMatrixXd m = check.reference.matrix(check.positions);
    if (check.transposed)
        return m.transpose();
    return m;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The check's reading of a matrix in the [positions x dimensions] orientation: which columns
// pair up, the sinusoid of every column or pair, the ladder of their rates, the roles and
// the start (core/encodingcheck.cpp says how it all fits together). Internal to core.

#include "core/encodingcheck.h"
#include "core/sinusoidfit.h"

#include <algorithm>
#include <numbers>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace posenc::checking {

constexpr double kPi = std::numbers::pi;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kMaxFitRows = 4096;   // a contiguous block of rows fitted: slopes to 1e-12
constexpr int kMaxLoneRows = 512;   // rows for a column fitted alone (Gauss-Newton is costlier)
constexpr int kShapeSamples = 512;  // rows sampled to tell the shape of a pair
constexpr double kUnaliased = 2.5;  // per-row rates below this are taken as they are observed

enum class Pairing { Interleaved, Split, SplitCeil, None };

enum class PairShape { Circle, Identical, CosOfSin, Other };

// What a pair of columns is, tested on up to kShapeSamples rows: a circle of radius A (a true
// sin/cos pair), the same column twice (sin written twice), b = A cos(a / A) (cos of sin).
// weight says how much the verdict tells: a pair that hardly moves over the rows (a slow
// channel of a short matrix) is a circle and a copy of anything slow alike.
struct PairVerdict {
    PairShape shape = PairShape::Other;
    double weight = 0;
};

struct PairingScore {
    Pairing pairing = Pairing::None;
    double score = 0;
    std::vector<PairVerdict> verdicts;
};

// Rows that are zero (a padding row), and the longest run of other rows, where the fits are
// made. A row counts as zero when each of its numbers is below kNegligible in magnitude: their
// squares and products are lost below the smallest double, so no fit can be made of them.
constexpr double kNegligible = 0x1p-500; // about 3e-151
struct RowWindow {
    std::vector<int> zeroRows;
    int begin = 0; // the fitted block: rows [begin, end) of the oriented matrix
    int end = 0;
};

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

// How far a value may stray from a shape and still be on it: the file's own rounding
// (a bfloat16 file: 2^-8) or, above it, the noise read off the file. A column of a noisy
// encoding strays by its noise at every row, so the bounds grow with it (5 standard
// deviations: no sample of a few thousand Gaussian rows goes beyond).
struct Allowance {
    double amplitude = 0;
    double noise = 0;             // standard deviation of what is not the shape, 0 when clean
    double circleTolerance = 0.01; // of the amplitude

    double circle() const { return std::max(circleTolerance * amplitude, 5 * noise); }
    double copy() const { return std::max(1e-3 * amplitude, 7 * noise); } // two noisy columns apart
    double lone() const { return std::max(0.02 * amplitude, 5 * noise); }
};

// The amplitude and the noise of a sin/cos encoding read off its circles: under the pairing
// whose radii sqrt(a^2 + b^2) spread least, the median radius is the amplitude and 1.4826
// times the median absolute deviation of the radii is the standard deviation of the noise
// (the radial part of Gaussian noise on a circle), over the pairs that move (by at least half
// the largest magnitude, summed over both columns), at least two, of up to kShapeSamples
// pairs at kShapeSamples rows. Radii that spread by more
// than 2 % of their median are no circles: then noise is negative (no estimate).
struct CircleSpread {
    double amplitude = 0;
    double noise = -1;
};
CircleSpread circleSpread(const MatrixView &y);

// Everything read off one orientation.
struct Reading {
    RowWindow window;
    // The fitted rows, in place in the matrix the reading was made of (which must outlive it).
    const MatrixView &y() const { return fitted; }
    MatrixView fitted;
    double amplitude = 0;
    double noise = 0;
    double circleTolerance = 0.01;
    Allowance allowance() const { return {amplitude, noise, circleTolerance}; }
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

// The signed rate and the angle at row 0 of channel k's sine under a hypothesis on the roles:
// sin column = amplitude * sin(theta r + alpha).
struct ChannelAngle {
    double theta = 0;
    double alpha = 0;
};

// t with alpha_k = theta_k t (mod 2 pi) for the channels given: branches of the slowest
// channel, each unwrapped through the faster ones by least squares. The score counts the
// channels that agree within 0.05 rad (robust to a few broken channels).
struct StartEstimate {
    double t = 0;
    double agreeing = 0;
    double spread = 0; // sum of |residual| over the agreeing channels
};

// Half the spacing of a precision's numbers at 1: the relative rounding of one value.
double unitRoundoff(std::optional<Precision> computed, StoredType stored);

std::vector<std::pair<int, int>> pairsOf(Pairing pairing, int m);

// The column left without a partner by an odd d_model: it comes after the pairs' channels.
int loneColumnOf(Pairing pairing, int m);

PairVerdict shapeOf(const MatrixView &y, int a, int b, const Allowance &allowance);

PairingScore scorePairing(const MatrixView &y, Pairing pairing, const Allowance &allowance);

PairingScore bestPairing(const MatrixView &y, const Allowance &allowance);

RowWindow rowWindow(const MatrixView &x);

SinusoidFit loneFit(Reading &reading, int column);

bool loneGood(const SinusoidFit &fit, const Allowance &allowance);

// The amplitude: the mean radius of the circle pairs when there are some, else the largest
// magnitude (every sinusoid column reaches near it, a slow cos column at once).
double amplitudeOf(const MatrixView &y);

double meanCircleRadius(const Reading &reading);

// Channels in the order of their frequency index k.
std::vector<FitChannel> channelsOf(const PairingScore &pairing, int m);

// When no pairing has a single circle (every pair broken by a bug, or no layout at all):
// the pairing whose partners have the closest fitted frequencies, if any is close.
PairingScore pairingByFrequency(Reading &reading);

// Fits every channel: a circle pair by its angle line, anything else by its first column
// alone. rate is the observed |radians per row| (aliasing resolved later).
void fitChannels(Reading &reading);

// The sign of the position step: positions count up when most circle pairs turn forwards.
int stepSignOf(const Reading &reading);

// Weighted least squares of log rate_k = a + b k over channels `use`.
bool fitLogLine(const std::vector<FitChannel> &channels, const std::vector<int> &use, double &a, double &b);

// The ladder over the longest run of consecutive good, unaliased channels; then every good
// channel whose predicted rate is beyond kUnaliased is moved to the alias 2 pi n +- rate
// nearest to the prediction (the observed rate of an aliased sinusoid), and the line refitted.
void fitLadder(Reading &reading);

ChannelAngle channelAngle(Reading &reading, const FitChannel &c, int stepSign, bool swapped);

StartEstimate estimateStart(std::vector<ChannelAngle> angles, int stepSign);

StartEstimate startUnder(Reading &reading, int stepSign, bool swapped);

// The first stage of reading an orientation: the fitted rows, the amplitude and the pairing
// by circles. Cheap (a pass over the matrix), so that both orientations can be screened.
Reading screenOrientation(const MatrixView &x, double circleTolerance);

// The second stage: every channel fitted, the ladder, the roles and the start.
void completeReading(Reading &reading);

// A cheap score of how well the columns of an orientation are sinusoids of the row index:
// the pairing score (circles), then the recurrence x[r+1] + x[r-1] = 2 cos(theta) x[r].
double recurrenceScore(const MatrixView &x);

// The coarsest precision below the stored one in which every value is exact (for text: to
// within its printing), when the test can tell: at least 16 distinct magnitudes, and text
// printed finely enough to show the difference.
std::optional<Precision> computedPrecision(const MatrixView &x, StoredType stored, double textResolution, double amplitude);

} // namespace posenc::checking

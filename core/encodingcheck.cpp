// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encodingcheck.h"

#include "core/checkdiagnosis.h"
#include "core/checkreading.h"

#include <algorithm>
#include <cmath>

// How the check reads a matrix, in the [positions x dimensions] orientation:
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
//     with a tolerance from the file's precision (or --atol); when none fits, the fitted
//     numbers propose bugs (doubled exponent, wrong d, ...), each with its model: the
//     convention with that bug written in.
//  6. A bug is named only when its model, with the other bugs named, leaves at most half the
//     RMS difference that the plain convention leaves (core/checkdiagnosis.h,
//     kExplainsClearly); what none explains is a residual: the convention plus noise or a
//     learned adjustment, measured (RMS, largest, the columns it concentrates in).
// Noise is read off the file first (the spread of the circles' radii), so that the shapes
// of steps 1 and 2 allow for it. Two tables that are no sin/cos encoding are read as what
// they are: a rotary cache (every pair a copy: cos or sin of the RoPE angles) and a learned
// table (most columns no sinusoid: its principal components).

namespace posenc {

using namespace checking;

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
    double v = 0;
    switch (role.kind) {
    case ColumnRole::Kind::Sin:
        v = scale * std::sin(angle);
        break;
    case ColumnRole::Kind::Cos:
        v = scale * std::cos(angle);
        break;
    case ColumnRole::Kind::CosOfSin:
        v = scale * std::cos(std::sin(angle));
        break;
    case ColumnRole::Kind::Zero:
        break;
    }
    return roundedIn && !roundPositionsOnly ? roundToPrecision(*roundedIn, v) : v;
}

RowMatrixXd ReferenceModel::matrix(int rows, int columnCount) const
{
    RowMatrixXd out(std::max(rows, 0), std::max(columnCount, 0));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columnCount; ++c)
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

double EncodingCheck::standingScale() const
{
    const bool unreported = scale != 1 && std::abs(scale - 1) <= 0.01 && !hasFinding("scaled_amplitude")
                            && !hasFinding("learned_table");
    return unreported ? 1.0 : scale;
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
    const StoredMatrix &stored = file.values;
    if (stored.size() == 0) {
        check.findings.push_back(makeFinding("too_small", Severity::Error));
        return check;
    }
    // The circle test allows the rounding of a low-precision file (bfloat16: 2^-8).
    const double circleTolerance = 0.01;

    // Orientation: the reading whose columns are sinusoids of the rows. Circle pairs decide it
    // at once when only one orientation has them; otherwise both are read in full. A file with
    // a single row or column is read as it is stored, [positions, d_model]. Both orientations
    // are read in place: the transpose is a view, not a copy.
    auto stopsAt = [&](double fraction) {
        check.cancelled = options.progress && !options.progress(fraction);
        return check.cancelled;
    };
    const bool line = stored.rows() < 2 || stored.cols() < 2;
    const MatrixView asStoredView(stored, false), flippedView(stored, true);
    Reading asStored = screenOrientation(asStoredView, circleTolerance);
    if (stopsAt(0.15))
        return check;
    Reading asFlipped = line ? Reading{} : screenOrientation(flippedView, circleTolerance);
    if (stopsAt(0.3))
        return check;
    auto pairScore = [](const Reading &r) {
        return r.pairing.score / std::max<double>(1, double(r.y().cols() / 2));
    };
    const double sStored = pairScore(asStored), sFlipped = pairScore(asFlipped);
    if (line || (sStored > 0.05 && sStored > 4 * sFlipped)) {
        check.transposed = false;
    } else if (sFlipped > 0.05 && sFlipped > 4 * sStored) {
        check.transposed = true;
    } else {
        completeReading(asStored);
        if (stopsAt(0.45))
            return check;
        completeReading(asFlipped);
        auto quality = [](const Reading &r, const MatrixView &x) {
            if (r.window.end - r.window.begin < 2)
                return -1.0;
            return r.goodFraction + 0.25 * recurrenceScore(x) + 0.01 * r.pairing.score / std::max<double>(1, double(x.cols()));
        };
        check.transposed = quality(asFlipped, flippedView) > quality(asStored, asStoredView) + 1e-9;
    }
    Reading &chosen = check.transposed ? asFlipped : asStored;
    if (stopsAt(0.5))
        return check;
    if (chosen.channels.empty())
        completeReading(chosen);
    if (stopsAt(0.6))
        return check;
    const MatrixView &x = check.transposed ? flippedView : asStoredView;
    Reading &reading = chosen;
    check.positions = int(x.rows());
    check.dModel = int(x.cols());
    if (reading.window.end - reading.window.begin < 2) {
        // The reference stays empty: 0 in every cell (ReferenceModel::value).
        check.findings.push_back(makeFinding("too_small", Severity::Error));
        return check;
    }
    // Until something is identified the reference is all zeros, of the file's shape.
    check.reference.columns.assign(std::size_t(check.dModel), ColumnRole{});
    Diagnosis(x, reading, file.type, file.textResolution, options, check).run();
    if (stopsAt(0.95))
        return check;

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
    const RowMatrixXd m = check.reference.matrix(check.positions, check.dModel);
    if (check.transposed)
        return m.transpose();
    return m;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

namespace posenc {

// The fitting primitives of the encoding check: a user's column, or a pair of
// columns, read as samples of A sin(theta r + phase) at rows r = 0, 1, 2, ... Angles are in
// radians per row; the position step is worked out later from the whole ladder.

// x wrapped into (-pi, pi].
double wrapAngle(double x);

// A straight line angle(r) = intercept + slope * r through the unwrapped angles of a pair.
struct AngleLine {
    double slope = 0;       // theta, radians per row (aliased into (-pi, pi] unless a hint was given)
    double intercept = 0;   // the angle at row 0 (not wrapped)
    double maxResidual = 0; // the largest |angle - line| over the rows fitted, radians
    double slopeSigma = 0;  // the standard error of the slope, from the residuals
};

// The angle of a (sin, cos) pair, atan2(sinColumn, cosColumn), at rows firstRow .. firstRow +
// n - 1, unwrapped and fitted with a line by least squares. The unwrapping takes each step to
// be the one nearest to slopeHint (0: the principal step in (-pi, pi]); with a hint near the
// true slope a pair that turns by more than pi per row is followed without aliasing.
AngleLine fitPairAngle(const Eigen::Ref<const Eigen::VectorXd> &sinColumn,
                       const Eigen::Ref<const Eigen::VectorXd> &cosColumn, int firstRow, double slopeHint = 0);

// One column fitted alone as amplitude * sin(theta r + phase), r counted from firstRow = 0 of
// the samples given (the caller shifts the phase), with the amplitude fixed: a column of a
// sinusoidal encoding has the amplitude of all the others, and fixing it is what lets a
// column that turns by a small part of a cycle still give its frequency (its slope or its
// curvature). theta is in [0, pi]; the initial guess comes from the recurrence
// x[r+1] + x[r-1] = 2 cos(theta) x[r] that every sinusoid satisfies, then Gauss-Newton.
struct SinusoidFit {
    double theta = 0;
    double phase = 0;       // at the first sample
    double maxResidual = 0; // the largest |x - fit|, in the column's units
    double rmsResidual = 0;
};
SinusoidFit fitSinusoid(const Eigen::Ref<const Eigen::VectorXd> &samples, double amplitude);

} // namespace posenc

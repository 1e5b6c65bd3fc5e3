// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sinusoidfit.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

namespace {

constexpr double kPi = std::numbers::pi;

// Residuals of amplitude * sin(theta r + phase) against the samples.
struct Residual {
    double max = 0;
    double sumSquares = 0;
};

Residual residualOf(const Eigen::Ref<const Eigen::VectorXd> &x, double amplitude, double theta, double phase)
{
    Residual res;
    for (Eigen::Index r = 0; r < x.size(); ++r) {
        const double e = x[r] - amplitude * std::sin(theta * double(r) + phase);
        res.max = std::max(res.max, std::abs(e));
        res.sumSquares += e * e;
    }
    return res;
}

// The phase of the best c1 sin(theta r) + c2 cos(theta r) by linear least squares: with the
// frequency fixed the phase is a linear problem, atan2(c2, c1).
double phaseFor(const Eigen::Ref<const Eigen::VectorXd> &x, double theta)
{
    double ss = 0, sc = 0, cc = 0, xs = 0, xc = 0;
    for (Eigen::Index r = 0; r < x.size(); ++r) {
        const double s = std::sin(theta * double(r)), c = std::cos(theta * double(r));
        ss += s * s;
        sc += s * c;
        cc += c * c;
        xs += x[r] * s;
        xc += x[r] * c;
    }
    const double det = ss * cc - sc * sc;
    if (std::abs(det) < 1e-300)
        return x.size() > 0 && x[0] < 0 ? -kPi / 2 : kPi / 2; // theta = 0: a constant, cos-like
    const double c1 = (xs * cc - xc * sc) / det;
    const double c2 = (xc * ss - xs * sc) / det;
    return std::atan2(c2, c1);
}

} // namespace

double wrapAngle(double x)
{
    if (!std::isfinite(x))
        return 0;
    double y = std::remainder(x, 2 * kPi); // in [-pi, pi]
    if (y <= -kPi)
        y += 2 * kPi;
    return y;
}

AngleLine fitPairAngle(const Eigen::Ref<const Eigen::VectorXd> &sinColumn,
                       const Eigen::Ref<const Eigen::VectorXd> &cosColumn, int firstRow, double slopeHint)
{
    AngleLine line;
    const Eigen::Index n = std::min(sinColumn.size(), cosColumn.size());
    if (n == 0)
        return line;
    Eigen::VectorXd angle(n);
    angle[0] = std::atan2(sinColumn[0], cosColumn[0]);
    for (Eigen::Index r = 1; r < n; ++r) {
        const double raw = std::atan2(sinColumn[r], cosColumn[r]);
        // The step nearest to the hint: the hint plus the wrapped difference from it.
        const double step = slopeHint + wrapAngle(raw - angle[r - 1] - slopeHint);
        angle[r] = angle[r - 1] + step;
    }
    if (n == 1) {
        line.intercept = angle[0] - slopeHint * firstRow;
        line.slope = slopeHint;
        return line;
    }
    // Least squares in the row index counted from the middle (well conditioned).
    const double mid = 0.5 * double(n - 1);
    double sxx = 0, sxy = 0, sy = 0;
    for (Eigen::Index r = 0; r < n; ++r) {
        const double x = double(r) - mid;
        sxx += x * x;
        sxy += x * angle[r];
        sy += angle[r];
    }
    line.slope = sxy / sxx;
    const double meanAngle = sy / double(n);
    double sumSquares = 0;
    for (Eigen::Index r = 0; r < n; ++r) {
        const double e = angle[r] - (meanAngle + line.slope * (double(r) - mid));
        line.maxResidual = std::max(line.maxResidual, std::abs(e));
        sumSquares += e * e;
    }
    line.intercept = meanAngle - line.slope * (mid + firstRow);
    line.slopeSigma = n > 2 ? std::sqrt(sumSquares / double(n - 2) / sxx) : 0;
    return line;
}

SinusoidFit fitSinusoid(const Eigen::Ref<const Eigen::VectorXd> &x, double amplitude)
{
    SinusoidFit fit;
    const Eigen::Index n = x.size();
    if (n == 0 || amplitude <= 0)
        return fit;
    // A constant column: frequency 0, the phase whose sine gives the constant.
    if (x.maxCoeff() - x.minCoeff() <= 1e-12 * amplitude) {
        fit.phase = std::asin(std::clamp(x[0] / amplitude, -1.0, 1.0));
        const Residual res = residualOf(x, amplitude, 0, fit.phase);
        fit.maxResidual = res.max;
        fit.rmsResidual = std::sqrt(res.sumSquares / double(n));
        return fit;
    }
    // x[r+1] + x[r-1] = 2 cos(theta) x[r] for every sinusoid: cos(theta) by least squares.
    double theta = kPi / 2;
    if (n >= 3) {
        double num = 0, den = 0;
        for (Eigen::Index r = 1; r + 1 < n; ++r) {
            num += x[r] * (x[r - 1] + x[r + 1]);
            den += 2 * x[r] * x[r];
        }
        if (den > 0)
            theta = std::acos(std::clamp(num / den, -1.0, 1.0));
    }
    double phase = phaseFor(x, theta);
    Residual best = residualOf(x, amplitude, theta, phase);

    // Gauss-Newton on (theta, phase), the amplitude fixed; a step that does not lower the
    // sum of squares is halved, so that the fit never gets worse than its start.
    for (int iteration = 0; iteration < 30; ++iteration) {
        double jtt = 0, jtp = 0, jpp = 0, gt = 0, gp = 0;
        for (Eigen::Index r = 0; r < n; ++r) {
            const double angle = theta * double(r) + phase;
            const double e = x[r] - amplitude * std::sin(angle);
            const double dPhase = amplitude * std::cos(angle);
            const double dTheta = dPhase * double(r);
            jtt += dTheta * dTheta;
            jtp += dTheta * dPhase;
            jpp += dPhase * dPhase;
            gt += dTheta * e;
            gp += dPhase * e;
        }
        const double det = jtt * jpp - jtp * jtp;
        if (!(std::abs(det) > 0))
            break;
        double stepTheta = (gt * jpp - gp * jtp) / det;
        double stepPhase = (gp * jtt - gt * jtp) / det;
        bool improved = false;
        for (int halving = 0; halving < 12; ++halving) {
            const double t = std::clamp(theta + stepTheta, 0.0, kPi);
            const Residual trial = residualOf(x, amplitude, t, phase + stepPhase);
            if (trial.sumSquares < best.sumSquares) {
                theta = t;
                phase += stepPhase;
                best = trial;
                improved = true;
                break;
            }
            stepTheta /= 2;
            stepPhase /= 2;
        }
        if (!improved || (std::abs(stepTheta) < 1e-15 && std::abs(stepPhase) < 1e-15))
            break;
    }
    fit.theta = theta;
    fit.phase = wrapAngle(phase);
    fit.maxResidual = best.max;
    fit.rmsResidual = std::sqrt(best.sumSquares / double(n));
    return fit;
}

} // namespace posenc

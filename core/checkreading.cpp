// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/checkreading.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace posenc::checking {

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

int loneColumnOf(Pairing pairing, int m)
{
    if (m % 2 == 0 || pairing == Pairing::None)
        return -1;
    return pairing == Pairing::SplitCeil ? m / 2 : m - 1;
}



PairVerdict shapeOf(const MatrixView &y, int a, int b, const Allowance &allowance)
{
    const Eigen::Index n = y.rows();
    const Eigen::Index stride = std::max<Eigen::Index>(1, n / kShapeSamples);
    const double amplitude = allowance.amplitude;
    const double circleBound = allowance.circle(), copyBound = allowance.copy();
    bool circle = true, identical = true, cosOfSin = true;
    for (Eigen::Index r = 0; r < n; r += stride) {
        const double xa = y(r, a), xb = y(r, b);
        circle = circle && std::abs(std::hypot(xa, xb) - amplitude) <= circleBound;
        identical = identical && std::abs(xa - xb) <= copyBound;
        cosOfSin = cosOfSin && std::abs(xb - amplitude * std::cos(xa / amplitude)) <= copyBound;
    }
    const double spreadA = y.columnRange(a);
    const double spreadB = y.columnRange(b);
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


PairingScore scorePairing(const MatrixView &y, Pairing pairing, const Allowance &allowance)
{
    PairingScore result;
    result.pairing = pairing;
    for (const auto &[a, b] : pairsOf(pairing, int(y.cols()))) {
        const PairVerdict v = shapeOf(y, a, b, allowance);
        result.verdicts.push_back(v);
        if (v.shape != PairShape::Other)
            result.score += 0.05 + v.weight;
    }
    return result;
}

PairingScore bestPairing(const MatrixView &y, const Allowance &allowance)
{
    const int m = int(y.cols());
    PairingScore best;
    for (Pairing p : {Pairing::Interleaved, Pairing::Split, Pairing::SplitCeil}) {
        if (p == Pairing::SplitCeil && m % 2 == 0)
            continue;
        if (m < 2)
            break;
        PairingScore s = scorePairing(y, p, allowance);
        if (s.score > best.score * (1 + 1e-9) + 1e-12)
            best = std::move(s);
    }
    return best;
}

// ---------------------------------------------------------------------------------------
// The oriented matrix and its fits


namespace {

bool rowNegligible(const MatrixView &x, Eigen::Index r)
{
    for (Eigen::Index c = 0; c < x.cols(); ++c) {
        if (!(std::abs(x(r, c)) < kNegligible))
            return false;
    }
    return true;
}

} // namespace

RowWindow rowWindow(const MatrixView &x)
{
    RowWindow w;
    int runStart = 0, bestStart = 0, bestLength = 0;
    for (int r = 0; r <= int(x.rows()); ++r) {
        const bool zero = r < int(x.rows()) && rowNegligible(x, r);
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



SinusoidFit loneFit(Reading &reading, int column)
{
    if (!reading.loneFitted[std::size_t(column)]) {
        const int rows = std::min<int>(int(reading.y().rows()), kMaxLoneRows);
        SinusoidFit fit = fitSinusoid(reading.y().column(column, rows), reading.amplitude);
        // The phase at absolute row 0 of the oriented matrix.
        fit.phase = wrapAngle(fit.phase - fit.theta * reading.window.begin);
        reading.loneFits[std::size_t(column)] = fit;
        reading.loneFitted[std::size_t(column)] = true;
    }
    return reading.loneFits[std::size_t(column)];
}

bool loneGood(const SinusoidFit &fit, const Allowance &allowance)
{
    return fit.maxResidual <= allowance.lone();
}

namespace {

double medianOf(std::vector<double> &values)
{
    if (values.empty())
        return 0;
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

// The noise of columns that are sinusoids but pair with nothing (sin written twice): the
// median RMS residual of up to 16 columns fitted alone, when it is below 1 % of the
// amplitude. The fits are not kept: the amplitude may still change.
double loneNoise(Reading &reading)
{
    const int m = int(reading.y().cols());
    const int stride = std::max(1, m / 16);
    std::vector<double> residuals;
    for (int c = 0; c < m; c += stride) {
        if (reading.y().columnMaxAbs(c) > 0)
            residuals.push_back(loneFit(reading, c).rmsResidual);
    }
    reading.loneFitted.assign(reading.loneFitted.size(), false);
    const double noise = medianOf(residuals);
    return noise <= 0.01 * reading.amplitude ? noise : 0;
}

} // namespace

CircleSpread circleSpread(const MatrixView &y)
{
    const int m = int(y.cols());
    const Eigen::Index stride = std::max<Eigen::Index>(1, y.rows() / kShapeSamples);
    const double scale = y.maxAbs();
    CircleSpread best;
    double bestRelative = std::numeric_limits<double>::infinity();
    for (Pairing p : {Pairing::Interleaved, Pairing::Split, Pairing::SplitCeil}) {
        if ((p == Pairing::SplitCeil && m % 2 == 0) || m < 2)
            continue;
        // Only pairs that move tell a circle: two still columns are on any circle.
        std::vector<double> radii;
        int moving = 0;
        const auto pairs = pairsOf(p, m);
        const std::size_t pairStride = std::max<std::size_t>(1, pairs.size() / kShapeSamples);
        for (std::size_t i = 0; i < pairs.size(); i += pairStride) {
            const auto [a, b] = pairs[i];
            const double travel = y.columnRange(a) + y.columnRange(b);
            if (!(travel >= 0.5 * scale))
                continue;
            ++moving;
            for (Eigen::Index r = 0; r < y.rows(); r += stride)
                radii.push_back(std::hypot(y(r, a), y(r, b)));
        }
        if (moving < 2)
            continue;
        const double median = medianOf(radii);
        if (!(median > 0))
            continue;
        for (double &v : radii)
            v = std::abs(v - median);
        const double spread = 1.4826 * medianOf(radii);
        // Radii that spread by more than 2 % are no noisy circle (cos of sin strays by 14 %).
        if (spread / median < bestRelative) {
            bestRelative = spread / median;
            best = {median, spread};
        }
    }
    if (!(bestRelative <= 0.02))
        return {};
    return best;
}

double amplitudeOf(const MatrixView &y)
{
    return y.maxAbs();
}

double meanCircleRadius(const Reading &reading)
{
    double sum = 0;
    long long count = 0;
    const auto pairs = pairsOf(reading.pairing.pairing, int(reading.y().cols()));
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        if (reading.pairing.verdicts[p].shape != PairShape::Circle)
            continue;
        for (Eigen::Index r = 0; r < reading.y().rows(); ++r) {
            sum += std::hypot(reading.y()(r, pairs[p].first), reading.y()(r, pairs[p].second));
            ++count;
        }
    }
    return count ? sum / double(count) : reading.amplitude;
}

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

PairingScore pairingByFrequency(Reading &reading)
{
    const int m = int(reading.y().cols());
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
            if (loneGood(fa, reading.allowance()) && loneGood(fb, reading.allowance()) && fa.theta > 1e-9
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

void fitChannels(Reading &reading)
{
    const int begin = reading.window.begin;
    for (FitChannel &c : reading.channels) {
        if (c.second >= 0 && c.shape == PairShape::Circle) {
            c.line = fitPairAngle(reading.y().column(c.first), reading.y().column(c.second), begin);
            c.circle = true;
            c.good = c.line.maxResidual < 0.1;
            c.rate = std::abs(c.line.slope);
            c.sigma = c.line.slopeSigma;
        } else {
            const SinusoidFit f = loneFit(reading, c.first);
            c.good = loneGood(f, reading.allowance());
            c.rate = f.theta;
            const double rows = double(std::min<Eigen::Index>(reading.y().rows(), kMaxLoneRows));
            c.sigma = (f.rmsResidual + 1e-12 * reading.amplitude) / (reading.amplitude * std::sqrt(rows * rows * rows / 12 + 1));
        }
    }
}

int stepSignOf(const Reading &reading)
{
    int votes = 0;
    for (const FitChannel &c : reading.channels) {
        if (c.circle && c.good && std::abs(c.line.slope) > 1e-9 && std::abs(c.line.slope) < kUnaliased)
            votes += c.line.slope > 0 ? 1 : -1;
    }
    return votes < 0 ? -1 : 1;
}

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

Reading screenOrientation(const MatrixView &x, double circleTolerance)
{
    Reading reading;
    reading.window = rowWindow(x);
    const int rows = reading.window.end - reading.window.begin;
    const int m = int(x.cols());
    // No sinusoid is read off fewer than two rows: nothing per column is kept for them, so a
    // single row of 2^26 numbers costs no more than its own storage.
    if (rows < 2 || m == 0)
        return reading;
    reading.fitted = x.rowBlock(reading.window.begin, rows);
    reading.loneFits.assign(std::size_t(m), {});
    reading.loneFitted.assign(std::size_t(m), false);
    reading.amplitude = amplitudeOf(reading.y());
    reading.circleTolerance = circleTolerance;
    if (!(reading.amplitude > 0))
        return reading;
    const CircleSpread spread = circleSpread(reading.y());
    if (spread.noise >= 0) {
        reading.amplitude = spread.amplitude;
        reading.noise = spread.noise;
    } else {
        reading.noise = loneNoise(reading);
    }
    reading.pairing = bestPairing(reading.y(), reading.allowance());
    if (reading.pairing.score > 0)
        reading.amplitude = meanCircleRadius(reading);
    return reading;
}

void completeReading(Reading &reading)
{
    const int m = int(reading.y().cols());
    if (reading.y().rows() < 2 || m == 0 || !(reading.amplitude > 0))
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
            explained += loneGood(loneFit(reading, c.first), reading.allowance()) ? 1 : 0;
            if (c.second >= 0)
                explained += loneGood(loneFit(reading, c.second), reading.allowance()) ? 1 : 0;
        }
    }
    reading.goodFraction = double(explained) / double(m);
}

double recurrenceScore(const MatrixView &x)
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

std::optional<Precision> computedPrecision(const MatrixView &x, StoredType stored, double textResolution, double amplitude)
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
        const double v = std::abs(x(i / x.cols(), i % x.cols()));
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
        for (Eigen::Index r = 0; r < x.rows() && all; ++r) {
            for (Eigen::Index c = 0; c < x.cols() && all; ++c) {
                const double v = x(r, c);
                all = std::abs(roundToPrecision(p, v) - v) <= textResolution * 1.0001;
            }
        }
        if (all)
            return p;
    }
    return std::nullopt;
}

} // namespace posenc::checking

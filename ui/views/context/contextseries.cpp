// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/context/contextseries.h"

#include "core/ropeanalysis.h"
#include "ui/views/celltext.h"
#include "ui/views/context/contextview.h"
#include "ui/views/ropeconfigtext.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

namespace {

constexpr int kSamples = 192; // along a log axis: more than a plot's width needs

QVector<double> toVector(const std::vector<double> &values)
{
    return QVector<double>(values.begin(), values.end());
}

QVector<double> pairIndices(int pairs)
{
    QVector<double> x(pairs);
    for (int i = 0; i < pairs; ++i)
        x[i] = i;
    return x;
}

// A log axis draws no zero: a pair with no error is left out of the curve (a gap).
QVector<double> withoutZeros(QVector<double> values)
{
    for (double &v : values) {
        if (!(v > 0))
            v = std::numeric_limits<double>::quiet_NaN();
    }
    return values;
}

ContextSeries divisors(const ContextResult &r)
{
    ContextSeries s;
    s.title = ContextSeries::tr("Divisor of each pair's frequency");
    s.xLabel = ContextSeries::tr("pair index i (0: the fastest)");
    s.yLabel = ContextSeries::tr("divisor κ = inv_freq / inv_freq scaled");
    s.yLogBase = 2; // 1 (kept), 2, 4, 8: the factors models ship with
    const int pairs = r.leftFrequencies.pairs();
    s.x = pairIndices(pairs);
    s.left.resize(pairs);
    s.right.resize(pairs);
    for (int i = 0; i < pairs; ++i) {
        s.left[i] = r.leftFrequencies.divisor(i);
        s.right[i] = r.rightFrequencies.divisor(i);
    }
    s.lines << ContextSeries::Line{ContextSeries::tr("s = %1").arg(CellText::number(r.left.factor, 6)), r.left.factor,
                                   false, true};
    return s;
}

ContextSeries turns(const ContextResult &r)
{
    ContextSeries s;
    const double length = r.left.seqLen;
    s.title = ContextSeries::tr("Turns within L, and within %1").arg(CellText::number(length, 6));
    s.xLabel = ContextSeries::tr("pair index i (0: the fastest)");
    s.yLabel = ContextSeries::tr("turns = length · inv_freq / 2π");
    s.yLogBase = 10;
    s.x = pairIndices(r.leftFrequencies.pairs());
    s.original = toVector(ropeTurns(r.leftFrequencies.invFreq, r.left.originalContext));
    s.left = toVector(ropeTurns(r.leftFrequencies.invFreqScaled, length));
    s.right = toVector(ropeTurns(r.rightFrequencies.invFreqScaled, length));
    s.lines << ContextSeries::Line{ContextSeries::tr("one turn"), 1, false, true};
    return s;
}

ContextSeries decay(const ContextResult &r)
{
    ContextSeries s;
    const double length = std::max(r.left.seqLen, 2.0);
    s.title = ContextSeries::tr("RoFormer's decay bound");
    s.xLabel = ContextSeries::tr("relative distance r (positions)");
    s.yLabel = ContextSeries::tr("(1/(d/2)) Σ_j |S_j(r)|");
    s.pairsOnX = false;
    const std::vector<double> distances = logSpaced(1, length, kSamples);
    s.x = toVector(distances);
    s.original = toVector(ropeDecayBound(r.leftFrequencies.invFreq, distances));
    s.left = toVector(ropeDecayBound(r.leftFrequencies.invFreqScaled, distances));
    s.right = toVector(ropeDecayBound(r.rightFrequencies.invFreqScaled, distances));
    s.lines << ContextSeries::Line{ContextSeries::tr("L = %1").arg(CellText::number(r.left.originalContext, 6)),
                                   r.left.originalContext, true, false}
            << ContextSeries::Line{ContextSeries::tr("length %1").arg(CellText::number(length, 6)), length, true, true};
    return s;
}

ContextSeries attention(const ContextResult &r)
{
    ContextSeries s;
    s.title = ContextSeries::tr("Logits × attention factor²");
    s.xLabel = ContextSeries::tr("stretch s");
    s.yLabel = ContextSeries::tr("logits × (attention factor)²");
    s.pairsOnX = false;
    s.xLogBase = 2;
    const std::vector<double> factors = logSpaced(1, std::max(64.0, 4 * r.left.factor), kSamples);
    s.x = toVector(factors);
    const auto squared = [](std::vector<double> v) {
        for (double &a : v)
            a *= a;
        return toVector(v);
    };
    s.left = squared(ropeAttentionFactors(r.left, factors));
    s.right = squared(ropeAttentionFactors(r.right, factors));
    s.lines << ContextSeries::Line{ContextSeries::tr("s = %1").arg(CellText::number(r.left.factor, 6)), r.left.factor,
                                   true, true};
    return s;
}

ContextSeries cachedKeys(const ContextResult &r)
{
    ContextSeries s;
    s.title = ContextSeries::tr("Angle error of cached keys");
    s.xLabel = ContextSeries::tr("pair index i (0: the fastest)");
    s.yLabel = ContextSeries::tr("largest |p · (θ(l) − θ(p + 1))| (rad)");
    s.yLogBase = 10;
    s.x = pairIndices(r.leftFrequencies.pairs());
    s.left = withoutZeros(toVector(ropeCachedKeyError(r.left)));
    s.right = withoutZeros(toVector(ropeCachedKeyError(r.right)));
    // A method whose frequencies do not follow the length caches every key right.
    const auto unchanged = [](const RopeScaling &m) {
        return ContextSeries::tr("%1: none (fixed frequencies)").arg(RopeConfigText::methodShortName(m.method));
    };
    if (r.left.method != RopeMethod::DynamicNtk && r.left.method != RopeMethod::LongRope)
        s.leftName = unchanged(r.left);
    if (r.right.method != RopeMethod::DynamicNtk && r.right.method != RopeMethod::LongRope)
        s.rightName = unchanged(r.right);
    s.lines << ContextSeries::Line{ContextSeries::tr("π: a half turn"), std::numbers::pi, false, true};
    return s;
}

} // namespace

ContextSeries ContextSeries::compute(const ContextResult &r, ContextPlot plot)
{
    switch (plot) {
    case ContextPlot::Divisor:
        break;
    case ContextPlot::Turns:
        return turns(r);
    case ContextPlot::Decay:
        return decay(r);
    case ContextPlot::Attention:
        return attention(r);
    case ContextPlot::CachedKeys:
        return cachedKeys(r);
    }
    return divisors(r);
}

} // namespace posenc

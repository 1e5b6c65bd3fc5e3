// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/context/contextoptions.h"

namespace posenc {

QList<RopeMethod> ContextOptions::methods()
{
    return {RopeMethod::Default, RopeMethod::Linear, RopeMethod::NtkAware,
            RopeMethod::DynamicNtk, RopeMethod::Yarn, RopeMethod::Llama3};
}

QList<ContextPlot> ContextOptions::plots()
{
    return {ContextPlot::Divisor, ContextPlot::Turns, ContextPlot::Decay, ContextPlot::Attention,
            ContextPlot::CachedKeys};
}

QString ContextOptions::plotId(ContextPlot plot)
{
    switch (plot) {
    case ContextPlot::Divisor:
        return QStringLiteral("divisor");
    case ContextPlot::Turns:
        return QStringLiteral("turns");
    case ContextPlot::Decay:
        return QStringLiteral("decay");
    case ContextPlot::Attention:
        return QStringLiteral("attention");
    case ContextPlot::CachedKeys:
        return QStringLiteral("cache");
    }
    return {};
}

RopeScaling ContextOptions::scaling(RopeMethod method, int dim, double base) const
{
    RopeScaling s;
    s.method = method;
    s.dim = dim;
    s.base = base;
    s.factor = factor;
    s.originalContext = context;
    s.seqLen = length();
    s.betaFast = betaFast;
    s.betaSlow = betaSlow;
    s.truncate = truncate;
    s.lowFreqFactor = lowFreqFactor;
    s.highFreqFactor = highFreqFactor;
    return s;
}

std::optional<QString> ContextOptions::validate() const
{
    if (!methods().contains(left) || !methods().contains(right))
        return QStringLiteral("context_left and context_right must be one of default, linear, ntk, dynamic, yarn, llama3");
    if (!(context >= 1 && context <= kMaxContext))
        return QStringLiteral("context_length must be in [1, 1e9]");
    if (!(factor >= 1 && factor <= kMaxFactor))
        return QStringLiteral("context_factor must be in [1, 10000]");
    if (!(seqLen >= 0 && seqLen <= RopeScaling::kMaxContext))
        return QStringLiteral("context_seq_len must be 0 (s·L) or in [1, 1e12]");
    if (!(betaFast >= 1e-6 && betaFast <= 1e6) || !(betaSlow >= 1e-6 && betaSlow <= 1e6))
        return QStringLiteral("context_beta_fast and context_beta_slow must be in [1e-06, 1e+06]");
    if (!(lowFreqFactor > 0 && lowFreqFactor <= 1e6) || !(highFreqFactor > lowFreqFactor && highFreqFactor <= 1e6))
        return QStringLiteral("context_high_freq must be above context_low_freq, both in (0, 1e+06]");
    return std::nullopt;
}

} // namespace posenc

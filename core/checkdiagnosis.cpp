// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/checkdiagnosis.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace posenc::checking {

void Diagnosis::run()
{
    describeLayout();
    describeRows();
    m_check.computedIn = computedPrecision(m_x, m_stored, m_textResolution, m_reading.amplitude);
    m_roundoff = unitRoundoff(m_check.computedIn, m_stored);
    if (readAsRopeCache())
        return;
    if (m_reading.goodFraction < 0.5 || m_reading.amplitude <= 0) {
        readAsLearnedTable();
        return;
    }
    describeLadder();
    compareWithConventions();
    m_plain = m_check.reference;
    m_residual = residualOf(m_x, m_plain);
    m_check.residualRms = m_residual.rms;
    m_check.residualMax = m_residual.max;
    if (!m_canonical) {
        diagnosePairs();
        diagnoseLadder();
        diagnosePrecision();
        keepExplainedFindings();
    }
    addInfo();
    conclude();
}

bool Diagnosis::withinTolerance(const Comparison &c) const
{
    return m_options.atol ? c.maxError <= *m_options.atol : c.worstRatio <= 1;
}

// Each bug found must be worth its name: with the other bugs found written into the
// convention, writing this one in as well must leave clearly less of the file unexplained
// (at most kExplainsClearly of the RMS difference without it). Else the difference is a
// residual (noise, a learned adjustment), not this bug. The bug that gains least goes first,
// then the rest are weighed again.
void Diagnosis::keepExplainedFindings()
{
    for (;;) {
        std::vector<std::size_t> bugs;
        for (std::size_t i = 0; i < m_check.findings.size(); ++i) {
            if (m_check.findings[i].severity != Severity::Info && modelOf(m_check.findings[i], m_plain))
                bugs.push_back(i);
        }
        if (bugs.empty())
            return;
        const double withAll = weighedRms(m_x, modelWith(bugs, bugs.size()));
        std::size_t weakest = bugs.size();
        double weakestGain = 1;
        for (std::size_t j = 0; j < bugs.size(); ++j) {
            const double without = weighedRms(m_x, modelWith(bugs, j));
            const double gain = without > 0 ? withAll / without : 1;
            if (!(gain <= kExplainsClearly) && (weakest == bugs.size() || !(gain <= weakestGain))) {
                weakest = j;
                weakestGain = gain;
            }
        }
        if (weakest == bugs.size())
            return;
        m_check.findings.erase(m_check.findings.begin() + std::ptrdiff_t(bugs[weakest]));
    }
}

// The convention with the bugs of the findings `bugs` written in, all but the one at `skip`,
// in an order where each builds on the last: the ladder, the positions, the pairs, the rows,
// the rounding.
ReferenceModel Diagnosis::modelWith(const std::vector<std::size_t> &bugs, std::size_t skip) const
{
    static const std::vector<std::vector<std::string_view>> order = {
        {"doubled_exponent", "wrong_d_in_exponent", "wrong_base", "multiply_instead_of_divide",
         "integer_truncated_frequencies", "all_frequencies_equal"},
        {"positions_scaled"},
        {"sin_cos_swapped", "sin_written_twice", "cos_of_sin", "per_column_exponent"},
        {"first_row_zeroed", "zeroed_rows"},
        {"low_precision_positions", "low_precision_angles"}};
    ReferenceModel model = m_plain;
    for (const auto &stage : order) {
        for (std::size_t j = 0; j < bugs.size(); ++j) {
            const Finding &f = m_check.findings[bugs[j]];
            if (j != skip && std::find(stage.begin(), stage.end(), f.code) != stage.end())
                model = *modelOf(f, model);
        }
    }
    return model;
}

// The verdict once the findings that stand are known: a match, a convention plus a
// residual, a bug, or a difference that nothing explains.
void Diagnosis::conclude()
{
    const bool bug = std::any_of(m_check.findings.begin(), m_check.findings.end(),
                                 [](const Finding &f) { return f.severity != Severity::Info; });
    if (m_canonical) {
        if (m_comparison.worstRatio > 1)
            addResidual(Severity::Info); // within the --atol asked for, beyond the file's precision
        m_check.matches = !bug;
    } else if (!bug && m_check.layout != "unknown" && m_check.layout != "interleaved_cos_sin"
               && m_residual.rms <= kResidualOfConvention * std::abs(m_scale)) {
        // The convention with something added: named as the convention, its rest measured.
        m_check.reference = m_plain;
        m_check.start = m_plain.start + 0.0;
        m_check.frequencies = m_family == Family::Paper ? "paper" : "tensor2tensor";
        m_check.base = m_options.expectedBase;
        const bool precisionLevel = m_residual.rms <= m_comparison.tolerance;
        addResidual(precisionLevel ? Severity::Info : Severity::Warning);
        m_check.matches = precisionLevel;
    } else if (!bug) {
        Finding f = makeFinding("unexplained_difference", Severity::Error);
        f.columns = mismatchingColumns(m_comparison);
        f.found = m_comparison.maxError;
        add(std::move(f));
    }
    if (m_check.matches || m_check.hasFinding("residual"))
        m_check.implementations = implementationsOf(m_check.layout, m_family, m_check.oddColumn, m_check.start,
                                                    m_check.scale, m_m);
}

void Diagnosis::addResidual(Severity severity)
{
    Finding f = makeFinding("residual", severity);
    f.found = m_residual.rms;
    f.expected = m_check.tolerance;
    f.columns = concentratedColumns(m_residual);
    f.evidence = {{"residual_rms", m_residual.rms}, {"residual_max", m_residual.max}, {"tolerance", m_check.tolerance}};
    add(std::move(f));
}

// `model` with the bug of `f` written in, when the bug has one.
std::optional<ReferenceModel> Diagnosis::modelOf(const Finding &f, ReferenceModel model) const
{
    auto &roles = model.columns;
    const std::string &code = f.code;
    if (code == "sin_cos_swapped") {
        for (int c : f.columns) {
            ColumnRole &role = roles[std::size_t(c)];
            role.kind = role.kind == ColumnRole::Kind::Sin ? ColumnRole::Kind::Cos : ColumnRole::Kind::Sin;
        }
    } else if (code == "sin_written_twice" || code == "cos_of_sin") {
        for (std::size_t i = 0; i + 1 < f.columns.size(); i += 2) {
            roles[std::size_t(f.columns[i + 1])] = roles[std::size_t(f.columns[i])];
            if (code == "cos_of_sin")
                roles[std::size_t(f.columns[i + 1])].kind = ColumnRole::Kind::CosOfSin;
        }
    } else if (code == "per_column_exponent") {
        // Each column of the pairs at the frequency it was fitted with alone.
        const double magnitude = std::abs(m_fittedStep);
        for (int c : f.columns) {
            roles[std::size_t(c)].channel = int(model.frequencies.size());
            model.frequencies.push_back(m_reading.loneFits[std::size_t(c)].theta / magnitude);
        }
    } else if (code == "doubled_exponent" || code == "wrong_d_in_exponent"
               || (code == "wrong_base" && m_check.frequencies != "fitted")) {
        model.frequencies = ladder(m_check.frequencies == "tensor2tensor" ? Family::Tensor2Tensor : Family::Paper,
                                   m_check.base, m_m, channelCount(roles));
    } else if (code == "wrong_base" || code == "multiply_instead_of_divide" || code == "integer_truncated_frequencies"
               || code == "all_frequencies_equal") {
        model.frequencies = withFittedFrequencies().frequencies;
    } else if (code == "positions_scaled") {
        model.step = m_fittedStep;
        model.start = m_check.start;
    } else if (code == "first_row_zeroed" || code == "zeroed_rows") {
        model.zeroRows = m_reading.window.zeroRows;
    } else if (code == "low_precision_positions" || code == "low_precision_angles") {
        model.roundedIn = f.evidenceValue("largest_exact_integer") == largestExactInteger(Precision::BFloat16)
                              ? Precision::BFloat16
                              : Precision::Float16;
        model.roundPositionsOnly = code == "low_precision_positions";
        model.start = m_check.reference.start;
    } else {
        return std::nullopt;
    }
    return model;
}

ReferenceModel Diagnosis::withFittedFrequencies() const
{
    ReferenceModel model = m_plain;
    for (std::size_t k = 0; k < model.frequencies.size() && k < m_check.fittedFrequencies.size(); ++k) {
        if (m_check.fittedFrequencies[k] > 0)
            model.frequencies[k] = m_check.fittedFrequencies[k];
    }
    return model;
}

bool Diagnosis::readAsRopeCache()
{
    const std::optional<RopeCache> cache = readRopeCache(m_x, m_reading, m_options.expectedBase);
    if (!cache)
        return false;
    m_check.layout = cache->rotateHalf ? "rope_rotate_half" : "rope_interleaved";
    m_check.oddColumn = OddColumn::None;
    m_check.frequencies = std::isfinite(cache->base) ? "paper" : "fitted";
    m_check.fittedFrequencies = cache->frequencies;
    m_check.base = cache->base;
    m_check.start = cache->start;
    m_check.positionStep = cache->step;
    m_check.scale = cache->scale;
    m_check.reference = cache->model;
    m_scale = cache->scale;
    m_comparison = compare(m_x, cache->model, m_roundoff, m_textResolution);
    m_residual = cache->residual;
    m_check.maxError = m_comparison.maxError;
    m_check.tolerance = m_options.atol.value_or(m_comparison.tolerance);
    m_check.residualRms = m_residual.rms;
    m_check.residualMax = m_residual.max;
    Finding f = makeFinding("rope_cache", Severity::Info);
    f.evidence = {{"base", cache->base}, {"rotary_dim", double(m_m)}, {"start", cache->start},
                  {"position_step", cache->step}};
    f.words = {{"layout", cache->rotateHalf ? "rotate_half" : "interleaved"}, {"function", cache->cosine ? "cos" : "sin"}};
    add(std::move(f));
    const bool exact = withinTolerance(m_comparison);
    if (!exact)
        addResidual(m_residual.rms <= m_comparison.tolerance ? Severity::Info : Severity::Warning);
    else if (m_comparison.worstRatio > 1)
        addResidual(Severity::Info);
    addInfo();
    m_check.matches = exact || m_residual.rms <= m_comparison.tolerance;
    m_check.implementations = cache->rotateHalf
                                  ? std::vector<std::string>{"Hugging Face transformers rotary embedding cos/sin cache "
                                                             "(rotate_half: llama, mistral, qwen2, gpt_neox)"}
                                  : std::vector<std::string>{"Hugging Face GPT-J sin/cos repeated per pair "
                                                             "(rotate_every_two)"};
    return true;
}

// No sinusoidal structure: what can be said of a learned table.
void Diagnosis::readAsLearnedTable()
{
    m_check.layout = "unknown";
    m_check.frequencies = "fitted";
    m_check.base = kNaN;
    m_check.fittedFrequencies.clear();
    int sinusoids = 0;
    for (int c = 0; c < m_m; ++c) {
        const SinusoidFit fit = loneFit(m_reading, c);
        m_check.fittedFrequencies.push_back(fit.theta);
        sinusoids += loneGood(fit, m_reading.allowance()) ? 1 : 0;
    }
    m_scale = 1;
    m_check.scale = m_reading.amplitude;
    m_check.reference = modelFor(Family::Paper, m_options.expectedBase, 1);
    m_check.reference.columns = columnRoles(Pairing::Interleaved, m_m, false, false);
    m_check.reference.frequencies = ladder(Family::Paper, m_options.expectedBase, m_m, channelCount(m_check.reference.columns));
    m_check.reference.start = 0;
    m_check.reference.scale = 1;
    m_check.reference.zeroRows.clear();
    m_comparison = compare(m_x, m_check.reference, m_roundoff, m_textResolution);
    m_check.maxError = m_comparison.maxError;
    m_check.tolerance = m_options.atol.value_or(m_comparison.tolerance);
    m_check.learned = principalComponents(m_x);
    const EncodingCheck::LearnedTable &table = *m_check.learned;
    auto share = [&](std::size_t i) { return i < table.varianceShare.size() ? table.varianceShare[i] : 0.0; };
    Finding f = makeFinding("learned_table", Severity::Info);
    f.found = m_reading.goodFraction;
    f.evidence = {{"pc1_share", share(0)}, {"pc2_share", share(1)}, {"components_90", componentsFor90(table)},
                  {"sinusoid_columns", double(sinusoids)}};
    f.words = {{"trajectory", table.trajectory}};
    add(std::move(f));
    if (m_check.transposed)
        add(makeFinding("transposed", Severity::Info));
    m_check.matches = false;
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
        const bool zero = m_x.columnMaxAbs(lone) == 0;
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
        Finding f = makeFinding("padding_row_zeroed", Severity::Info);
        f.row = zeros[0];
        add(std::move(f));
        return;
    }
    const bool first = zeros[0] == 0;
    Finding f = makeFinding(first && zeros.size() == 1 ? "first_row_zeroed" : "zeroed_rows", Severity::Warning);
    f.row = zeros[0];
    f.evidence.push_back({"zero_rows", double(zeros.size())});
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
    // A noisy file's mean radius strays by the noise over the square root of its samples, and
    // lies above the amplitude by noise^2 / (2 amplitude).
    const double noise = m_reading.noise;
    const double scaleTolerance = 4 * m_roundoff + 2 * m_textResolution + 1e-9
                                  + 4 * noise / std::sqrt(double(m_reading.y().size()) / 2 + 1)
                                  + noise * noise / std::max(m_reading.amplitude, 1e-300);
    if (std::abs(m_scale - 1) < scaleTolerance)
        m_scale = 1;
    m_check.scale = m_scale;
    m_check.fittedFrequencies.clear();
    for (double r : m_rates)
        m_check.fittedFrequencies.push_back(r / magnitude);

    if (!unitStep && !ch.empty() && ch[0].good) {
        Finding f = makeFinding("positions_scaled", Severity::Warning);
        f.expected = 1;
        f.found = m_fittedStep;
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
    // The family within its tolerance, else the one that leaves the least RMS difference (a
    // few bad cells, a zeroed row, must not choose the family for the rest).
    const double base = m_options.expectedBase;
    bool first = true, bestWithin = false;
    double bestRms = 0;
    for (Family family : {Family::Paper, Family::Tensor2Tensor}) {
        const ReferenceModel model = modelFor(family, base, m_step);
        Comparison c = compare(m_x, model, m_roundoff, m_textResolution);
        const bool within = withinTolerance(c);
        const double rms = weighedRms(m_x, model);
        const bool better = within ? !bestWithin || c.worstRatio < m_comparison.worstRatio : !bestWithin && rms < bestRms;
        if (first || better) {
            m_comparison = std::move(c);
            m_family = family;
            m_check.reference = model;
            bestWithin = within;
            bestRms = rms;
            first = false;
        }
    }
    m_check.maxError = m_comparison.maxError;
    m_check.tolerance = m_options.atol.value_or(m_comparison.tolerance);
    m_canonical = withinTolerance(m_comparison) && m_check.layout != "interleaved_cos_sin"
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
            if (loneGood(fa, m_reading.allowance()) && loneGood(fb, m_reading.allowance()) && fa.theta > 1e-9
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
        Finding f = makeFinding("sin_cos_swapped", Severity::Error);
        for (int c = 0; c < m_m; ++c)
            f.columns.push_back(c);
        add(std::move(f));
    } else if (!swapped.empty()) {
        Finding f = makeFinding("sin_cos_swapped", Severity::Error);
        f.columns = swapped;
        add(std::move(f));
    }
    if (!twice.empty()) {
        Finding f = makeFinding("sin_written_twice", Severity::Error);
        f.columns = twice;
        add(std::move(f));
    }
    if (!cosOfSin.empty()) {
        Finding f = makeFinding("cos_of_sin", Severity::Error);
        f.columns = cosOfSin;
        add(std::move(f));
    }
    if (ratioCount > 0) {
        const double ratio = std::exp(ratioSum / ratioCount);
        Finding f = makeFinding("per_column_exponent", Severity::Error);
        f.columns = perColumn;
        f.expected = 1;
        f.found = ratio;
        f.column = perColumn[1];
        // A cos at exponent (2k+1)/d instead of 2k/d runs base^(-1/d) slower than its sine.
        const double equivalentD = -std::log(m_options.expectedBase) / std::log(ratio);
        f.evidence.push_back({"cos_over_sin_frequency", ratio});
        f.evidence.push_back({"exponent_step_d", equivalentD});
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
    // Two frequencies are the same when they differ by less than their fits can tell (4
    // standard errors of a noisy file) and a millionth; only channels whose rate is known to
    // 1 % count, so that the slow channels of a short noisy file make no steps.
    const double magnitude = std::max(std::abs(m_fittedStep), 1e-300);
    auto sigmaOf = [&](std::size_t i) { return ch[std::size_t(ks[i])].sigma / magnitude; };
    auto known = [&](std::size_t i) { return m_reading.noise == 0 || sigmaOf(i) <= 0.01 * w[i]; };
    auto same = [&](std::size_t i, std::size_t j) {
        return std::abs(w[i] - w[j]) <= std::max(1e-6 * std::max(w[i], 1e-9), 4 * std::hypot(sigmaOf(i), sigmaOf(j)));
    };
    int plateaus = 0, zeros = 0, knownChannels = 0, equalToFirst = 0;
    std::size_t first = w.size();
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (w[i] <= 1e-9)
            ++zeros;
        if (i + 1 < w.size() && ks[i + 1] == ks[i] + 1 && known(i) && known(i + 1) && same(i, i + 1))
            ++plateaus;
        if (known(i)) {
            first = std::min(first, i);
            ++knownChannels;
            equalToFirst += same(first, i) ? 1 : 0;
        }
    }
    std::vector<int> allColumns;
    for (int c = 0; c < m_m; ++c)
        allColumns.push_back(c);
    if (wMax > 0 && knownChannels >= 2 && equalToFirst == knownChannels) {
        m_check.frequencies = "fitted";
        Finding f = makeFinding("all_frequencies_equal", Severity::Error);
        f.found = wMax;
        f.columns = allColumns;
        add(std::move(f));
        return;
    }
    if (plateaus + zeros >= std::max<int>(2, int(w.size()) / 5)) {
        m_check.frequencies = "fitted";
        Finding f = makeFinding("integer_truncated_frequencies", Severity::Error);
        f.evidence.push_back({"repeated_frequencies", double(plateaus)});
        f.evidence.push_back({"zero_frequencies", double(zeros)});
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
        Finding f = makeFinding("multiply_instead_of_divide", Severity::Error);
        f.expected = 1 / base;
        f.found = grow;
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
    } else if (roundNumber(fitted)) {
        f.code = "wrong_base";
        f.severity = Severity::Warning;
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
        } else {
            f.code = "wrong_base";
            f.severity = Severity::Warning;
            m_check.frequencies = "fitted";
        }
    }
    add(std::move(f));
}

// A model that rounds positions (and angles) in float16 or bfloat16 reproduces the matrix:
// the rows collapse past 2048 (float16) or 256 (bfloat16), the angles drift with pos * w.
void Diagnosis::diagnosePrecision()
{
    // Of the models that round in float16 or bfloat16 (positions alone, or everything), the
    // one closest to the file, if it explains the file clearly better than the convention.
    // A rounding that changes no value of these positions explains nothing: float16 holds
    // every whole position up to 2048, bfloat16 up to 256. The start read off rounded angles
    // is itself off by a little: the whole one is tried too.
    std::optional<ReferenceModel> best;
    double bestRms = kExplainsClearly * weighedRms(m_x, m_plain);
    for (Precision p : {Precision::Float16, Precision::BFloat16}) {
        for (bool positionsOnly : {true, false}) {
            for (double start : {m_check.reference.start, std::round(m_check.reference.start)}) {
                ReferenceModel model = m_check.reference;
                model.roundedIn = p;
                model.roundPositionsOnly = positionsOnly;
                model.start = start;
                if (!changesValues(model, m_check.reference, int(m_x.rows())))
                    continue;
                const double rms = weighedRms(m_x, model);
                if (rms < bestRms) {
                    bestRms = rms;
                    best = model;
                }
            }
        }
    }
    if (!best)
        return;
    const Precision p = *best->roundedIn;
    m_check.start = best->start + 0.0;
    m_check.reference.start = best->start;
    const std::string name(precisionName(p));
    const bool positionsOnly = best->roundPositionsOnly;
    Finding f = makeFinding(positionsOnly ? "low_precision_positions" : "low_precision_angles", Severity::Warning);
    f.evidence.push_back({"largest_exact_integer", largestExactInteger(p)});
    f.found = m_comparison.maxError;
    f.columns = mismatchingColumns(m_comparison);
    add(std::move(f));
}

void Diagnosis::addInfo()
{
    if (m_check.start != 0 && m_canonical) {
        Finding f = makeFinding("start_offset", Severity::Info);
        f.found = m_check.start;
        add(std::move(f));
    }
    if (m_check.positionStep == -1) {
        Finding f = makeFinding("positions_descending", Severity::Info);
        f.found = -1;
        add(std::move(f));
    }
    if (m_check.scale != 1 && (m_canonical || std::abs(m_check.scale - 1) > 0.01)) {
        Finding f = makeFinding("scaled_amplitude", Severity::Info);
        f.found = m_check.scale;
        f.expected = 1;
        add(std::move(f));
    }
    if (m_check.computedIn) {
        Finding f = makeFinding("computed_in_lower_precision", Severity::Info);
        add(std::move(f));
    }
    if (m_check.transposed) {
        add(makeFinding("transposed", Severity::Info));
    }
    if (m_check.layout == "split_cos_sin" && m_canonical)
        add(makeFinding("cos_first", Severity::Info));
}


} // namespace posenc::checking

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/checkreference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::checking {

// ---------------------------------------------------------------------------------------
// References


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


Comparison compare(const MatrixView &x, const ReferenceModel &model, double valueRoundoff, double textResolution)
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
                                     + 1.01 * textResolution + std::numeric_limits<double>::denorm_min();
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

Residual residualOf(const MatrixView &x, const ReferenceModel &model)
{
    Residual result;
    const int n = int(x.rows()), m = int(x.cols());
    result.columnRms.assign(std::size_t(m), 0.0);
    double sum = 0;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < m; ++c) {
            const double e = x(r, c) - model.value(r, c);
            sum += e * e;
            result.columnRms[std::size_t(c)] += e * e;
            result.max = std::max(result.max, std::abs(e));
        }
    }
    for (double &v : result.columnRms)
        v = n > 0 ? std::sqrt(v / n) : 0;
    result.rms = x.size() > 0 ? std::sqrt(sum / double(x.size())) : 0;
    return result;
}

double weighedRms(const MatrixView &x, const ReferenceModel &model)
{
    const long long n = x.rows(), m = x.cols();
    if (n == 0 || m == 0)
        return 0;
    const long long stride = std::max<long long>(1, (n * m + kWeighedCells - 1) / kWeighedCells);
    double sum = 0;
    long long count = 0;
    for (long long r = 0; r < n; r += stride) {
        for (long long c = 0; c < m; ++c) {
            const double e = x(r, c) - model.value(int(r), int(c));
            sum += e * e;
        }
        count += m;
    }
    return std::sqrt(sum / double(count));
}

bool changesValues(const ReferenceModel &a, const ReferenceModel &b, int rows)
{
    const int m = int(std::min(a.columns.size(), b.columns.size()));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < m; ++c) {
            if (a.value(r, c) != b.value(r, c))
                return true;
        }
    }
    return false;
}

std::vector<int> concentratedColumns(const Residual &residual)
{
    std::vector<int> columns;
    for (std::size_t c = 0; c < residual.columnRms.size(); ++c) {
        if (residual.columnRms[c] > 2 * residual.rms)
            columns.push_back(int(c));
    }
    if (2 * columns.size() >= residual.columnRms.size())
        columns.clear();
    return columns;
}

// ---------------------------------------------------------------------------------------
// Findings

Finding makeFinding(std::string code, Severity severity)
{
    Finding f;
    f.code = std::move(code);
    f.severity = severity;
    return f;
}

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

} // namespace posenc::checking

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/checkstructure.h"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace posenc::checking {

namespace {

constexpr int kComponents = 8;
constexpr int kComponentRows = 2048;
// The sampled rows are a centred copy: at most this many numbers (8 MiB), at least 64 rows.
constexpr long long kComponentCells = 1 << 20;
constexpr int kIterations = 60;      // the shares to 1e-6 of the first: what is reported
constexpr double kCacheFit = 0.25; // the largest RMS residual of a cache, of its amplitude

// A base a person chose is written with two significant digits (10000, 500000, 1e6). Of the
// expected base, the fitted one's two-digit rounding and the fitted base, the first that
// explains the file as well as the fitted one (an RMS difference at most 5 % larger) is
// taken: a short noisy cache tells its slow channels too poorly to prefer 501000 to 500000,
// while a base stretched by a formula (NTK-aware: 10000 * 4^(128/126)) stays as fitted.
std::vector<double> baseCandidates(double fitted, double expected)
{
    if (!(fitted > 0) || !std::isfinite(fitted))
        return {};
    const double unit = std::pow(10.0, std::floor(std::log10(fitted)) - 1);
    return {expected, std::round(fitted / unit) * unit, fitted};
}

// Every pair of the reading's pairing is a copy (or too still to tell), most of them copies.
bool pairsAreCopies(const Reading &reading, int m)
{
    const Pairing pairing = reading.pairing.pairing;
    if ((pairing != Pairing::Interleaved && pairing != Pairing::Split) || m % 2 != 0 || m < 4)
        return false;
    int copies = 0;
    for (const PairVerdict &v : reading.pairing.verdicts) {
        if (v.shape == PairShape::Identical)
            ++copies;
        else if (v.weight > 1e-6)
            return false;
    }
    return 2 * copies >= int(reading.pairing.verdicts.size()) && copies > 0;
}

ReferenceModel cacheModel(const RopeCache &cache, Pairing pairing, int m)
{
    ReferenceModel model;
    model.columns.assign(std::size_t(m), ColumnRole{});
    const ColumnRole::Kind kind = cache.cosine ? ColumnRole::Kind::Cos : ColumnRole::Kind::Sin;
    int k = 0;
    for (const auto &[a, b] : pairsOf(pairing, m)) {
        model.columns[std::size_t(a)] = {kind, k};
        model.columns[std::size_t(b)] = {kind, k};
        ++k;
    }
    model.frequencies = cache.frequencies;
    model.start = cache.start;
    model.step = cache.step;
    model.scale = cache.scale;
    return model;
}

// The start under both readings of the copied columns, cos or sin of the angles: the one
// whose channels agree on one start wins, cos on a tie.
StartEstimate cacheStart(Reading &reading, bool &cosine)
{
    std::vector<ChannelAngle> asSin, asCos;
    for (const FitChannel &c : reading.channels) {
        if (!c.good)
            continue;
        const ChannelAngle a = channelAngle(reading, c, 1, false);
        asSin.push_back(a);
        asCos.push_back({a.theta, wrapAngle(a.alpha - kPi / 2)});
    }
    const StartEstimate sinStart = estimateStart(asSin, 1), cosStart = estimateStart(asCos, 1);
    cosine = cosStart.agreeing >= sinStart.agreeing;
    return cosine ? cosStart : sinStart;
}

// The subspace of the kComponents largest principal directions of the centred rows xs, by
// block power iteration from rows of the table itself (deterministic), and its variances.
void principalDirections(const Eigen::MatrixXd &xs, Eigen::MatrixXd &directions, Eigen::VectorXd &variances)
{
    const int m = int(xs.cols());
    const int k = std::min<int>({kComponents, m, int(xs.rows())});
    const int block = std::min(m, k + 4);
    Eigen::MatrixXd v(m, block);
    for (int j = 0; j < block; ++j)
        v.col(j) = xs.row(Eigen::Index(j) * (xs.rows() - 1) / std::max(block - 1, 1)).transpose();
    v += Eigen::MatrixXd::Identity(m, block) * (xs.norm() * 1e-3 + 1e-300);
    Eigen::VectorXd previous = Eigen::VectorXd::Zero(block);
    Eigen::VectorXd values;
    for (int iteration = 0; iteration < kIterations; ++iteration) {
        if (iteration > 0)
            v = xs.transpose() * (xs * v);
        Eigen::HouseholderQR<Eigen::MatrixXd> qr(v);
        v = qr.householderQ() * Eigen::MatrixXd::Identity(m, block);
        const Eigen::MatrixXd projected = xs * v;
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> ritz(projected.transpose() * projected);
        values = ritz.eigenvalues().reverse();
        v = v * ritz.eigenvectors().rowwise().reverse();
        if (((values - previous).cwiseAbs().array() <= 1e-6 * values(0)).all())
            break;
        previous = values;
    }
    directions = v.leftCols(k);
    variances = values.head(k);
}

std::string trajectoryOf(const RowMatrixXd &scores)
{
    const int n = int(scores.rows());
    if (n < 8 || scores.cols() < 2)
        return "none";
    int forwards = 0, smooth = 0;
    double turn = 0, radiusSum = 0, radiusSquares = 0;
    for (int r = 0; r < n; ++r) {
        const double radius = std::hypot(scores(r, 0), scores(r, 1));
        radiusSum += radius;
        radiusSquares += radius * radius;
        if (r + 1 < n) {
            const double step = wrapAngle(std::atan2(scores(r + 1, 1), scores(r + 1, 0))
                                          - std::atan2(scores(r, 1), scores(r, 0)));
            turn += step;
            forwards += step > 0 ? 1 : 0;
            smooth += std::abs(step) < kPi / 2 ? 1 : 0;
        }
    }
    const double mean = radiusSum / n;
    const double spread = std::sqrt(std::max(0.0, radiusSquares / n - mean * mean));
    const int steps = n - 1;
    const bool steady = std::max(forwards, steps - forwards) >= 0.9 * steps && smooth >= 0.9 * steps
                        && mean > 0 && spread <= 0.35 * mean;
    if (!steady || std::abs(turn) < kPi)
        return "none";
    return std::abs(turn) <= 2.5 * kPi ? "circle" : "helix";
}

} // namespace

std::optional<RopeCache> readRopeCache(const MatrixView &x, Reading &reading, double expectedBase)
{
    const int m = int(x.cols());
    if (!pairsAreCopies(reading, m) || reading.channels.empty() || !(reading.amplitude > 0))
        return std::nullopt;
    RopeCache cache;
    cache.rotateHalf = reading.pairing.pairing == Pairing::Split;
    const StartEstimate start = cacheStart(reading, cache.cosine);
    const FitChannel &fastest = reading.channels.front();
    double step = fastest.good && fastest.rate > 1e-12 ? fastest.rate : std::exp(reading.ladderA);
    if (std::abs(step - 1) < 1e-3)
        step = 1;
    cache.step = step;
    cache.start = start.t * step;
    if (std::abs(cache.start - std::round(cache.start)) < 2e-3)
        cache.start = std::round(cache.start) + 0.0;
    cache.scale = std::abs(reading.amplitude - 1) < 1e-4 + 3 * reading.noise ? 1.0 : reading.amplitude;
    const int h = m / 2;
    const std::vector<double> bases =
        reading.ladderValid ? baseCandidates(std::exp(-reading.ladderB * m / 2.0), expectedBase) : std::vector<double>{};
    std::vector<std::pair<RopeCache, double>> tried; // each with its weighed RMS
    for (double base : bases) {
        RopeCache candidate = cache;
        candidate.base = base;
        candidate.frequencies = ladder(Family::Paper, base, m, h);
        candidate.model = cacheModel(candidate, reading.pairing.pairing, m);
        const double rms = weighedRms(x, candidate.model);
        tried.emplace_back(std::move(candidate), rms);
    }
    for (auto &[candidate, rms] : tried) {
        if (rms <= 1.05 * tried.back().second + 1e-300 && rms <= kCacheFit * cache.scale) {
            candidate.residual = residualOf(x, candidate.model);
            return candidate;
        }
    }
    // No geometric ladder reproduces it: the frequencies read off each channel.
    cache.base = kNaN;
    cache.frequencies.assign(std::size_t(h), 0.0);
    for (int k = 0; k < h && k < int(reading.channels.size()); ++k)
        cache.frequencies[std::size_t(k)] = reading.channels[std::size_t(k)].rate / step;
    cache.model = cacheModel(cache, reading.pairing.pairing, m);
    cache.residual = residualOf(x, cache.model);
    if (cache.residual.rms <= kCacheFit * cache.scale)
        return cache;
    return std::nullopt;
}

EncodingCheck::LearnedTable principalComponents(const MatrixView &x)
{
    EncodingCheck::LearnedTable table;
    const int n = int(x.rows()), m = int(x.cols());
    if (n < 2 || m < 1)
        return table;
    Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(m);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < m; ++c)
            mean(c) += x(r, c);
    }
    mean /= double(n);
    const int rowsAtMost = int(std::clamp<long long>(kComponentCells / m, 64, kComponentRows));
    const int stride = (n + rowsAtMost - 1) / rowsAtMost;
    const int sampled = (n + stride - 1) / stride;
    Eigen::MatrixXd xs(sampled, m);
    for (int i = 0; i < sampled; ++i)
        xs.row(i) = x.row(Eigen::Index(i) * stride) - mean;
    const double total = xs.squaredNorm();
    if (!(total > 0))
        return table;
    Eigen::MatrixXd directions;
    Eigen::VectorXd variances;
    principalDirections(xs, directions, variances);
    for (Eigen::Index i = 0; i < variances.size(); ++i)
        table.varianceShare.push_back(std::clamp(variances(i) / total, 0.0, 1.0));
    const int kept = int(std::min<Eigen::Index>(3, directions.cols()));
    table.scores.resize(n, kept);
    Eigen::RowVectorXd centred(m);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < m; ++c)
            centred(c) = x(r, c) - mean(c);
        table.scores.row(r) = centred * directions.leftCols(kept);
    }
    table.trajectory = trajectoryOf(table.scores);
    return table;
}

double componentsFor90(const EncodingCheck::LearnedTable &table)
{
    double sum = 0;
    for (std::size_t i = 0; i < table.varianceShare.size(); ++i) {
        sum += table.varianceShare[i];
        if (sum >= 0.9)
            return double(i + 1);
    }
    return kNaN;
}

} // namespace posenc::checking

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/spectrum.h"

#include "core/channels.h"
#include "core/frequencies.h"

#include <unsupported/Eigen/FFT>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <tuple>
#include <utility>
#include <vector>

namespace posenc {

namespace {

// Eigen's FFT (kissfft inside) handles any length, so seq_len needs no padding. With the
// HalfSpectrum flag it returns bins 0 .. N/2 only and, for even N, uses kissfft's transform
// of real input (half the work of a complex one).
Eigen::VectorXd amplitudes(Eigen::FFT<double> &fft, const double *signal, Eigen::Index n)
{
    // kissfft cannot plan a transform of one sample; its DFT is the sample itself.
    if (n == 1)
        return Eigen::VectorXd::Constant(1, std::abs(signal[0]));
    fft.SetFlag(Eigen::FFT<double>::HalfSpectrum);
    std::vector<double> in(signal, signal + n);
    std::vector<std::complex<double>> out;
    fft.fwd(out, in);
    const Eigen::Index bins = n / 2 + 1;
    Eigen::VectorXd amplitude(bins);
    for (Eigen::Index m = 0; m < bins; ++m) {
        const bool edge = m == 0 || (n % 2 == 0 && m == n / 2);
        amplitude[m] = std::abs(out[size_t(m)]) * (edge ? 1.0 : 2.0) / double(n);
    }
    return amplitude;
}

// sin and cos of the exact product w · x, not of its rounding: at x = 1e9 the rounded product
// is off by up to 6e-8 rad. The rounding error e of the product is exact (fma), and
// sin(v + e) = sin v + e cos v to within e² / 2.
std::pair<double, double> sinCosOfProduct(double w, double x)
{
    const double v = w * x;
    const double e = std::fma(w, x, -v);
    const double s = std::sin(v), c = std::cos(v);
    return {s + e * c, c - e * s};
}

Eigen::VectorXd binFrequencies(Eigen::Index n)
{
    return Eigen::VectorXd::LinSpaced(n / 2 + 1, 0, double(n / 2)) / double(n);
}

} // namespace

AmplitudeSpectrum amplitudeSpectrum(const Eigen::VectorXd &signal)
{
    Eigen::FFT<double> fft;
    return {binFrequencies(signal.size()), amplitudes(fft, signal.data(), signal.size())};
}

AmplitudeSpectrum columnSpectrum(const EncodingParams &params, int column)
{
    return {binFrequencies(params.seqLen), spectrumMatrix(params, std::vector<int>{column}).col(0)};
}

RowMatrixXd spectrumMatrix(const EncodingParams &params)
{
    std::vector<int> all(size_t(params.dModel));
    for (int c = 0; c < params.dModel; ++c)
        all[size_t(c)] = c;
    return spectrumMatrix(params, all);
}

// The spectrum of a column of PE needs no FFT: the column is a sampled sinusoid, whose DFT is
// a sum of two geometric series. For x_r = sin(w (s + r)), r = 0 .. N-1, bin m is
//     X_m = e^{-iπm(N-1)/N} (e^{iφ} a_m − e^{−iφ} b_m) / (2i),   φ = w (s + (N − 1)/2),
//     a_m = sin(N δ_m) / sin(δ_m),  δ_m = w/2 − πm/N,   b_m = the same at −w/2 − πm/N,
// (Dirichlet kernels), and for the cosine the minus is a plus. With S = sin(N w / 2),
// P = cos(w/2) sin(πm/N), Q = sin(w/2) cos(πm/N), the denominators are Q − P and −(Q + P) and
//     |X_m| = |S / ((Q − P)(Q + P))| · sqrt(P² cos²φ + Q² sin²φ)   (the sine),
//     |X_m| = |S / ((Q − P)(Q + P))| · sqrt(Q² cos²φ + P² sin²φ)   (the cosine),
// a sum of squares, so nothing cancels. A few multiplies and one division per bin instead of
// generating the column and an FFT of N log N (3 ms for 512 x 512; 90 ms at 16384 positions).
// Only Q − P cancels, next to the peak (w/2 close to πm/N): there a_m and b_m come from
// std::sin of δ_m itself. sin φ, cos φ and S are
// those of the exact product w · position (sinCosOfProduct), accurate at any start.
RowMatrixXd spectrumMatrix(const EncodingParams &params, const std::vector<int> &columns)
{
    return spectrumRowMaxima(params, columns, 1);
}

RowMatrixXd spectrumRowMaxima(const EncodingParams &params, const std::vector<int> &columns, int binsPerRow)
{
    const int n = params.seqLen;
    const Eigen::Index bins = n / 2 + 1;
    binsPerRow = std::max(1, binsPerRow);
    const Eigen::Index rows = (bins + binsPerRow - 1) / binsPerRow;
    const Eigen::Index count = Eigen::Index(columns.size());
    // Squared amplitudes until the end: the largest of a run of bins needs no square root
    // per bin, only one per row.
    RowMatrixXd squares = RowMatrixXd::Zero(rows, count);
    if (count == 0 || params.scale == 0)
        return squares;

    // Per column, its constants (structure of arrays, so that a row of bins is one vectorised
    // expression: Eigen's packet division, no branch per value). With P = cos(w/2) sin(πm/N)
    // and Q = sin(w/2) cos(πm/N), the sine's P cos φ and Q sin φ are alpha sin(πm/N) and
    // beta cos(πm/N); the cosine's are swapped.
    const Eigen::VectorXd w = frequencies(params);
    const double middle = params.start + 0.5 * double(n - 1);
    Eigen::ArrayXd sinHalf = Eigen::ArrayXd::Ones(count), cosHalf = Eigen::ArrayXd::Zero(count);
    Eigen::ArrayXd alpha = Eigen::ArrayXd::Zero(count), beta = Eigen::ArrayXd::Zero(count);
    Eigen::ArrayXd weight = Eigen::ArrayXd::Zero(count); // (|S| |scale| / N)²
    std::vector<double> sinPhi(columns.size()), cosPhi(columns.size()), freq(columns.size());
    std::vector<bool> isSin(columns.size()), zero(columns.size(), true);
    const double pi = std::numbers::pi;
    const double magnitude = std::abs(params.scale) / double(n);
    for (Eigen::Index k = 0; k < count; ++k) {
        const Channel channel = channelOf(params, columns[size_t(k)]);
        if (channel.kind == Channel::Kind::Zero)
            continue; // weight 0; sin(w/2) = 1, cos(w/2) = 0 keep its denominator cos²(πm/N)
        const double wk = w[channel.pair];
        const size_t i = size_t(k);
        zero[i] = false;
        freq[i] = wk;
        isSin[i] = channel.kind == Channel::Kind::Sin;
        sinHalf[k] = std::sin(0.5 * wk);
        cosHalf[k] = std::cos(0.5 * wk);
        std::tie(sinPhi[i], cosPhi[i]) = sinCosOfProduct(wk, middle);
        alpha[k] = cosHalf[k] * (isSin[i] ? cosPhi[i] : sinPhi[i]);
        beta[k] = sinHalf[k] * (isSin[i] ? sinPhi[i] : cosPhi[i]);
        const double s = sinCosOfProduct(wk, 0.5 * n).first;
        weight[k] = (s * magnitude) * (s * magnitude);
    }

    // Next to the peak Q − P = sin(w/2 − πm/N) cancels: where it is below kNearPeak (its
    // rounding error, about 1e-16, would be more than 1e-13 of it), the two Dirichlet kernels
    // come from the angle δ = w/2 − πm/N itself. Those bins lie within N (w/2 ± 0.0011) / π:
    // a few per column, listed by bin.
    constexpr double kNearPeak = 1e-3;
    std::vector<std::vector<Eigen::Index>> nearPeak(static_cast<size_t>(bins));
    for (Eigen::Index k = 0; k < count; ++k) {
        if (zero[size_t(k)])
            continue;
        const double half = 0.5 * freq[size_t(k)];
        const Eigen::Index from = std::max<Eigen::Index>(0, Eigen::Index(std::floor((half - 0.0011) * n / pi)));
        const Eigen::Index to = std::min<Eigen::Index>(bins - 1, Eigen::Index(std::ceil((half + 0.0011) * n / pi)));
        for (Eigen::Index m = from; m <= to; ++m)
            nearPeak[size_t(m)].push_back(k);
    }

    Eigen::ArrayXd bin(count);
    for (Eigen::Index m = 0; m < bins; ++m) {
        const double angle = pi * double(m) / double(n);
        const double sinM = std::sin(angle), cosM = std::cos(angle);
        const double edge = m == 0 || (n % 2 == 0 && m == n / 2) ? 1.0 : 4.0; // (1 or 2)²
        const auto p = cosHalf * sinM;
        const auto q = sinHalf * cosM;
        bin = edge * weight * ((alpha * sinM).square() + (beta * cosM).square()) / ((q - p) * (q + p)).square();
        for (const Eigen::Index k : nearPeak[size_t(m)]) {
            if (std::abs(sinHalf[k] * cosM - cosHalf[k] * sinM) >= kNearPeak)
                continue;
            const size_t i = size_t(k);
            const double delta = 0.5 * freq[i] - angle;
            const double other = -0.5 * freq[i] - angle;
            const double a = delta == 0 ? double(n) : std::sin(n * delta) / std::sin(delta);
            const double b = std::sin(n * other) / std::sin(other);
            const double x = (isSin[i] ? a - b : a + b) * cosPhi[i];
            const double y = (isSin[i] ? a + b : a - b) * sinPhi[i];
            bin[k] = edge * magnitude * magnitude * 0.25 * (x * x + y * y);
        }
        Eigen::Map<Eigen::ArrayXd> row(squares.row(m / binsPerRow).data(), count);
        row = row.max(bin);
    }
    squares = squares.cwiseSqrt(); // in place: now the amplitudes
    // A zero column (weight 0) may have divided 0 by 0 at the Nyquist bin.
    for (Eigen::Index k = 0; k < count; ++k) {
        if (zero[size_t(k)])
            squares.col(k).setZero();
    }
    return squares;
}

RowMatrixXd frequencyTable(const EncodingParams &params)
{
    const Eigen::VectorXd w = frequencies(params);
    RowMatrixXd table(w.size(), 3);
    table.col(0) = Eigen::VectorXd::LinSpaced(w.size(), 0, double(w.size() - 1));
    table.col(1) = w;
    table.col(2) = wavelengths(params);
    return table;
}

} // namespace posenc

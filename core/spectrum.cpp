// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/spectrum.h"

#include "core/frequencies.h"

#include <unsupported/Eigen/FFT>

#include <algorithm>
#include <complex>
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
    const Eigen::MatrixXd signal = encodingColumns(params, {column}, params.start, 1.0, params.seqLen);
    Eigen::FFT<double> fft;
    return {binFrequencies(params.seqLen), amplitudes(fft, signal.data(), params.seqLen)};
}

RowMatrixXd spectrumMatrix(const EncodingParams &params)
{
    std::vector<int> all(size_t(params.dModel));
    for (int c = 0; c < params.dModel; ++c)
        all[size_t(c)] = c;
    return spectrumMatrix(params, all);
}

RowMatrixXd spectrumMatrix(const EncodingParams &params, const std::vector<int> &columns)
{
    const Eigen::Index n = params.seqLen;
    RowMatrixXd spectrum(n / 2 + 1, Eigen::Index(columns.size()));
    Eigen::FFT<double> fft; // keeps its plan (twiddles) across columns of the same length
    // The signals a block of columns at a time (the engine's rows over their frequencies only),
    // so that the block stays a few MiB whatever d_model and seq_len.
    constexpr size_t kBlock = 32;
    for (size_t from = 0; from < columns.size(); from += kBlock) {
        const std::vector<int> block(columns.begin() + std::ptrdiff_t(from),
                                     columns.begin() + std::ptrdiff_t(std::min(columns.size(), from + kBlock)));
        const Eigen::MatrixXd signals = encodingColumns(params, block, params.start, 1.0, int(n));
        for (size_t k = 0; k < block.size(); ++k)
            spectrum.col(Eigen::Index(from + k)) = amplitudes(fft, signals.col(Eigen::Index(k)).data(), n);
    }
    return spectrum;
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

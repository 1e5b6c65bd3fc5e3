// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/spectrum.h"

#include "core/frequencies.h"

#include <unsupported/Eigen/FFT>

#include <complex>
#include <vector>

namespace posenc {

namespace {

// Eigen's FFT (kissfft inside) handles any length, so seq_len needs no padding.
Eigen::VectorXd amplitudes(Eigen::FFT<double> &fft, const double *signal, Eigen::Index n)
{
    // kissfft cannot plan a transform of one sample; its DFT is the sample itself.
    if (n == 1)
        return Eigen::VectorXd::Constant(1, std::abs(signal[0]));
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
    const Eigen::VectorXd positions =
        Eigen::VectorXd::LinSpaced(params.seqLen, params.start, params.start + params.seqLen - 1);
    return amplitudeSpectrum(encodingColumn(params, column, positions));
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
    const Eigen::VectorXd positions =
        Eigen::VectorXd::LinSpaced(n, params.start, params.start + double(n - 1));
    RowMatrixXd spectrum(n / 2 + 1, Eigen::Index(columns.size()));
    Eigen::FFT<double> fft; // keeps its plan (twiddles) across columns of the same length
    for (size_t k = 0; k < columns.size(); ++k) {
        const Eigen::VectorXd column = encodingColumn(params, columns[k], positions);
        spectrum.col(Eigen::Index(k)) = amplitudes(fft, column.data(), n);
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

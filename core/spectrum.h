// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <Eigen/Core>

#include <vector>

namespace posenc {

// The one-sided amplitude spectrum of a real signal sampled once per position: bins
// m = 0 .. N/2 at frequency m / N cycles per position, amplitudes scaled so that a sinusoid
// of amplitude A whose frequency falls on a bin shows as A (2|X_m|/N; |X_m|/N at 0 and N/2).
struct AmplitudeSpectrum {
    Eigen::VectorXd frequency; // cycles per position
    Eigen::VectorXd amplitude;
};
AmplitudeSpectrum amplitudeSpectrum(const Eigen::VectorXd &signal);

// The spectrum of column `column` of PE along the seq_len positions. Its peak is expected at
// w_i / (2π) cycles per position (aliased into [0, 1/2] only if w_i > π, which never happens
// since w_i <= 1).
AmplitudeSpectrum columnSpectrum(const EncodingParams &params, int column);

// The amplitudes of every column: [N/2 + 1, d_model], row m at frequency m / N. Computed in
// closed form (each column is a sampled sinusoid: its DFT is a pair of Dirichlet kernels), a
// few multiplies per bin, without generating the columns or an FFT; the same numbers as the
// FFT of the columns to about 1e-13.
RowMatrixXd spectrumMatrix(const EncodingParams &params);
// The amplitudes of the chosen columns only: [N/2 + 1, columns.size()] (views of large
// matrices take every s-th column).
RowMatrixXd spectrumMatrix(const EncodingParams &params, const std::vector<int> &columns);

// The largest amplitude of each run of binsPerRow consecutive bins (the last run shorter)
// of the chosen columns: [ceil((N/2 + 1) / binsPerRow), columns.size()]. What a colour map
// with fewer rows than bins shows, so that a peak one bin wide is never lost; the maximum of
// the squared amplitudes, one square root per row.
RowMatrixXd spectrumRowMaxima(const EncodingParams &params, const std::vector<int> &columns, int binsPerRow);

// The frequency ladder as a table: [number of frequencies, 3] with i, w_i and 2π / w_i.
RowMatrixXd frequencyTable(const EncodingParams &params);

} // namespace posenc

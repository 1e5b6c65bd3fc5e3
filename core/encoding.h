// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/channels.h"
#include "core/encodingparams.h"

#include <Eigen/Core>

namespace posenc {

// Row-major, so that row r (the encoding of one position) is contiguous, as in the
// [seq_len, d_model] arrays of every published implementation and of our .npy export.
using RowMatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMatrixXf = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// PE(start + r, c) for r in [0, seq_len), c in [0, d_model).
RowMatrixXd encodingMatrix(const EncodingParams &params);

// The same in float32. Angles are still computed in double and only the results are cast:
// at position 1e5 float32 itself is spaced 0.0078 apart, so a float angle would be off by
// up to that much before the sine even sees it.
RowMatrixXf encodingMatrixF(const EncodingParams &params);

// PE(pos) for any real pos: the encoding is a function of a continuous position.
Eigen::VectorXd encodingAt(const EncodingParams &params, double pos);

// One column of PE sampled at arbitrary positions (smooth curves between integer positions).
Eigen::VectorXd encodingColumn(const EncodingParams &params, int column,
                               const Eigen::VectorXd &positions);

// Everything behind one number PE(pos, column), for tooltips and the inspector.
struct CellExplanation {
    double position = 0;
    int column = 0;
    Channel channel;
    double frequency = 0; // w_i
    double angle = 0;     // pos * w_i
    double value = 0;     // scale * sin(angle) or scale * cos(angle), 0 for a zero column
};
CellExplanation explainCell(const EncodingParams &params, double pos, int column);

} // namespace posenc

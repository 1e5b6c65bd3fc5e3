// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"

#include <Eigen/Core>

namespace posenc {

// The 2x2 block that carries pair i from pos to pos + k:
//   [sin((pos+k)w)]   [ cos kw   sin kw] [sin(pos w)]
//   [cos((pos+k)w)] = [-sin kw   cos kw] [cos(pos w)]
// It depends on k and w_i only, never on pos.
Eigen::Matrix2d rotationBlock(double frequency, double k);
Eigen::Matrix2d rotationBlock(const EncodingParams &params, int pair, double k);

// M_k (d_model x d_model) with PE(pos + k) = M_k PE(pos) for column vectors, k = params.offset.
// Block-diagonal after the layout's permutation: for split, pair i couples columns i and
// i + d/2. The zero column of split/odd maps to itself (identity). The lone sine of
// interleaved/odd has no partner, so no linear map of PE(pos) gives it: its row is zero.
RowMatrixXd rotationMatrix(const EncodingParams &params);

// The largest |M_k PE(pos) - PE(pos + k)| over pos = start .. start + seq_len - 1 and over
// every column that has a rotation (the lone column is left out), and where it occurs.
struct RotationResidual {
    double maxAbs = 0;
    int row = 0;
    int column = 0;
};
RotationResidual rotationResidual(const EncodingParams &params);
// The same computed entirely in float32: PE, M_k and the products.
RotationResidual rotationResidualF(const EncodingParams &params);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"

#include <Eigen/Core>

#include <vector>

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

// M_k reduced for display to blocks of stride × stride entries, each holding the entry of
// largest magnitude (sign kept), so that the thin bands of a large M_k stay visible. Built
// from the nonzero entries (four per pair), O(d_model) work; stride 1 is M_k itself.
RowMatrixXd rotationMatrix(const EncodingParams &params, int stride);

// The nonzero entries of rotationMatrix(params, stride), each with its cell (row and column of
// the reduced matrix), in no particular order: O(d_model) work and memory where the matrix is
// O(d_model²). The view redraws M_k from these when k moves.
struct MatrixEntry {
    int row = 0;
    int column = 0;
    double value = 0;
};
std::vector<MatrixEntry> rotationEntries(const EncodingParams &params, int stride = 1);

// One step of pair i from pos to pos + k, as the seed texts write it: PE(pos) of the pair,
// M_k applied in column notation (M v) and in row notation (v^T M^T), and PE(pos + k)
// computed directly, with the largest disagreement between the three.
struct PairStep {
    Eigen::Matrix2d block;  // rotationBlock(params, pair, k)
    Eigen::Vector2d at;     // (PE(pos, sin_i), PE(pos, cos_i))
    Eigen::Vector2d direct; // (PE(pos + k, sin_i), PE(pos + k, cos_i))
    Eigen::Vector2d column; // M_k · at
    Eigen::RowVector2d row; // at^T · M_k^T
    double difference = 0;  // the largest |column − direct|, |row − direct|
};
PairStep pairStep(const EncodingParams &params, int pair, double pos);

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

// Both at once, with PE computed once: the float32 matrices are the casts of the float64 ones
// (the engine guarantees it, bit for bit), so this gives what the two functions give at half
// the cost (the view recomputes it whenever k moves).
struct RotationResiduals {
    RotationResidual float64;
    RotationResidual float32;
};
RotationResiduals rotationResiduals(const EncodingParams &params);

// The same check for one block of positions and any k: PE at pos = start .. start + seq_len - 1
// does not depend on k, so it is computed once, here, and only PE at pos + k for each k asked.
// A dragged k slider then costs half. residuals(k) gives exactly what
// rotationResiduals gives for these parameters with offset k.
class RotationCheck
{
public:
    explicit RotationCheck(const EncodingParams &params); // params.offset is not used
    // Whether the check is for these parameters (their offset and probe position aside).
    bool covers(const EncodingParams &params) const;
    RotationResiduals residuals(double k) const;

private:
    EncodingParams m_params;
    RowMatrixXd m_at;
    RowMatrixXf m_atF;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <Eigen/Core>

namespace posenc {

// The dot product PE(p) · PE(q) in closed form as a function of the offset p − q alone:
//   scale² · Σ_i cos((p − q) w_i)   over the complete (sin, cos) pairs,
// since sin a sin b + cos a cos b = cos(a − b). It is even in the offset (it cannot tell
// before from after) and decays, with ripples, as the offset grows. The lone sine of an odd
// interleaved d_model is not a function of the offset alone and is left out.
double dotProductKernel(const EncodingParams &params, double offset);
Eigen::VectorXd dotProductKernel(const EncodingParams &params, const Eigen::VectorXd &offsets);

// PE · PE^T over the positions start + rows[a], start + rows[b]: [rows, rows]. The full
// matrix is [seq_len, seq_len]; views pass a subset of rows to stay within the screen.
RowMatrixXd similarityMatrix(const EncodingParams &params);
RowMatrixXd similarityMatrix(const EncodingParams &params, const Eigen::VectorXi &rows);

// PE(p) · PE(q) / (|PE(p)| |PE(q)|); 0 where a vector is zero (scale 0).
RowMatrixXd cosineSimilarityMatrix(const EncodingParams &params, const Eigen::VectorXi &rows);

// One row of the similarity matrix: PE(start + row) · PE(start + rows[j]) for every j.
Eigen::VectorXd similarityRow(const EncodingParams &params, int row, const Eigen::VectorXi &rows);

// The closest two distinct positions of the sequence: every position gets its own vector as
// long as this stays clearly above zero (uniqueness).
struct MinimumDistance {
    double distance = 0; // Euclidean |PE(p) − PE(q)|
    int rowA = 0;
    int rowB = 0;
};
// For seq_len 1 there is no pair: distance is +infinity.
MinimumDistance minimumDistance(const EncodingParams &params);

} // namespace posenc

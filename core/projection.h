// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

namespace posenc {

// The attention lab's projections x W of a phrase of a few rows. Eigen's matrix product packs
// all of W first, which costs more than the product for a few rows: these read W once, row by
// row, adding x(i, k) W_k to each output row. Each output entry is summed over k = 0 .. d-1 in
// that order from 0 whatever the other rows are, so a permuted phrase gives permuted bits, and
// rows of several heads projected together have the bits of each head projected alone.

// The most rows a phrase projected row by row has; longer ones go through Eigen's product of
// scaledWeights.
constexpr Eigen::Index kRowByRowRows = 32;

// out = x W with W(k, c) = fl(factor * table(k, c)), k, c < d (factor 1 reads the table as it
// is), with the bits of adding x(i, k) W_k row by row.
void projectRows(const RowMatrixXd &x, const RowMatrixXd &table, int d, double factor, RowMatrixXd &out);

// The scaled d x d matrix of a table, for Eigen's product of a long phrase (its bits need it).
RowMatrixXd scaledWeights(const RowMatrixXd &table, int d, double factor);

} // namespace posenc

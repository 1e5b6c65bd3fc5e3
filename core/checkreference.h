// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The references a user's matrix is compared with: the conventions' column roles and ladders,
// the cell-by-cell comparison, and the findings' common parts. Internal to core.

#include "core/checkreading.h"

#include <string>
#include <vector>

namespace posenc::checking {

enum class Family { Paper, Tensor2Tensor };

// The largest error and whether every cell is within its tolerance: the values' rounding in
// their precision, the rounding of the angle in float32 (what a float32 implementation does,
// growing with the angle and with |ln w| through exp), and the printing of text.
struct Comparison {
    double maxError = 0;
    double worstRatio = 0; // max over cells of error / tolerance
    double tolerance = 0;  // the largest tolerance of a cell
    std::vector<double> columnError;
};

// file - model over every cell: its root mean square, its largest magnitude, and the root
// mean square of each column. Computed row by row: nothing of the matrix's size is kept.
struct Residual {
    double rms = 0;
    double max = 0;
    std::vector<double> columnRms;
};
Residual residualOf(const MatrixView &x, const ReferenceModel &model);

// The RMS of file - model for weighing models against each other: over every row of a file
// of at most kWeighedCells cells, else over evenly spaced rows that hold about that many (a
// bug of the later rows, as float16 positions past 2048, still has its share of them).
inline constexpr long long kWeighedCells = 1 << 20;
double weighedRms(const MatrixView &x, const ReferenceModel &model);

// Whether two models give a different value at any cell of `rows` rows.
bool changesValues(const ReferenceModel &a, const ReferenceModel &b, int rows);

// The columns where a residual concentrates: those whose RMS is over twice the whole's, when
// they are fewer than half the columns; none when it is spread evenly.
std::vector<int> concentratedColumns(const Residual &residual);

// The column roles of a layout (sin first unless swapped) and its channel count.
std::vector<ColumnRole> columnRoles(Pairing pairing, int m, bool cosFirst, bool zeroLast);

int channelCount(const std::vector<ColumnRole> &roles);

std::vector<double> ladder(Family family, double base, int dModel, int channels);

Comparison compare(const MatrixView &x, const ReferenceModel &model, double valueRoundoff, double textResolution);

// A base a person would choose: one or two significant digits (100, 500000, 1e6).
bool roundNumber(double base);

std::vector<int> mismatchingColumns(const Comparison &c);

// A finding of `code`: its sentence and fix are the interface's, built from its numbers.
Finding makeFinding(std::string code, Severity severity);

// Who publishes the convention named by layout, family, odd column, start and scale.
std::vector<std::string> implementationsOf(const std::string &layout, Family family, OddColumn odd, double start,
                                           double scale, int dModel);

} // namespace posenc::checking

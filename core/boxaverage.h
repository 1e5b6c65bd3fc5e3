// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <functional>
#include <vector>

namespace posenc {

// A block of the encoding matrix cut into boxes for display: rows [firstRow, firstRow +
// rowCount) in boxes of rowsPerBox consecutive rows, columns [firstColumn, firstColumn +
// columnCount) in boxes of columnsPerBox; the last box of each direction may be shorter.
// Boxes of 1 x 1 are the cells themselves.
struct BoxGrid {
    int firstRow = 0;
    int rowCount = 0;
    int rowsPerBox = 1;
    int firstColumn = 0;
    int columnCount = 0;
    int columnsPerBox = 1;

    int rows() const { return (rowCount + rowsPerBox - 1) / rowsPerBox; }
    int columns() const { return (columnCount + columnsPerBox - 1) / columnsPerBox; }
    bool operator==(const BoxGrid &) const = default;
};

// The mean of PE(start + r, c) over the cells of each box: [grid.rows(), grid.columns()].
// A heatmap with more cells than pixels shows this (a box filter) rather than every s-th
// cell, which would alias: a dimension of wavelength 6.3 positions sampled every 24th
// position shows a slow wave that is not there.
//
// The cost is bounded by the boxes, not by the cells they cover: along positions the mean
// has a closed form, since for n consecutive positions p0 .. p0 + n - 1
//     mean sin(p w) = D_n(w) sin(c w),   mean cos(p w) = D_n(w) cos(c w),
//     c = p0 + (n - 1) / 2,   D_n(w) = sin(n w / 2) / (n sin(w / 2))
// (the Dirichlet kernel), so one row of the engine at the box centre c, times D_n per column,
// is the mean of n rows. Only the columns are summed. With boxes of one row and one column
// the result has the same bits as encodingMatrix.
RowMatrixXd encodingBoxAverage(const EncodingParams &params, const BoxGrid &grid);

// The same into a caller's buffer of grid.rows() * grid.columns() values, row-major (a colour
// map's cells), with the same bits. Boxes of one cell over every column are the rows of the
// engine written straight into it.
void encodingBoxAverageInto(const EncodingParams &params, const BoxGrid &grid, double *out);

// Any matrix cut into boxes for display (a user's file in the check view): of each box of
// `grid`, the mean of its cells, or the value of largest magnitude with its sign (a map of
// differences, where a mean would let a +1 and a -1 cancel). [grid.rows(), grid.columns()];
// boxes of one cell are the cells themselves.
enum class BoxReduction { Mean, LargestMagnitude };
RowMatrixXd matrixBoxes(const RowMatrixXd &matrix, const BoxGrid &grid, BoxReduction reduction);

// The same of a [rows x columns] matrix that is not stored, given cell by cell (a file read
// the other way round, its reference, their difference). Rows of boxes are computed on the
// worker threads of core/parallel.h; cell must be safe to call from several at once.
using CellValue = std::function<double(Eigen::Index row, Eigen::Index column)>;
RowMatrixXd matrixBoxes(Eigen::Index rows, Eigen::Index columns, const CellValue &cell, const BoxGrid &grid,
                        BoxReduction reduction);

// D_n(w): the mean of sin(p w) over n consecutive positions, divided by the sine at their
// centre; 1 for n = 1.
double boxAttenuation(int n, double frequency);

// A series with more samples than the plot has pixel columns, as it can be drawn: the samples
// cut into `runs` equal runs (about one per pixel column), each given by its smallest and its
// largest value, at the key in the middle of the run. A fast dimension over 16384 positions is
// a band between the two; drawing every sample instead strokes long near-vertical segments
// that cover each pixel many times over. Fewer samples than 2 * runs: one run per sample.
struct Envelope {
    std::vector<double> keys;
    std::vector<double> lows;
    std::vector<double> highs;
};
Envelope minMaxEnvelope(const Eigen::VectorXd &keys, const Eigen::VectorXd &values, int runs);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/boxaverage.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "core/parallel.h"

#include <algorithm>
#include <cmath>

namespace posenc {

double boxAttenuation(int n, double frequency)
{
    if (n <= 1)
        return 1.0;
    // w is in (0, 1] for every convention (base > 1), so sin(w / 2) is never 0; for tiny w
    // both sines are tiny and their ratio stays accurate (no cancellation).
    const double half = 0.5 * frequency;
    return std::sin(n * half) / (n * std::sin(half));
}

namespace {

// The per-column factor of a box of n rows: D_n(w_i) for the columns of pair i, 0 for the
// zero column (whose values are 0 anyway).
Eigen::VectorXd columnAttenuation(const EncodingParams &params, int n)
{
    Eigen::VectorXd factor = Eigen::VectorXd::Ones(params.dModel);
    if (n <= 1)
        return factor;
    const Eigen::VectorXd w = frequencies(params);
    for (int c = 0; c < params.dModel; ++c) {
        const Channel channel = channelOf(params, c);
        factor[c] = channel.kind == Channel::Kind::Zero ? 0.0 : boxAttenuation(n, w[channel.pair]);
    }
    return factor;
}

// Row `a` of the result from one row of box means over all columns: sums over the column boxes.
void sumColumns(const BoxGrid &grid, const double *rowMeans, double *out)
{
    const int boxes = grid.columns();
    for (int b = 0; b < boxes; ++b) {
        const int from = grid.firstColumn + b * grid.columnsPerBox;
        const int to = std::min(grid.firstColumn + grid.columnCount, from + grid.columnsPerBox);
        if (to - from == 1) {
            out[b] = rowMeans[from]; // one cell: its value, bit for bit
            continue;
        }
        double sum = 0;
        for (int c = from; c < to; ++c)
            sum += rowMeans[c];
        out[b] = sum / double(to - from);
    }
}

} // namespace

void encodingBoxAverageInto(const EncodingParams &params, const BoxGrid &grid, double *out)
{
    if (grid.rows() == 0 || grid.columns() == 0)
        return;
    const int n = grid.rowsPerBox;
    const int fullBoxes = grid.rowCount / n;
    const int lastRows = grid.rowCount - fullBoxes * n; // a shorter last box, or 0
    const double firstPosition = params.start + grid.firstRow;

    // Boxes of one cell over every column: the rows themselves, written where they go.
    if (n == 1 && grid.columnsPerBox == 1 && grid.firstColumn == 0 && grid.columnCount == params.dModel) {
        encodingRowsInto(params, firstPosition, 1.0, grid.rowCount, out);
        return;
    }

    // The full boxes: the engine at their centres, every n-th position from the first centre.
    RowMatrixXd centres;
    if (fullBoxes > 0) {
        encodingRowsInto(params, firstPosition + 0.5 * (n - 1), n, fullBoxes, centres);
        if (n > 1)
            centres *= columnAttenuation(params, n).asDiagonal();
    }
    const std::ptrdiff_t columns = grid.columns();
    for (int a = 0; a < fullBoxes; ++a)
        sumColumns(grid, centres.row(a).data(), out + a * columns);

    if (lastRows > 0) {
        RowMatrixXd last;
        encodingRowsInto(params, firstPosition + fullBoxes * n + 0.5 * (lastRows - 1), 1, 1, last);
        if (lastRows > 1)
            last *= columnAttenuation(params, lastRows).asDiagonal();
        sumColumns(grid, last.data(), out + fullBoxes * columns);
    }
}

RowMatrixXd matrixBoxes(const RowMatrixXd &matrix, const BoxGrid &grid, BoxReduction reduction)
{
    return matrixBoxes(
        matrix.rows(), matrix.cols(), [&matrix](Eigen::Index r, Eigen::Index c) { return matrix(r, c); }, grid,
        reduction);
}

RowMatrixXd matrixBoxes(Eigen::Index rows, Eigen::Index columns, const CellValue &cell, const BoxGrid &grid,
                        BoxReduction reduction)
{
    RowMatrixXd boxes = RowMatrixXd::Zero(grid.rows(), grid.columns());
    const Eigen::Index lastRow = std::min<Eigen::Index>(rows, Eigen::Index(grid.firstRow) + grid.rowCount);
    const Eigen::Index lastColumn = std::min<Eigen::Index>(columns, Eigen::Index(grid.firstColumn) + grid.columnCount);
    auto box = [&](int br, int bc) {
        const Eigen::Index r0 = Eigen::Index(grid.firstRow) + Eigen::Index(br) * grid.rowsPerBox;
        const Eigen::Index r1 = std::min<Eigen::Index>(lastRow, r0 + grid.rowsPerBox);
        const Eigen::Index c0 = Eigen::Index(grid.firstColumn) + Eigen::Index(bc) * grid.columnsPerBox;
        const Eigen::Index c1 = std::min<Eigen::Index>(lastColumn, c0 + grid.columnsPerBox);
        if (r1 <= r0 || c1 <= c0)
            return 0.0;
        double sum = 0, largest = 0;
        bool first = true;
        for (Eigen::Index r = r0; r < r1; ++r) {
            for (Eigen::Index c = c0; c < c1; ++c) {
                const double v = cell(r, c);
                sum += v;
                // The first of equal magnitudes, as Eigen's maxCoeff keeps it.
                if (first || std::abs(v) > std::abs(largest))
                    largest = v;
                first = false;
            }
        }
        return reduction == BoxReduction::Mean ? sum / double((r1 - r0) * (c1 - c0)) : largest;
    };
    parallelFor(grid.rows(), 1, [&](std::int64_t from, std::int64_t to) {
        for (std::int64_t br = from; br < to; ++br)
            for (int bc = 0; bc < grid.columns(); ++bc)
                boxes(br, bc) = box(int(br), bc);
    });
    return boxes;
}

RowMatrixXd encodingBoxAverage(const EncodingParams &params, const BoxGrid &grid)
{
    RowMatrixXd result(grid.rows(), grid.columns());
    encodingBoxAverageInto(params, grid, result.data());
    return result;
}

Envelope minMaxEnvelope(const Eigen::VectorXd &keys, const Eigen::VectorXd &values, int runs)
{
    Envelope envelope;
    const Eigen::Index n = values.size();
    if (runs < 1 || n < 2 * Eigen::Index(runs))
        runs = int(n);
    for (int run = 0; run < runs; ++run) {
        const Eigen::Index from = n * run / runs;
        const Eigen::Index to = n * (run + 1) / runs;
        const auto segment = values.segment(from, to - from);
        envelope.keys.push_back(0.5 * (keys[from] + keys[to - 1]));
        envelope.lows.push_back(segment.minCoeff());
        envelope.highs.push_back(segment.maxCoeff());
    }
    return envelope;
}

} // namespace posenc

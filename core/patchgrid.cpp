// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/patchgrid.h"

#include "core/encoding.h"

#include <cmath>

namespace posenc {

int patchGrid(int imageSize, int patchSize)
{
    if (imageSize <= 0 || patchSize <= 0 || patchSize > imageSize)
        return 0;
    return imageSize / patchSize;
}

std::optional<FieldError> validatePatchGrid(const EncodingParams &encoding, int grid, int patchRow,
                                                int patchCol, bool twoD)
{
    EncodingParams e = encoding;
    e.start = 0;
    if (auto error = encodingFieldError(e, false))
        return error;
    if (grid < 1 || grid > 64)
        return fieldError("grid", integerRange("grid", 1, 64) + " (224 / 16 = 14)");
    if (patchRow < 0 || patchRow >= grid)
        return fieldError("patch_row", integerRange("patch_row", 0, grid - 1));
    if (patchCol < 0 || patchCol >= grid)
        return fieldError("patch_col", integerRange("patch_col", 0, grid - 1));
    if (twoD && encoding.dModel < 4)
        return fieldError("d_model", integerRange("d_model", 4, EncodingParams::kMaxDModel)
                                   + " for a 2-D encoding (two halves of at least 2)");
    return std::nullopt;
}

RowMatrixXd patchSimilarity(const EncodingParams &encoding, int grid, int patchRow, int patchCol, bool twoD)
{
    RowMatrixXd sim(grid, grid);
    const auto cosine = [](double dot, double a, double b) {
        const double norms = std::sqrt(a) * std::sqrt(b);
        return norms > 0 ? dot / norms : 0.0;
    };
    if (!twoD) {
        RowMatrixXd pe;
        encodingRowsInto(encoding, 0.0, 1.0, grid * grid, pe);
        const Eigen::VectorXd target = pe.row(patchRow * grid + patchCol).transpose();
        const double targetNorm2 = target.squaredNorm();
        for (int r = 0; r < grid; ++r)
            for (int c = 0; c < grid; ++c) {
                const auto row = pe.row(r * grid + c);
                sim(r, c) = cosine(row.dot(target), row.squaredNorm(), targetNorm2);
            }
        return sim;
    }
    // [PE_{d/2}(r) | PE_{d - d/2}(c)]: the dot product of two patches is the rows' dot product
    // plus the columns'.
    EncodingParams rowHalf = encoding, colHalf = encoding;
    rowHalf.dModel = encoding.dModel / 2;
    colHalf.dModel = encoding.dModel - rowHalf.dModel;
    RowMatrixXd rows, cols;
    encodingRowsInto(rowHalf, 0.0, 1.0, grid, rows);
    encodingRowsInto(colHalf, 0.0, 1.0, grid, cols);
    const Eigen::VectorXd rowDots = rows * rows.row(patchRow).transpose();
    const Eigen::VectorXd colDots = cols * cols.row(patchCol).transpose();
    const Eigen::VectorXd rowNorms = rows.rowwise().squaredNorm();
    const Eigen::VectorXd colNorms = cols.rowwise().squaredNorm();
    const double targetNorm2 = rowNorms[patchRow] + colNorms[patchCol];
    for (int r = 0; r < grid; ++r)
        for (int c = 0; c < grid; ++c)
            sim(r, c) = cosine(rowDots[r] + colDots[c], rowNorms[r] + colNorms[c], targetNorm2);
    return sim;
}

} // namespace posenc

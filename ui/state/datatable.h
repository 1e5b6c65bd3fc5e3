// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include <functional>

namespace posenc {

enum class DType { Float32, Float64 };

// A view's numbers as a table: the array DESIGN.md specifies for that view, with a name for
// each column (used as the CSV header). A small table holds its values; a large one is
// streamed: computed a block of rows at a time while it is written, so that it never exists
// whole in memory (the encoding matrix alone is 512 MiB in double at the largest size) and
// each block is still in the cache when it is written.
struct DataTable {
    Q_DECLARE_TR_FUNCTIONS(DataTable)

public:
    RowMatrixXd values; // the whole table, or empty for a streamed one
    QStringList columns;
    // A streamed table: `rowCount` rows of columns.size() values; rows(first, count, out)
    // writes rows [first, first + count) row-major into out (count * columns.size() values).
    qint64 rowCount = 0;
    std::function<void(qint64 first, qint64 count, double *out)> rows = {};
    // Optionally the same rows in float32, computed straight into the write buffer; each value
    // must be the float cast of the double one, bit for bit (README: float32 is a cast of the
    // double results). Without it a float32 export casts the double rows.
    std::function<void(qint64 first, qint64 count, float *out)> rowsF32 = {};

    bool streamed() const { return bool(rows); }
    qint64 rowTotal() const { return streamed() ? rowCount : qint64(values.rows()); }
    qint64 columnTotal() const { return streamed() ? qint64(columns.size()) : qint64(values.cols()); }
    // Rows [first, first + count) of either kind, row-major.
    void fill(qint64 first, qint64 count, double *out) const;
    // The whole table as a matrix (tests, small tables).
    RowMatrixXd matrix() const;

    // A streamed table of `rowCount` rows of `columns`.
    static DataTable streamedTable(QStringList columns, qint64 rowCount,
                                   std::function<void(qint64, qint64, double *)> rows,
                                   std::function<void(qint64, qint64, float *)> rowsF32 = {});

    // "dim_3" for each column: the CSV header of a matrix of chosen columns.
    static QStringList dimensionNames(const QList<int> &dimensions);

    // 0 .. dModel - 1.
    static QList<int> allDimensions(int dModel);

    // PE(start + r, c) for the chosen columns (all of them when `dimensions` is empty), named
    // dim_c, streamed from the engine's row blocks (encodingMatrixRows): the table of the
    // heatmap and the curves. The dimensions must lie in [0, d_model).
    static DataTable encoding(const EncodingParams &params, const QList<int> &dimensions);
};

} // namespace posenc

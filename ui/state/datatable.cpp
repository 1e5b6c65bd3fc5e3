// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/datatable.h"

#include "core/encoding.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace posenc {

void DataTable::fill(qint64 first, qint64 count, double *out) const
{
    if (streamed()) {
        rows(first, count, out);
        return;
    }
    const qint64 cols = values.cols();
    std::copy_n(values.data() + first * cols, count * cols, out);
}

RowMatrixXd DataTable::matrix() const
{
    if (!streamed())
        return values;
    RowMatrixXd whole(rowTotal(), columnTotal());
    if (whole.size() > 0)
        fill(0, rowTotal(), whole.data());
    return whole;
}

DataTable DataTable::streamedTable(QStringList columns, qint64 rowCount,
                                   std::function<void(qint64, qint64, double *)> rows,
                                   std::function<void(qint64, qint64, float *)> rowsF32)
{
    DataTable table;
    table.columns = std::move(columns);
    table.rowCount = rowCount;
    table.rows = std::move(rows);
    table.rowsF32 = std::move(rowsF32);
    return table;
}


QStringList DataTable::dimensionNames(const QList<int> &dimensions)
{
    QStringList names;
    for (int d : dimensions)
        names << QStringLiteral("dim_%1").arg(d);
    return names;
}

QList<int> DataTable::allDimensions(int dModel)
{
    QList<int> dimensions(dModel);
    for (int d = 0; d < dModel; ++d)
        dimensions[d] = d;
    return dimensions;
}

DataTable DataTable::encoding(const EncodingParams &params, const QList<int> &dimensions)
{
    if (dimensions.isEmpty()) {
        return streamedTable(
            dimensionNames(allDimensions(params.dModel)), params.seqLen,
            [params](qint64 first, qint64 count, double *out) {
                encodingMatrixRows(params, int(first), int(count), out);
            },
            [params](qint64 first, qint64 count, float *out) {
                encodingMatrixRows(params, int(first), int(count), out);
            });
    }
    // The chosen columns from whole rows of the engine: the bits of encodingMatrix's columns.
    auto rowsBuffer = std::make_shared<std::vector<double>>();
    return streamedTable(
        dimensionNames(dimensions), params.seqLen,
        [params, dimensions, rowsBuffer](qint64 first, qint64 count, double *out) {
            // The whole rows in pieces of about 256 KiB, whatever the block of chosen columns
            // holds (16 columns of 2048 rows would be 64 MiB of whole rows at d_model 4096).
            const std::size_t d = std::size_t(params.dModel);
            const qint64 piece = std::max<qint64>(1, (qint64(256) << 10) / qint64(d * sizeof(double)));
            rowsBuffer->resize(std::size_t(std::min(piece, count)) * d);
            for (qint64 r0 = 0; r0 < count; r0 += piece) {
                const qint64 rows = std::min(piece, count - r0);
                encodingMatrixRows(params, int(first + r0), int(rows), rowsBuffer->data());
                const double *row = rowsBuffer->data();
                for (qint64 r = 0; r < rows; ++r, row += d) {
                    for (int column : dimensions)
                        *out++ = row[column];
                }
            }
        });
}

} // namespace posenc

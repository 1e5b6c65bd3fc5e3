// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/dataexport.h"

#include "core/matrixfile.h"

#include "ui/views/viewregistry.h"

#include <QFileInfo>
#include "ui/io/safesave.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

namespace posenc {

namespace {

// What a block of rows of a data export holds at most: small enough to stay in the cache
// (L2) between the engine writing it and the kernel copying it into the page cache, large
// enough that the calls per block (a write, the engine's per-call set-up) cost little.
constexpr qint64 kBlockBytes = qint64(256) << 10;

qint64 rowsPerBlock(const DataTable &table, std::size_t valueBytes)
{
    const qint64 rowBytes = std::max<qint64>(1, table.columnTotal() * qint64(valueBytes));
    return std::clamp<qint64>(kBlockBytes / rowBytes, 1, std::max<qint64>(table.rowTotal(), 1));
}

// The table computed and written a block of rows at a time, in the file's type straight into
// the write buffer: the whole table never exists in memory, in double or in float.
template<typename Scalar>
bool writeRaw(QIODevice *device, const DataTable &table)
{
    static_assert(std::endian::native == std::endian::little,
                  "the .npy writer assumes a little-endian machine");
    const qint64 rows = table.rowTotal();
    const qint64 cols = table.columnTotal();
    if (rows == 0 || cols == 0)
        return true;
    const qint64 perBlock = rowsPerBlock(table, sizeof(Scalar));
    std::vector<Scalar> buffer(std::size_t(perBlock * cols));
    std::vector<double> doubles; // a float32 table without its own float rows: cast from these
    for (qint64 r0 = 0; r0 < rows; r0 += perBlock) {
        const qint64 count = std::min(perBlock, rows - r0);
        const std::size_t values = std::size_t(count * cols);
        if constexpr (std::is_same_v<Scalar, double>) {
            table.fill(r0, count, buffer.data());
        } else if (table.rowsF32) {
            table.rowsF32(r0, count, buffer.data());
        } else {
            doubles.resize(values);
            table.fill(r0, count, doubles.data());
            for (std::size_t i = 0; i < values; ++i)
                buffer[i] = static_cast<Scalar>(doubles[i]);
        }
        const qint64 bytes = qint64(values * sizeof(Scalar));
        if (device->write(reinterpret_cast<const char *>(buffer.data()), bytes) != bytes)
            return false;
    }
    return true;
}

template<typename Scalar>
void appendNumber(QByteArray &line, Scalar value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value); // shortest round trip
    line.append(text, result.ptr - text);
}

} // namespace

QStringList DataExport::viewNames()
{
    QStringList names;
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        if (view->dataTable)
            names << view->id;
    }
    return names;
}

std::optional<DataTable> DataExport::table(const QString &view, const Scene &scene, QString *error)
{
    const ViewDescriptor *descriptor = ViewRegistry::find(view);
    if (!descriptor || !descriptor->dataTable) {
        if (error)
            *error = tr("unknown view “%1”; data can be exported from: %2")
                         .arg(view, viewNames().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return descriptor->dataTable(scene, error);
}

std::optional<DataTable> DataExport::table(const QString &view, const EncodingParams &params,
                                           const QList<int> &dimensions,
                                           const TemporalParams &temporal, QString *error)
{
    Scene scene;
    scene.params = params;
    scene.dimensions = dimensions;
    scene.temporal = temporal;
    return table(view, scene, error);
}

bool DataExport::writeNpy(QIODevice *device, const RowMatrixXd &values, DType dtype)
{
    return writeNpy(device, DataTable{values, {}}, dtype);
}

bool DataExport::writeNpy(QIODevice *device, const DataTable &table, DType dtype)
{
    const QByteArray head = QByteArray::fromStdString(
        npyHeader(dtype == DType::Float32 ? "<f4" : "<f8", {table.rowTotal(), table.columnTotal()}));
    if (device->write(head) != head.size())
        return false;
    return dtype == DType::Float32 ? writeRaw<float>(device, table) : writeRaw<double>(device, table);
}

bool DataExport::writeCsv(QIODevice *device, const DataTable &table, DType dtype,
                          const QStringList &comments)
{
    QByteArray text;
    for (const QString &comment : comments) {
        for (const QString &line : comment.split(QLatin1Char('\n')))
            text += "# " + line.toUtf8() + '\n';
    }
    text += table.columns.join(QLatin1Char(',')).toUtf8() + '\n';
    const qint64 rows = table.rowTotal();
    const qint64 cols = table.columnTotal();
    const qint64 perBlock = rowsPerBlock(table, sizeof(double));
    std::vector<double> block(std::size_t(perBlock * cols));
    for (qint64 r0 = 0; r0 < rows && cols > 0; r0 += perBlock) {
        const qint64 count = std::min(perBlock, rows - r0);
        table.fill(r0, count, block.data());
        const double *value = block.data();
        for (qint64 r = 0; r < count; ++r) {
            for (qint64 c = 0; c < cols; ++c, ++value) {
                if (c > 0)
                    text += ',';
                if (dtype == DType::Float32)
                    appendNumber(text, static_cast<float>(*value));
                else
                    appendNumber(text, *value);
            }
            text += '\n';
        }
        if (text.size() > kBlockBytes) {
            if (device->write(text) != text.size())
                return false;
            text.clear();
        }
    }
    return device->write(text) == text.size();
}

bool DataExport::write(const QString &path, const DataTable &table, DType dtype,
                       const QStringList &comments, QString *error, const QString &shownPath)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("npy") && suffix != QLatin1String("csv")) {
        if (error)
            *error = tr("%1: unknown data format “.%2”; use .npy or .csv").arg(path, suffix);
        return false;
    }
    SafeSave file(path, shownPath);
    if (!file.open(error))
        return false;
    errno = 0;
    const bool written = suffix == QLatin1String("npy")
                             ? writeNpy(file.device(), table, dtype)
                             : writeCsv(file.device(), table, dtype, comments);
    if (!written)
        return file.abandon(errno, error);
    return file.commit(error);
}

} // namespace posenc

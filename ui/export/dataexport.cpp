// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/dataexport.h"

#include "ui/views/viewregistry.h"

#include <QFileInfo>
#include <QSaveFile>

#include <bit>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <vector>

namespace posenc {

QStringList DataExport::dimensionNames(const QList<int> &dimensions)
{
    QStringList names;
    for (int d : dimensions)
        names << QStringLiteral("dim_%1").arg(d);
    return names;
}

QList<int> DataExport::allDimensions(int dModel)
{
    QList<int> dimensions(dModel);
    for (int d = 0; d < dModel; ++d)
        dimensions[d] = d;
    return dimensions;
}

namespace {

// Converts and writes rows in blocks so that a 256 MiB matrix never exists twice in memory.
template<typename Scalar>
bool writeRaw(QIODevice *device, const RowMatrixXd &values)
{
    static_assert(std::endian::native == std::endian::little,
                  "the .npy writer assumes a little-endian machine");
    const Eigen::Index cols = values.cols();
    std::vector<Scalar> buffer;
    constexpr Eigen::Index kBlockValues = 1 << 20;
    const Eigen::Index rowsPerBlock = std::max<Eigen::Index>(1, kBlockValues / std::max<Eigen::Index>(cols, 1));
    for (Eigen::Index r0 = 0; r0 < values.rows(); r0 += rowsPerBlock) {
        const Eigen::Index rows = std::min(rowsPerBlock, values.rows() - r0);
        buffer.resize(size_t(rows * cols));
        for (Eigen::Index r = 0; r < rows; ++r)
            for (Eigen::Index c = 0; c < cols; ++c)
                buffer[size_t(r * cols + c)] = static_cast<Scalar>(values(r0 + r, c));
        const qint64 bytes = qint64(buffer.size() * sizeof(Scalar));
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
    // NumPy format 1.0: magic, version, little-endian header length, then a Python dict
    // literal padded with spaces and a newline so that the data starts 64-byte aligned.
    QByteArray header = QByteArrayLiteral("{'descr': '")
                        + (dtype == DType::Float32 ? "<f4" : "<f8")
                        + QByteArrayLiteral("', 'fortran_order': False, 'shape': (")
                        + QByteArray::number(qint64(values.rows())) + ", "
                        + QByteArray::number(qint64(values.cols())) + "), }";
    const int preamble = 10;
    const int total = int((preamble + header.size() + 1 + 63) / 64 * 64);
    header.append(QByteArray(total - preamble - header.size() - 1, ' '));
    header.append('\n');
    QByteArray head("\x93NUMPY\x01\x00", 8);
    const quint16 length = quint16(header.size());
    head.append(char(length & 0xff));
    head.append(char(length >> 8));
    head.append(header);
    if (device->write(head) != head.size())
        return false;
    return dtype == DType::Float32 ? writeRaw<float>(device, values) : writeRaw<double>(device, values);
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
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) {
        for (Eigen::Index c = 0; c < table.values.cols(); ++c) {
            if (c > 0)
                text += ',';
            if (dtype == DType::Float32)
                appendNumber(text, static_cast<float>(table.values(r, c)));
            else
                appendNumber(text, table.values(r, c));
        }
        text += '\n';
        if (text.size() > (1 << 20)) {
            if (device->write(text) != text.size())
                return false;
            text.clear();
        }
    }
    return device->write(text) == text.size();
}

QString DataExport::fileError(const QFileDevice &file, int savedErrno)
{
    const QString qt = file.errorString();
    if (savedErrno != 0 && (qt.isEmpty() || qt == QLatin1String("Unknown error") || file.error() == QFileDevice::NoError))
        return QString::fromLocal8Bit(std::strerror(savedErrno));
    return qt;
}

bool DataExport::write(const QString &path, const DataTable &table, DType dtype,
                       const QStringList &comments, QString *error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("npy") && suffix != QLatin1String("csv")) {
        if (error)
            *error = tr("%1: unknown data format “.%2”; use .npy or .csv").arg(path, suffix);
        return false;
    }
    QSaveFile file(path);
    errno = 0;
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("cannot write %1: %2").arg(path, fileError(file, errno));
        return false;
    }
    const bool written = suffix == QLatin1String("npy")
                             ? writeNpy(&file, table.values, dtype)
                             : writeCsv(&file, table, dtype, comments);
    if (!written || !file.commit()) {
        const int savedErrno = errno;
        if (error)
            *error = tr("cannot write %1: %2").arg(path, fileError(file, savedErrno));
        file.cancelWriting();
        return false;
    }
    return true;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/check/checkedfile.h"

#include "core/parallel.h"
#include "core/safetensors.h"
#include "ui/io/boundedfile.h"
#include "ui/state/stdtext.h"
#include "ui/views/fileerrortext.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMutex>
#include <QMutexLocker>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <variant>

namespace posenc {

namespace {

// What identifies a file's content without reading it: its path, size and time of change, the
// tensor asked for, and the language its refusal, if any, was worded in.
struct FileKey {
    QString path;
    QString tensor;
    qint64 size = -1;
    QDateTime modified;
    QString language;
    bool operator==(const FileKey &) const = default;
};

FileKey keyOf(const QString &path, const QString &tensor)
{
    if (path.isEmpty())
        return {{}, tensor, -1, {}, QLocale().name()};
    const QFileInfo info(path);
    return {path, tensor, info.size(), info.lastModified(), QLocale().name()};
}

// A file among the application's resources (":/examples/textbook-loop.npy"): the examples,
// read whole through Qt's resource system.
bool isResource(const QString &path)
{
    return path.startsWith(QLatin1String(":/"));
}

// The bytes of the example at `path`; nothing, with the error in `checked`, if it is missing.
std::optional<QByteArray> exampleBytes(const QString &path, CheckedFile &checked)
{
    QFile example(path);
    if (!example.open(QIODevice::ReadOnly)) {
        checked.error = CheckedFile::tr("the example %1 is missing from the resources").arg(path);
        return std::nullopt;
    }
    return example.readAll();
}

// The matrix of a checkpoint's tensor into `checked`; false (with its error) when it cannot be read.
bool readCheckpoint(CheckedFile &checked, const QString &tensor)
{
    std::variant<PositionTable, MatrixFileError> read = MatrixFileError{};
    if (isResource(checked.path)) {
        const std::optional<QByteArray> bytes = exampleBytes(checked.path, checked);
        if (!bytes)
            return false;
        read = readPositionTable(MemoryByteSource(std::string_view(bytes->constData(), std::size_t(bytes->size()))),
                                 tensor.toStdString());
    } else {
        read = readPositionTable(QFile::encodeName(checked.path).toStdString(), tensor.toStdString());
    }
    if (const auto *why = std::get_if<MatrixFileError>(&read)) {
        checked.tensor = tensor;
        checked.error = CheckedFile::tr("%1: %2").arg(checked.displayName(), FileErrorText::sentence(*why));
        return false;
    }
    checked.file = std::move(std::get<PositionTable>(read).file);
    checked.tensor = fromStd(std::get<PositionTable>(read).tensor);
    return true;
}

// The matrix of the file `checked` names into it (with the tensor of a checkpoint); false,
// with the error set, when it cannot be read.
bool readMatrix(CheckedFile &checked, const QString &tensor)
{
    if (isSafetensorsPath(QFile::encodeName(checked.path).toStdString()))
        return readCheckpoint(checked, tensor);
    MatrixFileResult file;
    if (checked.path.isEmpty() || isResource(checked.path)) {
        const std::optional<QByteArray> bytes =
            exampleBytes(checked.path.isEmpty() ? CheckedFile::examplePath() : checked.path, checked);
        if (!bytes)
            return false;
        file = readMatrixFile(std::string_view(bytes->constData(), std::size_t(bytes->size())));
    } else {
        BoundedFile::MatrixResult result = BoundedFile::readMatrix(
            checked.path,
            CheckedFile::tr("an encoding to check must be a regular .npy, .csv or .txt file of at most %1 MiB")
                .arg(kMaxMatrixFileBytes / (1024 * 1024)));
        if (const auto *why = std::get_if<QString>(&result)) {
            checked.error = *why;
            return false;
        }
        if (auto *why = std::get_if<MatrixFileError>(&result))
            file = std::move(*why);
        else
            file = std::move(std::get<MatrixFile>(result));
    }
    if (const auto *why = std::get_if<MatrixFileError>(&file)) {
        checked.error = CheckedFile::tr("%1: %2").arg(checked.displayName(), FileErrorText::sentence(*why));
        return false;
    }
    checked.file = std::move(std::get<MatrixFile>(file));
    return true;
}

std::shared_ptr<const CheckedFile> read(const QString &path, const QString &tensor, const CheckedFile::Progress &progress)
{
    auto checked = std::make_shared<CheckedFile>();
    checked->path = path;
    if (!readMatrix(*checked, tensor))
        return checked;
    // Reading takes about a fifth of the time, the check most of the rest.
    CheckOptions options;
    if (progress)
        options.progress = [&progress](double fraction) { return progress(0.2 + 0.7 * fraction); };
    checked->check = checkEncoding(checked->file, options);
    if (checked->check.cancelled || (progress && !progress(0.9))) {
        checked->error = CheckedFile::tr("the check of %1 was cancelled").arg(checked->displayName());
        checked->cancelled = true;
        return checked;
    }
    // The extents of the colour scales, in one pass over the cells.
    std::mutex mutex;
    parallelFor(checked->positions(), 64, [&](std::int64_t from, std::int64_t to) {
        double value = 0, difference = 0;
        for (Eigen::Index r = from; r < to; ++r) {
            for (Eigen::Index c = 0; c < checked->dimensions(); ++c) {
                const double stored = checked->value(CheckedFile::Layer::File, r, c);
                const double reference = checked->check.reference.value(int(r), int(c));
                value = std::max({value, std::abs(stored), std::abs(reference)});
                difference = std::max(difference, std::abs(stored - reference));
            }
        }
        const std::lock_guard lock(mutex);
        checked->largestValue = std::max(checked->largestValue, value);
        checked->largestDifference = std::max(checked->largestDifference, difference);
    });
    return checked;
}

} // namespace

QString CheckedFile::examplePath()
{
    return QStringLiteral(":/examples/textbook-loop.npy");
}

QString CheckedFile::displayName() const
{
    if (path.isEmpty())
        return tr("%1 (example)").arg(QFileInfo(examplePath()).fileName());
    if (!tensor.isEmpty())
        return tr("%1: %2").arg(QFileInfo(path).fileName(), tensor);
    return QFileInfo(path).fileName();
}

double CheckedFile::value(Layer layer, Eigen::Index row, Eigen::Index column) const
{
    const double stored = check.transposed ? file.values(column, row) : file.values(row, column);
    if (layer == Layer::File)
        return stored;
    const double reference = check.reference.value(int(row), int(column));
    return layer == Layer::Reference ? reference : stored - reference;
}

RowMatrixXd CheckedFile::boxes(Layer layer, const BoxGrid &grid) const
{
    return matrixBoxes(
        positions(), dimensions(), [this, layer](Eigen::Index r, Eigen::Index c) { return value(layer, r, c); }, grid,
        layer == Layer::Difference ? BoxReduction::LargestMagnitude : BoxReduction::Mean);
}

RowMatrixXd CheckedFile::matrix(Layer layer) const
{
    RowMatrixXd out(positions(), dimensions());
    for (Eigen::Index r = 0; r < out.rows(); ++r)
        for (Eigen::Index c = 0; c < out.cols(); ++c)
            out(r, c) = value(layer, r, c);
    return out;
}

double CheckedFile::valueExtent() const
{
    return largestValue > 0 ? largestValue : 1;
}

double CheckedFile::differenceExtent() const
{
    const double allowed = std::isfinite(check.tolerance) ? check.tolerance : 0.0;
    const double extent = std::max(largestDifference, allowed);
    if (!(extent > 0) || !std::isfinite(extent))
        return valueExtent();
    // Up to the next number of two significant digits (1.996 to 2, 0.01234 to 0.013); one that
    // has two already (0.25, 2) stays itself.
    const double step = std::pow(10.0, std::floor(std::log10(extent)) - 1);
    const double rounded = std::ceil(extent / step * (1 - 1e-12)) * step;
    return QString::number(rounded, 'g', 2).toDouble();
}

namespace {

// The last file read and checked: the view, its export and its inspector share it.
struct LastChecked {
    QMutex mutex;
    FileKey key;
    std::shared_ptr<const CheckedFile> file;
};

LastChecked &lastChecked()
{
    static LastChecked last;
    return last;
}

} // namespace

std::shared_ptr<const CheckedFile> CheckedFile::loaded(const QString &path, const QString &tensor)
{
    const FileKey key = keyOf(path, tensor);
    LastChecked &last = lastChecked();
    const QMutexLocker lock(&last.mutex);
    if (last.file && key == last.key && last.file->path == path)
        return last.file;
    return nullptr;
}

std::shared_ptr<const CheckedFile> CheckedFile::load(const QString &path, const QString &tensor, const Progress &progress)
{
    if (std::shared_ptr<const CheckedFile> known = loaded(path, tensor))
        return known;
    const FileKey key = keyOf(path, tensor);
    std::shared_ptr<const CheckedFile> checked = read(path, tensor, progress);
    if (checked->cancelled)
        return checked;
    LastChecked &last = lastChecked();
    const QMutexLocker lock(&last.mutex);
    last.key = key;
    last.file = checked;
    return checked;
}

std::shared_ptr<const CheckedFile> CheckedFile::available(const QString &path, const QString &tensor)
{
    if (std::shared_ptr<const CheckedFile> known = loaded(path, tensor))
        return known;
    return quickToRead(path) ? load(path, tensor) : nullptr;
}

bool CheckedFile::quickToRead(const QString &path)
{
    return path.isEmpty() || QFileInfo(path).size() <= kQuickBytes;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/check/checkedfile.h"

#include "core/safetensors.h"
#include "ui/export/boundedfile.h"
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

// The matrix of a checkpoint's tensor into `checked`; false (with its error) when it cannot be read.
bool readCheckpoint(CheckedFile &checked, const QString &tensor)
{
    std::variant<PositionTable, MatrixFileError> read =
        readPositionTable(QFile::encodeName(checked.path).toStdString(), tensor.toStdString());
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
    QByteArray bytes;
    if (checked.path.isEmpty()) {
        QFile example(CheckedFile::examplePath());
        if (!example.open(QIODevice::ReadOnly)) {
            checked.error = CheckedFile::tr("the example %1 is missing from the resources").arg(example.fileName());
            return false;
        }
        bytes = example.readAll();
    } else {
        const BoundedFile::Result result = BoundedFile::read(
            checked.path, kMaxMatrixFileBytes,
            CheckedFile::tr("an encoding to check must be a regular .npy, .csv or .txt file of at most %1 MiB")
                .arg(kMaxMatrixFileBytes / (1024 * 1024)));
        if (const auto *why = std::get_if<QString>(&result)) {
            checked.error = *why;
            return false;
        }
        bytes = std::get<QByteArray>(result);
    }
    MatrixFileResult file = readMatrixFile(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (const auto *why = std::get_if<MatrixFileError>(&file)) {
        checked.error = CheckedFile::tr("%1: %2").arg(checked.displayName(), FileErrorText::sentence(*why));
        return false;
    }
    checked.file = std::move(std::get<MatrixFile>(file));
    return true;
}

std::shared_ptr<const CheckedFile> read(const QString &path, const QString &tensor)
{
    auto checked = std::make_shared<CheckedFile>();
    checked->path = path;
    if (!readMatrix(*checked, tensor))
        return checked;
    checked->check = checkEncoding(checked->file);
    const EncodingCheck &check = checked->check;
    checked->values = check.transposed ? RowMatrixXd(checked->file.values.transpose()) : checked->file.values;
    checked->reference = check.reference.matrix(check.positions);
    if (checked->reference.rows() != checked->values.rows() || checked->reference.cols() != checked->values.cols())
        checked->reference = RowMatrixXd::Zero(checked->values.rows(), checked->values.cols());
    checked->difference = checked->values - checked->reference;
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

double CheckedFile::valueExtent() const
{
    if (values.size() == 0)
        return 1;
    const double extent = std::max(values.cwiseAbs().maxCoeff(), reference.cwiseAbs().maxCoeff());
    return extent > 0 ? extent : 1;
}

double CheckedFile::differenceExtent() const
{
    const double largest = difference.size() ? difference.cwiseAbs().maxCoeff() : 0.0;
    const double allowed = std::isfinite(check.tolerance) ? check.tolerance : 0.0;
    const double extent = std::max(largest, allowed);
    return extent > 0 ? extent : valueExtent();
}

std::shared_ptr<const CheckedFile> CheckedFile::load(const QString &path, const QString &tensor)
{
    static QMutex mutex;
    static FileKey lastKey;
    static std::shared_ptr<const CheckedFile> last;
    const FileKey key = keyOf(path, tensor);
    {
        const QMutexLocker lock(&mutex);
        if (last && key == lastKey && last->path == path)
            return last;
    }
    std::shared_ptr<const CheckedFile> checked = read(path, tensor);
    const QMutexLocker lock(&mutex);
    lastKey = key;
    last = checked;
    return checked;
}

} // namespace posenc

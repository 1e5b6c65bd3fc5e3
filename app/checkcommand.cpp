// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/checkcommand.h"

#include "app/headless.h"
#include "core/encodingcheck.h"
#include "core/matrixfile.h"
#include "core/safetensors.h"
#include "ui/io/boundedfile.h"
#include "ui/views/fileerrortext.h"
#include "ui/views/findingtext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cmath>
#include <cstdio>

namespace posenc {

namespace {

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// A number for JSON, which has no NaN or infinity: those are null.
QJsonValue jsonNumber(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QJsonArray jsonList(const std::vector<int> &values)
{
    QJsonArray list;
    for (int v : values)
        list.append(v);
    return list;
}

} // namespace

QByteArray CheckCommand::toJson(const MatrixFile &file, const EncodingCheck &check, const CheckOptions &options,
                                 const QString &tensor)
{
    QJsonObject o;
    QJsonArray shape;
    for (long long n : check.shape)
        shape.append(double(n));
    o[QStringLiteral("shape")] = shape;
    o[QStringLiteral("transposed")] = check.transposed;
    o[QStringLiteral("positions")] = check.positions;
    o[QStringLiteral("d_model")] = check.dModel;
    o[QStringLiteral("layout")] = fromStd(check.layout);
    o[QStringLiteral("odd_column")] = fromStd(oddColumnName(check.oddColumn));
    o[QStringLiteral("frequencies")] = fromStd(check.frequencies);
    if (check.frequencies == "fitted") {
        QJsonArray fitted;
        for (double w : check.fittedFrequencies)
            fitted.append(jsonNumber(w));
        o[QStringLiteral("fitted_frequencies")] = fitted;
    }
    o[QStringLiteral("base")] = jsonNumber(check.base);
    o[QStringLiteral("start")] = jsonNumber(check.start);
    o[QStringLiteral("position_step")] = jsonNumber(check.positionStep);
    o[QStringLiteral("scale")] = jsonNumber(check.scale);
    o[QStringLiteral("dtype")] = fromStd(storedTypeName(check.dtype));
    o[QStringLiteral("format")] = fromStd(file.format);
    o[QStringLiteral("tensor")] = tensor.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(tensor);
    o[QStringLiteral("computed_in")] = check.computedIn ? QJsonValue(fromStd(precisionName(*check.computedIn)))
                                                        : QJsonValue(QJsonValue::Null);
    o[QStringLiteral("matches")] = check.matches;
    o[QStringLiteral("max_error")] = jsonNumber(check.maxError);
    o[QStringLiteral("tolerance")] = jsonNumber(check.tolerance);
    o[QStringLiteral("residual_rms")] = jsonNumber(check.residualRms);
    o[QStringLiteral("residual_max")] = jsonNumber(check.residualMax);
    QJsonArray implementations;
    for (const std::string &name : check.implementations)
        implementations.append(fromStd(name));
    o[QStringLiteral("implementations")] = implementations;
    QJsonArray findings;
    for (const Finding &f : check.findings) {
        QJsonObject finding;
        finding[QStringLiteral("code")] = fromStd(f.code);
        finding[QStringLiteral("severity")] = fromStd(severityName(f.severity));
        finding[QStringLiteral("message")] = FindingText::sentence(f, check, options);
        finding[QStringLiteral("fix")] = FindingText::fix(f, check);
        finding[QStringLiteral("columns")] = jsonList(f.columns);
        QJsonObject evidence;
        if (std::isfinite(f.expected))
            evidence[QStringLiteral("expected")] = f.expected;
        if (std::isfinite(f.found))
            evidence[QStringLiteral("found")] = f.found;
        if (f.column >= 0)
            evidence[QStringLiteral("column")] = f.column;
        if (f.row >= 0)
            evidence[QStringLiteral("row")] = f.row;
        for (const EvidenceValue &v : f.evidence)
            evidence[fromStd(v.name)] = jsonNumber(v.value);
        for (const EvidenceWord &w : f.words)
            evidence[fromStd(w.name)] = fromStd(w.value);
        finding[QStringLiteral("evidence")] = evidence;
        findings.append(finding);
    }
    o[QStringLiteral("findings")] = findings;
    if (check.learned) {
        QJsonObject learned;
        QJsonArray shares;
        for (double v : check.learned->varianceShare)
            shares.append(jsonNumber(v));
        learned[QStringLiteral("variance_share")] = shares;
        learned[QStringLiteral("trajectory")] = fromStd(check.learned->trajectory);
        o[QStringLiteral("learned_table")] = learned;
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

QString CheckCommand::toText(const QString &path, const MatrixFile &file, const EncodingCheck &check,
                             const CheckOptions &options, const QString &tensor)
{
    const auto num = [](double v) { return QString::number(v, 'g', 6); };
    QStringList shape;
    for (long long n : check.shape)
        shape << QString::number(n);
    QStringList lines;
    lines << (file.type == StoredType::Text
                  ? tr("%1: text, %2 rows of %3 numbers").arg(path).arg(file.values.rows()).arg(file.values.cols())
                  : tr("%1: %2 [%3], %4").arg(path, fromStd(storedTypeName(check.dtype)), shape.join(QStringLiteral(", ")),
                                              fromStd(file.format)));
    if (!tensor.isEmpty())
        lines << tr("  tensor: %1").arg(tensor);
    lines << (check.transposed ? tr("  orientation: transposed, dimensions along the first axis (%1 positions x %2 dimensions)")
                               : tr("  orientation: positions along the first axis (%1 positions x %2 dimensions)"))
                 .arg(check.positions)
                 .arg(check.dModel);
    lines << tr("  layout: %1 (odd column: %2)").arg(fromStd(check.layout), fromStd(oddColumnName(check.oddColumn)));
    lines << (std::isfinite(check.base) && check.base > 0
                  ? tr("  frequencies: %1, base %2").arg(fromStd(check.frequencies), num(check.base))
                  : tr("  frequencies: %1, no base fits them").arg(fromStd(check.frequencies)));
    lines << tr("  positions: row r is at %1 + r * %2").arg(num(check.start), num(check.positionStep));
    lines << (check.standingScale() != check.scale
                  ? tr("  amplitude (scale): 1 (fitted %1, not told apart from 1)").arg(num(check.scale))
                  : tr("  amplitude (scale): %1").arg(num(check.scale)));
    if (check.computedIn)
        lines << tr("  computed in: %1").arg(fromStd(precisionName(*check.computedIn)));
    if (check.matches) {
        const QStringList who = [&] {
            QStringList names;
            for (const std::string &name : check.implementations)
                names << fromStd(name);
            return names;
        }();
        lines << tr("  verdict: matches a published convention (largest difference %1, allowed %2)")
                     .arg(num(check.maxError), num(check.tolerance));
        if (!who.isEmpty())
            lines << tr("  used by: %1").arg(who.join(QStringLiteral("; ")));
    } else if (check.hasFinding("residual")) {
        lines << tr("  verdict: a published convention plus a residual of RMS %1 (largest %2, allowed %3)")
                     .arg(num(check.residualRms), num(check.residualMax), num(check.tolerance));
    } else {
        lines << tr("  verdict: does not match a published convention (largest difference %1 from the closest, allowed %2)")
                     .arg(num(check.maxError), num(check.tolerance));
    }
    if (!check.findings.empty())
        lines << tr("findings:");
    for (const Finding &f : check.findings) {
        const QString sentence = FindingText::sentence(f, check, options);
        lines << tr("  [%1] %2: %3").arg(FindingText::severityLabel(f.severity), fromStd(f.code), sentence);
        if (!f.columns.empty())
            lines << tr("      columns: %1").arg(FindingText::columnRanges(f.columns));
        const QString fix = FindingText::fix(f, check);
        if (!fix.isEmpty())
            lines << tr("      fix: %1").arg(fix);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

namespace {

// The matrix to check and, of a checkpoint, the tensor it is.
struct MatrixToCheck {
    MatrixFile file;
    QString tensor;
};

// The file `path` names, read; or the one line that says why it cannot be.
std::variant<MatrixToCheck, QString> readMatrix(const QString &path, const QString &tensor)
{
    const std::string localPath = QFile::encodeName(path).toStdString();
    if (isSafetensorsPath(localPath)) {
        // A checkpoint can be many gigabytes: only its header and the chosen tensor are read,
        // so the file's size is not bounded, only the tensor's (kMaxMatrixValues).
        std::variant<PositionTable, MatrixFileError> read = readPositionTable(localPath, tensor.toStdString());
        if (const auto *why = std::get_if<MatrixFileError>(&read))
            return CheckCommand::tr("check: %1: %2").arg(path, FileErrorText::sentence(*why));
        PositionTable &table = std::get<PositionTable>(read);
        return MatrixToCheck{std::move(table.file), fromStd(table.tensor)};
    }
    BoundedFile::MatrixResult read = BoundedFile::readMatrix(
        path, CheckCommand::tr("an encoding to check must be a regular .npy, .csv or .txt file of at most %1 MiB")
                  .arg(kMaxMatrixFileBytes / (1024 * 1024)));
    if (const auto *why = std::get_if<QString>(&read))
        return CheckCommand::tr("check: %1").arg(*why);
    if (const auto *why = std::get_if<MatrixFileError>(&read))
        return CheckCommand::tr("check: %1: %2").arg(path, FileErrorText::sentence(*why));
    return MatrixToCheck{std::move(std::get<MatrixFile>(read)), QString()};
}

} // namespace

int CheckCommand::run(const QString &path, bool json, const CheckOptions &options, const QString &tensor)
{
    const std::variant<MatrixToCheck, QString> read = readMatrix(path, tensor);
    if (const auto *why = std::get_if<QString>(&read))
        return reportError(*why);
    const MatrixToCheck &matrix = std::get<MatrixToCheck>(read);
    const EncodingCheck check = checkEncoding(matrix.file, options);
    const QByteArray out = json ? toJson(matrix.file, check, options, matrix.tensor)
                                : toText(path, matrix.file, check, options, matrix.tensor).toUtf8();
    std::fwrite(out.constData(), 1, std::size_t(out.size()), stdout);
    return 0;
}

} // namespace posenc

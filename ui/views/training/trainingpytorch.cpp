// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/training/trainingpytorch.h"

#include "core/matrixfile.h"
#include "ui/state/stdtext.h"
#include "ui/io/safesave.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <zip.h>

#include <charconv>
#include <memory>

namespace posenc {

namespace {

// A Python float literal that reads back as the same double: the shortest digits, with ".0"
// where they would read as an int.
QByteArray pythonFloat(double value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    QByteArray out(text, end - text);
    if (!out.contains('.') && !out.contains('e'))
        out += ".0";
    return out;
}

// A Python string literal: a JSON string is one (the same escapes).
QByteArray pythonString(const QString &text)
{
    QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

QByteArray pythonString(std::string_view text)
{
    return pythonString(fromStd(text));
}

struct Setting {
    const char *name;
    QByteArray value;
    const char *comment;
};

QByteArray settingsBlock(const TrainingConfig &c, const QString &commandLine)
{
    const auto integer = [](long long v) { return QByteArray::number(v); };
    const QList<Setting> settings = {
        {"COMMAND", pythonString(commandLine), "the same run in PosEnc Lab"},
        {"TASK", pythonString(trainingTaskName(c.task)), "order | bag"},
        {"CLASSES", integer(taskClasses(c.task)), nullptr},
        {"VOCAB", integer(c.vocab), nullptr},
        {"SEQ_LEN", integer(c.seqLen), "the training length: the rows of a learned table"},
        {"D_MODEL", integer(c.dModel), nullptr},
        {"LAYERS", integer(c.layers), nullptr},
        {"LAYER_NORM", c.layerNorm ? "True" : "False", "pre-norm in each layer and a final one"},
        {"ENCODING", pythonString(positionSchemeName(c.scheme)), "scaled_sinu | learned_sinusoidal | learned | none"},
        {"JOIN", pythonString(peJoinName(c.join)), "add | concat_project | alpha"},
        {"BASE", pythonFloat(c.encoding.base), nullptr},
        {"LAYOUT", pythonString(layoutName(c.encoding.layout)), "interleaved | split"},
        {"FREQUENCIES", pythonString(frequencyConventionName(c.encoding.frequencies)), "paper | tensor2tensor"},
        {"OPTIMIZER", pythonString(optimizerName(c.optimizer)), "adam | sgd"},
        {"LR", pythonFloat(c.learningRate), nullptr},
        {"SCALE_LR_RATIO", pythonFloat(c.scaleLrRatio), "the scale's learning rate over LR"},
        {"BATCH", integer(c.batch), nullptr},
        {"STEPS", integer(c.steps), nullptr},
        {"SEED", integer((long long)c.seed), "run.npz's weights, examples and batches come from it"},
        {"SCALE_INIT", pythonFloat(c.scaleInit), nullptr},
        {"CLAMP", pythonString(clampModeName(c.clampMode)), "step (after every update) | construction (once) | off"},
        {"CLAMP_LOW", pythonFloat(c.clampLow), nullptr},
        {"CLAMP_HIGH", pythonFloat(c.clampHigh), nullptr},
        {"PE_DTYPE", pythonString(peDTypeName(c.peDType)), "float64 | float32 | float16: the position term's rounding"},
        {"SCALE_STORAGE", pythonString(scaleStorageName(c.scaleStorage)), "float32 | pe: the scale kept in float32 or the PE's dtype"},
    };
    QByteArray block = "# The run's settings.\n";
    for (const Setting &s : settings) {
        QByteArray line = QByteArray(s.name) + " = " + s.value;
        if (s.comment) {
            line = line.leftJustified(30, ' ');
            line += "  # " + QByteArray(s.comment);
        }
        block += line + '\n';
    }
    return block;
}

QByteArray npyOf(const RunArray &array)
{
    QByteArray bytes = QByteArray::fromStdString(npyHeader(array.isInteger() ? "<i4" : "<f8", array.shape));
    // Little-endian machines only (x86-64, aarch64): the values are written as they are held.
    static_assert(Q_BYTE_ORDER == Q_LITTLE_ENDIAN);
    if (array.isInteger())
        bytes.append(reinterpret_cast<const char *>(array.integers.data()), qsizetype(array.integers.size() * 4));
    else
        bytes.append(reinterpret_cast<const char *>(array.values.data()), qsizetype(array.values.size() * 8));
    return bytes;
}

QString zipMessage(zip_error_t *error)
{
    return QString::fromUtf8(zip_error_strerror(error));
}

} // namespace

QByteArray TrainingPytorch::program(const TrainingConfig &config, const QString &commandLine)
{
    QFile file(QStringLiteral(":/pytorch/run.py"));
    file.open(QIODevice::ReadOnly);
    QByteArray text = file.readAll();
    text.replace("# @SETTINGS@\n", settingsBlock(config, commandLine));
    return text;
}

std::optional<QByteArray> TrainingPytorch::npz(const std::vector<RunArray> &arrays, QString *error)
{
    // Built in memory (libzip writes the headers and CRC-32s), then saved as one file by the caller.
    zip_error_t zipError;
    zip_error_init(&zipError);
    const auto fail = [&](const QString &why) {
        *error = tr("cannot make run.npz: %1").arg(why);
        zip_error_fini(&zipError);
        return std::nullopt;
    };
    zip_source_t *buffer = zip_source_buffer_create(nullptr, 0, 0, &zipError);
    if (!buffer)
        return fail(zipMessage(&zipError));
    const std::unique_ptr<zip_source_t, decltype(&zip_source_free)> ours(buffer, &zip_source_free);
    zip_t *archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &zipError);
    if (!archive)
        return fail(zipMessage(&zipError));
    zip_source_keep(buffer); // the archive's reference and ours: the bytes outlive zip_close
    QList<QByteArray> entries; // alive until zip_close has read them
    entries.reserve(qsizetype(arrays.size()));
    for (const RunArray &array : arrays) {
        entries.append(npyOf(array));
        const QByteArray &bytes = entries.constLast();
        zip_source_t *source = zip_source_buffer(archive, bytes.constData(), zip_uint64_t(bytes.size()), 0);
        const QByteArray name = QByteArray::fromStdString(array.name) + ".npy";
        const zip_int64_t index = source ? zip_file_add(archive, name.constData(), source, ZIP_FL_ENC_UTF_8) : -1;
        if (index < 0) {
            if (source)
                zip_source_free(source);
            const QString why = QString::fromUtf8(zip_strerror(archive));
            zip_discard(archive);
            return fail(why);
        }
        zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0);
        zip_file_set_mtime(archive, zip_uint64_t(index), 315532800 + 12 * 3600, 0); // 1980-01-01, DOS time's first day
    }
    if (zip_close(archive) != 0) {
        const QString why = QString::fromUtf8(zip_strerror(archive));
        zip_discard(archive);
        return fail(why);
    }
    zip_stat_t stat;
    if (zip_source_stat(buffer, &stat) != 0 || zip_source_open(buffer) != 0)
        return fail(zipMessage(zip_source_error(buffer)));
    QByteArray bytes(qsizetype(stat.size), Qt::Uninitialized);
    const zip_int64_t read = zip_source_read(buffer, bytes.data(), stat.size);
    zip_source_close(buffer);
    if (read != zip_int64_t(stat.size))
        return fail(zipMessage(zip_source_error(buffer)));
    zip_error_fini(&zipError);
    return bytes;
}

std::optional<QList<SetFile>> TrainingPytorch::files(const TrainingConfig &config, const QString &commandLine,
                                                     QString *error)
{
    const std::optional<QByteArray> archive = npz(trainingRunArrays(Trainer(config)), error);
    if (!archive)
        return std::nullopt;
    const QString readme = tr("# %1\n\n"
                              "The training lab's run in PyTorch: the same model, initial weights (run.npz), examples\n"
                              "and batches. With Python 3, NumPy and PyTorch:\n\n"
                              "    python3 run.py torch.csv\n\n"
                              "trains in float64 and writes one row per step with the columns of `posenc-lab train`;\n"
                              "the same run in PosEnc Lab:\n\n"
                              "    %1\n")
                               .arg(commandLine);
    const auto bytesFile = [](const QString &name, const QByteArray &bytes) {
        return SetFile{name, [bytes](const QString &path, QString *why) { return SafeSave::write(path, bytes, why); }};
    };
    return QList<SetFile>{bytesFile(QStringLiteral("run.py"), program(config, commandLine)),
                          bytesFile(QStringLiteral("run.npz"), *archive),
                          bytesFile(QStringLiteral("README.md"), readme.toUtf8())};
}

} // namespace posenc

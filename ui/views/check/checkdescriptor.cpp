// SPDX-License-Identifier: GPL-3.0-or-later
// The check view's descriptor: everything the rest of the application knows of it.
#include "ui/views/check/checkedfile.h"
#include "ui/views/check/checkview.h"

#include "core/safetensors.h"
#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/state/stdtext.h"
#include "ui/views/viewregistry.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>

namespace posenc {

namespace {

// --check-file FILE, "check_file" in presets and scenes: the file the check view diagnoses;
// empty (the default) is the example shipped in the resources.
const ViewOption &checkFileOption()
{
    static const ViewOption option{
        .key = QStringLiteral("check_file"),
        .flag = QStringLiteral("check-file"),
        .valueName = QStringLiteral("FILE"),
        .sample = QStringLiteral(":/examples/two-layouts.safetensors"),
        .help = [] {
            return QCoreApplication::translate(
                "CommandLineParser",
                "the .npy, .csv or .txt file of an encoding matrix that the check view diagnoses (default: the "
                "example textbook-loop.npy, a loop with a doubled exponent)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            scene.checkFile = text;
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return scene.checkFile; },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            if (!value.isString())
                return SceneReader::tr("%1: %2 is not a file name").arg(path, SceneReader::valueText(value));
            scene.checkFile = value.toString();
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.checkFile; },
    };
    return option;
}

// --check-tensor NAME, "check_tensor": the tensor of a .safetensors --check-file to diagnose;
// empty (the default) is the one named like a position table. Other files ignore it.
const ViewOption &checkTensorOption()
{
    static const ViewOption option{
        .key = QStringLiteral("check_tensor"),
        .flag = QStringLiteral("check-tensor"),
        .valueName = QStringLiteral("NAME"),
        .sample = QStringLiteral("tensor2tensor.timing_signal"),
        .sampleNeeds = {QStringLiteral("check-file=:/examples/two-layouts.safetensors")},
        .help = [] {
            return QCoreApplication::translate(
                "CommandLineParser",
                "the tensor of a .safetensors --check-file that the check view diagnoses (default: the one named like "
                "a position table, such as transformer.wpe.weight; other files ignore it)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            scene.checkTensor = text;
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return scene.checkTensor; },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            if (!value.isString())
                return SceneReader::tr("%1: %2 is not a tensor name").arg(path, SceneReader::valueText(value));
            scene.checkTensor = value.toString();
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.checkTensor; },
        .recordedInData = [](const Scene &scene) { return !scene.checkTensor.isEmpty(); },
    };
    return option;
}

// The tensor of the checkpoint at `path` to check: the one named like a position table, else
// the one the user picks in a small dialog, among the candidates when several are, among the
// 2-D tensors when none is. Nothing when the user cancels (`error` left empty) or when the
// checkpoint cannot be read or holds no matrix (`error` says why).
std::optional<QString> pickTensor(const QString &path, QString *error)
{
    const QString fileName = QFileInfo(path).fileName();
    const CheckpointResult opened = openCheckpoint(QFile::encodeName(path).toStdString());
    if (const auto *why = std::get_if<MatrixFileError>(&opened)) {
        if (error)
            *error = CheckView::tr("%1: %2").arg(fileName, fromStd(why->message));
        return std::nullopt;
    }
    const TensorChoice choice = choosePositionTable(std::get<Checkpoint>(opened).tensors, {});
    if (choice.kind == TensorChoice::Kind::Chosen)
        return fromStd(choice.name);
    if (choice.names.empty()) {
        if (error)
            *error = CheckView::tr("%1: %2").arg(fileName, fromStd(choiceRefusal(choice).message));
        return std::nullopt;
    }
    QStringList names;
    for (const std::string &name : choice.names)
        names << fromStd(name);
    const QString question =
        choice.kind == TensorChoice::Kind::Several
            ? CheckView::tr("Several tensors of %1 could be the position table. Which one should be checked?")
            : CheckView::tr("No tensor of %1 is named like a position table. Which 2-D tensor should be checked?");
    bool ok = false;
    const QString picked = QInputDialog::getItem(QApplication::activeWindow(), CheckView::tr("Choose a Tensor"),
                                                 question.arg(fileName), names, 0, false, &ok);
    if (!ok)
        return std::nullopt;
    return picked;
}

// file − reference, [positions, d_model]: the rows of a channel-first file are its columns.
std::optional<DataTable> checkTable(const Scene &scene, QString *error)
{
    const std::shared_ptr<const CheckedFile> checked = CheckedFile::load(scene.checkFile, scene.checkTensor);
    if (!checked->ok()) {
        if (error)
            *error = CheckView::tr("--check-file: %1").arg(checked->error);
        return std::nullopt;
    }
    DataTable table;
    table.values = checked->matrix(CheckedFile::Layer::Difference);
    table.columns = DataTable::dimensionNames(DataTable::allDimensions(int(checked->dimensions())));
    return table;
}

// A file that cannot be read, refused before a figure is drawn (none chosen is no error: the
// view then says how to open one).
QString checkInputError(const Scene &scene)
{
    if (scene.checkFile.isEmpty())
        return QString();
    const std::shared_ptr<const CheckedFile> checked = CheckedFile::load(scene.checkFile, scene.checkTensor);
    return checked->ok() ? QString() : CheckView::tr("--check-file: %1").arg(checked->error);
}

} // namespace

const ViewDescriptor &checkDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("check"),
        .group = QStringLiteral("labs"),
        .title = [] { return CheckView::tr("C&heck"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_8),
        .create = [](EncodingState *state) -> QWidget * { return new CheckView(state); },
        .options = {&checkFileOption(), &checkTensorOption()},
        .readsParameters = false,
        .dataTable = &checkTable,
        .dataShape = QStringLiteral("[positions, d_model] of the checked file: file − reference"),
        .describe = &CheckView::describe,
        .explainers = {Explainer{QStringLiteral("check-cell"), [](const EncodingState &state, const Inspection &what) {
            const std::shared_ptr<const CheckedFile> checked =
                CheckedFile::available(state.scene().checkFile, state.scene().checkTensor);
            if (!checked)
                return CheckView::tr("The file is still being read and checked.");
            const int row = int(std::lround(what.a - CheckView::rowOriginOf(*checked)));
            return CheckView::cellExplanation(*checked, row, int(what.b));
        }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] {
            return QCoreApplication::translate("posenc::ViewPages",
                                               "Your own encoding from a file: the convention it follows, and its bugs.");
        },
        .inputError = &checkInputError,
        .openFileTitle = [] { return CheckView::tr("Check an &Encoding…"); },
        .openFileFilter = [] {
            return CheckView::tr("Encoding matrices and checkpoints (*.npy *.csv *.txt *.safetensors "
                                 "*.safetensors.index.json);;All files (*)");
        },
        .openFileSuffixes = {QStringLiteral("npy"), QStringLiteral("csv"), QStringLiteral("txt"),
                             QStringLiteral("safetensors"), QStringLiteral("safetensors.index.json")},
        .openFile = [](EncodingState *state, const QString &path, QString *error) {
            QString tensor;
            if (isSafetensorsPath(QFile::encodeName(path).toStdString())) {
                const std::optional<QString> picked = pickTensor(path, error);
                if (!picked)
                    return false;
                tensor = *picked;
            }
            Scene scene = state->scene();
            scene.checkFile = path;
            scene.checkTensor = tensor;
            if (const auto refused = state->setScene(scene)) {
                if (error)
                    *error = *refused;
                return false;
            }
            return true;
        },
        .showsOffset = false,
    };
    return descriptor;
}

} // namespace posenc

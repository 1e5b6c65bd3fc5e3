// SPDX-License-Identifier: GPL-3.0-or-later
// The check view's descriptor: everything the rest of the application knows of it.
#include "ui/views/check/checkedfile.h"
#include "ui/views/check/checkview.h"

#include "ui/state/encodingstate.h"
#include "ui/state/scenereader.h"
#include "ui/views/viewregistry.h"

#include <QCoreApplication>

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

// file − reference, [positions, d_model]: the rows of a channel-first file are its columns.
std::optional<DataTable> checkTable(const Scene &scene, QString *error)
{
    const std::shared_ptr<const CheckedFile> checked = CheckedFile::load(scene.checkFile);
    if (!checked->ok()) {
        if (error)
            *error = CheckView::tr("--check-file: %1").arg(checked->error);
        return std::nullopt;
    }
    DataTable table;
    table.values = checked->difference;
    table.columns = DataExport::dimensionNames(DataExport::allDimensions(int(checked->difference.cols())));
    return table;
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
        .options = {&checkFileOption()},
        .dataTable = &checkTable,
        .dataShape = QStringLiteral("[positions, d_model] of the checked file: file − reference"),
        .describe = &CheckView::describe,
        .explainers = {Explainer{QStringLiteral("check-cell"), [](const EncodingState &state, const Inspection &what) {
            const std::shared_ptr<const CheckedFile> checked = CheckedFile::load(state.scene().checkFile);
            const int row = int(std::lround(what.a - CheckView::rowOriginOf(*checked)));
            return CheckView::cellExplanation(*checked, row, int(what.b));
        }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] {
            return QCoreApplication::translate("posenc::ViewTabs",
                                               "Your own encoding from a file: the convention it follows, and its bugs.");
        },
        .openFileTitle = [] { return CheckView::tr("Check an &Encoding…"); },
        .openFileFilter = [] { return CheckView::tr("Encoding matrices (*.npy *.csv *.txt);;All files (*)"); },
        .openFileSuffixes = {QStringLiteral("npy"), QStringLiteral("csv"), QStringLiteral("txt")},
        .openFile = [](EncodingState *state, const QString &path, QString *error) {
            Scene scene = state->scene();
            scene.checkFile = path;
            if (const auto refused = state->setScene(scene)) {
                if (error)
                    *error = *refused;
                return false;
            }
            return true;
        },
    };
    return descriptor;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
// The ViT lab's descriptor: its options, its data export and its inspector text.
#include "ui/views/vit/vitview.h"

#include "core/attention.h"
#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/views/optionbuilders.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewregistry.h"

#include <QCoreApplication>

namespace posenc {

namespace {

// --vit-image-size N
const ViewOption &imageSizeOption()
{
    static const ViewOption option = alsoSpelt(integerOption(
        optionNames("image_size", "vit-image-size", "N", "96"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the ViT lab's image side in pixels, 1 to %1 (default 224)")
                .arg(VitOptions::kMaxImageSize);
        },
        1, VitOptions::kMaxImageSize, [](auto &scene) -> auto & { return labOptions<VitOptions>(scene).imageSize; }), {QStringLiteral("image-size")});
    return option;
}

// The patch size with the image it cuts, checked once both are read (the grid at most 64 a side).
std::optional<QString> checkPatchSize(const Scene &scene)
{
    const VitOptions &o = labOptions<VitOptions>(scene);
    if (o.patchSize > o.imageSize)
        return QCoreApplication::translate("CommandLineParser",
                                           "vit-patch-size %1 is larger than the image (vit-image-size %2); it must be in "
                                           "[1, %2]")
            .arg(o.patchSize)
            .arg(o.imageSize);
    if (o.grid() > VitOptions::kMaxGrid)
        return QCoreApplication::translate("CommandLineParser",
                                           "vit-patch-size %1 cuts the %2 px image into %3 patches a side; at most %4: "
                                           "vit-patch-size must be in [%5, %2]")
            .arg(o.patchSize)
            .arg(o.imageSize)
            .arg(o.grid())
            .arg(VitOptions::kMaxGrid)
            .arg(o.smallestPatch());
    return std::nullopt;
}

// --vit-patch-size N
const ViewOption &patchSizeOption()
{
    static const ViewOption option = alsoSpelt([] {
        ViewOption o = integerOption(
            optionNames("patch_size", "vit-patch-size", "N", "8"),
            [] {
                return QCoreApplication::translate("CommandLineParser", "the ViT lab's patch side in pixels, 1 to the image "
                                                                        "size, at most %1 patches a side (default 16)")
                    .arg(VitOptions::kMaxGrid);
            },
            1, VitOptions::kMaxImageSize, [](auto &scene) -> auto & { return labOptions<VitOptions>(scene).patchSize; });
        o.check = &checkPatchSize;
        return o;
    }(), {QStringLiteral("patch-size")});
    return option;
}

// --vit-patch-row and --vit-patch-col: "middle" or a whole number inside the grid.
std::optional<QString> parsePatch(const QString &flag, const QString &text, int &out)
{
    if (text == QLatin1String("middle")) {
        out = VitOptions::kMiddle;
        return std::nullopt;
    }
    int read = 0;
    if (OptionText::readInteger(flag, text, 0, VitOptions::kMaxGrid - 1, read))
        return QCoreApplication::translate("CommandLineParser", "--%1: “%2” is not “middle” or an integer in [0, %3]")
            .arg(flag, SceneReader::printable(text))
            .arg(VitOptions::kMaxGrid - 1);
    out = read;
    return std::nullopt;
}

std::optional<QString> readPatch(const QJsonValue &value, const QString &path, int &out)
{
    if (value.isString() && value.toString() == QLatin1String("middle")) {
        out = VitOptions::kMiddle;
        return std::nullopt;
    }
    return OptionText::readIntegerIn(value, path,
                         SceneReader::tr("%1 must be \"middle\" or an integer in [0, %2]")
                             .arg(path.section(QLatin1Char('.'), -1))
                             .arg(VitOptions::kMaxGrid - 1),
                         0, VitOptions::kMaxGrid - 1, out);
}

QString formatPatch(int value)
{
    return value == VitOptions::kMiddle ? QStringLiteral("middle") : QString::number(value);
}

QJsonValue writePatch(int value)
{
    return value == VitOptions::kMiddle ? QJsonValue(QStringLiteral("middle")) : QJsonValue(value);
}

std::optional<QString> checkPatch(const QString &flag, int value, const Scene &scene)
{
    const int grid = labOptions<VitOptions>(scene).grid();
    if (value == VitOptions::kMiddle || grid < 1 || grid > VitOptions::kMaxGrid || value < grid)
        return std::nullopt;
    return QCoreApplication::translate("CommandLineParser", "%1 %2 is outside the %3 × %3 patch grid; it must be “middle” "
                                                            "or in [0, %4]")
        .arg(flag)
        .arg(value)
        .arg(grid)
        .arg(grid - 1);
}

// The option of the chosen patch's row or column.
template <typename Field>
ViewOption patchOption(const OptionNames &names, OptionHelp help, Field field)
{
    ViewOption option = namedOption(names, std::move(help));
    option.parse = [flag = names.flag, field](const QString &text, Scene &scene) { return parsePatch(flag, text, field(scene)); };
    option.format = [field](const Scene &scene) { return formatPatch(field(scene)); };
    option.read = [field](const QJsonValue &value, const QString &path, Scene &scene) {
        return readPatch(value, path, field(scene));
    };
    option.write = [field](const Scene &scene) { return writePatch(field(scene)); };
    option.check = [flag = names.flag, field](const Scene &scene) { return checkPatch(flag, field(scene), scene); };
    return option;
}

const ViewOption &patchRowOption()
{
    static const ViewOption option = alsoSpelt(patchOption(
        optionNames("patch_row", "vit-patch-row", "R", "0"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the ViT lab's chosen patch: its row from the top, or "
                                                                    "middle (default middle)");
        },
        [](auto &scene) -> auto & { return labOptions<VitOptions>(scene).patchRow; }), {QStringLiteral("patch-row")});
    return option;
}

const ViewOption &patchColOption()
{
    static const ViewOption option = alsoSpelt(patchOption(
        optionNames("patch_col", "vit-patch-col", "C", "1"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the ViT lab's chosen patch: its column from the left, "
                                                                    "or middle (default middle)");
        },
        [](auto &scene) -> auto & { return labOptions<VitOptions>(scene).patchCol; }), {QStringLiteral("patch-col")});
    return option;
}

// [patches, 2]: the cosine similarity of every patch, in reading order, to the chosen one,
// under the 1-D and the 2-D encoding (column 0 reshaped to [grid, grid] is the left grid).
std::optional<DataTable> vitTable(const Scene &scene, QString *error)
{
    const VitResult r = VitResult::compute(scene);
    QString problem = r.problem;
    if (problem.isEmpty() && !r.twoDProblem.isEmpty())
        problem = QStringLiteral("--d-model: %1").arg(r.twoDProblem);
    if (!problem.isEmpty()) {
        if (error)
            *error = QStringLiteral("vit: %1").arg(problem);
        return std::nullopt;
    }
    DataTable table;
    table.columns = {QStringLiteral("cosine_1d"), QStringLiteral("cosine_2d")};
    table.values.resize(r.grid * r.grid, 2);
    for (int row = 0; row < r.grid; ++row)
        for (int column = 0; column < r.grid; ++column) {
            table.values(row * r.grid + column, 0) = r.oneD(row, column);
            table.values(row * r.grid + column, 1) = r.twoD(row, column);
        }
    return table;
}

} // namespace

const ViewDescriptor &vitDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("vit"),
        .group = QStringLiteral("labs"),
        .title = [] { return VitView::tr("&ViT Patches"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_0),
        .create = [](EncodingState *state) -> QWidget * { return new VitView(state); },
        .options = {&imageSizeOption(), &patchSizeOption(), &patchRowOption(), &patchColOption()},
        .dataTable = &vitTable,
        .dataShape = QStringLiteral("[patches, 2]"),
        .describe = &VitView::describe,
        .explainers = {Explainer{VitView::patchKind(), [](const EncodingState &state, const Inspection &what) {
            return VitView::patchExplanation(state.scene(), what);
        }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] {
            return QCoreApplication::translate("posenc::ViewPages", "A ViT's image patches: how alike their encodings are, "
                                                                   "numbered in reading order (1-D) or by row and column (2-D). "
                                                                   "Click a patch.");
        },
        .showsPosition = false,
        .showsOffset = false,
    };
    return descriptor;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
// The rotation view's descriptor: everything the rest of the application knows of it.
#include "ui/views/rotation/rotationview.h"
#include "ui/views/rotation/rotationtext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/views/scenereader.h"
#include "ui/views/optiontext.h"
#include "core/channels.h"
#include "core/rotation.h"

#include <QCoreApplication>

#include <algorithm>
#include <memory>
#include <vector>

namespace posenc {

namespace {

// --pair: the pair the rotation view shows in detail.
const ViewOption &pairOption()
{
    static const ViewOption option{
        .key = QStringLiteral("rotation_pair"),
        .flag = QStringLiteral("pair"),
        .valueName = QStringLiteral("I"),
        .sample = QStringLiteral("3"),
        .help = [] {
            return QCoreApplication::translate(
                "CommandLineParser", "the pair the rotation view shows in detail, 0 to d_model/2 - 1 (default 0)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readInteger(QStringLiteral("pair"), text, 0, pairCount(scene.params) - 1, scene.rotationPair);
        },
        .format = [](const Scene &scene) { return QString::number(scene.rotationPair); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const int pairs = pairCount(scene.params);
            const QString rule = SceneReader::tr("rotation_pair must be an integer in [0, %1] (d_model / 2 - 1)")
                                     .arg(pairs - 1);
            if (!SceneReader::readInt(value, &scene.rotationPair))
                return SceneReader::notAnInteger(path, value, rule);
            if (scene.rotationPair < 0 || scene.rotationPair >= pairs)
                return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.rotationPair; },
    };
    return option;
}

} // namespace

const ViewDescriptor &rotationDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("rotation"),
        .group = QStringLiteral("encoding"),
        .title = [] { return QCoreApplication::translate("posenc::MainWindow", "&Rotation"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_4),
        .create = [](EncodingState *state) -> QWidget * { return new RotationView(state); },
        .options = {&pairOption()},
        .figureOnlyOptions = {&pairOption()},
        .dataTable = [](const Scene &scene, QString *) -> std::optional<DataTable> {
            // M_k is [d_model, d_model] (128 MiB at 4096) but holds at most 2 d_model + 1
            // nonzero entries: streamed a block of rows at a time from them.
            const EncodingParams &params = scene.params;
            auto entries = std::make_shared<std::vector<MatrixEntry>>(rotationEntries(params, 1));
            std::stable_sort(entries->begin(), entries->end(),
                             [](const MatrixEntry &a, const MatrixEntry &b) { return a.row < b.row; });
            const qint64 d = params.dModel;
            return DataTable::streamedTable(
                DataTable::dimensionNames(DataTable::allDimensions(params.dModel)), d,
                [entries, d](qint64 first, qint64 count, double *out) {
                    std::fill_n(out, count * d, 0.0);
                    auto entry = std::lower_bound(entries->begin(), entries->end(), first,
                                                  [](const MatrixEntry &e, qint64 row) { return e.row < row; });
                    for (; entry != entries->end() && entry->row < first + count; ++entry)
                        out[(entry->row - first) * d + entry->column] = entry->value;
                });
        },
        .dataShape = QStringLiteral("[d_model, d_model]"),
        .describe = &RotationText::describe,
        .explainers = {Explainer{Inspection::Kind::RotationEntry, [](const EncodingState &state, const Inspection &what) {
                        const EncodingParams &p = state.params();
                        return what.a < p.dModel && what.b < p.dModel
                                   ? RotationText::rotationEntry(p, int(what.a), int(what.b))
                                   : QString();
                    }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] { return QCoreApplication::translate("posenc::ViewPages", "Moving k positions turns every sin/cos pair by the angle k·w_i, whatever pos is: PE(pos + k) = M_k · PE(pos)."); },
    };
    return descriptor;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap view's descriptor: everything the rest of the application knows of it.
#include "ui/views/heatmap/heatmapview.h"
#include "ui/views/heatmap/heatmaptext.h"

#include "ui/state/dimensionlist.h"
#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/views/viewregistry.h"
#include "ui/views/commonoptions.h"
#include "core/encoding.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace posenc {

namespace {

// --heatmap-dims all|LIST, "heatmap_dims": "all" or a list in presets: the columns the
// heatmap shows (the seed text's figure: 0-5). Its own list rather than the curves' one, so
// that the default heatmap stays the whole matrix while curves draws a few dimensions.
const ViewOption &heatmapDimensionsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("heatmap_dims"),
        .flag = QStringLiteral("heatmap-dims"),
        .valueName = QStringLiteral("LIST"),
        .sample = QStringLiteral("3,0,7"),
        .help = [] {
            return QCoreApplication::translate(
                       "CommandLineParser",
                       "the columns the heatmap shows: all, or up to %1 dimensions such as 0-5 (default all)")
                .arg(HeatmapView::kMaxColumns);
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            if (text.trimmed() == QLatin1String("all")) {
                scene.heatmapDimensions.clear();
                return std::nullopt;
            }
            QString why;
            const auto dims = DimensionList::parse(text, scene.params.dModel, &why, HeatmapView::kMaxColumns);
            if (!dims)
                return QStringLiteral("--heatmap-dims: ") + why;
            scene.heatmapDimensions = *dims;
            return std::nullopt;
        },
        .format = [](const Scene &scene) {
            return scene.heatmapDimensions.isEmpty() ? QStringLiteral("all")
                                                     : DimensionList::format(scene.heatmapDimensions).remove(QLatin1Char(' '));
        },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const QString rule = SceneReader::tr("heatmap_dims must be \"all\" or a list of at most %1 column indices in [0, %2]")
                                     .arg(HeatmapView::kMaxColumns)
                                     .arg(EncodingParams::kMaxDModel - 1);
            scene.heatmapDimensions.clear();
            if (value.isString() && value.toString() == QLatin1String("all"))
                return std::nullopt;
            return readColumns(value, path, scene, HeatmapView::kMaxColumns, false, true, rule, &scene.heatmapDimensions);
        },
        .write = [](const Scene &scene) -> QJsonValue {
            if (scene.heatmapDimensions.isEmpty())
                return QStringLiteral("all");
            QJsonArray dims;
            for (int d : scene.heatmapDimensions)
                dims.append(d);
            return dims;
        },
    };
    return option;
}

} // namespace

const ViewDescriptor &heatmapDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("heatmap"),
        .group = QStringLiteral("encoding"),
        .title = [] { return QCoreApplication::translate("posenc::MainWindow", "&Heatmap"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_1),
        .create = [](EncodingState *state) -> QWidget * { return new HeatmapView(state); },
        .options = {&heatmapDimensionsOption()},
        .dataTable = [](const Scene &scene, QString *error) -> std::optional<DataTable> {
            const EncodingParams &params = scene.params;
            for (int d : scene.heatmapDimensions) {
                if (d < 0 || d >= params.dModel) {
                    if (error)
                        *error = DataTable::tr("dimension %1 is outside [0, %2] (d_model − 1)").arg(d).arg(params.dModel - 1);
                    return std::nullopt;
                }
            }
            // All columns, or just the chosen ones named by their dimension numbers; streamed.
            return DataTable::encoding(params, scene.heatmapDimensions);
        },
        .dataShape = QStringLiteral("[seq_len, d_model or number of --heatmap-dims]"),
        .describe = &HeatmapText::describe,
        .explainers = {Explainer{Inspection::Kind::Cell, [](const EncodingState &state, const Inspection &what) {
                        const EncodingParams &p = state.params();
                        return what.b < p.dModel
                                   ? HeatmapText::cellBox(p, what.a, int(what.b), what.box, what.boxColumns)
                                   : QCoreApplication::translate("posenc::InspectorPanel", "Column %1 is beyond d_model = %2.")
                                         .arg(int(what.b))
                                         .arg(p.dModel);
                    }}},
        .recommendedSize = QStringLiteral("single-column"),
        .caption = [] { return QCoreApplication::translate("posenc::ViewPages", "Each row is a position, each column a dimension: the colour is PE(pos), from −|scale| to +|scale|."); },
    };
    return descriptor;
}

} // namespace posenc

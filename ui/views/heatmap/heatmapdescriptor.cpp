// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmap view's descriptor: everything the rest of the application knows of it.
#include "ui/views/heatmap/heatmapview.h"

#include "ui/state/encodingstate.h"
#include "ui/views/viewdescription.h"
#include "ui/views/viewregistry.h"
#include "ui/views/celltext.h"
#include "core/encoding.h"

#include <QCoreApplication>

namespace posenc {

const ViewDescriptor &heatmapDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("heatmap"),
        .group = QStringLiteral("encoding"),
        .title = [] { return QCoreApplication::translate("posenc::MainWindow", "&Heatmap"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_1),
        .create = [](EncodingState *state) -> QWidget * { return new HeatmapView(state); },
        .options = {},
        .dataTable = [](const Scene &scene, QString *) -> std::optional<DataTable> {
            return DataTable{encodingMatrix(scene.params), DataExport::dimensionNames(DataExport::allDimensions(scene.params.dModel))};
        },
        .dataShape = QStringLiteral("[seq_len, d_model]"),
        .describe = &ViewDescription::heatmap,
        .explainers = {Explainer{Inspection::Kind::Cell, [](const EncodingState &state, const Inspection &what) {
                        const EncodingParams &p = state.params();
                        return what.b < p.dModel
                                   ? CellText::cellBox(p, what.a, int(what.b), what.box, what.boxColumns)
                                   : QCoreApplication::translate("posenc::InspectorPanel", "Column %1 is beyond d_model = %2.")
                                         .arg(int(what.b))
                                         .arg(p.dModel);
                    }}},
        .recommendedSize = QStringLiteral("single-column"),
    };
    return descriptor;
}

} // namespace posenc

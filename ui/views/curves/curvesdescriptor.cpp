// SPDX-License-Identifier: GPL-3.0-or-later
// The curves view's descriptor: everything the rest of the application knows of it.
#include "ui/views/curves/curvesview.h"
#include "ui/views/curves/curvestext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/views/commonoptions.h"
#include "core/encoding.h"

#include <QCoreApplication>

namespace posenc {

const ViewDescriptor &curvesDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("curves"),
        .group = QStringLiteral("encoding"),
        .title = [] { return QCoreApplication::translate("posenc::MainWindow", "&Curves"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_2),
        .create = [](EncodingState *state) -> QWidget * { return new CurvesView(state); },
        .options = {&dimensionsOption()},
        .dataTable = [](const Scene &scene, QString *error) -> std::optional<DataTable> {
            const EncodingParams &params = scene.params;
            for (int d : scene.dimensions) {
                if (d < 0 || d >= params.dModel) {
                    if (error)
                        *error = DataTable::tr("dimension %1 is outside [0, %2] (d_model − 1)").arg(d).arg(params.dModel - 1);
                    return std::nullopt;
                }
            }
            if (scene.dimensions.isEmpty()) // [seq_len, 0]; encodingTable's empty list is every column
                return DataTable{RowMatrixXd(params.seqLen, 0), {}};
            return DataTable::encoding(params, scene.dimensions);
        },
        .dataShape = QStringLiteral("[seq_len, number of chosen dims]"),
        .describe = &CurvesText::describe,
        .explainers = {},
        .recommendedSize = QStringLiteral("single-column"),
        .caption = [] { return QCoreApplication::translate("posenc::ViewPages", "One curve per chosen dimension, along the positions: each sin/cos pair waves at its own frequency, pair 0 fastest."); },
    };
    return descriptor;
}

} // namespace posenc

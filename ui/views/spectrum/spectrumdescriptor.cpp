// SPDX-License-Identifier: GPL-3.0-or-later
// The spectrum view's descriptor: everything the rest of the application knows of it.
#include "ui/views/spectrum/spectrumview.h"
#include "ui/views/spectrum/spectrumtext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/views/commonoptions.h"
#include "core/channels.h"
#include "core/frequencies.h"
#include "core/spectrum.h"

#include <QCoreApplication>

namespace posenc {

const ViewDescriptor &spectrumDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("spectrum"),
        .group = QStringLiteral("encoding"),
        .title = [] { return QCoreApplication::translate("posenc::MainWindow", "&Spectrum"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_3),
        .create = [](EncodingState *state) -> QWidget * { return new SpectrumView(state); },
        .options = {&dimensionsOption()},
        .figureOnlyOptions = {&dimensionsOption()},
        .dataTable = [](const Scene &scene, QString *) -> std::optional<DataTable> {
            return DataTable{frequencyTable(scene.params),
                             {QStringLiteral("i"), QStringLiteral("w_i"), QStringLiteral("wavelength")}};
        },
        .dataShape = QStringLiteral("[number of frequencies, 3]"),
        .describe = &SpectrumText::describe,
        .explainers = {Explainer{Inspection::Kind::Frequency, [](const EncodingState &state, const Inspection &what) {
                        const EncodingParams &p = state.params();
                        return int(what.a) < frequencyCount(p) ? SpectrumText::frequency(p, int(what.a)) : QString();
                    }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] { return QCoreApplication::translate("posenc::ViewPages", "Each sin/cos pair i turns at its own frequency w_i, from 1 down towards 1/base; dashed lines P: the temporal view's periods."); },
        .showsPosition = false,
        .showsOffset = false,
    };
    return descriptor;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
// The precision lab's descriptor: everything the rest of the application knows of it.
#include "ui/views/precision/precisionview.h"

#include "core/precision.h"
#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/views/commonoptions.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewregistry.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <memory>

namespace posenc {

namespace {

QStringList precisionNames()
{
    QStringList names;
    for (Precision precision : {Precision::Float32, Precision::Float16, Precision::BFloat16})
        names << QString::fromUtf8(precisionName(precision));
    return names;
}

// --precision float32|float16|bfloat16, "precision" in presets.
const ViewOption &precisionOption()
{
    static const ViewOption option{
        .key = QStringLiteral("precision"),
        .flag = QStringLiteral("precision"),
        .valueName = QStringLiteral("P"),
        .sample = QStringLiteral("float16"),
        .help = [] {
            return QCoreApplication::translate(
                "CommandLineParser", "float32 | float16 | bfloat16: the number format of the precision lab (default bfloat16)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            if (auto problem = OptionText::readChoice(QStringLiteral("precision"), text, precisionNames()))
                return problem;
            scene.precision = *precisionFromName(text.toStdString());
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return QString::fromUtf8(precisionName(scene.precision)); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const auto precision = precisionFromName(value.toString().toStdString());
            if (!value.isString() || !precision)
                return SceneReader::tr("%1: %2 is not one of %3")
                    .arg(path, SceneReader::valueText(value), precisionNames().join(QStringLiteral(", ")));
            scene.precision = *precision;
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return QString::fromUtf8(precisionName(scene.precision)); },
    };
    return option;
}

// value_h - PE_float64 for every cell; refused where float16 cannot hold a position, so that
// an export is always finite.
std::optional<DataTable> precisionTable(const Scene &scene, QString *error)
{
    const EncodingParams &p = scene.params;
    const double limit = largestFinite(Precision::Float16);
    const double reach = std::max(std::abs(p.start), std::abs(p.start + p.seqLen - 1));
    if (scene.precision == Precision::Float16 && reach > limit) {
        if (error)
            *error = PrecisionView::tr("--precision float16: positions reach %1, beyond float16's largest value 65504; "
                                       "give positions within ±65504 (--start, --seq-len) or another --precision")
                         .arg(QString::number(reach, 'g', 12));
        return std::nullopt;
    }
    // Streamed a block of rows at a time (the double matrix is 512 MiB at the largest size):
    // precisionErrorRowsInto gives the rows precisionError has.
    const Precision precision = scene.precision;
    auto block = std::make_shared<RowMatrixXd>();
    return DataTable::streamedTable(DataTable::dimensionNames(DataTable::allDimensions(p.dModel)), p.seqLen,
                                    [p, precision, block](qint64 first, qint64 count, double *out) {
                                        precisionErrorRowsInto(p, precision, int(first), int(count), *block);
                                        std::copy_n(block->data(), block->size(), out);
                                    });
}

} // namespace

const ViewDescriptor &precisionDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("precision"),
        .group = QStringLiteral("labs"),
        .title = [] { return PrecisionView::tr("&Precision"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_7),
        .create = [](EncodingState *state) -> QWidget * { return new PrecisionView(state); },
        .options = {&precisionOption(), &dimensionsOption()},
        .figureOnlyOptions = {&dimensionsOption()},
        .dataTable = &precisionTable,
        .dataShape = QStringLiteral("[seq_len, d_model]"),
        .describe = &PrecisionView::describe,
        .explainers = {Explainer{QStringLiteral("precision-cell"), [](const EncodingState &state, const Inspection &what) {
            const Scene scene = state.scene();
            return what.b < scene.params.dModel
                       ? PrecisionView::cellExplanation(scene.params, scene.precision, what.a, int(what.b), what.box,
                                                        what.boxColumns)
                       : QString();
        }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] { return QCoreApplication::translate("posenc::ViewPages", "The encoding rounded to a low-precision number format: where far positions become indistinguishable."); },
        .showsPosition = false,
        .showsOffset = false,
    };
    return descriptor;
}

} // namespace posenc

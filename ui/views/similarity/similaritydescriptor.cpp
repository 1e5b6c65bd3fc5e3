// SPDX-License-Identifier: GPL-3.0-or-later
// The similarity view's descriptor: everything the rest of the application knows of it.
#include "ui/views/similarity/similarityview.h"
#include "ui/views/similarity/similaritytext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/views/scenereader.h"
#include "ui/views/optiontext.h"
#include "core/similarity.h"

#include <QCoreApplication>

#include <memory>

namespace posenc {

namespace {

// The largest seq_len whose [seq_len, seq_len] similarity matrix is exported (128 MiB).
constexpr int kMaxSimilarityRows = 4096;

// --similarity dot|cosine, "cosine": true|false in presets.
const ViewOption &measureOption()
{
    static const ViewOption option{
        .key = QStringLiteral("cosine"),
        .flag = QStringLiteral("similarity"),
        .valueName = QStringLiteral("M"),
        .sample = QStringLiteral("cosine"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "dot | cosine: the similarity view's measure (default dot)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            if (auto problem = OptionText::readChoice(QStringLiteral("similarity"), text,
                                                      {QStringLiteral("dot"), QStringLiteral("cosine")}))
                return problem;
            scene.cosine = text == QLatin1String("cosine");
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return scene.cosine ? QStringLiteral("cosine") : QStringLiteral("dot"); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            if (!value.isBool())
                return SceneReader::notABool(path, value, SceneReader::tr("cosine chooses the similarity view's measure"));
            scene.cosine = value.toBool();
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.cosine; },
        .metadataKey = QStringLiteral("similarity"),
        .metadata = [](const Scene &scene) -> QJsonValue {
            return scene.cosine ? QStringLiteral("cosine") : QStringLiteral("dot");
        },
    };
    return option;
}

} // namespace

const ViewDescriptor &similarityDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("similarity"),
        .group = QStringLiteral("encoding"),
        .title = [] { return QCoreApplication::translate("posenc::MainWindow", "S&imilarity"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_5),
        .create = [](EncodingState *state) -> QWidget * { return new SimilarityView(state); },
        .options = {&measureOption()},
        .dataTable = [](const Scene &scene, QString *error) -> std::optional<DataTable> {
            const EncodingParams &params = scene.params;
            if (params.seqLen > kMaxSimilarityRows) {
                if (error)
                    *error = DataTable::tr("similarity: the [seq_len, seq_len] array is exported up to seq_len = %1; "
                                           "got %2")
                                 .arg(kMaxSimilarityRows)
                                 .arg(params.seqLen);
                return std::nullopt;
            }
            QStringList columns;
            for (int r = 0; r < params.seqLen; ++r)
                columns << QStringLiteral("pos_%1").arg(params.start + r, 0, 'g', 12);
            // What --similarity records: PE(p) · PE(q), or PE(p) · PE(q) / (|PE(p)| |PE(q)|).
            // Streamed a block of rows at a time, with the bits of similarityMatrix and
            // cosineSimilarityMatrix (the matrix is 128 MiB at 4096 positions).
            const auto rows = std::make_shared<const SimilarityRows>(params, scene.cosine);
            return DataTable::streamedTable(columns, params.seqLen, [rows](qint64 first, qint64 count, double *out) {
                rows->rowsInto(int(first), int(count), out);
            });
        },
        .dataShape = QStringLiteral("[seq_len, seq_len]"),
        .describe = &SimilarityText::describe,
        .explainers = {Explainer{Inspection::Kind::Similarity, [](const EncodingState &state, const Inspection &what) {
                        const EncodingParams &p = state.params();
                        return what.box > 1 ? SimilarityText::similarityBox(p, what.box, int((what.a - p.start) / what.box),
                                                                            int((what.b - p.start) / what.box),
                                                                            state.cosineSimilarity())
                                            : SimilarityText::similarity(p, what.a, what.b);
                    }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] { return QCoreApplication::translate("posenc::ViewPages", "How alike the encodings of every two positions are: mostly a matter of their distance."); },
    };
    return descriptor;
}

} // namespace posenc

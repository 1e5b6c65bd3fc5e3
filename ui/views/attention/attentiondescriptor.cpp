// SPDX-License-Identifier: GPL-3.0-or-later
// The attention lab's descriptor: its options, its data export and its inspector texts.
#include "ui/views/attention/attentionview.h"

#include "core/attention.h"
#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/views/attention/attentionscene.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewregistry.h"
#include "ui/state/stdtext.h"

#include <QCoreApplication>

#include <memory>

namespace posenc {

namespace {

// A scheme named on the command line or in a file (--encoding, --baseline).
std::optional<QString> parseEncoding(const QString &flag, const QString &text, AttentionEncoding &out)
{
    if (auto problem = OptionText::readChoice(flag, text, AttentionScene::encodingNames()))
        return problem;
    out = *attentionEncodingFromName(text.toStdString());
    return std::nullopt;
}

std::optional<QString> readEncoding(const QJsonValue &value, const QString &path, AttentionEncoding &out)
{
    const auto encoding = attentionEncodingFromName(value.toString().toStdString());
    if (!value.isString() || !encoding)
        return SceneReader::tr("%1: %2 is not one of %3")
            .arg(path, SceneReader::valueText(value), AttentionScene::encodingNames().join(QStringLiteral(", ")));
    out = *encoding;
    return std::nullopt;
}

// Another enumerated option: its names, and the function reading one.
template <typename E>
std::optional<QString> parseNamed(const QString &flag, const QString &text, const QStringList &names,
                                  std::optional<E> (*fromName)(std::string_view), E &out)
{
    if (auto problem = OptionText::readChoice(flag, text, names))
        return problem;
    out = *fromName(text.toStdString());
    return std::nullopt;
}

template <typename E>
std::optional<QString> readNamed(const QJsonValue &value, const QString &path, const QStringList &names,
                                 std::optional<E> (*fromName)(std::string_view), E &out)
{
    const auto read = fromName(value.toString().toStdString());
    if (!value.isString() || !read)
        return SceneReader::tr("%1: %2 is not one of %3").arg(path, SceneReader::valueText(value), names.join(QStringLiteral(", ")));
    out = *read;
    return std::nullopt;
}

template <typename E>
QString nameOf(std::string_view (*name)(E), E value)
{
    return fromStd(name(value));
}

// --sentence TEXT
const ViewOption &sentenceOption()
{
    static const ViewOption option{
        .key = QStringLiteral("sentence"),
        .flag = QStringLiteral("sentence"),
        .valueName = QStringLiteral("TEXT"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the attention lab's phrase, 1 to 64 tokens split at spaces, Chinese "
                                             "one per character (default “我 吃 鱼”)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            const qsizetype count = AttentionOptions::tokenCount(text);
            if (count < 1 || count > AttentionOptions::kMaxTokens)
                return QCoreApplication::translate("CommandLineParser", "--sentence: “%1” holds %2 tokens; it must hold 1 to %3")
                    .arg(SceneReader::printable(text))
                    .arg(count)
                    .arg(AttentionOptions::kMaxTokens);
            scene.attention.sentence = text;
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return scene.attention.sentence; },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const qsizetype count = value.isString() ? AttentionOptions::tokenCount(value.toString()) : 0;
            if (count < 1 || count > AttentionOptions::kMaxTokens)
                return SceneReader::tr("%1: %2 must be a text of 1 to %3 tokens")
                    .arg(path, SceneReader::valueText(value))
                    .arg(AttentionOptions::kMaxTokens);
            scene.attention.sentence = value.toString();
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.attention.sentence; },
    };
    return option;
}

// --encoding E: the right pane, and what the data export writes.
const ViewOption &encodingOption()
{
    static const ViewOption option{
        .key = QStringLiteral("encoding"),
        .flag = QStringLiteral("encoding"),
        .valueName = QStringLiteral("E"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "none | sinusoidal | learned | rope | alibi | t5 | relative: the attention "
                                             "lab's scheme (right pane) and its data export (default sinusoidal)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return parseEncoding(QStringLiteral("encoding"), text, scene.attention.encoding);
        },
        .format = [](const Scene &scene) { return AttentionScene::name(scene.attention.encoding); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return readEncoding(value, path, scene.attention.encoding);
        },
        .write = [](const Scene &scene) -> QJsonValue { return AttentionScene::name(scene.attention.encoding); },
    };
    return option;
}

// --baseline E: the left pane.
const ViewOption &baselineOption()
{
    static const ViewOption option{
        .key = QStringLiteral("baseline"),
        .flag = QStringLiteral("baseline"),
        .valueName = QStringLiteral("E"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the attention lab's other scheme (left pane), as --encoding (default none)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return parseEncoding(QStringLiteral("baseline"), text, scene.attention.baseline);
        },
        .format = [](const Scene &scene) { return AttentionScene::name(scene.attention.baseline); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return readEncoding(value, path, scene.attention.baseline);
        },
        .write = [](const Scene &scene) -> QJsonValue { return AttentionScene::name(scene.attention.baseline); },
    };
    return option;
}

// --seed S
const ViewOption &seedOption()
{
    static const ViewOption option{
        .key = QStringLiteral("seed"),
        .flag = QStringLiteral("seed"),
        .valueName = QStringLiteral("S"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the attention lab's random seed (token embeddings, weights, the learned "
                                             "and T5 tables, the shuffle), 0 to 2147483647 (default 0)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            int seed = 0;
            if (auto problem = OptionText::readInteger(QStringLiteral("seed"), text, 0, AttentionOptions::kMaxSeed, seed))
                return problem;
            scene.attention.seed = std::uint64_t(seed);
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return QString::number(scene.attention.seed); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            int seed = 0;
            if (auto problem = OptionText::readIntegerIn(value, path,
                                             SceneReader::tr("the random seed must be an integer in [0, %1]").arg(AttentionOptions::kMaxSeed),
                                             0, AttentionOptions::kMaxSeed, seed))
                return problem;
            scene.attention.seed = std::uint64_t(seed);
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return double(scene.attention.seed); },
        .recordedInData = [](const Scene &scene) { return scene.attention.encoding == AttentionEncoding::Learned; },
    };
    return option;
}

// --weights random|identity
const ViewOption &weightsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("weights"),
        .flag = QStringLiteral("weights"),
        .valueName = QStringLiteral("W"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "random | identity: the attention lab's W_q, W_k, W_v (default random)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return parseNamed(QStringLiteral("weights"), text, AttentionScene::weightsNames(),
                              &attentionWeightsKindFromName, scene.attention.weights);
        },
        .format = [](const Scene &scene) { return nameOf(&attentionWeightsKindName, scene.attention.weights); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return readNamed(value, path, AttentionScene::weightsNames(), &attentionWeightsKindFromName,
                             scene.attention.weights);
        },
        .write = [](const Scene &scene) -> QJsonValue { return nameOf(&attentionWeightsKindName, scene.attention.weights); },
    };
    return option;
}

// --join add|concat_project|alpha
const ViewOption &joinOption()
{
    static const ViewOption option{
        .key = QStringLiteral("join"),
        .flag = QStringLiteral("join"),
        .valueName = QStringLiteral("J"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "add | concat_project | alpha: how the attention lab joins a position "
                                             "vector to the token (default add)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return parseNamed(QStringLiteral("join"), text, AttentionScene::joinNames(), &peJoinFromName,
                              scene.attention.join);
        },
        .format = [](const Scene &scene) { return nameOf(&peJoinName, scene.attention.join); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return readNamed(value, path, AttentionScene::joinNames(), &peJoinFromName, scene.attention.join);
        },
        .write = [](const Scene &scene) -> QJsonValue { return nameOf(&peJoinName, scene.attention.join); },
    };
    return option;
}

// --alpha A
const ViewOption &alphaOption()
{
    static const ViewOption option{
        .key = QStringLiteral("alpha"),
        .flag = QStringLiteral("alpha"),
        .valueName = QStringLiteral("A"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the token's weight α of --join alpha, 0 to 1 (default 0.5)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readNumber(QStringLiteral("alpha"), text, 0, 1, scene.attention.alpha);
        },
        .format = [](const Scene &scene) { return OptionText::shortest(scene.attention.alpha); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readNumberIn(value, path, SceneReader::tr("alpha must be a number in [0, 1]"), 0, 1,
                                scene.attention.alpha);
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.attention.alpha; },
    };
    return option;
}

// --rope-pairs interleaved|rotate_half
const ViewOption &ropePairsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("rope_pairs"),
        .flag = QStringLiteral("rope-pairs"),
        .valueName = QStringLiteral("P"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "interleaved | rotate_half: the dimensions RoPE rotates together, (2t, 2t+1) "
                                             "or (t, t + d/2) (default interleaved)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return parseNamed(QStringLiteral("rope-pairs"), text, AttentionScene::ropePairsNames(), &ropePairsFromName,
                              scene.attention.ropePairs);
        },
        .format = [](const Scene &scene) { return nameOf(&ropePairsName, scene.attention.ropePairs); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return readNamed(value, path, AttentionScene::ropePairsNames(), &ropePairsFromName, scene.attention.ropePairs);
        },
        .write = [](const Scene &scene) -> QJsonValue { return nameOf(&ropePairsName, scene.attention.ropePairs); },
    };
    return option;
}

// --heads H and --head h (ALiBi's slope, T5's column)
const ViewOption &headsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("heads"),
        .flag = QStringLiteral("heads"),
        .valueName = QStringLiteral("H"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "attention heads H for ALiBi's slopes 2^(−8(h+1)/H) and T5's table, 1 to 128 "
                                             "(default 8)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readInteger(QStringLiteral("heads"), text, 1, AttentionSetup::kMaxHeads, scene.attention.heads);
        },
        .format = [](const Scene &scene) { return QString::number(scene.attention.heads); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readIntegerIn(value, path,
                                 SceneReader::tr("heads must be an integer in [1, %1]").arg(AttentionSetup::kMaxHeads), 1,
                                 AttentionSetup::kMaxHeads, scene.attention.heads);
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.attention.heads; },
        .recordedInData = [](const Scene &scene) { return scene.attention.encoding == AttentionEncoding::Alibi; },
    };
    return option;
}

const ViewOption &headOption()
{
    static const ViewOption option{
        .key = QStringLiteral("head"),
        .flag = QStringLiteral("head"),
        .valueName = QStringLiteral("h"),
        .help = [] { return QCoreApplication::translate("CommandLineParser", "the head shown, 0 to H − 1 (default 0)"); },
        // Read as any head here; check() compares it with --heads once both are read.
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readInteger(QStringLiteral("head"), text, 0, AttentionSetup::kMaxHeads - 1,
                                           scene.attention.head);
        },
        .format = [](const Scene &scene) { return QString::number(scene.attention.head); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readIntegerIn(value, path,
                                 SceneReader::tr("head must be an integer in [0, heads − 1]"), 0,
                                 AttentionSetup::kMaxHeads - 1, scene.attention.head);
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.attention.head; },
        .check = [](const Scene &scene) -> std::optional<QString> {
            if (scene.attention.head >= scene.attention.heads)
                return QCoreApplication::translate("CommandLineParser", "head %1 does not exist with %2 heads; head must be in [0, %3]")
                    .arg(scene.attention.head)
                    .arg(scene.attention.heads)
                    .arg(scene.attention.heads - 1);
            return std::nullopt;
        },
        .recordedInData = [](const Scene &scene) { return scene.attention.encoding == AttentionEncoding::Alibi; },
    };
    return option;
}

// --learned-positions N
const ViewOption &learnedPositionsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("learned_positions"),
        .flag = QStringLiteral("learned-positions"),
        .valueName = QStringLiteral("N"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "rows of the learned position table (positions 0 to N − 1), 1 to 16384 "
                                             "(default 512)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readInteger(QStringLiteral("learned-positions"), text, 1,
                                           AttentionSetup::kMaxLearnedPositions, scene.attention.learnedPositions);
        },
        .format = [](const Scene &scene) { return QString::number(scene.attention.learnedPositions); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readIntegerIn(value, path,
                                 SceneReader::tr("learned_positions must be an integer in [1, %1]")
                                     .arg(AttentionSetup::kMaxLearnedPositions),
                                 1, AttentionSetup::kMaxLearnedPositions, scene.attention.learnedPositions);
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.attention.learnedPositions; },
        .recordedInData = [](const Scene &scene) { return scene.attention.encoding == AttentionEncoding::Learned; },
    };
    return option;
}

// --shift S
const ViewOption &shiftOption()
{
    static const ViewOption option{
        .key = QStringLiteral("shift"),
        .flag = QStringLiteral("shift"),
        .valueName = QStringLiteral("S"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the shift test: the phrase moved S positions later, −1000000 to 1000000 "
                                             "(default 16)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readNumber(QStringLiteral("shift"), text, -AttentionOptions::kMaxShift,
                                          AttentionOptions::kMaxShift, scene.attention.shift);
        },
        .format = [](const Scene &scene) { return OptionText::shortest(scene.attention.shift); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readNumberIn(value, path,
                                SceneReader::tr("shift must be a number in [−%1, %1]").arg(AttentionOptions::kMaxShift),
                                -AttentionOptions::kMaxShift, AttentionOptions::kMaxShift, scene.attention.shift);
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.attention.shift; },
    };
    return option;
}

// --shuffle seeded|reverse
QStringList shuffleNames()
{
    return {QStringLiteral("seeded"), QStringLiteral("reverse")};
}

std::optional<AttentionOptions::Shuffle> shuffleFromName(const QString &name)
{
    const qsizetype index = shuffleNames().indexOf(name);
    return index < 0 ? std::nullopt : std::optional{AttentionOptions::Shuffle(index)};
}

const ViewOption &shuffleOption()
{
    static const ViewOption option{
        .key = QStringLiteral("shuffle"),
        .flag = QStringLiteral("shuffle"),
        .valueName = QStringLiteral("ORDER"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "seeded | reverse: the shuffle test's order, a "
                                                                    "permutation drawn from the random seed or the phrase "
                                                                    "reversed (default seeded)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            if (auto problem = OptionText::readChoice(QStringLiteral("shuffle"), text, shuffleNames()))
                return problem;
            scene.attention.shuffle = *shuffleFromName(text);
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return shuffleNames().at(int(scene.attention.shuffle)); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const auto order = shuffleFromName(value.toString());
            if (!value.isString() || !order)
                return SceneReader::tr("%1: %2 is not one of %3")
                    .arg(path, SceneReader::valueText(value), shuffleNames().join(QStringLiteral(", ")));
            scene.attention.shuffle = *order;
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return shuffleNames().at(int(scene.attention.shuffle)); },
    };
    return option;
}

// The position term of the logits, [seq_len, seq_len], streamed a block of rows at a time
// (128 MiB in float64 at 4096).
std::optional<DataTable> attentionTable(const Scene &scene, QString *error)
{
    const AttentionExportSpec spec = AttentionScene::exportSpec(scene);
    if (const auto problem = spec.validate()) {
        if (error) {
            const QString flag = problem->field == "encoding" ? QStringLiteral("encoding")
                                 : problem->field == "seq_len" ? QStringLiteral("seq-len")
                                 : problem->field == "learned_positions" ? QStringLiteral("learned-positions")
                                                                         : QString::fromStdString(problem->field);
            *error = QStringLiteral("--%1: %2").arg(flag, QString::fromStdString(problem->message));
        }
        return std::nullopt;
    }
    auto rows = std::make_shared<PositionLogitRows>(spec);
    QStringList columns;
    for (int j = 0; j < rows->size(); ++j)
        columns << QStringLiteral("j%1").arg(j);
    return DataTable::streamedTable(columns, rows->size(), [rows](qint64 first, qint64 count, double *out) {
        rows->rowsInto(int(first), int(count), out);
    });
}

} // namespace

const ViewDescriptor &attentionDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("attention"),
        .group = QStringLiteral("labs"),
        .title = [] { return AttentionView::tr("&Attention"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_9),
        .create = [](EncodingState *state) -> QWidget * { return new AttentionView(state); },
        .options = {&sentenceOption(), &encodingOption(), &baselineOption(), &seedOption(), &weightsOption(),
                    &joinOption(), &alphaOption(), &ropePairsOption(), &headsOption(), &headOption(),
                    &learnedPositionsOption(), &shiftOption(), &shuffleOption()},
        .figureOnlyOptions = {&sentenceOption(), &baselineOption(), &weightsOption(), &joinOption(), &alphaOption(),
                              &ropePairsOption(), &shiftOption(), &shuffleOption()},
        .dataTable = &attentionTable,
        .dataShape = QStringLiteral("[seq_len, seq_len]"),
        .describe = &AttentionView::describe,
        .explainers = {Explainer{QStringLiteral("attention-score"), [](const EncodingState &state, const Inspection &what) {
            return AttentionView::scoreExplanation(state.scene(), what);
        }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] {
            return QCoreApplication::translate("posenc::ViewTabs", "One attention head over a phrase, without and with "
                                                                   "position information: what it sees of order.");
        },
    };
    return descriptor;
}

} // namespace posenc

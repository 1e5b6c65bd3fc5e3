// SPDX-License-Identifier: GPL-3.0-or-later
// The attention lab's descriptor: its options, its data export and its inspector texts.
#include "ui/views/attention/attentionview.h"

#include "core/attention.h"
#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/views/attention/attentionscene.h"
#include "ui/views/optionbuilders.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewregistry.h"
#include "ui/state/stdtext.h"

#include <QCoreApplication>

#include <memory>

namespace posenc {

namespace {

// --attention-sentence TEXT
const ViewOption &sentenceOption()
{
    static const ViewOption option{
        .key = QStringLiteral("sentence"),
        .flag = QStringLiteral("attention-sentence"),
        .aliases = {QStringLiteral("sentence")},
        .valueName = QStringLiteral("TEXT"),
        .sample = QStringLiteral("the quick brown fox jumps"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the attention lab's phrase, 1 to 64 tokens split at spaces, Chinese "
                                             "one per character (default “我 吃 鱼”)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            const qsizetype count = AttentionOptions::tokenCount(text);
            if (count < 1 || count > AttentionOptions::kMaxTokens)
                return QCoreApplication::translate("CommandLineParser", "--attention-sentence: “%1” holds %2 tokens; it must hold 1 to %3")
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

// --attention-encoding E: the right pane, and what the data export writes.
const ViewOption &encodingOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("encoding", "attention-encoding", "E", "alibi"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "none | sinusoidal | learned | rope | alibi | t5 | relative: the attention "
                                             "lab's scheme (right pane) and its data export (default sinusoidal)");
        },
        listOf(kAttentionEncodings), coreNames(&attentionEncodingName), [](auto &scene) -> auto & { return scene.attention.encoding; }), {QStringLiteral("encoding")});
    return option;
}

// --attention-baseline E: the left pane.
const ViewOption &baselineOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("baseline", "attention-baseline", "E", "rope"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the attention lab's other scheme (left pane), as --attention-encoding (default none)");
        },
        listOf(kAttentionEncodings), coreNames(&attentionEncodingName), [](auto &scene) -> auto & { return scene.attention.baseline; }), {QStringLiteral("baseline")});
    return option;
}

// --attention-seed S
const ViewOption &seedOption()
{
    static const ViewOption option{
        .key = QStringLiteral("seed"),
        .flag = QStringLiteral("attention-seed"),
        .aliases = {QStringLiteral("seed")},
        .valueName = QStringLiteral("S"),
        .sample = QStringLiteral("7"),
        .sampleNeeds = {QStringLiteral("attention-encoding=learned")},
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the attention lab's random seed (token embeddings, weights, the learned "
                                             "and T5 tables, the shuffle), 0 to 2147483647 (default 0)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            int seed = 0;
            if (auto problem = OptionText::readInteger(QStringLiteral("attention-seed"), text, 0, AttentionOptions::kMaxSeed, seed))
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

// --attention-weights random|identity
const ViewOption &weightsOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("weights", "attention-weights", "W", "identity"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "random | identity: the attention lab's W_q, W_k, W_v (default random)");
        },
        QList{AttentionWeightsKind::Random, AttentionWeightsKind::Identity}, coreNames(&attentionWeightsKindName), [](auto &scene) -> auto & { return scene.attention.weights; }), {QStringLiteral("weights")});
    return option;
}

// --attention-join add|concat_project|alpha
const ViewOption &joinOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("join", "attention-join", "J", "concat_project"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "add | concat_project | alpha: how the attention lab joins a position "
                                             "vector to the token (default add)");
        },
        QList{PeJoin::Add, PeJoin::ConcatProject, PeJoin::Alpha}, coreNames(&peJoinName), [](auto &scene) -> auto & { return scene.attention.join; }), {QStringLiteral("join")});
    return option;
}

// --attention-alpha A
const ViewOption &alphaOption()
{
    static const ViewOption option = alsoSpelt(numberOption(
        optionNames("alpha", "attention-alpha", "A", "0.25", {QStringLiteral("attention-join=alpha")}),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the token's weight α of --attention-join alpha, 0 to 1 (default 0.5)");
        },
        0, 1, [](auto &scene) -> auto & { return scene.attention.alpha; }), {QStringLiteral("alpha")});
    return option;
}

// --attention-rope-pairs interleaved|rotate_half
const ViewOption &ropePairsOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("rope_pairs", "attention-rope-pairs", "P", "rotate_half", {QStringLiteral("attention-encoding=rope")}),
        [] {
            return QCoreApplication::translate("CommandLineParser", "interleaved | rotate_half: the dimensions RoPE rotates together, (2t, 2t+1) "
                                             "or (t, t + d/2) (default interleaved)");
        },
        QList{RopePairs::Interleaved, RopePairs::RotateHalf}, coreNames(&ropePairsName), [](auto &scene) -> auto & { return scene.attention.ropePairs; }), {QStringLiteral("rope-pairs")});
    return option;
}

// --attention-heads H and --attention-head h (ALiBi's slope, T5's column)
const ViewOption &headsOption()
{
    static const ViewOption option = alsoSpelt([] {
        ViewOption o = integerOption(
            optionNames("heads", "attention-heads", "H", "4", {QStringLiteral("attention-encoding=alibi")}),
            [] {
                return QCoreApplication::translate("CommandLineParser", "attention heads H for ALiBi's slopes 2^(−8(h+1)/H) "
                                             "(the paper's formula for every H; ALiBi's published code and BLOOM differ "
                                             "when H is not a power of 2) and T5's table, 1 to 128 (default 8)");
            },
            1, AttentionSetup::kMaxHeads, [](auto &scene) -> auto & { return scene.attention.heads; });
        o.recordedInData = [](const Scene &scene) { return scene.attention.encoding == AttentionEncoding::Alibi; };
        return o;
    }(), {QStringLiteral("heads")});
    return option;
}

const ViewOption &headOption()
{
    static const ViewOption option{
        .key = QStringLiteral("head"),
        .flag = QStringLiteral("attention-head"),
        .aliases = {QStringLiteral("head")},
        .valueName = QStringLiteral("h"),
        .sample = QStringLiteral("1"),
        .sampleNeeds = {QStringLiteral("attention-encoding=alibi")},
        .help = [] { return QCoreApplication::translate("CommandLineParser", "the head shown, 0 to H − 1 (default 0)"); },
        // Read as any head here; check() compares it with --attention-heads once both are read.
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readInteger(QStringLiteral("attention-head"), text, 0, AttentionSetup::kMaxHeads - 1,
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

// --attention-learned-positions N
const ViewOption &learnedPositionsOption()
{
    static const ViewOption option = alsoSpelt([] {
        ViewOption o = integerOption(
            optionNames("learned_positions", "attention-learned-positions", "N", "64",
                        {QStringLiteral("attention-encoding=learned"), QStringLiteral("attention-shift=100")}),
            [] {
                return QCoreApplication::translate("CommandLineParser", "rows of the learned position table (positions 0 to N − 1), 1 to 16384 "
                                             "(default 512)");
            },
            1, AttentionSetup::kMaxLearnedPositions, [](auto &scene) -> auto & { return scene.attention.learnedPositions; });
        // Any table that covers the positions gives the same numbers (row i is drawn from the
        // seed and i alone): a data file records the rows only where the default table would
        // not cover them, and the command line would be refused without them.
        o.recordedInData = [](const Scene &scene) {
            return scene.attention.encoding == AttentionEncoding::Learned
                   && !learnedTableCovers(AttentionSetup{}.learnedPositions, scene.params.start, scene.params.seqLen);
        };
        return o;
    }(), {QStringLiteral("learned-positions")});
    return option;
}

// --attention-shift S
const ViewOption &shiftOption()
{
    static const ViewOption option = alsoSpelt(numberOption(
        optionNames("shift", "attention-shift", "S", "5"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the shift test: the phrase moved S positions later, −1000000 to 1000000 "
                                             "(default 16)");
        },
        -AttentionOptions::kMaxShift, AttentionOptions::kMaxShift, [](auto &scene) -> auto & { return scene.attention.shift; }), {QStringLiteral("shift")});
    return option;
}

// --attention-shuffle seeded|reverse
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
        .flag = QStringLiteral("attention-shuffle"),
        .aliases = {QStringLiteral("shuffle")},
        .valueName = QStringLiteral("ORDER"),
        .sample = QStringLiteral("reverse"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "seeded | reverse: the shuffle test's order, a "
                                                                    "permutation drawn from the random seed or the phrase "
                                                                    "reversed (default seeded)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            if (auto problem = OptionText::readChoice(QStringLiteral("attention-shuffle"), text, shuffleNames()))
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
            const QString flag = problem->field == "encoding" ? QStringLiteral("attention-encoding")
                                 : problem->field == "seq_len" ? QStringLiteral("seq-len")
                                 : problem->field == "learned_positions" ? QStringLiteral("attention-learned-positions")
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
            return QCoreApplication::translate("posenc::ViewPages", "One attention head over a phrase, without and with "
                                                                   "position information: what it sees of order.");
        },
        .showsPosition = false,
        .showsOffset = false,
    };
    return descriptor;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/attention/attentionscene.h"
#include "ui/state/stdtext.h"

#include <QCoreApplication>

namespace posenc::AttentionScene {

namespace {

template <typename E, std::size_t N>
QStringList namesOf(const E (&values)[N], std::string_view (*nameOf)(E))
{
    QStringList names;
    for (E value : values)
        names << fromStd(nameOf(value));
    return names;
}

} // namespace

AttentionSetup setup(const Scene &scene, AttentionEncoding kind)
{
    const AttentionOptions &o = scene.attention;
    AttentionSetup s;
    s.encoding = scene.params;
    s.kind = kind;
    s.ropePairs = o.ropePairs;
    s.join = o.join;
    s.alpha = o.alpha;
    s.weights = o.weights;
    s.seed = o.seed;
    s.learnedPositions = o.learnedPositions;
    s.heads = o.heads;
    s.head = o.head;
    return s;
}

AttentionExportSpec exportSpec(const Scene &scene)
{
    return posenc::exportSpec(setup(scene, scene.attention.encoding), scene.params.seqLen);
}

QStringList encodingNames()
{
    return namesOf(kAttentionEncodings, &attentionEncodingName);
}

QStringList ropePairsNames()
{
    static constexpr RopePairs values[] = {RopePairs::Interleaved, RopePairs::RotateHalf};
    return namesOf(values, &ropePairsName);
}

QStringList joinNames()
{
    static constexpr PeJoin values[] = {PeJoin::Add, PeJoin::ConcatProject, PeJoin::Alpha};
    return namesOf(values, &peJoinName);
}

QStringList weightsNames()
{
    static constexpr AttentionWeightsKind values[] = {AttentionWeightsKind::Random, AttentionWeightsKind::Identity};
    return namesOf(values, &attentionWeightsKindName);
}

QString name(AttentionEncoding encoding)
{
    return fromStd(attentionEncodingName(encoding));
}

QString title(AttentionEncoding encoding)
{
    switch (encoding) {
    case AttentionEncoding::None:
        return QCoreApplication::translate("posenc::AttentionView", "none (NoPE)");
    case AttentionEncoding::Sinusoidal:
        return QCoreApplication::translate("posenc::AttentionView", "sinusoidal, joined to the tokens");
    case AttentionEncoding::Learned:
        return QCoreApplication::translate("posenc::AttentionView", "learned absolute table (untrained)");
    case AttentionEncoding::Rope:
        return QCoreApplication::translate("posenc::AttentionView", "RoPE (rotary)");
    case AttentionEncoding::Alibi:
        return QCoreApplication::translate("posenc::AttentionView", "ALiBi (linear bias)");
    case AttentionEncoding::T5:
        return QCoreApplication::translate("posenc::AttentionView", "T5 relative buckets");
    case AttentionEncoding::SeedRelative:
        return QCoreApplication::translate("posenc::AttentionView", "the source texts' relative bias");
    }
    return {};
}

QString joinTitle(PeJoin join)
{
    switch (join) {
    case PeJoin::Add:
        return QCoreApplication::translate("posenc::AttentionView", "add: token + position");
    case PeJoin::ConcatProject:
        return QCoreApplication::translate("posenc::AttentionView", "concatenate, then project [2d → d]");
    case PeJoin::Alpha:
        return QCoreApplication::translate("posenc::AttentionView", "weighted: α · token + (1 − α) · position");
    }
    return {};
}

QString tokenText(const QStringList &tokens)
{
    return tokens.join(QLatin1Char(' '));
}

} // namespace posenc::AttentionScene

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/attention.h"
#include "core/encodingparams.h"
#include "core/precision.h"
#include "core/temporal.h"
#include "core/training.h"
#include "ui/state/laboptions.h"

#include <QList>
#include <QStringList>
#include <QString>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace posenc {

// The attention lab's options (views/attention): the phrase, the two schemes side by side and
// what they depend on. The head's d_model, base, scale, layout, frequencies and start are the
// encoding parameters; core's AttentionSetup joins the two (AttentionText::setup).
struct AttentionOptions {
    static constexpr int kMaxTokens = 64;
    static constexpr int kMaxSeed = 2147483647;
    static constexpr double kMaxShift = 1e6;

    // Tokens split at spaces; a run of Chinese (CJK) characters is one token per character.
    QString sentence = QStringLiteral("我 吃 鱼");
    AttentionEncoding baseline = AttentionEncoding::None;       // the left pane
    AttentionEncoding encoding = AttentionEncoding::Sinusoidal; // the right pane, and the data export
    std::uint64_t seed = 0; // token embeddings, weights, the learned and T5 tables, the shuffle
    AttentionWeightsKind weights = AttentionWeightsKind::Random;
    PeJoin join = PeJoin::Add;
    double alpha = 0.5;
    RopePairs ropePairs = RopePairs::Interleaved;
    int heads = 8;
    int head = 0;
    int learnedPositions = 512;
    double shift = 16; // the shift test: the phrase at start + shift against start
    // The shuffle test's order: a seeded permutation, or the phrase reversed (我 吃 鱼 →
    // 鱼 吃 我, which keeps every distance |i − j|).
    enum class Shuffle { Seeded, Reverse };
    Shuffle shuffle = Shuffle::Seeded;

    bool operator==(const AttentionOptions &) const = default;
    // The sentence's tokens: split at white space (Unicode's, the ideographic space too), and
    // a run of Han, Hiragana or Katakana characters split into its characters ("我吃鱼" and
    // "我 吃 鱼" are 我, 吃, 鱼; "GPT模型" is GPT, 模, 型), as a character-level Chinese
    // tokenizer does. UTF-8 for core.
    static QStringList tokens(const QString &sentence);
    // How many tokens tokens() finds, counted without making them: a sentence of megabytes is
    // refused as fast as it is read.
    static qsizetype tokenCount(const QString &sentence);
    std::vector<std::string> tokens() const;
    // The shuffle test's permutation of n tokens: token k of the shuffled phrase is token
    // permutation[k] of this one.
    std::vector<int> permutation(int n) const;
    // The first invalid member, one English line naming it and the range; nothing if valid.
    std::optional<QString> validate() const;
};

// The training lab's options (views/training): two tasks trained side by side from the same
// initial weights, and what the seed text (002) says of the learnable scale. The sinusoid's
// base, layout and frequency convention are the app's; the lab's model has its own d_model
// (16 to 128) and sizes, the defaults of TrainingConfig.
struct TrainingOptions {
    TrainingTask left = TrainingTask::Order; // order-sensitive by default
    TrainingTask right = TrainingTask::Bag;  // order-blind
    // Every setting but the task (each pane's own) and the sinusoid (the app's).
    TrainingConfig config;

    bool operator==(const TrainingOptions &) const = default;
    // The run of one pane, with the app's base, layout and frequencies.
    TrainingConfig configFor(bool right, const EncodingParams &params) const;
    // The first invalid setting of either run, one line naming it (translated); nothing if valid.
    std::optional<QString> validate(const EncodingParams &params) const;
    // core's error in the user's language: "steps must be an integer in [1, 100000]" from its
    // rule and bounds, for the window and the `train` command alike.
    static QString errorText(const TrainingError &error, TrainingTask task);
};

// Everything a figure, a scene or a preset depends on besides the page: the encoding
// parameters and every view's options, declared once. EncodingState holds one; FigureRequest
// and CommandLine are one (they derive from it), presets and lessons read and write one. A
// new lab declares its options' struct in its own folder, held here in `labs`, and its
// ViewOptions in its descriptor (views/); every consumer (the command line, presets, lessons,
// file metadata) follows from those.
// Read from JSON as { "parameters": {...}, "view_options": {...} } (see SceneReader).
struct Scene {
    EncodingParams params;
    // The columns the curves, spectrum and precision views draw (default: four sines spread over the
    // frequency ladder, see defaultDimensions). Columns at or beyond d_model are kept but not
    // drawn, so shrinking d_model loses none.
    QList<int> dimensions = defaultDimensions(EncodingParams{});
    // The columns the heatmap shows, in this order; empty: every column (the default).
    // Columns at or beyond d_model are kept but not drawn, as above.
    QList<int> heatmapDimensions;
    // The periodic encodings of time steps (the temporal view).
    TemporalParams temporal;
    // The pair the rotation view shows in detail (read clamped to the pairs that exist).
    int rotationPair = 0;
    // Whether the similarity view shows cosine similarity rather than the dot product.
    bool cosine = false;
    // The number format the precision lab computes the encoding in.
    Precision precision = Precision::BFloat16;
    // The file the check view diagnoses (a user's own encoding, .npy, .csv or .txt, or a
    // .safetensors checkpoint); empty: the example shipped in the resources.
    QString checkFile;
    // The checkpoint's tensor to diagnose; empty: the one named like a position table.
    QString checkTensor;
    // The attention lab's phrase and schemes.
    AttentionOptions attention;
    // The options of labs that declare them in their own folders (the ViT lab's image,
    // patches and chosen patch): labOptions<VitOptions>(scene).
    LabOptionSet labs;
    // The training lab's two runs.
    TrainingOptions training;

    bool operator==(const Scene &) const = default;

    // What a window, a file or a command line that names no dimensions draws: the sines of the
    // pairs at 0, 1/8, 1/4 and 1/2 of the frequency ladder (w = 1, base^(-1/8), base^(-1/4),
    // base^(-1/2) in the paper's convention), so that the curves show at a glance that the
    // first columns wave fast and later ones slowly, whatever d_model. Fewer where d_model is
    // small (pairs that round to the same one are drawn once).
    static QList<int> defaultDimensions(const EncodingParams &params);
    // After the parameters changed from `previous` (in the window, a file or on the command
    // line): default dimensions follow the new d_model and layout; chosen ones stay.
    void followParams(const EncodingParams &previous);
    // The first chosen column at or beyond d_model, with the key of its option ("dims" or
    // "heatmap_dims"): a file or a command line must not name one (the window keeps them).
    std::optional<std::pair<QString, int>> columnBeyondDModel() const;

    // The first invalid member, as one English line naming it (the encoding parameters as
    // ParamError words them, then the temporal encoding); nothing when the scene is valid.
    std::optional<QString> validate() const;
    // rotationPair within [0, pairs - 1] for these parameters.
    int clampedRotationPair() const;
};

template <typename T>
const T &labOptions(const Scene &scene)
{
    return scene.labs.get<T>();
}

// Adds T's defaults to the scene's labs first if it holds none of T yet.
template <typename T>
T &labOptions(Scene &scene)
{
    return scene.labs.edit<T>();
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/trainingmodel.h"
#include "core/trainingtask.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc {

// The training lab's engine: train the small model of trainingmodel.h on one task
// and record, step by step, what the seed text (002) says to watch: the loss, the accuracy,
// the learnable scale of ScaledSinuEmbedding and how loudly position speaks next to the
// tokens. The seed claims the scale settles near 0.7 for sentiment and at 1.2-1.5 for
// translation, with no experiment behind it; this engine makes no such claim, it measures one
// toy run at a time.
//
// A run is a pure function of its TrainingConfig: the same configuration gives the same
// records to the bit on the same machine (no threads, every sum in one order, every random
// number from core/attention.h's counter generator). Across processors and standard
// libraries the last bits can differ where libm's exp, log, sin and cos or the compiler's
// contraction of a * b + c into an FMA differ.

enum class Optimizer { Adam, Sgd };
std::string_view optimizerName(Optimizer optimizer); // "adam", "sgd"
std::optional<Optimizer> optimizerFromName(std::string_view name);

// When the clamp [lo, hi] of the scale applies.
enum class ClampMode {
    EveryStep,    // after every update (what the seed's advice means)
    Construction, // once, to the initial value, and never again: what the seed's code does
                  // (self.scale.data.clamp_(0.1, 2.0) in __init__, right after torch.ones)
    Off,
};
std::string_view clampModeName(ClampMode mode); // "step", "construction", "off"
std::optional<ClampMode> clampModeFromName(std::string_view name);

// A rejected value: the field's name as the command line spells it without "--" ("vocab",
// "scale-lr-ratio", "clamp") and one English line naming it and its valid range.
struct TrainingError {
    std::string field;
    std::string message; // "vocab must be an integer in [4, 32] for the order task"
    // The rule broken, for a front end that words it in another language: a range of integers
    // or of numbers from `low` to `high` (written as in `message`; `openLow`: low excluded),
    // narrowed by the number of examples or by the task; Other for the rest (the clamp's
    // order, the sinusoid's own parameters), whose `message` is all there is.
    enum class Rule { Integer, Number, Other };
    enum class Limit { None, Examples, Task };
    Rule rule = Rule::Other;
    std::string low = {};
    std::string high = {};
    bool openLow = false;
    Limit limit = Limit::None;
};

// Everything one run depends on. The defaults are the lab's default run (a few seconds).
struct TrainingConfig {
    static constexpr int kMinVocab = 3, kMaxVocab = 32;
    static constexpr int kMinDModel = 16, kMaxDModel = 128;
    static constexpr int kMinSeqLen = 2, kMaxSeqLen = 64;
    static constexpr int kMinExamples = 8, kMaxExamples = 8192;
    static constexpr int kMinHeldout = 8, kMaxHeldout = 2048;
    static constexpr int kMinBatch = 1, kMaxBatch = 256;
    static constexpr int kMinSteps = 1, kMaxSteps = 100000;
    static constexpr int kMaxLayers = 2;
    static constexpr double kMinScaleLrRatio = 0.1, kMaxScaleLrRatio = 3.0;
    static constexpr double kMaxAbsScale = 1000.0; // the initial value and the clamp's bounds
    static constexpr double kMaxLearningRate = 1.0;
    // The extrapolation check reaches 4 x the training length at most: the sinusoidal table
    // is computed that far (peRows).
    static constexpr int kExtrapolationFactor = 4;

    TrainingTask task = TrainingTask::Order;
    int vocab = 8;
    int seqLen = 8;        // the training length (and the rows of a learned table)
    int examples = 512;    // the training set
    int heldout = 256;     // the fixed held-out set, at the training length
    int dModel = 32;
    int layers = 1;
    bool layerNorm = true;
    PositionScheme scheme = PositionScheme::ScaledSinu;
    PeJoin join = PeJoin::Add;
    // base, layout and frequency convention of the sinusoid (dModel and the rest are the
    // fields above or unused).
    EncodingParams encoding;
    Optimizer optimizer = Optimizer::Adam;
    double learningRate = 0.01;
    int batch = 32;
    int steps = 300;       // the default run
    std::uint64_t seed = 1;
    double scaleInit = 1.0;
    double scaleLrRatio = 0.2; // the scale's learning rate over the others' (the seed: 1/5 .. 1/10)
    ClampMode clampMode = ClampMode::EveryStep;
    double clampLow = 0.1;
    double clampHigh = 2.0;
    PeDType peDType = PeDType::Float32;
    ScaleStorage scaleStorage = ScaleStorage::Float32;

    // The first invalid field, or nothing.
    std::optional<TrainingError> validate() const;
    // The model this configuration trains.
    ModelConfig modelConfig() const;

    bool operator==(const TrainingConfig &) const = default;
};

// What one step records. Step k is the k-th update (1, 2, ..): loss and accuracy are those
// of that step's batch before its update (the forward pass the gradient came from); the
// held-out figures, scale and norm ratio are those after the update (and after the clamp).
struct TrainingRecord {
    int step = 0;
    double loss = 0;
    double accuracy = 0;
    double heldoutLoss = 0;
    double heldoutAccuracy = 0;
    double scale = 0;     // s after the step; NaN when the scheme has no scale
    double normRatio = 0; // TrainingModel::normRatio at the training length
    bool clampHit = false; // the clamp moved the scale at this step (EveryStep only)
};

// The attention weights of one held-out example, for the view.
struct AttentionSnapshot {
    TrainingExample example;
    int predicted = 0;
    Eigen::VectorXd probabilities;   // [classes]
    std::vector<RowMatrixXd> layers; // [n x n] per layer, row i = where slot i looks
};

// The held-out figures at one sequence length.
struct ExtrapolationPoint {
    int length = 0;
    // False when the model has no position term for some slot: a learned table (learned,
    // learned_sinusoidal) has rows 0 .. seqLen-1 only. The lab does not invent rows (no
    // zeros, no repeating the last row, no index past the end): it marks the length N/A.
    bool available = false;
    double loss = 0;     // 0 where not available
    double accuracy = 0;
};

// The order of the training set in epoch e: Fisher–Yates over 0 .. n-1 with, for i = n-1 down
// to 1, j = floor(seededUniform(seed, kStreamTrainBatches, tableIndex(e, i)) * (i + 1)).
// Step k (from 1) takes the batch entries (k-1) * batch .. k * batch - 1 of the endless
// sequence epoch 0, epoch 1, ..: a batch can straddle two epochs.
std::vector<int> epochOrder(std::uint64_t seed, int epoch, int n);

// The example of each batch entry: entry q of the endless sequence of epochs (q = (k-1) * batch
// + b for entry b of step k) is example epochOrder(seed, q / n, n)[q % n] of the training set.
// Keeps the current epoch's order, so that entries read in order cost O(1) each.
class BatchOrder
{
public:
    BatchOrder(std::uint64_t seed = 0, int examples = 0) : m_seed(seed), m_examples(examples) {}
    int exampleAt(long long entry);

private:
    std::uint64_t m_seed;
    int m_examples;
    std::vector<int> m_order;
    int m_epoch = -1;
};

// One training run, stepped by the caller (the UI from its own thread, the command in a loop).
// Not thread-safe; no threads inside.
class Trainer
{
public:
    // Expects config.validate() to pass. Generates the sets and draws the initial weights.
    explicit Trainer(const TrainingConfig &config);

    const TrainingConfig &config() const { return m_config; }
    const TrainingModel &model() const { return m_model; }
    // The weights before any step (after a construction clamp): what reset() goes back to.
    const TrainingModel &initialModel() const { return m_initial; }
    const std::vector<TrainingExample> &trainingSet() const { return m_training; }
    const std::vector<TrainingExample> &heldoutSet() const { return m_heldout; }

    // One batch: forward, backward, the optimiser's update, the clamp, then the held-out
    // evaluation. Returns the new record (also appended to records()).
    const TrainingRecord &step();
    // Steps until steps() == config().steps (or `count` more steps, whichever first).
    void run();
    void run(int count);
    // Back to step 0: the initial weights, the optimiser's state and the order of the batches
    // as at construction, so that the same steps replay the same run to the bit.
    void reset();

    int stepCount() const { return int(m_records.size()); }
    bool finished() const { return stepCount() >= m_config.steps; }
    const std::vector<TrainingRecord> &records() const { return m_records; }

    // The scale before any step (after a construction clamp), NaN without a scale.
    double initialScale() const;
    // The held-out figures of the current weights (before any step too).
    TrainingModel::Evaluation heldoutEvaluation() const;
    // The attention weights of held-out example `index` with the current weights.
    AttentionSnapshot heldoutAttention(int index = 0) const;
    // Held-out accuracy and loss at other lengths (each its own fixed set of `heldout`
    // examples; the training length uses the held-out set itself). Lengths outside
    // [kMinSeqLen, kExtrapolationFactor * seqLen] or without a position term are not available.
    std::vector<ExtrapolationPoint> extrapolation(const std::vector<int> &lengths) const;
    // The lengths the lab plots: seqLen, 3/2 seqLen, 2 seqLen, 3 seqLen, 4 seqLen.
    std::vector<int> defaultExtrapolationLengths() const;

private:
    void applyClamp(TrainingRecord &record);

    TrainingConfig m_config;
    TrainingModel m_initial;
    TrainingModel m_model;
    std::vector<TrainingExample> m_training;
    std::vector<TrainingExample> m_heldout;
    ModelParameters m_firstMoment;
    ModelParameters m_secondMoment;
    BatchOrder m_order;
    std::vector<TrainingRecord> m_records;
};

} // namespace posenc

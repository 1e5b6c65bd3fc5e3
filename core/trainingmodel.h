// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/attention.h"
#include "core/encoding.h"
#include "core/encodingparams.h"
#include "core/trainingtask.h"

#include <Eigen/Core>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc {

// The training lab's model, small enough to train in seconds with hand-written
// backpropagation in double:
//
//     T_i = E[x_i]                          token embedding, a learnable [vocab x d] table
//     P_i = the position term of slot i     (PositionScheme)
//     X_i = join(T_i, P_i)                  (PeJoin of core/attention.h)
//     H^0 = X;  for each layer l:  Z = LN_l(H) (or H),  H <- H + softmax(Z Wq (Z Wk)^T / sqrt(d)) Z Wv
//     F = LN_f(H) (or H);  m = mean_i F_i;  z = Wc^T m + b;  p = softmax(z);  loss = -ln p_y
//
// Single-head attention with a residual connection and no output projection; the layer norm
// (optional) is pre-norm, with a final one before pooling, as GPT-2 places them. No threads:
// every sum is taken in one fixed order, so a run repeats to the bit on the same machine.

// Where the position term comes from.
enum class PositionScheme {
    ScaledSinu,        // P_i = s * PE(i): ScaledSinuEmbedding (seed 002), s learnable
    LearnedSinusoidal, // P_i = PE(i) + A_i: the seed's LearnedSinusoidalPE, A learnable, initialised to 0
    Learned,           // P_i = L_i: a learned absolute table (nn.Embedding), initialised N(0, 1)
    None,              // no position term: X = T whatever the join
};

constexpr PositionScheme kPositionSchemes[] = {PositionScheme::ScaledSinu, PositionScheme::LearnedSinusoidal,
                                               PositionScheme::Learned, PositionScheme::None};

// "scaled_sinu", "learned_sinusoidal", "learned", "none".
std::string_view positionSchemeName(PositionScheme scheme);
std::optional<PositionScheme> positionSchemeFromName(std::string_view name);
// Whether the scheme has a table of rows 0 .. tableRows - 1 (and so no row beyond it).
bool hasPositionTable(PositionScheme scheme);

// The precision the position term is computed in. Float16 emulates a mixed-precision model:
// the PE table, and the product s * PE, are rounded to float16 (core/precision.h's
// roundToPrecision, on the bits, the same everywhere); the rest of the model stays in double.
// Float64 rounds nothing (the gradient checks use it).
enum class PeDType { Float64, Float32, Float16 };
std::string_view peDTypeName(PeDType dtype); // "float64", "float32", "float16"
std::optional<PeDType> peDTypeFromName(std::string_view name);

// Where the scale is kept between steps. The seed (5.3) says to force it to float32 in FP16
// training: a float16 scale in [1, 2) is spaced 2^-10 apart, so an update smaller than half of
// that, 4.9e-4, rounds back to the same value and the scale never moves. Adam's updates are
// about lr * ratio: with lr 1e-3 and the ratio 1/5 (2e-4) a float16 scale stays at 1 for good,
// with the default lr 1e-2 (2e-3) it moves in steps of 2^-10.
enum class ScaleStorage {
    Float32, // the scale is rounded to float32 after every update (the seed's advice)
    PeDType, // the scale is rounded to the PE's dtype (float16: the failure the seed warns of)
};
std::string_view scaleStorageName(ScaleStorage storage); // "float32", "pe"
std::optional<ScaleStorage> scaleStorageFromName(std::string_view name);

// Everything that decides the model's shape and its initial weights. The initial weights
// depend on (seed, vocab, d, layers, ...) only, never on the task: two tasks trained side by
// side with the same seed start from the same weights.
struct ModelConfig {
    int vocab = 8;
    int classes = 2;
    int layers = 1;           // 1 or 2
    bool layerNorm = true;    // pre-norm in each layer and a final one before pooling
    PositionScheme scheme = PositionScheme::ScaledSinu;
    PeJoin join = PeJoin::Add;
    // The app's encoding: base, layout and frequency convention; d = encoding.dModel. Its
    // seqLen, start, scale, offset and position are not used (slot i is at position i, and
    // the scale is the model's own parameter).
    EncodingParams encoding;
    int tableRows = 8;        // rows of the learned tables (Learned, LearnedSinusoidal): the training length
    int peRows = 64;          // positions of the sinusoidal table computed once (the longest sequence evaluated)
    double scaleInit = 1.0;   // s at construction (before any clamp)
    double alphaInit = 0.5;   // the alpha join's alpha at construction
    PeDType peDType = PeDType::Float64;
    ScaleStorage scaleStorage = ScaleStorage::Float32;
    std::uint64_t seed = 0;

    int dModel() const { return encoding.dModel; }
};

// The streams of the model's seeded tables, apart from the attention lab's (1 .. 7).
constexpr std::uint64_t kStreamTrainTokens = 0x7401;     // E
constexpr std::uint64_t kStreamTrainLearned = 0x7402;    // L (the learned absolute table)
constexpr std::uint64_t kStreamTrainProjection = 0x7403; // W_proj of concat-then-project
constexpr std::uint64_t kStreamTrainClassifier = 0x7404; // Wc
constexpr std::uint64_t kStreamTrainBatches = 0x7405;    // the order of the examples in each epoch
// W_q, W_k, W_v of layer l use 0x7410 + 3 l + (0, 1, 2).
constexpr std::uint64_t kStreamTrainAttention = 0x7410;

// Every learnable number. Also the shape of a gradient and of Adam's moments. A tensor that
// the configuration does not use is empty (0 x 0).
struct ModelParameters {
    struct Layer {
        RowMatrixXd query, key, value; // [d x d], Q = Z Wq; N(0, 1/d)
        Eigen::VectorXd gain, bias;    // [d] the layer norm's gamma (1) and beta (0)
    };
    RowMatrixXd tokens;      // [vocab x d], N(0, 1) like nn.Embedding
    double scale = 0;        // s (ScaledSinu)
    RowMatrixXd adjustment;  // [tableRows x d] A (LearnedSinusoidal), zeros
    RowMatrixXd table;       // [tableRows x d] L (Learned), N(0, 1)
    RowMatrixXd projection;  // [2d x d] (ConcatProject), N(0, 1/(2d))
    double alpha = 0;        // (Alpha)
    std::vector<Layer> layers;
    Eigen::VectorXd finalGain, finalBias; // [d] the final layer norm
    RowMatrixXd classifier;  // [d x classes] Wc, N(0, 1/d)
    Eigen::VectorXd classifierBias; // [classes] b, zeros

    // The same shapes, every entry zero.
    ModelParameters zerosLike() const;
};

// One named tensor of the parameters: its entries are data[0 .. size-1] (row-major). For
// gradient checks, optimisers and views that list the parameters.
struct ParameterBlock {
    std::string name; // "tokens", "scale", "layer0.query", "final.gain", "classifier.bias", ...
    double *data = nullptr;
    Eigen::Index size = 0;
    bool isScale = false; // the scale: its own learning rate, clamp and storage
};

// The tensors the configuration uses, in a fixed order (the order of the struct).
std::vector<ParameterBlock> parameterBlocks(ModelParameters &parameters, const ModelConfig &config);

// What the forward pass keeps for the backward pass, and what the views show.
struct ForwardPass {
    std::vector<int> tokens;
    int label = 0;
    RowMatrixXd tokenRows;  // [n x d] T
    RowMatrixXd position;   // [n x d] P (empty for None)
    RowMatrixXd input;      // [n x d] X
    struct Layer {
        RowMatrixXd in;          // [n x d] H before the layer
        RowMatrixXd normalised;  // [n x d] (H - mean) / sigma, per row (layer norm only)
        Eigen::VectorXd sigma;   // [n] sqrt(var + eps) per row (layer norm only)
        RowMatrixXd z;           // [n x d] Z, what the attention reads
        RowMatrixXd q, k, v;     // [n x d]
        RowMatrixXd weights;     // [n x n] A, each row sums to 1
    };
    std::vector<Layer> layers;
    RowMatrixXd last;            // [n x d] H after the last layer
    RowMatrixXd finalNormalised; // [n x d] (layer norm only)
    Eigen::VectorXd finalSigma;  // [n]
    Eigen::VectorXd pooled;      // [d] m
    Eigen::VectorXd logits;      // [classes] z
    Eigen::VectorXd probabilities; // [classes] p
    double loss = 0;             // -ln p_y
    int predicted = 0;           // argmax z (the lowest class among equal logits)
};

// The model: parameters and the fixed sinusoidal table.
class TrainingModel
{
public:
    static constexpr double kLayerNormEpsilon = 1e-5;

    // Draws the initial weights. Expects a valid configuration (TrainingConfig::validate).
    explicit TrainingModel(const ModelConfig &config);

    const ModelConfig &config() const { return m_config; }
    const ModelParameters &parameters() const { return m_parameters; }
    ModelParameters &parameters() { return m_parameters; }

    // The fixed sinusoidal table PE(0 .. peRows-1) as the model sees it: encodingMatrix of the
    // app's encoding, rounded to peDType. [peRows x d].
    const RowMatrixXd &sinusoidalTable() const { return m_sinusoid; }

    // Whether every slot of a sequence of n tokens has a position term: false past the rows of
    // a learned table (tableRows) or of the computed sinusoid (peRows). The model never reads
    // a row that does not exist; forward() expects this to hold.
    bool coversLength(int n) const;

    // P for slots 0 .. n-1: [n x d], empty for None. ScaledSinu in float32/float16 rounds
    // s * PE(i) to that precision (s as stored: see ScaleStorage).
    RowMatrixXd positionTerm(int n) const;

    // How loudly position speaks next to the tokens, at the training length n:
    //     sqrt(mean_{i<n} |P_i|^2) / sqrt(mean_{v<vocab} |E_v|^2)
    // the root-mean-square row norm of the position term over the slots 0 .. n-1 divided by
    // that of the token table over the vocabulary. For ScaledSinu it is |s| * |PE| / |E|
    // (|PE(i)|^2 = d/2 for an even d, so about |s| / sqrt(2) at initialisation, |E_v|^2 being
    // about d). Taken before the join (alpha and W_proj are not in it); 0 for None.
    double normRatio(int n) const;

    // The forward pass of one example (its tokens in [0, vocab), coversLength(tokens.size())).
    ForwardPass forward(const TrainingExample &example) const;

    // Adds weight * d(loss)/d(parameter) of the pass to `gradient` (a zerosLike of the
    // parameters). The rounding of a float16/float32 position term is taken as the identity
    // (the straight-through gradient mixed-precision training uses).
    void backward(const ForwardPass &pass, double weight, ModelParameters &gradient) const;

    // The mean loss and the accuracy over examples (forward only).
    struct Evaluation {
        double loss = 0;
        double accuracy = 0;
    };
    Evaluation evaluate(const std::vector<TrainingExample> &examples) const;

    // The scale as stored: rounded to float32, to the PE's dtype, or not at all (see
    // ScaleStorage), as after every update.
    double storedScale(double value) const;

private:
    ModelConfig m_config;
    ModelParameters m_parameters;
    RowMatrixXd m_sinusoid;
};

} // namespace posenc

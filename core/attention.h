// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"
#include "core/fielderror.h"
#include "core/relativebias.h"
#include "core/seeded.h"

#include <Eigen/Core>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc {

// The attention lab's engine: one self-attention head over a short phrase, with or without
// position information, to show that attention alone cannot see order ("我 吃 鱼" and
// "鱼 吃 我" give the same pooled output), how each published scheme gives it order, and the
// position term each scheme adds to the attention logits (the data export).
//
// Everything random is seeded (core/seeded.h); a table's entry depends on its row and column
// only, so a learned table's row p is the same in a table of 100 rows or of 512, and a token's
// embedding is the same in any sentence.

// The streams of the lab's seeded tables (a token's stream is fnv1a64 of its bytes; one of
// these small numbers is hit by a token with probability 2^-61).
constexpr std::uint64_t kStreamQuery = 1;       // W_q
constexpr std::uint64_t kStreamKey = 2;         // W_k
constexpr std::uint64_t kStreamValue = 3;       // W_v
constexpr std::uint64_t kStreamProjection = 4;  // W_proj of the concatenate-then-project join
constexpr std::uint64_t kStreamLearned = 5;     // the learned absolute position table
                                                // 6: T5's table, kStreamT5 (core/relativebias.h)
constexpr std::uint64_t kStreamPermutation = 7; // seededPermutation

// The embedding of a token: d entries N(0, 1), entry c = seededNormal(seed, fnv1a64(token), c).
// Unit variance, as PyTorch's nn.Embedding initialises a table, so |token| is about sqrt(d) and
// comparable with |PE| = sqrt(d / 2) at scale 1. The same string gives the same vector in any
// sentence and any slot: what the shuffle test needs.
Eigen::VectorXd tokenEmbedding(std::string_view token, std::uint64_t seed, int dModel);

// The embeddings of a phrase, one row per token: [tokens.size(), d].
RowMatrixXd tokenEmbeddings(const std::vector<std::string> &tokens, std::uint64_t seed, int dModel);

// Rows p = firstPosition .. firstPosition + rows - 1 of the learned position table:
// P(p, c) = seededNormal(seed, kStreamLearned, tableIndex(p, c)), N(0, 1) like nn.Embedding's
// default initialisation (an untrained table: what a learned table is before training, and
// all the lab needs to show that it has no row past its end). firstPosition >= 0.
RowMatrixXd learnedPositionRows(std::uint64_t seed, int dModel, int firstPosition, int rows);

// Whether the positions start, start + 1, .., start + count - 1 all have a row in a learned
// table of tablePositions rows: start a whole number, start >= 0 and start + count <= tablePositions.
// A table is indexed by whole positions; a fractional start has no row at all.
bool learnedTableCovers(int tablePositions, double start, int count);

// A permutation of 0 .. n-1 by Fisher–Yates over the counter generator: for i = n-1 down to 1,
// j = floor(seededUniform(seed, kStreamPermutation, tableIndex(attempt, i)) * (i + 1)), swap
// entries i and j. Never the identity for n >= 2 (a shuffle that changes nothing teaches
// nothing): attempt 0, 1, .. is tried until one is not, and after 64 identities (n = 2 has
// probability 2^-64 of that) the rotation (1, 2, .., n-1, 0) is used. n <= 1 gives the identity.
std::vector<int> seededPermutation(std::uint64_t seed, int n);

// Whether p holds each of 0 .. n-1 exactly once.
bool isPermutation(const std::vector<int> &p, int n);

// ---------------------------------------------------------------------------------------------
// The schemes the lab compares

// How position reaches the attention logits.
enum class AttentionEncoding {
    None,         // NoPE: no position at all; attention is permutation-equivariant
    Sinusoidal,   // the app's encoding (EncodingParams) joined to the tokens (PeJoin)
    Learned,      // a seeded absolute table, joined like the sinusoidal one
    Rope,         // RoFormer / llama: q and k rotated by position * theta_t
    Alibi,        // Press et al. 2022: -slope * |i - j| added to the logits
    T5,           // Raffel et al. 2020: a scalar per relative-position bucket added to the logits
    SeedRelative, // the seed text's relative_position_bias: q_i . PE(|i - j|) / sqrt(d)
};

// Every scheme, in the order the lab lists them.
constexpr AttentionEncoding kAttentionEncodings[] = {
    AttentionEncoding::None,  AttentionEncoding::Sinusoidal, AttentionEncoding::Learned,
    AttentionEncoding::Rope,  AttentionEncoding::Alibi,      AttentionEncoding::T5,
    AttentionEncoding::SeedRelative,
};

// Which dimensions RoPE rotates together. The lone last dimension of an odd d is not rotated
// in either convention.
enum class RopePairs {
    Interleaved, // (2t, 2t+1), Meta llama's precompute_freqs_cis (complex pairs)
    RotateHalf,  // (t, t + floor(d/2)), Hugging Face's rotate_half
};

// How a position vector P (scale * PE, or a learned row) joins the token embedding T,
// the three ways of the seed text's section 7.2.
enum class PeJoin {
    Add,           // X = T + P
    ConcatProject, // X = [T | P] W_proj, W_proj a seeded [2d x d] matrix (nn.Linear(2d, d))
    Alpha,         // X = alpha T + (1 - alpha) P
};

// W_q, W_k, W_v: seeded random matrices, or the identity (Q = K = V = X, scores = X X^T / sqrt(d):
// what the positions alone do to the logits, without a projection mixing the dimensions).
enum class AttentionWeightsKind { Random, Identity };

// Names used on the command line and in presets: "none", "sinusoidal", "learned", "rope",
// "alibi", "t5", "relative"; "interleaved", "rotate_half"; "add", "concat_project", "alpha";
// "random", "identity".
std::string_view attentionEncodingName(AttentionEncoding encoding);
std::optional<AttentionEncoding> attentionEncodingFromName(std::string_view name);
std::string_view ropePairsName(RopePairs pairs);
std::optional<RopePairs> ropePairsFromName(std::string_view name);
std::string_view peJoinName(PeJoin join);
std::optional<PeJoin> peJoinFromName(std::string_view name);
std::string_view attentionWeightsKindName(AttentionWeightsKind kind);
std::optional<AttentionWeightsKind> attentionWeightsKindFromName(std::string_view name);

// Whether the scheme adds a position vector to the tokens (sinusoidal, learned); the others
// leave X = T and act on q, k or the logits.
bool addsPositionVectors(AttentionEncoding encoding);

// ---------------------------------------------------------------------------------------------
// One attention head

// A rejected value of the lab (core/fielderror.h).
using AttentionError = FieldError;

// Everything that decides one head's computation, apart from the tokens.
struct AttentionSetup {
    static constexpr int kMaxTokens = 1024;
    static constexpr int kMaxLearnedPositions = 16384;
    static constexpr int kMaxHeads = 128;
    static constexpr int kMinT5Buckets = 4;
    static constexpr int kMaxT5Buckets = 1024;
    static constexpr int kMaxT5MaxDistance = 1 << 20;
    static constexpr int kMaxRelativeMaxDistance = 16384;

    // d = encoding.dModel; token i sits at position encoding.start + i; the sinusoidal vectors
    // are the app's PE with its base, scale, layout and frequencies. RoPE uses encoding.base
    // (theta_t = base^(-2t/d)); the seed-relative term uses the whole encoding (start aside).
    // seqLen, offset and position are not used (the tokens give the length).
    EncodingParams encoding;
    AttentionEncoding kind = AttentionEncoding::Sinusoidal;
    RopePairs ropePairs = RopePairs::Interleaved;
    PeJoin join = PeJoin::Add;
    double alpha = 0.5; // PeJoin::Alpha: the token's weight, in [0, 1]
    AttentionWeightsKind weights = AttentionWeightsKind::Random;
    std::uint64_t seed = 0; // tokens, weights, learned table and T5 table all follow it
    int learnedPositions = 512; // rows of the learned table: positions 0 .. learnedPositions - 1
    int heads = 8;              // ALiBi and T5: the model's number of heads H
    int head = 0;               // the head shown: ALiBi's slope, T5's column of its table
    int t5Buckets = 32;         // even; half for each direction
    int t5MaxDistance = 128;
    int relativeMaxDistance = 128; // the seed's max_relative_position: r_ij = 0 beyond it

    // The first invalid field, or nothing. The encoding's fields are checked as EncodingParams
    // checks them (its seqLen, offset and position aside).
    std::optional<AttentionError> validate() const;

    bool operator==(const AttentionSetup &) const = default;
};

// The phrase's own checks: 1 to kMaxTokens tokens, and the last position start + n - 1 within
// the encoding's range of positions. Field "tokens" or "start".
std::optional<AttentionError> validateTokens(const AttentionSetup &setup, std::size_t tokenCount);

// The projections, generated once per (seed, d, kind) and kept by the caller: at d = 4096 the
// three random matrices hold 3 * 4096^2 normals (384 MiB, about a second to draw), so the UI
// caches them and recomputes only the attention when the phrase or the scheme changes.
struct AttentionWeights {
    std::uint64_t seed = 0;
    int dModel = 0;
    AttentionWeightsKind kind = AttentionWeightsKind::Random;
    // [d x d], rows index the input dimension (Q = X W_q). Entries N(0, 1/d):
    // W(r, c) = seededNormal(seed, stream, tableIndex(r, c)) / sqrt(d). The 1/d variance keeps
    // q and k at the scale of x (each entry of x W has variance |x|^2 / d, about 1 for token
    // rows), so that q . k / sqrt(d) stays of order 1 and the softmax neither saturates nor
    // flattens at any d. Empty for Identity: Q = K = V = X, no multiply.
    RowMatrixXd query;
    RowMatrixXd key;
    RowMatrixXd value;
    // [2d x d] for PeJoin::ConcatProject, N(0, 1/(2d)) (its input has 2d entries; stream
    // kStreamProjection), random for both kinds. Empty when not asked for: 256 MiB at d = 4096.
    RowMatrixXd projection;
};

// Draws the weights (the projection too when withProjection).
AttentionWeights attentionWeights(std::uint64_t seed, int dModel, AttentionWeightsKind kind,
                                  bool withProjection);

struct AttentionWeightTables;

// The weights for any d from tables that grow: entry (r, c) of a table is the same number at
// every d (its index is (r, c), only the factor 1/sqrt(d) changes), so the unscaled tables
// drawn for the largest d asked so far hold every smaller d's as their top-left block. A
// slider moving d redraws nothing going down and only the new rows and columns going up,
// where attentionWeights() draws 3 d^2 normals each time (17 ms at d = 512). The weights
// given have the bits of attentionWeights() with the same arguments.

class AttentionWeightCache
{
public:
    const AttentionWeights &weights(std::uint64_t seed, int dModel, AttentionWeightsKind kind, bool withProjection);
    // The same weights without the scaled copies of W_q, W_k, W_v (see AttentionWeightTables):
    // what the lab's live view asks for. Valid until the next call.
    AttentionWeightTables tables(std::uint64_t seed, int dModel, AttentionWeightsKind kind, bool withProjection);

private:
    void reseed(std::uint64_t seed);
    // Grows `table` (unscaled normals of `stream`, rows x cols) to at least rows x cols.
    void grow(RowMatrixXd &table, std::uint64_t stream, int rows, int cols) const;

    std::uint64_t m_seed = 0;
    bool m_seeded = false;
    RowMatrixXd m_query, m_key, m_value, m_projection; // unscaled
    AttentionWeights m_weights;
    bool m_valid = false;
    RowMatrixXd m_scaledProjection; // tables(): W_proj scaled for m_scaledProjectionD, or empty
    int m_scaledProjectionD = 0;
};

// W_q, W_k, W_v as the head reads them, without a scaled copy: entry (r, c) of W_q is
// fl(factor * query(r, c)) for r, c < dModel, of a table that may be larger (the cache's
// unscaled tables hold every smaller d as their top-left block). That product is the entry of
// the scaled matrix, so a head computed from tables has the bits of one computed from
// AttentionWeights. The three scaled copies were 6 MiB written (and page-faulted) on every
// d_model change at 512, 13 % of the lab's update; scaling one row of W at a time while it is
// read costs d^2 multiplies per matrix, next to the n d^2 of the projection itself.
struct AttentionWeightTables {
    std::uint64_t seed = 0;
    int dModel = 0;
    AttentionWeightsKind kind = AttentionWeightsKind::Random;
    const RowMatrixXd *query = nullptr; // null for Identity
    const RowMatrixXd *key = nullptr;
    const RowMatrixXd *value = nullptr;
    double factor = 1.0;
    const RowMatrixXd *projection = nullptr; // W_proj already scaled, [2d x d], or null
};

// The tables of weights as they are (factor 1): valid while weights is.
AttentionWeightTables weightTables(const AttentionWeights &weights);

// Whether the tables serve setup, as weightsFit() for AttentionWeights.
bool weightsFit(const AttentionWeightTables &weights, const AttentionSetup &setup);

// Whether weights serve setup: same seed, d and kind, and a projection when the setup
// concatenates a position vector. attend() draws what is missing itself when not (slowly).
bool weightsFit(const AttentionWeights &weights, const AttentionSetup &setup);

// Everything one head computes, for the lab's views. n tokens, d = encoding.dModel.
struct AttentionResult {
    Eigen::VectorXd positions; // [n] start + i
    RowMatrixXd tokens;        // [n x d] T, tokenEmbedding of each token
    // [n x d] P, the position vectors joined to the tokens: scale * PE(start + i) (sinusoidal)
    // or the learned row of start + i. [0 x d] for the schemes that add none (none, RoPE,
    // ALiBi, T5, seed-relative).
    RowMatrixXd position;
    RowMatrixXd input; // [n x d] X: T joined with P (PeJoin), or T itself
    RowMatrixXd q;     // [n x d] X W_q, RoPE-rotated by position for RoPE
    RowMatrixXd k;     // [n x d] X W_k, RoPE-rotated likewise
    RowMatrixXd v;     // [n x d] X W_v (never rotated)
    // [n x n] the additive logit term: ALiBi -slope |i - j|; T5 t5BucketBias(bucket(j - i));
    // seed-relative q_i . r_ij / sqrt(d); zero for the others.
    RowMatrixXd bias;
    RowMatrixXd scores;  // [n x n] q_i . k_j / sqrt(d) + bias_ij, the pre-softmax logits
    RowMatrixXd weights; // [n x n] softmax of each row of scores (each row sums to 1)
    RowMatrixXd output;  // [n x d] weights V
    Eigen::VectorXd pooled; // [d] the mean of the output rows (what mean pooling sees)
    // [n] |T_i|, and where P exists |P_i| and |P_i| / |T_i| (how strongly position speaks next
    // to the token); positionNorms and normRatios are empty when P is. A ratio with |T_i| = 0
    // (never for a Gaussian vector) is +inf, or 0 with |P_i| = 0.
    Eigen::VectorXd tokenNorms;
    Eigen::VectorXd positionNorms;
    Eigen::VectorXd normRatios;
    // Learned: the token indices i whose position start + i has no row in the table (beyond
    // learnedPositions - 1, negative, or fractional), ascending. Their P_i is a zero row, so
    // X_i is the token alone (Add), [T_i | 0] W_proj, or alpha T_i; their norms and ratio are 0.
    // No NaN anywhere: the lab shows these rows flagged ("no learned row for position 600"),
    // which is the point a learned table makes. Empty for the other schemes.
    std::vector<int> positionsWithoutRow;
};

// One head over the tokens. Expects setup.validate() and validateTokens() to pass, and weights
// for the setup (weightsFit; otherwise they are drawn here). The softmax subtracts each row's
// maximum first, so that no logit overflows exp.
//
// RoPE rotates the rows of q and k (not x) by the angle (start + i) theta_t,
// theta_t = base^(-2t/d) for t < floor(d/2), pair (a, b) -> (a cos - b sin, a sin + b cos), in
// either pair convention; then q_i . k_j depends on j - i only. The lone last dimension of an
// odd d is not rotated.
//
// The seed-relative term is the seed text's relative_position_bias, a [seq, seq, d] tensor
// with r_ij = sinusoidal_position_embedding(|i - j|), used the only way a [seq, seq, d] bias
// can enter a logit: q_i . r_ij / sqrt(d) (Shaw et al. 2018's key term). r_ij is the app's
// PE(|i - j|) (its start ignored) for |i - j| <= relativeMaxDistance and 0 beyond. It is
// symmetric in i and j: r_ij = r_ji, so it cannot tell before from after. (The seed's
// sinusoidal_position_embedding writes 10000^(2i/d) with i stepping by 2: base 1e8 in the
// app's terms; the lab uses the base the app is set to.)
AttentionResult attend(const AttentionSetup &setup, const AttentionWeights &weights,
                       const std::vector<std::string> &tokens);

// The shuffle test: the same head over the tokens permuted, token k of the shuffled phrase
// being tokens[permutation[k]]. Without position information attention is
// permutation-equivariant: shuffled.output row k equals original.output row permutation[k],
// and the pooled output is unchanged, both to rounding. Every scheme here breaks that, the
// added vectors (sinusoidal, learned) and also RoPE, ALiBi, T5 and seed-relative, whose terms
// depend on the slots i, j.
// With one exception the lab must say out loud: ALiBi's -slope |i - j| (bidirectional, as the
// lab applies it; the paper's causal mask gives direction) and the seed-relative term depend on
// |i - j| only, which a reversal keeps. They cannot tell a phrase from its reverse, and
// "我 吃 鱼" -> "鱼 吃 我" and "dog bites man" -> "man bites dog" are reversals: for these two
// schemes the rows stay equivariant and the pooled output unchanged. Any shuffle that changes
// distances (or RoPE's and T5's signed offsets j - i) separates them.
struct ShuffleResult {
    std::vector<int> permutation;
    std::vector<std::string> shuffledTokens;
    AttentionResult original;
    AttentionResult shuffled;
    // max over k, c of |shuffled.output(k, c) - original.output(permutation[k], c)|: the
    // shuffle undone before comparing.
    double maxRowDifference = 0;
    double maxPooledDifference = 0; // max |shuffled.pooled - original.pooled|
    // 1e-12 * max(1, max |original.output|): rounding (a softmax summed in another order) stays
    // near 1e-16 of the values, a position term moves them by far more.
    double tolerance = 0;
    bool rowsEquivariant = false; // maxRowDifference <= tolerance
    bool poolInvariant = false;   // maxPooledDifference <= tolerance
};

// Expects isPermutation(permutation, tokens.size()) and what attend() expects.
ShuffleResult shuffleTest(const AttentionSetup &setup, const AttentionWeights &weights,
                          const std::vector<std::string> &tokens, const std::vector<int> &permutation);

// The shift test: the same phrase at start + shift minus at start, scores (the logits) entry by
// entry, [n x n]. Zero to rounding for RoPE (q_i . k_j depends on j - i only), for none, ALiBi
// and T5 (they never see the absolute position); not for the added sinusoidal vectors.
// Learned: the rows move to other table rows (or off the table).
RowMatrixXd shiftDifference(const AttentionSetup &setup, const AttentionWeights &weights,
                            const std::vector<std::string> &tokens, double shift);
// The same with the head at start already computed (attend(setup, weights, tokens)).
RowMatrixXd shiftDifference(const AttentionSetup &setup, const AttentionWeights &weights,
                            const std::vector<std::string> &tokens, double shift, const AttentionResult &atStart);

// What one pane of the lab shows: the head over the phrase, the shuffle test and the shift test.
struct AttentionTests {
    ShuffleResult shuffle;       // shuffle.original: the head over the phrase
    RowMatrixXd shiftDifference; // shiftDifference(setup, weights, tokens, shift)
};

// The shuffle and shift tests of several setups over the same phrase, permutation, shift and
// weights (the lab's two panes), with the bits of shuffleTest() and shiftDifference(). The six
// heads are projected together: each distinct input row once (a phrase without added position
// vectors has the same rows shuffled and shifted), in one pass over each of W_q, W_k, W_v,
// instead of nine passes over each per pane. Expects each setup to pass validate() and
// validateTokens(); a setup the weights do not fit (weightsFit) gets weights drawn for it.
std::vector<AttentionTests> attentionTests(const std::vector<AttentionSetup> &setups, const AttentionWeightTables &weights,
                                           const std::vector<std::string> &tokens, const std::vector<int> &permutation,
                                           double shift);

// ---------------------------------------------------------------------------------------------
// The data export: the position term alone

// What `posenc-lab export --view attention` writes: [seq_len x seq_len], the logit between rows
// i and j at positions start + i and start + j of a content vector c = (1, .., 1) / sqrt(d)
// (|c| = 1, the same at every position, so what varies is position alone):
//     none:       c . c = 1
//     sinusoidal: (c + PE(i)) . (c + PE(j)), the app's PE (scale included)
//     learned:    (c + P(i)) . (c + P(j)), P the seeded table (learnedPositionRows)
//     rope:       (R_i c) . (R_j c), pairs (2t, 2t+1) rotated by position * theta_t with
//                 theta_t = base^(-2t/d), the app's base whatever its layout and frequency
//                 convention: (2/d) sum_t cos((j - i) theta_t), plus 1/d for an odd d's lone
//                 dimension. (Rotate-half pairs give the same numbers: c is uniform.)
//     alibi:      -alibiSlope(head, heads) * |i - j|
//     t5:         t5RelativePositionBucket(j - i, bidirectional, t5Buckets, t5MaxDistance), the
//                 bucket index itself (its learned scalar is arbitrary; the buckets are T5's
//                 structure)
// The seed-relative term has no export (its term needs a query vector).
struct AttentionExportSpec {
    static constexpr int kMaxSeqLen = 4096; // 128 MiB in float64

    EncodingParams encoding; // d_model, seq_len, base, scale, start, layout, frequencies
    AttentionEncoding kind = AttentionEncoding::Sinusoidal;
    std::uint64_t seed = 0; // learned
    int learnedPositions = 512;
    int heads = 8; // alibi
    int head = 0;
    int t5Buckets = 32;
    int t5MaxDistance = 128;

    // The first invalid field, or nothing: the encoding's (its offset and position aside),
    // seq_len at most kMaxSeqLen, the scheme ("encoding": not relative), heads and head for
    // ALiBi, T5's buckets, and for learned the table's coverage of the positions: "start" for a
    // negative, fractional or too large start, else "seq_len": "learned positions 500 .. 519 go
    // beyond the learned table's 512 rows (positions 0 .. 511); start + seq_len must be at most 512".
    std::optional<AttentionError> validate() const;

    bool operator==(const AttentionExportSpec &) const = default;
};

// The export's spec for a lab setup and a length.
AttentionExportSpec exportSpec(const AttentionSetup &setup, int seqLen);

// The export's rows computed a block at a time without the whole matrix: what every row needs
// is prepared once, O(seq_len d) (the dot-product kernel at offsets 0 .. seq_len - 1 for
// sinusoidal and RoPE, PE's row sums, the learned rows), then a row costs O(seq_len), or
// O(seq_len d) for learned. Build it once per export and ask it for every block.
class PositionLogitRows
{
public:
    explicit PositionLogitRows(const AttentionExportSpec &spec);
    int size() const { return m_size; }
    // Rows [first, first + count) row-major into out (count * size() values).
    void rowsInto(int first, int count, double *out) const;

private:
    AttentionEncoding m_kind;
    int m_size = 0;
    double m_slope = 0;
    std::vector<int> m_buckets; // t5: the bucket of offset j - i at index j - i + size - 1
    Eigen::VectorXd m_kernel; // K(|j - i|): sinusoidal scale^2 sum cos, RoPE (2/d) sum cos + 1/d
    Eigen::VectorXd m_sums;   // sinusoidal: PE(start + i) . c
    Eigen::VectorXd m_lone;   // sinusoidal, odd interleaved d: the lone sine, or empty
    RowMatrixXd m_shifted;    // learned: c + P(start + i)
};

// Rows [firstRow, firstRow + rows) of the export, row-major (rows * seq_len values). Prepares
// PositionLogitRows on every call: for one block, or a test.
void positionLogitRows(const AttentionExportSpec &spec, int firstRow, int rows, double *out);

// The whole [seq_len x seq_len] matrix.
RowMatrixXd positionLogits(const AttentionExportSpec &spec);

} // namespace posenc

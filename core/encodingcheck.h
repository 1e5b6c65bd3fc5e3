// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/matrixfile.h"
#include "core/precision.h"

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc {

// "Check my implementation": a user's own encoding matrix, its convention read
// off the data, and its bugs. Everything the check view and `posenc-lab check --json` show
// is a field of EncodingCheck. A finding is its code and its numbers (and a few words): the
// interface builds its sentence and its fix from them, in one place, in the user's language.

struct CheckOptions {
    // The base the user means (--base); a matrix at another base gets a finding that says
    // what the difference most likely is (base^2: doubled exponent, base^(d/n): wrong d).
    double expectedBase = 10000.0;
    // How close counts as matching (--atol): the largest |file - reference| allowed at any
    // cell. Unset, the tolerance follows the file's precision cell by cell.
    std::optional<double> atol;
    // Told the fraction of the check done (0 to 1) between its stages; when it returns false
    // the check stops there and returns marked `cancelled` (a window's reader that was told to
    // stop). Unset: the check runs to its end.
    std::function<bool(double fraction)> progress;
};

enum class Severity { Error, Warning, Info };
std::string_view severityName(Severity severity); // "error", "warning", "info"

// A named number of a finding's evidence ("fitted_base", 1e8).
struct EvidenceValue {
    std::string name;
    double value = 0;
};

// A named word of a finding's evidence, itself a stable token ("layout", "rotate_half").
struct EvidenceWord {
    std::string name;
    std::string value;
};

// One diagnosis. code is a stable snake_case word: errors doubled_exponent,
// per_column_exponent, integer_truncated_frequencies, all_frequencies_equal, sin_cos_swapped,
// sin_written_twice, cos_of_sin, wrong_d_in_exponent, multiply_instead_of_divide,
// not_sinusoidal, unexplained_difference, too_small; warnings wrong_base, positions_scaled,
// first_row_zeroed, zeroed_rows, low_precision_positions, low_precision_angles; information
// start_offset, positions_descending, scaled_amplitude, computed_in_lower_precision,
// transposed, cos_first, padding_row_zeroed, rope_cache, learned_table; residual is
// information at the level of the file's precision and a warning above it. Columns are
// counted in the [positions x dimensions] orientation.
//
// The evidence of the newer codes, by name:
//   residual       residual_rms, residual_max (of file - reference), tolerance (the atol or
//                  the precision's allowance); columns: where the residual concentrates
//                  (empty when it is spread evenly)
//   rope_cache     base, rotary_dim, start; words layout (rotate_half | interleaved) and
//                  function (cos | sin)
//   learned_table  pc1_share, pc2_share (of the variance), components_90 (principal
//                  components for 90 % of it), sinusoid_columns (columns a sinusoid fits);
//                  words trajectory (circle | helix | none): what the first two components
//                  trace against position
struct Finding {
    std::string code;
    Severity severity = Severity::Info;
    std::vector<int> columns; // the columns concerned (all of a kind when the list is long)
    // The main numbers, NaN / -1 when they do not apply, and any others by name.
    double expected = std::numeric_limits<double>::quiet_NaN();
    double found = std::numeric_limits<double>::quiet_NaN();
    int column = -1;
    int row = -1;
    std::vector<EvidenceValue> evidence;
    std::vector<EvidenceWord> words;

    double evidenceValue(std::string_view name) const; // NaN when absent
    std::string_view evidenceWord(std::string_view name) const; // empty when absent
};

// What one column of the [positions x dimensions] matrix is, as the check reads it.
struct ColumnRole {
    // CosOfSin is a bug's model only: scale * cos(sin(angle)), the cosine taken of the sine.
    enum class Kind { Sin, Cos, Zero, CosOfSin };
    Kind kind = Kind::Zero;
    int channel = -1; // k, the index of the frequency w_k; -1 for a zero column
};

// How the last column of an odd d_model is placed (conventions.md, "odd d").
enum class OddColumn {
    None,           // even d_model
    LoneSineLast,   // interleaved: sin gets the last column (DistilBERT/XLM, Keras Hub)
    ZeroLast,       // split: a zero column appended (tensor2tensor, fairseq, diffusers)
    LoneSineMiddle, // split: the sin half gets the extra column (Marian)
};
std::string_view oddColumnName(OddColumn odd); // "none", "lone_sine_last", "zero_last", "lone_sine_middle"

// A sinusoidal encoding written out column by column: value(r, c) = scale * sin or cos of
// frequencies[channel] * (start + r * step), and 0 in a zero column or a zeroed row. The
// reference the user's matrix is compared with, in the [positions x dimensions] orientation.
struct ReferenceModel {
    std::vector<ColumnRole> columns;
    std::vector<double> frequencies; // w_k, radians per unit of position
    double start = 0;
    double step = 1;
    double scale = 1;
    std::vector<int> zeroRows; // rows the user's file has zeroed on purpose (a padding index)
    // Set when the model computes in a low precision as core/precision.h does: positions,
    // frequencies and angles rounded before the sine, the values rounded after it.
    std::optional<Precision> roundedIn;
    bool roundPositionsOnly = false; // with roundedIn: only the positions are rounded

    double value(int row, int column) const;
    RowMatrixXd matrix(int rows, int columns) const; // value() of each cell
};

// The fit of one column, in [positions x dimensions] orientation: A sin(theta r + phase).
struct ColumnFit {
    double theta = 0;       // radians per row, signed (negative when positions count down)
    double phase = 0;       // at row 0, wrapped
    double maxResidual = 0; // |x - fit|, largest over the fitted rows
    bool fromPair = false;  // read off a (sin, cos) pair's angle rather than alone
};

// The diagnosis. Shapes and columns refer to the file as stored unless said otherwise.
struct EncodingCheck {
    std::vector<long long> shape; // as stored
    bool transposed = false;      // dimensions run along the file's first axis (channel-first)
    bool cancelled = false;       // stopped by CheckOptions::progress: nothing below is complete
    int positions = 0;            // rows of the [positions x dimensions] orientation
    int dModel = 0;               // its columns

    // "interleaved", "split" ([sin | cos]), "split_cos_sin" ([cos | sin]), "interleaved_cos_sin"
    // (cos at even columns: the swap bug), or "unknown" (no column pairs, or not sinusoidal).
    std::string layout = "unknown";
    OddColumn oddColumn = OddColumn::None;
    // "paper", "tensor2tensor", or "fitted" (then fittedFrequencies is the ladder read off the
    // data, w_k = theta_k / step, one per channel k = frequency index of the layout).
    std::string frequencies = "fitted";
    std::vector<double> fittedFrequencies;
    double base = 0;     // of the family named, or the paper-form base of the fitted ladder
    double start = 0;    // the position of row 0
    double positionStep = 1; // row r is at start + r * positionStep
    double scale = 1;    // the amplitude
    StoredType dtype = StoredType::Float64;
    std::optional<Precision> computedIn; // the precision the values show, when lower than stored

    bool matches = false;  // a convention of conventions.md reproduces the matrix, no bug found
    double maxError = 0;   // max |file - reference|, in the file's orientation
    double tolerance = 0;  // the largest error allowed at any cell for `matches`
    std::vector<Finding> findings;
    std::vector<std::string> implementations; // who uses the convention, when it matches

    ReferenceModel reference;           // the convention identified (the intended one for a bug)
    std::vector<ColumnFit> columnFits;  // per column, [positions x dimensions] orientation

    // file - reference, when a convention is identified (NaN otherwise): its root mean square
    // and largest magnitude over all cells.
    double residualRms = std::numeric_limits<double>::quiet_NaN();
    double residualMax = std::numeric_limits<double>::quiet_NaN();

    // A table with no sinusoidal structure: its principal components over the positions.
    struct LearnedTable {
        std::vector<double> varianceShare; // of each component, largest first (up to 8)
        RowMatrixXd scores;                // [positions, up to 3]: each position on PC1..PC3
        std::string trajectory = "none";   // "circle", "helix" or "none"
    };
    std::optional<LearnedTable> learned;

    bool hasFinding(std::string_view code) const;
    const Finding *finding(std::string_view code) const;
    // The amplitude the check stands by. Within 1 % of 1 a scale is reported (the finding
    // scaled_amplitude) only for a file that matches a convention; elsewhere a bug or a
    // residual disturbs the fit (the textbook loop's amplitude, exactly 1, fits as 1.00016),
    // so such an amplitude is not told apart from 1 and this is 1.
    double standingScale() const;
};

// The diagnosis of a matrix read by readMatrixFile.
EncodingCheck checkEncoding(const MatrixFile &file, const CheckOptions &options = {});

// The same for a matrix in memory, stored as `type` (text resolution 0).
EncodingCheck checkEncoding(const RowMatrixXd &matrix, StoredType type, const CheckOptions &options = {});

// The reference in the file's own orientation (transposed back when the file is), for the
// user / reference / difference heatmaps.
RowMatrixXd referenceMatrix(const EncodingCheck &check);

} // namespace posenc

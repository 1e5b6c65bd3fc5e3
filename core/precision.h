// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/channels.h"
#include "core/encoding.h"
#include "core/encodingparams.h"

#include <Eigen/Core>

#include <optional>
#include <string_view>

namespace posenc {

// The precision lab: a model that computes the sinusoidal encoding in a low precision rounds
// the position and the angle before the sine sees them (HF transformers PR 29285, EleutherAI
// gpt-neox #1003). In precision h, position pos and pair i (frequency w_i):
//     p_h     = round_h(pos)
//     w_h     = round_h(w_i)
//     theta_h = round_h(p_h * w_h)               (the double product is exact, rounded once)
//     value_h = round_h(scale * sin(theta_h))    (the sine in double; cos the same)
// and a zero column stays 0. The exact side is the engine's own PE(pos, c) in double
// (encodingAt, explainCell), so that an error is the model's, not a second implementation's.

// The formats a model computes in.
enum class Precision {
    Float32,  // IEEE binary32: 24 significant bits
    Float16,  // IEEE binary16: 11 significant bits, largest finite 65504
    BFloat16, // the top half of a float32: 8 significant bits, float32's range
};

// Names used on the command line and in presets ("float32", "float16", "bfloat16").
std::string_view precisionName(Precision precision);
std::optional<Precision> precisionFromName(std::string_view name);

// round_h(x): the value of precision h nearest to x, ties to the even significand, subnormals
// included, as a double. A magnitude that rounds beyond the largest finite value is ±inf
// (float16: |x| >= 65520); NaN stays NaN; the sign of zero is kept. float32 is the conversion
// static_cast<float> (round to nearest even under the default rounding mode); float16 rounds
// the double once; bfloat16 rounds it to float32 first and that to bfloat16 (a conversion
// through float), which can differ from one rounding by one bfloat16 step where the float32
// result is a bfloat16 tie. float16 and bfloat16 are done on the bits (no _Float16 type):
// the same results on every compiler and target.
double roundToPrecision(Precision precision, double x);

// The largest finite value: 65504 (float16), FLT_MAX (float32), 0x7F7F = 3.3895313892515355e38
// (bfloat16).
double largestFinite(Precision precision);

// The largest N such that every integer in [0, N] is representable: 2^24 = 16777216 (float32),
// 2048 (float16), 256 (bfloat16). Integer positions beyond it start to share a rounded value.
double largestExactInteger(Precision precision);

// Everything behind one cell in precision h, for the inspector: the exact side, the rounded
// side, and whether a rounding overflowed. A zero column has frequency, angle and values 0.
struct PrecisionCell {
    double position = 0;
    double roundedPosition = 0;  // p_h
    double frequency = 0;        // w_i
    double roundedFrequency = 0; // w_h
    double angle = 0;            // pos * w_i in double (CellExplanation::angle)
    double roundedAngle = 0;     // theta_h
    double value = 0;            // PE(pos, column) of the engine, in double
    double roundedValue = 0;     // value_h (NaN where theta_h is infinite)
    Channel channel;
    // A rounding gave ±inf from a finite number: the position (float16 from |pos| >= 65520,
    // then the value is NaN), or the value itself (|scale| beyond the format's range).
    bool overflow = false;
};
PrecisionCell precisionCell(const EncodingParams &params, Precision precision, double pos, int column);

// value_h - PE for the whole matrix: [seq_len, d_model], entry (r, c) at position start + r,
// in double. NaN where the position overflowed (see precisionOverflows).
RowMatrixXd precisionError(const EncodingParams &params, Precision precision);

// The same for `rows` rows from row firstRow (positions start + (firstRow + r), which need not
// lie within seq_len): the part of the matrix a view shows, written into a caller's matrix
// that is resized to [rows, d_model] only when its shape differs. The rows have the bits of
// the same rows of precisionError.
void precisionErrorRowsInto(const EncodingParams &params, Precision precision, int firstRow, int rows,
                            RowMatrixXd &out);

// The error matrix as a heatmap with more cells than pixels shows it: over the boxes of
// `grid` (rows of the matrix, counted from row 0 at position start), the entry of largest
// magnitude of each box with its sign, so that the worst error under a pixel is never
// averaged away (a box mean of errors of both signs would be near 0). NaN where a box holds a
// NaN (a float16 position that overflowed). [grid.rows(), grid.columns()]; with boxes of one
// cell it is the block of precisionError. Computed a box row at a time.
RowMatrixXd precisionErrorBoxes(const EncodingParams &params, Precision precision, const BoxGrid &grid);

// How far a symmetric colour bar over an error map reaches: NaN entries of `boxes` (rows that
// overflowed) are set to 0; `largest` is the largest magnitude, `typical` the magnitude at
// `share` of the way up the sorted magnitudes (index floor(share * (n - 1)), exact) of every
// entry, or of every stride-th entry of a map of more than kErrorExtentSample entries.
struct ErrorMapExtent {
    double largest = 0;
    double typical = 0;
};
inline constexpr Eigen::Index kErrorExtentSample = 262144;
ErrorMapExtent errorMapExtent(RowMatrixXd &boxes, double share);

// The entry of largest magnitude of the error matrix (the first in row order among equal
// ones), NaN entries left out: for the texts that quote the worst case. Computed by blocks
// of rows; error 0 at row 0, column 0 for a matrix that is exact.
struct LargestPrecisionError {
    double error = 0;    // value_h - PE there
    double position = 0; // start + row
    int column = 0;
};
LargestPrecisionError largestPrecisionError(const EncodingParams &params, Precision precision);

// Whether some position start .. start + seq_len - 1 overflows in h: round_h(pos) is ±inf, so
// that its angles are infinite and its values NaN. Only float16 can (|pos| >= 65520; positions
// 65505 .. 65519 are beyond 65504 but round to 65504, which is a collision, not an overflow).
bool precisionOverflows(const EncodingParams &params, Precision precision);

// The first such position in row order, or NaN when there is none.
double firstOverflowPosition(const EncodingParams &params, Precision precision);

// How far an angle is from another on the circle, in [0, pi]: sin and cos see an angle only
// modulo 2 pi, so that an error of 2 pi is none and pi is the worst. Infinite (or NaN) when
// either angle is.
double angleError(double angle, double exact);

// How far the rounded angle of pair i is from the exact one at each position:
// angleError(theta_h, pos * w_i), both in double (inf where the position overflows). NaN for a
// pair outside [0, frequencyCount). The error of the values follows it: it is what the rounding
// of the position and of the angle does before the sine, growing with the position up to pi.
Eigen::VectorXd phaseError(const EncodingParams &params, Precision precision, int pair,
                           const Eigen::VectorXd &positions);

// Positions of the range start .. start + seq_len - 1 that the model cannot tell apart: their
// whole rows of value_h have identical bits. Equal p_h always collide; distinct p_h can too
// (a small d_model in bfloat16 has few distinct values per column), so whole rows are compared.
struct PrecisionCollisions {
    int positions = 0;                // seq_len
    int distinctRoundedPositions = 0; // distinct values of p_h over the range
    int collidingPositions = 0;       // positions whose row equals the row of another position
    double firstCollidingPosition = 0; // the smallest of them, NaN when none
    double firstCollidingPartner = 0;  // the smallest other position with the same row, or NaN
};

// Computed with a row at a time: a 64-bit fingerprint per distinct p_h (the row is a function
// of p_h), then rows with equal fingerprints recomputed and compared bit for bit, so that a
// fingerprint collision cannot merge different rows. Memory is a few rows plus the
// fingerprints, at every size up to 16384 x 4096.
PrecisionCollisions precisionCollisions(const EncodingParams &params, Precision precision);

} // namespace posenc

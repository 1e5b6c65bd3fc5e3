// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/channels.h"
#include "core/encodingparams.h"

#include <Eigen/Core>

#include <functional>
#include <vector>

namespace posenc {

// Row-major, so that row r (the encoding of one position) is contiguous, as in the
// [seq_len, d_model] arrays of every published implementation and of our .npy export.
using RowMatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMatrixXf = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// PE(start + r, c) for r in [0, seq_len), c in [0, d_model).
RowMatrixXd encodingMatrix(const EncodingParams &params);

// The same in float32. Angles are still computed in double and only the results are cast:
// at position 1e5 float32 itself is spaced 0.0078 apart, so a float angle would be off by
// up to that much before the sine even sees it.
RowMatrixXf encodingMatrixF(const EncodingParams &params);

// The same values written into a caller's matrix, resized to [seq_len, d_model] only when its
// shape differs: a view that recomputes on every slider tick keeps one buffer and pays no
// allocation and no page faults (about as much as the computation itself at 16384 x 1024).
void encodingMatrixInto(const EncodingParams &params, RowMatrixXd &out);
void encodingMatrixInto(const EncodingParams &params, RowMatrixXf &out);

// Rows [firstRow, firstRow + rows) of encodingMatrix (positions start + firstRow + r), row-major
// into a caller's buffer of rows * d_model values, with the bits of those rows of
// encodingMatrix (double) or encodingMatrixF (float: the cast of the double values, computed
// in double and cast row by row). For writing a matrix a block at a time, in a block that
// stays in the cache, without ever holding the whole matrix (the .npy export).
void encodingMatrixRows(const EncodingParams &params, int firstRow, int rows, double *out);
void encodingMatrixRows(const EncodingParams &params, int firstRow, int rows, float *out);

// PE at the positions first + r * step, r in [0, rows): [rows, d_model], into a caller's
// matrix. Each row has the same bits as encodingAt(first + r * step). With a whole-number step
// a row costs what a row of the matrix costs; reduced views use it for every s-th position or
// for the centres of boxes of s positions (see encodingBoxAverage).
void encodingRowsInto(const EncodingParams &params, double first, double step, int rows,
                      RowMatrixXd &out);
// The same rows, row-major into a caller's buffer of rows * d_model values.
void encodingRowsInto(const EncodingParams &params, double first, double step, int rows, double *out);

// sin(x w_i) and cos(x w_i) for any frequencies w (not only the ladder of a parameter set) at
// x = first + r * step, r in [0, rows), by the engine's method: visit(r, row) receives row r as
// [sin(x w_0) .. sin(x w_n-1), cos(x w_0) .. cos(x w_n-1)] in a buffer of one row, reused.
// With a whole-number step (or first a whole multiple of step apart from a fixed fraction)
// each value costs a few multiplies instead of a std::sin; for sums over frequencies (the dot
// product kernel, distances) and for a few columns at many positions (curves, spectra)
// without a matrix. For the ladder's w the values have the bits of encodingAt.
void forEachSinCosRow(const Eigen::VectorXd &w, double first, double step, int rows,
                      const std::function<void(int, const double *)> &visit);

// Chosen columns of PE at the positions first + r * step: [rows, columns.size()], each column
// contiguous, the same bits as encodingColumn at those positions. Only the chosen columns'
// frequencies are computed: the curves and spectra of a few columns over 16384 positions.
Eigen::MatrixXd encodingColumns(const EncodingParams &params, const std::vector<int> &columns,
                                double first, double step, int rows);

// The smallest and the largest value of the matrix, computed row by row without holding it
// (the whole matrix in double is 512 MiB at the largest size), for texts that quote them.
struct ValueRange {
    double min = 0;
    double max = 0;
};
ValueRange encodingValueRange(const EncodingParams &params);

// PE(pos) for any real pos: the encoding is a function of a continuous position.
Eigen::VectorXd encodingAt(const EncodingParams &params, double pos);

// One column of PE sampled at arbitrary positions (smooth curves between integer positions).
Eigen::VectorXd encodingColumn(const EncodingParams &params, int column,
                               const Eigen::VectorXd &positions);

// scale * sin(pos * w_i) and scale * cos(pos * w_i) of pair i: the same bits as the matrix has
// in sinColumn(i) and cosColumn(i) at position pos (cos is 0 for the lone sine of an odd
// interleaved d_model; both are 0 for a pair out of range). For views that draw one pair
// (the clock hands) and must agree with the heatmap to the last bit.
struct PairValue {
    double sin = 0;
    double cos = 0;
};
PairValue pairValue(const EncodingParams &params, double pos, int pair);

// The engine's row kernel. Portable: two lanes of double (SSE2 on x86-64, NEON on
// aarch64). Avx2: the same operations four lanes at a time, on x86-64 CPUs that have AVX2,
// chosen at run time because the default build may not assume AVX. Avx512: eight lanes, and
// a float row written a cache line per store, on x86-64 CPUs with AVX-512F. All give the same
// bits (no FMA; each lane does the scalar operations in the same order), so the choice changes
// only the speed. The best available one is used unless a test or a benchmark picks one with
// setEngineKernel (for the whole process), which returns false and changes nothing for a
// kernel this CPU cannot run; resetEngineKernel goes back to the best available one.
enum class EngineKernel { Portable, Avx2, Avx512 };
bool engineKernelAvailable(EngineKernel kernel);
EngineKernel engineKernel();
bool setEngineKernel(EngineKernel kernel);
void resetEngineKernel();

// Everything behind one number PE(pos, column), for tooltips and the inspector.
struct CellExplanation {
    double position = 0;
    int column = 0;
    Channel channel;
    double frequency = 0; // w_i
    double angle = 0;     // pos * w_i
    double value = 0;     // scale * sin(angle) or scale * cos(angle), 0 for a zero column
};
CellExplanation explainCell(const EncodingParams &params, double pos, int column);

} // namespace posenc

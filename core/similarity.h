// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <Eigen/Core>

namespace posenc {

// The dot product PE(p) · PE(q) in closed form as a function of the offset p − q alone:
//   scale² · Σ_i cos((p − q) w_i)   over the complete (sin, cos) pairs,
// since sin a sin b + cos a cos b = cos(a − b). It is even in the offset (it cannot tell
// before from after) and decays, with ripples, as the offset grows. The lone sine of an odd
// interleaved d_model is not a function of the offset alone and is left out.
double dotProductKernel(const EncodingParams &params, double offset);
Eigen::VectorXd dotProductKernel(const EncodingParams &params, const Eigen::VectorXd &offsets);

// PE · PE^T over the positions start + rows[a], start + rows[b]: [rows, rows]. The full
// matrix is [seq_len, seq_len]; views pass a subset of rows to stay within the screen.
RowMatrixXd similarityMatrix(const EncodingParams &params);
RowMatrixXd similarityMatrix(const EncodingParams &params, const Eigen::VectorXi &rows);

// PE(p) · PE(q) / (|PE(p)| |PE(q)|); 0 where a vector is zero (scale 0).
RowMatrixXd cosineSimilarityMatrix(const EncodingParams &params, const Eigen::VectorXi &rows);

// The rows of similarityMatrix(params), or of cosineSimilarityMatrix over every row, a block
// at a time and with their bits, without the [seq_len, seq_len] matrix (128 MiB at 4096
// positions): the kernel at every offset is computed once (O(seq_len d_model)), then a row
// costs O(seq_len). For writing the matrix a block of rows at a time.
class SimilarityRows
{
public:
    SimilarityRows(const EncodingParams &params, bool cosine);
    int size() const { return int(m_kernel.size()); }
    // Rows [first, first + count) row-major into out (count * size() values).
    void rowsInto(int first, int count, double *out) const;

private:
    Eigen::VectorXd m_kernel;      // PE(p) · PE(q) over the complete pairs, at q − p
    Eigen::VectorXd m_lone;        // scale sin((start + j) w) of the lone sine, or empty
    Eigen::VectorXd m_inverseNorm; // cosine: 1 / |PE(start + j)| (0 for a zero vector), or empty
};

// The similarity matrix of a sequence too long for the screen, as a heatmap shows it: rows
// [0, seq_len) cut into boxes of positionsPerBox consecutive rows (the last box may be
// shorter), and entry (a, b) the mean of PE(p) · PE(q) over p in box a and q in box b:
// [boxes, boxes], boxes = ceil(seq_len / positionsPerBox). Boxes of 1 give similarityMatrix.
//
// How aliasing is handled: showing every s-th position instead would alias. The fastest
// pairs have a wavelength of 2π positions, and PE(p) · PE(q) sampled every 8th position
// draws stripes along the diagonals that are not in the matrix; their mean over a box is
// honestly small. The means cost what the sampled matrix cost, O(boxes · d + boxes²), by the
// closed form of core/boxaverage.h: over n positions with centre c,
//     mean sin(p w) = D_n(w) sin(c w),   mean cos(p w) = D_n(w) cos(c w),
// and the mean of a product over p in A and q in B is the product of the means (p and q vary
// independently), so each complete pair contributes
//     D_nA(w) D_nB(w) cos((c_A − c_B) w).
// The full boxes are then a Toeplitz matrix of the kernel scale² Σ_i D_s(w_i)² cos(j s w_i),
// the shorter last box a second kernel with D_s D_n; the lone sine of an odd interleaved
// d_model adds the outer product of its box means scale · D_n(w) sin(c w).
// If `kernel` is given, it receives dotProductKernel at the offsets 0, s, .., (boxes − 1) s,
// from the same sines and cosines at no extra cost (the similarity view's measured dots).
RowMatrixXd similarityBoxMeans(const EncodingParams &params, int positionsPerBox,
                               Eigen::VectorXd *kernel = nullptr);

// The same for the cosine PE(p) · PE(q) / (|PE(p)| |PE(q)|), the mean over each box of the
// cosines (0 where a vector is zero: scale 0). With complete pairs only (even d_model, or the
// split layout's zero column) |PE(p)|² = scale² · floor(d/2) at every position, so this is
// similarityBoxMeans divided by that, exactly. The lone sine of an odd interleaved d_model
// makes |PE(p)| vary with p, and the mean of the cosines no longer has a Toeplitz form: it is
// the product R · R^T of the box means R of the unit rows PE(p) / |PE(p)|, O(seq_len · d +
// boxes² · d). That is computed whenever it is cheap (boxes² · d up to 2^26) or whenever the
// approximation below would be off by more than 1e-3. Otherwise each box's 1 / |PE(p)| is
// replaced by its mean over the box, ū_A, and the entry is ū_A ū_B times the box mean of the
// dot products. Within a box 1 / |PE(p)| stays within a factor 1 ± ε_A of ū_A, and
// |PE(p) · PE(q)| ≤ |PE(p)| |PE(q)|, so the entry is off by at most 1 / ((1 − ε_A)(1 − ε_B)) − 1:
// |PE(p)|² lies between scale² P and scale² (P + 1), P = floor(d/2) ≥ 32 pairs there, so
// ε_A < 1 / (2P); at base 1e4 and boxes of 16 the bound is 2.7e-5 at d_model 65 and 3.7e-7
// at 4095 (the largest error measured against brute force at d_model 129, boxes of 5: 6e-8,
// bound 2.6e-6), far below a colour step of the map (2 / 256). Only a small base turns the
// lone sine fast enough within a box to need the exact product at a large d_model (d_model
// 1025, base 10, 16384 positions: 140 ms). If errorBound is given, it receives the bound of
// the result (0 when exact).
RowMatrixXd cosineSimilarityBoxMeans(const EncodingParams &params, int positionsPerBox,
                                     double *errorBound = nullptr);

// One entry of those matrices, exactly, from the box means of the rows (O(positionsPerBox ·
// d)): for the value under the mouse.
double similarityBoxMean(const EncodingParams &params, int positionsPerBox, int boxA, int boxB,
                         bool cosine);

// One row of the similarity matrix: PE(start + row) · PE(start + rows[j]) for every j.
Eigen::VectorXd similarityRow(const EncodingParams &params, int row, const Eigen::VectorXi &rows);

// The closest two distinct positions of the sequence: every position gets its own vector as
// long as this stays clearly above zero (uniqueness).
struct MinimumDistance {
    double distance = 0; // Euclidean |PE(p) − PE(q)|
    int rowA = 0;
    int rowB = 0;
};
// For seq_len 1 there is no pair: distance is +infinity.
MinimumDistance minimumDistance(const EncodingParams &params);

// The colour range that gives a similarity matrix contrast. Values of one sign (the dot
// products at the defaults are all positive) get a sequential map over [min, max]; values of
// both signs a diverging map centred on their mean, as wide as the farther extreme. A
// matrix of one value gets a range of width 1 (cosine) or max(1, |value|) above it, so that a
// colour bar still has an extent. Empty values: [0, 1], sequential.
struct ColourRange {
    bool diverging = false;
    double low = 0;
    double high = 1;
    double centre = 0; // the mean, for a diverging range
};
ColourRange similarityColourRange(const RowMatrixXd &values, bool cosine);

} // namespace posenc

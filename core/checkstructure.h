// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Two kinds of table that are no sin/cos encoding, read as what they are: the cosines (or
// sines) of a rotary embedding's angles as a model caches them, and a learned table. Internal
// to core.

#include "core/checkreading.h"
#include "core/checkreference.h"

#include <optional>

namespace posenc::checking {

// A RoPE cache: every column is cos (or sin) of pos * theta_k with theta_k = base^(-2k/D),
// D the number of columns (the rotary dimension), each angle written twice: [theta | theta]
// (Hugging Face's rotate_half) or theta_0, theta_0, theta_1, theta_1, ... (GPT-J's
// rotate_every_two). The reference reproduces it in the file's cells.
struct RopeCache {
    bool rotateHalf = true; // [theta | theta]; false: each theta twice in a row
    bool cosine = true;     // cos of the angles; false: sin
    double base = 0;        // NaN when the frequencies are no geometric ladder (a scaled RoPE)
    std::vector<double> frequencies; // theta_k per unit of position
    double start = 0;
    double step = 1;
    double scale = 1;
    ReferenceModel model;
    Residual residual;
};

// The cache a reading shows, when its pairs are copies of each other and the copied columns
// are the cosines (or sines) of one set of angles that reproduces the file to within a
// quarter of its amplitude (RMS).
std::optional<RopeCache> readRopeCache(const MatrixView &x, Reading &reading, double expectedBase);

// The principal components of a table over its positions, and what the first two trace
// against position: a "circle" when their angle turns steadily with position at a steady
// radius, by at least half a turn and at most one and a quarter; a "helix" when it turns so
// for longer (position as the third axis); else "none". The components come from at most
// 2048 evenly spaced rows; every row is projected onto them.
EncodingCheck::LearnedTable principalComponents(const MatrixView &x);

// The number of components that hold 90 % of the variance, NaN when the components kept do not.
double componentsFor90(const EncodingCheck::LearnedTable &table);

} // namespace posenc::checking

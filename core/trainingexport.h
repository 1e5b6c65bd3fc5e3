// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/training.h"

#include <cstdint>
#include <string>
#include <vector>

namespace posenc {

// One array of a training run as a PyTorch program reads it: a name, a shape (row-major, C
// order) and either doubles or 32-bit integers (the other empty). Weights are named by the
// program's state_dict keys, so that model.load_state_dict takes them as they are.
struct RunArray {
    std::string name;
    std::vector<std::int64_t> shape; // empty: a scalar (the alpha join's alpha)
    std::vector<double> values;
    std::vector<std::int32_t> integers;

    bool isInteger() const { return values.empty() && !integers.empty(); }
};

// Everything a run depends on that is not a formula, for the PyTorch program
// (resources/pytorch/run.py) to redo the run step by step:
//   the initial weights: tokens.weight [vocab, d], position.scale [1],
//     position.learned_adjustment [L, d], position.table.weight [L, d], join.projection
//     [2d, d], join.alpha [], layers.<l>.query/key/value [d, d], layers.<l>.norm.weight/bias [d],
//     final_norm.weight/bias [d], classifier [d, classes], classifier_bias [classes]
//     (those the configuration has, in float64 as the lab holds them; the scale after its
//     construction clamp);
//   the data: train_tokens [examples, L], train_labels [examples], heldout_tokens [heldout, L],
//     heldout_labels [heldout] (int32);
//   batches [steps, batch] (int32): the training examples of step k in row k - 1, in the
//     order the lab sums them.
// The sinusoidal table is not among them: the program computes it from the formula.
std::vector<RunArray> trainingRunArrays(const Trainer &trainer);

} // namespace posenc

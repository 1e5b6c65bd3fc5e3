// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace posenc {

// The training lab's tasks: small classification problems over token sequences,
// generated from a seed, one that needs the order of the tokens and one that does not.
//
// Every example is a pure function of (seed, set, length, index) through the counter
// generator of core/attention.h (seededUniform), so a set of 512 examples starts with the
// same 256 as a set of 256, and the held-out set never depends on the training set's size.
// Examples come in twins (2k, 2k + 1) with opposite labels, so every set of an even size is
// balanced exactly:
//   order: token A = 0 and token B = 1 each occur once, at positions a != b; the other slots
//          hold fillers 2 .. vocab-1. Label 1 when A comes before B (a < b). The twin is the
//          same sequence with A and B swapped: the same multiset of tokens, the other label.
//          A model that cannot see order gives both twins the same output, so on a set of
//          whole twin pairs it is right on exactly half: held-out accuracy 0.5, not "about".
//   bag:   every slot holds a filler 1 .. vocab-1; the twin with label 1 has token A = 0 in
//          one slot instead. The label says whether A occurs at all, wherever it is: a bag of
//          words that position can only add noise to.
enum class TrainingTask {
    Order, // does token A come before token B
    Bag,   // does token A occur
};

constexpr TrainingTask kTrainingTasks[] = {TrainingTask::Order, TrainingTask::Bag};

// "order", "bag".
std::string_view trainingTaskName(TrainingTask task);
std::optional<TrainingTask> trainingTaskFromName(std::string_view name);
// Whether the label depends on the order of the tokens.
bool isOrderSensitive(TrainingTask task);
// The number of classes (2 for both tasks).
int taskClasses(TrainingTask task);
// The smallest vocabulary the task can use: order needs A, B and two fillers (4); bag needs
// A and two fillers (3).
int taskMinVocab(TrainingTask task);

// One labelled sequence: token ids in [0, vocab), the class in [0, taskClasses).
struct TrainingExample {
    std::vector<int> tokens;
    int label = 0;

    bool operator==(const TrainingExample &) const = default;
};

// Which set an example belongs to: its own stream of random numbers.
enum class ExampleSet {
    Training,
    Heldout,       // the fixed held-out set at the training length
    Extrapolation, // held-out sets at other lengths
};

// Examples index first .. first + count - 1 of a set, each `length` tokens long. Expects
// length >= 2 and vocab >= taskMinVocab(task). Example i uses
// seededUniform(seed, stream, tableIndex(i / 2, j)) for j = 0, 1, .., with
// stream = 0x7472000000 + (set << 16) + length, so sets and lengths never share numbers.
std::vector<TrainingExample> taskExamples(TrainingTask task, int vocab, int length, ExampleSet set,
                                          std::uint64_t seed, int first, int count);

} // namespace posenc

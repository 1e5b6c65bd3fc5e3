// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/trainingtask.h"
#include "core/names.h"

#include "core/seeded.h"

#include <algorithm>

namespace posenc {

std::string_view trainingTaskName(TrainingTask task)
{
    switch (task) {
    case TrainingTask::Order: return "order";
    case TrainingTask::Bag: return "bag";
    }
    return {};
}

std::optional<TrainingTask> trainingTaskFromName(std::string_view name)
{
    return valueNamed<TrainingTask>(name, kTrainingTasks, &trainingTaskName);
}

bool isOrderSensitive(TrainingTask task)
{
    return task == TrainingTask::Order;
}

int taskClasses(TrainingTask)
{
    return 2;
}

int taskMinVocab(TrainingTask task)
{
    return task == TrainingTask::Order ? 4 : 3;
}

namespace {

// floor(u * n) for u in [0, 1), kept below n whatever the rounding of the product.
int pick(double u, int n)
{
    return std::min(int(u * n), n - 1);
}

} // namespace

std::vector<TrainingExample> taskExamples(TrainingTask task, int vocab, int length, ExampleSet set,
                                          std::uint64_t seed, int first, int count)
{
    const std::uint64_t stream = 0x7472000000ULL + (std::uint64_t(set) << 16) + std::uint64_t(length);
    std::vector<TrainingExample> examples;
    examples.reserve(std::size_t(std::max(count, 0)));
    for (int e = first; e < first + count; ++e) {
        const int pair = e / 2;
        const bool twin = e % 2 == 1;
        const auto u = [&](int j) { return seededUniform(seed, stream, tableIndex(pair, j)); };
        TrainingExample example;
        example.tokens.resize(std::size_t(length));
        if (task == TrainingTask::Order) {
            // Two distinct slots a and b: b drawn among the other length - 1 slots.
            const int a = pick(u(0), length);
            int b = pick(u(1), length - 1);
            if (b >= a)
                ++b;
            for (int j = 0; j < length; ++j)
                example.tokens[std::size_t(j)] = 2 + pick(u(2 + j), vocab - 2);
            const int slotA = twin ? b : a;
            const int slotB = twin ? a : b;
            example.tokens[std::size_t(slotA)] = 0;
            example.tokens[std::size_t(slotB)] = 1;
            example.label = slotA < slotB ? 1 : 0;
        } else {
            for (int j = 0; j < length; ++j)
                example.tokens[std::size_t(j)] = 1 + pick(u(1 + j), vocab - 1);
            if (twin)
                example.tokens[std::size_t(pick(u(0), length))] = 0;
            example.label = twin ? 1 : 0;
        }
        examples.push_back(std::move(example));
    }
    return examples;
}

} // namespace posenc

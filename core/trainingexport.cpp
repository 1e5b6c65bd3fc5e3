// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/trainingexport.h"

namespace posenc {

namespace {

RunArray matrixArray(std::string name, const RowMatrixXd &m)
{
    RunArray a{std::move(name), {m.rows(), m.cols()}, {}, {}};
    a.values.assign(m.data(), m.data() + m.size());
    return a;
}

RunArray vectorArray(std::string name, const Eigen::VectorXd &v)
{
    RunArray a{std::move(name), {v.size()}, {}, {}};
    a.values.assign(v.data(), v.data() + v.size());
    return a;
}

// The weights the configuration has, by the program's state_dict names.
void appendWeights(const TrainingModel &model, std::vector<RunArray> &out)
{
    const ModelParameters &p = model.parameters();
    const ModelConfig &c = model.config();
    out.push_back(matrixArray("tokens.weight", p.tokens));
    switch (c.scheme) {
    case PositionScheme::ScaledSinu: out.push_back({"position.scale", {1}, {p.scale}, {}}); break;
    case PositionScheme::LearnedSinusoidal: out.push_back(matrixArray("position.learned_adjustment", p.adjustment)); break;
    case PositionScheme::Learned: out.push_back(matrixArray("position.table.weight", p.table)); break;
    case PositionScheme::None: break;
    }
    if (c.scheme != PositionScheme::None && c.join == PeJoin::ConcatProject)
        out.push_back(matrixArray("join.projection", p.projection));
    if (c.scheme != PositionScheme::None && c.join == PeJoin::Alpha)
        out.push_back({"join.alpha", {}, {p.alpha}, {}});
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
        const ModelParameters::Layer &layer = p.layers[l];
        const std::string prefix = "layers." + std::to_string(l) + ".";
        out.push_back(matrixArray(prefix + "query", layer.query));
        out.push_back(matrixArray(prefix + "key", layer.key));
        out.push_back(matrixArray(prefix + "value", layer.value));
        if (c.layerNorm) {
            out.push_back(vectorArray(prefix + "norm.weight", layer.gain));
            out.push_back(vectorArray(prefix + "norm.bias", layer.bias));
        }
    }
    if (c.layerNorm) {
        out.push_back(vectorArray("final_norm.weight", p.finalGain));
        out.push_back(vectorArray("final_norm.bias", p.finalBias));
    }
    out.push_back(matrixArray("classifier", p.classifier));
    out.push_back(vectorArray("classifier_bias", p.classifierBias));
}

void appendExamples(const std::string &set, const std::vector<TrainingExample> &examples, int length,
                    std::vector<RunArray> &out)
{
    RunArray tokens{set + "_tokens", {std::int64_t(examples.size()), length}, {}, {}};
    RunArray labels{set + "_labels", {std::int64_t(examples.size())}, {}, {}};
    for (const TrainingExample &e : examples) {
        tokens.integers.insert(tokens.integers.end(), e.tokens.begin(), e.tokens.end());
        labels.integers.push_back(e.label);
    }
    out.push_back(std::move(tokens));
    out.push_back(std::move(labels));
}

} // namespace

std::vector<RunArray> trainingRunArrays(const Trainer &trainer)
{
    const TrainingConfig &c = trainer.config();
    std::vector<RunArray> out;
    appendWeights(trainer.initialModel(), out);
    appendExamples("train", trainer.trainingSet(), c.seqLen, out);
    appendExamples("heldout", trainer.heldoutSet(), c.seqLen, out);
    RunArray batches{"batches", {c.steps, c.batch}, {}, {}};
    batches.integers.reserve(std::size_t(c.steps) * std::size_t(c.batch));
    BatchOrder order(c.seed, int(trainer.trainingSet().size()));
    for (long long entry = 0; entry < (long long)c.steps * c.batch; ++entry)
        batches.integers.push_back(order.exampleAt(entry));
    out.push_back(std::move(batches));
    return out;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training.h"
#include "core/names.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc {

std::string_view optimizerName(Optimizer optimizer)
{
    return optimizer == Optimizer::Adam ? "adam" : "sgd";
}

std::optional<Optimizer> optimizerFromName(std::string_view name)
{
    return valueNamed<Optimizer>(name, {Optimizer::Adam, Optimizer::Sgd}, &optimizerName);
}

std::string_view clampModeName(ClampMode mode)
{
    switch (mode) {
    case ClampMode::EveryStep: return "step";
    case ClampMode::Construction: return "construction";
    case ClampMode::Off: return "off";
    }
    return {};
}

std::optional<ClampMode> clampModeFromName(std::string_view name)
{
    return valueNamed<ClampMode>(name, {ClampMode::EveryStep, ClampMode::Construction, ClampMode::Off}, &clampModeName);
}

namespace {

std::string number(double value)
{
    std::string text = std::to_string(value);
    // "0.100000" -> "0.1", "3.000000" -> "3"
    if (text.find('.') != std::string::npos) {
        while (!text.empty() && text.back() == '0')
            text.pop_back();
        if (!text.empty() && text.back() == '.')
            text.pop_back();
    }
    return text;
}

std::optional<TrainingError> integerRange(const char *field, int value, int low, int high,
                                         TrainingError::Limit limit = TrainingError::Limit::None,
                                         const std::string &why = {})
{
    if (value >= low && value <= high)
        return std::nullopt;
    return TrainingError{field,
                         std::string(field) + " must be an integer in [" + std::to_string(low) + ", "
                             + std::to_string(high) + "]" + why,
                         TrainingError::Rule::Integer, std::to_string(low), std::to_string(high), false, limit};
}

std::optional<TrainingError> realRange(const char *field, double value, double low, double high, bool openLow = false)
{
    if (std::isfinite(value) && (openLow ? value > low : value >= low) && value <= high)
        return std::nullopt;
    return TrainingError{field,
                         std::string(field) + " must be a number in " + (openLow ? "(" : "[") + number(low) + ", "
                             + number(high) + "]",
                         TrainingError::Rule::Number, number(low), number(high), openLow};
}

// Adam's constants (Kingma and Ba 2015, PyTorch's defaults).
constexpr double kBeta1 = 0.9;
constexpr double kBeta2 = 0.999;
constexpr double kAdamEpsilon = 1e-8;

} // namespace

std::optional<TrainingError> TrainingConfig::validate() const
{
    const int minVocab = std::max(kMinVocab, taskMinVocab(task));
    const std::string forTask = minVocab > kMinVocab ? " for the " + std::string(trainingTaskName(task)) + " task" : "";
    if (auto e = integerRange("vocab", vocab, minVocab, kMaxVocab,
                              forTask.empty() ? TrainingError::Limit::None : TrainingError::Limit::Task, forTask))
        return e;
    if (auto e = integerRange("seq-len", seqLen, kMinSeqLen, kMaxSeqLen))
        return e;
    if (auto e = integerRange("examples", examples, kMinExamples, kMaxExamples))
        return e;
    if (auto e = integerRange("heldout", heldout, kMinHeldout, kMaxHeldout))
        return e;
    if (auto e = integerRange("d-model", dModel, kMinDModel, kMaxDModel))
        return e;
    if (auto e = integerRange("layers", layers, 1, kMaxLayers))
        return e;
    if (auto e = integerRange("batch", batch, kMinBatch, std::min(kMaxBatch, examples), TrainingError::Limit::Examples,
                              " (at most the examples)"))
        return e;
    if (auto e = integerRange("steps", steps, kMinSteps, kMaxSteps))
        return e;
    if (auto e = realRange("lr", learningRate, 0.0, kMaxLearningRate, true))
        return e;
    if (auto e = realRange("scale-init", scaleInit, -kMaxAbsScale, kMaxAbsScale))
        return e;
    if (auto e = realRange("scale-lr-ratio", scaleLrRatio, kMinScaleLrRatio, kMaxScaleLrRatio))
        return e;
    if (auto e = realRange("clamp", clampLow, -kMaxAbsScale, kMaxAbsScale))
        return e;
    if (auto e = realRange("clamp", clampHigh, -kMaxAbsScale, kMaxAbsScale))
        return e;
    if (!(clampLow < clampHigh))
        return TrainingError{"clamp", "clamp must be LO,HI with LO < HI, each in [-1000, 1000]"};
    EncodingParams params = encoding;
    params.dModel = dModel;
    params.seqLen = kExtrapolationFactor * seqLen;
    params.scale = 1;
    params.start = 0;
    if (const auto invalid = params.validate())
        return TrainingError{std::string(fieldName(invalid->field)), invalid->message};
    return std::nullopt;
}

ModelConfig TrainingConfig::modelConfig() const
{
    ModelConfig model;
    model.vocab = vocab;
    model.classes = taskClasses(task);
    model.layers = layers;
    model.layerNorm = layerNorm;
    model.scheme = scheme;
    model.join = join;
    model.encoding = encoding;
    model.encoding.dModel = dModel;
    model.tableRows = seqLen;
    model.peRows = kExtrapolationFactor * seqLen;
    model.scaleInit = scaleInit;
    model.peDType = peDType;
    model.scaleStorage = scaleStorage;
    model.seed = seed;
    return model;
}

std::vector<int> epochOrder(std::uint64_t seed, int epoch, int n)
{
    std::vector<int> order(std::size_t(std::max(n, 0)));
    for (int i = 0; i < n; ++i)
        order[std::size_t(i)] = i;
    for (int i = n - 1; i >= 1; --i) {
        const double u = seededUniform(seed, kStreamTrainBatches, tableIndex(epoch, i));
        const int j = std::min(int(u * (i + 1)), i);
        std::swap(order[std::size_t(i)], order[std::size_t(j)]);
    }
    return order;
}

int BatchOrder::exampleAt(long long entry)
{
    const int epoch = int(entry / m_examples);
    if (epoch != m_epoch) {
        m_order = epochOrder(m_seed, epoch, m_examples);
        m_epoch = epoch;
    }
    return m_order[std::size_t(entry % m_examples)];
}

Trainer::Trainer(const TrainingConfig &config)
    : m_config(config)
    , m_initial(config.modelConfig())
    , m_model(m_initial)
{
    m_training = taskExamples(config.task, config.vocab, config.seqLen, ExampleSet::Training, config.seed, 0,
                              config.examples);
    m_heldout = taskExamples(config.task, config.vocab, config.seqLen, ExampleSet::Heldout, config.seed, 0,
                             config.heldout);
    // Both clamp modes bound the initial value; only EveryStep bounds it again after updates.
    if (config.scheme == PositionScheme::ScaledSinu && config.clampMode != ClampMode::Off) {
        double &s = m_initial.parameters().scale;
        s = std::clamp(s, config.clampLow, config.clampHigh);
    }
    reset();
}

void Trainer::reset()
{
    m_model = m_initial;
    m_firstMoment = m_initial.parameters().zerosLike();
    m_secondMoment = m_initial.parameters().zerosLike();
    m_records.clear();
    m_order = BatchOrder(m_config.seed, int(m_training.size()));
}

double Trainer::initialScale() const
{
    return m_config.scheme == PositionScheme::ScaledSinu ? m_initial.parameters().scale
                                                         : std::numeric_limits<double>::quiet_NaN();
}

const TrainingRecord &Trainer::step()
{
    const int batch = m_config.batch;
    const int k = stepCount() + 1;

    // The batch: entries (k-1) B .. k B - 1 of the endless sequence of epochs.
    ModelParameters gradient = m_model.parameters().zerosLike();
    double loss = 0;
    int right = 0;
    for (int b = 0; b < batch; ++b) {
        const TrainingExample &example = m_training[std::size_t(m_order.exampleAt((long long)(k - 1) * batch + b))];
        const ForwardPass pass = m_model.forward(example);
        loss += pass.loss;
        right += pass.predicted == example.label ? 1 : 0;
        // The batch's loss is the mean of its examples' losses: each gradient weighs 1/B.
        m_model.backward(pass, 1.0 / batch, gradient);
    }

    // The update, tensor by tensor, entry by entry, in the order of parameterBlocks.
    ModelParameters &p = m_model.parameters();
    const ModelConfig &mc = m_model.config();
    std::vector<ParameterBlock> params = parameterBlocks(p, mc);
    std::vector<ParameterBlock> grads = parameterBlocks(gradient, mc);
    std::vector<ParameterBlock> first = parameterBlocks(m_firstMoment, mc);
    std::vector<ParameterBlock> second = parameterBlocks(m_secondMoment, mc);
    // Adam's bias corrections 1 - beta^k.
    const double correction1 = 1.0 - std::pow(kBeta1, k);
    const double correction2 = 1.0 - std::pow(kBeta2, k);
    for (std::size_t t = 0; t < params.size(); ++t) {
        const double lr = params[t].isScale ? m_config.learningRate * m_config.scaleLrRatio : m_config.learningRate;
        for (Eigen::Index i = 0; i < params[t].size; ++i) {
            const double g = grads[t].data[i];
            double &value = params[t].data[i];
            if (m_config.optimizer == Optimizer::Sgd) {
                value -= lr * g; // plain SGD: p <- p - lr g
                continue;
            }
            // Adam: m <- b1 m + (1 - b1) g,  v <- b2 v + (1 - b2) g^2,
            //       p <- p - lr (m / (1 - b1^k)) / (sqrt(v / (1 - b2^k)) + eps)
            double &m = first[t].data[i];
            double &v = second[t].data[i];
            m = kBeta1 * m + (1.0 - kBeta1) * g;
            v = kBeta2 * v + (1.0 - kBeta2) * g * g;
            value -= lr * (m / correction1) / (std::sqrt(v / correction2) + kAdamEpsilon);
        }
    }

    TrainingRecord record;
    record.step = k;
    record.loss = loss / batch;
    record.accuracy = double(right) / batch;
    if (mc.scheme == PositionScheme::ScaledSinu) {
        p.scale = m_model.storedScale(p.scale);
        applyClamp(record);
        record.scale = p.scale;
    } else {
        record.scale = std::numeric_limits<double>::quiet_NaN();
    }
    const TrainingModel::Evaluation heldout = m_model.evaluate(m_heldout);
    record.heldoutLoss = heldout.loss;
    record.heldoutAccuracy = heldout.accuracy;
    record.normRatio = m_model.normRatio(m_config.seqLen);
    m_records.push_back(record);
    return m_records.back();
}

void Trainer::applyClamp(TrainingRecord &record)
{
    if (m_config.clampMode != ClampMode::EveryStep)
        return;
    // The bounds are kept exactly (not rounded to the scale's storage), so that the scale is
    // inside [lo, hi] at every step whatever its dtype.
    double &s = m_model.parameters().scale;
    const double clamped = std::clamp(s, m_config.clampLow, m_config.clampHigh);
    record.clampHit = clamped != s;
    s = clamped;
}

void Trainer::run()
{
    run(m_config.steps);
}

void Trainer::run(int count)
{
    for (int i = 0; i < count && !finished(); ++i)
        step();
}

TrainingModel::Evaluation Trainer::heldoutEvaluation() const
{
    return m_model.evaluate(m_heldout);
}

AttentionSnapshot Trainer::heldoutAttention(int index) const
{
    AttentionSnapshot snapshot;
    if (index < 0 || index >= int(m_heldout.size()))
        return snapshot;
    snapshot.example = m_heldout[std::size_t(index)];
    const ForwardPass pass = m_model.forward(snapshot.example);
    snapshot.predicted = pass.predicted;
    snapshot.probabilities = pass.probabilities;
    for (const ForwardPass::Layer &layer : pass.layers)
        snapshot.layers.push_back(layer.weights);
    return snapshot;
}

std::vector<int> Trainer::defaultExtrapolationLengths() const
{
    const int n = m_config.seqLen;
    std::vector<int> lengths{n, n + n / 2, 2 * n, 3 * n, 4 * n};
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    return lengths;
}

std::vector<ExtrapolationPoint> Trainer::extrapolation(const std::vector<int> &lengths) const
{
    std::vector<ExtrapolationPoint> points;
    for (int length : lengths) {
        ExtrapolationPoint point;
        point.length = length;
        point.available = length >= TrainingConfig::kMinSeqLen
                          && length <= TrainingConfig::kExtrapolationFactor * m_config.seqLen
                          && m_model.coversLength(length);
        if (point.available) {
            const TrainingModel::Evaluation e =
                length == m_config.seqLen
                    ? m_model.evaluate(m_heldout)
                    : m_model.evaluate(taskExamples(m_config.task, m_config.vocab, length, ExampleSet::Extrapolation,
                                                    m_config.seed, 0, m_config.heldout));
            point.loss = e.loss;
            point.accuracy = e.accuracy;
        }
        points.push_back(point);
    }
    return points;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/trainingmodel.h"
#include "core/names.h"

#include "core/precision.h"

#include <algorithm>
#include <cmath>

namespace posenc {

std::string_view positionSchemeName(PositionScheme scheme)
{
    switch (scheme) {
    case PositionScheme::ScaledSinu: return "scaled_sinu";
    case PositionScheme::LearnedSinusoidal: return "learned_sinusoidal";
    case PositionScheme::Learned: return "learned";
    case PositionScheme::None: return "none";
    }
    return {};
}

std::optional<PositionScheme> positionSchemeFromName(std::string_view name)
{
    return valueNamed<PositionScheme>(name, kPositionSchemes, &positionSchemeName);
}

bool hasPositionTable(PositionScheme scheme)
{
    return scheme == PositionScheme::Learned || scheme == PositionScheme::LearnedSinusoidal;
}

std::string_view peDTypeName(PeDType dtype)
{
    switch (dtype) {
    case PeDType::Float64: return "float64";
    case PeDType::Float32: return "float32";
    case PeDType::Float16: return "float16";
    }
    return {};
}

std::optional<PeDType> peDTypeFromName(std::string_view name)
{
    return valueNamed<PeDType>(name, {PeDType::Float64, PeDType::Float32, PeDType::Float16}, &peDTypeName);
}

std::string_view scaleStorageName(ScaleStorage storage)
{
    return storage == ScaleStorage::Float32 ? "float32" : "pe";
}

std::optional<ScaleStorage> scaleStorageFromName(std::string_view name)
{
    return valueNamed<ScaleStorage>(name, {ScaleStorage::Float32, ScaleStorage::PeDType}, &scaleStorageName);
}

namespace {

// x rounded to the PE's dtype (nothing for float64).
double roundTo(PeDType dtype, double x)
{
    switch (dtype) {
    case PeDType::Float64: return x;
    case PeDType::Float32: return roundToPrecision(Precision::Float32, x);
    case PeDType::Float16: return roundToPrecision(Precision::Float16, x);
    }
    return x;
}

// A [rows x cols] table of seeded normals times `factor`: entry (r, c) is
// seededNormal(seed, stream, tableIndex(r, c)) * factor, whatever the table's size.
RowMatrixXd seededTable(std::uint64_t seed, std::uint64_t stream, int rows, int cols, double factor)
{
    RowMatrixXd table(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            table(r, c) = seededNormal(seed, stream, tableIndex(r, c)) * factor;
    return table;
}

// The layer norm of each row h of H:
//     mu = mean(h),  sigma = sqrt(mean((h - mu)^2) + eps),  zhat = (h - mu) / sigma,
//     y = gain * zhat + bias  (entrywise)
void layerNorm(const RowMatrixXd &h, const Eigen::VectorXd &gain, const Eigen::VectorXd &bias,
               RowMatrixXd &normalised, Eigen::VectorXd &sigma, RowMatrixXd &out)
{
    const Eigen::Index n = h.rows();
    const Eigen::Index d = h.cols();
    normalised.resize(n, d);
    sigma.resize(n);
    out.resize(n, d);
    for (Eigen::Index i = 0; i < n; ++i) {
        const double mu = h.row(i).mean();
        const double var = (h.row(i).array() - mu).square().mean();
        sigma[i] = std::sqrt(var + TrainingModel::kLayerNormEpsilon);
        normalised.row(i) = (h.row(i).array() - mu) / sigma[i];
        out.row(i) = normalised.row(i).array() * gain.transpose().array() + bias.transpose().array();
    }
}

// The backward pass of layerNorm. With g = dL/dy of a row:
//     dL/dgain += g * zhat,  dL/dbias += g,  gz = g * gain,
//     dL/dh = (gz - mean(gz) - zhat * mean(gz * zhat)) / sigma
// (the derivative of zhat through mu and sigma, eps included in sigma). Returns dL/dH.
RowMatrixXd layerNormBackward(const RowMatrixXd &dy, const RowMatrixXd &normalised, const Eigen::VectorXd &sigma,
                              const Eigen::VectorXd &gain, Eigen::VectorXd &dGain, Eigen::VectorXd &dBias)
{
    RowMatrixXd dh(dy.rows(), dy.cols());
    for (Eigen::Index i = 0; i < dy.rows(); ++i) {
        dGain += (dy.row(i).array() * normalised.row(i).array()).matrix().transpose();
        dBias += dy.row(i).transpose();
        const Eigen::RowVectorXd gz = (dy.row(i).array() * gain.transpose().array()).matrix();
        const double meanGz = gz.mean();
        const double meanGzZ = (gz.array() * normalised.row(i).array()).mean();
        dh.row(i) = (gz.array() - meanGz - normalised.row(i).array() * meanGzZ) / sigma[i];
    }
    return dh;
}

// Softmax of each row, its maximum subtracted first so that no exp overflows.
RowMatrixXd rowSoftmax(const RowMatrixXd &scores)
{
    RowMatrixXd weights(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const double top = scores.row(i).maxCoeff();
        weights.row(i) = (scores.row(i).array() - top).exp();
        weights.row(i) /= weights.row(i).sum();
    }
    return weights;
}

} // namespace

ModelParameters ModelParameters::zerosLike() const
{
    const auto zero = [](const RowMatrixXd &m) { return RowMatrixXd::Zero(m.rows(), m.cols()); };
    const auto zeroV = [](const Eigen::VectorXd &v) { return Eigen::VectorXd::Zero(v.size()); };
    ModelParameters z;
    z.tokens = zero(tokens);
    z.adjustment = zero(adjustment);
    z.table = zero(table);
    z.projection = zero(projection);
    for (const Layer &layer : layers)
        z.layers.push_back({zero(layer.query), zero(layer.key), zero(layer.value), zeroV(layer.gain), zeroV(layer.bias)});
    z.finalGain = zeroV(finalGain);
    z.finalBias = zeroV(finalBias);
    z.classifier = zero(classifier);
    z.classifierBias = zeroV(classifierBias);
    return z;
}

std::vector<ParameterBlock> parameterBlocks(ModelParameters &p, const ModelConfig &config)
{
    std::vector<ParameterBlock> blocks;
    const auto add = [&](std::string name, double *data, Eigen::Index size, bool isScale = false) {
        if (size > 0)
            blocks.push_back({std::move(name), data, size, isScale});
    };
    add("tokens", p.tokens.data(), p.tokens.size());
    if (config.scheme == PositionScheme::ScaledSinu)
        add("scale", &p.scale, 1, true);
    add("adjustment", p.adjustment.data(), p.adjustment.size());
    add("table", p.table.data(), p.table.size());
    if (config.scheme != PositionScheme::None) {
        add("projection", p.projection.data(), p.projection.size());
        if (config.join == PeJoin::Alpha)
            add("alpha", &p.alpha, 1);
    }
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
        ModelParameters::Layer &layer = p.layers[l];
        const std::string prefix = "layer" + std::to_string(l) + ".";
        add(prefix + "query", layer.query.data(), layer.query.size());
        add(prefix + "key", layer.key.data(), layer.key.size());
        add(prefix + "value", layer.value.data(), layer.value.size());
        add(prefix + "gain", layer.gain.data(), layer.gain.size());
        add(prefix + "bias", layer.bias.data(), layer.bias.size());
    }
    add("final.gain", p.finalGain.data(), p.finalGain.size());
    add("final.bias", p.finalBias.data(), p.finalBias.size());
    add("classifier", p.classifier.data(), p.classifier.size());
    add("classifier.bias", p.classifierBias.data(), p.classifierBias.size());
    return blocks;
}

TrainingModel::TrainingModel(const ModelConfig &config)
    : m_config(config)
{
    const int d = config.dModel();
    const std::uint64_t seed = config.seed;
    ModelParameters &p = m_parameters;
    p.tokens = seededTable(seed, kStreamTrainTokens, config.vocab, d, 1.0);
    if (config.scheme == PositionScheme::ScaledSinu)
        p.scale = storedScale(config.scaleInit);
    if (config.scheme == PositionScheme::LearnedSinusoidal)
        p.adjustment = RowMatrixXd::Zero(config.tableRows, d);
    if (config.scheme == PositionScheme::Learned)
        p.table = seededTable(seed, kStreamTrainLearned, config.tableRows, d, 1.0);
    if (config.scheme != PositionScheme::None && config.join == PeJoin::ConcatProject)
        p.projection = seededTable(seed, kStreamTrainProjection, 2 * d, d, 1.0 / std::sqrt(2.0 * d));
    if (config.scheme != PositionScheme::None && config.join == PeJoin::Alpha)
        p.alpha = config.alphaInit;
    for (int l = 0; l < config.layers; ++l) {
        const std::uint64_t stream = kStreamTrainAttention + 3 * std::uint64_t(l);
        ModelParameters::Layer layer;
        layer.query = seededTable(seed, stream, d, d, 1.0 / std::sqrt(double(d)));
        layer.key = seededTable(seed, stream + 1, d, d, 1.0 / std::sqrt(double(d)));
        layer.value = seededTable(seed, stream + 2, d, d, 1.0 / std::sqrt(double(d)));
        if (config.layerNorm) {
            layer.gain = Eigen::VectorXd::Ones(d);
            layer.bias = Eigen::VectorXd::Zero(d);
        }
        p.layers.push_back(std::move(layer));
    }
    if (config.layerNorm) {
        p.finalGain = Eigen::VectorXd::Ones(d);
        p.finalBias = Eigen::VectorXd::Zero(d);
    }
    p.classifier = seededTable(seed, kStreamTrainClassifier, d, config.classes, 1.0 / std::sqrt(double(d)));
    p.classifierBias = Eigen::VectorXd::Zero(config.classes);

    if (config.scheme == PositionScheme::ScaledSinu || config.scheme == PositionScheme::LearnedSinusoidal) {
        EncodingParams params = config.encoding;
        params.seqLen = config.peRows;
        params.start = 0;
        params.scale = 1;
        m_sinusoid = encodingMatrix(params);
        m_sinusoid = m_sinusoid.unaryExpr([dtype = config.peDType](double x) { return roundTo(dtype, x); });
    }
}

double TrainingModel::storedScale(double value) const
{
    if (m_config.scaleStorage == ScaleStorage::Float32)
        return roundToPrecision(Precision::Float32, value);
    return roundTo(m_config.peDType, value);
}

bool TrainingModel::coversLength(int n) const
{
    if (n < 1)
        return false;
    switch (m_config.scheme) {
    case PositionScheme::ScaledSinu: return n <= m_config.peRows;
    case PositionScheme::LearnedSinusoidal: return n <= m_config.peRows && n <= m_config.tableRows;
    case PositionScheme::Learned: return n <= m_config.tableRows;
    case PositionScheme::None: return true;
    }
    return false;
}

RowMatrixXd TrainingModel::positionTerm(int n) const
{
    const PeDType dtype = m_config.peDType;
    const auto rounded = [dtype](double x) { return roundTo(dtype, x); };
    switch (m_config.scheme) {
    case PositionScheme::ScaledSinu:
        return (m_parameters.scale * m_sinusoid.topRows(n)).unaryExpr(rounded);
    case PositionScheme::LearnedSinusoidal:
        return (m_sinusoid.topRows(n) + m_parameters.adjustment.topRows(n)).unaryExpr(rounded);
    case PositionScheme::Learned:
        return m_parameters.table.topRows(n).unaryExpr(rounded);
    case PositionScheme::None:
        break;
    }
    return RowMatrixXd(0, m_config.dModel());
}

double TrainingModel::normRatio(int n) const
{
    if (m_config.scheme == PositionScheme::None || !coversLength(n))
        return 0.0;
    const double position = std::sqrt(positionTerm(n).squaredNorm() / n);
    const double tokens = std::sqrt(m_parameters.tokens.squaredNorm() / double(m_config.vocab));
    return position / tokens;
}

ForwardPass TrainingModel::forward(const TrainingExample &example) const
{
    const ModelParameters &p = m_parameters;
    const int n = int(example.tokens.size());
    const int d = m_config.dModel();
    const double invSqrtD = 1.0 / std::sqrt(double(d));
    ForwardPass f;
    f.tokens = example.tokens;
    f.label = example.label;
    f.tokenRows.resize(n, d);
    for (int i = 0; i < n; ++i)
        f.tokenRows.row(i) = p.tokens.row(example.tokens[std::size_t(i)]);

    // The join, X = T when there is no position term.
    f.position = positionTerm(n);
    if (m_config.scheme == PositionScheme::None) {
        f.input = f.tokenRows;
    } else {
        switch (m_config.join) {
        case PeJoin::Add:
            f.input = f.tokenRows + f.position;
            break;
        case PeJoin::ConcatProject: // [T | P] W_proj = T W_proj[0:d] + P W_proj[d:2d]
            f.input = f.tokenRows * p.projection.topRows(d) + f.position * p.projection.bottomRows(d);
            break;
        case PeJoin::Alpha:
            f.input = p.alpha * f.tokenRows + (1.0 - p.alpha) * f.position;
            break;
        }
    }

    RowMatrixXd h = f.input;
    for (const ModelParameters::Layer &weights : p.layers) {
        ForwardPass::Layer layer;
        layer.in = h;
        if (m_config.layerNorm)
            layerNorm(h, weights.gain, weights.bias, layer.normalised, layer.sigma, layer.z);
        else
            layer.z = h;
        layer.q = layer.z * weights.query;
        layer.k = layer.z * weights.key;
        layer.v = layer.z * weights.value;
        const RowMatrixXd scores = (layer.q * layer.k.transpose()) * invSqrtD;
        layer.weights = rowSoftmax(scores);
        h += layer.weights * layer.v;
        f.layers.push_back(std::move(layer));
    }
    f.last = h;
    RowMatrixXd final;
    if (m_config.layerNorm)
        layerNorm(h, p.finalGain, p.finalBias, f.finalNormalised, f.finalSigma, final);
    else
        final = h;
    f.pooled = final.colwise().mean().transpose();
    f.logits = p.classifier.transpose() * f.pooled + p.classifierBias;
    const double top = f.logits.maxCoeff();
    f.probabilities = (f.logits.array() - top).exp().matrix();
    const double total = f.probabilities.sum();
    f.probabilities /= total;
    // -ln p_y = -(z_y - top - ln sum exp(z - top)), without the rounding of a tiny p_y.
    f.loss = -(f.logits[example.label] - top - std::log(total));
    Eigen::Index best = 0;
    f.logits.maxCoeff(&best);
    f.predicted = int(best);
    return f;
}

void TrainingModel::backward(const ForwardPass &f, double weight, ModelParameters &g) const
{
    const ModelParameters &p = m_parameters;
    const int n = int(f.tokens.size());
    const int d = m_config.dModel();
    const double invSqrtD = 1.0 / std::sqrt(double(d));

    // Softmax cross-entropy: dL/dz = p - onehot(y). Classifier z = Wc^T m + b:
    // dWc = m dz^T, db = dz, dm = Wc dz.
    Eigen::VectorXd dz = f.probabilities;
    dz[f.label] -= 1.0;
    dz *= weight;
    g.classifier += f.pooled * dz.transpose();
    g.classifierBias += dz;
    const Eigen::VectorXd dm = p.classifier * dz;

    // Mean pooling m = (1/n) sum_i F_i: every row gets dm / n.
    RowMatrixXd dh = (dm / double(n)).transpose().replicate(n, 1);
    if (m_config.layerNorm)
        dh = layerNormBackward(dh, f.finalNormalised, f.finalSigma, p.finalGain, g.finalGain, g.finalBias);

    // Each layer, last first. H_out = H + A V with V = Z Wv, A = softmax(S), S = Q K^T / sqrt(d):
    //     dA = dH_out V^T,  dV = A^T dH_out,
    //     dS_ij = A_ij (dA_ij - sum_k A_ik dA_ik)          (the softmax's Jacobian, row by row)
    //     dQ = dS K / sqrt(d),  dK = dS^T Q / sqrt(d),
    //     dWq = Z^T dQ,  dWk = Z^T dK,  dWv = Z^T dV,
    //     dZ = dQ Wq^T + dK Wk^T + dV Wv^T,
    //     dH = dH_out (the residual) + dZ through the layer norm (or dZ itself).
    for (int l = int(f.layers.size()) - 1; l >= 0; --l) {
        const ForwardPass::Layer &layer = f.layers[std::size_t(l)];
        const ModelParameters::Layer &w = p.layers[std::size_t(l)];
        ModelParameters::Layer &gw = g.layers[std::size_t(l)];
        const RowMatrixXd dA = dh * layer.v.transpose();
        const RowMatrixXd dV = layer.weights.transpose() * dh;
        RowMatrixXd dS(n, n);
        for (int i = 0; i < n; ++i) {
            const double inner = layer.weights.row(i).dot(dA.row(i));
            dS.row(i) = layer.weights.row(i).array() * (dA.row(i).array() - inner);
        }
        dS *= invSqrtD;
        const RowMatrixXd dQ = dS * layer.k;
        const RowMatrixXd dK = dS.transpose() * layer.q;
        gw.query += layer.z.transpose() * dQ;
        gw.key += layer.z.transpose() * dK;
        gw.value += layer.z.transpose() * dV;
        RowMatrixXd dZ = dQ * w.query.transpose() + dK * w.key.transpose() + dV * w.value.transpose();
        if (m_config.layerNorm)
            dZ = layerNormBackward(dZ, layer.normalised, layer.sigma, w.gain, gw.gain, gw.bias);
        dh += dZ;
    }

    // The join. dX = dh.
    RowMatrixXd dT, dP;
    if (m_config.scheme == PositionScheme::None) {
        dT = dh;
    } else {
        switch (m_config.join) {
        case PeJoin::Add: // X = T + P
            dT = dh;
            dP = dh;
            break;
        case PeJoin::ConcatProject: // X = [T | P] W: dW = [T | P]^T dX, d[T | P] = dX W^T
            g.projection.topRows(d) += f.tokenRows.transpose() * dh;
            g.projection.bottomRows(d) += f.position.transpose() * dh;
            dT = dh * p.projection.topRows(d).transpose();
            dP = dh * p.projection.bottomRows(d).transpose();
            break;
        case PeJoin::Alpha: // X = a T + (1 - a) P: dT = a dX, dP = (1 - a) dX, da = sum (T - P) . dX
            dT = p.alpha * dh;
            dP = (1.0 - p.alpha) * dh;
            g.alpha += ((f.tokenRows - f.position).array() * dh.array()).sum();
            break;
        }
    }
    // Token rows: dE[x_i] += dT_i (a token that occurs twice gets both).
    for (int i = 0; i < n; ++i)
        g.tokens.row(f.tokens[std::size_t(i)]) += dT.row(i);
    // The position term (its rounding taken as the identity):
    //     ScaledSinu P = s PE:        ds = sum_i dP_i . PE_i
    //     LearnedSinusoidal P = PE + A: dA_i = dP_i
    //     Learned P = L:               dL_i = dP_i
    switch (m_config.scheme) {
    case PositionScheme::ScaledSinu:
        g.scale += (dP.array() * m_sinusoid.topRows(n).array()).sum();
        break;
    case PositionScheme::LearnedSinusoidal:
        g.adjustment.topRows(n) += dP;
        break;
    case PositionScheme::Learned:
        g.table.topRows(n) += dP;
        break;
    case PositionScheme::None:
        break;
    }
}

TrainingModel::Evaluation TrainingModel::evaluate(const std::vector<TrainingExample> &examples) const
{
    Evaluation result;
    if (examples.empty())
        return result;
    int right = 0;
    for (const TrainingExample &example : examples) {
        const ForwardPass f = forward(example);
        result.loss += f.loss;
        right += f.predicted == example.label ? 1 : 0;
    }
    result.loss /= double(examples.size());
    result.accuracy = double(right) / double(examples.size());
    return result;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rotation.h"

#include "core/channels.h"
#include "core/frequencies.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace posenc {

Eigen::Matrix2d rotationBlock(double frequency, double k)
{
    const double c = std::cos(k * frequency);
    const double s = std::sin(k * frequency);
    Eigen::Matrix2d m;
    m << c, s,
        -s, c;
    return m;
}

Eigen::Matrix2d rotationBlock(const EncodingParams &params, int pair, double k)
{
    return rotationBlock(frequency(params, pair), k);
}

RowMatrixXd rotationMatrix(const EncodingParams &params)
{
    return rotationMatrix(params, 1);
}

RowMatrixXd rotationMatrix(const EncodingParams &params, int stride)
{
    const int cells = (params.dModel + stride - 1) / stride;
    RowMatrixXd m = RowMatrixXd::Zero(cells, cells);
    for (const MatrixEntry &entry : rotationEntries(params, stride))
        m(entry.row, entry.column) = entry.value;
    return m;
}

std::vector<MatrixEntry> rotationEntries(const EncodingParams &params, int stride)
{
    const long long cells = (params.dModel + stride - 1) / stride;
    std::vector<MatrixEntry> entries;
    entries.reserve(std::size_t(2 * params.dModel + 1));
    // Where a cell's entry is in `entries`; needed only when several entries share a cell.
    std::unordered_map<long long, std::size_t> where;
    // Each cell holds the entry of largest magnitude among those that fall into it, the first
    // of them on a tie (a cell starts at 0, so zeros are never stored).
    auto put = [&](int row, int column, double value) {
        const int r = row / stride, c = column / stride;
        if (stride == 1) { // one entry per cell
            if (std::abs(value) > 0)
                entries.push_back({r, c, value});
            return;
        }
        const auto [it, added] = where.try_emplace(r * cells + c, entries.size());
        if (added) {
            if (std::abs(value) > 0)
                entries.push_back({r, c, value});
            else
                where.erase(it);
        } else if (std::abs(value) > std::abs(entries[it->second].value)) {
            entries[it->second].value = value;
        }
    };
    for (int i = 0; i < pairCount(params); ++i) {
        const Eigen::Matrix2d block = rotationBlock(params, i, params.offset);
        const int s = sinColumn(params, i);
        const int c = cosColumn(params, i);
        put(s, s, block(0, 0));
        put(s, c, block(0, 1));
        put(c, s, block(1, 0));
        put(c, c, block(1, 1));
    }
    // The zero column of split/odd d_model maps to itself.
    for (int column = 0; column < params.dModel; ++column) {
        if (channelOf(params, column).kind == Channel::Kind::Zero)
            put(column, column, 1.0);
    }
    return entries;
}

PairStep pairStep(const EncodingParams &params, int pair, double pos)
{
    PairStep step;
    const double k = params.offset;
    step.block = rotationBlock(params, pair, k);
    const int s = sinColumn(params, pair);
    const int c = cosColumn(params, pair);
    step.at = {explainCell(params, pos, s).value, explainCell(params, pos, c).value};
    step.direct = {explainCell(params, pos + k, s).value, explainCell(params, pos + k, c).value};
    step.column = step.block * step.at;
    step.row = step.at.transpose() * step.block.transpose();
    step.difference = std::max((step.column - step.direct).cwiseAbs().maxCoeff(),
                               (step.row.transpose() - step.direct).cwiseAbs().maxCoeff());
    return step;
}

namespace {

// Applies M_k pair by pair (O(seq_len * d) rather than O(seq_len * d^2)) and compares with
// the encoding computed directly at pos + k.
template<typename Scalar, typename Matrix>
RotationResidual residual(const EncodingParams &params, const Matrix &at, const Matrix &shifted)
{
    RotationResidual worst;
    auto consider = [&](Scalar error, int row, int column) {
        if (double(error) > worst.maxAbs)
            worst = {double(error), row, column};
    };
    for (int i = 0; i < pairCount(params); ++i) {
        const Eigen::Matrix2d block = rotationBlock(params, i, params.offset);
        const Scalar m00 = Scalar(block(0, 0)), m01 = Scalar(block(0, 1));
        const Scalar m10 = Scalar(block(1, 0)), m11 = Scalar(block(1, 1));
        const int s = sinColumn(params, i);
        const int c = cosColumn(params, i);
        for (int r = 0; r < params.seqLen; ++r) {
            const Scalar a = at(r, s), b = at(r, c);
            consider(std::abs(m00 * a + m01 * b - shifted(r, s)), r, s);
            consider(std::abs(m10 * a + m11 * b - shifted(r, c)), r, c);
        }
    }
    return worst;
}

EncodingParams shiftedByOffset(const EncodingParams &params)
{
    EncodingParams shifted = params;
    shifted.start = params.start + params.offset;
    return shifted;
}

} // namespace

RotationResidual rotationResidual(const EncodingParams &params)
{
    return residual<double>(params, encodingMatrix(params),
                            encodingMatrix(shiftedByOffset(params)));
}

RotationResiduals rotationResiduals(const EncodingParams &params)
{
    return RotationCheck(params).residuals(params.offset);
}

namespace {

// The parameters with what the check does not depend on set to fixed values.
EncodingParams withoutOffset(EncodingParams params)
{
    params.offset = 0;
    params.position = 0;
    return params;
}

} // namespace

RotationCheck::RotationCheck(const EncodingParams &params)
    : m_params(withoutOffset(params))
    , m_at(encodingMatrix(m_params))
    , m_atF(m_at.cast<float>())
{
}

bool RotationCheck::covers(const EncodingParams &params) const
{
    return withoutOffset(params) == m_params;
}

RotationResiduals RotationCheck::residuals(double k) const
{
    EncodingParams params = m_params;
    params.offset = k;
    const RowMatrixXd shifted = encodingMatrix(shiftedByOffset(params));
    const RowMatrixXf shiftedF = shifted.cast<float>();
    return {residual<double>(params, m_at, shifted), residual<float>(params, m_atF, shiftedF)};
}

RotationResidual rotationResidualF(const EncodingParams &params)
{
    return residual<float>(params, encodingMatrixF(params),
                           encodingMatrixF(shiftedByOffset(params)));
}

} // namespace posenc

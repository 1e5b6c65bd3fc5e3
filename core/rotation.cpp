// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rotation.h"

#include "core/channels.h"
#include "core/frequencies.h"

#include <cmath>

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
    RowMatrixXd m = RowMatrixXd::Zero(params.dModel, params.dModel);
    for (int i = 0; i < pairCount(params); ++i) {
        const Eigen::Matrix2d block = rotationBlock(params, i, params.offset);
        const int s = sinColumn(params, i);
        const int c = cosColumn(params, i);
        m(s, s) = block(0, 0);
        m(s, c) = block(0, 1);
        m(c, s) = block(1, 0);
        m(c, c) = block(1, 1);
    }
    for (int col = 0; col < params.dModel; ++col) {
        if (channelOf(params, col).kind == Channel::Kind::Zero)
            m(col, col) = 1.0;
    }
    return m;
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

RotationResidual rotationResidualF(const EncodingParams &params)
{
    return residual<float>(params, encodingMatrixF(params),
                           encodingMatrixF(shiftedByOffset(params)));
}

} // namespace posenc

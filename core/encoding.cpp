// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding.h"

#include "core/frequencies.h"

#include <cmath>

namespace posenc {

namespace {

// Fills one row with scale * sin / cos of pos * w_i in the layout's columns.
template<typename Scalar>
void fillRow(const EncodingParams &params, const Eigen::VectorXd &w, double pos, Scalar *row)
{
    for (int c = 0; c < params.dModel; ++c)
        row[c] = Scalar(0);
    for (int i = 0; i < w.size(); ++i) {
        const double angle = pos * w[i];
        const int s = sinColumn(params, i);
        const int c = cosColumn(params, i);
        row[s] = static_cast<Scalar>(params.scale * std::sin(angle));
        if (c >= 0)
            row[c] = static_cast<Scalar>(params.scale * std::cos(angle));
    }
}

template<typename Matrix>
Matrix buildMatrix(const EncodingParams &params)
{
    Matrix pe(params.seqLen, params.dModel);
    const Eigen::VectorXd w = frequencies(params);
    for (int r = 0; r < params.seqLen; ++r)
        fillRow(params, w, params.start + r, pe.row(r).data());
    return pe;
}

} // namespace

RowMatrixXd encodingMatrix(const EncodingParams &params)
{
    return buildMatrix<RowMatrixXd>(params);
}

RowMatrixXf encodingMatrixF(const EncodingParams &params)
{
    return buildMatrix<RowMatrixXf>(params);
}

Eigen::VectorXd encodingAt(const EncodingParams &params, double pos)
{
    Eigen::VectorXd pe(params.dModel);
    fillRow(params, frequencies(params), pos, pe.data());
    return pe;
}

Eigen::VectorXd encodingColumn(const EncodingParams &params, int column,
                               const Eigen::VectorXd &positions)
{
    const Channel channel = channelOf(params, column);
    if (channel.kind == Channel::Kind::Zero)
        return Eigen::VectorXd::Zero(positions.size());
    // std::sin in a loop rather than Eigen's vectorised sin, so that a curve passes through
    // exactly the values of encodingMatrix() at integer positions.
    const double w = frequency(params, channel.pair);
    const bool isSin = channel.kind == Channel::Kind::Sin;
    Eigen::VectorXd values(positions.size());
    for (Eigen::Index j = 0; j < positions.size(); ++j) {
        const double angle = positions[j] * w;
        values[j] = params.scale * (isSin ? std::sin(angle) : std::cos(angle));
    }
    return values;
}

CellExplanation explainCell(const EncodingParams &params, double pos, int column)
{
    CellExplanation e;
    e.position = pos;
    e.column = column;
    e.channel = channelOf(params, column);
    if (e.channel.kind == Channel::Kind::Zero)
        return e;
    e.frequency = frequency(params, e.channel.pair);
    e.angle = pos * e.frequency;
    e.value = params.scale
              * (e.channel.kind == Channel::Kind::Sin ? std::sin(e.angle) : std::cos(e.angle));
    return e;
}

} // namespace posenc

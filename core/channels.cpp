// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/channels.h"

namespace posenc {

int frequencyCount(const EncodingParams &params)
{
    return params.layout == Layout::Interleaved ? (params.dModel + 1) / 2 : params.dModel / 2;
}

int pairCount(const EncodingParams &params)
{
    return params.dModel / 2;
}

Channel channelOf(const EncodingParams &params, int column)
{
    if (column < 0 || column >= params.dModel)
        return {};
    if (params.layout == Layout::Interleaved)
        return {column % 2 == 0 ? Channel::Kind::Sin : Channel::Kind::Cos, column / 2};
    const int half = params.dModel / 2;
    if (column < half)
        return {Channel::Kind::Sin, column};
    if (column < 2 * half)
        return {Channel::Kind::Cos, column - half};
    return {};
}

int sinColumn(const EncodingParams &params, int pair)
{
    if (pair < 0 || pair >= frequencyCount(params))
        return -1;
    return params.layout == Layout::Interleaved ? 2 * pair : pair;
}

int cosColumn(const EncodingParams &params, int pair)
{
    if (pair < 0 || pair >= pairCount(params))
        return -1;
    return params.layout == Layout::Interleaved ? 2 * pair + 1 : params.dModel / 2 + pair;
}

int loneColumn(const EncodingParams &params)
{
    const bool odd = params.dModel % 2 == 1;
    return odd && params.layout == Layout::Interleaved ? params.dModel - 1 : -1;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

namespace posenc {

// What one column of the encoding holds: sin or cos of pair i, or nothing (the zero column
// that the split layout appends for odd d_model).
struct Channel {
    enum class Kind { Sin, Cos, Zero };
    Kind kind = Kind::Zero;
    int pair = -1; // i, the index of the frequency w_i; -1 for the zero column
};

// The number of frequencies w_i: ceil(d/2) for interleaved (odd d gives the last sine no
// cosine), floor(d/2) for split (odd d leaves the last column zero).
int frequencyCount(const EncodingParams &params);

// The number of complete (sin, cos) pairs: floor(d/2) in both layouts.
int pairCount(const EncodingParams &params);

Channel channelOf(const EncodingParams &params, int column);

// The column of sin / cos of pair i, or -1 where the layout has none.
int sinColumn(const EncodingParams &params, int pair);
int cosColumn(const EncodingParams &params, int pair);

// The column whose sine has no cosine partner (interleaved, odd d_model), or -1.
int loneColumn(const EncodingParams &params);

} // namespace posenc

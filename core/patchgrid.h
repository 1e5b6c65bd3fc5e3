// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"
#include "core/fielderror.h"

#include <optional>

namespace posenc {

// The Vision Transformer's patches on a grid, and how alike their positions' encodings are.

// The side of ViT's patch grid, image / patch (224 / 16 = 14: 196 patches); 0 unless both are
// positive and the patch fits in the image.
int patchGrid(int imageSize, int patchSize);

// grid in [1, 64], the patch inside it, the encoding valid (its seqLen, start, offset and
// position aside) and, for twoD, d >= 4 (each half an encoding of at least 2 dimensions).
std::optional<FieldError> validatePatchGrid(const EncodingParams &encoding, int grid, int patchRow,
                                                int patchCol, bool twoD);

// The cosine similarity of patch (patchRow, patchCol) to every patch (r, c): [grid x grid].
// 1-D: the patches numbered in reading order and encoded as one sequence, PE(r * grid + c)
// (from 0, as a ViT numbers them; encoding.start is not used). 2-D: [PE_{d/2}(r) | PE_{d-d/2}(c)],
// each half the app's encoding (layout, frequencies, base, scale) with its own d_model, as
// MAE's get_2d_sincos_pos_embed joins two 1-D encodings (MAE's first half holds the column, as
// its meshgrid puts w first; for an even d swapping the halves changes no similarity). A zero
// vector (scale 0) has similarity 0 to everything.
RowMatrixXd patchSimilarity(const EncodingParams &encoding, int grid, int patchRow, int patchCol, bool twoD);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace posenc {

// The ViT lab's options, held in a scene's labs (labOptions<VitOptions>(scene)): an image cut
// into patches, and the patch whose similarity to every other patch the two grids show (the
// 1-D encoding of the reading order, and the 2-D one of row and column). The encoding itself
// is the app's (d_model, base, scale, layout).
struct VitOptions {
    static constexpr int kMaxImageSize = 8192;
    static constexpr int kMaxGrid = 64; // 4096 patches

    int imageSize = 224; // pixels on a side, as ViT-B/16's 224 x 224
    int patchSize = 16;
    // The chosen patch, from the top left (0, 0); kMiddle: the middle one, grid / 2, whatever
    // the grid (so that --patch-size 32 alone still names a patch of its 7 x 7 grid).
    static constexpr int kMiddle = -1;
    int patchRow = kMiddle;
    int patchCol = kMiddle;

    bool operator==(const VitOptions &) const = default;
    // Patches on a side: imageSize / patchSize (a partial patch at the edge is dropped, as a
    // strided convolution drops it); 0 when the patch is larger than the image.
    int grid() const;
    // The smallest patch size that keeps the grid within kMaxGrid patches a side.
    int smallestPatch() const;
    // The chosen patch's row and column, kMiddle resolved.
    int row() const { return patchRow == kMiddle ? grid() / 2 : patchRow; }
    int column() const { return patchCol == kMiddle ? grid() / 2 : patchCol; }
    // The first invalid member, one English line naming it and the range; nothing if valid.
    std::optional<QString> validate() const;
};

} // namespace posenc

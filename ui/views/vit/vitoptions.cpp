// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/vit/vitoptions.h"

#include "core/patchgrid.h"

namespace posenc {

int VitOptions::grid() const
{
    return patchGrid(imageSize, patchSize);
}

int VitOptions::smallestPatch() const
{
    // floor(I / p) <= 64 exactly when I / p < 65, that is p > I / 65.
    return imageSize / (kMaxGrid + 1) + 1;
}

std::optional<QString> VitOptions::validate() const
{
    if (imageSize < 1 || imageSize > kMaxImageSize)
        return QStringLiteral("image_size must be an integer in [1, %1]").arg(kMaxImageSize);
    if (patchSize < 1 || patchSize > imageSize)
        return QStringLiteral("patch_size must be an integer in [1, image_size] = [1, %1]").arg(imageSize);
    if (grid() > kMaxGrid)
        return QStringLiteral("image_size / patch_size = %1 / %2 = %3 patches a side; at most %4 (patch_size at least %5)")
            .arg(imageSize)
            .arg(patchSize)
            .arg(grid())
            .arg(kMaxGrid)
            .arg(smallestPatch());
    if (patchRow != kMiddle && (patchRow < 0 || patchRow >= grid()))
        return QStringLiteral("patch_row must be \"middle\" or an integer in [0, %1]").arg(grid() - 1);
    if (patchCol != kMiddle && (patchCol < 0 || patchCol >= grid()))
        return QStringLiteral("patch_col must be \"middle\" or an integer in [0, %1]").arg(grid() - 1);
    return std::nullopt;
}

} // namespace posenc

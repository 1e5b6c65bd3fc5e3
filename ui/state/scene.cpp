// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/scene.h"

#include "ui/state/paramtext.h"

#include <algorithm>

namespace posenc {

std::optional<QString> Scene::validate() const
{
    if (const auto problem = params.validate())
        return ParamText::error(*problem);
    if (const auto problem = temporal.validate())
        return QString::fromStdString(*problem);
    return std::nullopt;
}

int Scene::clampedRotationPair() const
{
    return std::clamp(rotationPair, 0, std::max(params.dModel / 2 - 1, 0));
}

} // namespace posenc

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

QList<int> Scene::defaultDimensions()
{
    static const QList<int> dimensions{0, 1, 2, 3, 4, 5};
    return dimensions;
}

QList<int> Scene::defaultDimensions(int dModel)
{
    QList<int> dimensions = defaultDimensions();
    dimensions.removeIf([dModel](int d) { return d >= dModel; });
    return dimensions;
}

void Scene::followDModel(int previousDModel)
{
    if (params.dModel != previousDModel && dimensions == defaultDimensions(previousDModel))
        dimensions = defaultDimensions(params.dModel);
}

std::optional<std::pair<QString, int>> Scene::columnBeyondDModel() const
{
    for (const auto &[key, columns] : {std::pair{QStringLiteral("dims"), &dimensions},
                                       std::pair{QStringLiteral("heatmap_dims"), &heatmapDimensions}}) {
        for (int d : *columns) {
            if (d >= params.dModel)
                return std::pair{key, d};
        }
    }
    return std::nullopt;
}

int Scene::clampedRotationPair() const
{
    return std::clamp(rotationPair, 0, std::max(params.dModel / 2 - 1, 0));
}

} // namespace posenc

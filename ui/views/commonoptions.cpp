// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/commonoptions.h"

#include "ui/state/dimensionlist.h"
#include "ui/views/scenereader.h"

#include <QJsonArray>

namespace posenc {

const ViewOption &dimensionsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("dims"),
        .flag = QStringLiteral("dims"),
        .valueName = QStringLiteral("LIST"),
        .sample = QStringLiteral("1,4,9"),
        .help = [] {
            return QCoreApplication::translate(
                "CommandLineParser",
                "dimensions of the curves, spectrum and precision views, such as 0-5 or 0,2,64 (default: the sines at 0, 1/8, 1/4 and 1/2 of the frequencies, 0,16,32,64 at d_model 128)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            QString why;
            const auto dims = DimensionList::parse(text, scene.params.dModel, &why);
            if (!dims)
                return QStringLiteral("--dims: ") + why;
            scene.dimensions = *dims;
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return DimensionList::format(scene.dimensions).remove(QLatin1Char(' ')); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const QString rule = SceneReader::tr("dims must be a list of at most %1 column indices in [0, %2]")
                                     .arg(DimensionList::kMaxCount)
                                     .arg(EncodingParams::kMaxDModel - 1);
            scene.dimensions.clear();
            return readColumns(value, path, scene, DimensionList::kMaxCount, true, false, rule, &scene.dimensions);
        },
        .write = [](const Scene &scene) -> QJsonValue {
            QJsonArray dims;
            for (int d : scene.dimensions)
                dims.append(d);
            return dims;
        },
    };
    return option;
}

std::optional<QString> readColumns(const QJsonValue &value, const QString &path, const Scene &scene,
                                   qsizetype maxCount, bool allowEmpty, bool dropRepeats,
                                   const QString &rule, QList<int> *out)
{
    if (!value.isArray())
        return SceneReader::notAList(path, value, rule);
    const QJsonArray array = value.toArray();
    if ((array.isEmpty() && !allowEmpty) || array.size() > maxCount)
        return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
    QList<int> columns;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString entryPath = QStringLiteral("%1[%2]").arg(path).arg(i);
        int column = 0;
        if (!SceneReader::readInt(array.at(i), &column))
            return SceneReader::notAnInteger(entryPath, array.at(i), rule);
        if (column < 0 || column >= EncodingParams::kMaxDModel)
            return SceneReader::outOfRange(entryPath, SceneReader::valueText(array.at(i)), rule);
        // A column the file's own d_model does not have (the window keeps such columns when
        // d_model shrinks, a file names only what it draws).
        if (column >= scene.params.dModel)
            return SceneReader::outOfRange(entryPath, SceneReader::valueText(array.at(i)),
                                           DimensionList::tr("dimensions must lie in [0, %1] (d_model − 1)")
                                               .arg(scene.params.dModel - 1));
        if (!dropRepeats || !columns.contains(column))
            columns << column;
    }
    // An empty list is not assigned over a cleared one: an empty list then compares with an
    // empty list without Qt 6.4 passing a null pointer to memcmp (UBSan reports it).
    if (out->isEmpty() && columns.isEmpty())
        return std::nullopt;
    *out = columns;
    return std::nullopt;
}

} // namespace posenc

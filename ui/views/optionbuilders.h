// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/state/stdtext.h"
#include "ui/views/optiontext.h"
#include "ui/views/scenereader.h"
#include "ui/views/viewdescriptor.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <utility>

namespace posenc {

// What names an option: ViewOption's key, flag, valueName and sample.
struct OptionNames {
    QString key;
    QString flag;
    QString valueName;
    QString sample;
    QStringList sampleNeeds = {};
};

inline OptionNames optionNames(const char *key, const char *flag, const char *valueName, const char *sample,
                               QStringList sampleNeeds = {})
{
    return {QString::fromLatin1(key), QString::fromLatin1(flag), QString::fromLatin1(valueName),
            QString::fromUtf8(sample), std::move(sampleNeeds)};
}

using OptionHelp = std::function<QString()>;

// Typed builders of view options, one declaration an option (after KDE Step's property
// macros): the command line, presets and scenes read the value with the same range and the
// same words. `field` reaches the option's member of a scene, const or not:
//     [](auto &scene) -> auto & { return labOptions<VitOptions>(scene).imageSize; }

// An option with its names and help line, its functions left to the caller (an option of a
// form of its own, as the ViT lab's "middle or a patch").
inline ViewOption namedOption(const OptionNames &names, OptionHelp help)
{
    ViewOption option;
    option.key = names.key;
    option.flag = names.flag;
    option.valueName = names.valueName;
    option.sample = names.sample;
    option.sampleNeeds = names.sampleNeeds;
    option.help = std::move(help);
    return option;
}

// An integer in [low, high].
template <typename Field>
ViewOption integerOption(const OptionNames &names, OptionHelp help, int low, int high, Field field)
{
    ViewOption option = namedOption(names, std::move(help));
    option.parse = [flag = names.flag, low, high, field](const QString &text, Scene &scene) {
        return OptionText::readInteger(flag, text, low, high, field(scene));
    };
    option.format = [field](const Scene &scene) { return QString::number(field(scene)); };
    option.read = [key = names.key, low, high, field](const QJsonValue &value, const QString &path, Scene &scene) {
        const QString rule = SceneReader::tr("%1 must be an integer in [%2, %3]").arg(key).arg(low).arg(high);
        return OptionText::readIntegerIn(value, path, rule, low, high, field(scene));
    };
    option.write = [field](const Scene &scene) -> QJsonValue { return field(scene); };
    return option;
}

// A finite number in [low, high], written as the shortest text that reads back the same.
template <typename Field>
ViewOption numberOption(const OptionNames &names, OptionHelp help, double low, double high, Field field)
{
    ViewOption option = namedOption(names, std::move(help));
    option.parse = [flag = names.flag, low, high, field](const QString &text, Scene &scene) {
        return OptionText::readNumber(flag, text, low, high, field(scene));
    };
    option.format = [field](const Scene &scene) { return OptionText::shortest(field(scene)); };
    option.read = [key = names.key, low, high, field](const QJsonValue &value, const QString &path, Scene &scene) {
        const QString rule = SceneReader::tr("%1 must be a number in [%2, %3]")
                                 .arg(key, OptionText::shortest(low), OptionText::shortest(high));
        return OptionText::readNumberIn(value, path, rule, low, high, field(scene));
    };
    option.write = [field](const Scene &scene) -> QJsonValue { return field(scene); };
    return option;
}

// A random seed in [0, 2^64 - 1], as `posenc-lab train --seed` takes it; in JSON a number up
// to 2^53 and a string above.
template <typename Field>
ViewOption seedOption(const OptionNames &names, OptionHelp help, Field field)
{
    ViewOption option = namedOption(names, std::move(help));
    option.parse = [flag = names.flag, field](const QString &text, Scene &scene) {
        return OptionText::readSeed(flag, text, field(scene));
    };
    option.format = [field](const Scene &scene) { return QString::number(field(scene)); };
    option.read = [key = names.key, field](const QJsonValue &value, const QString &path, Scene &scene) {
        const QString rule =
            SceneReader::tr("%1 must be an integer in [0, 18446744073709551615], written as a string above 2^53").arg(key);
        return OptionText::readSeedIn(value, path, rule, field(scene));
    };
    option.write = [field](const Scene &scene) { return OptionText::seedJson(field(scene)); };
    return option;
}

// One of `values`, each spelt as `name` gives it.
template <typename E, typename Field>
ViewOption choiceOption(const OptionNames &names, OptionHelp help, QList<E> values, std::function<QString(E)> name,
                        Field field)
{
    const auto spelt = [values, name] {
        QStringList all;
        for (E value : values)
            all << name(value);
        return all;
    };
    const auto find = [values, name](const QString &text) -> std::optional<E> {
        for (E value : values) {
            if (name(value) == text)
                return value;
        }
        return std::nullopt;
    };
    ViewOption option = namedOption(names, std::move(help));
    option.parse = [flag = names.flag, spelt, find, field](const QString &text, Scene &scene) -> std::optional<QString> {
        const std::optional<E> value = find(text);
        if (!value)
            return OptionText::readChoice(flag, text, spelt());
        field(scene) = *value;
        return std::nullopt;
    };
    option.format = [name, field](const Scene &scene) { return name(field(scene)); };
    option.read = [spelt, find, field](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
        const std::optional<E> read = value.isString() ? find(value.toString()) : std::nullopt;
        if (!read)
            return SceneReader::tr("%1: %2 is not one of %3")
                .arg(path, SceneReader::valueText(value), spelt().join(QStringLiteral(", ")));
        field(scene) = *read;
        return std::nullopt;
    };
    option.write = [name, field](const Scene &scene) -> QJsonValue { return name(field(scene)); };
    return option;
}

// `option` also accepting the flags it was known by before (ViewOption::aliases).
inline ViewOption alsoSpelt(ViewOption option, QStringList oldFlags)
{
    option.aliases = std::move(oldFlags);
    return option;
}

// The values of a constant array as a list (core's kPositionSchemes).
template <typename E, std::size_t N>
QList<E> listOf(const E (&values)[N])
{
    return QList<E>(std::begin(values), std::end(values));
}

// The spelling of an enumeration's values by core's name function (trainingTaskName).
template <typename E>
std::function<QString(E)> coreNames(std::string_view (*name)(E))
{
    return [name](E value) { return fromStd(name(value)); };
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/scenereader.h"

#include "core/channels.h"
#include "ui/state/paramtext.h"
#include "ui/views/viewregistry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace posenc {

void initResources();

// Reads an integer: a JSON number with no fractional part, within int.
bool SceneReader::readInt(const QJsonValue &value, int *out)
{
    if (!value.isDouble())
        return false;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::floor(d) || std::abs(d) > 2147483647.0)
        return false;
    *out = int(d);
    return true;
}

bool SceneReader::readNumber(const QJsonValue &value, double *out)
{
    if (!value.isDouble() || !std::isfinite(value.toDouble()))
        return false;
    *out = value.toDouble();
    return true;
}

QString SceneReader::notAnInteger(const QString &path, const QJsonValue &value, const QString &rule)
{
    return tr("%1: %2 is not an integer; %3").arg(path, valueText(value), rule);
}

QString SceneReader::notANumber(const QString &path, const QJsonValue &value, const QString &rule)
{
    return tr("%1: %2 is not a number; %3").arg(path, valueText(value), rule);
}

QString SceneReader::notAList(const QString &path, const QJsonValue &value, const QString &rule)
{
    return tr("%1: %2 is not a list; %3").arg(path, valueText(value), rule);
}

QString SceneReader::notABool(const QString &path, const QJsonValue &value, const QString &rule)
{
    return tr("%1: %2 is not true or false; %3").arg(path, valueText(value), rule);
}

QString SceneReader::outOfRange(const QString &path, const QString &value, const QString &rule)
{
    return tr("%1: %2 is out of range; %3").arg(path, value, rule);
}

QString SceneReader::printable(const QString &text, qsizetype maxChars)
{
    QString line;
    // Escaped first, cut second, at most maxChars characters from each end looked at.
    const auto escaped = [](QStringView part) {
        QString out;
        out.reserve(part.size());
        for (QChar c : part) {
            if (c == QLatin1Char('\n'))
                out += QLatin1String("\\n");
            else if (c == QLatin1Char('\r'))
                out += QLatin1String("\\r");
            else if (c == QLatin1Char('\t'))
                out += QLatin1String("\\t");
            else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
        return out;
    };
    const qsizetype keep = std::max<qsizetype>(maxChars, 2);
    if (text.size() <= keep) {
        line = escaped(text);
        if (line.size() <= keep)
            return line;
        return line.left(keep / 2) + QChar(0x2026) + line.right(keep - keep / 2 - 1);
    }
    const QString head = escaped(QStringView(text).left(keep));
    const QString tail = escaped(QStringView(text).right(keep));
    return head.left(keep / 2) + QChar(0x2026) + tail.right(keep - keep / 2 - 1);
}

QString SceneReader::valueText(const QJsonValue &value)
{
    // More entries of a list than a message can show are not turned into text at all.
    constexpr qsizetype kShownEntries = 16;
    switch (value.type()) {
    case QJsonValue::Double: {
        // A whole number as the file most likely spells it (100000, not the shorter 1e+05);
        // any other number in the shortest form that reads back identical.
        const double number = value.toDouble();
        if (number == std::trunc(number) && std::abs(number) < 1e15)
            return QString::number(qint64(number));
        char text[32];
        const auto result = std::to_chars(text, text + sizeof text, number);
        return QString::fromLatin1(text, result.ptr - text);
    }
    case QJsonValue::String:
        return printable(QLatin1Char('"') + value.toString() + QLatin1Char('"'));
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        if (array.size() <= kShownEntries)
            return printable(QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)));
        QJsonArray first;
        for (qsizetype i = 0; i < kShownEntries; ++i)
            first.append(array.at(i));
        QString text = QString::fromUtf8(QJsonDocument(first).toJson(QJsonDocument::Compact));
        text.chop(1);
        return printable(text) + QStringLiteral(",…]");
    }
    case QJsonValue::Object:
        return printable(QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)));
    default:
        return QStringLiteral("null");
    }
}

std::optional<Scene> SceneReader::parse(const QJsonObject &scene, QString *error)
{
    return parse(scene, Scene{}, QString(), error);
}

std::optional<Scene> SceneReader::parse(const QJsonObject &scene, const Scene &base,
                                        const QString &where, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<Scene> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    // "figures[2].parameters.d_model: "64" is not an integer; d_model must be ..."
    // `message` is a whole sentence ("%1: %2 is not an integer; %3"), so that a translation
    // can order its words freely.
    auto notA = [&fail](const QString &path, const QJsonValue &value, const QString &message,
                        const QString &rule) {
        return fail(message.arg(path, valueText(value), rule));
    };
    auto outOfRange = [&fail](const QString &path, const QString &value, const QString &rule) {
        return fail(tr("%1: %2 is out of range; %3").arg(path, value, rule));
    };
    const QString anInteger = tr("%1: %2 is not an integer; %3");
    const QString aNumber = tr("%1: %2 is not a number; %3");

    Scene result = base;
    for (auto it = scene.begin(); it != scene.end(); ++it) {
        if (it.key() != QLatin1String("parameters") && it.key() != QLatin1String("view_options"))
            return fail(tr("%1: unknown key; known keys are %2")
                            .arg(where + printable(it.key()), QStringLiteral("parameters, view_options")));
        if (!it.value().isObject())
            return fail(tr("%1: %2 is not an object").arg(where + it.key(), valueText(it.value())));
    }

    const QString parametersPath = where + QStringLiteral("parameters.");
    const QJsonObject parameters = scene.value(QLatin1String("parameters")).toObject();
    EncodingParams &p = result.params;
    // The key each parameter has in the file, to name the field validate() refuses.
    auto keyOf = [](ParamField field) {
        return field == ParamField::Position ? QStringLiteral("pos") : ParamText::symbol(field);
    };
    // An integer field: a whole number too large for int is out of range, not "not an integer".
    auto readIntParameter = [&](ParamField field, const QJsonValue &value, int *out) {
        if (readInt(value, out))
            return true;
        const QString path = parametersPath + keyOf(field);
        const double d = value.toDouble();
        if (value.isDouble() && std::isfinite(d) && d == std::floor(d))
            outOfRange(path, valueText(value), ParamText::error({field, {}}));
        else
            notA(path, value, anInteger, ParamText::error({field, {}}));
        return false;
    };
    auto readNumberParameter = [&](ParamField field, const QJsonValue &value, double *out) {
        if (readNumber(value, out))
            return true;
        notA(parametersPath + keyOf(field), value, aNumber, ParamText::error({field, {}}));
        return false;
    };
    for (auto it = parameters.begin(); it != parameters.end(); ++it) {
        const QString key = it.key();
        const QJsonValue value = it.value();
        bool ok = true;
        if (key == QLatin1String("d_model")) {
            ok = readIntParameter(ParamField::DModel, value, &p.dModel);
        } else if (key == QLatin1String("seq_len")) {
            ok = readIntParameter(ParamField::SeqLen, value, &p.seqLen);
        } else if (key == QLatin1String("base")) {
            ok = readNumberParameter(ParamField::Base, value, &p.base);
        } else if (key == QLatin1String("scale")) {
            ok = readNumberParameter(ParamField::Scale, value, &p.scale);
        } else if (key == QLatin1String("offset")) {
            ok = readNumberParameter(ParamField::Offset, value, &p.offset);
        } else if (key == QLatin1String("start")) {
            ok = readNumberParameter(ParamField::Start, value, &p.start);
        } else if (key == QLatin1String("pos")) {
            ok = readNumberParameter(ParamField::Position, value, &p.position);
        } else if (key == QLatin1String("layout")) {
            const auto layout = layoutFromName(value.toString().toStdString());
            if (!value.isString() || !layout)
                return fail(tr("%1: %2 is not one of %3")
                                .arg(parametersPath + key, valueText(value), QStringLiteral("interleaved, split")));
            p.layout = *layout;
        } else if (key == QLatin1String("frequencies")) {
            const auto convention = frequencyConventionFromName(value.toString().toStdString());
            if (!value.isString() || !convention)
                return fail(tr("%1: %2 is not one of %3")
                                .arg(parametersPath + key, valueText(value), QStringLiteral("paper, tensor2tensor")));
            p.frequencies = *convention;
        } else {
            return fail(tr("%1: unknown key; known keys are %2")
                            .arg(parametersPath + printable(key),
                                 QStringLiteral("d_model, seq_len, base, scale, offset, start, pos, "
                                                "layout, frequencies")));
        }
        if (!ok)
            return std::nullopt;
    }
    if (const auto problem = p.validate()) {
        const QString key = keyOf(problem->field);
        const QJsonValue given = parameters.value(key);
        QString value = valueText(given);
        if (given.isUndefined()) // a value kept from `base` (or the default) that no longer fits
            value = valueText(p.value(problem->field));
        return outOfRange(parametersPath + key, value, ParamText::error(*problem));
    }

    const QString optionsPath = where + QStringLiteral("view_options.");
    const QJsonObject options = scene.value(QLatin1String("view_options")).toObject();
    // Dimensions the file does not name follow its d_model and layout, as the defaults do (a
    // dimension it names must exist, its option's read checks that).
    if (!options.contains(QLatin1String("dims")))
        result.followParams(base.params);
    for (auto it = options.begin(); it != options.end(); ++it) {
        const ViewOption *option = ViewRegistry::optionForKey(it.key());
        if (!option) {
            QStringList keys;
            for (const ViewOption *known : ViewRegistry::options())
                keys << known->key;
            return fail(tr("%1: unknown key; known keys are %2")
                            .arg(optionsPath + printable(it.key()), keys.join(QStringLiteral(", "))));
        }
        if (const auto problem = option->read(it.value(), optionsPath + it.key(), result))
            return fail(*problem);
    }
    // A pair kept from `base` that a smaller d_model no longer has: the last one, as the
    // window's state clamps it (a pair given was checked against the pairs that exist).
    result.rotationPair = result.clampedRotationPair();
    for (const ViewOption *option : ViewRegistry::options()) {
        if (!option->check)
            continue;
        if (const auto problem = option->check(result))
            return fail(optionsPath + *problem);
    }
    return result;
}

QList<SceneEntry> SceneReader::readList(const QString &path, const QString &key, QString *error)
{
    initResources();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return {};
    }
    return readList(file.readAll(), path, key, error);
}

QList<SceneEntry> SceneReader::readList(const QByteArray &json, const QString &source,
                                        const QString &key, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject()) {
        if (error)
            *error = tr("%1 is not valid JSON: %2").arg(source, parseError.errorString());
        return {};
    }
    QList<SceneEntry> entries;
    for (const QJsonValue &value : document.object().value(key).toArray()) {
        const QJsonObject object = value.toObject();
        entries.append({object.value(QLatin1String("id")).toString(),
                        object.value(QLatin1String("view")).toString(),
                        object.value(QLatin1String("scene")).toObject()});
    }
    if (entries.isEmpty() && error)
        *error = tr("%1 holds no entries under \"%2\"").arg(source, key);
    return entries;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/classroom/lesson.h"

#include "core/channels.h"
#include "ui/state/dimensionlist.h"
#include "ui/state/encodingstate.h"
#include "ui/state/paramtext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <algorithm>
#include <charconv>
#include <cmath>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initPosencResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace posenc {

void initResources()
{
    initPosencResources();
}

namespace {

// Reads an integer: a JSON number with no fractional part, within int.
bool readInt(const QJsonValue &value, int *out)
{
    if (!value.isDouble())
        return false;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::floor(d) || std::abs(d) > 2147483647.0)
        return false;
    *out = int(d);
    return true;
}

bool readNumber(const QJsonValue &value, double *out)
{
    if (!value.isDouble() || !std::isfinite(value.toDouble()))
        return false;
    *out = value.toDouble();
    return true;
}

} // namespace

QString SceneReader::valueText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Double: {
        char text[32];
        const auto result = std::to_chars(text, text + sizeof text, value.toDouble());
        return QString::fromLatin1(text, result.ptr - text);
    }
    case QJsonValue::String:
        return QLatin1Char('"') + value.toString() + QLatin1Char('"');
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
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
                            .arg(where + it.key(), QStringLiteral("parameters, view_options")));
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
                            .arg(parametersPath + key,
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
        if (given.isUndefined()) {
            // A value kept from `base` (or the default) that no longer fits with the others.
            switch (problem->field) {
            case ParamField::DModel: value = QString::number(p.dModel); break;
            case ParamField::SeqLen: value = QString::number(p.seqLen); break;
            case ParamField::Base: value = valueText(p.base); break;
            case ParamField::Scale: value = valueText(p.scale); break;
            case ParamField::Offset: value = valueText(p.offset); break;
            case ParamField::Start: value = valueText(p.start); break;
            case ParamField::Position: value = valueText(p.position); break;
            }
        }
        return outOfRange(parametersPath + key, value, ParamText::error(*problem));
    }

    const QString optionsPath = where + QStringLiteral("view_options.");
    const QJsonObject options = scene.value(QLatin1String("view_options")).toObject();
    const int pairs = pairCount(p);
    for (auto it = options.begin(); it != options.end(); ++it) {
        const QString key = it.key();
        const QString path = optionsPath + key;
        const QJsonValue value = it.value();
        if (key == QLatin1String("dims")) {
            const QString rule = tr("dims must be a list of at most %1 column indices in [0, %2]")
                                     .arg(DimensionList::kMaxCount)
                                     .arg(EncodingParams::kMaxDModel - 1);
            if (!value.isArray())
                return notA(path, value, tr("%1: %2 is not a list; %3"), rule);
            const QJsonArray array = value.toArray();
            if (array.size() > DimensionList::kMaxCount)
                return outOfRange(path, valueText(value), rule);
            result.dimensions.clear();
            for (qsizetype i = 0; i < array.size(); ++i) {
                const QString entryPath = QStringLiteral("%1[%2]").arg(path).arg(i);
                int column = 0;
                if (!readInt(array.at(i), &column))
                    return notA(entryPath, array.at(i), anInteger, rule);
                if (column < 0 || column >= EncodingParams::kMaxDModel)
                    return outOfRange(entryPath, valueText(array.at(i)), rule);
                result.dimensions << column;
            }
        } else if (key == QLatin1String("periods")) {
            const QString countRule = tr("periods must be a list of 1 to %1 numbers")
                                          .arg(TemporalParams::kMaxPeriods);
            const QString periodRule = tr("each period must be a finite number in (0, 1e9]");
            if (!value.isArray())
                return notA(path, value, tr("%1: %2 is not a list; %3"), countRule);
            const QJsonArray array = value.toArray();
            if (array.isEmpty() || array.size() > TemporalParams::kMaxPeriods)
                return outOfRange(path, valueText(value), countRule);
            result.temporal.periods.clear();
            for (qsizetype i = 0; i < array.size(); ++i) {
                const QString entryPath = QStringLiteral("%1[%2]").arg(path).arg(i);
                double period = 0;
                if (!readNumber(array.at(i), &period))
                    return notA(entryPath, array.at(i), aNumber, periodRule);
                if (!(period > 0) || period > TemporalParams::kMaxPeriod)
                    return outOfRange(entryPath, valueText(array.at(i)), periodRule);
                result.temporal.periods.push_back(period);
            }
        } else if (key == QLatin1String("steps")) {
            const QString rule = tr("steps must be an integer in [1, %1]").arg(TemporalParams::kMaxSteps);
            if (!readInt(value, &result.temporal.steps))
                return notA(path, value, anInteger, rule);
            if (result.temporal.steps < 1 || result.temporal.steps > TemporalParams::kMaxSteps)
                return outOfRange(path, valueText(value), rule);
        } else if (key == QLatin1String("rotation_pair")) {
            const QString rule = tr("rotation_pair must be an integer in [0, %1] (d_model / 2 - 1)")
                                     .arg(pairs - 1);
            if (!readInt(value, &result.rotationPair))
                return notA(path, value, anInteger, rule);
            if (result.rotationPair < 0 || result.rotationPair >= pairs)
                return outOfRange(path, valueText(value), rule);
        } else if (key == QLatin1String("cosine")) {
            if (!value.isBool())
                return notA(path, value, tr("%1: %2 is not true or false; %3"),
                            tr("cosine chooses the similarity view's measure"));
            result.cosine = value.toBool();
        } else {
            return fail(tr("%1: unknown key; known keys are %2")
                            .arg(path, QStringLiteral("dims, periods, steps, rotation_pair, cosine")));
        }
    }
    // A pair kept from `base` that a smaller d_model no longer has: the last one, as the
    // window's state clamps it.
    if (!options.contains(QLatin1String("rotation_pair")))
        result.rotationPair = std::clamp(result.rotationPair, 0, std::max(pairs - 1, 0));
    if (const auto problem = result.temporal.validate())
        return fail(QStringLiteral("%1%2").arg(optionsPath, QString::fromStdString(*problem)));
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
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject()) {
        if (error)
            *error = tr("%1 is not valid JSON: %2").arg(path, parseError.errorString());
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
        *error = tr("%1 holds no entries under \"%2\"").arg(path, key);
    return entries;
}

bool applyScene(const QJsonObject &scene, EncodingState &state, QString *error)
{
    const std::optional<Scene> parsed = SceneReader::parse(scene, error);
    if (!parsed)
        return false;
    return !state.setScene(*parsed); // valid: cannot refuse
}

QString defaultLessonLanguage()
{
    return QLocale().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN")
                                                            : QStringLiteral("en");
}

QString lessonMarkdown(const QString &id, const QString &language)
{
    initResources();
    for (const QString &lang : {language, QStringLiteral("en")}) {
        QFile file(QStringLiteral(":/lessons/%1/%2.md").arg(lang, id));
        if (file.open(QIODevice::ReadOnly))
            return QString::fromUtf8(file.readAll());
    }
    return {};
}

QString lessonTitle(const QString &id, const QString &language)
{
    const QString text = lessonMarkdown(id, language);
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("# ")))
            return line.mid(2).trimmed();
    }
    return id;
}

} // namespace posenc

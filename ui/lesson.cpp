// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/lesson.h"

#include "ui/encodingstate.h"
#include "ui/paramtext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

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

std::optional<Scene> SceneReader::parse(const QJsonObject &scene, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<Scene> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    auto typeError = [&fail](const QString &key, const QString &expected) {
        return fail(tr("scene: \"%1\" must be %2").arg(key, expected));
    };
    const QString anInteger = tr("an integer");
    const QString aNumber = tr("a number");

    Scene result;
    for (auto it = scene.begin(); it != scene.end(); ++it) {
        if (it.key() != QLatin1String("parameters") && it.key() != QLatin1String("view_options"))
            return fail(tr("scene: unknown key \"%1\"").arg(it.key()));
        if (!it.value().isObject())
            return typeError(it.key(), tr("an object"));
    }

    const QJsonObject parameters = scene.value(QLatin1String("parameters")).toObject();
    EncodingParams &p = result.params;
    for (auto it = parameters.begin(); it != parameters.end(); ++it) {
        const QString key = it.key();
        const QJsonValue value = it.value();
        if (key == QLatin1String("d_model")) {
            if (!readInt(value, &p.dModel))
                return typeError(key, anInteger);
        } else if (key == QLatin1String("seq_len")) {
            if (!readInt(value, &p.seqLen))
                return typeError(key, anInteger);
        } else if (key == QLatin1String("base")) {
            if (!readNumber(value, &p.base))
                return typeError(key, aNumber);
        } else if (key == QLatin1String("scale")) {
            if (!readNumber(value, &p.scale))
                return typeError(key, aNumber);
        } else if (key == QLatin1String("offset")) {
            if (!readNumber(value, &p.offset))
                return typeError(key, aNumber);
        } else if (key == QLatin1String("start")) {
            if (!readNumber(value, &p.start))
                return typeError(key, aNumber);
        } else if (key == QLatin1String("pos")) {
            if (!readNumber(value, &p.position))
                return typeError(key, aNumber);
        } else if (key == QLatin1String("layout")) {
            const auto layout = layoutFromName(value.toString().toStdString());
            if (!value.isString() || !layout)
                return fail(tr("scene: \"layout\" must be \"interleaved\" or \"split\""));
            p.layout = *layout;
        } else if (key == QLatin1String("frequencies")) {
            const auto convention = frequencyConventionFromName(value.toString().toStdString());
            if (!value.isString() || !convention)
                return fail(tr("scene: \"frequencies\" must be \"paper\" or \"tensor2tensor\""));
            p.frequencies = *convention;
        } else {
            return fail(tr("scene: unknown parameter \"%1\"").arg(key));
        }
    }
    if (const auto problem = p.validate())
        return fail(tr("scene: %1").arg(ParamText::error(*problem)));

    const QJsonObject options = scene.value(QLatin1String("view_options")).toObject();
    for (auto it = options.begin(); it != options.end(); ++it) {
        const QString key = it.key();
        const QJsonValue value = it.value();
        if (key == QLatin1String("dims")) {
            if (!value.isArray())
                return typeError(key, tr("a list of column indices"));
            result.dimensions.clear();
            for (const QJsonValue &entry : value.toArray()) {
                int column = 0;
                if (!readInt(entry, &column) || column < 0 || column >= EncodingParams::kMaxDModel)
                    return fail(tr("scene: \"dims\" must hold column indices in [0, %1]")
                                    .arg(EncodingParams::kMaxDModel - 1));
                result.dimensions << column;
            }
        } else if (key == QLatin1String("periods")) {
            if (!value.isArray())
                return typeError(key, tr("a list of numbers"));
            result.temporal.periods.clear();
            for (const QJsonValue &entry : value.toArray()) {
                double period = 0;
                if (!readNumber(entry, &period))
                    return typeError(key, tr("a list of numbers"));
                result.temporal.periods.push_back(period);
            }
        } else if (key == QLatin1String("steps")) {
            if (!readInt(value, &result.temporal.steps))
                return typeError(key, anInteger);
        } else if (key == QLatin1String("rotation_pair")) {
            if (!readInt(value, &result.rotationPair) || result.rotationPair < 0)
                return typeError(key, tr("an integer of at least 0"));
        } else if (key == QLatin1String("cosine")) {
            if (!value.isBool())
                return typeError(key, tr("true or false"));
            result.cosine = value.toBool();
        } else {
            return fail(tr("scene: unknown view option \"%1\"").arg(key));
        }
    }
    if (const auto problem = result.temporal.validate())
        return fail(tr("scene: %1").arg(QString::fromStdString(*problem)));
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
    // Everything is valid: none of these setters can refuse now.
    state.setParams(parsed->params);
    state.setCurveDimensions(parsed->dimensions);
    state.setTemporal(parsed->temporal);
    state.setRotationPair(parsed->rotationPair);
    state.setCosineSimilarity(parsed->cosine);
    return true;
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

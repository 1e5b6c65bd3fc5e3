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

// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson and scene files as the classroom tests read them, from the source tree and
// independently of the code under test.
#pragma once

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

// The array `key` of the JSON file at `path` (empty if the file is missing).
inline QJsonArray entriesOf(const QString &path, const QString &key)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(key).toArray();
}

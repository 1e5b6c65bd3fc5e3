// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/state/scene.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace posenc {

// A scene as JSON, the same in lessons, named scenes and presets:
//   { "parameters": { "d_model": 128, "seq_len": 30, "base": 10000, "scale": 1,
//                     "offset": 5, "start": 0, "pos": 10,
//                     "layout": "interleaved", "frequencies": "paper" },
//     "view_options": { "dims": [0, 1], "periods": [24, 168], "steps": 336,
//                       "rotation_pair": 0, "cosine": false } }
// The keys of "view_options" are those of the registered views' options (ViewRegistry).
// Missing keys take the defaults (Scene{}); an unknown key, a value of the wrong type or an
// invalid value refuses the whole scene.

// One lesson or named scene of a list file: its id (which names the text file
// :/lessons/<lang>/<id>.md for lessons), the view it opens and its scene.
struct SceneEntry {
    QString id;
    QString view;
    QJsonObject scene;
};

class SceneReader
{
    Q_DECLARE_TR_FUNCTIONS(SceneReader)

public:
    // The scene described by `scene`, fully validated; nothing and a one-line reason if any
    // key is unknown, of the wrong type or out of range.
    static std::optional<Scene> parse(const QJsonObject &scene, QString *error);
    // The same on top of `base`: keys left out keep base's values (a preset figure's
    // overrides). The reason names the field by its path after `where`, such as
    // "figures[2]." + "parameters.d_model".
    static std::optional<Scene> parse(const QJsonObject &scene, const Scene &base,
                                      const QString &where, QString *error);

    // A JSON value as a message quotes it: 900, "abc", [1,2], true; printable (see below),
    // a long list cut after its first entries.
    static QString valueText(const QJsonValue &value);
    // `text` as one line of a message: control characters (a newline, a NUL) written as
    // escapes (\n, \u0000), and a text longer than `maxChars` cut in the middle to that
    // length with "…", so that a 50 MB value is not echoed back.
    static QString printable(const QString &text, qsizetype maxChars = 80);

    // For the readers of view options (ViewOption::read), so that every field is read and
    // refused in the same words: an integer is a JSON number without a fraction, within int;
    // a number is finite. The messages name the field by `path` and end with `rule`.
    static bool readInt(const QJsonValue &value, int *out);
    static bool readNumber(const QJsonValue &value, double *out);
    static QString notAnInteger(const QString &path, const QJsonValue &value, const QString &rule);
    static QString notANumber(const QString &path, const QJsonValue &value, const QString &rule);
    static QString notAList(const QString &path, const QJsonValue &value, const QString &rule);
    static QString notABool(const QString &path, const QJsonValue &value, const QString &rule);
    static QString outOfRange(const QString &path, const QString &value, const QString &rule);

    // The entries of a list file ({"lessons": [...]} or {"scenes": [...]}), in order; the
    // key is "lessons" or "scenes". Empty with a reason when the file is unreadable.
    static QList<SceneEntry> readList(const QString &path, const QString &key, QString *error);
    // The same for the file's bytes (what readList(path) reads, and what tests/fuzz feeds);
    // `source` names the file in the reason.
    static QList<SceneEntry> readList(const QByteArray &json, const QString &source,
                                      const QString &key, QString *error);
};

} // namespace posenc

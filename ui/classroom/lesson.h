// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "core/temporal.h"
#include "ui/state/scene.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace posenc {

class EncodingState;

// A scene (ui/state/scene.h) is read from JSON (resources/lessons/lessons.json,
// resources/scenes.json, presets):
//   { "parameters": { "d_model": 128, "seq_len": 30, "base": 10000, "scale": 1,
//                     "offset": 5, "start": 0, "pos": 10,
//                     "layout": "interleaved", "frequencies": "paper" },
//     "view_options": { "dims": [0, 1], "periods": [24, 168], "steps": 336,
//                       "rotation_pair": 0, "cosine": false } }
// Missing keys take the defaults (EncodingParams{}, TemporalParams{}); an unknown key, a value
// of the wrong type or an invalid value refuses the whole scene.
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

    // A JSON value as a message quotes it: 900, "abc", [1,2], true.
    static QString valueText(const QJsonValue &value);

    // The entries of a list file ({"lessons": [...]} or {"scenes": [...]}), in order; the
    // key is "lessons" or "scenes". Empty with a reason when the file is unreadable.
    static QList<SceneEntry> readList(const QString &path, const QString &key, QString *error);
};

// Applies `scene` to `state`: builds the whole parameter set from the defaults and the scene,
// validates all of it first, and changes nothing when anything is wrong (false, reason in
// `error`).
bool applyScene(const QJsonObject &scene, EncodingState &state, QString *error);

// The language of the lesson texts for the current UI language: "zh_CN" when the default
// locale is Chinese, else "en".
QString defaultLessonLanguage();

// The Markdown text of lesson `id` in `language`, falling back to English; empty if missing.
QString lessonMarkdown(const QString &id, const QString &language);

// The title of a lesson: the first "# " heading of its text, or the id.
QString lessonTitle(const QString &id, const QString &language);

// Makes sure the compiled-in resources (lessons, scenes, icons) are registered: they live in
// the static ui library, whose resource object a linker could otherwise drop.
void initResources();

} // namespace posenc

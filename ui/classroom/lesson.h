// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "core/temporal.h"
#include "ui/state/scene.h"
#include "ui/views/scenereader.h"

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

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/dataexport.h"
#include "ui/export/figurerequest.h"
#include "ui/views/scenereader.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <variant>

namespace posenc {

class EncodingState;

// One figure of a preset: which view, the file it goes to (a bare file name, resolved against
// `posenc-lab export --out-dir DIR`; its extension picks the format) and what it changes
// relative to the preset. The overrides are kept as the JSON objects the file holds (only the
// keys given), so that a figure follows later changes of the preset's own settings and saves
// back exactly as it was read.
struct PresetFigure {
    QString view;
    QString file;
    QJsonObject parameters;  // keys of "parameters": d_model, seq_len, base, ..., frequencies
    QJsonObject viewOptions; // keys of "view_options": the registered views' option keys
    QJsonObject page;        // keys of "export": size | width_mm + height_mm, dpi, font_pt, theme, colormap
    std::optional<DType> dtype; // data files (.npy, .csv) only; float64 when not given

    bool operator==(const PresetFigure &) const = default;
};

// The whole state of the window as a versioned JSON file ("Presets"):
//   { "format": "posenc-lab/1",
//     "title": "Two periods for the bakery's orders",   // optional: a teacher's named scene
//     "view": "heatmap",
//     "parameters":   { "d_model": 128, ..., "layout": "interleaved", "frequencies": "paper" },
//     "view_options": { "dims": [0, 1], "periods": [24, 168], "steps": 336,
//                       "rotation_pair": 0, "cosine": false },
//     "export": { "size": "single-column", "dpi": 300, "font_pt": 8,
//                 "theme": "light", "colormap": "diverging" },   // or "width_mm" + "height_mm"
//     "figures": [ { "view": "spectrum", "file": "spectrum.pdf",
//                    "parameters": {...}, "view_options": {...}, "export": {...},
//                    "dtype": "float32" } ] }
// "parameters" and "view_options" are read by SceneReader (the same keys, types and ranges as
// lessons and scenes); every key but "format" may be left out and then takes its default.
struct Preset {
    static constexpr const char *kFormat = "posenc-lab/1";

    // The longest title: it names the scene in the Scenes menu and box.
    static constexpr int kMaxTitleChars = 80;

    QString title;                         // the scene's name, or empty
    Scene scene;                           // parameters and view options
    QString view = ViewRegistry::defaultId(); // the view in front (an id of ViewRegistry)
    FigurePage page;                       // export settings
    QList<PresetFigure> figures;

    bool operator==(const Preset &) const = default;

    // The complete export of the preset's own view to `output` (export --preset -o FILE).
    FigureRequest viewRequest(const QString &output) const;
    // The complete export of figure `index`, written to `outDir`/file. Nothing, with a
    // one-line reason naming the field, when its overrides do not fit the preset (only
    // possible for a preset built in code: a read preset was checked whole).
    std::optional<FigureRequest> figureRequest(int index, const QString &outDir, QString *error) const;
};

// Reads, checks, writes and applies presets. Every refusal is one line naming the field by
// its path in the file and the valid range, e.g.
//   figures[2].export.dpi: 900 is out of range; dpi must be an integer in [72, 600]
// and a refused preset changes nothing.
class PresetFile
{
    Q_DECLARE_TR_FUNCTIONS(PresetFile)

public:
    using Result = std::variant<Preset, QString>; // the preset, or why it was refused

    // The largest preset file read: a preset is a few kilobytes, and a device such as
    // /dev/zero has no end.
    static constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;
    // The preset in `path`, which must be a regular file of at most kMaxFileBytes (a FIFO
    // would block and a device never ends); an unreadable file's message names the path.
    static Result read(const QString &path);
    // The preset in `json`: malformed JSON, a missing or unknown "format", an unknown key,
    // a value of the wrong type or out of range refuse the whole file.
    static Result parse(const QByteArray &json);

    // The file's text: indented JSON, every number in its shortest form that reads back
    // identical, export settings as "size" for a named size, else width_mm and height_mm.
    static QByteArray toJson(const Preset &preset);
    // Whether `title` can be a preset's title: 1 to Preset::kMaxTitleChars characters once
    // trimmed, on one line.
    static bool isTitle(const QString &title);

    // Writes through SafeSave: on failure (false, reason in `error`) the old file is kept.
    static bool write(const Preset &preset, const QString &path, QString *error);

    // A preset of the current state, the view in front and the export settings; `figures`
    // are carried over unchanged (those of the preset last opened, if any).
    static Preset fromState(const EncodingState &state, const QString &view,
                            const FigurePage &page, const QList<PresetFigure> &figures = {});
    // Sets the state's parameters and view options, all or nothing: false (reason in `error`)
    // and the state untouched if they are invalid (only possible for a preset built in code).
    // The view and the export settings are the window's to apply.
    static bool applyTo(const Preset &preset, EncodingState &state, QString *error = nullptr);
};

} // namespace posenc

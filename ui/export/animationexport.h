// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "ui/export/figurerequest.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace posenc {

// One parameter swept over evenly spaced values: what `export --animate PARAM --from A --to B
// --frames N [--fps F]` and File > Export Animation... ask for.
struct Animation {
    static constexpr int kMinFrames = 2;
    static constexpr int kMaxFrames = 600;
    // GIF delays are whole hundredths of a second, and viewers slow delays under 2/100 s
    // down to 1/10 s: 50 frames per second is the most a GIF can promise.
    static constexpr double kMinFps = 1;
    static constexpr double kMaxFps = 50;
    static constexpr double kDefaultFps = 10;

    ParamField parameter = ParamField::Position;
    double from = 0;
    double to = 0;
    int frames = kMinFrames;
    double fps = kDefaultFps;

    // The parameters that can be animated, by their option names without dashes
    // (pos, offset, start, scale, base, d-model, seq-len): every ParamField.
    static QStringList parameterNames();
    static std::optional<ParamField> parameterNamed(const QString &name);
    // Whether its values are spaced on a log scale (base: its frequency ladder is geometric).
    static bool isLogarithmic(ParamField parameter);

    // The `frames` values from `from` to `to` (both included), evenly spaced (geometrically
    // for base), rounded to integers for d-model and seq-len.
    QList<double> values() const;

    bool operator==(const Animation &) const = default;
};

// An animated figure: the figure request (view, scene, page, language) of its first frame,
// the animation, and the .gif it writes. Its command line is the `posenc-lab export` that
// writes the same file again; the GIF keeps it in a comment extension.
struct AnimationRequest : FigureRequest {
    Animation animation;

    // Whether `path` names an animation (.gif).
    static bool isAnimationPath(const QString &path);

    // The first problem, as one translated line naming the option and its valid range
    // ("--to: 5000 is out of range; d_model must be an integer in [2, 4096]"); nothing when
    // every frame can be drawn.
    std::optional<QString> validate() const;

    // The figure of frame `index`: this request with the animated parameter at its value
    // (the output left empty).
    FigureRequest frame(int index) const;
    // What a frame says above the view: "base = 1000", "k = 12".
    static QString frameCaption(ParamField parameter, double value);

    // The canonical command line, as FigureRequest's, with the animated parameter given by
    // --animate, --from, --to, --frames and --fps instead of its own option.
    QStringList arguments() const;
    QString commandLine() const;
};

// Writes an animated GIF with giflib: every frame is the figure FigureExport draws for it (the
// PNG it would write, page.pixelSize() pixels), all frames share one palette of at most 256
// colours (see the .cpp for why), the animation loops forever, each frame lasts 1/fps s and
// the reproducing command line is in a comment extension. Written through SafeSave: on
// failure or cancel no file is left and an old one is kept. Needs a QApplication.
class AnimationExport
{
    Q_DECLARE_TR_FUNCTIONS(AnimationExport)

public:
    // Called after each step with (done, total); returning false cancels the export.
    using Progress = std::function<bool(int done, int total)>;

    // `*cancelled` (when given) says whether a false return was a cancel (then `*error` is
    // empty) rather than a failure. `omitted` (when given) receives what any frame's page left
    // out, as FigureExport::write gives it.
    static bool write(const AnimationRequest &request, QString *error, const Progress &progress = {},
                      bool *cancelled = nullptr, QStringList *omitted = nullptr);
};

} // namespace posenc

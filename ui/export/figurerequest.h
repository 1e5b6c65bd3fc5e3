// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "core/temporal.h"
#include "ui/export/dataexport.h"
#include "ui/state/scene.h"
#include "ui/views/viewregistry.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace posenc {

// The page of an exported figure: its physical size, the resolution of a PNG and the size of
// its text. A named preset (`--size single-column`) or an explicit size in millimetres.
struct FigurePage {
    // Valid ranges, the same on the command line and (later) in presets.
    static constexpr double kMinMm = 20;
    static constexpr double kMaxMm = 1000;
    static constexpr int kMinDpi = 72;
    static constexpr int kMaxDpi = 600;
    static constexpr double kMinFontPt = 5;
    static constexpr double kMaxFontPt = 30;
    // The most dots a page may have at its DPI, in every format (a PNG is that image, and the
    // colour maps of a PDF or an SVG are drawn on that grid too): what a figure costs in
    // memory grows with it, by about 40 bytes a dot, so that 64 megapixels (A4 at 600 dpi, or
    // 8000 x 8000) stay within 3 GB. A larger page (1000 x 1000 mm at 600 dpi is 558
    // megapixels and needed 12.6 GB) is refused with the largest DPI that fits (sizeProblem).
    static constexpr double kMaxMegapixels = 64;

    QString preset = QStringLiteral("single-column"); // empty when the size is explicit
    double widthMm = 89;
    double heightMm = 66.75;
    int dpi = 300;
    double fontPt = 8;
    // A slide's text unless the font is given: what the back of a room reads off a projector
    // (seaborn's "talk" context scales text to about this).
    static constexpr double kSlideFontPt = 18;
    // An animation for a slide is shown on a projector, not printed: the export dialog offers
    // this DPI for it (a 254 mm slide 1200 pixels wide) rather than a print's.
    static constexpr int kSlideAnimationDpi = 120;
    // The export theme, chosen apart from the screen's: light, dark or print (grayscale-safe).
    QString theme = QStringLiteral("light");
    // The colour map of every heatmap: diverging (RdBu centred on zero), viridis or gray.
    QString colormap = QStringLiteral("diverging");
    // A clean figure (--clean): the data alone, without the pos / pos + k markers, their
    // labels and the annotations written onto the plots.
    bool clean = false;

    // The presets by their command-line names: single-column (89 mm, 4:3), double-column
    // (183 mm, 2:1) and slide (254 x 142.875 mm, 16:9, the size of a 10-inch slide).
    static QStringList presetNames();
    static std::optional<FigurePage> fromPreset(const QString &name);
    static QStringList themeNames();    // light, dark, print
    static QStringList colormapNames(); // diverging, viridis, gray

    // Pixels of a PNG: round(mm / 25.4 x dpi) each way.
    static int pixels(double mm, int dpi);
    QSize pixelSize() const { return QSize(pixels(widthMm, dpi), pixels(heightMm, dpi)); }
    // Why the page cannot be drawn (more dots than kMaxMegapixels), as one line naming the
    // limit and the largest DPI that would fit; nothing when it can.
    std::optional<QString> sizeProblem() const;
    // Pixels per metre as a PNG's pHYs chunk records it.
    static int dotsPerMeter(int dpi);

    bool operator==(const FigurePage &) const = default;
};

// Everything that determines an exported file: the view, the parameters, the chosen
// dimensions (curves, spectrum), the temporal encoding (temporal), the page (figures) or the
// number type (data), and the output file. It turns into the one `posenc-lab export`
// command line that writes the same file again, and into a compact JSON of the parameters;
// both go into every exported file (PNG text chunks, SVG title and description, PDF
// document information, CSV comment lines).
// The parameters and view options are its Scene (a base, so that request.params and
// request.temporal read as before and `static_cast<Scene &>(request) = scene` copies them all).
struct FigureRequest : Scene {
    QString view = ViewRegistry::defaultId(); // the view's id
    const Scene &scene() const { return *this; }
    Scene &scene() { return *this; }
    // The language of a figure's text (--lang): "zh_CN", or empty / "en" for English.
    QString language;
    FigurePage page;
    DType dtype = DType::Float64;
    QString output;
    // A line set above the view, in the figure's own type: an animation's frame names the
    // value it shows ("base = 1000"). Not an option of its own: the animation makes it.
    QString caption;

    // Whether `path` names a figure (.png, .svg, .pdf) rather than data (.npy, .csv).
    static bool isFigurePath(const QString &path);
    bool isFigure() const { return isFigurePath(output); }

    // The canonical command line: every parameter the view depends on, spelled out (so that
    // it means the same after the defaults change), numbers in their shortest exact form,
    // arguments quoted for a POSIX shell where needed.
    QString commandLine() const;
    // "posenc-lab" and `arguments`, each quoted for a POSIX shell where needed.
    static QString commandLineOf(const QStringList &arguments);
    // The same as arguments, without the program name.
    QStringList arguments() const;
    // {"software": "posenc-lab 0.1.0", "view": ..., "d_model": ..., ...} on one line.
    QByteArray parametersJson() const;
    // "posenc-lab 0.1.0"
    static QString software();
};

// The command-line option of a parameter, without its dashes: "d-model", "seq-len", "base",
// "scale", "offset", "start", "pos".
QString parameterOption(ParamField field);

// The encoding parameters as a JSON object under the names of the command line ("d_model",
// "seq_len", "base", "scale", "offset", "start", "pos", "layout", "frequencies"): what every
// exported file records and what a preset's "parameters" holds, written in one place so that
// the two cannot drift apart.
QJsonObject parametersObject(const EncodingParams &params);

} // namespace posenc

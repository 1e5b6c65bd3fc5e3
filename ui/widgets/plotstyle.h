// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QCPColorGradient;
class QCPRange;
class QCPAxis;
class QCPGraph;
class QCPScatterStyle;
class QCustomPlot;
class QObject;
class QWidget;

namespace posenc {

// Colours and plot defaults shared by every view, chosen to stay readable for colour-blind
// readers and in grayscale print.
namespace PlotStyle {

// ColorBrewer RdBu (reversed: negative blue, zero white, positive red), colour-blind safe.
// Used with a data range symmetric about zero so that white always means 0.
QCPColorGradient diverging();

// Matplotlib's viridis (sampled at 11 points) for values >= 0 such as amplitudes:
// perceptually uniform, colour-blind safe, readable in grayscale. QCustomPlot has no preset.
QCPColorGradient sequential();

// Okabe & Ito's eight colours for categorical series (curves of different dimensions).
const QList<QColor> &categorical();

// Common look of a plot: antialiased lines, readable tick labels in every axis rect; a replot
// paints with the window's next paint, not at once. Call it again after adding axis rects.
void applyDefaults(QCustomPlot *plot);
// Before each replot of `plot`, as many ticks on the horizontal `axis` as labels of its widest
// number fit side by side, at most `maxTicks`: position numbers on a small map (d_model 4096 on
// 70 pixels, 4096 positions in a single-column figure) otherwise run together ("0100020003000").
void keepTickLabelsApart(QCustomPlot *plot, QCPAxis *axis, int maxTicks);

// Black for the lowest value to white for the highest (matplotlib's "gray"): it survives any
// printer, since lightness alone carries the value.
QCPColorGradient gray();

// The look of an exported figure, chosen apart from the screen's (FigurePage::theme): light
// (the views as they are drawn), dark (for slides on a dark background) and print (white
// paper, black ink, nothing that needs colour to be told apart).
enum class Theme { Light, Dark, Print };
// The colour map of every heatmap of a figure (FigurePage::colormap).
enum class ColorMap { Diverging, Viridis, Gray };

// By their command-line names ("light", "dark", "print"; "diverging", "viridis", "gray").
std::optional<Theme> themeNamed(const QString &name);
std::optional<ColorMap> colorMapNamed(const QString &name);

// The few colours a theme is made of.
struct ThemeColors {
    QColor background; // page, plots and widgets
    QColor ink;        // text, tick labels
    QColor axis;       // axis lines and ticks
    QColor grid;
    QColor subGrid;
};
ThemeColors themeColors(Theme theme);

// The gradient `map` means on a heatmap whose colour scale runs over `range`, keeping the
// range the view chose:
//  - diverging: RdBu over a range around zero; over a range that starts at zero (amplitudes)
//    its upper half, white to dark red, so that white means 0 in every view;
//  - viridis: the whole map over any range;
//  - gray: black to white (0 is mid-gray on a symmetric range); over a range that starts at
//    zero, white to black, so that 0 is the paper and a value is ink, as in the diverging map.
// The print theme must survive a grayscale printer, which RdBu does not (both of its ends are
// dark): there the diverging map gives way to gray; viridis, whose lightness rises
// monotonically, stays.
QCPColorGradient gradientFor(ColorMap map, const QCPRange &range, Theme theme);

// A colour a view chose for its light look, as `theme` shows it. Light and print keep it.
// Dark turns grays around (black ink becomes light, white boxes become dark, a light grid
// stays faint) and lightens a colour until it stands out from the dark background (WCAG
// contrast 4.5) keeping its hue, so that the Okabe-Ito series stay the same series.
QColor themed(const QColor &color, Theme theme);

// `color` lightened (or darkened) until its WCAG contrast with `background` reaches
// `contrast`, keeping its hue; unchanged if it already does.
QColor readableOn(const QColor &color, const QColor &background, double contrast = 4.5);

// Restyles an exported view in one place rather than in every view: the palette of the view
// and of every widget in it (labels, the clock faces, the rotation matrices, including the
// colours written into rich text and style sheets), and in every QCustomPlot of it the
// background, axes, grids, legends, texts, curves and items, and the gradient of every colour
// map and colour scale (their data ranges stay as the views set them). Print also gives the
// curves of each axis rect distinct line styles and markers, so that they can be told apart
// without colour. Meant for a view that is about to be exported: the look stays until the
// view next rebuilds its plots.
void applyTheme(QWidget *view, Theme theme, ColorMap map);

// Figure layouts. A view exported to a small page (a single column is 89 x 66.75 mm: about 26
// x 19 lines of 8 pt text) cannot hold what it shows on a screen without clipping labels, so
// it has a compact layout: fewer or stacked panels, less text, smaller margins. FigureExport
// marks the view it lays out for a page with setFigure(); a view registers its compact layout
// with watchFigureLayout(): `apply(true)` runs when a figure view becomes smaller than `lines`
// (width and height in lines of its font), `apply(false)` when it is larger again or no longer
// a figure. On screen nothing changes.
void setFigure(QWidget *view, bool figure);
// Whether `widget` is a figure or inside one (FigureExport marks what it lays out, which may
// be a view under a caption).
bool isFigure(const QWidget *widget);
// The size of the page, in the view's pixels, that FigureExport lays `view` out for. A view
// cannot be smaller than its layout's minimum, and that of its screen layout may be larger
// than the page: its compact layout is chosen for the page, not for the size it is held at.
void setFigurePage(QWidget *view, QSize page);
// The size `widget` is laid out at, bounded by the page of the figure it is in, if any.
QSize figureSize(const QWidget *widget);
// Whether `widget` is drawn for a file rather than for a screen: it or a widget it is in is a
// figure (setFigure), or its window is never shown on a screen (Qt::WA_DontShowOnScreen: a
// figure's view, a screenshot). Such a widget is painted right after it is updated, so a view
// computes at once what a window leaves to a background job, and draws for the page's dots,
// not the screen's pixels. The one place that rule is written.
bool isDrawnForFile(const QWidget *widget);
void watchFigureLayout(QWidget *view, QSizeF lines, std::function<void(bool compact)> apply);
// The same for a view whose compact layout is arranged one way on a wide page and another on
// a narrow one: `apply` runs when the view turns compact or back, and when a compact view's
// page turns wide or narrow (a single column to a slide).
// With `figure`, also when the view becomes a figure of any size or stops being one.
struct FigureShape {
    bool compact = false;
    bool wide = false;   // compact and wide (isWideFigure)
    bool figure = false; // a figure at all, where asked for
    bool operator==(const FigureShape &) const = default;
};
void watchFigureShape(QWidget *view, QSizeF lines, std::function<void(FigureShape shape)> apply, bool figure = false);
// `apply(true)` when the view becomes a figure of any size, `apply(false)` when it stops being
// one: for what no page shows (sentences, hints), whatever its size.
void watchFigure(QWidget *view, std::function<void(bool figure)> apply);
// Whether a figure view is laid out on a wide page, at least kWideFigureAspect times as wide
// as high (a slide is 16:9, a double column about 1.8; a single column 4:3): room for panels
// side by side rather than stacked.
constexpr double kWideFigureAspect = 1.6;
bool isWideFigure(const QWidget *view);
// What a compact layout leaves out of a figure's content (a plot, a panel), in a reader's
// words, or nullptr when it leaves out nothing. A view sets it each time it arranges itself
// for a page, and FigureExport reports it with the figure, so that no page drops content
// silently. `what` is untranslated, QT_TRANSLATE_NOOP("FigureExport", "the spectra of the
// chosen dimensions"): FigureExport says it in the language of its messages, which on the
// command line may not be the figure's. figureOmissions() gathers the untranslated texts
// from `view` and every widget shown in it (a figure with a caption wraps the view).
void setFigureOmits(QWidget *view, const char *what);
QStringList figureOmissions(const QWidget *view);

// Whole-number ticks on an axis of positions, dimensions, rows of M_k or offsets: never a
// fractional tick (2.5), however far the axis is zoomed; steps stay round (1, 2, 5, 10, 20,
// ...) and sub-ticks fall on whole numbers. The one ticker every integer axis uses.
void useIntegerTicks(QCPAxis *axis);

// Markers that are fast on a screen and vectors in a figure. On a screen `style` is drawn
// once into a pixmap that QCustomPlot copies to each point (stroking hundreds of antialiased
// discs as paths is most of a replot); the vector style is remembered, and useVectorScatter()
// (FigureExport, before it paints) puts it back on every such graph of `view`, so that a
// PDF or SVG holds circles, not bitmaps. A figure view (isFigure, or never shown on a
// screen) gets the vector style at once.
void setScreenScatter(QCPGraph *graph, const QCPScatterStyle &style);
void useVectorScatter(QWidget *view);

// What a clean figure (--clean) leaves out: the pos and pos + k markers, their labels and
// the annotations written onto a plot. A view marks such a QCPLayerable (item, graph) or
// QWidget once when it makes it; hideAnnotations() hides every marked one in `view`.
void markAnnotation(QObject *object);
bool isAnnotation(const QObject *object);
void hideAnnotations(QWidget *view);
// What only the window shows, never a figure: notes about the app, captions of the tab.
void markScreenOnly(QWidget *widget);
bool isScreenOnly(const QWidget *widget);

// The typography of a figure, matplotlib's care: tick labels with a true minus sign (U+2212)
// and powers of ten as 10 with a superscript exponent on logarithmic axes, ticks pointing
// outward (never over a heatmap's cells), colour bars a twentieth of their length wide with
// their label close to the tick labels. For a view laid out for its page, before painting.
void applyFigureTypography(QWidget *view);
// A tick label as a figure prints it: "-0.5" -> "−0.5"; on a logarithmic axis a power of ten
// is "10⁵" / "10⁻⁴" (Unicode superscripts).
QString figureTickLabel(const QString &label, double tick, bool logarithmic);
// A logarithmic axis whose powers of ten read as figures print them, "10⁵", on the screen
// too (QCustomPlot's own labels read "1E+05").
void useLogScale(QCPAxis *axis, double logBase = 10);

} // namespace PlotStyle

} // namespace posenc

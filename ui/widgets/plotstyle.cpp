// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plotstyle.h"

#include "ui/widgets/plotfit.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QLabel>
#include <QRegularExpression>
#include <QVariant>

#include <QPainter>
#include <QPixmap>
#include <QPointer>

#include <algorithm>
#include <cmath>

Q_DECLARE_METATYPE(QCPScatterStyle)

namespace posenc::PlotStyle {

namespace {

// A gradient through evenly spaced colour stops, in 256 levels.
QCPColorGradient throughStops(const QList<QColor> &stops)
{
    QCPColorGradient gradient;
    gradient.clearColorStops();
    for (int i = 0; i < stops.size(); ++i)
        gradient.setColorStopAt(double(i) / (stops.size() - 1), stops[i]);
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(256);
    return gradient;
}

// RdBu, 11 classes, from ColorBrewer 2.0 (Cynthia Brewer), blue for -1 and red for +1.
const QList<QColor> &rdBu()
{
    static const QList<QColor> stops{
        QColor(0x05, 0x30, 0x61), QColor(0x21, 0x66, 0xac), QColor(0x43, 0x93, 0xc3),
        QColor(0x92, 0xc5, 0xde), QColor(0xd1, 0xe5, 0xf0), QColor(0xf7, 0xf7, 0xf7),
        QColor(0xfd, 0xdb, 0xc7), QColor(0xf4, 0xa5, 0x82), QColor(0xd6, 0x60, 0x4d),
        QColor(0xb2, 0x18, 0x2b), QColor(0x67, 0x00, 0x1f)};
    return stops;
}

// WCAG 2 relative luminance of an sRGB colour.
double luminance(const QColor &color)
{
    const auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF());
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QPen themedPen(QPen pen, Theme theme)
{
    if (pen.style() != Qt::NoPen)
        pen.setColor(themed(pen.color(), theme));
    return pen;
}

QBrush themedBrush(QBrush brush, Theme theme)
{
    if (brush.style() != Qt::NoBrush)
        brush.setColor(themed(brush.color(), theme));
    return brush;
}

QPen recoloured(QPen pen, const QColor &color)
{
    if (pen.style() != Qt::NoPen)
        pen.setColor(color);
    return pen;
}

QCPScatterStyle themedScatter(QCPScatterStyle style, Theme theme)
{
    if (style.isNone())
        return style;
    style.setPen(themedPen(style.pen(), theme));
    style.setBrush(themedBrush(style.brush(), theme));
    return style;
}

void styleAxis(QCPAxis *axis, Theme theme)
{
    if (!axis)
        return;
    const ThemeColors colors = themeColors(theme);
    const auto axisPen = [&](const QPen &pen) {
        return theme == Theme::Light ? pen : recoloured(pen, colors.axis);
    };
    axis->setBasePen(axisPen(axis->basePen()));
    axis->setTickPen(axisPen(axis->tickPen()));
    axis->setSubTickPen(axisPen(axis->subTickPen()));
    if (theme != Theme::Light) {
        axis->setTickLabelColor(colors.ink);
        axis->setLabelColor(colors.ink);
    }
    if (QCPGrid *grid = axis->grid()) {
        grid->setPen(themedPen(grid->pen(), theme));
        grid->setSubGridPen(themedPen(grid->subGridPen(), theme));
        grid->setZeroLinePen(themedPen(grid->zeroLinePen(), theme));
    }
}

void styleLegend(QCPLegend *legend, Theme theme)
{
    legend->setBrush(themedBrush(legend->brush(), theme));
    legend->setBorderPen(themedPen(legend->borderPen(), theme));
    // QCPLegend::setTextColor passes its colour on to the items: theirs are read first.
    QList<QColor> itemColors;
    for (int i = 0; i < legend->itemCount(); ++i)
        itemColors << (legend->item(i) ? legend->item(i)->textColor() : QColor());
    legend->setTextColor(themed(legend->textColor(), theme));
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem *item = legend->item(i))
            item->setTextColor(themed(itemColors[i], theme));
    }
}

// Whether `rect` shows a colour map: what is drawn in it is drawn over the map, whose colours
// do not change with the theme, so it keeps the colours it was given for them.
bool holdsColorMap(const QCPAxisRect *rect)
{
    if (!rect)
        return false;
    for (const QCPAbstractPlottable *plottable : rect->plottables()) {
        if (qobject_cast<const QCPColorMap *>(plottable))
            return true;
    }
    return false;
}

void styleItem(QCPAbstractItem *item, Theme theme)
{
    if (holdsColorMap(item->clipAxisRect()) && item->clipToAxisRect())
        return;
    if (auto *text = qobject_cast<QCPItemText *>(item)) {
        text->setColor(themed(text->color(), theme));
        text->setPen(themedPen(text->pen(), theme));
        text->setBrush(themedBrush(text->brush(), theme));
    } else if (auto *line = qobject_cast<QCPItemLine *>(item)) {
        line->setPen(themedPen(line->pen(), theme));
    } else if (auto *straight = qobject_cast<QCPItemStraightLine *>(item)) {
        straight->setPen(themedPen(straight->pen(), theme));
    } else if (auto *rect = qobject_cast<QCPItemRect *>(item)) {
        rect->setPen(themedPen(rect->pen(), theme));
        rect->setBrush(themedBrush(rect->brush(), theme));
    } else if (auto *ellipse = qobject_cast<QCPItemEllipse *>(item)) {
        ellipse->setPen(themedPen(ellipse->pen(), theme));
        ellipse->setBrush(themedBrush(ellipse->brush(), theme));
    } else if (auto *curve = qobject_cast<QCPItemCurve *>(item)) {
        curve->setPen(themedPen(curve->pen(), theme));
    } else if (auto *bracket = qobject_cast<QCPItemBracket *>(item)) {
        bracket->setPen(themedPen(bracket->pen(), theme));
    } else if (auto *tracer = qobject_cast<QCPItemTracer *>(item)) {
        tracer->setPen(themedPen(tracer->pen(), theme));
        tracer->setBrush(themedBrush(tracer->brush(), theme));
    }
}

void stylePlottable(QCPAbstractPlottable *plottable, Theme theme)
{
    if (qobject_cast<QCPColorMap *>(plottable))
        return;
    if (plottable->keyAxis() && holdsColorMap(plottable->keyAxis()->axisRect()))
        return;
    plottable->setPen(themedPen(plottable->pen(), theme));
    plottable->setBrush(themedBrush(plottable->brush(), theme));
    if (auto *graph = qobject_cast<QCPGraph *>(plottable))
        graph->setScatterStyle(themedScatter(graph->scatterStyle(), theme));
    else if (auto *curve = qobject_cast<QCPCurve *>(plottable))
        curve->setScatterStyle(themedScatter(curve->scatterStyle(), theme));
}

// Print: the curves of one axis rect told apart without colour. Each colour (a series, in the
// order the view added them) gets a marker shape and, if the view drew them all in one line
// style, a dash pattern of its own; a view that already tells curves apart by dashes (sin
// solid, cos dashed) keeps them. Markers are thinned to about a dozen per curve.
void distinguishSeries(QCustomPlot *plot)
{
    static const QCPScatterStyle::ScatterShape shapes[] = {
        QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
        QCPScatterStyle::ssDiamond, QCPScatterStyle::ssCross, QCPScatterStyle::ssPlus,
        QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssStar};
    static const QList<QList<qreal>> dashes{{}, {5, 2.5}, {1, 1.8}, {6, 2, 1, 2}, {6, 2, 1, 2, 1, 2}, {10, 3}};
    for (QCPAxisRect *rect : plot->axisRects()) {
        QList<QCPGraph *> lines;
        for (QCPGraph *graph : rect->graphs()) {
            if (graph->visible() && graph->lineStyle() != QCPGraph::lsNone && graph->pen().style() != Qt::NoPen
                && !graph->data()->isEmpty())
                lines << graph;
        }
        if (lines.size() < 2)
            continue;
        // Graphs of dots only (the curves view's samples at whole positions) that belong to a
        // series by their colour carry its markers; its line then needs none of its own.
        QList<QCPGraph *> dots;
        for (QCPGraph *graph : rect->graphs()) {
            if (graph->visible() && graph->lineStyle() == QCPGraph::lsNone && !graph->data()->isEmpty()
                && !graph->scatterStyle().isNone())
                dots << graph;
        }
        const auto colourOfDots = [](const QCPGraph *graph) {
            const QCPScatterStyle &style = graph->scatterStyle();
            return (style.brush().style() != Qt::NoBrush ? style.brush().color() : style.pen().color()).rgb();
        };
        QList<QRgb> series;
        bool oneStyle = true;
        for (QCPGraph *graph : lines) {
            if (!series.contains(graph->pen().color().rgb()))
                series << graph->pen().color().rgb();
            oneStyle = oneStyle && graph->pen().style() == lines.first()->pen().style();
        }
        for (QCPGraph *graph : lines) {
            const int index = int(series.indexOf(graph->pen().color().rgb()));
            QPen pen = graph->pen();
            if (oneStyle && series.size() > 1) {
                const QList<qreal> &dash = dashes[index % dashes.size()];
                if (dash.isEmpty())
                    pen.setStyle(Qt::SolidLine);
                else
                    pen.setDashPattern(dash);
                graph->setPen(pen);
            }
            const QCPScatterStyle marker(shapes[index % std::size(shapes)], QPen(pen.color(), 1.3),
                                         QBrush(Qt::white), 6);
            bool carried = false;
            for (QCPGraph *dot : dots) {
                if (colourOfDots(dot) == pen.color().rgb()) {
                    const int points = int(dot->data()->size());
                    dot->setScatterStyle(marker);
                    dot->setScatterSkip(points > 40 ? points / 20 : 0);
                    carried = true;
                }
            }
            // The line keeps the marker for its legend entry; when the dots carry it, the line
            // draws it at its first point only, where the first dot lies anyway.
            const int points = int(graph->data()->size());
            graph->setScatterStyle(marker);
            graph->setScatterSkip(carried ? points : (points > 24 ? points / 12 : 0));
        }
    }
}

void applyThemeToPlot(QCustomPlot *plot, Theme theme, ColorMap map)
{
    const ThemeColors colors = themeColors(theme);
    plot->setBackground(QBrush(colors.background));
    QList<QCPLayoutElement *> elements{plot->plotLayout()};
    elements += plot->plotLayout()->elements(true);
    for (QCPLayoutElement *element : elements) {
        if (auto *rect = qobject_cast<QCPAxisRect *>(element)) {
            for (QCPAxis *axis : rect->axes())
                styleAxis(axis, theme);
        } else if (auto *scale = qobject_cast<QCPColorScale *>(element)) {
            styleAxis(scale->axis(), theme);
            scale->setGradient(gradientFor(map, scale->dataRange(), theme));
        } else if (auto *legend = qobject_cast<QCPLegend *>(element)) {
            styleLegend(legend, theme);
        } else if (auto *text = qobject_cast<QCPTextElement *>(element)) {
            text->setTextColor(themed(text->textColor(), theme));
        }
    }
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable *plottable = plot->plottable(i);
        if (auto *colorMap = qobject_cast<QCPColorMap *>(plottable)) {
            // A map with a colour scale took its gradient from the scale above.
            if (!colorMap->colorScale())
                colorMap->setGradient(gradientFor(map, colorMap->dataRange(), theme));
        } else {
            stylePlottable(plottable, theme);
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i)
        styleItem(plot->item(i), theme);
    if (theme == Theme::Print)
        distinguishSeries(plot);
}

// Colours written into rich text ("<span style='color:#0072b2'>") and style sheets
// ("color: #555555;"), as the theme shows them.
QString themedColorsIn(const QString &text, Theme theme)
{
    static const QRegularExpression colour(QStringLiteral("(color\\s*[:=]\\s*['\"]?)(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\\b"));
    QString result;
    qsizetype last = 0;
    QRegularExpressionMatchIterator it = colour.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        result += QStringView(text).mid(last, match.capturedStart(2) - last);
        result += themed(QColor(match.captured(2)), theme).name();
        last = match.capturedEnd(2);
    }
    result += QStringView(text).mid(last);
    return result;
}

const char *const kFigureProperty = "posencFigure";
const char *const kFigureOmitsProperty = "posencFigureOmits";
const char *const kFigurePageProperty = "posencFigurePage";
const char *const kVectorScatterProperty = "posencVectorScatter";
const char *const kAnnotationProperty = "posencAnnotation";
const char *const kScreenOnlyProperty = "posencScreenOnly";

// Whole-number ticks: the default ticker's round steps, none below 1 and none fractional
// (its 2.5 becomes 2), sub-ticks only where they fall on whole numbers.
class IntegerTicker : public QCPAxisTicker
{
protected:
    double getTickStep(const QCPRange &range) override
    {
        const double step = QCPAxisTicker::getTickStep(range);
        if (!(step > 1))
            return 1;
        const double whole = std::round(step);
        return std::abs(whole - step) < 1e-9 * step ? whole : std::max(1.0, std::floor(step));
    }

    int getSubTickCount(double tickStep) override
    {
        int count = QCPAxisTicker::getSubTickCount(tickStep);
        const auto fractional = [tickStep](int n) {
            const double spacing = tickStep / (n + 1);
            return std::abs(spacing - std::round(spacing)) > 1e-9;
        };
        while (count > 0 && fractional(count))
            --count;
        return count;
    }
};

// The figure's tick labels (figureTickLabel) over whatever ticker the view chose; the tick
// count and strategy set on it (keepTickLabelsApart sets them before each replot) are passed
// on to the view's ticker.
class FigureTicker : public QCPAxisTicker
{
public:
    FigureTicker(QSharedPointer<QCPAxisTicker> inner, bool logarithmic)
        : m_inner(std::move(inner))
        , m_logarithmic(logarithmic)
    {
        setTickCount(m_inner->tickCount());
        setTickStepStrategy(m_inner->tickStepStrategy());
        setTickOrigin(m_inner->tickOrigin());
    }

    void generate(const QCPRange &range, const QLocale &locale, QChar formatChar, int precision,
                  QVector<double> &ticks, QVector<double> *subTicks, QVector<QString> *tickLabels) override
    {
        m_inner->setTickCount(tickCount());
        m_inner->setTickStepStrategy(tickStepStrategy());
        m_inner->setTickOrigin(tickOrigin());
        m_inner->generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
        if (!tickLabels)
            return;
        for (qsizetype i = 0; i < tickLabels->size() && i < ticks.size(); ++i)
            (*tickLabels)[i] = figureTickLabel(tickLabels->at(i), ticks.at(i), m_logarithmic);
    }

private:
    QSharedPointer<QCPAxisTicker> m_inner;
    bool m_logarithmic;
};

QString superscript(long long exponent)
{
    static const QString digits = QStringLiteral("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079");
    const QString plain = QString::number(exponent);
    QString result;
    for (const QChar c : plain)
        result += c == QLatin1Char('-') ? QChar(0x207b) : digits.at(c.digitValue());
    return result;
}

// Every QCustomPlot of `view`, the view itself first if it is one.
QList<QCustomPlot *> plotsOf(QWidget *view)
{
    QList<QCustomPlot *> plots = view->findChildren<QCustomPlot *>();
    if (auto *plot = qobject_cast<QCustomPlot *>(view))
        plots.prepend(plot);
    return plots;
}

// Every axis of `plot`: those of its axis rects and of its colour scales.
QList<QCPAxis *> styledAxesOf(QCustomPlot *plot)
{
    QList<QCPAxis *> axes;
    for (QCPLayoutElement *element : plot->plotLayout()->elements(true)) {
        if (auto *rect = qobject_cast<QCPAxisRect *>(element))
            axes += rect->axes();
        else if (auto *scale = qobject_cast<QCPColorScale *>(element))
            axes += scale->axis();
    }
    axes.removeAll(nullptr);
    return axes;
}

// Inset layouts (legends in a corner) are elements of their axis rect, not of the grid.
QList<QCPAbstractPlottable *> plottablesOf(QCustomPlot *plot)
{
    QList<QCPAbstractPlottable *> plottables;
    for (int i = 0; i < plot->plottableCount(); ++i)
        plottables << plot->plottable(i);
    return plottables;
}

// Runs a view's compact layout when it is a figure on a small page (see watchFigureLayout).
class FigureLayoutWatcher : public QObject
{
public:
    // `wide`: whether the shape reports a compact view's wide page, or only compact;
    // `figure`: whether it reports being a figure at all.
    FigureLayoutWatcher(QWidget *view, QSizeF lines, bool wide, bool figure, std::function<void(FigureShape)> apply)
        : QObject(view)
        , m_view(view)
        , m_lines(lines)
        , m_wide(wide)
        , m_figure(figure)
        , m_apply(std::move(apply))
    {
        view->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_view
            && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange
                || event->type() == QEvent::DynamicPropertyChange))
            update();
        return false;
    }

    // Also called when the view's figure (a widget it is in) or its page changes: no event
    // of the view's tells that.
    void update()
    {
        const double line = QFontMetricsF(m_view->font()).lineSpacing();
        FigureShape shape;
        const QSize size = figureSize(m_view);
        shape.compact = isFigure(m_view)
                        && (size.width() < m_lines.width() * line || size.height() < m_lines.height() * line);
        shape.wide = m_wide && shape.compact && isWideFigure(m_view);
        shape.figure = m_figure && isFigure(m_view);
        if (shape == m_shape)
            return;
        m_shape = shape;
        m_apply(shape);
    }

    QWidget *m_view;
    QSizeF m_lines;
    bool m_wide;
    bool m_figure;
    std::function<void(FigureShape)> m_apply;
    FigureShape m_shape;
};

QPalette themePalette(QPalette palette, Theme theme)
{
    const ThemeColors colors = themeColors(theme);
    const auto mix = [](const QColor &a, const QColor &b, double t) {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                                float(a.greenF() + (b.greenF() - a.greenF()) * t),
                                float(a.blueF() + (b.blueF() - a.blueF()) * t));
    };
    for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base, QPalette::Button, QPalette::ToolTipBase})
        palette.setColor(role, colors.background);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText,
                                     QPalette::ToolTipText, QPalette::BrightText})
        palette.setColor(role, colors.ink);
    palette.setColor(QPalette::AlternateBase, mix(colors.background, colors.ink, 0.06));
    palette.setColor(QPalette::Light, mix(colors.background, colors.ink, 0.1));
    palette.setColor(QPalette::Midlight, mix(colors.background, colors.ink, 0.25));
    palette.setColor(QPalette::Mid, mix(colors.background, colors.ink, 0.45));
    palette.setColor(QPalette::Dark, mix(colors.background, colors.ink, 0.65));
    palette.setColor(QPalette::Shadow, mix(colors.background, colors.ink, 0.85));
    palette.setColor(QPalette::PlaceholderText, mix(colors.background, colors.ink, 0.55));
    return palette;
}

} // namespace

QCPColorGradient diverging()
{
    return throughStops(rdBu());
}

QCPColorGradient sequential()
{
    // Matplotlib's viridis sampled at 11 points.
    return throughStops({QColor(0x44, 0x01, 0x54), QColor(0x48, 0x24, 0x75), QColor(0x41, 0x44, 0x87),
                         QColor(0x35, 0x5f, 0x8d), QColor(0x2a, 0x78, 0x8e), QColor(0x21, 0x91, 0x8c),
                         QColor(0x22, 0xa8, 0x84), QColor(0x44, 0xbf, 0x70), QColor(0x7a, 0xd1, 0x51),
                         QColor(0xbd, 0xdf, 0x26), QColor(0xfd, 0xe7, 0x25)});
}

const QList<QColor> &categorical()
{
    static const QList<QColor> colors{
        QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73),
        QColor(0xcc, 0x79, 0xa7), QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9),
        QColor(0x00, 0x00, 0x00), QColor(0xf0, 0xe4, 0x42)};
    return colors;
}

QCPColorGradient gray()
{
    return throughStops({Qt::black, Qt::white});
}

std::optional<Theme> themeNamed(const QString &name)
{
    if (name == QLatin1String("light"))
        return Theme::Light;
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    if (name == QLatin1String("print"))
        return Theme::Print;
    return std::nullopt;
}

std::optional<ColorMap> colorMapNamed(const QString &name)
{
    if (name == QLatin1String("diverging"))
        return ColorMap::Diverging;
    if (name == QLatin1String("viridis"))
        return ColorMap::Viridis;
    if (name == QLatin1String("gray"))
        return ColorMap::Gray;
    return std::nullopt;
}

ThemeColors themeColors(Theme theme)
{
    switch (theme) {
    case Theme::Dark:
        return {QColor(0x1e, 0x1e, 0x1e), QColor(0xe8, 0xe8, 0xe8), QColor(0xc8, 0xc8, 0xc8),
                QColor(0x4b, 0x4b, 0x4b), QColor(0x33, 0x33, 0x33)};
    case Theme::Print:
        return {Qt::white, Qt::black, Qt::black, QColor(0xc8, 0xc8, 0xc8), QColor(0xe6, 0xe6, 0xe6)};
    case Theme::Light:
        break;
    }
    return {Qt::white, Qt::black, Qt::black, QColor(0xc8, 0xc8, 0xc8), QColor(0xdc, 0xdc, 0xdc)};
}

QCPColorGradient gradientFor(ColorMap map, const QCPRange &range, Theme theme)
{
    const bool fromZero = range.lower >= 0;
    if (theme == Theme::Print && map == ColorMap::Diverging)
        map = ColorMap::Gray;
    switch (map) {
    case ColorMap::Viridis:
        return sequential();
    case ColorMap::Gray:
        return fromZero ? throughStops({Qt::white, Qt::black}) : gray();
    case ColorMap::Diverging:
        break;
    }
    return fromZero ? throughStops(rdBu().mid(rdBu().size() / 2)) : diverging();
}

QColor readableOn(const QColor &color, const QColor &background, double contrast)
{
    if (contrastRatio(color, background) >= contrast)
        return color;
    const bool lighten = luminance(background) < 0.18;
    QColor hsl = color.toHsl();
    const float hue = std::max(hsl.hslHueF(), 0.0f);
    float lightness = hsl.lightnessF();
    QColor result = color;
    for (int step = 0; step < 50 && contrastRatio(result, background) < contrast; ++step) {
        lightness = std::clamp(lightness + (lighten ? 0.02f : -0.02f), 0.0f, 1.0f);
        result = QColor::fromHslF(hue, hsl.hslSaturationF(), lightness, color.alphaF()).toRgb();
    }
    return result;
}

QColor themed(const QColor &color, Theme theme)
{
    if (theme != Theme::Dark || !color.isValid() || color.alpha() == 0)
        return color;
    const QColor hsl = color.toHsl();
    // Grays (and nearly grays) turn around: ink becomes light, paper becomes dark.
    if (hsl.hslSaturationF() < 0.2f || hsl.hslHueF() < 0) {
        const float lightness = 0.12f + 0.8f * (1.0f - hsl.lightnessF());
        return QColor::fromHslF(std::max(hsl.hslHueF(), 0.0f), hsl.hslSaturationF(), lightness,
                                color.alphaF())
            .toRgb();
    }
    QColor result = readableOn(color, themeColors(Theme::Dark).background);
    result.setAlpha(color.alpha());
    return result;
}

void applyTheme(QWidget *view, Theme theme, ColorMap map)
{
    const QPalette palette = themePalette(view->palette(), theme);
    view->setPalette(palette);
    for (QWidget *child : view->findChildren<QWidget *>()) {
        // A widget with a palette of its own does not inherit the view's.
        if (child->testAttribute(Qt::WA_SetPalette))
            child->setPalette(themePalette(child->palette(), theme));
        if (theme != Theme::Dark)
            continue;
        if (auto *label = qobject_cast<QLabel *>(child)) {
            if (label->textFormat() != Qt::PlainText)
                label->setText(themedColorsIn(label->text(), theme));
        }
        if (!child->styleSheet().isEmpty())
            child->setStyleSheet(themedColorsIn(child->styleSheet(), theme));
    }
    QList<QCustomPlot *> plots = view->findChildren<QCustomPlot *>();
    if (auto *plot = qobject_cast<QCustomPlot *>(view))
        plots.prepend(plot);
    for (QCustomPlot *plot : plots)
        applyThemeToPlot(plot, theme, map);
}

// What is in `view` learns that it is or is not a figure, or of a new page.
void updateFigureWatchers(QWidget *view)
{
    for (QObject *object : view->findChildren<QObject *>()) {
        if (auto *watcher = dynamic_cast<FigureLayoutWatcher *>(object))
            watcher->update();
    }
}

void setFigure(QWidget *view, bool figure)
{
    view->setProperty(kFigureProperty, figure);
    updateFigureWatchers(view);
}

bool isFigure(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (w->property(kFigureProperty).toBool())
            return true;
    }
    return false;
}

void setFigurePage(QWidget *view, QSize page)
{
    view->setProperty(kFigurePageProperty, page);
    updateFigureWatchers(view);
}

QSize figureSize(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (const QSize page = w->property(kFigurePageProperty).toSize(); page.isValid())
            return widget->size().boundedTo(page);
    }
    return widget->size();
}

bool isDrawnForFile(const QWidget *widget)
{
    return isFigure(widget) || widget->window()->testAttribute(Qt::WA_DontShowOnScreen);
}

void watchFigureLayout(QWidget *view, QSizeF lines, std::function<void(bool compact)> apply)
{
    new FigureLayoutWatcher(view, lines, false, false, [apply = std::move(apply)](FigureShape shape) { apply(shape.compact); });
}

void watchFigureShape(QWidget *view, QSizeF lines, std::function<void(FigureShape shape)> apply, bool figure)
{
    new FigureLayoutWatcher(view, lines, true, figure, std::move(apply));
}

void watchFigure(QWidget *view, std::function<void(bool figure)> apply)
{
    new FigureLayoutWatcher(view, QSizeF(0, 0), false, true,
                            [apply = std::move(apply)](FigureShape shape) { apply(shape.figure); });
}

bool isWideFigure(const QWidget *view)
{
    const QSize size = figureSize(view);
    return isFigure(view) && size.width() >= kWideFigureAspect * size.height();
}

void setFigureOmits(QWidget *view, const char *what)
{
    view->setProperty(kFigureOmitsProperty, what ? QString::fromUtf8(what) : QString());
}

QStringList figureOmissions(const QWidget *view)
{
    QStringList omitted;
    QList<const QWidget *> widgets{view};
    for (const QWidget *child : view->findChildren<QWidget *>()) {
        if (child->isVisibleTo(view)) // what a hidden panel leaves out is not on the page
            widgets.append(child);
    }
    for (const QWidget *widget : widgets)
        if (const QString what = widget->property(kFigureOmitsProperty).toString(); !what.isEmpty())
            omitted.append(what);
    return omitted;
}

void keepTickLabelsApart(QCustomPlot *plot, QCPAxis *axis, int maxTicks)
{
    QObject::connect(plot, &QCustomPlot::beforeReplot, axis, [plot, axis, maxTicks] {
        // The axis's length for the plot's size now, not at its last layout (PlotFit).
        PlotFit::layOutNow(plot);
        const QFontMetrics metrics(axis->tickLabelFont());
        const double widest = std::max(std::abs(axis->range().lower), std::abs(axis->range().upper));
        const double label = metrics.horizontalAdvance(QString::number(widest, 'f', 0)) + metrics.horizontalAdvance(QLatin1Char('0'));
        const int count = std::clamp(int(axis->axisRect()->width() / std::max(label, 1.0)) - 1, 1, maxTicks);
        // One tick is kept exactly (the readable strategy turns it into a lone "0"); more are
        // left to round steps.
        axis->ticker()->setTickStepStrategy(count >= 2 ? QCPAxisTicker::tssReadability : QCPAxisTicker::tssMeetTickCount);
        axis->ticker()->setTickCount(count);
    });
}

void useIntegerTicks(QCPAxis *axis)
{
    const QSharedPointer<QCPAxisTicker> old = axis->ticker();
    QSharedPointer<IntegerTicker> ticker(new IntegerTicker);
    if (old) {
        ticker->setTickCount(old->tickCount());
        ticker->setTickStepStrategy(old->tickStepStrategy());
    }
    axis->setTicker(ticker);
}

void setScreenScatter(QCPGraph *graph, const QCPScatterStyle &style)
{
    graph->setProperty(kVectorScatterProperty, QVariant::fromValue(style));
    QCustomPlot *plot = graph->parentPlot();
    const QWidget *window = plot ? plot->window() : nullptr;
    const qreal ratio = plot ? plot->devicePixelRatioF() : 1.0;
    if (style.isNone() || !window || isDrawnForFile(plot)
        || style.shape() == QCPScatterStyle::ssPixmap || style.shape() == QCPScatterStyle::ssCustom) {
        graph->setScatterStyle(style);
        return;
    }
    // QCustomPlot places a pixmap by its size in device pixels: at a device pixel ratio r the
    // marker sits at the middle of a pixmap r times its size, whose top-left corner QCustomPlot
    // puts that much further up and left.
    const int side = int(std::ceil(style.size() + style.pen().widthF() + 4));
    QPixmap pixmap(QSize(side, side) * ratio * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QCPPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    style.applyTo(&painter, style.pen());
    const QPointF centre = QPointF(side, side) * ratio / 2;
    style.drawShape(&painter, centre.x(), centre.y());
    painter.end();
    graph->setScatterStyle(QCPScatterStyle(pixmap));
}

void useVectorScatter(QWidget *view)
{
    for (QCustomPlot *plot : plotsOf(view)) {
        for (QCPAbstractPlottable *plottable : plottablesOf(plot)) {
            auto *graph = qobject_cast<QCPGraph *>(plottable);
            const QVariant style = plottable->property(kVectorScatterProperty);
            if (graph && style.isValid())
                graph->setScatterStyle(style.value<QCPScatterStyle>());
        }
    }
}

void markAnnotation(QObject *object)
{
    object->setProperty(kAnnotationProperty, true);
}

bool isAnnotation(const QObject *object)
{
    return object->property(kAnnotationProperty).toBool();
}

void hideAnnotations(QWidget *view)
{
    for (QWidget *child : view->findChildren<QWidget *>()) {
        if (isAnnotation(child))
            child->hide();
    }
    for (QCustomPlot *plot : plotsOf(view)) {
        for (int i = 0; i < plot->itemCount(); ++i) {
            if (isAnnotation(plot->item(i)))
                plot->item(i)->setVisible(false);
        }
        for (QCPAbstractPlottable *plottable : plottablesOf(plot)) {
            if (isAnnotation(plottable)) {
                plottable->setVisible(false);
                plottable->removeFromLegend();
            }
        }
    }
}

void markScreenOnly(QWidget *widget)
{
    widget->setProperty(kScreenOnlyProperty, true);
}

bool isScreenOnly(const QWidget *widget)
{
    return widget->property(kScreenOnlyProperty).toBool();
}

QString figureTickLabel(const QString &label, double tick, bool logarithmic)
{
    if (logarithmic && tick > 0 && std::isfinite(tick)) {
        const double exponent = std::round(std::log10(tick));
        if (std::abs(tick / std::pow(10.0, exponent) - 1) < 1e-9)
            return QStringLiteral("10") + superscript((long long)exponent);
    }
    static const QRegularExpression scientific(QStringLiteral("^(-?)(\\d+(?:\\.\\d+)?)[eE]([+-]?\\d+)$"));
    QString text = label;
    if (const QRegularExpressionMatch match = scientific.match(label); match.hasMatch()) {
        const QString mantissa = match.captured(2);
        const long long exponent = match.captured(3).toLongLong();
        text = match.captured(1)
               + (mantissa == QLatin1String("1") ? QString() : mantissa + QChar(0x00d7))
               + QStringLiteral("10") + superscript(exponent);
    }
    // A hyphen-minus before a number is a minus sign.
    static const QRegularExpression minus(QStringLiteral("(^|[\\s(=,/])-(?=[\\d.\\x{221e}])"));
    text.replace(minus, QStringLiteral("\\1\u2212"));
    return text;
}

void useLogScale(QCPAxis *axis, double logBase)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    const auto log = QSharedPointer<QCPAxisTickerLog>::create();
    log->setLogBase(logBase);
    // Powers of ten read "10⁵"; the ticks of another base (1, 2, 4, 8) as numbers.
    axis->setTicker(QSharedPointer<FigureTicker>(new FigureTicker(log, logBase == 10)));
    axis->setNumberFormat(QStringLiteral("g"));
    axis->setNumberPrecision(6);
}

void applyFigureTypography(QWidget *view)
{
    for (QCustomPlot *plot : plotsOf(view)) {
        for (QCPAxis *axis : styledAxesOf(plot)) {
            if (axis->ticker() && !axis->ticker().dynamicCast<FigureTicker>()) {
                const bool logarithmic = axis->scaleType() == QCPAxis::stLogarithmic;
                axis->setTicker(QSharedPointer<FigureTicker>(new FigureTicker(axis->ticker(), logarithmic)));
                if (logarithmic)
                    axis->setNumberFormat(QStringLiteral("g"));
            }
            // Ticks outward, as matplotlib draws them: never over a heatmap's cells.
            axis->setTickLength(0, std::max(axis->tickLengthIn(), axis->tickLengthOut()));
            axis->setSubTickLength(0, std::max(axis->subTickLengthIn(), axis->subTickLengthOut()));
        }
        for (QCPLayoutElement *element : plot->plotLayout()->elements(true)) {
            auto *scale = qobject_cast<QCPColorScale *>(element);
            if (!scale)
                continue;
            // matplotlib's colour bar: aspect 20, its label a few points from the tick labels.
            const QRect rect = scale->rect();
            const bool vertical = scale->type() == QCPAxis::atLeft || scale->type() == QCPAxis::atRight;
            const int length = vertical ? rect.height() : rect.width();
            if (length > 0)
                scale->setBarWidth(std::max(4, int(std::lround(length / 20.0))));
            QCPAxis *axis = scale->axis();
            const int gap = std::max(1, QFontMetrics(axis->labelFont()).height() / 4);
            axis->setLabelPadding(gap);
            axis->setTickLabelPadding(std::max(2, gap));
            // A label right of a vertical bar reads bottom to top, as matplotlib's does
            // (QCustomPlot turns it the other way): a turned text stands in its place after each
            // layout, and the axis keeps the label's room as padding, without the text (a
            // transparent text would still be a second copy of it in a PDF). A label set on the
            // axis since moves to the stand-in at the next layout, with the same room.
            if (scale->type() == QCPAxis::atRight && !axis->label().isEmpty()) {
                auto *label = new QCPItemText(plot);
                label->setClipToAxisRect(false);
                label->setFont(axis->labelFont());
                label->setColor(axis->labelColor());
                label->setRotation(-90);
                label->setPositionAlignment(Qt::AlignCenter);
                label->position->setType(QCPItemPosition::ptAbsolute);
                const auto place = [axis, label, padding = axis->padding()] {
                    if (!axis->label().isEmpty()) {
                        label->setText(axis->label());
                        // The room QCustomPlot gives a label: its padding and its lines' height.
                        const int height = QFontMetrics(axis->labelFont())
                                               .boundingRect(0, 0, 0, 0, Qt::TextDontClip | Qt::AlignHCenter | Qt::AlignVCenter,
                                                             axis->label())
                                               .height();
                        axis->setPadding(padding + axis->labelPadding() + height);
                        axis->setLabel(QString());
                    }
                    const QCPAxisRect *bar = axis->axisRect();
                    const QFontMetricsF ticks(axis->tickLabelFont());
                    double widest = 0;
                    for (const QString &text : axis->tickVectorLabels())
                        widest = std::max(widest, ticks.horizontalAdvance(text));
                    const double height = QFontMetricsF(axis->labelFont()).height();
                    label->position->setCoords(bar->rect().right() + axis->offset() + axis->tickLengthOut()
                                                   + axis->tickLabelPadding() + widest + axis->labelPadding() + height / 2,
                                               bar->rect().center().y());
                };
                place();
                QObject::connect(plot, &QCustomPlot::afterLayout, label, place);
            }
        }
    }
}

void applyDefaults(QCustomPlot *plot)
{
    plot->setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    plot->setNoAntialiasingOnDrag(false);
    // A replot asks for a paint instead of painting and flushing at once (QCustomPlot's
    // default phImmediateRefresh): the plots and labels a change touched are then painted in
    // one pass of the window (QWidget::repaint from replot was 13 % of the spectrum's d_model
    // change, 11 to 21 % of the attention lab's and rotation's before they did this).
    plot->setPlottingHint(QCP::phImmediateRefresh, false);
    QFont font = plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    QFont labelFont = font;
    labelFont.setPointSizeF(font.pointSizeF() + 1);
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            axis->setTickLabelFont(font);
            axis->setLabelFont(labelFont);
        }
    }
}

} // namespace posenc::PlotStyle

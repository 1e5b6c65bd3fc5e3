// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plotfit.h"

#include "ui/widgets/textmeasure.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QPointer>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace posenc::PlotFit {

namespace {

// Whether labels of `labels` at `ticks` on `axis`, in its tick label font, keep `gap` pixels
// between each other along the axis. Labels one above the other are measured by their line
// height, or with `ink` by the height of their ink (digits are about half the line height of
// a CJK font).
bool labelsApart(const QCPAxis *axis, const QVector<double> &ticks, const QVector<QString> &labels, double gap,
                 bool ink = false)
{
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const bool turned = std::abs(std::fmod(axis->tickLabelRotation(), 180.0)) > 45;
    QList<std::pair<double, double>> spans;
    for (int n = 0; n < ticks.size() && n < labels.size(); ++n) {
        if (!axis->range().contains(ticks[n]) || labels[n].isEmpty())
            continue;
        // Measured with the true minus a figure prints (PlotStyle::figureTickLabel), wider
        // than the hyphen the ticker writes, so that negative labels keep their gap.
        QString text = labels[n];
        text.replace(QLatin1Char('-'), QChar(0x2212));
        const QStringList lines = text.split(QLatin1Char('\n'));
        double extent = 0;
        if (horizontal != turned) {
            for (const QString &line : lines)
                extent = std::max(extent, TextMeasure::horizontalAdvance(axis->tickLabelFont(), line));
        } else if (ink && lines.size() == 1) {
            extent = metrics.tightBoundingRect(lines.constFirst()).height();
        } else {
            extent = metrics.height() * double(lines.size());
        }
        const double at = axis->coordToPixel(ticks[n]);
        spans << std::make_pair(at - extent / 2, at + extent / 2);
    }
    std::sort(spans.begin(), spans.end());
    for (int n = 1; n < spans.size(); ++n) {
        if (spans[n].first < spans[n - 1].second + gap)
            return false;
    }
    return true;
}

void fitAxis(QCustomPlot *plot, QCPAxis *axis, int maxTicks)
{
    static const char *const kHidden = "posencTickLabelsHidden";
    if (axis->property(kHidden).toBool()) {
        // Hidden here for want of room: measured again.
        axis->setTickLabels(true);
        axis->setProperty(kHidden, false);
    }
    if (!axis->visible() || !axis->tickLabels() || !axis->axisRect())
        return;
    const QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
    if (!ticker || ticker.dynamicCast<QCPAxisTickerText>())
        return; // fixed ticks with their own texts
    if (const auto fixed = ticker.dynamicCast<QCPAxisTickerFixed>(); fixed && fixed->scaleStrategy() == QCPAxisTickerFixed::ssNone)
        return; // a fixed step that no tick count changes
    const double length = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width() : axis->axisRect()->height();
    if (length < 2)
        return;
    const QString format = axis->numberFormat();
    const QChar formatChar = format.isEmpty() ? QLatin1Char('g') : format.at(0);
    const double gap = QFontMetricsF(axis->tickLabelFont()).height() / 2;
    ticker->setTickStepStrategy(QCPAxisTicker::tssReadability);
    const auto shown = [axis](const QVector<double> &ticks, const QVector<QString> &labels) {
        int count = 0;
        for (int n = 0; n < ticks.size() && n < labels.size(); ++n)
            count += axis->range().contains(ticks[n]) && !labels[n].isEmpty() ? 1 : 0;
        return count;
    };
    for (int count = std::max(maxTicks, 1); count >= 1; --count) {
        ticker->setTickCount(count);
        QVector<double> ticks;
        QVector<QString> labels;
        ticker->generate(axis->range(), plot->locale(), formatChar, axis->numberPrecision(), ticks, nullptr, &labels);
        if (!labelsApart(axis, ticks, labels, gap))
            continue;
        // A value axis reads from three labels on, and needs two: where fewer stand apart by
        // their line height (a short axis of a figure in a CJK font, whose lines are tall, or
        // a slide's log axis under large text), as many as stand apart by their ink, with a
        // quarter of a line between them.
        const int found = shown(ticks, labels);
        if (axis->orientation() == Qt::Vertical && found < 3) {
            for (const int wanted : {3, 2}) {
                for (int more = count + 1; wanted > found && more <= maxTicks; ++more) { // the fewest that make them
                    ticker->setTickCount(more);
                    QVector<double> closer;
                    QVector<QString> closerLabels;
                    ticker->generate(axis->range(), plot->locale(), formatChar, axis->numberPrecision(), closer, nullptr,
                                     &closerLabels);
                    if (shown(closer, closerLabels) >= wanted && labelsApart(axis, closer, closerLabels, gap / 2, true))
                        return;
                }
            }
            ticker->setTickCount(count);
        }
        return;
    }
    // Not even two labels fit beside each other: an axis this short shows none.
    axis->setTickLabels(false);
    axis->setProperty(kHidden, true);
}

QList<QCPAxis *> axesOf(QCustomPlot *plot)
{
    QList<QCPAxis *> axes;
    for (QCPAxisRect *rect : plot->axisRects())
        axes << rect->axes();
    for (QCPColorScale *scale : plot->findChildren<QCPColorScale *>()) {
        if (scale->axis())
            axes << scale->axis();
    }
    return axes;
}

// `text` broken at spaces into lines no wider than `width`, where it can be.
// The text a view set and the one shown after breaking it into lines (fitAxisLabels, fitTitles).
constexpr const char *kFullText = "posencFullLabel";
constexpr const char *kShownText = "posencShownLabel";

// The widths of texts in one font, as QFontMetricsF gives them (remembered: TextMeasure).
struct Widths {
    QFont font;
    double horizontalAdvance(const QString &text) const { return TextMeasure::horizontalAdvance(font, text); }
};

QString wordsBrokenInto(const QString &text, const Widths &metrics, double width);

QString brokenInto(const QString &text, const Widths &metrics, double width)
{
    if (text.contains(QLatin1Char('\n'))) { // each line of its own
        QStringList lines = text.split(QLatin1Char('\n'));
        for (QString &line : lines)
            line = brokenInto(line, metrics, width);
        return lines.join(QLatin1Char('\n'));
    }
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    // Between clauses first ("PE(p) · PE(q)," / "sequential from its minimum"; Chinese breaks
    // after its full-width comma), a clause too long for a line between its words.
    static const QRegularExpression clauseEnd(QStringLiteral("(?<=[,;]) (?=\\S)|(?<=[，；])"));
    const QStringList clauses = text.split(clauseEnd, Qt::SkipEmptyParts);
    if (clauses.size() > 1) {
        QStringList lines;
        QString line;
        const QString space = QStringLiteral(" ");
        for (const QString &clause : clauses) {
            // No space after a full-width comma.
            const QString longer = line.isEmpty()                                 ? clause
                                   : line.at(line.size() - 1).unicode() >= 0x3000 ? line + clause
                                                                                  : line + space + clause;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines << line;
                line = clause;
            } else {
                line = longer;
            }
        }
        lines << line;
        for (QString &each : lines)
            each = wordsBrokenInto(each, metrics, width);
        return lines.join(QLatin1Char('\n'));
    }
    return wordsBrokenInto(text, metrics, width);
}

// The pieces of `text` a line may end between: its words, those inside parentheses joined (a
// formula such as "cos(2π t / P)" or a unit such as "(column of PE)" stays whole) unless such
// a group alone is wider than `width`.
QStringList breakableWords(const QString &text, const Widths &metrics, double width)
{
    const QStringList words = text.split(QLatin1Char(' '));
    QStringList joined;
    int depth = 0;
    for (const QString &word : words) {
        if (depth > 0 && !joined.isEmpty())
            joined.last() += QLatin1Char(' ') + word;
        else
            joined << word;
        depth = std::max<int>(0, depth + int(word.count(QLatin1Char('('))) - int(word.count(QLatin1Char(')'))));
    }
    for (const QString &group : std::as_const(joined)) {
        if (metrics.horizontalAdvance(group) > width)
            return words;
    }
    return joined;
}

// `text` (one line) broken at spaces into lines no wider than `width`, where it can be.
QString wordsBrokenInto(const QString &text, const Widths &metrics, double width)
{
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    QStringList lines;
    QString line;
    for (const QString &word : breakableWords(text, metrics, width)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    lines << line;
    return lines.join(QLatin1Char('\n'));
}

// brokenInto() in as many lines, but lines as even as they can be: no word alone on the last.
QString balancedBrokenInto(const QString &text, const Widths &metrics, double width)
{
    const QString greedy = brokenInto(text, metrics, width);
    const qsizetype lines = greedy.count(QLatin1Char('\n')) + 1;
    if (lines < 2 || text.contains(QLatin1Char('\n')))
        return greedy;
    for (double narrower = metrics.horizontalAdvance(text) / double(lines); narrower < width; narrower *= 1.05) {
        const QString even = brokenInto(text, metrics, narrower);
        if (even.count(QLatin1Char('\n')) + 1 == lines)
            return even;
    }
    return greedy;
}

// The layout of `plot` for its viewport as it is now. QCustomPlot lays a plot out after
// beforeReplot: measured there without this, an axis has the length of the last layout, from
// before a resize or a change of fonts, and the ticks fitted to it are drawn at the new length
// (a figure laid out anew for its page ran its labels together, "0 50100150"; presentation
// mode showed a lone "0" on a tall axis).
void layOut(QCustomPlot *plot)
{
    if (plot->viewport().width() < 2 || plot->viewport().height() < 2)
        return;
    QCPLayoutGrid *layout = plot->plotLayout();
    layout->setOuterRect(plot->viewport());
    layout->update(QCPLayoutElement::upPreparation);
    layout->update(QCPLayoutElement::upMargins);
    layout->update(QCPLayoutElement::upLayout);
}

// The element in a cell of `grid`, or null: QCPLayoutGrid::element() prints a debug message
// for an empty cell (a title row over an axis rect and its colour scale has one).
QCPLayoutElement *cell(const QCPLayoutGrid *grid, int row, int column)
{
    // hasElement() is not const in QCustomPlot 2.1, though it changes nothing.
    return const_cast<QCPLayoutGrid *>(grid)->hasElement(row, column) ? grid->element(row, column) : nullptr;
}

// The least width of `element` in a layout, leaving titles out: they fit themselves to the
// width they are given (fitTitles), so their text must not decide it.
double leastWidth(const QCPLayoutElement *element)
{
    if (!element || !element->visible() || qobject_cast<const QCPTextElement *>(element))
        return 0;
    if (auto *grid = qobject_cast<const QCPLayoutGrid *>(element)) {
        double sum = grid->margins().left() + grid->margins().right()
                     + grid->columnSpacing() * std::max(0, grid->columnCount() - 1);
        for (int c = 0; c < grid->columnCount(); ++c) {
            double column = 0;
            for (int r = 0; r < grid->rowCount(); ++r)
                column = std::max(column, leastWidth(cell(grid, r, c)));
            sum += column;
        }
        return sum;
    }
    return std::max(element->minimumOuterSizeHint().width(), element->minimumSize().width());
}

// The width the grid cell of `element` gets, as QCPLayoutGrid shares the grid's width among
// its columns (stretch factors, the other columns' least and largest widths), the grid's own
// width found the same way up to the plot's viewport. A title's own text is left out of every
// least width (leastWidth): a title as wide as its text would otherwise widen its column past
// the plot (the clocks' titles of a figure, cut at both edges).
double cellWidth(QCustomPlot *plot, const QCPLayoutElement *element)
{
    auto *grid = qobject_cast<QCPLayoutGrid *>(element->layout());
    if (!grid)
        return plot->viewport().width();
    const double outer = grid == plot->plotLayout() ? plot->viewport().width() : cellWidth(plot, grid);
    int column = -1;
    for (int r = 0; r < grid->rowCount() && column < 0; ++r) {
        for (int c = 0; c < grid->columnCount(); ++c) {
            if (cell(grid, r, c) == element) {
                column = c;
                break;
            }
        }
    }
    const int columns = grid->columnCount();
    const double total = outer - grid->margins().left() - grid->margins().right()
                         - grid->columnSpacing() * std::max(0, columns - 1);
    if (column < 0 || columns <= 1)
        return total;
    QList<double> least(columns, 0), most(columns, QWIDGETSIZE_MAX), stretch = grid->columnStretchFactors();
    for (int r = 0; r < grid->rowCount(); ++r) {
        for (int c = 0; c < columns; ++c) {
            const QCPLayoutElement *other = cell(grid, r, c);
            if (!other || other == element || !other->visible())
                continue;
            least[c] = std::max(least[c], leastWidth(other));
            most[c] = std::min<double>(most[c], std::min(other->maximumOuterSizeHint().width(), other->maximumSize().width()));
        }
    }
    // Columns held at a bound leave the rest to the others, by their stretch, until none is.
    QList<double> width(columns, 0);
    QList<bool> fixed(columns, false);
    for (int round = 0; round <= columns; ++round) {
        double left = total, share = 0;
        for (int c = 0; c < columns; ++c) {
            if (fixed[c])
                left -= width[c];
            else
                share += std::max(stretch.value(c, 1), 1e-9);
        }
        bool changed = false;
        for (int c = 0; c < columns; ++c) {
            if (fixed[c])
                continue;
            width[c] = std::max(0.0, left) * std::max(stretch.value(c, 1), 1e-9) / std::max(share, 1e-9);
            if (width[c] > most[c] || width[c] < least[c]) {
                width[c] = std::clamp(width[c], least[c], std::max(least[c], most[c]));
                fixed[c] = true;
                changed = true;
            }
        }
        if (!changed)
            break;
    }
    return width[column];
}

// The texts a plot shows in fewer lines than they were set with: the full text of a title,
// an axis label or a legend entry is kept in a property, the one shown in another, and a text
// set since the last fit is taken as the new full text.
QString fullTextOf(QObject *owner, const QString &current)
{
    if (current != owner->property(kShownText).toString())
        owner->setProperty(kFullText, current);
    return owner->property(kFullText).toString();
}

// Whether `owner` shows `shown` now (and remembers it as its shown text).
bool show(QObject *owner, const QString &shown, const QString &current)
{
    owner->setProperty(kShownText, shown);
    return shown != current;
}

// What PlotFit does to one plot before each of its replots, in an order where each step
// measures what the previous ones left: the layout for the viewport, the legends' columns and
// entries, the titles and the axis labels in lines, the layout again where they changed, then
// the ticks of each axis for the length it has now.
// How many points of the graphs of `rect` (and of the lines between them, sampled) lie in
// `area`, in pixels.
int pointsIn(const QCPAxisRect *rect, const QRectF &area)
{
    constexpr int kSamples = 4; // per segment between two points
    int count = 0;
    for (QCPGraph *graph : rect->graphs()) {
        if (!graph->visible() || graph->data()->isEmpty())
            continue;
        const QCPAxis *key = graph->keyAxis(), *value = graph->valueAxis();
        QPointF last;
        bool first = true;
        for (const QCPGraphData &point : *graph->data()) {
            if (!std::isfinite(point.value))
                continue;
            const QPointF pixel(key->coordToPixel(point.key), value->coordToPixel(point.value));
            for (int s = first ? kSamples : 1; s <= kSamples; ++s) {
                const QPointF at = first ? pixel : last + (pixel - last) * (double(s) / kSamples);
                count += area.contains(at) ? 1 : 0;
            }
            last = pixel;
            first = false;
        }
    }
    return count;
}

// Moves `legend`, when it is inside an axis rect of `plot` (its inset layout), to the corner
// of the rect where it covers the fewest points of the rect's graphs, the top right first on
// a tie. For a plot laid out for its viewport.
void placeOffData(QCustomPlot *plot, QCPLegend *legend)
{
    auto *inset = qobject_cast<QCPLayoutInset *>(legend->layout());
    if (!inset || !legend->visible())
        return;
    QCPAxisRect *rect = nullptr;
    for (QCPAxisRect *candidate : plot->axisRects())
        rect = candidate->insetLayout() == inset ? candidate : rect;
    const int index = int(inset->elements(false).indexOf(legend));
    if (!rect || index < 0)
        return;
    const QSizeF size = legend->minimumOuterSizeHint();
    const QRectF inner = rect->rect();
    const Qt::Alignment corners[] = {Qt::AlignTop | Qt::AlignRight, Qt::AlignTop | Qt::AlignLeft,
                                     Qt::AlignBottom | Qt::AlignRight, Qt::AlignBottom | Qt::AlignLeft};
    Qt::Alignment best = corners[0];
    int fewest = -1;
    for (const Qt::Alignment corner : corners) {
        const double x = corner & Qt::AlignLeft ? inner.left() : inner.right() - size.width();
        const double y = corner & Qt::AlignTop ? inner.top() : inner.bottom() - size.height();
        const int covered = pointsIn(rect, QRectF(QPointF(x, y), size));
        if (fewest < 0 || covered < fewest) {
            fewest = covered;
            best = corner;
        }
    }
    if (inset->insetAlignment(index) != best)
        inset->setInsetAlignment(index, best);
}

class Fitter : public QObject
{
public:
    explicit Fitter(QCustomPlot *plot)
        : QObject(plot)
        , m_plot(plot)
    {
        setObjectName(QStringLiteral("posencPlotFit"));
        connect(plot, &QCustomPlot::beforeReplot, this, &Fitter::fit);
    }

    static Fitter *of(QCustomPlot *plot)
    {
        if (auto *fitter = plot->findChild<Fitter *>(QStringLiteral("posencPlotFit"), Qt::FindDirectChildrenOnly))
            return fitter;
        return new Fitter(plot);
    }

    int allTicks = 0; // every axis at most this many ticks (0: only the axes named)
    QList<std::pair<QPointer<QCPAxis>, int>> axisTicks;
    // A colour scale's axis is another QCPAxis after each setType(): found at each fit.
    QList<std::pair<QPointer<QCPColorScale>, int>> scaleTicks;
    bool axisLabels = false;
    bool titles = false;
    QList<std::pair<QPointer<QCPLegend>, int>> legends;
    QList<QPointer<QCPLegend>> offData; // inset legends kept off the curves

private:
    void fit()
    {
        layOut(m_plot);
        bool changed = false;
        for (const auto &[legend, maxColumns] : std::as_const(legends)) {
            if (legend)
                changed = fitLegend(legend, maxColumns) || changed;
        }
        if (titles)
            changed = fitTitleLines() || changed;
        if (axisLabels)
            changed = fitAxisLabelLines() || changed;
        if (changed)
            layOut(m_plot);
        for (const QPointer<QCPLegend> &legend : std::as_const(offData)) {
            if (legend)
                placeOffData(m_plot, legend);
        }
        if (allTicks > 0 || !axisTicks.isEmpty() || !scaleTicks.isEmpty()) {
            QList<QCPAxis *> named;
            for (const auto &[axis, maxTicks] : std::as_const(axisTicks)) {
                if (axis) {
                    named << axis;
                    fitAxis(m_plot, axis, maxTicks);
                }
            }
            for (const auto &[scale, maxTicks] : std::as_const(scaleTicks)) {
                if (scale && scale->axis()) {
                    named << scale->axis();
                    fitAxis(m_plot, scale->axis(), maxTicks);
                }
            }
            if (allTicks > 0) {
                for (QCPAxis *axis : axesOf(m_plot)) {
                    if (!named.contains(axis))
                        fitAxis(m_plot, axis, allTicks);
                }
            }
        }
    }

    bool fitLegend(QCPLegend *legend, int maxColumns)
    {
        if (!legend->visible() || legend->itemCount() == 0)
            return false;
        QList<QCPPlottableLegendItem *> items;
        for (int n = 0; n < legend->itemCount(); ++n) {
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(n)); item && item->plottable())
                items << item;
        }
        // Each entry's width with its whole name, in one line.
        double widest = 1;
        QList<double> overheads, entryWidths;
        for (QCPPlottableLegendItem *item : std::as_const(items)) {
            QCPAbstractPlottable *plottable = item->plottable();
            const QString full = fullTextOf(plottable, plottable->name());
            const double overhead = legend->iconSize().width() + legend->iconTextPadding() + item->margins().left()
                                    + item->margins().right();
            overheads << overhead;
            double text = 0;
            for (const QString &line : full.split(QLatin1Char('\n')))
                text = std::max(text, TextMeasure::horizontalAdvance(item->font(), line));
            entryWidths << overhead + text + 1;
            widest = std::max(widest, entryWidths.constLast());
        }
        // In a row of the plot's layout: the width of that row; in a corner of an axis rect:
        // the axis rect's.
        double width = plot()->viewport().width();
        if (auto *inset = qobject_cast<QCPLayoutInset *>(legend->layout()))
            width = inset->rect().width() > 0 ? inset->rect().width() : width;
        else if (legend->layout())
            width = cellWidth(plot(), legend);
        width -= legend->margins().left() + legend->margins().right();
        const double spacing = legend->columnSpacing();
        // A view may lower the maximum for a layout of its own (a figure's compact one).
        const QVariant most = legend->property("posencMaxColumns");
        const int columns = std::clamp(int((width + spacing) / (widest + spacing)), 1,
                                       std::max(most.isValid() ? most.toInt() : maxColumns, 1));
        bool changed = false;
        if (maxColumns > 0 && (columns != legend->wrap() || legend->fillOrder() != QCPLayoutGrid::foColumnsFirst)) {
            legend->setWrap(columns);
            legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
            changed = true;
        }
        // An entry wider than its column even alone in one: its name in lines at spaces.
        const int count = int(items.size());
        const int wrap = legend->wrap();
        const int shownColumns = std::max(1, maxColumns > 0 ? columns
                                             : legend->fillOrder() == QCPLayoutGrid::foColumnsFirst
                                                 ? (wrap > 0 ? std::min(wrap, count) : count)
                                                 : (wrap > 0 ? (count + wrap - 1) / wrap : 1));
        // The legend's width with every name whole: its columns as wide as their widest entry.
        const bool columnsFirst = legend->fillOrder() == QCPLayoutGrid::foColumnsFirst;
        const int rows = (count + shownColumns - 1) / shownColumns;
        QList<double> columnWidths(shownColumns, 0);
        for (int n = 0; n < count; ++n) {
            const int c = std::min(shownColumns - 1, columnsFirst ? n % shownColumns : n / std::max(rows, 1));
            columnWidths[c] = std::max(columnWidths[c], entryWidths[n]);
        }
        double whole = spacing * (shownColumns - 1);
        for (double w : std::as_const(columnWidths))
            whole += w;
        // Too wide: the widest column gives up what is missing, the others keep their width
        // (one long name in lines, the short ones whole), down to an even share.
        int widestColumn = 0;
        for (int c = 1; c < shownColumns; ++c)
            widestColumn = columnWidths[c] > columnWidths[widestColumn] ? c : widestColumn;
        const double even = (width - spacing * (shownColumns - 1)) / shownColumns;
        for (int n = 0; n < items.size(); ++n) {
            QCPAbstractPlottable *plottable = items[n]->plottable();
            const QString full = plottable->property(kFullText).toString();
            const int c = std::min(shownColumns - 1, columnsFirst ? n % shownColumns : n / std::max(rows, 1));
            const double column = whole <= width ? QWIDGETSIZE_MAX
                                  : c == widestColumn ? std::max(even, width - (whole - columnWidths[c]))
                                                      : columnWidths[c];
            const double room = column - overheads[n];
            const QString shown = room > 1 ? brokenInto(full, Widths{items[n]->font()}, room) : full;
            if (show(plottable, shown, plottable->name())) {
                plottable->setName(shown);
                changed = true;
            }
        }
        if (changed)
            plot()->updateGeometry();
        return changed;
    }

    bool fitTitleLines()
    {
        bool changed = false;
        for (QCPTextElement *title : m_plot->findChildren<QCPTextElement *>()) {
            if (!title->visible() || title->text().isEmpty())
                continue;
            const QString full = fullTextOf(title, title->text());
            const double width = cellWidth(m_plot, title) - title->margins().left() - title->margins().right() - 8;
            const QString shown = width > 1 ? balancedBrokenInto(full, Widths{title->font()}, width) : full;
            if (show(title, shown, title->text())) {
                title->setText(shown);
                changed = true;
            }
        }
        return changed;
    }

    bool fitAxisLabelLines()
    {
        bool changed = false;
        for (QCPAxis *axis : axesOf(m_plot)) {
            if (!axis->visible() || axis->label().isEmpty() || !axis->axisRect())
                continue;
            const QString full = fullTextOf(axis, axis->label());
            const double length = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width()
                                                                         : axis->axisRect()->height();
            const QString shown = length > 1 ? brokenInto(full, Widths{axis->labelFont()}, length) : full;
            if (show(axis, shown, axis->label())) {
                axis->setLabel(shown);
                changed = true;
            }
        }
        return changed;
    }

    QCustomPlot *plot() const { return m_plot; }

    QCustomPlot *m_plot;
};

} // namespace

void fitTicks(QCustomPlot *plot, QCPAxis *axis, int maxTicks)
{
    Fitter::of(plot)->axisTicks.append({axis, maxTicks});
}

void fitTicks(QCustomPlot *plot, QCPColorScale *scale, int maxTicks)
{
    Fitter::of(plot)->scaleTicks.append({scale, maxTicks});
}

void fitTicks(QCustomPlot *plot, int maxTicks)
{
    // The axes as they are at each replot: views add axis rects and colour scales later.
    Fitter::of(plot)->allTicks = maxTicks;
}

void fitAxisLabels(QCustomPlot *plot)
{
    Fitter::of(plot)->axisLabels = true;
}


void keepLegendOffData(QCustomPlot *plot, QCPLegend *legend)
{
    Fitter::of(plot)->offData.append(legend);
}

void fitTitles(QCustomPlot *plot)
{
    Fitter::of(plot)->titles = true;
}

QString fullText(const QCPTextElement *title)
{
    const QVariant full = title->property(kFullText);
    return full.isValid() && title->text() == title->property(kShownText).toString() ? full.toString() : title->text();
}

QString fullName(const QCPAbstractPlottable *plottable)
{
    const QVariant full = plottable->property(kFullText);
    return full.isValid() && plottable->name() == plottable->property(kShownText).toString() ? full.toString()
                                                                                              : plottable->name();
}

void fitLegendColumns(QCustomPlot *plot, QCPLegend *legend, int maxColumns)
{
    Fitter::of(plot)->legends.append({legend, maxColumns});
}

void fitLegendEntries(QCustomPlot *plot, QCPLegend *legend)
{
    Fitter::of(plot)->legends.append({legend, 0});
}

void layOutNow(QCustomPlot *plot)
{
    layOut(plot);
}

} // namespace posenc::PlotFit

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plotmagnifier.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QtMath>

namespace posenc {

namespace {
enum Property { TickLabelFont, LabelFont, BasePen, TickPen, ItemFont, LegendFont, Pen, TitleFont };

QFont scaled(const QFont &font, double factor)
{
    QFont result = font;
    if (font.pointSizeF() > 0)
        result.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        result.setPixelSize(qRound(font.pixelSize() * factor));
    return result;
}

QPen scaled(const QPen &pen, double factor)
{
    QPen result = pen;
    if (pen.style() != Qt::NoPen)
        result.setWidthF(std::max(pen.widthF(), 1.0) * factor);
    return result;
}
} // namespace

PlotMagnifier::PlotMagnifier(double fontFactor, double lineFactor)
    : m_fontFactor(fontFactor)
    , m_lineFactor(lineFactor)
{
}

void PlotMagnifier::magnifyFont(QObject *owner, int property, std::function<QFont()> get,
                                std::function<void(const QFont &)> set)
{
    auto &entry = m_fonts[qMakePair(static_cast<const QObject *>(owner), property)];
    const QFont current = get();
    if (entry.owner == owner && current == entry.applied)
        return; // already enlarged
    entry = {owner, get, set, current, scaled(current, m_fontFactor)};
    set(entry.applied);
}

void PlotMagnifier::magnifyPen(QObject *owner, int property, std::function<QPen()> get,
                               std::function<void(const QPen &)> set)
{
    auto &entry = m_pens[qMakePair(static_cast<const QObject *>(owner), property)];
    const QPen current = get();
    if (entry.owner == owner && current == entry.applied)
        return;
    entry = {owner, get, set, current, scaled(current, m_lineFactor)};
    set(entry.applied);
}

void PlotMagnifier::magnifyMargins(QObject *owner, const QMargins &extra, std::function<QMargins()> get,
                                   std::function<void(const QMargins &)> set)
{
    auto &entry = m_margins[owner];
    const QMargins current = get();
    if (entry.owner == owner && current == entry.applied)
        return;
    entry = {owner, get, set, current, current + extra};
    set(entry.applied);
}

void PlotMagnifier::apply(QCustomPlot *plot)
{
    if (!m_plots.contains(plot))
        m_plots << plot;
    // Every layerable of a plot (axes, legends, plottables, items) is a QObject child of it.
    for (QCPAxis *axis : plot->findChildren<QCPAxis *>()) {
        magnifyFont(axis, TickLabelFont, [axis] { return axis->tickLabelFont(); },
                    [axis](const QFont &f) { axis->setTickLabelFont(f); });
        magnifyFont(axis, LabelFont, [axis] { return axis->labelFont(); },
                    [axis](const QFont &f) { axis->setLabelFont(f); });
        magnifyPen(axis, BasePen, [axis] { return axis->basePen(); },
                   [axis](const QPen &p) { axis->setBasePen(p); });
        magnifyPen(axis, TickPen, [axis] { return axis->tickPen(); },
                   [axis](const QPen &p) { axis->setTickPen(p); });
    }
    for (QCPLegend *legend : plot->findChildren<QCPLegend *>()) {
        magnifyFont(legend, LegendFont, [legend] { return legend->font(); },
                    [legend](const QFont &f) { legend->setFont(f); });
        // QCustomPlot clips a legend item to its text's height: with margins of 0 the
        // underscore of "w_i" and "seq_len" fell just outside at the enlarged sizes.
        const int gap = qCeil(QFontMetricsF(legend->font()).descent() / 3);
        for (int i = 0; i < legend->itemCount(); ++i) {
            QCPAbstractLegendItem *item = legend->item(i);
            if (!item) // an empty cell of a wrapped legend
                continue;
            magnifyMargins(item, QMargins(0, 0, 0, gap), [item] { return item->margins(); },
                           [item](const QMargins &m) { item->setMargins(m); });
        }
    }
    for (QCPTextElement *title : plot->findChildren<QCPTextElement *>()) {
        magnifyFont(title, TitleFont, [title] { return title->font(); },
                    [title](const QFont &f) { title->setFont(f); });
    }
    for (QCPAbstractPlottable *plottable : plot->findChildren<QCPAbstractPlottable *>()) {
        magnifyPen(plottable, Pen, [plottable] { return plottable->pen(); },
                   [plottable](const QPen &p) { plottable->setPen(p); });
    }
    for (QCPItemText *text : plot->findChildren<QCPItemText *>()) {
        magnifyFont(text, ItemFont, [text] { return text->font(); },
                    [text](const QFont &f) { text->setFont(f); });
    }
    for (QCPItemLine *line : plot->findChildren<QCPItemLine *>()) {
        magnifyPen(line, Pen, [line] { return line->pen(); },
                   [line](const QPen &p) { line->setPen(p); });
    }
    for (QCPItemStraightLine *line : plot->findChildren<QCPItemStraightLine *>()) {
        magnifyPen(line, Pen, [line] { return line->pen(); },
                   [line](const QPen &p) { line->setPen(p); });
    }
    for (QCPItemCurve *curve : plot->findChildren<QCPItemCurve *>()) {
        magnifyPen(curve, Pen, [curve] { return curve->pen(); },
                   [curve](const QPen &p) { curve->setPen(p); });
    }
    for (QCPItemEllipse *ellipse : plot->findChildren<QCPItemEllipse *>()) {
        magnifyPen(ellipse, Pen, [ellipse] { return ellipse->pen(); },
                   [ellipse](const QPen &p) { ellipse->setPen(p); });
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void PlotMagnifier::restore()
{
    for (auto it = m_fonts.begin(); it != m_fonts.end(); ++it) {
        if (it->owner && it->get() == it->applied)
            it->set(it->original);
    }
    for (auto it = m_pens.begin(); it != m_pens.end(); ++it) {
        if (it->owner && it->get() == it->applied)
            it->set(it->original);
    }
    for (auto it = m_margins.begin(); it != m_margins.end(); ++it) {
        if (it->owner && it->get() == it->applied)
            it->set(it->original);
    }
    m_fonts.clear();
    m_pens.clear();
    m_margins.clear();
    for (const QPointer<QCustomPlot> &plot : std::as_const(m_plots)) {
        if (plot)
            plot->replot(QCustomPlot::rpQueuedReplot);
    }
    m_plots.clear();
}

} // namespace posenc

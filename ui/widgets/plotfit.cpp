// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plotfit.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace posenc::PlotFit {

namespace {

// Whether labels of `labels` at `ticks` on `axis`, in its tick label font, keep `gap` pixels
// between each other along the axis.
bool labelsApart(const QCPAxis *axis, const QVector<double> &ticks, const QVector<QString> &labels, double gap)
{
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const bool turned = std::abs(std::fmod(axis->tickLabelRotation(), 180.0)) > 45;
    QList<std::pair<double, double>> spans;
    for (int n = 0; n < ticks.size() && n < labels.size(); ++n) {
        if (!axis->range().contains(ticks[n]) || labels[n].isEmpty())
            continue;
        const QStringList lines = labels[n].split(QLatin1Char('\n'));
        double extent = 0;
        if (horizontal != turned) {
            for (const QString &line : lines)
                extent = std::max(extent, metrics.horizontalAdvance(line));
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
    for (int count = std::max(maxTicks, 1); count >= 1; --count) {
        ticker->setTickCount(count);
        QVector<double> ticks;
        QVector<QString> labels;
        ticker->generate(axis->range(), plot->locale(), formatChar, axis->numberPrecision(), ticks, nullptr, &labels);
        if (labelsApart(axis, ticks, labels, gap))
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

QString brokenInto(const QString &text, const QFontMetricsF &metrics, double width)
{
    if (text.contains(QLatin1Char('\n'))) { // each line of its own
        QStringList lines = text.split(QLatin1Char('\n'));
        for (QString &line : lines)
            line = brokenInto(line, metrics, width);
        return lines.join(QLatin1Char('\n'));
    }
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    QStringList lines;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '))) {
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
QString balancedBrokenInto(const QString &text, const QFontMetricsF &metrics, double width)
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

} // namespace

void fitTicks(QCustomPlot *plot, QCPAxis *axis, int maxTicks)
{
    QObject::connect(plot, &QCustomPlot::beforeReplot, axis, [plot, axis, maxTicks] { fitAxis(plot, axis, maxTicks); });
}

void fitTicks(QCustomPlot *plot, int maxTicks)
{
    // The axes as they are at each replot: views add axis rects and colour scales later.
    const auto fit = [plot, maxTicks] {
        for (QCPAxis *axis : axesOf(plot))
            fitAxis(plot, axis, maxTicks);
    };
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, fit);
}

void fitAxisLabels(QCustomPlot *plot)
{
    static const char *const kFull = kFullText;
    static const char *const kShown = kShownText;
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        for (QCPAxis *axis : axesOf(plot)) {
            if (!axis->visible() || axis->label().isEmpty() || !axis->axisRect())
                continue;
            // A label set since the last fit is the new full text.
            if (axis->label() != axis->property(kShown).toString())
                axis->setProperty(kFull, axis->label());
            const QString full = axis->property(kFull).toString();
            const double length = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width()
                                                                         : axis->axisRect()->height();
            const QString shown = length > 1 ? brokenInto(full, QFontMetricsF(axis->labelFont()), length) : full;
            axis->setProperty(kShown, shown);
            if (shown != axis->label())
                axis->setLabel(shown);
        }
    });
}

void fitTitles(QCustomPlot *plot)
{
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        const double width = plot->viewport().width() - 8; // a few pixels from the edges
        for (QCPTextElement *title : plot->findChildren<QCPTextElement *>()) {
            if (!title->visible() || title->text().isEmpty())
                continue;
            if (title->text() != title->property(kShownText).toString())
                title->setProperty(kFullText, title->text());
            const QString full = title->property(kFullText).toString();
            const QString shown = width > 1 ? balancedBrokenInto(full, QFontMetricsF(title->font()), width) : full;
            title->setProperty(kShownText, shown);
            if (shown != title->text())
                title->setText(shown);
        }
    });
}

QString fullText(const QCPTextElement *title)
{
    const QVariant full = title->property(kFullText);
    return full.isValid() && title->text() == title->property(kShownText).toString() ? full.toString() : title->text();
}

void fitLegendColumns(QCustomPlot *plot, QCPLegend *legend, int maxColumns)
{
    QObject::connect(plot, &QCustomPlot::beforeReplot, legend, [plot, legend, maxColumns] {
        if (!legend->visible() || legend->itemCount() == 0)
            return;
        double widest = 1;
        for (int n = 0; n < legend->itemCount(); ++n) {
            if (QCPAbstractLegendItem *item = legend->item(n))
                widest = std::max<double>(widest, item->minimumOuterSizeHint().width());
        }
        const QRect outer = legend->outerRect();
        const double width = (outer.width() > 0 ? outer.width() : plot->viewport().width())
                             - legend->margins().left() - legend->margins().right();
        const double spacing = legend->columnSpacing();
        // A view may lower the maximum for a layout of its own (a figure's compact one).
        const int most = legend->property("posencMaxColumns").isValid() ? legend->property("posencMaxColumns").toInt() : maxColumns;
        const int columns = std::clamp(int((width + spacing) / (widest + spacing)), 1, std::max(most, 1));
        if (columns == legend->wrap() && legend->fillOrder() == QCPLayoutGrid::foColumnsFirst)
            return;
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        plot->updateGeometry();
    });
}

} // namespace posenc::PlotFit

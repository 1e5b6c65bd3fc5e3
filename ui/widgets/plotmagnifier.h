// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QHash>
#include <QList>
#include <QMargins>
#include <QPen>
#include <QPointer>

#include <functional>

class QCustomPlot;

namespace posenc {

// Enlarges the fonts and thickens the lines of QCustomPlots for presentation mode, and puts
// every original back exactly. Views set their own pens and fonts when they recompute, so
// apply() is meant to be called again after each update: it enlarges only what is not
// enlarged yet (new objects, or ones a view has just reset) and never enlarges twice.
class PlotMagnifier
{
public:
    PlotMagnifier(double fontFactor, double lineFactor);

    double fontFactor() const { return m_fontFactor; }
    double lineFactor() const { return m_lineFactor; }

    // Enlarges axes (tick labels, labels, axis lines), legends, text items, plottables and
    // line items of `plot`, and queues a replot.
    void apply(QCustomPlot *plot);
    // Puts back every original still in place, replots, and forgets everything.
    void restore();

private:
    template<typename T>
    struct Entry {
        QPointer<QObject> owner;
        std::function<T()> get;
        std::function<void(const T &)> set;
        T original;
        T applied;
    };
    void magnifyFont(QObject *owner, int property, std::function<QFont()> get,
                     std::function<void(const QFont &)> set);
    void magnifyPen(QObject *owner, int property, std::function<QPen()> get,
                    std::function<void(const QPen &)> set);
    // Adds `extra` to the margins of `owner` once.
    void magnifyMargins(QObject *owner, const QMargins &extra, std::function<QMargins()> get,
                        std::function<void(const QMargins &)> set);

    double m_fontFactor;
    double m_lineFactor;
    QHash<QPair<const QObject *, int>, Entry<QFont>> m_fonts;
    QHash<QPair<const QObject *, int>, Entry<QPen>> m_pens;
    QHash<const QObject *, Entry<QMargins>> m_margins;
    QList<QPointer<QCustomPlot>> m_plots;
};

} // namespace posenc

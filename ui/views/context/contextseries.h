// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/context/contextoptions.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QVector>

namespace posenc {

struct ContextResult;

// What the lab's second plot draws for one ContextPlot: the curves of both methods (and of the
// ladder as trained, where it differs), against pair index or a quantity on a log axis, with
// reference lines; computed by core (core/ropeanalysis.h) from a ContextResult.
struct ContextSeries {
    Q_DECLARE_TR_FUNCTIONS(ContextSeries)

public:
    struct Line {
        QString name;
        double value = 0;
        bool vertical = false;
        bool dotted = false;
    };
    QString title;
    QString xLabel;
    QString yLabel;
    bool pairsOnX = true; // x: pair index (whole numbers); else a quantity on a log axis
    double xLogBase = 10;
    double yLogBase = 0; // 0: a linear y axis
    QVector<double> x;
    QVector<double> original; // the ladder as trained; empty when it is not drawn
    QVector<double> left;
    QVector<double> right;
    QString leftName, rightName; // the legend's, when not the method's own name
    QList<Line> lines;

    static ContextSeries compute(const ContextResult &r, ContextPlot plot);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace posenc {

// A plot's title (or a note in a row of its layout): a QCPTextElement whose size hints,
// asked for several times in each layout pass, measure its text once per font and text
// (TextMeasure) instead of shaping it at every question.
class PlotTitle : public QCPTextElement
{
    Q_OBJECT

public:
    explicit PlotTitle(QCustomPlot *plot);
    PlotTitle(QCustomPlot *plot, const QString &text);
    PlotTitle(QCustomPlot *plot, const QString &text, const QFont &font);

protected:
    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plottitle.h"

#include "ui/widgets/textmeasure.h"

namespace posenc {

PlotTitle::PlotTitle(QCustomPlot *plot)
    : QCPTextElement(plot)
{
}

PlotTitle::PlotTitle(QCustomPlot *plot, const QString &text)
    : QCPTextElement(plot, text)
{
}

PlotTitle::PlotTitle(QCustomPlot *plot, const QString &text, const QFont &font)
    : QCPTextElement(plot, text, font)
{
}

// As QCPTextElement measures: the text's bounding rect in its (unselected) font, with the
// margins around it; at most as wide as anything. No text takes no room (QCustomPlot's
// element takes a line's height for an empty text: a blank band over a plot with no note).
QSize PlotTitle::minimumOuterSizeHint() const
{
    if (text().isEmpty())
        return QSize(0, 0);
    const QSize text = TextMeasure::boundingRect(font(), QRect(0, 0, 0, 0), Qt::TextDontClip, this->text()).size();
    return text + QSize(margins().left() + margins().right(), margins().top() + margins().bottom());
}

QSize PlotTitle::maximumOuterSizeHint() const
{
    if (text().isEmpty())
        return QSize(QWIDGETSIZE_MAX, 0);
    const QSize text = TextMeasure::boundingRect(font(), QRect(0, 0, 0, 0), Qt::TextDontClip, this->text()).size();
    return QSize(QWIDGETSIZE_MAX, text.height() + margins().top() + margins().bottom());
}

} // namespace posenc

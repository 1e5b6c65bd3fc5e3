// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/check/componentsplot.h"

#include "ui/views/celltext.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"

#include <algorithm>

namespace posenc {

namespace {

QCPItemText *endLabel(QCustomPlot *plot)
{
    auto *label = new QCPItemText(plot);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->setPadding(QMargins(4, 0, 0, 2));
    label->setVisible(false);
    return label;
}

QString shareText(const EncodingCheck::LearnedTable &table, std::size_t i)
{
    return i < table.varianceShare.size() ? CellText::number(100 * table.varianceShare[i], 3) : QStringLiteral("0");
}

} // namespace

ComponentsPlot::ComponentsPlot(QWidget *parent)
    : Plot(parent)
    , m_curve(new QCPCurve(xAxis, yAxis))
    , m_first(endLabel(this))
    , m_last(endLabel(this))
{
    PlotStyle::applyDefaults(this);
    m_curve->setPen(QPen(PlotStyle::categorical().at(0), 1.2));
    m_curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, PlotStyle::categorical().at(0), 4));
    m_curve->setName(tr("positions in order"));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    PlotFit::fitAxisLabels(this);
}

void ComponentsPlot::setTable(const EncodingCheck::LearnedTable &table, double firstPosition)
{
    const Eigen::Index n = table.scores.rows();
    if (table.scores.cols() < 2 || n < 1) {
        clearTable();
        return;
    }
    QVector<double> t(n), x(n), y(n);
    for (Eigen::Index r = 0; r < n; ++r) {
        t[r] = double(r);
        x[r] = table.scores(r, 0);
        y[r] = table.scores(r, 1);
    }
    m_curve->setData(t, x, y, true);
    xAxis->setLabel(tr("PC1 (%1 % of the variance)").arg(shareText(table, 0)));
    yAxis->setLabel(tr("PC2 (%1 % of the variance)").arg(shareText(table, 1)));
    m_first->position->setCoords(x.first(), y.first());
    m_first->setText(tr("position %1").arg(CellText::number(firstPosition, 8)));
    m_last->position->setCoords(x.last(), y.last());
    m_last->setText(tr("position %1").arg(CellText::number(firstPosition + double(n - 1), 8)));
    m_first->setVisible(true);
    m_last->setVisible(n > 1);
    // The same scale on both axes: a circle looks like one.
    const auto [xLow, xHigh] = std::minmax_element(x.cbegin(), x.cend());
    const auto [yLow, yHigh] = std::minmax_element(y.cbegin(), y.cend());
    const double half = 0.55 * std::max({*xHigh - *xLow, *yHigh - *yLow, 1e-12});
    xAxis->setRange(0.5 * (*xLow + *xHigh) - half, 0.5 * (*xLow + *xHigh) + half);
    yAxis->setRange(0.5 * (*yLow + *yHigh) - half, 0.5 * (*yLow + *yHigh) + half);
    replot(QCustomPlot::rpQueuedReplot);
}

void ComponentsPlot::clearTable()
{
    m_curve->data()->clear();
    m_first->setVisible(false);
    m_last->setVisible(false);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace posenc

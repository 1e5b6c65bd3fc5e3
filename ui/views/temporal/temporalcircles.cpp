// SPDX-License-Identifier: GPL-3.0-or-later
// The circles half of TemporalView: one unit circle per period, its quarter marks and one lap
// of steps as faint dots, the hand to where the probe step t lands and the circle kept round
// whatever the plot's shape. Kept apart from temporalview.cpp (the colour map and the curves)
// so that each file reads as one concern.
#include "ui/views/temporal/temporalview.h"

#include "ui/views/celltext.h"
#include "ui/widgets/graph.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace posenc {

namespace {

// Half the visible extent of a circle plot in its shorter direction (the circle has radius 1),
// at least: more where the quarter marks need the room.
constexpr double kCircleReach = 1.3;
// The dot of t on its circle: this many pixels across, or kSmallDot where a circle of the
// large one would be under kSmallBelow pixels in radius (a small page); the quarter marks
// stand half a dot and kMarkGap pixels outside the circle, so that the dot never touches one.
constexpr double kLargeDot = 13;
constexpr double kSmallDot = 7;
constexpr double kSmallBelow = 26;
constexpr double kMarkGap = 2.5;
// A circle shows the steps of one lap as dots only up to this many.
constexpr int kMaxLapDots = 96;

} // namespace

void TemporalView::refreshCircles(const TemporalParams &temporal, double t, bool seriesChanged)
{
    const int periodCount = int(temporal.periods.size());
    const int steps = temporal.steps;
    const QList<QColor> &colors = PlotStyle::categorical();
    // Circles: where t lands for each period, with every shown step as a faint dot.
    if (m_circleDots.size() != periodCount)
        rebuildCircles(periodCount);
    m_circlePoints.clear();
    const Eigen::VectorXd atStep = temporalEncodingAt(temporal, t);
    for (int j = 0; j < periodCount; ++j) {
        const double period = temporal.periods[size_t(j)];
        const QPointF point(atStep[2 * j], atStep[2 * j + 1]);
        m_circlePoints << point;
        const double tModP = temporalPhase(t, period) / (2.0 * std::numbers::pi) * period;
        // A small page's clock says its period alone (the hand shows t mod P, the curves' title
        // t): two lines of title took the height of the circles and the curves.
        m_circleTitles[j]->setText(m_compactClocks ? tr("P = %1").arg(periodName(period))
                                             : tr("P = %1\nt mod P = %2").arg(periodName(period), CellText::number(tModP, 6)));
        const QColor color = colors[j % colors.size()];
        QCPGraph *all = m_circlesPlot->graph(3 * j);
        QCPGraph *hand = m_circlesPlot->graph(3 * j + 1);
        QCPGraph *dot = m_circleDots[j];
        // One lap of steps as faint dots (later laps land on the same points), while they
        // are few enough to be told apart.
        if (seriesChanged || all->data()->isEmpty()) {
            const int lap = int(std::min<double>(steps, std::ceil(period)));
            QVector<double> keys, values;
            if (lap <= kMaxLapDots) {
                const RowMatrixXd lapValues = temporalEncoding(temporal, Eigen::VectorXd::LinSpaced(lap, 0, lap - 1));
                for (int step = 0; step < lap; ++step) {
                    keys << lapValues(step, 2 * j);
                    values << lapValues(step, 2 * j + 1);
                }
            }
            all->setData(keys, values);
            QColor faint = color;
            faint.setAlpha(110);
            all->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, faint, 5));
        }
        hand->setData({0.0, point.x()}, {0.0, point.y()});
        hand->setPen(QPen(color, 2));
        dot->setData({point.x()}, {point.y()}, true);
        dot->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 1.5), color, m_circleDotSize));
    }
    m_circlesPlot->replot(QCustomPlot::rpQueuedReplot);
}

void TemporalView::rebuildCircles(int count)
{
    m_circlesPlot->clearPlottables();
    m_circlesPlot->clearItems();
    m_circlesPlot->plotLayout()->clear();
    m_circleTitles.clear();
    m_circleDots.clear();
    m_circleMarks.clear();
    // Few circles side by side; more in two rows of up to four (large enough to read).
    const int perRow = count <= 4 ? count : std::min((count + 1) / 2, 4);
    const QFont font = plotFont(m_circlesPlot);
    const QFont small = plotFont(m_circlesPlot, -1);
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    for (int j = 0; j < count; ++j) {
        auto *cell = new QCPLayoutGrid;
        m_circlesPlot->plotLayout()->addElement(j / perRow, j % perRow, cell);
        auto *title = new PlotTitle(m_circlesPlot);
        title->setFont(font);
        auto *rect = new QCPAxisRect(m_circlesPlot);
        cell->addElement(0, 0, title);
        cell->addElement(1, 0, rect);
        cell->setRowStretchFactor(0, 0.001);
        cell->setRowSpacing(0);
        m_circleTitles << title;
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        QCPAxis *y = rect->axis(QCPAxis::atLeft);
        // No axes: the circle, its centre lines and the quarter marks say it all (the
        // caption above says x = sin, y = cos), which leaves room for many circles.
        rect->setAutoMargins(QCP::msNone);
        rect->setMargins(QMargins(2, 2, 2, 2));
        for (QCPAxis *axis : {x, y}) {
            axis->setTicker(ticker);
            axis->setTickLabels(false);
            axis->setTicks(false);
            axis->setBasePen(Qt::NoPen);
            axis->grid()->setPen(Qt::NoPen);
            axis->grid()->setZeroLinePen(Qt::NoPen);
            axis->setRange(-kCircleReach, kCircleReach);
        }
        // The centre lines inside the circle only, so that they never run through the
        // quarter marks outside it.
        for (const auto &[from, to] : {std::pair{QPointF(-1, 0), QPointF(1, 0)}, std::pair{QPointF(0, -1), QPointF(0, 1)}}) {
            auto *line = new QCPItemLine(m_circlesPlot);
            line->setClipAxisRect(rect);
            line->start->setAxes(x, y);
            line->end->setAxes(x, y);
            line->start->setCoords(from);
            line->end->setCoords(to);
            line->setPen(QPen(QColor(0xbb, 0xbb, 0xbb), 1));
            line->setSelectable(false);
        }

        auto *circle = new QCPItemEllipse(m_circlesPlot);
        circle->setClipAxisRect(rect);
        for (QCPItemPosition *corner : {circle->topLeft, circle->bottomRight})
            corner->setAxes(x, y);
        circle->topLeft->setCoords(-1, 1);
        circle->bottomRight->setCoords(1, -1);
        circle->setPen(QPen(QColor(0x88, 0x88, 0x88), 1.5));
        circle->setSelectable(false);
        // Where a period starts and its quarters: t = 0 at the top, then clockwise.
        const struct {
            double x, y;
            Qt::Alignment alignment;
            QString text;
        } marks[] = {{0, 1.04, Qt::AlignHCenter | Qt::AlignBottom, tr("t = 0")},
                     {1.04, 0, Qt::AlignLeft | Qt::AlignVCenter, tr("P/4")},
                     {0, -1.04, Qt::AlignHCenter | Qt::AlignTop, tr("P/2")},
                     {-1.04, 0, Qt::AlignRight | Qt::AlignVCenter, tr("3P/4")}};
        for (const auto &mark : marks) {
            auto *label = new QCPItemText(m_circlesPlot);
            label->setClipAxisRect(rect);
            label->position->setAxes(x, y);
            label->position->setCoords(mark.x, mark.y);
            label->setPositionAlignment(mark.alignment);
            label->setText(mark.text);
            label->setFont(small);
            label->setColor(QColor(0x55, 0x55, 0x55));
            label->setSelectable(false);
            m_circleMarks << label; // placed in pixels from the circle by keepCirclesRound()
        }
        QCPGraph *all = Graph::add(m_circlesPlot, x, y);
        all->setLineStyle(QCPGraph::lsNone);
        QCPGraph *hand = Graph::add(m_circlesPlot, x, y);
        hand->setLineStyle(QCPGraph::lsLine);
        QCPGraph *dot = Graph::add(m_circlesPlot, x, y);
        dot->setLineStyle(QCPGraph::lsNone);
        m_circleDots << dot;
    }
}

void TemporalView::keepCirclesRound()
{
    // Equal aspect ratio: the same number of pixels per unit on both axes of every circle. The
    // circle's radius leaves room outside it for the quarter marks, kMarkGap pixels away (in
    // a small exported figure too, where a fixed share of the plot was not enough).
    // (Each circle's panel found from its marks: QCustomPlot::axisRects() lists them in
    // another order.)
    for (int j = 0; 4 * j < m_circleMarks.size(); ++j) {
        const QList<QCPItemText *> marks = m_circleMarks.mid(4 * j, 4);
        QCPAxisRect *rect = marks.first()->clipAxisRect();
        const double w = rect->width();
        const double h = rect->height();
        if (w <= 0 || h <= 0)
            continue;
        // A figure on a small page keeps only "t = 0" (where the clock starts): the circle
        // gets the height the other three marks took, and the caption says the rest.
        for (int n = 1; n < marks.size(); ++n)
            marks[n]->setVisible(!m_compactClocks);
        // What each side needs for its mark: [top, right, bottom, left].
        double need[4] = {0, 0, 0, 0};
        for (int n = 0; n < marks.size(); ++n) {
            if (!marks[n]->visible())
                continue;
            const QFontMetricsF metrics(marks[n]->font());
            need[n] = n % 2 == 0 ? metrics.height() : metrics.horizontalAdvance(marks[n]->text());
        }
        const auto radiusFor = [&](double dot) {
            const double gap = 0.5 * dot + kMarkGap;
            const auto side = [&](int n) { return need[n] > 0 ? need[n] + gap : gap; };
            const double fit = 0.5 * std::min(h - side(0) - side(2), w - 2 * std::max(side(1), side(3))) - 1;
            return std::max(std::min(fit, 0.5 * std::min(w, h) / kCircleReach), 4.0); // pixels
        };
        const double dot = radiusFor(kLargeDot) >= kSmallBelow ? kLargeDot : kSmallDot;
        const double radius = radiusFor(dot);
        if (j == 0 && dot != m_circleDotSize) {
            m_circleDotSize = dot;
            for (QCPGraph *graph : std::as_const(m_circleDots)) {
                QCPScatterStyle style = graph->scatterStyle();
                style.setSize(dot);
                graph->setScatterStyle(style);
            }
        }
        rect->axis(QCPAxis::atBottom)->setRange(-0.5 * w / radius, 0.5 * w / radius);
        // The circle lower by half of what the top needs more than the bottom (a mark above,
        // none below): the rect's middle is that many units above the centre.
        const double gap = 0.5 * dot + kMarkGap;
        const double top = need[0] > 0 ? need[0] + gap : 0, bottom = need[2] > 0 ? need[2] + gap : 0;
        const double middle = 0.5 * (top - bottom) / radius;
        rect->axis(QCPAxis::atLeft)->setRange(middle - 0.5 * h / radius, middle + 0.5 * h / radius);
        const double out = 1 + (0.5 * dot + kMarkGap) / radius;
        const QPointF at[] = {{0, out}, {out, 0}, {0, -out}, {-out, 0}};
        for (int n = 0; n < marks.size(); ++n)
            marks[n]->position->setCoords(at[n]);
    }
}

} // namespace posenc

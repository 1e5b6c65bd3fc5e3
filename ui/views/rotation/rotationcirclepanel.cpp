// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/rotationcirclepanel.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "core/frequencies.h"
#include "ui/views/celltext.h"
#include "ui/views/rotation/rotationcolors.h"
#include "ui/views/rotation/rotationtext.h"
#include "ui/widgets/plot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/richtextlabel.h"
#include "ui/widgets/sizefence.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

namespace posenc {

// The panel's words keep the translation context of the view they were written for,
// posenc::RotationView, where their translations are.

RotationCirclePanel::RotationCirclePanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_plot = new Plot(this);
    m_plot->setAccessibleName(QCoreApplication::translate("posenc::RotationView", "The pair on the unit circle"));
    PlotStyle::applyDefaults(m_plot);
    // Painted with M_k in one pass, and one paint buffer (see RotationView's matrix plot).
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    m_plot->setMinimumSize(120, 120);
    m_plot->xAxis->grid()->setZeroLinePen(QPen(QColor(0xb0, 0xb0, 0xb0), 1));
    m_plot->yAxis->grid()->setZeroLinePen(QPen(QColor(0xb0, 0xb0, 0xb0), 1));
    // Up to four ticks, as many as leave their labels apart ("-1-0.50 0.5 1" ran together on
    // a projector); axis titles longer than the axis in lines.
    PlotFit::fitTicks(m_plot, 4);
    PlotFit::fitAxisLabels(m_plot);

    m_circleCurve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    m_circleCurve->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.5));

    m_arc = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    m_arc->setPen(QPen(RotationColors::angle, 2.5));
    m_arcHead = new QCPItemLine(m_plot);
    m_arcHead->setPen(QPen(RotationColors::angle, 2.5));
    m_arcHead->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 11, 13));
    QFont labelFont = m_plot->font();
    labelFont.setPointSizeF(std::max<qreal>(labelFont.pointSizeF(), 10) + 1);
    // The angle's value in a corner (placeLabels).
    m_arcLabel = new QCPItemText(m_plot);
    m_arcLabel->setTextAlignment(Qt::AlignLeft);
    m_arcLabel->setColor(RotationColors::angle.darker(140));
    m_arcLabel->setBrush(QColor(255, 255, 255, 215));
    m_arcLabel->setPadding(QMargins(3, 1, 3, 1));
    m_arcLabel->setFont(labelFont);

    auto makeArrow = [this, &labelFont](QCPItemLine **arrow, QCPItemText **label, const QColor &color) {
        *arrow = new QCPItemLine(m_plot);
        (*arrow)->setPen(QPen(color, 3));
        (*arrow)->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 14, 18));
        (*arrow)->start->setCoords(0, 0);
        *label = new QCPItemText(m_plot);
        (*label)->setColor(color.darker(115));
        (*label)->setFont(labelFont);
        (*label)->setClipToAxisRect(false);
        (*label)->setPadding(QMargins(2, 0, 2, 0));
        (*label)->setBrush(QColor(255, 255, 255, 200));
    };
    makeArrow(&m_shiftedArrow, &m_shiftedLabel, RotationColors::shifted);
    makeArrow(&m_posArrow, &m_posLabel, RotationColors::position);
    m_posLabel->setText(QCoreApplication::translate("posenc::RotationView", "pos"));
    m_shiftedLabel->setText(QCoreApplication::translate("posenc::RotationView", "pos + k"));

    m_noonLabel = new QCPItemText(m_plot);
    m_noonLabel->setText(QCoreApplication::translate("posenc::RotationView", "angle 0"));
    m_noonLabel->setColor(QColor(0x55, 0x55, 0x55));
    m_noonLabel->setPositionAlignment(Qt::AlignBottom | Qt::AlignLeft);
    // A clean figure keeps the arrows and the angle, without their labels.
    for (QObject *label : std::initializer_list<QObject *>{m_arcLabel, m_posLabel, m_shiftedLabel, m_noonLabel})
        PlotStyle::markAnnotation(label);
    connect(m_plot, &QCustomPlot::afterLayout, this, &RotationCirclePanel::keepRound);

    m_legend = new RichTextLabel(this);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setWordWrap(true);
    m_legend->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(m_plot, 1);
    layout->addWidget(SizeFence::around(m_legend)); // its angle changes with every step of k
}

void RotationCirclePanel::setPair(const EncodingParams &p, int i)
{
    const double extent = p.scale != 0 ? std::abs(p.scale) : 1.0;
    // The hands of pair i only (clockHands would compute every pair's): the same numbers.
    const bool hasPair = i < pairCount(p);
    const PairValue at = hasPair ? pairValue(p, p.position, i) : PairValue();
    const PairValue shifted = hasPair ? pairValue(p, p.position + p.offset, i) : PairValue();

    // The circle of radius |scale| the hands run on (geometry for drawing only).
    constexpr int kCirclePoints = 181;
    QList<double> t(kCirclePoints), x(kCirclePoints), y(kCirclePoints);
    for (int j = 0; j < kCirclePoints; ++j) {
        const double theta = 2 * std::numbers::pi * j / (kCirclePoints - 1);
        t[j] = j;
        x[j] = std::abs(p.scale) * std::sin(theta);
        y[j] = std::abs(p.scale) * std::cos(theta);
    }
    m_circleCurve->setData(t, x, y, true);

    const double x0 = at.sin, y0 = at.cos;
    const double x1 = shifted.sin, y1 = shifted.cos;
    m_posArrow->end->setCoords(x0, y0);
    m_shiftedArrow->end->setCoords(x1, y1);

    m_legend->setText(
        QCoreApplication::translate(
            "posenc::RotationView",
            "<span style='color:%1'>&#x2501;&#x2501;</span>&nbsp;PE(pos&nbsp;=&nbsp;%2) &nbsp; "
            "<span style='color:%3'>&#x2501;&#x2501;</span>&nbsp;PE(pos&nbsp;+&nbsp;k&nbsp;=&nbsp;%4) &nbsp; "
            "<span style='color:%5'>&#x2501;&#x2501;</span>&nbsp;k·w<sub>%6</sub> (clockwise for "
            "k &gt; 0); radius |scale| = %7")
            .arg(RotationColors::position.name(), CellText::number(p.position, 8),
                 RotationColors::shifted.name(), CellText::number(p.position + p.offset, 8),
                 RotationColors::angle.name(), QString::number(i), CellText::number(std::abs(p.scale))));
    m_noonLabel->position->setCoords(0.04 * extent, 1.02 * extent);

    // The arc of the angle k·w_i from the hand at pos to the hand at pos + k, at 0.32 of the
    // radius. More than a full turn is drawn as its remainder; the label gives the whole angle.
    const double w = hasPair ? frequency(p, i) : 0;
    const double from = p.position * w;
    const double angle = p.offset * w;
    const double turn = 2 * std::numbers::pi;
    const double drawn = std::abs(angle) > turn ? std::fmod(angle, turn) : angle;
    const double rho = 0.32 * p.scale;
    constexpr int kArcPoints = 90;
    QList<double> at_(kArcPoints), ax(kArcPoints), ay(kArcPoints);
    for (int j = 0; j < kArcPoints; ++j) {
        const double theta = from + drawn * j / (kArcPoints - 1);
        at_[j] = j;
        ax[j] = rho * std::sin(theta);
        ay[j] = rho * std::cos(theta);
    }
    m_arc->setData(at_, ax, ay, true);
    const bool visibleArc = std::abs(drawn) > 1e-3 && p.scale != 0;
    m_arc->setVisible(visibleArc);
    m_arcHead->setVisible(visibleArc && std::abs(drawn) > 0.2); // else the head hides the arc
    m_arcHead->start->setCoords(ax[kArcPoints - 3], ay[kArcPoints - 3]);
    m_arcHead->end->setCoords(ax[kArcPoints - 1], ay[kArcPoints - 1]);
    QString label = QCoreApplication::translate("posenc::RotationView", "k·w%1 = %2 rad")
                        .arg(RotationText::subscript(i), CellText::number(angle, 4));
    if (std::abs(angle) > turn)
        label += QLatin1Char('\n')
                 + QCoreApplication::translate("posenc::RotationView", "(%1 turns + %2 rad)")
                       .arg(QString::number(std::trunc(std::abs(angle) / turn), 'f', 0),
                            CellText::number(std::abs(drawn), 4));
    m_arcLabel->setText(label);
    m_arcLabel->setVisible(p.scale != 0);

    const int s = sinColumn(p, i), c = cosColumn(p, i);
    m_plot->xAxis->setLabel(QCoreApplication::translate("posenc::RotationView", "sin: PE(pos, %1)").arg(s));
    m_plot->yAxis->setLabel(QCoreApplication::translate("posenc::RotationView", "cos: PE(pos, %1)").arg(c));
    m_halfRange = 1.25 * extent;
    m_roundPasses = 0;
    keepRound();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString RotationCirclePanel::angleText() const
{
    return m_arcLabel->text();
}

void RotationCirclePanel::keepRound()
{
    // Equal scales on both axes, the wider side of the axis rect showing more.
    const QRect rect = m_plot->axisRect()->rect();
    if (rect.width() <= 0 || rect.height() <= 0)
        return;
    const QCPRange xBefore = m_plot->xAxis->range(), yBefore = m_plot->yAxis->range();
    // From the circle's own square each time: a ratio applied to a range a previous shape
    // widened would widen it again (a tall panel after a wide one showed a small circle).
    m_plot->xAxis->setRange(-m_halfRange, m_halfRange);
    m_plot->yAxis->setRange(-m_halfRange, m_halfRange);
    if (rect.width() >= rect.height())
        m_plot->xAxis->setScaleRatio(m_plot->yAxis, 1.0);
    else
        m_plot->yAxis->setScaleRatio(m_plot->xAxis, 1.0);
    // The ticks were fitted to the range before this (PlotFit, before the replot): once more
    // for the new one. A few times at most: where the rest of the view changes the plot's
    // size back and forth, more passes would replot for ever.
    constexpr int kMaxRoundPasses = 3;
    if ((m_plot->xAxis->range() != xBefore || m_plot->yAxis->range() != yBefore) && m_roundPasses < kMaxRoundPasses) {
        ++m_roundPasses;
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }

    placeLabels();
}

void RotationCirclePanel::placeLabels()
{
    // The labels "pos" and "pos + k" beside their arrow tips, then the angle's value in a
    // corner of the axis rect, each where it covers least: another label or an arrowhead
    // worst, then the arrows' shafts and the angle's arc, then the circle, and the arrows'
    // labels their distance from the tip. Those prefer outwards along their arrow, then
    // beside, below or above the tip, then further out; the angle's label the lower left
    // corner. Never outside the axis rect.
    const QRect rect = m_plot->axisRect()->rect();
    const QPointF origin(m_plot->xAxis->coordToPixel(0), m_plot->yAxis->coordToPixel(0));
    const auto pixel = [this](QPointF coords) {
        return QPointF(m_plot->xAxis->coordToPixel(coords.x()), m_plot->yAxis->coordToPixel(coords.y()));
    };
    const auto sizeOf = [](const QCPItemText *label) {
        const QRect text = QFontMetrics(label->font()).boundingRect(QRect(), Qt::AlignCenter, label->text());
        const QMargins padding = label->padding();
        return QSizeF(text.width() + padding.left() + padding.right() + 4, text.height() + padding.top() + padding.bottom() + 2);
    };
    const QRectF bounds = QRectF(rect).adjusted(1, 1, -1, -1);
    const QPointF noon = m_noonLabel->position->pixelPosition();
    const QFontMetrics noonMetrics(m_noonLabel->font());
    QList<QRectF> taken{QRectF(noon.x(), noon.y() - noonMetrics.height(),
                               noonMetrics.horizontalAdvance(m_noonLabel->text()) + 4, noonMetrics.height())};
    // What a label should not cover, sampled every 3 pixels, with what covering a sample costs.
    QList<std::pair<QPointF, double>> samples;
    const auto sampleLine = [&samples](QPointF from, QPointF to, double weight) {
        const int steps = std::clamp(int(QLineF(from, to).length() / 3), 1, 400);
        for (int s = 0; s <= steps; ++s)
            samples.append({from + (to - from) * (double(s) / steps), weight});
    };
    const auto sampleCurve = [&](const QCPCurve *curve, double weight) {
        if (!curve->visible())
            return;
        const QCPCurveDataContainer &data = *curve->data();
        for (int j = 1; j < data.size(); ++j)
            sampleLine(pixel({data.at(j - 1)->key, data.at(j - 1)->value}), pixel({data.at(j)->key, data.at(j)->value}), weight);
    };
    constexpr double kLabelCost = 1000, kStrokeCost = 10, kCircleCost = 3;
    QList<QRectF> heads;
    for (const QCPItemLine *arrow : {m_posArrow, m_shiftedArrow}) {
        const QPointF tip = pixel(arrow->end->coords());
        sampleLine(origin, tip, kStrokeCost);
        // The arrowhead around the tip (its length, which presentation mode's pens enlarge).
        const double head = arrow->head().length() * std::max(1.0, arrow->pen().widthF() / 3.0);
        heads << QRectF(tip - QPointF(head, head), QSizeF(2 * head, 2 * head));
    }
    sampleCurve(m_arc, kStrokeCost);
    sampleCurve(m_circleCurve, kCircleCost);
    const auto cost = [&](const QRectF &box) {
        double total = 0;
        for (const QRectF &other : std::as_const(taken))
            total += box.intersects(other) ? kLabelCost : 0;
        for (const QRectF &head : std::as_const(heads))
            total += box.intersects(head) ? kLabelCost : 0;
        for (const auto &[point, weight] : std::as_const(samples))
            total += box.contains(point) ? weight : 0;
        return total;
    };
    // The candidate (a box's centre) of least cost, the first of equal ones. A label that
    // names a point (`anchor`) also pays for its distance from it: a few pixels of circle
    // covered beside an arrow's tip read better than a free corner far from it.
    constexpr double kDistanceCost = 0.2; // a pixel away
    const auto place = [&](QCPItemText *label, const QList<QPointF> &centres, std::optional<QPointF> anchor) {
        const QSizeF size = sizeOf(label);
        QRectF chosen;
        double least = std::numeric_limits<double>::infinity();
        for (const QPointF &centre : centres) {
            QRectF box(centre - QPointF(size.width() / 2, size.height() / 2), size);
            box.moveLeft(std::clamp(box.left(), bounds.left(), std::max(bounds.left(), bounds.right() - box.width())));
            box.moveTop(std::clamp(box.top(), bounds.top(), std::max(bounds.top(), bounds.bottom() - box.height())));
            const double here = cost(box) + (anchor ? kDistanceCost * QLineF(*anchor, box.center()).length() : 0.0);
            if (here < least) {
                least = here;
                chosen = box;
            }
            if (here == 0)
                break;
        }
        taken << chosen;
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->setPositionAlignment(Qt::AlignCenter);
        label->position->setCoords(chosen.center());
    };
    const auto around = [&](const QCPItemText *label, const QCPItemLine *arrow) {
        const QPointF tip = pixel(arrow->end->coords());
        const double head = arrow->head().length() * std::max(1.0, arrow->pen().widthF() / 3.0);
        const QPointF d = tip - origin;
        const double length = std::hypot(d.x(), d.y());
        const QPointF u = length > 0 ? d / length : QPointF(0, -1); // screen y points down
        const QSizeF size = sizeOf(label);
        const double w = size.width(), h = size.height(), gap = std::max(8.0, head + 4);
        QList<QPointF> centres{tip + u * (gap + std::abs(u.x()) * w / 2 + std::abs(u.y()) * h / 2)};
        for (double far : {1.0, 1.6, 2.2}) {
            centres << tip + QPointF(gap + w / 2, 0) * far << tip - QPointF(gap + w / 2, 0) * far
                    << tip + QPointF(0, gap + h / 2) * far << tip - QPointF(0, gap + h / 2) * far
                    << tip + QPointF(gap + w / 2, gap + h / 2) * far << tip + QPointF(-(gap + w / 2), gap + h / 2) * far
                    << tip + QPointF(gap + w / 2, -(gap + h / 2)) * far << tip - QPointF(gap + w / 2, gap + h / 2) * far;
        }
        return centres;
    };
    place(m_posLabel, around(m_posLabel, m_posArrow), pixel(m_posArrow->end->coords()));
    place(m_shiftedLabel, around(m_shiftedLabel, m_shiftedArrow), pixel(m_shiftedArrow->end->coords()));
    // The angle's value last: any corner serves it, the arrows' labels only their tips.
    if (m_arcLabel->visible()) {
        const QSizeF size = sizeOf(m_arcLabel);
        const double left = bounds.left() + size.width() / 2, right = bounds.right() - size.width() / 2;
        const double top = bounds.top() + size.height() / 2, bottom = bounds.bottom() - size.height() / 2;
        QList<QPointF> centres{{left, bottom}, {right, bottom}, {left, top}, {right, top}};
        // Then along the lower and upper edges, and down the sides.
        for (int step = 1; step < 6; ++step) {
            const double x = left + (right - left) * step / 6, y = top + (bottom - top) * step / 6;
            centres << QPointF(x, bottom) << QPointF(x, top) << QPointF(left, y) << QPointF(right, y);
        }
        place(m_arcLabel, centres, std::nullopt);
    }
}

} // namespace posenc

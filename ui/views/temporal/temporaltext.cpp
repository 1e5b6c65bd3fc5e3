// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/temporal/temporaltext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

QString TemporalText::describe(const EncodingState &state)
{
    const TemporalParams &temporal = state.temporal();
    const int periodCount = int(temporal.periods.size());
    QStringList periods;
    for (double period : temporal.periods)
        periods << exact(period);
    QStringList sentences;
    if (periodCount == 1)
        sentences << tr("The temporal view encodes %1 time steps (0 to %2) with the single period "
                        "P = %3: the pair sin(2πt/P), cos(2πt/P), as a colour map, as curves and as "
                        "a point on a circle.")
                         .arg(count(temporal.steps), count(temporal.steps - 1), periods.constFirst());
    else
        sentences << tr("The temporal view encodes %1 time steps (0 to %2) with %3 periods, %4: for "
                        "each period P the pair sin(2πt/P), cos(2πt/P), %5 columns in all, as a "
                        "colour map, as curves and as a point on a circle per period.")
                         .arg(count(temporal.steps), count(temporal.steps - 1), count(periodCount),
                              QLocale().createSeparatedList(periods), count(2 * periodCount));

    const double t = state.params().position;
    const Eigen::VectorXd at = temporalEncodingAt(temporal, t);
    for (int j = 0; j < periodCount; ++j) {
        const double period = temporal.periods[size_t(j)];
        const double into = temporalPhase(t, period) / (2.0 * std::numbers::pi) * period;
        sentences << tr("Step t = %1 is %2 steps into period %3 and lands on its circle at "
                        "(%4, %5).")
                         .arg(exact(t), number(into, 6), periods[j], number(at[2 * j]),
                              number(at[2 * j + 1]));
    }
    if (t < 0 || t >= temporal.steps)
        sentences << tr("Step t = %1 lies outside the %2 steps of the table; its encoding is "
                        "defined all the same.")
                         .arg(exact(t), count(temporal.steps));
    sentences << tr("Steps t and t + P land on the same point: each pair repeats every period.");
    return paragraph(sentences);
}

QString TemporalText::entry(const TemporalParams &temporal, double step, int column)
{
    const int j = column / 2;
    if (j < 0 || size_t(j) >= temporal.periods.size())
        return {};
    const double period = temporal.periods[size_t(j)];
    const double angle = 2.0 * std::numbers::pi * step / period;
    const bool isSin = column % 2 == 0;
    QStringList lines;
    lines << tr("step t = %1, column %2: %3 of period P = %4")
                 .arg(CellText::number(step, 10), QString::number(column),
                      isSin ? QStringLiteral("sin") : QStringLiteral("cos"), CellText::number(period, 10));
    lines << tr("angle = 2π · t / P = 2π × %1 / %2 = %3 rad")
                 .arg(CellText::number(step, 10), CellText::number(period, 10), CellText::number(angle));
    lines << tr("value = %1(angle) = %2")
                 .arg(isSin ? QStringLiteral("sin") : QStringLiteral("cos"),
                      CellText::number(isSin ? std::sin(angle) : std::cos(angle)));
    lines << tr("Steps t and t + %1 land on the same point: the encoding repeats every period.")
                 .arg(CellText::number(period, 10));
    return lines.join(QLatin1Char('\n'));
}

QString TemporalText::temporalRow(const TemporalParams &temporal, double step, int column, int stepsPerBox)
{
    const int perBox = std::max(1, stepsPerBox);
    const int j = column / 2;
    const bool inMap = step == std::floor(step) && step >= 0 && step < temporal.steps;
    if (perBox == 1 || !inMap || j < 0 || size_t(j) >= temporal.periods.size())
        return entry(temporal, step, column);
    const int first = int(step) / perBox * perBox;
    const int count = std::min(perBox, temporal.steps - first);
    const double period = temporal.periods[size_t(j)];
    const bool isSin = column % 2 == 0;
    const QString function = isSin ? QStringLiteral("sin") : QStringLiteral("cos");
    const double middle = first + 0.5 * (count - 1);
    const double middleAngle = 2.0 * std::numbers::pi * middle / period;
    const double mean = temporalBoxMean(temporal, first, count)[column];
    const double attenuation = temporalBoxAttenuation(count, period);
    const double alone = temporalEncodingAt(temporal, step)[column];
    QStringList lines;
    lines << tr("This row of the map is a mean, not one step: the mean of %1(2π t / %2) (column %3) "
                "over the %4 steps t = %5 … %6.")
                 .arg(function, CellText::number(period, 10), QString::number(column), QString::number(count),
                      QString::number(first), QString::number(first + count - 1));
    lines << tr("mean = D · %1(2π c / P) = %2 × %3 = %4, with c = %5 the middle of the steps and "
                "D = sin(nπ / P) / (n · sin(π / P)) for n = %6 steps.")
                 .arg(function, CellText::number(attenuation),
                      CellText::number(isSin ? std::sin(middleAngle) : std::cos(middleAngle)),
                      CellText::number(mean), CellText::number(middle, 10), QString::number(count));
    lines << tr("The map shows more steps than it has rows of pixels: each row is the mean of %1 steps, "
                "because one step of every %1 would draw stripes that are not in the encoding.")
                 .arg(perBox);
    lines << tr("Step t = %1 alone: %2(2π × %1 / %3) = %4.")
                 .arg(CellText::number(step, 10), function, CellText::number(period, 10), CellText::number(alone));
    return lines.join(QLatin1Char('\n'));
}

} // namespace posenc

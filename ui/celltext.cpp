// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/celltext.h"

#include "core/channels.h"
#include "core/frequencies.h"

#include <algorithm>

namespace posenc {

QString CellText::number(double value, int significant)
{
    QString text = QString::number(value, 'g', significant);
    if (text.startsWith(QLatin1Char('-')))
        text.replace(0, 1, QChar(0x2212));
    return text;
}

QString CellText::frequencyFormula(const EncodingParams &params, int pair)
{
    const QString w = tr("w_%1").arg(pair);
    const QString base = number(params.base, 8);
    const double frequency = posenc::frequency(params, pair);
    if (params.frequencies == FrequencyConvention::Tensor2Tensor) {
        const int denominator = std::max(frequencyCount(params) - 1, 1);
        return tr("%1 = exp(−%2·ln(%3)/%4) = %5")
            .arg(w, QString::number(pair), base, QString::number(denominator), number(frequency));
    }
    return tr("%1 = %2^(−%3/%4) = %5")
        .arg(w, base, QString::number(2 * pair), QString::number(params.dModel), number(frequency));
}

QString CellText::explanation(const EncodingParams &params, const CellExplanation &cell)
{
    const QString pos = number(cell.position, 10);
    QStringList lines;
    lines << tr("pos = %1, dimension %2").arg(pos).arg(cell.column);
    if (cell.channel.kind == Channel::Kind::Zero) {
        lines << tr("This column is the zero column the split layout appends for odd d_model.")
              << tr("PE(%1, %2) = 0").arg(pos).arg(cell.column);
        return lines.join(QLatin1Char('\n'));
    }
    const int i = cell.channel.pair;
    const bool isSin = cell.channel.kind == Channel::Kind::Sin;
    QString channel = isSin ? tr("sin of pair i = %1").arg(i) : tr("cos of pair i = %1").arg(i);
    if (isSin && cosColumn(params, i) < 0)
        channel += tr(" (no cos partner: d_model is odd)");
    lines << channel << frequencyFormula(params, i)
          << tr("angle = pos · w_%1 = %2 × %3 = %4 rad")
                 .arg(QString::number(i), pos, number(cell.frequency), number(cell.angle))
          << tr("PE(%1, %2) = scale · %3(angle) = %4 × %3(%5) = %6")
                 .arg(pos, QString::number(cell.column),
                      isSin ? QStringLiteral("sin") : QStringLiteral("cos"), number(params.scale),
                      number(cell.angle), number(cell.value));
    return lines.join(QLatin1Char('\n'));
}

} // namespace posenc

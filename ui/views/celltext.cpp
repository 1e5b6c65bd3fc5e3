// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/celltext.h"

#include "core/channels.h"
#include "core/frequencies.h"

#include <algorithm>
#include <cmath>

namespace posenc {

QString CellText::number(double value, int significant)
{
    QString text = QString::number(value, 'g', significant);
    if (text.startsWith(QLatin1Char('-')))
        text.replace(0, 1, QChar(0x2212));
    return text;
}

QString CellText::powerOfTen(double value, int significant)
{
    const QString text = number(value, significant);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    if (e < 0)
        return text;
    static constexpr char16_t digits[10] = {u'⁰', u'¹', u'²', u'³', u'⁴',
                                            u'⁵', u'⁶', u'⁷', u'⁸', u'⁹'};
    const int exponent = text.mid(e + 1).toInt();
    QString power = QStringLiteral("10");
    if (exponent < 0)
        power += QChar(u'⁻');
    for (const QChar digit : QString::number(std::abs(exponent)))
        power += QChar(digits[digit.digitValue()]);
    const QString mantissa = text.left(e);
    if (mantissa == QLatin1String("1"))
        return power;
    if (mantissa == QString(QChar(0x2212)) + QLatin1Char('1'))
        return QChar(0x2212) + power;
    return mantissa + QChar(0x00d7) + power;
}

QString CellText::frequencyFormula(const EncodingParams &params, int pair)
{
    const QString w = tr("w_%1").arg(pair);
    // One notation: (10⁸)^(−126/128) = 1.33352×10⁻⁸, never 1e+08 beside 1.33352e-08.
    const QString base = powerOfTen(params.base, 8);
    const double frequency = posenc::frequency(params, pair);
    if (params.frequencies == FrequencyConvention::Tensor2Tensor) {
        const int denominator = std::max(frequencyCount(params) - 1, 1);
        return tr("%1 = exp(−%2·ln(%3)/%4) = %5")
            .arg(w, QString::number(pair), base, QString::number(denominator), powerOfTen(frequency));
    }
    const QString power = base == number(params.base, 8) ? base : QLatin1Char('(') + base + QLatin1Char(')');
    return tr("%1 = %2^(−%3/%4) = %5")
        .arg(w, power, QString::number(2 * pair), QString::number(params.dModel), powerOfTen(frequency));
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/descriptiontext.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "ui/state/encodingstate.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

bool isShown(const EncodingParams &p, double position)
{
    return position >= p.start - 0.5 && position <= p.start + p.seqLen - 0.5;
}

} // namespace

QString DescriptionText::number(double value, int significant)
{
    const QLocale locale;
    if (!std::isfinite(value))
        return value > 0 ? QStringLiteral("∞") : (value < 0 ? QStringLiteral("−∞") : QStringLiteral("NaN"));
    if (value == 0)
        return locale.toString(0);
    // Rounded to the significant digits first: 54410 reads "54,400", not "54,410", and
    // 9.9996 becomes 10 before its digits are counted.
    int magnitude = int(std::floor(std::log10(std::abs(value))));
    value = std::round(value / std::pow(10.0, magnitude - significant + 1))
            * std::pow(10.0, magnitude - significant + 1);
    magnitude = int(std::floor(std::log10(std::abs(value))));
    QString text;
    if (magnitude < -4 || magnitude >= 15) {
        // "3.39e−15" as the rotation view writes its residual (the locale would say "3.39E-15").
        return number(value / std::pow(10.0, magnitude), significant) + QLatin1Char('e')
               + number(magnitude, 3);
    } else {
        const int decimals = std::max(0, significant - 1 - magnitude);
        text = locale.toString(value, 'f', decimals);
        if (decimals > 0) {
            while (text.endsWith(locale.zeroDigit()))
                text.chop(locale.zeroDigit().size());
            if (text.endsWith(locale.decimalPoint()))
                text.chop(locale.decimalPoint().size());
        }
    }
    if (text.startsWith(locale.negativeSign()))
        text.replace(0, locale.negativeSign().size(), QChar(0x2212));
    return text;
}

QString DescriptionText::exact(double value)
{
    return number(value, 10);
}

QString DescriptionText::count(qint64 value)
{
    return QLocale().toString(value);
}

QString DescriptionText::index(qint64 value)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value);
}

QString DescriptionText::paragraph(const QStringList &sentences)
{
    QString text;
    for (const QString &sentence : sentences) {
        if (sentence.isEmpty())
            continue;
        if (!text.isEmpty() && text.back().unicode() < 0x3000)
            text += QLatin1Char(' ');
        text += sentence;
    }
    return text;
}

QList<int> DescriptionText::drawnDimensions(const EncodingState &state)
{
    QList<int> drawn;
    for (int column : state.curveDimensions()) {
        if (column < state.params().dModel)
            drawn << column;
    }
    return drawn;
}

QString DescriptionText::columnSentence(const EncodingParams &p, int column)
{
    const Channel channel = channelOf(p, column);
    if (channel.kind == Channel::Kind::Zero)
        return tr("Column %1 is the zero column that the split layout appends for odd d_model: "
                  "it is 0 at every position.")
            .arg(index(column));
    const bool sine = channel.kind == Channel::Kind::Sin;
    const double wavelength = wavelengths(p)[channel.pair];
    if (wavelength > p.seqLen) {
        const QString text =
            sine ? tr("Column %1 (the sine of pair %2) has wavelength %3 positions, longer than "
                      "the %4 positions shown: over the sequence it completes less than one cycle.")
                 : tr("Column %1 (the cosine of pair %2) has wavelength %3 positions, longer than "
                      "the %4 positions shown: over the sequence it completes less than one cycle.");
        return text.arg(index(column), index(channel.pair), number(wavelength), count(p.seqLen));
    }
    const QString text =
        sine ? tr("Column %1 (the sine of pair %2) has wavelength %3 positions and completes %4 "
                  "cycles over the %5 positions shown.")
             : tr("Column %1 (the cosine of pair %2) has wavelength %3 positions and completes %4 "
                  "cycles over the %5 positions shown.");
    return text.arg(index(column), index(channel.pair), number(wavelength),
                    number(p.seqLen / wavelength), count(p.seqLen));
}

QString DescriptionText::markerSentence(const EncodingParams &p)
{
    const QString pos = exact(p.position);
    const QString shifted = exact(p.position + p.offset);
    const bool posShown = isShown(p, p.position);
    const bool shiftedShown = isShown(p, p.position + p.offset);
    if (posShown && shiftedShown)
        return tr("Lines mark position %1 (pos) and position %2 (pos + k).").arg(pos, shifted);
    if (posShown)
        return tr("A line marks position %1 (pos); pos + k = %2 lies outside the positions shown.")
            .arg(pos, shifted);
    if (shiftedShown)
        return tr("A line marks position %1 (pos + k); pos = %2 lies outside the positions shown.")
            .arg(shifted, pos);
    return tr("The marked positions pos = %1 and pos + k = %2 both lie outside the positions shown.")
        .arg(pos, shifted);
}

} // namespace posenc

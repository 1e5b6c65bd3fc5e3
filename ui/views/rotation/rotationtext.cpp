// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/rotationtext.h"

#include "ui/views/celltext.h"

#include <QChar>

#include <cmath>

namespace posenc::RotationText {

QString subscript(int n)
{
    QString digits = QString::number(n);
    for (QChar &ch : digits) {
        if (ch.isDigit())
            ch = QChar(0x2080 + ch.digitValue());
        else if (ch == QLatin1Char('-'))
            ch = QChar(0x208b);
    }
    return digits;
}

QString residualNumber(double value)
{
    QString text = CellText::number(value, 2);
    text.replace(QStringLiteral("e-"), QStringLiteral("e\u2212"));
    text.replace(QStringLiteral("e+"), QStringLiteral("e"));
    // Qt writes two exponent digits ("1.2e-07"); a person writes "1.2e−7".
    text.replace(QStringLiteral("e\u22120"), QStringLiteral("e\u2212"));
    if (text.contains(QStringLiteral("e0")))
        text.replace(QStringLiteral("e0"), QStringLiteral("e"));
    return text;
}

QString wavelengthText(double wavelength)
{
    if (wavelength < 1000)
        return CellText::number(wavelength, 3);
    return QString::number(std::round(wavelength), 'f', 0);
}

} // namespace posenc::RotationText

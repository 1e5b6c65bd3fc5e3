// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/optiontext.h"

#include "ui/views/scenereader.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <charconv>

namespace posenc::OptionText {

bool isIntegerText(const QString &text)
{
    static const QRegularExpression integer(QStringLiteral("^\\s*[+-]?[0-9]+\\s*$"));
    return integer.match(text).hasMatch();
}

bool isNumberText(const QString &text)
{
    static const QRegularExpression number(
        QStringLiteral("^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?\\s*$"));
    return number.match(text).hasMatch();
}

std::optional<QString> readInteger(const QString &flag, const QString &text, int low, int high, int &out)
{
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (ok && value >= low && value <= high) {
        out = value;
        return std::nullopt;
    }
    const QString message =
        ok || isIntegerText(text) ? QCoreApplication::translate("CommandLineParser", "--%1: “%2” is out of range; it must be an integer in [%3, %4]")
           : QCoreApplication::translate("CommandLineParser", "--%1: “%2” is not an integer; it must be an integer in [%3, %4]");
    return message.arg(flag, text).arg(low).arg(high);
}

std::optional<QString> readNumber(const QString &flag, const QString &text, double low, double high, double &out)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (ok && value >= low && value <= high) {
        out = value;
        return std::nullopt;
    }
    const QString message =
        ok || isNumberText(text) ? QCoreApplication::translate("CommandLineParser", "--%1: “%2” is out of range; it must be a number in [%3, %4]")
           : QCoreApplication::translate("CommandLineParser", "--%1: “%2” is not a number; it must be a number in [%3, %4]");
    return message.arg(flag, text, shortest(low), shortest(high));
}

std::optional<QString> readChoice(const QString &flag, const QString &text, const QStringList &choices)
{
    if (choices.contains(text))
        return std::nullopt;
    return QCoreApplication::translate("CommandLineParser", "--%1: “%2” is not one of %3")
        .arg(flag, text, choices.join(QStringLiteral(", ")));
}

QString helpLine(const QString &flag, const QString &valueName, const QString &help)
{
    const QString option = QStringLiteral("  --%1 %2").arg(flag, valueName);
    return option.leftJustified(22) + QLatin1Char(' ') + help + QLatin1Char('\n');
}

QString shortest(double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return QString::fromLatin1(text, result.ptr - text);
}

std::optional<QString> readIntegerIn(const QJsonValue &value, const QString &path, const QString &rule, int low,
                                     int high, int &out)
{
    int read = 0;
    if (!SceneReader::readInt(value, &read))
        return SceneReader::notAnInteger(path, value, rule);
    if (read < low || read > high)
        return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
    out = read;
    return std::nullopt;
}

std::optional<QString> readNumberIn(const QJsonValue &value, const QString &path, const QString &rule, double low,
                                    double high, double &out)
{
    double read = 0;
    if (!SceneReader::readNumber(value, &read))
        return SceneReader::notANumber(path, value, rule);
    if (!(read >= low && read <= high))
        return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
    out = read;
    return std::nullopt;
}

} // namespace posenc::OptionText

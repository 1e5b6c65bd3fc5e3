// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/optiontext.h"

#include "ui/views/scenereader.h"
#include "ui/views/viewdescriptor.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

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

std::optional<QString> readSeed(const QString &flag, const QString &text, std::uint64_t &out)
{
    // Decimal digits, with a "+" as --train-steps takes one (toULongLong alone would take a
    // "-" and wrap it round).
    QString digits = text.trimmed();
    if (digits.startsWith(QLatin1Char('+')))
        digits.remove(0, 1);
    bool ok = false;
    const qulonglong value = digits.toULongLong(&ok);
    const bool decimal = !digits.isEmpty() && std::all_of(digits.cbegin(), digits.cend(), [](QChar c) { return c.isDigit() && c.unicode() < 128; });
    if (ok && decimal) {
        out = value;
        return std::nullopt;
    }
    const QString message =
        isIntegerText(text) ? QCoreApplication::translate("CommandLineParser", "--%1: “%2” is out of range; it must be an integer in [%3, %4]")
                : QCoreApplication::translate("CommandLineParser", "--%1: “%2” is not an integer; it must be an integer in [%3, %4]");
    return message.arg(flag, text).arg(0).arg(std::numeric_limits<std::uint64_t>::max());
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

QStringList choices(const ViewOption &option)
{
    const QString probe = QStringLiteral("?");
    Scene scene;
    const std::optional<QString> refused = option.parse(probe, scene);
    const QString marker = QCoreApplication::translate("CommandLineParser", "--%1: “%2” is not one of %3")
                               .arg(option.flag, probe, QString());
    if (!refused || !refused->startsWith(marker))
        return {};
    return refused->mid(marker.size()).split(QStringLiteral(", "));
}

QString helpLine(const QString &flag, const QString &valueName, const QString &help)
{
    // The descriptions in one column: an option longer than it gets its description on the
    // next line, indented to the column.
    constexpr qsizetype kColumn = 22;
    const QString option = QStringLiteral("  --%1 %2").arg(flag, valueName);
    if (option.size() > kColumn)
        return option + QLatin1Char('\n') + QString(kColumn + 1, QLatin1Char(' ')) + help + QLatin1Char('\n');
    return option.leftJustified(kColumn) + QLatin1Char(' ') + help + QLatin1Char('\n');
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

std::optional<QString> readSeedIn(const QJsonValue &value, const QString &path, const QString &rule, std::uint64_t &out)
{
    constexpr double kExact = 9007199254740992.0; // 2^53
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (!std::isfinite(d) || d != std::floor(d))
            return SceneReader::notAnInteger(path, value, rule);
        if (d < 0 || d > kExact)
            return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
        out = std::uint64_t(d);
        return std::nullopt;
    }
    if (value.isString() && isIntegerText(value.toString())) {
        std::uint64_t seed = 0;
        if (readSeed(QString(), value.toString(), seed))
            return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
        out = seed;
        return std::nullopt;
    }
    return SceneReader::notAnInteger(path, value, rule);
}

QJsonValue seedJson(std::uint64_t seed)
{
    if (seed <= (std::uint64_t(1) << 53))
        return double(seed);
    return QString::number(seed);
}

QString commandLine(const QStringList &arguments)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    QStringList quoted{QStringLiteral("posenc-lab")};
    for (const QString &argument : arguments) {
        if (plain.match(argument).hasMatch()) {
            quoted << argument;
            continue;
        }
        QString text = argument;
        text.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
        quoted << QLatin1Char('\'') + text + QLatin1Char('\'');
    }
    return quoted.join(QLatin1Char(' '));
}

} // namespace posenc::OptionText

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace posenc {

struct ViewOption;

// How view options read a command-line value, in the words every other option uses (the
// messages belong to the command line's translation context, CommandLineParser).
namespace OptionText {

// Whether `text` is written as a whole number ("2147483648", "-1", 400 nines), or as a
// decimal number ("1e-400"): a value so written that the option cannot hold is out of its
// range, not "not a number".
bool isIntegerText(const QString &text);
bool isNumberText(const QString &text);
// An integer in [low, high] given to --flag; the message names the flag and the range.
std::optional<QString> readInteger(const QString &flag, const QString &text, int low, int high, int &out);
// A seed given to --flag: a whole number in [0, 2^64 - 1], as `posenc-lab train --seed` takes it.
std::optional<QString> readSeed(const QString &flag, const QString &text, std::uint64_t &out);
// A finite number in [low, high] given to --flag.
std::optional<QString> readNumber(const QString &flag, const QString &text, double low, double high, double &out);
// One of `choices` given to --flag.
std::optional<QString> readChoice(const QString &flag, const QString &text, const QStringList &choices);
// A preset's or a scene's JSON value at `path`: an integer (or a finite number) in [low, high];
// the message names the path and says `rule` (SceneReader's words).
std::optional<QString> readIntegerIn(const QJsonValue &value, const QString &path, const QString &rule, int low,
                                     int high, int &out);
std::optional<QString> readNumberIn(const QJsonValue &value, const QString &path, const QString &rule, double low,
                                    double high, double &out);
// A seed in JSON: a number up to 2^53 (where JSON numbers stop being exact) or a string of
// digits up to 2^64 - 1; seedJson writes it so.
std::optional<QString> readSeedIn(const QJsonValue &value, const QString &path, const QString &rule, std::uint64_t &out);
QJsonValue seedJson(std::uint64_t seed);
// The values an enumerated option takes, as its parse() checks them; empty for any other. An
// option says them only in the message for a value it refuses (readChoice's words), so that
// message is asked for.
QStringList choices(const ViewOption &option);
// "--flag VALUE" padded to the column of --help's descriptions, then `help`.
QString helpLine(const QString &flag, const QString &valueName, const QString &help);
// The shortest text that reads back as the same double ("0.1", "10000", "1e+12").
QString shortest(double value);
// "posenc-lab" and `arguments`, each quoted for a POSIX shell only where a character needs it:
// a command line to paste into a terminal.
QString commandLine(const QStringList &arguments);

} // namespace OptionText

} // namespace posenc

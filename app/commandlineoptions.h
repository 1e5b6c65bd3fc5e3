// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The options of the commands that parse() reads with QCommandLineParser, shared by the
// parser (app/commandline.cpp) and the words made from them: --help, --list-options, the man
// page and the shell completion (app/commandlinehelp.cpp).

#include "app/commandline.h"
#include "ui/views/viewregistry.h"

#include <QCommandLineOption>
#include <QList>

#include <utility>

namespace posenc::cli {

inline QString optionOf(ParamField field)
{
    return parameterOption(field);
}

struct Options {
    QCommandLineOption help{{QStringLiteral("h"), QStringLiteral("help")}, QString()};
    QCommandLineOption version{{QStringLiteral("v"), QStringLiteral("version")}, QString()};
    QCommandLineOption dModel{optionOf(ParamField::DModel), QString(), QStringLiteral("N")};
    QCommandLineOption seqLen{optionOf(ParamField::SeqLen), QString(), QStringLiteral("N")};
    QCommandLineOption base{optionOf(ParamField::Base), QString(), QStringLiteral("B")};
    QCommandLineOption scale{optionOf(ParamField::Scale), QString(), QStringLiteral("S")};
    QCommandLineOption offset{optionOf(ParamField::Offset), QString(), QStringLiteral("K")};
    QCommandLineOption start{optionOf(ParamField::Start), QString(), QStringLiteral("P")};
    QCommandLineOption position{optionOf(ParamField::Position), QString(), QStringLiteral("P")};
    QCommandLineOption layout{QStringLiteral("layout"), QString(), QStringLiteral("L")};
    QCommandLineOption frequencies{QStringLiteral("frequencies"), QString(), QStringLiteral("F")};
    QCommandLineOption lang{QStringLiteral("lang"), QString(), QStringLiteral("LANG")};
    QCommandLineOption view{QStringLiteral("view"), QString(), QStringLiteral("VIEW")};
    QCommandLineOption output{{QStringLiteral("o"), QStringLiteral("output")}, QString(),
                              QStringLiteral("FILE")};
    QCommandLineOption dtype{QStringLiteral("dtype"), QString(), QStringLiteral("TYPE")};
    QCommandLineOption size{QStringLiteral("size"), QString(), QStringLiteral("WxH")};
    QCommandLineOption widthMm{QStringLiteral("width-mm"), QString(), QStringLiteral("W")};
    QCommandLineOption heightMm{QStringLiteral("height-mm"), QString(), QStringLiteral("H")};
    QCommandLineOption dpi{QStringLiteral("dpi"), QString(), QStringLiteral("N")};
    QCommandLineOption fontPt{QStringLiteral("font-pt"), QString(), QStringLiteral("N")};
    QCommandLineOption theme{QStringLiteral("theme"), QString(), QStringLiteral("THEME")};
    QCommandLineOption colormap{QStringLiteral("colormap"), QString(), QStringLiteral("MAP")};
    QCommandLineOption clean{QStringLiteral("clean"), QString()};
    QCommandLineOption listViews{QStringLiteral("list-views"), QString()};
    // For the man page and the shell completion, which the build makes from this table.
    QCommandLineOption helpAll{QStringLiteral("help-all"), QString()};
    QCommandLineOption listOptions{QStringLiteral("list-options"), QString()};
    QCommandLineOption bashCompletion{QStringLiteral("bash-completion"), QString()};
    QCommandLineOption changes{QStringLiteral("changes"), QString(), QStringLiteral("N")};
    QCommandLineOption quick{QStringLiteral("quick"), QString()};
    QCommandLineOption json{QStringLiteral("json"), QString()};
    QCommandLineOption atol{QStringLiteral("atol"), QString(), QStringLiteral("A")};
    QCommandLineOption tensor{QStringLiteral("tensor"), QString(), QStringLiteral("NAME")};
    QCommandLineOption present{QStringLiteral("present"), QString()};
    QCommandLineOption preset{QStringLiteral("preset"), QString(), QStringLiteral("FILE")};
    QCommandLineOption outDir{QStringLiteral("out-dir"), QString(), QStringLiteral("DIR")};
    QCommandLineOption animate{QStringLiteral("animate"), QString(), QStringLiteral("PARAM")};
    QCommandLineOption from{QStringLiteral("from"), QString(), QStringLiteral("A")};
    QCommandLineOption to{QStringLiteral("to"), QString(), QStringLiteral("B")};
    QCommandLineOption frames{QStringLiteral("frames"), QString(), QStringLiteral("N")};
    QCommandLineOption fps{QStringLiteral("fps"), QString(), QStringLiteral("F")};
    // Every view's options, from the registry: --dims, --periods, --pair, ...
    QList<std::pair<const ViewOption *, QCommandLineOption>> viewOptions = [] {
        QList<std::pair<const ViewOption *, QCommandLineOption>> options;
        for (const ViewOption *option : ViewRegistry::options())
            options.append({option, QCommandLineOption(QStringList{option->flag} + option->aliases, QString(), option->valueName)});
        return options;
    }();
};

// The options of a command, in the order --help lists them: what parse() accepts, and what
// --list-options, the man page and the shell completion are made from.
QList<QCommandLineOption> optionsOf(CommandLine::Mode mode, const Options &o);

// The values an enumerated option takes in a command, as parse() checks them (empty: not an
// enumeration).
QStringList choicesOf(CommandLine::Mode mode, const QString &flag);

// The --help text of a command.
QString helpText(CommandLine::Mode mode);

} // namespace posenc::cli

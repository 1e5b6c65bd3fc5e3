// SPDX-License-Identifier: GPL-3.0-or-later
// The command-line parser, CommandLineParser::parse. The input is the arguments after the
// program name, separated by NUL or newline bytes (as argv holds them: no quoting), so that
// "export\n--view\nheatmap\n-o\na.npy" is `posenc-lab export --view heatmap -o a.npy`. Any
// arguments give a command or an error with a reason; a command accepted holds a valid scene,
// and an export's request and its reproducing command line can be built.
#include "fuzzcommon.h"

#include "app/commandline.h"

#include <QStringList>

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // A command line is short; a megabyte of arguments only slows the search down.
    if (size > 4096)
        return 0;
    QStringList arguments{QStringLiteral("posenc-lab")};
    const QByteArray input = fuzz::bytes(data, size);
    if (!input.isEmpty()) {
        QByteArray normalised = input;
        normalised.replace('\0', '\n');
        for (const QByteArray &argument : normalised.split('\n'))
            arguments << QString::fromUtf8(argument);
    }

    const auto parsed = CommandLineParser::parse(arguments);
    if (const auto *error = std::get_if<CommandLineError>(&parsed)) {
        // The message may quote an argument as given, newlines and all: main() prints every
        // error through reportError (app/headless.h), which escapes and cuts it to one line.
        if (error->message.trimmed().isEmpty())
            fuzz::fail("a command line was refused without a reason");
        return 0;
    }
    const CommandLine &command = std::get<CommandLine>(parsed);
    if (command.scene().validate())
        fuzz::fail("a command line accepted holds an invalid scene", *command.scene().validate());
    if (command.mode != CommandLine::Mode::Export)
        return 0;
    if (command.animation) {
        (void)command.animationRequest().commandLine();
        return 0;
    }
    for (const FigureRequest &figure : command.figures) // export --preset --out-dir
        (void)figure.commandLine();
    if (command.isPresetBatch())
        return 0;

    // The reproducing command line an exported file records gives the same export again.
    const QStringList again = command.exportRequest().arguments();
    const auto reparsed = CommandLineParser::parse(QStringList{QStringLiteral("posenc-lab")} + again);
    if (const auto *error = std::get_if<CommandLineError>(&reparsed))
        fuzz::fail("a reproducing command line is refused",
                   FigureRequest::commandLineOf(again) + QLatin1Char('\n') + error->message);
    if (std::get<CommandLine>(reparsed).exportRequest().arguments() != again)
        fuzz::fail("a reproducing command line exports something else", FigureRequest::commandLineOf(again));
    return 0;
}

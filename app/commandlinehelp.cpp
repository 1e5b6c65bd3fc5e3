// SPDX-License-Identifier: GPL-3.0-or-later
// The command line's words: each command's --help, --help-all (the man page), --list-options
// (the shell completion) and --list-views, made from the options parse() reads.
#include "app/commandlineoptions.h"

#include "app/shellcompletion.h"
#include "ui/views/optiontext.h"
#include "ui/version.h"

namespace posenc {

namespace cli {

namespace {

// The --help lines of the view options, in the registry's order.
QString viewOptionHelp()
{
    QString lines;
    for (const ViewOption *option : ViewRegistry::options()) {
        QString help = option->help();
        if (!option->aliases.isEmpty()) {
            QStringList old;
            for (const QString &alias : option->aliases)
                old << QStringLiteral("--") + alias;
            help = CommandLineParser::tr("%1 (formerly %2)").arg(help, old.join(QStringLiteral(", ")));
        }
        lines += OptionText::helpLine(option->flag, option->valueName, help);
    }
    return lines;
}

// "heatmap | curves | ...": the views --view takes.
QString viewChoices()
{
    return ViewRegistry::ids().join(QStringLiteral(" | "));
}

} // namespace

QString helpText(CommandLine::Mode mode)
{
    const QString parameters = CommandLineParser::tr(
        "Parameters:\n"
        "  --d-model N          dimensions, 2 to 4096 (default 128)\n"
        "  --seq-len N          positions, 1 to 16384 (default 30)\n"
        "  --base B             base of the frequency ladder, above 1 up to 1e12 (default 10000)\n"
        "  --scale S            amplitude, finite, |S| <= 1e6 (default 1)\n"
        "  --offset K           offset k of M_k, |K| <= 1e9 (default 5)\n"
        "  --start P            position of the first row, |P| <= 1e9 (default 0)\n"
        "  --pos P              the marked position pos, |P| <= 1e9 (default 10)\n"
        "  --layout L           interleaved | split (default interleaved)\n"
        "  --frequencies F      paper | tensor2tensor (default paper)\n")
        + viewOptionHelp();
    switch (mode) {
    case CommandLine::Mode::Export:
        return CommandLineParser::tr(
                   "Usage: posenc-lab export --view VIEW [parameters] -o FILE [--dtype TYPE]\n"
                   "       posenc-lab export --view VIEW [parameters] -o FILE [figure options]\n"
                   "       posenc-lab export --preset FILE --out-dir DIR [parameters] [figure options]\n"
                   "Writes the numbers behind a view, or the view as a figure, headless.\n\n"
                   "  --view VIEW          %1\n"
                   "  -o, --output FILE    data: .npy (NumPy 1.0, little-endian) or .csv;\n"
                   "                       figure: .png, .svg or .pdf\n"
                   "  --dtype TYPE         data: float64 (default) | float32\n"
                   "  --preset FILE        start from a preset (a posenc-lab/1 JSON file): its\n"
                   "                       parameters, view and export settings; options given\n"
                   "                       as well override it\n"
                   "  --out-dir DIR        with --preset: write every figure the preset lists into\n"
                   "                       DIR (created if needed), one progress line per figure\n"
                   "                       on stderr; nothing is written if any figure fails\n\n"
                   "Figure options:\n"
                   "  --size PRESET        single-column (89 x 66.75 mm, default) | double-column\n"
                   "                       (183 x 91.5 mm) | slide (254 x 142.875 mm, 16:9)\n"
                   "  --width-mm W         width in millimetres, 20 to 1000 (with --height-mm)\n"
                   "  --height-mm H        height in millimetres, 20 to 1000 (with --width-mm)\n"
                   "  --dpi N              resolution of a PNG, 72 to 600 (default 300)\n"
                   "  --font-pt N          text size in points, 5 to 30 (default 8)\n"
                   "  --theme THEME        light (default) | dark | print (grayscale-safe)\n"
                   "  --colormap MAP       diverging (default, centred on zero) | viridis | gray\n\n")
                   .arg(viewChoices())
               + CommandLineParser::tr("  --clean              a figure without the pos / pos + k markers and the annotations\n\n")
               + CommandLineParser::tr(
                     "Animation (an animated GIF for slides, looping, its command line in a comment):\n"
                     "       posenc-lab export --view VIEW --animate PARAM --from A --to B --frames N\n"
                     "                         [--fps F] [parameters] [figure options] -o FILE.gif\n"
                     "  --animate PARAM      %1\n"
                     "  --from A, --to B     the first and the last value, each in PARAM's range\n"
                     "  --frames N           frames at evenly spaced values (base: on a log scale;\n"
                     "                       d-model, seq-len: rounded), %2 to %3\n"
                     "  --fps F              frames per second, %4 to %5 (default %6)\n\n")
                     .arg(Animation::parameterNames().join(QStringLiteral(" | ")))
                     .arg(Animation::kMinFrames)
                     .arg(Animation::kMaxFrames)
                     .arg(Animation::kMinFps)
                     .arg(Animation::kMaxFps)
                     .arg(Animation::kDefaultFps)
               + parameters;
    case CommandLine::Mode::Check:
        return CommandLineParser::tr(
            "Usage: posenc-lab check FILE [--json] [--base B] [--atol A] [--tensor NAME] [--lang en|zh_CN]\n"
            "Diagnoses your own sinusoidal encoding matrix: reads FILE (.npy: NumPy format 1.0 to\n"
            "3.0, float16/32/64, C or Fortran order, 2-D or 3-D with a leading axis of 1; .csv or\n"
            "text: numbers by commas, semicolons or spaces, a header line optional; .safetensors:\n"
            "the position table of a model checkpoint, F64/F32/F16/BF16, or of a sharded one through\n"
            "its model.safetensors.index.json), in either orientation; fits its convention from the\n"
            "data (layout, frequencies, base, start and step of the positions, amplitude, the\n"
            "precision it was computed in) and names its bugs, each with the columns concerned and\n"
            "the fix. Needs no display.\n\n"
            "  --json               one JSON object on stdout and nothing else (README: the fields)\n"
            "  --base B             the base you meant, 1 < B <= 1e12 (default 10000): another base\n"
            "                       is a finding\n"
            "  --atol A             how close counts as matching: the largest |file - reference|\n"
            "                       allowed at any cell, 0 to 1e6 (default: the file's precision)\n"
            "  --tensor NAME        .safetensors: the tensor to check (default: the one whose name\n"
            "                       ends in wpe.weight, position_embeddings.weight, pos_embed, .pe ...)\n\n"
            "Exit status: 0 when the file was analysed (whatever was found), 2 when it could not be\n"
            "read (one line on stderr says why).\n");
    case CommandLine::Mode::Bench:
        return CommandLineParser::tr(
            "Usage: posenc-lab bench [--quick | --size WxH] [--changes N]\n"
            "Measures offscreen, per view and size, the time from a parameter change to the view\n"
            "replotted (median and 95th percentile), and the engine against a plain buffer write\n"
            "and a std::sin/std::cos loop. Prints JSON on stdout; writes nothing to disk.\n\n"
            "  --quick              the small sizes only\n"
            "  --size WxH           instead: the window alone at this size in pixels (such as\n"
            "                       3840x2160), every view in front in turn, at d_model 512 with\n"
            "                       512 positions and at the largest parameters (d_model 4096,\n"
            "                       16384 positions); with --quick, at 512 x 512 only\n"
            "  --changes N          parameter changes per view and size, 5 to 10000\n");
    case CommandLine::Mode::Screenshot:
        return CommandLineParser::tr(
                   "Usage: posenc-lab screenshot -o FILE.png [--preset FILE] [--view VIEW] [--size WxH] [--present] [parameters]\n"
                   "Renders the window offscreen to a PNG, headless, on a screen of --size.\n\n"
                   "  --view VIEW          %1\n"
                   "                       (default %2, or the preset's view)\n"
                   "  -o, --output FILE    the .png to write\n"
                   "  --size WxH           window size in pixels (default 1280x800)\n"
                   "  --present            in presentation mode, full screen (F5 in the window)\n"
                   "  --preset FILE        start from a preset (a posenc-lab/1 JSON file); options\n"
                   "                       given as well override it\n\n")
                   .arg(viewChoices(), ViewRegistry::defaultId())
               + parameters;
    default:
        return CommandLineParser::tr(
                   "Usage: posenc-lab [--preset FILE] [--lang en|zh_CN] [parameters]\n"
                   "       posenc-lab export --view VIEW [parameters] -o FILE [--dtype float32|float64]\n"
                   "       posenc-lab export --preset FILE --out-dir DIR\n"
                   "       posenc-lab screenshot -o FILE.png [--view VIEW] [parameters]\n"
                   "       posenc-lab check FILE [--json] [--base B]\n\n"
                   "Without a command, opens the window with the given parameters.\n"
                   "--preset FILE opens a preset (a posenc-lab/1 JSON file saved by File > Save):\n"
                   "its parameters, view and export settings; options given as well override it.\n"
                   "posenc-lab export --help and posenc-lab screenshot --help tell more.\n"
                   "posenc-lab --list-views lists the views: id, title, group and data shape.\n\n")
               + CommandLineParser::tr("posenc-lab train --task order|bag [options] -o run.csv trains the learnable scale headless (posenc-lab train --help).\n")
               + CommandLineParser::tr("posenc-lab rope CONFIG.json reads a model's RoPE and its context extension (posenc-lab rope --help).\n\n")
               + CommandLineParser::tr("  -h, --help           this help; posenc-lab COMMAND --help gives a command's own\n"
                                       "  -v, --version        the version\n"
                                       "  --list-views         the views: id, title, group, data shape, page\n"
                                       "  --help-all           the help of every command and the exit status\n"
                                       "  --list-options       every option of every command with its values, one per line\n"
                                       "  --bash-completion    a bash completion script made from that list\n\n")
               + parameters;
    }
}

QList<QCommandLineOption> optionsOf(CommandLine::Mode mode, const Options &o)
{
    QList<QCommandLineOption> options;
    if (mode == CommandLine::Mode::Bench) {
        options = {o.help, o.version, o.changes, o.quick, o.size};
    } else if (mode == CommandLine::Mode::Check) {
        options = {o.help, o.version, o.json, o.base, o.atol, o.tensor, o.lang};
    } else {
        options = {o.help, o.version, o.dModel, o.seqLen, o.base, o.scale, o.offset, o.start,
                   o.position, o.layout, o.frequencies, o.lang};
        for (const auto &entry : o.viewOptions)
            options.append(entry.second);
    }
    if (mode == CommandLine::Mode::Window)
        options << o.listViews << o.helpAll << o.listOptions << o.bashCompletion;
    if (mode != CommandLine::Mode::Bench && mode != CommandLine::Mode::Check)
        options << o.preset;
    if (mode == CommandLine::Mode::Export || mode == CommandLine::Mode::Screenshot)
        options << o.view << o.output;
    if (mode == CommandLine::Mode::Export)
        options << o.dtype << o.size << o.widthMm << o.heightMm << o.dpi << o.fontPt << o.theme
                << o.colormap << o.clean << o.outDir << o.animate << o.from << o.to << o.frames << o.fps;
    if (mode == CommandLine::Mode::Screenshot)
        options << o.size << o.present;
    return options;
}

QStringList choicesOf(CommandLine::Mode mode, const QString &flag)
{
    if (flag == QLatin1String("layout"))
        return {QStringLiteral("interleaved"), QStringLiteral("split")};
    if (flag == QLatin1String("frequencies"))
        return {QStringLiteral("paper"), QStringLiteral("tensor2tensor")};
    if (flag == QLatin1String("lang"))
        return {QStringLiteral("en"), QStringLiteral("zh_CN")};
    if (flag == QLatin1String("view"))
        return mode == CommandLine::Mode::Export ? DataExport::viewNames() : CommandLineParser::screenshotViews();
    if (flag == QLatin1String("dtype"))
        return {QStringLiteral("float32"), QStringLiteral("float64")};
    if (flag == QLatin1String("size") && mode == CommandLine::Mode::Export)
        return FigurePage::presetNames();
    if (flag == QLatin1String("theme"))
        return FigurePage::themeNames();
    if (flag == QLatin1String("colormap"))
        return FigurePage::colormapNames();
    if (flag == QLatin1String("animate"))
        return Animation::parameterNames();
    for (const ViewOption *option : ViewRegistry::options()) {
        if (option->flag == flag || option->aliases.contains(flag))
            return OptionText::choices(*option);
    }
    return {};
}

} // namespace cli

using namespace cli;

QStringList CommandLineParser::screenshotViews()
{
    return ViewRegistry::ids();
}

QString CommandLineParser::listViews()
{
    QString lines;
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        lines += QStringList{view->id, view->title().remove(QLatin1Char('&')), view->group,
                             view->dataTable ? view->dataShape : QStringLiteral("-"), view->recommendedSize}
                     .join(QLatin1Char('\t'))
                 + QLatin1Char('\n');
    }
    return lines;
}

QList<OptionEntry> CommandLineParser::optionTable()
{
    using Mode = CommandLine::Mode;
    const auto entry = [](const QString &command, const QCommandLineOption &option, const QStringList &choices) {
        QStringList names;
        for (const QString &name : option.names())
            names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
        return OptionEntry{command, names, option.valueName(), choices};
    };
    const Options o;
    QList<OptionEntry> table;
    const std::pair<Mode, QString> commands[] = {
        {Mode::Window, QString()}, {Mode::Export, QStringLiteral("export")},
        {Mode::Screenshot, QStringLiteral("screenshot")}, {Mode::Check, QStringLiteral("check")},
        {Mode::Bench, QStringLiteral("bench")}};
    for (const auto &[mode, command] : commands) {
        for (const QCommandLineOption &option : optionsOf(mode, o)) {
            const QStringList choices =
                option.valueName().isEmpty() ? QStringList() : choicesOf(mode, option.names().constLast());
            table.append(entry(command, option, choices));
        }
    }
    for (const QCommandLineOption &option : TrainCommand::options())
        table.append(entry(QStringLiteral("train"), option, TrainCommand::choices(option.names().constLast())));
    for (const QCommandLineOption &option : RopeCommand::options()) {
        const QString flag = option.names().constLast();
        table.append(entry(QStringLiteral("rope"), option,
                           flag == QLatin1String("lang") ? choicesOf(Mode::Check, flag) : QStringList()));
    }
    return table;
}

QString CommandLineParser::listOptions()
{
    const auto orDash = [](const QString &text) { return text.isEmpty() ? QStringLiteral("-") : text; };
    QString lines;
    for (const OptionEntry &entry : optionTable()) {
        lines += QStringList{orDash(entry.command), entry.names.join(QLatin1Char(',')), orDash(entry.valueName),
                             orDash(entry.choices.join(QLatin1Char(' ')))}
                     .join(QLatin1Char('\t'))
                 + QLatin1Char('\n');
    }
    return lines;
}

QString CommandLineParser::helpAll()
{
    using Mode = CommandLine::Mode;
    QString text = helpText(Mode::Window);
    const std::pair<Mode, QString> commands[] = {
        {Mode::Export, QStringLiteral("export")}, {Mode::Screenshot, QStringLiteral("screenshot")},
        {Mode::Check, QStringLiteral("check")}, {Mode::Train, QStringLiteral("train")},
        {Mode::Rope, QStringLiteral("rope")}, {Mode::Bench, QStringLiteral("bench")}};
    for (const auto &[mode, command] : commands) {
        text += QLatin1Char('\n') + tr("Command %1:").arg(command) + QLatin1Char('\n');
        text += mode == Mode::Train  ? TrainCommand::helpText()
                : mode == Mode::Rope ? RopeCommand::helpText()
                                     : helpText(mode);
    }
    text += QLatin1Char('\n')
            + tr("Exit status:\n"
                 "  0                    success; for check: the file was analysed, whatever was found\n"
                 "  2                    invalid input (an option out of range, an unknown option or view,\n"
                 "                       an unwritable path, a malformed preset or file): one line on\n"
                 "                       stderr names the problem and the valid range, and no output\n"
                 "                       file is left behind\n");
    return text;
}

} // namespace posenc

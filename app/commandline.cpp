// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/commandline.h"

#include "app/shellcompletion.h"
#include "core/channels.h"
#include "core/safetensors.h"
#include "ui/state/dimensionlist.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewregistry.h"
#include "ui/state/paramtext.h"
#include "ui/version.h"

#include <QCommandLineParser>

#include <algorithm>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <cmath>

namespace posenc {

namespace {

QString optionOf(ParamField field)
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

// --size WxH of a window (screenshot, bench) into `size`, when given.
std::optional<CommandLineError> readScreenSize(const QCommandLineParser &parser, const QCommandLineOption &option,
                                               QSize &size)
{
    if (!parser.isSet(option))
        return std::nullopt;
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})x(\\d{1,5})$"));
    const QRegularExpressionMatch match = pattern.match(parser.value(option));
    const int w = match.captured(1).toInt();
    const int h = match.captured(2).toInt();
    if (!match.hasMatch() || w < 320 || w > 7680 || h < 240 || h > 4320)
        return CommandLineError{CommandLineParser::tr("--size: “%1” is not WxH with W in [320, 7680] and H in [240, 4320]")
                                    .arg(parser.value(option))};
    size = QSize(w, h);
    return std::nullopt;
}

// The options of a command, in the order --help lists them: what parse() accepts, and what
// --list-options, the man page and the shell completion are made from.
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

// The values an enumerated option takes in a command, as parse() checks them (empty: not an
// enumeration).
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

std::optional<CommandLineError> fail(const QString &message)
{
    return CommandLineError{message};
}

// Reads an option that must be an integer (d_model, seq_len).
std::optional<CommandLineError> readInt(const QCommandLineParser &parser,
                                        const QCommandLineOption &option, ParamField field,
                                        int &out)
{
    if (!parser.isSet(option))
        return std::nullopt;
    const QString text = parser.value(option);
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok && OptionText::isIntegerText(text)) {
        return fail(CommandLineParser::tr("--%1: “%2” is out of range; %3")
                        .arg(option.names().constFirst(), text, ParamText::error({field, {}})));
    }
    if (!ok) {
        return fail(CommandLineParser::tr("--%1: “%2” is not an integer; %3")
                        .arg(option.names().constFirst(), text, ParamText::error({field, {}})));
    }
    out = value;
    return std::nullopt;
}

// Reads an option that must be a finite real number.
std::optional<CommandLineError> readReal(const QCommandLineParser &parser,
                                         const QCommandLineOption &option, ParamField field,
                                         double &out)
{
    if (!parser.isSet(option))
        return std::nullopt;
    const QString text = parser.value(option);
    bool ok = false;
    const double value = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok && OptionText::isNumberText(text)) {
        return fail(CommandLineParser::tr("--%1: “%2” is out of range; %3")
                        .arg(option.names().constFirst(), text, ParamText::error({field, {}})));
    }
    if (!ok || !std::isfinite(value)) {
        return fail(CommandLineParser::tr("--%1: “%2” is not a finite number; %3")
                        .arg(option.names().constFirst(), text, ParamText::error({field, {}})));
    }
    out = value;
    return std::nullopt;
}

std::optional<CommandLineError> readChoice(const QCommandLineParser &parser,
                                           const QCommandLineOption &option,
                                           const QStringList &choices, QString &out)
{
    if (!parser.isSet(option))
        return std::nullopt;
    const QString value = parser.value(option);
    if (!choices.contains(value)) {
        return fail(CommandLineParser::tr("--%1: “%2” is not one of %3")
                        .arg(option.names().constLast(), value, choices.join(QStringLiteral(", "))));
    }
    out = value;
    return std::nullopt;
}

// Reads a real number option in [low, high]; the message names the option and the range.
std::optional<CommandLineError> readRange(const QCommandLineParser &parser,
                                          const QCommandLineOption &option, double low, double high,
                                          bool integer, double &out)
{
    if (!parser.isSet(option))
        return std::nullopt;
    const QString text = parser.value(option).trimmed();
    bool ok = false;
    const double value = integer ? double(text.toInt(&ok)) : QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(value) || value < low || value > high) {
        // Four whole sentences, so that a translation can order its words freely.
        const bool number = (ok && std::isfinite(value))
                            || (integer ? OptionText::isIntegerText(text) : OptionText::isNumberText(text));
        const QString message =
            integer ? (number ? CommandLineParser::tr("--%1: “%2” is out of range; it must be an integer in [%3, %4]")
                              : CommandLineParser::tr("--%1: “%2” is not an integer; it must be an integer in [%3, %4]"))
                    : (number ? CommandLineParser::tr("--%1: “%2” is out of range; it must be a number in [%3, %4]")
                              : CommandLineParser::tr("--%1: “%2” is not a number; it must be a number in [%3, %4]"));
        return fail(message.arg(option.names().constFirst(), parser.value(option)).arg(low).arg(high));
    }
    out = value;
    return std::nullopt;
}

// The page of a figure export: --size or --width-mm with --height-mm, --dpi, --font-pt.
std::optional<CommandLineError> readFigurePage(const QCommandLineParser &parser, const Options &o,
                                               FigurePage &page)
{
    const bool explicitSize = parser.isSet(o.widthMm) || parser.isSet(o.heightMm);
    if (parser.isSet(o.size)) {
        if (explicitSize)
            return fail(CommandLineParser::tr("--size: give either --size or --width-mm and --height-mm, not both"));
        const auto preset = FigurePage::fromPreset(parser.value(o.size));
        if (!preset)
            return fail(CommandLineParser::tr("--size: “%1” is not one of %2")
                            .arg(parser.value(o.size), FigurePage::presetNames().join(QStringLiteral(", "))));
        // Only the size: a --dpi or a theme from a preset stays.
        page.preset = preset->preset;
        page.widthMm = preset->widthMm;
        page.heightMm = preset->heightMm;
    } else if (explicitSize) {
        if (!parser.isSet(o.widthMm) || !parser.isSet(o.heightMm))
            return fail(CommandLineParser::tr("--%1: give --width-mm and --height-mm together, each in [%2, %3] mm")
                            .arg(parser.isSet(o.widthMm) ? QStringLiteral("height-mm") : QStringLiteral("width-mm"))
                            .arg(FigurePage::kMinMm)
                            .arg(FigurePage::kMaxMm));
        page.preset.clear();
        if (auto problem = readRange(parser, o.widthMm, FigurePage::kMinMm, FigurePage::kMaxMm, false, page.widthMm))
            return problem;
        if (auto problem = readRange(parser, o.heightMm, FigurePage::kMinMm, FigurePage::kMaxMm, false, page.heightMm))
            return problem;
    }
    double dpi = page.dpi;
    if (auto problem = readRange(parser, o.dpi, FigurePage::kMinDpi, FigurePage::kMaxDpi, true, dpi))
        return problem;
    page.dpi = int(dpi);
    if (auto problem = readChoice(parser, o.theme, choicesOf(CommandLine::Mode::Export, QStringLiteral("theme")), page.theme))
        return problem;
    if (auto problem = readChoice(parser, o.colormap, choicesOf(CommandLine::Mode::Export, QStringLiteral("colormap")), page.colormap))
        return problem;
    if (parser.isSet(o.clean))
        page.clean = true;
    // A slide is read from across a room: its text is a projector's size unless the font is
    // given (a recorded command spells the font out, so it keeps its meaning).
    if (page.preset == QLatin1String("slide") && !parser.isSet(o.fontPt) && page.fontPt == FigurePage().fontPt)
        page.fontPt = FigurePage::kSlideFontPt;
    return readRange(parser, o.fontPt, FigurePage::kMinFontPt, FigurePage::kMaxFontPt, false, page.fontPt);
}

// export --animate PARAM --from A --to B --frames N [--fps F] [figure options] -o FILE.gif:
// sets result.animation and the page. Nothing to do (and no error) for an export without
// --animate to a file that is not a .gif. The ranges are the parameters' own (see
// AnimationRequest::validate).
std::optional<CommandLineError> readAnimation(const QCommandLineParser &parser, const Options &o,
                                              CommandLine &result)
{
    using Parser = CommandLineParser;
    const bool animate = parser.isSet(o.animate);
    for (const QCommandLineOption *option : {&o.from, &o.to, &o.frames, &o.fps}) {
        if (parser.isSet(*option) && !animate)
            return fail(Parser::tr("--%1: only with --animate PARAM").arg(option->names().constFirst()));
    }
    const bool gif = AnimationRequest::isAnimationPath(result.output);
    if (!animate && !gif)
        return std::nullopt;
    if (!animate)
        return fail(Parser::tr("-o: a .gif is an animation; give --animate PARAM --from A --to B --frames N"));
    if (!gif)
        return fail(Parser::tr("-o: an animation is written as a .gif, not “.%1”")
                        .arg(QFileInfo(result.output).suffix()));
    if (parser.isSet(o.dtype))
        return fail(Parser::tr("--dtype: only for data; -o names an animation"));
    QString name;
    if (auto problem = readChoice(parser, o.animate, choicesOf(CommandLine::Mode::Export, QStringLiteral("animate")), name))
        return problem;
    Animation animation;
    animation.parameter = *Animation::parameterNamed(name);
    for (const QCommandLineOption *option : {&o.from, &o.to, &o.frames}) {
        if (!parser.isSet(*option))
            return fail(Parser::tr("--%1: missing; an animation needs --from A --to B --frames N")
                            .arg(option->names().constFirst()));
    }
    if (auto problem = readReal(parser, o.from, animation.parameter, animation.from))
        return problem;
    if (auto problem = readReal(parser, o.to, animation.parameter, animation.to))
        return problem;
    double frames = 0;
    if (auto problem = readRange(parser, o.frames, Animation::kMinFrames, Animation::kMaxFrames, true, frames))
        return problem;
    animation.frames = int(frames);
    if (auto problem = readRange(parser, o.fps, Animation::kMinFps, Animation::kMaxFps, false, animation.fps))
        return problem;
    if (auto problem = readFigurePage(parser, o, result.page))
        return problem;
    result.animation = animation;
    if (const auto invalid = result.animationRequest().validate())
        return fail(*invalid);
    return std::nullopt;
}

// export --preset FILE --out-dir DIR: every figure of the preset, each with the options
// given on the command line applied on top of its own overrides, all resolved now so that a
// figure that cannot be written is refused before any file is.
std::variant<CommandLine, CommandLineError> presetFigures(const QCommandLineParser &parser,
                                                          const Options &o, CommandLine result)
{
    using Parser = CommandLineParser;
    const auto error = [](const QString &message) -> std::variant<CommandLine, CommandLineError> {
        return CommandLineError{message};
    };
    if (!result.preset)
        return error(Parser::tr("--out-dir: only with --preset FILE, whose figures it receives"));
    if (parser.isSet(o.output))
        return error(Parser::tr("--out-dir: give either -o FILE (one view) or --out-dir DIR (every figure of the preset), not both"));
    if (parser.isSet(o.view))
        return error(Parser::tr("--view: with --out-dir each figure of the preset names its view; give -o FILE to export one view"));
    result.outDir = parser.value(o.outDir);
    if (result.outDir.isEmpty())
        return error(Parser::tr("--out-dir: missing folder name"));
    if (result.preset->figures.isEmpty())
        return error(Parser::tr("--preset %1: figures: the preset lists no figures; give -o FILE to export its view")
                         .arg(result.presetPath));

    // The options given, as the keys a preset figure's overrides use.
    const EncodingParams &p = result.params;
    QJsonObject parameters;
    const QList<std::pair<const QCommandLineOption *, std::pair<QString, QJsonValue>>> parameterOptions{
        {&o.dModel, {QStringLiteral("d_model"), p.dModel}},
        {&o.seqLen, {QStringLiteral("seq_len"), p.seqLen}},
        {&o.base, {QStringLiteral("base"), p.base}},
        {&o.scale, {QStringLiteral("scale"), p.scale}},
        {&o.offset, {QStringLiteral("offset"), p.offset}},
        {&o.start, {QStringLiteral("start"), p.start}},
        {&o.position, {QStringLiteral("pos"), p.position}},
        {&o.layout, {QStringLiteral("layout"), QString::fromUtf8(layoutName(p.layout))}},
        {&o.frequencies, {QStringLiteral("frequencies"), QString::fromUtf8(frequencyConventionName(p.frequencies))}}};
    for (const auto &[option, entry] : parameterOptions) {
        if (parser.isSet(*option))
            parameters.insert(entry.first, entry.second);
    }
    QJsonObject viewOptions;
    for (const auto &[option, commandLineOption] : o.viewOptions) {
        if (parser.isSet(commandLineOption))
            viewOptions.insert(option->key, option->write(result));
    }

    FigurePage page = result.page;
    if (auto problem = readFigurePage(parser, o, page))
        return *problem;
    QJsonObject pageOptions;
    if (parser.isSet(o.size))
        pageOptions.insert(QStringLiteral("size"), page.preset);
    if (parser.isSet(o.widthMm) || parser.isSet(o.heightMm)) {
        pageOptions.insert(QStringLiteral("width_mm"), page.widthMm);
        pageOptions.insert(QStringLiteral("height_mm"), page.heightMm);
    }
    if (parser.isSet(o.dpi))
        pageOptions.insert(QStringLiteral("dpi"), page.dpi);
    if (parser.isSet(o.fontPt))
        pageOptions.insert(QStringLiteral("font_pt"), page.fontPt);
    if (parser.isSet(o.theme))
        pageOptions.insert(QStringLiteral("theme"), page.theme);
    if (parser.isSet(o.colormap))
        pageOptions.insert(QStringLiteral("colormap"), page.colormap);
    if (parser.isSet(o.clean))
        pageOptions.insert(QStringLiteral("clean"), true);
    QString dtype = QStringLiteral("float64");
    if (auto problem = readChoice(parser, o.dtype, choicesOf(CommandLine::Mode::Export, QStringLiteral("dtype")), dtype))
        return *problem;

    Preset preset = *result.preset;
    for (PresetFigure &figure : preset.figures) {
        for (auto it = parameters.begin(); it != parameters.end(); ++it)
            figure.parameters.insert(it.key(), it.value());
        for (auto it = viewOptions.begin(); it != viewOptions.end(); ++it)
            figure.viewOptions.insert(it.key(), it.value());
        if (!FigureRequest::isFigurePath(figure.file)) {
            if (parser.isSet(o.dtype))
                figure.dtype = dtype == QLatin1String("float32") ? DType::Float32 : DType::Float64;
            continue;
        }
        // A size given replaces the figure's size of either kind.
        if (pageOptions.contains(QLatin1String("size")) || pageOptions.contains(QLatin1String("width_mm"))) {
            figure.page.remove(QStringLiteral("size"));
            figure.page.remove(QStringLiteral("width_mm"));
            figure.page.remove(QStringLiteral("height_mm"));
        }
        for (auto it = pageOptions.begin(); it != pageOptions.end(); ++it)
            figure.page.insert(it.key(), it.value());
    }
    for (int i = 0; i < preset.figures.size(); ++i) {
        QString why;
        const auto request = preset.figureRequest(i, QString(), &why);
        // The path as the user gave the folder ("figs/spectrum.pdf"): what each file's
        // reproducing command line then says.
        if (!request)
            return error(Parser::tr("--preset %1: %2").arg(result.presetPath, why));
        result.figures.append(*request);
        result.figures.last().output = QDir(result.outDir).filePath(request->output);
    }
    return result;
}

} // namespace

FigureRequest CommandLine::exportRequest() const
{
    FigureRequest request;
    request.view = view;
    request.scene() = scene();
    request.language = language;
    request.page = page;
    request.dtype = dtype;
    request.output = output;
    return request;
}

AnimationRequest CommandLine::animationRequest() const
{
    AnimationRequest request;
    static_cast<FigureRequest &>(request) = exportRequest();
    request.animation = animation.value_or(Animation());
    return request;
}

QString CommandLineParser::parseCommand(QCommandLineParser &parser, const QList<QCommandLineOption> &options,
                                        const QStringList &arguments, const QString &command)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions(options);
    // The program's name first, as QCommandLineParser expects.
    if (!parser.parse(QStringList{QStringLiteral("posenc-lab")} + arguments))
        return refusal(parser, arguments, command);
    return {};
}

QString CommandLineParser::refusal(const QCommandLineParser &parser, const QStringList &arguments, const QString &command)
{
    const QString help = command.isEmpty() ? QStringLiteral("posenc-lab --help") : QStringLiteral("posenc-lab %1 --help").arg(command);
    const auto dashed = [](const QString &name) {
        return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    };
    const QStringList unknown = parser.unknownOptionNames();
    if (!unknown.isEmpty())
        return tr("unknown option %1; see %2").arg(dashed(unknown.constFirst()), help);
    // QCommandLineParser's other refusals quote the option: "Missing value after '--d-model'."
    // for an option that ends the line, "Unexpected value after '--json'." for "--json=1".
    const QString text = parser.errorText();
    const qsizetype open = text.indexOf(QLatin1Char('\''));
    const qsizetype close = text.indexOf(QLatin1Char('\''), open + 1);
    if (open < 0 || close < 0)
        return text.simplified();
    const QString option = text.mid(open + 1, close - open - 1);
    const bool valueGiven = std::any_of(arguments.cbegin(), arguments.cend(), [&option](const QString &argument) {
        return argument.startsWith(option + QLatin1Char('='));
    });
    return valueGiven ? tr("%1: takes no value; see %2").arg(option, help)
                      : tr("%1: missing value; see %2").arg(option, help);
}

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

std::variant<CommandLine, CommandLineError> CommandLineParser::parse(const QStringList &arguments)
{
    CommandLine result;
    QStringList args = arguments;
    const QString command = args.value(1);
    if (command == QLatin1String("export")) {
        result.mode = CommandLine::Mode::Export;
        args.removeAt(1);
    } else if (command == QLatin1String("screenshot")) {
        result.mode = CommandLine::Mode::Screenshot;
        args.removeAt(1);
    } else if (command == QLatin1String("bench")) {
        result.mode = CommandLine::Mode::Bench;
        args.removeAt(1);
    } else if (command == QLatin1String("check")) {
        result.mode = CommandLine::Mode::Check;
        args.removeAt(1);
    } else if (command == QLatin1String("train")) {
        // The training lab's options are its own (app/traincommand.cpp).
        const TrainCommand::Parsed train = TrainCommand::parse(args.mid(2));
        if (!train.error.isEmpty())
            return CommandLineError{train.error};
        result.mode = train.help ? CommandLine::Mode::Help : CommandLine::Mode::Train;
        result.text = train.help ? TrainCommand::helpText() : QString();
        result.train = train.request;
        return result;
    } else if (command == QLatin1String("rope")) {
        const RopeCommand::Parsed rope = RopeCommand::parse(args.mid(2));
        if (!rope.error.isEmpty())
            return CommandLineError{rope.error};
        result.mode = rope.help ? CommandLine::Mode::Help : CommandLine::Mode::Rope;
        result.text = rope.help ? RopeCommand::helpText() : QString();
        result.rope = rope.request;
        return result;
    }
    const CommandLine::Mode mode = result.mode;

    Options o;
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions(optionsOf(mode, o));

    const auto error = [](const QString &message) -> std::variant<CommandLine, CommandLineError> {
        return CommandLineError{message};
    };
    if (!parser.parse(args))
        return error(refusal(parser, args, mode == CommandLine::Mode::Window ? QString() : command));
    if (mode == CommandLine::Mode::Bench && !parser.isSet(o.help) && !parser.isSet(o.version)) {
        if (!parser.positionalArguments().isEmpty())
            return error(tr("unexpected argument “%1”; see posenc-lab bench --help")
                             .arg(parser.positionalArguments().constFirst()));
        result.benchQuick = parser.isSet(o.quick);
        if (auto problem = readScreenSize(parser, o.size, result.benchScreen))
            return *problem;
        double changes = 0;
        std::optional<CommandLineError> problem = readRange(parser, o.changes, 5, 10000, true, changes);
        if (problem)
            return *problem;
        result.benchChanges = int(changes);
        return result;
    }
    if (mode == CommandLine::Mode::Check && !parser.isSet(o.help) && !parser.isSet(o.version)) {
        const QStringList files = parser.positionalArguments();
        if (files.size() != 1)
            return error(files.isEmpty() ? tr("check: no file given; see posenc-lab check --help")
                                         : tr("check: one file at a time, not “%1” as well; see posenc-lab check --help")
                                               .arg(files.value(1)));
        result.checkFile = files.constFirst();
        result.checkJson = parser.isSet(o.json);
        if (parser.isSet(o.tensor)) {
            if (!isSafetensorsPath(QFile::encodeName(result.checkFile).toStdString()))
                return error(tr("--tensor: only for a .safetensors checkpoint or its .safetensors.index.json, not “%1”")
                                 .arg(result.checkFile));
            result.checkTensor = parser.value(o.tensor);
            if (result.checkTensor.isEmpty())
                return error(tr("--tensor: give the name of a tensor of the checkpoint"));
        }
        if (parser.isSet(o.base)) {
            EncodingParams params;
            std::optional<CommandLineError> problem = readReal(parser, o.base, ParamField::Base, params.base);
            if (!problem && params.validate())
                problem = fail(tr("--base: “%1” is out of range; %2").arg(parser.value(o.base), ParamText::error(*params.validate())));
            if (problem)
                return *problem;
            result.checkBase = params.base;
        }
        double atol = 0;
        if (std::optional<CommandLineError> problem = readRange(parser, o.atol, 0, 1e6, false, atol))
            return *problem;
        if (parser.isSet(o.atol))
            result.checkAtol = atol;
        if (std::optional<CommandLineError> problem =
                readChoice(parser, o.lang, choicesOf(mode, QStringLiteral("lang")), result.language))
            return *problem;
        return result;
    }
    if (parser.isSet(o.help)) {
        result.mode = CommandLine::Mode::Help;
        result.text = helpText(mode);
        return result;
    }
    if (mode == CommandLine::Mode::Window
        && (parser.isSet(o.helpAll) || parser.isSet(o.listOptions) || parser.isSet(o.bashCompletion))) {
        result.mode = CommandLine::Mode::Help;
        result.text = parser.isSet(o.helpAll)       ? helpAll()
                      : parser.isSet(o.listOptions) ? listOptions()
                                                    : ShellCompletion::bash(optionTable());
        return result;
    }
    if (mode == CommandLine::Mode::Window && parser.isSet(o.listViews)) {
        result.mode = CommandLine::Mode::ListViews;
        result.text = listViews();
        return result;
    }
    if (parser.isSet(o.version)) {
        result.mode = CommandLine::Mode::Version;
        result.text = QStringLiteral("posenc-lab " POSENC_VERSION_STRING "\n");
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        return error(tr("unexpected argument “%1”; the commands are export, screenshot, check, train, rope and bench; see "
                        "posenc-lab --help")
                         .arg(parser.positionalArguments().constFirst()));
    }

    if (mode == CommandLine::Mode::Export && parser.isSet(o.outDir) && parser.isSet(o.animate))
        return error(tr("--animate: one view to -o FILE.gif, not with --out-dir"));

    // A preset is the starting point; the options below override what they name.
    if (parser.isSet(o.preset)) {
        result.presetPath = parser.value(o.preset);
        const PresetFile::Result read = PresetFile::read(result.presetPath);
        if (const QString *why = std::get_if<QString>(&read))
            return error(tr("--preset %1: %2").arg(result.presetPath, *why));
        const Preset &preset = std::get<Preset>(read);
        result.preset = preset;
        result.scene() = preset.scene;
        result.view = preset.view;
        result.page = preset.page;
        result.parametersGiven = true;
    }

    EncodingParams &p = result.params;
    const EncodingParams presetParams = p;
    std::optional<CommandLineError> problem;
    if ((problem = readInt(parser, o.dModel, ParamField::DModel, p.dModel))
        || (problem = readInt(parser, o.seqLen, ParamField::SeqLen, p.seqLen))
        || (problem = readReal(parser, o.base, ParamField::Base, p.base))
        || (problem = readReal(parser, o.scale, ParamField::Scale, p.scale))
        || (problem = readReal(parser, o.offset, ParamField::Offset, p.offset))
        || (problem = readReal(parser, o.start, ParamField::Start, p.start))
        || (problem = readReal(parser, o.position, ParamField::Position, p.position)))
        return *problem;

    QString layout = QString::fromUtf8(layoutName(p.layout));
    QString frequencies = QString::fromUtf8(frequencyConventionName(p.frequencies));
    if ((problem = readChoice(parser, o.layout, choicesOf(mode, QStringLiteral("layout")), layout))
        || (problem = readChoice(parser, o.frequencies, choicesOf(mode, QStringLiteral("frequencies")), frequencies))
        || (problem = readChoice(parser, o.lang, choicesOf(mode, QStringLiteral("lang")),
                                 result.language)))
        return *problem;
    p.layout = *layoutFromName(layout.toStdString());
    p.frequencies = *frequencyConventionFromName(frequencies.toStdString());

    if (const auto invalid = p.validate()) {
        const QCommandLineOption *culprit = nullptr;
        for (const QCommandLineOption *option : {&o.dModel, &o.seqLen, &o.base, &o.scale, &o.offset,
                                                 &o.start, &o.position}) {
            if (option->names().constFirst() == optionOf(invalid->field))
                culprit = option;
        }
        const QString value = culprit && parser.isSet(*culprit) ? parser.value(*culprit) : QString();
        const QString name = QLatin1String("--") + optionOf(invalid->field);
        if (value.isEmpty())
            return error(tr("%1: out of range; %2").arg(name, ParamText::error(*invalid)));
        return error(tr("%1: %2 is out of range; %3").arg(name, value, ParamText::error(*invalid)));
    }

    for (const QCommandLineOption *option : {&o.dModel, &o.seqLen, &o.base, &o.scale, &o.offset,
                                             &o.start, &o.position, &o.layout, &o.frequencies}) {
        if (parser.isSet(*option))
            result.parametersGiven = true;
    }
    // The default dimensions follow --d-model and --layout; dimensions named by a preset stay,
    // and must exist (checked below).
    result.scene().followParams(presetParams);
    // The view options, each read by its declaration once the parameters are final, then
    // checked together (a later one can make an earlier one invalid).
    for (const auto &[option, commandLineOption] : o.viewOptions) {
        if (!parser.isSet(commandLineOption))
            continue;
        if (const auto invalid = option->parse(parser.value(commandLineOption), result))
            return error(*invalid);
        result.parametersGiven = true;
    }
    for (const auto &entry : o.viewOptions) {
        if (!entry.first->check)
            continue;
        if (const auto invalid = entry.first->check(result))
            return error(QStringLiteral("--") + *invalid);
    }
    // A preset's dimensions that --d-model leaves out (given ones were checked as read).
    if (const auto beyond = result.columnBeyondDModel()) {
        const ViewOption *option = ViewRegistry::optionForKey(beyond->first);
        return error(tr("--%1: dimension %2 of the preset is outside [0, %3] (d_model − 1); give --%1 too")
                         .arg(option ? option->flag : beyond->first)
                         .arg(beyond->second)
                         .arg(p.dModel - 1));
    }
    if (mode == CommandLine::Mode::Window)
        return result;

    const QStringList views = choicesOf(mode, QStringLiteral("view"));
    if (mode == CommandLine::Mode::Export && parser.isSet(o.outDir))
        return presetFigures(parser, o, result);
    if (mode == CommandLine::Mode::Export && !parser.isSet(o.view) && !result.preset)
        return error(tr("--view: missing; one of %1").arg(views.join(QStringLiteral(", "))));
    if ((problem = readChoice(parser, o.view, views, result.view)))
        return *problem;

    result.output = parser.value(o.output);
    if (result.output.isEmpty() && mode == CommandLine::Mode::Export && result.preset)
        return error(tr("-o: missing; give -o FILE to export the preset's view, or --out-dir DIR for all its figures"));
    if (result.output.isEmpty())
        return error(tr("-o: missing output file; see posenc-lab %1 --help").arg(command));
    const QString suffix = QFileInfo(result.output).suffix().toLower();
    if (mode == CommandLine::Mode::Export) {
        if ((problem = readAnimation(parser, o, result)))
            return *problem;
        if (result.animation)
            return result;
    }
    if (mode == CommandLine::Mode::Export && result.isFigure()) {
        if (parser.isSet(o.dtype))
            return error(tr("--dtype: only for data; -o names a figure, not a .npy or .csv"));
        if ((problem = readFigurePage(parser, o, result.page)))
            return *problem;
    } else if (mode == CommandLine::Mode::Export) {
        if (result.output.endsWith(QLatin1Char('/')))
            return error(tr("-o: “%1” names a folder; give a file name such as figure.png or data.npy").arg(result.output));
        if (suffix.isEmpty())
            return error(tr("-o: “%1” has no extension; export writes .npy or .csv (data), .png, .svg or .pdf (figures)")
                             .arg(result.output));
        if (suffix != QLatin1String("npy") && suffix != QLatin1String("csv"))
            return error(tr("-o: unknown format “.%1”; export writes .npy or .csv (data), "
                            ".png, .svg or .pdf (figures)")
                             .arg(suffix));
        for (const QCommandLineOption *option : {&o.size, &o.widthMm, &o.heightMm, &o.dpi, &o.fontPt,
                                                 &o.theme, &o.colormap, &o.clean}) {
            if (parser.isSet(*option))
                return error(tr("--%1: a figure option; -o must then name a .png, .svg or .pdf, not “.%2”")
                                 .arg(option->names().constFirst(), suffix));
        }
        QString dtype = QStringLiteral("float64");
        if ((problem = readChoice(parser, o.dtype, choicesOf(CommandLine::Mode::Export, QStringLiteral("dtype")), dtype)))
            return *problem;
        result.dtype = dtype == QLatin1String("float32") ? DType::Float32 : DType::Float64;
    } else {
        if (suffix != QLatin1String("png"))
            return error(tr("-o: a screenshot is a .png, not “.%1”").arg(suffix));
        if (auto problem = readScreenSize(parser, o.size, result.size))
            return *problem;
        result.present = parser.isSet(o.present);
    }
    return result;
}

} // namespace posenc

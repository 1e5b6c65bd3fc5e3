// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/commandline.h"

#include "app/commandlineoptions.h"
#include "app/shellcompletion.h"
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
#include <QRegularExpression>

#include <cmath>

namespace posenc {

using namespace cli;

namespace {

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
    const bool animate = parser.isSet(o.animate);
    for (const QCommandLineOption *option : {&o.from, &o.to, &o.frames, &o.fps}) {
        if (parser.isSet(*option) && !animate)
            return fail(CommandLineParser::tr("--%1: only with --animate PARAM").arg(option->names().constFirst()));
    }
    const bool gif = AnimationRequest::isAnimationPath(result.output);
    if (!animate && !gif)
        return std::nullopt;
    if (!animate)
        return fail(CommandLineParser::tr("-o: a .gif is an animation; give --animate PARAM --from A --to B --frames N"));
    if (!gif)
        return fail(CommandLineParser::tr("-o: an animation is written as a .gif, not “.%1”")
                        .arg(QFileInfo(result.output).suffix()));
    if (parser.isSet(o.dtype))
        return fail(CommandLineParser::tr("--dtype: only for data; -o names an animation"));
    QString name;
    if (auto problem = readChoice(parser, o.animate, choicesOf(CommandLine::Mode::Export, QStringLiteral("animate")), name))
        return problem;
    Animation animation;
    animation.parameter = *Animation::parameterNamed(name);
    for (const QCommandLineOption *option : {&o.from, &o.to, &o.frames}) {
        if (!parser.isSet(*option))
            return fail(CommandLineParser::tr("--%1: missing; an animation needs --from A --to B --frames N")
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
    const auto error = [](const QString &message) -> std::variant<CommandLine, CommandLineError> {
        return CommandLineError{message};
    };
    if (!result.preset)
        return error(CommandLineParser::tr("--out-dir: only with --preset FILE, whose figures it receives"));
    if (parser.isSet(o.output))
        return error(CommandLineParser::tr("--out-dir: give either -o FILE (one view) or --out-dir DIR (every figure of the preset), not both"));
    if (parser.isSet(o.view))
        return error(CommandLineParser::tr("--view: with --out-dir each figure of the preset names its view; give -o FILE to export one view"));
    result.outDir = parser.value(o.outDir);
    if (result.outDir.isEmpty())
        return error(CommandLineParser::tr("--out-dir: missing folder name"));
    if (result.preset->figures.isEmpty())
        return error(CommandLineParser::tr("--preset %1: figures: the preset lists no figures; give -o FILE to export its view")
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
            return error(CommandLineParser::tr("--preset %1: %2").arg(result.presetPath, why));
        result.figures.append(*request);
        result.figures.last().output = QDir(result.outDir).filePath(request->output);
    }
    return result;
}

using Parsed = std::variant<CommandLine, CommandLineError>;

// train and rope read options of their own (app/traincommand.cpp, app/ropecommand.cpp);
// nothing for another command.
std::optional<Parsed> parseOwnCommand(const QString &command, const QStringList &arguments)
{
    CommandLine result;
    if (command == QLatin1String("train")) {
        const TrainCommand::Parsed train = TrainCommand::parse(arguments);
        if (!train.error.isEmpty())
            return CommandLineError{train.error};
        result.mode = train.help ? CommandLine::Mode::Help : CommandLine::Mode::Train;
        result.text = train.help ? TrainCommand::helpText() : QString();
        result.train = train.request;
        return result;
    }
    if (command == QLatin1String("rope")) {
        const RopeCommand::Parsed rope = RopeCommand::parse(arguments);
        if (!rope.error.isEmpty())
            return CommandLineError{rope.error};
        result.mode = rope.help ? CommandLine::Mode::Help : CommandLine::Mode::Rope;
        result.text = rope.help ? RopeCommand::helpText() : QString();
        result.rope = rope.request;
        return result;
    }
    return std::nullopt;
}

// The command parse() reads with the shared options; the window when `command` names none.
CommandLine::Mode modeOf(const QString &command)
{
    using Mode = CommandLine::Mode;
    const std::pair<QLatin1String, Mode> commands[] = {
        {QLatin1String("export"), Mode::Export}, {QLatin1String("screenshot"), Mode::Screenshot},
        {QLatin1String("bench"), Mode::Bench}, {QLatin1String("check"), Mode::Check}};
    for (const auto &[name, mode] : commands) {
        if (command == name)
            return mode;
    }
    return Mode::Window;
}

Parsed parseBench(const QCommandLineParser &parser, const Options &o, CommandLine result)
{
    if (!parser.positionalArguments().isEmpty())
        return CommandLineError{CommandLineParser::tr("unexpected argument “%1”; see posenc-lab bench --help")
                                    .arg(parser.positionalArguments().constFirst())};
    result.benchQuick = parser.isSet(o.quick);
    if (auto problem = readScreenSize(parser, o.size, result.benchScreen))
        return *problem;
    double changes = 0;
    if (auto problem = readRange(parser, o.changes, 5, 10000, true, changes))
        return *problem;
    result.benchChanges = int(changes);
    return result;
}

Parsed parseCheck(const QCommandLineParser &parser, const Options &o, CommandLine result)
{
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return CommandLineError{files.isEmpty() ? CommandLineParser::tr("check: no file given; see posenc-lab check --help")
                                                : CommandLineParser::tr("check: one file at a time, not “%1” as well; see posenc-lab check --help")
                                                      .arg(files.value(1))};
    result.checkFile = files.constFirst();
    result.checkJson = parser.isSet(o.json);
    if (parser.isSet(o.tensor)) {
        if (!isSafetensorsPath(QFile::encodeName(result.checkFile).toStdString()))
            return CommandLineError{CommandLineParser::tr("--tensor: only for a .safetensors checkpoint or its .safetensors.index.json, not “%1”")
                                        .arg(result.checkFile)};
        result.checkTensor = parser.value(o.tensor);
        if (result.checkTensor.isEmpty())
            return CommandLineError{CommandLineParser::tr("--tensor: give the name of a tensor of the checkpoint")};
    }
    if (parser.isSet(o.base)) {
        EncodingParams params;
        std::optional<CommandLineError> problem = readReal(parser, o.base, ParamField::Base, params.base);
        if (!problem && params.validate())
            problem = fail(CommandLineParser::tr("--base: “%1” is out of range; %2").arg(parser.value(o.base), ParamText::error(*params.validate())));
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
            readChoice(parser, o.lang, choicesOf(CommandLine::Mode::Check, QStringLiteral("lang")), result.language))
        return *problem;
    return result;
}

// --help, --version and the window's listings: the text asked for, if any.
std::optional<CommandLine> textAskedFor(const QCommandLineParser &parser, const Options &o, CommandLine::Mode mode)
{
    CommandLine result;
    const bool window = mode == CommandLine::Mode::Window;
    if (parser.isSet(o.help)) {
        result.mode = CommandLine::Mode::Help;
        result.text = helpText(mode);
    } else if (window && (parser.isSet(o.helpAll) || parser.isSet(o.listOptions) || parser.isSet(o.bashCompletion))) {
        result.mode = CommandLine::Mode::Help;
        result.text = parser.isSet(o.helpAll)       ? CommandLineParser::helpAll()
                      : parser.isSet(o.listOptions) ? CommandLineParser::listOptions()
                                                    : ShellCompletion::bash(CommandLineParser::optionTable());
    } else if (window && parser.isSet(o.listViews)) {
        result.mode = CommandLine::Mode::ListViews;
        result.text = CommandLineParser::listViews();
    } else if (parser.isSet(o.version)) {
        result.mode = CommandLine::Mode::Version;
        result.text = QStringLiteral("posenc-lab " POSENC_VERSION_STRING "\n");
    } else {
        return std::nullopt;
    }
    return result;
}

// The encoding's parameters, over a preset's: read, then checked together.
std::optional<CommandLineError> readParameters(const QCommandLineParser &parser, const Options &o,
                                               CommandLine::Mode mode, CommandLine &result)
{
    EncodingParams &p = result.params;
    std::optional<CommandLineError> problem;
    if ((problem = readInt(parser, o.dModel, ParamField::DModel, p.dModel))
        || (problem = readInt(parser, o.seqLen, ParamField::SeqLen, p.seqLen))
        || (problem = readReal(parser, o.base, ParamField::Base, p.base))
        || (problem = readReal(parser, o.scale, ParamField::Scale, p.scale))
        || (problem = readReal(parser, o.offset, ParamField::Offset, p.offset))
        || (problem = readReal(parser, o.start, ParamField::Start, p.start))
        || (problem = readReal(parser, o.position, ParamField::Position, p.position)))
        return problem;

    QString layout = QString::fromUtf8(layoutName(p.layout));
    QString frequencies = QString::fromUtf8(frequencyConventionName(p.frequencies));
    if ((problem = readChoice(parser, o.layout, choicesOf(mode, QStringLiteral("layout")), layout))
        || (problem = readChoice(parser, o.frequencies, choicesOf(mode, QStringLiteral("frequencies")), frequencies))
        || (problem = readChoice(parser, o.lang, choicesOf(mode, QStringLiteral("lang")), result.language)))
        return problem;
    p.layout = *layoutFromName(layout.toStdString());
    p.frequencies = *frequencyConventionFromName(frequencies.toStdString());

    const QCommandLineOption *numbers[] = {&o.dModel, &o.seqLen, &o.base, &o.scale, &o.offset, &o.start, &o.position};
    if (const auto invalid = p.validate()) {
        const QCommandLineOption *culprit = nullptr;
        for (const QCommandLineOption *option : numbers) {
            if (option->names().constFirst() == optionOf(invalid->field))
                culprit = option;
        }
        const QString value = culprit && parser.isSet(*culprit) ? parser.value(*culprit) : QString();
        const QString name = QLatin1String("--") + optionOf(invalid->field);
        if (value.isEmpty())
            return fail(CommandLineParser::tr("%1: out of range; %2").arg(name, ParamText::error(*invalid)));
        return fail(CommandLineParser::tr("%1: %2 is out of range; %3").arg(name, value, ParamText::error(*invalid)));
    }
    for (const QCommandLineOption *option : numbers)
        result.parametersGiven = result.parametersGiven || parser.isSet(*option);
    result.parametersGiven = result.parametersGiven || parser.isSet(o.layout) || parser.isSet(o.frequencies);
    return std::nullopt;
}

// The scene of an export, a screenshot or the window: a preset, the parameters over it, then
// the view options, each read by its declaration once the parameters are final and then
// checked together (a later one can make an earlier one invalid).
std::optional<CommandLineError> readScene(const QCommandLineParser &parser, const Options &o, CommandLine::Mode mode,
                                          CommandLine &result)
{
    if (parser.isSet(o.preset)) {
        result.presetPath = parser.value(o.preset);
        const PresetFile::Result read = PresetFile::read(result.presetPath);
        if (const QString *why = std::get_if<QString>(&read))
            return fail(CommandLineParser::tr("--preset %1: %2").arg(result.presetPath, *why));
        const Preset &preset = std::get<Preset>(read);
        result.preset = preset;
        result.scene() = preset.scene;
        result.view = preset.view;
        result.page = preset.page;
        result.parametersGiven = true;
    }
    const EncodingParams presetParams = result.params;
    if (auto problem = readParameters(parser, o, mode, result))
        return problem;
    // The default dimensions follow --d-model and --layout; dimensions named by a preset stay,
    // and must exist (checked below).
    result.scene().followParams(presetParams);
    for (const auto &[option, commandLineOption] : o.viewOptions) {
        if (!parser.isSet(commandLineOption))
            continue;
        if (const auto invalid = option->parse(parser.value(commandLineOption), result))
            return fail(*invalid);
        result.parametersGiven = true;
    }
    for (const auto &entry : o.viewOptions) {
        if (!entry.first->check)
            continue;
        if (const auto invalid = entry.first->check(result))
            return fail(QStringLiteral("--") + *invalid);
    }
    // A preset's dimensions that --d-model leaves out (given ones were checked as read).
    if (const auto beyond = result.columnBeyondDModel()) {
        const ViewOption *option = ViewRegistry::optionForKey(beyond->first);
        return fail(CommandLineParser::tr("--%1: dimension %2 of the preset is outside [0, %3] (d_model − 1); give --%1 too")
                        .arg(option ? option->flag : beyond->first)
                        .arg(beyond->second)
                        .arg(result.params.dModel - 1));
    }
    return std::nullopt;
}

// An export to data: -o names a .npy or .csv, no figure option, and --dtype.
std::optional<CommandLineError> readDataOutput(const QCommandLineParser &parser, const Options &o, CommandLine &result)
{
    const QString suffix = QFileInfo(result.output).suffix().toLower();
    if (result.output.endsWith(QLatin1Char('/')))
        return fail(CommandLineParser::tr("-o: “%1” names a folder; give a file name such as figure.png or data.npy").arg(result.output));
    if (suffix.isEmpty())
        return fail(CommandLineParser::tr("-o: “%1” has no extension; export writes .npy or .csv (data), .png, .svg or .pdf (figures)")
                        .arg(result.output));
    if (suffix != QLatin1String("npy") && suffix != QLatin1String("csv"))
        return fail(CommandLineParser::tr("-o: unknown format “.%1”; export writes .npy or .csv (data), "
                               ".png, .svg or .pdf (figures)")
                        .arg(suffix));
    for (const QCommandLineOption *option : {&o.size, &o.widthMm, &o.heightMm, &o.dpi, &o.fontPt,
                                             &o.theme, &o.colormap, &o.clean}) {
        if (parser.isSet(*option))
            return fail(CommandLineParser::tr("--%1: a figure option; -o must then name a .png, .svg or .pdf, not “.%2”")
                            .arg(option->names().constFirst(), suffix));
    }
    QString dtype = QStringLiteral("float64");
    if (auto problem = readChoice(parser, o.dtype, choicesOf(CommandLine::Mode::Export, QStringLiteral("dtype")), dtype))
        return problem;
    result.dtype = dtype == QLatin1String("float32") ? DType::Float32 : DType::Float64;
    return std::nullopt;
}

// What an export or a screenshot writes: the view, -o and what -o's kind of file takes (an
// animation, a figure's page, data's dtype, a screenshot's screen).
Parsed readOutput(const QCommandLineParser &parser, const Options &o, const QString &command, CommandLine result)
{
    const CommandLine::Mode mode = result.mode;
    const bool exporting = mode == CommandLine::Mode::Export;
    const QStringList views = choicesOf(mode, QStringLiteral("view"));
    if (exporting && parser.isSet(o.outDir))
        return presetFigures(parser, o, result);
    if (exporting && !parser.isSet(o.view) && !result.preset)
        return CommandLineError{CommandLineParser::tr("--view: missing; one of %1").arg(views.join(QStringLiteral(", ")))};
    if (auto problem = readChoice(parser, o.view, views, result.view))
        return *problem;

    result.output = parser.value(o.output);
    if (result.output.isEmpty() && exporting && result.preset)
        return CommandLineError{CommandLineParser::tr("-o: missing; give -o FILE to export the preset's view, or --out-dir DIR for all its figures")};
    if (result.output.isEmpty())
        return CommandLineError{CommandLineParser::tr("-o: missing output file; see posenc-lab %1 --help").arg(command)};
    std::optional<CommandLineError> problem;
    if (exporting) {
        if ((problem = readAnimation(parser, o, result)))
            return *problem;
        if (result.animation)
            return result;
    }
    if (exporting && result.isFigure()) {
        if (parser.isSet(o.dtype))
            return CommandLineError{CommandLineParser::tr("--dtype: only for data; -o names a figure, not a .npy or .csv")};
        problem = readFigurePage(parser, o, result.page);
    } else if (exporting) {
        problem = readDataOutput(parser, o, result);
    } else {
        const QString suffix = QFileInfo(result.output).suffix().toLower();
        if (suffix != QLatin1String("png"))
            return CommandLineError{CommandLineParser::tr("-o: a screenshot is a .png, not “.%1”").arg(suffix)};
        problem = readScreenSize(parser, o.size, result.size);
        result.present = parser.isSet(o.present);
    }
    if (problem)
        return *problem;
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

std::variant<CommandLine, CommandLineError> CommandLineParser::parse(const QStringList &arguments)
{
    const QString command = arguments.value(1);
    if (std::optional<Parsed> own = parseOwnCommand(command, arguments.mid(2)))
        return *own;
    CommandLine result;
    result.mode = modeOf(command);
    const CommandLine::Mode mode = result.mode;
    QStringList args = arguments;
    if (mode != CommandLine::Mode::Window)
        args.removeAt(1);

    Options o;
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions(optionsOf(mode, o));
    if (!parser.parse(args))
        return CommandLineError{refusal(parser, args, mode == CommandLine::Mode::Window ? QString() : command)};
    const bool helpOrVersion = parser.isSet(o.help) || parser.isSet(o.version);
    if (mode == CommandLine::Mode::Bench && !helpOrVersion)
        return parseBench(parser, o, result);
    if (mode == CommandLine::Mode::Check && !helpOrVersion)
        return parseCheck(parser, o, result);
    if (std::optional<CommandLine> text = textAskedFor(parser, o, mode))
        return *text;
    if (!parser.positionalArguments().isEmpty()) {
        return CommandLineError{tr("unexpected argument “%1”; the commands are export, screenshot, check, train, rope and bench; see "
                                   "posenc-lab --help")
                                    .arg(parser.positionalArguments().constFirst())};
    }
    if (mode == CommandLine::Mode::Export && parser.isSet(o.outDir) && parser.isSet(o.animate))
        return CommandLineError{tr("--animate: one view to -o FILE.gif, not with --out-dir")};
    if (std::optional<CommandLineError> problem = readScene(parser, o, mode, result))
        return *problem;
    if (mode == CommandLine::Mode::Window)
        return result;
    return readOutput(parser, o, command, result);
}

} // namespace posenc

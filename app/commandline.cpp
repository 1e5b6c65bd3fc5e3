// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/commandline.h"

#include "core/channels.h"
#include "ui/dimensionlist.h"
#include "ui/mainwindow.h"
#include "ui/paramtext.h"
#include "ui/version.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace posenc {

namespace {

QString optionOf(ParamField field)
{
    switch (field) {
    case ParamField::DModel: return QStringLiteral("d-model");
    case ParamField::SeqLen: return QStringLiteral("seq-len");
    case ParamField::Base: return QStringLiteral("base");
    case ParamField::Scale: return QStringLiteral("scale");
    case ParamField::Offset: return QStringLiteral("offset");
    case ParamField::Start: return QStringLiteral("start");
    case ParamField::Position: return QStringLiteral("pos");
    }
    return {};
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
    QCommandLineOption dims{QStringLiteral("dims"), QString(), QStringLiteral("LIST")};
    QCommandLineOption lang{QStringLiteral("lang"), QString(), QStringLiteral("LANG")};
    QCommandLineOption periods{QStringLiteral("periods"), QString(), QStringLiteral("LIST")};
    QCommandLineOption steps{QStringLiteral("steps"), QString(), QStringLiteral("T")};
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
    QCommandLineOption pair{QStringLiteral("pair"), QString(), QStringLiteral("I")};
    QCommandLineOption similarity{QStringLiteral("similarity"), QString(), QStringLiteral("M")};
    QCommandLineOption changes{QStringLiteral("changes"), QString(), QStringLiteral("N")};
    QCommandLineOption quick{QStringLiteral("quick"), QString()};
};

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
        "  --frequencies F      paper | tensor2tensor (default paper)\n"
        "  --dims LIST          dimensions of the curves and spectrum views, such as 0-5 or 0,2,64 (default 0-5)\n"
        "  --periods LIST       periods of the temporal view, up to 16 positive numbers (default 24,168)\n"
        "  --steps T            time steps of the temporal view, 1 to 1048576 (default 336)\n"
        "  --pair I             the pair the rotation view shows in detail, 0 to d_model/2 - 1 (default 0)\n"
        "  --similarity M       dot | cosine: the similarity view's measure (default dot)\n");
    switch (mode) {
    case CommandLine::Mode::Export:
        return CommandLineParser::tr(
                   "Usage: posenc-lab export --view VIEW [parameters] -o FILE [--dtype TYPE]\n"
                   "       posenc-lab export --view VIEW [parameters] -o FILE [figure options]\n"
                   "Writes the numbers behind a view, or the view as a figure, headless.\n\n"
                   "  --view VIEW          heatmap | curves | spectrum | rotation | similarity | temporal\n"
                   "  -o, --output FILE    data: .npy (NumPy 1.0, little-endian) or .csv;\n"
                   "                       figure: .png, .svg or .pdf\n"
                   "  --dtype TYPE         data: float64 (default) | float32\n\n"
                   "Figure options:\n"
                   "  --size PRESET        single-column (89 x 66.75 mm, default) | double-column\n"
                   "                       (183 x 91.5 mm) | slide (254 x 142.875 mm, 16:9)\n"
                   "  --width-mm W         width in millimetres, 20 to 1000 (with --height-mm)\n"
                   "  --height-mm H        height in millimetres, 20 to 1000 (with --width-mm)\n"
                   "  --dpi N              resolution of a PNG, 72 to 600 (default 300)\n"
                   "  --font-pt N          text size in points, 5 to 30 (default 8)\n"
                   "  --theme THEME        light (default) | dark | print (grayscale-safe)\n"
                   "  --colormap MAP       diverging (default, centred on zero) | viridis | gray\n\n")
               + parameters;
    case CommandLine::Mode::Bench:
        return CommandLineParser::tr(
            "Usage: posenc-lab bench [--quick] [--changes N]\n"
            "Measures offscreen, per view and size, the time from a parameter change to the view\n"
            "replotted (median and 95th percentile), and the engine against a plain buffer write\n"
            "and a std::sin/std::cos loop. Prints JSON on stdout; writes nothing to disk.\n\n"
            "  --quick              the small sizes only\n"
            "  --changes N          parameter changes per view and size, 5 to 10000\n");
    case CommandLine::Mode::Screenshot:
        return CommandLineParser::tr(
                   "Usage: posenc-lab screenshot -o FILE.png [--view VIEW] [--size WxH] [parameters]\n"
                   "Renders the window offscreen to a PNG, headless.\n\n"
                   "  --view VIEW          heatmap | curves | spectrum | rotation | similarity | temporal\n"
                   "                       (default heatmap)\n"
                   "  -o, --output FILE    the .png to write\n"
                   "  --size WxH           window size in pixels (default 1280x800)\n\n")
               + parameters;
    default:
        return CommandLineParser::tr(
                   "Usage: posenc-lab [--lang en|zh_CN] [parameters]\n"
                   "       posenc-lab export --view VIEW [parameters] -o FILE [--dtype float32|float64]\n"
                   "       posenc-lab screenshot -o FILE.png [--view VIEW] [parameters]\n\n"
                   "Without a command, opens the window with the given parameters.\n"
                   "posenc-lab export --help and posenc-lab screenshot --help tell more.\n\n")
               + parameters;
    }
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
        const QString kind = integer ? CommandLineParser::tr("an integer") : CommandLineParser::tr("a number");
        return fail(CommandLineParser::tr("--%1: “%2” is %3; it must be %4 in [%5, %6]")
                        .arg(option.names().constFirst(), parser.value(option),
                             ok && std::isfinite(value) ? CommandLineParser::tr("out of range")
                                                        : CommandLineParser::tr("not %1").arg(kind),
                             kind)
                        .arg(low)
                        .arg(high));
    }
    out = value;
    return std::nullopt;
}

// The page of a figure export: --size or --width-mm with --height-mm, --dpi, --font-pt.
std::optional<CommandLineError> readFigurePage(const QCommandLineParser &parser, const Options &o,
                                               FigurePage &page)
{
    if (parser.isSet(o.dtype))
        return fail(CommandLineParser::tr("--dtype: only for data; -o names a figure, not a .npy or .csv"));
    const bool explicitSize = parser.isSet(o.widthMm) || parser.isSet(o.heightMm);
    if (parser.isSet(o.size)) {
        if (explicitSize)
            return fail(CommandLineParser::tr("--size: give either --size or --width-mm and --height-mm, not both"));
        const auto preset = FigurePage::fromPreset(parser.value(o.size));
        if (!preset)
            return fail(CommandLineParser::tr("--size: “%1” is not one of %2")
                            .arg(parser.value(o.size), FigurePage::presetNames().join(QStringLiteral(", "))));
        page = *preset;
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
    if (auto problem = readChoice(parser, o.theme, FigurePage::themeNames(), page.theme))
        return problem;
    if (auto problem = readChoice(parser, o.colormap, FigurePage::colormapNames(), page.colormap))
        return problem;
    return readRange(parser, o.fontPt, FigurePage::kMinFontPt, FigurePage::kMaxFontPt, false, page.fontPt);
}

} // namespace

FigureRequest CommandLine::exportRequest() const
{
    FigureRequest request;
    request.view = view;
    request.params = params;
    request.dimensions = dimensions;
    request.temporal = temporal;
    request.rotationPair = rotationPair;
    request.cosine = cosine;
    request.page = page;
    request.dtype = dtype;
    request.output = output;
    return request;
}

QStringList CommandLineParser::screenshotViews()
{
    return MainWindow::viewNames();
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
    }
    const CommandLine::Mode mode = result.mode;

    Options o;
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    if (mode == CommandLine::Mode::Bench) {
        parser.addOptions({o.help, o.version, o.changes, o.quick});
    } else {
        parser.addOptions({o.help, o.version, o.dModel, o.seqLen, o.base, o.scale, o.offset, o.start,
                           o.position, o.layout, o.frequencies, o.dims, o.lang, o.periods, o.steps,
                           o.pair, o.similarity});
    }
    if (mode == CommandLine::Mode::Export || mode == CommandLine::Mode::Screenshot)
        parser.addOptions({o.view, o.output});
    if (mode == CommandLine::Mode::Export)
        parser.addOptions({o.dtype, o.size, o.widthMm, o.heightMm, o.dpi, o.fontPt, o.theme, o.colormap});
    if (mode == CommandLine::Mode::Screenshot)
        parser.addOption(o.size);

    const auto error = [](const QString &message) -> std::variant<CommandLine, CommandLineError> {
        return CommandLineError{message};
    };
    if (!parser.parse(args)) {
        const QStringList unknown = parser.unknownOptionNames();
        if (!unknown.isEmpty()) {
            const QString name = unknown.constFirst();
            return error(tr("unknown option %1%2; see posenc-lab%3 --help")
                             .arg(name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--"), name,
                                  mode == CommandLine::Mode::Window ? QString() : QLatin1Char(' ') + command));
        }
        return error(parser.errorText().remove(QLatin1Char('\n')));
    }
    if (mode == CommandLine::Mode::Bench && !parser.isSet(o.help) && !parser.isSet(o.version)) {
        if (!parser.positionalArguments().isEmpty())
            return error(tr("unexpected argument “%1”; see posenc-lab bench --help")
                             .arg(parser.positionalArguments().constFirst()));
        result.benchQuick = parser.isSet(o.quick);
        double changes = 0;
        std::optional<CommandLineError> problem = readRange(parser, o.changes, 5, 10000, true, changes);
        if (problem)
            return *problem;
        result.benchChanges = int(changes);
        return result;
    }
    if (parser.isSet(o.help)) {
        result.mode = CommandLine::Mode::Help;
        result.text = helpText(mode);
        return result;
    }
    if (parser.isSet(o.version)) {
        result.mode = CommandLine::Mode::Version;
        result.text = QStringLiteral("posenc-lab " POSENC_VERSION_STRING "\n");
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        return error(tr("unexpected argument “%1”; commands are export and screenshot, see posenc-lab --help")
                         .arg(parser.positionalArguments().constFirst()));
    }

    EncodingParams &p = result.params;
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
    if ((problem = readChoice(parser, o.layout, {QStringLiteral("interleaved"), QStringLiteral("split")}, layout))
        || (problem = readChoice(parser, o.frequencies,
                                 {QStringLiteral("paper"), QStringLiteral("tensor2tensor")}, frequencies))
        || (problem = readChoice(parser, o.lang, {QStringLiteral("en"), QStringLiteral("zh_CN")},
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
                                             &o.start, &o.position, &o.layout, &o.frequencies,
                                             &o.dims, &o.periods, &o.steps}) {
        if (parser.isSet(*option))
            result.parametersGiven = true;
    }
    if (parser.isSet(o.dims)) {
        QString why;
        const auto dims = DimensionList::parse(parser.value(o.dims), p.dModel, &why);
        if (!dims)
            return error(QStringLiteral("--dims: ") + why);
        result.dimensions = *dims;
    }

    if (parser.isSet(o.periods)) {
        result.temporal.periods.clear();
        for (const QString &item : parser.value(o.periods).split(QLatin1Char(','))) {
            bool ok = false;
            const double period = QLocale::c().toDouble(item.trimmed(), &ok);
            if (!ok)
                return error(tr("--periods: “%1” is not a number; give positive periods such as 24,168")
                                 .arg(item.trimmed()));
            result.temporal.periods.push_back(period);
        }
    }
    if (parser.isSet(o.steps)) {
        bool ok = false;
        result.temporal.steps = parser.value(o.steps).trimmed().toInt(&ok);
        if (!ok)
            return error(tr("--steps: “%1” is not an integer; steps must be an integer in [1, %2]")
                             .arg(parser.value(o.steps))
                             .arg(TemporalParams::kMaxSteps));
    }
    if (const auto invalid = result.temporal.validate())
        return error(QStringLiteral("--") + QString::fromStdString(*invalid));

    if (parser.isSet(o.pair)) {
        const int pairs = pairCount(p);
        double pair = 0;
        if ((problem = readRange(parser, o.pair, 0, pairs - 1, true, pair)))
            return *problem;
        result.rotationPair = int(pair);
        result.parametersGiven = true;
    }
    QString similarity = QStringLiteral("dot");
    if ((problem = readChoice(parser, o.similarity, {QStringLiteral("dot"), QStringLiteral("cosine")}, similarity)))
        return *problem;
    result.cosine = similarity == QLatin1String("cosine");
    if (parser.isSet(o.similarity))
        result.parametersGiven = true;

    if (mode == CommandLine::Mode::Window)
        return result;

    const QStringList views = mode == CommandLine::Mode::Export ? DataExport::viewNames() : screenshotViews();
    if (mode == CommandLine::Mode::Export && !parser.isSet(o.view))
        return error(tr("--view: missing; one of %1").arg(views.join(QStringLiteral(", "))));
    if ((problem = readChoice(parser, o.view, views, result.view)))
        return *problem;

    result.output = parser.value(o.output);
    if (result.output.isEmpty())
        return error(tr("-o: missing output file; see posenc-lab %1 --help").arg(command));
    const QString suffix = QFileInfo(result.output).suffix().toLower();
    if (mode == CommandLine::Mode::Export && result.isFigure()) {
        if ((problem = readFigurePage(parser, o, result.page)))
            return *problem;
    } else if (mode == CommandLine::Mode::Export) {
        if (suffix != QLatin1String("npy") && suffix != QLatin1String("csv"))
            return error(tr("-o: unknown format “.%1”; export writes .npy or .csv (data), "
                            ".png, .svg or .pdf (figures)")
                             .arg(suffix));
        for (const QCommandLineOption *option : {&o.size, &o.widthMm, &o.heightMm, &o.dpi, &o.fontPt,
                                                 &o.theme, &o.colormap}) {
            if (parser.isSet(*option))
                return error(tr("--%1: a figure option; -o must then name a .png, .svg or .pdf, not “.%2”")
                                 .arg(option->names().constFirst(), suffix));
        }
        QString dtype = QStringLiteral("float64");
        if ((problem = readChoice(parser, o.dtype, {QStringLiteral("float32"), QStringLiteral("float64")}, dtype)))
            return *problem;
        result.dtype = dtype == QLatin1String("float32") ? DType::Float32 : DType::Float64;
    } else {
        if (suffix != QLatin1String("png"))
            return error(tr("-o: a screenshot is a .png, not “.%1”").arg(suffix));
        if (parser.isSet(o.size)) {
            static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})x(\\d{1,5})$"));
            const QRegularExpressionMatch match = pattern.match(parser.value(o.size));
            const int w = match.captured(1).toInt();
            const int h = match.captured(2).toInt();
            if (!match.hasMatch() || w < 320 || w > 7680 || h < 240 || h > 4320)
                return error(tr("--size: “%1” is not WxH with W in [320, 7680] and H in [240, 4320]")
                                 .arg(parser.value(o.size)));
            result.size = QSize(w, h);
        }
    }
    return result;
}

} // namespace posenc

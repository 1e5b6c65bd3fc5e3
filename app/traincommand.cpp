// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/traincommand.h"

#include "app/commandline.h"

#include "app/headless.h"
#include "app/progress.h"
#include "ui/export/dataexport.h"
#include "ui/io/fileset.h"
#include "ui/io/safesave.h"
#include "ui/export/figurerequest.h"
#include "ui/version.h"
#include "ui/views/optiontext.h"
#include "ui/state/stdtext.h"
#include "ui/views/trainingcommand.h"
#include "ui/views/viewregistry.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cerrno>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <functional>

namespace posenc {

namespace {

void appendNumber(QByteArray &line, double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    line.append(text, result.ptr - text);
}

QJsonValue jsonNumber(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QCommandLineOption valued(const char *name, const char *valueName)
{
    return QCommandLineOption(QString::fromLatin1(name), QString(), QString::fromLatin1(valueName));
}

// The training lab's options as this command spells them (ui/views/trainingcommand.h).
using RunOption = TrainingCommand::Option;

const RunOption *runOption(const QString &flag)
{
    for (const RunOption &r : TrainingCommand::options()) {
        if (r.flag == flag || r.aliases.contains(flag))
            return &r;
    }
    return nullptr;
}

QCommandLineOption commandLineOption(const RunOption &r)
{
    return QCommandLineOption(QStringList{r.flag} + r.aliases, QString(), r.option->valueName);
}

// The lab's message about --train-steps (or "train-steps: ...", a check's) as this command's
// about --steps.
QString renamed(QString message, const RunOption &r)
{
    const QString lab = QStringLiteral("--") + r.option->flag;
    if (!message.startsWith(QStringLiteral("--")))
        message.prepend(QStringLiteral("--"));
    if (message.startsWith(lab))
        message.replace(0, lab.size(), QStringLiteral("--") + r.flag);
    return message;
}

// The sinusoid's own parameters: the window's, which the lab takes from it.
const QStringList kLayouts = {QStringLiteral("interleaved"), QStringLiteral("split")};
const QStringList kFrequencies = {QStringLiteral("paper"), QStringLiteral("tensor2tensor")};
const QStringList kLanguages = {QStringLiteral("en"), QStringLiteral("zh_CN")};

// The scene of a finished configuration, for the lab's options to write.
Scene sceneOf(const TrainingConfig &config)
{
    Scene scene;
    scene.training.config = config;
    scene.training.left = scene.training.right = config.task;
    scene.params.base = config.encoding.base;
    scene.params.layout = config.encoding.layout;
    scene.params.frequencies = config.encoding.frequencies;
    return scene;
}

} // namespace

QString TrainCommand::helpText()
{
    QString text = tr("Usage: posenc-lab train --task order|bag [options] -o run.csv [--json]\n"
                      "Trains the training lab's small model (token embedding + position term, single-head\n"
                      "attention, mean pooling, a linear classifier) on a task generated from the seed, headless,\n"
                      "and writes one CSV row per step: step,task,loss,accuracy,heldout_loss,heldout_accuracy,\n"
                      "scale,norm_ratio (loss and accuracy of the step's batch, the rest after the step). The same\n"
                      "arguments write the same bytes. One toy run: not evidence about sentiment or translation.\n"
                      "The options are the training lab's (export --view training --train-steps N ... trains the\n"
                      "same run), spelt without the lab's prefix.\n\n"
                      "  --task TASK          order (does token A come before B) | bag (does token A occur)\n"
                      "  -o, --output FILE    the .csv to write\n"
                      "  --pytorch DIR        write the run as a PyTorch program into DIR: run.py, run.npz (the\n"
                      "                       initial weights, the examples and the batches) and README.md;\n"
                      "                       python3 DIR/run.py OUT.csv trains it and writes the same columns\n"
                      "  --json               a summary of the run as one JSON object on stdout\n");
    for (const RunOption &r : TrainingCommand::options()) {
        if (r.flag == QLatin1String("task"))
            continue;
        QString help = r.option->help();
        if (!r.aliases.isEmpty())
            help = tr("%1 (formerly --%2)").arg(help, r.aliases.join(QStringLiteral(", --")));
        text += OptionText::helpLine(r.flag, r.option->valueName, help);
    }
    return text
           + tr("  --base B             base of the sinusoid's frequencies, above 1 up to 1e12 (default 10000)\n"
                "  --layout L           interleaved | split (default interleaved)\n"
                "  --frequencies F      paper | tensor2tensor (default paper)\n"
                "  --lang LANG          en | zh_CN: the language of the messages (default: the locale's)\n\n"
                "Exit status: 0 when the run was written, 2 for an invalid option or an unwritable file\n"
                "(one line on stderr; no file is written).\n");
}

QList<QCommandLineOption> TrainCommand::options()
{
    QList<QCommandLineOption> options = {
        QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, QString()),
        QCommandLineOption({QStringLiteral("o"), QStringLiteral("output")}, QString(), QStringLiteral("FILE")),
        QCommandLineOption(QStringLiteral("pytorch"), QString(), QStringLiteral("DIR")),
        QCommandLineOption(QStringLiteral("json"), QString()),
    };
    for (const RunOption &r : TrainingCommand::options())
        options.append(commandLineOption(r));
    options << valued("base", "B") << valued("layout", "L") << valued("frequencies", "F") << valued("lang", "LANG");
    return options;
}

QStringList TrainCommand::choices(const QString &flag)
{
    if (flag == QLatin1String("layout"))
        return kLayouts;
    if (flag == QLatin1String("frequencies"))
        return kFrequencies;
    if (flag == QLatin1String("lang"))
        return kLanguages;
    const RunOption *r = runOption(flag);
    return r ? OptionText::choices(*r->option) : QStringList();
}

namespace {

// --base, --layout and --frequencies into the scene's parameters.
std::optional<QString> readSinusoid(const QCommandLineParser &parser, Scene &scene)
{
    if (parser.isSet(QStringLiteral("base"))) {
        bool ok = false;
        const QString text = parser.value(QStringLiteral("base"));
        scene.params.base = QLocale::c().toDouble(text.trimmed(), &ok);
        if (!ok || !std::isfinite(scene.params.base))
            return TrainCommand::tr("--base: “%1” is not a number; it must be a number above 1 up to 1e12").arg(text);
    }
    for (const auto &[flag, values] : {std::pair{QStringLiteral("layout"), kLayouts},
                                       std::pair{QStringLiteral("frequencies"), kFrequencies}}) {
        if (!parser.isSet(flag))
            continue;
        const QString value = parser.value(flag);
        if (!values.contains(value))
            return OptionText::readChoice(flag, value, values);
        if (flag == QLatin1String("layout"))
            scene.params.layout = *layoutFromName(value.toStdString());
        else
            scene.params.frequencies = *frequencyConventionFromName(value.toStdString());
    }
    return std::nullopt;
}

} // namespace

TrainCommand::Parsed TrainCommand::parse(const QStringList &arguments)
{
    Parsed parsed;
    const auto fail = [&parsed](const QString &message) {
        parsed.error = message;
        return parsed;
    };
    QCommandLineParser parser;
    if (const QString refused = CommandLineParser::parseCommand(parser, options(), arguments, QStringLiteral("train"));
        !refused.isEmpty())
        return fail(refused);
    if (parser.isSet(QStringLiteral("help"))) {
        parsed.help = true;
        return parsed;
    }
    if (!parser.positionalArguments().isEmpty())
        return fail(tr("train: unexpected argument “%1”; see posenc-lab train --help")
                        .arg(parser.positionalArguments().constFirst()));
    if (parser.isSet(QStringLiteral("lang"))) {
        if (const auto invalid = OptionText::readChoice(QStringLiteral("lang"), parser.value(QStringLiteral("lang")),
                                                        choices(QStringLiteral("lang"))))
            return fail(*invalid);
    }
    if (!parser.isSet(QStringLiteral("task")))
        return fail(tr("--task: missing; one of %1").arg(choices(QStringLiteral("task")).join(QStringLiteral(", "))));

    // The lab's options in its order (--d-model before --scale-init: d^-0.5 reads the width),
    // then checked together as the lab checks them.
    Scene scene;
    for (const RunOption &r : TrainingCommand::options()) {
        if (!parser.isSet(r.flag))
            continue;
        if (const auto invalid = r.option->parse(parser.value(r.flag), scene))
            return fail(renamed(*invalid, r));
    }
    scene.training.right = scene.training.left;
    if (const auto invalid = readSinusoid(parser, scene))
        return fail(*invalid);
    for (const RunOption &r : TrainingCommand::options()) {
        if (!r.option->check)
            continue;
        if (const auto invalid = r.option->check(scene))
            return fail(renamed(*invalid, r));
    }
    TrainingConfig &config = parsed.request.config;
    config = scene.training.configFor(false, scene.params);
    if (const auto invalid = config.validate()) {
        const QString option = fromStd(invalid->field);
        const QString value = parser.isSet(option) ? parser.value(option) : QString();
        const QString rule = TrainingOptions::errorText(*invalid, config.task);
        if (value.isEmpty())
            return fail(tr("--%1: out of range; %2").arg(option, rule));
        return fail(tr("--%1: “%2” is out of range; %3").arg(option, value, rule));
    }

    parsed.request.json = parser.isSet(QStringLiteral("json"));
    parsed.request.output = parser.value(QStringLiteral("output"));
    parsed.request.pytorch = parser.value(QStringLiteral("pytorch"));
    if (parser.isSet(QStringLiteral("pytorch")) && parsed.request.pytorch.isEmpty())
        return fail(tr("--pytorch: missing folder; see posenc-lab train --help"));
    if (parsed.request.output.isEmpty() && parsed.request.pytorch.isEmpty())
        return fail(tr("-o: missing output file; see posenc-lab train --help"));
    const QString suffix = QFileInfo(parsed.request.output).suffix().toLower();
    if (!parsed.request.output.isEmpty() && suffix != QLatin1String("csv"))
        return fail(tr("-o: train writes a .csv, not “.%1”").arg(suffix));
    if (parsed.request.json && parsed.request.output.isEmpty())
        return fail(tr("--json: summarises a trained run; add -o FILE.csv"));
    return parsed;
}

QStringList TrainRequest::arguments() const
{
    return TrainingCommand::arguments(sceneOf(config), output.isEmpty() ? QStringLiteral("run.csv") : output);
}

QByteArray TrainCommand::csv(const TrainRequest &request, const Trainer &trainer)
{
    QByteArray text;
    text += "# " + FigureRequest::software().toUtf8() + '\n';
    text += "# command: " + FigureRequest::commandLineOf(request.arguments()).toUtf8() + '\n';
    if (request.config.scheme != PositionScheme::ScaledSinu)
        text += "# scale: nan, the encoding " + QByteArray(positionSchemeName(request.config.scheme).data())
                + " has no scale\n";
    text += "step,task,loss,accuracy,heldout_loss,heldout_accuracy,scale,norm_ratio\n";
    const QByteArray task(trainingTaskName(request.config.task).data());
    for (const TrainingRecord &r : trainer.records()) {
        text += QByteArray::number(r.step) + ',' + task;
        for (double value : {r.loss, r.accuracy, r.heldoutLoss, r.heldoutAccuracy, r.scale, r.normRatio}) {
            text += ',';
            appendNumber(text, value);
        }
        text += '\n';
    }
    return text;
}

QByteArray TrainCommand::summaryJson(const TrainRequest &request, const Trainer &trainer)
{
    const TrainingConfig &c = request.config;
    const std::vector<TrainingRecord> &records = trainer.records();
    QJsonObject o;
    o[QStringLiteral("software")] = FigureRequest::software();
    o[QStringLiteral("command")] = FigureRequest::commandLineOf(request.arguments());
    o[QStringLiteral("output")] = request.output;
    o[QStringLiteral("task")] = fromStd(trainingTaskName(c.task));
    o[QStringLiteral("encoding")] = fromStd(positionSchemeName(c.scheme));
    o[QStringLiteral("join")] = fromStd(peJoinName(c.join));
    o[QStringLiteral("steps")] = int(records.size());
    o[QStringLiteral("seed")] = QString::number(c.seed); // a string: JSON numbers stop at 2^53
    o[QStringLiteral("initial_scale")] = jsonNumber(trainer.initialScale());
    if (!records.empty()) {
        const TrainingRecord &last = records.back();
        o[QStringLiteral("final")] = QJsonObject{
            {QStringLiteral("loss"), jsonNumber(last.loss)},
            {QStringLiteral("accuracy"), jsonNumber(last.accuracy)},
            {QStringLiteral("heldout_loss"), jsonNumber(last.heldoutLoss)},
            {QStringLiteral("heldout_accuracy"), jsonNumber(last.heldoutAccuracy)},
            {QStringLiteral("scale"), jsonNumber(last.scale)},
            {QStringLiteral("norm_ratio"), jsonNumber(last.normRatio)},
        };
        // The mean training loss of the first and the last tenth of the steps (at least one step).
        const std::size_t tenth = std::max<std::size_t>(1, records.size() / 10);
        double first = 0, lastTenth = 0;
        for (std::size_t i = 0; i < tenth; ++i) {
            first += records[i].loss;
            lastTenth += records[records.size() - 1 - i].loss;
        }
        o[QStringLiteral("first_tenth_loss")] = jsonNumber(first / double(tenth));
        o[QStringLiteral("last_tenth_loss")] = jsonNumber(lastTenth / double(tenth));
        double low = records.front().scale, high = low;
        QJsonArray hits;
        for (const TrainingRecord &r : records) {
            low = std::min(low, r.scale);
            high = std::max(high, r.scale);
            if (r.clampHit)
                hits.append(r.step);
        }
        o[QStringLiteral("scale_min")] = jsonNumber(low);
        o[QStringLiteral("scale_max")] = jsonNumber(high);
        o[QStringLiteral("clamp_hit_steps")] = hits;
    }
    QJsonArray lengths;
    for (const ExtrapolationPoint &p : trainer.extrapolation(trainer.defaultExtrapolationLengths())) {
        lengths.append(QJsonObject{
            {QStringLiteral("length"), p.length},
            {QStringLiteral("available"), p.available},
            {QStringLiteral("heldout_loss"), p.available ? jsonNumber(p.loss) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("heldout_accuracy"), p.available ? jsonNumber(p.accuracy) : QJsonValue(QJsonValue::Null)},
        });
    }
    o[QStringLiteral("extrapolation")] = lengths;
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

namespace {

// --pytorch DIR: the run's program, weights and data, written as one set (the lab's own
// folder export, as File > Export Training Run as PyTorch… writes it).
int writePytorch(const TrainRequest &request)
{
    const ViewDescriptor *lab = ViewRegistry::find(u"training");
    QString error;
    const auto files = lab->exportFolderFiles(sceneOf(request.config), &error);
    const int status = files ? writeFileSet(request.pytorch, QStringLiteral("--pytorch"), *files, &error) : 2;
    if (status != 0)
        reportError(files ? error : QStringLiteral("--pytorch: %1").arg(error));
    return status;
}

} // namespace

int TrainCommand::run(const TrainRequest &request)
{
    if (!request.pytorch.isEmpty()) {
        if (const int status = writePytorch(request); status != 0 || request.output.isEmpty())
            return status;
    }
    // The file is opened first, so that an unwritable -o is reported before seconds of
    // training; SafeSave writes aside and renames on commit (nothing is left on failure).
    SafeSave file(request.output);
    QString error;
    if (!file.open(&error))
        return reportError(error);
    Trainer trainer(request.config);
    {
        Progress progress(QStringLiteral("train"));
        while (!trainer.finished()) {
            trainer.step();
            progress.advance(trainer.stepCount(), request.config.steps);
        }
    }
    const QByteArray bytes = csv(request, trainer);
    errno = 0;
    if (file.device()->write(bytes) != bytes.size()) {
        file.abandon(errno, &error);
        return reportError(error);
    }
    if (!file.commit(&error))
        return reportError(error);
    if (request.json) {
        const QByteArray summary = summaryJson(request, trainer);
        std::fwrite(summary.constData(), 1, std::size_t(summary.size()), stdout);
    }
    return 0;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/traincommand.h"

#include "app/headless.h"
#include "app/progress.h"
#include "ui/export/dataexport.h"
#include "ui/io/safesave.h"
#include "ui/export/figurerequest.h"
#include "ui/version.h"
#include "ui/views/optiontext.h"

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

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// The shortest text that reads back as the same double ("0.1", "1e-05", "nan").
QString shortest(double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return QString::fromLatin1(text, result.ptr - text);
}

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

QStringList names(std::initializer_list<std::string_view> list)
{
    QStringList out;
    for (std::string_view name : list)
        out << fromStd(name);
    return out;
}

// A numeric option: how to read it and which field of the configuration it sets.
struct NumberOption {
    QCommandLineOption option;
    bool integer;
    std::function<void(TrainingConfig &, double)> set;
};

// A choice among names: the names, and how to set the field from the index of the name.
struct ChoiceOption {
    QCommandLineOption option;
    QStringList choices;
    std::function<void(TrainingConfig &, const QString &)> set;
};

QCommandLineOption valued(const char *name, const char *valueName)
{
    return QCommandLineOption(QString::fromLatin1(name), QString(), QString::fromLatin1(valueName));
}

QList<NumberOption> numberOptions()
{
    using C = TrainingConfig;
    return {
        {valued("steps", "N"), true, [](C &c, double v) { c.steps = int(v); }},
        {valued("scale-lr-ratio", "R"), false, [](C &c, double v) { c.scaleLrRatio = v; }},
        {valued("d-model", "N"), true, [](C &c, double v) { c.dModel = int(v); }},
        {valued("seq-len", "N"), true, [](C &c, double v) { c.seqLen = int(v); }},
        {valued("vocab", "N"), true, [](C &c, double v) { c.vocab = int(v); }},
        {valued("examples", "N"), true, [](C &c, double v) { c.examples = int(v); }},
        {valued("heldout", "N"), true, [](C &c, double v) { c.heldout = int(v); }},
        {valued("batch", "N"), true, [](C &c, double v) { c.batch = int(v); }},
        {valued("layers", "N"), true, [](C &c, double v) { c.layers = int(v); }},
        {valued("lr", "LR"), false, [](C &c, double v) { c.learningRate = v; }},
        {valued("base", "B"), false, [](C &c, double v) { c.encoding.base = v; }},
    };
}

QList<ChoiceOption> choiceOptions()
{
    using C = TrainingConfig;
    return {
        {valued("encoding", "E"), names({"scaled_sinu", "learned_sinusoidal", "learned", "none"}),
         [](C &c, const QString &v) { c.scheme = *positionSchemeFromName(v.toStdString()); }},
        {valued("join", "J"), names({"add", "concat_project", "alpha"}),
         [](C &c, const QString &v) { c.join = *peJoinFromName(v.toStdString()); }},
        {valued("optimizer", "O"), names({"adam", "sgd"}),
         [](C &c, const QString &v) { c.optimizer = *optimizerFromName(v.toStdString()); }},
        {valued("clamp-mode", "M"), names({"step", "construction", "off"}),
         [](C &c, const QString &v) { c.clampMode = *clampModeFromName(v.toStdString()); }},
        {valued("pe-dtype", "TYPE"), names({"float32", "float16", "float64"}),
         [](C &c, const QString &v) { c.peDType = *peDTypeFromName(v.toStdString()); }},
        {valued("scale-dtype", "TYPE"), names({"float32", "pe"}),
         [](C &c, const QString &v) { c.scaleStorage = *scaleStorageFromName(v.toStdString()); }},
        {valued("layer-norm", "on|off"), {QStringLiteral("on"), QStringLiteral("off")},
         [](C &c, const QString &v) { c.layerNorm = v == QLatin1String("on"); }},
        {valued("layout", "L"), names({"interleaved", "split"}),
         [](C &c, const QString &v) { c.encoding.layout = *layoutFromName(v.toStdString()); }},
        {valued("frequencies", "F"), names({"paper", "tensor2tensor"}),
         [](C &c, const QString &v) { c.encoding.frequencies = *frequencyConventionFromName(v.toStdString()); }},
        // The language of the messages (read by main() before the parse): no number depends on it.
        {valued("lang", "LANG"), {QStringLiteral("en"), QStringLiteral("zh_CN")}, [](C &, const QString &) {}},
    };
}

// The message of validate() for `field` alone: the default configuration of the task with
// only that option's value made invalid (for "not a number", which has no value to check).
QString rangeOf(const NumberOption &option, TrainingTask task)
{
    TrainingConfig probe;
    probe.task = task;
    option.set(probe, option.integer ? double(INT_MIN) : std::nan(""));
    const auto error = probe.validate();
    return error ? TrainingOptions::errorText(*error, task) : QString();
}

} // namespace

QString TrainCommand::helpText()
{
    const TrainingConfig d;
    return tr("Usage: posenc-lab train --task order|bag [options] -o run.csv [--json]\n"
              "Trains the training lab's small model (token embedding + position term, single-head\n"
              "attention, mean pooling, a linear classifier) on a task generated from the seed, headless,\n"
              "and writes one CSV row per step: step,task,loss,accuracy,heldout_loss,heldout_accuracy,\n"
              "scale,norm_ratio (loss and accuracy of the step's batch, the rest after the step). The same\n"
              "arguments write the same bytes. One toy run: not evidence about sentiment or translation.\n\n"
              "  --task TASK          order (does token A come before B) | bag (does token A occur)\n"
              "  -o, --output FILE    the .csv to write\n"
              "  --json               a summary of the run as one JSON object on stdout\n"
              "  --steps N            batches to train on, %1 to %2 (default %3)\n"
              "  --seed S             seed of the data, the weights and the batches, 0 to 2^64-1 (default %4)\n"
              "  --encoding E         scaled_sinu (sinusoid x learnable scale) | learned_sinusoidal\n"
              "                       (sinusoid + learnable table, from 0) | learned | none (default scaled_sinu)\n"
              "  --join J             add | concat_project | alpha (default add)\n"
              "  --init V             the scale's initial value, |V| <= 1000, or d^-0.5 (default 1)\n"
              "  --scale-lr-ratio R   the scale's learning rate over the others', 0.1 to 3 (default 0.2)\n"
              "  --clamp LO,HI        bounds of the scale, LO < HI (default 0.1,2)\n"
              "  --clamp-mode M       step (after every update) | construction (once, as the seed's\n"
              "                       code does) | off (default step)\n"
              "  --pe-dtype TYPE      the position term in float32 | float16 (emulated) | float64\n"
              "                       (default float32)\n"
              "  --scale-dtype TYPE   the scale kept in float32 | pe (the PE's dtype) (default float32)\n"
              "  --d-model N          %5 to %6 (default %7)\n"
              "  --seq-len N          the training length, %8 to %9 (default %10)\n")
               .arg(TrainingConfig::kMinSteps).arg(TrainingConfig::kMaxSteps).arg(d.steps)
               .arg(d.seed)
               .arg(TrainingConfig::kMinDModel).arg(TrainingConfig::kMaxDModel).arg(d.dModel)
               .arg(TrainingConfig::kMinSeqLen).arg(TrainingConfig::kMaxSeqLen).arg(d.seqLen)
           + tr("  --vocab N            tokens, %1 to %2 (order: at least 4) (default %3)\n"
                "  --examples N         training examples, %4 to %5 (default %6)\n"
                "  --heldout N          held-out examples, %7 to %8 (default %9)\n")
                 .arg(TrainingConfig::kMinVocab).arg(TrainingConfig::kMaxVocab).arg(d.vocab)
                 .arg(TrainingConfig::kMinExamples).arg(TrainingConfig::kMaxExamples).arg(d.examples)
                 .arg(TrainingConfig::kMinHeldout).arg(TrainingConfig::kMaxHeldout).arg(d.heldout)
           + tr("  --batch N            examples per step, %1 to %2, at most --examples (default %3)\n"
                "  --layers N           attention layers, 1 or 2 (default %4)\n"
                "  --layer-norm on|off  pre-norm layer norms (default on)\n"
                "  --lr LR              learning rate, above 0 up to 1 (default %5)\n"
                "  --optimizer O        adam | sgd (default adam)\n"
                "  --base B             base of the sinusoid's frequencies, above 1 up to 1e12 (default 10000)\n"
                "  --layout L           interleaved | split (default interleaved)\n"
                "  --frequencies F      paper | tensor2tensor (default paper)\n\n"
                "Exit status: 0 when the run was written, 2 for an invalid option or an unwritable file\n"
                "(one line on stderr; no file is written).\n")
                 .arg(TrainingConfig::kMinBatch).arg(TrainingConfig::kMaxBatch).arg(d.batch)
                 .arg(d.layers)
                 .arg(shortest(d.learningRate))
           + tr("  --lang LANG          en | zh_CN: the language of the messages (default: the locale's)\n");
}

QList<QCommandLineOption> TrainCommand::options()
{
    QList<QCommandLineOption> options = {
        QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, QString()),
        valued("task", "TASK"),
        QCommandLineOption({QStringLiteral("o"), QStringLiteral("output")}, QString(), QStringLiteral("FILE")),
        QCommandLineOption(QStringLiteral("json"), QString()),
        valued("seed", "S"),
        valued("init", "V"),
        valued("clamp", "LO,HI"),
    };
    for (const NumberOption &n : numberOptions())
        options.append(n.option);
    for (const ChoiceOption &c : choiceOptions())
        options.append(c.option);
    return options;
}

QStringList TrainCommand::choices(const QString &flag)
{
    if (flag == QLatin1String("task"))
        return names({"order", "bag"});
    for (const ChoiceOption &c : choiceOptions()) {
        if (c.option.names().contains(flag))
            return c.choices;
    }
    return {};
}

TrainCommand::Parsed TrainCommand::parse(const QStringList &arguments)
{
    Parsed parsed;
    TrainingConfig &config = parsed.request.config;
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QString());
    const QCommandLineOption task = valued("task", "TASK");
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QString(), QStringLiteral("FILE"));
    const QCommandLineOption json(QStringLiteral("json"), QString());
    const QCommandLineOption seed = valued("seed", "S");
    const QCommandLineOption init = valued("init", "V");
    const QCommandLineOption clamp = valued("clamp", "LO,HI");
    const QList<NumberOption> numbers = numberOptions();
    const QList<ChoiceOption> choices = choiceOptions();

    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions(options());

    const auto fail = [&parsed](const QString &message) {
        parsed.error = message;
        return parsed;
    };
    // The program's name first, as QCommandLineParser expects.
    if (!parser.parse(QStringList{QStringLiteral("posenc-lab")} + arguments)) {
        const QStringList unknown = parser.unknownOptionNames();
        if (!unknown.isEmpty()) {
            const QString name = unknown.constFirst();
            return fail(tr("unknown option %1%2; see posenc-lab train --help")
                            .arg(name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--"), name));
        }
        return fail(parser.errorText().remove(QLatin1Char('\n')));
    }
    if (parser.isSet(help)) {
        parsed.help = true;
        return parsed;
    }
    if (!parser.positionalArguments().isEmpty())
        return fail(tr("train: unexpected argument “%1”; see posenc-lab train --help")
                        .arg(parser.positionalArguments().constFirst()));

    const QStringList tasks = TrainCommand::choices(QStringLiteral("task"));
    if (!parser.isSet(task))
        return fail(tr("--task: missing; one of %1").arg(tasks.join(QStringLiteral(", "))));
    if (!tasks.contains(parser.value(task)))
        return fail(tr("--task: “%1” is not one of %2").arg(parser.value(task), tasks.join(QStringLiteral(", "))));
    config.task = *trainingTaskFromName(parser.value(task).toStdString());

    for (const ChoiceOption &c : choices) {
        if (!parser.isSet(c.option))
            continue;
        const QString value = parser.value(c.option);
        if (!c.choices.contains(value))
            return fail(tr("--%1: “%2” is not one of %3")
                            .arg(c.option.names().constFirst(), value, c.choices.join(QStringLiteral(", "))));
        c.set(config, value);
    }
    for (const NumberOption &n : numbers) {
        if (!parser.isSet(n.option))
            continue;
        const QString text = parser.value(n.option).trimmed();
        bool ok = false;
        const double value = n.integer ? double(text.toInt(&ok)) : QLocale::c().toDouble(text, &ok);
        if (!ok || !std::isfinite(value))
            return fail(tr("--%1: “%2” is not a number; %3")
                            .arg(n.option.names().constFirst(), parser.value(n.option), rangeOf(n, config.task)));
        n.set(config, value);
    }
    if (parser.isSet(seed)) {
        // Read as the training lab reads --train-seed: a run is reproduced in the lab and presets.
        if (auto problem = OptionText::readSeed(QStringLiteral("seed"), parser.value(seed), config.seed))
            return fail(*problem);
    }
    if (parser.isSet(init)) {
        const QString text = parser.value(init).trimmed();
        bool ok = false;
        // d^-0.5: x-transformers' start for the same parameter, 1 / sqrt(d_model).
        if (text == QLatin1String("d^-0.5")) {
            config.scaleInit = 1.0 / std::sqrt(double(config.dModel));
            ok = true;
        } else {
            config.scaleInit = QLocale::c().toDouble(text, &ok);
        }
        if (!ok || !std::isfinite(config.scaleInit))
            return fail(tr("--init: “%1” is not a number; it must be a number in [-1000, 1000] or d^-0.5")
                            .arg(parser.value(init)));
    }
    if (parser.isSet(clamp)) {
        const QStringList bounds = parser.value(clamp).split(QLatin1Char(','));
        bool okLow = false, okHigh = false;
        if (bounds.size() == 2) {
            config.clampLow = QLocale::c().toDouble(bounds[0].trimmed(), &okLow);
            config.clampHigh = QLocale::c().toDouble(bounds[1].trimmed(), &okHigh);
        }
        if (!okLow || !okHigh)
            return fail(tr("--clamp: “%1” is not LO,HI; it must be two numbers in [-1000, 1000] with LO < HI")
                            .arg(parser.value(clamp)));
    }
    if (const auto invalid = config.validate()) {
        const QString option = fromStd(invalid->field);
        const QString value = parser.isSet(option) ? parser.value(option) : QString();
        const QString rule = TrainingOptions::errorText(*invalid, config.task);
        if (value.isEmpty())
            return fail(tr("--%1: out of range; %2").arg(option, rule));
        return fail(tr("--%1: “%2” is out of range; %3").arg(option, value, rule));
    }

    parsed.request.json = parser.isSet(json);
    parsed.request.output = parser.value(output);
    if (parsed.request.output.isEmpty())
        return fail(tr("-o: missing output file; see posenc-lab train --help"));
    const QString suffix = QFileInfo(parsed.request.output).suffix().toLower();
    if (suffix != QLatin1String("csv"))
        return fail(tr("-o: train writes a .csv, not “.%1”").arg(suffix));
    return parsed;
}

QStringList TrainRequest::arguments() const
{
    const TrainingConfig &c = config;
    return {QStringLiteral("train"),
            QStringLiteral("--task"), fromStd(trainingTaskName(c.task)),
            QStringLiteral("--steps"), QString::number(c.steps),
            QStringLiteral("--seed"), QString::number(c.seed),
            QStringLiteral("--encoding"), fromStd(positionSchemeName(c.scheme)),
            QStringLiteral("--join"), fromStd(peJoinName(c.join)),
            QStringLiteral("--init"), shortest(c.scaleInit),
            QStringLiteral("--scale-lr-ratio"), shortest(c.scaleLrRatio),
            QStringLiteral("--clamp"), shortest(c.clampLow) + QLatin1Char(',') + shortest(c.clampHigh),
            QStringLiteral("--clamp-mode"), fromStd(clampModeName(c.clampMode)),
            QStringLiteral("--pe-dtype"), fromStd(peDTypeName(c.peDType)),
            QStringLiteral("--scale-dtype"), fromStd(scaleStorageName(c.scaleStorage)),
            QStringLiteral("--d-model"), QString::number(c.dModel),
            QStringLiteral("--seq-len"), QString::number(c.seqLen),
            QStringLiteral("--vocab"), QString::number(c.vocab),
            QStringLiteral("--examples"), QString::number(c.examples),
            QStringLiteral("--heldout"), QString::number(c.heldout),
            QStringLiteral("--batch"), QString::number(c.batch),
            QStringLiteral("--layers"), QString::number(c.layers),
            QStringLiteral("--layer-norm"), c.layerNorm ? QStringLiteral("on") : QStringLiteral("off"),
            QStringLiteral("--lr"), shortest(c.learningRate),
            QStringLiteral("--optimizer"), fromStd(optimizerName(c.optimizer)),
            QStringLiteral("--base"), shortest(c.encoding.base),
            QStringLiteral("--layout"), fromStd(layoutName(c.encoding.layout)),
            QStringLiteral("--frequencies"), fromStd(frequencyConventionName(c.encoding.frequencies)),
            QStringLiteral("-o"), output};
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

int TrainCommand::run(const TrainRequest &request)
{
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

// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/ropecommand.h"

#include "app/commandline.h"
#include "app/headless.h"
#include "ui/io/boundedfile.h"
#include "ui/state/stdtext.h"
#include "ui/views/optiontext.h"
#include "ui/views/ropeconfigtext.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>

namespace posenc {

namespace {

// A number for JSON, which has no NaN or infinity: those are null.
QJsonValue jsonNumber(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

// Six significant digits for a person's table; whole numbers as they are (a base of 1000000).
QString brief(double value)
{
    if (value == std::floor(value) && std::abs(value) < 1e15)
        return QString::number(qint64(value));
    return QString::number(value, 'g', 6);
}

QJsonArray pairsJson(const RopeFrequencies &f)
{
    QJsonArray pairs;
    for (int i = 0; i < f.pairs(); ++i) {
        QJsonObject pair;
        pair[QStringLiteral("i")] = i;
        pair[QStringLiteral("inv_freq")] = jsonNumber(f.invFreq[std::size_t(i)]);
        pair[QStringLiteral("inv_freq_scaled")] = jsonNumber(f.invFreqScaled[std::size_t(i)]);
        pair[QStringLiteral("divisor")] = jsonNumber(f.divisor(i));
        pair[QStringLiteral("wavelength")] = jsonNumber(f.wavelength(i));
        pair[QStringLiteral("wavelength_scaled")] = jsonNumber(f.wavelengthScaled(i));
        pair[QStringLiteral("rotations_in_context")] = jsonNumber(f.rotationsInContext(i));
        pairs.append(pair);
    }
    return pairs;
}

// The pairs a method keeps, blends and divides by s, for a person.
QString bands(const RopeFrequencies &f, double factor)
{
    const RopeBands b = ropeBands(f, factor);
    return RopeCommand::tr("%1 of %2 pairs kept, %3 divided by s, %4 in between")
        .arg(b.kept)
        .arg(f.pairs())
        .arg(b.divided)
        .arg(b.between);
}

} // namespace

QList<QCommandLineOption> RopeCommand::options()
{
    return {
        QCommandLineOption(QStringLiteral("seq-len"), tr("The current sequence length."), QStringLiteral("N")),
        QCommandLineOption(QStringLiteral("layer-type"), tr("The layer type of per-layer rope_parameters."),
                           QStringLiteral("NAME")),
        QCommandLineOption(QStringLiteral("json"), tr("One JSON object on stdout.")),
        QCommandLineOption(QStringLiteral("lang"), tr("The language of the messages."), QStringLiteral("LANG")),
        QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, tr("This help.")),
    };
}

QString RopeCommand::helpText()
{
    return tr("Usage: posenc-lab rope CONFIG.json [--seq-len N] [--layer-type NAME] [--json]\n"
              "Reads a Hugging Face model's config.json as transformers reads it (rope_theta, head_dim or\n"
              "hidden_size / num_attention_heads, partial_rotary_factor, rope_scaling or rope_parameters)\n"
              "and prints every rotary pair's frequency before and after the model's context extension\n"
              "(linear, dynamic, yarn, llama3, longrope), the attention factor, and what in the config\n"
              "means something other than it seems.\n\n"
              "  --seq-len N          the current sequence length, 1 to 1e12: dynamic NTK scales from\n"
              "                       it, LongRoPE takes its long factors beyond the original length\n"
              "  --layer-type NAME    rope_parameters given per layer type: which (default\n"
              "                       full_attention)\n"
              "  --json               one JSON object on stdout: rope_type, dim, base, factor,\n"
              "                       original_max_position_embeddings, attention_factor, pairs (i,\n"
              "                       inv_freq, inv_freq_scaled, divisor, wavelength, wavelength_scaled,\n"
              "                       rotations_in_context), findings (code, severity, message)\n"
              "  --lang LANG          en | zh_CN: the language of the messages (default: the locale's)\n\n"
              "Exit status: 0 when the config was read, 2 when it could not be (one line on stderr naming\n"
              "the key; nothing on stdout).\n");
}

RopeCommand::Parsed RopeCommand::parse(const QStringList &arguments)
{
    Parsed parsed;
    const auto fail = [&parsed](const QString &message) {
        parsed.error = message;
        return parsed;
    };
    QCommandLineParser parser;
    if (const QString refused = CommandLineParser::parseCommand(parser, options(), arguments, QStringLiteral("rope"));
        !refused.isEmpty())
        return fail(refused);
    if (parser.isSet(QStringLiteral("help"))) {
        parsed.help = true;
        return parsed;
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return fail(files.isEmpty() ? tr("rope: no config.json given; see posenc-lab rope --help")
                                    : tr("rope: one config at a time, not “%1” as well; see posenc-lab rope --help")
                                          .arg(files.value(1)));
    if (parser.isSet(QStringLiteral("lang"))) {
        if (const auto invalid = OptionText::readChoice(QStringLiteral("lang"), parser.value(QStringLiteral("lang")),
                                                        {QStringLiteral("en"), QStringLiteral("zh_CN")}))
            return fail(*invalid);
    }
    RopeRequest &request = parsed.request;
    request.config = files.constFirst();
    request.json = parser.isSet(QStringLiteral("json"));
    request.layerType = parser.value(QStringLiteral("layer-type"));
    if (parser.isSet(QStringLiteral("layer-type")) && request.layerType.isEmpty())
        return fail(tr("--layer-type: give the name of a layer type of rope_parameters"));
    if (parser.isSet(QStringLiteral("seq-len"))) {
        const QString text = parser.value(QStringLiteral("seq-len"));
        bool ok = false;
        const double value = text.toDouble(&ok);
        if (!ok || !(value >= 1 && value <= RopeScaling::kMaxContext) || value != std::floor(value))
            return fail(tr("--seq-len: “%1” must be a whole number in [1, 1e12]").arg(text));
        request.seqLen = value;
    }
    return parsed;
}

QByteArray RopeCommand::toJson(const RopeConfig &config)
{
    const RopeScaling &s = config.scaling;
    const RopeFrequencies f = ropeFrequencies(s);
    QJsonObject o;
    o[QStringLiteral("rope_type")] = fromStd(config.ropeType);
    o[QStringLiteral("dim")] = s.dim;
    o[QStringLiteral("base")] = jsonNumber(s.base);
    o[QStringLiteral("factor")] = jsonNumber(s.factor);
    o[QStringLiteral("original_max_position_embeddings")] = jsonNumber(s.originalContext);
    o[QStringLiteral("max_position_embeddings")] =
        config.maxPositions ? jsonNumber(*config.maxPositions) : QJsonValue(QJsonValue::Null);
    o[QStringLiteral("seq_len")] = s.seqLen > 0 ? jsonNumber(s.seqLen) : QJsonValue(QJsonValue::Null);
    o[QStringLiteral("attention_factor")] = jsonNumber(f.attentionFactor);
    o[QStringLiteral("logit_factor")] = jsonNumber(f.attentionFactor * f.attentionFactor);
    if (s.method == RopeMethod::DynamicNtk || s.method == RopeMethod::NtkAware)
        o[QStringLiteral("scaled_base")] = jsonNumber(f.scaledBase);
    if (s.method == RopeMethod::Yarn)
        o[QStringLiteral("ramp")] = QJsonArray{jsonNumber(f.rampLow), jsonNumber(f.rampHigh)};
    if (s.method == RopeMethod::LongRope)
        o[QStringLiteral("factors_used")] = f.longFactors ? QStringLiteral("long") : QStringLiteral("short");
    o[QStringLiteral("pairs")] = pairsJson(f);
    QJsonArray findings;
    for (const RopeFinding &finding : config.findings) {
        QJsonObject item;
        item[QStringLiteral("code")] = fromStd(finding.code);
        item[QStringLiteral("severity")] = fromStd(finding.severity);
        item[QStringLiteral("message")] = RopeConfigText::finding(finding);
        findings.append(item);
    }
    o[QStringLiteral("findings")] = findings;
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

QString RopeCommand::toText(const QString &path, const RopeConfig &config)
{
    const RopeScaling &s = config.scaling;
    const RopeFrequencies f = ropeFrequencies(s);
    QStringList lines;
    lines << tr("%1: rope_type %2, %3").arg(path, fromStd(config.ropeType), RopeConfigText::methodName(s.method));
    lines << tr("  rotary dimension d = %1 (%2 pairs), base %3").arg(s.dim).arg(s.pairs()).arg(brief(s.base));
    lines << tr("  factor s = %1, length trained on L = %2, s·L = %3")
                 .arg(brief(s.factor), brief(s.originalContext), brief(s.factor * s.originalContext));
    if (config.maxPositions)
        lines << tr("  max_position_embeddings %1").arg(brief(*config.maxPositions));
    if (s.seqLen > 0)
        lines << tr("  sequence length %1").arg(brief(s.seqLen));
    lines << tr("  attention factor %1 on cos and sin: the logits × %2")
                 .arg(brief(f.attentionFactor), brief(f.attentionFactor * f.attentionFactor));
    if (s.method == RopeMethod::DynamicNtk || s.method == RopeMethod::NtkAware)
        lines << tr("  base used %1").arg(brief(f.scaledBase));
    if (s.method == RopeMethod::Yarn)
        lines << tr("  ramp over pairs %1 to %2 (rotations %3 and %4 within L)")
                     .arg(brief(f.rampLow), brief(f.rampHigh), brief(s.betaFast), brief(s.betaSlow));
    if (s.method != RopeMethod::Default)
        lines << QStringLiteral("  ") + bands(f, s.factor);
    if (!config.findings.empty()) {
        lines << tr("Findings:");
        for (const RopeFinding &finding : config.findings)
            lines << tr("  [%1] %2: %3")
                         .arg(RopeConfigText::severity(finding.severity), fromStd(finding.code),
                              RopeConfigText::finding(finding));
    }
    lines << tr("Pairs (i, inv_freq, inv_freq scaled, divisor, wavelength, wavelength scaled, rotations within L):");
    for (int i = 0; i < f.pairs(); ++i) {
        const std::size_t k = std::size_t(i);
        lines << QStringLiteral("  %1  %2  %3  %4  %5  %6  %7")
                     .arg(i, 4)
                     .arg(brief(f.invFreq[k]), 12)
                     .arg(brief(f.invFreqScaled[k]), 12)
                     .arg(brief(f.divisor(i)), 10)
                     .arg(brief(f.wavelength(i)), 12)
                     .arg(brief(f.wavelengthScaled(i)), 12)
                     .arg(brief(f.rotationsInContext(i)), 12);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

int RopeCommand::run(const RopeRequest &request)
{
    const BoundedFile::Result bytes = BoundedFile::read(
        request.config, kMaxRopeConfigBytes,
        tr("a model's config must be a regular JSON file of at most %1 MiB").arg(kMaxRopeConfigBytes >> 20));
    if (const auto *why = std::get_if<QString>(&bytes))
        return reportError(tr("rope: %1").arg(*why));
    const QByteArray &json = std::get<QByteArray>(bytes);
    RopeConfigOptions options;
    options.seqLen = request.seqLen;
    options.layerType = request.layerType.toStdString();
    const auto read = readRopeConfig(std::string_view(json.constData(), std::size_t(json.size())), options);
    if (const auto *why = std::get_if<RopeConfigError>(&read))
        return reportError(tr("rope: %1: %2").arg(request.config, RopeConfigText::error(*why)));
    const RopeConfig &config = std::get<RopeConfig>(read);
    const QByteArray out = request.json ? toJson(config) : toText(request.config, config).toUtf8();
    std::fwrite(out.constData(), 1, std::size_t(out.size()), stdout);
    return 0;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/ropeconfigtext.h"

#include "ui/state/stdtext.h"

#include <QStringList>

#include <string_view>

namespace posenc {

namespace {

// One code's sentence and how many args it takes; %1 … %9 are its args in order.
struct RopeSentence {
    std::string_view code;
    int args;
    const char *text;
};

const RopeSentence kRopeErrors[] = {
    {"config_too_long", 2, QT_TRANSLATE_NOOP("RopeConfigText", "the file has %1 bytes; a config.json of at most %2 bytes is accepted")},
    {"config_not_json", 1, QT_TRANSLATE_NOOP("RopeConfigText", "it is not valid JSON (error at byte %1)")},
    {"config_number_out_of_range", 0, QT_TRANSLATE_NOOP("RopeConfigText", "it holds a number beyond the range of a double")},
    {"config_not_object", 0, QT_TRANSLATE_NOOP("RopeConfigText", "it is not a JSON object {\"key\": value, …}")},
    {"config_no_head_dim", 0,
     QT_TRANSLATE_NOOP("RopeConfigText", "the head dimension is missing: it has neither head_dim nor hidden_size and num_attention_heads")},
    {"config_dim", 2, QT_TRANSLATE_NOOP("RopeConfigText", "the rotary dimension from %1 is %2; it must be an even integer in [4, 4096]")},
    {"config_list_length", 3, QT_TRANSLATE_NOOP("RopeConfigText", "%1 holds %2 numbers; d/2 = %3 are needed, one a pair")},
    {"config_layer_type", 2, QT_TRANSLATE_NOOP("RopeConfigText", "layer type %1 is not in rope_parameters; it has %2")},
    {"config_out_of_range", 3, QT_TRANSLATE_NOOP("RopeConfigText", "%1 = %2 is out of range; it must be in %3")},
    {"out_of_memory", 1, QT_TRANSLATE_NOOP("RopeConfigText", "not enough memory to read %1 bytes")},
};

const RopeSentence kRopeFindings[] = {
    {"no_scaling", 0, QT_TRANSLATE_NOOP("RopeConfigText", "no rope_scaling: RoPE as trained, nothing stretched")},
    {"theta_default", 0, QT_TRANSLATE_NOOP("RopeConfigText", "rope_theta is not given: 10000, as transformers assumes")},
    {"head_dim_derived", 3,
     QT_TRANSLATE_NOOP("RopeConfigText", "head_dim is not given: hidden_size / num_attention_heads = %1 / %2 = %3")},
    {"rotary_part", 3, QT_TRANSLATE_NOOP("RopeConfigText", "only part of each head rotates: d = int(%1 × %2) = %3")},
    {"qk_rope_head_dim", 1, QT_TRANSLATE_NOOP("RopeConfigText", "the rotary part of each head is qk_rope_head_dim = %1")},
    {"text_config", 0, QT_TRANSLATE_NOOP("RopeConfigText", "the language model's parameters are read from text_config")},
    {"layer_type", 2, QT_TRANSLATE_NOOP("RopeConfigText", "rope_parameters differ per layer type (%2); shown: %1")},
    {"legacy_type_key", 1,
     QT_TRANSLATE_NOOP("RopeConfigText", "rope_scaling names its method with the legacy key type (%1); transformers 4.43 and later read it "
               "as rope_type")},
    {"needs_rope_type_key", 1,
     QT_TRANSLATE_NOOP("RopeConfigText", "transformers before 4.43 read only the key type and refuse this config (KeyError: 'type'; "
               "meta-llama/llama3#299)")},
    {"older_name", 2, QT_TRANSLATE_NOOP("RopeConfigText", "rope_type %1 is read as %2, as transformers reads it")},
    {"original_inferred", 3,
     QT_TRANSLATE_NOOP("RopeConfigText", "the length trained on is not given: taken as max_position_embeddings / factor = %1 / %2 = %3")},
    {"dynamic_factor", 4,
     QT_TRANSLATE_NOOP("RopeConfigText", "factor %1 is not the stretch: at a sequence of %2 the base is scaled as NTK by %1 × %2 / %3 − "
               "(%1 − 1) = %4")},
    {"dynamic_cache", 0,
     QT_TRANSLATE_NOOP("RopeConfigText", "keys already in the KV cache keep the frequencies of the length they were computed at "
               "(huggingface/transformers#25104)")},
    {"longrope_switch", 2,
     QT_TRANSLATE_NOOP("RopeConfigText", "%2 is used: the long list beyond %1 positions; models that switch mid-sequence recompute the KV "
               "cache then (huggingface/transformers#33129)")},
    {"yarn_truncate", 0,
     QT_TRANSLATE_NOOP("RopeConfigText", "truncate: false keeps the ramp's ends unrounded; transformers versions without it round them "
               "(huggingface/transformers#42189)")},
    {"factor_below_one", 1,
     QT_TRANSLATE_NOOP("RopeConfigText", "factor %1 is below 1: the positions are spread, not squeezed; transformers warns that it must be "
               "at least 1")},
    {"unknown_keys", 2, QT_TRANSLATE_NOOP("RopeConfigText", "rope_type %1 does not read %2; transformers warns and ignores them")},
    {"yarn_factor_differs", 4,
     QT_TRANSLATE_NOOP("RopeConfigText", "factor %1 differs from max_position_embeddings / original_max_position_embeddings = %2 / %3 = %4; "
               "transformers uses the factor, some versions used the ratio (huggingface/transformers#38224)")},
    {"yarn_original_older", 6,
     QT_TRANSLATE_NOOP("RopeConfigText", "the ramp is placed by original_max_position_embeddings = %1 (pairs %3 to %4); transformers "
               "versions that read max_position_embeddings = %2 instead placed it at pairs %5 to %6 "
               "(huggingface/transformers#33783)")},
    {"dynamic_original_ignored", 2,
     QT_TRANSLATE_NOOP("RopeConfigText", "original_max_position_embeddings = %1 is not read by dynamic NTK: transformers scales from "
               "max_position_embeddings = %2")},
    {"attention_factor_key", 1,
     QT_TRANSLATE_NOOP("RopeConfigText", "%1 is not read: transformers reads attention_factor (deepseek-ai/DeepSeek-R1#684)")},
};

// `text` with each %N (1 to 9) replaced by args[N-1] in one pass, so that an arg holding "%2"
// stays as it is.
QString ropeFilled(const QString &text, const QStringList &args)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('%') && i + 1 < text.size() && text.at(i + 1).isDigit()) {
            const int n = text.at(i + 1).digitValue();
            if (n >= 1 && n <= args.size()) {
                out += args.at(n - 1);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

QStringList ropeArgs(const std::vector<std::string> &args)
{
    QStringList out;
    for (const std::string &arg : args)
        out << fromStd(arg);
    return out;
}

// The sentence of `code` from `table`, or an empty string.
template <std::size_t N>
QString ropeSentence(const RopeSentence (&table)[N], const std::string &code, const std::vector<std::string> &args)
{
    for (const RopeSentence &s : table) {
        if (s.code == code && int(args.size()) == s.args)
            return ropeFilled(QCoreApplication::translate("RopeConfigText", s.text), ropeArgs(args));
    }
    return {};
}

QString ropeTypeWord(const std::string &expected)
{
    if (expected == "number")
        return RopeConfigText::tr("a number");
    if (expected == "integer")
        return RopeConfigText::tr("an integer");
    if (expected == "string")
        return RopeConfigText::tr("a string");
    if (expected == "object")
        return RopeConfigText::tr("an object {…}");
    if (expected == "list of numbers")
        return RopeConfigText::tr("a list of numbers");
    if (expected == "true or false")
        return RopeConfigText::tr("true or false");
    return fromStd(expected);
}

} // namespace

QString RopeConfigText::error(const RopeConfigError &error)
{
    const std::vector<std::string> &a = error.args;
    if (error.code == "config_wrong_type" && a.size() == 2)
        return tr("%1 must be %2").arg(fromStd(a[0]), ropeTypeWord(a[1]));
    if (error.code == "config_missing_key" && a.size() == 2) {
        if (a[1] == "-")
            return tr("%1 is missing").arg(fromStd(a[0]));
        return tr("%1 is missing; rope_type %2 needs it").arg(fromStd(a[0]), fromStd(a[1]));
    }
    if (error.code == "config_unknown_rope_type" && a.size() == 1) {
        QStringList accepted;
        for (const std::string &type : acceptedRopeTypes())
            accepted << fromStd(type);
        return tr("rope_type “%1” is not one transformers computes; accepted: %2")
            .arg(fromStd(a[0]), accepted.join(QStringLiteral(", ")));
    }
    const QString text = ropeSentence(kRopeErrors, error.code, a);
    return text.isEmpty() ? fromStd(error.message) : text;
}

QString RopeConfigText::finding(const RopeFinding &finding)
{
    const QString text = ropeSentence(kRopeFindings, finding.code, finding.args);
    return text.isEmpty() ? fromStd(finding.message) : text;
}

QString RopeConfigText::severity(const std::string &severity)
{
    if (severity == "info")
        return tr("info");
    if (severity == "warning")
        return tr("warning");
    if (severity == "error")
        return tr("error");
    return fromStd(severity);
}

QString RopeConfigText::methodName(RopeMethod method)
{
    switch (method) {
    case RopeMethod::Default: return tr("RoPE as trained");
    case RopeMethod::Linear: return tr("Position Interpolation (linear)");
    case RopeMethod::NtkAware: return tr("NTK-aware base");
    case RopeMethod::DynamicNtk: return tr("dynamic NTK");
    case RopeMethod::Yarn: return tr("YaRN");
    case RopeMethod::Llama3: return tr("Llama 3.1 bands");
    case RopeMethod::LongRope: return tr("LongRoPE");
    }
    return {};
}

QString RopeConfigText::methodShortName(RopeMethod method)
{
    switch (method) {
    case RopeMethod::Default: return tr("as trained");
    case RopeMethod::Linear: return tr("PI (linear)");
    case RopeMethod::NtkAware: return tr("NTK-aware");
    case RopeMethod::DynamicNtk: return tr("dynamic NTK");
    case RopeMethod::Yarn: return tr("YaRN");
    case RopeMethod::Llama3: return tr("Llama 3.1");
    case RopeMethod::LongRope: return tr("LongRoPE");
    }
    return {};
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/ropeconfig.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <new>
#include <set>

namespace posenc {

namespace {

using Json = nlohmann::json;
using Error = RopeConfigError;

// A name from the file as a message may quote it: control characters as \xNN, at most 64
// bytes (a message stays one short line whatever the file holds).
std::string printable(const std::string &name)
{
    constexpr std::size_t kMaxBytes = 64;
    std::string out;
    for (const char c : name.substr(0, kMaxBytes)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
            constexpr char kHex[] = "0123456789abcdef";
            out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
        } else {
            out += c;
        }
    }
    return name.size() > kMaxBytes ? out + "…" : out;
}

// The names, printable, joined by ", "; after the first eight, how many more.
std::string joined(const std::vector<std::string> &items)
{
    constexpr std::size_t kListed = 8;
    std::string text;
    for (std::size_t i = 0; i < items.size() && i < kListed; ++i)
        text += (text.empty() ? "" : ", ") + printable(items[i]);
    if (items.size() > kListed)
        text += " and " + std::to_string(items.size() - kListed) + " more";
    return text;
}

// A failure on the way: the reader's functions return it and stop.
struct Failure {
    Error error;
};

Failure fail(std::string code, std::vector<std::string> args, std::string message)
{
    return Failure{Error{std::move(code), std::move(args), std::move(message)}};
}

Failure wrongType(const std::string &key, const std::string &expected)
{
    return fail("config_wrong_type", {key, expected}, key + " must be " + (expected == "object" ? "an " : "a ")
                                                          + expected);
}

// A key of `object` with its value, or nullptr where it is absent or null: transformers
// reads both with get(), as None.
const Json *member(const Json &object, const char *key)
{
    const auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::optional<double> number(const Json &object, const char *key, const std::string &prefix)
{
    const Json *value = member(object, key);
    if (!value)
        return std::nullopt;
    if (!value->is_number())
        throw wrongType(prefix + key, "number");
    return value->get<double>();
}

// A whole number; written as 128 or 128.0.
std::optional<double> integer(const Json &object, const char *key, const std::string &prefix)
{
    const std::optional<double> value = number(object, key, prefix);
    if (value && *value != std::floor(*value))
        throw wrongType(prefix + key, "integer");
    return value;
}

double required(const std::optional<double> &value, const std::string &key, const std::string &ropeType)
{
    if (!value)
        throw fail("config_missing_key", {key, ropeType}, key + " is missing; rope_type " + ropeType + " needs it");
    return *value;
}

std::vector<double> numberList(const Json &object, const char *key, const std::string &prefix,
                               const std::string &ropeType)
{
    const Json *value = member(object, key);
    if (!value)
        throw fail("config_missing_key", {prefix + key, ropeType},
                   prefix + key + " is missing; rope_type " + ropeType + " needs it");
    if (!value->is_array())
        throw wrongType(prefix + key, "list of numbers");
    std::vector<double> list;
    for (const Json &item : *value) {
        if (!item.is_number())
            throw wrongType(prefix + key, "list of numbers");
        list.push_back(item.get<double>());
    }
    return list;
}

struct Reader {
    explicit Reader(const RopeConfigOptions &o) : options(o) {}

    const RopeConfigOptions &options;
    RopeConfig config;
    const Json *model = nullptr;   // the config, or its text_config
    const Json *scaling = nullptr; // rope_scaling or rope_parameters (the one layer type's)
    std::string prefix;            // "rope_scaling." or "rope_parameters." (and its layer type)

    void note(std::string code, std::string severity, std::vector<std::string> args, std::string message)
    {
        config.findings.push_back(RopeFinding{std::move(code), std::move(severity), std::move(args), std::move(message)});
    }
    void info(std::string code, std::vector<std::string> args, std::string message)
    {
        note(std::move(code), "info", std::move(args), std::move(message));
    }
    void warning(std::string code, std::vector<std::string> args, std::string message)
    {
        note(std::move(code), "warning", std::move(args), std::move(message));
    }

    void chooseModel(const Json &root);
    void chooseScaling();
    void readDim();
    void readBase();
    std::string readType();
    void readMethod(const std::string &ropeType);
    void readLinear();
    void readDynamic();
    void readYarn();
    void readLlama3();
    void readLongRope();
    void checkKeys(const std::string &ropeType);
    void checkRanges();
};

void Reader::chooseModel(const Json &root)
{
    model = &root;
    const Json *text = member(root, "text_config");
    if (text && !member(root, "num_attention_heads") && !member(root, "head_dim")) {
        if (!text->is_object())
            throw wrongType("text_config", "object");
        model = text;
        info("text_config", {}, "the language model's parameters are read from text_config");
    }
}

void Reader::chooseScaling()
{
    const char *key = member(*model, "rope_parameters") ? "rope_parameters" : "rope_scaling";
    scaling = member(*model, key);
    prefix = std::string(key) + ".";
    if (!scaling)
        return;
    if (!scaling->is_object())
        throw wrongType(key, "object");
    // v5 holds one dict per layer type ("full_attention", "sliding_attention") where the
    // layers differ.
    const bool perLayerType = !scaling->empty() && !member(*scaling, "rope_type") && !member(*scaling, "type")
                              && std::all_of(scaling->begin(), scaling->end(), [](const Json &v) { return v.is_object(); });
    if (!perLayerType)
        return;
    std::vector<std::string> types;
    for (const auto &[name, value] : scaling->items())
        types.push_back(name);
    std::string chosen = options.layerType;
    if (chosen.empty())
        chosen = scaling->contains("full_attention") ? "full_attention" : types.front();
    if (!scaling->contains(chosen))
        throw fail("config_layer_type", {printable(chosen), joined(types)},
                   "layer type " + printable(chosen) + " is not in " + key + "; it has " + joined(types));
    scaling = &(*scaling)[chosen];
    prefix += printable(chosen) + ".";
    info("layer_type", {printable(chosen), joined(types)},
         std::string(key) + " differs per layer type (" + joined(types) + "); shown: " + printable(chosen));
}

void Reader::readDim()
{
    double headDim = 0;
    std::string from;
    if (const auto rope = integer(*model, "qk_rope_head_dim", "")) {
        headDim = *rope;
        from = "qk_rope_head_dim";
        info("qk_rope_head_dim", {ropeNumber(headDim)},
             "the rotary part of each head is qk_rope_head_dim = " + ropeNumber(headDim));
    } else if (const auto head = integer(*model, "head_dim", "")) {
        headDim = *head;
        from = "head_dim";
    } else {
        const auto hidden = integer(*model, "hidden_size", "");
        const auto heads = integer(*model, "num_attention_heads", "");
        if (heads && *heads < 1)
            throw fail("config_out_of_range", {"num_attention_heads", ropeNumber(*heads), "[1, 1e+06]"},
                       "num_attention_heads = " + ropeNumber(*heads) + " is out of range; it must be in [1, 1e+06]");
        if (!hidden || !heads)
            throw fail("config_no_head_dim", {},
                       "the head dimension is missing: neither head_dim nor hidden_size and num_attention_heads");
        headDim = std::floor(*hidden / *heads);
        from = "hidden_size / num_attention_heads";
        info("head_dim_derived", {ropeNumber(*hidden), ropeNumber(*heads), ropeNumber(headDim)},
             "head_dim is not given: hidden_size / num_attention_heads = " + ropeNumber(*hidden) + " / "
                 + ropeNumber(*heads) + " = " + ropeNumber(headDim));
    }
    // partial_rotary_factor (in rope_parameters too), or GPT-NeoX's rotary_pct.
    std::string partialKey;
    double partial = 1.0;
    const std::pair<const Json *, std::string> places[] = {
        {scaling, prefix + "partial_rotary_factor"}, {model, "partial_rotary_factor"}, {model, "rotary_pct"}};
    for (const auto &[object, key] : places) {
        const std::string name = key.substr(key.rfind('.') + 1);
        if (partialKey.empty() && object && member(*object, name.c_str())) {
            partialKey = key;
            partial = *number(*object, name.c_str(), key.substr(0, key.size() - name.size()));
        }
    }
    if (!(partial > 0.0 && partial <= 1.0))
        throw fail("config_out_of_range", {partialKey, ropeNumber(partial), "(0, 1]"},
                   partialKey + " = " + ropeNumber(partial) + " is out of range; it must be in (0, 1]");
    const double dim = std::floor(headDim * partial);
    if (partial != 1.0)
        info("rotary_part", {ropeNumber(headDim), ropeNumber(partial), ropeNumber(dim)},
             "only part of each head rotates: d = int(" + ropeNumber(headDim) + " × " + ropeNumber(partial) + ") = "
                 + ropeNumber(dim));
    if (!(dim >= RopeScaling::kMinDim && dim <= RopeScaling::kMaxDim) || std::fmod(dim, 2.0) != 0.0)
        throw fail("config_dim", {from, ropeNumber(dim)},
                   "the rotary dimension from " + from + " is " + ropeNumber(dim) + "; it must be an even integer in ["
                       + std::to_string(RopeScaling::kMinDim) + ", " + std::to_string(RopeScaling::kMaxDim) + "]");
    config.scaling.dim = int(dim);
}

void Reader::readBase()
{
    std::optional<double> base = scaling ? number(*scaling, "rope_theta", prefix) : std::nullopt;
    for (const char *key : {"rope_theta", "rotary_emb_base"}) {
        if (!base)
            base = number(*model, key, "");
    }
    if (!base)
        info("theta_default", {}, "rope_theta is not given: 10000, as transformers assumes");
    config.scaling.base = base.value_or(10000.0);
}

std::string Reader::readType()
{
    if (!scaling) {
        info("no_scaling", {}, "no rope_scaling: RoPE as trained, nothing stretched");
        return "default";
    }
    const Json *ropeType = member(*scaling, "rope_type");
    const Json *legacy = member(*scaling, "type");
    const Json *given = ropeType ? ropeType : legacy;
    const std::string key = prefix + (ropeType ? "rope_type" : "type");
    if (!given)
        throw fail("config_missing_key", {prefix + "rope_type", "-"}, prefix + "rope_type is missing");
    if (!given->is_string())
        throw wrongType(key, "string");
    std::string read = printable(given->get<std::string>());
    if (!ropeType)
        info("legacy_type_key", {read}, "rope_scaling names its method with the legacy key type (" + read
                                            + "); transformers 4.43 and later read it as rope_type");
    else if (!legacy && prefix == "rope_scaling." && read != "default")
        info("needs_rope_type_key", {read},
             "transformers before 4.43 read only the key type and refuse this config (KeyError: 'type'; "
             "meta-llama/llama3#299)");
    const std::pair<const char *, const char *> older[] = {{"su", "longrope"}, {"mrope", "default"}};
    for (const auto &[name, meaning] : older) {
        if (read == name) {
            info("older_name", {read, meaning},
                 "rope_type " + read + " is read as " + meaning + ", as transformers reads it");
            read = meaning;
        }
    }
    if (read == "ntk" || !ropeMethodFromId(read))
        throw fail("config_unknown_rope_type", {read},
                   key + " " + read + " is not one transformers computes; accepted: " + joined(acceptedRopeTypes()));
    return read;
}

void Reader::readLinear()
{
    RopeScaling &s = config.scaling;
    s.factor = required(number(*scaling, "factor", prefix), prefix + "factor", "linear");
    if (const auto original = integer(*scaling, "original_max_position_embeddings", prefix)) {
        s.originalContext = *original;
    } else if (const auto top = integer(*model, "original_max_position_embeddings", "")) {
        s.originalContext = *top;
    } else {
        const double max = required(config.maxPositions, "max_position_embeddings", "linear");
        s.originalContext = max / s.factor;
        info("original_inferred", {ropeNumber(max), ropeNumber(s.factor), ropeNumber(s.originalContext)},
             "the length trained on is not given: taken as max_position_embeddings / factor = " + ropeNumber(max) + " / "
                 + ropeNumber(s.factor) + " = " + ropeNumber(s.originalContext));
    }
}

void Reader::readDynamic()
{
    RopeScaling &s = config.scaling;
    s.factor = required(number(*scaling, "factor", prefix), prefix + "factor", "dynamic");
    s.originalContext = required(config.maxPositions, "max_position_embeddings", "dynamic");
    if (const auto original = integer(*scaling, "original_max_position_embeddings", prefix);
        original && *original != s.originalContext)
        warning("dynamic_original_ignored", {ropeNumber(*original), ropeNumber(s.originalContext)},
                "original_max_position_embeddings = " + ropeNumber(*original)
                    + " is not read by dynamic NTK: transformers scales from max_position_embeddings = "
                    + ropeNumber(s.originalContext));
    const double length = std::max(s.seqLen, s.originalContext);
    const double alpha = s.factor * length / s.originalContext - (s.factor - 1.0);
    info("dynamic_factor", {ropeNumber(s.factor), ropeNumber(length), ropeNumber(s.originalContext), ropeNumber(alpha)},
         "factor " + ropeNumber(s.factor) + " is not the stretch: at a sequence of " + ropeNumber(length)
             + " the base is scaled as NTK by " + ropeNumber(s.factor) + " × " + ropeNumber(length) + " / "
             + ropeNumber(s.originalContext) + " − (" + ropeNumber(s.factor) + " − 1) = " + ropeNumber(alpha));
    info("dynamic_cache", {},
         "keys already in the KV cache keep the frequencies of the length they were computed at "
         "(huggingface/transformers#25104)");
}

void Reader::readYarn()
{
    RopeScaling &s = config.scaling;
    const std::optional<double> factor = number(*scaling, "factor", prefix);
    const std::optional<double> original = integer(*scaling, "original_max_position_embeddings", prefix);
    const std::optional<double> max = config.maxPositions;
    s.originalContext = required(original ? original : max, prefix + "original_max_position_embeddings", "yarn");
    if (factor) {
        s.factor = *factor;
    } else if (original && max) {
        s.factor = *max / *original;
    } else {
        required(factor, prefix + "factor", "yarn");
    }
    // transformers reads the betas with `or`: a zero is the default too.
    s.betaFast = number(*scaling, "beta_fast", prefix).value_or(0.0);
    s.betaSlow = number(*scaling, "beta_slow", prefix).value_or(0.0);
    s.betaFast = s.betaFast == 0.0 ? 32.0 : s.betaFast;
    s.betaSlow = s.betaSlow == 0.0 ? 1.0 : s.betaSlow;
    if (const Json *truncate = member(*scaling, "truncate")) {
        if (!truncate->is_boolean())
            throw wrongType(prefix + "truncate", "true or false");
        s.truncate = truncate->get<bool>();
        if (!s.truncate)
            info("yarn_truncate", {},
                 "truncate: false keeps the ramp's ends unrounded; transformers versions without it round them "
                 "(huggingface/transformers#42189)");
    }
    s.attentionFactor = number(*scaling, "attention_factor", prefix);
    s.mscale = number(*scaling, "mscale", prefix);
    s.mscaleAllDim = number(*scaling, "mscale_all_dim", prefix);
    if (factor && original && max && std::abs(*factor - *max / *original) > 1e-9 * *factor)
        warning("yarn_factor_differs", {ropeNumber(*factor), ropeNumber(*max), ropeNumber(*original), ropeNumber(*max / *original)},
                "factor " + ropeNumber(*factor) + " differs from max_position_embeddings / original_max_position_embeddings = "
                    + ropeNumber(*max) + " / " + ropeNumber(*original) + " = " + ropeNumber(*max / *original)
                    + "; transformers uses the factor, some versions used the ratio (huggingface/transformers#38224)");
    if (original && max && *original != *max) {
        RopeScaling older = s;
        older.originalContext = *max;
        const RopeFrequencies now = ropeFrequencies(s);
        const RopeFrequencies before = ropeFrequencies(older);
        warning("yarn_original_older",
                {ropeNumber(*original), ropeNumber(*max), ropeNumber(now.rampLow), ropeNumber(now.rampHigh),
                 ropeNumber(before.rampLow), ropeNumber(before.rampHigh)},
                "the ramp is placed by original_max_position_embeddings = " + ropeNumber(*original) + " (pairs "
                    + ropeNumber(now.rampLow) + " to " + ropeNumber(now.rampHigh)
                    + "); transformers versions that read max_position_embeddings = " + ropeNumber(*max)
                    + " instead placed it at pairs " + ropeNumber(before.rampLow) + " to " + ropeNumber(before.rampHigh)
                    + " (huggingface/transformers#33783)");
    }
}

void Reader::readLlama3()
{
    RopeScaling &s = config.scaling;
    s.factor = required(number(*scaling, "factor", prefix), prefix + "factor", "llama3");
    s.originalContext = required(integer(*scaling, "original_max_position_embeddings", prefix),
                                 prefix + "original_max_position_embeddings", "llama3");
    s.lowFreqFactor = required(number(*scaling, "low_freq_factor", prefix), prefix + "low_freq_factor", "llama3");
    s.highFreqFactor = required(number(*scaling, "high_freq_factor", prefix), prefix + "high_freq_factor", "llama3");
}

void Reader::readLongRope()
{
    RopeScaling &s = config.scaling;
    s.shortFactor = numberList(*scaling, "short_factor", prefix, "longrope");
    s.longFactor = numberList(*scaling, "long_factor", prefix, "longrope");
    for (const auto &[list, key] : {std::pair{&s.shortFactor, "short_factor"}, std::pair{&s.longFactor, "long_factor"}}) {
        if (int(list->size()) != s.pairs())
            throw fail("config_list_length", {prefix + key, std::to_string(list->size()), std::to_string(s.pairs())},
                       prefix + key + " holds " + std::to_string(list->size()) + " numbers; d/2 = "
                           + std::to_string(s.pairs()) + " are needed, one a pair");
    }
    std::optional<double> original = integer(*scaling, "original_max_position_embeddings", prefix);
    if (!original)
        original = integer(*model, "original_max_position_embeddings", "");
    s.originalContext = required(original ? original : config.maxPositions, "original_max_position_embeddings",
                                 "longrope");
    const std::optional<double> factor = number(*scaling, "factor", prefix);
    s.factor = factor ? *factor : original && config.maxPositions ? *config.maxPositions / *original : 1.0;
    s.attentionFactor = number(*scaling, "attention_factor", prefix);
    const bool longList = s.seqLen > s.originalContext;
    info("longrope_switch", {ropeNumber(s.originalContext), longList ? "long_factor" : "short_factor"},
         std::string(longList ? "long_factor" : "short_factor") + " is used: the long list beyond "
             + ropeNumber(s.originalContext)
             + " positions; models that switch mid-sequence recompute the KV cache then "
               "(huggingface/transformers#33129)");
}

void Reader::checkKeys(const std::string &ropeType)
{
    if (!scaling)
        return;
    std::set<std::string> known = {"rope_type", "type", "rope_theta", "partial_rotary_factor"};
    const std::pair<const char *, std::vector<std::string>> keys[] = {
        {"default", {"mrope_section", "mrope_interleaved"}},
        {"linear", {"factor", "original_max_position_embeddings"}},
        {"dynamic", {"factor", "original_max_position_embeddings"}},
        {"yarn", {"factor", "original_max_position_embeddings", "attention_factor", "beta_fast", "beta_slow",
                  "mscale", "mscale_all_dim", "truncate"}},
        {"llama3", {"factor", "original_max_position_embeddings", "low_freq_factor", "high_freq_factor"}},
        {"longrope", {"short_factor", "long_factor", "factor", "original_max_position_embeddings", "attention_factor"}},
    };
    for (const auto &[type, names] : keys) {
        if (ropeType == type)
            known.insert(names.begin(), names.end());
    }
    std::vector<std::string> unknown;
    for (const auto &[name, value] : scaling->items()) {
        if (name == "attn_factor" && !known.count(name)) {
            warning("attention_factor_key", {prefix + name},
                    prefix + name + " is not read: transformers reads attention_factor (deepseek-ai/DeepSeek-R1#684)");
        } else if (!known.count(name)) {
            unknown.push_back(name);
        }
    }
    if (!unknown.empty())
        warning("unknown_keys", {ropeType, joined(unknown)},
                "rope_type " + ropeType + " does not read " + joined(unknown) + "; transformers warns and ignores them");
}

void Reader::readMethod(const std::string &ropeType)
{
    RopeScaling &s = config.scaling;
    s.method = *ropeMethodFromId(ropeType);
    s.seqLen = options.seqLen.value_or(0.0);
    if (const auto max = integer(*model, "max_position_embeddings", ""))
        config.maxPositions = *max;
    s.originalContext = config.maxPositions.value_or(s.originalContext);
    switch (s.method) {
    case RopeMethod::Linear: readLinear(); break;
    case RopeMethod::DynamicNtk: readDynamic(); break;
    case RopeMethod::Yarn: readYarn(); break;
    case RopeMethod::Llama3: readLlama3(); break;
    case RopeMethod::LongRope: readLongRope(); break;
    default:
        // Rotations within the context need the context.
        s.originalContext = required(config.maxPositions, "max_position_embeddings", ropeType);
        break;
    }
    if (s.method != RopeMethod::Default && s.factor < 1.0 && s.factor > 0.0)
        warning("factor_below_one", {ropeNumber(s.factor)},
                "factor " + ropeNumber(s.factor) + " is below 1: the positions are spread, not squeezed; transformers "
                                                 "warns that it must be at least 1");
}

// The engine's ranges, each named by the key it came from.
void Reader::checkRanges()
{
    const std::optional<RopeRangeError> error = config.scaling.rangeError();
    if (!error)
        return;
    const RopeScaling &s = config.scaling;
    std::string key = error->field;
    double value = 0;
    if (key == "base") {
        key = "rope_theta";
        value = s.base;
    } else if (key == "seq_len") {
        key = "--seq-len";
        value = s.seqLen;
    } else {
        const std::pair<const char *, double> values[] = {
            {"factor", s.factor}, {"original_max_position_embeddings", s.originalContext},
            {"beta_fast", s.betaFast}, {"beta_slow", s.betaSlow}, {"mscale", s.mscale.value_or(1.0)},
            {"mscale_all_dim", s.mscaleAllDim.value_or(1.0)}, {"low_freq_factor", s.lowFreqFactor},
            {"high_freq_factor", s.highFreqFactor}, {"attention_factor", s.attentionFactor.value_or(1.0)}};
        for (const auto &[name, v] : values) {
            if (key == name)
                value = v;
        }
        const bool own = scaling && scaling->contains(key);
        key = (own ? prefix : std::string()) + key;
    }
    std::string shown = ropeNumber(value);
    if (error->field == "short_factor" || error->field == "long_factor") {
        const std::vector<double> &list = error->field == "short_factor" ? s.shortFactor : s.longFactor;
        const auto bad = std::find_if(list.begin(), list.end(), [](double v) { return !(v > 0.0 && v <= RopeScaling::kMaxFactor); });
        shown = bad == list.end() ? std::string("?") : ropeNumber(*bad);
    }
    throw fail("config_out_of_range", {key, shown, error->range},
               key + " = " + shown + " is out of range; it must be in " + error->range);
}

} // namespace

std::vector<std::string> acceptedRopeTypes()
{
    return {"default", "linear", "dynamic", "yarn", "llama3", "longrope", "su", "mrope"};
}

std::variant<RopeConfig, RopeConfigError> readRopeConfig(std::string_view json, const RopeConfigOptions &options)
{
    if (json.size() > std::size_t(kMaxRopeConfigBytes))
        return Error{"config_too_long", {std::to_string(json.size()), std::to_string(kMaxRopeConfigBytes)},
                     "the file has " + std::to_string(json.size()) + " bytes; a config.json of at most "
                         + std::to_string(kMaxRopeConfigBytes) + " is accepted"};
    Json root;
    const auto notJson = [](std::size_t at) {
        return Error{"config_not_json", {std::to_string(at)},
                     "it is not valid JSON (error at byte " + std::to_string(at) + ")"};
    };
    // A NUL byte is never JSON; nlohmann's parser would stop there and ignore the rest.
    if (const std::size_t nul = json.find('\0'); nul != std::string_view::npos)
        return notJson(nul + 1);
    try {
        root = Json::parse(json.begin(), json.end());
    } catch (const Json::parse_error &error) {
        return notJson(error.byte);
    } catch (const Json::out_of_range &) {
        return Error{"config_number_out_of_range", {}, "it holds a number beyond the range of a double"};
    } catch (const Json::exception &) {
        return notJson(json.size());
    } catch (const std::bad_alloc &) {
        return Error{"out_of_memory", {std::to_string(json.size())}, "not enough memory to read it"};
    }
    if (!root.is_object())
        return Error{"config_not_object", {}, "it is not a JSON object {\"key\": value, ...}"};
    Reader reader{options};
    try {
        reader.chooseModel(root);
        reader.chooseScaling();
        reader.readDim();
        reader.readBase();
        const std::string ropeType = reader.readType();
        reader.config.ropeType = ropeType;
        reader.readMethod(ropeType);
        reader.checkKeys(ropeType);
        reader.checkRanges();
    } catch (Failure &failure) {
        return std::move(failure.error);
    } catch (const std::bad_alloc &) {
        return Error{"out_of_memory", {std::to_string(json.size())}, "not enough memory to read it"};
    }
    return std::move(reader.config);
}

} // namespace posenc

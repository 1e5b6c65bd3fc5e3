// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/ropescaling.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace posenc {

// A Hugging Face model's config.json read as transformers' modeling_rope_utils reads it:
//   d     int(head_dim · partial_rotary_factor); head_dim, else qk_rope_head_dim (DeepSeek's
//         rotary part), else hidden_size / num_attention_heads; rotary_pct for
//         partial_rotary_factor (GPT-NeoX)
//   base  rope_theta (inside rope_parameters too), else rotary_emb_base, else 10000
//   the method: rope_scaling, or v5's rope_parameters (a dict, or one per layer type), typed
//         by rope_type, else the legacy type ("su" is longrope's older name, "mrope" default)
// A language model's own config nested in text_config (multimodal models) is read from there.
// Everything a method needs is taken as the reference code takes it (RopeScaling's notes).

// Something the reader noticed: a code, a severity, the names and numbers of its sentence
// (args, in order), and the sentence in English. Codes and args:
//   info     no_scaling            {}                                  no rope_scaling: default RoPE
//   info     theta_default         {}                                  no rope_theta: 10000
//   info     head_dim_derived      {hidden_size, heads, d}
//   info     rotary_part           {head_dim, partial_rotary_factor, d}
//   info     qk_rope_head_dim      {d}
//   info     text_config           {}
//   info     layer_type            {chosen, all of them}
//   info     legacy_type_key       {type}                              only the legacy key
//   info     needs_rope_type_key   {rope_type}                         transformers < 4.43 refuse it
//   info     older_name            {read, meaning}                     "su" → longrope, "mrope" → default
//   info     original_inferred     {max_position_embeddings, factor, L}   linear: L = max / s
//   info     dynamic_factor        {factor, seq_len, L, alpha}         the NTK factor at that length
//   info     dynamic_cache         {}                                  cached keys at old frequencies
//   info     longrope_switch       {L, list}                           which list, and when it switches
//   info     yarn_truncate         {}                                  truncate: false
//   warning  factor_below_one      {factor}
//   warning  unknown_keys          {rope_type, keys}
//   warning  yarn_factor_differs   {factor, max_position_embeddings, L, ratio}
//   warning  yarn_original_older   {L, max_position_embeddings, low, high, older low, older high}
//   warning  dynamic_original_ignored {original, max_position_embeddings}
//   warning  attention_factor_key  {key}                               attn_factor is not read
struct RopeFinding {
    std::string code;
    std::string severity; // "info", "warning" or "error"
    std::vector<std::string> args;
    std::string message;
};

struct RopeConfig {
    RopeScaling scaling;
    std::string ropeType;                  // as read: "default", "linear", "dynamic", "yarn", ...
    std::optional<double> maxPositions;    // max_position_embeddings
    std::vector<RopeFinding> findings;
};

// Why a config could not be read: a code, the names and numbers of its sentence, and the
// sentence in English naming the key. Codes and args:
//   config_too_long      {bytes, limit}
//   config_not_json      {byte of the error}
//   config_not_object    {key}                     ("" for the whole file)
//   config_wrong_type    {key, "number" | "integer" | "string" | "object" | "list of numbers" | "true or false"}
//   config_missing_key   {key, rope_type}
//   config_unknown_rope_type {rope_type}
//   config_number_out_of_range {}                 (a number beyond a double: 1e400)
//   config_no_head_dim   {}
//   config_dim           {the keys it came from, d}   (d not an even integer in [4, 4096])
//   config_list_length   {key, length, d/2}
//   config_layer_type    {asked, all of them}
//   config_out_of_range  {key, value, the range: "(0, 1e+06]"}
//   out_of_memory        {bytes}
struct RopeConfigError {
    std::string code;
    std::vector<std::string> args;
    std::string message;
};

struct RopeConfigOptions {
    std::optional<double> seqLen; // the current sequence length (dynamic, longrope)
    std::string layerType;        // rope_parameters per layer type: which (empty: full_attention)
};

inline constexpr long long kMaxRopeConfigBytes = 16LL << 20;

// A pure function of the file's bytes that never throws.
std::variant<RopeConfig, RopeConfigError> readRopeConfig(std::string_view json, const RopeConfigOptions &options = {});

// The rope_types the reader accepts, in the order of messages.
std::vector<std::string> acceptedRopeTypes();

} // namespace posenc

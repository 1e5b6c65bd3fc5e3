// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <optional>
#include <string>
#include <string_view>

namespace posenc {

// A rejected value: the field's name as in messages and presets ("alpha", "heads", "d_model"),
// and one English line naming it and its valid range.
struct FieldError {
    std::string field;
    std::string message; // "heads must be an integer in [1, 128]"
};

// The error of `field` with `message`, as the checks return it.
std::optional<FieldError> fieldError(std::string field, std::string message);

// "<field> must be an integer in [low, high]".
std::string integerRange(std::string_view field, long long low, long long high);

// The encoding's own check (EncodingParams::validate) as a FieldError, with the fields a lab
// does not use (offset, position, and seq_len unless useSeqLen) at valid values.
std::optional<FieldError> encodingFieldError(EncodingParams params, bool useSeqLen);

} // namespace posenc

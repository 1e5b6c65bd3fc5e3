// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/fielderror.h"
#include "core/names.h"

namespace posenc {

std::optional<FieldError> fieldError(std::string field, std::string message)
{
    return FieldError{std::move(field), std::move(message)};
}

std::string integerRange(std::string_view field, long long low, long long high)
{
    return std::string(field) + " must be an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]";
}

std::optional<FieldError> encodingFieldError(EncodingParams params, bool useSeqLen)
{
    if (!useSeqLen)
        params.seqLen = 1;
    params.offset = 0;
    params.position = 0;
    if (const auto error = params.validate())
        return FieldError{std::string(fieldName(error->field)), error->message};
    return std::nullopt;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encodingparams.h"
#include "core/names.h"

#include <cmath>
#include <limits>

namespace posenc {

namespace {

std::string describe(ParamField field)
{
    switch (field) {
    case ParamField::DModel:
    case ParamField::SeqLen:
        return std::string(fieldName(field)) + " must be an integer in " + validRange(field);
    default:
        return std::string(fieldName(field)) + " must be a finite number in " + validRange(field);
    }
}

bool withinAbs(double value, double limit)
{
    return std::isfinite(value) && std::abs(value) <= limit;
}

// The nearest int, saturated (NaN goes to the lowest, out of every range).
int wholeNumber(double value)
{
    if (!(value > std::numeric_limits<int>::min()))
        return std::numeric_limits<int>::min();
    if (!(value < std::numeric_limits<int>::max()))
        return std::numeric_limits<int>::max();
    return int(std::lround(value));
}

} // namespace

double EncodingParams::value(ParamField field) const
{
    switch (field) {
    case ParamField::DModel: return dModel;
    case ParamField::SeqLen: return seqLen;
    case ParamField::Base: return base;
    case ParamField::Scale: return scale;
    case ParamField::Offset: return offset;
    case ParamField::Start: return start;
    case ParamField::Position: return position;
    }
    return 0;
}

void EncodingParams::setValue(ParamField field, double value)
{
    switch (field) {
    case ParamField::DModel: dModel = wholeNumber(value); break;
    case ParamField::SeqLen: seqLen = wholeNumber(value); break;
    case ParamField::Base: base = value; break;
    case ParamField::Scale: scale = value; break;
    case ParamField::Offset: offset = value; break;
    case ParamField::Start: start = value; break;
    case ParamField::Position: position = value; break;
    }
}

std::optional<ParamError> EncodingParams::validate() const
{
    auto fail = [](ParamField field) { return std::optional<ParamError>(ParamError{field, describe(field)}); };
    if (dModel < kMinDModel || dModel > kMaxDModel)
        return fail(ParamField::DModel);
    if (seqLen < kMinSeqLen || seqLen > kMaxSeqLen)
        return fail(ParamField::SeqLen);
    // !(base > 1) also rejects NaN.
    if (!(base > 1.0) || !(base <= kMaxBase))
        return fail(ParamField::Base);
    if (!withinAbs(scale, kMaxAbsScale))
        return fail(ParamField::Scale);
    if (!withinAbs(offset, kMaxAbsPosition))
        return fail(ParamField::Offset);
    if (!withinAbs(start, kMaxAbsPosition) || !withinAbs(start + seqLen - 1, kMaxAbsPosition))
        return fail(ParamField::Start);
    if (!withinAbs(position, kMaxAbsPosition))
        return fail(ParamField::Position);
    return std::nullopt;
}

std::string_view layoutName(Layout layout)
{
    return layout == Layout::Split ? "split" : "interleaved";
}

std::string_view frequencyConventionName(FrequencyConvention convention)
{
    return convention == FrequencyConvention::Tensor2Tensor ? "tensor2tensor" : "paper";
}

std::optional<Layout> layoutFromName(std::string_view name)
{
    return valueNamed<Layout>(name, {Layout::Interleaved, Layout::Split}, &layoutName);
}

std::optional<FrequencyConvention> frequencyConventionFromName(std::string_view name)
{
    return valueNamed<FrequencyConvention>(name, {FrequencyConvention::Paper, FrequencyConvention::Tensor2Tensor}, &frequencyConventionName);
}

std::string_view fieldName(ParamField field)
{
    switch (field) {
    case ParamField::DModel: return "d_model";
    case ParamField::SeqLen: return "seq_len";
    case ParamField::Base: return "base";
    case ParamField::Scale: return "scale";
    case ParamField::Offset: return "offset";
    case ParamField::Start: return "start";
    case ParamField::Position: return "position";
    }
    return "?";
}

std::string validRange(ParamField field)
{
    using P = EncodingParams;
    switch (field) {
    case ParamField::DModel:
        return "[" + std::to_string(P::kMinDModel) + ", " + std::to_string(P::kMaxDModel) + "]";
    case ParamField::SeqLen:
        return "[" + std::to_string(P::kMinSeqLen) + ", " + std::to_string(P::kMaxSeqLen) + "]";
    case ParamField::Base:
        return "(1, 1e12]";
    case ParamField::Scale:
        return "[-1e6, 1e6]";
    case ParamField::Start:
        return "[-1e9, 1e9] (with start + seq_len - 1 in it too)";
    case ParamField::Offset:
    case ParamField::Position:
        return "[-1e9, 1e9]";
    }
    return "?";
}

} // namespace posenc

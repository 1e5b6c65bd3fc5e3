// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace posenc {

// Where the sine and cosine of pair i live in a row of the encoding.
enum class Layout {
    Interleaved, // Vaswani et al. 2017: sin at column 2i, cos at column 2i+1
    Split,       // tensor2tensor, fairseq, whisper: [sin half | cos half]
};

// How the frequency ladder w_i is spaced between 1 and 1/base.
enum class FrequencyConvention {
    Paper,         // w_i = base^(-2i/d_model)
    Tensor2Tensor, // w_i = exp(-i ln(base) / max(n-1, 1)), the last one exactly 1/base
};

// Every parameter that validate() checks, so that an error can name its field.
enum class ParamField { DModel, SeqLen, Base, Scale, Offset, Start, Position };

// A rejected value: which field, and the range it must lie in (for messages).
struct ParamError {
    ParamField field;
    std::string message; // English, one line: "d_model must be an integer in [2, 4096]"
};

// The complete input of the engine. Plain data with the defaults of the seed text's figure
// (d_model 128, the first 30 positions); every engine function is a pure function of it.
struct EncodingParams {
    // Limits that keep memory bounded: at the largest size the matrix has 2^26 values,
    // 256 MiB in float32 and 512 MiB in float64.
    static constexpr int kMinDModel = 2;
    static constexpr int kMaxDModel = 4096;
    static constexpr int kMinSeqLen = 1;
    static constexpr int kMaxSeqLen = 16384;
    static constexpr long long kMaxCells = 1LL << 26;
    static_assert(static_cast<long long>(kMaxDModel) * kMaxSeqLen <= kMaxCells,
                  "the per-field limits alone bound seq_len * d_model");
    static constexpr double kMaxBase = 1e12;
    static constexpr double kMaxAbsScale = 1e6;
    static constexpr double kMaxAbsPosition = 1e9; // for offset, start and position

    int dModel = 128;
    int seqLen = 30;
    double base = 10000.0;
    double scale = 1.0;
    double offset = 5.0;   // k in PE(pos + k) = M_k PE(pos)
    double start = 0.0;    // row r of the matrix is position start + r
    double position = 10.0; // the probe position pos shown by markers and the rotation
    Layout layout = Layout::Interleaved;
    FrequencyConvention frequencies = FrequencyConvention::Paper;

    // The first out-of-range field, or nothing when every field is valid.
    std::optional<ParamError> validate() const;

    // One field's value, read and written by its field. setValue() rounds d_model and seq_len
    // to the nearest integer, saturated to int's range (so that validate() still refuses an
    // out-of-range value rather than an overflow changing it).
    double value(ParamField field) const;
    void setValue(ParamField field, double value);
    static bool isInteger(ParamField field) { return field == ParamField::DModel || field == ParamField::SeqLen; }

    bool operator==(const EncodingParams &) const = default;
};

// Names used on the command line and in presets ("interleaved", "tensor2tensor").
std::string_view layoutName(Layout layout);
std::string_view frequencyConventionName(FrequencyConvention convention);
std::optional<Layout> layoutFromName(std::string_view name);
std::optional<FrequencyConvention> frequencyConventionFromName(std::string_view name);

// The name a field has in messages ("d_model", "seq_len", "base", ...).
std::string_view fieldName(ParamField field);
// The valid range of a field, as shown in messages: "[2, 4096]", "(1, 1e12]".
std::string validRange(ParamField field);

} // namespace posenc

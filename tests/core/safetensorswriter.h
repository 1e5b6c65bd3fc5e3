// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Writes safetensors bytes the way the reference implementation lays them out (the 8-byte
// little-endian header length, the JSON header padded with spaces to a multiple of 8, then
// the data), from the format's description and nothing in core/, so that the reader is
// tested against an independent writer. Shared by tests/core and tests/cli.

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace posenc::testing {

// binary16 bits of a value that float16 represents exactly (test values are chosen so).
inline std::uint16_t exactFloat16Bits(double v)
{
    if (v == 0)
        return std::signbit(v) ? 0x8000 : 0;
    if (std::isnan(v))
        return 0x7E00;
    if (std::isinf(v))
        return v < 0 ? 0xFC00 : 0x7C00;
    const std::uint16_t sign = v < 0 ? 0x8000 : 0;
    int e = 0;
    const double f = std::frexp(std::abs(v), &e); // |v| = f 2^e, f in [0.5, 1)
    const int exponent = e - 1 + 15;
    const auto fraction = std::uint16_t(std::lround((f * 2 - 1) * 1024));
    return sign | std::uint16_t(exponent << 10) | fraction;
}

// bfloat16 bits of v: float32 rounded to its upper 16 bits, to nearest, ties to even (as
// PyTorch's conversion does); NaN stays a quiet NaN.
inline std::uint16_t bfloat16Bits(double v)
{
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(float(v));
    if (std::isnan(v))
        return std::uint16_t((bits >> 16) | 0x40);
    const std::uint32_t rounded = bits + 0x7FFF + ((bits >> 16) & 1);
    return std::uint16_t(rounded >> 16);
}

// The value of bfloat16 bits, for expected values.
inline double bfloat16Value(std::uint16_t bits)
{
    return double(std::bit_cast<float>(std::uint32_t(bits) << 16));
}

inline std::string littleEndianBytes(std::uint64_t bits, int size)
{
    std::string out(std::size_t(size), '\0');
    for (int b = 0; b < size; ++b)
        out[std::size_t(b)] = char((bits >> (8 * b)) & 0xFF);
    return out;
}

// The data of `values` in dtype F64, F32, F16 (exact values only) or BF16.
inline std::string tensorBytes(const std::vector<double> &values, const std::string &dtype)
{
    std::string out;
    for (double v : values) {
        if (dtype == "F64")
            out += littleEndianBytes(std::bit_cast<std::uint64_t>(v), 8);
        else if (dtype == "F32")
            out += littleEndianBytes(std::bit_cast<std::uint32_t>(float(v)), 4);
        else if (dtype == "F16")
            out += littleEndianBytes(exactFloat16Bits(v), 2);
        else if (dtype == "BF16")
            out += littleEndianBytes(bfloat16Bits(v), 2);
    }
    return out;
}

// One tensor: its header entry is written from these fields; `data` are its bytes. With
// `offsets` set (begin, end), the entry says those offsets and the data is not laid out
// for it (to write overlapping or broken entries).
struct TensorSpec {
    std::string name;
    std::string dtype;
    std::vector<long long> shape;
    std::string data;
    long long begin = -1;
    long long end = -1;
};

inline std::string jsonList(const std::vector<long long> &values)
{
    std::string s = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        s += (i ? "," : "") + std::to_string(values[i]);
    return s + "]";
}

// A whole file: header entries in the order given, data laid out in that order or reversed
// (so that the header's order and the data's need not agree), an optional "__metadata__"
// object written first.
inline std::string safetensorsFile(const std::vector<TensorSpec> &tensors, bool reverseData = false,
                                   const std::string &metadataJson = {})
{
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < tensors.size(); ++i)
        order.push_back(reverseData ? tensors.size() - 1 - i : i);
    std::string data;
    std::vector<long long> begins(tensors.size(), 0);
    for (std::size_t i : order) {
        if (tensors[i].begin >= 0)
            continue;
        begins[i] = (long long)data.size();
        data += tensors[i].data;
    }
    std::string header = "{";
    if (!metadataJson.empty())
        header += "\"__metadata__\":" + metadataJson;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const TensorSpec &t = tensors[i];
        const long long begin = t.begin >= 0 ? t.begin : begins[i];
        const long long end = t.begin >= 0 ? t.end : begins[i] + (long long)t.data.size();
        if (header.size() > 1)
            header += ",";
        header += "\"" + t.name + "\":{\"dtype\":\"" + t.dtype + "\",\"shape\":" + jsonList(t.shape)
                  + ",\"data_offsets\":" + jsonList({begin, end}) + "}";
    }
    header += "}";
    while (header.size() % 8 != 0)
        header += ' ';
    return littleEndianBytes(header.size(), 8) + header + data;
}

// A file whose header is `header` as given (any bytes), then `data`.
inline std::string rawSafetensors(const std::string &header, const std::string &data = {})
{
    return littleEndianBytes(header.size(), 8) + header + data;
}

} // namespace posenc::testing

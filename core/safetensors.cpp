// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/safetensors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <limits>
#include <map>
#include <new>
#include <optional>
#include <set>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace posenc {

namespace {

using Json = nlohmann::json;
using u64 = std::uint64_t;

// How many names a refusal lists before "and N more".
constexpr std::size_t kNamesListed = 5;
// What one pread brings in while a tensor is decoded: the buffer's size, not the tensor's.
constexpr std::size_t kChunkBytes = std::size_t(1) << 20;

constexpr std::string_view kAcceptedDtypes = "accepted: dtype F64, F32, F16 or BF16";

MatrixFileError refuse(std::string code, std::vector<std::string> args, std::string message)
{
    return MatrixFileError{std::move(message), std::move(code), std::move(args)};
}

std::string number(u64 n)
{
    return std::to_string(n);
}

// A name from the file quoted in a message: at most 120 bytes (cut between characters, so
// that the UTF-8 the JSON parser checked stays valid), control characters shown as '?', so
// that a refusal stays one readable line.
std::string quotedName(std::string_view name)
{
    std::string out = "'";
    std::size_t i = 0;
    for (; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (i >= 120 && (c & 0xC0) != 0x80)
            break;
        out += (c < 0x20 || c == 0x7F) ? '?' : char(c);
    }
    if (i < name.size())
        out += "...";
    return out + "'";
}

std::string shapeText(const std::vector<long long> &shape)
{
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

// "'a', 'b', 'c' and 4 more": the first few names of a list.
std::string fewNames(const std::vector<std::string> &names, bool quote)
{
    std::string s;
    for (std::size_t i = 0; i < names.size() && i < kNamesListed; ++i)
        s += (i ? ", " : "") + (quote ? quotedName(names[i]) : names[i]);
    if (names.size() > kNamesListed)
        s += " and " + number(names.size() - kNamesListed) + " more";
    return s;
}

u64 littleEndian(const unsigned char *p, int size)
{
    u64 bits = 0;
    for (int b = size - 1; b >= 0; --b)
        bits = (bits << 8) | p[b];
    return bits;
}

// The bits per item of the dtypes the format defines; nothing for one this reader does not
// know (its bytes are then left unchecked: a newer dtype does not make the file unreadable).
std::optional<u64> dtypeBits(std::string_view dtype)
{
    static const std::map<std::string_view, u64> bits = {
        {"BOOL", 8},     {"U8", 8},       {"I8", 8},       {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8},
        {"I16", 16},     {"U16", 16},     {"F16", 16},     {"BF16", 16},   {"I32", 32},    {"U32", 32},
        {"F32", 32},     {"I64", 64},     {"U64", 64},     {"F64", 64},    {"C64", 64},    {"F4", 4},
        {"F6_E2M3", 6},  {"F6_E3M2", 6},
    };
    const auto it = bits.find(dtype);
    if (it == bits.end())
        return std::nullopt;
    return it->second;
}

// A JSON value that is an integer in [0, 2^63).
std::optional<long long> nonNegative(const Json &value)
{
    if (!value.is_number_unsigned())
        return std::nullopt;
    const u64 v = value.get<u64>();
    if (v > u64(std::numeric_limits<long long>::max()))
        return std::nullopt;
    return static_cast<long long>(v);
}

// The JSON of `text`, or why it is not JSON: `code` and `what` name the text in the refusal
// ("safetensors_header", "malformed .safetensors header"). A NUL byte is never JSON;
// nlohmann's parser would take it for the end of the text and ignore the rest. A number that
// a double cannot hold (1e400) is JSON by the grammar but no value, and refused as such.
std::variant<Json, MatrixFileError> parseJson(std::string_view text, const std::string &code, const std::string &what)
{
    const std::string bytes = number(text.size());
    const auto notJson = [&](u64 at) {
        return refuse(code + "_not_json", {number(at), bytes},
                      what + ": it is not valid JSON (error at byte " + number(at) + " of " + bytes + ")");
    };
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
        return notJson(nul + 1);
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error &error) {
        return notJson(error.byte);
    } catch (const Json::out_of_range &) {
        return refuse(code + "_number_out_of_range", {bytes},
                      what + ": it holds a number beyond the range of a double");
    } catch (const Json::exception &) {
        return notJson(text.size());
    } catch (const std::bad_alloc &) {
        return refuse("out_of_memory", {bytes}, "not enough memory to parse " + bytes + " bytes of JSON");
    }
}

// ---------------------------------------------------------------------------------------
// The header

// One entry of the header, checked; `dataBytes` are the bytes after the header.
std::variant<SafetensorsTensor, MatrixFileError> readEntry(const std::string &name, const Json &entry, u64 dataBytes)
{
    const std::string q = quotedName(name);
    if (!entry.is_object())
        return refuse("safetensors_entry_not_object", {name},
                      "malformed .safetensors header: tensor " + q + " is not an object");
    SafetensorsTensor tensor;
    tensor.name = name;
    const auto dtype = entry.find("dtype");
    if (dtype == entry.end() || !dtype->is_string() || dtype->get_ref<const std::string &>().empty())
        return refuse("safetensors_bad_dtype", {name},
                      "malformed .safetensors header: tensor " + q + " has no dtype string");
    tensor.dtype = dtype->get<std::string>();
    const auto shape = entry.find("shape");
    if (shape == entry.end() || !shape->is_array())
        return refuse("safetensors_bad_shape", {name},
                      "malformed .safetensors header: tensor " + q + ": shape is not a list of non-negative integers");
    for (const Json &axis : *shape) {
        const std::optional<long long> n = nonNegative(axis);
        if (!n)
            return refuse("safetensors_bad_shape", {name},
                          "malformed .safetensors header: tensor " + q + ": shape is not a list of non-negative integers");
        tensor.shape.push_back(*n);
    }
    const auto offsets = entry.find("data_offsets");
    std::optional<long long> begin, end;
    if (offsets != entry.end() && offsets->is_array() && offsets->size() == 2) {
        begin = nonNegative((*offsets)[0]);
        end = nonNegative((*offsets)[1]);
    }
    if (!begin || !end)
        return refuse("safetensors_bad_offsets", {name},
                      "malformed .safetensors header: tensor " + q
                          + ": data_offsets is not a pair [begin, end] of non-negative integers");
    tensor.begin = u64(*begin);
    tensor.end = u64(*end);
    const std::string range = "[" + number(tensor.begin) + ", " + number(tensor.end) + "]";
    if (tensor.begin > tensor.end)
        return refuse("safetensors_offsets_reversed", {name, number(tensor.begin), number(tensor.end)},
                      "malformed .safetensors header: tensor " + q + ": data_offsets " + range
                          + " begin after they end; begin <= end is needed");
    if (const std::optional<u64> bits = dtypeBits(tensor.dtype)) {
        u64 needed = *bits;
        for (long long axis : tensor.shape) {
            if (__builtin_mul_overflow(needed, u64(axis), &needed))
                return refuse("safetensors_size_overflow", {name, shapeText(tensor.shape), tensor.dtype},
                              "malformed .safetensors header: tensor " + q + ": shape " + shapeText(tensor.shape)
                                  + " of " + tensor.dtype + " needs more than 2^64 bits");
        }
        const u64 held = tensor.end - tensor.begin;
        if (needed % 8 != 0 || needed / 8 != held) {
            const std::string bytes = number(needed / 8 + (needed % 8 ? 1 : 0));
            return refuse("safetensors_size_mismatch",
                          {name, shapeText(tensor.shape), tensor.dtype, bytes, number(tensor.begin), number(tensor.end),
                           number(held)},
                          "malformed .safetensors header: tensor " + q + ": shape " + shapeText(tensor.shape) + " of "
                              + tensor.dtype + " needs " + bytes + " bytes but data_offsets " + range + " hold "
                              + number(held));
        }
    }
    if (tensor.end > dataBytes)
        return refuse("safetensors_offsets_outside", {name, number(tensor.end), number(dataBytes)},
                      "malformed .safetensors: tensor " + q + ": data_offsets " + range + " end beyond the "
                          + number(dataBytes) + " bytes of data after the header");
    return tensor;
}

// "__metadata__": absent, null, or an object of strings.
std::optional<MatrixFileError> readMetadata(const Json &value, Checkpoint &checkpoint)
{
    if (value.is_null())
        return std::nullopt;
    const MatrixFileError bad = refuse("safetensors_bad_metadata", {},
                                       "malformed .safetensors header: __metadata__ is not an object of strings");
    if (!value.is_object())
        return bad;
    for (const auto &[key, text] : value.items()) {
        if (!text.is_string())
            return bad;
        checkpoint.metadata.emplace_back(key, text.get<std::string>());
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------
// The data

struct FloatType {
    StoredType type;
    int size;
};

std::optional<FloatType> acceptedDtype(std::string_view dtype)
{
    if (dtype == "F64")
        return FloatType{StoredType::Float64, 8};
    if (dtype == "F32")
        return FloatType{StoredType::Float32, 4};
    if (dtype == "F16")
        return FloatType{StoredType::Float16, 2};
    if (dtype == "BF16")
        return FloatType{StoredType::BFloat16, 2};
    return std::nullopt;
}

// binary16 bits to double: (-1)^s 2^(e-15) (1 + f/1024), subnormals f 2^-24.
double float16Value(std::uint16_t bits)
{
    const int exponent = (bits >> 10) & 0x1F;
    const int fraction = bits & 0x3FF;
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0x1F)
        return fraction ? std::nan("") : sign * HUGE_VAL;
    if (exponent == 0)
        return sign * std::ldexp(double(fraction), -24);
    return sign * std::ldexp(double(fraction + 1024), exponent - 25);
}

// One little-endian item; bfloat16 is the upper half of a float32.
double itemValue(const unsigned char *p, FloatType type)
{
    const u64 bits = littleEndian(p, type.size);
    switch (type.type) {
    case StoredType::Float64:
        return std::bit_cast<double>(bits);
    case StoredType::Float32:
        return double(std::bit_cast<float>(std::uint32_t(bits)));
    case StoredType::BFloat16:
        return double(std::bit_cast<float>(std::uint32_t(bits) << 16));
    case StoredType::Float16:
    case StoredType::Text:
        break;
    }
    return float16Value(std::uint16_t(bits));
}

// The shape as a [rows, columns] matrix, or why it is not one (the rules of the .npy reader).
std::optional<MatrixFileError> matrixShapeProblem(const SafetensorsTensor &tensor)
{
    const std::vector<long long> &shape = tensor.shape;
    const std::string q = quotedName(tensor.name);
    const std::string text = shapeText(shape);
    if (shape.size() < 2)
        return refuse("safetensors_not_2d", {tensor.name, text, number(shape.size())},
                      "tensor " + q + " has shape " + text + " (" + number(shape.size())
                          + "-D); a 2-D matrix [positions, dimensions] or its transpose is needed");
    if (shape.size() > 3 || (shape.size() == 3 && shape[0] != 1))
        return refuse("safetensors_too_many_axes", {tensor.name, text},
                      "tensor " + q + " has shape " + text + "; only 2-D, or 3-D with a leading axis of 1, is accepted");
    const long long rows = shape[shape.size() - 2];
    const long long columns = shape[shape.size() - 1];
    if (rows == 0 || columns == 0)
        return refuse("safetensors_empty", {tensor.name, text}, "tensor " + q + " has shape " + text + ": it is empty");
    if (rows > kMaxMatrixValues || columns > kMaxMatrixValues || rows * columns > kMaxMatrixValues)
        return refuse("safetensors_too_many_values", {tensor.name, text},
                      "tensor " + q + " has shape " + text + ", more than 2^26 = 67108864 numbers");
    return std::nullopt;
}

// Decodes the tensor's items into `out` a chunk at a time, so that no buffer of the
// tensor's size is held beside the matrix.
template <class Number>
std::optional<MatrixFileError> decodeInto(const ByteSource &source, const SafetensorsTensor &tensor, FloatType type,
                                          Number *out, u64 count)
{
    const u64 chunkItems = kChunkBytes / u64(type.size);
    std::vector<unsigned char> buffer(std::size_t(std::min(count, chunkItems)) * std::size_t(type.size));
    const u64 start = tensor.dataStart + tensor.begin;
    for (u64 done = 0; done < count;) {
        const u64 items = std::min(count - done, chunkItems);
        const std::size_t bytes = std::size_t(items) * std::size_t(type.size);
        if (!source.readAt(start + done * u64(type.size), bytes, reinterpret_cast<char *>(buffer.data())))
            return refuse("safetensors_truncated", {tensor.name},
                          "the file ends before the bytes of tensor " + quotedName(tensor.name)
                              + " (was it changed while it was read?)");
        for (u64 i = 0; i < items; ++i)
            out[done + i] = Number(itemValue(buffer.data() + i * u64(type.size), type));
        done += items;
    }
    return std::nullopt;
}

std::optional<MatrixFileError> nonFiniteProblem(const SafetensorsTensor &tensor, const StoredMatrix &values)
{
    for (Eigen::Index r = 0; r < values.rows(); ++r) {
        for (Eigen::Index c = 0; c < values.cols(); ++c) {
            const double v = values(r, c);
            if (std::isfinite(v))
                continue;
            const std::string what = std::isnan(v) ? "NaN" : "infinity";
            return refuse("safetensors_non_finite", {tensor.name, what, number(u64(r)), number(u64(c))},
                          "tensor " + quotedName(tensor.name) + " holds " + what + " at row " + number(u64(r))
                              + ", column " + number(u64(c)) + " (counted from 0); only finite numbers are accepted");
        }
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------
// Sharded checkpoints

bool isPlainFileName(std::string_view name)
{
    return !name.empty() && name != "." && name.find('/') == std::string_view::npos
           && name.find('\\') == std::string_view::npos && name.find("..") == std::string_view::npos
           && name.find('\0') == std::string_view::npos;
}

bool endsWithNoCase(std::string_view text, std::string_view suffix)
{
    if (text.size() < suffix.size())
        return false;
    return std::equal(suffix.begin(), suffix.end(), text.end() - std::ptrdiff_t(suffix.size()), [](char a, char b) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
        return lower(a) == lower(b);
    });
}

// The whole of a small file (an index), or why not.
std::variant<std::string, MatrixFileError> readWhole(const std::string &path)
{
    FileByteSource::Result opened = FileByteSource::open(path);
    if (auto *why = std::get_if<MatrixFileError>(&opened))
        return std::move(*why);
    const FileByteSource &source = *std::get<std::unique_ptr<FileByteSource>>(opened);
    if (source.size() > kMaxSafetensorsHeaderBytes)
        return refuse("index_too_long", {number(source.size()), number(kMaxSafetensorsHeaderBytes)},
                      "the index has " + number(source.size()) + " bytes; at most "
                          + number(kMaxSafetensorsHeaderBytes) + " are accepted");
    std::string bytes(std::size_t(source.size()), '\0');
    if (!source.readAt(0, bytes.size(), bytes.data()))
        return refuse("file_unreadable", {"it ended early"}, "cannot read the file: it ended early");
    return bytes;
}

// The header of one .safetensors file (a shard is always read as one, never as an index,
// so that an index cannot name itself).
CheckpointResult openSafetensorsFile(const std::string &path)
{
    FileByteSource::Result opened = FileByteSource::open(path);
    if (auto *why = std::get_if<MatrixFileError>(&opened))
        return std::move(*why);
    return readSafetensorsHeader(*std::get<std::unique_ptr<FileByteSource>>(opened), path);
}

// A shard's refusal, naming the shard and keeping the shard's own code and arguments.
MatrixFileError shardRefusal(const std::string &shard, const MatrixFileError &inner)
{
    std::vector<std::string> args{shard, inner.code};
    args.insert(args.end(), inner.args.begin(), inner.args.end());
    return refuse("index_shard_refused", std::move(args), "shard " + quotedName(shard) + ": " + inner.message);
}

CheckpointResult openIndex(const std::string &path)
{
    std::variant<std::string, MatrixFileError> bytes = readWhole(path);
    if (auto *why = std::get_if<MatrixFileError>(&bytes))
        return std::move(*why);
    std::variant<ShardIndex, MatrixFileError> parsed = parseShardIndex(std::get<std::string>(bytes));
    if (auto *why = std::get_if<MatrixFileError>(&parsed))
        return std::move(*why);
    const ShardIndex &index = std::get<ShardIndex>(parsed);
    const std::size_t slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string() : path.substr(0, slash + 1);

    std::map<std::string, Checkpoint> shards;
    for (const std::string &shard : index.shards) {
        CheckpointResult read = openSafetensorsFile(folder + shard);
        if (const auto *why = std::get_if<MatrixFileError>(&read))
            return shardRefusal(shard, *why);
        shards.emplace(shard, std::move(std::get<Checkpoint>(read)));
    }
    Checkpoint checkpoint;
    checkpoint.metadata = shards.at(index.shards.front()).metadata;
    for (const auto &[name, shard] : index.weightMap) {
        const SafetensorsTensor *tensor = shards.at(shard).find(name);
        if (!tensor)
            return refuse("index_tensor_not_in_shard", {name, shard},
                          "the index puts tensor " + quotedName(name) + " in shard " + quotedName(shard) + ", which does not hold it");
        checkpoint.tensors.push_back(*tensor);
    }
    return checkpoint;
}

} // namespace

// ---------------------------------------------------------------------------------------

bool MemoryByteSource::readAt(std::uint64_t offset, std::size_t count, char *out) const
{
    if (offset > m_bytes.size() || count > m_bytes.size() - offset)
        return false;
    std::copy_n(m_bytes.data() + offset, count, out);
    return true;
}

FileByteSource::Result FileByteSource::open(const std::string &path)
{
    if (path.find('\0') != std::string::npos)
        return refuse("file_unreadable", {"a file name cannot hold a NUL character"},
                      "cannot read the file: a file name cannot hold a NUL character");
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat info {};
    if (fd < 0 || ::fstat(fd, &info) != 0) {
        const std::string reason = std::generic_category().message(errno);
        if (fd >= 0)
            ::close(fd);
        return refuse("file_unreadable", {reason}, "cannot read the file: " + reason);
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd);
        return refuse("file_not_regular", {}, "it is not a regular file");
    }
    return std::unique_ptr<FileByteSource>(new FileByteSource(fd, u64(info.st_size)));
}

FileByteSource::~FileByteSource()
{
    ::close(m_fd);
}

bool FileByteSource::readAt(std::uint64_t offset, std::size_t count, char *out) const
{
    std::size_t done = 0;
    while (done < count) {
        const ssize_t got = ::pread(m_fd, out + done, count - done, off_t(offset + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        done += std::size_t(got);
    }
    return true;
}

const SafetensorsTensor *Checkpoint::find(std::string_view name) const
{
    const auto it = std::lower_bound(tensors.begin(), tensors.end(), name,
                                     [](const SafetensorsTensor &t, std::string_view n) { return t.name < n; });
    return it != tensors.end() && it->name == name ? &*it : nullptr;
}

CheckpointResult readSafetensorsHeader(const ByteSource &source, const std::string &file)
{
    const u64 size = source.size();
    std::array<unsigned char, 8> lengthBytes{};
    if (size < 8 || !source.readAt(0, 8, reinterpret_cast<char *>(lengthBytes.data())))
        return refuse("safetensors_too_short", {number(size)},
                      "not a .safetensors file: it has " + number(size) + " bytes, fewer than the 8 of its header length");
    const u64 length = littleEndian(lengthBytes.data(), 8);
    if (length > kMaxSafetensorsHeaderBytes)
        return refuse("safetensors_header_too_long", {number(length), number(kMaxSafetensorsHeaderBytes)},
                      "malformed .safetensors: the header is said to have " + number(length) + " bytes; at most "
                          + number(kMaxSafetensorsHeaderBytes) + " are accepted");
    if (length > size - 8)
        return refuse("safetensors_header_beyond_file", {number(length), number(size - 8)},
                      "malformed .safetensors: the header is said to have " + number(length)
                          + " bytes but the file has " + number(size - 8) + " after its length");
    std::string text;
    try {
        text.resize(std::size_t(length));
    } catch (const std::bad_alloc &) {
        return refuse("out_of_memory", {number(length)}, "not enough memory for a header of " + number(length) + " bytes");
    }
    if (!source.readAt(8, text.size(), text.data()))
        return refuse("safetensors_header_beyond_file", {number(length), number(size - 8)},
                      "malformed .safetensors: the file ends inside its header of " + number(length) + " bytes");

    std::variant<Json, MatrixFileError> parsed = parseJson(text, "safetensors_header", "malformed .safetensors header");
    if (auto *why = std::get_if<MatrixFileError>(&parsed))
        return std::move(*why);
    const Json &header = std::get<Json>(parsed);
    if (!header.is_object())
        return refuse("safetensors_header_not_object", {},
                      "malformed .safetensors header: it is not a JSON object {\"name\": {...}, ...}");

    Checkpoint checkpoint;
    const u64 dataBytes = size - 8 - length;
    for (const auto &[name, entry] : header.items()) {
        if (name == "__metadata__") {
            if (std::optional<MatrixFileError> why = readMetadata(entry, checkpoint))
                return std::move(*why);
            continue;
        }
        std::variant<SafetensorsTensor, MatrixFileError> tensor = readEntry(name, entry, dataBytes);
        if (auto *why = std::get_if<MatrixFileError>(&tensor))
            return std::move(*why);
        SafetensorsTensor &t = std::get<SafetensorsTensor>(tensor);
        t.dataStart = 8 + length;
        t.file = file;
        checkpoint.tensors.push_back(std::move(t));
    }
    // nlohmann's objects iterate in key order already; sorted here so that find() never
    // depends on it.
    std::sort(checkpoint.tensors.begin(), checkpoint.tensors.end(),
              [](const SafetensorsTensor &a, const SafetensorsTensor &b) { return a.name < b.name; });
    return checkpoint;
}

MatrixFileResult readSafetensorsMatrix(const ByteSource &source, const SafetensorsTensor &tensor)
{
    const std::optional<FloatType> type = acceptedDtype(tensor.dtype);
    if (!type)
        return refuse("safetensors_dtype_not_accepted", {tensor.name, tensor.dtype},
                      "tensor " + quotedName(tensor.name) + " has dtype " + quotedName(tensor.dtype) + ", which is not accepted; "
                          + std::string(kAcceptedDtypes));
    if (std::optional<MatrixFileError> why = matrixShapeProblem(tensor))
        return std::move(*why);
    const long long rows = tensor.shape[tensor.shape.size() - 2];
    const long long columns = tensor.shape[tensor.shape.size() - 1];
    const u64 count = u64(rows) * u64(columns);
    const u64 held = tensor.end >= tensor.begin ? tensor.end - tensor.begin : 0;
    if (held != count * u64(type->size)) {
        const std::string bytes = number(count * u64(type->size));
        return refuse("safetensors_size_mismatch",
                      {tensor.name, shapeText(tensor.shape), tensor.dtype, bytes, number(tensor.begin),
                       number(tensor.end), number(held)},
                      "malformed .safetensors header: tensor " + quotedName(tensor.name) + ": shape "
                          + shapeText(tensor.shape) + " of " + tensor.dtype + " needs " + bytes + " bytes but data_offsets ["
                          + number(tensor.begin) + ", " + number(tensor.end) + "] hold " + number(held));
    }

    MatrixFile file;
    file.shape = tensor.shape;
    file.type = type->type;
    file.format = "safetensors";
    const bool inFloat = type->size <= 4;
    const u64 bytes = count * (inFloat ? sizeof(float) : sizeof(double));
    try {
        file.values = StoredMatrix::allocate(inFloat, Eigen::Index(rows), Eigen::Index(columns));
    } catch (const std::bad_alloc &) {
        return refuse("out_of_memory", {number(bytes)},
                      "not enough memory for the " + number(bytes) + " bytes of tensor " + quotedName(tensor.name));
    }
    if (std::optional<MatrixFileError> why = inFloat ? decodeInto(source, tensor, *type, file.values.floats().data(), count)
                                                     : decodeInto(source, tensor, *type, file.values.doubles().data(), count))
        return std::move(*why);
    if (std::optional<MatrixFileError> why = nonFiniteProblem(tensor, file.values))
        return std::move(*why);
    return file;
}

std::variant<ShardIndex, MatrixFileError> parseShardIndex(std::string_view json)
{
    std::variant<Json, MatrixFileError> parsed = parseJson(json, "index", "malformed index");
    if (auto *why = std::get_if<MatrixFileError>(&parsed))
        return std::move(*why);
    const Json &index = std::get<Json>(parsed);
    if (!index.is_object())
        return refuse("index_not_object", {},
                      "malformed index: it is not a JSON object {\"metadata\": {...}, \"weight_map\": {...}}");
    const auto map = index.find("weight_map");
    if (map == index.end() || !map->is_object())
        return refuse("index_no_weight_map", {},
                      "malformed index: it has no \"weight_map\" object of tensor names and shard files");
    if (map->empty())
        return refuse("index_empty", {}, "the index's weight_map names no tensor");
    ShardIndex result;
    std::set<std::string> shards;
    for (const auto &[name, shard] : map->items()) {
        if (!shard.is_string())
            return refuse("index_bad_shard_value", {name},
                          "malformed index: weight_map: tensor " + quotedName(name) + " is not mapped to a file name");
        const std::string &file = shard.get_ref<const std::string &>();
        if (!isPlainFileName(file))
            return refuse("index_bad_shard_name", {name, file},
                          "malformed index: weight_map: tensor " + quotedName(name) + " is in " + quotedName(file)
                              + "; a shard must be a file name in the index's folder, without '/', '\\' or '..'");
        result.weightMap.emplace_back(name, file);
        shards.insert(file);
    }
    result.shards.assign(shards.begin(), shards.end());
    return result;
}

bool isSafetensorsPath(std::string_view path)
{
    return endsWithNoCase(path, ".safetensors") || isSafetensorsIndexPath(path);
}

bool isSafetensorsIndexPath(std::string_view path)
{
    return endsWithNoCase(path, ".safetensors.index.json");
}

CheckpointResult openCheckpoint(const std::string &path)
{
    return isSafetensorsIndexPath(path) ? openIndex(path) : openSafetensorsFile(path);
}

MatrixFileResult readCheckpointMatrix(const SafetensorsTensor &tensor)
{
    FileByteSource::Result opened = FileByteSource::open(tensor.file);
    if (auto *why = std::get_if<MatrixFileError>(&opened))
        return std::move(*why);
    return readSafetensorsMatrix(*std::get<std::unique_ptr<FileByteSource>>(opened), tensor);
}

// ---------------------------------------------------------------------------------------
// Choosing the position table

bool isPositionTableName(std::string_view name)
{
    static constexpr std::string_view suffixes[] = {
        "wpe.weight",          "position_embeddings.weight", "embed_positions.weight", "position_embedding.weight",
        "pos_embed",           "positional_embedding",       "position_embedding",
    };
    for (std::string_view suffix : suffixes) {
        if (name.ends_with(suffix))
            return true;
    }
    return name == "pe" || name.ends_with(".pe");
}

bool isMatrixShape(const std::vector<long long> &shape)
{
    return shape.size() == 2 || (shape.size() == 3 && shape[0] == 1);
}

TensorChoice choosePositionTable(const std::vector<SafetensorsTensor> &tensors, std::string_view requested)
{
    TensorChoice choice;
    if (!requested.empty()) {
        choice.name = std::string(requested);
        for (const SafetensorsTensor &t : tensors) {
            if (t.name == requested) {
                choice.kind = TensorChoice::Kind::Chosen;
                return choice;
            }
        }
        choice.kind = TensorChoice::Kind::Unknown;
        for (const SafetensorsTensor &t : tensors)
            choice.names.push_back(t.name);
        return choice;
    }
    for (const SafetensorsTensor &t : tensors) {
        if (isPositionTableName(t.name))
            choice.names.push_back(t.name);
    }
    if (choice.names.size() == 1) {
        choice.kind = TensorChoice::Kind::Chosen;
        choice.name = choice.names.front();
        choice.names.clear();
        return choice;
    }
    if (choice.names.size() > 1) {
        choice.kind = TensorChoice::Kind::Several;
        return choice;
    }
    choice.kind = TensorChoice::Kind::None;
    for (const SafetensorsTensor &t : tensors) {
        if (isMatrixShape(t.shape))
            choice.names.push_back(t.name);
    }
    choice.tensorCount = tensors.size();
    return choice;
}

MatrixFileError choiceRefusal(const TensorChoice &choice)
{
    const std::string count = number(choice.names.size());
    switch (choice.kind) {
    case TensorChoice::Kind::Several:
        return refuse("several_position_tables", {fewNames(choice.names, false), count},
                      "several tensors could be the position table: " + fewNames(choice.names, true)
                          + "; choose one with --tensor NAME");
    case TensorChoice::Kind::Unknown:
        return refuse("tensor_not_found", {choice.name, fewNames(choice.names, false), count},
                      "the checkpoint has no tensor " + quotedName(choice.name) + "; its tensors: "
                          + (choice.names.empty() ? std::string("none") : fewNames(choice.names, true)));
    case TensorChoice::Kind::None:
    case TensorChoice::Kind::Chosen:
        break;
    }
    if (choice.names.empty())
        return refuse("no_matrix_tensor", {number(choice.tensorCount)},
                      "none of the checkpoint's " + number(choice.tensorCount)
                          + " tensors is a 2-D matrix that could be a position table");
    return refuse("no_position_table", {fewNames(choice.names, false), count},
                  "no tensor is named like a position table (a name ending in wpe.weight, position_embeddings.weight, "
                  "embed_positions.weight, pos_embed or the like); choose one with --tensor NAME; 2-D tensors: "
                      + fewNames(choice.names, true));
}

namespace {

// The tensor `requested` names (or the one candidate) of an opened checkpoint, read by `read`.
template <typename Read>
std::variant<PositionTable, MatrixFileError> positionTableOf(CheckpointResult opened, std::string_view requested,
                                                             const Read &read)
{
    if (auto *why = std::get_if<MatrixFileError>(&opened))
        return std::move(*why);
    const Checkpoint &checkpoint = std::get<Checkpoint>(opened);
    const TensorChoice choice = choosePositionTable(checkpoint.tensors, requested);
    if (choice.kind != TensorChoice::Kind::Chosen)
        return choiceRefusal(choice);
    MatrixFileResult matrix = read(*checkpoint.find(choice.name));
    if (auto *why = std::get_if<MatrixFileError>(&matrix))
        return std::move(*why);
    return PositionTable{std::move(std::get<MatrixFile>(matrix)), choice.name};
}

} // namespace

std::variant<PositionTable, MatrixFileError> readPositionTable(const std::string &path, std::string_view requested)
{
    return positionTableOf(openCheckpoint(path), requested, &readCheckpointMatrix);
}

std::variant<PositionTable, MatrixFileError> readPositionTable(const ByteSource &source, std::string_view requested)
{
    return positionTableOf(readSafetensorsHeader(source), requested, [&source](const SafetensorsTensor &tensor) {
        return readSafetensorsMatrix(source, tensor);
    });
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/matrixfile.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace posenc {

// Model checkpoints in the safetensors format: an 8-byte little-endian length N, N bytes of
// JSON ({"__metadata__": {str: str}, "NAME": {"dtype": "F32", "shape": [..], "data_offsets":
// [begin, end]}}, offsets counted from the first byte after the header), then the data. A
// checkpoint can be many gigabytes, so the reader takes its header first and then only the
// bytes of the one tensor asked for: checking a position table costs that table's bytes, not
// the file's. A sharded checkpoint is read through its `*.safetensors.index.json`.
//
// Every refusal is a MatrixFileError; its code and args (the names and numbers of the
// sentence, in order) are:
//   safetensors_too_short                {file bytes}
//   safetensors_header_too_long          {header bytes, limit}
//   safetensors_header_beyond_file       {header bytes, bytes after the length}
//   safetensors_header_not_json          {byte of the error, header bytes}
//   safetensors_header_number_out_of_range {header bytes}
//   safetensors_header_not_object        {}
//   safetensors_bad_metadata             {}
//   safetensors_entry_not_object         {tensor}
//   safetensors_bad_dtype                {tensor}
//   safetensors_bad_shape                {tensor}
//   safetensors_bad_offsets              {tensor}
//   safetensors_offsets_reversed         {tensor, begin, end}
//   safetensors_offsets_outside          {tensor, end, data bytes}
//   safetensors_size_overflow            {tensor, shape, dtype}
//   safetensors_size_mismatch            {tensor, shape, dtype, bytes needed, begin, end, bytes held}
//   safetensors_truncated                {tensor}
//   safetensors_dtype_not_accepted       {tensor, dtype}
//   safetensors_not_2d                   {tensor, shape, axes}
//   safetensors_too_many_axes            {tensor, shape}
//   safetensors_empty                    {tensor, shape}
//   safetensors_too_many_values          {tensor, shape}
//   safetensors_non_finite               {tensor, "NaN" or "infinity", row, column}
//   out_of_memory                        {bytes}          (of a header, a tensor or JSON)
//   file_unreadable                      {system's reason}
//   file_not_regular                     {}
//   index_too_long                       {file bytes, limit}
//   index_not_json                       {byte of the error, file bytes}
//   index_number_out_of_range            {file bytes}
//   index_not_object                     {}
//   index_no_weight_map                  {}
//   index_empty                          {}
//   index_bad_shard_value                {tensor}
//   index_bad_shard_name                 {tensor, shard}
//   index_tensor_not_in_shard            {tensor, shard}
//   index_shard_refused                  {shard, the shard's own code, then its args}
//   tensor_not_found                     {tensor, a few names, number of tensors}
//   several_position_tables              {the candidates, number of candidates}
//   no_position_table                    {a few 2-D tensors, number of 2-D tensors}
//   no_matrix_tensor                     {number of tensors}
// A name in args is the name itself; in the English message it is quoted, at most 120
// characters, control characters shown as '?'.

// The header's length is bounded as the reference implementation bounds it, and so is an
// index file, read whole.
inline constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

// Where a checkpoint's bytes come from: a file read piecewise, or bytes in memory (tests and
// the fuzzer), so that the same parser serves both.
class ByteSource
{
public:
    virtual ~ByteSource() = default;
    virtual std::uint64_t size() const = 0;
    // Copies `count` bytes from `offset` to `out`; false when they are not all there.
    virtual bool readAt(std::uint64_t offset, std::size_t count, char *out) const = 0;
};

class MemoryByteSource : public ByteSource
{
public:
    explicit MemoryByteSource(std::string_view bytes)
        : m_bytes(bytes)
    {
    }
    std::uint64_t size() const override { return m_bytes.size(); }
    bool readAt(std::uint64_t offset, std::size_t count, char *out) const override;

private:
    std::string_view m_bytes;
};

// A regular file read with pread: the one place core touches a file, because reading a
// byte range of a checkpoint instead of all of it is the point of this reader, and the
// command line and the window both need it. Opened without blocking (a FIFO or a device is
// refused, not waited on).
class FileByteSource : public ByteSource
{
public:
    using Result = std::variant<std::unique_ptr<FileByteSource>, MatrixFileError>;
    static Result open(const std::string &path);
    ~FileByteSource() override;
    FileByteSource(const FileByteSource &) = delete;
    FileByteSource &operator=(const FileByteSource &) = delete;

    std::uint64_t size() const override { return m_size; }
    bool readAt(std::uint64_t offset, std::size_t count, char *out) const override;

private:
    FileByteSource(int fd, std::uint64_t size)
        : m_fd(fd)
        , m_size(size)
    {
    }
    int m_fd;
    std::uint64_t m_size;
};

// One tensor of a checkpoint, as its header lists it.
struct SafetensorsTensor {
    std::string name;
    std::string dtype;            // as written: "F32", "BF16", "I64", ...
    std::vector<long long> shape;
    std::uint64_t begin = 0;      // data_offsets, counted from the first byte of the data
    std::uint64_t end = 0;
    std::uint64_t dataStart = 0;  // where the data of its file begins: 8 + N
    std::string file;             // the .safetensors holding it; empty for bytes in memory
};

// A checkpoint's table of contents: every tensor, sorted by name, and the header's metadata
// (of a sharded checkpoint, the first shard's).
struct Checkpoint {
    std::vector<SafetensorsTensor> tensors;
    std::vector<std::pair<std::string, std::string>> metadata;

    const SafetensorsTensor *find(std::string_view name) const;
};

using CheckpointResult = std::variant<Checkpoint, MatrixFileError>;

// The header of the .safetensors in `source`, checked whole: its length at most
// kMaxSafetensorsHeaderBytes and within the file, well-formed JSON, an object whose
// "__metadata__" (optional) maps strings to strings and whose every other key is a tensor
// with a dtype string, a shape of non-negative integers and data_offsets [begin, end] with
// begin <= end <= the bytes after the header; for a known dtype the shape's bytes must be
// end - begin (computed without overflow). Entries may overlap and come in any order; a
// dtype this reader does not know is listed with its bytes unchecked. Reads 8 + N bytes.
// `file` is recorded in each tensor.
CheckpointResult readSafetensorsHeader(const ByteSource &source, const std::string &file = {});

// The tensor as a matrix, reading only its bytes: dtype F64, F32, F16 or BF16, 2-D or 3-D with
// a leading axis of 1 (dropped), at most kMaxMatrixValues numbers, all finite. The result's
// format is "safetensors".
MatrixFileResult readSafetensorsMatrix(const ByteSource &source, const SafetensorsTensor &tensor);

// The index of a sharded checkpoint ({"metadata": {...}, "weight_map": {tensor: shard}}):
// the map sorted by tensor name, each shard a plain file name (no '/', '\\' or "..").
struct ShardIndex {
    std::vector<std::pair<std::string, std::string>> weightMap;
    std::vector<std::string> shards; // distinct, sorted
};
std::variant<ShardIndex, MatrixFileError> parseShardIndex(std::string_view json);

// "x.safetensors" / "x.safetensors.index.json" (any case).
bool isSafetensorsPath(std::string_view path);
bool isSafetensorsIndexPath(std::string_view path);

// The checkpoint at `path`: a .safetensors (its header), or an index (every shard's header,
// each shard in the index's folder, each tensor found in the shard the index names). Reads
// headers only.
CheckpointResult openCheckpoint(const std::string &path);
// One tensor of an opened checkpoint: opens its file and reads its bytes only.
MatrixFileResult readCheckpointMatrix(const SafetensorsTensor &tensor);

// Which tensor holds the position table. By name: it ends in wpe.weight,
// position_embeddings.weight, embed_positions.weight, position_embedding.weight, pos_embed,
// positional_embedding or position_embedding, or it is "pe" or ends in ".pe". A matrix is a
// tensor of 2 axes, or 3 with a leading 1.
bool isPositionTableName(std::string_view name);
bool isMatrixShape(const std::vector<long long> &shape);

struct TensorChoice {
    enum class Kind {
        Chosen,  // `name`
        Several, // `names`: every candidate by name
        None,    // no candidate by name; `names`: the matrix tensors
        Unknown, // the requested name is not in the checkpoint; `names`: every tensor
    };
    Kind kind = Kind::None;
    std::string name;               // Chosen, Unknown: the tensor chosen or asked for
    std::vector<std::string> names;
    std::size_t tensorCount = 0;    // None: how many tensors the checkpoint has
};

// The tensor `requested` names (when not empty), or the one candidate by name. A pure
// function of the names and shapes.
TensorChoice choosePositionTable(const std::vector<SafetensorsTensor> &tensors, std::string_view requested);
// Why a choice that is not Chosen cannot be read, naming a few of `names`.
MatrixFileError choiceRefusal(const TensorChoice &choice);

// What `posenc-lab check` and the check view read from a checkpoint: the tensor `requested`
// names (empty: the one candidate by name) of the checkpoint at `path`, opened, chosen and
// read as above, with its name; or the refusal of whichever step failed.
struct PositionTable {
    MatrixFile file;
    std::string tensor;
};
std::variant<PositionTable, MatrixFileError> readPositionTable(const std::string &path, std::string_view requested);
// The same of a single .safetensors held in `source` (an example among the application's
// resources).
std::variant<PositionTable, MatrixFileError> readPositionTable(const ByteSource &source, std::string_view requested);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
// The safetensors reader (core/safetensors.h) on bytes in memory: the header of a checkpoint,
// then every tensor it lists read as a matrix, the choice of the position table, and the same
// bytes as a sharded checkpoint's index. Any bytes give a table of contents or a refusal with a
// code and one line; a tensor listed lies inside the data and a matrix read has the shape it
// says, only finite numbers and reads nothing outside its range; a chosen tensor is listed; a
// shard of an index read is a plain file name.
#include "fuzzcommon.h"

#include "core/safetensors.h"

#include <string_view>

using namespace posenc;

namespace {

QString text(const std::string &s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

void checkRefusal(const MatrixFileError &error)
{
    fuzz::checkMessage(text(error.message));
    if (error.code.empty())
        fuzz::fail("a refusal without a code", text(error.message));
}

// A source that fails the run when a tensor is read outside the range its header gave.
class BoundedSource : public MemoryByteSource
{
public:
    BoundedSource(std::string_view bytes, std::uint64_t begin, std::uint64_t end)
        : MemoryByteSource(bytes)
        , m_begin(begin)
        , m_end(end)
    {
    }
    bool readAt(std::uint64_t offset, std::size_t count, char *out) const override
    {
        if (offset < m_begin || offset + count > m_end)
            fuzz::fail("a tensor read outside its range");
        return MemoryByteSource::readAt(offset, count, out);
    }

private:
    std::uint64_t m_begin;
    std::uint64_t m_end;
};

void checkTensor(std::string_view bytes, const SafetensorsTensor &tensor)
{
    if (tensor.begin > tensor.end || tensor.dataStart + tensor.end > bytes.size())
        fuzz::fail("a tensor listed outside the data", text(tensor.name));
    const BoundedSource source(bytes, tensor.dataStart + tensor.begin, tensor.dataStart + tensor.end);
    const MatrixFileResult read = readSafetensorsMatrix(source, tensor);
    if (const auto *refused = std::get_if<MatrixFileError>(&read)) {
        checkRefusal(*refused);
        return;
    }
    const MatrixFile &file = std::get<MatrixFile>(read);
    long long count = 1;
    for (long long axis : file.shape)
        count *= axis;
    if (count != file.values.size() || !isMatrixShape(file.shape) || file.format != "safetensors")
        fuzz::fail("a matrix read has another shape than it says", text(tensor.name));
    if (!file.values.allFinite())
        fuzz::fail("a matrix read holds NaN or infinity", text(tensor.name));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    const CheckpointResult header = readSafetensorsHeader(MemoryByteSource(bytes));
    if (const auto *refused = std::get_if<MatrixFileError>(&header)) {
        checkRefusal(*refused);
    } else {
        const Checkpoint &checkpoint = std::get<Checkpoint>(header);
        for (std::size_t i = 0; i < checkpoint.tensors.size(); ++i) {
            if (i > 0 && !(checkpoint.tensors[i - 1].name < checkpoint.tensors[i].name))
                fuzz::fail("tensors not sorted by name, or one listed twice");
            if (i < 8) // enough to reach every kind of tensor; a listing can hold thousands
                checkTensor(bytes, checkpoint.tensors[i]);
        }
        const TensorChoice choice = choosePositionTable(checkpoint.tensors, {});
        if (choice.kind != TensorChoice::Kind::Chosen)
            checkRefusal(choiceRefusal(choice));
        else if (!checkpoint.find(choice.name))
            fuzz::fail("the chosen tensor is not listed", text(choice.name));
    }

    const std::variant<ShardIndex, MatrixFileError> index = parseShardIndex(bytes);
    if (const auto *refused = std::get_if<MatrixFileError>(&index)) {
        checkRefusal(*refused);
        return 0;
    }
    for (const std::string &shard : std::get<ShardIndex>(index).shards) {
        if (shard.empty() || shard.find('/') != std::string::npos || shard.find("..") != std::string::npos)
            fuzz::fail("a shard that is not a plain file name", text(shard));
    }
    return 0;
}

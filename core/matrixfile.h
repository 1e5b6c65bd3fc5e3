// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/storedmatrix.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace posenc {

// How the numbers of a user's file were stored: a NumPy float type, or decimal text.
enum class StoredType { Float16, BFloat16, Float32, Float64, Text };

// "float16", "bfloat16", "float32", "float64", "text".
std::string_view storedTypeName(StoredType type);

// A matrix read from a user's file: the numbers as a 2-D matrix in the file's own
// orientation (a leading axis of 1 dropped), with what the file said about them.
struct MatrixFile {
    StoredMatrix values;           // [rows, columns] as stored: float16 to float32 in float, else double
    std::vector<long long> shape;  // as stored: {rows, columns} or {1, rows, columns}
    StoredType type = StoredType::Float64;
    std::string format;            // "npy 1.0", "npy 2.0", "npy 3.0" or "text"
    // Text only: how finely the numbers were printed, half a unit of the last printed digit
    // ("0.841471" -> 5e-7). Taken at the 90th percentile over the non-zero numbers, because
    // printers of the shortest round trip (Python's repr) write exact values short ("1.0")
    // and the rest with all their digits. 0 for .npy.
    double textResolution = 0;
};

// Why a file was refused. code is a stable snake_case word and args the names and numbers of
// the sentence, in order, from which the interface builds one translated line that names what
// was found and what is accepted; message is that line in English.
//
// The codes of readMatrixFile and their args: empty_file, binary_file, no_numbers, not_npy,
// npy_truncated_header_length, text_too_many_numbers (none); file_too_large (bytes);
// npy_version (major, minor); npy_truncated_header (header bytes); npy_dtype (descr);
// too_few_axes (shape, axes); too_many_axes, empty_array, too_many_numbers (shape);
// npy_truncated_data (shape, bytes needed, bytes present); not_finite ("NaN" or "infinity",
// row, column, from 0); text_not_finite ("NaN" or "infinity", line, column, from 1);
// ragged_rows (line, fields, first line, its fields); not_a_number (line, field, the text);
// the header's: npy_header_not_dict, npy_header_key_not_string, npy_header_structured_dtype,
// npy_header_descr_not_string, npy_header_fortran_order, npy_header_shape,
// npy_header_no_separator, npy_header_missing_key (none), npy_header_no_colon and
// npy_header_unknown_key (the key). Quoted text is at most 24 printable characters.
struct MatrixFileError {
    std::string message;
    std::string code;
    std::vector<std::string> args;
};

using MatrixFileResult = std::variant<MatrixFile, MatrixFileError>;

// What the reader accepts at most: 2^26 numbers (the engine's own largest matrix) and
// 512 MiB of input, checked before anything is allocated.
inline constexpr long long kMaxMatrixValues = 1LL << 26;
inline constexpr long long kMaxMatrixFileBytes = 512LL << 20;

// Reads a .npy (format 1.0, 2.0 or 3.0; <f2 <f4 <f8 or big-endian >f2 >f4 >f8; C or Fortran
// order; 2-D, or 3-D with a leading axis of 1), or else text: numbers separated by commas,
// semicolons or white space, one row a line, an optional header line (a first line that is
// not all numbers; with an empty first field it is pandas' and the index column is dropped),
// lines starting with '#' skipped. The caller reads the file; this is a pure function of its
// bytes that never throws, and refuses (with a MatrixFileError) anything else: other dtypes,
// a malformed header, ragged rows, NaN or infinity (with its row and column), an empty
// matrix, a 1-D array, more than 3 axes, too many numbers.
MatrixFileResult readMatrixFile(std::string_view bytes);

// Whether `start`, the first bytes of a file, begin as a .npy does (its magic, \x93NUMPY):
// what readMatrixFile decides the reader by.
bool isNpy(std::string_view start);
inline constexpr std::size_t kNpyMagicBytes = 6;

// The two readers behind it, for callers that know the format.
MatrixFileResult readNpy(std::string_view bytes);
MatrixFileResult readDelimitedText(std::string_view bytes);

// The bytes of a file in order: writes up to `bytes` of them to `to` and returns how many, fewer
// only where the file ends (0 after its end).
using ByteReader = std::function<std::size_t(char *to, std::size_t bytes)>;

// readNpy from the start of a file of `fileBytes` bytes (its size when opened), read through
// `read` as it goes: the numbers are converted into the matrix a block at a time, so that
// memory holds the matrix and one block of the file, never the whole file. The same refusals;
// a file that ends before what its header and `fileBytes` promise is npy_truncated_*.
MatrixFileResult readNpy(const ByteReader &read, std::uint64_t fileBytes);

// What a writer of .npy puts before the data (NumPy format 1.0): the magic, the version, the
// header's length and the header {'descr': DESCR, 'fortran_order': False, 'shape': SHAPE}
// padded with spaces and a newline so that the data starts 64-byte aligned. `descr` as NumPy
// spells it ("<f8", "<i4"); `shape` in C order, empty for a scalar.
std::string npyHeader(std::string_view descr, const std::vector<std::int64_t> &shape);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/matrixfile.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

namespace posenc {

namespace {

using i64 = long long;

constexpr std::string_view kNpyMagic = "\x93NUMPY";
static_assert(kNpyMagic.size() == kNpyMagicBytes);
constexpr std::string_view kAccepted =
    "accepted: .npy float16, float32 or float64 (<f2 <f4 <f8 >f2 >f4 >f8), 2-D or 3-D with a leading axis of 1, "
    "or text of numbers";

// A refusal: its English line, its code and the names and numbers the line quotes, in order.
MatrixFileError refuse(std::string message, std::string code, std::vector<std::string> args = {})
{
    return MatrixFileError{std::move(message), std::move(code), std::move(args)};
}

// A piece of the input as a refusal quotes it: at most 24 characters, anything that is not
// printable ASCII shown as '?', so that a refusal stays one readable line.
std::string excerpt(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size() && i < 24; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        out += (c >= 0x20 && c < 0x7F) ? char(c) : '?';
    }
    if (text.size() > 24)
        out += "...";
    return out;
}

std::string quoted(std::string_view text)
{
    return "'" + excerpt(text) + "'";
}

std::string number(long long n)
{
    return std::to_string(n);
}

// ---------------------------------------------------------------------------------------
// .npy

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

// The value of item i of a little- or big-endian float of `size` bytes.
double itemValue(const unsigned char *p, int size, bool bigEndian)
{
    std::uint64_t bits = 0;
    for (int b = 0; b < size; ++b) {
        const int byte = bigEndian ? b : size - 1 - b;
        bits = (bits << 8) | p[byte];
    }
    if (size == 2)
        return float16Value(std::uint16_t(bits));
    if (size == 4)
        return double(std::bit_cast<float>(std::uint32_t(bits)));
    return std::bit_cast<double>(bits);
}

// The header is a Python dict literal: {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }.
// A small recursive-descent reader of exactly that: string keys, and values that are a
// string, True/False, or a tuple of integers. Every step checks the end of the text.
struct NpyHeader {
    std::optional<std::string> descr;
    std::optional<bool> fortranOrder;
    std::optional<std::vector<long long>> shape;
};

class HeaderParser
{
public:
    explicit HeaderParser(std::string_view text)
        : m_text(text)
    {
    }

    // The header, or why it is malformed.
    std::variant<NpyHeader, MatrixFileError> parse()
    {
        NpyHeader header;
        skipSpace();
        if (!consume('{'))
            return malformed("it does not start with '{'", "npy_header_not_dict");
        skipSpace();
        while (!consume('}')) {
            const std::optional<std::string> key = string();
            if (!key)
                return malformed("a key is not a quoted string", "npy_header_key_not_string");
            skipSpace();
            if (!consume(':'))
                return malformed("no ':' after key " + quoted(*key), "npy_header_no_colon", {excerpt(*key)});
            skipSpace();
            if (*key == "descr") {
                if (peek() == '[')
                    return malformed("descr is a structured dtype (a list of fields)", "npy_header_structured_dtype");
                header.descr = string();
                if (!header.descr)
                    return malformed("descr is not a quoted string", "npy_header_descr_not_string");
            } else if (*key == "fortran_order") {
                if (m_text.substr(m_pos, 4) == "True") {
                    header.fortranOrder = true;
                    m_pos += 4;
                } else if (m_text.substr(m_pos, 5) == "False") {
                    header.fortranOrder = false;
                    m_pos += 5;
                } else {
                    return malformed("fortran_order is not True or False", "npy_header_fortran_order");
                }
            } else if (*key == "shape") {
                header.shape = tuple();
                if (!header.shape)
                    return malformed("shape is not a tuple of non-negative integers", "npy_header_shape");
            } else {
                return malformed("unknown key " + quoted(*key), "npy_header_unknown_key", {excerpt(*key)});
            }
            skipSpace();
            if (consume(',')) {
                skipSpace();
                continue;
            }
            if (peek() != '}')
                return malformed("no ',' or '}' after a value", "npy_header_no_separator");
        }
        if (!header.descr || !header.fortranOrder || !header.shape)
            return malformed("it lacks one of 'descr', 'fortran_order', 'shape'", "npy_header_missing_key");
        return header;
    }

private:
    static MatrixFileError malformed(const std::string &reason, std::string code, std::vector<std::string> args = {})
    {
        return refuse("malformed .npy header: " + reason, std::move(code), std::move(args));
    }

    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
    bool consume(char c)
    {
        if (peek() != c || m_pos >= m_text.size())
            return false;
        ++m_pos;
        return true;
    }
    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' || m_text[m_pos] == '\n'))
            ++m_pos;
    }
    std::optional<std::string> string()
    {
        const char quote = peek();
        if (quote != '\'' && quote != '"')
            return std::nullopt;
        const std::size_t end = m_text.find(quote, m_pos + 1);
        if (end == std::string_view::npos)
            return std::nullopt;
        std::string s(m_text.substr(m_pos + 1, end - m_pos - 1));
        m_pos = end + 1;
        return s;
    }
    // (a, b, c) or (a,) or (): each integer below 2^40, so that no product of three overflows
    // before the caller compares it with the limit.
    std::optional<std::vector<long long>> tuple()
    {
        if (!consume('('))
            return std::nullopt;
        std::vector<long long> values;
        skipSpace();
        while (!consume(')')) {
            if (values.size() >= 8)
                return std::nullopt;
            long long v = 0;
            int digits = 0;
            while (peek() >= '0' && peek() <= '9' && m_pos < m_text.size()) {
                v = v * 10 + (peek() - '0');
                ++m_pos;
                if (++digits > 12)
                    return std::nullopt;
            }
            if (consume('L')) { // Python 2 long literals, as old NumPy wrote them
            }
            if (digits == 0)
                return std::nullopt;
            values.push_back(v);
            skipSpace();
            if (consume(',')) {
                skipSpace();
                continue;
            }
            if (peek() != ')')
                return std::nullopt;
        }
        return values;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

struct NpyType {
    StoredType type;
    int size;
    bool bigEndian;
};

std::optional<NpyType> npyType(std::string_view descr)
{
    if (descr.size() != 3 || descr[1] != 'f')
        return std::nullopt;
    bool bigEndian;
    switch (descr[0]) {
    case '<':
    case '=': // native: every target this builds for is little-endian
        bigEndian = false;
        break;
    case '>':
        bigEndian = true;
        break;
    default:
        return std::nullopt;
    }
    switch (descr[2]) {
    case '2':
        return NpyType{StoredType::Float16, 2, bigEndian};
    case '4':
        return NpyType{StoredType::Float32, 4, bigEndian};
    case '8':
        return NpyType{StoredType::Float64, 8, bigEndian};
    default:
        return std::nullopt;
    }
}

std::string shapeText(const std::vector<long long> &shape)
{
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + number(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

// NaN or infinity in a .npy, at its row and column counted from 0; args: "NaN" or
// "infinity", the row, the column.
MatrixFileError nonFiniteInNpy(double v, long long row, long long column)
{
    const std::string what = std::isnan(v) ? "NaN" : "infinity";
    return refuse("the file holds " + what + " at row " + number(row) + ", column " + number(column)
                      + " (counted from 0); only finite numbers are accepted",
                  "not_finite", {what, number(row), number(column)});
}

// The same in text, where a person counts lines and fields from 1.
MatrixFileError nonFiniteInText(double v, long long line, long long field)
{
    const std::string what = std::isnan(v) ? "NaN" : "infinity";
    return refuse("the file holds " + what + " at line " + number(line) + ", column " + number(field)
                      + " (both counted from 1); only finite numbers are accepted",
                  "text_not_finite", {what, number(line), number(field)});
}

MatrixFileError tooLarge(std::size_t bytes)
{
    return refuse("the file has " + number(i64(bytes)) + " bytes; at most 512 MiB are accepted", "file_too_large",
                  {number(i64(bytes))});
}

} // namespace

std::string_view storedTypeName(StoredType type)
{
    switch (type) {
    case StoredType::Float16:
        return "float16";
    case StoredType::BFloat16:
        return "bfloat16";
    case StoredType::Float32:
        return "float32";
    case StoredType::Float64:
        return "float64";
    case StoredType::Text:
        return "text";
    }
    return "float64";
}

namespace {

// Reads up to `bytes` bytes, fewer only where the reader's file ends; returns how many.
std::size_t readFully(const ByteReader &read, char *to, std::size_t bytes)
{
    std::size_t total = 0;
    while (total < bytes) {
        const std::size_t got = read(to + total, bytes - total);
        if (got == 0)
            break;
        total += got;
    }
    return total;
}

MatrixFileError truncatedData(const std::vector<long long> &shape, std::uint64_t needed, std::uint64_t present)
{
    return refuse("malformed .npy: shape " + shapeText(shape) + " needs " + number(i64(needed))
                      + " bytes of data but the file has " + number(i64(present)),
                  "npy_truncated_data", {shapeText(shape), number(i64(needed)), number(i64(present))});
}

// The first NaN or infinity of `values` in row-major order (the order a person reads the file in
// whichever order it was stored), as the refusal that names it; none when all are finite.
std::optional<MatrixFileError> firstNonFinite(const StoredMatrix &values)
{
    if (values.allFinite())
        return std::nullopt;
    for (Eigen::Index r = 0; r < values.rows(); ++r)
        for (Eigen::Index c = 0; c < values.cols(); ++c)
            if (!std::isfinite(values(r, c)))
                return nonFiniteInNpy(values(r, c), r, c);
    return std::nullopt;
}

// The numbers of a .npy after its header, read in blocks of 1 MiB of items and converted into
// `values` ([rows, columns], allocated) as they come: memory holds the matrix and one block.
std::optional<MatrixFileError> readNpyData(const ByteReader &read, const NpyType &type, bool fortranOrder,
                                           const std::vector<long long> &shape, StoredMatrix &values)
{
    const long long rows = values.rows(), columns = values.cols();
    const std::size_t count = std::size_t(rows * columns);
    const std::size_t size = std::size_t(type.size);
    constexpr std::size_t kBlockBytes = 1 << 20;
    std::vector<char> block(std::min(count * size, kBlockBytes));
    // The next item's place: C order runs along the last axis, Fortran order along the first
    // (the leading axis of 1 changes neither).
    long long r = 0, c = 0;
    for (std::size_t done = 0; done < count;) {
        const std::size_t items = std::min(count - done, block.size() / size);
        const std::size_t got = readFully(read, block.data(), items * size);
        if (got < items * size)
            return truncatedData(shape, count * size, done * size + got);
        const auto *item = reinterpret_cast<const unsigned char *>(block.data());
        for (std::size_t k = 0; k < items; ++k, item += size) {
            values.set(Eigen::Index(r), Eigen::Index(c), itemValue(item, type.size, type.bigEndian));
            if (fortranOrder ? ++r == rows : ++c == columns) {
                if (fortranOrder)
                    r = 0, ++c;
                else
                    c = 0, ++r;
            }
        }
        done += items;
    }
    return firstNonFinite(values);
}

} // namespace

MatrixFileResult readNpy(const ByteReader &read, std::uint64_t fileBytes)
{
    if (fileBytes > std::uint64_t(kMaxMatrixFileBytes))
        return tooLarge(std::size_t(fileBytes));
    char start[12] = {};
    const std::size_t startBytes = readFully(read, start, std::size_t(std::min<std::uint64_t>(fileBytes, 10)));
    if (startBytes < 10 || !isNpy(std::string_view(start, startBytes)))
        return refuse("not a .npy file: it does not start with \\x93NUMPY", "not_npy");
    const int major = static_cast<unsigned char>(start[6]);
    const int minor = static_cast<unsigned char>(start[7]);
    if (major < 1 || major > 3 || minor != 0)
        return refuse("npy format version " + number(major) + '.' + number(minor)
                          + " is not accepted; versions 1.0, 2.0 and 3.0 are",
                      "npy_version", {number(major), number(minor)});
    // Version 1.0 has a 2-byte header length, 2.0 and 3.0 a 4-byte one, little-endian.
    const std::size_t lengthBytes = major == 1 ? 2 : 4;
    const std::size_t headerStart = 8 + lengthBytes;
    if (headerStart > 10 && readFully(read, start + 10, headerStart - 10) < headerStart - 10)
        return refuse("malformed .npy: the file ends inside the header length", "npy_truncated_header_length");
    std::uint64_t headerLength = 0;
    for (std::size_t b = 0; b < lengthBytes; ++b)
        headerLength |= std::uint64_t(static_cast<unsigned char>(start[8 + b])) << (8 * b);
    const auto truncatedHeader = [&] {
        return refuse("malformed .npy: the header is said to have " + number(i64(headerLength))
                          + " bytes but the file ends before",
                      "npy_truncated_header", {number(i64(headerLength))});
    };
    if (fileBytes < headerStart || headerLength > fileBytes - headerStart)
        return truncatedHeader();
    std::string headerText(std::size_t(headerLength), '\0');
    if (readFully(read, headerText.data(), headerText.size()) < headerText.size())
        return truncatedHeader();

    auto parsed = HeaderParser(headerText).parse();
    if (auto *why = std::get_if<MatrixFileError>(&parsed))
        return std::move(*why);
    const NpyHeader &header = std::get<NpyHeader>(parsed);

    const std::optional<NpyType> type = npyType(*header.descr);
    if (!type)
        return refuse("dtype " + quoted(*header.descr) + " is not accepted; " + std::string(kAccepted), "npy_dtype",
                      {excerpt(*header.descr)});
    const std::vector<long long> &shape = *header.shape;
    if (shape.size() < 2)
        return refuse("the array has shape " + shapeText(shape) + " (" + number(i64(shape.size()))
                          + "-D); a 2-D matrix [positions, dimensions] or its transpose is needed",
                      "too_few_axes", {shapeText(shape), number(i64(shape.size()))});
    if (shape.size() > 3 || (shape.size() == 3 && shape[0] != 1))
        return refuse("the array has shape " + shapeText(shape)
                          + "; only 2-D, or 3-D with a leading axis of 1, is accepted",
                      "too_many_axes", {shapeText(shape)});
    const long long rows = shape[shape.size() - 2];
    const long long columns = shape[shape.size() - 1];
    if (rows == 0 || columns == 0 || (shape.size() == 3 && shape[0] == 0))
        return refuse("the array has shape " + shapeText(shape) + ": it is empty", "empty_array", {shapeText(shape)});
    // Each axis is below 2^40 (the header reader's limit), so rows * columns cannot overflow.
    if (rows > kMaxMatrixValues || columns > kMaxMatrixValues || rows * columns > kMaxMatrixValues)
        return refuse("the array has shape " + shapeText(shape) + ", more than 2^26 = 67108864 numbers",
                      "too_many_numbers", {shapeText(shape)});

    // Refused before the matrix is allocated when the file is too short to hold it.
    const std::uint64_t dataStart = headerStart + headerLength;
    const std::uint64_t dataBytes = std::uint64_t(rows * columns) * std::uint64_t(type->size);
    if (fileBytes < dataStart + dataBytes)
        return truncatedData(shape, dataBytes, fileBytes > dataStart ? fileBytes - dataStart : 0);

    MatrixFile file;
    file.shape = shape;
    file.type = type->type;
    file.format = "npy " + number(major) + ".0";
    file.values = StoredMatrix::allocate(type->size <= 4, Eigen::Index(rows), Eigen::Index(columns));
    if (std::optional<MatrixFileError> why = readNpyData(read, *type, *header.fortranOrder, shape, file.values))
        return std::move(*why);
    return file;
}

MatrixFileResult readNpy(std::string_view bytes)
{
    return readNpy(
        [&bytes](char *to, std::size_t wanted) {
            const std::size_t n = std::min(wanted, bytes.size());
            std::memcpy(to, bytes.data(), n);
            bytes.remove_prefix(n);
            return n;
        },
        bytes.size());
}

namespace {


// ---------------------------------------------------------------------------------------
// Text

// One line split into fields: at commas or semicolons when it has one (empty fields kept),
// else at runs of white space. A trailing delimiter (an empty last field) is dropped.
std::vector<std::string_view> splitFields(std::string_view line)
{
    auto trim = [](std::string_view s) {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
            s.remove_prefix(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
            s.remove_suffix(1);
        return s;
    };
    std::vector<std::string_view> fields;
    if (line.find_first_of(",;") != std::string_view::npos) {
        std::size_t start = 0;
        while (true) {
            const std::size_t end = line.find_first_of(",;", start);
            fields.push_back(trim(line.substr(start, end == std::string_view::npos ? end : end - start)));
            if (end == std::string_view::npos)
                break;
            start = end + 1;
        }
        if (fields.size() > 1 && fields.back().empty())
            fields.pop_back();
    } else {
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                ++i;
            const std::size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t')
                ++i;
            if (i > start)
                fields.push_back(line.substr(start, i - start));
        }
    }
    return fields;
}

// A decimal number with its printing resolution (half a unit of its last digit; 0 when it
// has neither a point nor an exponent, as an integer says nothing about the printer).
struct ParsedNumber {
    double value = 0;
    double resolution = 0;
};

// Whether a decimal number that no double holds is too large (else it is too small: nearer
// 0 than the smallest subnormal, 4.9e-324, so it reads as 0, as numpy reads it). From its
// decimal order: the exponent plus the place of the first non-zero digit.
bool beyondLargestDouble(std::string_view field)
{
    if (!field.empty() && (field.front() == '-' || field.front() == '+'))
        field.remove_prefix(1);
    const std::size_t exponentAt = field.find_first_of("eE");
    const std::string_view mantissa = field.substr(0, exponentAt);
    long long exponent = 0;
    if (exponentAt != std::string_view::npos) {
        std::string_view e = field.substr(exponentAt + 1);
        const bool negative = !e.empty() && e.front() == '-';
        if (!e.empty() && (e.front() == '-' || e.front() == '+'))
            e.remove_prefix(1);
        const auto [end, error] = std::from_chars(e.data(), e.data() + e.size(), exponent);
        if (error == std::errc::result_out_of_range)
            return !negative; // an exponent beyond 2^63 decides alone
        exponent = negative ? -exponent : exponent;
        (void)end;
    }
    const std::size_t point = mantissa.find('.');
    const std::string_view whole = mantissa.substr(0, point);
    const std::size_t firstWhole = whole.find_first_not_of('0');
    if (firstWhole != std::string_view::npos)
        return exponent + i64(whole.size() - firstWhole) - 1 >= 0;
    const std::string_view fraction = point == std::string_view::npos ? std::string_view() : mantissa.substr(point + 1);
    const std::size_t firstFraction = fraction.find_first_not_of('0');
    if (firstFraction == std::string_view::npos)
        return false; // all zeros: from_chars does not refuse those
    return exponent - i64(firstFraction) - 1 >= 0;
}

std::optional<ParsedNumber> parseNumber(std::string_view field)
{
    if (!field.empty() && field.front() == '+')
        field.remove_prefix(1);
    if (field.empty())
        return std::nullopt;
    ParsedNumber n;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), n.value);
    if (error != std::errc() || end != field.data() + field.size()) {
        // from_chars refuses out-of-range numbers: beyond the largest double they are taken as
        // infinite (and refused as such), below the smallest subnormal they are 0.
        if (error == std::errc::result_out_of_range && end == field.data() + field.size())
            n.value = beyondLargestDouble(field) ? (field.front() == '-' ? -HUGE_VAL : HUGE_VAL)
                                                 : (field.front() == '-' ? -0.0 : 0.0);
        else
            return std::nullopt;
    }
    const std::size_t point = field.find('.');
    const std::size_t exponentAt = field.find_first_of("eE");
    if (point == std::string_view::npos && exponentAt == std::string_view::npos)
        return n;
    const std::size_t mantissaEnd = exponentAt == std::string_view::npos ? field.size() : exponentAt;
    const long long decimals = point == std::string_view::npos || point > mantissaEnd ? 0 : i64(mantissaEnd - point - 1);
    long long exponent = 0;
    if (exponentAt != std::string_view::npos) {
        std::string_view e = field.substr(exponentAt + 1);
        if (!e.empty() && e.front() == '+')
            e.remove_prefix(1);
        int value = 0;
        const auto [eEnd, eError] = std::from_chars(e.data(), e.data() + e.size(), value);
        if (eError == std::errc() && eEnd == e.data() + e.size())
            exponent = value;
    }
    n.resolution = 0.5 * std::pow(10.0, double(std::clamp(exponent - decimals, -400LL, 400LL)));
    return n;
}

bool isNumber(std::string_view field)
{
    return parseNumber(field).has_value();
}

} // namespace

MatrixFileResult readDelimitedText(std::string_view bytes)
{
    if (bytes.size() > std::size_t(kMaxMatrixFileBytes))
        return tooLarge(bytes.size());
    if (bytes.find('\0') != std::string_view::npos)
        return refuse("the file is neither .npy nor text (it holds NUL bytes); " + std::string(kAccepted),
                      "binary_file");
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF")
        bytes.remove_prefix(3);

    std::vector<double> values;
    std::vector<double> resolutions;
    long long columns = -1;
    long long firstDataLine = 0;
    bool headerSeen = false;
    bool dropIndexColumn = false;
    long long lineNumber = 0;
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        std::size_t end = bytes.find_first_of("\r\n", pos);
        if (end == std::string_view::npos)
            end = bytes.size();
        std::string_view line = bytes.substr(pos, end - pos);
        pos = end;
        if (pos < bytes.size() && bytes[pos] == '\r')
            ++pos;
        if (pos < bytes.size() && bytes[pos] == '\n')
            ++pos;
        ++lineNumber;

        std::vector<std::string_view> fields = splitFields(line);
        if (fields.empty() || (fields.size() == 1 && fields[0].empty()) || fields[0].starts_with('#'))
            continue;
        // A header: some field that is words, or pandas' empty corner above its index
        // (",0,1,2" when the column names are numbers). An empty field elsewhere is an error.
        const bool firstLine = columns < 0 && !headerSeen;
        const bool words = std::any_of(fields.begin(), fields.end(),
                                       [](std::string_view f) { return !f.empty() && !isNumber(f); });
        const bool pandasCorner = fields.size() > 1 && fields[0].empty()
                                  && std::none_of(fields.begin() + 1, fields.end(), [](std::string_view f) { return f.empty(); });
        if (firstLine && (words || pandasCorner)) {
            // A header line. pandas' to_csv starts it with an empty field above its index.
            headerSeen = true;
            dropIndexColumn = fields.size() > 1 && fields[0].empty();
            continue;
        }
        if (dropIndexColumn)
            fields.erase(fields.begin());
        if (columns < 0) {
            columns = i64(fields.size());
            firstDataLine = lineNumber;
        } else if (i64(fields.size()) != columns) {
            return refuse("ragged rows: line " + number(lineNumber) + " has " + number(i64(fields.size()))
                              + " fields where line " + number(firstDataLine) + " has " + number(columns)
                              + "; every row needs the same number of columns",
                          "ragged_rows",
                          {number(lineNumber), number(i64(fields.size())), number(firstDataLine), number(columns)});
        }
        if (i64(values.size()) + columns > kMaxMatrixValues)
            return refuse("the file holds more than 2^26 = 67108864 numbers", "text_too_many_numbers");
        for (std::size_t f = 0; f < fields.size(); ++f) {
            const std::optional<ParsedNumber> n = parseNumber(fields[f]);
            if (!n)
                return refuse("line " + number(lineNumber) + ", field " + number(i64(f) + 1) + ": "
                                  + quoted(fields[f]) + " is not a number; text files must hold numbers only "
                                                        "(one header line allowed)",
                              "not_a_number", {number(lineNumber), number(i64(f) + 1), excerpt(fields[f])});
            if (!std::isfinite(n->value))
                return nonFiniteInText(n->value, lineNumber, i64(f) + 1);
            values.push_back(n->value);
            if (n->value != 0 && n->resolution > 0)
                resolutions.push_back(n->resolution);
        }
    }
    if (values.empty())
        return refuse("the file holds no numbers; " + std::string(kAccepted), "no_numbers");

    MatrixFile file;
    const long long rows = i64(values.size()) / columns;
    file.shape = {rows, columns};
    file.type = StoredType::Text;
    file.format = "text";
    if (!resolutions.empty()) {
        const std::size_t at = (resolutions.size() - 1) * 9 / 10;
        std::nth_element(resolutions.begin(), resolutions.begin() + long(at), resolutions.end());
        file.textResolution = resolutions[at];
    }
    std::vector<double>().swap(resolutions); // freed before the numbers are copied into the matrix
    file.values = StoredMatrix(RowMatrixXd(Eigen::Map<const RowMatrixXd>(values.data(), Eigen::Index(rows), Eigen::Index(columns))));
    return file;
}

bool isNpy(std::string_view start)
{
    return start.substr(0, kNpyMagic.size()) == kNpyMagic;
}

MatrixFileResult readMatrixFile(std::string_view bytes)
{
    if (bytes.empty())
        return refuse("the file is empty; " + std::string(kAccepted), "empty_file");
    if (isNpy(bytes))
        return readNpy(bytes);
    return readDelimitedText(bytes);
}

std::string npyHeader(std::string_view descr, const std::vector<std::int64_t> &shape)
{
    // Python's tuples: (), (n,), (r, c)
    std::string dims;
    for (std::size_t i = 0; i < shape.size(); ++i)
        dims += (i > 0 ? ", " : "") + std::to_string(shape[i]);
    if (shape.size() == 1)
        dims += ',';
    std::string header = "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': (" + dims + "), }";
    const std::size_t preamble = 10;
    const std::size_t total = (preamble + header.size() + 1 + 63) / 64 * 64;
    header.append(total - preamble - header.size() - 1, ' ');
    header += '\n';
    std::string head("\x93NUMPY\x01\x00", 8);
    head += char(header.size() & 0xff);
    head += char(header.size() >> 8);
    return head + header;
}

} // namespace posenc

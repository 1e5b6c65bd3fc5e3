// SPDX-License-Identifier: GPL-3.0-or-later
// The reader of a user's matrix: .npy bytes written here by hand (magic, version,
// header length, the header dict padded to 64 bytes, the data), text in every separator, and
// every refusal with the words its message must hold.

#include "core/matrixfile.h"

#include <QTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(std::string)

namespace {

// binary16 bits of a value that float16 represents exactly (the test values are chosen so):
// sign, exponent e + 15, the 10 bits of the fraction.
std::uint16_t float16Bits(double v)
{
    if (v == 0)
        return std::signbit(v) ? 0x8000 : 0;
    const std::uint16_t sign = v < 0 ? 0x8000 : 0;
    int e = 0;
    const double f = std::frexp(std::abs(v), &e); // |v| = f 2^e, f in [0.5, 1)
    const int exponent = e - 1 + 15;
    const auto fraction = std::uint16_t(std::lround((f * 2 - 1) * 1024));
    return sign | std::uint16_t(exponent << 10) | fraction;
}

// The bytes of one item of a float type of `size` bytes.
std::string itemBytes(double v, int size, bool bigEndian)
{
    std::uint64_t bits = 0;
    if (size == 2)
        bits = float16Bits(v);
    else if (size == 4)
        bits = std::bit_cast<std::uint32_t>(float(v));
    else
        bits = std::bit_cast<std::uint64_t>(v);
    std::string out(std::size_t(size), '\0');
    for (int b = 0; b < size; ++b)
        out[std::size_t(bigEndian ? size - 1 - b : b)] = char((bits >> (8 * b)) & 0xFF);
    return out;
}

// A .npy file: values given in C order of the logical shape, written in the order asked.
std::string npy(int major, const std::string &descr, bool fortran, const std::vector<long long> &shape,
                const std::vector<double> &values)
{
    std::string shapeText = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        shapeText += std::to_string(shape[i]) + (shape.size() == 1 || i + 1 < shape.size() ? ", " : "");
    shapeText += ")";
    std::string header = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False")
                         + ", 'shape': " + shapeText + ", }";
    const std::size_t prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    std::string out = "\x93NUMPY";
    out += char(major);
    out += char(0);
    const std::size_t length = header.size();
    out += char(length & 0xFF);
    out += char((length >> 8) & 0xFF);
    if (major > 1) {
        out += char((length >> 16) & 0xFF);
        out += char((length >> 24) & 0xFF);
    }
    out += header;
    const int size = descr[2] - '0';
    const bool big = descr[0] == '>';
    const long long rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
    const long long columns = shape.empty() ? 1 : shape.back();
    if (fortran) {
        for (long long c = 0; c < columns; ++c)
            for (long long r = 0; r < rows; ++r)
                out += itemBytes(values[std::size_t(r * columns + c)], size, big);
    } else {
        for (double v : values)
            out += itemBytes(v, size, big);
    }
    return out;
}

// A version 1.0 .npy whose header is `dict` as written, and no data.
std::string npyWithHeader(const std::string &dict)
{
    const std::string header = dict + '\n';
    std::string out = "\x93NUMPY\x01";
    out += char(0);
    out += char(header.size() & 0xFF);
    out += char((header.size() >> 8) & 0xFF);
    return out + header;
}

// 3 x 4 values every float type holds exactly.
const std::vector<double> kValues = {0.5, -1.25, 3.0, 0.0, 0.125, -0.75, 2.5, 1.0, -3.5, 0.25, 0.0625, -2.0};

} // namespace

class TestMatrixFile : public QObject
{
    Q_OBJECT

private slots:
    void npyAccepted_data();
    void npyAccepted();
    void text_data();
    void text();
    void refused_data();
    void refused();
    void notNpyToItsReader();
    void npyStreamed_data();
    void npyStreamed();
    void npyStreamEndsEarly_data();
    void npyStreamEndsEarly();
    void nonFiniteNamedInReadingOrder();
    void names();
};

void TestMatrixFile::npyAccepted_data()
{
    QTest::addColumn<int>("major");
    QTest::addColumn<std::string>("descr");
    QTest::addColumn<bool>("fortran");
    QTest::addColumn<bool>("leadingOne");
    QTest::addColumn<int>("type");
    for (int major : {1, 2, 3}) {
        for (const char *descr : {"<f2", "<f4", "<f8", ">f2", ">f4", ">f8"}) {
            for (bool fortran : {false, true}) {
                for (bool leadingOne : {false, true}) {
                    const int type = descr[2] == '2' ? int(StoredType::Float16)
                                     : descr[2] == '4' ? int(StoredType::Float32)
                                                       : int(StoredType::Float64);
                    QTest::addRow("v%d %s %s %s", major, descr, fortran ? "F" : "C", leadingOne ? "3-D" : "2-D")
                        << major << std::string(descr) << fortran << leadingOne << type;
                }
            }
        }
    }
}

void TestMatrixFile::npyAccepted()
{
    QFETCH(int, major);
    QFETCH(std::string, descr);
    QFETCH(bool, fortran);
    QFETCH(bool, leadingOne);
    QFETCH(int, type);
    const std::vector<long long> shape = leadingOne ? std::vector<long long>{1, 3, 4} : std::vector<long long>{3, 4};
    const std::string bytes = npy(major, descr, fortran, shape, kValues);
    const MatrixFileResult result = readMatrixFile(bytes);
    if (const auto *error = std::get_if<MatrixFileError>(&result))
        QFAIL(error->message.c_str());
    const MatrixFile &file = std::get<MatrixFile>(result);
    QCOMPARE(file.shape, shape);
    QCOMPARE(int(file.type), type);
    QCOMPARE(file.format, "npy " + std::to_string(major) + ".0");
    QCOMPARE(file.values.rows(), 3);
    QCOMPARE(file.values.cols(), 4);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c)
            QCOMPARE(file.values(r, c), kValues[std::size_t(r * 4 + c)]);
    // Held in the narrowest type that holds every number exactly: float up to float32.
    QCOMPARE(file.values.isFloat(), type != int(StoredType::Float64));
}

void TestMatrixFile::text_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<double>("last"); // the last value read
    QTest::addColumn<double>("resolution");
    QTest::newRow("commas") << std::string("0.5,1.25\n-2,3e-1\n") << 2 << 2 << 0.3 << 0.05;
    QTest::newRow("semicolons") << std::string("0.50;1.25\n-2.00;0.30\n") << 2 << 2 << 0.3 << 0.005;
    QTest::newRow("whitespace and tabs") << std::string("  0.5\t 1.25 \n-2   0.3\n") << 2 << 2 << 0.3 << 0.05;
    QTest::newRow("header") << std::string("sin0,cos0\n0.000000,1.000000\n0.841471,0.540302\n") << 2 << 2
                            << 0.540302 << 5e-7;
    QTest::newRow("pandas index column") << std::string(",0,1\n0,0.0,1.0\n1,0.8414709848078965,0.5403023058681398\n")
                                         << 2 << 2 << 0.5403023058681398 << 5e-17;
    QTest::newRow("comments, CRLF, blank lines, BOM")
        << std::string("\xEF\xBB\xBF# numpy savetxt header\r\n\r\n1.0e+00 2.0e+00\r\n3.0e+00 4.0e+00\r\n") << 2 << 2 << 4.0
        << 0.05;
    QTest::newRow("trailing comma, plus sign") << std::string("+1.5,2.5,\n3.5,4.5,\n") << 2 << 2 << 4.5 << 0.05;
    QTest::newRow("one row") << std::string("1 2 3") << 1 << 3 << 3.0 << 0.0;
    // Nearer 0 than the smallest subnormal: 0, as numpy.loadtxt reads it (not infinity).
    QTest::newRow("underflow in an exponent") << std::string("0.5,0.25\n0.125,1e-999\n") << 2 << 2 << 0.0 << 0.005;
    QTest::newRow("underflow, negative") << std::string("0.5,0.25\n0.125,-4e-400\n") << 2 << 2 << -0.0 << 0.005;
    QTest::newRow("underflow in zeros") << std::string("0.5,0.25\n0.125,0." + std::string(1000, '0') + "1\n") << 2 << 2
                                        << 0.0 << 0.005;
    QTest::newRow("underflow, exponent beyond 2^63")
        << std::string("0.5,0.25\n0.125,1e-99999999999999999999\n") << 2 << 2 << 0.0 << 0.005;
    QTest::newRow("smallest subnormal") << std::string("0.5,0.25\n0.125,4.9e-324\n") << 2 << 2 << 4.9e-324 << 0.005;
}

void TestMatrixFile::text()
{
    QFETCH(std::string, bytes);
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(double, last);
    QFETCH(double, resolution);
    const MatrixFileResult result = readMatrixFile(bytes);
    if (const auto *error = std::get_if<MatrixFileError>(&result))
        QFAIL(error->message.c_str());
    const MatrixFile &file = std::get<MatrixFile>(result);
    QCOMPARE(file.type, StoredType::Text);
    QCOMPARE(file.values.rows(), rows);
    QCOMPARE(file.values.cols(), columns);
    QCOMPARE(file.values(rows - 1, columns - 1), last);
    QVERIFY(!file.values.isFloat()); // text may print more digits than a float holds
    QVERIFY2(std::abs(file.textResolution - resolution) <= 1e-9 * resolution + 1e-300,
             QByteArray::number(file.textResolution, 'g', 17));
}

void TestMatrixFile::refused_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<std::string>("words"); // a part of the message
    QTest::addColumn<std::string>("code");  // the refusal's code, from which the window words it
    const std::vector<double> six = {1, 2, 3, 4, 5, 6};
    QTest::newRow("empty") << std::string() << std::string("empty") << std::string("empty_file");
    QTest::newRow("int dtype") << npy(1, "<i8", false, {2, 3}, six) << std::string("dtype '<i8' is not accepted")
                               << std::string("npy_dtype");
    QTest::newRow("complex dtype") << npy(1, "<c8", false, {2, 3}, six) << std::string("'<c8'")
                                   << std::string("npy_dtype");
    std::string object = npy(1, "<f8", false, {2, 3}, six);
    object.replace(object.find("<f8"), 3, "|O8");
    QTest::newRow("object dtype") << object << std::string("'|O8'") << std::string("npy_dtype");
    QTest::newRow("1-D") << npy(1, "<f8", false, {6}, six) << std::string("1-D") << std::string("too_few_axes");
    QTest::newRow("4-D") << npy(1, "<f8", false, {1, 1, 2, 3}, six) << std::string("only 2-D")
                         << std::string("too_many_axes");
    QTest::newRow("3-D leading 2") << npy(1, "<f8", false, {2, 1, 3}, six) << std::string("leading axis of 1")
                                   << std::string("too_many_axes");
    QTest::newRow("zero rows") << npy(1, "<f8", false, {0, 3}, {}) << std::string("empty")
                               << std::string("empty_array");
    QTest::newRow("too large") << npy(1, "<f4", false, {100000, 100000}, {}) << std::string("2^26")
                               << std::string("too_many_numbers");
    std::string truncated = npy(2, "<f8", false, {2, 3}, six);
    truncated.resize(truncated.size() - 5);
    QTest::newRow("truncated data") << truncated << std::string("needs 48 bytes") << std::string("npy_truncated_data");
    std::string unquoted = npy(1, "<f8", false, {2, 3}, six);
    unquoted.replace(unquoted.find("'descr'"), 7, "descr  ");
    QTest::newRow("key without quotes") << unquoted << std::string("malformed .npy header")
                                        << std::string("npy_header_key_not_string");
    std::string openQuote = npy(1, "<f8", false, {2, 3}, six);
    openQuote.replace(openQuote.find("'<f8'"), 5, "'<f8 ");
    QTest::newRow("missing closing quote") << openQuote << std::string("malformed .npy header")
                                           << std::string("npy_header_no_separator");
    std::string unknownKey = npy(1, "<f8", false, {2, 3}, six);
    unknownKey.replace(unknownKey.find("'shape'"), 7, "'shapes'");
    QTest::newRow("unknown key") << unknownKey << std::string("unknown key 'shapes'")
                                 << std::string("npy_header_unknown_key");
    std::string version = npy(1, "<f8", false, {2, 3}, six);
    version[6] = 4;
    QTest::newRow("version 4.0") << version << std::string("version 4.0") << std::string("npy_version");
    std::string longHeader = npy(1, "<f8", false, {2, 3}, six);
    longHeader[8] = char(0xFF);
    longHeader[9] = char(0xFF);
    QTest::newRow("header longer than the file") << longHeader << std::string("ends before")
                                                 << std::string("npy_truncated_header");
    QTest::newRow("NaN in npy") << npy(1, "<f8", false, {2, 3}, {1, 2, 3, 4, std::nan(""), 6})
                                << std::string("NaN at row 1, column 1") << std::string("not_finite");
    QTest::newRow("inf in npy") << npy(3, "<f4", true, {2, 3}, {1, HUGE_VAL, 3, 4, 5, 6})
                                << std::string("infinity at row 0, column 1") << std::string("not_finite");
    QTest::newRow("ragged csv") << std::string("1,2,3\n4,5\n") << std::string("ragged rows: line 2 has 2 fields where line 1 has 3")
                                << std::string("ragged_rows");
    QTest::newRow("NaN in text") << std::string("1 2\n3 nan\n") << std::string("NaN at line 2, column 2")
                                 << std::string("text_not_finite");
    QTest::newRow("inf in text") << std::string("1 -inf\n3 4\n") << std::string("infinity at line 1, column 2")
                                 << std::string("text_not_finite");
    QTest::newRow("overflow in text") << std::string("1 2\n3 1e999\n") << std::string("infinity at line 2, column 2")
                                      << std::string("text_not_finite");
    QTest::newRow("overflow in digits") << std::string("1 2\n3 -" + std::string(400, '9') + "\n")
                                        << std::string("infinity at line 2, column 2") << std::string("text_not_finite");
    QTest::newRow("overflow, tiny mantissa") << std::string("1 2\n3 0.001e99999999999999999999\n")
                                             << std::string("infinity at line 2, column 2") << std::string("text_not_finite");
    QTest::newRow("word in data") << std::string("1 2\n3 four\n") << std::string("line 2, field 2: 'four' is not a number")
                                  << std::string("not_a_number");
    QTest::newRow("only a header") << std::string("a,b,c\n") << std::string("no numbers") << std::string("no_numbers");
    QTest::newRow("binary") << std::string("PK\x03\x04\0\0garbage", 14) << std::string("NUL bytes")
                            << std::string("binary_file");
    QTest::newRow("empty field") << std::string("1,,3\n4,5,6\n") << std::string("'' is not a number")
                                 << std::string("not_a_number");
    QTest::newRow("header length cut") << std::string("\x93NUMPY\x02\x00\x10\x00", 10)
                                       << std::string("inside the header length")
                                       << std::string("npy_truncated_header_length");
    QTest::newRow("header not a dict") << npyWithHeader("('descr', '<f8')") << std::string("does not start with '{'")
                                       << std::string("npy_header_not_dict");
    QTest::newRow("no colon") << npyWithHeader("{'descr' '<f8'}") << std::string("no ':' after key 'descr'")
                              << std::string("npy_header_no_colon");
    QTest::newRow("structured dtype") << npyWithHeader("{'descr': [('x', '<f8')]}") << std::string("structured dtype")
                                      << std::string("npy_header_structured_dtype");
    QTest::newRow("fortran_order 1") << npyWithHeader("{'descr': '<f8', 'fortran_order': 1}")
                                     << std::string("fortran_order is not True or False")
                                     << std::string("npy_header_fortran_order");
    QTest::newRow("negative shape") << npyWithHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (-2, 3)}")
                                    << std::string("shape is not a tuple") << std::string("npy_header_shape");
    QTest::newRow("no separator") << npyWithHeader("{'descr': '<f8' 'fortran_order': False}")
                                  << std::string("no ',' or '}'") << std::string("npy_header_no_separator");
    QTest::newRow("no shape") << npyWithHeader("{'descr': '<f8', 'fortran_order': False}")
                              << std::string("lacks one of") << std::string("npy_header_missing_key");
}

void TestMatrixFile::refused()
{
    QFETCH(std::string, bytes);
    QFETCH(std::string, words);
    QFETCH(std::string, code);
    const MatrixFileResult result = readMatrixFile(bytes);
    const auto *error = std::get_if<MatrixFileError>(&result);
    QVERIFY2(error, "the bytes were accepted");
    QVERIFY2(error->message.find(words) != std::string::npos, error->message.c_str());
    QVERIFY2(error->message.find('\n') == std::string::npos, "a refusal is one line");
    // The code, and the names and numbers of the English line in the order it says them: a
    // translation built from code and args says what the English line says.
    QCOMPARE(error->code, code);
    std::size_t at = 0;
    for (const std::string &arg : error->args) {
        at = error->message.find(arg, at);
        QVERIFY2(at != std::string::npos, (arg + " is not in: " + error->message).c_str());
        at += arg.size();
    }
}

// readNpy called on text (readMatrixFile sends such bytes to the text reader).
void TestMatrixFile::notNpyToItsReader()
{
    const MatrixFileResult result = readNpy("0.5, 1.0\n0.25, 2.0\n");
    const auto *error = std::get_if<MatrixFileError>(&result);
    QVERIFY2(error, "text was read as a .npy");
    QCOMPARE(error->code, std::string("not_npy"));
    QVERIFY(error->args.empty());
}

namespace {

// A reader over `bytes` that hands out at most `step` bytes a call, as a file read in pieces;
// it stops after `end` bytes (a file that shrank after its size was taken).
ByteReader pieces(const std::string &bytes, std::size_t step, std::size_t end)
{
    auto at = std::make_shared<std::size_t>(0);
    return [&bytes, step, end, at](char *to, std::size_t wanted) {
        const std::size_t n = std::min({wanted, step, std::min(end, bytes.size()) - *at});
        std::memcpy(to, bytes.data() + *at, n);
        *at += n;
        return n;
    };
}

} // namespace

// Matrices larger than the reader's 1 MiB block, read in pieces of every size: each number
// where the file's order puts it.
void TestMatrixFile::npyStreamed_data()
{
    QTest::addColumn<std::string>("descr");
    QTest::addColumn<bool>("fortran");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("step");
    for (const char *descr : {"<f4", ">f8"})
        for (bool fortran : {false, true})
            for (int step : {1 << 20, 4093, 7})
                QTest::addRow("%s %s 301 x 1000, pieces of %d", descr, fortran ? "F" : "C", step)
                    << std::string(descr) << fortran << 301 << 1000 << step;
    QTest::newRow("1 x 300000 row, pieces of 1") << std::string("<f8") << false << 1 << 300000 << 1;
    QTest::newRow("300000 x 1 column, F") << std::string("<f4") << true << 300000 << 1 << 65536;
}

void TestMatrixFile::npyStreamed()
{
    QFETCH(std::string, descr);
    QFETCH(bool, fortran);
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(int, step);
    // r * columns + c + 0.5 is exact in float32 below 2^23.
    std::vector<double> values(std::size_t(rows) * std::size_t(columns));
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = double(i) + 0.5;
    const std::string bytes = npy(1, descr, fortran, {rows, columns}, values);
    const MatrixFileResult result = readNpy(pieces(bytes, std::size_t(step), bytes.size()), bytes.size());
    if (const auto *error = std::get_if<MatrixFileError>(&result))
        QFAIL(error->message.c_str());
    const MatrixFile &file = std::get<MatrixFile>(result);
    QCOMPARE(file.values.rows(), rows);
    QCOMPARE(file.values.cols(), columns);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            if (file.values(r, c) != double(r) * columns + c + 0.5)
                QFAIL(qPrintable(QStringLiteral("(%1, %2) is %3").arg(r).arg(c).arg(file.values(r, c))));
}

// A file that ends before the size it had when opened: refused as truncated, naming the bytes
// that were there.
void TestMatrixFile::npyStreamEndsEarly_data()
{
    QTest::addColumn<int>("cut");       // bytes the reader gives before it stops
    QTest::addColumn<bool>("inData");   // cut counted from the start of the data, else of the file
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("words");
    // 400 x 1000 float32: 1,600,000 bytes of data after a header of more than 40 bytes.
    QTest::newRow("in the magic") << 5 << false << std::string("not_npy") << std::string("does not start");
    QTest::newRow("in the header") << 40 << false << std::string("npy_truncated_header") << std::string("ends before");
    QTest::newRow("in the first block") << 1000 << true << std::string("npy_truncated_data")
                                        << std::string("needs 1600000 bytes of data but the file has 1000");
    QTest::newRow("in the second block") << 1400000 << true << std::string("npy_truncated_data")
                                         << std::string("but the file has 1400000");
    QTest::newRow("one byte short") << 1599999 << true << std::string("npy_truncated_data")
                                    << std::string("but the file has 1599999");
}

void TestMatrixFile::npyStreamEndsEarly()
{
    QFETCH(int, cut);
    QFETCH(bool, inData);
    QFETCH(std::string, code);
    QFETCH(std::string, words);
    const std::string bytes = npy(1, "<f4", false, {400, 1000}, std::vector<double>(400000, 0.25));
    const std::size_t dataStart = bytes.size() - 1600000;
    const std::size_t end = std::size_t(cut) + (inData ? dataStart : 0);
    const MatrixFileResult result = readNpy(pieces(bytes, 4096, end), bytes.size());
    const auto *error = std::get_if<MatrixFileError>(&result);
    QVERIFY2(error, "a file cut short was accepted");
    QCOMPARE(error->code, code);
    QVERIFY2(error->message.find(words) != std::string::npos, error->message.c_str());
}

// A Fortran-order file stores column 0 first, but a person reads the matrix by rows: the
// refusal names the first non-finite number in row order.
void TestMatrixFile::nonFiniteNamedInReadingOrder()
{
    // 2 x 3: NaN at (1, 0), first in the file's column order; infinity at (0, 2), first by rows.
    const std::string bytes = npy(1, "<f8", true, {2, 3}, {1, 2, HUGE_VAL, std::nan(""), 5, 6});
    const MatrixFileResult result = readMatrixFile(bytes);
    const auto *error = std::get_if<MatrixFileError>(&result);
    QVERIFY(error);
    QCOMPARE(error->code, std::string("not_finite"));
    QCOMPARE(error->args, (std::vector<std::string>{"infinity", "0", "2"}));
}

void TestMatrixFile::names()
{
    QCOMPARE(storedTypeName(StoredType::Float16), "float16");
    QCOMPARE(storedTypeName(StoredType::Float32), "float32");
    QCOMPARE(storedTypeName(StoredType::Float64), "float64");
    QCOMPARE(storedTypeName(StoredType::Text), "text");
}

QTEST_GUILESS_MAIN(TestMatrixFile)
#include "tst_matrixfile.moc"

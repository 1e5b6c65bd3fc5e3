// SPDX-License-Identifier: GPL-3.0-or-later
// The safetensors reader (core/safetensors.h): files written here from the format's
// description (safetensorswriter.h, independent of the reader) in every accepted dtype and
// shape, tensors listed and laid out in any order; every refusal of a broken header, of a
// tensor that is no matrix of finite floats and of a sharded checkpoint's index, each with
// its code and arguments; only the header and the chosen tensor's bytes read; and the choice
// of the position table by name.

#include "core/safetensors.h"
#include "tests/core/safetensorswriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

using namespace posenc;
using namespace posenc::testing;

Q_DECLARE_METATYPE(std::string)

namespace {

// 3 x 4 values that F64, F32, F16 and BF16 all hold exactly.
const std::vector<double> kValues = {0.5, -1.25, 3.0, 0.0, 0.125, -0.75, 2.5, 1.0, -3.5, 0.25, 0.0625, -2.0};

QStringList toList(const std::vector<std::string> &items)
{
    QStringList list;
    for (const std::string &s : items)
        list << QString::fromStdString(s);
    return list;
}

std::string le64(std::uint64_t n)
{
    return littleEndianBytes(n, 8);
}

// The message of a refusal, or nothing (QVERIFY2 evaluates its message whatever the outcome).
template<typename Result>
std::string refusalOf(const Result &result)
{
    const auto *error = std::get_if<MatrixFileError>(&result);
    return error ? error->message : std::string();
}

// The header length N of a file's first 8 bytes.
std::uint64_t littleEndian64(const std::string &bytes)
{
    std::uint64_t n = 0;
    for (int b = 7; b >= 0; --b)
        n = (n << 8) | static_cast<unsigned char>(bytes[std::size_t(b)]);
    return n;
}

// An entry written out by hand, for headers that the writer would not produce.
std::string entry(const std::string &name, const std::string &body)
{
    return "\"" + name + "\":{" + body + "}";
}

// Checks a refusal as a caller relies on it: the code and arguments expected, and one line.
void verifyRefusal(const MatrixFileError &error, const QString &code, const QStringList &args)
{
    QCOMPARE(QString::fromStdString(error.code), code);
    QVERIFY2(!error.message.empty() && error.message.find('\n') == std::string::npos, error.message.c_str());
    if (args != QStringList{QStringLiteral("*")})
        QCOMPARE(toList(error.args), args);
}

// A source in memory that records the byte ranges read from it.
class RecordingSource : public MemoryByteSource
{
public:
    using MemoryByteSource::MemoryByteSource;
    bool readAt(std::uint64_t offset, std::size_t count, char *out) const override
    {
        reads.emplace_back(offset, offset + count);
        return MemoryByteSource::readAt(offset, count, out);
    }
    mutable std::vector<std::pair<std::uint64_t, std::uint64_t>> reads;
};

bool writeFile(const QString &path, const std::string &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes.data(), qint64(bytes.size())) == qint64(bytes.size());
}

// "name:3x4" (a shape of "" is 0-D) to a tensor for the chooser, which reads names and shapes.
std::vector<SafetensorsTensor> tensorsOf(const QStringList &specs)
{
    std::vector<SafetensorsTensor> tensors;
    for (const QString &spec : specs) {
        SafetensorsTensor t;
        t.name = spec.section(QLatin1Char(':'), 0, 0).toStdString();
        const QString shape = spec.section(QLatin1Char(':'), 1);
        for (const QString &axis : shape.split(QLatin1Char('x'), Qt::SkipEmptyParts))
            t.shape.push_back(axis.toLongLong());
        t.dtype = "F32";
        tensors.push_back(t);
    }
    return tensors;
}

} // namespace

class TestSafetensors : public QObject
{
    Q_OBJECT

private slots:
    void accepted_data();
    void accepted();
    void overlappingTensors();
    void refusedHeader_data();
    void refusedHeader();
    void refusedTensor_data();
    void refusedTensor();
    void boundsBeforeReading();
    void readsOnlyTheTensor();
    void files();
    void index();
    void refusedIndex_data();
    void refusedIndex();
    void chooser_data();
    void chooser();
    void paths();
};

void TestSafetensors::accepted_data()
{
    QTest::addColumn<std::string>("dtype");
    QTest::addColumn<bool>("leadingOne");
    QTest::addColumn<bool>("reverseData");
    QTest::addColumn<bool>("metadata");
    QTest::addColumn<int>("type");
    const std::pair<const char *, StoredType> dtypes[] = {
        {"F64", StoredType::Float64}, {"F32", StoredType::Float32}, {"F16", StoredType::Float16}, {"BF16", StoredType::BFloat16}};
    for (const auto &[dtype, type] : dtypes) {
        for (bool leadingOne : {false, true}) {
            for (bool reverse : {false, true}) {
                const bool metadata = reverse; // half the files with metadata
                QTest::addRow("%s %s%s", dtype, leadingOne ? "[1,3,4]" : "[3,4]", reverse ? " data reversed, metadata" : "")
                    << std::string(dtype) << leadingOne << reverse << metadata << int(type);
            }
        }
    }
}

// The table among other tensors (listed before and after it, in any layout of the data):
// its values exactly, its shape as stored, its dtype, and the others listed by name.
void TestSafetensors::accepted()
{
    QFETCH(std::string, dtype);
    QFETCH(bool, leadingOne);
    QFETCH(bool, reverseData);
    QFETCH(bool, metadata);
    QFETCH(int, type);
    const std::vector<long long> shape = leadingOne ? std::vector<long long>{1, 3, 4} : std::vector<long long>{3, 4};
    const std::vector<TensorSpec> specs = {
        {"transformer.h.0.mlp.weight", "F32", {2, 3}, tensorBytes({1, 2, 3, 4, 5, 6}, "F32")},
        {"transformer.wpe.weight", dtype, shape, tensorBytes(kValues, dtype)},
        {"step", "I64", {1}, le64(7)},
    };
    const std::string bytes = safetensorsFile(specs, reverseData, metadata ? "{\"format\":\"pt\"}" : "");
    const MemoryByteSource source(bytes);
    const CheckpointResult header = readSafetensorsHeader(source);
    QVERIFY2(std::holds_alternative<Checkpoint>(header), refusalOf(header).c_str());
    const Checkpoint &checkpoint = std::get<Checkpoint>(header);
    QCOMPARE(checkpoint.tensors.size(), std::size_t(3));
    QCOMPARE(checkpoint.tensors[0].name, std::string("step")); // sorted by name
    QCOMPARE(checkpoint.metadata.size(), std::size_t(metadata ? 1 : 0));
    if (metadata)
        QVERIFY(checkpoint.metadata[0] == std::make_pair(std::string("format"), std::string("pt")));
    const SafetensorsTensor *table = checkpoint.find("transformer.wpe.weight");
    QVERIFY(table);
    QCOMPARE(table->dtype, dtype);
    QVERIFY(table->shape == shape);

    const MatrixFileResult read = readSafetensorsMatrix(source, *table);
    QVERIFY2(std::holds_alternative<MatrixFile>(read), refusalOf(read).c_str());
    const MatrixFile &file = std::get<MatrixFile>(read);
    QCOMPARE(file.values.rows(), 3);
    QCOMPARE(file.values.cols(), 4);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c)
            QCOMPARE(file.values(r, c), kValues[std::size_t(r * 4 + c)]);
    QCOMPARE(file.values.isFloat(), type != int(StoredType::Float64)); // every F32, F16, BF16 fits a float
    QVERIFY(file.shape == shape);
    QCOMPARE(int(file.type), type);
    QCOMPARE(file.format, std::string("safetensors"));

    // The other float tensor reads too, from wherever its bytes were laid out.
    const MatrixFileResult other = readSafetensorsMatrix(source, *checkpoint.find("transformer.h.0.mlp.weight"));
    QVERIFY(std::holds_alternative<MatrixFile>(other));
    QCOMPARE(std::get<MatrixFile>(other).values(1, 2), 6.0);
}

// Two entries may share bytes (the format does not forbid it); each reads its own range.
void TestSafetensors::overlappingTensors()
{
    const std::string data = tensorBytes(kValues, "F32");
    const std::string bytes = safetensorsFile({{"all", "F32", {3, 4}, data, 0, 48}, {"tail", "F32", {2, 4}, {}, 16, 48}})
                              + data;
    const MemoryByteSource source(bytes);
    const CheckpointResult header = readSafetensorsHeader(source);
    QVERIFY2(std::holds_alternative<Checkpoint>(header), refusalOf(header).c_str());
    const MatrixFileResult tail = readSafetensorsMatrix(source, *std::get<Checkpoint>(header).find("tail"));
    QVERIFY(std::holds_alternative<MatrixFile>(tail));
    const MatrixFile &file = std::get<MatrixFile>(tail);
    QCOMPARE(file.values.rows(), 2);
    for (int i = 0; i < 8; ++i)
        QCOMPARE(file.values(i / 4, i % 4), kValues[std::size_t(4 + i)]);
}

void TestSafetensors::refusedHeader_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("args"); // {"*"}: not compared
    const auto row = [](const char *name, const std::string &bytes, const char *code, const QStringList &args) {
        QTest::newRow(name) << bytes << QString::fromLatin1(code) << args;
    };
    const auto header = [](const std::string &json, const std::string &data = {}) { return rawSafetensors(json, data); };
    const QStringList any{QStringLiteral("*")};
    const std::string f32x4 = tensorBytes({1, 2, 3, 4}, "F32");

    row("empty file", "", "safetensors_too_short", {QStringLiteral("0")});
    row("shorter than the length", std::string("\x05\x00\x00", 3), "safetensors_too_short", {QStringLiteral("3")});
    row("length beyond the file", le64(100) + "{}", "safetensors_header_beyond_file",
        {QStringLiteral("100"), QStringLiteral("2")});
    row("length huge", le64(1ULL << 40) + "{}", "safetensors_header_too_long",
        {QStringLiteral("1099511627776"), QStringLiteral("100000000")});
    row("length one over the bound", le64(100000001) + "{}", "safetensors_header_too_long",
        {QStringLiteral("100000001"), QStringLiteral("100000000")});
    row("length 2^64 - 1", le64(~0ULL) + "{}", "safetensors_header_too_long", any);
    row("not JSON", header("{\"a\": "), "safetensors_header_not_json", any);
    row("trailing bytes after the object", header("{} x"), "safetensors_header_not_json", any);
    row("invalid UTF-8 in a name", header("{\"\xff\":1}"), "safetensors_header_not_json", any);
    row("NUL in the header", header(std::string("{}\0", 3)), "safetensors_header_not_json", any);
    row("a number beyond a double", header("{\"__metadata__\":{},\"t\":1e400}"), "safetensors_header_number_out_of_range",
        {QStringLiteral("29")});
    row("an array", header("[1,2]"), "safetensors_header_not_object", {});
    row("a string", header("\"x\""), "safetensors_header_not_object", {});
    row("metadata of numbers", header("{\"__metadata__\":{\"format\":1}}"), "safetensors_bad_metadata", {});
    row("metadata a list", header("{\"__metadata__\":[]}"), "safetensors_bad_metadata", {});
    row("entry a number", header("{\"t\":3}"), "safetensors_entry_not_object", {QStringLiteral("t")});
    row("no dtype", header("{" + entry("t", "\"shape\":[1],\"data_offsets\":[0,4]") + "}", f32x4),
        "safetensors_bad_dtype", {QStringLiteral("t")});
    row("dtype a number", header("{" + entry("t", "\"dtype\":32,\"shape\":[1],\"data_offsets\":[0,4]") + "}", f32x4),
        "safetensors_bad_dtype", {QStringLiteral("t")});
    row("negative axis", header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[-1,4],\"data_offsets\":[0,16]") + "}", f32x4),
        "safetensors_bad_shape", {QStringLiteral("t")});
    row("fractional axis", header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[1.5],\"data_offsets\":[0,4]") + "}", f32x4),
        "safetensors_bad_shape", {QStringLiteral("t")});
    row("no shape", header("{" + entry("t", "\"dtype\":\"F32\",\"data_offsets\":[0,4]") + "}", f32x4),
        "safetensors_bad_shape", {QStringLiteral("t")});
    row("one offset", header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0]") + "}", f32x4),
        "safetensors_bad_offsets", {QStringLiteral("t")});
    row("negative offset", header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[-4,0]") + "}", f32x4),
        "safetensors_bad_offsets", {QStringLiteral("t")});
    row("offsets reversed", header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[8,4]") + "}", f32x4),
        "safetensors_offsets_reversed", {QStringLiteral("t"), QStringLiteral("8"), QStringLiteral("4")});
    row("shape and bytes disagree",
        header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,12]") + "}", f32x4),
        "safetensors_size_mismatch",
        {QStringLiteral("t"), QStringLiteral("[2, 2]"), QStringLiteral("F32"), QStringLiteral("16"), QStringLiteral("0"),
         QStringLiteral("12"), QStringLiteral("12")});
    row("an empty shape with bytes",
        header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[0,4],\"data_offsets\":[0,4]") + "}", f32x4),
        "safetensors_size_mismatch", any);
    row("end beyond the data", header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[1,2],\"data_offsets\":[12,20]") + "}", f32x4),
        "safetensors_offsets_outside", {QStringLiteral("t"), QStringLiteral("20"), QStringLiteral("16")});
    row("a second entry beyond the data",
        header("{" + entry("a", "\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,16]") + ","
                   + entry("b", "\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[16,20]") + "}",
               f32x4),
        "safetensors_offsets_outside", {QStringLiteral("b"), QStringLiteral("20"), QStringLiteral("16")});
    row("size overflows 64 bits",
        header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[4294967296,4294967296],\"data_offsets\":[0,0]") + "}"),
        "safetensors_size_overflow",
        {QStringLiteral("t"), QStringLiteral("[4294967296, 4294967296]"), QStringLiteral("F32")});
    row("axis beyond 2^63", header("{" + entry("t", "\"dtype\":\"F32\",\"shape\":[18446744073709551615,0],\"data_offsets\":[0,0]") + "}"),
        "safetensors_bad_shape", {QStringLiteral("t")});
}

// A broken header is refused whole, with its code and the names and numbers of the sentence.
void TestSafetensors::refusedHeader()
{
    QFETCH(std::string, bytes);
    QFETCH(QString, code);
    QFETCH(QStringList, args);
    const CheckpointResult header = readSafetensorsHeader(MemoryByteSource(bytes));
    QVERIFY2(std::holds_alternative<MatrixFileError>(header), "accepted");
    verifyRefusal(std::get<MatrixFileError>(header), code, args);
}

void TestSafetensors::refusedTensor_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("args");
    const auto one = [](const std::string &dtype, const std::vector<long long> &shape, const std::string &data) {
        return safetensorsFile({{"t", dtype, shape, data}});
    };
    std::vector<double> nan = kValues;
    nan[6] = std::numeric_limits<double>::quiet_NaN(); // row 1, column 2
    std::vector<double> inf = kValues;
    inf[11] = std::numeric_limits<double>::infinity(); // row 2, column 3
    std::vector<double> minusInf = kValues;
    minusInf[0] = -std::numeric_limits<double>::infinity();
    const QString t = QStringLiteral("t");

    QTest::newRow("I64 chosen") << one("I64", {3, 4}, std::string(96, '\0')) << QStringLiteral("safetensors_dtype_not_accepted")
                                << QStringList{t, QStringLiteral("I64")};
    QTest::newRow("unknown dtype listed, refused when chosen")
        << one("F99", {3, 4}, std::string(5, '\0')) << QStringLiteral("safetensors_dtype_not_accepted")
        << QStringList{t, QStringLiteral("F99")};
    QTest::newRow("NaN in F32") << one("F32", {3, 4}, tensorBytes(nan, "F32")) << QStringLiteral("safetensors_non_finite")
                                << QStringList{t, QStringLiteral("NaN"), QStringLiteral("1"), QStringLiteral("2")};
    QTest::newRow("NaN in F64 [1,3,4]") << one("F64", {1, 3, 4}, tensorBytes(nan, "F64"))
                                        << QStringLiteral("safetensors_non_finite")
                                        << QStringList{t, QStringLiteral("NaN"), QStringLiteral("1"), QStringLiteral("2")};
    QTest::newRow("infinity in BF16") << one("BF16", {3, 4}, tensorBytes(inf, "BF16"))
                                      << QStringLiteral("safetensors_non_finite")
                                      << QStringList{t, QStringLiteral("infinity"), QStringLiteral("2"), QStringLiteral("3")};
    QTest::newRow("-infinity in F16") << one("F16", {3, 4}, tensorBytes(minusInf, "F16"))
                                      << QStringLiteral("safetensors_non_finite")
                                      << QStringList{t, QStringLiteral("infinity"), QStringLiteral("0"), QStringLiteral("0")};
    QTest::newRow("1-D") << one("F32", {12}, tensorBytes(kValues, "F32")) << QStringLiteral("safetensors_not_2d")
                         << QStringList{t, QStringLiteral("[12]"), QStringLiteral("1")};
    QTest::newRow("0-D") << one("F32", {}, tensorBytes({1}, "F32")) << QStringLiteral("safetensors_not_2d")
                         << QStringList{t, QStringLiteral("[]"), QStringLiteral("0")};
    QTest::newRow("3-D, leading 2") << one("F32", {2, 3, 2}, tensorBytes(kValues, "F32"))
                                    << QStringLiteral("safetensors_too_many_axes") << QStringList{t, QStringLiteral("[2, 3, 2]")};
    QTest::newRow("4-D") << one("F32", {1, 1, 3, 4}, tensorBytes(kValues, "F32")) << QStringLiteral("safetensors_too_many_axes")
                         << QStringList{t, QStringLiteral("[1, 1, 3, 4]")};
    QTest::newRow("no rows") << one("F32", {0, 4}, "") << QStringLiteral("safetensors_empty")
                             << QStringList{t, QStringLiteral("[0, 4]")};
    QTest::newRow("[1, 0, 4]") << one("F32", {1, 0, 4}, "") << QStringLiteral("safetensors_empty")
                               << QStringList{t, QStringLiteral("[1, 0, 4]")};
}

// A header that lists the tensor well, but a tensor that is no matrix of finite floats.
void TestSafetensors::refusedTensor()
{
    QFETCH(std::string, bytes);
    QFETCH(QString, code);
    QFETCH(QStringList, args);
    const MemoryByteSource source(bytes);
    const CheckpointResult header = readSafetensorsHeader(source);
    QVERIFY2(std::holds_alternative<Checkpoint>(header), refusalOf(header).c_str());
    const MatrixFileResult read = readSafetensorsMatrix(source, std::get<Checkpoint>(header).tensors.at(0));
    QVERIFY2(std::holds_alternative<MatrixFileError>(read), "accepted");
    verifyRefusal(std::get<MatrixFileError>(read), code, args);
}

// Tensors too big for the engine are refused before a byte of them is read or a matrix
// allocated; bytes that are not there (a file cut short) are a refusal, not a crash.
void TestSafetensors::boundsBeforeReading()
{
    SafetensorsTensor big{"big", "F32", {8193, 8193}, 0, 8193ULL * 8193 * 4, 8, {}};
    const RecordingSource empty(std::string_view{});
    const MatrixFileResult refused = readSafetensorsMatrix(empty, big);
    QVERIFY(std::holds_alternative<MatrixFileError>(refused));
    verifyRefusal(std::get<MatrixFileError>(refused), QStringLiteral("safetensors_too_many_values"),
                  {QStringLiteral("big"), QStringLiteral("[8193, 8193]")});
    QVERIFY(empty.reads.empty());

    const std::string bytes = safetensorsFile({{"t", "F32", {3, 4}, tensorBytes(kValues, "F32")}});
    const CheckpointResult header = readSafetensorsHeader(MemoryByteSource(bytes));
    const SafetensorsTensor table = std::get<Checkpoint>(header).tensors.at(0);
    const std::string cut = bytes.substr(0, bytes.size() - 1);
    const MatrixFileResult truncated = readSafetensorsMatrix(MemoryByteSource(cut), table);
    QVERIFY(std::holds_alternative<MatrixFileError>(truncated));
    verifyRefusal(std::get<MatrixFileError>(truncated), QStringLiteral("safetensors_truncated"), {QStringLiteral("t")});
}

// Checking a table next to 4 MB of other weights reads the header and the table's bytes,
// nothing else.
void TestSafetensors::readsOnlyTheTensor()
{
    const std::string junk(4 << 20, '\x11');
    const std::string bytes = safetensorsFile({{"h.0.mlp.weight", "F32", {1024, 1024}, junk},
                                               {"wpe.weight", "F32", {3, 4}, tensorBytes(kValues, "F32")},
                                               {"wte.weight", "BF16", {1024, 2048}, junk}});
    const RecordingSource source(bytes);
    const CheckpointResult header = readSafetensorsHeader(source);
    QVERIFY(std::holds_alternative<Checkpoint>(header));
    const std::uint64_t headerEnd = 8 + littleEndian64(bytes);
    QVERIFY(source.reads.size() == 2);
    QVERIFY(source.reads[0] == std::make_pair(std::uint64_t(0), std::uint64_t(8)));
    QVERIFY(source.reads[1] == std::make_pair(std::uint64_t(8), headerEnd));

    source.reads.clear();
    const MatrixFileResult read = readSafetensorsMatrix(source, *std::get<Checkpoint>(header).find("wpe.weight"));
    QVERIFY(std::holds_alternative<MatrixFile>(read));
    std::uint64_t bytesRead = 0;
    for (const auto &[begin, end] : source.reads) {
        QVERIFY(begin >= headerEnd + junk.size() && end <= headerEnd + junk.size() + 48);
        bytesRead += end - begin;
    }
    QCOMPARE(bytesRead, std::uint64_t(48));
}

// A real file: the header read, the tensor read from the file; a file cut after its header
// was read, a missing file, a folder.
void TestSafetensors::files()
{
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("model.safetensors"));
    const std::string bytes = safetensorsFile({{"transformer.wpe.weight", "BF16", {3, 4}, tensorBytes(kValues, "BF16")},
                                               {"transformer.wte.weight", "F32", {2, 2}, tensorBytes({1, 2, 3, 4}, "F32")}});
    QVERIFY(writeFile(path, bytes));
    const CheckpointResult opened = openCheckpoint(path.toStdString());
    QVERIFY2(std::holds_alternative<Checkpoint>(opened), refusalOf(opened).c_str());
    const SafetensorsTensor table = *std::get<Checkpoint>(opened).find("transformer.wpe.weight");
    QCOMPARE(table.file, path.toStdString());
    const MatrixFileResult read = readCheckpointMatrix(table);
    QVERIFY(std::holds_alternative<MatrixFile>(read));
    QCOMPARE(std::get<MatrixFile>(read).values(2, 3), -2.0);
    QCOMPARE(std::get<MatrixFile>(read).type, StoredType::BFloat16);

    QVERIFY(QFile::resize(path, qint64(bytes.size()) - 20));
    const MatrixFileResult cut = readCheckpointMatrix(table);
    QVERIFY(std::holds_alternative<MatrixFileError>(cut));
    verifyRefusal(std::get<MatrixFileError>(cut), QStringLiteral("safetensors_truncated"),
                  {QStringLiteral("transformer.wpe.weight")});

    const CheckpointResult missing = openCheckpoint(folder.filePath(QStringLiteral("none.safetensors")).toStdString());
    QVERIFY(std::holds_alternative<MatrixFileError>(missing));
    verifyRefusal(std::get<MatrixFileError>(missing), QStringLiteral("file_unreadable"), {QStringLiteral("No such file or directory")});
    QVERIFY(QDir(folder.path()).mkdir(QStringLiteral("dir.safetensors")));
    const CheckpointResult directory = openCheckpoint(folder.filePath(QStringLiteral("dir.safetensors")).toStdString());
    QVERIFY(std::holds_alternative<MatrixFileError>(directory));
    verifyRefusal(std::get<MatrixFileError>(directory), QStringLiteral("file_not_regular"), {});
}

// A sharded checkpoint: every tensor of the weight map found in its shard, read from there.
void TestSafetensors::index()
{
    QTemporaryDir folder;
    QVERIFY(writeFile(folder.filePath(QStringLiteral("model-00001-of-00002.safetensors")),
                      safetensorsFile({{"transformer.wte.weight", "F32", {2, 2}, tensorBytes({1, 2, 3, 4}, "F32")},
                                       {"transformer.h.0.ln.weight", "F32", {2}, tensorBytes({1, 1}, "F32")}},
                                      false, "{\"format\":\"pt\"}")));
    QVERIFY(writeFile(folder.filePath(QStringLiteral("model-00002-of-00002.safetensors")),
                      safetensorsFile({{"transformer.wpe.weight", "F16", {1, 3, 4}, tensorBytes(kValues, "F16")}})));
    const QString path = folder.filePath(QStringLiteral("model.safetensors.index.json"));
    QVERIFY(writeFile(path, R"({"metadata": {"total_size": 60}, "weight_map": {
        "transformer.wpe.weight": "model-00002-of-00002.safetensors",
        "transformer.wte.weight": "model-00001-of-00002.safetensors",
        "transformer.h.0.ln.weight": "model-00001-of-00002.safetensors"}})"));
    const CheckpointResult opened = openCheckpoint(path.toStdString());
    QVERIFY2(std::holds_alternative<Checkpoint>(opened), refusalOf(opened).c_str());
    const Checkpoint &checkpoint = std::get<Checkpoint>(opened);
    QCOMPARE(checkpoint.tensors.size(), std::size_t(3));
    QCOMPARE(checkpoint.metadata.size(), std::size_t(1));
    const TensorChoice choice = choosePositionTable(checkpoint.tensors, {});
    QCOMPARE(int(choice.kind), int(TensorChoice::Kind::Chosen));
    const SafetensorsTensor *table = checkpoint.find(choice.name);
    QVERIFY(table);
    QCOMPARE(QString::fromStdString(table->file), folder.filePath(QStringLiteral("model-00002-of-00002.safetensors")));
    const MatrixFileResult read = readCheckpointMatrix(*table);
    QVERIFY2(std::holds_alternative<MatrixFile>(read), refusalOf(read).c_str());
    QCOMPARE(std::get<MatrixFile>(read).values(1, 0), 0.125);
    QVERIFY((std::get<MatrixFile>(read).shape == std::vector<long long>{1, 3, 4}));
}

void TestSafetensors::refusedIndex_data()
{
    QTest::addColumn<std::string>("json");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("args");
    const auto map = [](const std::string &shard) {
        return "{\"weight_map\": {\"wpe.weight\": " + shard + "}}";
    };
    const QString wpe = QStringLiteral("wpe.weight");
    QTest::newRow("shard in the parent folder") << map("\"../shard.safetensors\"") << QStringLiteral("index_bad_shard_name")
                                                << QStringList{wpe, QStringLiteral("../shard.safetensors")};
    QTest::newRow("shard in a subfolder") << map("\"sub/shard.safetensors\"") << QStringLiteral("index_bad_shard_name")
                                          << QStringList{wpe, QStringLiteral("sub/shard.safetensors")};
    QTest::newRow("shard an absolute path") << map("\"/etc/passwd\"") << QStringLiteral("index_bad_shard_name")
                                            << QStringList{wpe, QStringLiteral("/etc/passwd")};
    QTest::newRow("shard ..") << map("\"..\"") << QStringLiteral("index_bad_shard_name") << QStringList{wpe, QStringLiteral("..")};
    QTest::newRow("shard a backslash path") << map("\"..\\\\shard.safetensors\"") << QStringLiteral("index_bad_shard_name")
                                            << QStringList{wpe, QStringLiteral("..\\shard.safetensors")};
    QTest::newRow("shard empty") << map("\"\"") << QStringLiteral("index_bad_shard_name") << QStringList{wpe, QString()};
    QTest::newRow("shard a number") << map("3") << QStringLiteral("index_bad_shard_value") << QStringList{wpe};
    QTest::newRow("shard missing") << map("\"model-00009.safetensors\"") << QStringLiteral("index_shard_refused")
                                   << QStringList{QStringLiteral("model-00009.safetensors"), QStringLiteral("file_unreadable"),
                                                  QStringLiteral("No such file or directory")};
    QTest::newRow("tensor not in its shard") << std::string(R"({"weight_map": {"wpe.weight": "shard.safetensors", "lost": "shard.safetensors"}})")
                                             << QStringLiteral("index_tensor_not_in_shard")
                                             << QStringList{QStringLiteral("lost"), QStringLiteral("shard.safetensors")};
    QTest::newRow("the index as its own shard")
        << map("\"model.safetensors.index.json\"") << QStringLiteral("index_shard_refused")
        << QStringList{QStringLiteral("model.safetensors.index.json"), QStringLiteral("safetensors_header_too_long"), QStringLiteral("*")};
    QTest::newRow("no weight_map") << std::string(R"({"metadata": {}})") << QStringLiteral("index_no_weight_map") << QStringList{};
    QTest::newRow("weight_map a list") << std::string(R"({"weight_map": []})") << QStringLiteral("index_no_weight_map")
                                       << QStringList{};
    QTest::newRow("weight_map empty") << std::string(R"({"weight_map": {}})") << QStringLiteral("index_empty") << QStringList{};
    QTest::newRow("not JSON") << std::string("{\"weight_map\": {") << QStringLiteral("index_not_json")
                              << QStringList{QStringLiteral("*")};
    QTest::newRow("a list") << std::string("[]") << QStringLiteral("index_not_object") << QStringList{};
    QTest::newRow("a number beyond a double") << std::string(R"({"metadata": {"total_size": 1e999}})")
                                              << QStringLiteral("index_number_out_of_range") << QStringList{QStringLiteral("35")};
}

// The index of a sharded checkpoint, next to one good shard: shards must be plain file names
// in its folder, exist, and hold what the index says they hold.
void TestSafetensors::refusedIndex()
{
    QFETCH(std::string, json);
    QFETCH(QString, code);
    QFETCH(QStringList, args);
    QTemporaryDir folder;
    QVERIFY(writeFile(folder.filePath(QStringLiteral("shard.safetensors")),
                      safetensorsFile({{"wpe.weight", "F32", {3, 4}, tensorBytes(kValues, "F32")}})));
    const QString path = folder.filePath(QStringLiteral("model.safetensors.index.json"));
    QVERIFY(writeFile(path, json));
    const CheckpointResult opened = openCheckpoint(path.toStdString());
    QVERIFY2(std::holds_alternative<MatrixFileError>(opened), "accepted");
    const MatrixFileError &error = std::get<MatrixFileError>(opened);
    if (args.size() == 3 && args.last() == QLatin1String("*")) {
        // A shard's refusal: its own arguments follow the shard and its code.
        QCOMPARE(toList(error.args).mid(0, 2), args.mid(0, 2));
        verifyRefusal(error, code, {QStringLiteral("*")});
    } else {
        verifyRefusal(error, code, args);
    }
}

void TestSafetensors::chooser_data()
{
    QTest::addColumn<QStringList>("tensors"); // "name:3x4"
    QTest::addColumn<QString>("requested");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("code"); // of the refusal when not chosen
    using Kind = TensorChoice::Kind;
    const QStringList gpt2{QStringLiteral("transformer.h.0.attn.c_attn.weight:768x2304"), QStringLiteral("transformer.ln_f.bias:768"),
                           QStringLiteral("transformer.wpe.weight:1024x768"), QStringLiteral("transformer.wte.weight:50257x768")};
    const QStringList bart{QStringLiteral("model.decoder.embed_positions.weight:1026x768"),
                           QStringLiteral("model.encoder.embed_positions.weight:1026x768"),
                           QStringLiteral("model.shared.weight:50265x768")};
    const QString none;
    const auto chosen = [](const char *row, const QStringList &tensors, const QString &requested, const char *name) {
        QTest::newRow(row) << tensors << requested << int(Kind::Chosen) << QString::fromLatin1(name) << QStringList{} << QString();
    };
    chosen("GPT-2 wpe", gpt2, none, "transformer.wpe.weight");
    chosen("BERT position_embeddings",
           {QStringLiteral("bert.embeddings.word_embeddings.weight:30522x768"),
            QStringLiteral("bert.embeddings.position_embeddings.weight:512x768"),
            QStringLiteral("bert.embeddings.token_type_embeddings.weight:2x768")},
           none, "bert.embeddings.position_embeddings.weight");
    chosen("ViT pos_embed [1, 197, 768]", {QStringLiteral("cls_token:1x1x768"), QStringLiteral("pos_embed:1x197x768")}, none,
           "pos_embed");
    chosen("CLIP position_embedding.weight", {QStringLiteral("text_model.embeddings.position_embedding.weight:77x512")}, none,
           "text_model.embeddings.position_embedding.weight");
    chosen("OpenAI CLIP positional_embedding", {QStringLiteral("positional_embedding:77x512"), QStringLiteral("ln_final.weight:512")},
           none, "positional_embedding");
    chosen("a buffer named pe", {QStringLiteral("pe:5000x512"), QStringLiteral("type:2")}, none, "pe");
    chosen("encoder.pe", {QStringLiteral("encoder.pe:1x5000x512"), QStringLiteral("ape:3x4")}, none, "encoder.pe");
    chosen("position_embedding without .weight", {QStringLiteral("rel.position_embedding:64x32")}, none, "rel.position_embedding");
    chosen("--tensor another than the candidate", gpt2, QStringLiteral("transformer.wte.weight"), "transformer.wte.weight");
    chosen("--tensor one of several", bart, QStringLiteral("model.decoder.embed_positions.weight"),
           "model.decoder.embed_positions.weight");
    chosen("--tensor a 1-D tensor (the reader refuses it)", gpt2, QStringLiteral("transformer.ln_f.bias"), "transformer.ln_f.bias");

    QTest::newRow("BART encoder and decoder")
        << bart << none << int(Kind::Several) << QString()
        << QStringList{QStringLiteral("model.decoder.embed_positions.weight"), QStringLiteral("model.encoder.embed_positions.weight")}
        << QStringLiteral("several_position_tables");
    QTest::newRow("MAE pos_embed and decoder_pos_embed")
        << QStringList{QStringLiteral("decoder_pos_embed:1x197x512"), QStringLiteral("pos_embed:1x197x768")} << none
        << int(Kind::Several) << QString() << QStringList{QStringLiteral("decoder_pos_embed"), QStringLiteral("pos_embed")}
        << QStringLiteral("several_position_tables");
    QTest::newRow("none: the 2-D tensors listed")
        << QStringList{QStringLiteral("wte.weight:50257x768"), QStringLiteral("ln_f.bias:768"), QStringLiteral("x.pe.weight:3x4"),
                       QStringLiteral("batch:1x3x4"), QStringLiteral("cube:2x3x4"), QStringLiteral("ape:3x4")}
        << none << int(Kind::None) << QString()
        << QStringList{QStringLiteral("wte.weight"), QStringLiteral("x.pe.weight"), QStringLiteral("batch"), QStringLiteral("ape")}
        << QStringLiteral("no_position_table");
    QTest::newRow("none and no matrix") << QStringList{QStringLiteral("bias:768"), QStringLiteral("step:")} << none
                                        << int(Kind::None) << QString() << QStringList{} << QStringLiteral("no_matrix_tensor");
    QTest::newRow("no tensors at all") << QStringList{} << none << int(Kind::None) << QString() << QStringList{}
                                       << QStringLiteral("no_matrix_tensor");
    QTest::newRow("--tensor not there") << gpt2 << QStringLiteral("wpe") << int(Kind::Unknown) << QStringLiteral("wpe")
                                        << QStringList{QStringLiteral("transformer.h.0.attn.c_attn.weight"),
                                                       QStringLiteral("transformer.ln_f.bias"), QStringLiteral("transformer.wpe.weight"),
                                                       QStringLiteral("transformer.wte.weight")}
                                        << QStringLiteral("tensor_not_found");
}

// The position table by name, or the one asked for; several or none is a refusal that names
// the candidates, or a few 2-D tensors to choose from.
void TestSafetensors::chooser()
{
    QFETCH(QStringList, tensors);
    QFETCH(QString, requested);
    QFETCH(int, kind);
    QFETCH(QString, name);
    QFETCH(QStringList, names);
    QFETCH(QString, code);
    const TensorChoice choice = choosePositionTable(tensorsOf(tensors), requested.toStdString());
    QCOMPARE(int(choice.kind), kind);
    if (kind == int(TensorChoice::Kind::Chosen) || kind == int(TensorChoice::Kind::Unknown))
        QCOMPARE(QString::fromStdString(choice.name), name);
    QCOMPARE(toList(choice.names), names);
    if (kind == int(TensorChoice::Kind::Chosen))
        return;
    const MatrixFileError refusal = choiceRefusal(choice);
    QCOMPARE(QString::fromStdString(refusal.code), code);
    QVERIFY2(refusal.message.find('\n') == std::string::npos, refusal.message.c_str());
    const QString message = QString::fromStdString(refusal.message);
    for (const QString &n : names.mid(0, 5))
        QVERIFY2(message.contains(QLatin1Char('\'') + n + QLatin1Char('\'')), qPrintable(message));
    if (code != QLatin1String("no_matrix_tensor"))
        QCOMPARE(refusal.args.back(), std::to_string(names.size())); // how many there are
    if (code == QLatin1String("no_position_table") || code == QLatin1String("several_position_tables"))
        QVERIFY2(message.contains(QLatin1String("--tensor NAME")), qPrintable(message));
}

void TestSafetensors::paths()
{
    QVERIFY(isSafetensorsPath("model.safetensors"));
    QVERIFY(isSafetensorsPath("/a/b/MODEL.SafeTensors"));
    QVERIFY(isSafetensorsPath("model.safetensors.index.json"));
    QVERIFY(isSafetensorsIndexPath("diffusion_pytorch_model.safetensors.index.json"));
    QVERIFY(!isSafetensorsIndexPath("model.safetensors"));
    QVERIFY(!isSafetensorsPath("model.safetensors.json"));
    QVERIFY(!isSafetensorsPath("pe.npy"));
    QVERIFY(!isSafetensorsPath("preset.json"));
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"

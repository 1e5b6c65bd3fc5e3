// SPDX-License-Identifier: GPL-3.0-or-later
// DataExport: .npy files checked against the NumPy format 1.0 specification with a parser
// written here, raw values compared bit for bit; .csv values that read back exactly; failed
// writes that leave nothing behind; the tables of the views (DESIGN.md) and their shapes.

#include "expected.h"

#include "ui/export/dataexport.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(posenc::DType)
Q_DECLARE_METATYPE(posenc::RowMatrixXd)
Q_DECLARE_METATYPE(QList<int>)

namespace {

// What a .npy header says, read as the NumPy format 1.0 specification describes it:
// "\x93NUMPY", major and minor version bytes, a little-endian uint16 header length, then an
// ASCII Python dict literal padded with spaces and ended by '\n', so that magic + version +
// length + header is a multiple of 64 bytes.
struct NpyHeader {
    QString problem; // empty when the header is well formed
    int major = -1;
    int minor = -1;
    qsizetype dataOffset = 0;
    QMap<QString, QString> dict; // key -> value as written (strings without quotes)
};

NpyHeader parseNpyHeader(const QByteArray &bytes)
{
    NpyHeader h;
    if (bytes.size() < 10 || !bytes.startsWith(QByteArray("\x93NUMPY", 6))) {
        h.problem = QStringLiteral("no \\x93NUMPY magic");
        return h;
    }
    h.major = quint8(bytes[6]);
    h.minor = quint8(bytes[7]);
    const int length = quint8(bytes[8]) | (quint8(bytes[9]) << 8);
    h.dataOffset = 10 + length;
    if (bytes.size() < h.dataOffset) {
        h.problem = QStringLiteral("header length %1 runs past the end").arg(length);
        return h;
    }
    const QByteArray header = bytes.mid(10, length);
    for (char ch : header) {
        if (quint8(ch) >= 0x80) {
            h.problem = QStringLiteral("header is not ASCII");
            return h;
        }
    }
    if (!header.endsWith('\n')) {
        h.problem = QStringLiteral("header does not end with a newline");
        return h;
    }
    QByteArray text = header.chopped(1);
    while (text.endsWith(' '))
        text.chop(1);
    if (!text.startsWith('{') || !text.endsWith('}')) {
        h.problem = QStringLiteral("header is not a dict literal: ") + QString::fromLatin1(text);
        return h;
    }
    // A small reader of {'key': value, ...} with string, identifier and tuple values.
    qsizetype i = 1;
    const qsizetype end = text.size() - 1;
    const auto skipSpaces = [&] {
        while (i < end && text[i] == ' ')
            ++i;
    };
    const auto fail = [&](const char *what) {
        h.problem = QStringLiteral("%1 at offset %2 of %3")
                        .arg(QLatin1String(what)).arg(i).arg(QString::fromLatin1(text));
        return h;
    };
    while (true) {
        skipSpaces();
        if (i == end)
            break;
        if (text[i] != '\'')
            return fail("expected a quoted key");
        const qsizetype keyEnd = text.indexOf('\'', i + 1);
        if (keyEnd < 0 || keyEnd >= end)
            return fail("unterminated key");
        const QString key = QString::fromLatin1(text.mid(i + 1, keyEnd - i - 1));
        i = keyEnd + 1;
        skipSpaces();
        if (i >= end || text[i] != ':')
            return fail("expected ':'");
        ++i;
        skipSpaces();
        QString value;
        if (i < end && text[i] == '\'') {
            const qsizetype valueEnd = text.indexOf('\'', i + 1);
            if (valueEnd < 0 || valueEnd >= end)
                return fail("unterminated string");
            value = QString::fromLatin1(text.mid(i + 1, valueEnd - i - 1));
            i = valueEnd + 1;
        } else if (i < end && text[i] == '(') {
            const qsizetype valueEnd = text.indexOf(')', i);
            if (valueEnd < 0 || valueEnd >= end)
                return fail("unterminated tuple");
            value = QString::fromLatin1(text.mid(i, valueEnd - i + 1));
            i = valueEnd + 1;
        } else {
            const qsizetype start = i;
            while (i < end && std::isalnum(static_cast<unsigned char>(text[i])))
                ++i;
            if (i == start)
                return fail("expected a value");
            value = QString::fromLatin1(text.mid(start, i - start));
        }
        if (h.dict.contains(key))
            return fail("repeated key");
        h.dict.insert(key, value);
        skipSpaces();
        if (i == end)
            break;
        if (text[i] != ',')
            return fail("expected ','");
        ++i;
    }
    return h;
}

// "(30, 128)" -> {30, 128}; anything else -> empty.
QList<qint64> parseShape(const QString &tuple)
{
    if (!tuple.startsWith(QLatin1Char('(')) || !tuple.endsWith(QLatin1Char(')')))
        return {};
    QList<qint64> shape;
    const QStringList parts = tuple.mid(1, tuple.size() - 2).split(QLatin1Char(','));
    for (int n = 0; n < parts.size(); ++n) {
        const QString part = parts[n].trimmed();
        if (part.isEmpty() && n == parts.size() - 1 && n > 0)
            break; // "(5,)"
        bool ok = false;
        const qint64 value = part.toLongLong(&ok);
        if (!ok)
            return {};
        shape << value;
    }
    return shape;
}

// A matrix with values of many magnitudes and both signs.
RowMatrixXd sampleMatrix(int rows, int cols)
{
    RowMatrixXd m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = std::sin(1.7 * r + 0.3 * c + 0.1) * std::pow(10.0, (r + 2 * c) % 9 - 4);
    return m;
}

RowMatrixXd specialValues()
{
    using L = std::numeric_limits<double>;
    RowMatrixXd m(3, 4);
    m << 0.0, -0.0, 1.0 / 3.0, -2.0 / 3.0,
        L::infinity(), -L::infinity(), L::quiet_NaN(), L::denorm_min(),
        L::max(), L::lowest(), L::min(), 123456789.123456789;
    return m;
}

RowMatrixXd specialValuesForFloat()
{
    using L = std::numeric_limits<double>;
    RowMatrixXd m(2, 5);
    m << 0.0, -0.0, 1.0 / 3.0, 1e-30, 16777217.0, // the last one is not a float
        L::infinity(), -L::infinity(), L::quiet_NaN(), 3.4e38, -1.2345678901234567;
    return m;
}

RowMatrixXd csvValues()
{
    RowMatrixXd m(3, 4);
    m << 0.0, -0.0, 1.0 / 3.0, -2.0 / 3.0,
        3.141592653589793, 1e-300, 1e300, -123456789.123456789,
        0.1, 0.2 + 0.1, 1e-7, 5e22;
    return m;
}

RowMatrixXd csvValuesForFloat()
{
    RowMatrixXd m(2, 4);
    m << 0.0, -0.0, 1.0 / 3.0, -2.0 / 3.0,
        3.141592653589793, 1e-30, 3e38, 16777217.0;
    return m;
}

QStringList names(int count)
{
    QStringList columns;
    for (int c = 0; c < count; ++c)
        columns << QStringLiteral("col_%1").arg(c);
    return columns;
}

QStringList dirEntries(const QString &path)
{
    return QDir(path).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

QByteArray npyBytes(const RowMatrixXd &values, DType dtype)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!DataExport::writeNpy(&buffer, values, dtype))
        return {};
    return buffer.data();
}

QByteArray csvBytes(const DataTable &table, DType dtype, const QStringList &comments)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!DataExport::writeCsv(&buffer, table, dtype, comments))
        return {};
    return buffer.data();
}

} // namespace

class TestDataExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void npy_data();
    void npy();
    void csv_data();
    void csv();
    void writeFile_data();
    void writeFile();
    void writeReplacesOldFile();
    void writeIntoMissingFolder_data();
    void writeIntoMissingFolder();
    void writeOntoFolderFails();
    void writeUnknownExtension_data();
    void writeUnknownExtension();
    void tableShapes_data();
    void tableShapes();
    void tableValues();
    void tableErrors_data();
    void tableErrors();
};

void TestDataExport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestDataExport::npy_data()
{
    QTest::addColumn<RowMatrixXd>("values");
    QTest::addColumn<DType>("dtype");

    QTest::newRow("30 x 128 float64") << sampleMatrix(30, 128) << DType::Float64;
    QTest::newRow("30 x 128 float32") << sampleMatrix(30, 128) << DType::Float32;
    QTest::newRow("1 x 1 float64") << sampleMatrix(1, 1) << DType::Float64;
    QTest::newRow("1 x 1 float32") << sampleMatrix(1, 1) << DType::Float32;
    QTest::newRow("3 x 7 float32") << sampleMatrix(3, 7) << DType::Float32;
    QTest::newRow("12345 x 2 float64 (longer shape)") << sampleMatrix(12345, 2) << DType::Float64;
    QTest::newRow("2 x 1234567 float32 (longer shape)") << sampleMatrix(2, 1234567) << DType::Float32;
    QTest::newRow("0 x 5 float64 (empty)") << RowMatrixXd(0, 5) << DType::Float64;
    QTest::newRow("special values float64") << specialValues() << DType::Float64;
    QTest::newRow("special values float32") << specialValuesForFloat() << DType::Float32;
    QTest::newRow("encoding 30 x 128 float32")
        << RowMatrixXd::NullaryExpr(30, 128, [](Eigen::Index r, Eigen::Index c) {
               return expected::pe(EncodingParams{}, double(r), int(c));
           }).eval()
        << DType::Float32;
}

void TestDataExport::npy()
{
    QFETCH(RowMatrixXd, values);
    QFETCH(DType, dtype);

    const QByteArray bytes = npyBytes(values, dtype);
    QVERIFY(!bytes.isEmpty());
    const NpyHeader h = parseNpyHeader(bytes);
    QVERIFY2(h.problem.isEmpty(), qPrintable(h.problem));
    QCOMPARE(h.major, 1);
    QCOMPARE(h.minor, 0);
    QCOMPARE(h.dataOffset % 64, qsizetype(0));
    QCOMPARE(QStringList(h.dict.keys()),
             (QStringList{QStringLiteral("descr"), QStringLiteral("fortran_order"), QStringLiteral("shape")}));
    QCOMPARE(h.dict.value(QStringLiteral("descr")),
             dtype == DType::Float32 ? QStringLiteral("<f4") : QStringLiteral("<f8"));
    QCOMPARE(h.dict.value(QStringLiteral("fortran_order")), QStringLiteral("False"));
    QCOMPARE(parseShape(h.dict.value(QStringLiteral("shape"))),
             (QList<qint64>{qint64(values.rows()), qint64(values.cols())}));

    // The data: rows first (C order), little-endian, exactly the values (float32: their
    // casts), and nothing after them.
    const qsizetype count = qsizetype(values.size());
    const qsizetype itemSize = dtype == DType::Float32 ? 4 : 8;
    QCOMPARE(bytes.size(), h.dataOffset + count * itemSize);
    const char *data = bytes.constData() + h.dataOffset;
    if (dtype == DType::Float64) {
        std::vector<double> want(static_cast<size_t>(count));
        for (Eigen::Index r = 0; r < values.rows(); ++r)
            for (Eigen::Index c = 0; c < values.cols(); ++c)
                want[size_t(r * values.cols() + c)] = values(r, c);
        // (memcmp with an empty vector's null data() is undefined even for 0 bytes.)
        QVERIFY(count == 0 || std::memcmp(data, want.data(), size_t(count) * 8) == 0);
    } else {
        std::vector<float> want(static_cast<size_t>(count));
        for (Eigen::Index r = 0; r < values.rows(); ++r)
            for (Eigen::Index c = 0; c < values.cols(); ++c)
                want[size_t(r * values.cols() + c)] = static_cast<float>(values(r, c));
        QVERIFY(count == 0 || std::memcmp(data, want.data(), size_t(count) * 4) == 0);
    }
    // Spot check the byte order of the first value by hand.
    if (count > 0) {
        const double first = values(0, 0);
        quint64 bits = dtype == DType::Float64 ? std::bit_cast<quint64>(first)
                                               : std::bit_cast<quint32>(static_cast<float>(first));
        for (qsizetype b = 0; b < itemSize; ++b, bits >>= 8)
            QCOMPARE(quint8(data[b]), quint8(bits & 0xff));
    }
}

void TestDataExport::csv_data()
{
    QTest::addColumn<RowMatrixXd>("values");
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<QStringList>("comments");

    QTest::newRow("float64, no comments") << csvValues() << DType::Float64 << QStringList{};
    QTest::newRow("float64, two comments")
        << csvValues() << DType::Float64
        << QStringList{QStringLiteral("PosEnc Lab heatmap"), QStringLiteral("d_model=128 seq_len=30 base=10000")};
    QTest::newRow("float32") << csvValuesForFloat() << DType::Float32 << QStringList{QStringLiteral("float32")};
    QTest::newRow("non-ASCII comment")
        << sampleMatrix(2, 3) << DType::Float64 << QStringList{QStringLiteral("位置编码 · PE(pos, 2i) = sin(pos·w_i)")};
    QTest::newRow("encoding 30 x 128")
        << RowMatrixXd::NullaryExpr(30, 128, [](Eigen::Index r, Eigen::Index c) {
               return expected::pe(EncodingParams{}, double(r), int(c));
           }).eval()
        << DType::Float64 << QStringList{};
    QTest::newRow("large (more than one write block)")
        << sampleMatrix(20000, 8) << DType::Float64 << QStringList{};
    // Every comment line must stay a comment, or a reader that skips '#' lines breaks.
    QTest::newRow("comment with a line break")
        << sampleMatrix(2, 2) << DType::Float64 << QStringList{QStringLiteral("first line\nsecond line")};
}

void TestDataExport::csv()
{
    QFETCH(RowMatrixXd, values);
    QFETCH(DType, dtype);
    QFETCH(QStringList, comments);

    const DataTable table{values, names(int(values.cols()))};
    const QByteArray bytes = csvBytes(table, dtype, comments);
    QVERIFY(!bytes.isEmpty());
    QVERIFY(bytes.endsWith('\n'));
    QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
    QCOMPARE(lines.takeLast(), QString()); // after the final newline

    // "# " comment lines, then the header, then one line per row.
    qsizetype n = 0;
    QStringList commentText;
    while (n < lines.size() && lines[n].startsWith(QLatin1Char('#'))) {
        QVERIFY2(lines[n].startsWith(QStringLiteral("# ")), qPrintable(lines[n]));
        commentText << lines[n].mid(2);
        ++n;
    }
    QCOMPARE(commentText.join(QLatin1Char('\n')), comments.join(QLatin1Char('\n')));
    QVERIFY(n < lines.size());
    QCOMPARE(lines[n], table.columns.join(QLatin1Char(',')));
    ++n;
    QCOMPARE(lines.size() - n, qsizetype(values.rows()));
    for (Eigen::Index r = 0; r < values.rows(); ++r, ++n) {
        const QStringList fields = lines[n].split(QLatin1Char(','));
        QCOMPARE(fields.size(), qsizetype(values.cols()));
        for (Eigen::Index c = 0; c < values.cols(); ++c) {
            bool ok = false;
            const double read = fields[c].toDouble(&ok);
            QVERIFY2(ok, qPrintable(fields[c]));
            const bool same = dtype == DType::Float64
                                  ? std::bit_cast<quint64>(read) == std::bit_cast<quint64>(values(r, c))
                                  : std::bit_cast<quint32>(static_cast<float>(read))
                                        == std::bit_cast<quint32>(static_cast<float>(values(r, c)));
            if (!same)
                QFAIL(qPrintable(QStringLiteral("row %1 column %2: wrote %3 for %4")
                                     .arg(r).arg(c).arg(fields[c]).arg(values(r, c), 0, 'g', 17)));
        }
    }
}

void TestDataExport::writeFile_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<DType>("dtype");
    QTest::newRow("npy float64") << QStringLiteral("heatmap.npy") << DType::Float64;
    QTest::newRow("npy float32") << QStringLiteral("heatmap.npy") << DType::Float32;
    QTest::newRow("NPY in capitals") << QStringLiteral("HEATMAP.NPY") << DType::Float64;
    QTest::newRow("csv float64") << QStringLiteral("heatmap.csv") << DType::Float64;
    QTest::newRow("csv float32") << QStringLiteral("heatmap.csv") << DType::Float32;
}

void TestDataExport::writeFile()
{
    QFETCH(QString, fileName);
    QFETCH(DType, dtype);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(fileName);
    const DataTable table{sampleMatrix(5, 3), names(3)};
    const QStringList comments{QStringLiteral("a comment")};
    QString error;
    QVERIFY2(DataExport::write(path, table, dtype, comments, &error), qPrintable(error));

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    const bool npy = fileName.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive);
    QCOMPARE(written, npy ? npyBytes(table.values, dtype) : csvBytes(table, dtype, comments));
    QCOMPARE(dirEntries(dir.path()), QStringList{fileName}); // no temporary file left
}

void TestDataExport::writeReplacesOldFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.csv"));
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write(QByteArray(100000, 'x'));
    }
    const DataTable table{sampleMatrix(2, 2), names(2)};
    QString error;
    QVERIFY2(DataExport::write(path, table, DType::Float64, {}, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), csvBytes(table, DType::Float64, {}));
}

void TestDataExport::writeIntoMissingFolder_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::newRow("npy") << QStringLiteral("out.npy");
    QTest::newRow("csv") << QStringLiteral("out.csv");
}

void TestDataExport::writeIntoMissingFolder()
{
    QFETCH(QString, fileName);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("no/such/folder/") + fileName);
    const DataTable table{sampleMatrix(4, 4), names(4)};
    QString error;
    QVERIFY(!DataExport::write(path, table, DType::Float64, {}, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error)); // one line
    QVERIFY(!QFileInfo::exists(path));
    QCOMPARE(dirEntries(dir.path()), QStringList{}); // not even the folders
}

void TestDataExport::writeOntoFolderFails()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("folder.npy"));
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.npy")));
    QString error;
    QVERIFY(!DataExport::write(path, DataTable{sampleMatrix(2, 2), names(2)}, DType::Float64, {}, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(QFileInfo(path).isDir());
    QCOMPARE(dirEntries(dir.path()), QStringList{QStringLiteral("folder.npy")});
}

void TestDataExport::writeUnknownExtension_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("suffix");
    QTest::newRow(".txt") << QStringLiteral("out.txt") << QStringLiteral(".txt");
    QTest::newRow(".json") << QStringLiteral("out.json") << QStringLiteral(".json");
    QTest::newRow(".npy.bak") << QStringLiteral("out.npy.bak") << QStringLiteral(".bak");
    QTest::newRow("no extension") << QStringLiteral("out") << QString();
    QTest::newRow(".png (a figure, not data)") << QStringLiteral("out.png") << QStringLiteral(".png");
}

void TestDataExport::writeUnknownExtension()
{
    QFETCH(QString, fileName);
    QFETCH(QString, suffix);
    QTemporaryDir dir;
    const QString path = dir.filePath(fileName);
    QString error;
    QVERIFY(!DataExport::write(path, DataTable{sampleMatrix(2, 2), names(2)}, DType::Float64, {}, &error));
    QVERIFY2(error.contains(QStringLiteral(".npy")) && error.contains(QStringLiteral(".csv")), qPrintable(error));
    if (!suffix.isEmpty())
        QVERIFY2(error.contains(suffix), qPrintable(error));
    QVERIFY(!QFileInfo::exists(path));
    QCOMPARE(dirEntries(dir.path()), QStringList{});
}

void TestDataExport::tableShapes_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<QList<int>>("dimensions");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QStringList>("columns");

    using expected::Params;
    const auto dims = [](const QList<int> &list) {
        QStringList names;
        for (int d : list)
            names << QStringLiteral("dim_%1").arg(d);
        return names;
    };
    const QList<int> first6 = expected::range(0, 5);
    QTest::newRow("heatmap default") << QStringLiteral("heatmap") << Params().p << first6 << 30
                                     << dims(expected::range(0, 127));
    QTest::newRow("heatmap odd split") << QStringLiteral("heatmap") << Params().dModel(7).seqLen(5).split().p
                                       << first6 << 5 << dims(expected::range(0, 6));
    QTest::newRow("heatmap seq_len 1") << QStringLiteral("heatmap") << Params().seqLen(1).dModel(4).p
                                       << first6 << 1 << dims(expected::range(0, 3));
    QTest::newRow("rotation default") << QStringLiteral("rotation") << Params().p << first6 << 128
                                      << dims(expected::range(0, 127));
    QTest::newRow("rotation odd") << QStringLiteral("rotation") << Params().dModel(7).p << first6 << 7
                                  << dims(expected::range(0, 6));
    QTest::newRow("curves default") << QStringLiteral("curves") << Params().p << first6 << 30 << dims(first6);
    QTest::newRow("curves 0, 7, 64") << QStringLiteral("curves") << Params().seqLen(50).p
                                     << QList<int>{0, 7, 64} << 50 << dims({0, 7, 64});
    QTest::newRow("curves order kept") << QStringLiteral("curves") << Params().p << QList<int>{9, 2}
                                       << 30 << dims({9, 2});
}

void TestDataExport::tableShapes()
{
    QFETCH(QString, view);
    QFETCH(EncodingParams, params);
    QFETCH(QList<int>, dimensions);
    QFETCH(int, rows);
    QFETCH(QStringList, columns);

    QString error;
    const std::optional<DataTable> table = DataExport::table(view, params, dimensions, &error);
    QVERIFY2(table.has_value(), qPrintable(error));
    QCOMPARE(table->rowTotal(), qint64(rows));
    QCOMPARE(table->columnTotal(), qint64(columns.size()));
    const RowMatrixXd whole = table->matrix();
    QCOMPARE(whole.rows(), Eigen::Index(rows));
    QCOMPARE(whole.cols(), Eigen::Index(columns.size()));
    QCOMPARE(table->columns, columns);
    QVERIFY(DataExport::viewNames().contains(view));
}

void TestDataExport::tableValues()
{
    const EncodingParams p = expected::Params().dModel(9).seqLen(12).start(3).offset(-2.5).split().p;
    QString error;

    // heatmap: PE(start + r, c).
    const auto heatmap = DataExport::table(QStringLiteral("heatmap"), p, {}, &error);
    QVERIFY2(heatmap, qPrintable(error));
    const RowMatrixXd pe = heatmap->matrix();
    for (int r = 0; r < p.seqLen; ++r)
        for (int c = 0; c < p.dModel; ++c)
            QVERIFY(std::abs(pe(r, c) - expected::pe(p, p.start + r, c)) <= 1e-12);

    // curves: the chosen columns, in the order chosen.
    const QList<int> chosen{8, 0, 4};
    const auto curves = DataExport::table(QStringLiteral("curves"), p, chosen, &error);
    QVERIFY2(curves, qPrintable(error));
    const RowMatrixXd columns = curves->matrix();
    for (int r = 0; r < p.seqLen; ++r)
        for (int n = 0; n < chosen.size(); ++n)
            QVERIFY(std::abs(columns(r, n) - expected::pe(p, p.start + r, chosen[n])) <= 1e-12);

    // rotation: PE(pos + k) = M_k PE(pos) for column vectors, at several positions; the zero
    // column (split, odd d_model) maps to itself.
    const auto rotation = DataExport::table(QStringLiteral("rotation"), p, {}, &error);
    QVERIFY2(rotation, qPrintable(error));
    const RowMatrixXd mk = rotation->matrix();
    for (double pos : {0.0, 1.0, 7.25, 100.0}) {
        Eigen::VectorXd at(p.dModel), shifted(p.dModel);
        for (int c = 0; c < p.dModel; ++c) {
            at[c] = expected::pe(p, pos, c);
            shifted[c] = expected::pe(p, pos + p.offset, c);
        }
        const Eigen::VectorXd rotated = mk * at;
        QVERIFY2((rotated - shifted).cwiseAbs().maxCoeff() <= 1e-12,
                 qPrintable(QString::number((rotated - shifted).cwiseAbs().maxCoeff())));
    }
    QCOMPARE(mk(8, 8), 1.0);

    // Interleaved odd: the lone sine has no rotation, so its row is zero.
    const EncodingParams odd = expected::Params().dModel(7).p;
    const auto lone = DataExport::table(QStringLiteral("rotation"), odd, {}, &error);
    QVERIFY2(lone, qPrintable(error));
    const RowMatrixXd loneMk = lone->matrix();
    QCOMPARE(loneMk.row(6).cwiseAbs().maxCoeff(), 0.0);
    for (double pos : {0.0, 3.0, 11.5}) {
        Eigen::VectorXd at(odd.dModel), shifted(odd.dModel);
        for (int c = 0; c < odd.dModel; ++c) {
            at[c] = expected::pe(odd, pos, c);
            shifted[c] = expected::pe(odd, pos + odd.offset, c);
        }
        const Eigen::VectorXd rotated = loneMk * at;
        QVERIFY((rotated - shifted).head(6).cwiseAbs().maxCoeff() <= 1e-12);
    }
}

void TestDataExport::tableErrors_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QList<int>>("dimensions");
    QTest::addColumn<QStringList>("reasonContains");

    QTest::newRow("unknown view") << QStringLiteral("nope") << QList<int>{0}
                                  << QStringList{QStringLiteral("nope"), QStringLiteral("heatmap"), QStringLiteral("curves")};
    QTest::newRow("empty view") << QString() << QList<int>{0} << QStringList{QStringLiteral("heatmap")};
    QTest::newRow("view with a space") << QStringLiteral("heat map") << QList<int>{0}
                                       << QStringList{QStringLiteral("heat map"), QStringLiteral("heatmap")};
    QTest::newRow("curves: dimension d_model") << QStringLiteral("curves") << QList<int>{0, 128}
                                               << QStringList{QStringLiteral("128"), QStringLiteral("127")};
    QTest::newRow("curves: negative dimension") << QStringLiteral("curves") << QList<int>{-1}
                                                << QStringList{QStringLiteral("-1"), QStringLiteral("127")};
}

void TestDataExport::tableErrors()
{
    QFETCH(QString, view);
    QFETCH(QList<int>, dimensions);
    QFETCH(QStringList, reasonContains);

    QString error;
    const std::optional<DataTable> table = DataExport::table(view, EncodingParams{}, dimensions, &error);
    QVERIFY(!table.has_value());
    for (const QString &part : reasonContains)
        QVERIFY2(error.contains(part), qPrintable(error + QStringLiteral(" lacks ") + part));
    QVERIFY(!DataExport::table(view, EncodingParams{}, dimensions, nullptr).has_value());
}

QTEST_MAIN(TestDataExport)
#include "tst_dataexport.moc"

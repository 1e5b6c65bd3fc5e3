// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab export`, run as a user would run it (the real binary, no display): the arrays it
// writes equal the engine's to the last bit, the files are valid NumPy 1.0 / CSV, and every
// invalid command line ends with status 2, one line on stderr and no file left behind.
#include "clirun.h"
#include "npyreader.h"

#include "core/encoding.h"
#include "core/encodingparams.h"
#include "core/rotation.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <set>
#include <type_traits>

using namespace posenc;
using namespace posenc::clitest;

namespace {

// ---------------------------------------------------------------------------------------
// The expected values, computed from the published formulas with std::sin in a loop and
// nothing from core/ (DESIGN.md: PE(pos, 2i) = scale sin(pos w_i), w_i = base^(-2i/d)).
namespace reference {

int sineCount(const EncodingParams &p)
{
    return p.layout == Layout::Interleaved ? (p.dModel + 1) / 2 : p.dModel / 2;
}

double omega(const EncodingParams &p, int i)
{
    if (p.frequencies == FrequencyConvention::Tensor2Tensor) {
        const int n = sineCount(p);
        return std::exp(-double(i) * std::log(p.base) / double(std::max(n - 1, 1)));
    }
    return std::pow(p.base, -2.0 * i / p.dModel);
}

// (is sine, pair) of a column, or pair -1 for the zero column of split / odd d_model.
std::pair<bool, int> channel(const EncodingParams &p, int column)
{
    if (p.layout == Layout::Interleaved)
        return {column % 2 == 0, column / 2};
    const int half = p.dModel / 2;
    if (column < half)
        return {true, column};
    if (column < 2 * half)
        return {false, column - half};
    return {false, -1};
}

double pe(const EncodingParams &p, double pos, int column)
{
    const auto [isSin, pair] = channel(p, column);
    if (pair < 0)
        return 0.0;
    const double angle = pos * omega(p, pair);
    return p.scale * (isSin ? std::sin(angle) : std::cos(angle));
}

// The column with no rotation partner: the last sine of interleaved with odd d_model.
int loneColumn(const EncodingParams &p)
{
    return p.dModel % 2 == 1 && p.layout == Layout::Interleaved ? p.dModel - 1 : -1;
}

RowMatrixXd heatmap(const EncodingParams &p)
{
    RowMatrixXd m(p.seqLen, p.dModel);
    for (int r = 0; r < p.seqLen; ++r)
        for (int c = 0; c < p.dModel; ++c)
            m(r, c) = pe(p, p.start + r, c);
    return m;
}

// [sin((pos+k)w), cos((pos+k)w)] = [[cos kw, sin kw], [-sin kw, cos kw]] [sin(pos w), cos(pos w)].
RowMatrixXd rotation(const EncodingParams &p)
{
    RowMatrixXd m = RowMatrixXd::Zero(p.dModel, p.dModel);
    for (int i = 0; i < p.dModel / 2; ++i) {
        const int s = p.layout == Layout::Interleaved ? 2 * i : i;
        const int c = p.layout == Layout::Interleaved ? 2 * i + 1 : p.dModel / 2 + i;
        const double kw = p.offset * omega(p, i);
        m(s, s) = std::cos(kw);
        m(s, c) = std::sin(kw);
        m(c, s) = -std::sin(kw);
        m(c, c) = std::cos(kw);
    }
    if (p.dModel % 2 == 1 && p.layout == Layout::Split)
        m(p.dModel - 1, p.dModel - 1) = 1.0; // the zero column stays zero
    return m;
}

} // namespace reference

// What the engine itself computes for a view (the numbers the export must carry unchanged).
RowMatrixXd engineTable(const QString &view, const EncodingParams &p, const QList<int> &dims)
{
    if (view == QLatin1String("rotation"))
        return rotationMatrix(p);
    const RowMatrixXd pe = encodingMatrix(p);
    if (view == QLatin1String("heatmap"))
        return pe;
    RowMatrixXd chosen(pe.rows(), dims.size());
    for (int n = 0; n < dims.size(); ++n)
        chosen.col(n) = pe.col(dims[n]);
    return chosen;
}

RowMatrixXd referenceTable(const QString &view, const EncodingParams &p, const QList<int> &dims)
{
    if (view == QLatin1String("rotation"))
        return reference::rotation(p);
    const RowMatrixXd pe = reference::heatmap(p);
    if (view == QLatin1String("heatmap"))
        return pe;
    RowMatrixXd chosen(pe.rows(), dims.size());
    for (int n = 0; n < dims.size(); ++n)
        chosen.col(n) = pe.col(dims[n]);
    return chosen;
}

QString number(double value)
{
    return QString::number(value, 'g', 17);
}


// The first element of `data` (row-major) whose bits differ from `expected`, or empty.
template<typename Scalar, typename Matrix>
QString firstBitDifference(const QByteArray &data, const Matrix &expected)
{
    using Bits = std::conditional_t<sizeof(Scalar) == 8, quint64, quint32>;
    for (Eigen::Index r = 0; r < expected.rows(); ++r) {
        for (Eigen::Index c = 0; c < expected.cols(); ++c) {
            const Scalar got = valueAt<Scalar>(data, r * expected.cols() + c);
            const Scalar want = expected(r, c);
            if (std::bit_cast<Bits>(got) != std::bit_cast<Bits>(want))
                return QStringLiteral("(%1, %2): file %3, engine %4")
                    .arg(r).arg(c).arg(number(double(got)), number(double(want)));
        }
    }
    return {};
}

} // namespace

namespace posenc::clitest {

// One export: its command line and, set independently of the parser, what it asks for.
struct ExportCase {
    QStringList arguments; // without -o
    QString view;
    EncodingParams params; // what the arguments mean, set here independently of the parser
    QList<int> dims;
    int rows = 0;
    int cols = 0;
};

QList<std::pair<const char *, ExportCase>> exportCases()
{
    const auto args = [](std::initializer_list<const char *> list) {
        QStringList result{QStringLiteral("export")};
        for (const char *a : list)
            result << QString::fromUtf8(a);
        return result;
    };
    QList<std::pair<const char *, ExportCase>> cases;

    cases.append({"heatmap default", {args({"--view", "heatmap"}), QStringLiteral("heatmap"), {}, {}, 30, 128}});

    EncodingParams odd;
    odd.dModel = 7;
    cases.append({"heatmap d_model 7 interleaved",
                  {args({"--view", "heatmap", "--d-model", "7", "--layout", "interleaved"}),
                   QStringLiteral("heatmap"), odd, {}, 30, 7}});

    EncodingParams oddSplit = odd;
    oddSplit.layout = Layout::Split;
    oddSplit.frequencies = FrequencyConvention::Tensor2Tensor;
    cases.append({"heatmap d_model 7 split tensor2tensor",
                  {args({"--view", "heatmap", "--d-model", "7", "--layout", "split",
                         "--frequencies", "tensor2tensor"}),
                   QStringLiteral("heatmap"), oddSplit, {}, 30, 7}});

    EncodingParams shifted;
    shifted.start = 1000;
    shifted.scale = 0.5;
    shifted.base = 100;
    cases.append({"heatmap start 1000 scale 0.5 base 100",
                  {args({"--view", "heatmap", "--start", "1000", "--scale", "0.5", "--base", "100"}),
                   QStringLiteral("heatmap"), shifted, {}, 30, 128}});

    EncodingParams negative;
    negative.start = -15;
    negative.seqLen = 40;
    negative.dModel = 16;
    negative.scale = -2;
    cases.append({"heatmap start -15 seq_len 40 d_model 16 scale -2",
                  {args({"--view", "heatmap", "--start", "-15", "--seq-len", "40", "--d-model", "16",
                         "--scale", "-2"}),
                   QStringLiteral("heatmap"), negative, {}, 40, 16}});

    EncodingParams rot8;
    rot8.dModel = 8;
    rot8.offset = 3;
    cases.append({"rotation d_model 8 offset 3",
                  {args({"--view", "rotation", "--d-model", "8", "--offset", "3"}),
                   QStringLiteral("rotation"), rot8, {}, 8, 8}});

    EncodingParams rot6;
    rot6.dModel = 6;
    rot6.layout = Layout::Split;
    rot6.offset = -2;
    cases.append({"rotation d_model 6 split offset -2",
                  {args({"--view", "rotation", "--d-model", "6", "--layout", "split", "--offset", "-2"}),
                   QStringLiteral("rotation"), rot6, {}, 6, 6}});

    EncodingParams rot7;
    rot7.dModel = 7;
    rot7.offset = 2.5;
    cases.append({"rotation d_model 7 interleaved offset 2.5 (lone sine)",
                  {args({"--view", "rotation", "--d-model", "7", "--offset", "2.5"}),
                   QStringLiteral("rotation"), rot7, {}, 7, 7}});

    EncodingParams rot7Split = rot7;
    rot7Split.layout = Layout::Split;
    rot7Split.frequencies = FrequencyConvention::Tensor2Tensor;
    cases.append({"rotation d_model 7 split tensor2tensor (zero column)",
                  {args({"--view", "rotation", "--d-model", "7", "--offset", "2.5", "--layout", "split",
                         "--frequencies", "tensor2tensor"}),
                   QStringLiteral("rotation"), rot7Split, {}, 7, 7}});

    cases.append({"curves dims 0,3,5",
                  {args({"--view", "curves", "--dims", "0,3,5"}), QStringLiteral("curves"), {},
                   {0, 3, 5}, 30, 3}});

    cases.append({"curves default dims (0,16,32,64)",
                  {args({"--view", "curves"}), QStringLiteral("curves"), {}, {0, 16, 32, 64}, 30, 4}});

    EncodingParams wide;
    wide.dModel = 64;
    cases.append({"curves dims 63,0-2,40 d_model 64",
                  {args({"--view", "curves", "--d-model", "64", "--dims", "63,0-2,40"}),
                   QStringLiteral("curves"), wide, {63, 0, 1, 2, 40}, 30, 5}});

    // Written in many blocks of rows (about 256 KiB each): every block boundary must give the
    // bits of the whole matrix, also where start has a fraction (start + r, not (start + r0) + j).
    EncodingParams blocks;
    blocks.dModel = 200;
    blocks.seqLen = 3000;
    blocks.start = 0.1;
    cases.append({"heatmap 3000 x 200 start 0.1 (many row blocks)",
                  {args({"--view", "heatmap", "--d-model", "200", "--seq-len", "3000", "--start", "0.1"}),
                   QStringLiteral("heatmap"), blocks, {}, 3000, 200}});
    EncodingParams blocksSplit = blocks;
    blocksSplit.dModel = 601;
    blocksSplit.seqLen = 700;
    blocksSplit.start = -350.25;
    blocksSplit.layout = Layout::Split;
    cases.append({"curves dims 600,0,301 d_model 601 split seq_len 700 start -350.25 (rows in pieces)",
                  {args({"--view", "curves", "--d-model", "601", "--seq-len", "700", "--start", "-350.25",
                         "--layout", "split", "--dims", "600,0,301"}),
                   QStringLiteral("curves"), blocksSplit, {600, 0, 301}, 700, 3}});
    return cases;
}

QStringList dtypeArguments(const QString &dtype)
{
    return dtype == QLatin1String("default") ? QStringList()
                                             : QStringList{QStringLiteral("--dtype"), dtype};
}

} // namespace posenc::clitest

Q_DECLARE_METATYPE(posenc::clitest::ExportCase)
Q_DECLARE_METATYPE(posenc::EncodingParams)

class TestCliExport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void exportNpy_data();
    void exportNpy();
    void exportCsv_data();
    void exportCsv();
    void rotationCarriesPeToShiftedPe_data();
    void rotationCarriesPeToShiftedPe();
    void invalidCommandLine_data();
    void invalidCommandLine();
    void failedExportKeepsExistingFile_data();
    void failedExportKeepsExistingFile();
    void exportReplacesExistingFileWhole();
    void helpAndVersion_data();
    void helpAndVersion();

private:
    // The data of exportNpy and exportCsv: every export case with each of `dtypes` ("default"
    // for none given).
    static void addExportRows(std::initializer_list<const char *> dtypes);
    // Runs an export that must succeed and returns the bytes of its output file.
    QByteArray exportFile(const QStringList &arguments, const QString &fileName);
};

void TestCliExport::initTestCase()
{
    QVERIFY2(QFileInfo(binaryPath()).isExecutable(), qPrintable(binaryPath()));
}

void TestCliExport::addExportRows(std::initializer_list<const char *> dtypes)
{
    QTest::addColumn<ExportCase>("exportCase");
    QTest::addColumn<QString>("dtype");
    for (const auto &[name, exportCase] : exportCases()) {
        for (const char *dtype : dtypes)
            QTest::addRow("%s, %s", name, dtype) << exportCase << QString::fromUtf8(dtype);
    }
}

QByteArray TestCliExport::exportFile(const QStringList &arguments, const QString &fileName)
{
    QTemporaryDir dir;
    if (!dir.isValid()) {
        QTest::qFail("no temporary folder", __FILE__, __LINE__);
        return {};
    }
    const Result result = run(arguments + QStringList{QStringLiteral("-o"), fileName}, dir.path());
    const bool ok = result.finished && !result.crashed && result.exitCode == 0
                    && result.out.isEmpty() && result.err.isEmpty();
    if (!ok) {
        QTest::qFail(qPrintable(QStringLiteral("expected exit 0 and silence: ") + describe(result)),
                     __FILE__, __LINE__);
        return {};
    }
    // Exactly the file asked for: no temporary file of a QSaveFile left over beside it.
    const QStringList entries = entriesBelow(dir.path());
    if (entries != QStringList{fileName}) {
        QTest::qFail(qPrintable(QStringLiteral("the folder holds: ") + entries.join(QLatin1Char(' '))),
                     __FILE__, __LINE__);
        return {};
    }
    return readAll(dir.filePath(fileName));
}

void TestCliExport::exportNpy_data()
{
    addExportRows({"default", "float64", "float32"});
}

// "Exported arrays equal the engine's to the last bit in float64"; float32 is a cast of it.
void TestCliExport::exportNpy()
{
    QFETCH(ExportCase, exportCase);
    QFETCH(QString, dtype);

    const QByteArray file = exportFile(exportCase.arguments + dtypeArguments(dtype),
                                       QStringLiteral("out.npy"));
    if (QTest::currentTestFailed())
        return;
    QString why;
    const auto npy = parseNpy(file, &why);
    QVERIFY2(npy, qPrintable(why));
    const bool isFloat32 = dtype == QLatin1String("float32");
    QCOMPARE(npy->descr, isFloat32 ? QByteArray("<f4") : QByteArray("<f8"));
    QCOMPARE(npy->fortranOrder, false);
    QCOMPARE(npy->shape, (QList<qint64>{exportCase.rows, exportCase.cols}));

    const RowMatrixXd engine = engineTable(exportCase.view, exportCase.params, exportCase.dims);
    QCOMPARE(engine.rows(), Eigen::Index(exportCase.rows));
    QCOMPARE(engine.cols(), Eigen::Index(exportCase.cols));
    if (isFloat32) {
        const RowMatrixXf expected = engine.cast<float>();
        const QString difference = firstBitDifference<float>(npy->data, expected);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        return;
    }
    const QString difference = firstBitDifference<double>(npy->data, engine);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));

    // And the engine's numbers are the formula's: std::sin / std::cos, computed here.
    const RowMatrixXd expected = referenceTable(exportCase.view, exportCase.params, exportCase.dims);
    const double tolerance = 1e-12 * std::max(1.0, std::abs(exportCase.params.scale));
    for (Eigen::Index r = 0; r < expected.rows(); ++r) {
        for (Eigen::Index c = 0; c < expected.cols(); ++c) {
            const double got = valueAt<double>(npy->data, r * expected.cols() + c);
            QVERIFY2(std::abs(got - expected(r, c)) <= tolerance,
                     qPrintable(QStringLiteral("(%1, %2): file %3, formula %4")
                                    .arg(r).arg(c).arg(number(got), number(expected(r, c)))));
        }
    }
    // Two hand-checked anchors: PE(0) = [0, s, 0, s, ...] and PE(pos, 0) = s sin(pos).
    if (exportCase.view == QLatin1String("heatmap")) {
        const EncodingParams &p = exportCase.params;
        QCOMPARE(valueAt<double>(npy->data, 0), p.scale * std::sin(p.start));
        if (p.start == 0.0 && p.layout == Layout::Interleaved)
            QCOMPARE(valueAt<double>(npy->data, 1), p.scale);
        QCOMPARE(valueAt<double>(npy->data, qint64(p.seqLen - 1) * p.dModel),
                 p.scale * std::sin(p.start + p.seqLen - 1));
    }
}

void TestCliExport::exportCsv_data()
{
    addExportRows({"float64", "float32"});
}

// The CSV carries the same numbers, in the shortest text that reads back exactly.
void TestCliExport::exportCsv()
{
    QFETCH(ExportCase, exportCase);
    QFETCH(QString, dtype);

    const QByteArray file = exportFile(exportCase.arguments + dtypeArguments(dtype),
                                       QStringLiteral("out.csv"));
    if (QTest::currentTestFailed())
        return;
    QString why;
    const auto csv = parseCsv(file, &why);
    QVERIFY2(csv, qPrintable(why));

    QList<QByteArray> header;
    if (exportCase.view == QLatin1String("curves")) {
        for (int d : exportCase.dims)
            header << "dim_" + QByteArray::number(d);
    } else {
        for (int d = 0; d < exportCase.cols; ++d)
            header << "dim_" + QByteArray::number(d);
    }
    QCOMPARE(csv->header, header);
    QCOMPARE(csv->rows.size(), qsizetype(exportCase.rows));

    const RowMatrixXd engine = engineTable(exportCase.view, exportCase.params, exportCase.dims);
    const bool isFloat32 = dtype == QLatin1String("float32");
    for (int r = 0; r < exportCase.rows; ++r) {
        const QList<QByteArray> &fields = csv->rows[r];
        QVERIFY2(fields.size() == exportCase.cols,
                 qPrintable(QStringLiteral("row %1 has %2 fields").arg(r).arg(fields.size())));
        for (int c = 0; c < exportCase.cols; ++c) {
            const QByteArray &text = fields[c];
            const QString where = QStringLiteral("(%1, %2) \"%3\"").arg(r).arg(c).arg(QString::fromLatin1(text));
            if (isFloat32) {
                float value = 0;
                const auto [end, error] = std::from_chars(text.constBegin(), text.constEnd(), value);
                QVERIFY2(error == std::errc() && end == text.constEnd(), qPrintable(where));
                const float want = static_cast<float>(engine(r, c));
                QVERIFY2(std::bit_cast<quint32>(value) == std::bit_cast<quint32>(want),
                         qPrintable(where + QStringLiteral(" != ") + number(double(want))));
            } else {
                bool ok = false;
                const double value = QString::fromLatin1(text).toDouble(&ok);
                QVERIFY2(ok, qPrintable(where));
                QVERIFY2(std::bit_cast<quint64>(value) == std::bit_cast<quint64>(engine(r, c)),
                         qPrintable(where + QStringLiteral(" != ") + number(engine(r, c))));
            }
        }
    }
}

void TestCliExport::rotationCarriesPeToShiftedPe_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<EncodingParams>("params");
    const auto make = [](int d, double k, Layout layout, FrequencyConvention frequencies) {
        EncodingParams p;
        p.dModel = d;
        p.offset = k;
        p.layout = layout;
        p.frequencies = frequencies;
        return p;
    };
    const auto arguments = [](const EncodingParams &p) {
        return QStringList{QStringLiteral("export"), QStringLiteral("--view"), QStringLiteral("rotation"),
                           QStringLiteral("--d-model"), QString::number(p.dModel),
                           QStringLiteral("--offset"), number(p.offset),
                           QStringLiteral("--layout"), QString::fromUtf8(layoutName(p.layout)),
                           QStringLiteral("--frequencies"),
                           QString::fromUtf8(frequencyConventionName(p.frequencies))};
    };
    const auto row = [&](const char *name, const EncodingParams &p) {
        QTest::newRow(name) << arguments(p) << p;
    };
    row("d_model 8 offset 3", make(8, 3, Layout::Interleaved, FrequencyConvention::Paper));
    row("d_model 6 split offset -2", make(6, -2, Layout::Split, FrequencyConvention::Paper));
    row("d_model 7 interleaved offset 5 (lone sine left out)",
        make(7, 5, Layout::Interleaved, FrequencyConvention::Paper));
    row("d_model 7 split tensor2tensor offset 4", make(7, 4, Layout::Split, FrequencyConvention::Tensor2Tensor));
    row("d_model 128 offset 5", make(128, 5, Layout::Interleaved, FrequencyConvention::Paper));
    row("d_model 64 split offset -17.5", make(64, -17.5, Layout::Split, FrequencyConvention::Paper));
}

// PE(pos + k) = M_k @ PE(pos) for column vectors, M_k read from the file and PE computed here.
void TestCliExport::rotationCarriesPeToShiftedPe()
{
    QFETCH(QStringList, arguments);
    QFETCH(EncodingParams, params);

    const QByteArray file = exportFile(arguments, QStringLiteral("rotation.npy"));
    if (QTest::currentTestFailed())
        return;
    QString why;
    const auto npy = parseNpy(file, &why);
    QVERIFY2(npy, qPrintable(why));
    QCOMPARE(npy->descr, QByteArray("<f8"));
    const int d = params.dModel;
    QCOMPARE(npy->shape, (QList<qint64>{d, d}));
    RowMatrixXd m(d, d);
    for (int r = 0; r < d; ++r)
        for (int c = 0; c < d; ++c)
            m(r, c) = valueAt<double>(npy->data, qint64(r) * d + c);

    const int lone = reference::loneColumn(params);
    double worst = 0;
    QString worstAt;
    for (double pos = -64; pos <= 256; pos += 0.75) {
        Eigen::VectorXd at(d), shifted(d);
        for (int c = 0; c < d; ++c) {
            at[c] = reference::pe(params, pos, c);
            shifted[c] = reference::pe(params, pos + params.offset, c);
        }
        const Eigen::VectorXd carried = m * at;
        for (int c = 0; c < d; ++c) {
            if (c == lone)
                continue; // no linear map of PE(pos) gives it; DESIGN.md: its row is zero
            const double residual = std::abs(carried[c] - shifted[c]);
            if (residual > worst) {
                worst = residual;
                worstAt = QStringLiteral("pos %1, column %2").arg(pos).arg(c);
            }
        }
    }
    QVERIFY2(worst < 1e-12, qPrintable(QStringLiteral("residual %1 at %2").arg(number(worst), worstAt)));
    if (lone >= 0) {
        for (int c = 0; c < d; ++c)
            QCOMPARE(m(lone, c), 0.0);
    }
}

void TestCliExport::invalidCommandLine_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustMention");
    QTest::addColumn<QString>("setup"); // "", "read-only folder" or "folder named like the output"

    const auto heatmap = [](std::initializer_list<const char *> extra) {
        QStringList result{QStringLiteral("export"), QStringLiteral("--view"), QStringLiteral("heatmap")};
        for (const char *a : extra)
            result << QString::fromUtf8(a);
        return result << QStringLiteral("-o") << QStringLiteral("out.npy");
    };
    const QString none;

    QTest::newRow("--d-model 1") << heatmap({"--d-model", "1"}) << list({"--d-model", "[2, 4096]"}) << none;
    QTest::newRow("--d-model 4097") << heatmap({"--d-model", "4097"}) << list({"--d-model", "[2, 4096]"}) << none;
    QTest::newRow("--d-model abc") << heatmap({"--d-model", "abc"}) << list({"--d-model", "abc", "[2, 4096]"}) << none;
    // In this program's words, the option first: "--d-model: missing value; see ...".
    QTest::newRow("--d-model without value") << list({"export", "--view", "heatmap", "-o", "out.npy", "--d-model"})
                                             << list({"--d-model: missing value", "posenc-lab export --help"}) << none;
    QTest::newRow("--d-model without value, the window's") << list({"--d-model"})
                                                           << list({"--d-model: missing value", "posenc-lab --help"}) << none;
    QTest::newRow("a value to a switch") << list({"check", "x.npy", "--json=1"})
                                         << list({"--json: takes no value", "posenc-lab check --help"}) << none;
    QTest::newRow("--seq-len 0") << heatmap({"--seq-len", "0"}) << list({"--seq-len", "[1, 16384]"}) << none;
    QTest::newRow("--seq-len 16385") << heatmap({"--seq-len", "16385"}) << list({"--seq-len", "[1, 16384]"}) << none;
    QTest::newRow("--seq-len 2.5") << heatmap({"--seq-len", "2.5"}) << list({"--seq-len", "2.5", "[1, 16384]"}) << none;
    QTest::newRow("--base 1") << heatmap({"--base", "1"}) << list({"--base", "(1, 1e12]"}) << none;
    QTest::newRow("--base nan") << heatmap({"--base", "nan"}) << list({"--base", "nan", "(1, 1e12]"}) << none;
    QTest::newRow("--base 1e13") << heatmap({"--base", "1e13"}) << list({"--base", "(1, 1e12]"}) << none;
    QTest::newRow("--scale inf") << heatmap({"--scale", "inf"}) << list({"--scale", "inf", "[-1e6, 1e6]"}) << none;
    QTest::newRow("--scale 2e6") << heatmap({"--scale", "2e6"}) << list({"--scale", "[-1e6, 1e6]"}) << none;
    QTest::newRow("--offset 2e9") << heatmap({"--offset", "2e9"}) << list({"--offset", "[-1e9, 1e9]"}) << none;
    QTest::newRow("--start 999999990 (last row past 1e9)")
        << heatmap({"--start", "999999990"}) << list({"--start", "[-1e9, 1e9]"}) << none;
    QTest::newRow("--pos -2e9") << heatmap({"--pos", "-2e9"}) << list({"--pos", "[-1e9, 1e9]"}) << none;
    QTest::newRow("--layout diagonal") << heatmap({"--layout", "diagonal"})
                                       << list({"--layout", "diagonal", "interleaved", "split"}) << none;
    QTest::newRow("--frequencies foo") << heatmap({"--frequencies", "foo"})
                                       << list({"--frequencies", "foo", "paper", "tensor2tensor"}) << none;
    QTest::newRow("--view nope") << list({"export", "--view", "nope", "-o", "out.npy"})
                                 << list({"--view", "nope", "heatmap", "curves", "rotation"}) << none;
    QTest::newRow("missing --view") << list({"export", "-o", "out.npy"})
                                    << list({"--view", "heatmap", "curves", "rotation"}) << none;
    QTest::newRow("missing -o") << list({"export", "--view", "heatmap"}) << list({"-o"}) << none;
    QTest::newRow("-o without value") << list({"export", "--view", "heatmap", "-o"}) << list({"-o"}) << none;
    QTest::newRow("-o f.txt") << list({"export", "--view", "heatmap", "-o", "f.txt"})
                              << list({"-o", ".txt", ".npy", ".csv"}) << none;
    QTest::newRow("--dtype float16") << heatmap({"--dtype", "float16"})
                                     << list({"--dtype", "float16", "float32", "float64"}) << none;
    QTest::newRow("unknown option --bogus") << heatmap({"--bogus"}) << list({"--bogus"}) << none;
    QTest::newRow("--size is a screenshot option") << heatmap({"--size", "800x600"}) << list({"--size"}) << none;
    QTest::newRow("stray positional argument") << heatmap({"stray"}) << list({"stray"}) << none;
    QTest::newRow("-o into a nonexistent folder")
        << list({"export", "--view", "heatmap", "-o", "missing/out.npy"}) << list({"missing/out.npy"}) << none;
    QTest::newRow("-o into a read-only folder")
        << list({"export", "--view", "heatmap", "-o", "ro/out.npy"}) << list({"ro/out.npy"})
        << QStringLiteral("read-only folder");
    QTest::newRow("-o names a folder")
        << list({"export", "--view", "heatmap", "-o", "out.npy"}) << list({"out.npy"})
        << QStringLiteral("folder named like the output");
    QTest::newRow("--dims 200 with d_model 128")
        << list({"export", "--view", "curves", "--d-model", "128", "--dims", "200", "-o", "out.npy"})
        << list({"--dims", "[0, 127]"}) << none;
    QTest::newRow("--dims foo") << list({"export", "--view", "curves", "--dims", "foo", "-o", "out.npy"})
                                << list({"--dims", "foo"}) << none;
}

// DESIGN.md: exit status 2, one line on stderr naming the problem and the valid range, and
// no output file left behind.
void TestCliExport::invalidCommandLine()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustMention);
    QFETCH(QString, setup);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QStringList before;
    if (setup == QLatin1String("read-only folder")) {
        const QString folder = dir.filePath(QStringLiteral("ro"));
        QVERIFY(QDir().mkdir(folder));
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                  | QFileDevice::ReadOther | QFileDevice::ExeOther));
        if (canStillWriteInto(folder))
            QSKIP("this user (root?) can write into a 0555 folder, so it proves nothing");
        before << QStringLiteral("ro");
    } else if (setup == QLatin1String("folder named like the output")) {
        QVERIFY(QDir().mkdir(dir.filePath(QStringLiteral("out.npy"))));
        before << QStringLiteral("out.npy");
    }

    verifyInvalidRun(dir.path(), arguments, mustMention, before);
}

void TestCliExport::failedExportKeepsExistingFile_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QStringList>("arguments"); // without -o
    QTest::newRow("--d-model 1, .npy") << QStringLiteral("keep.npy") << list({"export", "--view", "heatmap", "--d-model", "1"});
    QTest::newRow("--base 0.5, .csv") << QStringLiteral("keep.csv") << list({"export", "--view", "heatmap", "--base", "0.5"});
    QTest::newRow("--view nope") << QStringLiteral("keep.npy") << list({"export", "--view", "nope"});
    QTest::newRow("--dims 200") << QStringLiteral("keep.npy") << list({"export", "--view", "curves", "--dims", "200"});
    QTest::newRow("--dtype float16") << QStringLiteral("keep.csv") << list({"export", "--view", "rotation", "--dtype", "float16"});
}

void TestCliExport::failedExportKeepsExistingFile()
{
    QFETCH(QString, target);
    QFETCH(QStringList, arguments);

    verifyFailedRunKeepsFile(arguments + QStringList{QStringLiteral("-o"), target}, target,
                             QByteArrayLiteral("the figure of last week, still needed\n"));
}

// A successful export over a longer old file leaves exactly the new array, no old tail.
void TestCliExport::exportReplacesExistingFileWhole()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        QFile file(dir.filePath(QStringLiteral("out.npy")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write(QByteArray(100000, 'x')) == 100000);
    }
    const Result result = run({QStringLiteral("export"), QStringLiteral("--view"), QStringLiteral("heatmap"),
                               QStringLiteral("--d-model"), QStringLiteral("2"), QStringLiteral("--seq-len"),
                               QStringLiteral("1"), QStringLiteral("-o"), QStringLiteral("out.npy")},
                              dir.path());
    QVERIFY2(result.finished && result.exitCode == 0 && result.err.isEmpty(), qPrintable(describe(result)));
    const QByteArray file = readAll(dir.filePath(QStringLiteral("out.npy")));
    QString why;
    const auto npy = parseNpy(file, &why); // fails on any byte after the data
    QVERIFY2(npy, qPrintable(why));
    QCOMPARE(file.size(), qsizetype(npy->dataOffset + 2 * 8));
    QCOMPARE(npy->shape, (QList<qint64>{1, 2}));
    QCOMPARE(valueAt<double>(npy->data, 0), 0.0); // sin(0)
    QCOMPARE(valueAt<double>(npy->data, 1), 1.0); // cos(0)
    QCOMPARE(entriesBelow(dir.path()), QStringList{QStringLiteral("out.npy")});
}

void TestCliExport::helpAndVersion_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected"); // a text in stdout, or "version"
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << QStringLiteral("Usage");
    QTest::newRow("-h") << QStringList{QStringLiteral("-h")} << QStringLiteral("Usage");
    QTest::newRow("export --help") << QStringList{QStringLiteral("export"), QStringLiteral("--help")}
                                   << QStringLiteral("Usage: posenc-lab export");
    QTest::newRow("screenshot --help") << QStringList{QStringLiteral("screenshot"), QStringLiteral("--help")}
                                       << QStringLiteral("Usage: posenc-lab screenshot");
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << QStringLiteral("version");
    QTest::newRow("-v") << QStringList{QStringLiteral("-v")} << QStringLiteral("version");
}

void TestCliExport::helpAndVersion()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result result = run(arguments, dir.path());
    QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
    QVERIFY2(result.err.isEmpty(), result.err.constData());
    const QString out = QString::fromUtf8(result.out);
    if (expected == QLatin1String("version")) {
        static const QRegularExpression pattern(QStringLiteral("^posenc-lab \\d+\\.\\d+\\.\\d+\\n$"));
        QVERIFY2(pattern.match(out).hasMatch(), qPrintable(out));
    } else {
        QVERIFY2(out.contains(expected), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("--d-model")), qPrintable(out));
    }
    QCOMPARE(entriesBelow(dir.path()), QStringList());
}

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab export` of the spectrum, similarity and temporal views and `posenc-lab
// screenshot` of every view, run as a user without a display would run them (the real binary):
// the arrays hold the numbers of DESIGN.md's export table, computed here from the formulas
// with std::sin / std::cos and nothing from core/, and invalid input ends with status 2, one
// line on stderr and no file.
#include "clirun.h"
#include "npyreader.h"

#include <QCryptographicHash>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QList>
#include <QSize>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>
#include <optional>
#include <set>
#include <vector>

using namespace posenc::clitest;

namespace {

// ---------------------------------------------------------------------------------------
// The expected values: DESIGN.md's formulas written out again.
//   PE(pos, 2i) = scale sin(pos w_i), PE(pos, 2i+1) = scale cos(pos w_i) (interleaved), or
//   [sin half | cos half] (split; odd d leaves the last column zero);
//   w_i = base^(-2i/d) (paper) or exp(-i ln(base) / max(n - 1, 1)) (tensor2tensor, n
//   frequencies); n = ceil(d/2) interleaved, floor(d/2) split.
struct Params {
    int dModel = 128;
    int seqLen = 30;
    double base = 10000.0;
    double scale = 1.0;
    double start = 0.0;
    bool split = false;
    bool tensor2tensor = false;
};

int frequencyCount(const Params &p)
{
    return p.split ? p.dModel / 2 : (p.dModel + 1) / 2;
}

double omega(const Params &p, int i)
{
    if (p.tensor2tensor)
        return std::exp(-double(i) * std::log(p.base) / double(std::max(frequencyCount(p) - 1, 1)));
    return std::pow(p.base, -2.0 * i / p.dModel);
}

double pe(const Params &p, double pos, int column)
{
    bool isSin = true;
    int pair = -1;
    if (!p.split) {
        isSin = column % 2 == 0;
        pair = column / 2;
    } else if (column < p.dModel / 2) {
        pair = column;
    } else if (column < 2 * (p.dModel / 2)) {
        isSin = false;
        pair = column - p.dModel / 2;
    }
    if (pair < 0)
        return 0.0;
    const double angle = pos * omega(p, pair);
    return p.scale * (isSin ? std::sin(angle) : std::cos(angle));
}

// PE as [seq_len][d_model].
std::vector<std::vector<double>> encoding(const Params &p)
{
    std::vector<std::vector<double>> rows(std::size_t(p.seqLen), std::vector<double>(std::size_t(p.dModel)));
    for (int r = 0; r < p.seqLen; ++r)
        for (int c = 0; c < p.dModel; ++c)
            rows[std::size_t(r)][std::size_t(c)] = pe(p, p.start + r, c);
    return rows;
}

QString number(double value)
{
    return QString::number(value, 'g', 17);
}

// The numbers of a .npy or .csv export as one row-major list, with the shape; fails the test
// (and returns nothing) when the file is not valid.
struct Table {
    qint64 rows = 0;
    qint64 cols = 0;
    std::vector<double> values;
    QList<QByteArray> header; // CSV only
};

std::optional<Table> readTable(const QByteArray &file, const QString &format, QString *why)
{
    Table table;
    if (format == QLatin1String("npy")) {
        const auto npy = parseNpy(file, why);
        if (!npy)
            return std::nullopt;
        if (npy->descr != "<f8" || npy->fortranOrder || npy->shape.size() != 2) {
            *why = QStringLiteral("expected a 2-D C-order <f8 array, got descr %1, shape of %2 axes")
                       .arg(QString::fromLatin1(npy->descr))
                       .arg(npy->shape.size());
            return std::nullopt;
        }
        table.rows = npy->shape[0];
        table.cols = npy->shape[1];
        table.values.resize(std::size_t(table.rows * table.cols));
        std::memcpy(table.values.data(), npy->data.constData(), table.values.size() * sizeof(double));
        return table;
    }
    const auto csv = parseCsv(file, why);
    if (!csv)
        return std::nullopt;
    table.header = csv->header;
    table.rows = csv->rows.size();
    table.cols = csv->header.size();
    for (qsizetype r = 0; r < csv->rows.size(); ++r) {
        if (csv->rows[r].size() != table.cols) {
            *why = QStringLiteral("row %1 has %2 fields, the header %3").arg(r).arg(csv->rows[r].size()).arg(table.cols);
            return std::nullopt;
        }
        for (const QByteArray &field : csv->rows[r]) {
            bool ok = false;
            table.values.push_back(QString::fromLatin1(field).toDouble(&ok));
            if (!ok) {
                *why = QStringLiteral("row %1: \"%2\" is not a number").arg(r).arg(QString::fromLatin1(field));
                return std::nullopt;
            }
        }
    }
    return table;
}

QStringList formats()
{
    return {QStringLiteral("npy"), QStringLiteral("csv")};
}

} // namespace

Q_DECLARE_METATYPE(Params)

namespace {

// The data of the spectrum and similarity tests: an export's arguments, what they mean
// (Params) and the format; addParamsRows adds one row per format (see formats()).
void addParamsColumns()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<Params>("params");
    QTest::addColumn<QString>("format");
}

void addParamsRows(const char *name, const QStringList &arguments, const Params &p)
{
    for (const QString &format : formats())
        QTest::addRow("%s, %s", name, qPrintable(format)) << arguments << p << format;
}

} // namespace

class TestCliViews : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void exportSpectrum_data();
    void exportSpectrum();
    void exportSimilarity_data();
    void exportSimilarity();
    void similarityTooLarge_data();
    void similarityTooLarge();
    void exportTemporal_data();
    void exportTemporal();
    void invalidTemporal_data();
    void invalidTemporal();
    void screenshotEveryView_data();
    void screenshotEveryView();
    void screenshotFollowsView();

private:
    // Runs an export that must succeed, silently, leaving exactly `fileName`; its table.
    std::optional<Table> exportTable(const QStringList &arguments, const QString &format);
};

void TestCliViews::initTestCase()
{
    QVERIFY2(QFileInfo(binaryPath()).isExecutable(), qPrintable(binaryPath()));
}

std::optional<Table> TestCliViews::exportTable(const QStringList &arguments, const QString &format)
{
    QTemporaryDir dir;
    if (!dir.isValid()) {
        QTest::qFail("no temporary folder", __FILE__, __LINE__);
        return std::nullopt;
    }
    const QString fileName = QStringLiteral("out.") + format;
    const Result result = run(QStringList{QStringLiteral("export")} + arguments
                                  + QStringList{QStringLiteral("-o"), fileName},
                              dir.path());
    if (!(result.finished && !result.crashed && result.exitCode == 0 && result.out.isEmpty()
          && result.err.isEmpty())) {
        QTest::qFail(qPrintable(QStringLiteral("expected exit 0 and silence: ") + describe(result)),
                     __FILE__, __LINE__);
        return std::nullopt;
    }
    const QStringList entries = entriesBelow(dir.path());
    if (entries != QStringList{fileName}) {
        QTest::qFail(qPrintable(QStringLiteral("the folder holds: ") + entries.join(QLatin1Char(' '))),
                     __FILE__, __LINE__);
        return std::nullopt;
    }
    QString why;
    auto table = readTable(readAll(dir.filePath(fileName)), format, &why);
    if (!table)
        QTest::qFail(qPrintable(why), __FILE__, __LINE__);
    return table;
}

void TestCliViews::exportSpectrum_data()
{
    addParamsColumns();
    addParamsRows("defaults (64 frequencies)", list({"--view", "spectrum"}), Params{});
    for (const bool t2t : {false, true}) {
        const QString frequencies = t2t ? QStringLiteral("tensor2tensor") : QStringLiteral("paper");
        for (const bool split : {false, true}) {
            const QString layout = split ? QStringLiteral("split") : QStringLiteral("interleaved");
            for (const int d : {7, 2, 3, 64}) {
                Params p;
                p.dModel = d;
                p.split = split;
                p.tensor2tensor = t2t;
                const QByteArray name = QStringLiteral("d_model %1 %2 %3").arg(d).arg(layout, frequencies).toUtf8();
                addParamsRows(name.constData(),
                    QStringList{QStringLiteral("--view"), QStringLiteral("spectrum"), QStringLiteral("--d-model"),
                                QString::number(d), QStringLiteral("--layout"), layout,
                                QStringLiteral("--frequencies"), frequencies},
                    p);
            }
        }
    }
    Params big;
    big.dModel = 4096;
    big.base = 1e12;
    big.split = true;
    big.tensor2tensor = true;
    addParamsRows("d_model 4096 base 1e12 split tensor2tensor",
        list({"--view", "spectrum", "--d-model", "4096", "--base", "1e12", "--layout", "split",
              "--frequencies", "tensor2tensor"}),
        big);
    Params base2;
    base2.dModel = 33;
    base2.base = 2;
    addParamsRows("d_model 33 base 2", list({"--view", "spectrum", "--d-model", "33", "--base", "2"}), base2);
}

// [number of frequencies, 3]: i, w_i, wavelength 2π / w_i; ceil(d/2) rows interleaved,
// floor(d/2) split.
void TestCliViews::exportSpectrum()
{
    QFETCH(QStringList, arguments);
    QFETCH(Params, params);
    QFETCH(QString, format);

    const auto table = exportTable(arguments, format);
    if (!table)
        return;
    const int count = frequencyCount(params);
    QCOMPARE(table->rows, qint64(count));
    QCOMPARE(table->cols, qint64(3));
    if (format == QLatin1String("csv"))
        QCOMPARE(table->header, (QList<QByteArray>{"i", "w_i", "wavelength"}));
    for (int i = 0; i < count; ++i) {
        const double w = omega(params, i);
        const double wavelength = 2.0 * std::numbers::pi / w;
        const double *row = table->values.data() + 3 * i;
        QCOMPARE(row[0], double(i));
        QVERIFY2(std::abs(row[1] - w) <= 1e-14 * w,
                 qPrintable(QStringLiteral("w_%1: file %2, formula %3").arg(i).arg(number(row[1]), number(w))));
        QVERIFY2(std::abs(row[2] - wavelength) <= 1e-14 * wavelength,
                 qPrintable(QStringLiteral("wavelength %1: file %2, formula %3")
                                .arg(i).arg(number(row[2]), number(wavelength))));
    }
    QCOMPARE(table->values[1], 1.0); // w_0 = 1
}

void TestCliViews::exportSimilarity_data()
{
    addParamsColumns();
    addParamsRows("defaults", list({"--view", "similarity"}), Params{});
    Params odd;
    odd.dModel = 7;
    odd.seqLen = 40;
    odd.start = -7;
    odd.scale = -1.5;
    addParamsRows("d_model 7 interleaved start -7 scale -1.5 (lone sine)",
        list({"--view", "similarity", "--d-model", "7", "--seq-len", "40", "--start", "-7", "--scale", "-1.5"}),
        odd);
    Params split;
    split.dModel = 9;
    split.seqLen = 50;
    split.split = true;
    split.tensor2tensor = true;
    split.start = 3;
    addParamsRows("d_model 9 split tensor2tensor start 3",
        list({"--view", "similarity", "--d-model", "9", "--seq-len", "50", "--layout", "split",
              "--frequencies", "tensor2tensor", "--start", "3"}),
        split);
    Params two;
    two.dModel = 2;
    two.seqLen = 60;
    two.base = 100;
    addParamsRows("d_model 2 seq_len 60 base 100",
        list({"--view", "similarity", "--d-model", "2", "--seq-len", "60", "--base", "100"}), two);
    Params one;
    one.seqLen = 1;
    one.start = 5;
    addParamsRows("seq_len 1", list({"--view", "similarity", "--seq-len", "1", "--start", "5"}), one);
    Params zero;
    zero.dModel = 8;
    zero.seqLen = 5;
    zero.scale = 0;
    addParamsRows("scale 0", list({"--view", "similarity", "--d-model", "8", "--seq-len", "5", "--scale", "0"}), zero);
    Params largest;
    largest.dModel = 3;
    largest.seqLen = 4096;
    QTest::addRow("seq_len 4096 (the largest) d_model 3, npy")
        << list({"--view", "similarity", "--d-model", "3", "--seq-len", "4096"}) << largest << QStringLiteral("npy");
}

// [seq_len, seq_len] = PE @ PE.T, brute force over PE computed here, to 1e-12 relative.
void TestCliViews::exportSimilarity()
{
    QFETCH(QStringList, arguments);
    QFETCH(Params, params);
    QFETCH(QString, format);

    const auto table = exportTable(arguments, format);
    if (!table)
        return;
    const int n = params.seqLen;
    QCOMPARE(table->rows, qint64(n));
    QCOMPARE(table->cols, qint64(n));
    if (format == QLatin1String("csv"))
        QCOMPARE(table->header.size(), qsizetype(n));
    const auto rows = encoding(params);
    const double tol = 1e-12 * params.scale * params.scale * params.dModel;
    for (int a = 0; a < n; ++a) {
        const auto &x = rows[std::size_t(a)];
        for (int b = 0; b < n; ++b) {
            const auto &y = rows[std::size_t(b)];
            double dot = 0;
            for (int c = 0; c < params.dModel; ++c)
                dot += x[std::size_t(c)] * y[std::size_t(c)];
            const double got = table->values[std::size_t(a) * std::size_t(n) + std::size_t(b)];
            if (!(std::abs(got - dot) <= tol)) {
                QFAIL(qPrintable(QStringLiteral("(%1, %2): file %3, PE.PE^T %4 (tolerance %5)")
                                     .arg(a).arg(b).arg(number(got), number(dot), number(tol))));
            }
        }
    }
}

void TestCliViews::similarityTooLarge_data()
{
    QTest::addColumn<QStringList>("arguments");
    for (const QString &format : formats()) {
        QTest::addRow("--seq-len 4097, %s", qPrintable(format))
            << QStringList{QStringLiteral("export"), QStringLiteral("--view"), QStringLiteral("similarity"),
                           QStringLiteral("--seq-len"), QStringLiteral("4097"), QStringLiteral("-o"),
                           QStringLiteral("out.") + format};
    }
    QTest::addRow("--seq-len 16384 --d-model 2, npy")
        << list({"export", "--view", "similarity", "--seq-len", "16384", "--d-model", "2", "-o", "out.npy"});
}

// The [seq_len, seq_len] array is exported up to seq_len 4096: beyond, status 2, one line
// naming similarity, seq_len and 4096, no file.
void TestCliViews::similarityTooLarge()
{
    QFETCH(QStringList, arguments);
    verifyInvalidRun(arguments, {QStringLiteral("similarity"), QStringLiteral("seq_len"), QStringLiteral("4096")});
}

void TestCliViews::exportTemporal_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QList<double>>("periods");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QList<QByteArray>>("header"); // CSV only; empty: not checked

    const QList<QByteArray> dayWeek{"sin_24", "cos_24", "sin_168", "cos_168"};
    const auto row = [](const char *name, const QStringList &arguments, const QList<double> &periods,
                        int steps, const QList<QByteArray> &header) {
        for (const QString &format : formats())
            QTest::addRow("%s, %s", name, qPrintable(format)) << arguments << periods << steps << format << header;
    };
    row("--periods 24,168 --steps 50", list({"--view", "temporal", "--periods", "24,168", "--steps", "50"}),
        {24, 168}, 50, dayWeek);
    row("defaults (24,168 x 336)", list({"--view", "temporal"}), {24, 168}, 336, dayWeek);
    row("--periods 7 --steps 10", list({"--view", "temporal", "--periods", "7", "--steps", "10"}), {7}, 10,
        {"sin_7", "cos_7"});
    row("--periods 168,24,12 (order kept)", list({"--view", "temporal", "--periods", "168,24,12", "--steps", "30"}),
        {168, 24, 12}, 30, {"sin_168", "cos_168", "sin_24", "cos_24", "sin_12", "cos_12"});
    row("--periods 1.5,0.25,1e9 --steps 20",
        list({"--view", "temporal", "--periods", "1.5,0.25,1e9", "--steps", "20"}), {1.5, 0.25, 1e9}, 20, {});
    row("--steps 1", list({"--view", "temporal", "--steps", "1"}), {24, 168}, 1, dayWeek);
    row("16 periods", list({"--view", "temporal", "--periods", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", "--steps", "17"}),
        {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, 17, {});
    row("encoding flags do not change it",
        list({"--view", "temporal", "--d-model", "7", "--seq-len", "3", "--scale", "-2", "--periods", "24,168",
              "--steps", "50"}),
        {24, 168}, 50, dayWeek);
}

// [steps, 2 * number of periods]: sin(2π t / P), cos(2π t / P) per period, in order.
void TestCliViews::exportTemporal()
{
    QFETCH(QStringList, arguments);
    QFETCH(QList<double>, periods);
    QFETCH(int, steps);
    QFETCH(QString, format);
    QFETCH(QList<QByteArray>, header);

    const auto table = exportTable(arguments, format);
    if (!table)
        return;
    const qint64 cols = 2 * periods.size();
    QCOMPARE(table->rows, qint64(steps));
    QCOMPARE(table->cols, cols);
    if (format == QLatin1String("csv") && !header.isEmpty())
        QCOMPARE(table->header, header);
    for (int t = 0; t < steps; ++t) {
        for (qsizetype j = 0; j < periods.size(); ++j) {
            const double angle = 2.0 * std::numbers::pi * t / periods[j];
            const double tol = 1e-14 * (1.0 + std::abs(angle));
            const double *row = table->values.data() + t * cols;
            QVERIFY2(std::abs(row[2 * j] - std::sin(angle)) <= tol,
                     qPrintable(QStringLiteral("t %1 sin_%2: file %3, formula %4")
                                    .arg(t).arg(periods[j]).arg(number(row[2 * j]), number(std::sin(angle)))));
            QVERIFY2(std::abs(row[2 * j + 1] - std::cos(angle)) <= tol,
                     qPrintable(QStringLiteral("t %1 cos_%2: file %3, formula %4")
                                    .arg(t).arg(periods[j]).arg(number(row[2 * j + 1]), number(std::cos(angle)))));
        }
    }
}

void TestCliViews::invalidTemporal_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustMention");

    const auto temporal = [](std::initializer_list<const char *> extra, const char *output = "out.npy") {
        QStringList result = list({"export", "--view", "temporal"});
        for (const char *a : extra)
            result << QString::fromUtf8(a);
        return result << QStringLiteral("-o") << QString::fromUtf8(output);
    };
    QTest::newRow("--periods 24,-1") << temporal({"--periods", "24,-1"}) << list({"--periods"});
    QTest::newRow("--periods 24,-1 (csv)") << temporal({"--periods", "24,-1"}, "out.csv") << list({"--periods"});
    QTest::newRow("--periods abc") << temporal({"--periods", "abc"}) << list({"--periods", "abc"});
    QTest::newRow("--periods 24,abc") << temporal({"--periods", "24,abc"}) << list({"--periods", "abc"});
    QTest::newRow("--periods 0") << temporal({"--periods", "0"}) << list({"--periods"});
    QTest::newRow("--periods nan") << temporal({"--periods", "nan"}) << list({"--periods"});
    QTest::newRow("--periods inf") << temporal({"--periods", "inf"}) << list({"--periods"});
    QTest::newRow("--periods 2e9") << temporal({"--periods", "2e9"}) << list({"--periods", "1e9"});
    QTest::newRow("--periods (empty)") << temporal({"--periods", ""}) << list({"--periods"});
    QTest::newRow("--periods 24,,168") << temporal({"--periods", "24,,168"}) << list({"--periods"});
    QTest::newRow("--periods 17 of them")
        << temporal({"--periods", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17"}) << list({"--periods", "16"});
    QTest::newRow("--steps 0") << temporal({"--steps", "0"}) << list({"--steps", "1048576"});
    QTest::newRow("--steps 0 (csv)") << temporal({"--steps", "0"}, "out.csv") << list({"--steps", "1048576"});
    QTest::newRow("--steps x") << temporal({"--steps", "x"}) << list({"--steps", "x"});
    QTest::newRow("--steps -3") << temporal({"--steps", "-3"}) << list({"--steps"});
    QTest::newRow("--steps 2.5") << temporal({"--steps", "2.5"}) << list({"--steps", "2.5"});
    QTest::newRow("--steps 1048577") << temporal({"--steps", "1048577"}) << list({"--steps", "1048576"});
    QTest::newRow("--periods without value") << list({"export", "--view", "temporal", "-o", "out.npy", "--periods"})
                                             << list({"--periods"});
}

// DESIGN.md: exit status 2, one line on stderr naming the flag, no output file.
void TestCliViews::invalidTemporal()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustMention);
    verifyInvalidRun(arguments, mustMention);
}

void TestCliViews::screenshotEveryView_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("arguments"); // besides screenshot -o shot.png --view V
    QTest::addColumn<QSize>("size");
    for (const char *view : {"heatmap", "curves", "spectrum", "rotation", "similarity", "temporal"}) {
        QTest::addRow("%s, defaults, 1280x800", view)
            << QString::fromUtf8(view) << list({"--size", "1280x800"}) << QSize(1280, 800);
        QTest::addRow("%s, d_model 64 seq_len 256, 1024x768", view)
            << QString::fromUtf8(view) << list({"--d-model", "64", "--seq-len", "256", "--size", "1024x768"})
            << QSize(1024, 768);
    }
}

// Every view renders headless to a PNG of the asked size that shows something: many colours,
// none covering almost all of it, and not a word on stderr.
void TestCliViews::screenshotEveryView()
{
    QFETCH(QString, view);
    QFETCH(QStringList, arguments);
    QFETCH(QSize, size);

    QImage image;
    verifyScreenshot(QStringList{QStringLiteral("--view"), view} + arguments, size, &image);
}

// --view picks what is shown: the six views give six different pictures of the same parameters.
void TestCliViews::screenshotFollowsView()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QHash<QByteArray, QString> seen; // hash of the pixels -> view
    for (const char *name : {"heatmap", "curves", "spectrum", "rotation", "similarity", "temporal"}) {
        const QString view = QString::fromUtf8(name);
        const QString file = view + QStringLiteral(".png");
        const Result result = run({QStringLiteral("screenshot"), QStringLiteral("-o"), file, QStringLiteral("--view"),
                                   view, QStringLiteral("--size"), QStringLiteral("800x600")},
                                  dir.path());
        QVERIFY2(result.finished && !result.crashed && result.exitCode == 0, qPrintable(describe(result)));
        QImage image;
        QVERIFY(image.load(dir.filePath(file), "PNG"));
        image = image.convertToFormat(QImage::Format_RGB32);
        const QByteArray hash = QCryptographicHash::hash(
            QByteArrayView(image.constBits(), image.sizeInBytes()), QCryptographicHash::Sha256);
        QVERIFY2(!seen.contains(hash),
                 qPrintable(QStringLiteral("--view %1 looks exactly like --view %2").arg(view, seen.value(hash))));
        seen.insert(hash, view);
    }
}

QTEST_GUILESS_MAIN(TestCliViews)
#include "tst_cli_views.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// "Check my implementation": a corpus built here from the published formulas of
// conventions.md, each written out as its implementation writes it (std::sin loops, nothing
// from core/ but the float16/bfloat16 rounding of core/precision.h, tested in tst_precision),
// at several d_model (odd too), seq_len, bases, starts, scales, dtypes and orientations, must
// match; every bug family written the way the buggy code writes it must be named.

#include "core/encodingcheck.h"
#include "core/precision.h"

#include <QTest>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(std::string)
Q_DECLARE_METATYPE(posenc::RowMatrixXd)
Q_DECLARE_METATYPE(posenc::StoredType)

#include "encodingcorpus.h"

using namespace posenc::corpus;

namespace {

// ---------------------------------------------------------------------------------------

struct Expected {
    std::string layout;
    std::string frequencies;
    double base = 1e4;
    double start = 0;
    double step = 1;
    double scale = 1;
    bool transposed = false;
    OddColumn odd = OddColumn::None;
};

} // namespace

Q_DECLARE_METATYPE(Expected)

class TestEncodingCheck : public QObject
{
    Q_OBJECT

private slots:
    void canonical_data();
    void canonical();
    void bugs_data();
    void bugs();
    void evidence();
    void computedIn();
    void referenceInFileOrientation();
    void notAnalysable();
};

void TestEncodingCheck::canonical_data()
{
    QTest::addColumn<RowMatrixXd>("matrix");
    QTest::addColumn<StoredType>("type");
    QTest::addColumn<double>("optionBase");
    QTest::addColumn<Expected>("expected");

    const StoredType f64 = StoredType::Float64, f32 = StoredType::Float32, f16 = StoredType::Float16;
    auto add = [](const std::string &name, const RowMatrixXd &m, StoredType t, double optionBase, Expected e) {
        QTest::newRow(name.c_str()) << stored(m, t) << t << optionBase << e;
        Expected flipped = e;
        flipped.transposed = true;
        QTest::newRow((name + " transposed").c_str()) << RowMatrixXd(stored(m, t).transpose()) << t << optionBase << flipped;
    };
    for (int d : {5, 33, 64, 127, 512}) {
        for (int n : {8, 50, 200, 1024}) {
            if (d == 512 && n > 200)
                continue;
            const bool odd = d % 2 == 1;
            const std::string shape = std::to_string(n) + "x" + std::to_string(d);
            for (StoredType t : {f64, f32, f16}) {
                const std::string type(storedTypeName(t));
                Expected e{"interleaved", "paper"};
                e.odd = odd ? OddColumn::LoneSineLast : OddColumn::None;
                add("interleaved paper " + shape + " " + type, interleavedPaper(d, {n}), t, 1e4, e);
                Expected s{"split", "tensor2tensor"};
                s.odd = odd ? OddColumn::ZeroLast : OddColumn::None;
                if (d > 5 || n > 8)
                    add("fairseq start 2 " + shape + " " + type, splitT2T(d, {n, 2}), t, 1e4, [&] {
                        Expected f = s;
                        f.start = 2;
                        return f;
                    }());
                Expected flip = s;
                flip.layout = "split_cos_sin";
                add("diffusers flip " + shape + " " + type, splitT2T(d, {n}, 1e4, true), t, 1e4, flip);
                if (odd) {
                    Expected mar{"split", "paper"};
                    mar.odd = OddColumn::LoneSineMiddle;
                    add("marian " + shape + " " + type, marian(d, {n}), t, 1e4, mar);
                } else {
                    Expected x{"split", "paper"};
                    x.scale = 1 / std::sqrt(double(d));
                    add("x-transformers " + shape + " " + type, xTransformers(d, {n}), t, 1e4, x);
                }
            }
        }
    }
    for (double base : {100.0, 1e6}) {
        for (int d : {16, 64, 127}) {
            Expected e{"interleaved", "paper", base};
            e.odd = d % 2 ? OddColumn::LoneSineLast : OddColumn::None;
            add("paper base " + std::to_string(int(base)) + " d" + std::to_string(d), interleavedPaper(d, {200}, base), f64,
                base, e);
            Expected s{"split", "tensor2tensor", base};
            s.odd = d % 2 ? OddColumn::ZeroLast : OddColumn::None;
            add("t2t base " + std::to_string(int(base)) + " d" + std::to_string(d), splitT2T(d, {200}, base), f32, base, s);
        }
    }
    for (int d : {16, 64, 128}) {
        Expected e{"split", "paper"};
        e.start = 63;
        e.step = -1;
        add("transformer-xl counting down from 63, d" + std::to_string(d), transformerXL(d, 64), f32, 1e4, e);
    }
    Expected big{"interleaved", "paper"};
    big.start = 1000;
    add("start 1000", interleavedPaper(256, {100, 1000}), f32, 1e4, big);
    Expected scaled{"interleaved", "paper"};
    scaled.scale = 8;
    add("scale 8 (sqrt d)", interleavedPaper(64, {100}, 1e4, 8), f32, 1e4, scaled);
    Expected long16{"split", "tensor2tensor"};
    add("float16 stored, 2048 positions", splitT2T(256, {2048}), f16, 1e4, long16);
    Expected bf{"interleaved", "paper"};
    QTest::newRow("computed in bfloat16, stored float32")
        << roundedTo(interleavedPaper(64, {200}), Precision::BFloat16) << f32 << 1e4 << bf;
    QTest::newRow("computed in float16, stored float64")
        << roundedTo(interleavedPaper(127, {200}), Precision::Float16) << f64 << 1e4 << [] {
               Expected e{"interleaved", "paper"};
               e.odd = OddColumn::LoneSineLast;
               return e;
           }();
}

void TestEncodingCheck::canonical()
{
    QFETCH(RowMatrixXd, matrix);
    QFETCH(StoredType, type);
    QFETCH(double, optionBase);
    QFETCH(Expected, expected);
    CheckOptions options;
    options.expectedBase = optionBase;
    const EncodingCheck check = checkEncoding(matrix, type, options);
    std::string findings;
    for (const Finding &f : check.findings)
        findings += "[" + f.code + "] ";
    const QByteArray context = QByteArray("layout ") + check.layout.c_str() + ", frequencies " + check.frequencies.c_str()
                               + ", start " + QByteArray::number(check.start) + ", step "
                               + QByteArray::number(check.positionStep) + ", max error "
                               + QByteArray::number(check.maxError) + " (tolerance " + QByteArray::number(check.tolerance)
                               + "); " + findings.c_str();
    QVERIFY2(check.matches, context);
    for (const Finding &f : check.findings)
        QVERIFY2(f.severity == Severity::Info, context);
    QCOMPARE(check.transposed, expected.transposed);
    QCOMPARE(check.layout, expected.layout);
    QCOMPARE(int(check.oddColumn), int(expected.odd));
    QCOMPARE(check.start, expected.start);
    QCOMPARE(check.positionStep, expected.step);
    QVERIFY2(std::abs(check.scale - expected.scale) <= 1e-3 * expected.scale, context);
    QCOMPARE(check.base, expected.base);
    // Paper and tensor2tensor ladders differ by less than the precision on tiny matrices.
    if (matrix.size() >= 400)
        QVERIFY2(check.frequencies == expected.frequencies, context);
    QVERIFY(!check.implementations.empty());
    QVERIFY(check.maxError <= check.tolerance);
}

void TestEncodingCheck::bugs_data()
{
    QTest::addColumn<RowMatrixXd>("matrix");
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("layout");

    const double lnBase = std::log(1e4);
    for (int d : {32, 64, 128}) {
        for (int n : {50, 200}) {
            const std::string shape = " " + std::to_string(n) + "x" + std::to_string(d);
            // The seed text's loop: i steps by 2 and still writes 10000 ** (2 * i / d).
            QTest::newRow(("doubled exponent" + shape).c_str())
                << paperWith(d, n, [=](double pos, int i) { return pos / std::pow(1e4, 2.0 * i / d); })
                << std::string("doubled_exponent") << std::string("interleaved");
            // sin at 2i/d with i the column, cos at 2(i+1)/d: doubled and per column.
            QTest::newRow(("seed loop, cos at 2(i+1)/d" + shape).c_str())
                << pairLoop(d, n, [=](double pos, int i) { return pos / std::pow(1e4, 2.0 * i / d); },
                            [=](double pos, int i) { return pos / std::pow(1e4, 2.0 * i / d); })
                << std::string("per_column_exponent") << std::string("interleaved");
            // The exponent counts columns: sin at i/d, cos at (i+1)/d... written i/d per column.
            QTest::newRow(("per-column exponent" + shape).c_str())
                << pairLoop(d, n, [=](double pos, int c) { return pos / std::pow(1e4, double(c) / d); },
                            [=](double pos, int c) { return pos / std::pow(1e4, double(c) / d); })
                << std::string("per_column_exponent") << std::string("interleaved");
            QTest::newRow(("multiply instead of divide" + shape).c_str())
                << paperWith(d, n, [=](double pos, int i) { return pos * std::pow(1e4, double(i) / d); })
                << std::string("multiply_instead_of_divide") << std::string("interleaved");
            // div_term = exp(arange(0, d, 2) * -(ln(10000) / d)) with the product truncated to an integer.
            QTest::newRow(("integer-truncated exponent" + shape).c_str())
                << paperWith(d, n, [=](double pos, int i) { return pos * std::exp(std::trunc(-i * lnBase / d)); })
                << std::string("integer_truncated_frequencies") << std::string("interleaved");
            // 1 / 10000 ** (i // d): an integer division gives exponent 0 everywhere.
            QTest::newRow(("all frequencies equal" + shape).c_str())
                << paperWith(d, n, [=](double pos, int i) { return pos / std::pow(1e4, double(i / d)); })
                << std::string("all_frequencies_equal") << std::string("interleaved");
            QTest::newRow(("wrong d (d + 36)" + shape).c_str())
                << paperWith(d, n, [=](double pos, int i) { return pos / std::pow(1e4, double(i) / (d + 36)); })
                << std::string("wrong_d_in_exponent") << std::string("interleaved");
            QTest::newRow(("wrong base 500" + shape).c_str())
                << paperWith(d, n, [=](double pos, int i) { return pos / std::pow(500.0, double(i) / d); })
                << std::string("wrong_base") << std::string("interleaved");
            RowMatrixXd swapped = interleavedPaper(d, {n});
            for (int c = 0; c + 1 < d; c += 2)
                swapped.col(c).swap(swapped.col(c + 1));
            QTest::newRow(("sin and cos swapped" + shape).c_str())
                << swapped << std::string("sin_cos_swapped") << std::string("interleaved_cos_sin");
            // In every other pair: a file whose every pair is a copy is a rotary cache.
            RowMatrixXd twice = interleavedPaper(d, {n, 1});
            for (int c = 0; c + 1 < d; c += 4)
                twice.col(c + 1) = twice.col(c);
            QTest::newRow(("sin written twice" + shape).c_str()) << twice << std::string("sin_written_twice")
                                                                 << std::string("interleaved");
            RowMatrixXd cosOfSin = interleavedPaper(d, {n});
            for (int c = 0; c + 1 < d; c += 2)
                cosOfSin.col(c + 1) = cosOfSin.col(c).array().cos();
            QTest::newRow(("cos of sin" + shape).c_str()) << cosOfSin << std::string("cos_of_sin")
                                                          << std::string("interleaved");
            QTest::newRow(("positions times 1.385" + shape).c_str())
                << interleavedPaper(d, {n, 1.385, 1.385}) << std::string("positions_scaled") << std::string("interleaved");
            RowMatrixXd padded = splitT2T(d, {n});
            padded.row(0).setZero();
            QTest::newRow(("first row zeroed" + shape).c_str()) << padded << std::string("first_row_zeroed")
                                                                << std::string("split");
        }
    }
    // Low precision: positions rounded before the sine (bfloat16 past 256, float16 past 2048),
    // or the whole angle computed in float16 (core/precision.h's model).
    for (Precision p : {Precision::BFloat16, Precision::Float16}) {
        const int n = p == Precision::BFloat16 ? 1024 : 4096;
        RowMatrixXd m(n, 64);
        RowMatrixXd full(n, 64);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < 64; c += 2) {
                const double w = std::pow(1e4, -double(c) / 64);
                const double angle = roundToPrecision(p, double(r)) * w;
                m(r, c) = std::sin(angle);
                m(r, c + 1) = std::cos(angle);
                const double rounded = roundToPrecision(p, roundToPrecision(p, double(r)) * roundToPrecision(p, w));
                full(r, c) = roundToPrecision(p, std::sin(rounded));
                full(r, c + 1) = roundToPrecision(p, std::cos(rounded));
            }
        const std::string name(precisionName(p));
        QTest::newRow(("positions in " + name).c_str()) << m << std::string("low_precision_positions")
                                                        << std::string("interleaved");
        QTest::newRow(("angles in " + name).c_str()) << full << std::string("low_precision_angles")
                                                     << std::string("interleaved");
    }
}

void TestEncodingCheck::bugs()
{
    QFETCH(RowMatrixXd, matrix);
    QFETCH(std::string, code);
    QFETCH(std::string, layout);
    const EncodingCheck check = checkEncoding(matrix, StoredType::Float32);
    std::string findings;
    for (const Finding &f : check.findings)
        findings += "[" + f.code + "] ";
    QVERIFY2(check.hasFinding(code), findings.c_str());
    QVERIFY(!check.matches);
    QVERIFY(check.finding(code)->severity != Severity::Info);
    QVERIFY2(check.layout == layout, check.layout.c_str());
    QVERIFY(!check.transposed);
    // The transposed file says the same.
    const EncodingCheck flipped = checkEncoding(RowMatrixXd(matrix.transpose()), StoredType::Float32);
    QVERIFY2(flipped.hasFinding(code), "transposed");
    QVERIFY(!flipped.matches);
    QVERIFY(flipped.transposed);
}

// The numbers a translated sentence is built from.
void TestEncodingCheck::evidence()
{
    const int d = 64;
    const EncodingCheck doubled = checkEncoding(
        paperWith(d, 100, [=](double pos, int i) { return pos / std::pow(1e4, 2.0 * i / d); }), StoredType::Float64);
    QVERIFY(doubled.hasFinding("doubled_exponent"));
    QVERIFY(std::abs(doubled.finding("doubled_exponent")->found / 1e8 - 1) < 1e-3);
    QCOMPARE(doubled.finding("doubled_exponent")->expected, 1e4);
    QCOMPARE(doubled.frequencies, "paper");
    QVERIFY(std::abs(doubled.base / 1e8 - 1) < 1e-3);

    const EncodingCheck wrongD = checkEncoding(
        paperWith(d, 100, [=](double pos, int i) { return pos / std::pow(1e4, double(i) / 100); }), StoredType::Float64);
    QVERIFY(wrongD.hasFinding("wrong_d_in_exponent"));
    QCOMPARE(wrongD.finding("wrong_d_in_exponent")->found, 100.0);
    QCOMPARE(wrongD.finding("wrong_d_in_exponent")->expected, 64.0);

    const EncodingCheck scaled = checkEncoding(interleavedPaper(d, {100, 1.385, 1.385}), StoredType::Float64);
    QVERIFY(std::abs(scaled.positionStep - 1.385) < 1e-6);
    QVERIFY(std::abs(scaled.start - 1.385) < 1e-6);
    QVERIFY(std::abs(scaled.finding("positions_scaled")->found - 1.385) < 1e-6);

    RowMatrixXd twice = interleavedPaper(d, {50, 1});
    for (int c = 0; c + 1 < d; c += 4)
        twice.col(c + 1) = twice.col(c);
    const EncodingCheck sinTwice = checkEncoding(twice, StoredType::Float64);
    QCOMPARE(int(sinTwice.finding("sin_written_twice")->columns.size()), d / 2);

    // The fitted ladder of a convention nobody listed: w_k = 0.9^k.
    const EncodingCheck fitted = checkEncoding(
        paperWith(d, 200, [](double pos, int i) { return pos * std::pow(0.9, i / 2); }), StoredType::Float64);
    QCOMPARE(int(fitted.fittedFrequencies.size()), d / 2);
    for (int k = 0; k < d / 2; ++k)
        QVERIFY2(std::abs(fitted.fittedFrequencies[std::size_t(k)] / std::pow(0.9, k) - 1) < 1e-6,
                 QByteArray::number(k));
    QVERIFY(!fitted.matches);
}

void TestEncodingCheck::computedIn()
{
    const RowMatrixXd m = interleavedPaper(64, {200});
    QCOMPARE(checkEncoding(m, StoredType::Float64).computedIn, std::nullopt);
    QCOMPARE(checkEncoding(stored(m, StoredType::Float32), StoredType::Float64).computedIn, Precision::Float32);
    QCOMPARE(checkEncoding(roundedTo(m, Precision::Float16), StoredType::Float32).computedIn, Precision::Float16);
    QCOMPARE(checkEncoding(roundedTo(m, Precision::BFloat16), StoredType::Float64).computedIn, Precision::BFloat16);
    QCOMPARE(checkEncoding(roundedTo(m, Precision::Float16), StoredType::Float16).computedIn, std::nullopt);
    // Text printed with 6 decimals cannot show float32: nothing is claimed.
    MatrixFile text;
    text.values = m;
    for (Eigen::Index i = 0; i < text.values.size(); ++i)
        text.values.doubles().data()[i] = std::round(text.values.doubles().data()[i] * 1e6) / 1e6;
    text.shape = {200, 64};
    text.type = StoredType::Text;
    text.textResolution = 5e-7;
    const EncodingCheck fromText = checkEncoding(text);
    QCOMPARE(fromText.computedIn, std::nullopt);
    QVERIFY(fromText.matches);
}

void TestEncodingCheck::referenceInFileOrientation()
{
    const RowMatrixXd m = splitT2T(33, {60, 2});
    for (bool transpose : {false, true}) {
        const RowMatrixXd file = transpose ? RowMatrixXd(m.transpose()) : m;
        const EncodingCheck check = checkEncoding(file, StoredType::Float64);
        const RowMatrixXd reference = referenceMatrix(check);
        QCOMPARE(reference.rows(), file.rows());
        QCOMPARE(reference.cols(), file.cols());
        QVERIFY((reference - file).cwiseAbs().maxCoeff() < 1e-9);
        QCOMPARE(int(check.columnFits.size()), 33);
    }
}

void TestEncodingCheck::notAnalysable()
{
    const EncodingCheck one = checkEncoding(RowMatrixXd::Constant(1, 1, 0.5), StoredType::Float64);
    QVERIFY(!one.matches);
    QVERIFY(one.hasFinding("too_small"));
    const EncodingCheck zeros = checkEncoding(RowMatrixXd::Zero(20, 20), StoredType::Float64);
    QVERIFY(!zeros.matches);
    QVERIFY(!zeros.findings.empty());
}

QTEST_GUILESS_MAIN(TestEncodingCheck)
#include "tst_encodingcheck.moc"

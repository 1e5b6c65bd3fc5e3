// SPDX-License-Identifier: GPL-3.0-or-later
// The encoding check on files that real work produces: a convention plus a residual (a
// learned adjustment, a fine-tuned table, a noisy export), a bug under the same residual, a
// rotary embedding's cos or sin cache, and a learned table. The matrices are built from the
// published formulas in encodingcorpus.h and seeded Gaussian numbers; nothing here calls
// core/ to make them.

#include "core/encodingcheck.h"
#include "core/precision.h"

#include <QTest>

#include <cmath>
#include <string>
#include <vector>

#include "encodingcorpus.h"

using namespace posenc;
using namespace posenc::corpus;

Q_DECLARE_METATYPE(std::string)
Q_DECLARE_METATYPE(posenc::RowMatrixXd)

namespace {

std::string describe(const EncodingCheck &check)
{
    std::string text = "layout " + check.layout + ", frequencies " + check.frequencies + ", base "
                       + std::to_string(check.base) + ", start " + std::to_string(check.start) + ", residual rms "
                       + std::to_string(check.residualRms) + "; ";
    for (const Finding &f : check.findings)
        text += "[" + f.code + "] ";
    return text;
}

RowMatrixXd asFloat32(RowMatrixXd m)
{
    return stored(std::move(m), StoredType::Float32);
}

// The bug families of the check, each as its buggy code writes it (tst_encodingcheck has
// them at every size; here at one, under a residual).
RowMatrixXd bugMatrix(const std::string &code, int d, int n)
{
    if (code == "doubled_exponent")
        return paperWith(d, n, [=](double pos, int i) { return pos / std::pow(1e4, 2.0 * i / d); });
    if (code == "per_column_exponent")
        return pairLoop(d, n, [=](double pos, int c) { return pos / std::pow(1e4, double(c) / d); },
                        [=](double pos, int c) { return pos / std::pow(1e4, double(c) / d); });
    if (code == "multiply_instead_of_divide")
        return paperWith(d, n, [=](double pos, int i) { return pos * std::pow(1e4, double(i) / d); });
    if (code == "wrong_d_in_exponent")
        return paperWith(d, n, [=](double pos, int i) { return pos / std::pow(1e4, double(i) / (d + 36)); });
    if (code == "wrong_base")
        return paperWith(d, n, [=](double pos, int i) { return pos / std::pow(500.0, double(i) / d); });
    if (code == "all_frequencies_equal")
        return paperWith(d, n, [=](double pos, int i) { return pos / std::pow(1e4, double(i / d)); });
    RowMatrixXd m = interleavedPaper(d, {n, code == "sin_written_twice" ? 1.0 : 0.0});
    for (int c = 0; c + 1 < d; c += 2) {
        if (code == "sin_cos_swapped")
            m.col(c).swap(m.col(c + 1));
        else if (code == "sin_written_twice" && c % 4 == 0)
            m.col(c + 1) = m.col(c);
        else if (code == "cos_of_sin")
            m.col(c + 1) = m.col(c).array().cos();
    }
    if (code == "first_row_zeroed")
        m.row(0).setZero();
    return m;
}

} // namespace

class TestCheckRealFiles : public QObject
{
    Q_OBJECT

private slots:
    void residual_data();
    void residual();
    void bugUnderResidual_data();
    void bugUnderResidual();
    void margin_data();
    void margin();
    void atol();
    void ropeCache_data();
    void ropeCache();
    void learnedTable_data();
    void learnedTable();
    void negligibleNumbers_data();
    void negligibleNumbers();
};

// A correct encoding plus Gaussian residuals from 1e-7 to 1e-2, stored as float32: the
// convention is named, what is left is a residual of the size added, and no bug is invented.
void TestCheckRealFiles::residual_data()
{
    QTest::addColumn<RowMatrixXd>("matrix");
    QTest::addColumn<std::string>("layout");
    QTest::addColumn<std::string>("frequencies");
    QTest::addColumn<double>("start");
    QTest::addColumn<double>("sigma");
    struct Convention {
        std::string name, layout, frequencies;
        RowMatrixXd clean;
        double start;
    };
    const std::vector<Convention> conventions = {
        {"paper 64x128", "interleaved", "paper", interleavedPaper(128, {64}), 0},
        {"paper 256x64", "interleaved", "paper", interleavedPaper(64, {256}), 0},
        {"fairseq 200x64 from 2", "split", "tensor2tensor", splitT2T(64, {200, 2}), 2},
        {"diffusers flip 100x96", "split_cos_sin", "tensor2tensor", splitT2T(96, {100}, 1e4, true), 0},
        {"paper 50x33 odd", "interleaved", "paper", interleavedPaper(33, {50}), 0},
    };
    std::uint64_t seed = 1;
    for (const Convention &c : conventions) {
        for (double sigma : {1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 3e-3, 1e-2}) {
            const RowMatrixXd noise = gaussian(int(c.clean.rows()), int(c.clean.cols()), sigma, seed++);
            const std::string name = c.name + " + " + std::to_string(sigma);
            QTest::newRow(name.c_str()) << asFloat32(c.clean + noise) << c.layout << c.frequencies << c.start << sigma;
        }
    }
}

void TestCheckRealFiles::residual()
{
    QFETCH(RowMatrixXd, matrix);
    QFETCH(std::string, layout);
    QFETCH(std::string, frequencies);
    QFETCH(double, start);
    QFETCH(double, sigma);
    const EncodingCheck check = checkEncoding(matrix, StoredType::Float32);
    const std::string context = describe(check);
    QVERIFY2(check.layout == layout, context.c_str());
    QVERIFY2(check.frequencies == frequencies, context.c_str());
    QCOMPARE(check.base, 1e4);
    QCOMPARE(check.start, start);
    for (const Finding &f : check.findings)
        QVERIFY2(f.severity == Severity::Info || f.code == "residual", context.c_str());
    if (sigma >= 1e-5) {
        // float32 adds its own rounding (under 3e-8), nothing else is left.
        QVERIFY2(check.hasFinding("residual"), context.c_str());
        QVERIFY2(check.residualRms > 0.8 * sigma && check.residualRms < 1.25 * sigma, context.c_str());
        QCOMPARE(check.finding("residual")->evidenceValue("residual_rms"), check.residualRms);
        QVERIFY(check.finding("residual")->evidenceValue("residual_max") >= check.residualRms);
        QVERIFY2(check.finding("residual")->columns.empty(), "Gaussian noise concentrates nowhere");
    } else {
        QVERIFY2(check.matches || check.hasFinding("residual"), context.c_str());
    }
    QVERIFY(!check.implementations.empty());
}

// Real bugs stay found under a residual of 1e-3 (and 3e-3), as in the file without it.
void TestCheckRealFiles::bugUnderResidual_data()
{
    QTest::addColumn<RowMatrixXd>("matrix");
    QTest::addColumn<std::string>("code");
    std::uint64_t seed = 100;
    for (const char *code : {"doubled_exponent", "per_column_exponent", "multiply_instead_of_divide",
                             "wrong_d_in_exponent", "wrong_base", "all_frequencies_equal", "sin_cos_swapped",
                             "sin_written_twice", "cos_of_sin", "first_row_zeroed"}) {
        for (double sigma : {1e-3, 3e-3}) {
            RowMatrixXd m = bugMatrix(code, 64, 200);
            if (std::string(code) == "first_row_zeroed") {
                RowMatrixXd noise = gaussian(200, 64, sigma, seed++);
                noise.row(0).setZero(); // the zeroed row stays zero: the code wrote 0 there
                m += noise;
            } else {
                m += gaussian(200, 64, sigma, seed++);
            }
            QTest::newRow((std::string(code) + " + " + std::to_string(sigma)).c_str()) << asFloat32(m) << std::string(code);
        }
    }
}

void TestCheckRealFiles::bugUnderResidual()
{
    QFETCH(RowMatrixXd, matrix);
    QFETCH(std::string, code);
    const EncodingCheck check = checkEncoding(matrix, StoredType::Float32);
    const std::string context = describe(check);
    QVERIFY2(check.hasFinding(code), context.c_str());
    QVERIFY(check.finding(code)->severity != Severity::Info);
    QVERIFY(!check.matches);
    QVERIFY2(!check.hasFinding("residual"), context.c_str());
}

// The margin: a bug is named only when its model leaves at most half the RMS difference the
// plain convention leaves (kExplainsClearly). A file part of the way from the convention to
// positions rounded to float16 (x = P + lambda (B - P)) leaves lambda of it to P and
// 1 - lambda to B: named from lambda = 2/3 on.
void TestCheckRealFiles::margin_data()
{
    QTest::addColumn<double>("lambda");
    QTest::addColumn<bool>("named");
    QTest::newRow("0.5: the convention plus a residual") << 0.5 << false;
    QTest::newRow("0.6: the convention plus a residual") << 0.6 << false;
    QTest::newRow("0.75: the bug") << 0.75 << true;
    QTest::newRow("0.9: the bug") << 0.9 << true;
    QTest::newRow("1: the bug") << 1.0 << true;
}

void TestCheckRealFiles::margin()
{
    QFETCH(double, lambda);
    QFETCH(bool, named);
    const int n = 4096, d = 32;
    RowMatrixXd m(n, d);
    for (int r = 0; r < n; ++r)
        for (int k = 0; k < d / 2; ++k) {
            const double w = std::pow(1e4, -2.0 * k / d);
            const double exact = r * w, rounded = roundToPrecision(Precision::Float16, double(r)) * w;
            m(r, 2 * k) = std::sin(exact) + lambda * (std::sin(rounded) - std::sin(exact));
            m(r, 2 * k + 1) = std::cos(exact) + lambda * (std::cos(rounded) - std::cos(exact));
        }
    const EncodingCheck check = checkEncoding(m, StoredType::Float64);
    const std::string context = describe(check);
    QVERIFY2(check.hasFinding("low_precision_positions") == named, context.c_str());
    QVERIFY2(named || check.hasFinding("residual"), context.c_str());
    QCOMPARE(check.layout, std::string("interleaved"));
}

// --atol: how close counts as matching.
void TestCheckRealFiles::atol()
{
    const RowMatrixXd m = asFloat32(interleavedPaper(64, {100}) + gaussian(100, 64, 1e-3, 7));
    CheckOptions loose;
    loose.atol = 1e-2;
    const EncodingCheck within = checkEncoding(m, StoredType::Float32, loose);
    QVERIFY2(within.matches, describe(within).c_str());
    QCOMPARE(within.tolerance, 1e-2);
    QVERIFY(within.hasFinding("residual"));
    QCOMPARE(within.finding("residual")->severity, Severity::Info);
    CheckOptions strict;
    strict.atol = 1e-4;
    const EncodingCheck beyond = checkEncoding(m, StoredType::Float32, strict);
    QVERIFY(!beyond.matches);
    QCOMPARE(beyond.finding("residual")->severity, Severity::Warning);
    QCOMPARE(beyond.tolerance, 1e-4);
    const EncodingCheck exact = checkEncoding(asFloat32(interleavedPaper(64, {100})), StoredType::Float32, strict);
    QVERIFY(exact.matches);
    QVERIFY(!exact.hasFinding("residual"));
}

void TestCheckRealFiles::ropeCache_data()
{
    QTest::addColumn<RowMatrixXd>("matrix");
    QTest::addColumn<std::string>("layout");
    QTest::addColumn<std::string>("function");
    QTest::addColumn<double>("base");
    QTest::addColumn<double>("start");
    std::uint64_t seed = 300;
    for (bool rotateHalf : {true, false}) {
        for (bool cosine : {true, false}) {
            for (double base : {1e4, 5e5, 1e6}) {
                for (int dim : {64, 128}) {
                    for (int n : {64, 256}) {
                        const double start = n == 256 ? 100 : 0;
                        const std::string name = std::string(rotateHalf ? "rotate_half " : "interleaved ")
                                                 + (cosine ? "cos " : "sin ") + std::to_string(int(base)) + " D"
                                                 + std::to_string(dim) + " n" + std::to_string(n);
                        const RowMatrixXd m = corpus::ropeCache(dim, {n, start}, base, rotateHalf, cosine);
                        QTest::newRow(name.c_str()) << asFloat32(m) << std::string(rotateHalf ? "rotate_half" : "interleaved")
                                                    << std::string(cosine ? "cos" : "sin") << base << start;
                        if (dim == 128 && n == 64)
                            QTest::newRow((name + " + 1e-4").c_str())
                                << asFloat32(m + gaussian(n, dim, 1e-4, seed++))
                                << std::string(rotateHalf ? "rotate_half" : "interleaved")
                                << std::string(cosine ? "cos" : "sin") << base << start;
                    }
                }
            }
        }
    }
}

void TestCheckRealFiles::ropeCache()
{
    QFETCH(RowMatrixXd, matrix);
    QFETCH(std::string, layout);
    QFETCH(std::string, function);
    QFETCH(double, base);
    QFETCH(double, start);
    const EncodingCheck check = checkEncoding(matrix, StoredType::Float32);
    const std::string context = describe(check);
    QVERIFY2(check.hasFinding("rope_cache"), context.c_str());
    const Finding &f = *check.finding("rope_cache");
    QCOMPARE(f.severity, Severity::Info);
    QCOMPARE(std::string(f.evidenceWord("layout")), layout);
    QCOMPARE(std::string(f.evidenceWord("function")), function);
    QVERIFY2(f.evidenceValue("base") == base, context.c_str());
    QCOMPARE(f.evidenceValue("rotary_dim"), double(matrix.cols()));
    QVERIFY2(check.start == start, context.c_str());
    for (const Finding &other : check.findings)
        QVERIFY2(other.severity == Severity::Info || other.code == "residual", context.c_str());
    QVERIFY(!check.hasFinding("sin_written_twice"));
    QVERIFY(!check.hasFinding("low_precision_positions"));
    // The reference is the cache itself.
    QVERIFY2(check.residualRms < 2e-4, context.c_str());
    const EncodingCheck flipped = checkEncoding(RowMatrixXd(matrix.transpose()), StoredType::Float32);
    QVERIFY(flipped.transposed);
    QVERIFY(flipped.hasFinding("rope_cache"));
}

// Tables with no sinusoidal structure: nn.Embedding's initial N(0, 1) noise, and tables whose
// first two principal components trace a circle (one turn over the positions) or a helix
// (four turns), hidden in every column under noise as a trained table holds them.
void TestCheckRealFiles::learnedTable_data()
{
    QTest::addColumn<RowMatrixXd>("matrix");
    QTest::addColumn<std::string>("trajectory");
    QTest::addColumn<double>("leadingShare"); // of the first two components, at least
    QTest::newRow("nn.Embedding initial") << gaussian(128, 64, 1.0, 11) << std::string("none") << 0.0;
    for (int turns : {1, 4}) {
        const int n = turns == 1 ? 64 : 256, d = 64;
        const RowMatrixXd a = gaussian(1, d, 1.0, 21), b = gaussian(1, d, 1.0, 22);
        RowMatrixXd m = gaussian(n, d, 0.1, 23);
        for (int r = 0; r < n; ++r) {
            const double phi = 2 * 3.141592653589793 * turns * r / n;
            m.row(r) += 3 / std::sqrt(double(d)) * (std::cos(phi) * a.row(0) + std::sin(phi) * b.row(0));
        }
        QTest::newRow(turns == 1 ? "one turn" : "four turns") << m << std::string(turns == 1 ? "circle" : "helix") << 0.6;
    }
}

void TestCheckRealFiles::learnedTable()
{
    QFETCH(RowMatrixXd, matrix);
    QFETCH(std::string, trajectory);
    QFETCH(double, leadingShare);
    const EncodingCheck check = checkEncoding(matrix, StoredType::Float32);
    const std::string context = describe(check);
    QVERIFY2(check.hasFinding("learned_table"), context.c_str());
    QVERIFY(!check.matches);
    const Finding &f = *check.finding("learned_table");
    QCOMPARE(f.severity, Severity::Info);
    QCOMPARE(std::string(f.evidenceWord("trajectory")), trajectory);
    QVERIFY(check.learned.has_value());
    QCOMPARE(check.learned->trajectory, trajectory);
    QCOMPARE(check.learned->scores.rows(), matrix.rows());
    const double leading = f.evidenceValue("pc1_share") + f.evidenceValue("pc2_share");
    QVERIFY2(leading >= leadingShare, std::to_string(leading).c_str());
    for (const Finding &other : check.findings)
        QVERIFY2(other.severity == Severity::Info, context.c_str());
    // The variance shares against numpy-free arithmetic: the first share is the largest
    // eigenvalue of the covariance over its trace, checked through the scores' variance.
    const Eigen::VectorXd pc1 = check.learned->scores.col(0);
    const RowMatrixXd centred = matrix.rowwise() - matrix.colwise().mean();
    const double share = pc1.squaredNorm() / centred.squaredNorm();
    QVERIFY2(std::abs(share - f.evidenceValue("pc1_share")) < 1e-6, std::to_string(share).c_str());
}

// Numbers so small that their squares are lost below the smallest double (under 2^-500) are
// no data to fit: a matrix of them is too small to identify anything in, never a match (the
// review saw 4.9e-324 everywhere called the Vaswani convention). An encoding scaled down to
// 1e-100 is still read, its amplitude with it.
void TestCheckRealFiles::negligibleNumbers_data()
{
    QTest::addColumn<RowMatrixXd>("matrix");
    QTest::addColumn<bool>("identified");
    QTest::addColumn<double>("amplitude");
    QTest::newRow("smallest subnormal") << RowMatrixXd(RowMatrixXd::Constant(50, 128, 4.9e-324)) << false << 0.0;
    QTest::newRow("1e-310") << RowMatrixXd(RowMatrixXd::Constant(50, 128, 1e-310)) << false << 0.0;
    QTest::newRow("encoding x 1e-160") << RowMatrixXd(interleavedPaper(64, {}, 1e4, 1e-160)) << false << 0.0;
    QTest::newRow("encoding x 1e-100") << RowMatrixXd(interleavedPaper(64, {}, 1e4, 1e-100)) << true << 1e-100;
}

void TestCheckRealFiles::negligibleNumbers()
{
    QFETCH(RowMatrixXd, matrix);
    QFETCH(bool, identified);
    QFETCH(double, amplitude);
    const EncodingCheck check = checkEncoding(matrix, StoredType::Float64);
    const std::string context = describe(check);
    QVERIFY2(check.hasFinding("too_small") == !identified, context.c_str());
    if (!identified) {
        QVERIFY2(!check.matches, context.c_str());
        QVERIFY2(check.implementations.empty(), context.c_str());
        return;
    }
    QVERIFY2(check.matches, context.c_str());
    QVERIFY2(std::abs(check.scale / amplitude - 1) < 1e-9, context.c_str());
}

QTEST_GUILESS_MAIN(TestCheckRealFiles)
#include "tst_checkrealfiles.moc"

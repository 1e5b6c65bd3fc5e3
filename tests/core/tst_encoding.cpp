// SPDX-License-Identifier: GPL-3.0-or-later
// The encoding matrix PE(start + r, c), its float32 twin, PE at real positions, single columns
// and the explanation of one cell, against std::sin / std::cos written out in reference.h.

#include "core/encoding.h"

#include "reference.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace posenc;

Q_DECLARE_METATYPE(posenc::Channel::Kind)

namespace {

using namespace reference::names;

EncodingParams rows(EncodingParams p, double start, int seqLen)
{
    p.start = start;
    p.seqLen = seqLen;
    return p;
}

// The same rows for the four combinations of layout and frequency convention.
void addFourConventions(const char *what, int dModel, double base, double scale, double start,
                        int seqLen)
{
    for (const Layout layout : {I, S}) {
        for (const FrequencyConvention conv : {Paper, T2T}) {
            QTest::addRow("%s %s %s d=%d", what, reference::name(layout), reference::name(conv),
                          dModel)
                << rows(reference::params(dModel, layout, conv, base, scale), start, seqLen);
        }
    }
}

// Matrices that the value tests share: both layouts, both frequency families, odd d_model,
// scales, starts far from zero and the extreme bases.
void addMatrixRows()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults (seed figure)") << EncodingParams();
    addFourConventions("basic", 16, 1e4, 1.0, 0.0, 40);
    addFourConventions("odd", 7, 1e4, 1.0, 0.0, 25);
    addFourConventions("smallest", 2, 1e4, 1.0, -3.0, 10);
    addFourConventions("odd smallest", 3, 1e4, 1.0, -3.0, 10);
    addFourConventions("scale 3", 12, 1e4, 3.0, 0.0, 20);
    addFourConventions("scale -2", 9, 1e4, -2.0, 5.0, 20);
    addFourConventions("scale 0", 6, 1e4, 0.0, 0.0, 5);
    addFourConventions("scale 1/sqrt(512)", 512, 1e4, 1.0 / std::sqrt(512.0), 0.0, 8);
    addFourConventions("start -20", 10, 1e4, 1.0, -20.0, 41);
    addFourConventions("start 1000", 64, 1e4, 1.0, 1000.0, 30);
    addFourConventions("base 1e12", 33, 1e12, 1.0, 0.0, 30);
    addFourConventions("base 1.0000001", 32, 1.0000001, 1.0, 0.0, 30);
    addFourConventions("base 2", 31, 2.0, 1.0, 0.0, 30);
}

QByteArray at(const char *what, double pos, int column, double got, double expected, double tol)
{
    return reference::mismatch(what, pos, column, got, expected, tol);
}

} // namespace

class TestEncoding : public QObject
{
    Q_OBJECT

private slots:
    void matrix_data();
    void matrix();
    void namedPoints_data();
    void namedPoints();
    void seedFigure_data();
    void seedFigure();
    void notTheSeedLoopMistake();
    void oddDModel_data();
    void oddDModel();
    void scale_data();
    void scale();
    void bounds_data();
    void bounds();
    void sinSquaredPlusCosSquared_data();
    void sinSquaredPlusCosSquared();
    void floatMatrix_data();
    void floatMatrix();
    void encodingAt_data();
    void encodingAt();
    void encodingColumn_data();
    void encodingColumn();
    void explainCell_data();
    void explainCell();
};

void TestEncoding::matrix_data()
{
    addMatrixRows();
}

// Every entry of the matrix against scale * sin / cos(pos * w_i) in the layout's columns.
void TestEncoding::matrix()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd pe = encodingMatrix(params);
    QCOMPARE(pe.rows(), Eigen::Index(params.seqLen));
    QCOMPARE(pe.cols(), Eigen::Index(params.dModel));
    for (int r = 0; r < params.seqLen; ++r) {
        const double pos = params.start + r;
        const double tol = reference::tolerance(params, pos);
        for (int c = 0; c < params.dModel; ++c) {
            const double expected = reference::value(params, pos, c);
            QVERIFY2(qAbs(pe(r, c) - expected) <= tol,
                     at("PE", pos, c, pe(r, c), expected, tol).constData());
        }
    }
}

void TestEncoding::namedPoints_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("pos");
    QTest::addColumn<int>("column");
    QTest::addColumn<double>("expected");

    const EncodingParams ip4 = reference::params(4, I, Paper); // w = 1, 1/100
    const EncodingParams sp4 = reference::params(4, S, Paper); // w = 1, 1/100
    const EncodingParams st4 = reference::params(4, S, T2T); // w = 1, 1/10000
    const EncodingParams it4 = reference::params(4, I, T2T); // w = 1, 1/10000
    QTest::addRow("interleaved paper PE(0, 0) = sin 0") << ip4 << 0.0 << 0 << 0.0;
    QTest::addRow("interleaved paper PE(0, 1) = cos 0") << ip4 << 0.0 << 1 << 1.0;
    QTest::addRow("interleaved paper PE(1, 0) = sin 1") << ip4 << 1.0 << 0 << std::sin(1.0);
    QTest::addRow("interleaved paper PE(1, 1) = cos 1") << ip4 << 1.0 << 1 << std::cos(1.0);
    QTest::addRow("interleaved paper PE(1, 2) = sin 0.01") << ip4 << 1.0 << 2 << std::sin(0.01);
    QTest::addRow("interleaved paper PE(1, 3) = cos 0.01") << ip4 << 1.0 << 3 << std::cos(0.01);
    QTest::addRow("interleaved paper PE(50, 2) = sin 0.5") << ip4 << 50.0 << 2 << std::sin(0.5);
    QTest::addRow("split paper PE(1, 0) = sin 1") << sp4 << 1.0 << 0 << std::sin(1.0);
    QTest::addRow("split paper PE(1, 1) = sin 0.01") << sp4 << 1.0 << 1 << std::sin(0.01);
    QTest::addRow("split paper PE(1, 2) = cos 1") << sp4 << 1.0 << 2 << std::cos(1.0);
    QTest::addRow("split paper PE(1, 3) = cos 0.01") << sp4 << 1.0 << 3 << std::cos(0.01);
    QTest::addRow("split tensor2tensor PE(100, 1) = sin 0.01")
        << st4 << 100.0 << 1 << std::sin(0.01);
    QTest::addRow("split tensor2tensor PE(100, 3) = cos 0.01")
        << st4 << 100.0 << 3 << std::cos(0.01);
    QTest::addRow("interleaved tensor2tensor PE(2500, 2) = sin 0.25")
        << it4 << 2500.0 << 2 << std::sin(0.25);
    QTest::addRow("interleaved tensor2tensor PE(-2500, 3) = cos 0.25")
        << it4 << -2500.0 << 3 << std::cos(0.25);
    // Odd d_model = 5. Interleaved: the last column is a lone sine of pair 2. Paper: w_2 =
    // 10000^(-4/5); tensor2tensor (n = 3): w_2 = 1/base. Split: the last column is zero.
    QTest::addRow("interleaved paper d=5 lone PE(7, 4)")
        << reference::params(5, I, Paper) << 7.0 << 4 << std::sin(7.0 * std::pow(1e4, -0.8));
    QTest::addRow("interleaved tensor2tensor d=5 lone PE(3000, 4) = sin 0.3")
        << reference::params(5, I, T2T) << 3000.0 << 4 << std::sin(0.3);
    QTest::addRow("interleaved tensor2tensor d=5 PE(300, 2) = sin 3")
        << reference::params(5, I, T2T) << 300.0 << 2 << std::sin(3.0);
    QTest::addRow("split paper d=5 PE(1, 1) = sin(10000^(-2/5))")
        << reference::params(5, S, Paper) << 1.0 << 1 << std::sin(std::pow(1e4, -0.4));
    QTest::addRow("split paper d=5 PE(1, 3) = cos(10000^(-2/5))")
        << reference::params(5, S, Paper) << 1.0 << 3 << std::cos(std::pow(1e4, -0.4));
    QTest::addRow("split paper d=5 zero PE(7, 4)")
        << reference::params(5, S, Paper) << 7.0 << 4 << 0.0;
    QTest::addRow("split tensor2tensor d=5 zero PE(7, 4)")
        << reference::params(5, S, T2T) << 7.0 << 4 << 0.0;
    // Scale multiplies every value.
    QTest::addRow("scale -2 PE(pi/2, 0) = -2")
        << reference::params(4, I, Paper, 1e4, -2.0) << std::numbers::pi / 2 << 0 << -2.0;
    QTest::addRow("scale 0.5 PE(pi, 1) = -0.5")
        << reference::params(4, I, Paper, 1e4, 0.5) << std::numbers::pi << 1 << -0.5;
    QTest::addRow("scale 0.5 split PE(pi, 2) = -0.5")
        << reference::params(4, S, Paper, 1e4, 0.5) << std::numbers::pi << 2 << -0.5;
    QTest::addRow("scale 3 PE(1, 2) = 3 sin 0.01")
        << reference::params(4, I, Paper, 1e4, 3.0) << 1.0 << 2 << 3.0 * std::sin(0.01);
    QTest::addRow("scale 0 PE(1, 1) = 0")
        << reference::params(4, I, Paper, 1e4, 0.0) << 1.0 << 1 << 0.0;
}

// One value, the same from the matrix (as its only row), from encodingAt and from explainCell.
void TestEncoding::namedPoints()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, pos);
    QFETCH(int, column);
    QFETCH(double, expected);

    // A few ulps of the angle: w_i itself is only exact to about an ulp (1/base computed as
    // exp(-ln(base)) for tensor2tensor), and pos * w_i rounds once more.
    const reference::Slot slot = reference::slot(params, column);
    const double angle
        = slot.kind == reference::Kind::Zero ? 0.0 : pos * reference::frequency(params, slot.pair);
    const double tol = 1e-15 * (1.0 + qAbs(angle)) * std::max(1.0, qAbs(params.scale));
    const RowMatrixXd pe = encodingMatrix(rows(params, pos, 1));
    QVERIFY2(qAbs(pe(0, column) - expected) <= tol,
             at("encodingMatrix", pos, column, pe(0, column), expected, tol).constData());
    const double fromAt = posenc::encodingAt(params, pos)[column];
    QVERIFY2(qAbs(fromAt - expected) <= tol,
             at("encodingAt", pos, column, fromAt, expected, tol).constData());
    const double fromExplain = posenc::explainCell(params, pos, column).value;
    QVERIFY2(qAbs(fromExplain - expected) <= tol,
             at("explainCell", pos, column, fromExplain, expected, tol).constData());
}

void TestEncoding::seedFigure_data()
{
    QTest::addColumn<int>("dimension");
    for (int dim = 0; dim < 6; ++dim)
        QTest::addRow("dimension %d", dim) << dim;
}

// The seed text's figure: d_model = 128, positions 0..29, dimensions 0..5, as the seed writes
// it: PE(pos, 2i) = sin(pos / 10000^(2i/128)), PE(pos, 2i+1) = cos(pos / 10000^(2i/128)).
void TestEncoding::seedFigure()
{
    QFETCH(int, dimension);
    const EncodingParams defaults;
    const RowMatrixXd pe = encodingMatrix(defaults);
    QCOMPARE(pe.rows(), Eigen::Index(30));
    QCOMPARE(pe.cols(), Eigen::Index(128));
    const int i = dimension / 2;
    for (int pos = 0; pos < 30; ++pos) {
        const double angle = pos / std::pow(10000.0, 2.0 * i / 128.0);
        const double expected = dimension % 2 == 0 ? std::sin(angle) : std::cos(angle);
        const double tol = 1e-14;
        QVERIFY2(qAbs(pe(pos, dimension) - expected) <= tol,
                 at("PE", pos, dimension, pe(pos, dimension), expected, tol).constData());
    }
}

// Seed 000's per-position loop steps i by 2 and still writes 10000 ** (2 * i / d_model), which
// doubles the exponent (conventions.md). The engine must follow the paper, not that loop.
void TestEncoding::notTheSeedLoopMistake()
{
    const EncodingParams defaults;
    const RowMatrixXd pe = encodingMatrix(defaults);
    const int column = 2; // pair 1: the paper has w_1 = 10000^(-2/128), the loop 10000^(-4/128)
    const double paper = std::sin(29.0 / std::pow(10000.0, 2.0 / 128.0));
    const double loop = std::sin(29.0 / std::pow(10000.0, 4.0 / 128.0));
    QVERIFY(qAbs(paper - loop) > 0.1);
    QVERIFY2(qAbs(pe(29, column) - paper) <= 1e-14,
             at("PE", 29, column, pe(29, column), paper, 1e-14).constData());
}

void TestEncoding::oddDModel_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("sines"); // columns holding a sine
    QTest::addColumn<int>("cosines"); // columns holding a cosine
    QTest::addColumn<int>("zeros"); // columns that are zero at every position

    for (const FrequencyConvention conv : {Paper, T2T}) {
        const char *name = reference::name(conv);
        QTest::addRow("interleaved %s d=3", name)
            << rows(reference::params(3, I, conv), 0, 20) << 2 << 1 << 0;
        QTest::addRow("interleaved %s d=7", name)
            << rows(reference::params(7, I, conv), 0, 20) << 4 << 3 << 0;
        QTest::addRow("interleaved %s d=129", name)
            << rows(reference::params(129, I, conv), 0, 20) << 65 << 64 << 0;
        QTest::addRow("split %s d=3", name)
            << rows(reference::params(3, S, conv), 0, 20) << 1 << 1 << 1;
        QTest::addRow("split %s d=7", name)
            << rows(reference::params(7, S, conv), 0, 20) << 3 << 3 << 1;
        QTest::addRow("split %s d=129", name)
            << rows(reference::params(129, S, conv), 0, 20) << 64 << 64 << 1;
        QTest::addRow("interleaved %s d=8 (even)", name)
            << rows(reference::params(8, I, conv), 0, 20) << 4 << 4 << 0;
    }
}

// Classifies every column by its values: a sine is 0 at pos 0 and not at pos 1, a cosine is
// scale at pos 0, a zero column is 0 everywhere. Interleaved odd d: sin gets ceil(d/2) columns,
// the last a lone sine; split odd d: the last column is zero.
void TestEncoding::oddDModel()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, sines);
    QFETCH(int, cosines);
    QFETCH(int, zeros);

    const RowMatrixXd pe = encodingMatrix(params); // rows are pos 0 .. 19
    int sinCount = 0, cosCount = 0, zeroCount = 0;
    for (int c = 0; c < params.dModel; ++c) {
        if (pe.col(c).cwiseAbs().maxCoeff() == 0.0)
            ++zeroCount;
        else if (pe(0, c) == 0.0 && pe(1, c) != 0.0)
            ++sinCount;
        else if (pe(0, c) == params.scale)
            ++cosCount;
        else
            QFAIL(QByteArray("column " + QByteArray::number(c) + " is neither sin, cos nor zero")
                      .constData());
    }
    QCOMPARE(sinCount, sines);
    QCOMPARE(cosCount, cosines);
    QCOMPARE(zeroCount, zeros);

    const int last = params.dModel - 1;
    if (params.dModel % 2 == 1 && params.layout == I) {
        // The lone column: sin(pos * w_{(d-1)/2}), the slowest frequency of the ladder.
        const int pair = (params.dModel - 1) / 2;
        for (int r = 0; r < params.seqLen; ++r) {
            const double expected = std::sin(r * reference::frequency(params, pair));
            QVERIFY2(qAbs(pe(r, last) - expected) <= 1e-14,
                     at("lone PE", r, last, pe(r, last), expected, 1e-14).constData());
        }
        QVERIFY(channelOf(params, last).kind == Channel::Kind::Sin);
        QCOMPARE(channelOf(params, last).pair, pair);
        QCOMPARE(loneColumn(params), last);
    } else if (params.dModel % 2 == 1) {
        for (int r = 0; r < params.seqLen; ++r)
            QCOMPARE(pe(r, last), 0.0);
        QVERIFY(channelOf(params, last).kind == Channel::Kind::Zero);
        QCOMPARE(loneColumn(params), -1);
    } else {
        QCOMPARE(loneColumn(params), -1);
    }
}

void TestEncoding::scale_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("scale");
    for (const double s : {3.0, -2.0, 0.0, 1.0 / std::sqrt(512.0), 1e6, -1e-6}) {
        QTest::addRow("interleaved paper d=17 scale %g", s)
            << rows(reference::params(17, I, Paper), -4, 30) << s;
        QTest::addRow("split tensor2tensor d=17 scale %g", s)
            << rows(reference::params(17, S, T2T), -4, 30) << s;
    }
}

// ScaledSinuEmbedding: PE with scale s is s times PE with scale 1.
void TestEncoding::scale()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, scale);
    EncodingParams scaled = params;
    scaled.scale = scale;
    const RowMatrixXd unit = encodingMatrix(params);
    const RowMatrixXd pe = encodingMatrix(scaled);
    const double tol = 1e-15 * qAbs(scale);
    for (int r = 0; r < params.seqLen; ++r) {
        for (int c = 0; c < params.dModel; ++c) {
            const double expected = scale * unit(r, c);
            QVERIFY2(qAbs(pe(r, c) - expected) <= tol,
                     at("PE", params.start + r, c, pe(r, c), expected, tol).constData());
        }
    }
}

void TestEncoding::bounds_data()
{
    addMatrixRows();
    QTest::addRow("start 1e9 - 99 scale -7")
        << rows(reference::params(64, S, Paper, 1e4, -7.0), 1e9 - 99, 100);
    QTest::addRow("start -1e9 scale 1e6")
        << rows(reference::params(64, I, T2T, 1e4, 1e6), -1e9, 100);
}

// |PE| <= |scale| everywhere, and the cosine columns reach |scale| at pos 0.
void TestEncoding::bounds()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd pe = encodingMatrix(params);
    const double bound = qAbs(params.scale);
    for (int r = 0; r < params.seqLen; ++r) {
        for (int c = 0; c < params.dModel; ++c) {
            QVERIFY2(qAbs(pe(r, c)) <= bound,
                     at("|PE|", params.start + r, c, qAbs(pe(r, c)), bound, 0).constData());
        }
    }
    const RowMatrixXd atZero = encodingMatrix(rows(params, 0.0, 1));
    QCOMPARE(atZero.cwiseAbs().maxCoeff(), bound);
}

void TestEncoding::sinSquaredPlusCosSquared_data()
{
    addMatrixRows();
    QTest::addRow("start 1e5") << rows(reference::params(64, I, Paper), 1e5, 50);
    QTest::addRow("start -1e9 split") << rows(reference::params(64, S, T2T, 1e4, -3.0), -1e9, 50);
}

// For every pair i: PE(pos, sin_i)^2 + PE(pos, cos_i)^2 = scale^2, the columns of the pair
// found from the layout's definition.
void TestEncoding::sinSquaredPlusCosSquared()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd pe = encodingMatrix(params);
    const int pairs = params.dModel / 2;
    const double scale2 = params.scale * params.scale;
    const double tol = 1e-14 * scale2;
    for (int i = 0; i < pairs; ++i) {
        const int s = params.layout == I ? 2 * i : i;
        const int c = params.layout == I ? 2 * i + 1 : pairs + i;
        QVERIFY(reference::slot(params, s).kind == reference::Kind::Sin);
        QVERIFY(reference::slot(params, c).kind == reference::Kind::Cos);
        for (int r = 0; r < params.seqLen; ++r) {
            const double sum = pe(r, s) * pe(r, s) + pe(r, c) * pe(r, c);
            QVERIFY2(qAbs(sum - scale2) <= tol,
                     at("sin^2 + cos^2 of pair at row/col", r, i, sum, scale2, tol).constData());
        }
    }
}

void TestEncoding::floatMatrix_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << EncodingParams();
    QTest::addRow("split tensor2tensor d=7 scale 3")
        << rows(reference::params(7, S, T2T, 1e4, 3.0), 0, 40);
    QTest::addRow("interleaved paper start 1e5") << rows(reference::params(128, I, Paper), 1e5, 30);
    QTest::addRow("split paper start 1e5") << rows(reference::params(128, S, Paper), 1e5, 30);
    QTest::addRow("interleaved tensor2tensor start -1e5")
        << rows(reference::params(65, I, T2T), -1e5, 30);
    QTest::addRow("split paper start 1e9 - 29")
        << rows(reference::params(32, S, Paper), 1e9 - 29, 30);
}

// float32 output is the cast of the double result: angles are never computed in float, which
// at pos 1e5 would be off by up to 0.0078 radians before the sine sees them.
void TestEncoding::floatMatrix()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd pd = encodingMatrix(params);
    const RowMatrixXf pf = encodingMatrixF(params);
    QCOMPARE(pf.rows(), pd.rows());
    QCOMPARE(pf.cols(), pd.cols());
    const double tol = 1e-6 * std::max(1.0, qAbs(params.scale));
    for (int r = 0; r < params.seqLen; ++r) {
        const double pos = params.start + r;
        for (int c = 0; c < params.dModel; ++c) {
            QVERIFY2(
                pf(r, c) == static_cast<float>(pd(r, c)),
                at("float PE", pos, c, double(pf(r, c)), double(float(pd(r, c))), 0).constData());
            // And within float precision of the independent double value.
            const double expected = reference::value(params, pos, c);
            QVERIFY2(qAbs(double(pf(r, c)) - expected) <= tol,
                     at("float PE", pos, c, double(pf(r, c)), expected, tol).constData());
        }
    }
}

void TestEncoding::encodingAt_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("pos");
    for (const double pos : {2.5, -3.25, 0.1, 0.0, 1000.5, 12345.678}) {
        QTest::addRow("interleaved paper d=16 pos %g", pos)
            << reference::params(16, I, Paper) << pos;
        QTest::addRow("split tensor2tensor d=16 pos %g", pos)
            << reference::params(16, S, T2T) << pos;
        QTest::addRow("interleaved tensor2tensor d=9 scale -2 pos %g", pos)
            << reference::params(9, I, T2T, 1e4, -2.0) << pos;
        QTest::addRow("split paper d=9 pos %g", pos) << reference::params(9, S, Paper) << pos;
    }
}

// PE at a real position (the encoding is a function of a continuous position).
void TestEncoding::encodingAt()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, pos);
    const Eigen::VectorXd pe = posenc::encodingAt(params, pos);
    QCOMPARE(pe.size(), Eigen::Index(params.dModel));
    const double tol = reference::tolerance(params, pos);
    for (int c = 0; c < params.dModel; ++c) {
        const double expected = reference::value(params, pos, c);
        QVERIFY2(qAbs(pe[c] - expected) <= tol,
                 at("encodingAt", pos, c, pe[c], expected, tol).constData());
    }
    // At integer positions it is the matrix row, bit for bit.
    const double whole = std::floor(pos);
    const RowMatrixXd row = encodingMatrix(rows(params, whole, 1));
    const Eigen::VectorXd atWhole = posenc::encodingAt(params, whole);
    for (int c = 0; c < params.dModel; ++c)
        QVERIFY2(atWhole[c] == row(0, c),
                 at("encodingAt", whole, c, atWhole[c], row(0, c), 0).constData());
}

void TestEncoding::encodingColumn_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("column");
    const EncodingParams ip = rows(reference::params(9, I, Paper), -5, 40);
    const EncodingParams st = rows(reference::params(9, S, T2T, 1e4, 2.5), 100, 40);
    for (int c = 0; c < 9; ++c) {
        QTest::addRow("interleaved paper d=9 column %d", c) << ip << c;
        QTest::addRow("split tensor2tensor d=9 scale 2.5 column %d", c) << st << c;
    }
    QTest::addRow("defaults column 127") << EncodingParams() << 127;
}

// A column sampled at the integer positions of the matrix is the matrix column, bit for bit;
// between them it follows the formula (smooth curves through the heatmap's values).
void TestEncoding::encodingColumn()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, column);
    const RowMatrixXd pe = encodingMatrix(params);

    Eigen::VectorXd positions(params.seqLen);
    for (int r = 0; r < params.seqLen; ++r)
        positions[r] = params.start + r;
    const Eigen::VectorXd values = posenc::encodingColumn(params, column, positions);
    QCOMPARE(values.size(), positions.size());
    for (int r = 0; r < params.seqLen; ++r) {
        QVERIFY2(
            values[r] == pe(r, column),
            at("encodingColumn", positions[r], column, values[r], pe(r, column), 0).constData());
    }

    Eigen::VectorXd between(4 * params.seqLen);
    for (Eigen::Index j = 0; j < between.size(); ++j)
        between[j] = params.start + 0.25 * double(j) + 0.125;
    const Eigen::VectorXd curve = posenc::encodingColumn(params, column, between);
    QCOMPARE(curve.size(), between.size());
    for (Eigen::Index j = 0; j < between.size(); ++j) {
        const double expected = reference::value(params, between[j], column);
        const double tol = reference::tolerance(params, between[j]);
        QVERIFY2(qAbs(curve[j] - expected) <= tol,
                 at("encodingColumn", between[j], column, curve[j], expected, tol).constData());
    }
}

void TestEncoding::explainCell_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("pos");
    QTest::addColumn<int>("column");
    QTest::addColumn<Channel::Kind>("kind");
    QTest::addColumn<int>("pair");

    using K = Channel::Kind;
    const EncodingParams ip = reference::params(10, I, Paper);
    const EncodingParams sp = reference::params(10, S, Paper);
    const EncodingParams it = reference::params(11, I, T2T, 1e4, -1.5);
    const EncodingParams st = reference::params(11, S, T2T, 1e4, 4.0);
    QTest::addRow("interleaved paper pos 3 col 0") << ip << 3.0 << 0 << K::Sin << 0;
    QTest::addRow("interleaved paper pos 3 col 1") << ip << 3.0 << 1 << K::Cos << 0;
    QTest::addRow("interleaved paper pos 2.5 col 6") << ip << 2.5 << 6 << K::Sin << 3;
    QTest::addRow("interleaved paper pos -17 col 9") << ip << -17.0 << 9 << K::Cos << 4;
    QTest::addRow("split paper pos 3 col 2") << sp << 3.0 << 2 << K::Sin << 2;
    QTest::addRow("split paper pos 3 col 5") << sp << 3.0 << 5 << K::Cos << 0;
    QTest::addRow("split paper pos 40.75 col 9") << sp << 40.75 << 9 << K::Cos << 4;
    QTest::addRow("interleaved tensor2tensor d=11 lone col 10") << it << 123.0 << 10 << K::Sin << 5;
    QTest::addRow("interleaved tensor2tensor d=11 col 7") << it << 7.5 << 7 << K::Cos << 3;
    QTest::addRow("split tensor2tensor d=11 col 4") << st << 1000.0 << 4 << K::Sin << 4;
    QTest::addRow("split tensor2tensor d=11 col 9") << st << 1000.0 << 9 << K::Cos << 4;
    QTest::addRow("split tensor2tensor d=11 zero col 10") << st << 1000.0 << 10 << K::Zero << -1;
    QTest::addRow("defaults pos 29 col 5") << EncodingParams() << 29.0 << 5 << K::Cos << 2;
}

// Everything behind one number: the pair, w_i, the angle pos * w_i and the value.
void TestEncoding::explainCell()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, pos);
    QFETCH(int, column);
    QFETCH(Channel::Kind, kind);
    QFETCH(int, pair);

    const CellExplanation e = posenc::explainCell(params, pos, column);
    QCOMPARE(e.position, pos);
    QCOMPARE(e.column, column);
    QVERIFY(e.channel.kind == kind);
    QCOMPARE(e.channel.pair, pair);

    if (kind == Channel::Kind::Zero) {
        QCOMPARE(e.value, 0.0);
        QCOMPARE(e.frequency, 0.0);
        QCOMPARE(e.angle, 0.0);
        return;
    }
    const double w = reference::frequency(params, pair);
    QVERIFY2(qAbs(e.frequency - w) <= 1e-14 * w,
             at("w of cell", pos, column, e.frequency, w, 1e-14 * w).constData());
    const double angle = pos * w;
    const double angleTol = 1e-14 * qAbs(angle);
    QVERIFY2(qAbs(e.angle - angle) <= angleTol,
             at("angle of cell", pos, column, e.angle, angle, angleTol).constData());
    const double value
        = params.scale * (kind == Channel::Kind::Sin ? std::sin(angle) : std::cos(angle));
    const double tol = reference::tolerance(params, pos);
    QVERIFY2(qAbs(e.value - value) <= tol,
             at("value of cell", pos, column, e.value, value, tol).constData());
    // The explanation is of the number on screen: the same bits as encodingAt.
    const double shown = posenc::encodingAt(params, pos)[column];
    QVERIFY2(e.value == shown, at("value of cell", pos, column, e.value, shown, 0).constData());
}

QTEST_GUILESS_MAIN(TestEncoding)
#include "tst_encoding.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The rotation M_k with PE(pos + k) = M_k PE(pos): its 2x2 blocks, the full matrix in both
// layouts, the columns without a partner, and the residuals the rotation view reports.

#include "core/rotation.h"

#include "reference.h"

#include <QSet>
#include <QTest>

#include <cmath>
#include <numbers>
#include <type_traits>
#include <vector>

using namespace posenc;

namespace {

using namespace reference::names;

EncodingParams withOffset(EncodingParams p, double k)
{
    p.offset = k;
    return p;
}

EncodingParams rows(EncodingParams p, double start, int seqLen)
{
    p.start = start;
    p.seqLen = seqLen;
    return p;
}

Eigen::VectorXd vector(const std::vector<double> &v)
{
    return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

QByteArray at(const char *what, double pos, int column, double got, double expected, double tol)
{
    return reference::mismatch(what, pos, column, got, expected, tol);
}

// The column of sin / cos of pair i, read off the layout's definition (not the engine's).
int sinOf(const EncodingParams &p, int i)
{
    return p.layout == I ? 2 * i : i;
}

int cosOf(const EncodingParams &p, int i)
{
    return p.layout == I ? 2 * i + 1 : p.dModel / 2 + i;
}

bool isLone(const EncodingParams &p, int c)
{
    return p.layout == I && p.dModel % 2 == 1 && c == p.dModel - 1;
}

// (d_model, k, pos) for the identity, in every layout and frequency family.
void addIdentityRows()
{
    QTest::addColumn<EncodingParams>("params"); // offset = k
    QTest::addColumn<double>("pos");

    struct Case {
        int d;
        double k;
        double pos;
    };
    const Case cases[] = {
        {128, 5, 10},  {128, -5, 10},  {2, 1, 0},        {3, 7, 2},
        {8, -37, 100}, {9, 100, -20},  {64, 0, 13},      {64, 2.5, 7.25},
        {65, -1, 0},   {512, 50, 300}, {513, -123, 456}, {16, -300, -200},
    };
    for (const Case &c : cases) {
        for (const Layout layout : {I, S}) {
            for (const FrequencyConvention conv : {Paper, T2T}) {
                QTest::addRow("%s %s d=%d k=%g pos=%g", reference::name(layout),
                              reference::name(conv), c.d, c.k, c.pos)
                    << withOffset(reference::params(c.d, layout, conv), c.k) << c.pos;
            }
        }
    }
    QTest::addRow("defaults scale -2.5 k=5 pos=10")
        << withOffset(reference::params(128, I, Paper, 1e4, -2.5), 5) << 10.0;
    QTest::addRow("split tensor2tensor base 1e12 scale 3 k=-8 pos=21")
        << withOffset(reference::params(40, S, T2T, 1e12, 3.0), -8) << 21.0;
}

} // namespace

class TestRotation : public QObject
{
    Q_OBJECT

private slots:
    void rotationBlock_data();
    void rotationBlock();
    void pairBlock_data();
    void pairBlock();
    void matrixStructure_data();
    void matrixStructure();
    void identity_data();
    void identity();
    void rowNotation_data();
    void rowNotation();
    void independentOfPosition_data();
    void independentOfPosition();
    void loneColumn_data();
    void loneColumn();
    void splitZeroColumn_data();
    void splitZeroColumn();
    void residual_data();
    void residual();
    void residualFloat_data();
    void residualFloat();
    void bothResidualsAtOnce_data();
    void bothResidualsAtOnce();
    void entriesAreTheNonzeroCells();
};

void TestRotation::rotationBlock_data()
{
    QTest::addColumn<double>("w");
    QTest::addColumn<double>("k");
    QTest::addRow("w=1 k=1") << 1.0 << 1.0;
    QTest::addRow("w=1 k=-1") << 1.0 << -1.0;
    QTest::addRow("w=1 k=0") << 1.0 << 0.0;
    QTest::addRow("w=0.01 k=5") << 0.01 << 5.0;
    QTest::addRow("w=1e-4 k=-250") << 1e-4 << -250.0;
    QTest::addRow("w=1 k=pi/2") << 1.0 << std::numbers::pi / 2;
    QTest::addRow("w=0.5 k=2.5") << 0.5 << 2.5;
    QTest::addRow("w=1e-12 k=1e9") << 1e-12 << 1e9;
}

// [sin((pos+k)w); cos((pos+k)w)] = [[cos kw, sin kw], [-sin kw, cos kw]] [sin(pos w); cos(pos w)].
void TestRotation::rotationBlock()
{
    QFETCH(double, w);
    QFETCH(double, k);
    const Eigen::Matrix2d b = posenc::rotationBlock(w, k);
    const double kw = k * w;
    const double expected[2][2] = {{std::cos(kw), std::sin(kw)}, {-std::sin(kw), std::cos(kw)}};
    const double tol = 1e-15;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c)
            QVERIFY2(qAbs(b(r, c) - expected[r][c]) <= tol,
                     at("block", r, c, b(r, c), expected[r][c], tol).constData());
    }
    // A rotation: orthogonal with determinant 1, and carrying (sin, cos) at pos = 3 to pos 3 + k.
    QVERIFY(((b * b.transpose()) - Eigen::Matrix2d::Identity()).cwiseAbs().maxCoeff() <= 1e-15);
    QVERIFY(qAbs(b(0, 0) * b(1, 1) - b(0, 1) * b(1, 0) - 1.0) <= 1e-15);
    const double pos = 3.0;
    const Eigen::Vector2d moved = b * Eigen::Vector2d(std::sin(pos * w), std::cos(pos * w));
    const double s = std::sin((pos + k) * w), c = std::cos((pos + k) * w);
    const double moveTol = 1e-15 * (1 + qAbs(kw) + qAbs(pos * w));
    QVERIFY2(qAbs(moved[0] - s) <= moveTol,
             at("sin", pos + k, 0, moved[0], s, moveTol).constData());
    QVERIFY2(qAbs(moved[1] - c) <= moveTol,
             at("cos", pos + k, 1, moved[1], c, moveTol).constData());
    // Composition: M_k M_j = M_(k+j).
    const Eigen::Matrix2d twice = posenc::rotationBlock(w, k) * posenc::rotationBlock(w, 1.5);
    const Eigen::Matrix2d sum = posenc::rotationBlock(w, k + 1.5);
    const double composeTol = 1e-15 * (2 + qAbs(kw));
    QVERIFY((twice - sum).cwiseAbs().maxCoeff() <= composeTol);
}

void TestRotation::pairBlock_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("pair");
    QTest::addColumn<double>("k");
    for (const Layout layout : {I, S}) {
        for (const FrequencyConvention conv : {Paper, T2T}) {
            for (const int pair : {0, 1, 31, 63}) {
                QTest::addRow("%s %s d=128 pair %d k=5", reference::name(layout),
                              reference::name(conv), pair)
                    << reference::params(128, layout, conv) << pair << 5.0;
            }
            QTest::addRow("%s %s d=7 pair 2 k=-40", reference::name(layout), reference::name(conv))
                << reference::params(7, layout, conv) << 2 << -40.0;
        }
    }
}

// The block of pair i uses w_i of the chosen convention.
void TestRotation::pairBlock()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pair);
    QFETCH(double, k);
    const Eigen::Matrix2d b = posenc::rotationBlock(params, pair, k);
    const double kw = k * reference::frequency(params, pair);
    const double expected[2][2] = {{std::cos(kw), std::sin(kw)}, {-std::sin(kw), std::cos(kw)}};
    const double tol = 1e-15 * (1 + qAbs(kw));
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c)
            QVERIFY2(qAbs(b(r, c) - expected[r][c]) <= tol,
                     at("block", r, c, b(r, c), expected[r][c], tol).constData());
    }
}

void TestRotation::matrixStructure_data()
{
    QTest::addColumn<EncodingParams>("params");
    for (const int d : {2, 3, 6, 7, 64, 129}) {
        for (const Layout layout : {I, S}) {
            for (const FrequencyConvention conv : {Paper, T2T}) {
                QTest::addRow("%s %s d=%d k=5", reference::name(layout), reference::name(conv), d)
                    << withOffset(reference::params(d, layout, conv), 5);
                QTest::addRow("%s %s d=%d k=-11.5", reference::name(layout), reference::name(conv),
                              d)
                    << withOffset(reference::params(d, layout, conv), -11.5);
            }
        }
    }
}

// Every entry of M_k: the blocks on the pair's columns (2i, 2i+1 interleaved; i, i + d/2 split),
// 1 on the diagonal of split's zero column, nothing for interleaved's lone sine, 0 elsewhere.
void TestRotation::matrixStructure()
{
    QFETCH(EncodingParams, params);
    const int d = params.dModel;
    std::vector<double> expected(static_cast<std::size_t>(d * d), 0.0);
    auto e = [&](int r, int c) -> double & { return expected[std::size_t(r * d + c)]; };
    for (int i = 0; i < d / 2; ++i) {
        const double kw = params.offset * reference::frequency(params, i);
        const int s = sinOf(params, i), c = cosOf(params, i);
        e(s, s) = std::cos(kw);
        e(s, c) = std::sin(kw);
        e(c, s) = -std::sin(kw);
        e(c, c) = std::cos(kw);
    }
    if (params.layout == S && d % 2 == 1)
        e(d - 1, d - 1) = 1.0;

    const RowMatrixXd m = rotationMatrix(params);
    QCOMPARE(m.rows(), Eigen::Index(d));
    QCOMPARE(m.cols(), Eigen::Index(d));
    const double tol = 1e-15 * (1 + qAbs(params.offset));
    for (int r = 0; r < d; ++r) {
        for (int c = 0; c < d; ++c)
            QVERIFY2(qAbs(m(r, c) - e(r, c)) <= tol,
                     at("M", r, c, m(r, c), e(r, c), tol).constData());
    }
}

void TestRotation::identity_data()
{
    addIdentityRows();
}

// M_k PE(pos) = PE(pos + k) to 1e-12: the full matrix-vector product with rotationMatrix(),
// both sides from the independent formula (and once more with the engine's PE(pos)).
void TestRotation::identity()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, pos);
    const double k = params.offset;
    const RowMatrixXd m = rotationMatrix(params);
    const Eigen::VectorXd moved = m * vector(reference::encoding(params, pos));
    const Eigen::VectorXd movedEngine = m * posenc::encodingAt(params, pos);
    const std::vector<double> expected = reference::encoding(params, pos + k);
    const double tol = 1e-12 * std::max(1.0, qAbs(params.scale));
    for (int c = 0; c < params.dModel; ++c) {
        if (isLone(params, c)) {
            // No linear map of PE(pos) gives the lone sine: its row of M_k is zero.
            QCOMPARE(moved[c], 0.0);
            continue;
        }
        const double want = expected[static_cast<std::size_t>(c)];
        QVERIFY2(qAbs(moved[c] - want) <= tol,
                 at("M_k PE", pos, c, moved[c], want, tol).constData());
        QVERIFY2(qAbs(movedEngine[c] - want) <= tol,
                 at("M_k encodingAt", pos, c, movedEngine[c], want, tol).constData());
    }
}

void TestRotation::rowNotation_data()
{
    addIdentityRows();
}

// The seed texts write PE(pos + k) = PE(pos) . M(k) with row vectors: that M is our M_k^T.
// PE(pos + k)^T = PE(pos)^T M_k^T, for one row and for the whole matrix at once.
void TestRotation::rowNotation()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, pos);
    const double k = params.offset;
    const RowMatrixXd m = rotationMatrix(params);
    const double tol = 1e-12 * std::max(1.0, qAbs(params.scale));

    const Eigen::RowVectorXd row = vector(reference::encoding(params, pos)).transpose();
    const Eigen::RowVectorXd moved = row * m.transpose();
    const std::vector<double> expected = reference::encoding(params, pos + k);
    for (int c = 0; c < params.dModel; ++c) {
        if (isLone(params, c))
            continue;
        const double want = expected[static_cast<std::size_t>(c)];
        QVERIFY2(qAbs(moved[c] - want) <= tol,
                 at("PE^T M^T", pos, c, moved[c], want, tol).constData());
    }

    // A block of rows pos, pos + 1, ...: PE shifted by k = PE M_k^T.
    const EncodingParams block = rows(params, pos, 12);
    const RowMatrixXd pe = encodingMatrix(block);
    const RowMatrixXd movedRows = pe * m.transpose();
    for (int r = 0; r < block.seqLen; ++r) {
        for (int c = 0; c < params.dModel; ++c) {
            if (isLone(params, c))
                continue;
            const double want = reference::value(params, pos + r + k, c);
            QVERIFY2(qAbs(movedRows(r, c) - want) <= tol,
                     at("PE M^T", pos + r, c, movedRows(r, c), want, tol).constData());
        }
    }

    // Without the transpose the row form is wrong whenever some kw is not a multiple of pi.
    bool rotates = false;
    for (int i = 0; i < params.dModel / 2; ++i)
        rotates = rotates || qAbs(std::sin(k * reference::frequency(params, i))) > 1e-3;
    if (rotates && params.scale != 0.0) {
        const Eigen::RowVectorXd wrong = row * m;
        double worst = 0;
        for (int c = 0; c < params.dModel; ++c) {
            if (!isLone(params, c))
                worst = std::max(worst, qAbs(wrong[c] - expected[static_cast<std::size_t>(c)]));
        }
        QVERIFY2(worst > 1e-6, "PE^T M_k also matched: the test cannot tell M_k from M_k^T");
    }
}

void TestRotation::independentOfPosition_data()
{
    QTest::addColumn<EncodingParams>("params");
    for (const Layout layout : {I, S}) {
        for (const FrequencyConvention conv : {Paper, T2T}) {
            QTest::addRow("%s %s d=128", reference::name(layout), reference::name(conv))
                << withOffset(reference::params(128, layout, conv), 5);
            QTest::addRow("%s %s d=9 k=-3.5", reference::name(layout), reference::name(conv))
                << withOffset(reference::params(9, layout, conv), -3.5);
        }
    }
}

// M_k depends on k and w_i only: changing start, position or seq_len leaves it identical.
void TestRotation::independentOfPosition()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd m = rotationMatrix(params);
    for (const double start : {-1000.0, 0.0, 17.0, 1e5, 1e9 - 100}) {
        for (const double position : {-5.0, 0.0, 10.0, 2.5, 1e9}) {
            EncodingParams moved = rows(params, start, 100);
            moved.position = position;
            QVERIFY2(rotationMatrix(moved) == m,
                     QByteArray("M_k changed with start " + QByteArray::number(start) + " position "
                                + QByteArray::number(position))
                         .constData());
        }
    }
    // It does depend on k.
    QVERIFY(rotationMatrix(withOffset(params, params.offset + 1)) != m);
}

void TestRotation::loneColumn_data()
{
    QTest::addColumn<EncodingParams>("params");
    for (const FrequencyConvention conv : {Paper, T2T}) {
        for (const int d : {3, 7, 129}) {
            QTest::addRow("interleaved %s d=%d k=5", reference::name(conv), d)
                << rows(withOffset(reference::params(d, I, conv), 5), 0, 30);
            QTest::addRow("interleaved %s d=%d k=-700", reference::name(conv), d)
                << rows(withOffset(reference::params(d, I, conv), -700), 100, 30);
        }
    }
}

// Interleaved odd d: the last column is a sine without a cosine, so no linear map of PE(pos)
// gives PE(pos + k) there. Its row of M_k is zero and rotationResidual leaves it out.
void TestRotation::loneColumn()
{
    QFETCH(EncodingParams, params);
    const int lone = params.dModel - 1;
    const RowMatrixXd m = rotationMatrix(params);
    QCOMPARE(m.row(lone).cwiseAbs().maxCoeff(), 0.0);
    QCOMPARE(m.col(lone).cwiseAbs().maxCoeff(), 0.0);

    // The lone column really does not follow M_k: (M_k PE)(lone) = 0 while PE(pos + k) is not.
    const RowMatrixXd pe = encodingMatrix(params);
    const RowMatrixXd moved = pe * m.transpose();
    double missed = 0;
    for (int r = 0; r < params.seqLen; ++r) {
        const double wanted = reference::value(params, params.start + r + params.offset, lone);
        missed = std::max(missed, qAbs(moved(r, lone) - wanted));
    }
    QVERIFY2(missed > 1e-3, "the lone column happens to be zero: choose other rows");

    const RotationResidual res = rotationResidual(params);
    QVERIFY2(res.maxAbs < 1e-12, QByteArray::number(res.maxAbs).constData());
    QVERIFY(res.column != lone);
    const RotationResidual resF = rotationResidualF(params);
    QVERIFY2(resF.maxAbs < 1e-5, QByteArray::number(resF.maxAbs).constData());
    QVERIFY(resF.column != lone);
}

void TestRotation::splitZeroColumn_data()
{
    QTest::addColumn<EncodingParams>("params");
    for (const FrequencyConvention conv : {Paper, T2T}) {
        for (const int d : {3, 7, 129}) {
            QTest::addRow("split %s d=%d k=5", reference::name(conv), d)
                << rows(withOffset(reference::params(d, S, conv), 5), 0, 30);
            QTest::addRow("split %s d=%d k=-9 scale -2", reference::name(conv), d)
                << rows(withOffset(reference::params(d, S, conv, 1e4, -2), -9), -40, 30);
        }
    }
}

// Split odd d: the last column is zero; M_k maps it to itself (1 on the diagonal), so the
// identity holds there too (0 = 0).
void TestRotation::splitZeroColumn()
{
    QFETCH(EncodingParams, params);
    const int zero = params.dModel - 1;
    const RowMatrixXd m = rotationMatrix(params);
    QCOMPARE(m(zero, zero), 1.0);
    QCOMPARE(m.row(zero).cwiseAbs().sum(), 1.0);
    QCOMPARE(m.col(zero).cwiseAbs().sum(), 1.0);

    const RowMatrixXd pe = encodingMatrix(params);
    QCOMPARE(pe.col(zero).cwiseAbs().maxCoeff(), 0.0);
    const RowMatrixXd moved = pe * m.transpose();
    QCOMPARE(moved.col(zero).cwiseAbs().maxCoeff(), 0.0);
    QVERIFY(rotationResidual(params).maxAbs < 1e-12);
}

void TestRotation::residual_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("bound");
    QTest::addRow("defaults") << EncodingParams() << 1e-12;
    for (const Layout layout : {I, S}) {
        for (const FrequencyConvention conv : {Paper, T2T}) {
            const char *l = reference::name(layout), *f = reference::name(conv);
            QTest::addRow("%s %s d=64 k=5", l, f)
                << withOffset(reference::params(64, layout, conv), 5) << 1e-12;
            QTest::addRow("%s %s d=7 k=-13", l, f)
                << rows(withOffset(reference::params(7, layout, conv), -13), -10, 50) << 1e-12;
            QTest::addRow("%s %s d=512 k=100 scale 3", l, f)
                << rows(withOffset(reference::params(512, layout, conv, 1e4, 3.0), 100), 0, 60)
                << 3e-12;
            QTest::addRow("%s %s d=2 k=1", l, f)
                << withOffset(reference::params(2, layout, conv), 1) << 1e-12;
            // Far from zero the double residual grows like pos * eps (about 1e-11 at 1e5).
            QTest::addRow("%s %s d=33 start 1e5 k=37", l, f)
                << rows(withOffset(reference::params(33, layout, conv), 37), 1e5, 50) << 1e-9;
        }
    }
}

namespace {

// The residual recomputed here: the full product PE M_k^T against PE at start + k, in Scalar
// (M_k rounded to Scalar as a whole matrix), over every column but the lone one.
template<typename Scalar>
RotationResidual recomputedResidual(const EncodingParams &params)
{
    using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    EncodingParams shiftedParams = params;
    shiftedParams.start += params.offset;
    Matrix pe, shifted;
    if constexpr (std::is_same_v<Scalar, float>) {
        pe = encodingMatrixF(params);
        shifted = encodingMatrixF(shiftedParams);
    } else {
        pe = encodingMatrix(params);
        shifted = encodingMatrix(shiftedParams);
    }
    const Matrix m = rotationMatrix(params).template cast<Scalar>();
    const Matrix moved = pe * m.transpose();
    RotationResidual worst;
    for (int r = 0; r < params.seqLen; ++r) {
        for (int c = 0; c < params.dModel; ++c) {
            const double error = double(std::abs(moved(r, c) - shifted(r, c)));
            if (!isLone(params, c) && error > worst.maxAbs)
                worst = {error, r, c};
        }
    }
    return worst;
}

} // namespace

// The largest |M_k PE(pos) - PE(pos + k)| over the rows: tiny in double at small positions,
// and the same number as the residual recomputed here with the full matrix product.
void TestRotation::residual()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, bound);
    const RotationResidual res = rotationResidual(params);
    QVERIFY2(res.maxAbs < bound, QByteArray::number(res.maxAbs).constData());
    QVERIFY(res.row >= 0 && res.row < params.seqLen);
    QVERIFY(res.column >= 0 && res.column < params.dModel);
    QVERIFY(!isLone(params, res.column));

    const RotationResidual mine = recomputedResidual<double>(params);
    const double tol = 1e-15 + 1e-6 * mine.maxAbs;
    QVERIFY2(qAbs(mine.maxAbs - res.maxAbs) <= tol,
             QByteArray("reported " + QByteArray::number(res.maxAbs) + ", recomputed "
                        + QByteArray::number(mine.maxAbs))
                 .constData());
}

void TestRotation::residualFloat_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << EncodingParams();
    for (const Layout layout : {I, S}) {
        for (const FrequencyConvention conv : {Paper, T2T}) {
            const char *l = reference::name(layout), *f = reference::name(conv);
            QTest::addRow("%s %s d=64 k=5", l, f)
                << withOffset(reference::params(64, layout, conv), 5);
            QTest::addRow("%s %s d=7 k=-13", l, f)
                << rows(withOffset(reference::params(7, layout, conv), -13), -10, 50);
            QTest::addRow("%s %s d=256 start 1e5 k=37", l, f)
                << rows(withOffset(reference::params(256, layout, conv), 37), 1e5, 50);
            QTest::addRow("%s %s d=128 start -1e9 k=1e6", l, f)
                << rows(withOffset(reference::params(128, layout, conv), 1e6), -1e9, 20);
        }
    }
}

// In float32 throughout (PE, M_k and the products) the identity still holds to float precision,
// even far from zero, because the angles are computed in double before the cast. The residual
// is float rounding, so it is not zero, and it is what a float computation here gives.
void TestRotation::residualFloat()
{
    QFETCH(EncodingParams, params);
    const RotationResidual res = rotationResidualF(params);
    QVERIFY2(res.maxAbs < 1e-5, QByteArray::number(res.maxAbs).constData());
    QVERIFY(res.row >= 0 && res.row < params.seqLen);
    QVERIFY(res.column >= 0 && res.column < params.dModel);
    QVERIFY(!isLone(params, res.column));

    const RotationResidual mine = recomputedResidual<float>(params);
    QVERIFY2(mine.maxAbs > 1e-9, QByteArray::number(mine.maxAbs).constData());
    QVERIFY2(qAbs(mine.maxAbs - res.maxAbs) <= 1e-3 * mine.maxAbs,
             QByteArray("reported " + QByteArray::number(res.maxAbs) + ", recomputed in float "
                        + QByteArray::number(mine.maxAbs))
                 .constData());
}

void TestRotation::bothResidualsAtOnce_data()
{
    QTest::addColumn<EncodingParams>("params");
    EncodingParams defaults;
    QTest::addRow("defaults") << defaults;
    EncodingParams far = reference::params(64, I, Paper);
    far.seqLen = 200;
    far.start = 99000;
    far.offset = -37.5;
    QTest::addRow("far, fractional k") << far;
    EncodingParams odd = reference::params(9, S, T2T, 1e4, -2.0);
    odd.seqLen = 40;
    QTest::addRow("odd split tensor2tensor, scale -2") << odd;
}

// Both residuals of `both` are exactly (bit for bit, and where) `r64` and `r32`.
static bool sameResiduals(const RotationResiduals &both, const RotationResidual &r64, const RotationResidual &r32)
{
    const auto same = [](const RotationResidual &a, const RotationResidual &b, const char *which) {
        if (a.maxAbs == b.maxAbs && a.row == b.row && a.column == b.column)
            return true;
        qWarning("%s: %.17g at (%d, %d), expected %.17g at (%d, %d)", which, a.maxAbs, a.row, a.column, b.maxAbs,
                 b.row, b.column);
        return false;
    };
    return same(both.float64, r64, "float64") && same(both.float32, r32, "float32");
}

// rotationResiduals (PE computed once, the float matrices as casts) gives exactly what
// rotationResidual and rotationResidualF give, which compute everything on their own.
void TestRotation::bothResidualsAtOnce()
{
    QFETCH(EncodingParams, params);
    const RotationResiduals both = rotationResiduals(params);
    const RotationResidual r64 = rotationResidual(params);
    const RotationResidual r32 = rotationResidualF(params);
    QVERIFY(sameResiduals(both, r64, r32));

    // RotationCheck keeps PE at pos for every k asked after it: each k gives what the two
    // functions give, computed from scratch, whatever k came before (0, far, back, negative).
    const RotationCheck check(params);
    QVERIFY(check.covers(params));
    for (double k : {params.offset, 0.0, 1.0, 1e6 + 0.25, -3.0, params.offset}) {
        const EncodingParams p = withOffset(params, k);
        EncodingParams moved = p;
        moved.position += 17; // the probe position is not part of the check
        QVERIFY(check.covers(moved));
        const RotationResiduals kept = check.residuals(k);
        const RotationResidual fresh64 = rotationResidual(p);
        const RotationResidual fresh32 = rotationResidualF(p);
        QVERIFY2(sameResiduals(kept, fresh64, fresh32), qPrintable(QStringLiteral("k = %1").arg(k)));
    }
    // Anything else it depends on makes it stale.
    EncodingParams other = params;
    other.start += 1;
    QVERIFY(!check.covers(other));
    other = params;
    other.seqLen += 1;
    QVERIFY(!check.covers(other));
    other = params;
    other.base *= 2;
    QVERIFY(!check.covers(other));
}

// rotationEntries lists each nonzero cell of the (reduced) M_k once, with its value: setting
// them in a zero matrix gives rotationMatrix, and no cell is left out or given twice.
void TestRotation::entriesAreTheNonzeroCells()
{
    for (int d : {2, 7, 8, 64, 130, 4095}) {
        for (Layout layout : {I, S}) {
            for (int stride : {1, 2, 3, 4}) {
                EncodingParams p = reference::params(d, layout, Paper);
                p.offset = 3.5;
                const RowMatrixXd m = rotationMatrix(p, stride);
                const std::vector<MatrixEntry> entries = rotationEntries(p, stride);
                QSet<long long> seen;
                for (const MatrixEntry &e : entries) {
                    QVERIFY(e.value != 0);
                    QVERIFY(!seen.contains(e.row * m.cols() + e.column));
                    seen.insert(e.row * m.cols() + e.column);
                    QCOMPARE(e.value, m(e.row, e.column));
                }
                QCOMPARE(qsizetype(seen.size()), qsizetype((m.array() != 0).count()));
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestRotation)
#include "tst_rotation.moc"

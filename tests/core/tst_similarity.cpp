// SPDX-License-Identifier: GPL-3.0-or-later
// The dot-product kernel, the similarity matrices PE · PE^T (plain and cosine), one row of it,
// and the closest pair of positions, against brute force over PE built with std::sin /
// std::cos in reference.h.

#include "core/similarity.h"

#include "reference.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(Eigen::VectorXi)

namespace {

using namespace reference::names;

EncodingParams rows(EncodingParams p, double start, int seqLen)
{
    p.start = start;
    p.seqLen = seqLen;
    return p;
}

Eigen::VectorXi indices(std::initializer_list<int> list)
{
    Eigen::VectorXi v(Eigen::Index(list.size()));
    Eigen::Index k = 0;
    for (int x : list)
        v[k++] = x;
    return v;
}

Eigen::VectorXi allRows(const EncodingParams &p)
{
    Eigen::VectorXi v(p.seqLen);
    for (int r = 0; r < p.seqLen; ++r)
        v[r] = r;
    return v;
}

Eigen::VectorXi everyNth(const EncodingParams &p, int first, int stride)
{
    std::vector<int> list;
    for (int r = first; r < p.seqLen; r += stride)
        list.push_back(r);
    Eigen::VectorXi v(Eigen::Index(list.size()));
    for (std::size_t k = 0; k < list.size(); ++k)
        v[Eigen::Index(k)] = list[k];
    return v;
}

// PE(p) · PE(q), every column, from the formula.
double bruteDot(const EncodingParams &p, double a, double b)
{
    const std::vector<double> x = reference::encoding(p, a);
    const std::vector<double> y = reference::encoding(p, b);
    double sum = 0;
    for (std::size_t c = 0; c < x.size(); ++c)
        sum += x[c] * y[c];
    return sum;
}

double bruteDistance(const EncodingParams &p, double a, double b)
{
    const std::vector<double> x = reference::encoding(p, a);
    const std::vector<double> y = reference::encoding(p, b);
    double sum = 0;
    for (std::size_t c = 0; c < x.size(); ++c)
        sum += (x[c] - y[c]) * (x[c] - y[c]);
    return std::sqrt(sum);
}

// scale² Σ_{i < floor(d/2)} cos(Δ w_i): the complete pairs only.
double kernel(const EncodingParams &p, double offset)
{
    double sum = 0;
    for (int i = 0; i < p.dModel / 2; ++i)
        sum += std::cos(offset * reference::frequency(p, i));
    return p.scale * p.scale * sum;
}

// The tolerance of one entry of PE · PE^T: d terms of size scale² with angles up to |pos| w.
double dotTolerance(const EncodingParams &p, double maxPos)
{
    return 1e-13 * (1.0 + std::abs(maxPos)) * p.scale * p.scale * p.dModel;
}

QByteArray at(const char *what, long long a, long long b, double got, double expected, double tol)
{
    return QByteArray(what) + '(' + QByteArray::number(a) + ", " + QByteArray::number(b)
           + "): got " + QByteArray::number(got, 'g', 17) + ", expected "
           + QByteArray::number(expected, 'g', 17) + " (tolerance " + QByteArray::number(tol, 'g', 3)
           + ')';
}

void addMatrixRows()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("default small (interleaved paper d=16 N=12)")
        << rows(reference::params(16, I, Paper), 0, 12);
    QTest::addRow("defaults (d=128 N=30)") << EncodingParams();
    QTest::addRow("odd interleaved d=7 (lone column)") << rows(reference::params(7, I, Paper), 0, 20);
    QTest::addRow("odd interleaved d=5 tensor2tensor start 3 (lone column)")
        << rows(reference::params(5, I, T2T), 3, 17);
    QTest::addRow("odd split d=9 (zero column)") << rows(reference::params(9, S, Paper), 0, 15);
    QTest::addRow("tensor2tensor d=12") << rows(reference::params(12, I, T2T), 0, 18);
    QTest::addRow("split tensor2tensor d=10") << rows(reference::params(10, S, T2T), 2, 13);
    QTest::addRow("start -7 d=10") << rows(reference::params(10, I, Paper), -7, 25);
    QTest::addRow("scale -1.5 d=20") << rows(reference::params(20, S, Paper, 1e4, -1.5), 0, 10);
    QTest::addRow("odd interleaved d=11 scale -1.5 start -7")
        << rows(reference::params(11, I, Paper, 1e4, -1.5), -7, 21);
    QTest::addRow("d=2 N=40") << rows(reference::params(2, I, Paper), 0, 40);
    QTest::addRow("seq_len 1") << rows(reference::params(6, I, Paper), 4, 1);
}

} // namespace

class TestSimilarity : public QObject
{
    Q_OBJECT

private slots:
    void dotProductKernel_data();
    void dotProductKernel();
    void similarityMatrix_data();
    void similarityMatrix();
    void similarityMatrixRows_data();
    void similarityMatrixRows();
    void cosineSimilarityMatrix_data();
    void cosineSimilarityMatrix();
    void scaleZero();
    void rowBlocks_data();
    void rowBlocks();
    void similarityRow_data();
    void similarityRow();
    void minimumDistance_data();
    void minimumDistance();
    void kernelEvenlySpaced_data();
    void kernelEvenlySpaced();
    void boxMeans_data();
    void boxMeans();
    void colourRange_data();
    void colourRange();
};

void TestSimilarity::dotProductKernel_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << EncodingParams();
    QTest::addRow("interleaved paper d=16") << reference::params(16, I, Paper);
    QTest::addRow("odd interleaved d=7 (lone sine left out)") << reference::params(7, I, Paper);
    QTest::addRow("odd split d=7 tensor2tensor") << reference::params(7, S, T2T);
    QTest::addRow("interleaved tensor2tensor d=12 scale -1.5")
        << reference::params(12, I, T2T, 1e4, -1.5);
    QTest::addRow("d=2") << reference::params(2, S, Paper);
    QTest::addRow("d=33 base 1e12 scale 0.25") << reference::params(33, I, Paper, 1e12, 0.25);
    QTest::addRow("scale 0") << reference::params(8, I, Paper, 1e4, 0.0);
}

// scale² Σ_{i < floor(d/2)} cos(Δ w_i), even in Δ, d/2 · scale² at Δ = 0; for even d it is
// PE(p) · PE(p + Δ) at every p.
void TestSimilarity::dotProductKernel()
{
    QFETCH(EncodingParams, params);
    const std::vector<double> offsets{0.0, 1.0, -1.0, 2.5, -7.25, 13.0, 100.0, -999.5, 1e4, 3e5};
    Eigen::VectorXd offsetVector(Eigen::Index(offsets.size()));
    for (std::size_t j = 0; j < offsets.size(); ++j)
        offsetVector[Eigen::Index(j)] = offsets[j];
    const Eigen::VectorXd vectorised = posenc::dotProductKernel(params, offsetVector);
    QCOMPARE(vectorised.size(), offsetVector.size());

    const double s2 = params.scale * params.scale;
    for (std::size_t j = 0; j < offsets.size(); ++j) {
        const double delta = offsets[j];
        const double expected = kernel(params, delta);
        const double tol = 1e-14 * (1.0 + std::abs(delta)) * s2 * params.dModel;
        const double got = posenc::dotProductKernel(params, delta);
        QVERIFY2(qAbs(got - expected) <= tol, at("kernel", j, 0, got, expected, tol).constData());
        QVERIFY2(qAbs(vectorised[Eigen::Index(j)] - expected) <= tol,
                 at("kernel vector", j, 0, vectorised[Eigen::Index(j)], expected, tol).constData());
        const double mirrored = posenc::dotProductKernel(params, -delta);
        QVERIFY2(qAbs(mirrored - got) <= 1e-15 * s2 * params.dModel,
                 at("kernel(-delta)", j, 0, mirrored, got, 0).constData());
        if (params.dModel % 2 == 0 && std::abs(delta) < 200) {
            for (const double p : {0.0, 3.0, -11.5}) {
                const double dot = bruteDot(params, p, p + delta);
                const double dotTol = dotTolerance(params, std::abs(p) + std::abs(delta));
                QVERIFY2(qAbs(got - dot) <= dotTol, at("kernel vs PE dot", j, 0, got, dot, dotTol).constData());
            }
        }
    }
    QVERIFY(qAbs(posenc::dotProductKernel(params, 0.0) - s2 * (params.dModel / 2)) <= 1e-13 * s2 * params.dModel);
}

void TestSimilarity::similarityMatrix_data()
{
    addMatrixRows();
}

// [seq_len, seq_len] with entry (a, b) = Σ_c PE(start + a, c) PE(start + b, c), the lone sine
// of odd interleaved d included; symmetric.
void TestSimilarity::similarityMatrix()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd m = posenc::similarityMatrix(params);
    QCOMPARE(m.rows(), Eigen::Index(params.seqLen));
    QCOMPARE(m.cols(), Eigen::Index(params.seqLen));
    const double tol = dotTolerance(params, std::abs(params.start) + params.seqLen);
    for (int a = 0; a < params.seqLen; ++a) {
        for (int b = 0; b < params.seqLen; ++b) {
            const double expected = bruteDot(params, params.start + a, params.start + b);
            QVERIFY2(qAbs(m(a, b) - expected) <= tol, at("PE.PE^T", a, b, m(a, b), expected, tol).constData());
        }
    }
    // The explicit list of all rows gives the same matrix.
    const RowMatrixXd viaRows = posenc::similarityMatrix(params, allRows(params));
    QVERIFY((viaRows - m).cwiseAbs().maxCoeff() <= tol);
}

void TestSimilarity::similarityMatrixRows_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<Eigen::VectorXi>("rowList");

    const EncodingParams odd = rows(reference::params(7, I, Paper), 0, 40);
    const EncodingParams oddT2T = rows(reference::params(9, I, T2T, 1e4, -1.5), -7, 40);
    const EncodingParams split = rows(reference::params(9, S, Paper), 5, 40);
    const EncodingParams even = rows(reference::params(16, I, Paper), 0, 40);
    for (const auto &[name, p] : {std::pair{"odd interleaved d=7", odd},
                                  std::pair{"odd interleaved tensor2tensor d=9 scale -1.5 start -7", oddT2T},
                                  std::pair{"odd split d=9 start 5", split},
                                  std::pair{"interleaved d=16", even}}) {
        QTest::addRow("%s stride 3", name) << p << everyNth(p, 0, 3);
        QTest::addRow("%s stride 3 from 2", name) << p << everyNth(p, 2, 3);
        QTest::addRow("%s stride 7 from 5", name) << p << everyNth(p, 5, 7);
        QTest::addRow("%s descending stride 3", name) << p << indices({20, 17, 14, 11, 8});
        QTest::addRow("%s {0, 1, 5, 9} (not evenly spaced)", name) << p << indices({0, 1, 5, 9});
        QTest::addRow("%s {3, 4, 5, 9} (evenly, then not)", name) << p << indices({3, 4, 5, 9});
        QTest::addRow("%s {9, 5, 1, 0}", name) << p << indices({9, 5, 1, 0});
        QTest::addRow("%s {4, 4, 4} (stride 0)", name) << p << indices({4, 4, 4});
        QTest::addRow("%s {6, 6, 2} (repeat, then not)", name) << p << indices({6, 6, 2});
        QTest::addRow("%s one row", name) << p << indices({13});
        QTest::addRow("%s two rows", name) << p << indices({13, 2});
    }
}

// The subset overload equals brute force over the rows asked for, whether or not they are
// evenly spaced (the engine takes a Toeplitz shortcut when they are).
void TestSimilarity::similarityMatrixRows()
{
    QFETCH(EncodingParams, params);
    QFETCH(Eigen::VectorXi, rowList);
    const RowMatrixXd m = posenc::similarityMatrix(params, rowList);
    QCOMPARE(m.rows(), rowList.size());
    QCOMPARE(m.cols(), rowList.size());
    const double tol = dotTolerance(params, std::abs(params.start) + params.seqLen);
    for (Eigen::Index a = 0; a < rowList.size(); ++a) {
        for (Eigen::Index b = 0; b < rowList.size(); ++b) {
            const double expected = bruteDot(params, params.start + rowList[a], params.start + rowList[b]);
            QVERIFY2(qAbs(m(a, b) - expected) <= tol,
                     at("PE.PE^T at rows", rowList[a], rowList[b], m(a, b), expected, tol).constData());
        }
    }
}

void TestSimilarity::cosineSimilarityMatrix_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<Eigen::VectorXi>("rowList");
    const EncodingParams odd = rows(reference::params(7, I, Paper, 1e4, -1.5), -7, 30);
    const EncodingParams split = rows(reference::params(9, S, T2T, 1e4, 0.5), 0, 30);
    QTest::addRow("defaults all rows") << EncodingParams() << allRows(EncodingParams());
    QTest::addRow("odd interleaved scale -1.5 start -7 all rows") << odd << allRows(odd);
    QTest::addRow("odd interleaved stride 3") << odd << everyNth(odd, 1, 3);
    QTest::addRow("odd interleaved {0, 1, 5, 9}") << odd << indices({0, 1, 5, 9});
    QTest::addRow("odd split tensor2tensor scale 0.5 all rows") << split << allRows(split);
    QTest::addRow("odd split {29, 3, 8}") << split << indices({29, 3, 8});
}

// PE(p) · PE(q) / (|PE(p)| |PE(q)|): unit diagonal, brute-force cosines elsewhere.
void TestSimilarity::cosineSimilarityMatrix()
{
    QFETCH(EncodingParams, params);
    QFETCH(Eigen::VectorXi, rowList);
    const RowMatrixXd m = posenc::cosineSimilarityMatrix(params, rowList);
    QCOMPARE(m.rows(), rowList.size());
    QCOMPARE(m.cols(), rowList.size());
    const double tol = 1e-12;
    for (Eigen::Index a = 0; a < rowList.size(); ++a) {
        const double pa = params.start + rowList[a];
        QVERIFY2(qAbs(m(a, a) - 1.0) <= tol, at("diagonal", a, a, m(a, a), 1.0, tol).constData());
        for (Eigen::Index b = 0; b < rowList.size(); ++b) {
            const double pb = params.start + rowList[b];
            const double expected
                = bruteDot(params, pa, pb) / std::sqrt(bruteDot(params, pa, pa) * bruteDot(params, pb, pb));
            QVERIFY2(qAbs(m(a, b) - expected) <= tol, at("cosine", a, b, m(a, b), expected, tol).constData());
            QVERIFY(m(a, b) <= 1.0 + tol && m(a, b) >= -1.0 - tol);
        }
    }
}

void TestSimilarity::rowBlocks_data()
{
    addMatrixRows();
    QTest::addRow("fractional start 0.3, odd interleaved d=9") << rows(reference::params(9, I, Paper), 0.3, 70);
    QTest::addRow("scale 0, odd interleaved d=7") << rows(reference::params(7, I, Paper, 1e4, 0.0), -3, 12);
}

// SimilarityRows, in blocks of several sizes: every entry against Σ_c PE(p, c) PE(q, c) from
// std::sin / std::cos (and the cosine from those sums), and the bits of similarityMatrix and
// cosineSimilarityMatrix over every row, which the export wrote before it streamed.
void TestSimilarity::rowBlocks()
{
    QFETCH(EncodingParams, params);
    const int n = params.seqLen;
    for (const bool cosine : {false, true}) {
        const RowMatrixXd whole = cosine ? posenc::cosineSimilarityMatrix(params, allRows(params))
                                         : posenc::similarityMatrix(params);
        const posenc::SimilarityRows rowsOf(params, cosine);
        QCOMPARE(rowsOf.size(), n);
        for (const int block : {1, 4, n}) {
            std::vector<double> buffer(std::size_t(block) * std::size_t(n));
            for (int first = 0; first < n; first += block) {
                const int count = std::min(block, n - first);
                rowsOf.rowsInto(first, count, buffer.data());
                for (int a = first; a < first + count; ++a) {
                    const double pa = params.start + a;
                    for (int b = 0; b < n; ++b) {
                        const double got = buffer[std::size_t(a - first) * std::size_t(n) + std::size_t(b)];
                        QVERIFY2(std::memcmp(&got, &whole(a, b), sizeof got) == 0,
                                 at(cosine ? "cosine block vs matrix" : "block vs matrix", a, b, got, whole(a, b), 0)
                                     .constData());
                        const double pb = params.start + b;
                        const double dot = bruteDot(params, pa, pb);
                        const double norms = std::sqrt(bruteDot(params, pa, pa) * bruteDot(params, pb, pb));
                        const double expected = cosine ? (norms > 0 ? dot / norms : 0.0) : dot;
                        const double tol = cosine ? 1e-12 : dotTolerance(params, std::abs(pa) + std::abs(pb));
                        QVERIFY2(qAbs(got - expected) <= tol, at("block", a, b, got, expected, tol).constData());
                    }
                }
            }
        }
    }
}

// scale 0: every vector is zero; the dot products are 0 and the cosines 0, never NaN.
void TestSimilarity::scaleZero()
{
    for (const EncodingParams &params : {rows(reference::params(8, I, Paper, 1e4, 0.0), 0, 12),
                                         rows(reference::params(7, I, Paper, 1e4, 0.0), -3, 12),
                                         rows(reference::params(7, S, T2T, 1e4, 0.0), 2, 12)}) {
        for (const Eigen::VectorXi &rowList : {allRows(params), indices({0, 1, 5, 9})}) {
            const RowMatrixXd dots = posenc::similarityMatrix(params, rowList);
            const RowMatrixXd cosines = posenc::cosineSimilarityMatrix(params, rowList);
            for (Eigen::Index a = 0; a < rowList.size(); ++a) {
                for (Eigen::Index b = 0; b < rowList.size(); ++b) {
                    QCOMPARE(dots(a, b), 0.0);
                    QVERIFY2(cosines(a, b) == 0.0,
                             at("cosine at scale 0", a, b, cosines(a, b), 0.0, 0).constData());
                }
            }
        }
        QCOMPARE(posenc::similarityMatrix(params).cwiseAbs().maxCoeff(), 0.0);
        QCOMPARE(posenc::similarityBoxMeans(params, 5).cwiseAbs().maxCoeff(), 0.0);
        QCOMPARE(posenc::cosineSimilarityBoxMeans(params, 5).cwiseAbs().maxCoeff(), 0.0);
        QCOMPARE(posenc::similarityBoxMean(params, 5, 1, 0, true), 0.0);
        QCOMPARE(posenc::dotProductKernel(params, 3.0), 0.0);
        const Eigen::VectorXd row = posenc::similarityRow(params, 2, allRows(params));
        QCOMPARE(row.cwiseAbs().maxCoeff(), 0.0);
    }
}

void TestSimilarity::similarityRow_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("row");
    QTest::addColumn<Eigen::VectorXi>("rowList");
    const EncodingParams odd = rows(reference::params(7, I, Paper, 1e4, -1.5), -7, 30);
    const EncodingParams split = rows(reference::params(9, S, T2T), 3, 30);
    QTest::addRow("defaults row 0 all") << EncodingParams() << 0 << allRows(EncodingParams());
    QTest::addRow("defaults row 17 all") << EncodingParams() << 17 << allRows(EncodingParams());
    QTest::addRow("odd interleaved row 5 all") << odd << 5 << allRows(odd);
    QTest::addRow("odd interleaved row 29 {0, 1, 5, 9}") << odd << 29 << indices({0, 1, 5, 9});
    QTest::addRow("odd split row 4 stride 3") << split << 4 << everyNth(split, 0, 3);
    QTest::addRow("odd split row 0 {29, 3, 3}") << split << 0 << indices({29, 3, 3});
    QTest::addRow("odd split row 2 none") << split << 2 << Eigen::VectorXi();
}

// PE(start + row) · PE(start + rows[j]) for every j.
void TestSimilarity::similarityRow()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, row);
    QFETCH(Eigen::VectorXi, rowList);
    const Eigen::VectorXd got = posenc::similarityRow(params, row, rowList);
    QCOMPARE(got.size(), rowList.size());
    const double tol = dotTolerance(params, std::abs(params.start) + params.seqLen);
    for (Eigen::Index j = 0; j < rowList.size(); ++j) {
        const double expected = bruteDot(params, params.start + row, params.start + rowList[j]);
        QVERIFY2(qAbs(got[j] - expected) <= tol, at("row", row, rowList[j], got[j], expected, tol).constData());
    }
}

void TestSimilarity::minimumDistance_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << EncodingParams();
    QTest::addRow("interleaved paper d=16 N=50") << rows(reference::params(16, I, Paper), 0, 50);
    QTest::addRow("odd interleaved d=7 N=40 (lone column)") << rows(reference::params(7, I, Paper), 0, 40);
    QTest::addRow("odd interleaved d=5 start -7 N=50 (lone column)")
        << rows(reference::params(5, I, Paper), -7, 50);
    QTest::addRow("odd interleaved d=3 tensor2tensor start 11 N=80 (lone column)")
        << rows(reference::params(3, I, T2T), 11, 80);
    QTest::addRow("odd split d=9 N=40") << rows(reference::params(9, S, Paper), 0, 40);
    QTest::addRow("split tensor2tensor d=6 N=100") << rows(reference::params(6, S, T2T), 0, 100);
    QTest::addRow("scale 0.5 d=16 N=50") << rows(reference::params(16, I, Paper, 1e4, 0.5), 0, 50);
    QTest::addRow("scale -3 odd interleaved d=9 N=30") << rows(reference::params(9, I, Paper, 1e4, -3.0), 2, 30);
    QTest::addRow("d_model 2 with 60 positions") << rows(reference::params(2, I, Paper), 0, 60);
    QTest::addRow("d_model 2 split start -30 with 60 positions") << rows(reference::params(2, S, Paper), -30, 60);
    QTest::addRow("seq_len 2") << rows(reference::params(4, I, Paper), 0, 2);
    QTest::addRow("scale 0") << rows(reference::params(8, I, Paper, 1e4, 0.0), 0, 10);
    // Past 256 positions and 128 pairs, offsets are ruled out by the sum over the fastest
    // pairs; with alike frequencies the full search.
    QTest::addRow("interleaved d=300 N=300 (bounded search)") << rows(reference::params(300, I, Paper), 0, 300);
    QTest::addRow("split tensor2tensor d=400 scale -2 start 5 N=270 (bounded search)")
        << rows(reference::params(400, S, T2T, 1e4, -2.0), 5, 270);
    QTest::addRow("odd split d=257 base 10 N=290 (bounded search)") << rows(reference::params(257, S, Paper, 10.0), 0, 290);
    QTest::addRow("d=300 base 1.001 N=300 (alike frequencies: full search)") << rows(reference::params(300, I, Paper, 1.001), 0, 300);
    QTest::addRow("d=256 base 1.5 N=300 (full search)") << rows(reference::params(256, I, Paper, 1.5), 0, 300);
    QTest::addRow("odd interleaved d=7 N=700 (lone column, offsets by the pairs' distance)")
        << rows(reference::params(7, I, Paper), 3, 700);
    QTest::addRow("odd interleaved d=5 base 2 N=400 (lone column)") << rows(reference::params(5, I, Paper, 2.0), 0, 400);
    QTest::addRow("seq_len 1") << rows(reference::params(8, I, Paper), 0, 1);
    QTest::addRow("seq_len 1 odd interleaved") << rows(reference::params(7, I, Paper), 3, 1);
}

// The closest two distinct positions by a brute-force O(n² d) search: the same distance, and
// the two rows returned are distinct, in range and that far apart. seq_len 1: +infinity.
void TestSimilarity::minimumDistance()
{
    QFETCH(EncodingParams, params);
    const MinimumDistance got = posenc::minimumDistance(params);
    const int n = params.seqLen;
    if (n < 2) {
        QVERIFY(std::isinf(got.distance) && got.distance > 0);
        return;
    }
    double best = std::numeric_limits<double>::infinity();
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b)
            best = std::min(best, bruteDistance(params, params.start + a, params.start + b));
    }
    const double tol = 1e-10 * std::max(1.0, qAbs(params.scale));
    QVERIFY2(qAbs(got.distance - best) <= tol, at("minimum distance", got.rowA, got.rowB, got.distance, best, tol).constData());
    QVERIFY2(got.rowA != got.rowB, at("rows", got.rowA, got.rowB, 0, 0, 0).constData());
    QVERIFY(got.rowA >= 0 && got.rowA < n);
    QVERIFY(got.rowB >= 0 && got.rowB < n);
    const double achieved = bruteDistance(params, params.start + got.rowA, params.start + got.rowB);
    QVERIFY2(qAbs(achieved - best) <= tol, at("distance of the returned rows", got.rowA, got.rowB, achieved, best, tol).constData());
}

// Evenly spaced offsets (as the view's closed-form curve and the strided similarity matrix ask
// for them) take the engine's path: the same values as std::cos summed term by term.
void TestSimilarity::kernelEvenlySpaced_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("last");
    QTest::addColumn<int>("count");
    QTest::addRow("2049 offsets over [-1023, 1023], d 512") << reference::params(512, I, Paper) << -1023.0 << 1023.0 << 2049;
    QTest::addRow("1024 offsets 0, 16, .., d 4096 split") << reference::params(4096, S, Paper) << 0.0 << 16.0 * 1023 << 1024;
    QTest::addRow("fractional start, odd d tensor2tensor") << reference::params(33, I, T2T, 1e4, -2.0) << -17.3 << 250.2 << 100;
    QTest::addRow("towards 1e5") << reference::params(64, I, Paper, 1e6) << 99000.0 << 100000.0 << 4001;
}

void TestSimilarity::kernelEvenlySpaced()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, first);
    QFETCH(double, last);
    QFETCH(int, count);
    const Eigen::VectorXd offsets = Eigen::VectorXd::LinSpaced(count, first, last);
    const Eigen::VectorXd got = posenc::dotProductKernel(params, offsets);
    QCOMPARE(got.size(), offsets.size());
    const double s2 = params.scale * params.scale;
    for (Eigen::Index j = 0; j < offsets.size(); ++j) {
        const double expected = kernel(params, offsets[j]);
        const double tol = 1e-14 * (1.0 + std::abs(offsets[j])) * s2 * params.dModel;
        QVERIFY2(qAbs(got[j] - expected) <= tol, at("kernel", j, 0, got[j], expected, tol).constData());
    }
}

namespace {

// The mean over every cell (p, q) of boxes a and b of the dot products of PE rows written out
// with std::sin / std::cos (the cosine of the two rows if `cosine`, 0 for a zero row): boxes of
// `size` consecutive rows from row 0, the last one shorter.
double bruteBoxMean(const std::vector<std::vector<double>> &pe, int size, int a, int b, bool cosine)
{
    const int n = int(pe.size());
    double sum = 0;
    int cells = 0;
    for (int p = a * size; p < std::min(n, (a + 1) * size); ++p) {
        for (int q = b * size; q < std::min(n, (b + 1) * size); ++q) {
            double dot = 0, pp = 0, qq = 0;
            for (std::size_t c = 0; c < pe[std::size_t(p)].size(); ++c) {
                dot += pe[std::size_t(p)][c] * pe[std::size_t(q)][c];
                pp += pe[std::size_t(p)][c] * pe[std::size_t(p)][c];
                qq += pe[std::size_t(q)][c] * pe[std::size_t(q)][c];
            }
            if (cosine)
                dot = pp > 0 && qq > 0 ? dot / std::sqrt(pp * qq) : 0.0;
            sum += dot;
            ++cells;
        }
    }
    return sum / cells;
}

} // namespace

// The views' box means against brute force over every cell of each box. rowStep > 1 checks
// every rowStep-th row of boxes (and the last), against every column of boxes, where brute
// force over all of them would take too long. For the cosine of an odd interleaved d_model,
// `approximate` says which way the function must take (see similarity.h): exact, or the
// box-constant norms within their stated bound (at most 1e-3).
void TestSimilarity::boxMeans_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("rowStep");
    QTest::addColumn<bool>("approximate");

    QTest::addRow("d=16 N=40 boxes of 4 (divides)") << rows(reference::params(16, I, Paper), 0, 40) << 4 << 1 << false;
    QTest::addRow("d=16 N=43 boxes of 4 (last 3)") << rows(reference::params(16, I, Paper), 0, 43) << 4 << 1 << false;
    QTest::addRow("d=16 N=43 boxes of 1") << rows(reference::params(16, I, Paper), 0, 43) << 1 << 1 << false;
    QTest::addRow("odd interleaved d=7 N=50 boxes of 3 start -7")
        << rows(reference::params(7, I, Paper), -7, 50) << 3 << 1 << false;
    QTest::addRow("odd interleaved d=9 tensor2tensor scale -1.5 start 3.25 N=61 boxes of 5 (last 1)")
        << rows(reference::params(9, I, T2T, 1e4, -1.5), 3.25, 61) << 5 << 1 << false;
    QTest::addRow("odd interleaved d=3 base 2 N=37 boxes of 6")
        << rows(reference::params(3, I, Paper, 2.0), 0, 37) << 6 << 1 << false;
    QTest::addRow("odd split d=9 N=30 boxes of 7 (zero column)") << rows(reference::params(9, S, Paper), 0, 30) << 7 << 1 << false;
    QTest::addRow("split tensor2tensor d=10 start 100 N=64 boxes of 8")
        << rows(reference::params(10, S, T2T), 100, 64) << 8 << 1 << false;
    QTest::addRow("scale 0.5 base 100 d=12 N=29 boxes of 2")
        << rows(reference::params(12, I, Paper, 100, 0.5), 0, 29) << 2 << 1 << false;
    QTest::addRow("one box shorter than its size: N=5, boxes of 8") << rows(reference::params(6, I, Paper), 2, 5) << 8 << 1 << false;
    QTest::addRow("d=2 N=100 boxes of 16 (last 4)") << rows(reference::params(2, I, Paper), 0, 100) << 16 << 1 << false;
    QTest::addRow("d=64 N=1500 boxes of 3, start 1e5")
        << rows(reference::params(64, I, Paper), 1e5, 1500) << 3 << 37 << false;
    QTest::addRow("odd d=65 N=1501 boxes of 3 (last 1)")
        << rows(reference::params(65, I, Paper), 0, 1501) << 3 << 37 << false;
    QTest::addRow("odd d=129 N=4097 boxes of 5: cosine by box-constant norms")
        << rows(reference::params(129, I, Paper), 0, 4097) << 5 << 163 << true;
    QTest::addRow("odd d=129 base 1.5 N=4097 boxes of 5: norms vary within a box, cosine exact")
        << rows(reference::params(129, I, Paper, 1.5), 0, 4097) << 5 << 163 << false;
}

void TestSimilarity::boxMeans()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, size);
    QFETCH(int, rowStep);
    QFETCH(bool, approximate);
    const int n = params.seqLen;
    const int m = (n + size - 1) / size;
    std::vector<std::vector<double>> pe;
    for (int r = 0; r < n; ++r)
        pe.push_back(reference::encoding(params, params.start + r));

    Eigen::VectorXd strideKernel;
    const RowMatrixXd means = posenc::similarityBoxMeans(params, size, &strideKernel);
    QCOMPARE(means, posenc::similarityBoxMeans(params, size));
    // The kernel at the offsets between box starts, given on the side.
    QCOMPARE(strideKernel.size(), Eigen::Index(m));
    for (int j = 0; j < m; ++j) {
        const double expected = kernel(params, double(j) * size);
        const double kernelTol = 1e-14 * (1.0 + double(j) * size) * params.scale * params.scale * params.dModel;
        QVERIFY2(qAbs(strideKernel[j] - expected) <= kernelTol, at("kernel at j s", j, size, strideKernel[j], expected, kernelTol).constData());
    }
    double bound = -1;
    const RowMatrixXd cosines = posenc::cosineSimilarityBoxMeans(params, size, &bound);
    QCOMPARE(means.rows(), Eigen::Index(m));
    QCOMPARE(means.cols(), Eigen::Index(m));
    QCOMPARE(cosines.rows(), Eigen::Index(m));
    QCOMPARE(cosines.cols(), Eigen::Index(m));
    if (approximate) {
        QVERIFY2(bound > 0 && bound <= 1e-3, QByteArray::number(bound).constData());
    } else {
        QCOMPARE(bound, 0.0);
    }

    const double tol = dotTolerance(params, std::abs(params.start) + n);
    const double cosineTol = 1e-12 + (approximate ? bound : 0.0);
    double largestCosineError = 0;
    for (int a = 0; a < m; a = (a + rowStep < m || a == m - 1) ? a + rowStep : m - 1) {
        for (int b = 0; b < m; ++b) {
            const double expected = bruteBoxMean(pe, size, a, b, false);
            QVERIFY2(qAbs(means(a, b) - expected) <= tol, at("box mean", a, b, means(a, b), expected, tol).constData());
            const double expectedCosine = bruteBoxMean(pe, size, a, b, true);
            largestCosineError = std::max(largestCosineError, qAbs(cosines(a, b) - expectedCosine));
            QVERIFY2(qAbs(cosines(a, b) - expectedCosine) <= cosineTol,
                     at("cosine box mean", a, b, cosines(a, b), expectedCosine, cosineTol).constData());
        }
    }
    if (approximate)
        qInfo("largest error of the cosine box means %.3g, bound %.3g", largestCosineError, bound);
    // Box means are symmetric, like the matrix.
    QVERIFY((means - means.transpose()).cwiseAbs().maxCoeff() <= tol);

    // The single entry under the mouse, exact in both measures.
    for (const auto &[a, b] : {std::pair{0, 0}, std::pair{m - 1, 0}, std::pair{m / 2, m - 1}, std::pair{m - 1, m - 1}}) {
        const double dot = posenc::similarityBoxMean(params, size, a, b, false);
        const double expected = bruteBoxMean(pe, size, a, b, false);
        QVERIFY2(qAbs(dot - expected) <= tol, at("one box mean", a, b, dot, expected, tol).constData());
        const double cosine = posenc::similarityBoxMean(params, size, a, b, true);
        const double expectedCosine = bruteBoxMean(pe, size, a, b, true);
        QVERIFY2(qAbs(cosine - expectedCosine) <= 1e-12, at("one cosine box mean", a, b, cosine, expectedCosine, 1e-12).constData());
    }
}

// The colour range of the similarity view: sequential over [min, max] for values of one
// sign, diverging about the mean (as wide as the farther extreme) for both signs.
void TestSimilarity::colourRange_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<bool>("cosine");
    QTest::addColumn<bool>("diverging");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::addColumn<double>("centre");

    QTest::addRow("all positive") << QList<double>{3, 17, 5, 9} << false << false << 3.0 << 17.0 << 0.0;
    QTest::addRow("all negative") << QList<double>{-4, -1, -2, -3} << false << false << -4.0 << -1.0 << 0.0;
    QTest::addRow("zero and positive") << QList<double>{0, 0.5, 1, 0.25} << true << false << 0.0 << 1.0 << 0.0;
    // mean 1, extremes 1 - (-2) = 3 below and 4 - 1 = 3 above: [-2, 4]
    QTest::addRow("both signs, symmetric") << QList<double>{-2, 1, 1, 4} << false << true << -2.0 << 4.0 << 1.0;
    // mean 2.5, farther extreme 10 - 2.5 = 7.5: [-5, 10]
    QTest::addRow("both signs, skewed") << QList<double>{-1, 0.5, 0.5, 10} << false << true << -5.0 << 10.0 << 2.5;
    QTest::addRow("one value, dot") << QList<double>{5, 5, 5, 5} << false << false << 5.0 << 10.0 << 0.0;
    QTest::addRow("one small value, dot") << QList<double>{0.25, 0.25, 0.25, 0.25} << false << false << 0.25 << 1.25 << 0.0;
    QTest::addRow("one value, cosine") << QList<double>{1, 1, 1, 1} << true << false << 1.0 << 2.0 << 0.0;
}

void TestSimilarity::colourRange()
{
    QFETCH(QList<double>, values);
    QFETCH(bool, cosine);
    QFETCH(bool, diverging);
    QFETCH(double, low);
    QFETCH(double, high);
    QFETCH(double, centre);
    RowMatrixXd matrix(2, 2);
    for (int i = 0; i < 4; ++i)
        matrix(i / 2, i % 2) = values[i];
    const ColourRange range = similarityColourRange(matrix, cosine);
    QCOMPARE(range.diverging, diverging);
    QCOMPARE(range.low, low);
    QCOMPARE(range.high, high);
    if (diverging)
        QCOMPARE(range.centre, centre);

    const ColourRange empty = similarityColourRange(RowMatrixXd(0, 0), cosine);
    QVERIFY(!empty.diverging);
    QCOMPARE(empty.low, 0.0);
    QCOMPARE(empty.high, 1.0);
}

QTEST_GUILESS_MAIN(TestSimilarity)
#include "tst_similarity.moc"

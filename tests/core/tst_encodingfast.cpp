// SPDX-License-Identifier: GPL-3.0-or-later
// The optimised engine against the straightforward computation: every value of
// encodingMatrix / encodingMatrixF / encodingMatrixInto against scale * std::sin / std::cos of
// pos * w_i written out in reference.h, at sizes and positions where an angle-addition scheme
// could drift (long matrices, positions up to 1e6, crossings of zero and of the engine's
// 64- and 4096-row blocks), and the promise that PE(pos) has the same bits whichever function
// computes it.
//
// Bounds. float32: the cast alone is within 2^-25 |scale| (3e-8 |scale|) of the double value;
// the test asks 1e-6 |scale|, the accuracy the engine promises. float64: the engine joins the rounded
// angles B w, M w and k w (pos = B + M + k) where the reference rounds pos * w once; each
// rounding is at most 2^-53 |pos w| <= 1.2e-16 |pos|, and w itself differs between engine and
// reference (a power versus 1 / power or exp(-i ln(base) / n)) by a few ulp, at most
// 4 * 2.2e-16 * |pos|; two rotations and the products add about 6 ulp of the result. Hence
//     |engine - reference| <= |scale| * (1e-15 * |pos| + 1e-14),
// which is 1e-9 |scale| at pos 1e6: the bound checked at every position.

#include "core/encoding.h"

#include "reference.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

using namespace posenc;

namespace {

using namespace reference::names;

using reference::make;

double doubleTolerance(const EncodingParams &p, double pos)
{
    return std::abs(p.scale) * (1e-15 * std::abs(pos) + 1e-14);
}

double floatTolerance(const EncodingParams &p)
{
    return 1e-6 * std::abs(p.scale);
}

// The reference, column by column: what each column holds and its w_i (from reference.h),
// then scale * std::sin / std::cos of pos * w_i, exactly as reference::value computes it.
struct ReferenceColumns {
    explicit ReferenceColumns(const EncodingParams &p) : params(p)
    {
        for (int c = 0; c < p.dModel; ++c) {
            const reference::Slot s = reference::slot(p, c);
            columns.push_back(s);
            w.push_back(s.kind == reference::Kind::Zero ? 0.0 : reference::frequency(p, s.pair));
        }
    }
    void row(double pos, std::vector<double> &out) const
    {
        out.assign(columns.size(), 0.0);
        for (std::size_t c = 0; c < columns.size(); ++c) {
            if (columns[c].kind == reference::Kind::Zero)
                continue;
            const double angle = pos * w[c];
            out[c] = params.scale
                     * (columns[c].kind == reference::Kind::Sin ? std::sin(angle) : std::cos(angle));
        }
    }
    EncodingParams params;
    std::vector<reference::Slot> columns;
    std::vector<double> w;
};

// Picks an engine kernel for one test and goes back to the best available one afterwards, also
// when the test fails half-way.
struct KernelChoice {
    explicit KernelChoice(EngineKernel kernel) : chosen(setEngineKernel(kernel)) {}
    ~KernelChoice() { resetEngineKernel(); }
    KernelChoice(const KernelChoice &) = delete;
    KernelChoice &operator=(const KernelChoice &) = delete;
    bool chosen;
};

constexpr EngineKernel kAllKernels[] = {EngineKernel::Portable, EngineKernel::Avx2,
                                        EngineKernel::Avx512};

const char *kernelName(EngineKernel kernel)
{
    switch (kernel) {
    case EngineKernel::Portable: return "portable";
    case EngineKernel::Avx2: return "AVX2";
    case EngineKernel::Avx512: return "AVX-512";
    }
    return "?";
}

// The first differing value of two matrices of the same shape, bit for bit (0 and -0, or two
// NaNs, are told apart too), as "row r column c: a vs b"; empty when every bit agrees.
template<typename Matrix>
QByteArray firstDifference(const Matrix &a, const Matrix &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return "shapes differ";
    for (Eigen::Index r = 0; r < a.rows(); ++r) {
        for (Eigen::Index c = 0; c < a.cols(); ++c) {
            if (std::memcmp(&a(r, c), &b(r, c), sizeof a(r, c)) != 0)
                return "row " + QByteArray::number(qlonglong(r)) + " column "
                       + QByteArray::number(qlonglong(c)) + ": "
                       + QByteArray::number(double(a(r, c)), 'g', 17) + " vs "
                       + QByteArray::number(double(b(r, c)), 'g', 17);
        }
    }
    return {};
}

// Every matrix function of the engine under the current kernel.
struct EngineOutputs {
    explicit EngineOutputs(const EncodingParams &p)
        : matrix(encodingMatrix(p)), matrixF(encodingMatrixF(p))
    {
        encodingMatrixInto(p, into);
        encodingMatrixInto(p, intoF);
        encodingRowsInto(p, p.start + 0.25, 3.0, std::max(1, p.seqLen / 3), rows);
    }
    RowMatrixXd matrix;
    RowMatrixXf matrixF;
    RowMatrixXd into;
    RowMatrixXf intoF;
    RowMatrixXd rows;
};

} // namespace

class TestEncodingFast : public QObject
{
    Q_OBJECT

private slots:
    void matrices_data();
    void againstReference_data() { matrices_data(); }
    void againstReference();
    void floatIsCastOfDouble_data() { matrices_data(); }
    void floatIsCastOfDouble();
    void intoReusesBuffer();
    void sameBitsEverywhere_data() { matrices_data(); }
    void sameBitsEverywhere();
    void rowsIndependentOfStart();
    void rowBlocks_data();
    void rowBlocks();
    void kernelChoice();
    void kernelsGiveSameBits_data();
    void kernelsGiveSameBits();
    void largeMatrices_data();
    void largeMatrices();
    void keptTablesDoNotLeak();
};

void TestEncodingFast::matrices_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << EncodingParams();
    QTest::addRow("d_model 1024 seq_len 4096") << make(1024, 4096, 0.0);
    QTest::addRow("start 999000 seq_len 1000 (positions up to 1e6)") << make(256, 1000, 999000.0);
    QTest::addRow("start 999000 split tensor2tensor") << make(130, 1000, 999000.0, S, T2T);
    QTest::addRow("odd d_model 129 interleaved") << make(129, 300, 0.0, I);
    QTest::addRow("odd d_model 129 split") << make(129, 300, 0.0, S);
    QTest::addRow("odd d_model 7 interleaved tensor2tensor") << make(7, 200, -50.0, I, T2T);
    QTest::addRow("odd d_model 7 split tensor2tensor") << make(7, 200, -50.0, S, T2T);
    QTest::addRow("tensor2tensor interleaved") << make(512, 512, 0.0, I, T2T);
    QTest::addRow("tensor2tensor split") << make(512, 512, 0.0, S, T2T);
    QTest::addRow("negative start crossing zero") << make(64, 9000, -4500.0);
    QTest::addRow("negative start -1e6 split") << make(66, 200, -1e6, S);
    QTest::addRow("scale -2") << make(40, 300, 10.0, I, Paper, -2.0);
    QTest::addRow("scale -2 split") << make(40, 300, 10.0, S, Paper, -2.0);
    QTest::addRow("scale 0") << make(16, 100, 3.0, I, Paper, 0.0);
    QTest::addRow("scale 1e6 tensor2tensor") << make(20, 100, 70.0, S, T2T, 1e6);
    QTest::addRow("seq_len 1") << make(128, 1, 0.0);
    QTest::addRow("seq_len 1 at 123456") << make(128, 1, 123456.0, S);
    QTest::addRow("across a 4096 block") << make(32, 300, 4000.0);
    QTest::addRow("fractional start 0.5") << make(24, 200, 0.5);
    QTest::addRow("fractional start -70.25 split") << make(24, 200, -70.25, S, T2T);
    QTest::addRow("d_model 2") << make(2, 100, 0.0);
    QTest::addRow("d_model 3 split") << make(3, 100, 0.0, S);
    QTest::addRow("d_model 10 (pairs not a multiple of 4)") << make(10, 100, 0.0);
    QTest::addRow("d_model 14 split") << make(14, 100, 0.0, S);
    QTest::addRow("base 1e12") << make(64, 300, 0.0, I, Paper, 1.0, 1e12);
    QTest::addRow("base 2 tensor2tensor") << make(31, 300, 100.0, I, T2T, 1.0, 2.0);
}

// Every value of the double and the float matrix against std::sin / std::cos.
void TestEncodingFast::againstReference()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd pd = encodingMatrix(params);
    const RowMatrixXf pf = encodingMatrixF(params);
    QCOMPARE(pd.rows(), Eigen::Index(params.seqLen));
    QCOMPARE(pd.cols(), Eigen::Index(params.dModel));
    QCOMPARE(pf.rows(), Eigen::Index(params.seqLen));
    QCOMPARE(pf.cols(), Eigen::Index(params.dModel));
    const double ftol = floatTolerance(params);
    const ReferenceColumns ref(params);
    std::vector<double> expected;
    double worstDouble = 0, worstFloat = 0; // the largest errors seen, printed below
    for (int r = 0; r < params.seqLen; ++r) {
        const double pos = params.start + r;
        const double dtol = doubleTolerance(params, pos);
        ref.row(pos, expected);
        for (int c = 0; c < params.dModel; ++c) {
            const double e = expected[static_cast<std::size_t>(c)];
            const double dErr = std::abs(pd(r, c) - e);
            if (!(dErr <= dtol)) {
                QFAIL(reference::mismatch("PE", pos, c, pd(r, c), e, dtol).constData());
            }
            if (!(std::abs(double(pf(r, c)) - e) <= ftol)) {
                QFAIL(reference::mismatch("float PE", pos, c, double(pf(r, c)), e, ftol)
                          .constData());
            }
            worstDouble = std::max(worstDouble, dErr);
            worstFloat = std::max(worstFloat, std::abs(double(pf(r, c)) - e));
        }
        // Positions up to 1e6 (and -1e6) also meet the flat bound.
        if (std::abs(pos) <= 1e6) {
            const double flat = 1e-9 * std::abs(params.scale);
            for (int c = 0; c < params.dModel; ++c) {
                const double e = expected[static_cast<std::size_t>(c)];
                if (!(std::abs(pd(r, c) - e) <= flat))
                    QFAIL(reference::mismatch("PE", pos, c, pd(r, c), e, flat).constData());
            }
        }
    }
    const double farthest
        = std::max(std::abs(params.start), std::abs(params.start + params.seqLen - 1));
    qInfo("largest error: double %.3g, float %.3g (|scale| %g, largest |pos| %g)", worstDouble,
          worstFloat, std::abs(params.scale), farthest);
}

// DESIGN.md: float32 output is a cast of double results, value for value.
void TestEncodingFast::floatIsCastOfDouble()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd pd = encodingMatrix(params);
    const RowMatrixXf pf = encodingMatrixF(params);
    const RowMatrixXf cast = pd.cast<float>();
    for (int r = 0; r < params.seqLen; ++r) {
        for (int c = 0; c < params.dModel; ++c) {
            if (pf(r, c) != cast(r, c))
                QFAIL(reference::mismatch("float PE", params.start + r, c, double(pf(r, c)),
                                          double(cast(r, c)), 0)
                          .constData());
        }
    }
}

// encodingMatrixInto: the same values as the returning functions, whatever shape the buffer
// had before, and a buffer of the right shape is reused rather than reallocated.
void TestEncodingFast::intoReusesBuffer()
{
    RowMatrixXf f(3, 5);
    RowMatrixXd d(1000, 1000);
    for (const EncodingParams &p : {make(128, 300, 5.0), make(33, 70, -3.0, S, T2T, 2.0),
                                    make(128, 300, 5.0, I, Paper, -1.0)}) {
        encodingMatrixInto(p, f);
        encodingMatrixInto(p, d);
        QVERIFY(f == encodingMatrixF(p));
        QVERIFY(d == encodingMatrix(p));
    }
    const float *before = f.data();
    encodingMatrixInto(make(128, 300, 77.0), f);
    QCOMPARE(f.data(), before);
    QVERIFY(f == encodingMatrixF(make(128, 300, 77.0)));
}

// PE(pos) has the same bits from the matrix, encodingAt, encodingColumn and explainCell: the
// views show one number per cell whichever of them draws it.
void TestEncodingFast::sameBitsEverywhere()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd pe = encodingMatrix(params);
    const int step = std::max(1, params.seqLen / 97);
    for (int r = 0; r < params.seqLen; r += step) {
        const double pos = params.start + r;
        const Eigen::VectorXd at = encodingAt(params, pos);
        for (int c = 0; c < params.dModel; ++c) {
            if (at[c] != pe(r, c))
                QFAIL(reference::mismatch("encodingAt", pos, c, at[c], pe(r, c), 0).constData());
        }
        const int c = (r * 7) % params.dModel;
        const double cell = explainCell(params, pos, c).value;
        QVERIFY2(cell == pe(r, c),
                 reference::mismatch("explainCell", pos, c, cell, pe(r, c), 0).constData());
    }
    Eigen::VectorXd positions(params.seqLen);
    for (int r = 0; r < params.seqLen; ++r)
        positions[r] = params.start + r;
    for (const int c : {0, params.dModel / 2, params.dModel - 1}) {
        const Eigen::VectorXd column = encodingColumn(params, c, positions);
        for (int r = 0; r < params.seqLen; ++r) {
            if (column[r] != pe(r, c))
                QFAIL(reference::mismatch("encodingColumn", positions[r], c, column[r], pe(r, c),
                                          0)
                          .constData());
        }
    }
}

// A row depends on its position only, not on where the matrix starts.
void TestEncodingFast::rowsIndependentOfStart()
{
    const RowMatrixXd whole = encodingMatrix(make(48, 9000, -4200.0, S));
    for (const int r : {0, 1, 63, 64, 100, 4095, 4096, 4200, 4263, 8296, 8999}) {
        const RowMatrixXd part = encodingMatrix(make(48, 3, -4200.0 + r, S));
        QVERIFY2(part.row(0) == whole.row(r), QByteArray::number(r).constData());
    }
}

void TestEncodingFast::rowBlocks_data()
{
    matrices_data();
    // Fractions that (start + first) + j and start + (first + j) round differently: a block
    // must have the bits of the whole matrix's rows, not of a matrix starting at its first row.
    QTest::addRow("fractional start 0.1") << make(20, 700, 0.1);
    QTest::addRow("fractional start 100000.3 split") << make(21, 300, 100000.3, S);
}

// encodingMatrixRows, in blocks of several sizes (cut across the 64- and 4096-row tables):
// every value against std::sin / std::cos computed here, and the bits of encodingMatrix and
// encodingMatrixF (float32 the cast of the double values).
void TestEncodingFast::rowBlocks()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd whole = encodingMatrix(params);
    const RowMatrixXf wholeF = encodingMatrixF(params);
    const ReferenceColumns ref(params);
    const std::size_t d = std::size_t(params.dModel);
    std::vector<double> expected;
    for (const int block : {1, 7, 64, 1000}) {
        RowMatrixXd blocks(params.seqLen, params.dModel);
        RowMatrixXf blocksF(params.seqLen, params.dModel);
        blocks.setConstant(std::nan(""));
        blocksF.setConstant(std::nanf(""));
        // A block written into a buffer one value wider on each side: nothing outside it.
        std::vector<double> buffer(std::size_t(block) * d + 2);
        std::vector<float> bufferF(std::size_t(block) * d + 2);
        for (int first = 0; first < params.seqLen; first += block) {
            const int rows = std::min(block, params.seqLen - first);
            std::fill(buffer.begin(), buffer.end(), -7.0);
            std::fill(bufferF.begin(), bufferF.end(), -7.0f);
            encodingMatrixRows(params, first, rows, buffer.data() + 1);
            encodingMatrixRows(params, first, rows, bufferF.data() + 1);
            const std::size_t end = std::size_t(rows) * d + 1;
            QVERIFY(buffer[0] == -7.0 && buffer[end] == -7.0);
            QVERIFY(bufferF[0] == -7.0f && bufferF[end] == -7.0f);
            std::copy_n(buffer.data() + 1, std::size_t(rows) * d, blocks.row(first).data());
            std::copy_n(bufferF.data() + 1, std::size_t(rows) * d, blocksF.row(first).data());
        }
        for (int r = 0; r < params.seqLen; ++r) {
            const double pos = params.start + r;
            ref.row(pos, expected);
            for (int c = 0; c < params.dModel; ++c) {
                const double e = expected[std::size_t(c)];
                if (!(std::abs(blocks(r, c) - e) <= doubleTolerance(params, pos)))
                    QFAIL(reference::mismatch("row block", pos, c, blocks(r, c), e, doubleTolerance(params, pos))
                              .constData());
                if (!(std::abs(double(blocksF(r, c)) - e) <= floatTolerance(params)))
                    QFAIL(reference::mismatch("float row block", pos, c, double(blocksF(r, c)), e,
                                              floatTolerance(params))
                              .constData());
            }
        }
        const QByteArray inDouble = firstDifference(blocks, whole);
        QVERIFY2(inDouble.isEmpty(), ("blocks of " + QByteArray::number(block) + ": " + inDouble).constData());
        const QByteArray inFloat = firstDifference(blocksF, wholeF);
        QVERIFY2(inFloat.isEmpty(), ("float blocks of " + QByteArray::number(block) + ": " + inFloat).constData());
        const RowMatrixXf cast = blocks.cast<float>();
        QVERIFY2(firstDifference(blocksF, cast).isEmpty(), "float blocks are not the cast of the double ones");
    }
}

// setEngineKernel picks only what the CPU can run, and resetEngineKernel goes back to the best:
// the widest this CPU has.
void TestEncodingFast::kernelChoice()
{
    QVERIFY(engineKernelAvailable(EngineKernel::Portable));
    // AVX-512F CPUs have AVX2 too.
    if (engineKernelAvailable(EngineKernel::Avx512))
        QVERIFY(engineKernelAvailable(EngineKernel::Avx2));
    const EngineKernel best = engineKernelAvailable(EngineKernel::Avx512) ? EngineKernel::Avx512
                              : engineKernelAvailable(EngineKernel::Avx2) ? EngineKernel::Avx2
                                                                          : EngineKernel::Portable;
    QCOMPARE(engineKernel(), best);
    for (const EngineKernel kernel : kAllKernels) {
        {
            const KernelChoice choice(kernel);
            QCOMPARE(choice.chosen, engineKernelAvailable(kernel));
            QCOMPARE(engineKernel(), choice.chosen ? kernel : best);
        }
        QCOMPARE(engineKernel(), best);
    }
}

void TestEncodingFast::kernelsGiveSameBits_data()
{
    matrices_data();
    // Every d_model from 2 to 41 (pairs left over after 2, 4 and 8 lanes, the lone sine of an
    // odd d_model), in both layouts, at starts that are negative, fractional, cross 0 and a
    // 4096 block, or lie near 1e6.
    for (int d = 2; d <= 41; ++d) {
        for (const double start : {-70.25, 0.0, 4090.5, 999937.0}) {
            const Layout layout = d % 3 == 0 ? S : I;
            const FrequencyConvention conv = d % 4 == 1 ? T2T : Paper;
            QTest::addRow("d_model %d start %g %s", d, start, layout == S ? "split" : "interleaved")
                << make(d, 75, start, layout, conv, d % 5 == 0 ? -1.5 : 1.0);
            QTest::addRow("d_model %d start %g %s", d, start, layout == S ? "interleaved" : "split")
                << make(d, 75, start, layout == S ? I : S, conv);
        }
    }
    QTest::addRow("d_model 1024 seq_len 700 split, start -3000.5")
        << make(1024, 700, -3000.5, S, Paper, 3.0);
}

// Every vector kernel this CPU can run (AVX2, AVX-512) gives the bits of the portable one in
// every function that writes rows: they do the same operations in the same order, more lanes
// at a time, and no FMA. The AVX-512 one also writes the first pairs of a float row one by
// one up to a 64-byte boundary, so the rows of the many d_model here (each starting at another
// offset) check that split too. On a CPU with neither there is nothing to compare.
void TestEncodingFast::kernelsGiveSameBits()
{
    QFETCH(EncodingParams, params);
    std::unique_ptr<EngineOutputs> portable;
    {
        const KernelChoice choice(EngineKernel::Portable);
        QVERIFY(choice.chosen);
        portable = std::make_unique<EngineOutputs>(params);
    }
    int compared = 0;
    for (const EngineKernel kernel : kAllKernels) {
        if (kernel == EngineKernel::Portable || !engineKernelAvailable(kernel))
            continue;
        const KernelChoice choice(kernel);
        QVERIFY(choice.chosen);
        const EngineOutputs other(params);
        const QByteArray name = QByteArray(kernelName(kernel)) + " ";
        QVERIFY2(firstDifference(portable->matrix, other.matrix).isEmpty(),
                 (name + "encodingMatrix: " + firstDifference(portable->matrix, other.matrix))
                     .constData());
        QVERIFY2(firstDifference(portable->matrixF, other.matrixF).isEmpty(),
                 (name + "encodingMatrixF: " + firstDifference(portable->matrixF, other.matrixF))
                     .constData());
        QVERIFY2(firstDifference(portable->into, other.into).isEmpty(),
                 (name + "encodingMatrixInto: " + firstDifference(portable->into, other.into))
                     .constData());
        QVERIFY2(firstDifference(portable->intoF, other.intoF).isEmpty(),
                 (name + "encodingMatrixInto float: "
                  + firstDifference(portable->intoF, other.intoF))
                     .constData());
        QVERIFY2(firstDifference(portable->rows, other.rows).isEmpty(),
                 (name + "encodingRowsInto: " + firstDifference(portable->rows, other.rows))
                     .constData());
        ++compared;
    }
    if (compared == 0)
        QSKIP("This CPU has neither AVX2 nor AVX-512F: the portable kernel is the only one.");
}

void TestEncodingFast::largeMatrices_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<bool>("inFloat");
    // 32 MiB and more: written with streaming stores (see core/encoding.cpp).
    QTest::addRow("16384 x 1024 float, the benchmark's size") << make(1024, 16384, 0.0) << true;
    QTest::addRow("16384 x 520 float split, start -100.5")
        << make(520, 16384, -100.5, S, T2T, -2.0) << true;
    QTest::addRow("4096 x 1024 double interleaved, start 995000")
        << make(1024, 4096, 995000.0) << false;
    QTest::addRow("8192 x 1030 float split (rows not 16-byte aligned: ordinary stores)")
        << make(1030, 8192, 7.0, S) << true;
}

// Matrices large enough to be written around the caches (into a reused buffer) hold, under each
// kernel, the values of encodingAt at every 61st row and at both ends (the float ones as its
// cast).
void TestEncodingFast::largeMatrices()
{
    QFETCH(EncodingParams, params);
    QFETCH(bool, inFloat);
    std::vector<int> rows;
    for (int r = 0; r < params.seqLen; r += 61)
        rows.push_back(r);
    for (int r = std::max(0, params.seqLen - 3); r < params.seqLen; ++r)
        rows.push_back(r);
    for (const EngineKernel kernel : kAllKernels) {
        const KernelChoice choice(kernel);
        if (!choice.chosen)
            continue;
        // A buffer of the right size that was written before (NaN everywhere, so that a value
        // the engine failed to write shows): the case the engine streams.
        RowMatrixXf f;
        RowMatrixXd d;
        if (inFloat) {
            f.setConstant(params.seqLen, params.dModel, std::nanf(""));
            encodingMatrixInto(params, f);
        } else {
            d.setConstant(params.seqLen, params.dModel, std::nan(""));
            encodingMatrixInto(params, d);
        }
        for (const int r : rows) {
            const double pos = params.start + r;
            const Eigen::VectorXd at = encodingAt(params, pos);
            for (int c = 0; c < params.dModel; ++c) {
                const double got = inFloat ? double(f(r, c)) : d(r, c);
                const double expected = inFloat ? double(float(at[c])) : at[c];
                if (got != expected)
                    QFAIL((reference::mismatch("large matrix", pos, c, got, expected, 0)
                           + " (" + kernelName(kernel) + ")")
                              .constData());
            }
        }
    }
}

namespace {

// All rows of forEachSinCosRow, one after the other.
std::vector<double> sinCosRows(const Eigen::VectorXd &w, double first, int rows)
{
    std::vector<double> out;
    forEachSinCosRow(w, first, 1.0, rows, [&](int, const double *row) {
        out.insert(out.end(), row, row + 2 * w.size());
    });
    return out;
}

// The same computed on a new thread, whose kept tables are empty.
template<typename Compute>
auto onFreshThread(Compute compute)
{
    decltype(compute()) result;
    std::thread([&] { result = compute(); }).join();
    return result;
}

bool sameBits(const std::vector<double> &a, const std::vector<double> &b)
{
    return a.size() == b.size()
           && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

} // namespace

// Each thread keeps the sin / cos tables of its last frequencies (core/encoding.cpp). Whatever
// was computed before on a thread, and also from inside a visit of forEachSinCosRow, the
// values are those of a thread that computes them first.
void TestEncodingFast::keptTablesDoNotLeak()
{
    Eigen::VectorXd w1(5), w2(5), zero(2), minusZero(2);
    w1 << 1.0, 0.5, 0.25, 1e-3, 1e-8;
    w2 << 1.0, 0.5, 0.25, 1e-3, 2e-8; // one frequency differs
    zero << 0.0, 0.75;
    minusZero << -0.0, 0.75; // sin(x * -0.0) is -0.0
    struct Call {
        const Eigen::VectorXd *w;
        double first;
    };
    // The same frequencies with other fractions of the positions, other frequencies, and back.
    const std::vector<Call> calls = {{&w1, 0.5},  {&w1, 0.25},  {&w2, 0.25},    {&w1, 0.0},
                                     {&w1, -70.5}, {&zero, 3.0}, {&minusZero, 3.0}, {&zero, 3.0},
                                     {&w1, 1e9 + 0.5}};
    for (const Call &call : calls) {
        const std::vector<double> here = sinCosRows(*call.w, call.first, 200);
        const std::vector<double> fresh
            = onFreshThread([&] { return sinCosRows(*call.w, call.first, 200); });
        QVERIFY2(sameBits(here, fresh),
                 QByteArray("w[0] ").append(QByteArray::number(call.w->coeff(0)))
                     .append(" first ")
                     .append(QByteArray::number(call.first, 'g', 17))
                     .constData());
    }

    // A visit that computes a matrix of other frequencies in the middle of the outer rows.
    const EncodingParams inner = make(64, 130, 0.5, S);
    const RowMatrixXd innerFresh = onFreshThread([&] { return encodingMatrix(inner); });
    std::vector<double> outer;
    bool innerSame = true;
    forEachSinCosRow(w1, 0.5, 1.0, 200, [&](int r, const double *row) {
        if (r % 50 == 7)
            innerSame = innerSame && firstDifference(encodingMatrix(inner), innerFresh).isEmpty();
        outer.insert(outer.end(), row, row + 2 * w1.size());
    });
    QVERIFY(innerSame);
    QVERIFY(sameBits(outer, onFreshThread([&] { return sinCosRows(w1, 0.5, 200); })));
    // And the tables this thread keeps afterwards are still those of their frequencies.
    QVERIFY(firstDifference(encodingMatrix(inner), innerFresh).isEmpty());
    QVERIFY(sameBits(sinCosRows(w1, 0.5, 200), onFreshThread([&] { return sinCosRows(w1, 0.5, 200); })));
}

QTEST_GUILESS_MAIN(TestEncodingFast)
#include "tst_encodingfast.moc"

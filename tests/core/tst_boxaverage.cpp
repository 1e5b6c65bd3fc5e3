// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's paths for reduced views against the straightforward computation:
// encodingRowsInto (every step-th position) against std::sin / std::cos and against
// encodingAt bit for bit; encodingBoxAverage (the heatmap when its cells are smaller than
// pixels) against the mean over each box of scale * std::sin / std::cos(pos * w_i) summed
// cell by cell here, with no closed form; encodingValueRange against the minimum and maximum
// of the same reference values.
//
// Bound for the box means: each term of the reference and the engine's value at the box centre
// are within reference::tolerance(p, pos) of the exact value (see tst_encodingfast.cpp); the
// Dirichlet factor and the sums add a few ulp of |scale|. The test allows 4 times the
// tolerance at the box's largest |pos|.

#include "core/boxaverage.h"
#include "core/encoding.h"

#include "reference.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>
#include <limits>

using namespace posenc;

Q_DECLARE_METATYPE(posenc::BoxGrid)

namespace {

using namespace reference::names;

using reference::make;

// The whole matrix cut into boxes of rows x columns.
BoxGrid wholeMatrix(const EncodingParams &p, int rowsPerBox, int columnsPerBox)
{
    return {0, p.seqLen, rowsPerBox, 0, p.dModel, columnsPerBox};
}

} // namespace

class TestBoxAverage : public QObject
{
    Q_OBJECT

private slots:
    void rowsInto_data();
    void rowsInto();
    void boxAverage_data();
    void boxAverage();
    void unitBoxesAreTheMatrix_data();
    void unitBoxesAreTheMatrix();
    void attenuation_data();
    void attenuation();
    void valueRange_data();
    void valueRange();
    void matrixBoxes_data();
    void matrixBoxes();
};

void TestBoxAverage::rowsInto_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("step");
    QTest::addColumn<int>("rows");
    QTest::addRow("every 24th from 11.5") << make(512, 1, 0) << 11.5 << 24.0 << 683;
    QTest::addRow("every 7th, split tensor2tensor") << make(129, 1, 0, S, T2T) << 3.0 << 7.0 << 600;
    QTest::addRow("every 4096th: a new B per row") << make(64, 1, 0) << 100.0 << 4096.0 << 200;
    QTest::addRow("step 0.5: k refilled") << make(30, 1, 0, I) << -40.25 << 0.5 << 300;
    QTest::addRow("downwards from 1e6") << make(40, 1, 0, S, Paper, -2.0) << 1e6 << -333.0 << 100;
    QTest::addRow("one row") << make(7, 1, 0) << 12345.5 << 3.0 << 1;
}

// Every value against std::sin / std::cos, and the same bits as encodingAt at each position.
void TestBoxAverage::rowsInto()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, first);
    QFETCH(double, step);
    QFETCH(int, rows);
    RowMatrixXd out(3, 5); // a buffer of another shape: resized
    encodingRowsInto(params, first, step, rows, out);
    QCOMPARE(out.rows(), Eigen::Index(rows));
    QCOMPARE(out.cols(), Eigen::Index(params.dModel));
    for (int r = 0; r < rows; ++r) {
        const double pos = first + r * step;
        const Eigen::VectorXd at = encodingAt(params, pos);
        const double tol = reference::tolerance(params, pos);
        for (int c = 0; c < params.dModel; ++c) {
            const double want = reference::value(params, pos, c);
            if (!(std::abs(out(r, c) - want) <= tol))
                QFAIL(reference::mismatch("PE", pos, c, out(r, c), want, tol).constData());
            if (out(r, c) != at[c])
                QFAIL(reference::mismatch("PE (bits of encodingAt)", pos, c, out(r, c), at[c], 0).constData());
        }
    }
}

void TestBoxAverage::boxAverage_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<BoxGrid>("grid");
    const EncodingParams defaults;
    QTest::addRow("defaults, 3 x 2 boxes") << defaults << wholeMatrix(defaults, 3, 2);
    const EncodingParams long1 = make(64, 1000, 0);
    QTest::addRow("1000 x 64, 7 x 3 (shorter last boxes)") << long1 << wholeMatrix(long1, 7, 3);
    const EncodingParams tall = make(512, 4000, 0);
    QTest::addRow("4000 x 512, 24 x 5") << tall << wholeMatrix(tall, 24, 5);
    QTest::addRow("4000 x 512, even rows per box (half-integer centres)") << tall << wholeMatrix(tall, 2, 1);
    QTest::addRow("rows only, 16 x 1") << long1 << wholeMatrix(long1, 16, 1);
    QTest::addRow("columns only, 1 x 4") << long1 << wholeMatrix(long1, 1, 4);
    const EncodingParams split = make(129, 700, -350, S, T2T, -2.0);
    QTest::addRow("odd split tensor2tensor, crossing 0, scale -2") << split << wholeMatrix(split, 9, 4);
    const EncodingParams odd = make(129, 700, 0.5, I);
    QTest::addRow("odd interleaved, fractional start") << odd << wholeMatrix(odd, 10, 10);
    const EncodingParams far = make(96, 3000, 999000, I);
    QTest::addRow("positions near 1e6") << far << wholeMatrix(far, 13, 6);
    const EncodingParams zero = make(16, 100, 3, I, Paper, 0.0);
    QTest::addRow("scale 0") << zero << wholeMatrix(zero, 8, 3);
    const EncodingParams one = make(128, 1, 40);
    QTest::addRow("seq_len 1") << one << wholeMatrix(one, 1, 16);
    QTest::addRow("a block inside the matrix") << tall << BoxGrid{96, 333, 12, 10, 50, 3};
    QTest::addRow("one box") << long1 << BoxGrid{0, 1000, 1000, 0, 64, 64};
}

void TestBoxAverage::boxAverage()
{
    QFETCH(EncodingParams, params);
    QFETCH(BoxGrid, grid);
    const RowMatrixXd boxes = encodingBoxAverage(params, grid);
    QCOMPARE(boxes.rows(), Eigen::Index(grid.rows()));
    QCOMPARE(boxes.cols(), Eigen::Index(grid.columns()));
    for (int a = 0; a < grid.rows(); ++a) {
        const int rowFrom = grid.firstRow + a * grid.rowsPerBox;
        const int rowTo = std::min(grid.firstRow + grid.rowCount, rowFrom + grid.rowsPerBox);
        for (int b = 0; b < grid.columns(); ++b) {
            const int columnFrom = grid.firstColumn + b * grid.columnsPerBox;
            const int columnTo = std::min(grid.firstColumn + grid.columnCount, columnFrom + grid.columnsPerBox);
            double sum = 0;
            for (int r = rowFrom; r < rowTo; ++r) {
                for (int c = columnFrom; c < columnTo; ++c)
                    sum += reference::value(params, params.start + r, c);
            }
            const double want = sum / double((rowTo - rowFrom) * (columnTo - columnFrom));
            const double farthest = std::max(std::abs(params.start + rowFrom), std::abs(params.start + rowTo - 1));
            const double tol = 4 * reference::tolerance(params, farthest);
            if (!(std::abs(boxes(a, b) - want) <= tol))
                QFAIL(reference::mismatch("box mean at row box", a, b, boxes(a, b), want, tol).constData());
        }
    }
}

void TestBoxAverage::unitBoxesAreTheMatrix_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << EncodingParams();
    QTest::addRow("odd split, negative start") << make(33, 300, -100.5, S, T2T, -3.0);
    QTest::addRow("near 1e6") << make(64, 200, 999900);
}

// Boxes of one cell: the matrix itself, bit for bit (the heatmap of a small matrix shows the
// engine's exact values).
void TestBoxAverage::unitBoxesAreTheMatrix()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd boxes = encodingBoxAverage(params, wholeMatrix(params, 1, 1));
    const RowMatrixXd matrix = encodingMatrix(params);
    QVERIFY(boxes == matrix);
    // Into a caller's buffer (a colour map's cells): rows 7 to the end, one cell per box, every
    // value written, with the matrix's bits.
    const int first = std::min(7, params.seqLen - 1);
    const BoxGrid rows{first, params.seqLen - first, 1, 0, params.dModel, 1};
    std::vector<double> cells(std::size_t(rows.rows()) * std::size_t(rows.columns()), std::nan(""));
    encodingBoxAverageInto(params, rows, cells.data());
    const RowMatrixXd block = matrix.middleRows(first, rows.rowCount);
    QVERIFY(std::memcmp(cells.data(), block.data(), sizeof(double) * cells.size()) == 0);
}

void TestBoxAverage::attenuation_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("w");
    QTest::newRow("one position") << 1 << 0.7;
    QTest::newRow("w = 1, 24 positions") << 24 << 1.0;
    QTest::newRow("w = 1e-4, 24 positions (near 1)") << 24 << 1e-4;
    QTest::newRow("w = 1e-12") << 5000 << 1e-12;
    QTest::newRow("a whole period: 0") << 8 << 2.0 * 3.14159265358979323846 / 8;
}

// D_n(w) against the mean of sin(p w) over n positions divided by the sine at their centre,
// summed here at a centre where that sine is far from 0.
void TestBoxAverage::attenuation()
{
    QFETCH(int, n);
    QFETCH(double, w);
    const double centre = 1.0 / w; // the angle at the centre is 1 radian: sin = 0.84
    const double first = centre - 0.5 * (n - 1);
    double sum = 0;
    for (int j = 0; j < n; ++j)
        sum += std::sin((first + j) * w);
    const double want = sum / n / std::sin(centre * w);
    QVERIFY2(std::abs(boxAttenuation(n, w) - want) <= 1e-12,
             qPrintable(QStringLiteral("D_%1(%2) = %3, summed %4").arg(n).arg(w).arg(boxAttenuation(n, w), 0, 'g', 17).arg(want, 0, 'g', 17)));
}

void TestBoxAverage::valueRange_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << EncodingParams();
    QTest::addRow("seq_len 1 at 0: sines 0, cosines 1") << make(16, 1, 0);
    QTest::addRow("split odd, scale -2") << make(9, 50, 7, S, T2T, -2.0);
    QTest::addRow("scale 0") << make(16, 10, 3, I, Paper, 0.0);
    QTest::addRow("1024 x 300 from 5000") << make(300, 1024, 5000);
}

void TestBoxAverage::valueRange()
{
    QFETCH(EncodingParams, params);
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (int r = 0; r < params.seqLen; ++r) {
        for (int c = 0; c < params.dModel; ++c) {
            const double v = reference::value(params, params.start + r, c);
            low = std::min(low, v);
            high = std::max(high, v);
        }
    }
    const ValueRange range = encodingValueRange(params);
    const double tol = reference::tolerance(params, params.start + params.seqLen);
    QVERIFY2(std::abs(range.min - low) <= tol, qPrintable(QString::number(range.min - low)));
    QVERIFY2(std::abs(range.max - high) <= tol, qPrintable(QString::number(range.max - high)));
    // And exactly the extremes of the matrix the engine computes.
    const RowMatrixXd pe = encodingMatrix(params);
    QCOMPARE(range.min, pe.minCoeff());
    QCOMPARE(range.max, pe.maxCoeff());
}

void TestBoxAverage::matrixBoxes_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("rowsPerBox");
    QTest::addColumn<int>("columnsPerBox");
    QTest::newRow("single cells") << 5 << 4 << 1 << 1;
    QTest::newRow("2 x 3 boxes, short last ones") << 7 << 8 << 2 << 3;
    QTest::newRow("one box over everything") << 6 << 5 << 6 << 5;
}

// Of any matrix: the mean of each box and its value of largest magnitude with its sign, summed
// here cell by cell.
void TestBoxAverage::matrixBoxes()
{
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(int, rowsPerBox);
    QFETCH(int, columnsPerBox);
    RowMatrixXd m(rows, columns);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c)
            m(r, c) = std::sin(0.7 * r + 1.3 * c) * (c % 2 ? -2.0 : 1.0);
    }
    const BoxGrid grid{0, rows, rowsPerBox, 0, columns, columnsPerBox};
    const RowMatrixXd means = posenc::matrixBoxes(m, grid, BoxReduction::Mean);
    const RowMatrixXd largest = posenc::matrixBoxes(m, grid, BoxReduction::LargestMagnitude);
    QCOMPARE(means.rows(), (rows + rowsPerBox - 1) / rowsPerBox);
    QCOMPARE(means.cols(), (columns + columnsPerBox - 1) / columnsPerBox);
    for (int br = 0; br < means.rows(); ++br) {
        for (int bc = 0; bc < means.cols(); ++bc) {
            double sum = 0, worst = 0;
            int n = 0;
            for (int r = br * rowsPerBox; r < std::min(rows, (br + 1) * rowsPerBox); ++r) {
                for (int c = bc * columnsPerBox; c < std::min(columns, (bc + 1) * columnsPerBox); ++c) {
                    sum += m(r, c);
                    ++n;
                    if (std::abs(m(r, c)) > std::abs(worst))
                        worst = m(r, c);
                }
            }
            QVERIFY(std::abs(means(br, bc) - sum / n) < 1e-12);
            QCOMPARE(largest(br, bc), worst);
        }
    }
}

QTEST_GUILESS_MAIN(TestBoxAverage)
#include "tst_boxaverage.moc"

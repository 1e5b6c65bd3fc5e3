// SPDX-License-Identifier: GPL-3.0-or-later
// The ViT lab driven offscreen: what its two grids hold against the cosine similarity written
// out again here from expected::pe (std::sin and std::cos in a loop), for the 1-D encoding of
// the reading order and the 2-D one ([PE of d/2 for the row | PE of d - d/2 for the column]).

#include "../expected.h"

#include "ui/state/encodingstate.h"
#include "ui/widgets/matrixplot.h"
#include "ui/views/vit/vitview.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QSpinBox>
#include <QTest>

#include <cmath>
#include <vector>

using namespace posenc;
using expected::Params;

namespace {

using Vector = std::vector<double>;

Vector encode(const EncodingParams &p, double pos)
{
    Vector v(std::size_t(p.dModel));
    for (int c = 0; c < p.dModel; ++c)
        v[std::size_t(c)] = expected::pe(p, pos, c);
    return v;
}

double cosine(const Vector &a, const Vector &b)
{
    double ab = 0, aa = 0, bb = 0;
    for (std::size_t c = 0; c < a.size(); ++c) {
        ab += a[c] * b[c];
        aa += a[c] * a[c];
        bb += b[c] * b[c];
    }
    return aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : 0.0;
}

// The encoding of patch (r, c) of a grid: 1-D, PE(r * grid + c); 2-D, the row's encoding of
// d/2 dimensions followed by the column's of d - d/2, each with the app's convention.
Vector patch(const EncodingParams &p, int grid, int r, int c, bool twoD)
{
    if (!twoD)
        return encode(p, r * grid + c);
    EncodingParams rows = p, columns = p;
    rows.dModel = p.dModel / 2;
    columns.dModel = p.dModel - rows.dModel;
    Vector v = encode(rows, r);
    const Vector w = encode(columns, c);
    v.insert(v.end(), w.begin(), w.end());
    return v;
}

double cell(const MatrixPlot *plot, int row, int column)
{
    return plot->colorMap()->data()->cell(column, row);
}

void setUp(EncodingState &state, const EncodingParams &params, int imageSize, int patchSize, int row, int column)
{
    Scene scene = state.scene();
    scene.params = params;
    labOptions<VitOptions>(scene).imageSize = imageSize;
    labOptions<VitOptions>(scene).patchSize = patchSize;
    labOptions<VitOptions>(scene).patchRow = row;
    labOptions<VitOptions>(scene).patchCol = column;
    QVERIFY(!state.setScene(scene));
    state.flush();
}

} // namespace

class TestVitView : public QObject
{
    Q_OBJECT

private slots:
    void gridsHoldTheCosineSimilarity_data();
    void gridsHoldTheCosineSimilarity();
    void oneDSeesRowsTwoDSeesTheGrid();
    void clickChoosesThePatchAndIsExplained();
    void badGridIsRefusedAndChangesNothing();
    void smallerGridKeepsThePatchInside();
    void twoDNeedsFourDimensions();
    void positionAndOffsetChangeNothing();
};

void TestVitView::gridsHoldTheCosineSimilarity_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("imageSize");
    QTest::addColumn<int>("patchSize");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addRow("ViT-B/16, d 128, middle") << Params().dModel(128).p << 224 << 16 << -1 << -1;
    QTest::addRow("ViT-B/32 (7 x 7), d 64, corner") << Params().dModel(64).p << 224 << 32 << 0 << 6;
    QTest::addRow("partial patch dropped, d 17") << Params().dModel(17).p << 100 << 12 << 3 << 1;
    QTest::addRow("split, base 100, scale 0.5") << Params().dModel(32).split().base(100).scale(0.5).p << 96 << 8 << 11 << 0;
    QTest::addRow("tensor2tensor, d 48") << Params().dModel(48).tensor2tensor().p << 64 << 16 << 2 << 2;
    QTest::addRow("one patch") << Params().dModel(8).p << 16 << 16 << 0 << 0;
}

void TestVitView::gridsHoldTheCosineSimilarity()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, imageSize);
    QFETCH(int, patchSize);
    QFETCH(int, row);
    QFETCH(int, column);
    EncodingState state;
    VitView view(&state);
    view.resize(1200, 700);
    view.show();
    setUp(state, params, imageSize, patchSize, row, column);
    const int grid = imageSize / patchSize; // a partial patch at the edge is dropped
    const int r0 = row < 0 ? grid / 2 : row;
    const int c0 = column < 0 ? grid / 2 : column;
    QCOMPARE(view.rowBox()->value(), r0);
    QCOMPARE(view.columnBox()->value(), c0);
    for (const bool twoD : {false, true}) {
        const MatrixPlot *plot = twoD ? view.twoDPlot() : view.oneDPlot();
        QCOMPARE(plot->colorMap()->data()->keySize(), grid);
        QCOMPARE(plot->colorMap()->data()->valueSize(), grid);
        const Vector chosen = patch(params, grid, r0, c0, twoD);
        double low = 1;
        for (int r = 0; r < grid; ++r) {
            for (int c = 0; c < grid; ++c) {
                const double want = cosine(patch(params, grid, r, c, twoD), chosen);
                QVERIFY2(std::abs(cell(plot, r, c) - want) <= 1e-12,
                         qPrintable(QStringLiteral("%1 (%2, %3): %4, want %5")
                                        .arg(twoD ? QStringLiteral("2-D") : QStringLiteral("1-D"))
                                        .arg(r)
                                        .arg(c)
                                        .arg(cell(plot, r, c), 0, 'g', 17)
                                        .arg(want, 0, 'g', 17)));
                low = std::min(low, want);
            }
        }
        // The chosen patch is itself, similarity 1, at the top of the colour bar.
        QVERIFY(std::abs(cell(plot, r0, c0) - 1) <= 1e-12);
        QCOMPARE(plot->dataRange().upper, 1.0);
        QVERIFY(plot->dataRange().lower <= low + 1e-12);
    }
    // Both grids on one colour scale.
    QCOMPARE(view.oneDPlot()->dataRange(), view.twoDPlot()->dataRange());
}

// The lesson: in reading order the neighbour in the row is 1 position away and the one below a
// whole row away, so the 1-D encoding finds the row neighbour far more alike; the 2-D encoding,
// of equal halves, treats both directions alike. The sentences quote those numbers.
void TestVitView::oneDSeesRowsTwoDSeesTheGrid()
{
    EncodingState state;
    VitView view(&state);
    view.resize(1200, 700);
    view.show();
    const EncodingParams params = Params().dModel(128).p;
    setUp(state, params, 224, 16, 7, 7);
    const double beside1 = cosine(patch(params, 14, 7, 8, false), patch(params, 14, 7, 7, false));
    const double below1 = cosine(patch(params, 14, 8, 7, false), patch(params, 14, 7, 7, false));
    const double beside2 = cosine(patch(params, 14, 7, 8, true), patch(params, 14, 7, 7, true));
    const double below2 = cosine(patch(params, 14, 8, 7, true), patch(params, 14, 7, 7, true));
    QVERIFY2(beside1 > below1 + 0.2, qPrintable(QStringLiteral("%1 vs %2").arg(beside1).arg(below1)));
    QVERIFY(std::abs(beside2 - below2) <= 1e-12);
    QCOMPARE(cell(view.oneDPlot(), 7, 8), beside1);
    QCOMPARE(cell(view.oneDPlot(), 8, 7), below1);
    const QString oneD = view.oneDLabel()->text();
    QVERIFY2(oneD.contains(QString::number(beside1, 'g', 3)) && oneD.contains(QString::number(below1, 'g', 3)),
             qPrintable(oneD));
    QVERIFY2(view.twoDLabel()->text().contains(QString::number(beside2, 'g', 3)), qPrintable(view.twoDLabel()->text()));
    const QString description = VitView::describe(state);
    QVERIFY2(description.contains(QStringLiteral("14 × 14")) && description.contains(QStringLiteral("1-D position 105")),
             qPrintable(description));
}

void TestVitView::clickChoosesThePatchAndIsExplained()
{
    EncodingState state;
    VitView view(&state);
    view.resize(1200, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const EncodingParams params = Params().dModel(64).p;
    setUp(state, params, 224, 16, 7, 7);
    MatrixPlot *plot = view.twoDPlot();
    plot->replot();
    const QPoint at(int(plot->xAxis->coordToPixel(3)), int(plot->yAxis->coordToPixel(10)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    state.flush();
    QCOMPARE(labOptions<VitOptions>(state.scene()).patchRow, 10);
    QCOMPARE(labOptions<VitOptions>(state.scene()).patchCol, 3);
    QCOMPARE(view.rowBox()->value(), 10);
    QCOMPARE(view.columnBox()->value(), 3);
    QCOMPARE(cell(view.oneDPlot(), 10, 3), 1.0);
    QCOMPARE(state.inspection().kind, VitView::patchKind());
    const QString text = VitView::patchExplanation(state.scene(), state.inspection());
    // Position 10 × 14 + 3 = 143; the next in its row is 144, the next in its column 157.
    QVERIFY2(text.contains(QStringLiteral("= 143")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("position 144, 1 away")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("position 157, 14 away")), qPrintable(text));
    const double below = cosine(patch(params, 14, 11, 3, false), patch(params, 14, 10, 3, false));
    QVERIFY2(text.contains(QString::number(below, 'g', 6)), qPrintable(text));
    // A spin box chooses too.
    view.columnBox()->setValue(5);
    state.flush();
    QCOMPARE(labOptions<VitOptions>(state.scene()).patchCol, 5);
    QCOMPARE(cell(view.twoDPlot(), 10, 5), 1.0);
}

void TestVitView::badGridIsRefusedAndChangesNothing()
{
    EncodingState state;
    VitView view(&state);
    view.resize(1200, 700);
    view.show();
    setUp(state, Params().dModel(32).p, 224, 16, 2, 3);
    const Scene before = state.scene();
    // 224 / 3 = 74 patches a side: more than 64.
    view.patchSizeBox()->setValue(3);
    state.flush();
    QCOMPARE(state.scene(), before);
    QCOMPARE(view.patchSizeBox()->value(), 16);
    QVERIFY(!view.problemLabel()->isHidden());
    QVERIFY2(view.problemLabel()->text().contains(QStringLiteral("at most 64")), qPrintable(view.problemLabel()->text()));
    QVERIFY2(view.problemLabel()->text().contains(QStringLiteral("at least 4")), qPrintable(view.problemLabel()->text()));
    // The state refuses it however it comes.
    Scene bad = before;
    labOptions<VitOptions>(bad).patchRow = 14;
    QVERIFY(state.setScene(bad));
    QCOMPARE(state.scene(), before);
}

void TestVitView::smallerGridKeepsThePatchInside()
{
    EncodingState state;
    VitView view(&state);
    view.resize(1200, 700);
    view.show();
    setUp(state, Params().dModel(32).p, 224, 16, 12, 13);
    view.patchSizeBox()->setValue(32); // 7 x 7
    state.flush();
    QCOMPARE(labOptions<VitOptions>(state.scene()).patchSize, 32);
    QCOMPARE(labOptions<VitOptions>(state.scene()).patchRow, 6);
    QCOMPARE(labOptions<VitOptions>(state.scene()).patchCol, 6);
    QCOMPARE(view.oneDPlot()->colorMap()->data()->keySize(), 7);
    QCOMPARE(cell(view.oneDPlot(), 6, 6), 1.0);
}

void TestVitView::twoDNeedsFourDimensions()
{
    EncodingState state;
    VitView view(&state);
    view.resize(1200, 700);
    view.show();
    setUp(state, Params().dModel(3).p, 64, 16, 1, 1);
    QVERIFY(view.twoDPlot()->isHidden());
    QVERIFY(!view.oneDPlot()->isHidden());
    QCOMPARE(view.oneDPlot()->colorMap()->data()->keySize(), 4);
    QVERIFY2(VitView::describe(state).contains(QStringLiteral("d_model")), qPrintable(VitView::describe(state)));
    state.setDModel(4);
    state.flush();
    QVERIFY(!view.twoDPlot()->isHidden());
}

void TestVitView::positionAndOffsetChangeNothing()
{
    EncodingState state;
    VitView view(&state);
    view.resize(1200, 700);
    view.show();
    setUp(state, Params().dModel(32).p, 224, 16, 4, 4);
    const double before = cell(view.oneDPlot(), 4, 5);
    QVERIFY(!state.setPosition(17));
    QVERIFY(!state.setOffset(9));
    QVERIFY(!state.setStart(100)); // a ViT numbers its patches from 0
    state.flush();
    QCOMPARE(cell(view.oneDPlot(), 4, 5), before);
    QVERIFY(!state.setBase(100));
    state.flush();
    QVERIFY(cell(view.oneDPlot(), 4, 5) != before);
}

QTEST_MAIN(TestVitView)
#include "tst_vitview.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// HeatmapView: the colour map holds PE(start + r, c) cell by cell, the colour scale is
// symmetric about zero with white at 0, the tooltip explains a cell, and a hidden view catches
// up when it is shown. A matrix with more cells than the plot has pixels is shown as box
// means (checked against means of std::sin summed here), a zoomed view holds the exact cells
// it shows, and moving pos or k redraws the markers only.

#include "expected.h"

#include "ui/state/encodingstate.h"
#include "ui/views/heatmap/heatmapview.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/window/inspectorpanel.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace posenc;

namespace {

// Every cell of the colour map against the formula, plus its geometry: keys are columns
// 0..d-1, values are positions start..start+seq_len-1 (a single row is drawn as two
// identical half-height rows at start -/+ 0.25 so that it has an extent).
void compareMapWithFormula(const HeatmapView &view, const EncodingParams &p)
{
    QCPColorMapData *data = view.colorMap()->data();
    const bool singleRow = p.seqLen == 1;
    QCOMPARE(data->keySize(), p.dModel);
    QCOMPARE(data->valueSize(), singleRow ? 2 : p.seqLen);
    QCOMPARE(data->keyRange().lower, 0.0);
    QCOMPARE(data->keyRange().upper, double(p.dModel - 1));
    if (singleRow) {
        QCOMPARE(data->valueRange().lower, p.start - 0.25);
        QCOMPARE(data->valueRange().upper, p.start + 0.25);
    } else {
        QCOMPARE(data->valueRange().lower, p.start);
        QCOMPARE(data->valueRange().upper, p.start + p.seqLen - 1);
    }
    const double tolerance = expected::tolerance(p);
    for (int r = 0; r < data->valueSize(); ++r) {
        const double pos = p.start + (singleRow ? 0 : r);
        for (int c = 0; c < p.dModel; ++c) {
            const double want = expected::pe(p, pos, c);
            const double got = data->cell(c, r);
            if (std::abs(got - want) > tolerance)
                QFAIL(qPrintable(QStringLiteral("cell (column %1, row %2): got %3, expected PE(%4, %1) = %5")
                                     .arg(c).arg(r).arg(got, 0, 'g', 17).arg(pos).arg(want, 0, 'g', 17)));
            // The cell whose centre is at (column c, position pos) is this one.
            if (!singleRow) {
                int key = -1, value = -1;
                data->coordToCell(c, pos, &key, &value);
                if (key != c || value != r)
                    QFAIL(qPrintable(QStringLiteral("coordinate (%1, %2) maps to cell (%3, %4)")
                                         .arg(c).arg(pos).arg(key).arg(value)));
            }
        }
    }
}

// Every cell of a reduced colour map against the mean of PE over its box, summed here cell by
// cell with std::sin / std::cos; and each box's centre maps to its cell.
void compareMapWithBoxMeans(const HeatmapView &view, const EncodingParams &p)
{
    const BoxGrid &grid = view.mapGrid();
    QCPColorMapData *data = view.colorMap()->data();
    QCOMPARE(data->keySize(), std::max(grid.columns(), 2));
    QCOMPARE(data->valueSize(), std::max(grid.rows(), 2));
    const double tolerance = 4 * expected::tolerance(p);
    for (int a = 0; a < grid.rows(); ++a) {
        const int rowFrom = grid.firstRow + a * grid.rowsPerBox;
        const int rowTo = std::min(grid.firstRow + grid.rowCount, rowFrom + grid.rowsPerBox);
        for (int b = 0; b < grid.columns(); ++b) {
            const int columnFrom = grid.firstColumn + b * grid.columnsPerBox;
            const int columnTo = std::min(grid.firstColumn + grid.columnCount, columnFrom + grid.columnsPerBox);
            double sum = 0;
            for (int r = rowFrom; r < rowTo; ++r) {
                for (int c = columnFrom; c < columnTo; ++c)
                    sum += expected::pe(p, p.start + r, c);
            }
            const double want = sum / double((rowTo - rowFrom) * (columnTo - columnFrom));
            const double got = data->cell(b, a);
            if (!(std::abs(got - want) <= tolerance))
                QFAIL(qPrintable(QStringLiteral("box (%1, %2): got %3, the mean of its cells is %4")
                                     .arg(a).arg(b).arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
            const double keyCentre = grid.firstColumn + b * grid.columnsPerBox + 0.5 * (grid.columnsPerBox - 1);
            const double valueCentre = p.start + grid.firstRow + a * grid.rowsPerBox + 0.5 * (grid.rowsPerBox - 1);
            int key = -1, value = -1;
            data->coordToCell(keyCentre, valueCentre, &key, &value);
            if (key != b || value != a)
                QFAIL(qPrintable(QStringLiteral("the centre of box (%1, %2) maps to cell (%3, %4)")
                                     .arg(a).arg(b).arg(value).arg(key)));
        }
    }
}

// The axis rect's size in device pixels.
QSizeF axisPixels(const HeatmapView &view)
{
    return QSizeF(view.plot()->axisRect()->rect().size()) * view.plot()->devicePixelRatioF();
}

} // namespace

class TestHeatmapView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cellsMatchFormula_data();
    void cellsMatchFormula();
    void axesFrameTheMatrix_data();
    void axesFrameTheMatrix();
    void noInterpolation();
    void colourScaleSymmetric_data();
    void colourScaleSymmetric();
    void gradientWhiteAtZero();
    void cellToolTip_data();
    void cellToolTip();
    void markersAtPositionAndShifted();
    void hiddenViewRefreshesWhenShown();
    void reducedMapIsBoxMean_data();
    void reducedMapIsBoxMean();
    void zoomShowsExactCells();
    void panKeepsBoxesInPlace();
    void figureHoldsEveryCell();
    void markersMoveWithoutReplot();
    void markersLabelledOutsideTheCells();
    void cellsKeepTheirWidthAsPosMoves();
    void markerLabelsKeepApart();
    void highlightFollowsClick();
    void boxNoteSaysWhenPixelsAreMeans();
    void doubleClickResetsZoom();
    void dimensionFilter_data();
    void dimensionFilter();
    void dimensionFilterFromTheBar();
};

void TestHeatmapView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

namespace {
void addParamRows()
{
    QTest::addColumn<EncodingParams>("params");
    using expected::Params;
    QTest::newRow("defaults (d_model 128, 30 positions)") << Params().p;
    QTest::newRow("odd d_model 7 interleaved") << Params().dModel(7).p;
    QTest::newRow("odd d_model 7 split") << Params().dModel(7).split().p;
    QTest::newRow("split 64") << Params().dModel(64).split().p;
    QTest::newRow("tensor2tensor 32") << Params().dModel(32).tensor2tensor().p;
    QTest::newRow("tensor2tensor split 9") << Params().dModel(9).split().tensor2tensor().p;
    QTest::newRow("scale 0.5") << Params().scale(0.5).p;
    QTest::newRow("scale -2") << Params().scale(-2).dModel(16).p;
    QTest::newRow("start 100") << Params().start(100).p;
    QTest::newRow("start -12.5") << Params().start(-12.5).dModel(8).p;
    QTest::newRow("seq_len 1") << Params().seqLen(1).p;
    QTest::newRow("seq_len 1 at start 40") << Params().seqLen(1).start(40).dModel(10).p;
    QTest::newRow("seq_len 2") << Params().seqLen(2).dModel(4).p;
    QTest::newRow("d_model 2") << Params().dModel(2).seqLen(5).p;
    QTest::newRow("400 positions") << Params().seqLen(400).dModel(64).p;
}
} // namespace

void TestHeatmapView::cellsMatchFormula_data()
{
    addParamRows();
}

void TestHeatmapView::cellsMatchFormula()
{
    QFETCH(EncodingParams, params);
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 560); // more pixels than cells: every cell shown as it is
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setParams(params));
    state.flush();
    compareMapWithFormula(view, params);
}

void TestHeatmapView::axesFrameTheMatrix_data()
{
    addParamRows();
}

void TestHeatmapView::axesFrameTheMatrix()
{
    QFETCH(EncodingParams, params);
    EncodingState state;
    HeatmapView view(&state);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setParams(params));
    state.flush();

    // Half a cell of margin around the matrix; position `start` at the top.
    const QCPAxis *x = view.plot()->xAxis;
    const QCPAxis *y = view.plot()->yAxis;
    QCOMPARE(x->range().lower, -0.5);
    QCOMPARE(x->range().upper, params.dModel - 0.5);
    QCOMPARE(y->range().lower, params.start - 0.5);
    QCOMPARE(y->range().upper, params.start + params.seqLen - 0.5);
    QVERIFY(y->rangeReversed());
    QVERIFY(!x->rangeReversed());
}

void TestHeatmapView::noInterpolation()
{
    EncodingState state;
    HeatmapView view(&state);
    QVERIFY(!view.colorMap()->interpolate());
    QVERIFY(view.colorMap()->colorScale() == view.colorScale());
    QVERIFY(!view.colorScale()->gradient().periodic());
}

void TestHeatmapView::colourScaleSymmetric_data()
{
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("extent");
    QTest::newRow("scale 1") << 1.0 << 1.0;
    QTest::newRow("scale 0.5") << 0.5 << 0.5;
    QTest::newRow("scale 3.5") << 3.5 << 3.5;
    QTest::newRow("scale -2 (extent |scale|)") << -2.0 << 2.0;
    QTest::newRow("scale 1e6") << 1e6 << 1e6;
    // All zeros: any symmetric range keeps white at 0; a zero-width one would not do.
    QTest::newRow("scale 0") << 0.0 << 1.0;
}

void TestHeatmapView::colourScaleSymmetric()
{
    QFETCH(double, scale);
    QFETCH(double, extent);
    EncodingState state;
    HeatmapView view(&state);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setScale(scale == 1.0 ? 0.75 : 1.0)); // start from something else
    state.flush();
    QVERIFY(!state.setScale(scale));
    state.flush();
    QCOMPARE(view.colorScale()->dataRange().lower, -extent);
    QCOMPARE(view.colorScale()->dataRange().upper, extent);
    QCOMPARE(view.colorMap()->dataRange().lower, -extent);
    QCOMPARE(view.colorMap()->dataRange().upper, extent);
}

void TestHeatmapView::gradientWhiteAtZero()
{
    EncodingState state;
    HeatmapView view(&state);
    QCPColorGradient gradient = view.colorScale()->gradient();
    // The middle of the gradient (position 0.5 of [0, 1]) is (near) white.
    const QRgb middle = gradient.color(0.5, QCPRange(0, 1));
    QVERIFY2(qRed(middle) >= 0xf0 && qGreen(middle) >= 0xf0 && qBlue(middle) >= 0xf0,
             qPrintable(QColor(middle).name()));
    const QCPRange range(-1, 1);
    const QRgb zero = gradient.color(0.0, range);
    QVERIFY2(qRed(zero) >= 0xf0 && qGreen(zero) >= 0xf0 && qBlue(zero) >= 0xf0,
             qPrintable(QColor(zero).name()));
    // Diverging: negative blue, positive red, both far from white.
    const QRgb low = gradient.color(-1.0, range);
    const QRgb high = gradient.color(1.0, range);
    QVERIFY2(qBlue(low) > qRed(low) + 64, qPrintable(QColor(low).name()));
    QVERIFY2(qRed(high) > qBlue(high) + 64, qPrintable(QColor(high).name()));
    // Symmetric in lightness about 0: -0.5 and +0.5 are equally far from white.
    const auto lightness = [&](double v) { return QColor(gradient.color(v, range)).lightness(); };
    QVERIFY(lightness(-0.5) < lightness(0.0));
    QVERIFY(lightness(0.5) < lightness(0.0));
    QVERIFY(std::abs(lightness(-0.5) - lightness(0.5)) < 40);
}

void TestHeatmapView::cellToolTip_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("channel"); // "sin", "cos" or "" for the zero column
    QTest::addColumn<int>("pair");

    using expected::Params;
    QTest::newRow("defaults, row 3, column 3: cos of pair 1") << Params().p << 3 << 3 << QStringLiteral("cos") << 1;
    QTest::newRow("defaults, row 10, column 0: sin(10) < 0") << Params().p << 10 << 0 << QStringLiteral("sin") << 0;
    QTest::newRow("defaults, row 29, column 127") << Params().p << 29 << 127 << QStringLiteral("cos") << 63;
    QTest::newRow("split 16, row 5, column 9: cos of pair 1")
        << Params().dModel(16).split().p << 5 << 9 << QStringLiteral("cos") << 1;
    QTest::newRow("split 16, row 5, column 7: sin of pair 7")
        << Params().dModel(16).split().p << 5 << 7 << QStringLiteral("sin") << 7;
    QTest::newRow("start 100, row 2, column 64: position 102")
        << Params().start(100).p << 2 << 64 << QStringLiteral("sin") << 32;
    QTest::newRow("tensor2tensor, row 7, column 5")
        << Params().tensor2tensor().dModel(12).p << 7 << 5 << QStringLiteral("cos") << 2;
    QTest::newRow("scale -2, row 4, column 1")
        << Params().scale(-2).p << 4 << 1 << QStringLiteral("cos") << 0;
    QTest::newRow("odd interleaved: the lone sine")
        << Params().dModel(7).p << 6 << 6 << QStringLiteral("sin") << 3;
    QTest::newRow("odd split: the zero column")
        << Params().dModel(7).split().p << 6 << 6 << QString() << -1;
}

void TestHeatmapView::cellToolTip()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, channel);
    QFETCH(int, pair);

    EncodingState state;
    HeatmapView view(&state);
    QVERIFY(!state.setParams(params));
    state.flush();
    const QString tip = view.cellToolTip(row, column);
    const QString position = QString::number(params.start + row);
    const double value = expected::pe(params, params.start + row, column);

    QVERIFY2(tip.contains(QStringLiteral("pos = %1").arg(position)), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("dimension %1").arg(column)), qPrintable(tip));
    // The value is what the last line ends with, 6 significant digits, a true minus sign.
    const QString lastLine = tip.split(QLatin1Char('\n')).constLast();
    QVERIFY2(lastLine.endsWith(QStringLiteral("= ") + expected::shown(value)),
             qPrintable(lastLine + QStringLiteral(" should end with = ") + expected::shown(value)));
    if (channel.isEmpty()) {
        QVERIFY2(tip.contains(QStringLiteral("zero column")), qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("sin")) && !tip.contains(QStringLiteral("cos")),
                 qPrintable(tip));
        return;
    }
    const QString other = channel == QLatin1String("sin") ? QStringLiteral("cos") : QStringLiteral("sin");
    QVERIFY2(tip.contains(QStringLiteral("%1 of pair i = %2").arg(channel).arg(pair)), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("w_%1").arg(pair)), qPrintable(tip));
    QVERIFY2(!tip.contains(other + QLatin1Char('(')), qPrintable(tip));
    // The frequency, as a number.
    QVERIFY2(tip.contains(expected::shown(expected::frequency(params, pair))), qPrintable(tip));
}

void TestHeatmapView::markersAtPositionAndShifted()
{
    // Two horizontal lines: at pos and at pos + k.
    EncodingState state;
    HeatmapView view(&state);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto markerPositions = [&] {
        QList<double> ys;
        for (int i = 0; i < view.plot()->itemCount(); ++i) {
            if (auto *line = qobject_cast<QCPItemStraightLine *>(view.plot()->item(i))) {
                if (line->point1->coords().y() == line->point2->coords().y())
                    ys << line->point1->coords().y();
            }
        }
        std::sort(ys.begin(), ys.end());
        return ys;
    };
    // Each marker is a dark outline under a light core.
    QCOMPARE(markerPositions(), (QList<double>{10.0, 10.0, 15.0, 15.0}));
    QVERIFY(!state.setPosition(20));
    QVERIFY(!state.setOffset(-7));
    state.flush();
    QCOMPARE(markerPositions(), (QList<double>{13.0, 13.0, 20.0, 20.0}));
}

void TestHeatmapView::hiddenViewRefreshesWhenShown()
{
    EncodingState state;
    HeatmapView view(&state);
    QVERIFY(!view.isVisible());
    compareMapWithFormula(view, EncodingParams{});

    // While hidden the view does no work: the map still holds the old matrix.
    const EncodingParams changed = expected::Params().dModel(16).seqLen(8).split().p;
    QVERIFY(!state.setParams(changed));
    state.flush();
    QCOMPARE(view.colorMap()->data()->keySize(), 128);
    QCOMPARE(view.colorMap()->data()->valueSize(), 30);

    // Shown, it catches up.
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    compareMapWithFormula(view, changed);

    // Visible, it follows every change at once.
    const EncodingParams again = expected::Params().dModel(24).seqLen(6).start(50).p;
    QVERIFY(!state.setParams(again));
    state.flush();
    compareMapWithFormula(view, again);

    // Hidden again: stale until shown again.
    view.hide();
    const EncodingParams third = expected::Params().dModel(10).seqLen(3).scale(0.5).p;
    QVERIFY(!state.setParams(third));
    state.flush();
    QCOMPARE(view.colorMap()->data()->keySize(), 24);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    compareMapWithFormula(view, third);
    QCOMPARE(view.colorScale()->dataRange().upper, 0.5);
}

void TestHeatmapView::reducedMapIsBoxMean_data()
{
    QTest::addColumn<EncodingParams>("params");
    using expected::Params;
    QTest::newRow("1000 positions") << Params().seqLen(1000).dModel(64).p;
    QTest::newRow("3000 x 2048") << Params().seqLen(3000).dModel(2048).p;
    QTest::newRow("split tensor2tensor, odd, from -1500") << Params().seqLen(2999).dModel(1001).split().tensor2tensor().start(-1500).p;
    QTest::newRow("scale -2, fractional start") << Params().seqLen(5000).dModel(300).scale(-2).start(0.5).p;
}

// More cells than pixels: at most one box per device pixel (none dropped), each the mean of
// its cells, and the boxes cover the whole matrix.
void TestHeatmapView::reducedMapIsBoxMean()
{
    QFETCH(EncodingParams, params);
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setParams(params));
    state.flush();
    QTest::qWait(1); // the queued replot lays the plot out again
    const BoxGrid &grid = view.mapGrid();
    const QSizeF pixels = axisPixels(view);
    QVERIFY2(grid.rowsPerBox > 1 || grid.columnsPerBox > 1, "expected a reduced map");
    QVERIFY2(grid.rows() <= pixels.height() + 1,
             qPrintable(QStringLiteral("%1 boxes on %2 pixels").arg(grid.rows()).arg(pixels.height())));
    QVERIFY2(grid.columns() <= pixels.width() + 1,
             qPrintable(QStringLiteral("%1 boxes on %2 pixels").arg(grid.columns()).arg(pixels.width())));
    // Boxes no larger than needed: one cell fewer per box would be more boxes than pixels.
    if (grid.rowsPerBox > 1)
        QVERIFY(double(params.seqLen) / (grid.rowsPerBox - 1) > pixels.height());
    if (grid.columnsPerBox > 1)
        QVERIFY(double(params.dModel) / (grid.columnsPerBox - 1) > pixels.width());
    QCOMPARE(grid.firstRow, 0);
    QCOMPARE(grid.rowCount, params.seqLen);
    QCOMPARE(grid.firstColumn, 0);
    QCOMPARE(grid.columnCount, params.dModel);
    compareMapWithBoxMeans(view, params);

    // A click on the map: the inspector explains the mean the pixel shows (its box, summed here
    // cell by cell), then the cell under the pointer.
    InspectorPanel inspector(&state);
    QCustomPlot *plot = view.plot();
    const QPoint pixel(int(plot->xAxis->coordToPixel(params.dModel / 3)), int(plot->yAxis->coordToPixel(params.start + params.seqLen / 2)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
    const Inspection what = state.inspection();
    QCOMPARE(what.kind, Inspection::Kind::Cell);
    QCOMPARE(what.box, grid.rowsPerBox);
    QCOMPARE(what.boxColumns, grid.columnsPerBox);
    const int row = int(what.a - params.start);
    const int rowFrom = row / grid.rowsPerBox * grid.rowsPerBox;
    const int rowTo = std::min(params.seqLen, rowFrom + grid.rowsPerBox);
    const int columnFrom = int(what.b) / grid.columnsPerBox * grid.columnsPerBox;
    const int columnTo = std::min(params.dModel, columnFrom + grid.columnsPerBox);
    double sum = 0;
    for (int r = rowFrom; r < rowTo; ++r) {
        for (int c = columnFrom; c < columnTo; ++c)
            sum += expected::pe(params, params.start + r, c);
    }
    const QString box = QStringLiteral("the mean of PE over positions %1 … %2 and dimensions %3 … %4 (%5 cells) = %6.")
                            .arg(expected::shown(params.start + rowFrom), expected::shown(params.start + rowTo - 1))
                            .arg(columnFrom).arg(columnTo - 1).arg((rowTo - rowFrom) * (columnTo - columnFrom))
                            .arg(expected::shown(sum / ((rowTo - rowFrom) * (columnTo - columnFrom))));
    QVERIFY2(inspector.text().contains(box), qPrintable(inspector.text() + QStringLiteral("\nwanted: ") + box));
    // The cell itself last, as a single cell's explanation ends.
    QVERIFY2(inspector.text().endsWith(QStringLiteral("= ") + expected::shown(expected::pe(params, what.a, int(what.b)))),
             qPrintable(inspector.text()));
    QCOMPARE(view.cellToolTip(row, int(what.b)), inspector.text());
}

// Zoomed in until cells are larger than pixels: the map holds exactly the cells in view.
void TestHeatmapView::zoomShowsExactCells()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const EncodingParams params = expected::Params().seqLen(8192).dModel(1024).p;
    QVERIFY(!state.setParams(params));
    state.flush();
    view.plot()->xAxis->setRange(99.5, 159.5);
    view.plot()->yAxis->setRange(4999.5, 5099.5);
    view.plot()->replot();
    const BoxGrid &grid = view.mapGrid();
    QCOMPARE(grid.rowsPerBox, 1);
    QCOMPARE(grid.columnsPerBox, 1);
    QCOMPARE(grid.firstColumn, 100);
    QCOMPARE(grid.columnCount, 60);
    QCOMPARE(grid.firstRow, 5000);
    QCOMPARE(grid.rowCount, 100);
    QCPColorMapData *data = view.colorMap()->data();
    QCOMPARE(data->keyRange().lower, 100.0);
    QCOMPARE(data->keyRange().upper, 159.0);
    QCOMPARE(data->valueRange().lower, 5000.0);
    QCOMPARE(data->valueRange().upper, 5099.0);
    for (int r = 0; r < 100; ++r) {
        for (int c = 0; c < 60; ++c) {
            const double want = expected::pe(params, 5000 + r, 100 + c);
            QVERIFY(std::abs(data->cell(c, r) - want) <= expected::tolerance(params));
        }
    }
    // Zoomed out again: the whole matrix in boxes.
    view.plot()->xAxis->setRange(-0.5, 1023.5);
    view.plot()->yAxis->setRange(-0.5, 8191.5);
    view.plot()->replot();
    QCOMPARE(view.mapGrid().rowCount, 8192);
    QVERIFY(view.mapGrid().rowsPerBox > 1);
}

// Boxes start at whole multiples of their size, so that panning shows the same boxes shifted,
// not new boxes that shimmer.
void TestHeatmapView::panKeepsBoxesInPlace()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setParams(expected::Params().seqLen(16384).dModel(512).p));
    state.flush();
    view.plot()->yAxis->setRange(1000.3, 9000.3);
    view.plot()->replot();
    const BoxGrid first = view.mapGrid();
    QVERIFY(first.rowsPerBox > 1);
    QCOMPARE(first.firstRow % first.rowsPerBox, 0);
    view.plot()->yAxis->setRange(1777.7, 9777.7);
    view.plot()->replot();
    const BoxGrid moved = view.mapGrid();
    QCOMPARE(moved.rowsPerBox, first.rowsPerBox);
    QCOMPARE(moved.firstRow % moved.rowsPerBox, 0);
    QVERIFY(moved.firstRow > first.firstRow);
}

// A view rendered for a figure (never shown on a screen) keeps every cell of a 512 x 512
// matrix, however small the widget is laid out: the page has more dots than the widget pixels.
void TestHeatmapView::figureHoldsEveryCell()
{
    EncodingState state;
    const EncodingParams params = expected::Params().seqLen(512).dModel(512).p;
    QVERIFY(!state.setParams(params));
    state.flush();
    HeatmapView view(&state);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(300, 220);
    view.show();
    QTest::qWait(1);
    view.plot()->replot();
    QCOMPARE(view.mapGrid().rowsPerBox, 1);
    QCOMPARE(view.mapGrid().columnsPerBox, 1);
    compareMapWithFormula(view, params);
}

// pos and k change no cell: the markers move on their own layer, the map is neither recomputed
// nor redrawn.
void TestHeatmapView::markersMoveWithoutReplot()
{
    EncodingState state;
    HeatmapView view(&state);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(1);
    QSignalSpy replots(view.plot(), &QCustomPlot::afterReplot);
    QVERIFY(!state.setPosition(21));
    QVERIFY(!state.setOffset(3));
    state.flush();
    QTest::qWait(1);
    QCOMPARE(replots.count(), 0);
    int markers = 0;
    for (int i = 0; i < view.plot()->itemCount(); ++i) {
        QCPAbstractItem *item = view.plot()->item(i);
        QCOMPARE(item->layer()->name(), QStringLiteral("overlay"));
        if (auto *line = qobject_cast<QCPItemStraightLine *>(item)) {
            QVERIFY(line->point1->coords().y() == 21.0 || line->point1->coords().y() == 24.0);
            ++markers;
        }
    }
    QCOMPARE(markers, 4); // two lines, each an outline and a core
    QCOMPARE(view.positionMarker()->line()->point1->coords().y(), 21.0);
    QCOMPARE(view.shiftedMarker()->line()->point1->coords().y(), 24.0);
    QCOMPARE(view.shiftedMarker()->text(), QStringLiteral("pos + k = 24"));
    // A change of the matrix replots.
    QVERIFY(!state.setScale(0.5));
    state.flush();
    QTest::qWait(1);
    QVERIFY(replots.count() >= 1);
}

namespace {
// The label's rectangle in widget pixels, as drawn.
QRectF labelRect(const QCPItemText *label)
{
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
}

// The lightness of the pens of the straight lines at row y: the outline's and the core's.
QList<int> lightnessesAt(const QCustomPlot *plot, double y)
{
    QList<int> values;
    for (int i = 0; i < plot->itemCount(); ++i) {
        if (auto *line = qobject_cast<QCPItemStraightLine *>(plot->item(i)); line && line->point1->coords().y() == y)
            values << line->pen().color().lightness();
    }
    std::sort(values.begin(), values.end());
    return values;
}
} // namespace

// The markers say what they mark, beside the map (not over its cells), inside the widget;
// each line is a dark outline under a light core, so it shows on dark red and on white.
void TestHeatmapView::markersLabelledOutsideTheCells()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QCOMPARE(view.positionMarker()->text(), QStringLiteral("pos = 10"));
    QCOMPARE(view.shiftedMarker()->text(), QStringLiteral("pos + k = 15"));
    const QRect cells = view.plot()->axisRect()->rect();
    for (RowMarker *marker : {view.positionMarker(), view.shiftedMarker()}) {
        QVERIFY(marker->isVisible());
        QVERIFY(marker->label()->visible());
        const QRectF rect = labelRect(marker->label());
        QVERIFY2(rect.left() >= cells.right(), qPrintable(QStringLiteral("label at %1, cells end at %2").arg(rect.left()).arg(cells.right())));
        QVERIFY2(QRectF(view.plot()->rect()).contains(rect), "the label is clipped by the widget");
        // Level with its line.
        const double y = view.plot()->yAxis->coordToPixel(marker->row());
        QVERIFY(std::abs(rect.center().y() - y) <= 1.0);
        // Beside the colour bar, not under it.
        QVERIFY(rect.right() <= view.colorScale()->outerRect().left() + 1);
        const QList<int> pens = lightnessesAt(view.plot(), marker->row());
        QCOMPARE(pens.size(), 2);
        QVERIFY2(pens[0] < 60 && pens[1] > 200, qPrintable(QStringLiteral("%1 %2").arg(pens[0]).arg(pens[1])));
    }
    // k = 0: one line with both names.
    QVERIFY(!state.setOffset(0));
    state.flush();
    QVERIFY(!view.shiftedMarker()->isVisible());
    QCOMPARE(view.positionMarker()->text(), QStringLiteral("pos = pos + k = 10"));
    // A marker outside the rows shown has no label floating in the margin.
    QVERIFY(!state.setOffset(5));
    QVERIFY(!state.setPosition(40));
    state.flush();
    view.plot()->replot();
    QVERIFY(!view.positionMarker()->label()->visible());
    QVERIFY(!view.shiftedMarker()->label()->visible());
}

// The cells keep their width as pos + k leaves the rows and comes back: an animation of pos
// does not jump (the margin is kept for every label the view shows).
void TestHeatmapView::cellsKeepTheirWidthAsPosMoves()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QList<int> widths;
    for (int pos : {24, 25, 28, 24}) { // pos + k = 29 (the last row), then beyond it
        QVERIFY(!state.setPosition(pos));
        state.flush();
        view.plot()->replot();
        widths << view.plot()->axisRect()->rect().width();
    }
    QVERIFY2(widths.count(widths.first()) == widths.size(), qPrintable(QStringLiteral("%1 %2 %3 %4").arg(widths[0]).arg(widths[1]).arg(widths[2]).arg(widths[3])));
}

// At 1024 rows pos and pos + k = pos + 1 are a pixel apart: the labels do not overlap.
void TestHeatmapView::markerLabelsKeepApart()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setParams(expected::Params().seqLen(1024).p));
    QVERIFY(!state.setOffset(1));
    state.flush();
    view.plot()->replot();
    const QRectF a = labelRect(view.positionMarker()->label());
    const QRectF b = labelRect(view.shiftedMarker()->label());
    QVERIFY(view.positionMarker()->label()->visible() && view.shiftedMarker()->label()->visible());
    QVERIFY2(!a.intersects(b), qPrintable(QStringLiteral("%1..%2 and %3..%4").arg(a.top()).arg(a.bottom()).arg(b.top()).arg(b.bottom())));
    QVERIFY(QRectF(view.plot()->rect()).contains(a) && QRectF(view.plot()->rect()).contains(b));
}

// A click outlines the cell it explains; the next click moves the outline; an inspection
// from another view removes it.
void TestHeatmapView::highlightFollowsClick()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QVERIFY(!view.cellHighlight()->isVisible());
    const auto click = [&](int row, int column) {
        const QPoint at(int(view.plot()->xAxis->coordToPixel(column)), int(view.plot()->yAxis->coordToPixel(row)));
        QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, at);
    };
    click(3, 7);
    QCOMPARE(state.inspection().kind, Inspection::Kind::Cell);
    QCOMPARE(state.inspection().a, 3.0);
    QCOMPARE(state.inspection().b, 7.0);
    QVERIFY(view.cellHighlight()->isVisible());
    QCOMPARE(view.cellHighlight()->rect(), QRectF(QPointF(6.5, 2.5), QPointF(7.5, 3.5)));
    click(20, 100);
    QCOMPARE(view.cellHighlight()->rect(), QRectF(QPointF(99.5, 19.5), QPointF(100.5, 20.5)));
    state.setInspection({Inspection::Kind::Frequency, 2, 0});
    QVERIFY(!view.cellHighlight()->isVisible());
}

void TestHeatmapView::boxNoteSaysWhenPixelsAreMeans()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    QVERIFY2(view.boxNote().isEmpty(), qPrintable(view.boxNote()));
    QVERIFY(!state.setParams(expected::Params().seqLen(8192).dModel(1024).p));
    state.flush();
    view.plot()->replot();
    const BoxGrid &grid = view.mapGrid();
    QVERIFY(grid.rowsPerBox > 1);
    QVERIFY2(view.boxNote().contains(QStringLiteral("mean of %1 × %2 cells").arg(grid.rowsPerBox).arg(grid.columnsPerBox)),
             qPrintable(view.boxNote()));
    // Zoomed in to single cells, the note goes.
    view.plot()->xAxis->setRange(99.5, 159.5);
    view.plot()->yAxis->setRange(4999.5, 5099.5);
    view.plot()->replot();
    QVERIFY2(view.boxNote().isEmpty(), qPrintable(view.boxNote()));
}

// The hint says how to zoom and reset; a double-click, and Reset All (PlotZoom::resetAll),
// put the axes back.
void TestHeatmapView::doubleClickResetsZoom()
{
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.zoomHint()->isVisible());
    QCOMPARE(view.zoomHint()->text(), QStringLiteral("wheel: zoom, drag: pan, double-click: reset"));
    view.plot()->replot();
    const QPoint centre = view.plot()->axisRect()->rect().center();
    QWheelEvent wheel(centre, view.plot()->mapToGlobal(centre), QPoint(), QPoint(0, 480), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.plot(), &wheel);
    QVERIFY(view.plot()->xAxis->range().size() < 127);
    QTest::mouseDClick(view.plot(), Qt::LeftButton, Qt::NoModifier, centre);
    QCOMPARE(view.plot()->xAxis->range(), QCPRange(-0.5, 127.5));
    QCOMPARE(view.plot()->yAxis->range(), QCPRange(-0.5, 29.5));
    view.plot()->xAxis->setRange(10, 20);
    view.plot()->yAxis->setRange(3, 4);
    PlotZoom::resetAll(&view);
    QCOMPARE(view.plot()->xAxis->range(), QCPRange(-0.5, 127.5));
    QCOMPARE(view.plot()->yAxis->range(), QCPRange(-0.5, 29.5));
    // A figure has no hint.
    HeatmapView figure(&state);
    figure.setAttribute(Qt::WA_DontShowOnScreen);
    figure.show();
    QVERIFY(!figure.zoomHint()->isVisible());
}

void TestHeatmapView::dimensionFilter_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<QList<int>>("dims");
    QTest::newRow("the seed's figure: d_model 128, 0..29, dims 0-5") << EncodingParams{} << QList<int>{0, 1, 2, 3, 4, 5};
    QTest::newRow("scattered, in the order given") << EncodingParams{} << QList<int>{127, 3, 64};
    QTest::newRow("one column, split") << expected::Params().dModel(9).split().p << QList<int>{8};
    QTest::newRow("beyond d_model kept, not drawn") << expected::Params().dModel(16).p << QList<int>{2, 40, 5};
}

// Only the chosen dimensions: a map of that many columns, each the formula's column of its
// dimension, ticks named by dimension number, and a click explains the right dimension.
void TestHeatmapView::dimensionFilter()
{
    QFETCH(EncodingParams, params);
    QFETCH(QList<int>, dims);
    EncodingState state;
    HeatmapView view(&state);
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    Scene scene = state.scene();
    scene.params = params;
    scene.heatmapDimensions = dims;
    QVERIFY(!state.setScene(scene));
    state.flush();
    view.plot()->replot();
    QList<int> shown;
    for (int d : dims) {
        if (d < params.dModel)
            shown << d;
    }
    QCOMPARE(view.shownDimensions(), shown);
    QCPColorMapData *data = view.colorMap()->data();
    QCOMPARE(data->keySize(), std::max<int>(int(shown.size()), 2));
    QCOMPARE(data->valueSize(), params.seqLen);
    for (int r = 0; r < params.seqLen; ++r) {
        for (int c = 0; c < data->keySize(); ++c) {
            const int d = shown[std::min<int>(c, int(shown.size()) - 1)];
            const double want = expected::pe(params, params.start + r, d);
            if (std::abs(data->cell(c, r) - want) > expected::tolerance(params))
                QFAIL(qPrintable(QStringLiteral("map column %1 (dimension %2), row %3: got %4, expected %5")
                                     .arg(c).arg(d).arg(r).arg(data->cell(c, r)).arg(want)));
        }
    }
    QCOMPARE(view.plot()->xAxis->range(), QCPRange(-0.5, shown.size() - 0.5));
    auto ticker = view.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().size(), shown.size());
    for (int c = 0; c < shown.size(); ++c)
        QCOMPARE(ticker->ticks().value(c), QString::number(shown[c]));
    QVERIFY(view.onlyDimensionsBox()->isChecked());
    // A click on the last map column explains its dimension, and outlines that column's cell.
    const int last = int(shown.size()) - 1;
    const QPoint at(int(view.plot()->xAxis->coordToPixel(last)), int(view.plot()->yAxis->coordToPixel(params.start + 2)));
    QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(state.inspection().b, double(shown[last]));
    QCOMPARE(state.inspection().a, params.start + 2);
    QCOMPARE(view.cellHighlight()->rect(), QRectF(QPointF(last - 0.5, params.start + 1.5), QPointF(last + 0.5, params.start + 2.5)));
    QVERIFY2(view.cellToolTip(2, last).contains(QStringLiteral("dimension %1").arg(shown[last])), qPrintable(view.cellToolTip(2, last)));
    // Back to every column.
    scene.heatmapDimensions.clear();
    QVERIFY(!state.setScene(scene));
    state.flush();
    QCOMPARE(view.colorMap()->data()->keySize(), params.dModel);
    QVERIFY(!view.onlyDimensionsBox()->isChecked());
}

// The check box and the entry write the scene's list; a wrong list changes nothing.
void TestHeatmapView::dimensionFilterFromTheBar()
{
    EncodingState state;
    HeatmapView view(&state);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.dimensionsEdit()->setText(QStringLiteral("2, 4-6"));
    view.onlyDimensionsBox()->setChecked(true);
    QCOMPARE(state.scene().heatmapDimensions, (QList<int>{2, 4, 5, 6}));
    view.dimensionsEdit()->setText(QStringLiteral("0-200"));
    QMetaObject::invokeMethod(view.dimensionsEdit(), "editingFinished");
    QCOMPARE(state.scene().heatmapDimensions, (QList<int>{2, 4, 5, 6}));
    view.onlyDimensionsBox()->setChecked(false);
    QVERIFY(state.scene().heatmapDimensions.isEmpty());
    // Unticked, a wrong list still says why at once (red, and its tool tip), and changes nothing;
    // typing clears the red.
    QVERIFY(view.dimensionsEdit()->styleSheet().isEmpty());
    QMetaObject::invokeMethod(view.dimensionsEdit(), "editingFinished");
    QVERIFY(!view.dimensionsEdit()->styleSheet().isEmpty());
    QVERIFY2(view.dimensionsEdit()->toolTip().contains(QStringLiteral("[0, 127]")), qPrintable(view.dimensionsEdit()->toolTip()));
    QVERIFY(state.scene().heatmapDimensions.isEmpty());
    QTest::keyClick(view.dimensionsEdit(), Qt::Key_Backspace);
    QVERIFY(view.dimensionsEdit()->styleSheet().isEmpty());
    view.dimensionsEdit()->setText(QStringLiteral("1-3"));
    QMetaObject::invokeMethod(view.dimensionsEdit(), "editingFinished");
    QVERIFY(view.dimensionsEdit()->styleSheet().isEmpty());
    QVERIFY(view.dimensionsEdit()->toolTip().contains(QStringLiteral("0-5")));
    QVERIFY(state.scene().heatmapDimensions.isEmpty());
}

QTEST_MAIN(TestHeatmapView)
#include "tst_heatmapview.moc"

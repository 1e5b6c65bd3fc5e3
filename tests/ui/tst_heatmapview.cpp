// SPDX-License-Identifier: GPL-3.0-or-later
// HeatmapView: the colour map holds PE(start + r, c) cell by cell, the colour scale is
// symmetric about zero with white at 0, the tooltip explains a cell, and a hidden view catches
// up when it is shown.

#include "expected.h"

#include "ui/encodingstate.h"
#include "ui/heatmapview.h"

#include <qcustomplot.h>

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

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
    QTest::newRow("1000 positions") << Params().seqLen(1000).dModel(64).p;
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
    view.resize(640, 480);
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
    QCOMPARE(markerPositions(), (QList<double>{10.0, 15.0}));
    QVERIFY(!state.setPosition(20));
    QVERIFY(!state.setOffset(-7));
    state.flush();
    QCOMPARE(markerPositions(), (QList<double>{13.0, 20.0}));
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

QTEST_MAIN(TestHeatmapView)
#include "tst_heatmapview.moc"

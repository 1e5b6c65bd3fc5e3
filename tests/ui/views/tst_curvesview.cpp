// SPDX-License-Identifier: GPL-3.0-or-later
// CurvesView: the chosen columns of PE against position, as in the seed text's figure
// (d_model 128, positions 0..29, dimensions 0..5): smooth curves through the formula, dots at
// the integer positions, a dimensions entry, and markers at pos and pos + k.

#include "expected.h"

#include "ui/views/curves/curvesview.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <cmath>

using namespace posenc;

Q_DECLARE_METATYPE(QList<int>)

namespace {

// Every point of `graph` lies on column `column` of PE (a function of real positions);
// returns the number of points at integer positions, or -1 after a failure.
int compareGraphWithFormula(const QCPGraph *graph, const EncodingParams &p, int column)
{
    const double tolerance = expected::tolerance(p);
    int integerPoints = 0;
    const auto data = graph->data();
    for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
        const double want = expected::pe(p, it->key, column);
        if (std::abs(it->value - want) > tolerance) {
            qWarning("dim %d at pos %.17g: got %.17g, expected %.17g", column, it->key, it->value, want);
            return -1;
        }
        if (it->key == std::floor(it->key))
            ++integerPoints;
    }
    return integerPoints;
}

// A state and a view over it, shown. The view is hidden before it is destroyed: a window
// destroyed with the focus in its dimensions entry would otherwise report editingFinished to
// a CurvesView whose destructor has already run (the entry outlives its parent's destructor).
struct Fixture {
    EncodingState state;
    CurvesView view{&state};
    Fixture()
    {
        view.resize(800, 500);
        view.show();
    }
    ~Fixture() { view.hide(); }
};

// Each label of a marker inside the plot stays inside it, and the two labels do not overlap.
bool labelsInsideAndApart(CurvesView &view)
{
    view.plot()->replot();
    const QRectF rect = view.plot()->axisRect()->rect();
    auto box = [](const QCPItemText *label) {
        return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
    };
    const QRectF posBox = box(view.positionLabel());
    const QRectF shiftedBox = box(view.shiftedLabel());
    const double first = view.plot()->xAxis->range().lower;
    const double last = view.plot()->xAxis->range().upper;
    for (const auto &[at, labelBox] : {std::pair{view.positionMarker(), posBox}, std::pair{view.shiftedMarker(), shiftedBox}}) {
        if (at < first || at > last)
            continue;
        if (labelBox.left() < rect.left() - 0.5 || labelBox.right() > rect.right() + 0.5) {
            qWarning("the label of the marker at %g spans x %g to %g, the plot %g to %g", at, labelBox.left(),
                     labelBox.right(), rect.left(), rect.right());
            return false;
        }
    }
    // Above the frame, where no curve and no gridline runs, and inside the plot (the label
    // of a line out of view is not drawn).
    for (const auto &[at, labelBox] : {std::pair{view.positionMarker(), posBox}, std::pair{view.shiftedMarker(), shiftedBox}}) {
        if (at < first || at > last)
            continue;
        if (labelBox.bottom() > rect.top() + 0.5 || labelBox.top() < -0.5) {
            qWarning("a label spans y %g to %g, the frame starts at %g", labelBox.top(), labelBox.bottom(), rect.top());
            return false;
        }
    }
    const auto inView = [&](double at) { return at >= first && at <= last; };
    if (inView(view.positionMarker()) && inView(view.shiftedMarker()) && posBox.intersects(shiftedBox)) {
        qWarning("the labels overlap at pos %g, k %g", view.positionMarker(), view.shiftedMarker() - view.positionMarker());
        return false;
    }
    return true;
}

} // namespace

class TestCurvesView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void seedFigure();
    void defaultCurvesGoFromFastToSlow();
    void curvesMatchFormula_data();
    void curvesMatchFormula();
    void dimensionsEntry_data();
    void dimensionsEntry();
    void badDimensionsEntry_data();
    void badDimensionsEntry();
    void dimensionsBeyondDModelKept();
    void markers_data();
    void markers();
    void clickInspectsPoint_data();
    void clickInspectsPoint();
    void penFollowsPeriod_data();
    void penFollowsPeriod();
    void labelsAtLongSequences_data();
    void labelsAtLongSequences();
    void denseCurves_data();
    void denseCurves();
};

void TestCurvesView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

// With no dimensions chosen, four sines whose periods 2π base^(f), f = 0, 1/8, 1/4, 1/2, are
// about 6, 20, 63 and 628 positions: several waves, one and a half, half of one, nearly flat.
void TestCurvesView::defaultCurvesGoFromFastToSlow()
{
    Fixture f;
    CurvesView &view = f.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const EncodingParams p;
    const QList<int> columns{0, 16, 32, 64};
    QCOMPARE(view.curveCount(), int(columns.size()));
    for (int n = 0; n < columns.size(); ++n) {
        QVERIFY2(view.curve(n)->name().contains(QStringLiteral("dim %1: sin, i = %2").arg(columns[n]).arg(columns[n] / 2)),
                 qPrintable(view.curve(n)->name()));
        QCOMPARE(compareGraphWithFormula(view.samples(n), p, columns[n]), 30);
    }
}

// The source texts' figure: d_model 128, 30 positions, dimensions 0-5.
void TestCurvesView::seedFigure()
{
    Fixture f;
    CurvesView &view = f.view;
    f.state.changeScene([](Scene &scene) { scene.dimensions = expected::range(0, 5); });
    f.state.flush();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const EncodingParams p;
    QCOMPARE(view.curveCount(), 6);
    for (int n = 0; n < 6; ++n) {
        const QCPGraph *curve = view.curve(n);
        const QCPGraph *dots = view.samples(n);
        QVERIFY(curve && dots);
        // Smooth: several samples per position, over positions 0..29, the formula at each.
        QVERIFY2(curve->data()->size() > 2 * 30, qPrintable(QString::number(curve->data()->size())));
        QCOMPARE(curve->data()->constBegin()->key, 0.0);
        QCOMPARE((curve->data()->constEnd() - 1)->key, 29.0);
        QCOMPARE(compareGraphWithFormula(curve, p, n), 30);
        // Dots at exactly the 30 integer positions, no line between them.
        QCOMPARE(dots->data()->size(), 30);
        QCOMPARE(compareGraphWithFormula(dots, p, n), 30);
        int expectedKey = 0;
        for (auto it = dots->data()->constBegin(); it != dots->data()->constEnd(); ++it)
            QCOMPARE(it->key, double(expectedKey++));
        QCOMPARE(dots->lineStyle(), QCPGraph::lsNone);
        QVERIFY(dots->scatterStyle().shape() != QCPScatterStyle::ssNone);
        // Legend: one entry per dimension, naming it and its function.
        const QString kind = n % 2 == 0 ? QStringLiteral("sin") : QStringLiteral("cos");
        QVERIFY2(curve->name().contains(QStringLiteral("dim %1").arg(n)), qPrintable(curve->name()));
        QVERIFY2(curve->name().contains(kind), qPrintable(curve->name()));
        QVERIFY2(curve->name().contains(QStringLiteral("i = %1").arg(n / 2)), qPrintable(curve->name()));
        QVERIFY(view.plot()->legend->hasItemWithPlottable(curve));
        QVERIFY(!view.plot()->legend->hasItemWithPlottable(dots));
    }
    QCOMPARE(view.dimensionsEntry()->text(), QStringLiteral("0-5"));
    QVERIFY(view.dimensionsError().isEmpty());
    // Distinct colours for distinct dimensions.
    QVERIFY(view.curve(0)->pen().color() != view.curve(1)->pen().color());
    // The x axis shows exactly the positions, the y axis the full swing of +-scale.
    QVERIFY(view.plot()->xAxis->range().lower <= 0.0 && view.plot()->xAxis->range().lower > -1.5);
    QVERIFY(view.plot()->xAxis->range().upper >= 29.0 && view.plot()->xAxis->range().upper < 30.5);
    QVERIFY(view.plot()->yAxis->range().lower < -1.0 && view.plot()->yAxis->range().upper > 1.0);
}

void TestCurvesView::curvesMatchFormula_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<QList<int>>("dimensions");
    QTest::addColumn<QList<int>>("drawn");

    using expected::Params;
    const QList<int> first6 = expected::range(0, 5);
    QTest::newRow("seed figure") << Params().p << first6 << first6;
    QTest::newRow("split 16 tensor2tensor") << Params().dModel(16).split().tensor2tensor().p
                                            << QList<int>{0, 7, 8, 15} << QList<int>{0, 7, 8, 15};
    QTest::newRow("odd split: zero column") << Params().dModel(7).split().p << QList<int>{2, 6}
                                            << QList<int>{2, 6};
    QTest::newRow("start 100, scale -2") << Params().start(100).scale(-2).p << QList<int>{0, 1, 64, 127}
                                         << QList<int>{0, 1, 64, 127};
    QTest::newRow("base 10") << Params().base(10).dModel(16).p << QList<int>{3, 14}
                             << QList<int>{3, 14};
    QTest::newRow("seq_len 1") << Params().seqLen(1).start(4).p << QList<int>{0, 1} << QList<int>{0, 1};
    QTest::newRow("seq_len 500") << Params().seqLen(500).p << QList<int>{0, 5} << QList<int>{0, 5};
    QTest::newRow("d_model 4 drops 4 and 5") << Params().dModel(4).p << first6 << expected::range(0, 3);
}

void TestCurvesView::curvesMatchFormula()
{
    QFETCH(EncodingParams, params);
    QFETCH(QList<int>, dimensions);
    QFETCH(QList<int>, drawn);

    Fixture f;
    EncodingState &state = f.state;
    CurvesView &view = f.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setParams(params));
    state.changeScene([&](Scene &scene) { scene.dimensions = dimensions; });
    state.flush();

    QCOMPARE(view.curveCount(), int(drawn.size()));
    QCOMPARE(view.plot()->graphCount(), 2 * int(drawn.size()));
    const double last = params.start + params.seqLen - 1;
    for (int n = 0; n < drawn.size(); ++n) {
        const QCPGraph *curve = view.curve(n);
        QVERIFY(curve);
        QVERIFY(!curve->data()->isEmpty());
        QCOMPARE(curve->data()->constBegin()->key, params.seqLen == 1 ? last : params.start);
        QCOMPARE((curve->data()->constEnd() - 1)->key, last);
        QCOMPARE(compareGraphWithFormula(curve, params, drawn[n]), params.seqLen);
        QVERIFY2(curve->name().contains(QStringLiteral("dim %1").arg(drawn[n])), qPrintable(curve->name()));
        const expected::Column kind = expected::column(params, drawn[n]);
        const QString word = kind.kind == expected::Column::Sin   ? QStringLiteral("sin")
                             : kind.kind == expected::Column::Cos ? QStringLiteral("cos")
                                                                  : QStringLiteral("zero");
        QVERIFY2(curve->name().contains(word), qPrintable(curve->name()));

        // Dots, when drawn, sit at the integer positions on the same curve.
        const QCPGraph *dots = view.samples(n);
        if (params.seqLen <= 100)
            QCOMPARE(dots->data()->size(), params.seqLen);
        if (!dots->data()->isEmpty()) {
            QCOMPARE(dots->data()->size(), params.seqLen);
            QCOMPARE(dots->data()->constBegin()->key, params.start);
            QCOMPARE((dots->data()->constEnd() - 1)->key, last);
            QCOMPARE(compareGraphWithFormula(dots, params, drawn[n]), params.seqLen);
        }
    }
}

void TestCurvesView::dimensionsEntry_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QList<int>>("chosen");

    QTest::newRow("0, 7, 64-66") << 128 << QStringLiteral("0, 7, 64-66") << QList<int>{0, 7, 64, 65, 66};
    QTest::newRow("one dimension") << 128 << QStringLiteral("127") << QList<int>{127};
    QTest::newRow("16 at once") << 128 << QStringLiteral("10-25") << expected::range(10, 25);
    QTest::newRow("order kept") << 128 << QStringLiteral("9, 3") << QList<int>{9, 3};
    QTest::newRow("200 with d_model 256") << 256 << QStringLiteral("200") << QList<int>{200};
}

void TestCurvesView::dimensionsEntry()
{
    QFETCH(int, dModel);
    QFETCH(QString, typed);
    QFETCH(QList<int>, chosen);

    Fixture f;
    EncodingState &state = f.state;
    CurvesView &view = f.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setDModel(dModel));
    state.flush();

    QSignalSpy changed(&state, &EncodingState::changed);
    QLineEdit *entry = view.dimensionsEntry();
    entry->setFocus();
    entry->selectAll();
    QTest::keyClick(entry, Qt::Key_Backspace);
    QTest::keyClicks(entry, typed);
    QTest::keyClick(entry, Qt::Key_Return);

    QCOMPARE(state.curveDimensions(), chosen);
    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 1);
    QVERIFY2(view.dimensionsError().isEmpty(), qPrintable(view.dimensionsError()));
    QCOMPARE(view.curveCount(), int(chosen.size()));
    const EncodingParams &p = state.params();
    for (int n = 0; n < chosen.size(); ++n) {
        QVERIFY2(view.curve(n)->name().contains(QStringLiteral("dim %1").arg(chosen[n])),
                 qPrintable(view.curve(n)->name()));
        QCOMPARE(compareGraphWithFormula(view.curve(n), p, chosen[n]), p.seqLen);
    }
}

void TestCurvesView::badDimensionsEntry_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("reasonContains");

    QTest::newRow("backwards 5-2") << QStringLiteral("5-2") << QStringLiteral("5-2");
    QTest::newRow("garbage x") << QStringLiteral("x") << QStringLiteral("x");
    QTest::newRow("200 with d_model 128") << QStringLiteral("200") << QStringLiteral("127");
    QTest::newRow("one past the end") << QStringLiteral("0, 128") << QStringLiteral("127");
    QTest::newRow("17 dimensions") << QStringLiteral("0-16") << QStringLiteral("16");
    QTest::newRow("empty") << QString() << QStringLiteral("dimensions");
    QTest::newRow("negative") << QStringLiteral("-1") << QStringLiteral("[0, 127]");
}

void TestCurvesView::badDimensionsEntry()
{
    QFETCH(QString, typed);
    QFETCH(QString, reasonContains);

    Fixture f;
    EncodingState &state = f.state;
    CurvesView &view = f.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QList<int> before = state.curveDimensions();
    QSignalSpy changed(&state, &EncodingState::changed);

    QLineEdit *entry = view.dimensionsEntry();
    entry->setFocus();
    entry->selectAll();
    QTest::keyClick(entry, Qt::Key_Backspace);
    QTest::keyClicks(entry, typed);
    QTest::keyClick(entry, Qt::Key_Return);
    QTest::qWait(20);

    QVERIFY(!view.dimensionsError().isEmpty());
    QVERIFY2(view.dimensionsError().contains(reasonContains), qPrintable(view.dimensionsError()));
    QCOMPARE(state.curveDimensions(), before);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(view.curveCount(), int(before.size()));

    // A good entry afterwards clears the reason.
    entry->selectAll();
    QTest::keyClick(entry, Qt::Key_Backspace);
    QTest::keyClicks(entry, QStringLiteral("1, 2"));
    QTest::keyClick(entry, Qt::Key_Return);
    QCOMPARE(state.curveDimensions(), (QList<int>{1, 2}));
    QVERIFY2(view.dimensionsError().isEmpty(), qPrintable(view.dimensionsError()));
    state.flush();
    QCOMPARE(view.curveCount(), 2);
}

void TestCurvesView::dimensionsBeyondDModelKept()
{
    Fixture f;
    EncodingState &state = f.state;
    CurvesView &view = f.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    state.changeScene([](Scene &scene) { scene.dimensions = {0, 100}; });
    state.flush();
    QCOMPARE(view.curveCount(), 2);
    QVERIFY(!state.setDModel(64));
    state.flush();
    QCOMPARE(view.curveCount(), 1); // 100 is not drawn...
    QCOMPARE(state.curveDimensions(), (QList<int>{0, 100})); // ...but still chosen
    QVERIFY(!state.setDModel(128));
    state.flush();
    QCOMPARE(view.curveCount(), 2);
    QVERIFY(view.curve(1)->name().contains(QStringLiteral("dim 100")));
    QCOMPARE(compareGraphWithFormula(view.curve(1), state.params(), 100), 30);
}

void TestCurvesView::markers_data()
{
    QTest::addColumn<double>("position");
    QTest::addColumn<double>("offset");
    QTest::newRow("pos 10, k 5 (defaults)") << 10.0 << 5.0;
    QTest::newRow("pos 0, k 3") << 0.0 << 3.0;
    QTest::newRow("pos 20, k -4 (looking back)") << 20.0 << -4.0;
    QTest::newRow("pos 3, k -10 (before the first row)") << 3.0 << -10.0;
    QTest::newRow("pos 12.5, k 0.25") << 12.5 << 0.25;
    QTest::newRow("pos 500, k 64 (beyond the rows)") << 500.0 << 64.0;
    QTest::newRow("pos 29, k -1 (at the end, looking back)") << 29.0 << -1.0;
    QTest::newRow("pos 28, k 1 (near the end)") << 28.0 << 1.0;
}

void TestCurvesView::markers()
{
    QFETCH(double, position);
    QFETCH(double, offset);

    Fixture f;
    EncodingState &state = f.state;
    CurvesView &view = f.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!state.setPosition(position));
    QVERIFY(!state.setOffset(offset));
    state.flush();
    QCOMPARE(view.positionMarker(), position);
    QCOMPARE(view.shiftedMarker(), position + offset);
    QVERIFY(labelsInsideAndApart(view));

    // They follow the next change.
    QVERIFY(!state.setPosition(position + 1));
    state.flush();
    QCOMPARE(view.positionMarker(), position + 1);
    QCOMPARE(view.shiftedMarker(), position + 1 + offset);
    QVERIFY(!state.setOffset(-offset - 1));
    state.flush();
    QCOMPARE(view.positionMarker(), position + 1);
    QCOMPARE(view.shiftedMarker(), position + 1 - offset - 1);

    QVERIFY(labelsInsideAndApart(view));
}

void TestCurvesView::clickInspectsPoint_data()
{
    QTest::addColumn<double>("position");
    QTest::addColumn<int>("column");
    QTest::newRow("dim 0 at pos 3") << 3.0 << 0;
    QTest::newRow("dim 1 at pos 0 (cos 0 = 1)") << 0.0 << 1;
    QTest::newRow("dim 5 at pos 17") << 17.0 << 5;
    QTest::newRow("dim 2 at the last position") << 29.0 << 2;
}

// A click on the drawn point of one curve asks the inspector about exactly that cell.
void TestCurvesView::clickInspectsPoint()
{
    QFETCH(double, position);
    QFETCH(int, column);

    Fixture f;
    EncodingState &state = f.state;
    CurvesView &view = f.view;
    state.changeScene([](Scene &scene) { scene.dimensions = expected::range(0, 5); });
    state.flush();
    view.resize(900, 600);
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.plot()->replot();
    const EncodingParams p;
    // Where the point is drawn, from the formula, and a click there.
    const double value = expected::pe(p, position, column);
    const QPoint pixel(int(std::lround(view.plot()->xAxis->coordToPixel(position))),
                       int(std::lround(view.plot()->yAxis->coordToPixel(value))));
    const auto picked = view.pointAt(pixel);
    QVERIFY(picked);
    QCOMPARE(picked->first, position);
    // Several curves may cross at this pixel; the one picked must pass through it.
    const double pickedValue = expected::pe(p, position, picked->second);
    QVERIFY2(std::abs(view.plot()->yAxis->coordToPixel(pickedValue) - pixel.y()) <= 1.0,
             qPrintable(QStringLiteral("picked dim %1 at value %2").arg(picked->second).arg(pickedValue)));

    QSignalSpy inspected(&state, &EncodingState::inspectionChanged);
    QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, pixel);
    QCOMPARE(inspected.count(), 1);
    QCOMPARE(state.inspection().kind, Inspection::Kind::Cell);
    QCOMPARE(state.inspection().a, position);
    QCOMPARE(int(state.inspection().b), picked->second);

    // Outside the axis rect: nothing.
    QVERIFY(!view.pointAt(QPoint(1, 1)));
}

void TestCurvesView::penFollowsPeriod_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("seqLen");
    QTest::addColumn<int>("dimension");
    QTest::addColumn<double>("width");
    // Plot about 800 pixels wide. Period of dimension 0 (w = 1): 2π positions.
    QTest::newRow("defaults: period 170 pixels") << 128 << 30 << 0 << 2.0;
    QTest::newRow("512 positions: period about 10 pixels") << 512 << 512 << 0 << 1.0;
    QTest::newRow("512 positions, a slow dimension") << 512 << 512 << 400 << 2.0;
    QTest::newRow("100 positions: period about 50 pixels") << 128 << 100 << 0 << 2.0;
}

// A curve whose period spans only a few pixels is drawn with a 1-pixel pen (its strokes are
// closer together than 2-pixel lines can keep apart); slower ones with 2-pixel lines.
void TestCurvesView::penFollowsPeriod()
{
    QFETCH(int, dModel);
    QFETCH(int, seqLen);
    QFETCH(int, dimension);
    QFETCH(double, width);

    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.view));
    QVERIFY(!f.state.setDModel(dModel));
    QVERIFY(!f.state.setSeqLen(seqLen));
    f.state.changeScene([&](Scene &scene) { scene.dimensions = {dimension}; });
    f.state.flush();
    QCOMPARE(f.view.curveCount(), 1);
    QCOMPARE(f.view.curve(0)->pen().widthF(), width);
}

void TestCurvesView::labelsAtLongSequences_data()
{
    QTest::addColumn<int>("seqLen");
    QTest::addColumn<double>("position");
    QTest::addColumn<double>("offset");
    QTest::newRow("1024 positions, pos 10, k 5: the lines 4 pixels apart") << 1024 << 10.0 << 5.0;
    QTest::newRow("1024 positions, pos 12, k -2") << 1024 << 12.0 << -2.0;
    QTest::newRow("1024 positions, pos 1020, k 3 (at the end)") << 1024 << 1020.0 << 3.0;
    QTest::newRow("8192 positions, pos 10, k 0 (one line)") << 8192 << 10.0 << 0.0;
    QTest::newRow("30 positions, pos 10, k 1") << 30 << 10.0 << 1.0;
}

// However close the lines, the two labels stand apart, above the frame, inside the plot.
void TestCurvesView::labelsAtLongSequences()
{
    QFETCH(int, seqLen);
    QFETCH(double, position);
    QFETCH(double, offset);
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.view));
    QVERIFY(!f.state.setParams(expected::Params().dModel(512).seqLen(seqLen).p));
    QVERIFY(!f.state.setPosition(position));
    QVERIFY(!f.state.setOffset(offset));
    f.state.flush();
    f.view.plot()->replot(); // the band's height settles in a second layout
    QVERIFY(labelsInsideAndApart(f.view));
    // Each label touches its own line.
    for (const auto &[label, at] : {std::pair{f.view.positionLabel(), position}, std::pair{f.view.shiftedLabel(), position + offset}}) {
        const double x = f.view.plot()->xAxis->coordToPixel(at);
        const double left = label->topLeft->pixelPosition().x(), right = label->bottomRight->pixelPosition().x();
        QVERIFY2(std::min(std::abs(left - x), std::abs(right - x)) <= 3 || (left <= x && x <= right),
                 qPrintable(QStringLiteral("%1: %2..%3, its line at %4").arg(label->text()).arg(left).arg(right).arg(x)));
    }
}

void TestCurvesView::denseCurves_data()
{
    QTest::addColumn<int>("seqLen");
    QTest::addColumn<QList<int>>("dims");
    QTest::addColumn<bool>("dense");
    QTest::newRow("1024 positions, dims 0-5: the review's block of colour") << 1024 << expected::range(0, 5) << true;
    QTest::newRow("16384 positions, dims 0-5: bands") << 16384 << expected::range(0, 5) << true;
    QTest::newRow("512 positions, dim 0: 10 pixels a period") << 512 << QList<int>{0} << false;
    QTest::newRow("the seed's 30 positions") << 30 << expected::range(0, 5) << false;
}

// Where the curves in view are denser than the pixels the view says so and how to zoom,
// and draws the dense ones thin and light; zoomed in, they are smooth 2-pixel lines through
// the formula (8 samples a position), and the note goes; reset, it comes back.
void TestCurvesView::denseCurves()
{
    QFETCH(int, seqLen);
    QFETCH(QList<int>, dims);
    QFETCH(bool, dense);
    Fixture f;
    QVERIFY(QTest::qWaitForWindowExposed(&f.view));
    const EncodingParams p = expected::Params().dModel(512).seqLen(seqLen).p;
    QVERIFY(!f.state.setParams(p));
    f.state.changeScene([&](Scene &scene) { scene.dimensions = dims; });
    f.state.flush();
    QCustomPlot *plot = f.view.plot();
    plot->replot();
    // Dimension 0 (w = 1) repeats every 2π positions: that many pixels of the plot's width.
    const double period = 2 * M_PI * plot->width() / double(seqLen - 1);
    QCOMPARE(period < 6, dense);
    QCOMPARE(f.view.densityNote().isEmpty(), !dense);
    if (dense) {
        QVERIFY2(f.view.densityNote().startsWith(QStringLiteral("The curves are denser than the pixels: dim 0 repeats every ")),
                 qPrintable(f.view.densityNote()));
        QVERIFY(f.view.densityNote().contains(QStringLiteral("Zoom in with the mouse wheel")));
        const QPen pen = f.view.curve(0)->pen();
        QVERIFY(pen.widthF() <= 1);
        if (dims.size() > 1)
            QVERIFY2(pen.color().alpha() < 255, "a dense curve is drawn light, the others show through");
    }
    // Zoomed in to 40 positions: lines through the formula, 8 samples a position, no note.
    plot->xAxis->setRange(100, 140);
    plot->replot();
    QVERIFY2(f.view.densityNote().isEmpty(), qPrintable(f.view.densityNote()));
    QCOMPARE(f.view.curve(0)->pen().widthF(), 2.0);
    QCOMPARE(f.view.curve(0)->pen().color().alpha(), 255);
    if (seqLen <= 2048 && seqLen > 140) {
        int inRange = 0;
        for (auto it = f.view.curve(0)->data()->constBegin(); it != f.view.curve(0)->data()->constEnd(); ++it) {
            if (it->key >= 110 && it->key <= 120)
                ++inRange;
        }
        QCOMPARE(inRange, 81);
        QVERIFY(compareGraphWithFormula(f.view.curve(0), p, dims.first()) > 0);
    }
    // Reset All: back to the whole sequence, and to the note.
    PlotZoom::resetAll(&f.view);
    QCOMPARE(plot->xAxis->range().lower, -0.5);
    QCOMPARE(plot->xAxis->range().upper, seqLen - 0.5);
    QCOMPARE(f.view.densityNote().isEmpty(), !dense);
}

QTEST_MAIN(TestCurvesView)
#include "tst_curvesview.moc"

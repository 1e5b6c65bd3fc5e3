// SPDX-License-Identifier: GPL-3.0-or-later
// RotationView: the 2x2 block shows cos/sin(k·w_i), the equations evaluate M·v and v·Mᵀ, the
// arrows on the unit circle end at scale·(sin, cos) of pos·w and (pos + k)·w, the clocks' hands
// stand at pos·w_i, the M_k colour map holds the rotation (with the pairs (i, i + d/2) of the
// split layout) and zeros elsewhere and does not move with pos, the residual is tiny, the lone
// dimension of odd d_model is named, and the pair spin box and clicks drive the state.

#include "expected.h"

#include "ui/widgets/layoutwatchers.h"
#include "ui/views/rotation/clockfacegrid.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/richtextlabel.h"
#include "ui/views/rotation/rotationcirclepanel.h"
#include "ui/views/rotation/rotationequationpanel.h"
#include "ui/views/rotation/rotationmatrixlabel.h"
#include "ui/views/rotation/rotationview.h"
#include "ui/views/rotation/sparsecolormap.h"

#include <qcustomplot.h>

#include <QFontInfo>
#include <QLabel>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QTest>

#include <cmath>

Q_DECLARE_METATYPE(posenc::RotationEquationPanel::Equations)

using namespace posenc;

namespace {

// M_k written out: the 2x2 block [[cos kw, sin kw], [-sin kw, cos kw]] of every complete pair
// at (sin, cos) columns, 1 on the diagonal for the zero column of split/odd, 0 elsewhere
// (including the row of the lone sine of interleaved/odd).
double expectedEntry(const EncodingParams &p, int row, int column)
{
    const expected::Column r = expected::column(p, row);
    const expected::Column c = expected::column(p, column);
    if (r.kind == expected::Column::Zero || c.kind == expected::Column::Zero)
        return row == column && r.kind == expected::Column::Zero ? 1.0 : 0.0;
    if (r.pair != c.pair || r.pair >= p.dModel / 2)
        return 0.0;
    const double angle = p.offset * expected::frequency(p, r.pair);
    if (r.kind == c.kind)
        return std::cos(angle);
    return r.kind == expected::Column::Sin ? std::sin(angle) : -std::sin(angle);
}

// The numbers in a text, with true minus signs read as '-'.
QList<double> numbersIn(QString text)
{
    text.replace(QChar(0x2212), QLatin1Char('-'));
    static const QRegularExpression number(QStringLiteral("-?\\d+(\\.\\d+)?(e-?\\d+)?"));
    QList<double> numbers;
    for (auto it = number.globalMatch(text); it.hasNext();)
        numbers << it.next().captured(0).toDouble();
    return numbers;
}

// The number in front of " (float64)" / " (float32)" in the residual text.
double residualOf(const QString &text, const QString &dtype)
{
    QString plain = text;
    plain.replace(QChar(0x2212), QLatin1Char('-'));
    const QRegularExpression pattern(QStringLiteral("(\\S+) \\(") + dtype + QStringLiteral("\\)"));
    const QRegularExpressionMatch match = pattern.match(plain);
    if (!match.hasMatch())
        return std::nan("");
    bool ok = false;
    const double value = match.captured(1).remove(QLatin1Char(',')).toDouble(&ok);
    return ok ? value : std::nan("");
}

// Delivers every posted event, and so every paint they cause, without painting anything that
// was not asked to be painted (no repaint(), no grab(): those would paint the widget whole and
// hide a part that a cache failed to repaint).
void settle()
{
    for (int round = 0; round < 5; ++round) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

// What is on screen (the offscreen platform's backing store) in the rectangle of `widget`.
QImage onScreen(QWidget *widget)
{
    QWidget *window = widget->window();
    const QPoint at = widget->mapTo(window, QPoint(0, 0));
    return window->screen()
        ->grabWindow(window->winId(), at.x(), at.y(), widget->width(), widget->height())
        .toImage()
        .convertToFormat(QImage::Format_RGB32);
}

// `label` drawn on a transparent image, as it paints itself.
QImage painted(QWidget *label)
{
    QImage image(label->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    label->render(&image, QPoint(), QRegion(), QWidget::RenderFlags());
    return image;
}

// A plain QLabel set up as `label` is (text, format, wrapping, alignment, margins, font,
// palette, style sheet) and of its size: what `label` must paint, whatever it caches.
QImage paintedByQLabel(const QLabel *label)
{
    QLabel plain;
    plain.setTextFormat(label->textFormat());
    plain.setWordWrap(label->wordWrap());
    plain.setAlignment(label->alignment());
    plain.setContentsMargins(label->contentsMargins());
    plain.setMargin(label->margin());
    plain.setIndent(label->indent());
    plain.setFont(label->font());
    plain.setPalette(label->palette());
    plain.setStyleSheet(label->styleSheet());
    plain.setText(label->text());
    plain.setBuddy(label->buddy()); // "&Pair i:" underlines its shortcut
    plain.resize(label->size());
    return painted(&plain);
}

int colourCount(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            colours.insert(image.pixel(x, y));
    }
    return int(colours.size());
}

struct Shown {
    EncodingState state;
    RotationView view{&state};
    explicit Shown(const EncodingParams &params, int pair = 0)
    {
        view.resize(1000, 800);
        view.show();
        if (!QTest::qWaitForWindowExposed(&view))
            qWarning("window not exposed");
        state.setParams(params);
        state.changeScene([&](Scene &scene) { scene.rotationPair = pair; });
        state.flush();
    }
};

void addParamRows()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("pair");
    using expected::Params;
    QTest::newRow("defaults, pair 0") << Params().p << 0;
    QTest::newRow("defaults, pair 5") << Params().p << 5;
    QTest::newRow("negative k = -7, pair 2") << Params().offset(-7).p << 2;
    QTest::newRow("tensor2tensor 32, pair 15") << Params().dModel(32).tensor2tensor().p << 15;
    QTest::newRow("split 64, pair 3") << Params().dModel(64).split().p << 3;
    QTest::newRow("split tensor2tensor 10, pair 4") << Params().dModel(10).split().tensor2tensor().p << 4;
    QTest::newRow("odd 7 interleaved, pair 2") << Params().dModel(7).p << 2;
    QTest::newRow("scale -2, k 2.5, pos 3.25") << Params().scale(-2).offset(2.5).position(3.25).p << 1;
    QTest::newRow("base 100, k 40, pair 1") << Params().base(100).offset(40).dModel(16).p << 1;
    QTest::newRow("k 0") << Params().offset(0).p << 7;
}

} // namespace

class TestRotationView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void matrixEntries_data();
    void matrixEntries();
    void equationsEvaluated_data();
    void equationsEvaluated();
    void arrowTips_data();
    void arrowTips();
    void clockHands_data();
    void clockHands();
    void mapCells_data();
    void mapCells();
    void mapShowsSplitBands();
    void mapReducedForLargeDModel();
    void mapUnchangedByPosition();
    void residual_data();
    void residual();
    void loneDimensionNote_data();
    void loneDimensionNote();
    void pairSpinBoxDrivesState();
    void clickingClockChoosesPair();
    void clickingMatrixInspectsEntry();
    void hiddenViewRefreshesWhenShown();
    void afterChangesShowsWhatAFreshViewShows_data();
    void afterChangesShowsWhatAFreshViewShows();
    void sparseColorMapPaintsAsQCPColorMap();
    void newCaptionsOverTheSameFaces_data();
    void newCaptionsOverTheSameFaces();
    void richTextLabelMeasuresAsQLabel_data();
    void richTextLabelMeasuresAsQLabel();
    void equationsHiddenWhenTooSmallToRead_data();
    void equationsHiddenWhenTooSmallToRead();
    void circleLabelsClear_data();
    void circleLabelsClear();
    void circleFillsItsShorterSide_data();
    void circleFillsItsShorterSide();
    void matrixBesideItsNoteWhenWide_data();
    void matrixBesideItsNoteWhenWide();
};

void TestRotationView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestRotationView::matrixEntries_data()
{
    addParamRows();
}

void TestRotationView::matrixEntries()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pair);
    Shown s(params, pair);
    QCOMPARE(s.state.rotationPair(), pair);
    const double angle = params.offset * expected::frequency(params, pair);
    const double want[2][2] = {{std::cos(angle), std::sin(angle)}, {-std::sin(angle), std::cos(angle)}};
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c) {
            if (std::abs(s.view.matrixEntry(r, c) - want[r][c]) > 1e-12)
                QFAIL(qPrintable(QStringLiteral("entry (%1, %2): got %3, expected %4")
                                     .arg(r).arg(c).arg(s.view.matrixEntry(r, c), 0, 'g', 17)
                                     .arg(want[r][c], 0, 'g', 17)));
        }
    }
    // The text shows the same numbers, 6 significant digits with true minus signs.
    const QString text = QStringLiteral("[%1, %2; %3, %4]")
                             .arg(expected::shown(want[0][0]), expected::shown(want[0][1]),
                                  expected::shown(want[1][0]), expected::shown(want[1][1]));
    QCOMPARE(s.view.matrixText(), text);
}

void TestRotationView::equationsEvaluated_data()
{
    addParamRows();
}

void TestRotationView::equationsEvaluated()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pair);
    Shown s(params, pair);
    const double w = expected::frequency(params, pair);
    const double angle = params.offset * w;
    const double cs = std::cos(angle), sn = std::sin(angle);
    const double v0 = params.scale * std::sin(params.position * w);
    const double v1 = params.scale * std::cos(params.position * w);
    const double r0 = params.scale * std::sin((params.position + params.offset) * w);
    const double r1 = params.scale * std::cos((params.position + params.offset) * w);

    // Column notation: [r0; r1] = [[c, s]; [-s, c]] · [v0; v1].
    const QList<double> column = numbersIn(s.view.columnEquationText());
    const QList<double> columnWant{r0, r1, cs, sn, -sn, cs, v0, v1};
    QCOMPARE(column.size(), columnWant.size());
    for (int n = 0; n < column.size(); ++n) {
        // Shown with 4 significant digits.
        if (std::abs(column[n] - columnWant[n]) > 5e-4 * std::max(1.0, std::abs(columnWant[n])))
            QFAIL(qPrintable(QStringLiteral("column equation number %1: got %2, expected %3 in %4")
                                 .arg(n).arg(column[n]).arg(columnWant[n]).arg(s.view.columnEquationText())));
    }
    // Row notation: [r0, r1] = [v0, v1] · [[c, -s]; [s, c]] (M transposed).
    const QList<double> row = numbersIn(s.view.rowEquationText());
    const QList<double> rowWant{r0, r1, v0, v1, cs, -sn, sn, cs};
    QCOMPARE(row.size(), rowWant.size());
    for (int n = 0; n < row.size(); ++n) {
        if (std::abs(row[n] - rowWant[n]) > 5e-4 * std::max(1.0, std::abs(rowWant[n])))
            QFAIL(qPrintable(QStringLiteral("row equation number %1: got %2, expected %3 in %4")
                                 .arg(n).arg(row[n]).arg(rowWant[n]).arg(s.view.rowEquationText())));
    }
}

void TestRotationView::arrowTips_data()
{
    addParamRows();
}

void TestRotationView::arrowTips()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pair);
    Shown s(params, pair);
    const double w = expected::frequency(params, pair);
    const double pos = params.position;
    const double shifted = params.position + params.offset;
    const double tolerance = 1e-12 * std::max(1.0, std::abs(params.scale));

    QCOMPARE(s.view.positionArrow()->start->coords(), QPointF(0, 0));
    QCOMPARE(s.view.shiftedArrow()->start->coords(), QPointF(0, 0));
    const QPointF tip = s.view.positionArrow()->end->coords();
    QVERIFY2(std::abs(tip.x() - params.scale * std::sin(pos * w)) < tolerance, "x at pos");
    QVERIFY2(std::abs(tip.y() - params.scale * std::cos(pos * w)) < tolerance, "y at pos");
    const QPointF shiftedTip = s.view.shiftedArrow()->end->coords();
    QVERIFY2(std::abs(shiftedTip.x() - params.scale * std::sin(shifted * w)) < tolerance, "x at pos + k");
    QVERIFY2(std::abs(shiftedTip.y() - params.scale * std::cos(shifted * w)) < tolerance, "y at pos + k");
    QCOMPARE(s.view.positionArrow()->head().style(), QCPLineEnding::esSpikeArrow);
    QCOMPARE(s.view.shiftedArrow()->head().style(), QCPLineEnding::esSpikeArrow);

    // The circle has radius |scale| and the axes keep one scale (a circle looks round).
    const QCPCurve *circle = qobject_cast<QCPCurve *>(s.view.circlePlot()->plottable(0));
    QVERIFY(circle);
    for (auto it = circle->data()->constBegin(); it != circle->data()->constEnd(); ++it)
        QVERIFY(std::abs(std::hypot(it->key, it->value) - std::abs(params.scale)) < 1e-9);
    s.view.circlePlot()->replot();
    const QCPAxis *x = s.view.circlePlot()->xAxis;
    const QCPAxis *y = s.view.circlePlot()->yAxis;
    const double xScale = x->range().size() / x->axisRect()->width();
    const double yScale = y->range().size() / y->axisRect()->height();
    QVERIFY2(std::abs(xScale / yScale - 1) < 0.02, "equal aspect");
    QVERIFY(x->range().contains(std::abs(params.scale)) && y->range().contains(std::abs(params.scale)));

    // The angle label names k·w_i.
    const QList<double> angle = numbersIn(s.view.angleText());
    QVERIFY(!angle.isEmpty()); // (the index of w is in subscript digits, not read as a number)
    QVERIFY2(std::abs(angle[0] - params.offset * w) < 5e-4 * std::max(1.0, std::abs(params.offset * w)),
             qPrintable(s.view.angleText()));
}

void TestRotationView::clockHands_data()
{
    QTest::addColumn<EncodingParams>("params");
    using expected::Params;
    QTest::newRow("defaults: 64 pairs") << Params().p;
    QTest::newRow("d_model 16") << Params().dModel(16).p;
    QTest::newRow("odd 9: 4 complete pairs") << Params().dModel(9).p;
    QTest::newRow("split 12, scale -1.5") << Params().dModel(12).split().scale(-1.5).p;
    QTest::newRow("d_model 130") << Params().dModel(130).p;
    QTest::newRow("d_model 512, pos 123.5") << Params().dModel(512).position(123.5).p;
    QTest::newRow("tensor2tensor 1000, k -9") << Params().dModel(1000).tensor2tensor().offset(-9).p;
}

void TestRotationView::clockHands()
{
    QFETCH(EncodingParams, params);
    Shown s(params);
    const ClockFaceGrid *clocks = s.view.clocks();
    // One face per complete pair, each hand where the formula puts it.
    const QList<ClockFaceGrid::Face> &faces = clocks->faces();
    const int pairs = params.dModel / 2;
    QCOMPARE(faces.size(), pairs);
    const double sign = params.scale < 0 ? -1.0 : 1.0;
    for (int i = 0; i < pairs; ++i) {
        QCOMPARE(faces[i].pair, i);
        const double w = expected::frequency(params, i);
        const double a = params.position * w;
        const double b = (params.position + params.offset) * w;
        QVERIFY(std::abs(faces[i].angle - a) < 1e-12 * std::max(1.0, std::abs(a)));
        QVERIFY(std::abs(faces[i].shiftedAngle - b) < 1e-12 * std::max(1.0, std::abs(b)));
        // The hand points to (sin, cos) in units of the radius: 12 o'clock at angle 0, clockwise.
        QVERIFY(std::abs(faces[i].hand.x() - sign * std::sin(a)) < 1e-12);
        QVERIFY(std::abs(faces[i].hand.y() - sign * std::cos(a)) < 1e-12);
        QVERIFY(std::abs(faces[i].shiftedHand.x() - sign * std::sin(b)) < 1e-12);
        QVERIFY(std::abs(faces[i].shiftedHand.y() - sign * std::cos(b)) < 1e-12);
        // Captioned with the wavelength 2π/w_i.
        const QList<double> caption = numbersIn(faces[i].caption);
        QCOMPARE(caption.size(), 1);
        const double wavelength = 2 * M_PI / w;
        QVERIFY2(std::abs(caption[0] - wavelength) <= 0.006 * wavelength, qPrintable(faces[i].caption));
    }

    // Drawn: every stride-th pair, at most 64 clocks, and the note says which.
    const int stride = clocks->stride();
    QVERIFY(stride >= (pairs + 63) / 64);
    const QList<ClockFaceGrid::Face> shown = clocks->shownFaces();
    QCOMPARE(shown.size(), (pairs + stride - 1) / stride);
    QVERIFY(shown.size() <= 64);
    for (int n = 0; n < shown.size(); ++n)
        QCOMPARE(shown[n].pair, n * stride);
    if (stride > 1)
        QVERIFY2(s.view.clocksNote().contains(QStringLiteral("i = 0, %1, %2, …").arg(stride).arg(2 * stride)),
                 qPrintable(s.view.clocksNote()));
    else
        QVERIFY(!s.view.clocksNote().contains(QStringLiteral("Showing")));
    QCOMPARE(clocks->highlightedPair(), 0);

    // In a large window the stride is the smallest that keeps to 64 clocks.
    s.view.resize(2400, 1800);
    const int smallest = std::max(1, (pairs + 63) / 64);
    QTRY_COMPARE(clocks->stride(), smallest);
    QCOMPARE(clocks->shownFaces().size(), (pairs + smallest - 1) / smallest);
}

void TestRotationView::mapCells_data()
{
    QTest::addColumn<EncodingParams>("params");
    using expected::Params;
    QTest::newRow("defaults") << Params().p;
    QTest::newRow("split 64") << Params().dModel(64).split().p;
    QTest::newRow("odd 7 interleaved (lone row zero)") << Params().dModel(7).p;
    QTest::newRow("odd 7 split (zero column maps to itself)") << Params().dModel(7).split().p;
    QTest::newRow("tensor2tensor split 10, k -3") << Params().dModel(10).split().tensor2tensor().offset(-3).p;
    QTest::newRow("d_model 2, k 0.5") << Params().dModel(2).offset(0.5).p;
    QTest::newRow("d_model 1024 split") << Params().dModel(1024).split().seqLen(4).p;
}

void TestRotationView::mapCells()
{
    QFETCH(EncodingParams, params);
    Shown s(params);
    QCPColorMapData *data = s.view.rotationMap()->data();
    QCOMPARE(data->keySize(), params.dModel);
    QCOMPARE(data->valueSize(), params.dModel);
    QCOMPARE(data->keyRange(), QCPRange(0, params.dModel - 1));
    QCOMPARE(data->valueRange(), QCPRange(0, params.dModel - 1));
    for (int r = 0; r < params.dModel; ++r) {
        for (int c = 0; c < params.dModel; ++c) {
            const double want = expectedEntry(params, r, c);
            const double got = data->cell(c, r);
            if (std::abs(got - want) > 1e-12)
                QFAIL(qPrintable(QStringLiteral("M_k(%1, %2): got %3, expected %4")
                                     .arg(r).arg(c).arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
        }
    }
    QVERIFY(!s.view.rotationMap()->interpolate());
    QVERIFY(s.view.matrixPlot()->interactions().testFlag(QCP::iRangeZoom));
    QVERIFY(s.view.matrixPlot()->interactions().testFlag(QCP::iRangeDrag));
    QCOMPARE(s.view.rotationScale()->dataRange(), QCPRange(-1, 1));
    QVERIFY(s.view.matrixNote().contains(QStringLiteral("depends on k only")));
}

void TestRotationView::mapShowsSplitBands()
{
    // Split d = 16: pair 3 couples columns 3 and 11; the band is off the diagonal.
    const EncodingParams params = expected::Params().dModel(16).split().offset(2).p;
    Shown s(params, 3);
    QCPColorMapData *data = s.view.rotationMap()->data();
    const double angle = 2 * expected::frequency(params, 3);
    QVERIFY(std::abs(data->cell(11, 3) - std::sin(angle)) < 1e-12);  // row 3, column 11
    QVERIFY(std::abs(data->cell(3, 11) + std::sin(angle)) < 1e-12);  // row 11, column 3
    QVERIFY(std::abs(data->cell(4, 3)) == 0.0);                      // no interleaved neighbour
    QVERIFY(s.view.matrixNote().contains(QStringLiteral("i + 8")));
}

void TestRotationView::mapReducedForLargeDModel()
{
    const EncodingParams params = expected::Params().dModel(4096).seqLen(2).p;
    Shown s(params);
    QCPColorMapData *data = s.view.rotationMap()->data();
    QCOMPARE(data->keySize(), 1024);
    QCOMPARE(data->valueSize(), 1024);
    QVERIFY(s.view.matrixNote().contains(QStringLiteral("4 × 4 block")));
    // Each drawn cell holds the entry of largest magnitude of its 4 x 4 block, sign kept.
    for (int b : {0, 1, 100, 1023}) {
        double want = 0;
        for (int r = 4 * b; r < 4 * b + 4; ++r) {
            for (int c = 4 * b; c < 4 * b + 4; ++c) {
                const double e = expectedEntry(params, r, c);
                if (std::abs(e) > std::abs(want))
                    want = e;
            }
        }
        QVERIFY2(std::abs(data->cell(b, b) - want) < 1e-12, qPrintable(QString::number(b)));
        if (b > 0)
            QCOMPARE(data->cell(b - 1, b), 0.0);
    }
}

void TestRotationView::mapUnchangedByPosition()
{
    const EncodingParams params = expected::Params().dModel(32).split().p;
    Shown s(params, 2);
    auto snapshot = [&s]() {
        QList<double> cells;
        QCPColorMapData *data = s.view.rotationMap()->data();
        for (int r = 0; r < data->valueSize(); ++r) {
            for (int c = 0; c < data->keySize(); ++c)
                cells << data->cell(c, r);
        }
        return cells;
    };
    const QList<double> before = snapshot();
    const QPointF tipBefore = s.view.positionArrow()->end->coords();
    for (double pos : {0.0, 3.5, 77.0, -12.0, 1e5}) {
        QVERIFY(!s.state.setPosition(pos));
        s.state.flush();
        QCOMPARE(snapshot(), before);
    }
    // The position did move the arrow, and a new k does change M_k.
    QVERIFY(s.view.positionArrow()->end->coords() != tipBefore);
    QVERIFY(!s.state.setOffset(6));
    s.state.flush();
    QVERIFY(snapshot() != before);
}

void TestRotationView::residual_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<bool>("reduced");
    using expected::Params;
    QTest::newRow("defaults") << Params().p << false;
    QTest::newRow("odd 7 interleaved") << Params().dModel(7).p << false;
    QTest::newRow("split, start 1000") << Params().split().start(1000).p << false;
    QTest::newRow("1024 x 2048: first and last positions") << Params().dModel(1024).seqLen(2048).p << true;
}

void TestRotationView::residual()
{
    QFETCH(EncodingParams, params);
    QFETCH(bool, reduced);
    Shown s(params);
    const QString text = s.view.residualText();
    const double r64 = residualOf(text, QStringLiteral("float64"));
    const double r32 = residualOf(text, QStringLiteral("float32"));
    QVERIFY2(r64 >= 0 && r64 < 1e-10, qPrintable(text));
    QVERIFY2(r32 >= 0 && r32 < 1e-3, qPrintable(text));
    QCOMPARE(text.contains(QStringLiteral("first and the last")), reduced);
}

void TestRotationView::loneDimensionNote_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<bool>("lone");
    QTest::addColumn<bool>("zeroColumn");
    using expected::Params;
    QTest::newRow("128 interleaved") << Params().p << false << false;
    QTest::newRow("127 interleaved") << Params().dModel(127).p << true << false;
    QTest::newRow("7 interleaved") << Params().dModel(7).p << true << false;
    QTest::newRow("3 interleaved tensor2tensor") << Params().dModel(3).tensor2tensor().p << true << false;
    QTest::newRow("7 split") << Params().dModel(7).split().p << false << true;
    QTest::newRow("8 split") << Params().dModel(8).split().p << false << false;
}

void TestRotationView::loneDimensionNote()
{
    QFETCH(EncodingParams, params);
    QFETCH(bool, lone);
    QFETCH(bool, zeroColumn);
    Shown s(params);
    const QString note = s.view.loneDimensionNote();
    QCOMPARE(!note.isEmpty(), lone);
    if (lone) {
        QVERIFY2(note.contains(QStringLiteral("Dimension %1 ").arg(params.dModel - 1)), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("pair %1").arg(params.dModel / 2)), qPrintable(note));
        QVERIFY(note.contains(QStringLiteral("no cos partner")));
    }
    const QString zero = s.view.zeroColumnNote();
    QCOMPARE(!zero.isEmpty(), zeroColumn);
    if (zeroColumn)
        QVERIFY2(zero.contains(QStringLiteral("column %1 is zero").arg(params.dModel - 1)), qPrintable(zero));
}

void TestRotationView::pairSpinBoxDrivesState()
{
    Shown s(expected::Params().p);
    QSpinBox *spin = s.view.pairSpinBox();
    QCOMPARE(spin->minimum(), 0);
    QCOMPARE(spin->maximum(), 63);
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_Up);
    QCOMPARE(s.state.rotationPair(), 1);
    spin->selectAll();
    QTest::keyClicks(spin, QStringLiteral("12"));
    QCOMPARE(s.state.rotationPair(), 12);
    s.state.flush();
    const double angle = s.state.params().offset * expected::frequency(s.state.params(), 12);
    QVERIFY(std::abs(s.view.matrixEntry(0, 1) - std::sin(angle)) < 1e-12);
    QCOMPARE(s.view.clocks()->highlightedPair(), 12);

    // A smaller d_model narrows the range and the state clamps the pair.
    QVERIFY(!s.state.setDModel(10));
    s.state.flush();
    QCOMPARE(spin->maximum(), 4);
    QCOMPARE(spin->value(), 4);
    QCOMPARE(s.state.rotationPair(), 4);
    // The state drives the spin box back.
    s.state.changeScene([](Scene &scene) { scene.rotationPair = 2; });
    s.state.flush();
    QCOMPARE(spin->value(), 2);
}

void TestRotationView::clickingClockChoosesPair()
{
    Shown s(expected::Params().dModel(16).p);
    ClockFaceGrid *clocks = s.view.clocks();
    QCOMPARE(clocks->faces().size(), 8);
    QCOMPARE(clocks->stride(), 1);
    QSignalSpy inspections(&s.state, &EncodingState::inspectionChanged);
    QTest::mouseClick(clocks, Qt::LeftButton, {}, clocks->faceRect(5).center().toPoint());
    QCOMPARE(s.state.rotationPair(), 5);
    QCOMPARE(inspections.size(), 1);
    QCOMPARE(s.state.inspection(), (Inspection{Inspection::Kind::Frequency, 5, 0}));
}

void TestRotationView::clickingMatrixInspectsEntry()
{
    Shown s(expected::Params().dModel(8).p);
    QCustomPlot *plot = s.view.matrixPlot();
    plot->replot();
    const QPoint pixel(int(plot->xAxis->coordToPixel(3)), int(plot->yAxis->coordToPixel(2)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
    QCOMPARE(s.state.inspection(), (Inspection{Inspection::Kind::RotationEntry, 2, 3}));
    QVERIFY(s.view.entryToolTip(2, 3).contains(QStringLiteral("M_k[2, 3]")));
}

void TestRotationView::hiddenViewRefreshesWhenShown()
{
    EncodingState state;
    RotationView view(&state);
    const EncodingParams params = expected::Params().dModel(6).offset(3).p;
    QVERIFY(!state.setParams(params));
    state.flush();
    QCOMPARE(view.rotationMap()->data()->keySize(), 128); // hidden: not yet refreshed
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.rotationMap()->data()->keySize(), 6);
    const double angle = 3 * expected::frequency(params, 0);
    QVERIFY(std::abs(view.matrixEntry(1, 0) + std::sin(angle)) < 1e-12);
}

void TestRotationView::sparseColorMapPaintsAsQCPColorMap()
{
    // M_k's map colours only what it is told changed (a fill and the cells set after it, or
    // the cells written since the last draw). Through a history of new sizes (over and at
    // QCPColorMap's oversampling bound of 100 cells), fills, sparse writes and a new data
    // range, it must paint what a QCPColorMap with the same data paints.
    QCustomPlot sparsePlot, plainPlot;
    auto *sparse = new SparseColorMap(sparsePlot.xAxis, sparsePlot.yAxis);
    auto *plain = new QCPColorMap(plainPlot.xAxis, plainPlot.yAxis);
    for (QCustomPlot *plot : {&sparsePlot, &plainPlot}) {
        plot->resize(420, 380);
        plot->xAxis->setRange(-1, 300);
        plot->yAxis->setRange(-1, 300);
        plot->yAxis->setRangeReversed(true);
    }
    for (QCPColorMap *map : {static_cast<QCPColorMap *>(sparse), plain}) {
        map->setInterpolate(false);
        map->setTightBoundary(false);
        map->setGradient(QCPColorGradient(QCPColorGradient::gpPolar));
        map->setDataRange(QCPRange(-1, 1));
    }
    QList<QPoint> written;
    // Both maps' data: `cells` a side filled with `fill`, then the sparse diagonal pattern of
    // `seed` (two entries a row, as M_k has).
    auto fillAndWrite = [&](int cells, double fill, int seed) {
        for (QCPColorMap *map : {static_cast<QCPColorMap *>(sparse), plain}) {
            map->data()->setSize(cells, cells);
            map->data()->setRange(QCPRange(0, cells - 1), QCPRange(0, cells - 1));
            map->data()->fill(fill);
        }
        sparse->allFilled(fill);
        written.clear();
        for (int row = 0; row < cells; ++row) {
            const int column = (row / 2) * 2 + (row + seed) % 2;
            const double value = std::sin(0.37 * row + seed);
            sparse->data()->setCell(column, row, value);
            plain->data()->setCell(column, row, value);
            written << QPoint(column, row);
        }
        sparse->cellsChanged(written);
    };
    auto compare = [&](const char *step) {
        sparsePlot.replot();
        plainPlot.replot();
        const QImage a = sparsePlot.toPixmap().toImage(), b = plainPlot.toPixmap().toImage();
        QVERIFY(!a.isNull());
        QVERIFY2(a == b, step);
    };
    fillAndWrite(256, 0.0, 1);
    compare("256 cells, a fill of 0");
    // Sparse writes: the old cells cleared, new ones set.
    for (const QPoint &cell : std::as_const(written)) {
        sparse->data()->setCell(cell.x(), cell.y(), 0);
        plain->data()->setCell(cell.x(), cell.y(), 0);
    }
    QList<QPoint> moved;
    for (int row = 0; row < 256; row += 3) {
        sparse->data()->setCell(255 - row, row, -0.75);
        plain->data()->setCell(255 - row, row, -0.75);
        moved << QPoint(255 - row, row);
    }
    sparse->cellsChanged(written + moved);
    compare("cells cleared and written");
    fillAndWrite(101, 0.25, 2);
    compare("101 cells, a fill of 0.25");
    fillAndWrite(100, 0.0, 3); // oversampled by QCPColorMap: recoloured whole
    compare("100 cells");
    fillAndWrite(300, -0.5, 4);
    compare("300 cells, a fill of -0.5");
    sparse->setDataRange(QCPRange(-2, 2));
    plain->setDataRange(QCPRange(-2, 2));
    compare("a new data range");
    fillAndWrite(300, 0.0, 5); // the same size again
    compare("the same size, filled again");
}

void TestRotationView::newCaptionsOverTheSameFaces_data()
{
    QTest::addColumn<EncodingParams>("start");
    QTest::addColumn<EncodingParams>("end");
    using expected::Params;
    // The same clocks shown (every 4th of 256 and of 255 pairs: 64), new wavelengths under them.
    QTest::newRow("d_model 512 to 510") << Params().dModel(512).seqLen(512).p << Params().dModel(510).seqLen(512).p;
    QTest::newRow("base 10000 to 100") << Params().dModel(64).p << Params().dModel(64).base(100).p;
    QTest::newRow("base 10000 to 1000, k 3") << Params().dModel(64).offset(3).p << Params().dModel(64).offset(3).base(1000).p;
}

void TestRotationView::newCaptionsOverTheSameFaces()
{
    // A new d_model or base changes the clocks' captions and not their faces: the captions are
    // drawn over the faces kept from before. The picture must be a fresh view's, captions and
    // all, with no caption of before left under the new ones.
    QFETCH(EncodingParams, start);
    QFETCH(EncodingParams, end);
    Shown moved(start, 0);
    settle();
    const int shownBefore = int(moved.view.clocks()->shownFaces().size());
    const QList<ClockFaceGrid::Face> facesBefore = moved.view.clocks()->faces();
    moved.state.setParams(end);
    moved.state.flush();
    settle();
    QCOMPARE(int(moved.view.clocks()->shownFaces().size()), shownBefore); // the faces kept
    QVERIFY(moved.view.clocks()->faces().first().caption != facesBefore.first().caption
            || moved.view.clocks()->faces().last().caption != facesBefore.last().caption);
    Shown fresh(end, 0);
    settle();
    QCOMPARE(moved.view.clocks()->geometry(), fresh.view.clocks()->geometry());
    const QImage clocks = onScreen(moved.view.clocks());
    QVERIFY(colourCount(clocks) > 10);
    QVERIFY2(clocks == onScreen(fresh.view.clocks()), "the clocks differ");
}

void TestRotationView::afterChangesShowsWhatAFreshViewShows_data()
{
    // Each row: the parameters and pair the view starts from, and the ones it ends at. Moving
    // pos moves the hands at pos; k the light hands, M_k, the residual and the notes; the pair
    // the chosen dial and the outlined cells; d_model every face and caption.
    QTest::addColumn<EncodingParams>("start");
    QTest::addColumn<int>("startPair");
    QTest::addColumn<EncodingParams>("end");
    QTest::addColumn<int>("endPair");
    using expected::Params;
    QTest::newRow("pos, k and back") << Params().p << 0 << Params().p << 0;
    QTest::newRow("pos moved") << Params().dModel(16).p << 3 << Params().dModel(16).position(13).p << 3;
    QTest::newRow("k moved") << Params().dModel(16).p << 3 << Params().dModel(16).offset(-2).p << 3;
    // k = 0: M_k is the identity, the sines off the diagonal are gone from the map.
    QTest::newRow("k to 0") << Params().dModel(16).p << 3 << Params().dModel(16).offset(0).p << 3;
    QTest::newRow("pair moved") << Params().dModel(16).p << 3 << Params().dModel(16).p << 6;
    QTest::newRow("d_model 512 to 16") << Params().dModel(512).seqLen(512).p << 0
                                       << Params().dModel(16).position(4).p << 2;
    QTest::newRow("16 to d_model 512") << Params().dModel(16).p << 5
                                       << Params().dModel(512).seqLen(512).offset(9).p << 0;
    QTest::newRow("scale -2, split") << Params().dModel(12).split().p << 1
                                     << Params().dModel(12).split().scale(-2).position(2.5).p << 1;
}

void TestRotationView::afterChangesShowsWhatAFreshViewShows()
{
    // The view keeps what did not change (the clocks' dials, M_k, the residual, label texts)
    // and repaints only what did. After a history of changes it must show exactly what a view
    // built at the final parameters shows: the same texts, and the same pixels on screen in
    // the clocks and in every label, a cache that went stale shows the old picture.
    QFETCH(EncodingParams, start);
    QFETCH(int, startPair);
    QFETCH(EncodingParams, end);
    QFETCH(int, endPair);
    Shown moved(start, startPair);
    settle();
    auto step = [&](auto &&change) {
        change();
        moved.state.flush();
        settle();
    };
    // Through pos, k, the pair and d_model, each one alone, then to the end.
    step([&] { moved.state.setPosition(start.position + 7); });
    step([&] { moved.state.setOffset(start.offset + 3); });
    step([&] { moved.state.changeScene([&](Scene &scene) { scene.rotationPair = startPair + 1; }); });
    step([&] { moved.state.setPosition(start.position); });
    step([&] { moved.state.setDModel(start.dModel == 16 ? 18 : 16); });
    step([&] { moved.state.setOffset(start.offset); });
    // To the end with pos, k and the pair off by one, then each of them into place: the last
    // steps move hands and outlines only, what the caches must not miss.
    step([&] {
        EncodingParams near = end;
        near.position += 1;
        near.offset += 1;
        moved.state.setParams(near);
        moved.state.changeScene([&](Scene &scene) { scene.rotationPair = endPair > 0 ? endPair - 1 : endPair + 1; });
    });
    step([&] { moved.state.changeScene([&](Scene &scene) { scene.rotationPair = endPair; }); });
    step([&] { moved.state.setOffset(end.offset); });
    step([&] { moved.state.setPosition(end.position); });

    Shown fresh(end, endPair);
    settle();
    QCOMPARE(moved.state.params(), fresh.state.params());
    QCOMPARE(moved.view.matrixText(), fresh.view.matrixText());
    QCOMPARE(moved.view.columnEquationText(), fresh.view.columnEquationText());
    QCOMPARE(moved.view.rowEquationText(), fresh.view.rowEquationText());
    QCOMPARE(moved.view.angleText(), fresh.view.angleText());
    QCOMPARE(moved.view.clocksNote(), fresh.view.clocksNote());
    QCOMPARE(moved.view.matrixNote(), fresh.view.matrixNote());
    QCOMPARE(moved.view.residualText(), fresh.view.residualText());
    QCOMPARE(moved.view.loneDimensionNote(), fresh.view.loneDimensionNote());
    QCOMPARE(moved.view.zeroColumnNote(), fresh.view.zeroColumnNote());
    QCOMPARE(moved.view.clocks()->highlightedPair(), endPair);

    // Pixels: the clocks, then every label (their texts and what they paint).
    QCOMPARE(moved.view.clocks()->geometry(), fresh.view.clocks()->geometry());
    const QImage clocks = onScreen(moved.view.clocks());
    QVERIFY(!clocks.isNull());
    QVERIFY(colourCount(clocks) > 10); // dials, hands and captions, not an empty picture
    QVERIFY2(clocks == onScreen(fresh.view.clocks()), "the clocks differ");
    // M_k: its map keeps its cells and clears only those it set. (Not the unit circle: its
    // axis rectangle can keep a pixel of its history after the scale changed sign, as it
    // always could, and it caches nothing.)
    QCustomPlot *matrix = moved.view.matrixPlot();
    QCOMPARE(matrix->geometry(), fresh.view.matrixPlot()->geometry());
    const QImage map = onScreen(matrix);
    QVERIFY(colourCount(map) > 10);
    QVERIFY2(map == onScreen(fresh.view.matrixPlot()), "M_k differs");
    const QList<QLabel *> movedLabels = moved.view.findChildren<QLabel *>();
    const QList<QLabel *> freshLabels = fresh.view.findChildren<QLabel *>();
    QCOMPARE(movedLabels.size(), freshLabels.size());
    for (qsizetype n = 0; n < movedLabels.size(); ++n) {
        QLabel *a = movedLabels[n];
        QLabel *b = freshLabels[n];
        QCOMPARE(a->text(), b->text());
        QCOMPARE(a->isVisible(), b->isVisible());
        // Each paints what a QLabel with its text paints (the sentences with numbers are
        // RichTextLabels, which lay their text out themselves).
        if (a->isVisible() && !a->text().isEmpty()) {
            const QImage image = painted(a);
            QVERIFY(colourCount(image) > 2);
            QVERIFY2(image == paintedByQLabel(a), qPrintable(QStringLiteral("label paints otherwise: ") + a->text()));
            QVERIFY2(painted(b) == paintedByQLabel(b), qPrintable(QStringLiteral("label paints otherwise: ") + b->text()));
        }
        if (!a->isVisible() || a->geometry() != b->geometry() || a->font() != b->font())
            continue; // (the equations' font scale may differ by history, as it always could)
        QVERIFY2(onScreen(a) == onScreen(b), qPrintable(QStringLiteral("label differs: ") + a->text()));
    }
}

void TestRotationView::richTextLabelMeasuresAsQLabel_data()
{
    QTest::addColumn<bool>("wrap");
    QTest::addColumn<QMargins>("margins");
    QTest::newRow("word-wrapped") << true << QMargins();
    QTest::newRow("word-wrapped, contents margins") << true << QMargins(6, 2, 6, 2);
    QTest::newRow("one line") << false << QMargins();
}

void TestRotationView::richTextLabelMeasuresAsQLabel()
{
    // A layout places a RichTextLabel by its height for a width (always exact) and its size
    // hints (kept while the text changes, exact again once it is still): both what a QLabel
    // with the same text and settings answers.
    QFETCH(bool, wrap);
    QFETCH(QMargins, margins);
    RichTextLabel rich;
    QLabel plain;
    plain.setTextFormat(Qt::RichText);
    for (QLabel *label : {static_cast<QLabel *>(&rich), &plain}) {
        label->setWordWrap(wrap);
        label->setContentsMargins(margins);
    }
    const QStringList texts{
        QStringLiteral("k = <b>5</b>, pos = <b>10</b>: k·w<sub>0</sub> = 5 × 1 = <b>5 rad</b> (286.5°)"),
        QStringLiteral("k = <b>5</b>, pos = <b>11</b>: k·w<sub>0</sub> = 5 × 1 = <b>5 rad</b><br>and a second, "
                       "longer line with <i>several</i> words that wrap in a narrow label"),
        QStringLiteral("<b>M<sub>k</sub></b> (512 × 512, k = 12345.678): one 2 × 2 rotation per pair"),
        QStringLiteral("x")};
    for (const QString &text : texts) {
        rich.setText(text);
        plain.setText(text);
        for (int width : {0, 40, 150, 333, 800, 5000})
            QCOMPARE(rich.heightForWidth(width), plain.heightForWidth(width));
        if (!wrap) { // one layout gives them: exact at once
            QCOMPARE(rich.sizeHint(), plain.sizeHint());
            QCOMPARE(rich.minimumSizeHint(), plain.minimumSizeHint());
        } else {
            (void)rich.sizeHint(); // asked as a layout asks, while the text keeps changing
        }
    }
    // Still now: the hints of the last text.
    QTRY_COMPARE(rich.sizeHint(), plain.sizeHint());
    QTRY_COMPARE(rich.minimumSizeHint(), plain.minimumSizeHint());
    // A new font is measured at once.
    QFont big = rich.font();
    big.setPointSizeF(big.pointSizeF() * 2);
    rich.setFont(big);
    plain.setFont(big);
    QCOMPARE(rich.sizeHint(), plain.sizeHint());
    QCOMPARE(rich.minimumSizeHint(), plain.minimumSizeHint());
    QCOMPARE(rich.heightForWidth(200), plain.heightForWidth(200));
    rich.resize(300, rich.heightForWidth(300));
    plain.resize(rich.size());
    QVERIFY(painted(&rich) == painted(&plain));
}

// The equations under M_k are shown only at a readable size: complete where there is room; in
// a smaller panel as numbers under their captions; in one smaller still they give way to a
// note. Every text left is at least kReadableEquationPixels high; in a large panel all is back.
void TestRotationView::equationsHiddenWhenTooSmallToRead_data()
{
    using Form = RotationEquationPanel::Equations;
    QTest::addColumn<QSize>("size");
    QTest::addColumn<Form>("form");
    QTest::addColumn<QStringList>("symbols"); // the entries of the lines of symbols
    QTest::addRow("300 x 200: hidden") << QSize(300, 200) << Form::Hidden << QStringList();
    // The panel's size at 1280x720 in the window's default layout.
    QTest::addRow("446 x 304: numbers") << QSize(446, 304) << Form::Numbers << QStringList();
    QTest::addRow("700 x 650: complete") << QSize(700, 650) << Form::Complete
                                         << QStringList{QStringLiteral("PE(15, 0)"), QStringLiteral("PE(10, 1)")};
}

void TestRotationView::equationsHiddenWhenTooSmallToRead()
{
    using Form = RotationEquationPanel::Equations;
    QFETCH(QSize, size);
    QFETCH(Form, form);
    QFETCH(QStringList, symbols);
    EncodingParams p; // pos 10, k 5, pair 0: the symbols name PE(15, ·) and PE(10, ·)
    RotationEquationPanel panel;
    panel.setPair(p, 0);
    panel.resize(size);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCoreApplication::processEvents();
    QCOMPARE(panel.equations(), form);
    QCOMPARE(panel.equationsShown(), form != Form::Hidden);
    int texts = 0;
    QString shownText;
    for (QWidget *text : panel.findChildren<QWidget *>()) {
        if (!text->isVisible() || !(qobject_cast<QLabel *>(text) || qobject_cast<RotationMatrixLabel *>(text)))
            continue;
        ++texts;
        if (auto *matrix = qobject_cast<RotationMatrixLabel *>(text))
            shownText += matrix->text() + QLatin1Char('\n');
        const int pixels = QFontInfo(text->font()).pixelSize();
        QVERIFY2(pixels >= RotationEquationPanel::kReadableEquationPixels,
                 qPrintable(QStringLiteral("%1 in %2 px").arg(QString::fromLatin1(text->metaObject()->className())).arg(pixels)));
    }
    QVERIFY(texts >= 6); // M_k = [symbols] = [numbers] and the note, or the equations
    QCOMPARE(shownText.contains(QStringLiteral("PE(")), !symbols.isEmpty());
    for (const QString &symbol : symbols)
        QVERIFY2(shownText.contains(symbol), qPrintable(symbol));
    // The numbers of both equations whenever they are shown: PE(15) = (0.6503, −0.7597).
    QCOMPARE(shownText.count(QStringLiteral("0.6503")), form == Form::Hidden ? 0 : 2);
    // Back to a large panel: the equations return, complete.
    panel.resize(900, 800);
    QCoreApplication::processEvents();
    QCOMPARE(panel.equations(), Form::Complete);
}

void TestRotationView::matrixBesideItsNoteWhenWide_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("beside");
    // 500 x 250: M_k's panel at 1280x720 in presentation mode, where three lines of note above
    // left the map 80 pixels.
    QTest::newRow("wide and low") << QSize(500, 250) << true;
    QTest::newRow("tall") << QSize(500, 600) << false;
    QTest::newRow("narrow and low") << QSize(260, 250) << false;
}

// M_k's note beside the map where that leaves the map a larger square than the note above it
// does (the plot's frame, 9 lines across and 4 down, taken off both).
void TestRotationView::matrixBesideItsNoteWhenWide()
{
    QFETCH(QSize, size);
    QFETCH(bool, beside);
    QWidget panel;
    auto *layout = new QVBoxLayout(&panel);
    auto *note = new QLabel(QStringLiteral("M_k (128 x 128, k = 5): one 2 x 2 rotation per pair on the diagonal. "
                                           "Outlined: pair 0. M_k depends on k only: move pos and it stays the same."));
    note->setWordWrap(true);
    auto *plot = new QWidget;
    layout->addWidget(note);
    layout->addWidget(plot, 1);
    const NoteBesidePlot *arrangement = new NoteBesidePlot(layout, note, plot, QSizeF(9, 4));
    panel.resize(size);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(arrangement->beside(), beside);
    const int line = plot->fontMetrics().height();
    const auto side = [&](QSize room) { return std::min(room.width() - 9 * line, room.height() - 4 * line); };
    const QRect area = layout->contentsRect();
    const int above = std::min(area.width() - 9 * line,
                               area.height() - note->heightForWidth(area.width()) - layout->spacing() - 4 * line);
    if (beside) {
        QVERIFY2(note->geometry().right() < plot->geometry().left(), "the note left of the plot");
        QVERIFY2(side(plot->size()) > above, qPrintable(QStringLiteral("%1 beside, %2 above").arg(side(plot->size())).arg(above)));
        QVERIFY2(note->heightForWidth(note->width()) <= area.height(), "the whole note in the panel's height");
    } else {
        QVERIFY2(note->geometry().bottom() < plot->geometry().top(), "the note above the plot");
        QCOMPARE(plot->width(), area.width());
    }
}

QTEST_MAIN(TestRotationView)
void TestRotationView::circleLabelsClear_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("pair");
    QTest::addColumn<QSize>("size");
    // 420 x 300: the circle's panel at 1280x720 in presentation mode, where "pos + k" covered
    // its own arrow and the arc, and "k·w₀ = 5 rad" the hand at pos.
    for (const QSize size : {QSize(420, 300), QSize(360, 360), QSize(640, 480)}) {
        const QByteArray name = QByteArray::number(size.width()) + 'x' + QByteArray::number(size.height());
        QTest::addRow("defaults pos 10 k 5, %s", name.constData()) << expected::Params().p << 0 << size;
        QTest::addRow("pos 0 k 1 pair 0, %s", name.constData()) << expected::Params().position(0).offset(1).p << 0 << size;
        QTest::addRow("pos 3 k -7 pair 2, %s", name.constData()) << expected::Params().position(3).offset(-7).p << 2 << size;
        QTest::addRow("pos 12 k 3 pair 1, %s", name.constData()) << expected::Params().position(12).offset(3).p << 1 << size;
    }
}

// The labels of the circle (pos, pos + k, the angle k·w_i) inside the axis rect, on no
// arrowhead, no other label, and over no part of the two arrows' shafts or the angle's arc;
// each arrow's label near its tip.
void TestRotationView::circleFillsItsShorterSide_data()
{
    QTest::addColumn<QList<QSize>>("sizes"); // the panel's sizes in turn; the last is judged
    QTest::newRow("tall") << QList<QSize>{QSize(300, 600)};
    QTest::newRow("wide") << QList<QSize>{QSize(600, 300)};
    QTest::newRow("wide, then tall") << QList<QSize>{QSize(700, 250), QSize(300, 600)};
    QTest::newRow("tall, then wide") << QList<QSize>{QSize(250, 700), QSize(600, 300)};
    QTest::newRow("square after both") << QList<QSize>{QSize(700, 250), QSize(250, 700), QSize(400, 400)};
}

// Whatever shapes the panel took before (a figure's layout tries several), the circle of radius
// |scale| spans its shorter side: that axis shows ±1.25 |scale|, the other as much per pixel.
void TestRotationView::circleFillsItsShorterSide()
{
    QFETCH(QList<QSize>, sizes);
    RotationCirclePanel panel;
    EncodingParams params;
    params.scale = 2;
    panel.setPair(params, 0);
    panel.show();
    QCustomPlot *plot = panel.plot();
    for (const QSize &size : sizes) {
        panel.resize(size);
        QCoreApplication::processEvents();
        plot->replot();
        plot->replot();
    }
    const QRect rect = plot->axisRect()->rect();
    const QCPAxis *shorter = rect.width() <= rect.height() ? plot->xAxis : plot->yAxis;
    const QCPAxis *longer = shorter == plot->xAxis ? plot->yAxis : plot->xAxis;
    QCOMPARE(shorter->range().lower, -2.5);
    QCOMPARE(shorter->range().upper, 2.5);
    const double perPixelX = plot->xAxis->range().size() / rect.width();
    const double perPixelY = plot->yAxis->range().size() / rect.height();
    QVERIFY2(std::abs(perPixelX / perPixelY - 1) < 0.02, qPrintable(QString::number(perPixelX / perPixelY)));
    QVERIFY(longer->range().size() >= shorter->range().size());
}

void TestRotationView::circleLabelsClear()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pair);
    QFETCH(QSize, size);
    RotationCirclePanel panel;
    panel.resize(size);
    panel.show();
    panel.setPair(params, pair);
    QCoreApplication::processEvents();
    QCustomPlot *plot = panel.plot();
    plot->replot();
    plot->replot();
    const auto pixel = [plot](QPointF coords) {
        return QPointF(plot->xAxis->coordToPixel(coords.x()), plot->yAxis->coordToPixel(coords.y()));
    };
    const auto box = [](const QCPItemText *text) {
        return QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
    };
    QList<QCPItemText *> labels;
    for (QCPItemText *text : plot->findChildren<QCPItemText *>()) {
        if (text->visible() && (text->text() == QStringLiteral("pos") || text->text() == QStringLiteral("pos + k")
                                || text->text().startsWith(QStringLiteral("k·w"))))
            labels << text;
    }
    QCOMPARE(labels.size(), 3);
    QList<QPointF> strokes; // the shafts up to their heads, and the arc
    QList<QRectF> heads;
    for (const QCPItemLine *arrow : {panel.positionArrow(), panel.shiftedArrow()}) {
        const QPointF from = pixel(arrow->start->coords()), tip = pixel(arrow->end->coords());
        const double head = arrow->head().length();
        const double length = QLineF(from, tip).length();
        for (double t = 0; t < length - head; t += 2)
            strokes << from + (tip - from) * (t / length);
        heads << QRectF(tip - QPointF(head / 2, head / 2), QSizeF(head, head));
    }
    const QCPCurveDataContainer &arc = *panel.angleArc()->data();
    if (panel.angleArc()->visible()) {
        for (int j = 0; j < arc.size(); ++j)
            strokes << pixel({arc.at(j)->key, arc.at(j)->value});
    }
    const QRectF frame = QRectF(plot->axisRect()->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
    for (const QCPItemText *label : std::as_const(labels)) {
        const QRectF r = box(label);
        const QString name = label->text();
        QVERIFY2(frame.contains(r), qPrintable(name + QStringLiteral(": outside the axis rect")));
        for (const QCPItemText *other : std::as_const(labels)) {
            if (other != label)
                QVERIFY2(!r.intersects(box(other)), qPrintable(name + QStringLiteral(" overlaps ") + other->text()));
        }
        for (const QRectF &head : std::as_const(heads))
            QVERIFY2(!r.intersects(head), qPrintable(name + QStringLiteral(" covers an arrowhead")));
        if (!name.startsWith(QStringLiteral("k·w"))) {
            const QCPItemLine *arrow = name == QStringLiteral("pos") ? panel.positionArrow() : panel.shiftedArrow();
            const QPointF tip = pixel(arrow->end->coords());
            const double dx = std::max({r.left() - tip.x(), 0.0, tip.x() - r.right()});
            const double dy = std::max({r.top() - tip.y(), 0.0, tip.y() - r.bottom()});
            const double reach = 0.3 * std::min(frame.width(), frame.height());
            QVERIFY2(std::hypot(dx, dy) <= reach, qPrintable(QStringLiteral("%1 is %2 px from its tip (at most %3)")
                                                                  .arg(name).arg(std::hypot(dx, dy)).arg(reach)));
        }
        for (const QPointF &point : std::as_const(strokes)) {
            QVERIFY2(!r.contains(point), qPrintable(QStringLiteral("%1 covers an arrow or the arc at (%2, %3)")
                                                         .arg(name).arg(point.x()).arg(point.y())));
        }
    }
}

#include "tst_rotationview.moc"

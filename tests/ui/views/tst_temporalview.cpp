// SPDX-License-Identifier: GPL-3.0-or-later
// The temporal view: the colour map, the curves and the circles hold sin/cos(2π t / P) as
// written out again in this file; the entries apply valid periods and refuse invalid ones.
#include "expected.h"

#include "ui/state/encodingstate.h"
#include "ui/window/inspectorpanel.h"
#include "ui/views/temporal/temporaltext.h"
#include "ui/views/temporal/temporalview.h"

#include <qcustomplot.h>

#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <numbers>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(QCPRange)

namespace {

// Column c of the temporal encoding at step t: sin (even c) or cos (odd c) of 2π t / P_{c/2}.
double temporalValue(const std::vector<double> &periods, double t, int c)
{
    const double angle = 2.0 * std::numbers::pi * t / periods[size_t(c / 2)];
    return c % 2 == 0 ? std::sin(angle) : std::cos(angle);
}

QString toText(const std::vector<double> &periods)
{
    QStringList parts;
    for (double p : periods)
        parts << QString::number(p, 'g', 17);
    return parts.join(QStringLiteral(", "));
}

} // namespace

class TestTemporalView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void heatmap_data();
    void heatmap();
    void heatmapBoxMeans_data();
    void heatmapBoxMeans();
    void boxToolTip();
    void curves_data();
    void curves();
    void editPeriods_data();
    void editPeriods();
    void badInput_data();
    void badInput();
    void editSteps();
    void addAndRemove();
    void circles_data();
    void circles();
    void clickCellInspects();
    void noteNamesTheSeedsColumns();
    void stepLabelAboveTheCurves_data();
    void stepLabelAboveTheCurves();
    void circleMarksClearOfTheCircles_data();
    void circleMarksClearOfTheCircles();

private:
    void setTemporal(const std::vector<double> &periods, int steps);
    void typeInto(QWidget *entry, const QString &text);

    EncodingState *m_state = nullptr;
    TemporalView *m_view = nullptr;
};

void TestTemporalView::init()
{
    m_state = new EncodingState;
    m_view = new TemporalView(m_state);
    m_view->resize(1000, 800);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestTemporalView::cleanup()
{
    delete m_view;
    delete m_state;
    m_view = nullptr;
    m_state = nullptr;
}

void TestTemporalView::setTemporal(const std::vector<double> &periods, int steps)
{
    TemporalParams temporal;
    temporal.periods = periods;
    temporal.steps = steps;
    QVERIFY(!m_state->changeScene([&](Scene &scene) { scene.temporal = temporal; }));
    m_state->flush();
}

void TestTemporalView::typeInto(QWidget *entry, const QString &text)
{
    entry->setFocus();
    QTest::keyClick(entry, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(entry, Qt::Key_Backspace);
    QTest::keyClicks(entry, text);
    QTest::keyClick(entry, Qt::Key_Return);
}

static void addTemporalRows()
{
    QTest::addColumn<std::vector<double>>("periods");
    QTest::addColumn<int>("steps");
    QTest::newRow("default 24, 168 × 336") << std::vector<double>{24, 168} << 336;
    QTest::newRow("7 × 10") << std::vector<double>{7} << 10;
    QTest::newRow("1.5, 10, 100 × 50") << std::vector<double>{1.5, 10, 100} << 50;
    QTest::newRow("one step") << std::vector<double>{24} << 1;
}

void TestTemporalView::heatmap_data()
{
    addTemporalRows();
}

void TestTemporalView::heatmap()
{
    QFETCH(std::vector<double>, periods);
    QFETCH(int, steps);
    setTemporal(periods, steps);
    const int columns = 2 * int(periods.size());
    QCPColorMapData *data = m_view->colorMap()->data();
    QCOMPARE(data->keySize(), columns);
    QCOMPARE(data->valueSize(), steps == 1 ? 2 : steps); // one row is drawn as two halves
    for (int r = 0; r < steps; ++r) {
        for (int c = 0; c < columns; ++c) {
            double column = 0, t = 0;
            data->cellToCoord(c, r, &column, &t);
            QCOMPARE(column, double(c));
            if (steps > 1)
                QCOMPARE(t, double(r));
            const double want = temporalValue(periods, r, c);
            QVERIFY2(std::abs(data->cell(c, r) - want) < 1e-12,
                     qPrintable(QStringLiteral("t %1, column %2: %3 vs %4").arg(r).arg(c).arg(data->cell(c, r)).arg(want)));
        }
    }
    QCOMPARE(m_view->colorScale()->dataRange(), QCPRange(-1, 1));
    QVERIFY(!m_view->colorMap()->interpolate());

    // Columns are labelled "sin P", "cos P" in order.
    auto ticker = m_view->mapPlot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().size(), columns);
    for (int j = 0; j < int(periods.size()); ++j) {
        QCOMPARE(ticker->ticks().value(2 * j), QStringLiteral("sin ") + expected::shown(periods[size_t(j)]));
        QCOMPARE(ticker->ticks().value(2 * j + 1), QStringLiteral("cos ") + expected::shown(periods[size_t(j)]));
    }
}

void TestTemporalView::heatmapBoxMeans_data()
{
    QTest::addColumn<std::vector<double>>("periods");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QCPRange>("zoom"); // the step axis; empty: all steps
    const QCPRange all;
    QTest::newRow("2^20 steps") << std::vector<double>{24, 168, 7.5, 1e6} << (1 << 20) << all;
    QTest::newRow("8760 steps") << std::vector<double>{24, 168, 8766} << 8760 << all;
    QTest::newRow("3001 steps (the last box shorter)") << std::vector<double>{1, 2, 24} << 3001 << all;
    QTest::newRow("2^20 steps, zoomed to 500000 … 503999")
        << std::vector<double>{24, 168} << (1 << 20) << QCPRange(499999.5, 503999.5);
    QTest::newRow("2^20 steps, zoomed to 100 steps: the steps themselves")
        << std::vector<double>{24, 7.5} << (1 << 20) << QCPRange(1000.5, 1100.5);
    QTest::newRow("2^20 steps, zoomed past the last step")
        << std::vector<double>{168} << (1 << 20) << QCPRange(1048000, 1049000);
}

// Where the steps in view outnumber the map's rows of pixels, each row of the map is the mean
// of its box of consecutive steps, boxes of n steps from whole multiples of n: every cell
// against the mean of std::sin / std::cos over its box, summed here step by step, at the box's
// middle; at most one row per pixel, as few steps per box as that allows; the title says so.
void TestTemporalView::heatmapBoxMeans()
{
    QFETCH(std::vector<double>, periods);
    QFETCH(int, steps);
    QFETCH(QCPRange, zoom);
    setTemporal(periods, steps);
    QCustomPlot *plot = m_view->mapPlot();
    plot->replot();
    if (zoom != QCPRange())
        plot->yAxis->setRange(zoom);
    plot->replot();
    plot->replot(); // a title of other lines is laid out again
    QCPColorMapData *data = m_view->colorMap()->data();
    const int pixels = int(plot->axisRect()->height() * plot->devicePixelRatioF());
    QVERIFY2(pixels > 100, qPrintable(QString::number(pixels)));
    const double low = std::max(0.0, std::floor(plot->yAxis->range().lower + 0.5));
    const double high = std::min(steps - 1.0, std::ceil(plot->yAxis->range().upper - 0.5));
    const int inView = int(high - low) + 1;
    const int rowsAtMost = std::min(pixels, 1024);
    const int perBox = (inView + rowsAtMost - 1) / rowsAtMost;
    QCOMPARE(m_view->stepsPerBox(), perBox);
    const int firstBox = int(low) / perBox;
    const int rows = int(high) / perBox - firstBox + 1;
    QVERIFY(rows <= rowsAtMost);
    const int columns = 2 * int(periods.size());
    QCOMPARE(data->keySize(), columns);
    QCOMPARE(data->valueSize(), rows);
    for (int r = 0; r < rows; ++r) {
        const int from = (firstBox + r) * perBox;
        const int to = std::min(steps, from + perBox);
        double column = 0, middle = 0;
        data->cellToCoord(0, r, &column, &middle);
        QVERIFY2(std::abs(middle - (from + 0.5 * (perBox - 1))) < 1e-6, qPrintable(QString::number(middle)));
        for (int c = 0; c < columns; ++c) {
            double sum = 0;
            for (int t = from; t < to; ++t)
                sum += temporalValue(periods, t, c);
            const double want = sum / (to - from);
            const double tol = 1e-14 * (1 + 2.0 * std::numbers::pi * to / periods[size_t(c / 2)]);
            QVERIFY2(std::abs(data->cell(c, r) - want) <= tol,
                     qPrintable(QStringLiteral("row %1 (steps %2 … %3), column %4: %5 vs %6")
                                    .arg(r).arg(from).arg(to - 1).arg(c).arg(data->cell(c, r)).arg(want)));
        }
    }
    // The title says what a row is.
    const auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
    QVERIFY(title);
    QCOMPARE(title->text().contains(QStringLiteral("mean")), perBox > 1);
    QCOMPARE(title->text().contains(QStringLiteral("of %1 steps").arg(perBox)), perBox > 1);
    QVERIFY(!title->text().contains(QStringLiteral("1 in every")));
    // A change of the steps shows all of them again.
    setTemporal(periods, steps - 1);
    QCOMPARE(plot->yAxis->range(), QCPRange(-0.5, steps - 1.5));
}

// Hovering a row that is a mean says so, names its steps and gives the mean; a row of one step
// explains the step.
void TestTemporalView::boxToolTip()
{
    // 2^20 steps in a map of fewer rows of pixels: rows of n > 1024 steps.
    setTemporal({24, 168}, 1 << 20);
    m_view->mapPlot()->replot();
    const int n = m_view->stepsPerBox();
    QVERIFY2(n > 1024, qPrintable(QString::number(n)));
    const int first = 5000 / n * n, last = first + n - 1; // the box of step 5000
    const QString tip = m_view->cellToolTip(5000, 2); // sin 168
    QVERIFY2(tip.contains(QStringLiteral("mean")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("%1 steps t = %2 … %3").arg(n).arg(first).arg(last)), qPrintable(tip));
    double sum = 0;
    for (int t = first; t <= last; ++t)
        sum += temporalValue({24, 168}, t, 2);
    QVERIFY2(tip.contains(QStringLiteral("= ") + expected::shown(sum / n)),
             qPrintable(tip + QStringLiteral(" / ") + expected::shown(sum / n)));
    // The step alone as well.
    QVERIFY2(tip.contains(expected::shown(temporalValue({24, 168}, 5000, 2))), qPrintable(tip));
    // A click on that row: the inspector says the same, the box and its mean.
    InspectorPanel inspector(m_state);
    QCustomPlot *plot = m_view->mapPlot();
    QTest::mouseClick(plot, Qt::LeftButton, {},
                      QPoint(int(plot->xAxis->coordToPixel(2)), int(plot->yAxis->coordToPixel(first + n / 2))));
    QCOMPARE(m_state->inspection().kind, Inspection::Kind::Temporal);
    QCOMPARE(m_state->inspection().box, n);
    // A row of boxes is about one pixel high: the click may land in a neighbouring box.
    const int clicked = int(m_state->inspection().a) / n * n;
    QVERIFY2(std::abs(clicked - first) <= n, qPrintable(QString::number(clicked)));
    double clickedSum = 0;
    for (int t = clicked; t < clicked + n; ++t)
        clickedSum += temporalValue({24, 168}, t, 2);
    QVERIFY2(inspector.text().contains(QStringLiteral("%1 steps t = %2 … %3").arg(n).arg(clicked).arg(clicked + n - 1)),
             qPrintable(inspector.text()));
    QVERIFY2(inspector.text().contains(QStringLiteral("= ") + expected::shown(clickedSum / n)), qPrintable(inspector.text()));
    // The last box is shorter: 2^20 - 24 steps in boxes of 1024 leave 1000 in the last one.
    TemporalParams shorter = m_state->temporal();
    shorter.steps = 1024 * 1024 - 24;
    const QString lastBox = TemporalText::temporalRow(shorter, 1024 * 1024 - 25, 1, 1024);
    QVERIFY2(lastBox.contains(QStringLiteral("1000 steps t = 1047552 … 1048551")), qPrintable(lastBox));

    setTemporal({24, 168}, 336);
    m_view->mapPlot()->replot();
    QCOMPARE(m_view->stepsPerBox(), 1);
    const QString one = m_view->cellToolTip(30, 0);
    QVERIFY2(!one.contains(QStringLiteral("mean")), qPrintable(one));
    QVERIFY2(one.contains(QStringLiteral("t = 30")), qPrintable(one));
}

void TestTemporalView::curves_data()
{
    addTemporalRows();
}

void TestTemporalView::curves()
{
    QFETCH(std::vector<double>, periods);
    QFETCH(int, steps);
    setTemporal(periods, steps);
    QVERIFY(!m_state->setPosition(7));
    m_state->flush();
    const int columns = 2 * int(periods.size());
    QCOMPARE(m_view->curveCount(), columns);
    for (int c = 0; c < columns; ++c) {
        const auto data = m_view->curve(c)->data();
        QCOMPARE(data->size(), steps);
        for (auto it = data->constBegin(); it != data->constEnd(); ++it)
            QVERIFY(std::abs(it->value - temporalValue(periods, it->key, c)) < 1e-12);
        QVERIFY(m_view->curve(c)->name().startsWith(c % 2 == 0 ? QStringLiteral("sin") : QStringLiteral("cos")));
    }
    QCOMPARE(m_view->stepMarker(), 7.0);
}

void TestTemporalView::editPeriods_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<double>>("periods");
    QTest::newRow("three") << QStringLiteral("24, 168, 12") << std::vector<double>{24, 168, 12};
    QTest::newRow("one") << QStringLiteral("7") << std::vector<double>{7};
    QTest::newRow("fractions, spaces") << QStringLiteral("0.5 2.5") << std::vector<double>{0.5, 2.5};
    QTest::newRow("semicolons") << QStringLiteral(" 24 ; 48 ") << std::vector<double>{24, 48};
    QTest::newRow("sixteen") << QStringLiteral("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16")
                             << std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
}

void TestTemporalView::editPeriods()
{
    QFETCH(QString, text);
    QFETCH(std::vector<double>, periods);
    typeInto(m_view->periodsEntry(), text);
    QCOMPARE(m_state->temporal().periods, periods);
    QCOMPARE(m_state->temporal().steps, 336);
    QVERIFY(m_view->errorText().isEmpty());
    m_state->flush();
    QCOMPARE(m_view->colorMap()->data()->keySize(), 2 * int(periods.size()));
    QCOMPARE(m_view->circleCount(), int(periods.size()));
    QCOMPARE(m_view->periodsEntry()->text().remove(QLatin1Char(' ')), toText(periods).remove(QLatin1Char(' ')));
}

void TestTemporalView::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const QString range = QStringLiteral("periods: each period must be a number in [1e-9, 1e9]");
    const QString count = QStringLiteral("periods: give between 1 and 16 periods");
    QTest::newRow("negative") << QStringLiteral("24, -1") << range;
    QTest::newRow("zero") << QStringLiteral("0") << range;
    QTest::newRow("too long") << QStringLiteral("24, 2e9") << range;
    QTest::newRow("not a number") << QStringLiteral("abc") << QStringLiteral("periods: “abc” is not a number");
    QTest::newRow("number and word") << QStringLiteral("24, 1x") << QStringLiteral("periods: “1x” is not a number");
    QTest::newRow("17 periods") << QStringLiteral("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17") << count;
    QTest::newRow("empty") << QString() << count;
}

void TestTemporalView::badInput()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    const TemporalParams before = m_state->temporal();
    QSignalSpy changed(m_state, &EncodingState::changed);
    typeInto(m_view->periodsEntry(), text);
    QCOMPARE(m_view->errorText(), error);
    m_state->flush();
    QCOMPARE(changed.count(), 0);
    QVERIFY(m_state->temporal() == before);
    // What was typed stays, so that it can be corrected; the plots still show the state.
    QCOMPARE(m_view->periodsEntry()->text(), text);
    QCOMPARE(m_view->colorMap()->data()->keySize(), 4);

    // A valid entry afterwards clears the message.
    typeInto(m_view->periodsEntry(), QStringLiteral("12"));
    QVERIFY(m_view->errorText().isEmpty());
    QCOMPARE(m_state->temporal().periods, std::vector<double>{12});
}

void TestTemporalView::editSteps()
{
    typeInto(m_view->stepsBox(), QStringLiteral("48"));
    QCOMPARE(m_state->temporal().steps, 48);
    m_state->flush();
    QCOMPARE(m_view->colorMap()->data()->valueSize(), 48);
    QCOMPARE(m_view->curve(0)->data()->size(), 48);

    setTemporal({24, 168}, 100);
    QCOMPARE(m_view->stepsBox()->value(), 100);
}

void TestTemporalView::addAndRemove()
{
    QTest::mouseClick(m_view->addButton(), Qt::LeftButton);
    QCOMPARE(m_state->temporal().periods, (std::vector<double>{24, 168, 720}));
    m_state->flush();
    QCOMPARE(m_view->circleCount(), 3);
    QTest::mouseClick(m_view->removeButton(), Qt::LeftButton);
    QTest::mouseClick(m_view->removeButton(), Qt::LeftButton);
    m_state->flush();
    QCOMPARE(m_state->temporal().periods, std::vector<double>{24});
    QVERIFY(!m_view->removeButton()->isEnabled()); // at least one period stays
    QCOMPARE(m_view->periodsEntry()->text(), QStringLiteral("24"));
}

void TestTemporalView::circles_data()
{
    QTest::addColumn<double>("t");
    QTest::newRow("t 10") << 10.0;
    QTest::newRow("t 0") << 0.0;
    QTest::newRow("t 30 (past a day)") << 30.0;
    QTest::newRow("t 335 (last step)") << 335.0;
    QTest::newRow("t 30.5 (between steps)") << 30.5;
    QTest::newRow("t 400 (beyond the steps)") << 400.0;
    QTest::newRow("t −5") << -5.0;
}

void TestTemporalView::circles()
{
    QFETCH(double, t);
    const std::vector<double> periods{24, 168, 7.5};
    setTemporal(periods, 336);
    QVERIFY(!m_state->setPosition(t));
    m_state->flush();
    QCOMPARE(m_view->circleCount(), 3);
    for (int j = 0; j < 3; ++j) {
        const double period = periods[size_t(j)];
        const QPointF point = m_view->circlePoint(j);
        const double angle = 2.0 * std::numbers::pi * t / period;
        QVERIFY2(std::abs(point.x() - std::sin(angle)) < 1e-12 && std::abs(point.y() - std::cos(angle)) < 1e-12,
                 qPrintable(QStringLiteral("P %1: (%2, %3)").arg(period).arg(point.x()).arg(point.y())));
        const double mod = t - period * std::floor(t / period);
        QCOMPARE(m_view->circleLabel(j),
                 QStringLiteral("P = %1\nt mod P = %2").arg(expected::shown(period), expected::shown(mod)));
    }
}

void TestTemporalView::clickCellInspects()
{
    setTemporal({24, 168}, 48);
    QCustomPlot *plot = m_view->mapPlot();
    plot->replot();
    QSignalSpy spy(m_state, &EncodingState::inspectionChanged);
    const QPoint pixel(int(plot->xAxis->coordToPixel(3)), int(plot->yAxis->coordToPixel(17)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m_state->inspection(), (Inspection{Inspection::Kind::Temporal, 17, 3, 1}));
}

void TestTemporalView::noteNamesTheSeedsColumns()
{
    // The seed allocates sum(periods) · 2 = 384 columns for 24, 168; 4 are meant.
    QVERIFY2(m_view->noteText().contains(QStringLiteral("= 384")), qPrintable(m_view->noteText()));
    QVERIFY(m_view->noteText().contains(QStringLiteral("= 4 columns")));
    setTemporal({12}, 24);
    QVERIFY(m_view->noteText().contains(QStringLiteral("= 24")));
    QVERIFY(m_view->noteText().contains(QStringLiteral("= 2 columns")));
}

void TestTemporalView::stepLabelAboveTheCurves_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("position");
    QTest::newRow("1000 x 800, pos 10 of 168") << QSize(1000, 800) << 168 << 10.0;
    QTest::newRow("1000 x 800, pos 160 of 168 (near the end)") << QSize(1000, 800) << 168 << 160.0;
    QTest::newRow("1000 x 800, pos 0") << QSize(1000, 800) << 168 << 0.0;
    QTest::newRow("640 x 420, pos 10 of 48") << QSize(640, 420) << 48 << 10.0;
}

// The label of t = pos stands above the curves' frame (never on the gridline at 1 nor on a
// crest of a curve), beside its line, inside the plot, under the legend.
void TestTemporalView::stepLabelAboveTheCurves()
{
    QFETCH(QSize, size);
    QFETCH(int, steps);
    QFETCH(double, position);
    m_view->resize(size);
    setTemporal({24, 168}, steps);
    QVERIFY(!m_state->setPosition(position));
    m_state->flush();
    QCustomPlot *plot = m_view->curvesPlot();
    plot->replot();
    plot->replot(); // the band's height settles in a second layout
    const QCPItemText *label = m_view->stepLabel();
    QCOMPARE(label->text(), QStringLiteral("t = pos = %1").arg(position));
    const QRectF box = QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
    const QRect frame = plot->axisRect()->rect();
    QVERIFY2(box.bottom() <= frame.top() + 0.5, qPrintable(QStringLiteral("label to %1, frame from %2").arg(box.bottom()).arg(frame.top())));
    QVERIFY(box.top() >= 0);
    QVERIFY(box.left() >= frame.left() - 0.5 && box.right() <= frame.right() + 1.5);
    QVERIFY2(!box.intersects(QRectF(plot->legend->outerRect())), "the label is under the legend, not on it");
    const double x = plot->xAxis->coordToPixel(position);
    QVERIFY(std::min(std::abs(box.left() - x), std::abs(box.right() - x)) <= 3);
}

void TestTemporalView::circleMarksClearOfTheCircles_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("periods");
    QTest::newRow("1000 x 800, two circles") << QSize(1000, 800) << 2;
    QTest::newRow("1000 x 800, six circles in two rows") << QSize(1000, 800) << 6;
    QTest::newRow("560 x 380, two circles (a small page)") << QSize(560, 380) << 2;
}

// "t = 0", "P/4", "P/2" and "3P/4" stand outside their circle, clear of its line and of the
// dot of t on it (13 pixels across), no centre line through them, and inside their panel.
void TestTemporalView::circleMarksClearOfTheCircles()
{
    QFETCH(QSize, size);
    QFETCH(int, periods);
    m_view->resize(size);
    std::vector<double> list;
    for (int j = 0; j < periods; ++j)
        list.push_back(24.0 * (j + 1));
    setTemporal(list, 48);
    QCustomPlot *plot = m_view->circlesPlot();
    plot->replot();
    QCOMPARE(m_view->circleCount(), periods);
    for (int j = 0; j < periods; ++j) {
        // The panel of circle j: the one its hand is drawn in.
        QCPAxisRect *panel = plot->graph(3 * j + 1)->keyAxis()->axisRect();
        QCPAxis *x = panel->axis(QCPAxis::atBottom);
        QCPAxis *y = panel->axis(QCPAxis::atLeft);
        const QPointF centre(x->coordToPixel(0), y->coordToPixel(0));
        const double radius = x->coordToPixel(1) - centre.x();
        QVERIFY(radius > 4);
        QVERIFY2(std::abs((centre.y() - y->coordToPixel(1)) - radius) < 0.5, "the circle is round");
        const double dot = plot->graph(3 * j + 2)->scatterStyle().size(); // the dot of t
        QVERIFY(dot >= 7);
        const QList<QCPItemText *> marks = m_view->circleMarks(j);
        QCOMPARE(marks.size(), 4);
        for (const QCPItemText *mark : marks) {
            const QRectF box = QRectF(mark->topLeft->pixelPosition(), mark->bottomRight->pixelPosition()).normalized();
            // The nearest point of the box to the centre is beyond the circle and the dot.
            const double nx = std::clamp(centre.x(), box.left(), box.right());
            const double ny = std::clamp(centre.y(), box.top(), box.bottom());
            const double distance = std::hypot(nx - centre.x(), ny - centre.y());
            QVERIFY2(distance >= radius + 0.5 * dot,
                     qPrintable(QStringLiteral("circle %1, %2: %3 px from the centre, radius %4").arg(j).arg(mark->text()).arg(distance).arg(radius)));
            // No line runs through a mark: no zero line across the panel, and the centre
            // lines (items) stay inside the circle.
            for (QCPAxis *axis : {x, y})
                QCOMPARE(axis->grid()->zeroLinePen().style(), Qt::NoPen);
            for (int i = 0; i < plot->itemCount(); ++i) {
                auto *line = qobject_cast<QCPItemLine *>(plot->item(i));
                if (!line || line->clipAxisRect() != panel)
                    continue;
                const QLineF segment(line->start->pixelPosition(), line->end->pixelPosition());
                for (double f = 0; f <= 1.0; f += 1.0 / 64) {
                    QVERIFY2(!box.contains(segment.pointAt(f)),
                             qPrintable(QStringLiteral("circle %1: a centre line runs through %2").arg(j).arg(mark->text())));
                }
            }
            QVERIFY2(QRectF(panel->rect()).adjusted(-0.5, -0.5, 0.5, 0.5).contains(box),
                     qPrintable(QStringLiteral("circle %1, %2 outside its panel: %3..%4 x %5..%6, panel y %7..%8").arg(j).arg(mark->text()).arg(box.left()).arg(box.right()).arg(box.top()).arg(box.bottom()).arg(panel->rect().top()).arg(panel->rect().bottom()) + QStringLiteral(" x %1..%2 r %3 c %4,%5").arg(panel->rect().left()).arg(panel->rect().right()).arg(radius).arg(centre.x()).arg(centre.y())));
        }
    }
}

QTEST_MAIN(TestTemporalView)
#include "tst_temporalview.moc"

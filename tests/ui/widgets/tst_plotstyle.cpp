// SPDX-License-Identifier: GPL-3.0-or-later
// PlotStyle's figure typography and whole-number ticks. An integer axis (positions,
// dimensions, rows of M_k, offsets) of every registered view, shown offscreen at d_model 16
// and again after a zoom, has only whole ticks; a figure's tick labels carry a true minus
// sign and powers of ten as 10 with a superscript.
#include "ui/state/encodingstate.h"
#include "ui/views/viewdescriptor.h"
#include "ui/views/viewregistry.h"
#include "ui/widgets/matrixplot.h"
#include "ui/widgets/plotfit.h"
#include "ui/widgets/plotstyle.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QLabel>
#include <QRegularExpression>
#include <QTest>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace posenc;

namespace {

// An axis whose quantity is a whole number, by its (English) label.
bool isIntegerAxis(const QCPAxis *axis)
{
    static const QRegularExpression integer(
        QStringLiteral("^(position|dimension|row of|column of|offset|time step|pair index|step$|sequence length)"));
    return axis->visible() && axis->tickLabels() && integer.match(axis->label()).hasMatch();
}

QString fractionalTicks(const QCPAxis *axis)
{
    QStringList bad;
    for (const double tick : axis->tickVector()) {
        if (std::abs(tick - std::round(tick)) > 1e-9)
            bad << QString::number(tick);
    }
    return bad.join(QStringLiteral(", "));
}

void settle()
{
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
}

} // namespace

class TestPlotStyle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void integerTicks_data();
    void integerTicks();
    void integerAxesOfEveryView_data();
    void integerAxesOfEveryView();
    void figureTickLabel_data();
    void figureTickLabel();
    void figureTypographyOnAPlot();
    void axisLabelsBreakOutsideParentheses_data();
    void axisLabelsBreakOutsideParentheses();
    void legendKeepsOffTheData_data();
    void legendKeepsOffTheData();
    void shortLogAxisKeepsTwoLabels_data();
    void shortLogAxisKeepsTwoLabels();
    void matrixTokensStandApart();
    void figureWatchersReportTheShape_data();
    void figureWatchersReportTheShape();
    void figureShapeFollowsThePage_data();
    void figureShapeFollowsThePage();
};

void TestPlotStyle::integerTicks_data()
{
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("upper");
    QTest::addColumn<int>("tickCount");
    QTest::newRow("d_model 16") << -0.5 << 15.5 << 5;
    QTest::newRow("zoomed to 6.3 .. 9.1") << 6.3 << 9.1 << 5;
    QTest::newRow("zoomed to 2 cells") << 7.4 << 8.6 << 5;
    QTest::newRow("offsets -7.5 .. 7.5") << -7.5 << 7.5 << 6;
    QTest::newRow("12 positions, 5 ticks") << 0.0 << 12.0 << 5;
    QTest::newRow("0 .. 25 (2.5 steps)") << 0.0 << 25.0 << 10;
    QTest::newRow("4096 dimensions") << -0.5 << 4095.5 << 5;
}

// The ticks and the sub-ticks of an integer axis are whole, and there are at least two
// ticks where the range holds two whole numbers.
void TestPlotStyle::integerTicks()
{
    QFETCH(double, lower);
    QFETCH(double, upper);
    QFETCH(int, tickCount);
    QCustomPlot plot;
    plot.resize(400, 300);
    PlotStyle::useIntegerTicks(plot.xAxis);
    plot.xAxis->ticker()->setTickCount(tickCount);
    plot.xAxis->setRange(lower, upper);
    plot.replot();
    QVERIFY2(fractionalTicks(plot.xAxis).isEmpty(), qPrintable(fractionalTicks(plot.xAxis)));
    QVector<double> ticks, subTicks;
    plot.xAxis->ticker()->generate(plot.xAxis->range(), plot.locale(), QLatin1Char('g'), 6, ticks, &subTicks, nullptr);
    QCOMPARE(ticks, plot.xAxis->tickVector());
    for (const double tick : subTicks)
        QVERIFY2(std::abs(tick - std::round(tick)) < 1e-9, qPrintable(QString::number(tick)));
    if (std::floor(upper) - std::ceil(lower) >= 1)
        QVERIFY(plot.xAxis->tickVector().size() >= 2);
    // Not all labels are "0": whole ticks print as whole numbers.
    for (const QString &label : plot.xAxis->tickVectorLabels())
        QVERIFY2(!label.contains(QLatin1Char('.')), qPrintable(label));
}

void TestPlotStyle::integerAxesOfEveryView_data()
{
    QTest::addColumn<QString>("view");
    for (const ViewDescriptor *view : ViewRegistry::all())
        QTest::newRow(qPrintable(view->id)) << view->id;
}

// Lesson 1's d_model 16 showed "dimension 2.5 / 7.5 / 12.5", a wheel zoom "position 7.5",
// M_k "row 2.5", the similarity "Δ = −7.5".
void TestPlotStyle::integerAxesOfEveryView()
{
    QFETCH(QString, view);
    EncodingState state;
    EncodingParams params = state.params();
    params.dModel = 16;
    params.seqLen = 16;
    QVERIFY(!state.setParams(params));
    std::unique_ptr<QWidget> widget(ViewRegistry::find(view)->create(&state));
    widget->resize(1000, 700);
    widget->show();
    state.flush();
    settle();
    int checked = 0;
    for (QCustomPlot *plot : widget->findChildren<QCustomPlot *>()) {
        plot->replot();
        for (QCPAxisRect *rect : plot->axisRects()) {
            for (QCPAxis *axis : rect->axes()) {
                if (!isIntegerAxis(axis))
                    continue;
                ++checked;
                QVERIFY2(fractionalTicks(axis).isEmpty(),
                         qPrintable(axis->label() + QStringLiteral(": ") + fractionalTicks(axis)));
                // Zoomed in about the middle, as the mouse wheel does.
                axis->scaleRange(0.23, axis->range().center());
                plot->replot();
                QVERIFY2(fractionalTicks(axis).isEmpty(),
                         qPrintable(axis->label() + QStringLiteral(" zoomed: ") + fractionalTicks(axis)));
            }
        }
    }
    if (view != QLatin1String("temporal") && view != QLatin1String("rotation"))
        QVERIFY2(checked > 0, "no integer axis found: the labels changed?");
}

void TestPlotStyle::figureTickLabel_data()
{
    QTest::addColumn<QString>("label");
    QTest::addColumn<double>("tick");
    QTest::addColumn<bool>("logarithmic");
    QTest::addColumn<QString>("expected");
    QTest::newRow("minus") << QStringLiteral("-0.5") << -0.5 << false << QStringLiteral("\u22120.5");
    QTest::newRow("minus one") << QStringLiteral("-1") << -1.0 << false << QStringLiteral("\u22121");
    QTest::newRow("positive") << QStringLiteral("0.5") << 0.5 << false << QStringLiteral("0.5");
    QTest::newRow("zero") << QStringLiteral("0") << 0.0 << false << QStringLiteral("0");
    QTest::newRow("in a text") << QStringLiteral("Δ = -5") << -5.0 << false << QStringLiteral("Δ = \u22125");
    QTest::newRow("a hyphen in a word") << QStringLiteral("sin-cos") << 0.0 << false << QStringLiteral("sin-cos");
    QTest::newRow("1E+05 on a log axis") << QStringLiteral("1E+05") << 1e5 << true << QStringLiteral("10\u2075");
    QTest::newRow("1E-04 on a log axis") << QStringLiteral("1E-04") << 1e-4 << true << QStringLiteral("10\u207b\u2074");
    QTest::newRow("1 on a log axis") << QStringLiteral("1") << 1.0 << true << QStringLiteral("10\u2070");
    QTest::newRow("1e+12 on a log axis") << QStringLiteral("1e+12") << 1e12 << true << QStringLiteral("10\u00b9\u00b2");
    QTest::newRow("2E+03 on a linear axis") << QStringLiteral("2E+03") << 2e3 << false << QStringLiteral("2\u00d710\u00b3");
}

void TestPlotStyle::figureTickLabel()
{
    QFETCH(QString, label);
    QFETCH(double, tick);
    QFETCH(bool, logarithmic);
    QFETCH(QString, expected);
    QCOMPARE(PlotStyle::figureTickLabel(label, tick, logarithmic), expected);
}

// On a plot: the labels the axes hold after applyFigureTypography, a log axis in 10ⁿ, ticks
// outward, the tick count a view sets afterwards still reaching the ticker.
void TestPlotStyle::figureTypographyOnAPlot()
{
    QCustomPlot plot;
    plot.resize(400, 300);
    plot.xAxis->setRange(-1, 1);
    plot.yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot.yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    plot.yAxis->setNumberFormat(QStringLiteral("eb"));
    plot.yAxis->setNumberPrecision(0);
    plot.yAxis->setRange(1, 1e5);
    plot.replot();
    QVERIFY(plot.xAxis->tickVectorLabels().contains(QStringLiteral("-0.5")));
    PlotStyle::applyFigureTypography(&plot);
    plot.replot();
    const QStringList x = plot.xAxis->tickVectorLabels();
    QVERIFY2(x.contains(QStringLiteral("\u22120.5")) && !x.join(QString()).contains(QLatin1Char('-')), qPrintable(x.join(QStringLiteral(" "))));
    const QStringList y = plot.yAxis->tickVectorLabels();
    QVERIFY2(y.contains(QStringLiteral("10\u2075")) && y.contains(QStringLiteral("10\u00b2")), qPrintable(y.join(QStringLiteral(" "))));
    QCOMPARE(plot.xAxis->tickLengthIn(), 0);
    QVERIFY(plot.xAxis->tickLengthOut() > 0);
    plot.xAxis->ticker()->setTickCount(2);
    plot.replot();
    QVERIFY2(plot.xAxis->tickVector().size() <= 3, "the tick count set after the typography was lost");
}

void TestPlotStyle::axisLabelsBreakOutsideParentheses_data()
{
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("widest"); // the axis is as long as this text and a little
    QTest::addColumn<QString>("expected");
    QTest::newRow("a formula stays whole") << QStringLiteral("sin or cos(2π t / P)") << QStringLiteral("sin or cos(2π")
                                           << QStringLiteral("sin or\ncos(2π t / P)");
    QTest::newRow("a unit stays whole") << QStringLiteral("dimension (column of PE)") << QStringLiteral("dimension (column")
                                        << QStringLiteral("dimension\n(column of PE)");
    QTest::newRow("a group wider than the axis breaks inside")
        << QStringLiteral("offset (a long parenthesised remark)") << QStringLiteral("parenthesised")
        << QStringLiteral("offset (a long\nparenthesised\nremark)");
    QTest::newRow("no parentheses") << QStringLiteral("position of the token") << QStringLiteral("position of")
                                    << QStringLiteral("position of\nthe token");
}

// PlotFit breaks an axis label longer than its axis at spaces, not inside a parenthesised
// group (a formula, a unit) while the group fits a line.
void TestPlotStyle::axisLabelsBreakOutsideParentheses()
{
    QFETCH(QString, label);
    QFETCH(QString, widest);
    QFETCH(QString, expected);
    QCustomPlot plot;
    plot.axisRect()->setAutoMargins(QCP::msNone);
    plot.axisRect()->setMargins(QMargins(0, 0, 0, 80));
    plot.xAxis->setLabel(label);
    PlotFit::fitAxisLabels(&plot);
    const int length = QFontMetrics(plot.xAxis->labelFont()).horizontalAdvance(widest) + 4;
    plot.resize(length, 300);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.replot();
    QCOMPARE(plot.axisRect()->width(), length);
    QCOMPARE(plot.xAxis->label(), expected);
}

void TestPlotStyle::legendKeepsOffTheData_data()
{
    // A curve from (0, y0) to (10, y1) on axes 0 to 10, and the corner its legend takes.
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    QTest::addColumn<int>("corner");
    const int topRight = int(Qt::AlignTop | Qt::AlignRight), topLeft = int(Qt::AlignTop | Qt::AlignLeft);
    const int bottomRight = int(Qt::AlignBottom | Qt::AlignRight);
    QTest::newRow("low and flat: the top right") << 0.5 << 0.5 << topRight;
    QTest::newRow("rising to the top right: the top left") << 0.5 << 9.5 << topLeft;
    QTest::newRow("along the top: the bottom right") << 9.5 << 9.5 << bottomRight;
}

// A legend inside a plot moves to the corner its curves leave free (the training lab's loss:
// where a run's curves go depends on the run).
void TestPlotStyle::legendKeepsOffTheData()
{
    QFETCH(double, from);
    QFETCH(double, to);
    QFETCH(int, corner);
    QCustomPlot plot;
    plot.resize(400, 300);
    QCPGraph *graph = plot.addGraph();
    graph->setName(QStringLiteral("a curve"));
    QVector<double> keys, values;
    for (int i = 0; i <= 40; ++i) {
        keys << i / 4.0;
        values << from + (to - from) * i / 40.0;
    }
    graph->setData(keys, values);
    plot.xAxis->setRange(0, 10);
    plot.yAxis->setRange(0, 10);
    plot.legend->setVisible(true);
    PlotFit::keepLegendOffData(&plot, plot.legend);
    plot.show();
    plot.replot();
    QCOMPARE(int(plot.axisRect()->insetLayout()->insetAlignment(0)), corner);
    // Painted where it was placed: its rect in the corner and clear of the curve.
    const QRect legend = plot.legend->outerRect();
    for (int i = 0; i < keys.size(); ++i) {
        const QPointF point(plot.xAxis->coordToPixel(keys[i]), plot.yAxis->coordToPixel(values[i]));
        QVERIFY2(!legend.contains(point.toPoint()), qPrintable(QStringLiteral("point %1 under the legend").arg(i)));
    }
}

void TestPlotStyle::shortLogAxisKeepsTwoLabels_data()
{
    QTest::addColumn<int>("height"); // of the axis rect, in pixels
    QTest::addColumn<int>("fewest"); // labels shown
    QTest::newRow("tall") << 400 << 3;
    QTest::newRow("a slide's ladder row") << 64 << 2;
}

// A vertical log axis over nine decades in large text (a slide's frequency ladder) shows at
// least two labels where two stand apart by their ink, though not by their line height.
void TestPlotStyle::shortLogAxisKeepsTwoLabels()
{
    QFETCH(int, height);
    QFETCH(int, fewest);
    QCustomPlot plot;
    PlotStyle::useLogScale(plot.yAxis);
    QFont font = plot.yAxis->tickLabelFont();
    font.setPixelSize(28);
    plot.yAxis->setTickLabelFont(font);
    plot.axisRect()->setAutoMargins(QCP::msNone);
    plot.axisRect()->setMargins(QMargins(120, 20, 10, 20));
    plot.resize(400, height + 40);
    plot.setViewport(plot.rect()); // a widget never shown has no resize event
    plot.yAxis->setRange(1e-9, 1.5);
    plot.replot();
    QCOMPARE(plot.axisRect()->height(), height);
    PlotFit::fitTicks(&plot, plot.yAxis);
    plot.replot();
    QVERIFY(plot.yAxis->tickLabels());
    QVector<double> shown;
    const QVector<double> ticks = plot.yAxis->tickVector();
    const QVector<QString> labels = plot.yAxis->tickVectorLabels();
    for (int n = 0; n < ticks.size(); ++n) {
        if (plot.yAxis->range().contains(ticks[n]) && !labels[n].isEmpty())
            shown << plot.yAxis->coordToPixel(ticks[n]);
    }
    QVERIFY2(shown.size() >= fewest, qPrintable(QStringLiteral("%1 labels").arg(shown.size())));
    // Apart by their ink: the digits' height and a little.
    const double ink = QFontMetricsF(font).tightBoundingRect(QStringLiteral("10")).height();
    std::sort(shown.begin(), shown.end());
    for (int n = 1; n < shown.size(); ++n)
        QVERIFY2(shown[n] - shown[n - 1] > ink, qPrintable(QStringLiteral("%1 px apart").arg(shown[n] - shown[n - 1])));
}

// A matrix's token labels keep a quarter of a line between them in large text, also when the
// map narrows in a layout with no replot after it (a figure is painted after its own layout).
void TestPlotStyle::matrixTokensStandApart()
{
    MatrixPlot plot(MatrixPlot::Range::Signed);
    QFont font = plot.xAxis->tickLabelFont();
    font.setPixelSize(28);
    plot.xAxis->setTickLabelFont(font);
    const QStringList tokens{QStringLiteral("我"), QStringLiteral("吃"), QStringLiteral("鱼")};
    plot.setMatrix(RowMatrixXd::Identity(3, 3), tokens, tokens);
    plot.resize(700, 300);
    plot.setViewport(plot.rect()); // a widget never shown has no resize event
    plot.replot();
    const auto shown = [&plot] {
        QStringList labels;
        for (const QString &label : plot.xAxis->tickVectorLabels()) {
            if (!label.isEmpty())
                labels << label;
        }
        return labels;
    };
    QCOMPARE(shown().size(), 3);

    // A figure's painting lays the plot out for its page and draws it, with no replot.
    plot.resize(150, 300);
    plot.setViewport(plot.rect());
    plot.toPixmap(150, 300);
    const double width = plot.axisRect()->width() / 3.0; // a cell
    const double glyph = QFontMetricsF(font).horizontalAdvance(QStringLiteral("吃"));
    const double gap = QFontMetricsF(font).height() / 4;
    const QVector<double> ticks = plot.xAxis->tickVector();
    QVERIFY(!ticks.isEmpty());
    for (int n = 1; n < ticks.size(); ++n) {
        const double apart = (ticks[n] - ticks[n - 1]) * width;
        QVERIFY2(apart >= glyph + gap,
                 qPrintable(QStringLiteral("labels %1 px apart, %2 px wide").arg(apart).arg(glyph)));
    }
    QVERIFY2(shown().size() < 3, qPrintable(shown().join(QLatin1Char(0x20)) + QStringLiteral(" in %1 px").arg(plot.axisRect()->width())));
}

// A view's figure watchers, for a view of a size in lines of its font: the shape watcher
// (compact below 40 x 12 lines, wide at 1.6 times as wide as high) and the figure watcher
// (any size). Nothing is reported for a window; a figure reports once, and again when it stops.
void TestPlotStyle::figureWatchersReportTheShape_data()
{
    QTest::addColumn<bool>("figure");
    QTest::addColumn<QSizeF>("lines");
    QTest::addColumn<bool>("compact");
    QTest::addColumn<bool>("wide");
    QTest::newRow("a window, small") << false << QSizeF(20.5, 8.5) << false << false;
    QTest::newRow("a large figure") << true << QSizeF(60.5, 30.5) << false << false;
    QTest::newRow("narrow and short: compact") << true << QSizeF(26.5, 19.5) << true << false;
    QTest::newRow("short and wide: compact, wide") << true << QSizeF(40.5, 11.5) << true << true;
    QTest::newRow("wide but large") << true << QSizeF(80.5, 20.5) << false << false;
    QTest::newRow("tall, not wide") << true << QSizeF(30.5, 40.5) << true << false;
}

void TestPlotStyle::figureWatchersReportTheShape()
{
    QFETCH(bool, figure);
    QFETCH(QSizeF, lines);
    QFETCH(bool, compact);
    QFETCH(bool, wide);
    QWidget view;
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    const double line = QFontMetricsF(view.font()).lineSpacing();
    view.resize(qRound(lines.width() * line), qRound(lines.height() * line));
    QList<PlotStyle::FigureShape> shapes;
    QList<bool> figures;
    PlotStyle::watchFigureShape(&view, QSizeF(40, 12), [&](PlotStyle::FigureShape shape) { shapes << shape; }, true);
    PlotStyle::watchFigure(&view, [&](bool isFigure) { figures << isFigure; });
    PlotStyle::setFigure(&view, figure);
    view.resize(view.size() + QSize(1, 0)); // a resize that changes no shape reports nothing
    if (!figure) {
        QVERIFY(shapes.isEmpty());
        QVERIFY(figures.isEmpty());
        return;
    }
    QCOMPARE(shapes.size(), 1);
    QCOMPARE(shapes.first().figure, true);
    QCOMPARE(shapes.first().compact, compact);
    QCOMPARE(shapes.first().wide, wide);
    QCOMPARE(figures, QList<bool>{true});
    PlotStyle::setFigure(&view, false);
    QCOMPARE(shapes.size(), 2);
    QCOMPARE(shapes.last(), PlotStyle::FigureShape{});
    QCOMPARE(figures, (QList<bool>{true, false}));
}

void TestPlotStyle::figureShapeFollowsThePage_data()
{
    QTest::addColumn<bool>("captioned");
    QTest::addColumn<bool>("heldLarger");
    QTest::newRow("a view under a caption") << true << false;
    QTest::newRow("a view held larger than its page") << false << true;
    QTest::newRow("both") << true << true;
}

// A view turns compact for the page it is laid out for: inside a figure that wraps it (an
// animation's frame under its caption), and where the minimum of its screen layout holds it
// larger than the page.
void TestPlotStyle::figureShapeFollowsThePage()
{
    QFETCH(bool, captioned);
    QFETCH(bool, heldLarger);
    auto figure = std::make_unique<QWidget>();
    QWidget *view = figure.get();
    if (captioned) {
        auto *layout = new QVBoxLayout(figure.get());
        layout->addWidget(new QLabel(QStringLiteral("base = 100")));
        view = new QWidget;
        layout->addWidget(view, 1);
    }
    auto *content = new QWidget;
    (new QVBoxLayout(view))->addWidget(content);
    const double line = QFontMetricsF(view->font()).lineSpacing();
    if (heldLarger)
        content->setMinimumSize(qRound(60 * line), qRound(30 * line));
    figure->setAttribute(Qt::WA_DontShowOnScreen);
    figure->show();
    QList<PlotStyle::FigureShape> shapes;
    PlotStyle::watchFigureShape(view, QSizeF(40, 12), [&](PlotStyle::FigureShape shape) { shapes << shape; }, true);
    const QSize page(qRound(26.5 * line), qRound(19.5 * line));
    PlotStyle::setFigurePage(figure.get(), page);
    PlotStyle::setFigure(figure.get(), true);
    figure->resize(page);
    QApplication::processEvents();
    QVERIFY(!shapes.isEmpty());
    QCOMPARE(shapes.last().figure, true);
    QCOMPARE(shapes.last().compact, true);
    QCOMPARE(shapes.last().wide, false);
    QVERIFY(PlotStyle::figureSize(view).width() <= page.width());
    PlotStyle::setFigure(figure.get(), false);
    QCOMPARE(shapes.last(), PlotStyle::FigureShape{});
}

QTEST_MAIN(TestPlotStyle)
#include "tst_plotstyle.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Plot, the plot widget of every view: its bottom paint buffer is cleared to the plot's
// background when that is one opaque colour, and copied onto the widget without a fill under
// it. It paints what QCustomPlot paints (to within rounding on antialiased edges: a buffer
// blended over the background against one painted on it), for every kind of background,
// after a replot of one buffered layer too; a background that is not one opaque colour is
// painted as QCustomPlot paints it. Its legends' entries measure their names once per font
// and name: every entry QCustomPlot made, in the plot's legend or in one of a row of its own,
// is replaced by one that does, set as it was (font, colour, selection, margins), with the
// same size hint and the same pixels. In a figure an entry's icon is a handle about two ems
// long with its line at the middle of the name's first line, whatever icon size was set.

#include "ui/widgets/plot.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/plottitle.h"

#include <QTest>

#include <cmath>

using namespace posenc;

namespace {

// The same content in any QCustomPlot: a wide antialiased curve, a legend, a label, and a
// line on the buffered "overlay" layer.
QCPItemStraightLine *fill(QCustomPlot *plot, const QBrush &background)
{
    plot->setBackground(background);
    plot->setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    plot->resize(420, 300);
    QCPGraph *graph = plot->addGraph();
    QVector<double> x, y;
    for (int n = 0; n <= 200; ++n) {
        x << n / 20.0;
        y << std::sin(n / 20.0);
    }
    graph->setData(x, y);
    graph->setPen(QPen(QColor(0x1f, 0x77, 0xb4), 2));
    graph->setName(QStringLiteral("sin(x)"));
    plot->legend->setVisible(true);
    plot->xAxis->setRange(0, 10);
    plot->yAxis->setRange(-1.2, 1.2);
    plot->xAxis->setLabel(QStringLiteral("position"));
    auto *text = new QCPItemText(plot);
    text->position->setCoords(5, 0.5);
    text->setText(QStringLiteral("a label"));
    auto *marker = new QCPItemStraightLine(plot);
    marker->setLayer(QStringLiteral("overlay"));
    marker->setPen(QPen(Qt::red, 1.5));
    marker->point1->setCoords(2, -1);
    marker->point2->setCoords(2, 1);
    plot->replot();
    return marker;
}

// What `plot` paints, over a grey page (a background that is not opaque shows it).
QImage painted(QCustomPlot *plot)
{
    QImage image(plot->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(0x80, 0x90, 0xa0));
    plot->render(&image, QPoint(), QRegion(), QWidget::DrawChildren);
    return image;
}

// The largest difference of a channel between two images of one size, and how many pixels differ.
std::pair<int, int> difference(const QImage &a, const QImage &b)
{
    const QImage x = a.convertToFormat(QImage::Format_ARGB32), y = b.convertToFormat(QImage::Format_ARGB32);
    int largest = 0, pixels = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto *p = reinterpret_cast<const QRgb *>(x.constScanLine(row));
        const auto *q = reinterpret_cast<const QRgb *>(y.constScanLine(row));
        for (int column = 0; column < x.width(); ++column) {
            const int d = std::max({std::abs(qRed(p[column]) - qRed(q[column])),
                                    std::abs(qGreen(p[column]) - qGreen(q[column])),
                                    std::abs(qBlue(p[column]) - qBlue(q[column])),
                                    std::abs(qAlpha(p[column]) - qAlpha(q[column]))});
            largest = std::max(largest, d);
            pixels += d > 0;
        }
    }
    return {largest, pixels};
}

} // namespace

class TestPlot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void paintsAsQCustomPlot_data();
    void paintsAsQCustomPlot();
    void backgroundChangedAfterAReplot();
    void legendEntriesMeasureOnce();
    void legendHandlesInAFigure_data();
    void legendHandlesInAFigure();
    void emptyTitleTakesNoRoom_data();
    void emptyTitleTakesNoRoom();
};

void TestPlot::paintsAsQCustomPlot_data()
{
    QTest::addColumn<QBrush>("background");
    QTest::addColumn<bool>("opaque");
    QLinearGradient gradient(0, 0, 420, 0);
    gradient.setColorAt(0, Qt::white);
    gradient.setColorAt(1, QColor(0xdd, 0xee, 0xff));
    QTest::newRow("white") << QBrush(Qt::white) << true;
    QTest::newRow("dark theme") << QBrush(QColor(0x1e, 0x1e, 0x24)) << true;
    QTest::newRow("translucent") << QBrush(QColor(255, 255, 255, 128)) << false;
    QTest::newRow("gradient") << QBrush(gradient) << false;
    QTest::newRow("none") << QBrush(Qt::NoBrush) << false;
}

void TestPlot::paintsAsQCustomPlot()
{
    QFETCH(QBrush, background);
    QFETCH(bool, opaque);
    QCustomPlot plain;
    Plot plot;
    QCPItemStraightLine *plainMarker = fill(&plain, background);
    QCPItemStraightLine *marker = fill(&plot, background);
    QCOMPARE(plot.paintsOpaque(), opaque);

    // Antialiased edges painted on the background, not blended over it: 2 of 255 at most.
    auto [largest, pixels] = difference(painted(&plain), painted(&plot));
    QVERIFY2(largest <= 2, qPrintable(QStringLiteral("a channel differs by %1").arg(largest)));
    if (!opaque)
        QCOMPARE(pixels, 0);

    // The overlay alone replotted, over the bottom buffer as it was.
    for (QCPItemStraightLine *line : {plainMarker, marker}) {
        line->point1->setCoords(7, -1);
        line->point2->setCoords(7, 1);
        line->layer()->replot();
    }
    const QImage moved = painted(&plot);
    std::tie(largest, pixels) = difference(painted(&plain), moved);
    QVERIFY2(largest <= 2, qPrintable(QStringLiteral("after the overlay's replot, a channel differs by %1").arg(largest)));
    // And it moved: red where it is now, no red where it was.
    const auto redness = [&](double x) {
        const QPoint at(int(plot.xAxis->coordToPixel(x)), int(plot.yAxis->coordToPixel(-0.9)));
        int most = 0;
        for (int dx = -2; dx <= 2; ++dx) {
            const QColor c = moved.pixelColor(at + QPoint(dx, 0));
            most = std::max(most, c.red() - c.green());
        }
        return most;
    };
    QVERIFY2(redness(7) > 100, qPrintable(QString::number(redness(7))));
    QVERIFY2(redness(2) < 20, qPrintable(QString::number(redness(2))));
}

void TestPlot::backgroundChangedAfterAReplot()
{
    Plot plot;
    fill(&plot, QBrush(Qt::white));
    QVERIFY(plot.paintsOpaque());
    plot.setBackground(QBrush(QColor(0, 0, 0, 100)));
    plot.replot();
    QVERIFY(!plot.paintsOpaque());
    QCustomPlot plain;
    fill(&plain, QBrush(QColor(0, 0, 0, 100)));
    QCOMPARE(difference(painted(&plain), painted(&plot)).second, 0);
    plot.setBackground(QBrush(QColor(0x20, 0x30, 0x40)));
    plot.replot();
    QVERIFY(plot.paintsOpaque());
    const QImage image = painted(&plot);
    QCOMPARE(image.pixelColor(2, 2), QColor(0x20, 0x30, 0x40));
}

void TestPlot::legendEntriesMeasureOnce()
{
    QCustomPlot plain;
    Plot plot;
    for (QCustomPlot *each : {&plain, static_cast<QCustomPlot *>(&plot)}) {
        fill(each, QBrush(Qt::white));
        each->addGraph()->setName(QStringLiteral("cos(x), a longer name"));
        each->addGraph()->setName(QStringLiteral("每一维的频谱"));
        // A second legend in a row of its own, its entry added by hand.
        auto *other = new QCPLegend;
        each->plotLayout()->addElement(1, 0, other);
        each->plotLayout()->setRowStretchFactor(1, 0.001);
        QCPGraph *dashed = each->addGraph();
        dashed->setName(QStringLiteral("expected peak"));
        dashed->setPen(QPen(Qt::darkGray, 1.5, Qt::DashLine));
        dashed->removeFromLegend();
        dashed->addToLegend(other);
        // Set before the first replot of the entries: kept.
        QCPAbstractLegendItem *second = each->legend->item(1);
        QFont font = second->font();
        font.setPointSizeF(15);
        second->setFont(font);
        second->setTextColor(QColor(0xc0, 0x30, 0x30));
        second->setSelectable(true);
        second->setSelected(true);
        second->setMargins(QMargins(12, 4, 3, 1));
        each->replot();
    }
    QCPLegend *other = qobject_cast<QCPLegend *>(plot.plotLayout()->element(1, 0));
    QVERIFY(other);
    QCOMPARE(plot.legend->itemCount(), plain.legend->itemCount());
    QCOMPARE(other->itemCount(), 1);
    for (QCPLegend *legend : {plot.legend, other}) {
        for (int n = 0; n < legend->itemCount(); ++n) {
            auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(n));
            QVERIFY(item);
            QVERIFY2(Plot::measuresOnce(item), qPrintable(item->plottable()->name()));
            QCOMPARE(legend->itemWithPlottable(item->plottable()), item);
        }
    }
    const auto hintsAlike = [&] {
        for (int n = 0; n < plot.legend->itemCount(); ++n) {
            const QCPLayoutElement *a = plot.legend->item(n), *b = plain.legend->item(n);
            QCOMPARE(a->minimumOuterSizeHint(), b->minimumOuterSizeHint());
        }
    };
    hintsAlike();
    QCPAbstractLegendItem *second = plot.legend->item(1);
    QCOMPARE(second->font().pointSizeF(), 15.0);
    QCOMPARE(second->textColor(), QColor(0xc0, 0x30, 0x30));
    QVERIFY(second->selected());
    QCOMPARE(second->margins(), QMargins(12, 4, 3, 1));
    auto [largest, pixels] = difference(painted(&plain), painted(&plot));
    QVERIFY2(largest <= 2, qPrintable(QStringLiteral("a channel differs by %1").arg(largest)));

    // A new name, a new font: measured anew.
    for (QCustomPlot *each : {&plain, static_cast<QCustomPlot *>(&plot)}) {
        each->graph(1)->setName(QStringLiteral("cos(x), renamed to something longer still"));
        QFont font = each->legend->item(2)->font();
        font.setPointSizeF(20);
        each->legend->item(2)->setFont(font);
        each->replot();
    }
    hintsAlike();
    std::tie(largest, pixels) = difference(painted(&plain), painted(&plot));
    QVERIFY2(largest <= 2, qPrintable(QStringLiteral("renamed: a channel differs by %1").arg(largest)));
}

void TestPlot::legendHandlesInAFigure_data()
{
    QTest::addColumn<bool>("figure");
    QTest::addColumn<double>("points");
    QTest::newRow("window, 10 pt") << false << 10.0;
    QTest::newRow("window, 24 pt") << false << 24.0;
    QTest::newRow("figure, 10 pt") << true << 10.0;
    QTest::newRow("figure, 24 pt") << true << 24.0;
    QTest::newRow("figure, 40 pt") << true << 40.0;
}

// Where the legend's handle is drawn: the rows and columns of the curve's colour inside its
// entry, left of the name.
void TestPlot::legendHandlesInAFigure()
{
    QFETCH(bool, figure);
    QFETCH(double, points);
    QWidget page;
    PlotStyle::setFigure(&page, figure);
    auto *plot = new Plot(&page);
    fill(plot, QBrush(Qt::white));
    plot->resize(900, 600);
    plot->setViewport(plot->rect()); // a widget never shown has no resize event
    plot->legend->setIconSize(16, 8);
    plot->legend->setIconTextPadding(6);
    QFont font = plot->legend->font();
    font.setPointSizeF(points);
    plot->legend->setFont(font);
    plot->legend->item(0)->setFont(font);
    plot->replot();

    const QCPAbstractLegendItem *entry = plot->legend->item(0);
    const QRect rect = entry->rect();
    const double line = QFontMetricsF(font).height();
    const QImage image = painted(plot).convertToFormat(QImage::Format_RGB32);
    int top = INT_MAX, bottom = -1, left = INT_MAX, right = -1;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QRgb pixel = image.pixel(x, y); // the curve's blue, not the name's grey
            if (qBlue(pixel) - qRed(pixel) < 80)
                continue;
            top = std::min(top, y);
            bottom = std::max(bottom, y);
            left = std::min(left, x);
            right = std::max(right, x);
        }
    }
    QVERIFY2(right >= 0, "no handle drawn");
    const double middle = (top + bottom + 1) / 2.0 - rect.top();
    const int length = right - left + 1;
    if (figure) {
        QVERIFY2(std::abs(middle - line / 2) <= 1.5,
                 qPrintable(QStringLiteral("the line %1 px down a line of %2 px").arg(middle).arg(line)));
        QVERIFY2(length >= 1.6 * line, qPrintable(QStringLiteral("%1 px long, the text %2 px").arg(length).arg(line)));
    } else {
        // QCustomPlot's icon, as set: 16 x 8 at the entry's top left.
        QVERIFY2(std::abs(middle - 4) <= 1.5, qPrintable(QString::number(middle)));
        QVERIFY2(length <= 16, qPrintable(QString::number(length)));
    }
}

// A note's row over a plot (PlotTitle) takes no height while it has no text, and its text's
// lines when it has (QCPTextElement keeps a line's height for an empty text).
void TestPlot::emptyTitleTakesNoRoom_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("lines");
    QTest::newRow("none") << QString() << 0;
    QTest::newRow("one line") << QStringLiteral("each pixel: a mean") << 1;
    QTest::newRow("two lines") << QStringLiteral("each pixel:\na mean") << 2;
}

void TestPlot::emptyTitleTakesNoRoom()
{
    QFETCH(QString, text);
    QFETCH(int, lines);
    Plot plot;
    plot.resize(420, 300);
    plot.plotLayout()->insertRow(0);
    auto *note = new PlotTitle(&plot, QStringLiteral("a note first"));
    plot.plotLayout()->addElement(0, 0, note);
    plot.plotLayout()->setRowSpacing(0);
    plot.replot();
    note->setText(text);
    plot.replot();
    const int line = QFontMetrics(note->font()).lineSpacing();
    const int top = plot.axisRect()->outerRect().top();
    if (lines == 0) {
        QCOMPARE(top, 0);
        QCOMPARE(note->outerRect().height(), 0);
    } else {
        QVERIFY2(top >= lines * line && top <= lines * line + note->margins().top() + note->margins().bottom() + 2,
                 qPrintable(QStringLiteral("%1 px for %2 lines of %3 px").arg(top).arg(lines).arg(line)));
    }
}

QTEST_MAIN(TestPlot)
#include "tst_plot.moc"

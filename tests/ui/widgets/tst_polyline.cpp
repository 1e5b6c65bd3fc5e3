// SPDX-License-Identifier: GPL-3.0-or-later
// simplifyPolyline and Graph: the points left out lie within the tolerance of the polyline
// drawn (measured here point by point against every segment, by the distance formula), the
// points kept are the input's own, in order, with the ends of every run and every NaN that
// breaks the line; a straight run becomes one segment, a zigzag taller than the tolerance
// keeps every corner, a line that turns back keeps its turn. A Graph paints what a QCPGraph
// paints but for a few edge pixels, and hands every point to a vector painter (PDF, SVG). A
// Graph drawn as a band paints each run from its low to its high, leaving no column out. A
// dashed Graph, drawn a segment at a time, puts its dashes where QCPGraph's polyline does.

#include "ui/widgets/graph.h"
#include "ui/widgets/polyline.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QSvgGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>

using namespace posenc;

namespace {

double distanceToSegment(QPointF p, QPointF a, QPointF b)
{
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / length2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(p.x() - (a.x() + t * dx), p.y() - (a.y() + t * dy));
}

bool finite(QPointF p)
{
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

// The runs of finite points, each as its own polyline.
QList<QList<QPointF>> runsOf(const QList<QPointF> &points)
{
    QList<QList<QPointF>> runs{{}};
    for (const QPointF &p : points) {
        if (finite(p))
            runs.last() << p;
        else if (!runs.last().isEmpty())
            runs << QList<QPointF>();
    }
    if (runs.last().isEmpty())
        runs.removeLast();
    return runs;
}

QList<QPointF> sine(int n, double width, double amplitude, double periods)
{
    QList<QPointF> points;
    for (int i = 0; i < n; ++i) {
        const double x = width * i / (n - 1);
        points << QPointF(x, 200 + amplitude * std::sin(2 * M_PI * periods * i / (n - 1)));
    }
    return points;
}

// A graph of 1024 points, (i, value(i)) for i = 0 .. 1023, in plot: a Graph or a QCPGraph.
QCPGraph *addCurve(QCustomPlot *plot, bool simplified, const std::function<double(int)> &value)
{
    QCPGraph *graph = simplified ? Graph::add(plot) : plot->addGraph();
    QVector<double> x, y;
    for (int i = 0; i < 1024; ++i) {
        x << i;
        y << value(i);
    }
    graph->setData(x, y, true);
    return graph;
}

} // namespace

class TestPolyline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keptPointsCoverEveryPoint_data();
    void keptPointsCoverEveryPoint();
    void straightRunIsOneSegment();
    void zigzagKeepsEveryCorner();
    void turningBackKeepsTheTurn();
    void graphPaintsAsQCPGraph();
    void dashedGraphPaintsAsQCPGraph_data();
    void dashedGraphPaintsAsQCPGraph();
    void bandCoversEachRunFromLowToHigh();
};

void TestPolyline::keptPointsCoverEveryPoint_data()
{
    QTest::addColumn<QList<QPointF>>("points");
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<bool>("fewer"); // whether some point must be left out

    QTest::newRow("slow sine, 0.1 px") << sine(2000, 800, 150, 1) << 0.1 << true;
    QTest::newRow("slow sine, 1 px") << sine(2000, 800, 150, 1) << 1.0 << true;
    QTest::newRow("fast sine, 0.1 px") << sine(4000, 800, 150, 300) << 0.1 << false;
    QTest::newRow("spike on a floor") << [] {
        QList<QPointF> points;
        for (int i = 0; i < 257; ++i)
            points << QPointF(1.5 * i, i == 100 ? 20.0 : i == 101 ? 140.0 : 300 - 0.001 * i);
        return points;
    }() << 0.1 << true;
    QTest::newRow("random walk") << [] {
        std::mt19937 random(7);
        std::normal_distribution<double> step(0, 0.3);
        QList<QPointF> points;
        double y = 100;
        for (int i = 0; i < 3000; ++i)
            points << QPointF(0.25 * i, y += step(random));
        return points;
    }() << 0.1 << true;
    QTest::newRow("circle") << [] {
        QList<QPointF> points;
        for (int i = 0; i <= 720; ++i)
            points << QPointF(300 + 120 * std::cos(i * M_PI / 360), 300 + 120 * std::sin(i * M_PI / 360));
        return points;
    }() << 0.1 << true;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("NaN gaps") << [nan] {
        QList<QPointF> points = sine(600, 600, 80, 1);
        points[0] = QPointF(nan, nan); // a gap first
        points[200] = QPointF(200, nan);
        points[201] = QPointF(nan, 3);
        points[599] = QPointF(nan, nan); // and last
        return points;
    }() << 0.1 << true;
    QTest::newRow("descending x") << [] {
        QList<QPointF> points = sine(1000, 500, 60, 2);
        std::reverse(points.begin(), points.end());
        return points;
    }() << 0.1 << true;
}

void TestPolyline::keptPointsCoverEveryPoint()
{
    QFETCH(QList<QPointF>, points);
    QFETCH(double, tolerance);
    QFETCH(bool, fewer);
    const QList<QPointF> kept = simplifyPolyline(points, tolerance);
    if (fewer)
        QVERIFY2(kept.size() < points.size(), qPrintable(QStringLiteral("%1 points kept of %2").arg(kept.size()).arg(points.size())));

    // The points kept are the input's, in order (the same bits: a subsequence).
    qsizetype at = 0;
    for (const QPointF &k : kept) {
        auto same = [&k](const QPointF &p) {
            return std::memcmp(&p, &k, sizeof(QPointF)) == 0;
        };
        while (at < points.size() && !same(points[at]))
            ++at;
        QVERIFY2(at < points.size(), "a point kept is not one of the input's, in order");
        ++at;
    }
    // The same runs (NaN breaks in the same places), each from its first point to its last.
    const QList<QList<QPointF>> runs = runsOf(points), keptRuns = runsOf(kept);
    QCOMPARE(keptRuns.size(), runs.size());
    int nonFinite = 0, keptNonFinite = 0;
    for (const QPointF &p : points)
        nonFinite += !finite(p);
    for (const QPointF &p : kept)
        keptNonFinite += !finite(p);
    QCOMPARE(keptNonFinite, nonFinite);
    for (qsizetype r = 0; r < runs.size(); ++r) {
        QCOMPARE(keptRuns[r].first(), runs[r].first());
        QCOMPARE(keptRuns[r].last(), runs[r].last());
        // Every point of the run within the tolerance of the run's polyline kept.
        for (const QPointF &p : runs[r]) {
            double nearest = keptRuns[r].size() == 1 ? std::hypot(p.x() - keptRuns[r][0].x(), p.y() - keptRuns[r][0].y())
                                                     : std::numeric_limits<double>::infinity();
            for (qsizetype s = 1; s < keptRuns[r].size(); ++s)
                nearest = std::min(nearest, distanceToSegment(p, keptRuns[r][s - 1], keptRuns[r][s]));
            QVERIFY2(nearest <= tolerance * (1 + 1e-9),
                     qPrintable(QStringLiteral("(%1, %2) is %3 from the line").arg(p.x()).arg(p.y()).arg(nearest)));
        }
    }
}

void TestPolyline::straightRunIsOneSegment()
{
    QList<QPointF> points;
    for (int i = 0; i < 500; ++i)
        points << QPointF(3 + 1.7 * i, 400 - 0.9 * i);
    const QList<QPointF> kept = simplifyPolyline(points, 0.1);
    QCOMPARE(kept, (QList<QPointF>{points.first(), points.last()}));
    // Nothing to leave out: two points, or a tolerance of 0.
    QCOMPARE(simplifyPolyline(points.mid(0, 2), 0.1), points.mid(0, 2));
    QCOMPARE(simplifyPolyline(points, 0), points);
}

void TestPolyline::zigzagKeepsEveryCorner()
{
    QList<QPointF> points;
    for (int i = 0; i < 100; ++i)
        points << QPointF(i, (i % 2) * 0.25); // corners 0.25 apart: more than the tolerance
    QCOMPARE(simplifyPolyline(points, 0.1), points);
}

void TestPolyline::turningBackKeepsTheTurn()
{
    // Out along x and back along the same line: the far end must stay, though every point
    // lies on the line through the first and the last.
    QList<QPointF> points;
    for (int i = 0; i <= 50; ++i)
        points << QPointF(i, 10);
    for (int i = 49; i >= 20; --i)
        points << QPointF(i, 10);
    const QList<QPointF> kept = simplifyPolyline(points, 0.1);
    QVERIFY(kept.contains(QPointF(50, 10)));
    QCOMPARE(kept.first(), points.first());
    QCOMPARE(kept.last(), points.last());
}

// The same data in a QCPGraph and in a Graph, 2 px wide and antialiased, painted into the
// same image: no pixel differs by more than 32 of 255 in a channel, and fewer than 2 % of
// them differ at all. (The line moves by a tenth of a pixel at most; the larger differences
// are on the steep flanks, where QCustomPlot's separate segments overlap and blended their
// antialiased edges twice.) A PDF gets every point: the same file as QCPGraph's.
void TestPolyline::graphPaintsAsQCPGraph()
{
    auto paint = [](bool simplified) {
        QCustomPlot plot;
        plot.resize(640, 400);
        QCPGraph *graph = addCurve(&plot, simplified, [](int i) {
            return std::exp(-0.5 * std::pow((i - 300) / 12.0, 2)) + 0.3 * std::sin(i / 150.0);
        });
        graph->setPen(QPen(QColor(0x20, 0x60, 0xc0), 2));
        plot.setPlottingHint(QCP::phFastPolylines, true);
        plot.rescaleAxes();
        plot.replot();
        return plot.toPixmap(640, 400).toImage().convertToFormat(QImage::Format_RGB32);
    };
    const QImage drawn = paint(false), simplified = paint(true);
    QCOMPARE(simplified.size(), drawn.size());
    int largest = 0;
    long changed = 0;
    for (int row = 0; row < drawn.height(); ++row) {
        const QRgb *a = reinterpret_cast<const QRgb *>(drawn.constScanLine(row));
        const QRgb *b = reinterpret_cast<const QRgb *>(simplified.constScanLine(row));
        for (int column = 0; column < drawn.width(); ++column) {
            const int difference = std::max({std::abs(qRed(a[column]) - qRed(b[column])),
                                              std::abs(qGreen(a[column]) - qGreen(b[column])),
                                              std::abs(qBlue(a[column]) - qBlue(b[column]))});
            largest = std::max(largest, difference);
            changed += difference > 0;
        }
    }
    QVERIFY2(changed > 0, "the Graph drew every segment"); // fewer segments move a few edge pixels
    QVERIFY2(largest <= 32, qPrintable(QStringLiteral("a pixel differs by %1 of 255").arg(largest)));
    QVERIFY2(changed < drawn.width() * drawn.height() / 50, qPrintable(QStringLiteral("%1 pixels differ").arg(changed)));

    // Vector output: every point drawn, as QCPGraph draws it.
    QTemporaryDir dir;
    auto pdfSize = [&dir](bool simplified) {
        QCustomPlot plot;
        plot.resize(640, 400);
        addCurve(&plot, simplified, [](int i) { return 0.001 * i; }); // straight: two points would do on pixels
        plot.rescaleAxes();
        const QString file = dir.filePath(simplified ? QStringLiteral("graph.pdf") : QStringLiteral("qcpgraph.pdf"));
        plot.savePdf(file, 640, 400, QCP::epNoCosmetic);
        return QFileInfo(file).size();
    };
    QCOMPARE(pdfSize(true), pdfSize(false));
    // A painter QCustomPlot is handed (toPainter, as the SVG figures are drawn): the same SVG.
    auto svg = [](bool simplified) {
        QCustomPlot plot;
        plot.resize(640, 400);
        addCurve(&plot, simplified, [](int i) { return 0.001 * i; });
        plot.rescaleAxes();
        QBuffer buffer;
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(640, 400));
        generator.setViewBox(QRect(0, 0, 640, 400));
        QCPPainter painter;
        painter.begin(&generator);
        plot.toPainter(&painter, 640, 400);
        painter.end();
        return buffer.data();
    };
    const QByteArray svgOfGraph = svg(true);
    QVERIFY(svgOfGraph.size() > 1000);
    QCOMPARE(svgOfGraph, svg(false));
}

void TestPolyline::dashedGraphPaintsAsQCPGraph_data()
{
    QTest::addColumn<int>("style"); // Qt::PenStyle
    QTest::addColumn<double>("width");
    // 0: a level line, 1: a sine, 2: a zigzag of segments shorter than a dash, 3: a level line
    // drawn as steps (segments of 0.6 px, none left out)
    QTest::addColumn<int>("shape");
    QTest::newRow("dashed sine") << int(Qt::DashLine) << 2.0 << 1;
    QTest::newRow("dotted sine") << int(Qt::DotLine) << 1.5 << 1;
    QTest::newRow("dashed zigzag") << int(Qt::DashLine) << 1.5 << 2;
    QTest::newRow("dash-dot level line") << int(Qt::DashDotLine) << 1.2 << 0;
    QTest::newRow("dotted level line") << int(Qt::DotLine) << 1.5 << 0;
    QTest::newRow("dotted level steps") << int(Qt::DotLine) << 3.0 << 3;
}

// As much of the line's colour in a Graph's drawing as in a QCPGraph's, within 15 %: the
// same dashes, give or take their phase along a curve drawn through fewer points; along a
// level line, as many dashes. (Were the pattern to start again at each segment, a line of
// segments shorter than a dash would be drawn solid: one dash.)
void TestPolyline::dashedGraphPaintsAsQCPGraph()
{
    QFETCH(int, style);
    QFETCH(double, width);
    QFETCH(int, shape);
    struct Drawn {
        double ink = 0; // how far each pixel is from white towards the line's red
        int dashes = 0; // runs of the line's colour along its middle row (a level line)
    };
    auto paint = [&](bool ours) {
        QCustomPlot plot;
        plot.resize(640, 400);
        QCPGraph *graph = addCurve(&plot, ours, [shape](int i) {
            return shape == 1 ? std::sin(i / 40.0) : shape == 2 ? 0.25 + (i % 2 ? 0.01 : -0.01) : 0.25;
        });
        graph->setPen(QPen(QColor(0xc0, 0x30, 0x20), width, Qt::PenStyle(style)));
        if (shape == 3)
            graph->setLineStyle(QCPGraph::lsStepLeft);
        plot.rescaleAxes();
        plot.yAxis->setRange(-1.2, 1.2);
        plot.replot();
        const QImage image = plot.toPixmap(640, 400).toImage().convertToFormat(QImage::Format_RGB32);
        const auto red = [](QRgb pixel) { return std::max(0, qRed(pixel) - qBlue(pixel)); };
        Drawn drawn;
        for (int row = 0; row < image.height(); ++row) {
            const QRgb *line = reinterpret_cast<const QRgb *>(image.constScanLine(row));
            for (int column = 0; column < image.width(); ++column)
                drawn.ink += red(line[column]) / 160.0;
        }
        const int middle = int(std::floor(plot.yAxis->coordToPixel(0.25)));
        bool inDash = false;
        for (int column = 0; column < image.width(); ++column) {
            const bool inked = red(image.pixel(column, middle)) > 80;
            drawn.dashes += inked && !inDash ? 1 : 0;
            inDash = inked;
        }
        return drawn;
    };
    const Drawn theirs = paint(false), ours = paint(true);
    QVERIFY(theirs.ink > 300);
    // (Steps of 0.6 px are pieces each antialiased on its own: lighter where they meet.)
    if (shape != 3)
        QVERIFY2(std::abs(ours.ink - theirs.ink) < 0.15 * theirs.ink,
                 qPrintable(QStringLiteral("%1 against %2").arg(ours.ink).arg(theirs.ink)));
    if (shape == 0 || shape == 3)
        QVERIFY2(std::abs(ours.dashes - theirs.dashes) <= theirs.dashes / 10,
                 qPrintable(QStringLiteral("%1 dashes against %2").arg(ours.dashes).arg(theirs.dashes)));
}

// 150 runs of seeded random lows and highs over 600 pixels: in the pixel column of each run
// the band's colour reaches from the pixel of its high to that of its low (within a pixel),
// in one stretch, every column from the first run to the last is painted, and vector output
// gets one outline, not a shape per run.
void TestPolyline::bandCoversEachRunFromLowToHigh()
{
    constexpr int runs = 150;
    std::mt19937 random(3);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    QVector<double> keys, highs, lows;
    for (int i = 0; i < runs; ++i) {
        const double a = uniform(random), b = uniform(random);
        keys << i;
        highs << std::max(a, b);
        lows << std::min(a, b);
    }
    const QColor blue(0x20, 0x60, 0xc0);
    auto makePlot = [&](QCustomPlot &plot) {
        plot.resize(600, 400);
        Graph *band = Graph::add(&plot);
        band->setData(keys, highs, true);
        band->setBandLows(lows);
        band->setPen(QPen(blue, 0));
        band->setBrush(blue);
        plot.xAxis->setRange(-0.5, runs - 0.5);
        plot.yAxis->setRange(-1.2, 1.2);
        for (QCPAxis *axis : {plot.xAxis, plot.yAxis}) { // no grid lines or ticks over the band
            axis->grid()->setVisible(false);
            axis->setTicks(false);
        }
        return band;
    };
    QCustomPlot plot;
    const Graph *band = makePlot(plot);
    QVERIFY(band->isBand());
    bool found = false;
    const QCPRange range = band->getValueRange(found);
    QVERIFY(found);
    QCOMPARE(range.lower, *std::min_element(lows.begin(), lows.end()));
    plot.replot();
    const QImage image = plot.toPixmap(600, 400).toImage().convertToFormat(QImage::Format_RGB32);
    const QRect inside = plot.axisRect()->rect().adjusted(1, 1, -1, -1);
    auto stretch = [&](int x) { // the rows of the band's colour in column x: first, last, count
        int first = -1, last = -1, count = 0;
        for (int y = inside.top(); y <= inside.bottom(); ++y) {
            if (image.pixel(x, y) == blue.rgb()) {
                first = first < 0 ? y : first;
                last = y;
                ++count;
            }
        }
        return std::tuple{first, last, count};
    };
    for (int i = 0; i < runs; ++i) {
        const int x = int(std::lround(plot.xAxis->coordToPixel(keys[i])));
        const auto [first, last, count] = stretch(x);
        const double top = plot.yAxis->coordToPixel(highs[i]), bottom = plot.yAxis->coordToPixel(lows[i]);
        QVERIFY2(first >= 0 && std::abs(first - top) <= 1.5 && std::abs(last - bottom) <= 1.5,
                 qPrintable(QStringLiteral("run %1: painted rows %2..%3, its high and low at %4 and %5")
                                .arg(i).arg(first).arg(last).arg(top).arg(bottom)));
        QCOMPARE(count, last - first + 1);
    }
    const int left = int(std::lround(plot.xAxis->coordToPixel(keys.first())));
    const int right = int(std::lround(plot.xAxis->coordToPixel(keys.last())));
    for (int x = left; x <= right; ++x)
        QVERIFY2(std::get<2>(stretch(x)) > 0, qPrintable(QStringLiteral("column %1 is not painted").arg(x)));

    QCustomPlot vectorPlot;
    makePlot(vectorPlot);
    QBuffer buffer;
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(QSize(600, 400));
    QCPPainter painter;
    painter.begin(&generator);
    vectorPlot.toPainter(&painter, 600, 400);
    painter.end();
    QCOMPARE(buffer.data().count(QByteArray("fill=\"") + blue.name().toLatin1() + '"'), 1);
}

QTEST_MAIN(TestPolyline)
#include "tst_polyline.moc"

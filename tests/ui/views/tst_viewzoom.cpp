// SPDX-License-Identifier: GPL-3.0-or-later
// Zoom in every view where it makes sense, through the one PlotZoom: a "wheel: zoom, drag:
// pan" hint is shown, the wheel narrows what a panel shows, a double-click on it puts back
// exactly what it showed, and so does Reset All (PlotZoom::resetAll), driven offscreen on the
// real widgets the registry creates.

#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QLabel>
#include <QStandardPaths>
#include <QTest>
#include <QWheelEvent>

#include <memory>

using namespace posenc;

namespace {

// The axes the wheel zooms in `rect` (the temporal colour map zooms its steps alone).
QList<QCPAxis *> zoomAxes(QCPAxisRect *rect)
{
    QList<QCPAxis *> axes;
    if (rect->rangeZoom() & Qt::Horizontal)
        axes += rect->rangeZoomAxes(Qt::Horizontal);
    if (rect->rangeZoom() & Qt::Vertical)
        axes += rect->rangeZoomAxes(Qt::Vertical);
    return axes;
}

// Their ranges, over every axis rect of `plot`.
QList<QCPRange> zoomRanges(QCustomPlot *plot)
{
    QList<QCPRange> ranges;
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : zoomAxes(rect))
            ranges << axis->range();
    }
    return ranges;
}

bool sameRanges(const QList<QCPRange> &a, const QList<QCPRange> &b)
{
    if (a.size() != b.size())
        return false;
    for (int n = 0; n < a.size(); ++n) {
        const double tolerance = 1e-9 * std::max(1.0, std::abs(a[n].size()));
        if (std::abs(a[n].lower - b[n].lower) > tolerance || std::abs(a[n].upper - b[n].upper) > tolerance) {
            qWarning("range %d: %.12g..%.12g, expected %.12g..%.12g", n, b[n].lower, b[n].upper, a[n].lower, a[n].upper);
            return false;
        }
    }
    return true;
}

void wheelIn(QCustomPlot *plot, const QPoint &at)
{
    QWheelEvent wheel(at, plot->mapToGlobal(at), QPoint(), QPoint(0, 480), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &wheel);
    plot->replot();
}

} // namespace

class TestViewZoom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void zoomAndReset_data();
    void zoomAndReset();
};

void TestViewZoom::zoomAndReset_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("zoomablePlots");
    QTest::newRow("heatmap") << QStringLiteral("heatmap") << 1;
    QTest::newRow("curves") << QStringLiteral("curves") << 1;
    QTest::newRow("spectrum: ladder, DFT, spectra of every dimension") << QStringLiteral("spectrum") << 1;
    QTest::newRow("rotation: M_k") << QStringLiteral("rotation") << 1;
    QTest::newRow("similarity: matrix, kernel") << QStringLiteral("similarity") << 2;
    QTest::newRow("temporal: colour map, curves") << QStringLiteral("temporal") << 2;
    QTest::newRow("precision: error, phase") << QStringLiteral("precision") << 2;
}

void TestViewZoom::zoomAndReset()
{
    QFETCH(QString, view);
    QFETCH(int, zoomablePlots);
    const ViewDescriptor *descriptor = ViewRegistry::find(view);
    QVERIFY(descriptor);
    EncodingState state;
    std::unique_ptr<QWidget> widget(descriptor->create(&state));
    widget->resize(1100, 800);
    widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(widget.get()));
    state.flush();
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();

    // The hint is there, visible, saying how.
    const QList<QLabel *> hints = widget->findChildren<QLabel *>(QStringLiteral("plotZoomHint"));
    QCOMPARE(hints.size(), 1);
    QVERIFY(hints.first()->isVisible());
    QCOMPARE(hints.first()->text(), QStringLiteral("wheel: zoom, drag: pan, double-click: reset"));

    QList<QCustomPlot *> plots;
    for (QCustomPlot *plot : widget->findChildren<QCustomPlot *>()) {
        if (PlotZoom::isInstalled(plot))
            plots << plot;
    }
    QCOMPARE(plots.size(), zoomablePlots);
    for (QCustomPlot *plot : std::as_const(plots)) {
        QVERIFY(plot->isVisible());
        plot->replot();
        const QList<QCPRange> home = zoomRanges(plot);
        QVERIFY(!home.isEmpty());
        for (QCPAxisRect *rect : plot->axisRects()) {
            if (!rect->visible() || rect->width() < 20 || rect->height() < 20)
                continue;
            const QList<QCPAxis *> axes = zoomAxes(rect);
            // How wide each axis is: in decades where it is logarithmic.
            const auto width = [](const QCPAxis *axis) {
                const QCPRange range = axis->range();
                return axis->scaleType() == QCPAxis::stLogarithmic ? std::log10(range.upper / range.lower) : range.size();
            };
            QList<double> before;
            for (QCPAxis *axis : axes)
                before << width(axis);
            const QPoint centre = rect->rect().center();
            wheelIn(plot, centre);
            // The wheel narrowed every axis it zooms.
            for (int n = 0; n < axes.size(); ++n) {
                QVERIFY2(width(axes[n]) < 0.95 * before[n],
                         qPrintable(QStringLiteral("%1, axis %2: %3 wide, %4 before the wheel")
                                        .arg(axes[n]->label()).arg(n).arg(width(axes[n])).arg(before[n])));
            }
            QVERIFY(!axes.isEmpty());
            // A double-click on the panel: what it showed, exactly.
            QTest::mouseDClick(plot, Qt::LeftButton, Qt::NoModifier, centre);
            plot->replot();
            QVERIFY(sameRanges(home, zoomRanges(plot)));
        }
        // Reset All: the same.
        const QPoint centre = plot->axisRect()->rect().center();
        wheelIn(plot, centre);
        QVERIFY(!sameRanges(home, zoomRanges(plot)));
        PlotZoom::resetAll(widget.get());
        QVERIFY(sameRanges(home, zoomRanges(plot)));
    }
}

QTEST_MAIN(TestViewZoom)
#include "tst_viewzoom.moc"

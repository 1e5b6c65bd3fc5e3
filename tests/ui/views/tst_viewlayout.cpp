// SPDX-License-Identifier: GPL-3.0-or-later
// The on-screen layout of every registered view in the window on a
// 1280x720 and a 1920x1080 screen, in normal and in presentation mode: no legend
// covers a plotted point, a line or a label of its plot, no two tick labels of an axis overlap,
// the marker labels do not cover each other, the view fits its tab without scrolling, the
// rotation's M_k equation is the largest text of the view in presentation mode, where the
// interface text is as large on the wall on both screens, the view has most of the width and
// the dock titles and zoom hints grow with the text, and M_k at d_model 8 is drawn with cells of one size and the
// pair's outline on its block. Geometry is measured here from what the plots hold (tick
// vectors, fonts, item anchors, rendered pixels), not from the views' own layout code.
//
// The screens come from the offscreen platform's configuration file (written by main()), so
// that presentation mode maximises the window to a real 1280x720 or 1920x1080. With
// POSENC_LAYOUT_SHOTS=DIR each case also saves the window as DIR/<view>_<size>_<mode>.png, and
// POSENC_LAYOUT_LANG=zh_CN runs it in Chinese: a way to look at presentation mode headlessly.

#include "../../sanitizers/addresssanitizer.h"

#include "ui/export/figureexport.h"
#include "ui/export/figurerequest.h"
#include "ui/window/screenshot.h"
#include "ui/state/encodingstate.h"
#include "ui/views/precision/precisionview.h"
#include "ui/views/rotation/rotationequationpanel.h"
#include "ui/views/rotation/rotationmatrixlabel.h"
#include "ui/views/rotation/rotationview.h"
#include "ui/views/viewregistry.h"
#include "ui/widgets/plotzoom.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"

#include <qcustomplot.h>

#include <QAbstractSpinBox>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFontInfo>
#include <QFontMetrics>
#include <QImage>
#include <QLabel>
#include <QScreen>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace posenc;

namespace {

// The screens of the offscreen platform (see main()).
const QList<QSize> kScreens{QSize(1280, 720), QSize(1920, 1080)};

// Whether a view is laid out on `screen` in presentation mode (or not) by layout() and
// screenshot(): every pair in the normal build. Under AddressSanitizer (the second stage of
// .ci/run, where each row costs about eight times as much and what is checked is memory, not
// the layout) the two ends of the room a text gets: presentation mode at 1280 x 720, where the
// rotation view shows its equations as numbers only and fonts are fitted smallest, and the normal mode at
// 1920 x 1080, where everything is shown.
bool laidOutIn(QSize screen, bool presentation)
{
    if (kUnderAddressSanitizer)
        return presentation == (screen == kScreens[0]);
    return true;
}

QScreen *screenOfSize(QSize size)
{
    for (QScreen *screen : QGuiApplication::screens()) {
        if (screen->geometry().size() == size)
            return screen;
    }
    return nullptr;
}

void settle(MainWindow &window)
{
    // Word-wrapped rich text recomputes its size hints 250 ms after its text last changed
    // (RichTextLabel): the layout checked is the one after that, as a person sees it, not one
    // that depends on how fast the rounds below ran.
    QTest::qWait(300);
    for (int round = 0; round < 3; ++round) {
        window.state()->flush();
        for (int i = 0; i < 4; ++i)
            QApplication::processEvents();
        for (QCustomPlot *plot : window.findChildren<QCustomPlot *>()) {
            if (plot->isVisible())
                plot->replot(QCustomPlot::rpImmediateRefresh);
        }
        // What an event loop would have deleted by now (the tabs' close buttons that
        // presentation mode takes away, for one).
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        window.grab(); // paints (and so lays out) everything, as a screen would
    }
}

// A window on the screen of `size`, filling it (normal) or in presentation mode, showing
// `view`.
std::unique_ptr<MainWindow> windowOn(QSize size, bool presentation, const QString &view)
{
    auto window = std::make_unique<MainWindow>();
    QScreen *screen = screenOfSize(size);
    if (!screen)
        return nullptr;
    window->setScreen(screen);
    window->move(screen->geometry().topLeft());
    window->resize(size);
    window->show();
    window->showView(view);
    settle(*window);
    if (presentation)
        window->setPresentationMode(true);
    settle(*window);
    return window;
}

bool visibleOnScreen(const QWidget *widget, const QWidget *top)
{
    return widget->isVisibleTo(top) && widget->width() > 0 && widget->height() > 0;
}

int pixelSize(const QFont &font)
{
    return QFontInfo(font).pixelSize();
}

// The pixel rect of a text item, from its anchors.
QRectF textRect(QCPItemText *text)
{
    return QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
}

// Pixels along every visible graph and curve of the plot that lie in the axis rect `rect`:
// the data points and, between consecutive ones, a point every 3 pixels (a legend between two
// points still hides the line).
QList<QPointF> dataPixels(QCustomPlot *plot, QCPAxisRect *rect)
{
    QList<QPointF> pixels;
    const QRectF area = rect->rect();
    // A point of no value (NaN: a gap of a log axis, say) is drawn nowhere.
    const auto drawn = [](const QPointF &p) { return std::isfinite(p.x()) && std::isfinite(p.y()); };
    auto addRun = [&](const QList<QPointF> &points) {
        for (int n = 0; n < points.size(); ++n) {
            if (!drawn(points[n]))
                continue;
            if (area.contains(points[n]))
                pixels << points[n];
            if (n + 1 < points.size() && drawn(points[n + 1])) { // a NaN breaks the line
                const QPointF d = points[n + 1] - points[n];
                const double length = std::hypot(d.x(), d.y());
                for (double s = 3; s < length && length < 4000; s += 3) {
                    const QPointF q = points[n] + d * (s / length);
                    if (area.contains(q))
                        pixels << q;
                }
            }
        }
    };
    for (int g = 0; g < plot->graphCount(); ++g) {
        QCPGraph *graph = plot->graph(g);
        if (!graph->visible() || graph->keyAxis()->axisRect() != rect || graph->data()->isEmpty())
            continue;
        QList<QPointF> points;
        const int count = graph->data()->size();
        const int step = std::max(1, count / 1500);
        for (int n = 0; n < count; n += step) {
            const QCPGraphData &d = *(graph->data()->constBegin() + n);
            points << QPointF(graph->keyAxis()->coordToPixel(d.key), graph->valueAxis()->coordToPixel(d.value));
        }
        if (graph->lineStyle() == QCPGraph::lsNone) {
            for (const QPointF &p : points) {
                if (drawn(p) && area.contains(p))
                    pixels << p;
            }
        } else {
            addRun(points);
        }
    }
    for (QCPCurve *curve : plot->findChildren<QCPCurve *>()) {
        if (!curve->visible() || curve->keyAxis()->axisRect() != rect)
            continue;
        QList<QPointF> points;
        for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it)
            points << QPointF(curve->keyAxis()->coordToPixel(it->key), curve->valueAxis()->coordToPixel(it->value));
        addRun(points);
    }
    return pixels;
}

// Every legend of the plot with at least one visible entry: no data pixel, colour map or label
// of the axis rect it lies on (or overlaps) is under it.
void checkLegends(QCustomPlot *plot, const QString &where)
{
    for (QCPLegend *legend : plot->findChildren<QCPLegend *>()) {
        if (!legend->visible() || legend->itemCount() == 0 || !legend->outerRect().isValid())
            continue;
        bool anyVisible = false;
        for (int n = 0; n < legend->itemCount(); ++n) {
            auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(n));
            anyVisible = anyVisible || !item || item->plottable()->visible();
        }
        if (!anyVisible)
            continue;
        const QRectF box = QRectF(legend->outerRect()).adjusted(1, 1, -1, -1);
        for (QCPAxisRect *rect : plot->axisRects()) {
            if (!rect->visible() || !box.intersects(QRectF(rect->rect())))
                continue;
            for (const QPointF &pixel : dataPixels(plot, rect)) {
                if (box.contains(pixel))
                    QFAIL(qPrintable(QStringLiteral("%1: the legend at %2,%3 %4x%5 covers data at %6,%7")
                                         .arg(where)
                                         .arg(box.x()).arg(box.y()).arg(box.width()).arg(box.height())
                                         .arg(pixel.x()).arg(pixel.y())));
            }
            for (QCPColorMap *map : plot->findChildren<QCPColorMap *>()) {
                if (map->visible() && map->keyAxis()->axisRect() == rect)
                    QFAIL(qPrintable(where + QStringLiteral(": a legend covers a colour map")));
            }
        }
        for (QCPItemText *text : plot->findChildren<QCPItemText *>()) {
            if (!text->visible() || text->text().isEmpty())
                continue;
            if (box.intersects(textRect(text)))
                QFAIL(qPrintable(QStringLiteral("%1: a legend covers the label \"%2\"").arg(where, text->text())));
        }
    }
}

// The tick labels of every visible axis of the plot, in pixels, do not overlap (consecutive
// ones have at least 2 pixels between them along the axis).
void checkTicks(QCustomPlot *plot, const QString &where)
{
    for (QCPAxisRect *rect : plot->axisRects()) {
        if (!rect->visible() || rect->width() <= 1 || rect->height() <= 1)
            continue;
        QList<QCPAxis *> axes = rect->axes();
        for (QCPColorScale *scale : plot->findChildren<QCPColorScale *>()) {
            if (scale->visible() && scale->axis())
                axes << scale->axis();
        }
        for (QCPAxis *axis : std::as_const(axes)) {
            if (!axis->visible() || !axis->tickLabels())
                continue;
            const QVector<double> ticks = axis->tickVector();
            const QVector<QString> labels = axis->tickVectorLabels();
            const QFontMetrics metrics(axis->tickLabelFont());
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            const bool turned = std::abs(std::fmod(axis->tickLabelRotation(), 180.0)) > 45;
            QList<std::pair<double, double>> spans; // along the axis: from, to
            for (int n = 0; n < ticks.size() && n < labels.size(); ++n) {
                if (!axis->range().contains(ticks[n]) || labels[n].isEmpty())
                    continue;
                const double at = axis->coordToPixel(ticks[n]);
                double extent = 0;
                for (const QString &line : labels[n].split(QLatin1Char('\n')))
                    extent = std::max<double>(extent, horizontal != turned ? metrics.horizontalAdvance(line)
                                                                           : metrics.height());
                if (horizontal == turned) // a vertical axis's height, or a turned label's
                    extent = metrics.height() * std::max<qsizetype>(1, labels[n].count(QLatin1Char('\n')) + 1);
                spans << std::make_pair(at - extent / 2, at + extent / 2);
            }
            std::sort(spans.begin(), spans.end());
            for (int n = 1; n < spans.size(); ++n) {
                if (spans[n].first < spans[n - 1].second + 2)
                    QFAIL(qPrintable(QStringLiteral("%1: tick labels overlap on the axis \"%2\": %3")
                                         .arg(where, axis->label(), QStringList(labels.begin(), labels.end()).join(QStringLiteral(" | ")))));
            }
        }
    }
}

// A value axis with numbers shows at least three labels in its range.
void checkThreeLabels(QCPAxis *axis, const QString &where)
{
    if (!axis->visible() || !axis->tickLabels() || axis->ticker().dynamicCast<QCPAxisTickerText>())
        return;
    int shown = 0;
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (int n = 0; n < ticks.size() && n < labels.size(); ++n)
        shown += axis->range().contains(ticks[n]) && !labels[n].isEmpty() ? 1 : 0;
    QVERIFY2(shown >= 3, qPrintable(QStringLiteral("%1: the axis \"%2\" (%3 px) labels %4 ticks: %5")
                                        .arg(where, axis->label()).arg(axis->axisRect()->height()).arg(shown)
                                        .arg(QStringList(labels.begin(), labels.end()).join(QStringLiteral(" | ")))));
}

// The text of the plot is whole: titles no wider than the plot, legend entries not clipped at
// the bottom (QCustomPlot clips an entry to its rectangle: the underscore of "w_i" fell
// outside it in presentation mode), powers of ten as 10ⁿ (not "1E+05"), and every panel at
// least three lines of its tick labels tall.
void checkText(QCustomPlot *plot, const QString &where)
{
    const QRect viewport = plot->viewport();
    for (QCPTextElement *title : plot->findChildren<QCPTextElement *>()) {
        if (!title->visible() || title->text().isEmpty() || !title->layout())
            continue;
        const QFontMetricsF metrics(title->font());
        for (const QString &line : title->text().split(QLatin1Char('\n'))) {
            QVERIFY2(metrics.horizontalAdvance(line) <= viewport.width(),
                     qPrintable(QStringLiteral("%1: the title line \"%2\" is %3 px wide in a plot of %4 px")
                                    .arg(where, line).arg(metrics.horizontalAdvance(line)).arg(viewport.width())));
        }
    }
    for (QCPLegend *legend : plot->findChildren<QCPLegend *>()) {
        if (!legend->visible())
            continue;
        for (int n = 0; n < legend->itemCount(); ++n) {
            auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(n));
            if (!item || !item->visible() || !item->plottable() || item->plottable()->name().isEmpty())
                continue;
            const QString name = item->plottable()->name();
            const QFontMetricsF metrics(item->font());
            // Drawn from the top of the entry: the lowest ink is ascent + its depth below the baseline.
            const double bottom = metrics.ascent() + metrics.tightBoundingRect(name).bottom();
            QVERIFY2(bottom <= item->outerRect().height() + 0.5,
                     qPrintable(QStringLiteral("%1: the legend entry \"%2\" is clipped (ink to %3 px in %4 px)")
                                    .arg(where, name).arg(bottom).arg(item->outerRect().height())));
        }
    }
    static const QRegularExpression scientific(QStringLiteral("\\d[eE][+-]?\\d"));
    for (QCPAxisRect *rect : plot->axisRects()) {
        if (!rect->visible() || rect->rect().height() <= 0)
            continue;
        for (QCPAxis *axis : rect->axes()) {
            if (!axis->visible() || !axis->tickLabels())
                continue;
            for (const QString &label : axis->tickVectorLabels())
                QVERIFY2(!label.contains(scientific), qPrintable(QStringLiteral("%1: the tick label \"%2\"").arg(where, label)));
        }
        const double line = QFontMetricsF(rect->axis(QCPAxis::atLeft)->tickLabelFont()).height();
        // A value axis reads from three labels on (presentation mode at 1920x1080 showed a
        // lone "0" on the temporal curves' axis).
        for (QCPAxis *axis : rect->axes()) {
            if (axis->orientation() == Qt::Vertical && rect->rect().height() >= 3 * line)
                checkThreeLabels(axis, where);
        }
        QVERIFY2(rect->rect().height() >= 3 * line,
                 qPrintable(QStringLiteral("%1: a panel of %2 px, %3 lines of its tick labels").arg(where).arg(rect->rect().height())
                                .arg(rect->rect().height() / line, 0, 'f', 1)));
    }
}

// Every axis of a plot: those of its axis rects and of its colour scales.
QList<QCPAxis *> allAxes(QCustomPlot *plot)
{
    QList<QCPAxis *> axes;
    for (QCPAxisRect *rect : plot->axisRects()) {
        if (rect->visible() && rect->layout())
            axes << rect->axes();
    }
    for (QCPColorScale *scale : plot->findChildren<QCPColorScale *>()) {
        if (scale->visible() && scale->layout() && scale->axis())
            axes << scale->axis();
    }
    return axes;
}

// The view `id` on `state`, shown offscreen as FigureExport::write shows one, then written as
// a figure in `language` to `output` on `page`: the widget keeps the figure's layout. Null
// (and `error`) when it could not be written.
std::unique_ptr<QWidget> writeFigure(EncodingState &state, const QString &id, const QString &language,
                                     const FigurePage &page, const QString &output, QString *error)
{
    std::unique_ptr<QWidget> widget(FigureExport::createView(id, &state));
    if (!widget)
        return nullptr;
    widget->setAttribute(Qt::WA_DontShowOnScreen);
    widget->resize(800, 600);
    widget->show();
    state.flush();
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
    FigureRequest request;
    request.view = id;
    request.language = language;
    request.page = page;
    request.output = output;
    if (!FigureExport::writeView(widget.get(), request, error))
        return nullptr;
    return widget;
}

// A figure's text inside the figure and apart (single column): every line of a title
// no wider than its place in the layout, which lies in the plot; every legend entry inside the
// plot with its text inside the entry; every axis title inside the plot; tick labels whose ink
// does not touch along the axis; a value axis of numbers two lines of its labels tall or more
// with at least three labels.
void checkFigureText(QCustomPlot *plot, const QString &where)
{
    const QRectF viewport = QRectF(plot->viewport()).adjusted(-1, -1, 1, 1);
    for (QCPTextElement *title : plot->findChildren<QCPTextElement *>()) {
        if (!title->visible() || title->text().isEmpty() || !title->layout())
            continue;
        const QFontMetricsF metrics(title->font());
        const QRect place = title->outerRect();
        QVERIFY2(viewport.contains(QRectF(place)),
                 qPrintable(QStringLiteral("%1: the title \"%2\" lies at %3..%4 in a plot of %5 px").arg(where, title->text())
                                .arg(place.left()).arg(place.right()).arg(plot->viewport().width())));
        for (const QString &line : title->text().split(QLatin1Char('\n')))
            QVERIFY2(metrics.horizontalAdvance(line) <= place.width() + 1,
                     qPrintable(QStringLiteral("%1: the title line \"%2\" is %3 px wide in its %4 px")
                                    .arg(where, line).arg(metrics.horizontalAdvance(line)).arg(place.width())));
    }
    for (QCPLegend *legend : plot->findChildren<QCPLegend *>()) {
        if (!legend->visible() || !legend->layout())
            continue;
        for (int n = 0; n < legend->itemCount(); ++n) {
            auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(n));
            if (!item || !item->visible() || !item->plottable() || item->plottable()->name().isEmpty())
                continue;
            const QString name = item->plottable()->name();
            const QFontMetricsF metrics(item->font());
            double text = 0;
            for (const QString &line : name.split(QLatin1Char('\n')))
                text = std::max(text, metrics.horizontalAdvance(line));
            const QRectF box(item->rect().left(), item->rect().top(),
                             legend->iconSize().width() + legend->iconTextPadding() + text, item->rect().height());
            QVERIFY2(viewport.contains(box),
                     qPrintable(QStringLiteral("%1: the legend entry \"%2\" reaches %3..%4 in a plot of %5 px").arg(where, name)
                                    .arg(box.left()).arg(box.right()).arg(plot->viewport().width())));
        }
    }
    for (QCPAxis *axis : allAxes(plot)) {
        if (!axis->visible())
            continue;
        const bool horizontal = axis->orientation() == Qt::Horizontal;
        const QRect rect = axis->axisRect()->rect();
        if (!axis->label().isEmpty()) {
            const QFontMetricsF metrics(axis->labelFont());
            for (const QString &line : axis->label().split(QLatin1Char('\n'))) {
                const double half = metrics.horizontalAdvance(line) / 2;
                const double centre = horizontal ? rect.center().x() : rect.center().y();
                const double from = horizontal ? viewport.left() : viewport.top();
                const double to = horizontal ? viewport.right() : viewport.bottom();
                QVERIFY2(centre - half >= from && centre + half <= to,
                         qPrintable(QStringLiteral("%1: the axis title line \"%2\" runs %3..%4 on a plot of %5..%6")
                                        .arg(where, line).arg(centre - half).arg(centre + half).arg(from).arg(to)));
            }
        }
        if (!axis->tickLabels())
            continue;
        const QFontMetricsF metrics(axis->tickLabelFont());
        const bool turned = std::abs(std::fmod(axis->tickLabelRotation(), 180.0)) > 45;
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        QList<std::pair<double, double>> spans;
        for (int n = 0; n < ticks.size() && n < labels.size(); ++n) {
            if (!axis->range().contains(ticks[n]) || labels[n].isEmpty())
                continue;
            double extent = 0;
            const QStringList lines = labels[n].split(QLatin1Char('\n'));
            for (const QString &line : lines)
                extent = std::max(extent, horizontal != turned ? metrics.horizontalAdvance(line) : metrics.tightBoundingRect(line).height());
            if (horizontal == turned && lines.size() > 1)
                extent = metrics.height() * lines.size();
            const double at = axis->coordToPixel(ticks[n]);
            spans << std::make_pair(at - extent / 2, at + extent / 2);
        }
        std::sort(spans.begin(), spans.end());
        for (int n = 1; n < spans.size(); ++n)
            QVERIFY2(spans[n].first >= spans[n - 1].second + 1,
                     qPrintable(QStringLiteral("%1: tick labels run together on the axis \"%2\": %3 (%4..%5, then from %6)")
                                    .arg(where, axis->label(), QStringList(labels.begin(), labels.end()).join(QStringLiteral(" | ")))
                                    .arg(spans[n - 1].first).arg(spans[n - 1].second).arg(spans[n].first)
                                    + QStringLiteral(" rect %1,%2 %3x%4 range %5..%6 ticks %7").arg(rect.x()).arg(rect.y()).arg(rect.width()).arg(rect.height())
                                    .arg(axis->range().lower).arg(axis->range().upper).arg(ticks.size())));
        if (!horizontal && axis->axisRect()->height() >= 2 * metrics.height()
            && qobject_cast<QCPAxisRect *>(axis->axisRect()) && plot->axisRects().contains(axis->axisRect()))
            checkThreeLabels(axis, where);
    }
}

void checkPlots(QWidget *view, const QString &where)
{
    for (QCustomPlot *plot : view->findChildren<QCustomPlot *>()) {
        if (!visibleOnScreen(plot, view->window()))
            continue;
        checkLegends(plot, where + QStringLiteral(" ") + plot->accessibleName());
        checkTicks(plot, where + QStringLiteral(" ") + plot->accessibleName());
        checkText(plot, where + QStringLiteral(" ") + plot->accessibleName());
    }
}

// The largest text of `root` outside `except`, in pixels: widgets' fonts and every text of
// every plot (tick labels, axis labels, legends, titles, text items).
int largestTextOutside(QWidget *root, QWidget *except)
{
    int largest = 0;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!visibleOnScreen(w, root->window()) || except->isAncestorOf(w) || w == except)
            continue;
        if (auto *plot = qobject_cast<QCustomPlot *>(w)) {
            for (QCPAxis *axis : plot->findChildren<QCPAxis *>()) {
                if (!axis->visible())
                    continue;
                if (axis->tickLabels())
                    largest = std::max(largest, pixelSize(axis->tickLabelFont()));
                if (!axis->label().isEmpty())
                    largest = std::max(largest, pixelSize(axis->labelFont()));
            }
            for (QCPItemText *text : plot->findChildren<QCPItemText *>()) {
                if (text->visible() && !text->text().isEmpty())
                    largest = std::max(largest, pixelSize(text->font()));
            }
            for (QCPTextElement *title : plot->findChildren<QCPTextElement *>()) {
                if (title->visible() && !title->text().isEmpty())
                    largest = std::max(largest, pixelSize(title->font()));
            }
            continue;
        }
        if (qobject_cast<QLabel *>(w) || qobject_cast<QAbstractSpinBox *>(w) || w->metaObject()->className() == QByteArray("posenc::ClockFaceGrid"))
            largest = std::max(largest, pixelSize(w->font()));
    }
    return largest;
}

} // namespace

class TestViewLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const QString language = qEnvironmentVariable("POSENC_LAYOUT_LANG");
        if (!language.isEmpty())
            QVERIFY(Language::install(language));
        for (QSize size : kScreens)
            QVERIFY2(screenOfSize(size), "the offscreen platform has no screen of that size");
    }

    void layout_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<bool>("presentation");
        // Every registered view: a new one is measured at once.
        for (const QString &id : ViewRegistry::ids()) {
            const QByteArray view = id.toLatin1();
            for (QSize size : kScreens) {
                for (bool presentation : {false, true}) {
                    if (!laidOutIn(size, presentation))
                        continue;
                    const QByteArray name = view + ' ' + QByteArray::number(size.width()) + 'x'
                                            + QByteArray::number(size.height()) + (presentation ? " presentation" : " normal");
                    QTest::newRow(name.constData()) << id << size << presentation;
                }
            }
        }
    }

    // Legends, ticks and labels of each view in the window as the class sees it.
    void layout()
    {
        QFETCH(QString, view);
        QFETCH(QSize, screen);
        QFETCH(bool, presentation);
        auto window = windowOn(screen, presentation, view);
        QVERIFY(window);
        QWidget *widget = window->view(view);
        QVERIFY(widget && widget->isVisible());
        const QString where = QStringLiteral("%1 %2x%3 %4").arg(view).arg(screen.width()).arg(screen.height())
                                  .arg(presentation ? QStringLiteral("presentation") : QStringLiteral("normal"));
        const QString shots = qEnvironmentVariable("POSENC_LAYOUT_SHOTS");
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            window->grab().save(QDir(shots).filePath(QStringLiteral("%1_%2x%3_%4.png").arg(view).arg(screen.width())
                                                         .arg(screen.height()).arg(presentation ? QStringLiteral("presentation") : QStringLiteral("normal"))));
        }
        checkPlots(widget, where);
        if (QTest::currentTestFailed())
            return;
        // A zoom hint laid over a plot covers none of its ink (at 1280x720 it covered the
        // temporal curves' "time step t"): the plot drawn alone is blank under the hint.
        for (QCustomPlot *plot : widget->findChildren<QCustomPlot *>()) {
            for (QLabel *hint : plot->findChildren<QLabel *>()) {
                if (!hint->isVisible() || hint->text() != PlotZoom::hint())
                    continue;
                const QImage alone = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
                const QRect under = hint->geometry() & alone.rect();
                int ink = 0;
                for (int y = under.top(); y <= under.bottom(); ++y) {
                    for (int x = under.left(); x <= under.right(); ++x)
                        ink += qGray(alone.pixel(x, y)) < 160 ? 1 : 0;
                }
                QVERIFY2(ink == 0, qPrintable(QStringLiteral("%1: the zoom hint at %2,%3 %4x%5 covers %6 pixels of the plot's ink")
                                                  .arg(where).arg(under.x()).arg(under.y()).arg(under.width()).arg(under.height()).arg(ink)));
            }
        }
        // The whole view and its caption in the tab's page (a scroll area), without scrolling.
        QScrollArea *page = nullptr;
        for (QWidget *up = widget->parentWidget(); up && !page; up = up->parentWidget())
            page = qobject_cast<QScrollArea *>(up);
        QVERIFY(page && page->widget());
        const QWidget *content = page->widget();
        QVERIFY2(content->height() <= page->viewport()->height() + 1 && content->width() <= page->viewport()->width() + 1,
                 qPrintable(QStringLiteral("%1: the view needs scrolling (%2x%3 in %4x%5)").arg(where)
                                .arg(content->width()).arg(content->height())
                                .arg(page->viewport()->width()).arg(page->viewport()->height())));

        if (presentation) {
            // The class reads the interface text from the room: on the wall at least as
            // large as 18 px are on a 1080-line screen, whatever the screen's lines.
            const int text = pixelSize(QApplication::font());
            QVERIFY2(text * 1080 >= 18 * screen.height(), qPrintable(QStringLiteral("%1: interface text of %2 px").arg(where).arg(text)));
            // The view gets most of the width: on a narrow screen the docks share one column.
            const double share = double(page->width()) / screen.width();
            QVERIFY2(share >= (screen.width() < 1600 ? 0.7 : 0.5),
                     qPrintable(QStringLiteral("%1: the view has %2 of %3 px").arg(where).arg(page->width()).arg(screen.width())));
            // The dock titles and the zoom hint grow with the text.
            for (QDockWidget *dock : window->findChildren<QDockWidget *>()) {
                if (!dock->isVisible())
                    continue;
                QVERIFY2(dock->titleBarWidget(), qPrintable(where + QStringLiteral(": the dock \"%1\" keeps its small title").arg(dock->windowTitle())));
                for (QLabel *title : dock->titleBarWidget()->findChildren<QLabel *>())
                    QVERIFY2(pixelSize(title->font()) >= text, qPrintable(where + QStringLiteral(": the dock title \"%1\" in %2 px").arg(title->text()).arg(pixelSize(title->font()))));
            }
            for (QLabel *label : widget->findChildren<QLabel *>()) {
                if (label->isVisible() && label->text() == PlotZoom::hint())
                    QVERIFY2(pixelSize(label->font()) >= text, qPrintable(where + QStringLiteral(": the zoom hint in %1 px").arg(pixelSize(label->font()))));
            }
        }

        if (view == QLatin1String("rotation") && presentation) {
            auto *panel = widget->findChild<RotationEquationPanel *>();
            QVERIFY(panel);
            const int math = pixelSize(panel->matrixFont());
            const int other = largestTextOutside(widget, panel);
            QVERIFY2(math >= other, qPrintable(QStringLiteral("%1: M_k in %2 px, other text up to %3 px").arg(where).arg(math).arg(other)));
            // Readable from the back of the room: about 24 px at 1080 lines, in proportion below.
            QVERIFY2(math >= 24 * screen.height() / 1080, qPrintable(QStringLiteral("%1: M_k in %2 px").arg(where).arg(math)));
        }
        if (view == QLatin1String("rotation")) {
            // The equations under M_k shown on every screen a class uses, at a readable size.
            auto *panel = widget->findChild<RotationEquationPanel *>();
            QVERIFY(panel);
            QVERIFY2(panel->equationsShown(), qPrintable(where + QStringLiteral(": the equations are hidden")));
            for (QWidget *text : panel->findChildren<QWidget *>()) {
                if (text->isVisible() && (qobject_cast<QLabel *>(text) || qobject_cast<RotationMatrixLabel *>(text)))
                    QVERIFY2(pixelSize(text->font()) >= RotationEquationPanel::kReadableEquationPixels,
                             qPrintable(QStringLiteral("%1: a %2 of the equations in %3 px: %4").arg(where)
                                            .arg(QString::fromLatin1(text->metaObject()->className())).arg(pixelSize(text->font()))
                                            .arg(qobject_cast<QLabel *>(text) ? qobject_cast<QLabel *>(text)->text()
                                                                              : qobject_cast<RotationMatrixLabel *>(text)->text())));
            }
        }
    }

    void screenshot_data()
    {
        layout_data();
    }

    // The window as `posenc-lab screenshot` renders it (Screenshot::save: a few event-loop
    // turns, no more): the same checks of the plots. Fitted to an axis length from before the
    // last layout, the temporal curves showed a lone "0" in presentation mode at 1920x1080.
    void screenshot()
    {
        QFETCH(QString, view);
        QFETCH(QSize, screen);
        QFETCH(bool, presentation);
        MainWindow window;
        QScreen *on = screenOfSize(screen);
        QVERIFY(on);
        window.setScreen(on);
        window.move(on->geometry().topLeft());
        window.showView(view);
        if (presentation)
            window.setPresentationMode(true);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(Screenshot::save(window, dir.filePath(QStringLiteral("shot.png")), screen, &error), qPrintable(error));
        QWidget *widget = window.view(view);
        QVERIFY(widget && widget->isVisible());
        checkPlots(widget, QStringLiteral("screenshot %1 %2x%3 %4").arg(view).arg(screen.width()).arg(screen.height())
                               .arg(presentation ? QStringLiteral("presentation") : QStringLiteral("normal")));
    }

    void chineseFigurePlotsAsLargeAsEnglish_data()
    {
        QTest::addColumn<QString>("view");
        for (const char *id : {"spectrum", "temporal", "precision", "similarity", "curves"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }

    // A Chinese single-column figure gives its plots most of the room the English one does
    // (its longer legend entries may take a row more):
    // its numbers and Latin text are set in the English figure's family, and only its Chinese
    // characters in Noto Sans CJK SC. Set wholly in the CJK font (the zh_CN locale's choice),
    // whose lines are a quarter higher, the labels took the height: the spectrum's ladder got
    // 61 px of the English one's 150.
    void chineseFigurePlotsAsLargeAsEnglish()
    {
        QFETCH(QString, view);
        const auto plotArea = [&view](const QString &language) -> double {
            if (!Language::install(language))
                return -1;
            EncodingState state;
            QTemporaryDir dir;
            FigurePage page;
            page.dpi = 150;
            QString error;
            const std::unique_ptr<QWidget> widget =
                writeFigure(state, view, language, page, dir.filePath(QStringLiteral("figure.png")), &error);
            if (!widget)
                return -1;
            double area = 0;
            for (QCustomPlot *plot : widget->findChildren<QCustomPlot *>()) {
                if (!plot->isVisibleTo(widget.get()))
                    continue;
                for (QCPAxisRect *rect : plot->axisRects()) {
                    if (rect->visible() && rect->layout())
                        area += double(rect->width()) * rect->height();
                }
            }
            return area;
        };
        const auto english = qScopeGuard([] { Language::install(QStringLiteral("en")); });
        const double en = plotArea(QStringLiteral("en"));
        const double zh = plotArea(QStringLiteral("zh_CN"));
        QVERIFY(en > 0 && zh > 0);
        QVERIFY2(zh >= 0.7 * en, qPrintable(QStringLiteral("%1: the Chinese figure's plots have %2 px², the English one's %3")
                                                 .arg(view).arg(zh).arg(en)));
    }

    void figure_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("language");
        QTest::addColumn<double>("widthMm");
        QTest::addColumn<double>("heightMm");
        for (const QString &id : {QStringLiteral("similarity"), QStringLiteral("temporal"), QStringLiteral("precision")}) {
            for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
                const QByteArray name = id.toLatin1() + ' ' + language.toLatin1();
                QTest::newRow((name + " 89x66").constData()) << id << language << 89.0 << 66.0;
                QTest::newRow((name + " double column").constData()) << id << language << 183.0 << 91.5;
            }
        }
    }

    // The figures of the views a screenshot review of single columns found cut: on
    // an 89 x 66 mm page and a double column at 300 dpi, in English and in Chinese, every
    // title, legend entry and axis title inside the figure, no tick labels running together,
    // three labels on each value axis; the precision lab's error map a readable width and in
    // colours that tell its errors apart.
    void figure()
    {
        QFETCH(QString, view);
        QFETCH(QString, language);
        QFETCH(double, widthMm);
        QFETCH(double, heightMm);
        QVERIFY(Language::install(language));
        const auto english = qScopeGuard([] { Language::install(QStringLiteral("en")); });
        EncodingState state;
        QTemporaryDir dir;
        FigurePage page;
        page.widthMm = widthMm;
        page.heightMm = heightMm;
        page.dpi = 300;
        const QString output = dir.filePath(QStringLiteral("figure.png"));
        QString error;
        const std::unique_ptr<QWidget> widget = writeFigure(state, view, language, page, output, &error);
        QVERIFY2(widget, qPrintable(error));
        const QString where = QStringLiteral("%1 figure %2 x %3 mm, %4").arg(view).arg(widthMm).arg(heightMm).arg(language);
        const QString shots = qEnvironmentVariable("POSENC_LAYOUT_SHOTS");
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            QFile::copy(output, QDir(shots).filePath(QStringLiteral("%1_%2x%3_%4.png").arg(view).arg(widthMm).arg(heightMm).arg(language)));
        }
        for (QCustomPlot *plot : widget->findChildren<QCustomPlot *>()) {
            if (!plot->isVisibleTo(widget.get()))
                continue;
            checkFigureText(plot, where + QStringLiteral(" ") + plot->accessibleName());
            if (QTest::currentTestFailed())
                return;
        }
        if (view == QLatin1String("precision")) {
            // The compact legend's entries ("pair 0", "1", "2") whole, none broken into lines.
            for (QCustomPlot *plot : widget->findChildren<QCustomPlot *>()) {
                for (int n = 0; n < plot->plottableCount(); ++n) {
                    const QString name = plot->plottable(n)->name();
                    QVERIFY2(!name.contains(QLatin1Char('\n')),
                             qPrintable(QStringLiteral("%1: the legend entry \"%2\" is broken into lines").arg(where, name)));
                }
            }
            auto *precision = static_cast<PrecisionView *>(widget.get());
            // Beside the bar, the map had a sixth of a single column.
            const int mapWidth = precision->errorPlot()->axisRect()->width();
            QVERIFY2(mapWidth >= 0.3 * widget->width(),
                     qPrintable(QStringLiteral("%1: the error map is %2 px of %3").arg(where).arg(mapWidth).arg(widget->width())));
            // A bar up to the largest error (0.082, the median 0.0003) left most cells white:
            // fewer than half within 2 % of the bar's end from white.
            QCPColorMapData *data = precision->errorMap()->data();
            const double end = precision->errorScale()->dataRange().upper;
            int pale = 0;
            for (int k = 0; k < data->keySize(); ++k) {
                for (int v = 0; v < data->valueSize(); ++v)
                    pale += std::abs(data->cell(k, v)) < 0.02 * end ? 1 : 0;
            }
            QVERIFY2(pale < data->keySize() * data->valueSize() / 2,
                     qPrintable(QStringLiteral("%1: %2 of %3 cells nearly white, the bar up to %4").arg(where).arg(pale)
                                    .arg(data->keySize() * data->valueSize()).arg(end)));
        }
    }

    // M_k at d_model 8 (review #16): every cell as large as the others, the outline
    // of pair 0 on its 2 x 2 block. Measured on the rendered plot: the run of pixels of one
    // entry's colour along its row.
    void matrixCellsAtSmallDModel()
    {
        auto window = windowOn(kScreens[1], false, QStringLiteral("rotation"));
        QVERIFY(window);
        window->state()->setDModel(8);
        window->state()->setOffset(1);
        window->state()->changeScene([](Scene &scene) { scene.rotationPair = 1; });
        settle(*window);
        auto *view = qobject_cast<RotationView *>(window->view(QStringLiteral("rotation")));
        QVERIFY(view);
        QCustomPlot *plot = view->matrixPlot();
        const QImage image = plot->toPixmap().toImage();
        QCPAxis *x = plot->xAxis;
        QCPAxis *y = plot->yAxis;
        const double cell = std::abs(x->coordToPixel(0.5) - x->coordToPixel(-0.5));
        QVERIFY(cell > 8);
        // The run of the colour at the centre of entry (row, column), along the row: [from, to).
        auto run = [&](int row, int column) {
            // Off the row's centre, where a tick mark of the row axis may stand.
            const int cy = int(std::lround(y->coordToPixel(row + 0.3)));
            const int cx = int(std::lround(x->coordToPixel(column)));
            const QRgb colour = image.pixel(cx, cy);
            int from = cx, to = cx;
            while (from > 0 && image.pixel(from - 1, cy) == colour)
                --from;
            while (to + 1 < image.width() && image.pixel(to + 1, cy) == colour)
                ++to;
            return std::make_pair(from, to + 1);
        };
        // The diagonal entries cos(k·w_i) outside pair 1's outline, each between entries of
        // other values (±sin, 0) or the edge of the map, the first and the last included: each
        // as wide as a cell, where the axes put it.
        for (int r : {0, 1, 4, 5, 6, 7}) {
            const auto [from, to] = run(r, r);
            QVERIFY2(std::abs((to - from) - cell) <= 2 && std::abs(from - x->coordToPixel(r - 0.5)) <= 2,
                     qPrintable(QStringLiteral("entry (%1, %1) drawn at %2..%3, its cell at %4..%5").arg(r).arg(from).arg(to)
                                    .arg(x->coordToPixel(r - 0.5)).arg(x->coordToPixel(r + 0.5))));
        }
        // The outline of pair 1 (four rectangles, one per entry) on columns and rows 2 and 3.
        QRectF outline;
        for (QCPItemRect *rect : plot->findChildren<QCPItemRect *>()) {
            if (rect->visible())
                outline |= QRectF(rect->topLeft->pixelPosition(), rect->bottomRight->pixelPosition()).normalized();
        }
        const QRectF block = QRectF(QPointF(x->coordToPixel(1.5), y->coordToPixel(1.5)), QPointF(x->coordToPixel(3.5), y->coordToPixel(3.5))).normalized();
        QVERIFY2(std::abs(outline.left() - block.left()) <= 2 && std::abs(outline.right() - block.right()) <= 2
                     && std::abs(outline.top() - block.top()) <= 2 && std::abs(outline.bottom() - block.bottom()) <= 2,
                 "the outline of pair 1 is not on its block");
    }
};

int main(int argc, char **argv)
{
    // Two screens side by side, 1280x720 and 1920x1080 at 96 dpi.
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"synchronousWindowSystemEvents": false, "windowFrameMargins": false, "screens": [
        {"name": "small", "x": 0, "y": 0, "width": 1280, "height": 720, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
        {"name": "large", "x": 1280, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    TestViewLayout test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_viewlayout.moc"

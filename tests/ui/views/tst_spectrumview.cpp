// SPDX-License-Identifier: GPL-3.0-or-later
// The spectrum view: the frequency ladder, the seq_len and period lines, the spectra of the
// chosen dimensions and the colour map of all of them, checked against the formulas written
// out in expected.h and a direct O(N²) discrete Fourier transform written out here.

#include "ui/state/encodingstate.h"
#include "ui/views/spectrum/spectrumview.h"
#include "ui/views/spectrum/spectrumtext.h"

#include "expected.h"

#include <qcustomplot.h>

#include <QTest>

#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

using namespace posenc;
using expected::Params;

Q_DECLARE_METATYPE(std::vector<double>)

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// The number of frequencies: ceil(d/2) interleaved, floor(d/2) split.
int expectedCount(const EncodingParams &p)
{
    return p.layout == Layout::Interleaved ? (p.dModel + 1) / 2 : p.dModel / 2;
}

double wavelength(const EncodingParams &p, int i)
{
    return kTwoPi / expected::frequency(p, i);
}

// The one-sided amplitude of bin m of x by the definition X_m = sum_n x_n e^{-2πi m n / N},
// scaled 2|X_m|/N (|X_m|/N at 0 and at N/2), so that a sinusoid of amplitude A on a bin shows A.
double directAmplitude(const std::vector<double> &x, int m)
{
    const int n = int(x.size());
    std::complex<double> sum;
    for (int j = 0; j < n; ++j) {
        // (m j) mod N keeps the angle small, so the sum stays accurate for long signals.
        const double angle = -kTwoPi * double((1LL * m * j) % n) / n;
        sum += x[size_t(j)] * std::complex<double>(std::cos(angle), std::sin(angle));
    }
    const bool edge = m == 0 || (n % 2 == 0 && m == n / 2);
    return std::abs(sum) * (edge ? 1.0 : 2.0) / n;
}

std::vector<double> peColumn(const EncodingParams &p, int column)
{
    std::vector<double> x(size_t(p.seqLen));
    for (int r = 0; r < p.seqLen; ++r)
        x[size_t(r)] = expected::pe(p, p.start + r, column);
    return x;
}

bool close(double got, double want, double relTol)
{
    return std::abs(got - want) <= relTol * std::max(1.0, std::abs(want));
}

QByteArray mismatch(const char *what, double at, double got, double want)
{
    return QByteArray(what) + " at " + QByteArray::number(at, 'g', 10) + ": got "
           + QByteArray::number(got, 'g', 17) + ", expected " + QByteArray::number(want, 'g', 17);
}

// A state with these parameters and chosen dimensions, shown in a view of the size the main
// window gives it, with the plot laid out so that pixels mean something.
struct Fixture {
    EncodingState state;
    SpectrumView view{&state};

    Fixture(const EncodingParams &params, const QList<int> &dimensions = expected::range(0, 5))
    {
        view.resize(700, 700);
        view.show();
        const auto error = state.setParams(params);
        if (error)
            qWarning("setParams: %s", error->message.c_str());
        state.changeScene([&](Scene &scene) { scene.dimensions = dimensions; });
        state.flush();
        view.plot()->replot();
    }
};

// Where a shown end label of the ladder (the first and last wavelengths) reaches out of the
// ladder's panel (half a pixel of rounding allowed); empty when both are inside.
QString endLabelOutsideThePanel(const SpectrumView &view)
{
    const QRectF frame = QRectF(view.ladderRect()->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
    for (const QCPItemText *end : {view.firstWavelengthLabel(), view.lastWavelengthLabel()}) {
        if (!end->visible())
            continue;
        const QRectF box = QRectF(end->topLeft->pixelPosition(), end->bottomRight->pixelPosition()).normalized();
        if (!(frame.top() <= box.top() && box.bottom() <= frame.bottom()))
            return QStringLiteral("%1: %2 to %3 px, the panel %4 to %5 px")
                .arg(end->text())
                .arg(box.top())
                .arg(box.bottom())
                .arg(frame.top())
                .arg(frame.bottom());
    }
    return {};
}

} // namespace

class TestSpectrumView : public QObject
{
    Q_OBJECT

private slots:
    void ladder_data();
    void ladder();
    void lastLabelInOneNotation_data();
    void lastLabelInOneNotation();
    void inspectorInOneNotation();
    void frequencyAxisMirrorsWavelengths_data();
    void frequencyAxisMirrorsWavelengths();
    void longWavelengths_data();
    void longWavelengths();
    void periods_data();
    void periods();
    void lineLabelsClear_data();
    void lineLabelsClear();
    void endLabelsInsideThePanel_data();
    void endLabelsInsideThePanel();
    void endLabelsFitAShorterPanelAtOnce_data();
    void endLabelsFitAShorterPanelAtOnce();
    void oneReplotPerChange_data();
    void oneReplotPerChange();
    void ladderMarkersStayPoints_data();
    void ladderMarkersStayPoints();
    void spectrumPeak_data();
    void spectrumPeak();
    void binCentredAmplitude_data();
    void binCentredAmplitude();
    void spectrumFollowsChosenDimensions_data();
    void spectrumFollowsChosenDimensions();
    void heatmap_data();
    void heatmap();
    void heatmapLarge();
    void heatmapDrawnWhereItsAxesSay_data();
    void heatmapDrawnWhereItsAxesSay();
    void updatesAfterEachChange_data();
    void updatesAfterEachChange();
    void clickLadderPoint_data();
    void clickLadderPoint();
    void ladderMarkers();
    void shortScreens_data();
    void shortScreens();
};

void TestSpectrumView::ladder_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults (paper, d 128)") << Params().p;
    QTest::addRow("paper d 512") << Params().dModel(512).p;
    QTest::addRow("paper d 7 (odd) interleaved") << Params().dModel(7).p;
    QTest::addRow("paper d 7 (odd) split") << Params().dModel(7).split().p;
    QTest::addRow("paper d 2") << Params().dModel(2).p;
    QTest::addRow("paper base 1e6") << Params().dModel(64).base(1e6).p;
    QTest::addRow("tensor2tensor split d 512") << Params().dModel(512).split().tensor2tensor().p;
    QTest::addRow("tensor2tensor interleaved d 9") << Params().dModel(9).tensor2tensor().p;
    QTest::addRow("tensor2tensor d 3 split (one pair)") << Params().dModel(3).split().tensor2tensor().p;
}

// Point i of the ladder is (i, 2π/w_i): 2π·base^(2i/d) (paper) or 2π·exp(i ln(base)/(n−1))
// (tensor2tensor), and the two ends are labelled with their values.
void TestSpectrumView::ladder()
{
    QFETCH(EncodingParams, params);
    Fixture f(params);
    const int n = expectedCount(params);
    QCPGraph *ladder = f.view.ladderGraph();
    QCOMPARE(ladder->data()->size(), n);
    for (int i = 0; i < n; ++i) {
        const double want = params.frequencies == FrequencyConvention::Paper
                                ? kTwoPi * std::pow(params.base, 2.0 * i / params.dModel)
                                : kTwoPi * std::exp(i * std::log(params.base) / std::max(n - 1, 1));
        QCOMPARE(ladder->data()->at(i)->key, double(i));
        QVERIFY2(close(ladder->data()->at(i)->value, want, 1e-12),
                 mismatch("wavelength", i, ladder->data()->at(i)->value, want).constData());
    }
    QCOMPARE(f.view.ladderRect()->axis(QCPAxis::atLeft)->scaleType(), QCPAxis::stLogarithmic);

    QCOMPARE(f.view.firstWavelengthLabel()->text(), QStringLiteral("2π ≈ 6.28"));
    QCOMPARE(f.view.firstWavelengthLabel()->position->coords(), QPointF(0, kTwoPi));
    QCOMPARE(f.view.lastWavelengthLabel()->visible(), n > 1);
    if (n > 1) {
        const double last = wavelength(params, n - 1);
        QVERIFY(close(f.view.lastWavelengthLabel()->position->coords().y(), last, 1e-12));
    }
}

void TestSpectrumView::lastLabelInOneNotation_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<QString>("text");
    // Values from 2π·base^(2(n−1)/d) (paper) or 2π·base (tensor2tensor), written out by hand.
    QTest::addRow("defaults") << Params().p << QStringLiteral("2π·10000^(126/128) ≈ 54410");
    QTest::addRow("d 512") << Params().dModel(512).p << QStringLiteral("2π·10000^(510/512) ≈ 60611");
    QTest::addRow("d 7 interleaved") << Params().dModel(7).p << QStringLiteral("2π·10000^(6/7) ≈ 16856");
    QTest::addRow("d 64") << Params().dModel(64).p << QStringLiteral("2π·10000^(62/64) ≈ 47117");
    QTest::addRow("base 1e6, d 64") << Params().dModel(64).base(1e6).p
                                    << QStringLiteral("2π·1000000^(62/64) ≈ 4.0802×10⁶");
    // Lesson 13, the doubled exponent: the base and the value in the same notation.
    QTest::addRow("base 1e8 (lesson 13)") << Params().base(1e8).p
                                          << QStringLiteral("2π·(10⁸)^(126/128) ≈ 4.7117×10⁸");
    QTest::addRow("base 1e12") << Params().base(1e12).p
                               << QStringLiteral("2π·(10¹²)^(126/128) ≈ 4.0802×10¹²");
    QTest::addRow("tensor2tensor d 512") << Params().dModel(512).split().tensor2tensor().p
                                         << QStringLiteral("2π·10000 ≈ 62832");
    QTest::addRow("tensor2tensor base 1e8") << Params().split().tensor2tensor().base(1e8).p
                                            << QStringLiteral("2π·10⁸ ≈ 6.2832×10⁸");
}

// The label at the top of the ladder writes every number in one notation: never "1e+08"
// beside "×10" (usability review #28).
void TestSpectrumView::lastLabelInOneNotation()
{
    QFETCH(EncodingParams, params);
    QFETCH(QString, text);
    Fixture f(params);
    QCOMPARE(f.view.lastWavelengthLabel()->text(), text);
    QVERIFY(!text.contains(QLatin1Char('e')));
}

// What the inspector says for a clicked ladder point, in the same notation as the label:
// w_63 = 10^(−7.875) and 2π·10^7.875 at base 1e8, d_model 128 (lesson 13).
void TestSpectrumView::inspectorInOneNotation()
{
    const QString text = SpectrumText::frequency(Params().base(1e8).p, 63);
    QVERIFY2(text.contains(QStringLiteral("w_63 = (10⁸)^(−126/128) = 1.33352×10⁻⁸")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 4.71172×10⁸ positions")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("e+")) && !text.contains(QLatin1String("e-")), qPrintable(text));
    const QString plain = SpectrumText::frequency(Params().p, 3);
    QVERIFY2(plain.contains(QStringLiteral("w_3 = 10000^(−6/128) = 0.649382")), qPrintable(plain));
}

void TestSpectrumView::frequencyAxisMirrorsWavelengths_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults") << Params().p;
    QTest::addRow("d 512 seq_len 1024") << Params().dModel(512).seqLen(1024).p;
    QTest::addRow("tensor2tensor base 1e9") << Params().base(1e9).tensor2tensor().p;
}

// The right axis reads each ladder point as its frequency: at the pixel height of point i the
// right axis shows w_i.
void TestSpectrumView::frequencyAxisMirrorsWavelengths()
{
    QFETCH(EncodingParams, params);
    Fixture f(params);
    QCPAxis *left = f.view.ladderRect()->axis(QCPAxis::atLeft);
    QCPAxis *right = f.view.ladderRect()->axis(QCPAxis::atRight);
    QVERIFY(right->visible());
    QCOMPARE(right->scaleType(), QCPAxis::stLogarithmic);
    const int n = expectedCount(params);
    for (int i : {0, n / 2, n - 1}) {
        const double pixel = left->coordToPixel(wavelength(params, i));
        const double w = right->pixelToCoord(pixel);
        QVERIFY2(close(w, expected::frequency(params, i), 1e-9),
                 mismatch("w", i, w, expected::frequency(params, i)).constData());
    }
    // Also after the user zooms the wavelength axis.
    left->setRange(left->range().lower * 3, left->range().upper / 5);
    const double pixel = left->coordToPixel(wavelength(params, 1));
    QVERIFY(close(right->pixelToCoord(pixel), expected::frequency(params, 1), 1e-9));
}

void TestSpectrumView::longWavelengths_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults (seq_len 30)") << Params().p;
    QTest::addRow("seq_len 1") << Params().seqLen(1).p;
    QTest::addRow("seq_len 1000") << Params().seqLen(1000).p;
    QTest::addRow("seq_len 16384 d 512") << Params().dModel(512).seqLen(16384).p;
    QTest::addRow("seq_len 8 base 1.2: none long") << Params().dModel(16).seqLen(8).base(1.2).p;
    QTest::addRow("tensor2tensor seq_len 100") << Params().seqLen(100).split().tensor2tensor().p;
}

// The marked pairs are exactly those with 2π/w_i > seq_len; the seq_len line and its label.
void TestSpectrumView::longWavelengths()
{
    QFETCH(EncodingParams, params);
    Fixture f(params);
    QList<double> want;
    for (int i = 0; i < expectedCount(params); ++i) {
        if (wavelength(params, i) > params.seqLen)
            want << i;
    }
    QList<double> got;
    for (const QCPGraphData &point : *f.view.longWavelengthGraph()->data())
        got << point.key;
    QCOMPARE(got, want);
    for (const QCPGraphData &point : *f.view.longWavelengthGraph()->data())
        QVERIFY(close(point.value, wavelength(params, int(point.key)), 1e-12));
    QCOMPARE(f.view.longWavelengthGraph()->name(),
             QStringLiteral("> seq_len: less than one turn over the sequence"));

    QCPItemStraightLine *line = f.view.seqLenLine();
    QCOMPARE(line->point1->coords().y(), double(params.seqLen));
    QCOMPARE(line->point2->coords().y(), double(params.seqLen));
    QVERIFY(line->point1->coords().x() != line->point2->coords().x()); // horizontal
    QCOMPARE(f.view.seqLenLabel()->text(), QStringLiteral("seq_len = %1").arg(params.seqLen));
    // The line is inside the visible range.
    QVERIFY(f.view.ladderRect()->axis(QCPAxis::atLeft)->range().contains(params.seqLen));
}

void TestSpectrumView::periods_data()
{
    QTest::addColumn<std::vector<double>>("periods");
    QTest::addRow("default day and week") << std::vector<double>{24, 168};
    QTest::addRow("one period") << std::vector<double>{12};
    QTest::addRow("three periods") << std::vector<double>{7, 30.5, 365};
    QTest::addRow("a period of a million") << std::vector<double>{1e6};
}

// One dashed horizontal line per temporal period, labelled "P = …", following the scene's
// temporal periods.
void TestSpectrumView::periods()
{
    QFETCH(std::vector<double>, periods);
    Fixture f(Params().p);
    QCOMPARE(f.view.periodLineCount(), 2); // the defaults 24 and 168 first
    QCOMPARE(f.view.periodLine(1)->point1->coords().y(), 168.0);

    TemporalParams temporal;
    temporal.periods = periods;
    QVERIFY(!f.state.changeScene([&](Scene &scene) { scene.temporal = temporal; }));
    f.state.flush();
    QCOMPARE(f.view.periodLineCount(), int(periods.size()));
    const QCPRange visible = f.view.ladderRect()->axis(QCPAxis::atLeft)->range();
    for (int k = 0; k < int(periods.size()); ++k) {
        QCPItemStraightLine *line = f.view.periodLine(k);
        QCOMPARE(line->point1->coords().y(), periods[size_t(k)]);
        QCOMPARE(line->point2->coords().y(), periods[size_t(k)]);
        QCOMPARE(line->pen().style(), Qt::DashLine);
        QCOMPARE(f.view.periodLabel(k)->text(),
                 QStringLiteral("P = %1").arg(QString::number(periods[size_t(k)], 'g', 6)));
        QVERIFY(visible.contains(periods[size_t(k)]));
    }
}

void TestSpectrumView::lineLabelsClear_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<std::vector<double>>("periods");
    QTest::addColumn<QSize>("size");
    const std::vector<double> dayAndWeek{24, 168};
    // The review's case: 24 and 30 a few pixels apart, 168 where the ladder rises through.
    QTest::addRow("seq_len 30, 24 and 168, 700x700") << Params().p << dayAndWeek << QSize(700, 700);
    QTest::addRow("seq_len 30, 24 and 168, wide 1000x640") << Params().p << dayAndWeek << QSize(1000, 640);
    QTest::addRow("seq_len 30, 24 and 168, narrow 480x640") << Params().p << dayAndWeek << QSize(480, 640);
    QTest::addRow("d 16: few points, long segments") << Params().dModel(16).p << dayAndWeek << QSize(700, 700);
    QTest::addRow("seq_len 512, three periods") << Params().seqLen(512).p << std::vector<double>{12, 60, 365}
                                                << QSize(700, 700);
    QTest::addRow("d 512, seq_len 200, 180 and 240") << Params().dModel(512).seqLen(200).p
                                                     << std::vector<double>{180, 240} << QSize(800, 600);
}

// The labels of seq_len and the periods: each beside its own line (just above or below it, no
// other line through it), inside the panel, over no point of the ladder, no segment between
// two points and no other label, and apart from the other labels. They were chained leftwards
// from the right edge, always above their lines: the seq_len line ran through "P = 24", and
// "P = 168" hid ladder points.
void TestSpectrumView::lineLabelsClear()
{
    QFETCH(EncodingParams, params);
    QFETCH(std::vector<double>, periods);
    QFETCH(QSize, size);
    Fixture f(params);
    TemporalParams temporal;
    temporal.periods = periods;
    QVERIFY(!f.state.changeScene([&](Scene &scene) { scene.temporal = temporal; }));
    f.state.flush();
    f.view.resize(size);
    QCoreApplication::processEvents();
    f.view.plot()->replot();
    f.view.plot()->replot(); // after the last label's range is raised

    QCPAxisRect *rect = f.view.ladderRect();
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    QCPAxis *y = rect->axis(QCPAxis::atLeft);
    const auto box = [](const QCPItemText *text) {
        return QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
    };
    QList<std::pair<QCPItemText *, double>> labels{{f.view.seqLenLabel(), double(params.seqLen)}};
    for (int k = 0; k < int(periods.size()); ++k)
        labels.append({f.view.periodLabel(k), periods[size_t(k)]});
    QList<QPointF> points; // the points and the middles of the segments between them
    const auto *data = f.view.ladderGraph()->data().data();
    for (int i = 0; i < data->size(); ++i) {
        const QPointF point(x->coordToPixel(data->at(i)->key), y->coordToPixel(data->at(i)->value));
        if (i > 0)
            points << (point + QPointF(x->coordToPixel(data->at(i - 1)->key), y->coordToPixel(data->at(i - 1)->value))) / 2;
        points << point;
    }
    const QRectF frame = QRectF(rect->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
    for (qsizetype n = 0; n < labels.size(); ++n) {
        const auto &[text, value] = labels.at(n);
        const QRectF r = box(text);
        const QString name = text->text();
        const double own = y->coordToPixel(value);
        QVERIFY2(frame.contains(r), qPrintable(name + QStringLiteral(": outside the panel")));
        QVERIFY2((own <= r.top() + 0.5 && own >= r.top() - 6) || (own >= r.bottom() - 0.5 && own <= r.bottom() + 6),
                 qPrintable(QStringLiteral("%1: not beside its line (line at %2, label %3 to %4)")
                                .arg(name).arg(own).arg(r.top()).arg(r.bottom())));
        for (qsizetype m = 0; m < labels.size(); ++m) {
            if (m == n)
                continue;
            const double other = y->coordToPixel(labels.at(m).second);
            QVERIFY2(!(other > r.top() + 0.5 && other < r.bottom() - 0.5),
                     qPrintable(name + QStringLiteral(": the line of ") + labels.at(m).first->text() + QStringLiteral(" runs through it")));
            // Apart: side by side with a gap (no gap read "P = 24seq_len = 30" as one label),
            // else one above the other, not touching.
            const QRectF o = box(labels.at(m).first);
            const bool sideBySide = r.top() < o.bottom() && o.top() < r.bottom();
            const double gap = sideBySide ? std::max(o.left() - r.right(), r.left() - o.right())
                                          : std::max(o.top() - r.bottom(), r.top() - o.bottom());
            QVERIFY2(gap >= (sideBySide ? 4 : 0.5), qPrintable(QStringLiteral("%1 and %2: %3 px apart")
                                                                  .arg(name, labels.at(m).first->text())
                                                                  .arg(gap)));
        }
        for (const QCPItemText *end : {f.view.firstWavelengthLabel(), f.view.lastWavelengthLabel()}) {
            if (end->visible())
                QVERIFY2(!r.intersects(box(end)), qPrintable(name + QStringLiteral(" overlaps ") + end->text()));
        }
        for (const QPointF &point : std::as_const(points)) {
            QVERIFY2(!r.contains(point), qPrintable(QStringLiteral("%1 covers the ladder at (%2, %3)")
                                                         .arg(name).arg(point.x()).arg(point.y())));
        }
    }
}

void TestSpectrumView::endLabelsInsideThePanel_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("firstShown");
    QTest::addRow("defaults, the view of a 1280 x 800 window") << Params().p << QSize(970, 690) << true;
    QTest::addRow("defaults, 1600 x 1000") << Params().p << QSize(1600, 1000) << true;
    QTest::addRow("d 512, 970 x 690") << Params().dModel(512).p << QSize(970, 690) << true;
    QTest::addRow("seq_len 4 (below the first point), 970 x 690") << Params().seqLen(4).p << QSize(970, 690) << true;
    QTest::addRow("defaults, 800 x 600") << Params().p << QSize(800, 600) << true;
    // Eight decades in a short panel: no room under the first point without crowding the
    // lines' labels; the first label is left out.
    QTest::addRow("base 1e8, 970 x 690") << Params().base(1e8).p << QSize(970, 690) << false;
}

// The labels of the ladder's ends ("2π ≈ 6.28" below-right of the first point, the last
// wavelength's formula above-left of the last) inside the ladder's panel, clear of its axes:
// the first one sat on the x axis, its lower part hidden, at the default window size. Where
// there is no room under the first point it is left out, never drawn over the axis.
void TestSpectrumView::endLabelsInsideThePanel()
{
    QFETCH(EncodingParams, params);
    QFETCH(QSize, size);
    QFETCH(bool, firstShown);
    Fixture f(params);
    f.view.resize(size);
    QCoreApplication::processEvents();
    for (int n = 0; n < 3; ++n)
        f.view.plot()->replot(); // the range is fitted to the labels' heights in pixels
    QCPAxisRect *rect = f.view.ladderRect();
    QCOMPARE(f.view.firstWavelengthLabel()->visible(), firstShown);
    QVERIFY(f.view.lastWavelengthLabel()->visible());
    const QString outside = endLabelOutsideThePanel(f.view);
    QVERIFY2(outside.isEmpty(), qPrintable(outside));
    // Every point of the ladder still in view.
    QCPAxis *y = rect->axis(QCPAxis::atLeft);
    const auto *data = f.view.ladderGraph()->data().data();
    QVERIFY(y->range().contains(data->at(0)->value));
    QVERIFY(y->range().contains(data->at(data->size() - 1)->value));
}

// A layout that gives the ladder another height than the last one (a resize, presentation
// mode): the range is fitted to the new height within the same replot, no second one needed.
void TestSpectrumView::endLabelsFitAShorterPanelAtOnce()
{
    QFETCH(int, divisor);
    Fixture f(Params().p);
    f.view.resize(970, 1000);
    QTest::qWait(50);
    QCPLayoutGrid *grid = f.view.plot()->plotLayout();
    QCPAxisRect *rect = f.view.ladderRect();
    const double before = rect->height();
    int row = 0;
    while (row < grid->rowCount() && grid->element(row, 0) != rect)
        ++row;
    QVERIFY(row < grid->rowCount());
    // A shorter panel in the same widget: the ladder's row gets a part of its share.
    grid->setRowStretchFactor(row, grid->rowStretchFactors().at(row) / divisor);
    f.view.plot()->replot();
    const QCPRange once = rect->axis(QCPAxis::atLeft)->range();
    QVERIFY2(rect->height() < 0.8 * before, qPrintable(QStringLiteral("%1 px, before %2 px").arg(rect->height()).arg(before)));
    // What one replot fitted is the fixed point: more replots keep it.
    for (int n = 0; n < 2; ++n)
        f.view.plot()->replot();
    const QCPRange again = rect->axis(QCPAxis::atLeft)->range();
    QVERIFY2(std::abs(std::log10(again.lower / once.lower)) < 1e-6 && std::abs(std::log10(again.upper / once.upper)) < 1e-6,
             qPrintable(QStringLiteral("after one replot %1 to %2, after three %3 to %4")
                            .arg(once.lower).arg(once.upper).arg(again.lower).arg(again.upper)));
    const QString outside = endLabelOutsideThePanel(f.view);
    QVERIFY2(outside.isEmpty(), qPrintable(outside));
}

void TestSpectrumView::endLabelsFitAShorterPanelAtOnce_data()
{
    QTest::addColumn<int>("divisor");
    for (int d : {2, 3, 4, 6})
        QTest::addRow("a share of 1/%d", d) << d;
}

void TestSpectrumView::oneReplotPerChange_data()
{
    QTest::addColumn<EncodingParams>("to");
    QTest::addRow("d_model 128 -> 126") << Params().dModel(126).p;
    QTest::addRow("d_model 128 -> 512") << Params().dModel(512).p;
    QTest::addRow("base 10000 -> 500") << Params().base(500).p;
    QTest::addRow("seq_len 64 -> 512") << Params().seqLen(512).p;
}

// A change of the data draws the plot once: the ladder's range is fitted to the end labels
// before that replot's layout, not by a second replot (which doubled the time of a d_model
// change at 512 x 512).
void TestSpectrumView::oneReplotPerChange()
{
    QFETCH(EncodingParams, to);
    Fixture f(Params().p);
    QTest::qWait(50);
    int replots = 0;
    connect(f.view.plot(), &QCustomPlot::afterReplot, this, [&] { ++replots; });
    QVERIFY(!f.state.setParams(to));
    f.state.flush();
    QTest::qWait(50);
    QCOMPARE(replots, 1);
    // And the labels are inside the panel after it.
    QCPAxisRect *rect = f.view.ladderRect();
    const QRectF frame = QRectF(rect->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
    for (const QCPItemText *end : {f.view.firstWavelengthLabel(), f.view.lastWavelengthLabel()}) {
        if (!end->visible())
            continue;
        const QRectF box = QRectF(end->topLeft->pixelPosition(), end->bottomRight->pixelPosition()).normalized();
        QVERIFY2(frame.top() <= box.top() && box.bottom() <= frame.bottom(), qPrintable(end->text()));
    }
}

void TestSpectrumView::ladderMarkersStayPoints_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<double>("size");
    QTest::addRow("900 px: 7 px markers") << 900 << 7.0;
    QTest::addRow("420 px: narrower than the points' distance") << 420 << -1.0;
    QTest::addRow("260 px (the view's minimum width)") << 260 << -1.0;
}

// The 64 markers of d_model 128 are 7 px where there is room, and never wider than 80 % of the
// distance between two points: a single-column figure in Chinese, laid out small, drew them as
// one band (4.5 px apart, 7 px wide).
void TestSpectrumView::ladderMarkersStayPoints()
{
    QFETCH(int, width);
    QFETCH(double, size);
    Fixture f(Params().p);
    f.view.resize(width, 700);
    QCoreApplication::processEvents();
    f.view.plot()->replot();
    // (The ladder's own markers are a pixmap of the same disc on screen.)
    const double got = f.view.longWavelengthGraph()->scatterStyle().size();
    const double spacing = f.view.ladderRect()->width() / 64.0;
    if (size > 0)
        QCOMPARE(got, size);
    else
        QVERIFY2(got < 7 && got >= 3, qPrintable(QString::number(got)));
    QVERIFY2(got == 3 || got <= 0.8 * spacing, qPrintable(QStringLiteral("%1 px markers %2 px apart").arg(got).arg(spacing)));
}

void TestSpectrumView::spectrumPeak_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("interleaved paper d 128") << Params().seqLen(256).p;
    QTest::addRow("split paper d 128") << Params().seqLen(256).split().p;
    QTest::addRow("interleaved paper d 512 start 5") << Params().dModel(512).seqLen(256).start(5).p;
    QTest::addRow("interleaved tensor2tensor d 128") << Params().seqLen(256).tensor2tensor().p;
    QTest::addRow("interleaved d 7 (odd)") << Params().dModel(7).seqLen(256).p;
    QTest::addRow("split d 7 (odd)") << Params().dModel(7).seqLen(256).split().p;
    QTest::addRow("seq_len 300 scale 3") << Params().seqLen(300).scale(3).p;
}

// The spectrum of dimension c peaks at the DFT bin nearest w_i/(2π) cycles per position, and
// the dashed marker stands exactly at w_i/(2π).
void TestSpectrumView::spectrumPeak()
{
    QFETCH(EncodingParams, params);
    Fixture f(params);
    QCOMPARE(f.view.spectrumCount(), 6);
    const int bins = params.seqLen / 2 + 1;
    for (int index = 0; index < 6; ++index) {
        const int column = index;
        QCOMPARE(f.view.spectrumDimension(index), column);
        const expected::Column channel = expected::column(params, column);
        QVERIFY(channel.kind != expected::Column::Zero);
        const double peak = expected::frequency(params, channel.pair) / kTwoPi;
        const double exactBin = peak * params.seqLen;
        // Rows are chosen so that the nearest bin is unambiguous: the two bins around the peak
        // then differ by several percent, far more than the leak of the mirror frequency.
        QVERIFY(std::abs(exactBin - std::floor(exactBin) - 0.5) > 0.02);
        const int wantBin = int(std::lround(exactBin));

        QCPGraph *graph = f.view.spectrumGraph(index);
        QCOMPARE(graph->data()->size(), bins);
        int best = 0;
        for (int m = 0; m < bins; ++m) {
            QVERIFY(close(graph->data()->at(m)->key, double(m) / params.seqLen, 1e-14));
            if (graph->data()->at(m)->value > graph->data()->at(best)->value)
                best = m;
        }
        QVERIFY2(best == wantBin, QByteArray("dim ") + QByteArray::number(column) + ": peak at bin "
                                      + QByteArray::number(best) + ", expected "
                                      + QByteArray::number(wantBin));

        QCPItemStraightLine *line = f.view.expectedPeakLine(index);
        QVERIFY(line->visible());
        QVERIFY(close(line->point1->coords().x(), peak, 1e-12));
        QCOMPARE(line->point2->coords().x(), line->point1->coords().x()); // vertical
    }
}

void TestSpectrumView::binCentredAmplitude_data()
{
    // Pair 1 of d_model 4 has w_1 = base^(−1/2) (paper) or 1/base (tensor2tensor); the base
    // is chosen so that w_1 / (2π) = m / N exactly, i.e. the sinusoid falls on bin m.
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("bin");
    const auto paperBase = [](int n, int m) { return std::pow(n / (kTwoPi * m), 2.0); };
    const auto t2tBase = [](int n, int m) { return n / (kTwoPi * m); };
    QTest::addRow("paper N 64 bin 4") << Params().dModel(4).seqLen(64).base(paperBase(64, 4)).p << 4;
    QTest::addRow("paper N 64 bin 4 scale 2.5")
        << Params().dModel(4).seqLen(64).base(paperBase(64, 4)).scale(2.5).p << 4;
    QTest::addRow("paper N 100 bin 7 scale -3 start 11")
        << Params().dModel(4).seqLen(100).base(paperBase(100, 7)).scale(-3).start(11).p << 7;
    QTest::addRow("paper N 33 (odd) bin 2 scale 0.5")
        << Params().dModel(4).seqLen(33).base(paperBase(33, 2)).scale(0.5).p << 2;
    QTest::addRow("tensor2tensor N 128 bin 10")
        << Params().dModel(4).seqLen(128).base(t2tBase(128, 10)).tensor2tensor().p << 10;
}

// A sinusoid of amplitude |scale| that falls exactly on bin m shows as |scale| at bin m and
// (nearly) nothing elsewhere, for its sine and its cosine column.
void TestSpectrumView::binCentredAmplitude()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, bin);
    Fixture f(params, {2, 3}); // interleaved: sin and cos of pair 1
    QCOMPARE(f.view.spectrumCount(), 2);
    const double amplitude = std::abs(params.scale);
    for (int index = 0; index < 2; ++index) {
        QCPGraph *graph = f.view.spectrumGraph(index);
        for (int m = 0; m < graph->data()->size(); ++m) {
            const double got = graph->data()->at(m)->value;
            const double want = m == bin ? amplitude : 0.0;
            QVERIFY2(std::abs(got - want) < 1e-9 * std::max(1.0, amplitude),
                     mismatch("bin", m, got, want).constData());
        }
    }
}

void TestSpectrumView::spectrumFollowsChosenDimensions_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<QList<int>>("chosen");
    QTest::addColumn<QList<int>>("drawn");
    QTest::addColumn<QStringList>("names");
    QTest::addRow("beyond d_model skipped") << Params().p << QList<int>{0, 64, 200}
                                            << QList<int>{0, 64}
                                            << QStringList{QStringLiteral("dim 0 (sin, i = 0)"),
                                                           QStringLiteral("dim 64 (sin, i = 32)")};
    QTest::addRow("split") << Params().split().p << QList<int>{1, 65} << QList<int>{1, 65}
                           << QStringList{QStringLiteral("dim 1 (sin, i = 1)"),
                                          QStringLiteral("dim 65 (cos, i = 1)")};
    QTest::addRow("odd d 7 interleaved: lone sine") << Params().dModel(7).p << expected::range(4, 9)
                                                    << expected::range(4, 6)
                                                    << QStringList{QStringLiteral("dim 4 (sin, i = 2)"),
                                                                   QStringLiteral("dim 5 (cos, i = 2)"),
                                                                   QStringLiteral("dim 6 (sin, i = 3)")};
    QTest::addRow("odd d 7 split: zero column") << Params().dModel(7).split().p << QList<int>{2, 5, 6}
                                                << QList<int>{2, 5, 6}
                                                << QStringList{QStringLiteral("dim 2 (sin, i = 2)"),
                                                               QStringLiteral("dim 5 (cos, i = 2)"),
                                                               QStringLiteral("dim 6 (zero column)")};
    QTest::addRow("none") << Params().p << QList<int>{} << QList<int>{} << QStringList{};
}

// One graph per chosen dimension below d_model, named after its channel, in Okabe-Ito colours;
// each holds the spectrum of that column (checked against the direct DFT); a zero column has
// no expected peak.
void TestSpectrumView::spectrumFollowsChosenDimensions()
{
    QFETCH(EncodingParams, params);
    QFETCH(QList<int>, chosen);
    QFETCH(QList<int>, drawn);
    QFETCH(QStringList, names);
    Fixture f(params, chosen);
    QCOMPARE(f.view.spectrumCount(), int(drawn.size()));
    QList<QColor> colors;
    for (int index = 0; index < drawn.size(); ++index) {
        QCOMPARE(f.view.spectrumDimension(index), drawn[index]);
        QCPGraph *graph = f.view.spectrumGraph(index);
        QCOMPARE(graph->name(), names[index]);
        QVERIFY(!colors.contains(graph->pen().color()));
        colors << graph->pen().color();
        const std::vector<double> x = peColumn(params, drawn[index]);
        for (int m = 0; m < graph->data()->size(); ++m)
            QVERIFY(std::abs(graph->data()->at(m)->value - directAmplitude(x, m)) < 1e-9);
        const bool zero = expected::column(params, drawn[index]).kind == expected::Column::Zero;
        QCOMPARE(f.view.expectedPeakLine(index)->visible(), !zero);
    }
}

void TestSpectrumView::heatmap_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("d 8 seq_len 16") << Params().dModel(8).seqLen(16).p;
    QTest::addRow("d 8 seq_len 16 split start 3 scale 2")
        << Params().dModel(8).seqLen(16).split().start(3).scale(2).p;
    QTest::addRow("d 8 seq_len 16 tensor2tensor base 50") << Params().dModel(8).seqLen(16).base(50).tensor2tensor().p;
    QTest::addRow("d 7 (odd) seq_len 15 (odd)") << Params().dModel(7).seqLen(15).p;
    QTest::addRow("d 7 (odd) split seq_len 16") << Params().dModel(7).seqLen(16).split().p;
    QTest::addRow("defaults d 128 seq_len 30") << Params().p;
}

// The colour map holds, for every dimension c (key) and bin m (value m/N), the amplitude of
// the direct DFT of column c; the colour scale runs from 0 to the largest amplitude.
void TestSpectrumView::heatmap()
{
    QFETCH(EncodingParams, params);
    Fixture f(params);
    QCPColorMapData *data = f.view.colorMap()->data();
    const int bins = params.seqLen / 2 + 1;
    QCOMPARE(f.view.heatmapColumnStep(), 1);
    QCOMPARE(data->keySize(), params.dModel);
    QCOMPARE(data->valueSize(), bins);
    QCOMPARE(data->keyRange(), QCPRange(0, params.dModel - 1));
    QCOMPARE(data->valueRange().lower, 0.0);
    QVERIFY(close(data->valueRange().upper, double(params.seqLen / 2) / params.seqLen, 1e-14));
    QVERIFY(!f.view.colorMap()->interpolate());
    double highest = 0;
    for (int c = 0; c < params.dModel; ++c) {
        const std::vector<double> x = peColumn(params, c);
        for (int m = 0; m < bins; ++m) {
            const double want = directAmplitude(x, m);
            highest = std::max(highest, want);
            QVERIFY2(std::abs(data->cell(c, m) - want) < 1e-9,
                     mismatch("cell", c * 1000 + m, data->cell(c, m), want).constData());
        }
    }
    QCOMPARE(f.view.colorScale()->dataRange().lower, 0.0);
    QVERIFY(close(f.view.colorScale()->dataRange().upper, highest, 1e-9));
    QCOMPARE(f.view.colorScale()->axis()->label(), QStringLiteral("amplitude"));
}

// Past 4M values the map holds every s-th dimension (at most 1024 columns) and at most 256
// rows, each the largest amplitude of the consecutive bins it covers, centred on them.
void TestSpectrumView::heatmapLarge()
{
    const EncodingParams params = Params().dModel(4096).seqLen(2048).p;
    Fixture f(params);
    QCPColorMapData *data = f.view.colorMap()->data();
    const int step = f.view.heatmapColumnStep();
    QCOMPARE(step, 4); // 4096 columns onto at most 1024 cells
    QCOMPARE(data->keySize(), 1024);
    QCOMPARE(data->keyRange(), QCPRange(0, 4092));
    const int bins = 1025;
    const int group = (bins + 255) / 256; // 5 bins per row
    const int rows = (bins + group - 1) / group;
    QCOMPARE(f.view.heatmapBinsPerRow(), group);
    QCOMPARE(data->valueSize(), rows);
    const double first = 0.5 * (group - 1) / 2048.0; // the centre of bins 0 .. group-1
    QVERIFY(close(data->valueRange().lower, first, 1e-12));
    QVERIFY(close(data->valueRange().upper, first + (rows - 1) * group / 2048.0, 1e-12));
    for (int k : {0, 1, 100, 1023}) {
        const std::vector<double> x = peColumn(params, k * step);
        for (int r : {0, 1, 10, 20, 100, rows - 1}) {
            double want = 0;
            for (int m = r * group; m < std::min(bins, (r + 1) * group); ++m)
                want = std::max(want, directAmplitude(x, m));
            QVERIFY2(std::abs(data->cell(k, r) - want) < 1e-8,
                     mismatch("cell", k * 10000 + r, data->cell(k, r), want).constData());
        }
    }
}

void TestSpectrumView::heatmapDrawnWhereItsAxesSay_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("d 7 split tensor2tensor seq_len 64") << Params().dModel(7).seqLen(64).split().tensor2tensor().p;
    QTest::addRow("d 8 seq_len 16") << Params().dModel(8).seqLen(16).p;
    QTest::addRow("d 5 seq_len 1") << Params().dModel(5).seqLen(1).p;
}

// On screen, the pixel at (dimension c, frequency m/N) has the colour of that cell's value:
// cell centres sit on whole dimensions and on the bin frequencies.
void TestSpectrumView::heatmapDrawnWhereItsAxesSay()
{
    QFETCH(EncodingParams, params);
    Fixture f(params);
    const QImage image = f.view.plot()->toPixmap().toImage();
    QCPAxis *x = f.view.heatmapRect()->axis(QCPAxis::atBottom);
    QCPAxis *y = f.view.heatmapRect()->axis(QCPAxis::atLeft);
    QCPColorGradient gradient = f.view.colorScale()->gradient(); // color() is not const
    const QCPRange range = f.view.colorScale()->dataRange();
    for (int c = 0; c < params.dModel; ++c) {
        const std::vector<double> column = peColumn(params, c);
        for (int m = 0; m <= params.seqLen / 2; ++m) {
            const QPoint pixel(int(std::lround(x->coordToPixel(c))),
                               int(std::lround(y->coordToPixel(double(m) / params.seqLen))));
            const QColor want = QColor::fromRgb(gradient.color(directAmplitude(column, m), range));
            const QColor got = image.pixelColor(pixel);
            const int diff = std::max({std::abs(got.red() - want.red()), std::abs(got.green() - want.green()),
                                       std::abs(got.blue() - want.blue())});
            QVERIFY2(diff <= 3, QByteArray("dim ") + QByteArray::number(c) + " bin " + QByteArray::number(m)
                                    + ": pixel " + got.name().toLatin1() + ", expected "
                                    + want.name().toLatin1());
        }
    }
}

void TestSpectrumView::updatesAfterEachChange_data()
{
    QTest::addColumn<EncodingParams>("after");
    QTest::addColumn<QList<int>>("dimensions");
    const Params before = Params().dModel(16).seqLen(64);
    QTest::addRow("seq_len") << Params(before).seqLen(50).p << QList<int>{0, 5};
    QTest::addRow("d_model") << Params(before).dModel(15).p << QList<int>{0, 5};
    QTest::addRow("base") << Params(before).base(100).p << QList<int>{0, 5};
    QTest::addRow("scale") << Params(before).scale(-2).p << QList<int>{0, 5};
    QTest::addRow("start") << Params(before).start(7.5).p << QList<int>{0, 5};
    QTest::addRow("layout") << Params(before).split().p << QList<int>{0, 5};
    QTest::addRow("frequencies") << Params(before).tensor2tensor().p << QList<int>{0, 5};
    QTest::addRow("offset and position") << Params(before).offset(3).position(40).p << QList<int>{0, 5};
    QTest::addRow("chosen dimensions") << before.p << QList<int>{3, 9, 15};
}

// After any change the panels hold the spectra of the new parameters (the view skips the FFTs
// only when nothing they depend on changed).
void TestSpectrumView::updatesAfterEachChange()
{
    QFETCH(EncodingParams, after);
    QFETCH(QList<int>, dimensions);
    Fixture f(Params().dModel(16).seqLen(64).p, {0, 5});
    QVERIFY(!f.state.setParams(after));
    f.state.changeScene([&](Scene &scene) { scene.dimensions = dimensions; });
    f.state.flush();

    QCOMPARE(f.view.ladderGraph()->data()->size(), expectedCount(after));
    QCOMPARE(f.view.spectrumCount(), int(dimensions.size()));
    for (int index = 0; index < dimensions.size(); ++index) {
        const std::vector<double> x = peColumn(after, dimensions[index]);
        QCPGraph *graph = f.view.spectrumGraph(index);
        QCOMPARE(graph->data()->size(), after.seqLen / 2 + 1);
        for (int m = 0; m < graph->data()->size(); ++m)
            QVERIFY(std::abs(graph->data()->at(m)->value - directAmplitude(x, m)) < 1e-9);
    }
    QCPColorMapData *data = f.view.colorMap()->data();
    QCOMPARE(data->keySize(), after.dModel);
    QCOMPARE(data->valueSize(), after.seqLen / 2 + 1);
    for (int c = 0; c < after.dModel; ++c) {
        const std::vector<double> x = peColumn(after, c);
        for (int m = 0; m <= after.seqLen / 2; ++m)
            QVERIFY(std::abs(data->cell(c, m) - directAmplitude(x, m)) < 1e-9);
    }
}

void TestSpectrumView::clickLadderPoint_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("pair");
    QTest::addRow("defaults pair 0") << Params().p << 0;
    QTest::addRow("defaults pair 17") << Params().p << 17;
    QTest::addRow("defaults last pair") << Params().p << 63;
    QTest::addRow("d 7 split pair 2") << Params().dModel(7).split().p << 2;
}

// Clicking a ladder point asks the inspector to explain that frequency; a click away from the
// points changes nothing.
void TestSpectrumView::clickLadderPoint()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pair);
    Fixture f(params);
    QCPAxisRect *rect = f.view.ladderRect();
    const QPoint at(int(std::lround(rect->axis(QCPAxis::atBottom)->coordToPixel(pair))),
                    int(std::lround(rect->axis(QCPAxis::atLeft)->coordToPixel(wavelength(params, pair)))));
    QCOMPARE(f.view.pairAt(at), std::optional<int>(pair));
    QTest::mouseClick(f.view.plot(), Qt::LeftButton, {}, at);
    QCOMPARE(f.state.inspection(), (Inspection{Inspection::Kind::Frequency, double(pair), 0}));

    f.state.setInspection({});
    const QPoint away(at.x(), at.y() + 60 < rect->bottom() ? at.y() + 60 : at.y() - 60);
    QCOMPARE(f.view.pairAt(away), std::optional<int>());
    QTest::mouseClick(f.view.plot(), Qt::LeftButton, {}, away);
    QCOMPARE(f.state.inspection().kind, Inspection::Kind::None);
}

// On screen the ladder's discs are one pixmap, painted once: a disc of the ladder's colour
// (opaque at its centre, 7 pixels across for up to 64 pairs, transparent in its corners),
// and every point of the ladder is drawn over; a figure (a window never shown on a screen)
// keeps the vector disc.
void TestSpectrumView::ladderMarkers()
{
    Fixture f(Params().dModel(64).p); // 32 pairs: discs of 7 pixels
    const QCPScatterStyle onScreen = f.view.ladderGraph()->scatterStyle();
    if (f.view.plot()->devicePixelRatioF() == 1.0) {
        QCOMPARE(onScreen.shape(), QCPScatterStyle::ssPixmap);
        const QImage disc = onScreen.pixmap().toImage().convertToFormat(QImage::Format_ARGB32);
        const int centre = disc.width() / 2;
        QCOMPARE(disc.pixelColor(centre, centre), QColor(0x00, 0x72, 0xb2));
        QVERIFY(disc.pixelColor(centre + 3, centre).alpha() > 200); // 3 pixels out: still the disc
        QCOMPARE(disc.pixelColor(0, 0).alpha(), 0);
        QCOMPARE(disc.pixelColor(disc.width() - 1, disc.height() - 1).alpha(), 0);
        // Every point drawn: the pixel at each point of the ladder has the ladder's colour.
        const QImage plot = f.view.plot()->toPixmap().toImage();
        QCPAxisRect *rect = f.view.ladderRect();
        for (int i = 0; i < 32; ++i) {
            const double x = rect->axis(QCPAxis::atBottom)->coordToPixel(i);
            const double y = rect->axis(QCPAxis::atLeft)->coordToPixel(wavelength(f.state.params(), i));
            const QColor pixel = plot.pixelColor(int(std::lround(x)), int(std::lround(y)));
            QVERIFY2(pixel == QColor(0x00, 0x72, 0xb2) || pixel == QColor(0xd5, 0x5e, 0x00), // or a long one
                     qPrintable(QStringLiteral("pair %1: %2").arg(i).arg(pixel.name())));
        }
    }

    EncodingState state;
    QWidget figure;
    figure.setAttribute(Qt::WA_DontShowOnScreen);
    SpectrumView view(&state, &figure);
    state.setDModel(64);
    state.flush();
    view.refresh();
    QCOMPARE(view.ladderGraph()->scatterStyle().shape(), QCPScatterStyle::ssDisc);
    QCOMPARE(view.ladderGraph()->scatterStyle().size(), 7.0);
}

// A view resized through short and tall pages (a projector, presentation mode): the ladder's
// range follows the panel it has after each layout (a range fitted for a panel of the last
// layout reached 10^10 with the points squashed under it), and the titles give their lines to
// the panels only while the page is short.
void TestSpectrumView::shortScreens_data()
{
    QTest::addColumn<QList<int>>("heights");
    QTest::newRow("short to tall") << QList<int>{260, 400, 900};
    QTest::newRow("tall to short") << QList<int>{900, 300};
    QTest::newRow("tiny, then tall") << QList<int>{120, 1000};
}

void TestSpectrumView::shortScreens()
{
    QFETCH(QList<int>, heights);
    Fixture f(Params().dModel(128).p);
    const int pairs = 64;
    const double last = wavelength(f.state.params(), pairs - 1);
    for (int height : heights) {
        f.view.resize(900, height);
        for (int n = 0; n < 5; ++n) // the replots the plot queues itself, as the window's event loop runs them
            QCoreApplication::processEvents();
    }
    const QCPRange range = f.view.ladderRect()->axis(QCPAxis::atLeft)->range();
    // The last point and its label fit under the top: at most two decades above the point.
    QVERIFY2(range.upper > last && range.upper < 100 * last,
             qPrintable(QStringLiteral("range up to %1, last wavelength %2").arg(range.upper).arg(last)));
    const double top = f.view.ladderRect()->axis(QCPAxis::atLeft)->coordToPixel(last);
    QVERIFY2(top - f.view.ladderRect()->top() >= QFontMetricsF(f.view.lastWavelengthLabel()->font()).height(),
             qPrintable(QStringLiteral("the last point %1 px under the panel's top").arg(top - f.view.ladderRect()->top())));
    int titles = 0;
    for (QCPLayoutElement *element : f.view.plot()->plotLayout()->elements(false))
        titles += qobject_cast<QCPTextElement *>(element) && element->visible();
    const int line = QFontMetrics(f.view.ladderRect()->axis(QCPAxis::atBottom)->labelFont()).lineSpacing();
    QCOMPARE(titles, f.view.plot()->height() < 36 * line ? 0 : 3);
}

QTEST_MAIN(TestSpectrumView)
#include "tst_spectrumview.moc"

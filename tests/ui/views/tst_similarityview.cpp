// SPDX-License-Identifier: GPL-3.0-or-later
// The similarity view: the colour map, the kernel curve and the closest-positions figure,
// each checked against sums of sin/cos products written out again in this file.
#include "expected.h"

#include "ui/state/encodingstate.h"
#include "ui/window/inspectorpanel.h"
#include "ui/views/similarity/similarityview.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/plotmagnifier.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace posenc;

namespace {

// PE(p) · PE(q) = Σ_c PE(p, c) PE(q, c), straight from the definition.
double dot(const EncodingParams &p, double a, double b)
{
    double sum = 0;
    for (int c = 0; c < p.dModel; ++c)
        sum += expected::pe(p, a, c) * expected::pe(p, b, c);
    return sum;
}

double peDistance(const EncodingParams &p, double a, double b)
{
    double sum = 0;
    for (int c = 0; c < p.dModel; ++c) {
        const double d = expected::pe(p, a, c) - expected::pe(p, b, c);
        sum += d * d;
    }
    return std::sqrt(sum);
}

// scale² · Σ_i cos(Δ w_i) over the floor(d/2) complete pairs.
double closedFormKernel(const EncodingParams &p, double delta)
{
    double sum = 0;
    for (int i = 0; i < p.dModel / 2; ++i)
        sum += std::cos(delta * expected::frequency(p, i));
    return p.scale * p.scale * sum;
}

// Tolerance for a sum of d_model products of values up to |scale|.
double sumTolerance(const EncodingParams &p)
{
    return 1e-10 * std::max(1.0, p.scale * p.scale * p.dModel);
}

// The colour scale against the values shown (`values(a, b)` as computed here): all of one
// sign, a sequential map from their minimum to their maximum, white at the minimum; both
// signs, a diverging one centred on their mean. The colour bar's label says which.
void checkColourRange(const SimilarityView &view, const std::vector<std::vector<double>> &values)
{
    double low = std::numeric_limits<double>::infinity(), high = -low, sum = 0;
    int count = 0;
    for (const auto &row : values) {
        for (double v : row) {
            low = std::min(low, v);
            high = std::max(high, v);
            sum += v;
            ++count;
        }
    }
    const double mean = sum / count;
    const QCPRange range = view.colorScale()->dataRange();
    const QString label = view.colorScale()->axis()->label();
    const double tolerance = 1e-9 * std::max(1.0, std::abs(high) + std::abs(low));
    if (low >= 0 || high <= 0) {
        QCOMPARE(view.colorRange(), SimilarityView::ColorRange::Sequential);
        QVERIFY2(std::abs(range.lower - low) <= tolerance && std::abs(range.upper - high) <= tolerance,
                 qPrintable(QStringLiteral("[%1, %2], expected [%3, %4]").arg(range.lower).arg(range.upper).arg(low).arg(high)));
        QVERIFY2(label.contains(QStringLiteral("sequential from its minimum")), qPrintable(label));
        // White at the minimum, the darkest colour at the maximum.
        const QRgb atLow = view.colorScale()->gradient().color(range.lower, range);
        const QRgb atHigh = view.colorScale()->gradient().color(range.upper, range);
        QVERIFY(QColor(atLow).lightness() > 240);
        QVERIFY(QColor(atHigh).lightness() < 100);
    } else {
        QCOMPARE(view.colorRange(), SimilarityView::ColorRange::Diverging);
        const double extent = std::max(high - mean, mean - low);
        QVERIFY2(std::abs(range.center() - mean) <= tolerance && std::abs(range.size() / 2 - extent) <= tolerance,
                 qPrintable(QStringLiteral("[%1, %2], expected %3 ± %4").arg(range.lower).arg(range.upper).arg(mean).arg(extent)));
        QVERIFY2(label.contains(QStringLiteral("diverging about its mean")), qPrintable(label));
    }
}

} // namespace

class TestSimilarityView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void matrix_data();
    void matrix();
    void cosine_data();
    void cosine();
    void checkBoxFollowsState();
    void longSequenceIsBoxMeans_data();
    void longSequenceIsBoxMeans();
    void kernel_data();
    void kernel();
    void kernelTextIsTrue_data();
    void kernelTextIsTrue();
    void minimumDistance_data();
    void minimumDistance();
    void closePositionsAreFlagged();
    void clickCellInspects();
    void clickKernelInspects();
    void colourRangeAtDefaults();
    void highlightFollowsClick();
    void doubleClickResetsZoom();
    void xAxisNeverClipped();
    void offsetLabelBesideItsLine_data();
    void offsetLabelBesideItsLine();

private:
    void setUp(const EncodingParams &params);

    EncodingState *m_state = nullptr;
    SimilarityView *m_view = nullptr;
};

void TestSimilarityView::init()
{
    m_state = new EncodingState;
    m_view = new SimilarityView(m_state);
    m_view->resize(1000, 800);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestSimilarityView::cleanup()
{
    delete m_view;
    delete m_state;
    m_view = nullptr;
    m_state = nullptr;
}

void TestSimilarityView::setUp(const EncodingParams &params)
{
    QVERIFY(!m_state->setParams(params));
    m_state->flush();
}

static void addParameterRows()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::newRow("default") << expected::Params().p;
    QTest::newRow("split") << expected::Params().dModel(16).seqLen(12).split().p;
    QTest::newRow("d_model 7 interleaved (lone column)") << expected::Params().dModel(7).seqLen(15).p;
    QTest::newRow("d_model 7 split (zero column)") << expected::Params().dModel(7).seqLen(15).split().p;
    QTest::newRow("tensor2tensor, start 40") << expected::Params().dModel(10).seqLen(9).start(40).tensor2tensor().p;
    QTest::newRow("scale 0.5, base 100") << expected::Params().dModel(12).seqLen(20).scale(0.5).base(100).p;
    QTest::newRow("scale -3") << expected::Params().dModel(6).seqLen(8).scale(-3).p;
}

void TestSimilarityView::matrix_data()
{
    addParameterRows();
}

void TestSimilarityView::matrix()
{
    QFETCH(EncodingParams, params);
    setUp(params);
    QCPColorMapData *data = m_view->colorMap()->data();
    QCOMPARE(data->keySize(), params.seqLen);
    QCOMPARE(data->valueSize(), params.seqLen);
    for (int a = 0; a < params.seqLen; ++a) {
        for (int b = 0; b < params.seqLen; ++b) {
            // Cell (column b, row a) stands at (q, p) = (start + b, start + a).
            double q = 0, p = 0;
            data->cellToCoord(b, a, &q, &p);
            QCOMPARE(q, params.start + b);
            QCOMPARE(p, params.start + a);
            const double value = data->cell(b, a);
            const double want = dot(params, params.start + a, params.start + b);
            if (std::abs(value - want) > sumTolerance(params))
                QFAIL(qPrintable(QStringLiteral("cell (p %1, q %2): %3, expected %4").arg(a).arg(b).arg(value).arg(want)));
        }
    }
    // The colour range fits the dot products.
    std::vector<std::vector<double>> values(params.seqLen, std::vector<double>(params.seqLen));
    for (int a = 0; a < params.seqLen; ++a)
        for (int b = 0; b < params.seqLen; ++b)
            values[a][b] = dot(params, params.start + a, params.start + b);
    checkColourRange(*m_view, values);
    QVERIFY(m_view->colorScale()->axis()->label().startsWith(QStringLiteral("PE(p) · PE(q)")));
    QVERIFY(m_view->colorMap()->interpolate() == false);
    QVERIFY(m_view->matrixPlot()->yAxis->rangeReversed());
    QVERIFY(!m_view->matrixTitle().contains(QStringLiteral("mean")));
    QCOMPARE(m_view->positionsPerBox(), 1);
}

void TestSimilarityView::cosine_data()
{
    addParameterRows();
}

void TestSimilarityView::cosine()
{
    QFETCH(EncodingParams, params);
    setUp(params);
    QTest::mouseClick(m_view->cosineCheckBox(), Qt::LeftButton);
    QVERIFY(m_state->cosineSimilarity());
    m_state->flush();

    QCPColorMapData *data = m_view->colorMap()->data();
    QCOMPARE(data->keySize(), params.seqLen);
    for (int a = 0; a < params.seqLen; ++a) {
        const double pa = params.start + a;
        QVERIFY2(std::abs(data->cell(a, a) - 1.0) < 1e-12, qPrintable(QString::number(data->cell(a, a), 'g', 17)));
        for (int b = 0; b < params.seqLen; ++b) {
            const double pb = params.start + b;
            const double want = dot(params, pa, pb) / std::sqrt(dot(params, pa, pa) * dot(params, pb, pb));
            QVERIFY2(std::abs(data->cell(b, a) - want) < 1e-10,
                     qPrintable(QStringLiteral("cell (%1, %2): %3 vs %4").arg(a).arg(b).arg(data->cell(b, a)).arg(want)));
        }
    }
    std::vector<std::vector<double>> values(params.seqLen, std::vector<double>(params.seqLen));
    for (int a = 0; a < params.seqLen; ++a)
        for (int b = 0; b < params.seqLen; ++b)
            values[a][b] = dot(params, params.start + a, params.start + b)
                           / std::sqrt(dot(params, params.start + a, params.start + a) * dot(params, params.start + b, params.start + b));
    checkColourRange(*m_view, values);
    QVERIFY(m_view->colorScale()->axis()->label().startsWith(QStringLiteral("cosine similarity")));
    QVERIFY(m_view->matrixTitle().contains(QStringLiteral("Cosine")));

    // The kernel plot still shows dot products in cosine mode.
    const double p = m_view->referencePosition();
    const auto measured = m_view->measuredGraph()->data();
    for (auto it = measured->constBegin(); it != measured->constEnd(); ++it)
        QVERIFY(std::abs(it->value - dot(params, p, p + it->key)) < sumTolerance(params));

    QTest::mouseClick(m_view->cosineCheckBox(), Qt::LeftButton);
    QVERIFY(!m_state->cosineSimilarity());
}

void TestSimilarityView::checkBoxFollowsState()
{
    QVERIFY(!m_view->cosineCheckBox()->isChecked());
    m_state->changeScene([](Scene &scene) { scene.cosine = true; });
    m_state->flush();
    QVERIFY(m_view->cosineCheckBox()->isChecked());
    m_state->changeScene([](Scene &scene) { scene.cosine = false; });
    m_state->flush();
    QVERIFY(!m_view->cosineCheckBox()->isChecked());
}

void TestSimilarityView::longSequenceIsBoxMeans_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<bool>("cosine");
    QTest::addColumn<double>("reference"); // the reference position p of the kernel
    QTest::newRow("2500 positions, start 7")
        << expected::Params().dModel(6).seqLen(2500).start(7).position(1000.4).p << false << 1000.0;
    QTest::newRow("2048 positions, odd d_model, split")
        << expected::Params().dModel(7).seqLen(2048).position(5).split().p << false << 5.0;
    QTest::newRow("2500 positions, odd interleaved d_model, scale -2, cosine")
        << expected::Params().dModel(5).seqLen(2500).start(-30).scale(-2).position(-30).p << true << -30.0;
    QTest::newRow("3100 positions, tensor2tensor, cosine")
        << expected::Params().dModel(8).seqLen(3100).tensor2tensor().position(3099).p << true << 3099.0;
    QTest::newRow("700 positions, more than the plot has pixels")
        << expected::Params().dModel(10).seqLen(700).position(350).p << false << 350.0;
}

// Past one position per device pixel each cell is the mean over a box of positions, equal to
// the mean of the dot products (or cosines) over every cell of the box computed here, not the
// value at every s-th position; the title and the hover text say so.
void TestSimilarityView::longSequenceIsBoxMeans()
{
    QFETCH(EncodingParams, params);
    QFETCH(bool, cosine);
    QFETCH(double, reference);
    setUp(params);
    if (cosine) {
        QTest::mouseClick(m_view->cosineCheckBox(), Qt::LeftButton);
        m_state->flush();
    }
    QCustomPlot *plot = m_view->matrixPlot();
    plot->replot(); // laid out at its size
    QCoreApplication::processEvents();
    // The fewest positions per box that give at most one box per device pixel of the side.
    const QRect rect = plot->axisRect()->rect();
    const int pixels = std::min(1024, int(std::min(rect.width(), rect.height()) * plot->devicePixelRatioF()));
    QVERIFY2(pixels > 100 && pixels < params.seqLen, qPrintable(QString::number(pixels)));
    const int size = (params.seqLen + pixels - 1) / pixels;
    QCOMPARE(m_view->positionsPerBox(), size);
    const int n = params.seqLen;
    const int boxes = (n + size - 1) / size;
    QCPColorMapData *data = m_view->colorMap()->data();
    QCOMPARE(data->keySize(), boxes);
    QCOMPARE(data->valueSize(), boxes);
    QVERIFY2(m_view->matrixTitle().contains(QStringLiteral("the mean\nover %1 × %1 positions").arg(size)),
             qPrintable(m_view->matrixTitle()));
    // The axes run over the positions themselves: the last box is drawn as short as it is.
    QCOMPARE(m_view->matrixPlot()->xAxis->range(), QCPRange(params.start - 0.5, params.start + n - 0.5));
    QCOMPARE(m_view->matrixPlot()->yAxis->range(), QCPRange(params.start - 0.5, params.start + n - 0.5));

    // Every row of PE, and the measure of two rows.
    std::vector<std::vector<double>> pe(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < params.dModel; ++c)
            pe[std::size_t(r)].push_back(expected::pe(params, params.start + r, c));
    }
    const auto measure = [&](int r, int t) {
        double dot = 0, rr = 0, tt = 0;
        for (int c = 0; c < params.dModel; ++c) {
            dot += pe[std::size_t(r)][std::size_t(c)] * pe[std::size_t(t)][std::size_t(c)];
            rr += pe[std::size_t(r)][std::size_t(c)] * pe[std::size_t(r)][std::size_t(c)];
            tt += pe[std::size_t(t)][std::size_t(c)] * pe[std::size_t(t)][std::size_t(c)];
        }
        return cosine ? dot / std::sqrt(rr * tt) : dot;
    };
    const auto boxMean = [&](int a, int b) {
        double sum = 0;
        int cells = 0;
        for (int r = a * size; r < std::min(n, (a + 1) * size); ++r) {
            for (int t = b * size; t < std::min(n, (b + 1) * size); ++t) {
                sum += measure(r, t);
                ++cells;
            }
        }
        return sum / cells;
    };
    const double tol = cosine ? 1e-10 : sumTolerance(params) * (1 + std::abs(params.start) + n);
    int differFromSampled = 0;
    for (int a = 0; a < boxes; a = a + 37 < boxes || a == boxes - 1 ? a + 37 : boxes - 1) {
        for (int b = 0; b < boxes; ++b) {
            // Cell (column b, row a) is centred on the middle of its box of positions.
            double q = 0, p = 0;
            data->cellToCoord(b, a, &q, &p);
            QCOMPARE(q, params.start + b * size + 0.5 * (size - 1));
            QCOMPARE(p, params.start + a * size + 0.5 * (size - 1));
            const double want = boxMean(a, b);
            const double value = data->cell(b, a);
            if (std::abs(value - want) > tol)
                QFAIL(qPrintable(QStringLiteral("box (%1, %2): %3, expected the mean %4").arg(a).arg(b).arg(value).arg(want)));
            if (std::abs(value - measure(a * size, b * size)) > 100 * tol)
                ++differFromSampled;
        }
    }
    // Not the value at the first position of each box, as sampling would show.
    QVERIFY2(differFromSampled > boxes, qPrintable(QString::number(differFromSampled)));

    // The hover text says what the cell is, over which positions, and its value.
    const int a = 1, b = boxes - 1;
    const QString tip = m_view->cellToolTip(a, b);
    const QString what = cosine ? QStringLiteral("the mean of the cosine similarity") : QStringLiteral("the mean of PE(p) · PE(q)");
    const QString over = QStringLiteral("over the box p = %1 … %2, q = %3 … %4: %5")
                             .arg(expected::shown(params.start + size), expected::shown(params.start + 2 * size - 1),
                                  expected::shown(params.start + (boxes - 1) * size), expected::shown(params.start + n - 1),
                                  expected::shown(boxMean(a, b)));
    QVERIFY2(tip.contains(what) && tip.contains(over), qPrintable(tip + QStringLiteral("\nwanted: ") + over));

    // The kernel's dots are exact dot products of the reference position p, nearest pos, with
    // every s-th position from it.
    QCOMPARE(m_view->referencePosition(), reference);
    const auto measured = m_view->measuredGraph()->data();
    const int row = int(reference - params.start);
    QCOMPARE(measured->size(), row / size + 1 + (n - 1 - row) / size);
    for (auto it = measured->constBegin(); it != measured->constEnd(); ++it) {
        QCOMPARE(std::fmod(it->key, double(size)), 0.0);
        const double want = dot(params, reference, reference + it->key);
        QVERIFY2(std::abs(it->value - want) < sumTolerance(params) * (1 + std::abs(reference) + n),
                 qPrintable(QStringLiteral("Δ %1: %2 vs %3").arg(it->key).arg(it->value).arg(want)));
    }

    // A click on a box inspects the pair in its middle.
    const QPoint pixel(int(plot->xAxis->coordToPixel(params.start + n / 2)),
                       int(plot->yAxis->coordToPixel(params.start + 100)));
    // A box is narrower than a pixel here: the box under the pixel, from the axes.
    const auto boxAt = [&](double coordinate) { return int(std::floor((coordinate - params.start + 0.5) / size)); };
    const double middleP = params.start + boxAt(plot->yAxis->pixelToCoord(pixel.y())) * size + (size - 1) / 2;
    const double middleQ = params.start + boxAt(plot->xAxis->pixelToCoord(pixel.x())) * size + (size - 1) / 2;
    QVERIFY(std::abs(middleP - (params.start + 100)) < 10 * size);
    QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
    QCOMPARE(m_state->inspection(), (Inspection{Inspection::Kind::Similarity, middleP, middleQ, size}));
    // The inspector says what the clicked cell shows: the box and its mean, then its middle pair.
    InspectorPanel inspector(m_state);
    const int boxP = boxAt(plot->yAxis->pixelToCoord(pixel.y()));
    const int boxQ = boxAt(plot->xAxis->pixelToCoord(pixel.x()));
    const QString inspected = inspector.text();
    const QString box = QStringLiteral("over the box p = %1 … %2, q = %3 … %4: %5")
                            .arg(expected::shown(params.start + boxP * size), expected::shown(params.start + (boxP + 1) * size - 1),
                                 expected::shown(params.start + boxQ * size), expected::shown(params.start + (boxQ + 1) * size - 1),
                                 expected::shown(boxMean(boxP, boxQ)));
    QVERIFY2(inspected.contains(what) && inspected.contains(box), qPrintable(inspected + QStringLiteral("\nwanted: ") + box));
    QVERIFY2(inspected.contains(QStringLiteral("p = %1 and q = %2").arg(expected::shown(middleP), expected::shown(middleQ))),
             qPrintable(inspected));
}

void TestSimilarityView::kernel_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("reference");
    QTest::newRow("default") << expected::Params().p << 10.0;
    QTest::newRow("d_model 7 interleaved") << expected::Params().dModel(7).seqLen(15).position(3).p << 3.0;
    QTest::newRow("split, start 5") << expected::Params().dModel(16).seqLen(12).start(5).position(9).split().p << 9.0;
    QTest::newRow("scale 0.5") << expected::Params().dModel(12).seqLen(20).scale(0.5).p << 10.0;
    QTest::newRow("pos outside: start") << expected::Params().dModel(8).seqLen(10).start(2).position(50).p << 2.0;
    QTest::newRow("fractional pos: nearest row") << expected::Params().dModel(8).seqLen(10).position(4.4).offset(-3).p << 4.0;
    QTest::newRow("one position") << expected::Params().dModel(8).seqLen(1).start(3).position(3).p << 3.0;
}

void TestSimilarityView::kernel()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, reference);
    setUp(params);
    QCOMPARE(m_view->referencePosition(), reference);
    QCOMPARE(m_view->offsetMarker(), params.offset);

    // The closed form: scale² Σ cos(Δ w_i) from −(seq_len − 1) to seq_len − 1, even in Δ.
    const auto line = m_view->closedFormGraph()->data();
    QVERIFY(line->size() >= 1);
    QCOMPARE(line->constBegin()->key, -(params.seqLen - 1.0));
    QCOMPARE((line->constEnd() - 1)->key, params.seqLen - 1.0);
    for (auto it = line->constBegin(); it != line->constEnd(); ++it) {
        if (std::abs(it->value - closedFormKernel(params, it->key)) > sumTolerance(params))
            QFAIL(qPrintable(QStringLiteral("K(%1) = %2, expected %3").arg(it->key).arg(it->value).arg(closedFormKernel(params, it->key))));
    }
    const int n = line->size();
    for (int j = 0; j < n; ++j) {
        const auto left = line->at(j);
        const auto right = line->at(n - 1 - j);
        QVERIFY(std::abs(left->key + right->key) < 1e-9);
        QVERIFY2(std::abs(left->value - right->value) < sumTolerance(params),
                 qPrintable(QStringLiteral("K(%1) != K(%2)").arg(left->key).arg(right->key)));
    }

    // The measured dots: PE(p) · PE(p + Δ) for every position p + Δ of the sequence.
    const auto measured = m_view->measuredGraph()->data();
    QCOMPARE(measured->size(), params.seqLen);
    for (int b = 0; b < params.seqLen; ++b) {
        const auto point = measured->at(b);
        QCOMPARE(point->key, params.start + b - reference);
        const double want = dot(params, reference, params.start + b);
        QVERIFY2(std::abs(point->value - want) < sumTolerance(params),
                 qPrintable(QStringLiteral("Δ %1: %2 vs %3").arg(point->key).arg(point->value).arg(want)));
        // With only complete pairs the measured product is the closed form of the offset.
        if (params.dModel % 2 == 0)
            QVERIFY(std::abs(point->value - closedFormKernel(params, point->key)) < sumTolerance(params));
    }
    QVERIFY(m_view->measuredGraph()->name().contains(expected::shown(reference)));
}

void TestSimilarityView::kernelTextIsTrue_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("pairs");      // floor(d_model / 2), counted here
    QTest::addColumn<bool>("onlyOffset"); // PE(p) · PE(p + Δ) the same for every p
    QTest::newRow("d_model 7 interleaved: a lone sine") << expected::Params().dModel(7).seqLen(20).p << 3 << false;
    QTest::newRow("d_model 9 interleaved: a lone sine") << expected::Params().dModel(9).seqLen(20).p << 4 << false;
    QTest::newRow("d_model 9 split: the last column zero") << expected::Params().dModel(9).seqLen(20).split().p << 4 << true;
    QTest::newRow("d_model 8") << expected::Params().dModel(8).seqLen(20).p << 4 << true;
    QTest::newRow("d_model 3 interleaved") << expected::Params().dModel(3).seqLen(20).p << 1 << false;
    QTest::newRow("d_model 2") << expected::Params().dModel(2).seqLen(20).p << 1 << true;
}

// What the kernel plot says holds: its title claims "depends only on the offset Δ" exactly
// where the dot products of full PE rows (computed here) do not change with p at a fixed Δ,
// and the closed form names the pairs it sums, whose sum its line is.
void TestSimilarityView::kernelTextIsTrue()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, pairs);
    QFETCH(bool, onlyOffset);
    setUp(params);

    auto dot = [&](double a, double b) {
        double sum = 0;
        for (int c = 0; c < params.dModel; ++c)
            sum += expected::pe(params, a, c) * expected::pe(params, b, c);
        return sum;
    };
    bool same = true;
    for (double delta : {1.0, 2.0, 5.0}) {
        for (double p : {1.0, 4.0, 7.0})
            same = same && std::abs(dot(p, p + delta) - dot(0, delta)) < sumTolerance(params);
    }
    QCOMPARE(same, onlyOffset);
    const QString title = m_view->kernelTitle();
    if (onlyOffset)
        QCOMPARE(title, QStringLiteral("The dot product depends only on the offset Δ"));
    else
        QCOMPARE(title, QStringLiteral("The pairs' part of the dot product\ndepends only on the offset Δ"));

    // The closed form names its terms: i = 0 … pairs − 1, and its line is their sum.
    const QString name = m_view->closedFormGraph()->name();
    QCOMPARE(name, pairs == 1 ? QStringLiteral("scale² · cos(Δ · w_0)")
                              : QStringLiteral("scale² · Σ cos(Δ · w_i), i = 0 … %1").arg(pairs - 1));
    double sum3 = 0;
    for (int i = 0; i < pairs; ++i)
        sum3 += std::cos(3.0 * expected::frequency(params, i));
    const auto at = m_view->closedFormGraph()->data()->findBegin(3.0, false);
    QVERIFY(at != m_view->closedFormGraph()->data()->constEnd());
    QCOMPARE(at->key, 3.0);
    QVERIFY2(std::abs(at->value - params.scale * params.scale * sum3) < sumTolerance(params),
             qPrintable(QStringLiteral("%1 vs %2").arg(at->value).arg(sum3)));
}

void TestSimilarityView::minimumDistance_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::newRow("default") << expected::Params().p;
    QTest::newRow("d_model 7 interleaved (lone column)") << expected::Params().dModel(7).seqLen(40).p;
    QTest::newRow("d_model 7 interleaved, start 3") << expected::Params().dModel(7).seqLen(25).start(3).base(50).p;
    QTest::newRow("split") << expected::Params().dModel(16).seqLen(30).split().p;
    QTest::newRow("scale 0.5") << expected::Params().dModel(12).seqLen(30).scale(0.5).p;
    QTest::newRow("d_model 2, 60 positions") << expected::Params().dModel(2).seqLen(60).p;
}

void TestSimilarityView::minimumDistance()
{
    QFETCH(EncodingParams, params);
    setUp(params);

    // Brute force over all pairs: O(n² · d).
    double best = std::numeric_limits<double>::infinity();
    for (int a = 0; a < params.seqLen; ++a) {
        for (int b = a + 1; b < params.seqLen; ++b)
            best = std::min(best, peDistance(params, params.start + a, params.start + b));
    }

    const QString text = m_view->minimumDistanceText();
    static const QRegularExpression pattern(
        QStringLiteral("^closest positions: (\\S+) and (\\S+), \\|PE\\(\\1\\) − PE\\(\\2\\)\\| = (\\S+) — every position has its own vector$"));
    const QRegularExpressionMatch match = pattern.match(text);
    QVERIFY2(match.hasMatch(), qPrintable(text));
    const double a = match.captured(1).toDouble();
    const double b = match.captured(2).toDouble();
    QVERIFY(a != b);
    QVERIFY(a >= params.start && a < params.start + params.seqLen);
    QVERIFY(b >= params.start && b < params.start + params.seqLen);
    // The pair named is a closest pair (ties are equal up to rounding), and the figure is its
    // distance to 3 significant digits.
    QVERIFY2(std::abs(peDistance(params, a, b) - best) < 1e-9,
             qPrintable(QStringLiteral("%1 vs %2").arg(peDistance(params, a, b)).arg(best)));
    QCOMPARE(match.captured(3), QString::number(best, 'g', 3));
}

void TestSimilarityView::closePositionsAreFlagged()
{
    setUp(expected::Params().dModel(8).seqLen(10).scale(0).p);
    QVERIFY2(m_view->minimumDistanceText().contains(QStringLiteral("share (almost) the same vector")),
             qPrintable(m_view->minimumDistanceText()));
    setUp(expected::Params().dModel(8).seqLen(1).p);
    QVERIFY2(m_view->minimumDistanceText().contains(QStringLiteral("Only one position")),
             qPrintable(m_view->minimumDistanceText()));
    setUp(expected::Params().dModel(8).seqLen(10).p);
    QVERIFY(!m_view->minimumDistanceText().contains(QStringLiteral("share")));
}

void TestSimilarityView::clickCellInspects()
{
    setUp(expected::Params().dModel(8).seqLen(10).start(20).p);
    QCustomPlot *plot = m_view->matrixPlot();
    plot->replot();
    QSignalSpy spy(m_state, &EncodingState::inspectionChanged);
    // Cell at row p = 23, column q = 27.
    const QPoint pixel(int(plot->xAxis->coordToPixel(27)), int(plot->yAxis->coordToPixel(23)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m_state->inspection(), (Inspection{Inspection::Kind::Similarity, 23, 27}));
}

void TestSimilarityView::clickKernelInspects()
{
    setUp(expected::Params().dModel(8).seqLen(20).position(6).p);
    QCustomPlot *plot = m_view->kernelPlot();
    plot->replot();
    // The dot at Δ = 3 (q = 9) of the reference row p = 6.
    const QPoint pixel(int(plot->xAxis->coordToPixel(3)), int(plot->yAxis->coordToPixel(plot->yAxis->range().center())));
    QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
    QCOMPARE(m_state->inspection(), (Inspection{Inspection::Kind::Similarity, 6, 9}));
}

// At the defaults every dot product is positive (35 … 64): the map runs from the smallest,
// not from −64, so the matrix has contrast. With dot products of both signs (d_model 2) it is
// diverging about their mean.
void TestSimilarityView::colourRangeAtDefaults()
{
    setUp(EncodingParams{});
    double low = std::numeric_limits<double>::infinity();
    for (int a = 0; a < 30; ++a)
        for (int b = 0; b < 30; ++b)
            low = std::min(low, dot(EncodingParams{}, a, b));
    QVERIFY(low > 30);
    QCOMPARE(m_view->colorRange(), SimilarityView::ColorRange::Sequential);
    QVERIFY(std::abs(m_view->colorScale()->dataRange().lower - low) < 1e-9);
    QCOMPARE(m_view->colorScale()->axis()->label(), QStringLiteral("PE(p) · PE(q), sequential from its minimum"));

    const EncodingParams two = expected::Params().dModel(2).seqLen(50).p;
    setUp(two);
    double sum = 0;
    for (int a = 0; a < 50; ++a)
        for (int b = 0; b < 50; ++b)
            sum += dot(two, a, b);
    QCOMPARE(m_view->colorRange(), SimilarityView::ColorRange::Diverging);
    QVERIFY(std::abs(m_view->colorScale()->dataRange().center() - sum / 2500) < 1e-9);
    QVERIFY2(m_view->colorScale()->axis()->label().startsWith(QStringLiteral("PE(p) · PE(q), diverging about its mean ")),
             qPrintable(m_view->colorScale()->axis()->label()));
}

void TestSimilarityView::highlightFollowsClick()
{
    setUp(expected::Params().dModel(8).seqLen(10).start(20).p);
    QCustomPlot *plot = m_view->matrixPlot();
    plot->replot();
    QVERIFY(!m_view->cellHighlight()->isVisible());
    const QPoint pixel(int(plot->xAxis->coordToPixel(27)), int(plot->yAxis->coordToPixel(23)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, pixel);
    QVERIFY(m_view->cellHighlight()->isVisible());
    // Column q = 27, row p = 23.
    QCOMPARE(m_view->cellHighlight()->rect(), QRectF(QPointF(26.5, 22.5), QPointF(27.5, 23.5)));
    const QPoint other(int(plot->xAxis->coordToPixel(21)), int(plot->yAxis->coordToPixel(29)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, other);
    QCOMPARE(m_view->cellHighlight()->rect(), QRectF(QPointF(20.5, 28.5), QPointF(21.5, 29.5)));
    m_state->setInspection({Inspection::Kind::Cell, 3, 4});
    QVERIFY(!m_view->cellHighlight()->isVisible());
}

void TestSimilarityView::doubleClickResetsZoom()
{
    setUp(expected::Params().dModel(16).seqLen(40).p);
    QCustomPlot *matrix = m_view->matrixPlot();
    QCustomPlot *kernel = m_view->kernelPlot();
    matrix->replot();
    kernel->replot();
    const QCPRange x = matrix->xAxis->range(), y = matrix->yAxis->range();
    const QCPRange kx = kernel->xAxis->range(), ky = kernel->yAxis->range();
    QCOMPARE(x, QCPRange(-0.5, 39.5));
    matrix->xAxis->setRange(3, 9);
    matrix->yAxis->setRange(5, 6);
    kernel->xAxis->setRange(1, 2);
    kernel->yAxis->setRange(-100, 100);
    QTest::mouseDClick(matrix, Qt::LeftButton, {}, matrix->axisRect()->rect().center());
    QCOMPARE(matrix->xAxis->range(), x);
    QCOMPARE(matrix->yAxis->range(), y);
    QTest::mouseDClick(kernel, Qt::LeftButton, {}, kernel->axisRect()->rect().center());
    QCOMPARE(kernel->xAxis->range(), kx);
    QCOMPARE(kernel->yAxis->range(), ky);
    QVERIFY(m_view->zoomHint()->isVisible());
}

// After a layout change (presentation mode's larger fonts, a switch of
// tabs, a resize) the matrix's x axis, its tick labels and "position q" stay inside the plot,
// and the plot inside the space the view gives it.
void TestSimilarityView::xAxisNeverClipped()
{
    QTabWidget tabs;
    auto *other = new QWidget;
    delete m_view;
    m_view = new SimilarityView(m_state);
    tabs.addTab(m_view, QStringLiteral("similarity"));
    tabs.addTab(other, QStringLiteral("other"));
    tabs.resize(1900, 1040);
    tabs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tabs));
    PlotMagnifier magnifier(1.8, 1.6);
    const auto settle = [] {
        for (int i = 0; i < 6; ++i) {
            QCoreApplication::processEvents();
            QTest::qWait(1);
        }
    };
    const auto check = [&](const char *step) {
        settle();
        QCustomPlot *plot = m_view->matrixPlot();
        const QRect holder = plot->parentWidget()->rect();
        QVERIFY2(holder.contains(plot->geometry()), step);
        // The x axis's tick labels and its label fit below the axis rect, within the plot.
        const QCPAxis *x = plot->xAxis;
        const int need = QFontMetrics(x->tickLabelFont()).height() + QFontMetrics(x->labelFont()).height();
        const int below = plot->height() - plot->axisRect()->rect().bottom();
        QVERIFY2(below >= need, qPrintable(QStringLiteral("%1: %2 px below the matrix, the axis needs %3 (plot %4 x %5)")
                                               .arg(QLatin1String(step)).arg(below).arg(need).arg(plot->width()).arg(plot->height())));
        QVERIFY2(plot->axisRect()->rect().height() > 40, step);
    };
    check("first layout");
    magnifier.apply(m_view->matrixPlot());
    magnifier.apply(m_view->kernelPlot());
    check("presentation fonts");
    tabs.setCurrentIndex(1);
    tabs.resize(1280, 720);
    settle();
    tabs.setCurrentIndex(0);
    check("tab shown after a resize");
    magnifier.restore();
    check("presentation fonts restored");
    tabs.resize(1920, 1050);
    check("resized 1900x1040 -> 1920x1050");
    tabs.setCurrentIndex(1);
    magnifier.apply(m_view->matrixPlot());
    tabs.setCurrentIndex(0);
    check("magnified while hidden");
    tabs.resize(700, 900);
    check("tall");
    tabs.removeTab(0);
    m_view->setParent(nullptr);
}

void TestSimilarityView::offsetLabelBesideItsLine_data()
{
    QTest::addColumn<double>("offset");
    QTest::addColumn<int>("pointSize"); // of the label (0: its own): larger has less room
    QTest::addColumn<bool>("replot"); // a whole replot after the change, or only what the view does
    for (const bool replot : {true, false}) {
        const char *how = replot ? "replot" : "the view's own drawing";
        QTest::addRow("k = 5, right of the line, %s", how) << 5.0 << 0 << replot;
        QTest::addRow("k = -20, %s", how) << -20.0 << 0 << replot;
        QTest::addRow("k = 25, near the right edge: left of it, %s", how) << 25.0 << 0 << replot;
        // Where the text is long for the room right of the line (a single column's figure),
        // the side is measured, not taken from where k lies in the range.
        for (const double k : {8.0, 10.0, -5.0})
            QTest::addRow("k = %g, 26 pt, %s", k, how) << k << 26 << replot;
    }
}

// "Δ = k = 5" sits beside its dashed line, never across it, and inside the plot.
void TestSimilarityView::offsetLabelBesideItsLine()
{
    QFETCH(double, offset);
    QFETCH(int, pointSize);
    QFETCH(bool, replot);
    QCustomPlot *plot = m_view->kernelPlot();
    QCPItemText *label = nullptr;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto *text = qobject_cast<QCPItemText *>(plot->item(i));
        if (text && text->text().startsWith(QStringLiteral("Δ = k")))
            label = text;
    }
    QVERIFY(label);
    if (pointSize > 0) {
        QFont font = label->font();
        font.setPointSize(pointSize);
        label->setFont(font);
    }
    QVERIFY(!m_state->setOffset(offset));
    m_state->flush();
    if (replot)
        plot->replot();
    const double line = plot->xAxis->coordToPixel(offset);
    const double left = label->topLeft->pixelPosition().x();
    const double right = label->bottomRight->pixelPosition().x();
    // The text starts or ends at least a few pixels off the line (the padding), whole.
    const double textLeft = left + label->padding().left();
    const double textRight = right - label->padding().right();
    QVERIFY2(textLeft >= line + 3 || textRight <= line - 3,
             qPrintable(QStringLiteral("text %1 .. %2 px, line at %3 px").arg(textLeft).arg(textRight).arg(line)));
    const QRect inside = plot->axisRect()->rect();
    QVERIFY2(left >= inside.left() && right <= inside.right() + 1,
             qPrintable(QStringLiteral("label %1 .. %2 px, plot %3 .. %4").arg(left).arg(right).arg(inside.left()).arg(inside.right())));
}

QTEST_MAIN(TestSimilarityView)
#include "tst_similarityview.moc"

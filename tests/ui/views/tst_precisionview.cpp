// SPDX-License-Identifier: GPL-3.0-or-later
// The precision lab's phase-error plot against the rounding done here independently: float32
// by the C++ cast, bfloat16 by rounding the float32 bits by hand, float16 by arithmetic on the
// double (one correctly rounded step, as numpy's float16 cast). Expected values never come from
// core, which rounds float16 on the bits.

#include "../expected.h"

#include "ui/state/encodingstate.h"
#include "ui/views/precision/precisionview.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>
#include <cstdint>

using namespace posenc;
using expected::Params;

namespace {

double roundFloat32(double x)
{
    return double(static_cast<float>(x));
}

// float32 first, then its top 16 bits rounded to nearest, ties to even (finite values).
double roundBFloat16(double x)
{
    std::uint32_t bits = std::bit_cast<std::uint32_t>(static_cast<float>(x));
    bits += 0x7fffu + ((bits >> 16) & 1u);
    bits &= 0xffff0000u;
    return double(std::bit_cast<float>(bits));
}

// x rounded to a multiple of its float16 spacing, 2^(e-10) for |x| in [2^e, 2^(e+1)) and 2^-24
// below the normal range, ties to even (nearbyint's default mode); beyond the largest finite
// float16, 65504, the rounded value is infinity.
double roundFloat16(double x)
{
    if (x == 0 || !std::isfinite(x))
        return x;
    int exponent = 0;
    std::frexp(x, &exponent); // |x| in [2^(exponent-1), 2^exponent)
    const int spacing = std::max(exponent - 1 - 10, -24);
    const double rounded = std::ldexp(std::nearbyint(std::ldexp(x, -spacing)), spacing);
    return std::abs(rounded) > 65504 ? std::copysign(INFINITY, x) : rounded;
}

double roundTo(Precision precision, double x)
{
    switch (precision) {
    case Precision::Float32: return roundFloat32(x);
    case Precision::BFloat16: return roundBFloat16(x);
    case Precision::Float16: return roundFloat16(x);
    }
    return x;
}

// |θ_h − pos · w_i|: θ_h = round_h(round_h(pos) · round_h(w_i)), the product in double.
double expectedPhaseError(Precision precision, const EncodingParams &p, int pair, double pos)
{
    const double w = std::pow(p.base, -2.0 * pair / p.dModel);
    const double theta = roundTo(precision, roundTo(precision, pos) * roundTo(precision, w));
    const double raw = theta - pos * w; // to the nearest multiple of 2π: sin and cos see no more
    return std::abs(raw - 2 * std::numbers::pi * std::round(raw / (2 * std::numbers::pi)));
}

// value_h - PE at (pos, column), interleaved layout: value_h = round_h(scale · sin/cos θ_h).
double expectedError(Precision precision, const EncodingParams &p, double pos, int column)
{
    const int pair = column / 2;
    const double w = std::pow(p.base, -2.0 * pair / p.dModel);
    const double theta = roundTo(precision, roundTo(precision, pos) * roundTo(precision, w));
    const bool isSin = column % 2 == 0;
    const double rounded = roundTo(precision, p.scale * (isSin ? std::sin(theta) : std::cos(theta)));
    return rounded - p.scale * (isSin ? std::sin(pos * w) : std::cos(pos * w));
}

// Every cell of the error map (one cell per matrix cell) against expectedError.
void verifyErrorMap(PrecisionView &view, Precision precision, const EncodingParams &p)
{
    QCPColorMapData *data = view.errorMap()->data();
    QCOMPARE(data->keySize(), p.dModel);
    QCOMPARE(data->valueSize(), p.seqLen);
    for (int r = 0; r < p.seqLen; ++r) {
        for (int c = 0; c < p.dModel; ++c) {
            const double want = expectedError(precision, p, p.start + r, c);
            const double got = data->cell(c, r);
            QVERIFY2(std::abs(got - want) <= 1e-12,
                     qPrintable(QStringLiteral("pos %1 column %2: %3, expected %4").arg(p.start + r).arg(c).arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
        }
    }
}

} // namespace

class TestPrecisionView : public QObject
{
    Q_OBJECT

private slots:
    void phaseError_data()
    {
        QTest::addColumn<Precision>("precision");
        QTest::addColumn<double>("start");
        for (auto [name, precision] : {std::pair{"float32", Precision::Float32}, std::pair{"float16", Precision::Float16},
                                       std::pair{"bfloat16", Precision::BFloat16}}) {
            for (double start : {0.0, 301.0, 5000.0})
                QTest::addRow("%s from %g", name, start) << precision << start;
        }
    }

    // One graph per pair of the chosen dimensions (0-5: pairs 0, 1, 2), a point per position
    // (30 positions: no envelope), the error where it is not zero and a gap where it is; a pair
    // exact at every position says so in the legend, since it draws no line.
    void phaseError()
    {
        QFETCH(Precision, precision);
        QFETCH(double, start);
        EncodingState state;
        const EncodingParams p = Params().dModel(128).seqLen(30).start(start).p;
        QVERIFY(!state.setParams(p));
        Scene scene = state.scene();
        scene.precision = precision;
        scene.dimensions = expected::range(0, 5);
        QVERIFY(!state.setScene(scene));
        state.flush();
        PrecisionView view(&state);
        view.resize(1000, 700);
        view.show();
        view.refresh();
        QCustomPlot *plot = view.phasePlot();
        QCOMPARE(plot->graphCount(), 3);
        for (int pair = 0; pair < 3; ++pair) {
            QCPGraph *graph = plot->graph(pair);
            QCOMPARE(graph->data()->size(), 30);
            bool exact = true;
            for (int j = 0; j < 30; ++j) {
                const double pos = start + j;
                const auto point = graph->data()->at(j);
                QCOMPARE(point->key, pos);
                const double want = expectedPhaseError(precision, p, pair, pos);
                exact = exact && want == 0;
                if (want == 0)
                    QVERIFY2(std::isnan(point->value), qPrintable(QStringLiteral("pair %1 pos %2: %3 where exact").arg(pair).arg(pos).arg(point->value)));
                else
                    QVERIFY2(std::abs(point->value - want) <= 1e-12 * want,
                             qPrintable(QStringLiteral("pair %1 pos %2: %3, expected %4").arg(pair).arg(pos).arg(point->value, 0, 'g', 17).arg(want, 0, 'g', 17)));
            }
            QCOMPARE(graph->name().contains(QStringLiteral("no error, no line")), exact);
        }
        // Pair 0 (w = 1): θ = pos, exact while every position is a whole number the format holds
        // (up to 2^8 in bfloat16, 2^11 in float16, 2^24 in float32).
        const double exactUpTo = precision == Precision::BFloat16 ? 256 : precision == Precision::Float16 ? 2048 : 16777216;
        QCOMPARE(plot->graph(0)->name().contains(QStringLiteral("no error")), start + 29 <= exactUpTo);
    }

    // The lab keeps its matrix while only pos or k moves (they change nothing in it); any
    // other change after one of them must still reach the map: base, scale, the precision,
    // start, d_model. Each step checks every cell against the rounding done here.
    void errorMapAfterPositionAndOffset_data()
    {
        QTest::addColumn<QString>("then");
        for (const char *then : {"base", "scale", "precision", "start", "d_model"})
            QTest::newRow(then) << QString::fromLatin1(then);
    }

    void errorMapAfterPositionAndOffset()
    {
        QFETCH(QString, then);
        EncodingState state;
        EncodingParams p = Params().dModel(16).seqLen(30).start(250).p;
        QVERIFY(!state.setParams(p));
        state.flush();
        PrecisionView view(&state);
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.refresh();
        Precision precision = state.scene().precision;
        verifyErrorMap(view, precision, p);
        const QString verdictBefore = view.verdictLabel()->text();

        // pos and k: the same matrix.
        state.setPosition(17);
        state.setOffset(9);
        state.flush();
        view.refresh();
        p = state.params();
        verifyErrorMap(view, precision, p);
        QCOMPARE(view.verdictLabel()->text(), verdictBefore);

        if (then == QLatin1String("base")) {
            p.base = 500;
        } else if (then == QLatin1String("scale")) {
            p.scale = 3.5;
        } else if (then == QLatin1String("start")) {
            p.start = 2040;
        } else if (then == QLatin1String("d_model")) {
            p.dModel = 12;
        } else {
            precision = precision == Precision::Float16 ? Precision::BFloat16 : Precision::Float16;
            Scene scene = state.scene();
            scene.precision = precision;
            QVERIFY(!state.setScene(scene));
        }
        QVERIFY(!state.setParams(p));
        state.flush();
        view.refresh();
        verifyErrorMap(view, precision, state.params());
        // Then pos once more: still the new matrix.
        state.setPosition(3);
        state.flush();
        view.refresh();
        verifyErrorMap(view, precision, state.params());
    }
};

QTEST_MAIN(TestPrecisionView)
#include "tst_precisionview.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The clock picture: one hand per complete (sin, cos) pair at angle pos · w_i, drawn at
// (scale sin, scale cos), against the formula of reference.h and the encoding's own columns.

#include "core/clock.h"
#include "core/encoding.h"

#include "reference.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace posenc;

namespace {

using namespace reference::names;

// The columns of pair i from the layouts' definitions: interleaved 2i, 2i+1; split i, d/2 + i.
int sinColumnOf(const EncodingParams &p, int i)
{
    return p.layout == I ? 2 * i : i;
}

int cosColumnOf(const EncodingParams &p, int i)
{
    return p.layout == I ? 2 * i + 1 : p.dModel / 2 + i;
}

QByteArray at(const char *what, double pos, int hand, double got, double expected, double tol)
{
    return reference::mismatch(what, pos, hand, got, expected, tol);
}

} // namespace

class TestClock : public QObject
{
    Q_OBJECT

private slots:
    void clockHands_data();
    void clockHands();
};

void TestClock::clockHands_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<double>("pos");
    for (const double pos : {10.0, 0.0, -12.5, 2.25, 1e6}) {
        QTest::addRow("defaults pos %g", pos) << EncodingParams() << pos;
        QTest::addRow("interleaved tensor2tensor d=16 pos %g", pos) << reference::params(16, I, T2T) << pos;
        QTest::addRow("split paper d=16 pos %g", pos) << reference::params(16, S, Paper) << pos;
        QTest::addRow("odd interleaved d=7 (lone sine has no hand) pos %g", pos)
            << reference::params(7, I, Paper) << pos;
        QTest::addRow("odd split tensor2tensor d=7 pos %g", pos) << reference::params(7, S, T2T) << pos;
        QTest::addRow("split d=2 scale -2 pos %g", pos) << reference::params(2, S, Paper, 1e4, -2.0) << pos;
        QTest::addRow("interleaved d=3 scale 0.5 base 1e12 pos %g", pos)
            << reference::params(3, I, Paper, 1e12, 0.5) << pos;
        QTest::addRow("interleaved d=10 scale 0 pos %g", pos) << reference::params(10, I, Paper, 1e4, 0.0) << pos;
    }
}

// floor(d/2) hands; hand i at angle pos · w_i (unreduced), x = scale sin, y = scale cos, which
// are exactly PE(pos, sin column of i) and PE(pos, cos column of i).
void TestClock::clockHands()
{
    QFETCH(EncodingParams, params);
    QFETCH(double, pos);
    const ClockHands hands = posenc::clockHands(params, pos);
    const int count = params.dModel / 2;
    QCOMPARE(hands.angle.size(), Eigen::Index(count));
    QCOMPARE(hands.x.size(), Eigen::Index(count));
    QCOMPARE(hands.y.size(), Eigen::Index(count));

    const Eigen::VectorXd pe = posenc::encodingAt(params, pos);
    const double tol = reference::tolerance(params, pos);
    for (int i = 0; i < count; ++i) {
        const double angle = pos * reference::frequency(params, i);
        const double angleTol = 4e-15 * (1.0 + std::abs(angle));
        QVERIFY2(qAbs(hands.angle[i] - angle) <= angleTol, at("angle", pos, i, hands.angle[i], angle, angleTol).constData());
        const double x = params.scale * std::sin(angle);
        const double y = params.scale * std::cos(angle);
        QVERIFY2(qAbs(hands.x[i] - x) <= tol, at("x", pos, i, hands.x[i], x, tol).constData());
        QVERIFY2(qAbs(hands.y[i] - y) <= tol, at("y", pos, i, hands.y[i], y, tol).constData());
        // The hand is the pair's two columns of the encoding at pos.
        const double peSin = pe[sinColumnOf(params, i)];
        const double peCos = pe[cosColumnOf(params, i)];
        QVERIFY2(hands.x[i] == peSin, at("x vs PE sin column", pos, i, hands.x[i], peSin, 0).constData());
        QVERIFY2(hands.y[i] == peCos, at("y vs PE cos column", pos, i, hands.y[i], peCos, 0).constData());
        // Length |scale|.
        const double length = std::hypot(hands.x[i], hands.y[i]);
        QVERIFY2(qAbs(length - qAbs(params.scale)) <= 1e-15 * (1.0 + qAbs(params.scale)),
                 at("hand length", pos, i, length, qAbs(params.scale), 1e-15).constData());
    }
    // Hand 0 (w_0 = 1) turns at one radian per position.
    if (count > 0)
        QCOMPARE(hands.angle[0], pos);
    // At pos 0 every hand points to 12 o'clock: (0, scale).
    if (pos == 0.0) {
        for (int i = 0; i < count; ++i) {
            QCOMPARE(hands.x[i], 0.0);
            QCOMPARE(hands.y[i], params.scale);
        }
    }
}

QTEST_GUILESS_MAIN(TestClock)
#include "tst_clock.moc"

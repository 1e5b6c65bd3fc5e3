// SPDX-License-Identifier: GPL-3.0-or-later
// The attention lab driven offscreen: what its plots hold against the head written out again
// here. The token embeddings follow core/attention.h's published recipe (FNV-1a of the token,
// Vigna's splitmix64, Box–Muller), rewritten from that description; the weights are the
// identity (q = k = v = x), so every score is a dot product of the test's own vectors.

#include "../expected.h"

#include "ui/state/encodingstate.h"
#include "ui/widgets/matrixplot.h"
#include "ui/views/attention/attentionview.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <string>
#include <vector>

Q_DECLARE_METATYPE(posenc::AttentionEncoding)

using namespace posenc;
using expected::Params;

namespace {

std::uint64_t splitmix(std::uint64_t x)
{
    std::uint64_t z = x + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

std::uint64_t fnv(const std::string &bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

double uniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    const std::uint64_t key = splitmix(splitmix(seed) ^ stream);
    return double(splitmix(key ^ index) >> 11) * 0x1p-53;
}

double normal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    const std::uint64_t k = index >> 1;
    const double u1 = 1 - uniform(seed, stream, 2 * k);
    const double u2 = uniform(seed, stream, 2 * k + 1);
    const double r = std::sqrt(-2 * std::log(u1));
    return index % 2 == 0 ? r * std::cos(2 * std::numbers::pi * u2) : r * std::sin(2 * std::numbers::pi * u2);
}

using Vector = std::vector<double>;

Vector token(const QString &text, std::uint64_t seed, int d)
{
    Vector v(static_cast<std::size_t>(d));
    const std::uint64_t stream = fnv(text.toStdString());
    for (int c = 0; c < d; ++c)
        v[std::size_t(c)] = normal(seed, stream, std::uint64_t(c));
    return v;
}

double dot(const Vector &a, const Vector &b)
{
    double s = 0;
    for (std::size_t c = 0; c < a.size(); ++c)
        s += a[c] * b[c];
    return s;
}

// RoPE's interleaved rotation of x by position · θ_t, θ_t = base^(−2t/d).
Vector rotated(const Vector &x, double position, double base)
{
    Vector y = x;
    const int d = int(x.size());
    for (int t = 0; t < d / 2; ++t) {
        const double angle = position * std::pow(base, -2.0 * t / d);
        const double a = x[std::size_t(2 * t)], b = x[std::size_t(2 * t + 1)];
        y[std::size_t(2 * t)] = a * std::cos(angle) - b * std::sin(angle);
        y[std::size_t(2 * t + 1)] = a * std::sin(angle) + b * std::cos(angle);
    }
    return y;
}

// The logits of one head with identity weights over `tokens` at positions start + i.
std::vector<Vector> expectedScores(const QString &scheme, const QStringList &tokens, const EncodingParams &p,
                                   std::uint64_t seed, int head, int heads)
{
    const int n = int(tokens.size());
    std::vector<Vector> x;
    for (int i = 0; i < n; ++i) {
        Vector v = token(tokens[i], seed, p.dModel);
        const double position = p.start + i;
        if (scheme == QLatin1String("sinusoidal")) {
            for (int c = 0; c < p.dModel; ++c)
                v[std::size_t(c)] += expected::pe(p, position, c);
        } else if (scheme == QLatin1String("rope")) {
            v = rotated(v, position, p.base);
        }
        x.push_back(v);
    }
    std::vector<Vector> scores(static_cast<std::size_t>(n), Vector(static_cast<std::size_t>(n)));
    const double slope = std::pow(2.0, -8.0 * (head + 1) / heads);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            double s = dot(x[std::size_t(i)], x[std::size_t(j)]) / std::sqrt(double(p.dModel));
            if (scheme == QLatin1String("alibi"))
                s -= slope * std::abs(i - j);
            scores[std::size_t(i)][std::size_t(j)] = s;
        }
    }
    return scores;
}

double cell(const MatrixPlot *plot, int row, int column)
{
    return plot->colorMap()->data()->cell(column, row);
}

// A state showing the lab with the identity weights, a scheme on the right and none on the left.
void setUp(EncodingState &state, const QString &scheme, const QString &sentence, const EncodingParams &p,
           std::uint64_t seed = 3)
{
    Scene scene = state.scene();
    scene.params = p;
    scene.attention.sentence = sentence;
    scene.attention.encoding = *attentionEncodingFromName(scheme.toStdString());
    scene.attention.baseline = AttentionEncoding::None;
    scene.attention.weights = AttentionWeightsKind::Identity;
    scene.attention.seed = seed;
    QVERIFY(!state.setScene(scene));
    state.flush();
}

} // namespace

class TestAttentionView : public QObject
{
    Q_OBJECT

private slots:
    void scoresFollowTheFormula_data();
    void scoresFollowTheFormula();
    void weightsAreTheSoftmaxOfTheScores();
    void outputRowsAndTheirMean();
    void shuffleMovesRowsWithoutPositionOnly();
    void reversalHidesOrderFromDistanceOnlySchemes_data();
    void reversalHidesOrderFromDistanceOnlySchemes();
    void shiftTest_data();
    void shiftTest();
    void chinesePhraseIsSplitIntoCharacters();
    void badPhraseIsRefusedAndChangesNothing();
    void learnedTableHasNoRowPastItsEnd();
    void clickedScoreIsExplained();
    void controlsLiveOnlyWhileAPaneUsesThem_data();
    void controlsLiveOnlyWhileAPaneUsesThem();
};

void TestAttentionView::scoresFollowTheFormula_data()
{
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("heads");
    for (const char *scheme : {"none", "sinusoidal", "rope", "alibi"}) {
        QTest::addRow("%s d16", scheme) << QString::fromLatin1(scheme) << QStringLiteral("dog bites man")
                                        << Params().dModel(16).p << 0 << 8;
        QTest::addRow("%s d17 start 5", scheme) << QString::fromLatin1(scheme) << QStringLiteral("我 吃 鱼 了")
                                                << Params().dModel(17).start(5).p << 2 << 4;
        QTest::addRow("%s d64 split base 100 scale 0.5", scheme)
            << QString::fromLatin1(scheme) << QStringLiteral("a b c d e f")
            << Params().dModel(64).split().base(100).scale(0.5).p << 5 << 6;
    }
}

void TestAttentionView::scoresFollowTheFormula()
{
    QFETCH(QString, scheme);
    QFETCH(QString, sentence);
    QFETCH(EncodingParams, params);
    QFETCH(int, head);
    QFETCH(int, heads);
    EncodingState state;
    AttentionView view(&state);
    view.resize(1200, 800);
    view.show();
    Scene scene = state.scene();
    scene.attention.heads = heads;
    scene.attention.head = head;
    QVERIFY(!state.setScene(scene));
    setUp(state, scheme, sentence, params);
    const QStringList tokens = sentence.split(QLatin1Char(' '));
    const auto want = expectedScores(scheme, tokens, params, 3, head, heads);
    const MatrixPlot *plot = view.rightPane()->scoresPlot();
    QCOMPARE(plot->colorMap()->data()->keySize(), int(tokens.size()));
    QCOMPARE(plot->colorMap()->data()->valueSize(), int(tokens.size()));
    for (int i = 0; i < int(tokens.size()); ++i) {
        for (int j = 0; j < int(tokens.size()); ++j) {
            const double w = want[std::size_t(i)][std::size_t(j)];
            QVERIFY2(std::abs(cell(plot, i, j) - w) <= 1e-9 * std::max(1.0, std::abs(w)),
                     qPrintable(QStringLiteral("(%1, %2): %3, expected %4").arg(i).arg(j).arg(cell(plot, i, j), 0, 'g', 17).arg(w, 0, 'g', 17)));
        }
    }
    // The colour bar is symmetric and holds every score.
    const QCPRange range = plot->dataRange();
    QCOMPARE(range.lower, -range.upper);
    for (const Vector &row : want)
        for (double s : row)
            QVERIFY(std::abs(s) <= range.upper * (1 + 1e-12));
}

void TestAttentionView::weightsAreTheSoftmaxOfTheScores()
{
    EncodingState state;
    AttentionView view(&state);
    view.show();
    setUp(state, QStringLiteral("sinusoidal"), QStringLiteral("the cat sat on the mat"), Params().dModel(32).p);
    for (AttentionPane *pane : {view.leftPane(), view.rightPane()}) {
        const MatrixPlot *scores = pane->scoresPlot();
        const MatrixPlot *weights = pane->weightsPlot();
        const int n = 6;
        for (int i = 0; i < n; ++i) {
            double largest = -1e300, sum = 0;
            for (int j = 0; j < n; ++j)
                largest = std::max(largest, cell(scores, i, j));
            for (int j = 0; j < n; ++j)
                sum += std::exp(cell(scores, i, j) - largest);
            for (int j = 0; j < n; ++j)
                QVERIFY(std::abs(cell(weights, i, j) - std::exp(cell(scores, i, j) - largest) / sum) <= 1e-12);
        }
        QCOMPARE(weights->dataRange(), QCPRange(0, 1));
    }
}

void TestAttentionView::outputRowsAndTheirMean()
{
    EncodingState state;
    AttentionView view(&state);
    view.show();
    const EncodingParams p = Params().dModel(12).p;
    setUp(state, QStringLiteral("sinusoidal"), QStringLiteral("man bites dog"), p);
    // Identity weights: v = x, output row i = Σ_j weight(i, j) x_j; the last row is the mean.
    const QStringList tokens{QStringLiteral("man"), QStringLiteral("bites"), QStringLiteral("dog")};
    std::vector<Vector> x;
    for (int i = 0; i < 3; ++i) {
        Vector v = token(tokens[i], 3, p.dModel);
        for (int c = 0; c < p.dModel; ++c)
            v[std::size_t(c)] += expected::pe(p, p.start + i, c);
        x.push_back(v);
    }
    const MatrixPlot *weights = view.rightPane()->weightsPlot();
    const MatrixPlot *output = view.rightPane()->outputPlot();
    QCOMPARE(output->colorMap()->data()->valueSize(), 4);
    QCOMPARE(output->colorMap()->data()->keySize(), p.dModel);
    for (int c = 0; c < p.dModel; ++c) {
        double mean = 0;
        for (int i = 0; i < 3; ++i) {
            double want = 0;
            for (int j = 0; j < 3; ++j)
                want += cell(weights, i, j) * x[std::size_t(j)][std::size_t(c)];
            QVERIFY(std::abs(cell(output, i, c) - want) <= 1e-12 * std::max(1.0, std::abs(want)));
            mean += want / 3;
        }
        QVERIFY(std::abs(cell(output, 3, c) - mean) <= 1e-12 * std::max(1.0, std::abs(mean)));
    }
}

void TestAttentionView::shuffleMovesRowsWithoutPositionOnly()
{
    EncodingState state;
    AttentionView view(&state);
    view.show();
    setUp(state, QStringLiteral("sinusoidal"), QStringLiteral("a b c d e"), Params().dModel(16).p);
    const RowMatrixXd noneBefore = view.leftPane()->outputPlot()->matrix();
    const RowMatrixXd sinBefore = view.rightPane()->outputPlot()->matrix();
    QTest::mouseClick(view.shuffleButton(), Qt::LeftButton);
    state.flush();
    const QStringList after = state.scene().attention.sentence.split(QLatin1Char(' '));
    QCOMPARE(after.size(), 5);
    QVERIFY(after != QStringList({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"),
                                  QStringLiteral("e")}));
    const RowMatrixXd noneAfter = view.leftPane()->outputPlot()->matrix();
    const RowMatrixXd sinAfter = view.rightPane()->outputPlot()->matrix();
    // Without position: each token's row is the row it had (equivariant), the mean is the same.
    for (int k = 0; k < 5; ++k) {
        const int before = int(after[k].at(0).unicode() - 'a');
        QVERIFY((noneAfter.row(k) - noneBefore.row(before)).cwiseAbs().maxCoeff() <= 1e-12);
    }
    QVERIFY((noneAfter.row(5) - noneBefore.row(5)).cwiseAbs().maxCoeff() <= 1e-12);
    QVERIFY(view.leftPane()->shuffleLabel()->text().contains(QStringLiteral("equivariant")));
    QVERIFY(view.leftPane()->shuffleLabel()->text().contains(QStringLiteral("invariant")));
    // With the sinusoidal encoding the mean moved.
    QVERIFY((sinAfter.row(5) - sinBefore.row(5)).cwiseAbs().maxCoeff() > 1e-3);
    QVERIFY(view.rightPane()->shuffleLabel()->text().contains(QStringLiteral("not equivariant")));
}

// The lesson's surprise: a reversal keeps every |i − j|, so the schemes that see only distances
// (ALiBi both ways, the source texts' relative bias) cannot tell 我 吃 鱼 from 鱼 吃 我.
void TestAttentionView::reversalHidesOrderFromDistanceOnlySchemes_data()
{
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<bool>("blind");
    QTest::newRow("alibi") << QStringLiteral("alibi") << true;
    QTest::newRow("relative") << QStringLiteral("relative") << true;
    QTest::newRow("none") << QStringLiteral("none") << true;
    QTest::newRow("rope") << QStringLiteral("rope") << false;
    QTest::newRow("t5") << QStringLiteral("t5") << false;
    QTest::newRow("sinusoidal") << QStringLiteral("sinusoidal") << false;
}

void TestAttentionView::reversalHidesOrderFromDistanceOnlySchemes()
{
    QFETCH(QString, scheme);
    QFETCH(bool, blind);
    EncodingState state;
    AttentionView view(&state);
    view.show();
    setUp(state, scheme, QStringLiteral("我 吃 鱼"), Params().dModel(32).p);
    view.shuffleOrderBox()->setCurrentIndex(view.shuffleOrderBox()->findData(int(AttentionOptions::Shuffle::Reverse)));
    emit view.shuffleOrderBox()->activated(view.shuffleOrderBox()->currentIndex());
    state.flush();
    QCOMPARE(state.scene().attention.shuffle, AttentionOptions::Shuffle::Reverse);
    const RowMatrixXd before = view.rightPane()->outputPlot()->matrix();
    const QString line = view.rightPane()->shuffleLabel()->text();
    QVERIFY2(line.contains(QStringLiteral("“鱼 吃 我”")), qPrintable(line));
    QCOMPARE(line.contains(QStringLiteral("mean invariant")), blind);
    // The button puts the phrase in that order: the mean row is the same exactly when blind.
    QTest::mouseClick(view.shuffleButton(), Qt::LeftButton);
    state.flush();
    QCOMPARE(state.scene().attention.sentence, QStringLiteral("鱼 吃 我"));
    const double moved = (view.rightPane()->outputPlot()->matrix().row(3) - before.row(3)).cwiseAbs().maxCoeff();
    if (blind)
        QVERIFY2(moved <= 1e-12, qPrintable(QString::number(moved)));
    else
        QVERIFY2(moved > 1e-6, qPrintable(QString::number(moved)));
}

void TestAttentionView::shiftTest_data()
{
    QTest::addColumn<QString>("scheme");
    QTest::addColumn<bool>("unchanged");
    QTest::newRow("none") << QStringLiteral("none") << true;
    QTest::newRow("rope") << QStringLiteral("rope") << true;
    QTest::newRow("alibi") << QStringLiteral("alibi") << true;
    QTest::newRow("t5") << QStringLiteral("t5") << true;
    QTest::newRow("sinusoidal") << QStringLiteral("sinusoidal") << false;
    QTest::newRow("learned") << QStringLiteral("learned") << false;
}

void TestAttentionView::shiftTest()
{
    QFETCH(QString, scheme);
    QFETCH(bool, unchanged);
    EncodingState state;
    AttentionView view(&state);
    view.show();
    Scene scene = state.scene();
    scene.attention.shift = 37;
    QVERIFY(!state.setScene(scene));
    setUp(state, scheme, QStringLiteral("one two three four"), Params().dModel(32).start(3).p);
    const RowMatrixXd &difference = view.rightPane()->shiftPlot()->matrix();
    QCOMPARE(difference.rows(), 4);
    const double largest = difference.cwiseAbs().maxCoeff();
    if (unchanged)
        QVERIFY2(largest <= 1e-10, qPrintable(QString::number(largest)));
    else
        QVERIFY2(largest > 1e-3, qPrintable(QString::number(largest)));
    QCOMPARE(view.rightPane()->shiftLabel()->text().contains(QStringLiteral("unchanged")), unchanged);
}

void TestAttentionView::chinesePhraseIsSplitIntoCharacters()
{
    EncodingState state;
    AttentionView view(&state);
    view.show();
    view.phraseBox()->lineEdit()->setText(QStringLiteral("我喜欢吃苹果"));
    QTest::keyClick(view.phraseBox()->lineEdit(), Qt::Key_Return);
    state.flush();
    QCOMPARE(state.scene().attention.sentence, QStringLiteral("我喜欢吃苹果"));
    auto *ticker = dynamic_cast<QCPAxisTickerText *>(view.rightPane()->scoresPlot()->xAxis->ticker().data());
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().values(),
             QList<QString>({QStringLiteral("我"), QStringLiteral("喜"), QStringLiteral("欢"), QStringLiteral("吃"),
                             QStringLiteral("苹"), QStringLiteral("果")}));
}

void TestAttentionView::badPhraseIsRefusedAndChangesNothing()
{
    EncodingState state;
    AttentionView view(&state);
    view.show();
    const Scene before = state.scene();
    QStringList many;
    for (int i = 0; i < AttentionOptions::kMaxTokens + 1; ++i)
        many << QStringLiteral("w%1").arg(i);
    for (const QString &text : {many.join(QLatin1Char(' ')), QStringLiteral("   ")}) {
        view.phraseBox()->lineEdit()->setText(text);
        QTest::keyClick(view.phraseBox()->lineEdit(), Qt::Key_Return);
        state.flush();
        QCOMPARE(state.scene(), before);
        QVERIFY(!view.phraseProblem()->isHidden());
        QVERIFY(view.phraseProblem()->text().contains(QString::number(AttentionOptions::kMaxTokens)));
    }
}

void TestAttentionView::learnedTableHasNoRowPastItsEnd()
{
    EncodingState state;
    AttentionView view(&state);
    view.show();
    Scene scene = state.scene();
    scene.attention.learnedPositions = 512;
    QVERIFY(!state.setScene(scene));
    setUp(state, QStringLiteral("learned"), QStringLiteral("a b c d"), Params().dModel(16).start(510).p);
    const QString norms = view.rightPane()->normsLabel()->text();
    QVERIFY2(norms.contains(QStringLiteral("512")) && norms.contains(QStringLiteral("no row")), qPrintable(norms));
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            QVERIFY(std::isfinite(cell(view.rightPane()->scoresPlot(), i, j)));
}

void TestAttentionView::controlsLiveOnlyWhileAPaneUsesThem_data()
{
    QTest::addColumn<AttentionEncoding>("baseline");
    QTest::addColumn<AttentionEncoding>("encoding");
    QTest::addColumn<QString>("live"); // R: RoPE pairs, H: heads and head, L: learned rows
    using E = AttentionEncoding;
    QTest::newRow("none | sinusoidal (the defaults)") << E::None << E::Sinusoidal << QString();
    QTest::newRow("none | rope") << E::None << E::Rope << QStringLiteral("R");
    QTest::newRow("rope | none") << E::Rope << E::None << QStringLiteral("R");
    QTest::newRow("alibi | t5") << E::Alibi << E::T5 << QStringLiteral("H");
    QTest::newRow("none | t5") << E::None << E::T5 << QStringLiteral("H");
    QTest::newRow("learned | rope") << E::Learned << E::Rope << QStringLiteral("RL");
    QTest::newRow("relative | sinusoidal") << E::SeedRelative << E::Sinusoidal << QString();
}

// RoPE's pairs, the heads, the head shown and the learned table's rows are greyed while
// neither pane uses them, as α is greyed for the other joins.
void TestAttentionView::controlsLiveOnlyWhileAPaneUsesThem()
{
    QFETCH(AttentionEncoding, baseline);
    QFETCH(AttentionEncoding, encoding);
    QFETCH(QString, live);
    EncodingState state;
    AttentionView view(&state);
    view.show();
    Scene scene = state.scene();
    scene.attention.baseline = baseline;
    scene.attention.encoding = encoding;
    QVERIFY(!state.setScene(scene));
    state.flush();
    QCOMPARE(view.ropePairsBox()->isEnabled(), live.contains(QLatin1Char('R')));
    QCOMPARE(view.headsBox()->isEnabled(), live.contains(QLatin1Char('H')));
    QCOMPARE(view.headBox()->isEnabled(), live.contains(QLatin1Char('H')));
    QCOMPARE(view.learnedRowsBox()->isEnabled(), live.contains(QLatin1Char('L')));
}

void TestAttentionView::clickedScoreIsExplained()
{
    EncodingState state;
    AttentionView view(&state);
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    setUp(state, QStringLiteral("alibi"), QStringLiteral("x y z"), Params().dModel(16).p);
    MatrixPlot *plot = view.rightPane()->scoresPlot();
    plot->replot();
    const QPoint at(int(plot->xAxis->coordToPixel(2)), int(plot->yAxis->coordToPixel(0)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    QCOMPARE(state.inspection().kind, AttentionView::scoreKind(true));
    QCOMPARE(int(state.inspection().a), 0);
    QCOMPARE(int(state.inspection().b), 2);
    const QString text = AttentionView::scoreExplanation(state.scene(), state.inspection());
    // Head 0 of 8: slope 1/2, |i − j| = 2: the bias is −1.
    QVERIFY2(text.contains(QStringLiteral("= -1")) || text.contains(QStringLiteral("= −1")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("%1").arg(expected::shown(cell(plot, 0, 2)))));
}

QTEST_MAIN(TestAttentionView)
#include "tst_attentionview.moc"

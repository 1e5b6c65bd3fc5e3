// SPDX-License-Identifier: GPL-3.0-or-later
// EncodingState: the single source of truth. Setters refuse invalid values without side
// effects; bursts of changes within one event-loop turn give one changed(); the engine at the
// state's parameters is the formula.

#include "expected.h"

#include "ui/state/encodingstate.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <cmath>
#include <limits>

using namespace posenc;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Calls the setter of `field` (integer fields take the value as int).
std::optional<ParamError> setField(EncodingState &state, ParamField field, double value)
{
    switch (field) {
    case ParamField::DModel: return state.setDModel(int(value));
    case ParamField::SeqLen: return state.setSeqLen(int(value));
    case ParamField::Base: return state.setBase(value);
    case ParamField::Scale: return state.setScale(value);
    case ParamField::Offset: return state.setOffset(value);
    case ParamField::Start: return state.setStart(value);
    case ParamField::Position: return state.setPosition(value);
    }
    return ParamError{field, "no setter"};
}

// Every value of the matrix at the state's parameters against the formula; reports the first
// mismatch.
void compareWithFormula(const EncodingState &state)
{
    const EncodingParams &p = state.params();
    const RowMatrixXd pe = encodingMatrix(p);
    QCOMPARE(pe.rows(), Eigen::Index(p.seqLen));
    QCOMPARE(pe.cols(), Eigen::Index(p.dModel));
    const double tolerance = expected::tolerance(p);
    for (int r = 0; r < p.seqLen; ++r) {
        for (int c = 0; c < p.dModel; ++c) {
            const double want = expected::pe(p, p.start + r, c);
            if (std::abs(pe(r, c) - want) > tolerance)
                QFAIL(qPrintable(QStringLiteral("PE(%1, %2): got %3, expected %4")
                                     .arg(p.start + r).arg(c)
                                     .arg(pe(r, c), 0, 'g', 17).arg(want, 0, 'g', 17)));
        }
    }
}

} // namespace

class TestEncodingState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokenCountMatchesTokens_data();
    void tokenCountMatchesTokens();
    void initTestCase();
    void defaults();
    void defaultDimensionsSpreadTheLadder_data();
    void defaultDimensionsSpreadTheLadder();
    void defaultDimensionsFollowDModel();
    void setterRefusesInvalid_data();
    void setterRefusesInvalid();
    void setParamsRefusesInvalid();
    void setterAcceptsLimits_data();
    void setterAcceptsLimits();
    void burstGivesOneChanged_data();
    void burstGivesOneChanged();
    void sameValueEmitsNothing();
    void flushEmitsImmediately();
    void flushWithNothingPendingEmitsNothing();
    void encodingMatchesFormula_data();
    void encodingMatchesFormula();
    void encodingRecomputedAfterChange();
    void curveDimensionsEmitChanged();
    void changeSceneEditsACopy();
    void updateFinishedCarriesTime();
    void updateFinishedMeasuresReceivers();
};

void TestEncodingState::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestEncodingState::defaults()
{
    EncodingState state;
    QCOMPARE(state.params(), EncodingParams{});
    QCOMPARE(state.params().dModel, 128);
    QCOMPARE(state.params().seqLen, 30);
    QCOMPARE(state.curveDimensions(), (QList<int>{0, 16, 32, 64}));
    QCOMPARE(state.lastUpdateMs(), 0.0);
}

// The sines of the pairs at 0, 1/8, 1/4 and 1/2 of the ladder, worked out by hand: interleaved
// puts sin(w_i) at column 2i, split at column i; n = ceil(d/2) frequencies interleaved, floor(d/2)
// split; pair round(f n), at most n - 1; a pair met twice is drawn once.
void TestEncodingState::defaultDimensionsSpreadTheLadder_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<QList<int>>("columns");
    QTest::newRow("128 interleaved") << 128 << Layout::Interleaved << QList<int>{0, 16, 32, 64};
    QTest::newRow("128 split") << 128 << Layout::Split << QList<int>{0, 8, 16, 32};
    QTest::newRow("512 interleaved") << 512 << Layout::Interleaved << QList<int>{0, 64, 128, 256};
    QTest::newRow("16 interleaved") << 16 << Layout::Interleaved << QList<int>{0, 2, 4, 8};
    // n = 3: pairs 0, round(0.375) = 0, round(0.75) = 1, round(1.5) = 2.
    QTest::newRow("5 interleaved") << 5 << Layout::Interleaved << QList<int>{0, 2, 4};
    QTest::newRow("7 split") << 7 << Layout::Split << QList<int>{0, 1, 2};
    QTest::newRow("2 interleaved") << 2 << Layout::Interleaved << QList<int>{0};
}

void TestEncodingState::defaultDimensionsSpreadTheLadder()
{
    QFETCH(int, dModel);
    QFETCH(Layout, layout);
    QFETCH(QList<int>, columns);
    EncodingParams params;
    params.dModel = dModel;
    params.layout = layout;
    QCOMPARE(Scene::defaultDimensions(params), columns);
}

// In the window, moving d_model takes default dimensions along (d_model 16 would otherwise
// draw only column 0 of 0, 16, 32, 64); dimensions the user chose stay as they are.
void TestEncodingState::defaultDimensionsFollowDModel()
{
    EncodingState state;
    QVERIFY(!state.setDModel(16));
    QCOMPARE(state.curveDimensions(), (QList<int>{0, 2, 4, 8}));
    state.setLayout(Layout::Split);
    QCOMPARE(state.curveDimensions(), (QList<int>{0, 1, 2, 4}));
    state.changeScene([](Scene &scene) { scene.dimensions = {1, 3}; });
    QVERIFY(!state.setDModel(64));
    QCOMPARE(state.curveDimensions(), (QList<int>{1, 3}));

    // A scene is taken whole: its dimensions stay, even where they are the defaults of the
    // d_model the state had before it (a lesson, a preset).
    EncodingState fresh;
    Scene scene;
    scene.params.dModel = 512;
    scene.dimensions = {0, 16, 32, 64};
    QVERIFY(!fresh.setScene(scene));
    QCOMPARE(fresh.curveDimensions(), (QList<int>{0, 16, 32, 64}));
}

void TestEncodingState::setterRefusesInvalid_data()
{
    QTest::addColumn<EncodingParams>("initial");
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<double>("value");
    QTest::addColumn<ParamField>("blamed");

    using expected::Params;
    const EncodingParams defaults;
    QTest::newRow("d_model 1") << defaults << ParamField::DModel << 1.0 << ParamField::DModel;
    QTest::newRow("d_model 0") << defaults << ParamField::DModel << 0.0 << ParamField::DModel;
    QTest::newRow("d_model -2") << defaults << ParamField::DModel << -2.0 << ParamField::DModel;
    QTest::newRow("d_model 4097") << defaults << ParamField::DModel << 4097.0 << ParamField::DModel;
    QTest::newRow("seq_len 0") << defaults << ParamField::SeqLen << 0.0 << ParamField::SeqLen;
    QTest::newRow("seq_len 16385") << defaults << ParamField::SeqLen << 16385.0 << ParamField::SeqLen;
    QTest::newRow("base 1") << defaults << ParamField::Base << 1.0 << ParamField::Base;
    QTest::newRow("base 0.5") << defaults << ParamField::Base << 0.5 << ParamField::Base;
    QTest::newRow("base -10") << defaults << ParamField::Base << -10.0 << ParamField::Base;
    QTest::newRow("base 1e12 and a bit") << defaults << ParamField::Base << 1.000001e12 << ParamField::Base;
    QTest::newRow("base nan") << defaults << ParamField::Base << kNaN << ParamField::Base;
    QTest::newRow("base inf") << defaults << ParamField::Base << kInf << ParamField::Base;
    QTest::newRow("scale 1000001") << defaults << ParamField::Scale << 1000001.0 << ParamField::Scale;
    QTest::newRow("scale -2e6") << defaults << ParamField::Scale << -2e6 << ParamField::Scale;
    QTest::newRow("scale nan") << defaults << ParamField::Scale << kNaN << ParamField::Scale;
    QTest::newRow("scale -inf") << defaults << ParamField::Scale << -kInf << ParamField::Scale;
    QTest::newRow("offset 1.5e9") << defaults << ParamField::Offset << 1.5e9 << ParamField::Offset;
    QTest::newRow("offset nan") << defaults << ParamField::Offset << kNaN << ParamField::Offset;
    QTest::newRow("start -1e9 - 1") << defaults << ParamField::Start << -1e9 - 1 << ParamField::Start;
    QTest::newRow("start 1e9, last row past 1e9")
        << defaults << ParamField::Start << 1e9 << ParamField::Start;
    QTest::newRow("start inf") << defaults << ParamField::Start << kInf << ParamField::Start;
    QTest::newRow("position -2e9") << defaults << ParamField::Position << -2e9 << ParamField::Position;
    QTest::newRow("position inf") << defaults << ParamField::Position << kInf << ParamField::Position;
    // A valid seq_len that would push the last row's position past 1e9 is blamed on start.
    QTest::newRow("seq_len pushes last row past 1e9")
        << Params().start(1e9 - 29).p << ParamField::SeqLen << 31.0 << ParamField::Start;
    // Refused also when the state is not at its defaults.
    QTest::newRow("d_model 1 from split tensor2tensor")
        << Params().dModel(7).split().tensor2tensor().scale(-3).p << ParamField::DModel << 1.0
        << ParamField::DModel;
}

void TestEncodingState::setterRefusesInvalid()
{
    QFETCH(EncodingParams, initial);
    QFETCH(ParamField, field);
    QFETCH(double, value);
    QFETCH(ParamField, blamed);

    EncodingState state;
    QVERIFY(!state.setParams(initial));
    state.flush();
    QCOMPARE(state.params(), initial);
    QSignalSpy changed(&state, &EncodingState::changed);
    QSignalSpy finished(&state, &EncodingState::updateFinished);
    const RowMatrixXd before = encodingMatrix(state.params());

    const std::optional<ParamError> error = setField(state, field, value);
    QVERIFY2(error.has_value(), "an invalid value was accepted");
    QCOMPARE(error->field, blamed);
    const QString message = QString::fromStdString(error->message);
    const std::string_view name = fieldName(blamed);
    QVERIFY2(message.contains(QString::fromUtf8(name.data(), qsizetype(name.size()))),
             qPrintable(message));

    QCOMPARE(state.params(), initial);
    QTest::qWait(20); // a change, had one been scheduled, would be emitted within this wait
    QCOMPARE(changed.count(), 0);
    QCOMPARE(finished.count(), 0);
    QVERIFY(encodingMatrix(state.params()) == before);
}

void TestEncodingState::setParamsRefusesInvalid()
{
    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    EncodingParams bad = expected::Params().dModel(64).seqLen(50).p;
    bad.base = 1.0; // one bad field spoils the whole set
    const std::optional<ParamError> error = state.setParams(bad);
    QVERIFY(error.has_value());
    QCOMPARE(error->field, ParamField::Base);
    QCOMPARE(state.params(), EncodingParams{});
    QTest::qWait(20);
    QCOMPARE(changed.count(), 0);
}

void TestEncodingState::setterAcceptsLimits_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<double>("value");

    QTest::newRow("d_model 2") << ParamField::DModel << 2.0;
    QTest::newRow("d_model 4096") << ParamField::DModel << 4096.0;
    QTest::newRow("seq_len 1") << ParamField::SeqLen << 1.0;
    QTest::newRow("seq_len 16384") << ParamField::SeqLen << 16384.0;
    QTest::newRow("base just above 1") << ParamField::Base << 1.0000001;
    QTest::newRow("base 1e12") << ParamField::Base << 1e12;
    QTest::newRow("scale -1e6") << ParamField::Scale << -1e6;
    QTest::newRow("scale 0") << ParamField::Scale << 0.0;
    QTest::newRow("offset -1e9") << ParamField::Offset << -1e9;
    QTest::newRow("offset 2.5") << ParamField::Offset << 2.5;
    QTest::newRow("start 1e9 - 29") << ParamField::Start << 1e9 - 29;
    QTest::newRow("start -1e9") << ParamField::Start << -1e9;
    QTest::newRow("position 1e9") << ParamField::Position << 1e9;
}

void TestEncodingState::setterAcceptsLimits()
{
    QFETCH(ParamField, field);
    QFETCH(double, value);

    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    const std::optional<ParamError> error = setField(state, field, value);
    QVERIFY2(!error, error ? error->message.c_str() : "");
    const EncodingParams &p = state.params();
    const double got = field == ParamField::DModel ? p.dModel
                       : field == ParamField::SeqLen ? p.seqLen
                       : field == ParamField::Base ? p.base
                       : field == ParamField::Scale ? p.scale
                       : field == ParamField::Offset ? p.offset
                       : field == ParamField::Start ? p.start
                                                     : p.position;
    QCOMPARE(got, value);
    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 1);
}

void TestEncodingState::burstGivesOneChanged_data()
{
    QTest::addColumn<int>("calls");
    QTest::newRow("1 call") << 1;
    QTest::newRow("2 calls") << 2;
    QTest::newRow("10 calls") << 10;
    QTest::newRow("1000 calls (a dragged slider)") << 1000;
    QTest::newRow("every setter (a preset load)") << -1;
}

void TestEncodingState::burstGivesOneChanged()
{
    QFETCH(int, calls);

    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    QSignalSpy finished(&state, &EncodingState::updateFinished);
    EncodingParams want;
    if (calls > 0) {
        for (int n = 1; n <= calls; ++n)
            QVERIFY(!state.setPosition(want.position + n));
        want.position += calls;
    } else {
        QVERIFY(!state.setDModel(64));
        QVERIFY(!state.setSeqLen(50));
        QVERIFY(!state.setBase(500));
        QVERIFY(!state.setScale(0.5));
        QVERIFY(!state.setOffset(-3));
        QVERIFY(!state.setStart(7));
        QVERIFY(!state.setPosition(12));
        state.setLayout(Layout::Split);
        state.setFrequencies(FrequencyConvention::Tensor2Tensor);
        state.changeScene([](Scene &scene) { scene.dimensions = {1, 2, 3}; });
        want = expected::Params().dModel(64).seqLen(50).base(500).scale(0.5).offset(-3).start(7)
                   .position(12).split().tensor2tensor().p;
    }
    // The setters take effect at once; only the signal waits for the end of the turn.
    QCOMPARE(state.params(), want);
    QCOMPARE(changed.count(), 0);

    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 1);
    QTest::qWait(50);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(state.params(), want);
}

void TestEncodingState::sameValueEmitsNothing()
{
    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    const EncodingParams defaults;
    QVERIFY(!state.setDModel(defaults.dModel));
    QVERIFY(!state.setBase(defaults.base));
    QVERIFY(!state.setParams(defaults));
    state.setLayout(defaults.layout);
    state.changeScene([&](Scene &scene) { scene.dimensions = QList<int>{0, 16, 32, 64}; });
    QTest::qWait(20);
    QCOMPARE(changed.count(), 0);
}

void TestEncodingState::flushEmitsImmediately()
{
    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    QSignalSpy finished(&state, &EncodingState::updateFinished);
    QVERIFY(!state.setDModel(64));
    QVERIFY(!state.setSeqLen(12));
    QCOMPARE(changed.count(), 0);
    state.flush(); // no event loop between the setters and this check
    QCOMPARE(changed.count(), 1);
    QCOMPARE(finished.count(), 1);
    // The pending emission was consumed: nothing more at the end of the turn.
    QTest::qWait(20);
    QCOMPARE(changed.count(), 1);
}

void TestEncodingState::flushWithNothingPendingEmitsNothing()
{
    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    state.flush();
    QCOMPARE(changed.count(), 0);
    QVERIFY(!state.setDModel(64));
    state.flush();
    state.flush();
    QCOMPARE(changed.count(), 1);
}

void TestEncodingState::encodingMatchesFormula_data()
{
    QTest::addColumn<EncodingParams>("params");
    using expected::Params;
    QTest::newRow("defaults (d_model 128, 30 positions)") << Params().p;
    QTest::newRow("odd d_model 7 interleaved") << Params().dModel(7).p;
    QTest::newRow("odd d_model 7 split") << Params().dModel(7).split().p;
    QTest::newRow("split 16") << Params().dModel(16).split().p;
    QTest::newRow("tensor2tensor 16") << Params().dModel(16).tensor2tensor().p;
    QTest::newRow("tensor2tensor split 9") << Params().dModel(9).split().tensor2tensor().p;
    QTest::newRow("tensor2tensor d_model 2") << Params().dModel(2).tensor2tensor().p;
    QTest::newRow("scale -2") << Params().scale(-2).p;
    QTest::newRow("scale 0") << Params().scale(0).p;
    QTest::newRow("start 100") << Params().start(100).p;
    QTest::newRow("start -7.5") << Params().start(-7.5).p;
    QTest::newRow("seq_len 1") << Params().seqLen(1).start(3).p;
    QTest::newRow("base 10") << Params().base(10).dModel(32).p;
}

void TestEncodingState::encodingMatchesFormula()
{
    QFETCH(EncodingParams, params);
    EncodingState state;
    QVERIFY(!state.setParams(params));
    compareWithFormula(state);
    state.flush();
    compareWithFormula(state);
}

void TestEncodingState::encodingRecomputedAfterChange()
{
    EncodingState state;
    compareWithFormula(state);
    const double firstValue = encodingMatrix(state.params())(1, 0); // sin(1)

    // A receiver of changed() already sees the new matrix.
    Eigen::Index rowsSeen = -1, colsSeen = -1;
    connect(&state, &EncodingState::changed, this, [&] {
        rowsSeen = state.params().seqLen;
        colsSeen = state.params().dModel;
    });
    QVERIFY(!state.setDModel(16));
    QVERIFY(!state.setSeqLen(5));
    QVERIFY(!state.setStart(3));
    state.setLayout(Layout::Split);
    compareWithFormula(state); // before the signal: recomputed on request
    state.flush();
    QCOMPARE(rowsSeen, Eigen::Index(5));
    QCOMPARE(colsSeen, Eigen::Index(16));
    compareWithFormula(state);
    QVERIFY(encodingMatrix(state.params())(1, 0) != firstValue); // now sin(4 * w_0), not sin(1)

    QVERIFY(!state.setScale(-0.5));
    compareWithFormula(state);
}

void TestEncodingState::curveDimensionsEmitChanged()
{
    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    const QList<int> chosen{0, 7, 64, 65, 66};
    state.changeScene([&](Scene &scene) { scene.dimensions = chosen; });
    QCOMPARE(state.curveDimensions(), chosen);
    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 1);

    state.changeScene([&](Scene &scene) { scene.dimensions = chosen; }); // the same list: nothing to say
    QTest::qWait(20);
    QCOMPARE(changed.count(), 1);

    // Columns beyond d_model are kept, so shrinking d_model loses no choice.
    QVERIFY(!state.setDModel(8));
    state.flush();
    QCOMPARE(state.curveDimensions(), chosen);
    QCOMPARE(changed.count(), 2);
}

// changeScene(): a refused edit changes nothing and gives the reason (the temporal encoding's
// own line); accepted edits within one turn are one changed(); the rotation pair stays as set,
// not clamped, when another option changes.
void TestEncodingState::changeSceneEditsACopy()
{
    EncodingState state;
    QSignalSpy changed(&state, &EncodingState::changed);
    QVERIFY(!state.setDModel(8)); // pairs 0 .. 3
    state.flush();
    QCOMPARE(changed.count(), 1);
    QVERIFY(!state.changeScene([](Scene &scene) { scene.rotationPair = 9; }));
    QCOMPARE(state.rotationPair(), 3);

    TemporalParams noSteps;
    noSteps.steps = 0;
    const auto refused = state.changeScene([&](Scene &scene) {
        scene.cosine = true;
        scene.temporal = noSteps;
    });
    QVERIFY(refused);
    QCOMPARE(*refused, QString::fromStdString(*noSteps.validate()));
    QVERIFY(!state.cosineSimilarity());
    QCOMPARE(state.temporal(), TemporalParams{});

    QVERIFY(!state.changeScene([](Scene &scene) { scene.cosine = true; }));
    QVERIFY(state.cosineSimilarity());
    state.flush();
    QCOMPARE(changed.count(), 2);
    QVERIFY(!state.setDModel(64));
    QCOMPARE(state.rotationPair(), 9);
}

void TestEncodingState::updateFinishedCarriesTime()
{
    EncodingState state;
    QSignalSpy finished(&state, &EncodingState::updateFinished);
    QVERIFY(!state.setDModel(512));
    QVERIFY(finished.wait(1000));
    QCOMPARE(finished.count(), 1);
    const double ms = finished.at(0).at(0).toDouble();
    QVERIFY2(ms >= 0.0 && std::isfinite(ms), qPrintable(QString::number(ms)));
    QCOMPARE(state.lastUpdateMs(), ms);
}

void TestEncodingState::updateFinishedMeasuresReceivers()
{
    // The time covers what the receivers of changed() did: a receiver sleeping 30 ms makes the
    // reported time at least that long.
    EncodingState state;
    connect(&state, &EncodingState::changed, this, [] { QThread::msleep(30); });
    QSignalSpy finished(&state, &EncodingState::updateFinished);
    QVERIFY(!state.setSeqLen(40));
    state.flush();
    QCOMPARE(finished.count(), 1);
    const double ms = finished.at(0).at(0).toDouble();
    QVERIFY2(ms >= 29.0, qPrintable(QString::number(ms)));
    QVERIFY2(ms < 10000.0, qPrintable(QString::number(ms)));
    QCOMPARE(state.lastUpdateMs(), ms);
}

// The attention phrase's tokens counted without making them (a preset's sentence of megabytes
// is refused at once) is the count of the tokens made, for every kind of character.
void TestEncodingState::tokenCountMatchesTokens_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<int>("tokens");
    QTest::newRow("spaced Chinese") << QStringLiteral("我 吃 鱼") << 3;
    QTest::newRow("Chinese run") << QStringLiteral("我吃鱼") << 3;
    QTest::newRow("mixed") << QStringLiteral("GPT模型 is here") << 5;
    QTest::newRow("blanks around") << QStringLiteral("  leading\tand\ntrailing  ") << 3;
    QTest::newRow("empty") << QString() << 0;
    QTest::newRow("only blanks") << QStringLiteral(" \t\n ") << 0;
    QTest::newRow("kana") << QStringLiteral("ひらがなカタカナ") << 8;
    QTest::newRow("ideographic space") << QStringLiteral("a\u3000b") << 2;
    QTest::newRow("outside the BMP") << QStringLiteral("emoji \U0001F600x 𠀀b") << 4;
    QTest::newRow("long word") << QString(100000, QLatin1Char('x')) << 1;
    QTest::newRow("many words") << QStringLiteral("x ").repeated(5000) << 5000;
}

void TestEncodingState::tokenCountMatchesTokens()
{
    QFETCH(QString, sentence);
    QFETCH(int, tokens);
    QCOMPARE(AttentionOptions::tokens(sentence).size(), qsizetype(tokens));
    QCOMPARE(AttentionOptions::tokenCount(sentence), qsizetype(tokens));
}

QTEST_MAIN(TestEncodingState)
#include "tst_encodingstate.moc"

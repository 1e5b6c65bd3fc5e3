// SPDX-License-Identifier: GPL-3.0-or-later
// ParameterPanel driven through its real widgets: typing into the entries, moving the
// sliders, choosing in the combo boxes with the keyboard; and the state shown back.

#include "expected.h"

#include "ui/state/encodingstate.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

#include <charconv>
#include <cmath>

using namespace posenc;

namespace {

double valueOf(const EncodingParams &p, ParamField field)
{
    switch (field) {
    case ParamField::DModel: return p.dModel;
    case ParamField::SeqLen: return p.seqLen;
    case ParamField::Base: return p.base;
    case ParamField::Scale: return p.scale;
    case ParamField::Offset: return p.offset;
    case ParamField::Start: return p.start;
    case ParamField::Position: return p.position;
    }
    return std::nan("");
}

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

// The slider positions the panel's sliders should stand at, written from their tooltips:
// integer sliders show the value itself (d_model 2..1024, seq_len 1..2048, offset -64..64,
// position 0..1000, start 0..10000), scale is linear over 0.1..2.0 in 1000 steps and base is
// logarithmic over 10..1e6 in 1000 steps. Values outside a slider's range pin it to the end.
int expectedSliderPosition(ParamField field, double value)
{
    switch (field) {
    case ParamField::DModel: return int(std::clamp(value, 2.0, 1024.0));
    case ParamField::SeqLen: return int(std::clamp(value, 1.0, 2048.0));
    // Real-valued fields: the slider stands at the nearest whole step.
    case ParamField::Offset: return int(std::lround(std::clamp(value, -64.0, 64.0)));
    // pos: over the rows shown, 0 .. 29 at the defaults (start 0, seq_len 30).
    case ParamField::Position: return int(std::lround(std::clamp(value, 0.0, 29.0)));
    case ParamField::Start: return int(std::lround(std::clamp(value, 0.0, 10000.0)));
    case ParamField::Scale:
        return int(std::lround(std::clamp((value - 0.1) / (2.0 - 0.1), 0.0, 1.0) * 1000));
    case ParamField::Base:
        return int(std::lround(
            std::clamp(std::log10(value / 10.0) / std::log10(1e6 / 10.0), 0.0, 1.0) * 1000));
    }
    return -1;
}

// Replaces the entry's text by typing, as a user does, then presses Return.
void typeInto(QLineEdit *entry, const QString &text)
{
    entry->setFocus();
    entry->selectAll();
    QTest::keyClick(entry, Qt::Key_Backspace);
    QTest::keyClicks(entry, text);
    QTest::keyClick(entry, Qt::Key_Return);
}

} // namespace

class TestParameterPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void showsDefaults();
    void entryChangesState_data();
    void entryChangesState();
    void entryRefusesInvalid_data();
    void entryRefusesInvalid();
    void validEntryClearsError();
    void typingClearsTheRefusal();
    void stateChangeClearsStaleError_data();
    void stateChangeClearsStaleError();
    void sliderChangesState_data();
    void sliderChangesState();
    void sliderValuesAreShortDecimals_data();
    void sliderValuesAreShortDecimals();
    void sliderDragIsCoalesced();
    void layoutAndFrequencyBoxes();
    void programmaticIndexChangeWritesNothing();
    void stateShownInControls_data();
    void stateShownInControls();
    void conventionsShownInBoxes();
    void positionSliderSpansTheRowsShown_data();
    void positionSliderSpansTheRowsShown();
    void otherChangesKeepTheEntrysSelection();
    void offsetNoteSaysWhenPosPlusKIsOutside_data();
    void offsetNoteSaysWhenPosPlusKIsOutside();

private:
    std::unique_ptr<EncodingState> m_state;
    std::unique_ptr<ParameterPanel> m_panel;
};

void TestParameterPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestParameterPanel::init()
{
    m_state = std::make_unique<EncodingState>();
    m_panel = std::make_unique<ParameterPanel>(m_state.get());
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestParameterPanel::cleanup()
{
    // Hidden first, while everything is alive: the entry that has the focus reports
    // editingFinished when it loses it.
    if (m_panel)
        m_panel->hide();
    m_panel.reset();
    m_state.reset();
}

void TestParameterPanel::showsDefaults()
{
    QCOMPARE(m_panel->control(ParamField::DModel)->entry()->text(), QStringLiteral("128"));
    QCOMPARE(m_panel->control(ParamField::SeqLen)->entry()->text(), QStringLiteral("30"));
    QCOMPARE(m_panel->control(ParamField::Base)->entry()->text(), QStringLiteral("10000"));
    QCOMPARE(m_panel->control(ParamField::Scale)->entry()->text(), QStringLiteral("1"));
    QCOMPARE(m_panel->control(ParamField::Offset)->entry()->text(), QStringLiteral("5"));
    QCOMPARE(m_panel->control(ParamField::Position)->entry()->text(), QStringLiteral("10"));
    QCOMPARE(m_panel->control(ParamField::Start)->entry()->text(), QStringLiteral("0"));
    QCOMPARE(m_panel->control(ParamField::DModel)->slider()->value(), 128);
    QCOMPARE(m_panel->control(ParamField::Base)->slider()->value(),
             expectedSliderPosition(ParamField::Base, 10000)); // 600: 10000 is 3/5 of 10..1e6
    QCOMPARE(m_panel->control(ParamField::Base)->slider()->value(), 600);
    QCOMPARE(m_panel->layoutBox()->currentData().toInt(), int(Layout::Interleaved));
    QCOMPARE(m_panel->frequencyBox()->currentData().toInt(), int(FrequencyConvention::Paper));
}

void TestParameterPanel::entryChangesState_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("shown");

    QTest::newRow("d_model 64") << ParamField::DModel << QStringLiteral("64") << 64.0 << QStringLiteral("64");
    QTest::newRow("d_model 2") << ParamField::DModel << QStringLiteral("2") << 2.0 << QStringLiteral("2");
    QTest::newRow("d_model 4096 (beyond the slider)")
        << ParamField::DModel << QStringLiteral("4096") << 4096.0 << QStringLiteral("4096");
    QTest::newRow("d_model with spaces")
        << ParamField::DModel << QStringLiteral(" 256 ") << 256.0 << QStringLiteral("256");
    QTest::newRow("seq_len 100") << ParamField::SeqLen << QStringLiteral("100") << 100.0 << QStringLiteral("100");
    QTest::newRow("base 500") << ParamField::Base << QStringLiteral("500") << 500.0 << QStringLiteral("500");
    QTest::newRow("base 1e12 (beyond the slider)")
        << ParamField::Base << QStringLiteral("1e12") << 1e12 << QStringLiteral("1e+12");
    QTest::newRow("base 1.5 (below the slider)")
        << ParamField::Base << QStringLiteral("1.5") << 1.5 << QStringLiteral("1.5");
    QTest::newRow("scale 3.5 (beyond the slider)")
        << ParamField::Scale << QStringLiteral("3.5") << 3.5 << QStringLiteral("3.5");
    QTest::newRow("scale 0.5") << ParamField::Scale << QStringLiteral("0.5") << 0.5 << QStringLiteral("0.5");
    QTest::newRow("scale -1") << ParamField::Scale << QStringLiteral("-1") << -1.0 << QStringLiteral("-1");
    QTest::newRow("offset -7") << ParamField::Offset << QStringLiteral("-7") << -7.0 << QStringLiteral("-7");
    QTest::newRow("position 20") << ParamField::Position << QStringLiteral("20") << 20.0 << QStringLiteral("20");
    QTest::newRow("start 100") << ParamField::Start << QStringLiteral("100") << 100.0 << QStringLiteral("100");
    // offset, start and position are real numbers (EncodingParams holds them as double, the
    // command line takes --offset 2.5); the entry "accepts any valid value exactly".
    QTest::newRow("offset 2.5") << ParamField::Offset << QStringLiteral("2.5") << 2.5 << QStringLiteral("2.5");
    QTest::newRow("start 0.5") << ParamField::Start << QStringLiteral("0.5") << 0.5 << QStringLiteral("0.5");
}

void TestParameterPanel::entryChangesState()
{
    QFETCH(ParamField, field);
    QFETCH(QString, typed);
    QFETCH(double, value);
    QFETCH(QString, shown);

    ParameterControl *control = m_panel->control(field);
    QVERIFY(control);
    QCOMPARE(control->field(), field);
    QSignalSpy changed(m_state.get(), &EncodingState::changed);
    typeInto(control->entry(), typed);
    QVERIFY2(control->errorText().isEmpty(), qPrintable(QStringLiteral("refused: ") + control->errorText()));

    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(valueOf(m_state->params(), field), value);
    QCOMPARE(control->entry()->text(), shown);
    QCOMPARE(control->slider()->value(), expectedSliderPosition(field, value));
    // Only this field changed.
    EncodingState reference;
    QVERIFY(!setField(reference, field, value));
    QCOMPARE(m_state->params(), reference.params());
}

void TestParameterPanel::entryRefusesInvalid_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QStringList>("reasonContains");

    const QString dModel = QStringLiteral("d_model");
    const QString dRange = QStringLiteral("[2, 4096]");
    const QString nan = QStringLiteral("not a number");
    QTest::newRow("d_model 5000") << ParamField::DModel << QStringLiteral("5000") << QStringList{dModel, dRange};
    QTest::newRow("d_model 1") << ParamField::DModel << QStringLiteral("1") << QStringList{dModel, dRange};
    QTest::newRow("d_model -4") << ParamField::DModel << QStringLiteral("-4") << QStringList{dModel, dRange};
    QTest::newRow("d_model abc")
        << ParamField::DModel << QStringLiteral("abc") << QStringList{dModel, QStringLiteral("abc"), nan};
    QTest::newRow("d_model 12.5 (not an integer)")
        << ParamField::DModel << QStringLiteral("12.5") << QStringList{dModel, dRange, QStringLiteral("integer")};
    QTest::newRow("d_model empty") << ParamField::DModel << QString() << QStringList{dModel, nan};
    QTest::newRow("d_model 64x") << ParamField::DModel << QStringLiteral("64x") << QStringList{dModel, nan};
    QTest::newRow("d_model 1e10 (beyond int)")
        << ParamField::DModel << QStringLiteral("1e10") << QStringList{dModel, dRange};
    QTest::newRow("seq_len 0")
        << ParamField::SeqLen << QStringLiteral("0") << QStringList{QStringLiteral("seq_len"), QStringLiteral("[1, 16384]")};
    QTest::newRow("seq_len 20000")
        << ParamField::SeqLen << QStringLiteral("20000") << QStringList{QStringLiteral("seq_len"), QStringLiteral("[1, 16384]")};
    QTest::newRow("base 1")
        << ParamField::Base << QStringLiteral("1") << QStringList{QStringLiteral("base"), QStringLiteral("(1, 1e12]")};
    QTest::newRow("base 2e12")
        << ParamField::Base << QStringLiteral("2e12") << QStringList{QStringLiteral("base"), QStringLiteral("(1, 1e12]")};
    QTest::newRow("base nan") << ParamField::Base << QStringLiteral("nan") << QStringList{QStringLiteral("base"), nan};
    QTest::newRow("base inf") << ParamField::Base << QStringLiteral("inf") << QStringList{QStringLiteral("base"), nan};
    QTest::newRow("base with comma decimal")
        << ParamField::Base << QStringLiteral("10,5") << QStringList{QStringLiteral("base"), nan};
    QTest::newRow("scale 2e6")
        << ParamField::Scale << QStringLiteral("2e6") << QStringList{QStringLiteral("scale"), QStringLiteral("[-1e6, 1e6]")};
    QTest::newRow("offset 2e9")
        << ParamField::Offset << QStringLiteral("2e9") << QStringList{QStringLiteral("offset"), QStringLiteral("[-1e9, 1e9]")};
    QTest::newRow("position -5e9")
        << ParamField::Position << QStringLiteral("-5e9") << QStringList{QStringLiteral("position"), QStringLiteral("[-1e9, 1e9]")};
    QTest::newRow("start 1e9 (last row past 1e9)")
        << ParamField::Start << QStringLiteral("1000000000") << QStringList{QStringLiteral("start"), QStringLiteral("1e9")};
}

void TestParameterPanel::entryRefusesInvalid()
{
    QFETCH(ParamField, field);
    QFETCH(QString, typed);
    QFETCH(QStringList, reasonContains);

    ParameterControl *control = m_panel->control(field);
    const EncodingParams before = m_state->params();
    const int sliderBefore = control->slider()->value();
    QSignalSpy changed(m_state.get(), &EncodingState::changed);
    typeInto(control->entry(), typed);
    QTest::qWait(20);

    QCOMPARE(changed.count(), 0);
    QCOMPARE(m_state->params(), before);
    QCOMPARE(control->slider()->value(), sliderBefore);
    const QString reason = control->errorText();
    QVERIFY(!reason.isEmpty());
    for (const QString &part : reasonContains)
        QVERIFY2(reason.contains(part), qPrintable(reason + QStringLiteral(" lacks ") + part));
}

void TestParameterPanel::validEntryClearsError()
{
    ParameterControl *control = m_panel->control(ParamField::DModel);
    typeInto(control->entry(), QStringLiteral("5000"));
    QVERIFY(!control->errorText().isEmpty());
    typeInto(control->entry(), QStringLiteral("96"));
    QCOMPARE(m_state->params().dModel, 96);
    QVERIFY2(control->errorText().isEmpty(), qPrintable(control->errorText()));
}

// Typing again takes the refusal away at once: it was about the text that was entered.
void TestParameterPanel::typingClearsTheRefusal()
{
    ParameterControl *control = m_panel->control(ParamField::Base);
    typeInto(control->entry(), QStringLiteral("1"));
    QVERIFY(!control->errorText().isEmpty());
    QVERIFY(!control->entry()->styleSheet().isEmpty());
    control->entry()->setFocus();
    control->entry()->selectAll();
    QTest::keyClicks(control->entry(), QStringLiteral("1000"));
    QVERIFY2(control->errorText().isEmpty(), qPrintable(control->errorText()));
    QVERIFY(control->entry()->styleSheet().isEmpty());
    QCOMPARE(m_state->params().base, 10000.0); // nothing applied until it is entered
    QTest::keyClick(control->entry(), Qt::Key_Return);
    QCOMPARE(m_state->params().base, 1000.0);
}

// A refusal describes what the entry held; once the state changes (Reset All, another
// parameter, an undo) the entry shows the state's value again and the refusal goes with it.
void TestParameterPanel::stateChangeClearsStaleError_data()
{
    QTest::addColumn<bool>("reset");
    QTest::newRow("reset all") << true;
    QTest::newRow("another parameter") << false;
}

void TestParameterPanel::stateChangeClearsStaleError()
{
    QFETCH(bool, reset);
    QVERIFY(!m_state->setBase(500)); // so that Reset All changes something
    m_state->flush();
    ParameterControl *control = m_panel->control(ParamField::DModel);
    typeInto(control->entry(), QStringLiteral("nan"));
    QVERIFY(!control->errorText().isEmpty());
    if (reset) {
        m_state->setScene(Scene{});
    } else {
        QVERIFY(!m_state->setSeqLen(64));
    }
    m_state->flush();
    QVERIFY2(control->errorText().isEmpty(), qPrintable(control->errorText()));
    QCOMPARE(control->entry()->text(), QString::number(m_state->params().dModel));
    QVERIFY(control->entry()->styleSheet().isEmpty());
}

void TestParameterPanel::sliderChangesState_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<int>("position");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("shown");

    QTest::newRow("d_model slider 256") << ParamField::DModel << 256 << 256.0 << QStringLiteral("256");
    QTest::newRow("d_model slider min") << ParamField::DModel << 2 << 2.0 << QStringLiteral("2");
    QTest::newRow("d_model slider max") << ParamField::DModel << 1024 << 1024.0 << QStringLiteral("1024");
    QTest::newRow("seq_len slider 1") << ParamField::SeqLen << 1 << 1.0 << QStringLiteral("1");
    QTest::newRow("offset slider -64") << ParamField::Offset << -64 << -64.0 << QStringLiteral("-64");
    // pos: over the rows shown, 0 .. seq_len - 1 at the defaults.
    QTest::newRow("position slider 29") << ParamField::Position << 29 << 29.0 << QStringLiteral("29");
    QTest::newRow("position slider 0") << ParamField::Position << 0 << 0.0 << QStringLiteral("0");
    QTest::newRow("start slider 10000") << ParamField::Start << 10000 << 10000.0 << QStringLiteral("10000");
    // Base: logarithmic over 10..1e6, a value rounded to 3 significant digits.
    QTest::newRow("base slider min") << ParamField::Base << 0 << 10.0 << QStringLiteral("10");
    QTest::newRow("base slider max") << ParamField::Base << 1000 << 1e6 << QStringLiteral("1000000");
    QTest::newRow("base slider 200 (10 * 10)") << ParamField::Base << 200 << 100.0 << QStringLiteral("100");
    QTest::newRow("base slider 500 (10 * 10^2.5 = 3162.3)")
        << ParamField::Base << 500 << 3160.0 << QStringLiteral("3160");
    QTest::newRow("base slider 800 (10 * 10^4)") << ParamField::Base << 800 << 1e5 << QStringLiteral("100000");
    // Scale: linear over 0.1..2.
    QTest::newRow("scale slider min") << ParamField::Scale << 0 << 0.1 << QStringLiteral("0.1");
    QTest::newRow("scale slider max") << ParamField::Scale << 1000 << 2.0 << QStringLiteral("2");
    QTest::newRow("scale slider 500") << ParamField::Scale << 500 << 1.05 << QStringLiteral("1.05");
}

void TestParameterPanel::sliderChangesState()
{
    QFETCH(ParamField, field);
    QFETCH(int, position);
    QFETCH(double, value);
    QFETCH(QString, shown);

    ParameterControl *control = m_panel->control(field);
    QVERIFY(control->slider()->value() != position); // otherwise setValue would emit nothing
    QSignalSpy changed(m_state.get(), &EncodingState::changed);
    control->slider()->setValue(position);

    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 1);
    const double got = valueOf(m_state->params(), field);
    QVERIFY2(std::abs(got - value) <= 1e-12 * std::abs(value),
             qPrintable(QStringLiteral("got %1, expected %2").arg(got, 0, 'g', 17).arg(value, 0, 'g', 17)));
    QCOMPARE(control->entry()->text(), shown);
    QCOMPARE(control->slider()->value(), position);
}

// Every position of a continuous slider gives a value whose shortest decimal has at most
// three significant digits, so Copy Command Line writes --base 11.2 and never
// 11.200000000000001 (the double of 112 * 0.1).
void TestParameterPanel::sliderValuesAreShortDecimals_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::newRow("base") << ParamField::Base;
    QTest::newRow("scale") << ParamField::Scale;
}

void TestParameterPanel::sliderValuesAreShortDecimals()
{
    QFETCH(ParamField, field);
    ParameterControl *control = m_panel->control(field);
    for (int position = control->slider()->minimum(); position <= control->slider()->maximum(); ++position) {
        control->slider()->setValue(position);
        m_state->flush();
        const double value = valueOf(m_state->params(), field);
        char text[32];
        const auto end = std::to_chars(text, text + sizeof text, value).ptr;
        const QString shortest = QString::fromLatin1(text, end - text);
        const QString mantissa = shortest.section(QLatin1Char('e'), 0, 0).remove(QLatin1Char('.')).remove(QLatin1Char('-'));
        QString digits = mantissa;
        while (digits.startsWith(QLatin1Char('0')))
            digits.remove(0, 1);
        while (digits.endsWith(QLatin1Char('0')))
            digits.chop(1);
        QVERIFY2(digits.size() <= 3, qPrintable(QStringLiteral("position %1: %2").arg(position).arg(shortest)));
    }
}

void TestParameterPanel::sliderDragIsCoalesced()
{
    // Every tick of a drag writes to the state; the views hear about it once per turn.
    ParameterControl *control = m_panel->control(ParamField::SeqLen);
    QSignalSpy changed(m_state.get(), &EncodingState::changed);
    for (int n = 31; n <= 130; ++n)
        control->slider()->setValue(n);
    QCOMPARE(m_state->params().seqLen, 130);
    QVERIFY(changed.wait(1000));
    QTest::qWait(20);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(control->entry()->text(), QStringLiteral("130"));
}

void TestParameterPanel::layoutAndFrequencyBoxes()
{
    QComboBox *layout = m_panel->layoutBox();
    QComboBox *frequencies = m_panel->frequencyBox();
    QSignalSpy changed(m_state.get(), &EncodingState::changed);

    layout->setFocus();
    QTest::keyClick(layout, Qt::Key_Down);
    QCOMPARE(m_state->params().layout, Layout::Split);
    QVERIFY(changed.wait(1000));
    QCOMPARE(layout->currentData().toInt(), int(Layout::Split));

    frequencies->setFocus();
    QTest::keyClick(frequencies, Qt::Key_Down);
    QCOMPARE(m_state->params().frequencies, FrequencyConvention::Tensor2Tensor);
    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 2);

    layout->setFocus();
    QTest::keyClick(layout, Qt::Key_Up);
    QCOMPARE(m_state->params().layout, Layout::Interleaved);
    QCOMPARE(m_state->params().frequencies, FrequencyConvention::Tensor2Tensor);
    QVERIFY(changed.wait(1000));
    QCOMPARE(changed.count(), 3);

    // The other parameters are untouched.
    EncodingParams want;
    want.frequencies = FrequencyConvention::Tensor2Tensor;
    QCOMPARE(m_state->params(), want);
}

void TestParameterPanel::programmaticIndexChangeWritesNothing()
{
    // The panel listens to activated (a user's choice), so that showing the state in the box
    // (setCurrentIndex) does not write back to it.
    QSignalSpy changed(m_state.get(), &EncodingState::changed);
    m_panel->layoutBox()->setCurrentIndex(1);
    m_panel->frequencyBox()->setCurrentIndex(1);
    QTest::qWait(20);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(m_state->params(), EncodingParams{});
}

void TestParameterPanel::stateShownInControls_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("shown");

    QTest::newRow("d_model 64") << ParamField::DModel << 64.0 << QStringLiteral("64");
    QTest::newRow("d_model 4096") << ParamField::DModel << 4096.0 << QStringLiteral("4096");
    QTest::newRow("seq_len 2048") << ParamField::SeqLen << 2048.0 << QStringLiteral("2048");
    QTest::newRow("base 500") << ParamField::Base << 500.0 << QStringLiteral("500");
    QTest::newRow("base 1e12") << ParamField::Base << 1e12 << QStringLiteral("1e+12");
    QTest::newRow("base 2") << ParamField::Base << 2.0 << QStringLiteral("2");
    QTest::newRow("scale 3.5") << ParamField::Scale << 3.5 << QStringLiteral("3.5");
    QTest::newRow("scale -1") << ParamField::Scale << -1.0 << QStringLiteral("-1");
    QTest::newRow("scale 0.25") << ParamField::Scale << 0.25 << QStringLiteral("0.25");
    QTest::newRow("offset -7") << ParamField::Offset << -7.0 << QStringLiteral("-7");
    QTest::newRow("position 500") << ParamField::Position << 500.0 << QStringLiteral("500");
    QTest::newRow("start 100") << ParamField::Start << 100.0 << QStringLiteral("100");
    // offset, start and position are real numbers (DESIGN.md: --offset K, --start P, --pos P;
    // EncodingParams holds them as double), so a fractional value must be shown as it is.
    QTest::newRow("offset 2.5") << ParamField::Offset << 2.5 << QStringLiteral("2.5");
    QTest::newRow("position 12.75") << ParamField::Position << 12.75 << QStringLiteral("12.75");
    QTest::newRow("start -0.5") << ParamField::Start << -0.5 << QStringLiteral("-0.5");
}

void TestParameterPanel::stateShownInControls()
{
    QFETCH(ParamField, field);
    QFETCH(double, value);
    QFETCH(QString, shown);

    QVERIFY(!setField(*m_state, field, value));
    m_state->flush();
    ParameterControl *control = m_panel->control(field);
    QCOMPARE(control->entry()->text(), shown);
    QCOMPARE(control->slider()->value(), expectedSliderPosition(field, value));

    // Pressing Return on the shown text changes nothing.
    QSignalSpy changed(m_state.get(), &EncodingState::changed);
    const EncodingParams before = m_state->params();
    control->entry()->setFocus();
    QTest::keyClick(control->entry(), Qt::Key_Return);
    QTest::qWait(20);
    QCOMPARE(m_state->params(), before);
    QCOMPARE(changed.count(), 0);
    QVERIFY2(control->errorText().isEmpty(), qPrintable(control->errorText()));
}

void TestParameterPanel::conventionsShownInBoxes()
{
    m_state->setLayout(Layout::Split);
    m_state->setFrequencies(FrequencyConvention::Tensor2Tensor);
    m_state->flush();
    QCOMPARE(m_panel->layoutBox()->currentData().toInt(), int(Layout::Split));
    QCOMPARE(m_panel->frequencyBox()->currentData().toInt(), int(FrequencyConvention::Tensor2Tensor));
    QVERIFY(m_panel->layoutBox()->currentText().contains(QStringLiteral("split")));
    QVERIFY(m_panel->frequencyBox()->currentText().contains(QStringLiteral("tensor2tensor")));

    m_state->setLayout(Layout::Interleaved);
    m_state->flush();
    QCOMPARE(m_panel->layoutBox()->currentData().toInt(), int(Layout::Interleaved));
    QVERIFY(m_panel->layoutBox()->currentText().contains(QStringLiteral("interleaved")));
    QCOMPARE(m_panel->frequencyBox()->currentData().toInt(), int(FrequencyConvention::Tensor2Tensor));
}

void TestParameterPanel::positionSliderSpansTheRowsShown_data()
{
    QTest::addColumn<double>("start");
    QTest::addColumn<int>("seqLen");
    QTest::newRow("defaults") << 0.0 << 30;
    QTest::newRow("start 100, seq_len 8") << 100.0 << 8;
    QTest::newRow("one row") << 7.0 << 1;
    QTest::newRow("seq_len 2048") << 0.0 << 2048;
}

void TestParameterPanel::positionSliderSpansTheRowsShown()
{
    QFETCH(double, start);
    QFETCH(int, seqLen);
    ParameterControl *control = m_panel->control(ParamField::Position);
    QSlider *slider = control->slider();
    QVERIFY(!m_state->setStart(start));
    QVERIFY(!m_state->setSeqLen(seqLen));
    m_state->flush();
    const int last = int(start) + seqLen - 1;
    // The slider follows start and seq_len, one step per row.
    QCOMPARE(slider->minimum(), int(start));
    QCOMPARE(slider->maximum(), last);
    QCOMPARE(slider->singleStep(), 1);

    // Its end is the last row shown.
    if (last > int(start)) {
        slider->setValue(last - 1);
        slider->setValue(last);
        m_state->flush();
        QCOMPARE(m_state->params().position, double(last));
        QVERIFY(control->noteText().isEmpty());
    }

    // The entry still takes a position beyond the rows, and says that it is outside them.
    const double far = last + 500.5;
    control->entry()->setText(QString::number(far, 'g', 12));
    QMetaObject::invokeMethod(control->entry(), "editingFinished");
    m_state->flush();
    QCOMPARE(m_state->params().position, far);
    QVERIFY(control->errorText().isEmpty());
    QVERIFY2(control->noteText().contains(QString::number(far, 'g', 12)), qPrintable(control->noteText()));
    QVERIFY(control->noteText().contains(QString::number(last)));
    QCOMPARE(slider->value(), last); // clamped to its end
    // Back inside: the note goes.
    QVERIFY(!m_state->setPosition(start));
    m_state->flush();
    QVERIFY(control->noteText().isEmpty());
    QCOMPARE(slider->value(), int(start));
}

void TestParameterPanel::offsetNoteSaysWhenPosPlusKIsOutside_data()
{
    QTest::addColumn<double>("pos");
    QTest::addColumn<double>("k");
    QTest::addColumn<QString>("shifted"); // pos + k as the note must name it; empty: no note
    // seq_len 30 from start 0: rows 0 to 29.
    QTest::newRow("defaults: 10 + 5 inside") << 10.0 << 5.0 << QString();
    QTest::newRow("27 + 5 past the last row") << 27.0 << 5.0 << QStringLiteral("32");
    QTest::newRow("24 + 5 on the last row") << 24.0 << 5.0 << QString();
    QTest::newRow("3 − 7 before the first") << 3.0 << -7.0 << QStringLiteral("-4");
    QTest::newRow("pos itself outside: its own note") << 40.0 << 5.0 << QString();
}

// pos + k past the rows shown: its heatmap marker vanished with nothing said; the k control
// says so now.
void TestParameterPanel::offsetNoteSaysWhenPosPlusKIsOutside()
{
    QFETCH(double, pos);
    QFETCH(double, k);
    QFETCH(QString, shifted);
    QVERIFY(!m_state->setPosition(pos));
    QVERIFY(!m_state->setOffset(k));
    m_state->flush();
    const QString note = m_panel->control(ParamField::Offset)->noteText();
    if (shifted.isEmpty()) {
        QVERIFY2(note.isEmpty(), qPrintable(note));
    } else {
        QVERIFY2(note.contains(QStringLiteral("pos + k = ") + shifted), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("(0 to 29)")), qPrintable(note));
    }
}

// A change of another parameter (an animation of pos steps many times a second) leaves an
// entry's selection and cursor where the user put them: the entry is given its text again only
// when its value changed.
void TestParameterPanel::otherChangesKeepTheEntrysSelection()
{
    QLineEdit *base = m_panel->control(ParamField::Base)->entry();
    base->setFocus();
    base->setSelection(1, 2); // "10000": the "00" after the 1
    QCOMPARE(base->selectedText(), QStringLiteral("00"));
    m_state->setPosition(m_state->params().position + 1);
    m_state->flush();
    QCoreApplication::processEvents();
    QCOMPARE(m_panel->control(ParamField::Position)->entry()->text(),
             QString::number(m_state->params().position));
    QCOMPARE(base->selectedText(), QStringLiteral("00"));
    QCOMPARE(base->selectionStart(), 1);
    // Its own value changed: the new text, as before.
    m_state->setBase(20000);
    m_state->flush();
    QCoreApplication::processEvents();
    QCOMPARE(base->text(), QStringLiteral("20000"));
}

QTEST_MAIN(TestParameterPanel)
#include "tst_parameterpanel.moc"

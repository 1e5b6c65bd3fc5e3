// SPDX-License-Identifier: GPL-3.0-or-later
// EncodingParams: validate() at the boundary of every field, the messages it gives, and the
// names of layouts and frequency conventions used on the command line and in presets.

#include "core/encodingparams.h"

#include "reference.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>

using namespace posenc;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

QByteArray bytes(std::string_view text)
{
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

// The defaults with one change applied.
template<typename Change>
EncodingParams with(Change change)
{
    EncodingParams p;
    change(p);
    return p;
}

} // namespace

class TestEncodingParams : public QObject
{
    Q_OBJECT

private slots:
    void defaults();
    void accepts_data();
    void accepts();
    void rejects_data();
    void rejects();
    void largestMatrix();
    void fieldNames_data();
    void fieldNames();
    void valueByField_data();
    void valueByField();
    void layoutNames_data();
    void layoutNames();
    void unknownLayoutNames_data();
    void unknownLayoutNames();
    void conventionNames_data();
    void conventionNames();
    void unknownConventionNames_data();
    void unknownConventionNames();
};

// The defaults are the seed text's figure (d_model 128, the first 30 positions) and valid.
void TestEncodingParams::defaults()
{
    const EncodingParams p;
    QCOMPARE(p.dModel, 128);
    QCOMPARE(p.seqLen, 30);
    QCOMPARE(p.base, 10000.0);
    QCOMPARE(p.scale, 1.0);
    QCOMPARE(p.start, 0.0);
    QVERIFY(p.layout == Layout::Interleaved);
    QVERIFY(p.frequencies == FrequencyConvention::Paper);
    const auto error = p.validate();
    QVERIFY2(!error, error ? error->message.c_str() : "");
}

void TestEncodingParams::accepts_data()
{
    QTest::addColumn<EncodingParams>("params");

    QTest::addRow("defaults") << EncodingParams();

    QTest::addRow("d_model 2") << with([](EncodingParams &p) { p.dModel = 2; });
    QTest::addRow("d_model 3") << with([](EncodingParams &p) { p.dModel = 3; });
    QTest::addRow("d_model 4096") << with([](EncodingParams &p) { p.dModel = 4096; });

    QTest::addRow("seq_len 1") << with([](EncodingParams &p) { p.seqLen = 1; });
    QTest::addRow("seq_len 16384") << with([](EncodingParams &p) { p.seqLen = 16384; });

    QTest::addRow("base 1.0000001") << with([](EncodingParams &p) { p.base = 1.0000001; });
    QTest::addRow("base next double above 1")
        << with([](EncodingParams &p) { p.base = std::nextafter(1.0, 2.0); });
    QTest::addRow("base 2") << with([](EncodingParams &p) { p.base = 2.0; });
    QTest::addRow("base 1e12") << with([](EncodingParams &p) { p.base = 1e12; });

    QTest::addRow("scale 0") << with([](EncodingParams &p) { p.scale = 0.0; });
    QTest::addRow("scale -2") << with([](EncodingParams &p) { p.scale = -2.0; });
    QTest::addRow("scale 1e6") << with([](EncodingParams &p) { p.scale = 1e6; });
    QTest::addRow("scale -1e6") << with([](EncodingParams &p) { p.scale = -1e6; });
    QTest::addRow("scale 1/sqrt(512)")
        << with([](EncodingParams &p) { p.scale = 1.0 / std::sqrt(512.0); });

    QTest::addRow("offset 0") << with([](EncodingParams &p) { p.offset = 0.0; });
    QTest::addRow("offset -7.5") << with([](EncodingParams &p) { p.offset = -7.5; });
    QTest::addRow("offset 1e9") << with([](EncodingParams &p) { p.offset = 1e9; });
    QTest::addRow("offset -1e9") << with([](EncodingParams &p) { p.offset = -1e9; });

    QTest::addRow("start -1e9") << with([](EncodingParams &p) { p.start = -1e9; });
    QTest::addRow("start 1e9 - 29, seq_len 30 ends at 1e9") << with([](EncodingParams &p) {
        p.seqLen = 30;
        p.start = 1e9 - 29;
    });
    QTest::addRow("start 1e9, seq_len 1") << with([](EncodingParams &p) {
        p.seqLen = 1;
        p.start = 1e9;
    });
    QTest::addRow("start 2.5") << with([](EncodingParams &p) { p.start = 2.5; });

    QTest::addRow("position 1e9") << with([](EncodingParams &p) { p.position = 1e9; });
    QTest::addRow("position -1e9") << with([](EncodingParams &p) { p.position = -1e9; });
    QTest::addRow("position 2.5") << with([](EncodingParams &p) { p.position = 2.5; });

    QTest::addRow("split tensor2tensor") << with([](EncodingParams &p) {
        p.layout = Layout::Split;
        p.frequencies = FrequencyConvention::Tensor2Tensor;
    });
}

void TestEncodingParams::accepts()
{
    QFETCH(EncodingParams, params);
    const auto error = params.validate();
    QVERIFY2(!error, error ? error->message.c_str() : "");
}

void TestEncodingParams::rejects_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<QByteArray>("name");  // must appear in the message
    QTest::addColumn<QByteArray>("range"); // must appear in the message

    const QByteArray dModel("d_model"), dModelRange("[2, 4096]");
    QTest::addRow("d_model 1") << with([](EncodingParams &p) { p.dModel = 1; })
                               << ParamField::DModel << dModel << dModelRange;
    QTest::addRow("d_model 4097") << with([](EncodingParams &p) { p.dModel = 4097; })
                                  << ParamField::DModel << dModel << dModelRange;
    QTest::addRow("d_model 0") << with([](EncodingParams &p) { p.dModel = 0; })
                               << ParamField::DModel << dModel << dModelRange;
    QTest::addRow("d_model -128") << with([](EncodingParams &p) { p.dModel = -128; })
                                  << ParamField::DModel << dModel << dModelRange;

    const QByteArray seqLen("seq_len"), seqLenRange("[1, 16384]");
    QTest::addRow("seq_len 0") << with([](EncodingParams &p) { p.seqLen = 0; })
                               << ParamField::SeqLen << seqLen << seqLenRange;
    QTest::addRow("seq_len 16385") << with([](EncodingParams &p) { p.seqLen = 16385; })
                                   << ParamField::SeqLen << seqLen << seqLenRange;
    QTest::addRow("seq_len -1") << with([](EncodingParams &p) { p.seqLen = -1; })
                                << ParamField::SeqLen << seqLen << seqLenRange;

    const QByteArray base("base"), baseRange("(1, 1e12]");
    QTest::addRow("base 1") << with([](EncodingParams &p) { p.base = 1.0; })
                            << ParamField::Base << base << baseRange;
    QTest::addRow("base 0.5") << with([](EncodingParams &p) { p.base = 0.5; })
                              << ParamField::Base << base << baseRange;
    QTest::addRow("base 0") << with([](EncodingParams &p) { p.base = 0.0; })
                            << ParamField::Base << base << baseRange;
    QTest::addRow("base -10000") << with([](EncodingParams &p) { p.base = -10000.0; })
                                 << ParamField::Base << base << baseRange;
    QTest::addRow("base NaN") << with([](EncodingParams &p) { p.base = kNaN; })
                              << ParamField::Base << base << baseRange;
    QTest::addRow("base inf") << with([](EncodingParams &p) { p.base = kInf; })
                              << ParamField::Base << base << baseRange;
    QTest::addRow("base -inf") << with([](EncodingParams &p) { p.base = -kInf; })
                               << ParamField::Base << base << baseRange;
    QTest::addRow("base next double above 1e12")
        << with([](EncodingParams &p) { p.base = std::nextafter(1e12, kInf); })
        << ParamField::Base << base << baseRange;

    const QByteArray scale("scale"), scaleRange("[-1e6, 1e6]");
    QTest::addRow("scale NaN") << with([](EncodingParams &p) { p.scale = kNaN; })
                               << ParamField::Scale << scale << scaleRange;
    QTest::addRow("scale inf") << with([](EncodingParams &p) { p.scale = kInf; })
                               << ParamField::Scale << scale << scaleRange;
    QTest::addRow("scale -inf") << with([](EncodingParams &p) { p.scale = -kInf; })
                                << ParamField::Scale << scale << scaleRange;
    QTest::addRow("scale next double above 1e6")
        << with([](EncodingParams &p) { p.scale = std::nextafter(1e6, kInf); })
        << ParamField::Scale << scale << scaleRange;
    QTest::addRow("scale -1e6 - 1") << with([](EncodingParams &p) { p.scale = -1e6 - 1; })
                                    << ParamField::Scale << scale << scaleRange;

    const QByteArray offset("offset"), positionRange("[-1e9, 1e9]");
    QTest::addRow("offset 1e9 + 1") << with([](EncodingParams &p) { p.offset = 1e9 + 1; })
                                    << ParamField::Offset << offset << positionRange;
    QTest::addRow("offset -1e9 - 1") << with([](EncodingParams &p) { p.offset = -1e9 - 1; })
                                     << ParamField::Offset << offset << positionRange;
    QTest::addRow("offset next double above 1e9")
        << with([](EncodingParams &p) { p.offset = std::nextafter(1e9, kInf); })
        << ParamField::Offset << offset << positionRange;
    QTest::addRow("offset NaN") << with([](EncodingParams &p) { p.offset = kNaN; })
                                << ParamField::Offset << offset << positionRange;
    QTest::addRow("offset inf") << with([](EncodingParams &p) { p.offset = kInf; })
                                << ParamField::Offset << offset << positionRange;

    const QByteArray start("start");
    QTest::addRow("start 1e9 + 1") << with([](EncodingParams &p) { p.start = 1e9 + 1; })
                                   << ParamField::Start << start << positionRange;
    QTest::addRow("start -1e9 - 1") << with([](EncodingParams &p) { p.start = -1e9 - 1; })
                                    << ParamField::Start << start << positionRange;
    QTest::addRow("start 1e9, seq_len 30 ends beyond") << with([](EncodingParams &p) {
        p.seqLen = 30;
        p.start = 1e9;
    }) << ParamField::Start << start << positionRange;
    QTest::addRow("start 1e9 - 28, seq_len 30 ends at 1e9 + 1") << with([](EncodingParams &p) {
        p.seqLen = 30;
        p.start = 1e9 - 28;
    }) << ParamField::Start << start << positionRange;
    QTest::addRow("start NaN") << with([](EncodingParams &p) { p.start = kNaN; })
                               << ParamField::Start << start << positionRange;
    QTest::addRow("start -inf") << with([](EncodingParams &p) { p.start = -kInf; })
                                << ParamField::Start << start << positionRange;

    const QByteArray position("position");
    QTest::addRow("position 1e9 + 1") << with([](EncodingParams &p) { p.position = 1e9 + 1; })
                                      << ParamField::Position << position << positionRange;
    QTest::addRow("position -1e9 - 1") << with([](EncodingParams &p) { p.position = -1e9 - 1; })
                                       << ParamField::Position << position << positionRange;
    QTest::addRow("position NaN") << with([](EncodingParams &p) { p.position = kNaN; })
                                  << ParamField::Position << position << positionRange;
    QTest::addRow("position inf") << with([](EncodingParams &p) { p.position = kInf; })
                                  << ParamField::Position << position << positionRange;

    // validate() names the first bad field.
    QTest::addRow("d_model and base both bad: d_model first") << with([](EncodingParams &p) {
        p.dModel = 1;
        p.base = kNaN;
    }) << ParamField::DModel << dModel << dModelRange;
    QTest::addRow("scale and position both bad: scale first") << with([](EncodingParams &p) {
        p.scale = kInf;
        p.position = kNaN;
    }) << ParamField::Scale << scale << scaleRange;
}

void TestEncodingParams::rejects()
{
    QFETCH(EncodingParams, params);
    QFETCH(ParamField, field);
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, range);

    const auto error = params.validate();
    QVERIFY2(error.has_value(), "validate() accepted an out-of-range value");
    QCOMPARE(static_cast<int>(error->field), static_cast<int>(field));
    const QByteArray message = bytes(error->message);
    QVERIFY2(message.contains(name), message.constData());
    QVERIFY2(message.contains(range), message.constData());
    QVERIFY2(!message.contains('\n'), message.constData());
}

// The largest matrix, 4096 x 16384 = 2^26 values (256 MiB in float32), is valid: the
// per-field limits alone bound the memory.
void TestEncodingParams::largestMatrix()
{
    QCOMPARE(EncodingParams::kMaxCells, 67108864LL); // 2^26

    EncodingParams p;
    p.dModel = 4096;
    p.seqLen = 16384;
    QCOMPARE(static_cast<long long>(p.dModel) * p.seqLen, 67108864LL);
    const auto error = p.validate();
    QVERIFY2(!error, error ? error->message.c_str() : "");

    // Every in-range pair is within the cap.
    QVERIFY(static_cast<long long>(EncodingParams::kMaxSeqLen) * EncodingParams::kMaxDModel
            <= EncodingParams::kMaxCells);
}

void TestEncodingParams::fieldNames_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("range");

    QTest::addRow("d_model") << ParamField::DModel << QByteArray("d_model")
                             << QByteArray("[2, 4096]");
    QTest::addRow("seq_len") << ParamField::SeqLen << QByteArray("seq_len")
                             << QByteArray("[1, 16384]");
    QTest::addRow("base") << ParamField::Base << QByteArray("base") << QByteArray("(1, 1e12]");
    QTest::addRow("scale") << ParamField::Scale << QByteArray("scale")
                           << QByteArray("[-1e6, 1e6]");
    QTest::addRow("offset") << ParamField::Offset << QByteArray("offset")
                            << QByteArray("[-1e9, 1e9]");
    QTest::addRow("start") << ParamField::Start << QByteArray("start")
                           << QByteArray("[-1e9, 1e9] (with start + seq_len - 1 in it too)");
    QTest::addRow("position") << ParamField::Position << QByteArray("position")
                              << QByteArray("[-1e9, 1e9]");
}

void TestEncodingParams::fieldNames()
{
    QFETCH(ParamField, field);
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, range);
    QCOMPARE(bytes(fieldName(field)), name);
    QCOMPARE(bytes(validRange(field)), range);
}

// value() and setValue() reach the member each field names, and only that one; the two
// whole-number fields round to the nearest integer and saturate (then validate() refuses them
// by name rather than an int overflow wrapping them into range).
void TestEncodingParams::valueByField_data()
{
    QTest::addColumn<ParamField>("field");
    QTest::addColumn<double>("given");
    QTest::addColumn<EncodingParams>("expected");

    QTest::addRow("d_model") << ParamField::DModel << 512.0 << with([](auto &p) { p.dModel = 512; });
    QTest::addRow("d_model 63.5 rounds up") << ParamField::DModel << 63.5 << with([](auto &p) { p.dModel = 64; });
    QTest::addRow("d_model 63.4 rounds down") << ParamField::DModel << 63.4 << with([](auto &p) { p.dModel = 63; });
    QTest::addRow("d_model 1e10 saturates") << ParamField::DModel << 1e10
                                            << with([](auto &p) { p.dModel = std::numeric_limits<int>::max(); });
    QTest::addRow("d_model NaN to the lowest int") << ParamField::DModel << kNaN
                                                   << with([](auto &p) { p.dModel = std::numeric_limits<int>::min(); });
    QTest::addRow("seq_len") << ParamField::SeqLen << 8192.0 << with([](auto &p) { p.seqLen = 8192; });
    QTest::addRow("seq_len -1e10 saturates") << ParamField::SeqLen << -1e10
                                             << with([](auto &p) { p.seqLen = std::numeric_limits<int>::min(); });
    QTest::addRow("base") << ParamField::Base << 1e6 << with([](auto &p) { p.base = 1e6; });
    QTest::addRow("scale") << ParamField::Scale << -0.75 << with([](auto &p) { p.scale = -0.75; });
    QTest::addRow("offset") << ParamField::Offset << 2.5 << with([](auto &p) { p.offset = 2.5; });
    QTest::addRow("start") << ParamField::Start << 100.0 << with([](auto &p) { p.start = 100; });
    QTest::addRow("position") << ParamField::Position << -7.25 << with([](auto &p) { p.position = -7.25; });
}

void TestEncodingParams::valueByField()
{
    QFETCH(ParamField, field);
    QFETCH(double, given);
    QFETCH(EncodingParams, expected);
    EncodingParams p;
    p.setValue(field, given);
    QVERIFY(p == expected); // every other field kept its default
    const double read = field == ParamField::DModel ? double(expected.dModel)
                        : field == ParamField::SeqLen ? double(expected.seqLen)
                                                      : given;
    QCOMPARE(p.value(field), read);
    if (!std::isfinite(given) || std::abs(given) > 1e9) {
        const auto error = p.validate();
        QVERIFY(error);
        QCOMPARE(error->field, field);
    }
}

void TestEncodingParams::layoutNames_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<Layout>("layout");
    QTest::addRow("interleaved") << QByteArray("interleaved") << Layout::Interleaved;
    QTest::addRow("split") << QByteArray("split") << Layout::Split;
}

void TestEncodingParams::layoutNames()
{
    QFETCH(QByteArray, name);
    QFETCH(Layout, layout);
    QCOMPARE(bytes(layoutName(layout)), name);
    const auto parsed = layoutFromName(std::string_view(name.constData(), name.size()));
    QVERIFY(parsed.has_value());
    QVERIFY(*parsed == layout);
    // Round trip through the name.
    QVERIFY(layoutFromName(layoutName(layout)) == layout);
}

void TestEncodingParams::unknownLayoutNames_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addRow("empty") << QByteArray();
    QTest::addRow("interleave") << QByteArray("interleave");
    QTest::addRow("trailing space") << QByteArray("split ");
    QTest::addRow("convention name") << QByteArray("paper");
    QTest::addRow("rope") << QByteArray("rope");
}

void TestEncodingParams::unknownLayoutNames()
{
    QFETCH(QByteArray, name);
    QVERIFY(!layoutFromName(std::string_view(name.constData(), name.size())).has_value());
}

void TestEncodingParams::conventionNames_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<FrequencyConvention>("convention");
    QTest::addRow("paper") << QByteArray("paper") << FrequencyConvention::Paper;
    QTest::addRow("tensor2tensor") << QByteArray("tensor2tensor")
                                   << FrequencyConvention::Tensor2Tensor;
}

void TestEncodingParams::conventionNames()
{
    QFETCH(QByteArray, name);
    QFETCH(FrequencyConvention, convention);
    QCOMPARE(bytes(frequencyConventionName(convention)), name);
    const auto parsed =
        frequencyConventionFromName(std::string_view(name.constData(), name.size()));
    QVERIFY(parsed.has_value());
    QVERIFY(*parsed == convention);
    QVERIFY(frequencyConventionFromName(frequencyConventionName(convention)) == convention);
}

void TestEncodingParams::unknownConventionNames_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addRow("empty") << QByteArray();
    QTest::addRow("t2t") << QByteArray("t2t");
    QTest::addRow("fairseq") << QByteArray("fairseq");
    QTest::addRow("layout name") << QByteArray("split");
    QTest::addRow("trailing space") << QByteArray("paper ");
}

void TestEncodingParams::unknownConventionNames()
{
    QFETCH(QByteArray, name);
    QVERIFY(!frequencyConventionFromName(std::string_view(name.constData(), name.size()))
                 .has_value());
}

QTEST_GUILESS_MAIN(TestEncodingParams)
#include "tst_encodingparams.moc"

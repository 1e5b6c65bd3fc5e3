// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab check` on model checkpoints: safetensors files written here from the format's
// description (tests/core/safetensorswriter.h) holding the paper's sinusoidal table, computed
// here with std::sin and std::cos, among other weights. The real binary must find the table by
// its name, diagnose it in every stored dtype, say which tensor it checked ("tensor" in the
// JSON), take --tensor, read a sharded checkpoint through its index, read a checkpoint larger
// than the .npy bound, and refuse with exit 2 and one line when the table is ambiguous or
// missing.

#include "clirun.h"
#include "tests/core/safetensorswriter.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <string>
#include <vector>

using namespace posenc::clitest;
using namespace posenc::testing;

Q_DECLARE_METATYPE(std::string)

namespace {

constexpr int kPositions = 100;
constexpr int kDModel = 64;

// The paper's table, [positions, d]: sin at even columns, cos at odd, w_i = 10000^(-2i/d);
// `split` puts every sine first ([sin | cos], tensor2tensor's layout) instead.
std::vector<double> paperValues(int positions, int d, bool split = false)
{
    std::vector<double> values(std::size_t(positions * d));
    for (int pos = 0; pos < positions; ++pos) {
        for (int i = 0; i < d / 2; ++i) {
            const double angle = pos * std::pow(10000.0, -2.0 * i / d);
            const int sinColumn = split ? i : 2 * i;
            const int cosColumn = split ? d / 2 + i : 2 * i + 1;
            values[std::size_t(pos * d + sinColumn)] = std::sin(angle);
            values[std::size_t(pos * d + cosColumn)] = std::cos(angle);
        }
    }
    return values;
}

// Weights that are no position table: a small deterministic pseudo-random matrix.
std::string otherWeights(int count)
{
    std::vector<double> values;
    std::uint32_t state = 12345;
    for (int i = 0; i < count; ++i) {
        state = state * 1664525u + 1013904223u;
        values.push_back(double(state >> 8) / double(1u << 24) - 0.5);
    }
    return tensorBytes(values, "F32");
}

bool writeBytes(const QString &path, const std::string &bytes)
{
    return writeFile(path, QByteArray(bytes.data(), qsizetype(bytes.size())));
}

// A GPT-2-like checkpoint with the paper's table as transformer.wpe.weight.
std::string gpt2Like(const std::string &dtype, bool leadingOne)
{
    const std::vector<long long> shape = leadingOne ? std::vector<long long>{1, kPositions, kDModel}
                                                    : std::vector<long long>{kPositions, kDModel};
    return safetensorsFile({{"transformer.h.0.attn.c_attn.weight", "F32", {8, 24}, otherWeights(8 * 24)},
                            {"transformer.wpe.weight", dtype, shape, tensorBytes(paperValues(kPositions, kDModel), dtype)},
                            {"transformer.wte.weight", "F32", {10, kDModel}, otherWeights(10 * kDModel)},
                            {"lm_head.step", "I64", {1}, littleEndianBytes(3, 8)}},
                           true, "{\"format\":\"pt\"}");
}

// A BART-like checkpoint: two candidates by name, the encoder's table interleaved, the
// decoder's split.
std::string twoCandidates()
{
    return safetensorsFile(
        {{"model.decoder.embed_positions.weight", "F32", {kPositions, kDModel}, tensorBytes(paperValues(kPositions, kDModel, true), "F32")},
         {"model.encoder.embed_positions.weight", "F32", {kPositions, kDModel}, tensorBytes(paperValues(kPositions, kDModel), "F32")},
         {"model.shared.weight", "F32", {10, kDModel}, otherWeights(10 * kDModel)}});
}

struct Checked {
    Result run;
    QJsonObject json;
};

Checked checkJson(const QString &folder, const QStringList &arguments)
{
    Checked checked;
    checked.run = run(QStringList{QStringLiteral("check")} + arguments + QStringList{QStringLiteral("--json")}, folder);
    checked.json = QJsonDocument::fromJson(checked.run.out).object();
    return checked;
}

// What a check of the paper's table must say, whatever its dtype and shape.
QString paperDiagnosisProblem(const QJsonObject &json)
{
    QStringList problems;
    if (json.value(QStringLiteral("layout")).toString() != QLatin1String("interleaved"))
        problems << QStringLiteral("layout ") + json.value(QStringLiteral("layout")).toString();
    if (json.value(QStringLiteral("frequencies")).toString() != QLatin1String("paper"))
        problems << QStringLiteral("frequencies ") + json.value(QStringLiteral("frequencies")).toString();
    if (std::abs(json.value(QStringLiteral("base")).toDouble() - 10000) > 10)
        problems << QStringLiteral("base %1").arg(json.value(QStringLiteral("base")).toDouble());
    if (std::abs(json.value(QStringLiteral("start")).toDouble()) > 1e-6
        || std::abs(json.value(QStringLiteral("position_step")).toDouble() - 1) > 1e-6)
        problems << QStringLiteral("positions %1 + r * %2")
                        .arg(json.value(QStringLiteral("start")).toDouble())
                        .arg(json.value(QStringLiteral("position_step")).toDouble());
    if (!json.value(QStringLiteral("matches")).toBool())
        problems << QStringLiteral("matches false");
    if (json.value(QStringLiteral("positions")).toInt() != kPositions || json.value(QStringLiteral("d_model")).toInt() != kDModel)
        problems << QStringLiteral("not %1 x %2").arg(kPositions).arg(kDModel);
    return problems.join(QStringLiteral("; "));
}

QJsonArray jsonShape(const std::vector<long long> &shape)
{
    QJsonArray array;
    for (long long n : shape)
        array.append(double(n));
    return array;
}

} // namespace

class TestCliCheckSafetensors : public QObject
{
    Q_OBJECT

private slots:
    void paperTable_data();
    void paperTable();
    void tensorChosen_data();
    void tensorChosen();
    void severalCandidates();
    void refusals_data();
    void refusals();
    void sharded();
    void textReport();
    void npyHasNoTensor();
    void largerThanTheNpyBound();
};

void TestCliCheckSafetensors::paperTable_data()
{
    QTest::addColumn<std::string>("dtype");
    QTest::addColumn<bool>("leadingOne");
    QTest::addColumn<QString>("stored");
    QTest::newRow("F32") << std::string("F32") << false << QStringLiteral("float32");
    QTest::newRow("BF16") << std::string("BF16") << false << QStringLiteral("bfloat16");
    QTest::newRow("F16 [1, n, d]") << std::string("F16") << true << QStringLiteral("float16");
    QTest::newRow("F64 [1, n, d]") << std::string("F64") << true << QStringLiteral("float64");
}

// The paper's table among other weights: found by its name, diagnosed as the paper's
// convention, its dtype and shape as stored, its name in "tensor".
void TestCliCheckSafetensors::paperTable()
{
    QFETCH(std::string, dtype);
    QFETCH(bool, leadingOne);
    QFETCH(QString, stored);
    QTemporaryDir folder;
    QVERIFY(writeBytes(folder.filePath(QStringLiteral("model.safetensors")), gpt2Like(dtype, leadingOne)));
    const Checked checked = checkJson(folder.path(), {QStringLiteral("model.safetensors")});
    QVERIFY2(checked.run.finished && checked.run.exitCode == 0 && checked.run.err.isEmpty(), qPrintable(describe(checked.run)));
    QCOMPARE(checked.json.value(QStringLiteral("tensor")).toString(), QStringLiteral("transformer.wpe.weight"));
    QCOMPARE(checked.json.value(QStringLiteral("format")).toString(), QStringLiteral("safetensors"));
    QCOMPARE(checked.json.value(QStringLiteral("dtype")).toString(), stored);
    QCOMPARE(checked.json.value(QStringLiteral("shape")).toArray(),
             jsonShape(leadingOne ? std::vector<long long>{1, kPositions, kDModel} : std::vector<long long>{kPositions, kDModel}));
    const QString problem = paperDiagnosisProblem(checked.json);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(entriesBelow(folder.path()), QStringList{QStringLiteral("model.safetensors")});
}

void TestCliCheckSafetensors::tensorChosen_data()
{
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QString>("layout");
    QTest::newRow("the encoder's") << QStringLiteral("model.encoder.embed_positions.weight") << QStringLiteral("interleaved");
    QTest::newRow("the decoder's") << QStringLiteral("model.decoder.embed_positions.weight") << QStringLiteral("split");
}

// --tensor picks one of several candidates: each is diagnosed as its own layout.
void TestCliCheckSafetensors::tensorChosen()
{
    QFETCH(QString, tensor);
    QFETCH(QString, layout);
    QTemporaryDir folder;
    QVERIFY(writeBytes(folder.filePath(QStringLiteral("bart.safetensors")), twoCandidates()));
    const Checked checked = checkJson(folder.path(), {QStringLiteral("bart.safetensors"), QStringLiteral("--tensor"), tensor});
    QVERIFY2(checked.run.finished && checked.run.exitCode == 0, qPrintable(describe(checked.run)));
    QCOMPARE(checked.json.value(QStringLiteral("tensor")).toString(), tensor);
    QCOMPARE(checked.json.value(QStringLiteral("layout")).toString(), layout);
    QVERIFY(checked.json.value(QStringLiteral("matches")).toBool());
}

// Two candidates and no --tensor: exit 2, one line naming both and the way out.
void TestCliCheckSafetensors::severalCandidates()
{
    QTemporaryDir folder;
    QVERIFY(writeBytes(folder.filePath(QStringLiteral("bart.safetensors")), twoCandidates()));
    verifyInvalidRun(folder.path(), {QStringLiteral("check"), QStringLiteral("bart.safetensors"), QStringLiteral("--json")},
                     {QStringLiteral("'model.decoder.embed_positions.weight'"), QStringLiteral("'model.encoder.embed_positions.weight'"),
                      QStringLiteral("--tensor NAME")},
                     {QStringLiteral("bart.safetensors")});
}

void TestCliCheckSafetensors::refusals_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("mustMention");
    const std::string table = tensorBytes(paperValues(4, 4), "F32");
    const std::string noName = safetensorsFile({{"encoder.table", "F32", {4, 4}, table}, {"bias", "F32", {4}, otherWeights(4)}});
    QTest::newRow("no candidate by name") << noName << QStringList{}
                                          << QStringList{QStringLiteral("--tensor NAME"), QStringLiteral("'encoder.table'")};
    QTest::newRow("--tensor not in the checkpoint") << noName << QStringList{QStringLiteral("--tensor"), QStringLiteral("wpe")}
                                                    << QStringList{QStringLiteral("'wpe'"), QStringLiteral("'encoder.table'")};
    QTest::newRow("--tensor a 1-D tensor") << noName << QStringList{QStringLiteral("--tensor"), QStringLiteral("bias")}
                                           << QStringList{QStringLiteral("'bias'"), QStringLiteral("[4]")};
    QTest::newRow("--tensor empty") << noName << QStringList{QStringLiteral("--tensor"), QString()}
                                    << QStringList{QStringLiteral("--tensor")};
    QTest::newRow("an I64 table") << safetensorsFile({{"wpe.weight", "I64", {2, 2}, std::string(32, '\0')}}) << QStringList{}
                                  << QStringList{QStringLiteral("'I64'"), QStringLiteral("F32")};
    QTest::newRow("header beyond the file") << rawSafetensors("{}").replace(0, 1, "\x40") << QStringList{}
                                            << QStringList{QStringLiteral("header")};
    QTest::newRow("not JSON") << rawSafetensors("{\"wpe.weight\": ") << QStringList{} << QStringList{QStringLiteral("JSON")};
}

// A checkpoint that cannot be checked as asked: exit 2, nothing on stdout, one line on stderr
// naming what was wrong, and the folder as it was.
void TestCliCheckSafetensors::refusals()
{
    QFETCH(std::string, bytes);
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, mustMention);
    QTemporaryDir folder;
    QVERIFY(writeBytes(folder.filePath(QStringLiteral("m.safetensors")), bytes));
    verifyInvalidRun(folder.path(), QStringList{QStringLiteral("check"), QStringLiteral("m.safetensors")} + arguments,
                     mustMention, {QStringLiteral("m.safetensors")});
}

// A sharded checkpoint through its index: the table found in the second shard.
void TestCliCheckSafetensors::sharded()
{
    QTemporaryDir folder;
    QVERIFY(writeBytes(folder.filePath(QStringLiteral("model-00001-of-00002.safetensors")),
                       safetensorsFile({{"transformer.wte.weight", "F32", {10, kDModel}, otherWeights(10 * kDModel)}})));
    QVERIFY(writeBytes(folder.filePath(QStringLiteral("model-00002-of-00002.safetensors")),
                       safetensorsFile({{"transformer.wpe.weight", "BF16", {kPositions, kDModel},
                                         tensorBytes(paperValues(kPositions, kDModel), "BF16")}})));
    QVERIFY(writeFile(folder.filePath(QStringLiteral("model.safetensors.index.json")),
                      R"({"metadata": {"total_size": 15360}, "weight_map": {
                           "transformer.wte.weight": "model-00001-of-00002.safetensors",
                           "transformer.wpe.weight": "model-00002-of-00002.safetensors"}})"));
    const Checked checked = checkJson(folder.path(), {QStringLiteral("model.safetensors.index.json")});
    QVERIFY2(checked.run.finished && checked.run.exitCode == 0, qPrintable(describe(checked.run)));
    QCOMPARE(checked.json.value(QStringLiteral("tensor")).toString(), QStringLiteral("transformer.wpe.weight"));
    QCOMPARE(checked.json.value(QStringLiteral("dtype")).toString(), QStringLiteral("bfloat16"));
    const QString problem = paperDiagnosisProblem(checked.json);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    QVERIFY(writeFile(folder.filePath(QStringLiteral("bad.safetensors.index.json")),
                      R"({"weight_map": {"transformer.wpe.weight": "../model-00002-of-00002.safetensors"}})"));
    const QStringList before = entriesBelow(folder.path());
    verifyInvalidRun(folder.path(), {QStringLiteral("check"), QStringLiteral("bad.safetensors.index.json")},
                     {QStringLiteral("'../model-00002-of-00002.safetensors'")}, before);
}

// The report for a person names the tensor it checked.
void TestCliCheckSafetensors::textReport()
{
    QTemporaryDir folder;
    QVERIFY(writeBytes(folder.filePath(QStringLiteral("model.safetensors")), gpt2Like("F32", false)));
    const Result result = run({QStringLiteral("check"), QStringLiteral("model.safetensors")}, folder.path());
    QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
    const QString out = QString::fromUtf8(result.out);
    QVERIFY2(out.contains(QLatin1String("model.safetensors: float32 [100, 64], safetensors")), qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("tensor: transformer.wpe.weight")), qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("layout: interleaved")), qPrintable(out));
}

// A .csv has no tensor: "tensor" is null, and --tensor is refused for it.
void TestCliCheckSafetensors::npyHasNoTensor()
{
    QTemporaryDir folder;
    const std::vector<double> table = paperValues(20, 8);
    QByteArray csv;
    for (int r = 0; r < 20; ++r) {
        QStringList row;
        for (int c = 0; c < 8; ++c)
            row << QString::number(table[std::size_t(r * 8 + c)], 'g', 17);
        csv += row.join(QLatin1Char(',')).toUtf8() + '\n';
    }
    QVERIFY(writeFile(folder.filePath(QStringLiteral("pe.csv")), csv));
    const Checked checked = checkJson(folder.path(), {QStringLiteral("pe.csv")});
    QVERIFY2(checked.run.finished && checked.run.exitCode == 0, qPrintable(describe(checked.run)));
    QVERIFY(checked.json.contains(QStringLiteral("tensor")));
    QVERIFY(checked.json.value(QStringLiteral("tensor")).isNull());
    verifyInvalidRun(folder.path(), {QStringLiteral("check"), QStringLiteral("pe.csv"), QStringLiteral("--tensor"), QStringLiteral("pe")},
                     {QStringLiteral("--tensor"), QStringLiteral("pe.csv")}, {QStringLiteral("pe.csv")});
}

// A checkpoint of 600 MiB (sparse: a tensor of zeros that takes no disk) is checked: the
// 512 MiB bound of a .npy does not apply, only the table's bytes are read.
void TestCliCheckSafetensors::largerThanTheNpyBound()
{
    QTemporaryDir folder;
    const long long junkItems = 600LL << 18; // 600 MiB of F32
    const std::string table = tensorBytes(paperValues(kPositions, kDModel), "F32");
    std::string header = "{\"h.0.mlp.weight\":{\"dtype\":\"F32\",\"shape\":[" + std::to_string(junkItems)
                         + "],\"data_offsets\":[0," + std::to_string(junkItems * 4) + "]},\"wpe.weight\":{\"dtype\":\"F32\","
                         + "\"shape\":[" + std::to_string(kPositions) + "," + std::to_string(kDModel) + "],\"data_offsets\":["
                         + std::to_string(junkItems * 4) + "," + std::to_string(junkItems * 4 + (long long)table.size()) + "]}}";
    const std::string head = rawSafetensors(header);
    QFile file(folder.filePath(QStringLiteral("big.safetensors")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.write(head.data(), qint64(head.size())) == qint64(head.size()));
    QVERIFY(file.seek(qint64(head.size()) + junkItems * 4));
    QVERIFY(file.write(table.data(), qint64(table.size())) == qint64(table.size()));
    file.close();
    QVERIFY(QFileInfo(file.fileName()).size() > (512LL << 20));
    const Checked checked = checkJson(folder.path(), {QStringLiteral("big.safetensors")});
    QVERIFY2(checked.run.finished && checked.run.exitCode == 0, qPrintable(describe(checked.run)));
    QCOMPARE(checked.json.value(QStringLiteral("tensor")).toString(), QStringLiteral("wpe.weight"));
    const QString problem = paperDiagnosisProblem(checked.json);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_MAIN(TestCliCheckSafetensors)
#include "tst_cli_check_safetensors.moc"

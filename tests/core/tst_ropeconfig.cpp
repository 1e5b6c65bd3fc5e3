// SPDX-License-Identifier: GPL-3.0-or-later
// A Hugging Face config.json read as transformers reads it: each spelling (rope_scaling or v5's
// rope_parameters, rope_type or the legacy type, per layer type, text_config, head_dim and its
// stand-ins, partial rotary factors), what each method takes from it, the findings where the
// config means something other than it seems, and each refusal with its key.

#include "core/ropeconfig.h"

#include <QByteArrayList>
#include <QTest>

#include <cmath>

using namespace posenc;

namespace {

// d/2 copies of `value` as a JSON list.
QByteArray list(int pairs, double value)
{
    QByteArray text = "[";
    for (int i = 0; i < pairs; ++i)
        text += (i ? ", " : "") + QByteArray::number(value);
    return text + "]";
}

QByteArrayList codes(const RopeConfig &config)
{
    QByteArrayList out;
    for (const RopeFinding &f : config.findings)
        out << QByteArray::fromStdString(f.code);
    return out;
}

const RopeFinding *finding(const RopeConfig &config, const char *code)
{
    for (const RopeFinding &f : config.findings) {
        if (f.code == code)
            return &f;
    }
    return nullptr;
}

QByteArrayList args(const std::vector<std::string> &list)
{
    QByteArrayList out;
    for (const std::string &a : list)
        out << QByteArray::fromStdString(a);
    return out;
}

} // namespace

class TestRopeConfig : public QObject
{
    Q_OBJECT

private slots:
    void reads_data();
    void reads();
    void findingsNameWhatDiffers();
    void seqLenChoosesDynamicAndLongRope();
    void layerTypeChosen();
    void refusals_data();
    void refusals();
};

void TestRopeConfig::reads_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("ropeType");
    QTest::addColumn<int>("dim");
    QTest::addColumn<double>("base");
    QTest::addColumn<double>("factor");
    QTest::addColumn<double>("context");
    QTest::addColumn<double>("attention");
    QTest::addColumn<QByteArrayList>("findings");

    QTest::newRow("Llama 2: none") << QByteArray(R"({"hidden_size": 4096, "num_attention_heads": 32,
        "max_position_embeddings": 4096, "rope_theta": 10000.0, "rope_scaling": null})")
        << QByteArray("default") << 128 << 1e4 << 1.0 << 4096.0 << 1.0 << QByteArrayList{"head_dim_derived", "no_scaling"};
    QTest::newRow("Llama 3.1 8B") << QByteArray(R"({"hidden_size": 4096, "num_attention_heads": 32,
        "head_dim": 128, "max_position_embeddings": 131072, "rope_theta": 500000.0,
        "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                         "original_max_position_embeddings": 8192, "rope_type": "llama3"}})")
        << QByteArray("llama3") << 128 << 5e5 << 8.0 << 8192.0 << 1.0 << QByteArrayList{"needs_rope_type_key"};
    QTest::newRow("Qwen2.5 yarn, legacy type") << QByteArray(R"({"hidden_size": 5120, "num_attention_heads": 40,
        "max_position_embeddings": 32768, "rope_theta": 1000000.0,
        "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"}})")
        << QByteArray("yarn") << 128 << 1e6 << 4.0 << 32768.0 << 0.1 * std::log(4.0) + 1
        << QByteArrayList{"head_dim_derived", "legacy_type_key", "yarn_factor_differs"};
    QTest::newRow("yarn without factor: max / original") << QByteArray(R"({"head_dim": 128,
        "max_position_embeddings": 131072, "rope_scaling": {"rope_type": "yarn", "type": "yarn",
        "original_max_position_embeddings": 32768}})")
        << QByteArray("yarn") << 128 << 1e4 << 4.0 << 32768.0 << 0.1 * std::log(4.0) + 1
        << QByteArrayList{"theta_default", "yarn_original_older"};
    QTest::newRow("DeepSeek-V3") << QByteArray(R"({"hidden_size": 7168, "num_attention_heads": 128,
        "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "max_position_embeddings": 163840, "rope_theta": 10000,
        "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0,
                         "original_max_position_embeddings": 4096, "type": "yarn"}})")
        << QByteArray("yarn") << 64 << 1e4 << 40.0 << 4096.0 << 1.0
        << QByteArrayList{"qk_rope_head_dim", "legacy_type_key", "yarn_original_older"};
    QTest::newRow("gpt-oss") << QByteArray(R"({"head_dim": 64, "num_attention_heads": 64, "hidden_size": 2880,
        "max_position_embeddings": 131072, "rope_theta": 150000,
        "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0,
                         "original_max_position_embeddings": 4096, "rope_type": "yarn", "truncate": false}})")
        << QByteArray("yarn") << 64 << 150000.0 << 32.0 << 4096.0 << 0.1 * std::log(32.0) + 1
        << QByteArrayList{"needs_rope_type_key", "yarn_truncate", "yarn_original_older"};
    QTest::newRow("Phi-3 longrope") << (QByteArray(R"({"hidden_size": 3072, "num_attention_heads": 32,
        "max_position_embeddings": 131072, "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
        "rope_scaling": {"type": "longrope", "short_factor": )") + list(48, 1.05) + R"(, "long_factor": )"
        + list(48, 2.5) + "}}")
        << QByteArray("longrope") << 96 << 1e4 << 32.0 << 4096.0 << std::sqrt(1 + std::log(32.0) / std::log(4096.0))
        << QByteArrayList{"head_dim_derived", "legacy_type_key", "longrope_switch"};
    QTest::newRow("Phi-3 su") << (QByteArray(R"({"head_dim": 96, "max_position_embeddings": 131072,
        "original_max_position_embeddings": 4096, "rope_scaling": {"type": "su", "short_factor": )")
        + list(48, 1.0) + R"(, "long_factor": )" + list(48, 2.0) + "}}")
        << QByteArray("longrope") << 96 << 1e4 << 32.0 << 4096.0 << std::sqrt(1 + std::log(32.0) / std::log(4096.0))
        << QByteArrayList{"theta_default", "legacy_type_key", "older_name", "longrope_switch"};
    QTest::newRow("v5 rope_parameters") << QByteArray(R"({"head_dim": 128, "max_position_embeddings": 16384,
        "rope_parameters": {"rope_type": "linear", "factor": 4.0, "rope_theta": 500000.0}})")
        << QByteArray("linear") << 128 << 5e5 << 4.0 << 4096.0 << 1.0 << QByteArrayList{"original_inferred"};
    QTest::newRow("v5 default") << QByteArray(R"({"head_dim": 256, "max_position_embeddings": 8192,
        "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0}})")
        << QByteArray("default") << 256 << 1e4 << 1.0 << 8192.0 << 1.0 << QByteArrayList{};
    QTest::newRow("text_config") << QByteArray(R"({"model_type": "llava", "text_config": {"hidden_size": 4096,
        "num_attention_heads": 32, "max_position_embeddings": 4096, "rope_theta": 10000}})")
        << QByteArray("default") << 128 << 1e4 << 1.0 << 4096.0 << 1.0
        << QByteArrayList{"text_config", "head_dim_derived", "no_scaling"};
    QTest::newRow("GPT-NeoX rotary_pct") << QByteArray(R"({"hidden_size": 2560, "num_attention_heads": 32,
        "rotary_pct": 0.25, "rotary_emb_base": 10000, "max_position_embeddings": 2048})")
        << QByteArray("default") << 20 << 1e4 << 1.0 << 2048.0 << 1.0
        << QByteArrayList{"head_dim_derived", "rotary_part", "no_scaling"};
    QTest::newRow("partial_rotary_factor") << QByteArray(R"({"head_dim": 128, "partial_rotary_factor": 0.5,
        "max_position_embeddings": 2048, "rope_theta": 10000})")
        << QByteArray("default") << 64 << 1e4 << 1.0 << 2048.0 << 1.0 << QByteArrayList{"rotary_part", "no_scaling"};
    QTest::newRow("mrope") << QByteArray(R"({"hidden_size": 3584, "num_attention_heads": 28,
        "max_position_embeddings": 128000, "rope_theta": 1000000.0,
        "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}})")
        << QByteArray("default") << 128 << 1e6 << 1.0 << 128000.0 << 1.0
        << QByteArrayList{"head_dim_derived", "legacy_type_key", "older_name"};
    QTest::newRow("dynamic") << QByteArray(R"({"head_dim": 128, "max_position_embeddings": 4096,
        "rope_scaling": {"type": "dynamic", "factor": 4.0}})")
        << QByteArray("dynamic") << 128 << 1e4 << 4.0 << 4096.0 << 1.0
        << QByteArrayList{"theta_default", "legacy_type_key", "dynamic_factor", "dynamic_cache"};
    QTest::newRow("integers as floats") << QByteArray(R"({"head_dim": 128.0, "max_position_embeddings": 4096.0,
        "rope_theta": 10000, "rope_scaling": {"rope_type": "linear", "type": "linear", "factor": 2,
        "original_max_position_embeddings": 2048.0}})")
        << QByteArray("linear") << 128 << 1e4 << 2.0 << 2048.0 << 1.0 << QByteArrayList{};
}

void TestRopeConfig::reads()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, ropeType);
    QFETCH(int, dim);
    QFETCH(double, base);
    QFETCH(double, factor);
    QFETCH(double, context);
    QFETCH(double, attention);
    QFETCH(QByteArrayList, findings);
    const auto read = readRopeConfig(json.toStdString());
    if (const auto *error = std::get_if<RopeConfigError>(&read))
        QFAIL(error->message.c_str());
    const RopeConfig &config = std::get<RopeConfig>(read);
    QCOMPARE(QByteArray::fromStdString(config.ropeType), ropeType);
    QCOMPARE(config.scaling.dim, dim);
    QCOMPARE(config.scaling.base, base);
    QCOMPARE(config.scaling.factor, factor);
    QCOMPARE(config.scaling.originalContext, context);
    QVERIFY(std::abs(ropeFrequencies(config.scaling).attentionFactor - attention) < 1e-14);
    QCOMPARE(codes(config), findings);
    QVERIFY(!config.scaling.validate());
}

void TestRopeConfig::findingsNameWhatDiffers()
{
    // A Qwen3-style config whose explicit yarn factor is not max / original (issue #38224).
    const auto qwen3 = std::get<RopeConfig>(readRopeConfig(R"({"head_dim": 128, "max_position_embeddings": 40960,
        "rope_theta": 1000000, "rope_scaling": {"rope_type": "yarn", "factor": 4.0,
        "original_max_position_embeddings": 32768, "attn_factor": 0.8, "alpha": 1}})"));
    QCOMPARE(qwen3.scaling.factor, 4.0);
    const RopeFinding *differs = finding(qwen3, "yarn_factor_differs");
    QVERIFY(differs);
    QCOMPARE(differs->severity, std::string("warning"));
    QCOMPARE(args(differs->args), (QByteArrayList{"4", "40960", "32768", "1.25"}));
    // The ramp as read now, and as versions that placed it by max_position_embeddings did.
    const RopeFinding *older = finding(qwen3, "yarn_original_older");
    QVERIFY(older);
    QCOMPARE(args(older->args), (QByteArrayList{"32768", "40960", "23", "40", "24", "41"}));
    QVERIFY(finding(qwen3, "attention_factor_key"));
    const RopeFinding *unknown = finding(qwen3, "unknown_keys");
    QVERIFY(unknown);
    QCOMPARE(args(unknown->args), (QByteArrayList{"yarn", "alpha"}));

    // Dynamic NTK does not read original_max_position_embeddings.
    const auto dynamic = std::get<RopeConfig>(readRopeConfig(R"({"head_dim": 128, "max_position_embeddings": 8192,
        "rope_scaling": {"rope_type": "dynamic", "factor": 2, "original_max_position_embeddings": 4096}})"));
    QCOMPARE(dynamic.scaling.originalContext, 8192.0);
    QVERIFY(finding(dynamic, "dynamic_original_ignored"));

    // A factor below one spreads the positions.
    const auto below = std::get<RopeConfig>(readRopeConfig(R"({"head_dim": 64, "max_position_embeddings": 2048,
        "rope_scaling": {"rope_type": "linear", "factor": 0.5}})"));
    QCOMPARE(finding(below, "factor_below_one")->severity, std::string("warning"));
}

void TestRopeConfig::seqLenChoosesDynamicAndLongRope()
{
    RopeConfigOptions options;
    options.seqLen = 16384;
    const auto dynamic = std::get<RopeConfig>(readRopeConfig(R"({"head_dim": 128, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "dynamic", "factor": 4}})", options));
    QCOMPARE(dynamic.scaling.seqLen, 16384.0);
    QCOMPARE(args(finding(dynamic, "dynamic_factor")->args), (QByteArrayList{"4", "16384", "4096", "13"}));
    QCOMPARE(ropeFrequencies(dynamic.scaling).dynamicAlpha, 13.0);

    const QByteArray phi = R"({"head_dim": 8, "max_position_embeddings": 131072,
        "original_max_position_embeddings": 4096, "rope_scaling": {"rope_type": "longrope",
        "short_factor": [1, 1, 1, 1], "long_factor": [1, 2, 3, 4]}})";
    const auto longList = std::get<RopeConfig>(readRopeConfig(phi.toStdString(), options));
    QVERIFY(ropeFrequencies(longList.scaling).longFactors);
    QCOMPARE(finding(longList, "longrope_switch")->args.back(), std::string("long_factor"));
    options.seqLen = 4096;
    const auto shortList = std::get<RopeConfig>(readRopeConfig(phi.toStdString(), options));
    QVERIFY(!ropeFrequencies(shortList.scaling).longFactors);
}

void TestRopeConfig::layerTypeChosen()
{
    const std::string gemma = R"({"head_dim": 256, "max_position_embeddings": 131072, "rope_parameters": {
        "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
        "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000.0}}})";
    const auto full = std::get<RopeConfig>(readRopeConfig(gemma));
    QCOMPARE(full.ropeType, std::string("linear"));
    QCOMPARE(full.scaling.base, 1e6);
    QCOMPARE(args(finding(full, "layer_type")->args), (QByteArrayList{"full_attention", "full_attention, sliding_attention"}));
    RopeConfigOptions options;
    options.layerType = "sliding_attention";
    const auto sliding = std::get<RopeConfig>(readRopeConfig(gemma, options));
    QCOMPARE(sliding.ropeType, std::string("default"));
    QCOMPARE(sliding.scaling.base, 1e4);
}

void TestRopeConfig::refusals_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("code");
    QTest::addColumn<QByteArrayList>("args");
    const auto row = [](const char *name, QByteArray json, const char *code, QByteArrayList args) {
        QTest::newRow(name) << json << QByteArray(code) << args;
    };
    row("not JSON", "{\"head_dim\": 128,", "config_not_json", {"18"});
    row("NUL inside", QByteArray("{\"a\": 1}\0 x", 11), "config_not_json", {"9"});
    row("a list", "[1, 2]", "config_not_object", {});
    row("beyond a double", R"({"head_dim": 1e400})", "config_number_out_of_range", {});
    row("no head dim", R"({"max_position_embeddings": 4096})", "config_no_head_dim", {});
    row("heads 0", R"({"hidden_size": 4096, "num_attention_heads": 0})", "config_out_of_range",
        {"num_attention_heads", "0", "[1, 1e+06]"});
    row("odd head dim", R"({"head_dim": 127, "max_position_embeddings": 4096})", "config_dim", {"head_dim", "127"});
    row("head_dim a string", R"({"head_dim": "128"})", "config_wrong_type", {"head_dim", "number"});
    row("head_dim fractional", R"({"head_dim": 127.5})", "config_wrong_type", {"head_dim", "integer"});
    row("partial 0", R"({"head_dim": 128, "partial_rotary_factor": 0})", "config_out_of_range",
        {"partial_rotary_factor", "0", "(0, 1]"});
    row("rope_scaling a list", R"({"head_dim": 128, "rope_scaling": [1]})", "config_wrong_type",
        {"rope_scaling", "object"});
    row("no rope_type", R"({"head_dim": 128, "rope_scaling": {"factor": 2.0}})", "config_missing_key",
        {"rope_scaling.rope_type", "-"});
    row("rope_type a number", R"({"head_dim": 128, "rope_scaling": {"rope_type": 3}})", "config_wrong_type",
        {"rope_scaling.rope_type", "string"});
    row("unknown rope_type", R"({"head_dim": 128, "rope_scaling": {"rope_type": "ntk-by-parts"}})",
        "config_unknown_rope_type", {"ntk-by-parts"});
    row("ntk is no rope_type of transformers", R"({"head_dim": 128, "rope_scaling": {"type": "ntk", "factor": 2}})",
        "config_unknown_rope_type", {"ntk"});
    row("linear without factor", R"({"head_dim": 128, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "linear"}})", "config_missing_key", {"rope_scaling.factor", "linear"});
    row("dynamic without max", R"({"head_dim": 128, "rope_scaling": {"rope_type": "dynamic", "factor": 2}})",
        "config_missing_key", {"max_position_embeddings", "dynamic"});
    row("default without max", R"({"head_dim": 128})", "config_missing_key", {"max_position_embeddings", "default"});
    row("llama3 without low_freq_factor", R"({"head_dim": 128, "rope_scaling": {"rope_type": "llama3",
        "factor": 8, "high_freq_factor": 4, "original_max_position_embeddings": 8192}})",
        "config_missing_key", {"rope_scaling.low_freq_factor", "llama3"});
    row("llama3 empty band", R"({"head_dim": 128, "rope_scaling": {"rope_type": "llama3", "factor": 8,
        "low_freq_factor": 4, "high_freq_factor": 4, "original_max_position_embeddings": 8192}})",
        "config_out_of_range", {"rope_scaling.high_freq_factor", "4", "(4, 1e+06]"});
    row("yarn with neither factor nor original", R"({"head_dim": 128, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "yarn"}})", "config_missing_key", {"rope_scaling.factor", "yarn"});
    row("yarn truncate a string", R"({"head_dim": 128, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "yarn", "factor": 2, "truncate": "no"}})", "config_wrong_type",
        {"rope_scaling.truncate", "true or false"});
    row("longrope list too short", R"({"head_dim": 8, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "longrope", "short_factor": [1, 1, 1], "long_factor": [1, 1, 1, 1]}})",
        "config_list_length", {"rope_scaling.short_factor", "3", "4"});
    row("longrope list of strings", R"({"head_dim": 8, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "longrope", "short_factor": ["1"], "long_factor": [1]}})",
        "config_wrong_type", {"rope_scaling.short_factor", "list of numbers"});
    row("longrope zero divisor", R"({"head_dim": 8, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "longrope", "short_factor": [1, 0, 1, 1], "long_factor": [1, 1, 1, 1]}})",
        "config_out_of_range", {"rope_scaling.short_factor", "0", "(0, 1e+06]"});
    row("rope_theta 1", R"({"head_dim": 128, "max_position_embeddings": 4096, "rope_theta": 1})",
        "config_out_of_range", {"rope_theta", "1", "(1, 1e+12]"});
    row("factor negative", R"({"head_dim": 128, "max_position_embeddings": 4096,
        "rope_scaling": {"rope_type": "linear", "factor": -2}})", "config_out_of_range",
        {"rope_scaling.factor", "-2", "(0, 1e+06]"});
    row("layer type unknown", R"({"head_dim": 128, "rope_parameters": {"sliding": {"rope_type": "default"}}})",
        "config_layer_type", {"nothing", "sliding"});
}

void TestRopeConfig::refusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, code);
    QFETCH(QByteArrayList, args);
    RopeConfigOptions options;
    if (code == "config_layer_type")
        options.layerType = "nothing";
    const auto read = readRopeConfig(std::string_view(json.constData(), std::size_t(json.size())), options);
    const auto *error = std::get_if<RopeConfigError>(&read);
    QVERIFY(error);
    QCOMPARE(QByteArray::fromStdString(error->code), code);
    QCOMPARE(::args(error->args), args);
    QVERIFY(!error->message.empty());
    QVERIFY(error->message.find('\n') == std::string::npos);
}

QTEST_APPLESS_MAIN(TestRopeConfig)
#include "tst_ropeconfig.moc"

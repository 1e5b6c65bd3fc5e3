// SPDX-License-Identifier: GPL-3.0-or-later
// The reader of a model's config.json, readRopeConfig (core/ropeconfig.h, the reader of
// `posenc-lab rope`), and the frequencies of every config it accepts: any bytes give a config
// or a one-line refusal with a code; a config read is valid, its frequencies and divisors are
// finite and positive, its attention factor finite, and each finding has a snake_case code, a
// severity and a one-line sentence in the interface's words.
#include "fuzzcommon.h"

#include "core/ropeconfig.h"
#include "ui/views/ropeconfigtext.h"

#include <cmath>
#include <string_view>

using namespace posenc;

namespace {

bool snakeCase(const std::string &code)
{
    return !code.empty() && code.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
}

void checkRead(std::string_view bytes, const RopeConfigOptions &options)
{
    const auto read = readRopeConfig(bytes, options);
    if (const auto *refused = std::get_if<RopeConfigError>(&read)) {
        if (!snakeCase(refused->code))
            fuzz::fail("a refusal whose code is no snake_case word", QString::fromStdString(refused->code));
        fuzz::checkMessage(QString::fromStdString(refused->message));
        fuzz::checkMessage(RopeConfigText::error(*refused));
        return;
    }
    const RopeConfig &config = std::get<RopeConfig>(read);
    if (config.scaling.validate())
        fuzz::fail("a config read holds an invalid scaling", QString::fromStdString(config.scaling.validate()->message));
    const RopeFrequencies f = ropeFrequencies(config.scaling);
    if (f.pairs() != config.scaling.pairs())
        fuzz::fail("the frequencies have another number of pairs than d/2");
    if (!std::isfinite(f.attentionFactor))
        fuzz::fail("an attention factor that is not finite");
    for (int i = 0; i < f.pairs(); ++i) {
        const double scaled = f.invFreqScaled[std::size_t(i)];
        if (!(f.invFreq[std::size_t(i)] > 0) || !(scaled >= 0) || !std::isfinite(scaled) || std::isnan(f.divisor(i)))
            fuzz::fail("a pair's frequency is not finite and positive", QString::number(i));
    }
    for (const RopeFinding &finding : config.findings) {
        if (!snakeCase(finding.code))
            fuzz::fail("a finding whose code is no snake_case word", QString::fromStdString(finding.code));
        if (finding.severity != "info" && finding.severity != "warning" && finding.severity != "error")
            fuzz::fail("a finding of no known severity", QString::fromStdString(finding.severity));
        fuzz::checkMessage(RopeConfigText::finding(finding));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    checkRead(bytes, {});
    RopeConfigOptions options;
    options.seqLen = 1 << 20;
    options.layerType = "sliding_attention";
    checkRead(bytes, options);
    return 0;
}

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/scene.h"

#include "core/channels.h"
#include "ui/state/stdtext.h"

#include "ui/state/paramtext.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace posenc {

std::optional<QString> Scene::validate() const
{
    if (const auto problem = params.validate())
        return ParamText::error(*problem);
    if (const auto problem = temporal.validate())
        return QString::fromStdString(*problem);
    if (const auto problem = attention.validate())
        return problem;
    if (const auto problem = labs.validate(*this))
        return problem;
    if (const auto problem = training.validate(params))
        return problem;
    return std::nullopt;
}

TrainingConfig TrainingOptions::configFor(bool right, const EncodingParams &params) const
{
    TrainingConfig c = config;
    c.task = right ? this->right : left;
    // The lab has no batch control: a training set smaller than the batch is one batch.
    c.batch = std::min(c.batch, c.examples);
    c.encoding.base = params.base;
    c.encoding.layout = params.layout;
    c.encoding.frequencies = params.frequencies;
    return c;
}

QString TrainingOptions::errorText(const TrainingError &error, TrainingTask task)
{
    const QString field = QString::fromStdString(error.field);
    QString text;
    switch (error.rule) {
    case TrainingError::Rule::Integer:
        text = QCoreApplication::translate("posenc::TrainingOptions", "%1 must be an integer in [%2, %3]")
                   .arg(field, QString::fromStdString(error.low), QString::fromStdString(error.high));
        break;
    case TrainingError::Rule::Number:
        text = QCoreApplication::translate("posenc::TrainingOptions", "%1 must be a number in %2%3, %4]")
                   .arg(field, error.openLow ? QStringLiteral("(") : QStringLiteral("["),
                        QString::fromStdString(error.low), QString::fromStdString(error.high));
        break;
    case TrainingError::Rule::Other:
        if (error.field == "clamp")
            return QCoreApplication::translate("posenc::TrainingOptions",
                                               "clamp must be LO,HI with LO < HI, each in [-1000, 1000]");
        return QString::fromStdString(error.message);
    }
    switch (error.limit) {
    case TrainingError::Limit::None:
        break;
    case TrainingError::Limit::Examples:
        text += QCoreApplication::translate("posenc::TrainingOptions", " (at most the examples)");
        break;
    case TrainingError::Limit::Task:
        text += QCoreApplication::translate("posenc::TrainingOptions", " for the %1 task")
                    .arg(fromStd(trainingTaskName(task)));
        break;
    }
    return text;
}

std::optional<QString> TrainingOptions::validate(const EncodingParams &params) const
{
    for (const bool right : {false, true}) {
        const TrainingConfig config = configFor(right, params);
        if (const auto problem = config.validate())
            return errorText(*problem, config.task);
    }
    return std::nullopt;
}


namespace {

bool ideographic(char32_t c)
{
    const QChar::Script script = QChar::script(c);
    return script == QChar::Script_Han || script == QChar::Script_Hiragana || script == QChar::Script_Katakana;
}

// Calls `token(begin, length)` for each token of `sentence`, in order (UTF-16 offsets): white
// space (any of Unicode's, the ideographic space too) separates, each Han, Hiragana or Katakana
// character is one, and a run of other characters is one.
template <typename Token>
void forEachToken(const QString &sentence, Token &&token)
{
    const qsizetype length = sentence.size();
    qsizetype runStart = -1; // the run of other characters being read
    for (qsizetype i = 0; i < length;) {
        char32_t c = sentence.at(i).unicode();
        qsizetype width = 1;
        if (QChar::isHighSurrogate(c) && i + 1 < length && sentence.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(sentence.at(i), sentence.at(i + 1));
            width = 2;
        }
        const bool space = QChar::isSpace(c);
        const bool single = !space && ideographic(c);
        if ((space || single) && runStart >= 0) {
            token(runStart, i - runStart);
            runStart = -1;
        }
        if (single)
            token(i, width);
        else if (!space && runStart < 0)
            runStart = i;
        i += width;
    }
    if (runStart >= 0)
        token(runStart, length - runStart);
}

} // namespace

qsizetype AttentionOptions::tokenCount(const QString &sentence)
{
    qsizetype count = 0;
    forEachToken(sentence, [&count](qsizetype, qsizetype) { ++count; });
    return count;
}

QStringList AttentionOptions::tokens(const QString &sentence)
{
    QStringList tokens;
    forEachToken(sentence, [&](qsizetype begin, qsizetype length) { tokens << sentence.mid(begin, length); });
    return tokens;
}

std::vector<std::string> AttentionOptions::tokens() const
{
    std::vector<std::string> utf8;
    for (const QString &token : tokens(sentence))
        utf8.push_back(token.toStdString());
    return utf8;
}

std::vector<int> AttentionOptions::permutation(int n) const
{
    if (shuffle == Shuffle::Seeded)
        return seededPermutation(seed, n);
    std::vector<int> reversed(std::size_t(std::max(n, 0)));
    for (int k = 0; k < n; ++k)
        reversed[std::size_t(k)] = n - 1 - k;
    return reversed;
}

std::optional<QString> AttentionOptions::validate() const
{
    if (const qsizetype count = tokenCount(sentence); count < 1 || count > kMaxTokens)
        return QStringLiteral("sentence must hold 1 to %1 tokens (it holds %2)").arg(kMaxTokens).arg(count);
    if (!(alpha >= 0 && alpha <= 1))
        return QStringLiteral("alpha must be in [0, 1]");
    if (heads < 1 || heads > AttentionSetup::kMaxHeads)
        return QStringLiteral("heads must be an integer in [1, %1]").arg(AttentionSetup::kMaxHeads);
    if (head < 0 || head >= heads)
        return QStringLiteral("head must be an integer in [0, heads - 1] = [0, %1]").arg(heads - 1);
    if (learnedPositions < 1 || learnedPositions > AttentionSetup::kMaxLearnedPositions)
        return QStringLiteral("learned_positions must be an integer in [1, %1]").arg(AttentionSetup::kMaxLearnedPositions);
    if (!(std::abs(shift) <= kMaxShift))
        return QStringLiteral("shift must be in [-%1, %1]").arg(kMaxShift);
    if (seed > std::uint64_t(kMaxSeed))
        return QStringLiteral("seed must be an integer in [0, %1]").arg(kMaxSeed);
    return std::nullopt;
}

QList<int> Scene::defaultDimensions(const EncodingParams &params)
{
    static constexpr std::array kLadderFractions{0.0, 1.0 / 8, 1.0 / 4, 1.0 / 2};
    const int pairs = frequencyCount(params);
    QList<int> dimensions;
    for (double fraction : kLadderFractions) {
        const int pair = std::min(int(std::lround(fraction * pairs)), pairs - 1);
        const int column = sinColumn(params, pair);
        if (column >= 0 && !dimensions.contains(column))
            dimensions << column;
    }
    return dimensions;
}

void Scene::followParams(const EncodingParams &previous)
{
    if ((params.dModel != previous.dModel || params.layout != previous.layout)
        && dimensions == defaultDimensions(previous))
        dimensions = defaultDimensions(params);
}

std::optional<std::pair<QString, int>> Scene::columnBeyondDModel() const
{
    for (const auto &[key, columns] : {std::pair{QStringLiteral("dims"), &dimensions},
                                       std::pair{QStringLiteral("heatmap_dims"), &heatmapDimensions}}) {
        for (int d : *columns) {
            if (d >= params.dModel)
                return std::pair{key, d};
        }
    }
    return std::nullopt;
}

int Scene::clampedRotationPair() const
{
    return std::clamp(rotationPair, 0, std::max(params.dModel / 2 - 1, 0));
}

} // namespace posenc

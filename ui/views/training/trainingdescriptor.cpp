// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's descriptor: its options, its data export (the records of both runs) and
// nothing else of the window's.
#include "ui/views/training/trainingview.h"
#include "ui/views/training/trainingtext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewregistry.h"
#include "ui/state/stdtext.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace posenc {

namespace {

// An enumerated option's names as the command line spells them, from core's name function.
template <typename E, std::size_t N>
QStringList namesOf(const E (&values)[N], std::string_view (*name)(E))
{
    QStringList names;
    for (E value : values)
        names << fromStd(name(value));
    return names;
}

constexpr TrainingTask kTasks[] = {TrainingTask::Order, TrainingTask::Bag};
constexpr PeJoin kJoins[] = {PeJoin::Add, PeJoin::ConcatProject, PeJoin::Alpha};
constexpr ClampMode kClampModes[] = {ClampMode::EveryStep, ClampMode::Construction, ClampMode::Off};
constexpr PeDType kDTypes[] = {PeDType::Float32, PeDType::Float16, PeDType::Float64};
constexpr ScaleStorage kStorages[] = {ScaleStorage::Float32, ScaleStorage::PeDType};

template <typename E, std::size_t N>
std::optional<QString> parseNamed(const QString &flag, const QString &text, const E (&values)[N],
                                  std::string_view (*name)(E), std::optional<E> (*fromName)(std::string_view), E &out)
{
    if (auto problem = OptionText::readChoice(flag, text, namesOf(values, name)))
        return problem;
    out = *fromName(text.toStdString());
    return std::nullopt;
}

template <typename E, std::size_t N>
std::optional<QString> readNamed(const QJsonValue &value, const QString &path, const E (&values)[N],
                                 std::string_view (*name)(E), std::optional<E> (*fromName)(std::string_view), E &out)
{
    const auto read = value.isString() ? fromName(value.toString().toStdString()) : std::nullopt;
    if (!read)
        return SceneReader::tr("%1: %2 is not one of %3")
            .arg(path, SceneReader::valueText(value), namesOf(values, name).join(QStringLiteral(", ")));
    out = *read;
    return std::nullopt;
}

// An enumerated option of the lab: `member` of TrainingOptions (the tasks) or of its config.
#define POSENC_TRAINING_ENUM(function, KEY, FLAG, VALUE_NAME, values, name, fromName, field, ...)               \
    const ViewOption &function()                                                                                  \
    {                                                                                                             \
        static const ViewOption option{                                                                           \
            .key = QStringLiteral(KEY),                                                                           \
            .flag = QStringLiteral(FLAG),                                                                         \
            .valueName = QStringLiteral(VALUE_NAME),                                                              \
            .help = __VA_ARGS__,                                                                                  \
            .parse = [](const QString &text, Scene &scene) {                                                      \
                return parseNamed(QStringLiteral(FLAG), text, values, name, fromName, scene.training.field);      \
            },                                                                                                    \
            .format = [](const Scene &scene) { return fromStd(name(scene.training.field)); },                        \
            .read = [](const QJsonValue &value, const QString &path, Scene &scene) {                              \
                return readNamed(value, path, values, name, fromName, scene.training.field);                      \
            },                                                                                                    \
            .write = [](const Scene &scene) -> QJsonValue { return fromStd(name(scene.training.field)); },           \
        };                                                                                                        \
        return option;                                                                                            \
    }

POSENC_TRAINING_ENUM(leftTaskOption, "left_task", "left-task", "TASK", kTasks, trainingTaskName, trainingTaskFromName,
                     left, [] {
                         return QCoreApplication::translate("CommandLineParser", "order | bag: the training lab's first "
                                                            "task (default order: does token A come before B)");
                     })
POSENC_TRAINING_ENUM(rightTaskOption, "right_task", "right-task", "TASK", kTasks, trainingTaskName, trainingTaskFromName,
                     right, [] {
                         return QCoreApplication::translate("CommandLineParser", "order | bag: the training lab's second "
                                                            "task (default bag: does token A occur)");
                     })
POSENC_TRAINING_ENUM(encodingOption, "train_encoding", "train-encoding", "E", kPositionSchemes, positionSchemeName,
                     positionSchemeFromName, config.scheme, [] {
                         return QCoreApplication::translate("CommandLineParser", "scaled_sinu | learned_sinusoidal | "
                                                            "learned | none: the training lab's position term "
                                                            "(default scaled_sinu)");
                     })
POSENC_TRAINING_ENUM(joinOption, "train_join", "train-join", "J", kJoins, peJoinName, peJoinFromName, config.join, [] {
    return QCoreApplication::translate("CommandLineParser", "add | concat_project | alpha: how the training lab joins "
                                       "position and token (default add)");
})
POSENC_TRAINING_ENUM(clampOption, "clamp_mode", "clamp-mode", "MODE", kClampModes, clampModeName, clampModeFromName,
                     config.clampMode, [] {
                         return QCoreApplication::translate("CommandLineParser", "step | construction | off: the "
                                                            "training lab's clamp of the scale to [0.1, 2], after every "
                                                            "step, once when it is made (the source texts' code), or "
                                                            "never (default step)");
                     })
POSENC_TRAINING_ENUM(dtypeOption, "pe_dtype", "pe-dtype", "T", kDTypes, peDTypeName, peDTypeFromName, config.peDType, [] {
    return QCoreApplication::translate("CommandLineParser", "float32 | float16 | float64: the training lab's position "
                                       "term precision (default float32)");
})
POSENC_TRAINING_ENUM(storageChoice, "scale_dtype", "scale-dtype", "T", kStorages, scaleStorageName,
                     scaleStorageFromName, config.scaleStorage, [] {
                         return QCoreApplication::translate("CommandLineParser", "float32 | pe: the training lab's "
                                                            "scale kept in float32 or in the PE's precision (default "
                                                            "float32)");
                     })

// The scale's storage changes nothing while the PE is float32 itself: a data file records it
// only under another PE precision.
const ViewOption &storageOption()
{
    static const ViewOption option = [] {
        ViewOption o = storageChoice();
        o.recordedInData = [](const Scene &scene) { return scene.training.config.peDType != PeDType::Float32; };
        return o;
    }();
    return option;
}

#undef POSENC_TRAINING_ENUM

// --scale-init V: a number, or d^-0.5 (x-transformers' start).
const ViewOption &scaleInitOption()
{
    static const ViewOption option{
        .key = QStringLiteral("scale_init"),
        .flag = QStringLiteral("scale-init"),
        .valueName = QStringLiteral("V"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's initial scale, −1000 to 1000 or "
                                                                    "d^-0.5 (default 1)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            if (text == QLatin1String("d^-0.5")) {
                scene.training.config.scaleInit = 1.0 / std::sqrt(double(scene.training.config.dModel));
                return std::nullopt;
            }
            return OptionText::readNumber(QStringLiteral("scale-init"), text, -TrainingConfig::kMaxAbsScale,
                                          TrainingConfig::kMaxAbsScale, scene.training.config.scaleInit);
        },
        .format = [](const Scene &scene) { return OptionText::shortest(scene.training.config.scaleInit); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readNumberIn(value, path,
                                            SceneReader::tr("scale_init must be a number in [−1000, 1000]"),
                                            -TrainingConfig::kMaxAbsScale, TrainingConfig::kMaxAbsScale,
                                            scene.training.config.scaleInit);
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.training.config.scaleInit; },
    };
    return option;
}

const ViewOption &scaleRatioOption()
{
    static const ViewOption option{
        .key = QStringLiteral("scale_lr_ratio"),
        .flag = QStringLiteral("scale-lr-ratio"),
        .valueName = QStringLiteral("R"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's scale learning rate over the "
                                                                    "others', 0.1 to 3 (default 0.2)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readNumber(QStringLiteral("scale-lr-ratio"), text, TrainingConfig::kMinScaleLrRatio,
                                          TrainingConfig::kMaxScaleLrRatio, scene.training.config.scaleLrRatio);
        },
        .format = [](const Scene &scene) { return OptionText::shortest(scene.training.config.scaleLrRatio); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readNumberIn(value, path, SceneReader::tr("scale_lr_ratio must be a number in [0.1, 3]"),
                                            TrainingConfig::kMinScaleLrRatio, TrainingConfig::kMaxScaleLrRatio,
                                            scene.training.config.scaleLrRatio);
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.training.config.scaleLrRatio; },
    };
    return option;
}

const ViewOption &seedOption()
{
    static const ViewOption option{
        .key = QStringLiteral("train_seed"),
        .flag = QStringLiteral("train-seed"),
        .valueName = QStringLiteral("S"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's random seed (tasks and initial "
                                                                    "weights), 0 to 2^64-1, as posenc-lab train takes it (default 1)");
        },
        .parse = [](const QString &text, Scene &scene) {
            return OptionText::readSeed(QStringLiteral("train-seed"), text, scene.training.config.seed);
        },
        .format = [](const Scene &scene) { return QString::number(scene.training.config.seed); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) {
            return OptionText::readSeedIn(value, path,
                                          SceneReader::tr("train_seed must be an integer in [0, 18446744073709551615], "
                                                          "written as a string above 2^53"),
                                          scene.training.config.seed);
        },
        .write = [](const Scene &scene) { return OptionText::seedJson(scene.training.config.seed); },
    };
    return option;
}

// The training lab's settings are checked together (the task sets the smallest vocabulary):
// a problem with the setting of option `flag` ("train-vocab", the config's field "vocab"),
// without the dashes, or nothing.
std::optional<QString> trainingSettingProblem(const Scene &scene, const QString &flag)
{
    for (const bool right : {false, true}) {
        const TrainingConfig config = scene.training.configFor(right, scene.params);
        if (const auto problem = config.validate(); problem && QStringLiteral("train-") + QString::fromStdString(problem->field) == flag)
            return QStringLiteral("%1: %2").arg(flag, TrainingOptions::errorText(*problem, config.task));
    }
    return std::nullopt;
}

// An integer setting of the lab's config: `field` in [low, high] (TrainingConfig's bounds).
#define POSENC_TRAINING_INT(function, KEY, FLAG, field, low, high, ...)                                          \
    const ViewOption &function()                                                                                  \
    {                                                                                                             \
        static const ViewOption option{                                                                           \
            .key = QStringLiteral(KEY),                                                                           \
            .flag = QStringLiteral(FLAG),                                                                         \
            .valueName = QStringLiteral("N"),                                                                     \
            .help = __VA_ARGS__,                                                                                  \
            .parse = [](const QString &text, Scene &scene) {                                                      \
                return OptionText::readInteger(QStringLiteral(FLAG), text, low, high, scene.training.config.field); \
            },                                                                                                    \
            .format = [](const Scene &scene) { return QString::number(scene.training.config.field); },            \
            .read = [](const QJsonValue &value, const QString &path, Scene &scene) {                              \
                return OptionText::readIntegerIn(value, path,                                                     \
                                                 SceneReader::tr("%1 must be an integer in [%2, %3]")             \
                                                     .arg(QStringLiteral(KEY))                                    \
                                                     .arg(low)                                                    \
                                                     .arg(high),                                                  \
                                                 low, high, scene.training.config.field);                         \
            },                                                                                                    \
            .write = [](const Scene &scene) -> QJsonValue { return scene.training.config.field; },                \
            .check = [](const Scene &scene) { return trainingSettingProblem(scene, QStringLiteral(FLAG)); },      \
        };                                                                                                        \
        return option;                                                                                            \
    }

POSENC_TRAINING_INT(stepsOption, "train_steps", "train-steps", steps, TrainingConfig::kMinSteps,
                    TrainingConfig::kMaxSteps, [] {
                        return QCoreApplication::translate("CommandLineParser", "the training lab's steps per run, 1 "
                                                           "to 100000 (default 300)");
                    })
POSENC_TRAINING_INT(seqLenOption, "train_seq_len", "train-seq-len", seqLen, TrainingConfig::kMinSeqLen,
                    TrainingConfig::kMaxSeqLen, [] {
                        return QCoreApplication::translate("CommandLineParser", "the training lab's sequence length "
                                                           "(and a learned table's rows), 2 to 64 (default 8)");
                    })
POSENC_TRAINING_INT(vocabOption, "train_vocab", "train-vocab", vocab, TrainingConfig::kMinVocab,
                    TrainingConfig::kMaxVocab, [] {
                        return QCoreApplication::translate("CommandLineParser", "the training lab's vocabulary, 3 to 32 "
                                                           "tokens (default 8)");
                    })
POSENC_TRAINING_INT(examplesOption, "train_examples", "train-examples", examples, TrainingConfig::kMinExamples,
                    TrainingConfig::kMaxExamples, [] {
                        return QCoreApplication::translate("CommandLineParser", "the training lab's training set, 8 to "
                                                           "8192 examples (default 512)");
                    })
POSENC_TRAINING_INT(dModelOption, "train_d_model", "train-d-model", dModel, TrainingConfig::kMinDModel,
                    TrainingConfig::kMaxDModel, [] {
                        return QCoreApplication::translate("CommandLineParser", "the training lab's model width "
                                                           "d_model, 16 to 128 (default 32)");
                    })

#undef POSENC_TRAINING_INT

// [2 * steps, 8]: both runs' records, the first run's rows first; the columns of
// `posenc-lab train`'s file, the task as 0 (first) or 1 (second).
std::optional<DataTable> trainingTable(const Scene &scene, QString *error)
{
    if (const auto problem = scene.training.validate(scene.params)) {
        if (error)
            *error = QStringLiteral("training: %1").arg(*problem);
        return std::nullopt;
    }
    const TrainingProgress progress = TrainingRun::runToEnd(scene.training.configFor(false, scene.params),
                                                            scene.training.configFor(true, scene.params), false);
    DataTable table;
    table.columns = {QStringLiteral("step"),         QStringLiteral("run"),
                     QStringLiteral("loss"),         QStringLiteral("accuracy"),
                     QStringLiteral("heldout_loss"), QStringLiteral("heldout_accuracy"),
                     QStringLiteral("scale"),        QStringLiteral("norm_ratio")};
    table.values.resize(qsizetype(progress.left.size() + progress.right.size()), 8);
    int row = 0;
    for (int run = 0; run < 2; ++run) {
        for (const TrainingRecord &r : run == 0 ? progress.left : progress.right) {
            table.values.row(row++) << r.step, run, r.loss, r.accuracy, r.heldoutLoss, r.heldoutAccuracy, r.scale,
                r.normRatio;
        }
    }
    return table;
}

} // namespace

const ViewDescriptor &trainingDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("training"),
        .group = QStringLiteral("labs"),
        .title = [] { return TrainingView::tr("&Training"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T),
        .create = [](EncodingState *state) -> QWidget * { return new TrainingView(state); },
        // --train-d-model before --scale-init: d^-0.5 is read with the width given.
        .options = {&leftTaskOption(), &rightTaskOption(), &encodingOption(), &joinOption(), &dModelOption(),
                    &seqLenOption(), &vocabOption(), &examplesOption(), &scaleInitOption(), &scaleRatioOption(),
                    &clampOption(), &dtypeOption(), &storageOption(), &seedOption(), &stepsOption()},
        .parameters = {QStringLiteral("base"), QStringLiteral("layout"), QStringLiteral("frequencies")},
        .dataTable = &trainingTable,
        .dataShape = QStringLiteral("[2 · steps, 8]"),
        .describe = &TrainingText::describe,
        .explainers = {},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] {
            return QCoreApplication::translate("posenc::ViewTabs", "A small model learns two tasks from the same start: "
                                                                   "watch its learnable scale, and what the source texts "
                                                                   "claim of it.");
        },
    };
    return descriptor;
}

} // namespace posenc

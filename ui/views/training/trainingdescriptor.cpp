// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's descriptor: its options, its data export (the records of both runs) and
// nothing else of the window's.
#include "ui/views/trainingcommand.h"
#include "ui/views/training/trainingpytorch.h"
#include "ui/views/training/trainingview.h"
#include "ui/views/training/trainingtext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/scenereader.h"
#include "ui/views/optionbuilders.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewregistry.h"
#include "ui/state/stdtext.h"

#include <QAction>
#include <QCoreApplication>
#include <QJsonArray>
#include <QPushButton>

#include <cmath>
#include <limits>

namespace posenc {

namespace {

constexpr TrainingTask kTasks[] = {TrainingTask::Order, TrainingTask::Bag};
constexpr PeJoin kJoins[] = {PeJoin::Add, PeJoin::ConcatProject, PeJoin::Alpha};
constexpr ClampMode kClampModes[] = {ClampMode::EveryStep, ClampMode::Construction, ClampMode::Off};
constexpr PeDType kDTypes[] = {PeDType::Float32, PeDType::Float16, PeDType::Float64};
constexpr ScaleStorage kStorages[] = {ScaleStorage::Float32, ScaleStorage::PeDType};
constexpr Optimizer kOptimizers[] = {Optimizer::Adam, Optimizer::Sgd};
constexpr bool kOnOff[] = {true, false};

const ViewOption &leftTaskOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("left_task", "train-left-task", "TASK", "bag"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "order | bag: the training lab's first "
                                               "task (default order: does token A come before B)");
        },
        listOf(kTasks), coreNames(&trainingTaskName), [](auto &scene) -> auto & { return scene.training.left; }), {QStringLiteral("left-task")});
    return option;
}

const ViewOption &rightTaskOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("right_task", "train-right-task", "TASK", "order"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "order | bag: the training lab's second "
                                               "task (default bag: does token A occur)");
        },
        listOf(kTasks), coreNames(&trainingTaskName), [](auto &scene) -> auto & { return scene.training.right; }), {QStringLiteral("right-task")});
    return option;
}

const ViewOption &trainingEncodingOption()
{
    static const ViewOption option = choiceOption(
        optionNames("train_encoding", "train-encoding", "E", "learned_sinusoidal"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "scaled_sinu | learned_sinusoidal | "
                                               "learned | none: the training lab's position term "
                                               "(default scaled_sinu)");
        },
        listOf(kPositionSchemes), coreNames(&positionSchemeName),
        [](auto &scene) -> auto & { return scene.training.config.scheme; });
    return option;
}

const ViewOption &trainingJoinOption()
{
    static const ViewOption option = choiceOption(
        optionNames("train_join", "train-join", "J", "alpha"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "add | concat_project | alpha: how the training lab joins "
                                               "position and token (default add)");
        },
        listOf(kJoins), coreNames(&peJoinName), [](auto &scene) -> auto & { return scene.training.config.join; });
    return option;
}

const ViewOption &clampOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("clamp_mode", "train-clamp-mode", "MODE", "off", {QStringLiteral("train-scale-init=5")}),
        [] {
            return QCoreApplication::translate("CommandLineParser", "step | construction | off: the "
                                               "training lab's clamp of the scale to its bounds, "
                                               "after every step, once when it is made (the source texts' "
                                               "code), or never (default step)");
        },
        listOf(kClampModes), coreNames(&clampModeName), [](auto &scene) -> auto & { return scene.training.config.clampMode; }), {QStringLiteral("clamp-mode")});
    return option;
}

const ViewOption &dtypeOption()
{
    static const ViewOption option = alsoSpelt(choiceOption(
        optionNames("pe_dtype", "train-pe-dtype", "T", "float16"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "float32 | float16 | float64: the training lab's position "
                                               "term precision (default float32)");
        },
        listOf(kDTypes), coreNames(&peDTypeName), [](auto &scene) -> auto & { return scene.training.config.peDType; }), {QStringLiteral("pe-dtype")});
    return option;
}

// The scale's storage changes nothing while the PE is float32 itself: a data file records it
// only under another PE precision.
const ViewOption &storageOption()
{
    static const ViewOption option = alsoSpelt([] {
        ViewOption o = choiceOption(
            optionNames("scale_dtype", "train-scale-dtype", "T", "pe", {QStringLiteral("train-pe-dtype=float16")}),
            [] {
                return QCoreApplication::translate("CommandLineParser", "float32 | pe: the training lab's "
                                                   "scale kept in float32 or in the PE's precision (default "
                                                   "float32)");
            },
            listOf(kStorages), coreNames(&scaleStorageName),
            [](auto &scene) -> auto & { return scene.training.config.scaleStorage; });
        o.recordedInData = [](const Scene &scene) { return scene.training.config.peDType != PeDType::Float32; };
        return o;
    }(), {QStringLiteral("scale-dtype")});
    return option;
}

// --train-scale-init V: a number, or d^-0.5 (x-transformers' start).
const ViewOption &scaleInitOption()
{
    static const ViewOption option = alsoSpelt([] {
        ViewOption o = numberOption(
            optionNames("scale_init", "train-scale-init", "V", "0.8"),
            [] {
                return QCoreApplication::translate("CommandLineParser", "the training lab's initial scale, −1000 to 1000 or "
                                                                        "d^-0.5 (default 1)");
            },
            -TrainingConfig::kMaxAbsScale, TrainingConfig::kMaxAbsScale,
            [](auto &scene) -> auto & { return scene.training.config.scaleInit; });
        o.parse = [number = o.parse](const QString &text, Scene &scene) -> std::optional<QString> {
            if (text != QLatin1String("d^-0.5")) {
                if (!number(text, scene))
                    return std::nullopt;
                return QCoreApplication::translate("CommandLineParser", "--%1: “%2” must be a number in "
                                                   "[-1000, 1000] or d^-0.5")
                    .arg(QStringLiteral("train-scale-init"), text);
            }
            scene.training.config.scaleInit = 1.0 / std::sqrt(double(scene.training.config.dModel));
            return std::nullopt;
        };
        return o;
    }(), {QStringLiteral("scale-init")});
    return option;
}

const ViewOption &scaleRatioOption()
{
    static const ViewOption option = alsoSpelt(numberOption(
        optionNames("scale_lr_ratio", "train-scale-lr-ratio", "R", "0.5"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's scale learning rate over the "
                                                                    "others', 0.1 to 3 (default 0.2)");
        },
        TrainingConfig::kMinScaleLrRatio, TrainingConfig::kMaxScaleLrRatio,
        [](auto &scene) -> auto & { return scene.training.config.scaleLrRatio; }), {QStringLiteral("scale-lr-ratio")});
    return option;
}

const ViewOption &trainingSeedOption()
{
    static const ViewOption option = seedOption(
        optionNames("train_seed", "train-seed", "S", "12345678901234567890"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's random seed (tasks, initial "
                                                                    "weights and batches), 0 to 2^64-1 (default 1)");
        },
        [](auto &scene) -> auto & { return scene.training.config.seed; });
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

// An integer setting of the lab's config in [low, high] (TrainingConfig's bounds), checked
// with the others.
template <typename Field>
ViewOption settingOption(const OptionNames &names, OptionHelp help, int low, int high, Field field)
{
    ViewOption option = integerOption(names, std::move(help), low, high, field);
    option.check = [flag = names.flag](const Scene &scene) { return trainingSettingProblem(scene, flag); };
    return option;
}

const ViewOption &trainingStepsOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_steps", "train-steps", "N", "12"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's steps per run, 1 "
                                               "to 100000 (default 300)");
        },
        TrainingConfig::kMinSteps, TrainingConfig::kMaxSteps, [](auto &scene) -> auto & { return scene.training.config.steps; });
    return option;
}

const ViewOption &seqLenOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_seq_len", "train-seq-len", "N", "6"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's sequence length "
                                               "(and a learned table's rows), 2 to 64 (default 8)");
        },
        TrainingConfig::kMinSeqLen, TrainingConfig::kMaxSeqLen, [](auto &scene) -> auto & { return scene.training.config.seqLen; });
    return option;
}

const ViewOption &vocabOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_vocab", "train-vocab", "N", "5"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's vocabulary, 3 to 32 "
                                               "tokens (default 8)");
        },
        TrainingConfig::kMinVocab, TrainingConfig::kMaxVocab, [](auto &scene) -> auto & { return scene.training.config.vocab; });
    return option;
}

const ViewOption &examplesOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_examples", "train-examples", "N", "64"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's training set, 8 to "
                                               "8192 examples (default 512)");
        },
        TrainingConfig::kMinExamples, TrainingConfig::kMaxExamples,
        [](auto &scene) -> auto & { return scene.training.config.examples; });
    return option;
}

const ViewOption &dModelOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_d_model", "train-d-model", "N", "16"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's model width "
                                               "d_model, 16 to 128 (default 32)");
        },
        TrainingConfig::kMinDModel, TrainingConfig::kMaxDModel, [](auto &scene) -> auto & { return scene.training.config.dModel; });
    return option;
}

const ViewOption &heldoutOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_heldout", "train-heldout", "N", "16"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's held-out set, 8 to "
                                               "2048 examples (default 256)");
        },
        TrainingConfig::kMinHeldout, TrainingConfig::kMaxHeldout,
        [](auto &scene) -> auto & { return scene.training.config.heldout; });
    return option;
}

const ViewOption &batchOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_batch", "train-batch", "N", "8"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's examples per step, 1 to "
                                               "256; a smaller training set is one batch (default 32)");
        },
        TrainingConfig::kMinBatch, TrainingConfig::kMaxBatch,
        [](auto &scene) -> auto & { return scene.training.config.batch; });
    return option;
}

const ViewOption &layersOption()
{
    static const ViewOption option = settingOption(
        optionNames("train_layers", "train-layers", "N", "2"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the training lab's attention layers, 1 or 2 "
                                               "(default 1)");
        },
        1, TrainingConfig::kMaxLayers, [](auto &scene) -> auto & { return scene.training.config.layers; });
    return option;
}

const ViewOption &layerNormOption()
{
    static const ViewOption option = choiceOption(
        optionNames("train_layer_norm", "train-layer-norm", "on|off", "off"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "on | off: the training lab's pre-norm layer "
                                               "norms (default on)");
        },
        listOf(kOnOff), std::function<QString(bool)>([](bool on) { return on ? QStringLiteral("on") : QStringLiteral("off"); }),
        [](auto &scene) -> auto & { return scene.training.config.layerNorm; });
    return option;
}

// Above 0 up to 1: read as a number in [0, 1], 0 refused with the others' check.
const ViewOption &learningRateOption()
{
    static const ViewOption option = [] {
        ViewOption o = numberOption(
            optionNames("train_lr", "train-lr", "LR", "0.05"),
            [] {
                return QCoreApplication::translate("CommandLineParser", "the training lab's learning rate, above 0 "
                                                   "up to 1 (default 0.01)");
            },
            0.0, TrainingConfig::kMaxLearningRate, [](auto &scene) -> auto & { return scene.training.config.learningRate; });
        o.check = [](const Scene &scene) { return trainingSettingProblem(scene, QStringLiteral("train-lr")); };
        return o;
    }();
    return option;
}

const ViewOption &optimizerOption()
{
    static const ViewOption option = choiceOption(
        optionNames("train_optimizer", "train-optimizer", "O", "sgd"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "adam | sgd: the training lab's optimizer "
                                               "(default adam)");
        },
        listOf(kOptimizers), coreNames(&optimizerName), [](auto &scene) -> auto & { return scene.training.config.optimizer; });
    return option;
}

// --train-clamp LO,HI: the bounds of the scale, [LO, HI] in presets.
const ViewOption &clampBoundsOption()
{
    static const ViewOption option = [] {
        ViewOption o = namedOption(
            optionNames("train_clamp", "train-clamp", "LO,HI", "0.1,0.9"),
            [] {
                return QCoreApplication::translate("CommandLineParser", "the training lab's bounds of the scale, "
                                                   "each in [-1000, 1000], LO < HI (default 0.1,2)");
            });
        o.parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            const QStringList bounds = text.split(QLatin1Char(','));
            TrainingConfig &c = scene.training.config;
            const double max = TrainingConfig::kMaxAbsScale;
            if (bounds.size() != 2 || OptionText::readNumber(QString(), bounds[0], -max, max, c.clampLow)
                || OptionText::readNumber(QString(), bounds[1], -max, max, c.clampHigh))
                return QCoreApplication::translate("CommandLineParser", "--%1: “%2” is not LO,HI; it must be two "
                                                   "numbers in [-1000, 1000] with LO < HI")
                    .arg(QStringLiteral("train-clamp"), text);
            return std::nullopt;
        };
        o.format = [](const Scene &scene) {
            return OptionText::shortest(scene.training.config.clampLow) + QLatin1Char(',')
                   + OptionText::shortest(scene.training.config.clampHigh);
        };
        o.read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const QString rule = SceneReader::tr("train_clamp must be [LO, HI], two numbers in [-1000, 1000]");
            const QJsonArray bounds = value.toArray();
            if (!value.isArray() || bounds.size() != 2)
                return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
            TrainingConfig &c = scene.training.config;
            const double max = TrainingConfig::kMaxAbsScale;
            if (const auto problem = OptionText::readNumberIn(bounds[0], path + QStringLiteral("[0]"), rule, -max, max, c.clampLow))
                return problem;
            return OptionText::readNumberIn(bounds[1], path + QStringLiteral("[1]"), rule, -max, max, c.clampHigh);
        };
        o.write = [](const Scene &scene) -> QJsonValue {
            return QJsonArray{scene.training.config.clampLow, scene.training.config.clampHigh};
        };
        o.check = [](const Scene &scene) { return trainingSettingProblem(scene, QStringLiteral("train-clamp")); };
        return o;
    }();
    return option;
}

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

// The run's play keys: Space plays and pauses it (its Play button), Right takes one step (its
// Step button), while the lab is in front; pos is not the lab's to play.
void addTrainingPlayKeys(QWidget *widget)
{
    auto *view = static_cast<TrainingView *>(widget);
    auto *play = new QAction(TrainingView::tr("Play or pause the training"), view);
    play->setShortcut(QKeySequence(Qt::Key_Space));
    QObject::connect(play, &QAction::triggered, view->playButton(), &QAbstractButton::toggle);
    auto *step = new QAction(TrainingView::tr("One step of the training"), view);
    step->setShortcut(QKeySequence(Qt::Key_Right));
    QObject::connect(step, &QAction::triggered, view->stepButton(), &QAbstractButton::click);
    for (QAction *action : {play, step}) {
        action->setShortcutContext(Qt::WindowShortcut);
        view->addAction(action);
    }
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
        // --train-d-model before --train-scale-init: d^-0.5 is read with the width given.
        .options = {&leftTaskOption(), &rightTaskOption(), &trainingEncodingOption(), &trainingJoinOption(), &dModelOption(),
                    &seqLenOption(), &vocabOption(), &examplesOption(), &scaleInitOption(), &scaleRatioOption(),
                    &clampOption(), &clampBoundsOption(), &dtypeOption(), &storageOption(), &trainingSeedOption(),
                    &trainingStepsOption(), &heldoutOption(), &batchOption(), &layersOption(), &layerNormOption(),
                    &learningRateOption(), &optimizerOption()},
        .parameters = {QStringLiteral("base"), QStringLiteral("layout"), QStringLiteral("frequencies")},
        .dataTable = &trainingTable,
        .dataShape = QStringLiteral("[2 · steps, 8]"),
        .describe = &TrainingText::describe,
        .explainers = {},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] {
            return QCoreApplication::translate("posenc::ViewPages", "A small model learns two tasks from the same start: "
                                                                   "watch its learnable scale, and what the source texts "
                                                                   "claim of it.");
        },
        .exportFolderTitle = [] { return TrainingView::tr("Export Training Run as &PyTorch…"); },
        .exportFolderFiles = [](const Scene &scene, QString *error) {
            // The run recorded as `posenc-lab train` spells it, whose CSV run.py's compares with.
            const QString command = OptionText::commandLine(TrainingCommand::arguments(scene, QStringLiteral("run.csv")));
            return TrainingPytorch::files(scene.training.configFor(false, scene.params), command, error);
        },
        .showsPosition = false,
        .showsOffset = false,
        .addPlayKeys = &addTrainingPlayKeys,
    };
    return descriptor;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
// The context-extension lab's descriptor: its options, its data export and its caption.
#include "ui/views/context/contextview.h"

#include "ui/state/encodingstate.h"
#include "ui/views/optionbuilders.h"
#include "ui/views/viewregistry.h"

#include <QCoreApplication>

namespace posenc {

namespace {

QString methodId(RopeMethod method)
{
    return QString::fromLatin1(ropeMethodId(method).data(), qsizetype(ropeMethodId(method).size()));
}

// --context-left METHOD, --context-right METHOD
const ViewOption &leftOption()
{
    static const ViewOption option = choiceOption<RopeMethod>(
        optionNames("context_left", "context-left", "METHOD", "linear"),
        [] {
            return QCoreApplication::translate("CommandLineParser", "the context-extension lab's left method: default, linear (Position Interpolation), ntk, dynamic, "
                      "yarn or llama3 (default yarn)");
        },
        ContextOptions::methods(), &methodId, [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).left; });
    return option;
}

const ViewOption &rightOption()
{
    static const ViewOption option = choiceOption<RopeMethod>(
        optionNames("context_right", "context-right", "METHOD", "dynamic"),
        [] { return QCoreApplication::translate("CommandLineParser", "the context-extension lab's right method, as --context-left (default llama3)"); },
        ContextOptions::methods(), &methodId, [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).right; });
    return option;
}

const ViewOption &contextOption()
{
    static const ViewOption option = numberOption(
        optionNames("context_length", "context-length", "L", "2048"),
        [] { return QCoreApplication::translate("CommandLineParser", "the length L the model was trained on, 1 to 1e9 (default 4096)"); }, 1, ContextOptions::kMaxContext,
        [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).context; });
    return option;
}

const ViewOption &factorOption()
{
    static const ViewOption option = numberOption(
        optionNames("context_factor", "context-factor", "S", "16"),
        [] { return QCoreApplication::translate("CommandLineParser", "the stretch s: the model reads s·L positions, 1 to 10000 (default 8)"); }, 1,
        ContextOptions::kMaxFactor, [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).factor; });
    return option;
}

const ViewOption &seqLenOption()
{
    static const ViewOption option = numberOption(
        optionNames("context_seq_len", "context-seq-len", "N", "1000000", {QStringLiteral("context-left=dynamic")}),
        [] { return QCoreApplication::translate("CommandLineParser", "the current sequence length dynamic NTK scales from, 0 (s·L) to 1e12 (default 0)"); }, 0,
        RopeScaling::kMaxContext, [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).seqLen; });
    return option;
}

const ViewOption &betaFastOption()
{
    static const ViewOption option = numberOption(
        optionNames("context_beta_fast", "context-beta-fast", "B", "16"),
        [] { return QCoreApplication::translate("CommandLineParser", "YaRN's beta_fast: pairs making more turns within L keep their frequency (default 32)"); }, 1e-6,
        1e6, [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).betaFast; });
    return option;
}

const ViewOption &betaSlowOption()
{
    static const ViewOption option = numberOption(
        optionNames("context_beta_slow", "context-beta-slow", "B", "2"),
        [] { return QCoreApplication::translate("CommandLineParser", "YaRN's beta_slow: pairs making fewer turns within L are divided by s (default 1)"); }, 1e-6, 1e6,
        [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).betaSlow; });
    return option;
}

const ViewOption &truncateOption()
{
    static const ViewOption option = choiceOption<bool>(
        optionNames("context_truncate", "context-truncate", "on|off", "off"),
        [] { return QCoreApplication::translate("CommandLineParser", "YaRN rounds its ramp's ends to whole pairs: on or off (default on; gpt-oss: off)"); },
        {true, false}, [](bool on) { return on ? QStringLiteral("on") : QStringLiteral("off"); },
        [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).truncate; });
    return option;
}

// Llama 3.1's band edges, checked together (high above low).
std::optional<QString> checkBands(const Scene &scene)
{
    const ContextOptions &o = labOptions<ContextOptions>(scene);
    if (o.highFreqFactor > o.lowFreqFactor)
        return std::nullopt;
    return QCoreApplication::translate("CommandLineParser", "context-high-freq %1 must be above context-low-freq %2").arg(o.highFreqFactor).arg(o.lowFreqFactor);
}

const ViewOption &lowFreqOption()
{
    static const ViewOption option = [] {
        ViewOption o = numberOption(
            optionNames("context_low_freq", "context-low-freq", "F", "2"),
            [] { return QCoreApplication::translate("CommandLineParser", "Llama 3.1's low_freq_factor: wavelengths beyond L / F are divided by s (default 1)"); },
            0.01, 1e6, [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).lowFreqFactor; });
        o.check = &checkBands;
        return o;
    }();
    return option;
}

const ViewOption &highFreqOption()
{
    static const ViewOption option = [] {
        ViewOption o = numberOption(
            optionNames("context_high_freq", "context-high-freq", "F", "8"),
            [] { return QCoreApplication::translate("CommandLineParser", "Llama 3.1's high_freq_factor: wavelengths under L / F are kept (default 4)"); }, 0.01,
            1e6, [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).highFreqFactor; });
        o.check = &checkBands;
        return o;
    }();
    return option;
}

// --context-config FILE, "context_config": a model's config.json whose RoPE the lab shows on
// the right; empty (the default) for the lab's own methods.
const ViewOption &configOption()
{
    static const ViewOption option = [] {
        ViewOption o = namedOption(
            optionNames("context_config", "context-config", "FILE", ":/examples/phi-3-vision-128k-config.json"), [] {
                return QCoreApplication::translate("CommandLineParser",
                                                   "a model's config.json whose RoPE the context-extension lab shows on "
                                                   "the right, on the model's head dimension, base, L and s (default: "
                                                   "none, the lab's own methods)");
            });
        o.parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            labOptions<ContextOptions>(scene).config = text;
            return std::nullopt;
        };
        o.format = [](const Scene &scene) { return labOptions<ContextOptions>(scene).config; };
        o.read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            if (!value.isString())
                return SceneReader::tr("%1: %2 is not a file name").arg(path, SceneReader::valueText(value));
            labOptions<ContextOptions>(scene).config = value.toString();
            return std::nullopt;
        };
        o.write = [](const Scene &scene) -> QJsonValue { return labOptions<ContextOptions>(scene).config; };
        return o;
    }();
    return option;
}

// --context-plot WHAT: the second plot of a figure (the window's Plot box).
const ViewOption &plotOption()
{
    static const ViewOption option = choiceOption<ContextPlot>(
        optionNames("context_plot", "context-plot", "WHAT", "decay"),
        [] {
            return QCoreApplication::translate("CommandLineParser",
                                               "the context-extension lab's second plot: divisor (each pair's), turns "
                                               "(within L and the length), decay (RoFormer's bound against distance), "
                                               "attention (the factor against s) or cache (cached keys' angle error) "
                                               "(default divisor); a single-column figure shows it alone");
        },
        ContextOptions::plots(), &ContextOptions::plotId,
        [](auto &scene) -> auto & { return labOptions<ContextOptions>(scene).plot; });
    return option;
}

// A config that cannot be read, refused before a figure is drawn.
QString configInputError(const Scene &scene)
{
    if (labOptions<ContextOptions>(scene).config.isEmpty())
        return QString();
    const ContextResult r = ContextResult::compute(scene);
    return r.config ? QString() : QStringLiteral("--context-config: %1").arg(r.problem);
}

// File > Open a Model's Config…: the config's path set through the state (one undo step).
bool openConfig(EncodingState *state, const QString &path, QString *error)
{
    Scene scene = state->scene();
    labOptions<ContextOptions>(scene).config = path;
    const ContextResult r = ContextResult::compute(scene);
    if (!r.config) {
        if (error)
            *error = r.problem;
        return false;
    }
    if (const auto refused = state->setScene(scene)) {
        if (error)
            *error = *refused;
        return false;
    }
    return true;
}

// [d/2, 12]: pair by pair, the ladder and the left method's numbers (the columns `posenc-lab
// rope --json` gives a pair), whether the left method's pair turns through angles training
// never showed it within the current length, then the right method's.
std::optional<DataTable> contextTable(const Scene &scene, QString *error)
{
    const ContextResult r = ContextResult::compute(scene);
    if (!r.problem.isEmpty()) {
        if (error)
            *error = configInputError(scene).isEmpty() ? QStringLiteral("context: %1").arg(r.problem) : configInputError(scene);
        return std::nullopt;
    }
    const RopeFrequencies &a = r.leftFrequencies;
    const RopeFrequencies &b = r.rightFrequencies;
    const double length = labOptions<ContextOptions>(scene).length();
    DataTable table;
    table.columns = {QStringLiteral("i"),
                     QStringLiteral("inv_freq"),
                     QStringLiteral("inv_freq_scaled"),
                     QStringLiteral("divisor"),
                     QStringLiteral("wavelength"),
                     QStringLiteral("wavelength_scaled"),
                     QStringLiteral("rotations_in_context"),
                     QStringLiteral("unseen_angles"),
                     QStringLiteral("right_inv_freq_scaled"),
                     QStringLiteral("right_divisor"),
                     QStringLiteral("right_wavelength_scaled"),
                     QStringLiteral("right_unseen_angles")};
    table.values.resize(a.pairs(), table.columns.size());
    for (int i = 0; i < a.pairs(); ++i) {
        const std::size_t k = std::size_t(i);
        table.values.row(i) << i, a.invFreq[k], a.invFreqScaled[k], a.divisor(i), a.wavelength(i),
            a.wavelengthScaled(i), a.rotationsInContext(i), double(a.unseenAngles(i, length)), b.invFreqScaled[k],
            b.divisor(i), b.wavelengthScaled(i), double(b.unseenAngles(i, length));
    }
    return table;
}

} // namespace

const ViewDescriptor &contextDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("context"),
        .group = QStringLiteral("labs"),
        .title = [] { return ContextView::tr("Conte&xt"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X),
        .create = [](EncodingState *state) -> QWidget * { return new ContextView(state); },
        .options = {&leftOption(), &rightOption(), &contextOption(), &factorOption(), &seqLenOption(),
                    &betaFastOption(), &betaSlowOption(), &truncateOption(), &lowFreqOption(), &highFreqOption(), &configOption(), &plotOption()},
        .parameters = {QStringLiteral("d_model"), QStringLiteral("base")},
        .figureOnlyOptions = {&plotOption()},
        .dataTable = &contextTable,
        .dataShape = QStringLiteral("[d_model/2, 12]"),
        .describe = &ContextView::describe,
        .explainers = {Explainer{ContextView::pairKind(), [](const EncodingState &state, const Inspection &what) {
            return ContextView::pairExplanation(state.scene(), what);
        }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] {
            return QCoreApplication::translate("posenc::ViewPages", "RoPE stretched past its training length L: each "
                                                                   "pair's wavelength and divisor under two methods.");
        },
        .inputError = &configInputError,
        .openFileTitle = [] { return ContextView::tr("Open a &Model's Config…"); },
        .openFileFilter = [] { return ContextView::tr("Model configs (config.json *.json);;All files (*)"); },
        .openFileSuffixes = {QStringLiteral("config.json")},
        .openFile = &openConfig,
        .showsPosition = false,
        .showsOffset = false,
    };
    return descriptor;
}

} // namespace posenc

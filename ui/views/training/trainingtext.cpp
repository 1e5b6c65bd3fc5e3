// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/training/trainingtext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

} // namespace

QString TrainingText::taskTitle(TrainingTask task)
{
    switch (task) {
    case TrainingTask::Order:
        return tr("order (A before B?)");
    case TrainingTask::Bag:
        return tr("bag (A present?)");
    }
    return {};
}

QString TrainingText::taskName(TrainingTask task)
{
    return task == TrainingTask::Order ? tr("order") : tr("bag");
}

QString TrainingText::schemeTitle(PositionScheme scheme)
{
    switch (scheme) {
    case PositionScheme::ScaledSinu:
        return tr("s · PE (ScaledSinuEmbedding)");
    case PositionScheme::LearnedSinusoidal:
        return tr("PE + learned (LearnedSinusoidalPE)");
    case PositionScheme::Learned:
        return tr("learned table");
    case PositionScheme::None:
        return tr("none");
    }
    return {};
}

QString TrainingText::verdict(const TrainingOptions &options, const TrainingProgress &progress)
{
    QStringList parts;
    for (int run = 0; run < 2; ++run) {
        const std::vector<TrainingRecord> &records = run == 0 ? progress.left : progress.right;
        const TrainingTask task = run == 0 ? options.left : options.right;
        const double start = run == 0 ? progress.leftInitialScale : progress.rightInitialScale;
        if (records.empty()) {
            parts << tr("%1: not trained yet (step 0 of %2).").arg(taskTitle(task)).arg(options.config.steps);
            continue;
        }
        const TrainingRecord &last = records.back();
        const auto hits = std::count_if(records.begin(), records.end(), [](const TrainingRecord &r) { return r.clampHit; });
        if (std::isfinite(last.scale))
            parts << tr("%1: after %2 steps the scale went from %3 to %4 (the clamp held it %5 times); held-out "
                        "accuracy %6.")
                         .arg(taskTitle(task))
                         .arg(last.step)
                         .arg(CellText::number(start, 4), CellText::number(last.scale, 4))
                         .arg(hits)
                         .arg(CellText::number(last.heldoutAccuracy, 3));
        else
            parts << tr("%1: after %2 steps, held-out accuracy %3 (this position term has no scale).")
                         .arg(taskTitle(task))
                         .arg(last.step)
                         .arg(CellText::number(last.heldoutAccuracy, 3));
        const std::vector<ExtrapolationPoint> &longer = run == 0 ? progress.leftExtrapolation : progress.rightExtrapolation;
        if (!longer.empty() && longer.back().available)
            parts << tr("At length %1 (trained at %2): held-out accuracy %3.")
                         .arg(longer.back().length)
                         .arg(longer.front().length)
                         .arg(CellText::number(longer.back().accuracy, 3));
    }
    parts << tr("The source texts' 0.7 (sentiment) and 1.2–1.5 (translation) are claims with no experiment behind "
                "them; one run of a toy model is no evidence about such models either.");
    return parts.join(QLatin1Char(' '));
}

QString TrainingText::describe(const EncodingState &state)
{
    const Scene scene = state.scene();
    const TrainingConfig c = scene.training.configFor(false, scene.params);
    return tr("Training lab: two runs of %1 steps from the same initial weights (random seed %2), position term %3, "
              "scale starting at %4, its learning rate %5 × the others'. ")
               .arg(c.steps)
               .arg(c.seed)
               .arg(schemeTitle(c.scheme), CellText::number(c.scaleInit, 4), CellText::number(c.scaleLrRatio, 3))
           + tr("Tasks: %1 and %2.").arg(taskTitle(scene.training.left), taskTitle(scene.training.right));
}

} // namespace posenc

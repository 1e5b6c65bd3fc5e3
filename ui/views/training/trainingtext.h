// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/training.h"
#include "ui/state/scene.h"
#include "ui/views/training/trainingrun.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// The training lab's words: its choices' names, the verdict under its plots and Describe View.
class TrainingText
{
    Q_DECLARE_TR_FUNCTIONS(TrainingText)

public:
    // Describe View and the accessible description.
    static QString describe(const EncodingState &state);
    // The verdict: where the scale went on each task, against the source texts' claims.
    static QString verdict(const TrainingOptions &options, const TrainingProgress &progress);
    // The names of the choices, as the command line spells them.
    static QString taskTitle(TrainingTask task);
    static QString taskName(TrainingTask task); // one word: the legends and titles
    static QString schemeTitle(PositionScheme scheme);
};

} // namespace posenc

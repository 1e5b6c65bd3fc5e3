// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/state/scene.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace posenc {

struct ViewOption;

// `posenc-lab train`'s spelling of the training lab's options (beside the registry, not in the
// lab's folder: the command line reaches a view's own files only through the registry): the lab's flag without its
// prefix ("--steps" for "--train-steps"), the first task as "--task" and no second task (a run
// of the command is the lab's first task's), read, checked and written by the lab's own
// declarations, so that a run of the command is reproduced in the lab with the same values and
// words. The command parses with them; the lab's PyTorch export records its run with them.
namespace TrainingCommand {

struct Option {
    const ViewOption *option;
    QString flag;        // "steps"
    QStringList aliases; // the command's earlier spellings: "init" for "scale-init"
};
// In the lab's order (--d-model before --scale-init: d^-0.5 reads the width).
const QList<Option> &options();

// The command that trains the first task's run of `scene` and writes it to `output`:
// "train", every option with its value, the sinusoid's --base, --layout and --frequencies,
// "-o", output.
QStringList arguments(const Scene &scene, const QString &output);

} // namespace TrainingCommand

} // namespace posenc

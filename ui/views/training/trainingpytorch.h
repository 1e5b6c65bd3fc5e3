// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/training.h"
#include "core/trainingexport.h"
#include "ui/io/fileset.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace posenc {

// A training run as a self-contained PyTorch program: run.py (resources/pytorch/run.py with
// the run's settings written into it), run.npz (trainingRunArrays: the initial weights, the
// examples and the batches, NumPy's format, no pickle) and README.md (how to run it).
// `python3 run.py OUT.csv` redoes the run in float64 and writes `posenc-lab train`'s columns.
class TrainingPytorch
{
    Q_DECLARE_TR_FUNCTIONS(TrainingPytorch)

public:
    // The three files of the run of `config` (its steps are not taken: the program starts from
    // the initial weights), as a set for writeFileSet; `commandLine` reproduces the run with
    // posenc-lab. Nothing, with a one-line reason in `error`, if the archive could not be made.
    static std::optional<QList<SetFile>> files(const TrainingConfig &config, const QString &commandLine,
                                               QString *error);

    // run.py: the template with its settings block for `config`.
    static QByteArray program(const TrainingConfig &config, const QString &commandLine);
    // The arrays as a .npz: a zip archive of one .npy per array, stored uncompressed and dated
    // 1980-01-01 so that the same run writes the same bytes.
    static std::optional<QByteArray> npz(const std::vector<RunArray> &arrays, QString *error);
};

} // namespace posenc

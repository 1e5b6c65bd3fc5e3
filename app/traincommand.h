// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/training.h"

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace posenc {

// What `posenc-lab train` was asked for: the run, where to write it, and how to report.
struct TrainRequest {
    TrainingConfig config;
    QString output;        // -o: the CSV of the records (may be empty with --pytorch)
    QString pytorch;       // --pytorch: the folder of the run as a PyTorch program
    bool json = false;     // --json: a summary on stdout
    // Every option with its value, in one order ("train", "--task", "order", ..., "-o", FILE):
    // the reproducing command line recorded in the file.
    QStringList arguments() const;
};

// posenc-lab train --task order|bag [options] -o run.csv: the training lab headless.
// --pytorch DIR writes the run as a PyTorch program (ui/export/pytorchexport.h) into DIR, as
// one set (app/figureset.h: the three files whole or none of them); with -o as well, it trains too.
// Trains with core's Trainer in this thread and writes one CSV row per step: comment lines
// ("# " + the version, the reproducing command), then the header
//     step,task,loss,accuracy,heldout_loss,heldout_accuracy,scale,norm_ratio
// (numbers in their shortest round-trip form, so the same arguments give the same bytes).
// Written through SafeSave: a run that fails leaves no file and an old file as it was.
class TrainCommand
{
    Q_DECLARE_TR_FUNCTIONS(TrainCommand)

public:
    // The arguments after "train". Needs no QCoreApplication. On an invalid command line: the
    // one line to report (it names the option and its valid range). `help` is set for --help.
    struct Parsed {
        TrainRequest request;
        bool help = false;
        QString error;
    };
    static Parsed parse(const QStringList &arguments);

    // Every option parse() accepts, in the order of --help, and the values of an enumerated
    // one (empty for the others): the man page and the shell completion are made from them.
    static QList<QCommandLineOption> options();
    static QStringList choices(const QString &flag);

    // `posenc-lab train --help`.
    static QString helpText();

    // Trains and writes. 0, or 2 with one line on stderr (an unwritable -o or --pytorch).
    static int run(const TrainRequest &request);

    // The CSV of a finished run (what run() writes), and the JSON summary of --json.
    static QByteArray csv(const TrainRequest &request, const Trainer &trainer);
    static QByteArray summaryJson(const TrainRequest &request, const Trainer &trainer);
};

} // namespace posenc

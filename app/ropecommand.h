// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/ropeconfig.h"

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace posenc {

// What `posenc-lab rope` was asked for.
struct RopeRequest {
    QString config;                // the config.json
    std::optional<double> seqLen;  // --seq-len: the current sequence length
    QString layerType;             // --layer-type: of rope_parameters per layer type
    bool json = false;             // --json: one JSON object on stdout
};

// posenc-lab rope CONFIG.json [--seq-len N] [--layer-type NAME] [--json]: a Hugging Face
// model's config.json read by core's readRopeConfig as transformers reads it, and the
// frequencies of every rotary pair before and after its context extension, with what the
// reader noticed. Needs no display and no GUI application.
class RopeCommand
{
    Q_DECLARE_TR_FUNCTIONS(RopeCommand)

public:
    // The arguments after "rope". Needs no QCoreApplication. On an invalid command line: the
    // one line to report. `help` is set for --help.
    struct Parsed {
        RopeRequest request;
        bool help = false;
        QString error;
    };
    static Parsed parse(const QStringList &arguments);

    // Every option parse() accepts, in the order of --help (the man page and completion).
    static QList<QCommandLineOption> options();
    static QString helpText();

    // Reads and prints. 0, or 2 with one line on stderr (unreadable, or a config that cannot
    // be read: not JSON, an unknown rope_type, a list of the wrong length, a missing key).
    static int run(const RopeRequest &request);

    // What run() prints, for a config read.
    static QByteArray toJson(const RopeConfig &config);
    static QString toText(const QString &path, const RopeConfig &config);
};

} // namespace posenc

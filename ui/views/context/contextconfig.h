// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/ropeconfig.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace posenc {

// A model's config.json opened into the context-extension lab (--context-config, File > Open
// a Model's Config…): its bytes read once for each version of the file (its path, size and
// modification time), within kMaxRopeConfigBytes, then read by core (readRopeConfig) at the
// lab's current sequence length, which dynamic NTK and LongRoPE switch on.
struct ContextConfig {
    Q_DECLARE_TR_FUNCTIONS(ContextConfig)

public:
    std::optional<RopeConfig> config;
    QString error; // why there is none: one line naming the file and the key or the limit

    static ContextConfig read(const QString &path, double seqLen);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/ropeconfig.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

// What core's reader of a model's config.json (core/ropeconfig.h) found or refused, in the
// application's language, for `posenc-lab rope` and the context-extension lab alike: the
// sentence of its code with its names and numbers. A code this does not know, or args that do
// not fit its sentence, fall back to core's English line.
class RopeConfigText
{
    Q_DECLARE_TR_FUNCTIONS(RopeConfigText)

public:
    static QString error(const RopeConfigError &error);
    static QString finding(const RopeFinding &finding);
    // "info", "warning", "error" as a reader of the application's language says them.
    static QString severity(const std::string &severity);
    // A method's name for a person: "YaRN", "Llama 3.1 bands", "dynamic NTK", ...
    static QString methodName(RopeMethod method);
    // The same in a word or two, for a control or a legend: "PI", "YaRN", "Llama 3.1".
    static QString methodShortName(RopeMethod method);
};

} // namespace posenc

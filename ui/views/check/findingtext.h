// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingcheck.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace posenc {

// A finding of core's check in the language of the window: its sentence built with tr()
// from its code and evidence numbers (core's message is English, for the command line; a
// code this does not know falls back to it), its severity, its columns.
class FindingText
{
    Q_DECLARE_TR_FUNCTIONS(FindingText)

public:
    // The sentence of `finding` of `check` (which gives what the finding's numbers do not:
    // the precision found, the first position).
    static QString sentence(const Finding &finding, const EncodingCheck &check);
    // Its fix in the window's language: the formula, with the words around it translated
    // (a fix that is a formula alone is the engine's own).
    static QString fix(const Finding &finding);
    static QString severityLabel(Severity severity);
    // "0-5, 9, 12-14": consecutive columns as ranges.
    static QString columnRanges(const std::vector<int> &columns);
};

} // namespace posenc

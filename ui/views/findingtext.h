// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingcheck.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace posenc {

// The one text of a finding of core's check, in the application's language, for the check
// view, `posenc-lab check` and its JSON alike: its sentence and its fix built with tr() from
// its code, severity, numbers, evidence and words. Every code core/encodingcheck.h lists has
// a sentence here; only a code this does not know falls back to core's English message (and
// to core's fix).
class FindingText
{
    Q_DECLARE_TR_FUNCTIONS(FindingText)

public:
    // The sentence of `finding` of `check` (which gives what the finding's numbers do not: the
    // precision found, the convention, d_model); `options` are those the check ran with (a
    // residual within --atol is said so).
    static QString sentence(const Finding &finding, const EncodingCheck &check, const CheckOptions &options = {});
    // What to write instead, a formula with the words around it; empty where there is nothing
    // to fix (information, a residual, a matrix nothing explains).
    static QString fix(const Finding &finding, const EncodingCheck &check);
    static QString severityLabel(Severity severity);
    // "0–5, 9, 12–14": consecutive columns as ranges, so that 512 columns are one short line.
    static QString columnRanges(const std::vector<int> &columns);
};

} // namespace posenc

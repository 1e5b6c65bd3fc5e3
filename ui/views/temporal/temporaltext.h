// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/temporal.h"
#include "ui/views/descriptiontext.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// The temporal view's words: Describe View and the inspector's account of an entry of the
// temporal encoding.
class TemporalText : private DescriptionText
{
    Q_DECLARE_TR_FUNCTIONS(TemporalText)

public:
    // Describe View and the accessible description: what the view shows, with its numbers.
    static QString describe(const EncodingState &state);
    // sin or cos of 2π t / P for column `column` of the temporal encoding.
    static QString entry(const TemporalParams &temporal, double step, int column);
    // A map with more steps than rows of pixels shows means over boxes of them (a box filter:
    // sampling every s-th one would draw patterns that are not there). The map row holding
    // `step`, a mean over stepsPerBox steps: which steps, its mean and the closed form behind
    // it, then the step alone; the entry alone for 1.
    static QString temporalRow(const TemporalParams &temporal, double step, int column, int stepsPerBox);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/descriptiontext.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// The curves view's words: Describe View.
class CurvesText : private DescriptionText
{
    Q_DECLARE_TR_FUNCTIONS(CurvesText)

public:
    // Describe View and the accessible description: what the view shows, with its numbers.
    static QString describe(const EncodingState &state);
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "ui/views/descriptiontext.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// The spectrum view's words: Describe View and the inspector's account of a frequency.
class SpectrumText : private DescriptionText
{
    Q_DECLARE_TR_FUNCTIONS(SpectrumText)

public:
    // Describe View and the accessible description: what the view shows, with its numbers.
    static QString describe(const EncodingState &state);
    // w_i, the wavelength, and how it compares with seq_len.
    static QString frequency(const EncodingParams &params, int pair);
};

} // namespace posenc

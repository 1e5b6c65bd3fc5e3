// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "ui/views/descriptiontext.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// The rotation view's words: Describe View, the inspector's account of an entry of M_k, and
// how the view and its panels write their numbers, in one place because they write the same
// ones: the pair index as a subscript (w₁₂), residuals as a person writes them, wavelengths
// short enough for a clock's caption.
class RotationText : private DescriptionText
{
    Q_DECLARE_TR_FUNCTIONS(RotationText)

public:
    // Describe View and the accessible description: what the view shows, with its numbers.
    static QString describe(const EncodingState &state);
    // Entry (row, column) of M_k and where it comes from.
    static QString rotationEntry(const EncodingParams &params, int row, int column);

    // "₁₂" for 12, "₋₁" for −1.
    static QString subscript(int n);
    // A small number in scientific notation with true minus signs: "2.2e−16".
    static QString residualNumber(double value);
    // Three significant digits below 1000, a whole number from there on.
    static QString wavelengthText(double wavelength);
    // The notes under the view: a sine with no cosine partner (interleaved, odd d_model), the
    // split layout's zero column (odd d_model); empty where there is none.
    static QString loneColumnNote(const EncodingParams &params);
    static QString zeroColumnNote(const EncodingParams &params);
};

} // namespace posenc

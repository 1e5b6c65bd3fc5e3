// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace posenc {

// How the rotation view writes its numbers, in one place because the view and its panels
// write the same ones: the pair index as a subscript (w₁₂), residuals as a person writes them,
// wavelengths short enough for a clock's caption.
namespace RotationText {

// "₁₂" for 12, "₋₁" for −1.
QString subscript(int n);
// A small number in scientific notation with true minus signs: "2.2e−16".
QString residualNumber(double value);
// Three significant digits below 1000, a whole number from there on.
QString wavelengthText(double wavelength);

} // namespace RotationText

} // namespace posenc

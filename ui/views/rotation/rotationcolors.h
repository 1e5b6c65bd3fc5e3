// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>

namespace posenc {

// The colours of PE(pos) and PE(pos + k) everywhere in the rotation view (Okabe-Ito blue and
// vermillion) and of the angle k·w_i between them, defined once so that the arrows, the clock
// hands and the sentences naming them read as one figure.
namespace RotationColors {

inline const QColor position(0x00, 0x72, 0xb2);
inline const QColor shifted(0xd5, 0x5e, 0x00);
inline const QColor angle(0x00, 0x9e, 0x73);

} // namespace RotationColors

} // namespace posenc

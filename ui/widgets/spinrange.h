// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSpinBox>

#include <algorithm>

namespace posenc {

// Sets the range of `box` (as QSpinBox::setRange: a maximum below the minimum is the minimum)
// only when it differs. QSpinBox::setRange and setMaximum ask for a layout pass even when the
// range stays the same, and that pass goes up through every layout to the window: a view that
// follows the state on every step of a slider sets its spin boxes' ranges through this.
inline void setSpinRange(QSpinBox *box, int minimum, int maximum)
{
    if (box->minimum() != minimum || box->maximum() != std::max(minimum, maximum))
        box->setRange(minimum, maximum);
}

// The maximum only, as QSpinBox::setMaximum (a maximum below the minimum lowers the minimum).
inline void setSpinMaximum(QSpinBox *box, int maximum)
{
    setSpinRange(box, std::min(box->minimum(), maximum), maximum);
}

} // namespace posenc

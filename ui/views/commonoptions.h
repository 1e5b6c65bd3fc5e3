// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/viewdescriptor.h"

namespace posenc {

// Options that several views share, declared once here (each view's own options live in its
// folder): the chosen dimensions, drawn by the curves and spectrum views.
const ViewOption &dimensionsOption();

} // namespace posenc

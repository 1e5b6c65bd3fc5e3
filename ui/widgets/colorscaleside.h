// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCPAxisRect;
class QCPColorScale;

namespace posenc {

// Moves a colour map's colour bar above its axis rect (`above`: a compact figure, where a bar
// at the side left the map a sixth of a single column) or back to its right, in the plot
// layout's row `row` (the rect's row), keeping the bar aligned with the rect along its length.
void placeColorScale(QCPAxisRect *rect, QCPColorScale *scale, int row, bool above);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>

namespace posenc {

// A polyline with the points left out that lie within `tolerance` of the line drawn without
// them: every point given is within `tolerance` of the polyline returned, whose points are
// some of the points given, in their order, the first and last of each run among them.
// A point with a NaN (or infinite) coordinate is kept where it is: it breaks the line (as
// QCustomPlot draws it) and each run between such points is simplified on its own.
//
// One pass (sleeve fitting): from the last point kept, the directions a segment may take to
// pass within `tolerance` of every point since narrow to a cone, and the run is cut where the
// next point falls outside it or comes back nearer than the one before. matplotlib draws its
// lines on pixels so, with a tolerance of 1/9 pixel (path.simplify_threshold).
QList<QPointF> simplifyPolyline(const QList<QPointF> &points, double tolerance);

// Whether both coordinates are numbers: a point that is not breaks a line as QCustomPlot
// draws it.
bool isFinite(const QPointF &p);

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/polyline.h"

#include <cmath>

namespace posenc {

bool isFinite(const QPointF &p)
{
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

namespace {

// The run from `anchor`, as it grows: the cone of directions that a segment from the anchor
// may take and pass within the tolerance of every point of the run, between two unit vectors
// (counter-clockwise from `m_low` to `m_high`, less than a half-turn apart).
class Sleeve
{
public:
    Sleeve(QPointF anchor, double tolerance) : m_anchor(anchor), m_tolerance(tolerance) {}

    // Whether the segment from the anchor to p passes within the tolerance of every point of
    // the run; if so, p joins the run and narrows the cone.
    bool extend(const QPointF &p)
    {
        const double dx = p.x() - m_anchor.x(), dy = p.y() - m_anchor.y();
        const double squared = dx * dx + dy * dy;
        if (squared < m_farthest) // back towards the anchor: a point of the run would lie past the end
            return false;
        m_farthest = squared;
        if (squared <= m_tolerance * m_tolerance) // within the tolerance of the anchor: any direction serves it
            return true;
        if (m_directed && (cross(m_lowX, m_lowY, dx, dy) < 0 || cross(dx, dy, m_highX, m_highY) < 0))
            return false;
        // The directions that pass within the tolerance of p: its own, turned either way by
        // asin(tolerance / distance).
        const double distance = std::sqrt(squared);
        const double ux = dx / distance, uy = dy / distance;
        const double sine = m_tolerance / distance, cosine = std::sqrt(1 - sine * sine);
        const double lowX = ux * cosine + uy * sine, lowY = uy * cosine - ux * sine;
        const double highX = ux * cosine - uy * sine, highY = uy * cosine + ux * sine;
        if (!m_directed || cross(m_lowX, m_lowY, lowX, lowY) > 0) {
            m_lowX = lowX;
            m_lowY = lowY;
        }
        if (!m_directed || cross(highX, highY, m_highX, m_highY) > 0) {
            m_highX = highX;
            m_highY = highY;
        }
        m_directed = true;
        return true;
    }

private:
    static double cross(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

    QPointF m_anchor;
    double m_tolerance;
    double m_farthest = 0; // squared distance of the run's last point
    bool m_directed = false;
    double m_lowX = 0, m_lowY = 0, m_highX = 0, m_highY = 0;
};

} // namespace

QList<QPointF> simplifyPolyline(const QList<QPointF> &points, double tolerance)
{
    const qsizetype n = points.size();
    if (n < 3 || !(tolerance > 0))
        return points;
    QList<QPointF> kept;
    kept.reserve(n);
    qsizetype i = 0;
    while (i < n) {
        if (!isFinite(points[i])) {
            kept.append(points[i++]);
            continue;
        }
        // A run of finite points from i: keep its first, then the end of each sleeve.
        qsizetype anchor = i;
        kept.append(points[anchor]);
        Sleeve sleeve(points[anchor], tolerance);
        qsizetype last = anchor; // the last point of the current sleeve
        for (++i; i < n && isFinite(points[i]); ++i) {
            if (sleeve.extend(points[i])) {
                last = i;
                continue;
            }
            // Cut at the sleeve's last point; the new sleeve starts there and takes this one.
            kept.append(points[last]);
            anchor = last;
            sleeve = Sleeve(points[anchor], tolerance);
            sleeve.extend(points[i]); // the first step of a sleeve always fits
            last = i;
        }
        if (last != anchor)
            kept.append(points[last]);
    }
    return kept;
}

} // namespace posenc

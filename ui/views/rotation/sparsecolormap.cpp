// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/sparsecolormap.h"

namespace posenc {

void SparseColorMap::cellsChanged(const QList<QPoint> &cells)
{
    if (!m_all)
        m_changed.append(cells);
}

void SparseColorMap::allChanged()
{
    m_all = true;
    m_changed.clear();
}

void SparseColorMap::updateMapImage()
{
    QCPColorMapData *map = data(); // cell() is not const
    const int keySize = map->keySize();
    const int valueSize = map->valueSize();
    const bool logarithmic = dataScaleType() == QCPAxis::stLogarithmic;
    // Only the simple case is done cell by cell: keys along a horizontal axis, no alpha, and
    // an image of one pixel per cell (QCPColorMap oversamples maps under 100 cells a side
    // and draws those from a second image; they are small enough to recolour whole).
    const bool oneToOne = !interpolate() && keySize >= 100 && valueSize >= 100;
    const bool sameColouring = m_gradient == gradient() && m_range == dataRange() && m_logarithmic == logarithmic
                               && m_size == QSize(keySize, valueSize) && mMapImage.size() == m_size;
    if (m_all || mMapImageInvalidated || !oneToOne || !sameColouring || !keyAxis()
        || keyAxis()->orientation() != Qt::Horizontal) {
        QCPColorMap::updateMapImage();
        m_gradient = gradient();
        m_range = dataRange();
        m_logarithmic = logarithmic;
        m_size = QSize(keySize, valueSize);
        m_all = false;
        m_changed.clear();
        return;
    }
    // QCPColorMap's data keeps a "modified" flag that only QCPColorMap's own update clears:
    // after a partial one each draw comes here again, with nothing left to recolour.
    for (const QPoint &cell : std::as_const(m_changed)) {
        if (cell.x() < 0 || cell.y() < 0 || cell.x() >= keySize || cell.y() >= valueSize)
            continue;
        const double value = map->cell(cell.x(), cell.y());
        // Scanlines from the top, value index from the bottom, as QCPColorMap fills them.
        auto *pixel = reinterpret_cast<QRgb *>(mMapImage.scanLine(valueSize - 1 - cell.y())) + cell.x();
        gradient().colorize(&value, dataRange(), pixel, 1, 1, logarithmic);
    }
    m_changed.clear();
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/sparsecolormap.h"

namespace posenc {

void SparseColorMap::cellsChanged(const QList<QPoint> &cells)
{
    if (!m_all || m_filled)
        m_changed.append(cells);
}

void SparseColorMap::allFilled(double value)
{
    m_all = true;
    m_filled = true;
    m_fill = value;
    m_changed.clear();
}

void SparseColorMap::allChanged()
{
    m_all = true;
    m_filled = false;
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
    const bool oneToOne = !interpolate() && int(1.0 + 100.0 / double(keySize)) == 1
                          && int(1.0 + 100.0 / double(valueSize)) == 1; // QCPColorMap's factor: over 100 cells
    const bool sameColouring = m_gradient == gradient() && m_range == dataRange() && m_logarithmic == logarithmic
                               && m_size == QSize(keySize, valueSize) && mMapImage.size() == m_size;
    const bool horizontal = keyAxis() && keyAxis()->orientation() == Qt::Horizontal;
    if (m_all && m_filled && oneToOne && horizontal && !map->isEmpty()) {
        // The image QCPColorMap makes (one pixel a cell, premultiplied ARGB), filled with the
        // colour of the value every cell was given, then the cells written since coloured
        // one by one: the colours a full recolouring gives, each from colorize of its value.
        const QSize size(keySize, valueSize);
        if (mMapImage.size() != size || mMapImage.format() != QImage::Format_ARGB32_Premultiplied)
            mMapImage = QImage(size, QImage::Format_ARGB32_Premultiplied);
        mUndersampledMapImage = QImage();
        m_gradient = gradient();
        QRgb fill = 0;
        m_gradient.colorize(&m_fill, dataRange(), &fill, 1, 1, logarithmic);
        mMapImage.fill(fill);
        m_range = dataRange();
        m_logarithmic = logarithmic;
        m_size = size;
        m_all = false;
        m_filled = false;
        mMapImageInvalidated = false;
    } else if (m_all || mMapImageInvalidated || !oneToOne || !sameColouring || !horizontal) {
        QCPColorMap::updateMapImage();
        m_gradient = gradient();
        m_range = dataRange();
        m_logarithmic = logarithmic;
        m_size = QSize(keySize, valueSize);
        m_all = false;
        m_filled = false;
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
        // With m_gradient (the map's gradient, sameColouring), a copy kept: gradient() returns a
        // new copy whose colour table is made on first use, 350 colours for every cell.
        m_gradient.colorize(&value, dataRange(), pixel, 1, 1, logarithmic);
    }
    m_changed.clear();
}

} // namespace posenc

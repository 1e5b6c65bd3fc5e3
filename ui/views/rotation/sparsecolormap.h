// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPoint>
#include <qcustomplot.h>

namespace posenc {

// M_k's colour map: after a change of k it recolours only the cells that changed, where
// QCPColorMap recolours every cell of its image after any change (262,144 at d_model 512,
// QCPColorMap::updateMapImage about 8 % of a k change). M_k has at most two entries per row,
// so a new k changes at most 2 d_model cells: those cleared and those set. Each changed cell
// gets the colour QCPColorMap would give it (QCPColorGradient::colorize of its value, the
// same function on the same value), so the image is the one a full recolouring gives.
// Whoever writes the data says which cells it wrote (cellsChanged) or that any may have
// (allChanged: a new size, a fill); the gradient, the data range and the image's size are
// checked here, and any change of them recolours everything.
class SparseColorMap : public QCPColorMap
{
public:
    using QCPColorMap::QCPColorMap;

    // The cells (key index, value index) written since the last draw.
    void cellsChanged(const QList<QPoint> &cells);
    // Any cell may have been written: the next draw recolours them all.
    void allChanged();
    // Every cell was set to `value` (QCPColorMapData::fill), and those listed by cellsChanged
    // from now until the next draw were written after: the next draw fills the image with
    // value's colour and colours only those cells (a new d_model: 262,144 cells coloured one by
    // one were 10 % of the change at 512; M_k has at most two entries a row).
    void allFilled(double value);

protected:
    void updateMapImage() override;

private:
    // What the image was coloured with when every cell was last recoloured.
    // (Also the one that colours cells: its colour table is made once.)
    QCPColorGradient m_gradient;
    QCPRange m_range;
    QSize m_size;
    bool m_logarithmic = false;
    bool m_all = true;
    bool m_filled = false; // m_all, and every cell not in m_changed holds m_fill
    double m_fill = 0;
    QList<QPoint> m_changed;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <qcustomplot.h>

#include <algorithm>

namespace posenc {

// Colour-map cells written all at once from a matrix (the similarity matrix, the spectrum of
// every dimension). setCell costs a call and two comparisons per cell, for up to a million
// cells, a visible share of a change; QCustomPlot 2.1 keeps the cells in the protected array mData, row after row of
// values (valueIndex · keySize + keyIndex, as in setCell), which a row-major matrix
// [values, keys] matches element for element.
class MatrixColorMapData : public QCPColorMapData
{
public:
    using QCPColorMapData::QCPColorMapData;

    // Cell (key b, value a) = values(a, b); values has the map's size.
    void setCells(const RowMatrixXd &values)
    {
        Q_ASSERT(values.rows() == valueSize() && values.cols() == keySize());
        std::copy(values.data(), values.data() + values.size(), mData);
        mDataBounds = QCPRange(values.minCoeff(), values.maxCoeff());
        mIsEmpty = false;
        mDataModified = true;
    }
};

} // namespace posenc

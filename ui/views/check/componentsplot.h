// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingcheck.h"
#include "ui/widgets/plot.h"

namespace posenc {

// A learned table's first two principal components against each other, one point per
// position joined in the order of the positions, the first and the last position named: the
// picture in which GPT-2's learned table traces a curve. core computes the components
// (EncodingCheck::LearnedTable); this plot only draws them.
class ComponentsPlot : public Plot
{
    Q_OBJECT

public:
    explicit ComponentsPlot(QWidget *parent = nullptr);

    // Draws `table` of a file whose row 0 is position `firstPosition`; nothing when it has
    // fewer than two components.
    void setTable(const EncodingCheck::LearnedTable &table, double firstPosition);
    void clearTable();
    // The curve drawn (for the tests): its points are the scores of the positions.
    QCPCurve *curve() const { return m_curve; }

private:
    QCPCurve *m_curve;
    QCPItemText *m_first;
    QCPItemText *m_last;
};

} // namespace posenc

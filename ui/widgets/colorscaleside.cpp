// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/colorscaleside.h"

#include <qcustomplot.h>

namespace posenc {

void placeColorScale(QCPAxisRect *rect, QCPColorScale *scale, int row, bool above)
{
    QCPLayoutGrid *grid = rect->parentPlot()->plotLayout();
    QCPMarginGroup *margins = rect->marginGroup(above ? QCP::msTop : QCP::msLeft);
    const QCP::MarginSides along = above ? QCP::msLeft | QCP::msRight : QCP::msTop | QCP::msBottom;
    const QCP::MarginSides across = above ? QCP::msTop | QCP::msBottom : QCP::msLeft | QCP::msRight;
    grid->take(scale);
    grid->simplify();
    for (QCPLayoutElement *element : {static_cast<QCPLayoutElement *>(rect), static_cast<QCPLayoutElement *>(scale)}) {
        element->setMarginGroup(across, nullptr);
        element->setMarginGroup(along, margins);
    }
    // A layout element keeps the largest margins it ever had (QCPLayoutElement's
    // calculateAutoMargin): the scale starts afresh from none.
    scale->setMargins(QMargins());
    scale->setType(above ? QCPAxis::atTop : QCPAxis::atRight);
    // QCPColorScale keeps the image of its bar across a change of type: a gradient set anew
    // redraws it.
    const QCPColorGradient gradient = scale->gradient();
    scale->setGradient(QCPColorGradient());
    scale->setGradient(gradient);
    if (above) {
        grid->insertRow(row);
        grid->addElement(row, 0, scale);
        grid->setRowStretchFactor(row, 0.001);
    } else {
        grid->addElement(row, 1, scale);
    }
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QString>
#include <QWidget>

class QCPCurve;
class QCPItemLine;
class QCPItemText;
class QCustomPlot;
class QLabel;

namespace posenc {

// The rotation view's unit circle: the chosen pair's (sin, cos) at pos and at pos + k as two
// arrows from the centre, the angle k·w_i between them as an arc, and a legend below. A widget
// of its own because it keeps the circle round and its labels clear of each other and of the
// arrow tips at any size, which no other part of the view has to know.
class RotationCirclePanel : public QWidget
{
    Q_OBJECT

public:
    explicit RotationCirclePanel(QWidget *parent = nullptr);

    // Shows pair `pair` of `params` at pos = params.position and k = params.offset.
    void setPair(const EncodingParams &params, int pair);

    QCustomPlot *plot() const { return m_plot; }
    QCPItemLine *positionArrow() const { return m_posArrow; }
    QCPItemLine *shiftedArrow() const { return m_shiftedArrow; }
    QCPCurve *angleArc() const { return m_arc; }
    QString angleText() const;
    QLabel *legend() const { return m_legend; }

private:
    // Equal scales on both axes, and the arrows' labels placed where they can be read.
    void keepRound();
    void placeLabels();

    QCustomPlot *m_plot = nullptr;
    // Half the side of the square the circle is drawn in (its radius and a margin): the
    // shorter axis of the plot shows this much each side of 0.
    double m_halfRange = 1.25;
    QCPCurve *m_circleCurve = nullptr;
    QCPCurve *m_arc = nullptr;
    QCPItemLine *m_arcHead = nullptr;
    QCPItemText *m_arcLabel = nullptr;
    QCPItemLine *m_posArrow = nullptr;
    QCPItemLine *m_shiftedArrow = nullptr;
    QCPItemText *m_posLabel = nullptr;
    QCPItemText *m_shiftedLabel = nullptr;
    QCPItemText *m_noonLabel = nullptr;
    QLabel *m_legend = nullptr;
    // Replots keepRound asked for since the last setPair: a range whose tick labels change
    // the axis rect's shape can change the range back, so a few passes settle it, never more.
    int m_roundPasses = 0;
};

} // namespace posenc

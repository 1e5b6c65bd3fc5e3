// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/widgets/graph.h"

#include <QList>
#include <QWidget>

#include <optional>
#include <utility>

class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QMouseEvent;

namespace posenc {


class EncodingState;

// Chosen columns of PE against position, as the seed text's figure draws them: each column is
// a sinusoid of its own frequency, drawn smooth between positions, with the integer
// positions (the rows of the matrix) as dots. Vertical markers at pos and pos + k.
class CurvesView : public QWidget
{
    Q_OBJECT

public:
    explicit CurvesView(EncodingState *state, QWidget *parent = nullptr);
    ~CurvesView() override;

    QCustomPlot *plot() const { return m_plot; }
    QLineEdit *dimensionsEntry() const { return m_entry; }
    QString dimensionsError() const;

    // The smooth curve and the dots at integer positions of the i-th drawn dimension.
    Graph *curve(int index) const { return m_curves.value(index); }
    QCPGraph *samples(int index) const { return m_samples.value(index); }
    int curveCount() const { return int(m_curves.size()); }
    // The positions at which the pos and pos + k markers stand.
    double positionMarker() const;
    double shiftedMarker() const;
    // Their labels, "pos" and "pos + k".
    QCPItemText *positionLabel() const { return m_posLabel; }
    QCPItemText *shiftedLabel() const { return m_shiftedLabel; }
    // What the line above the plot says where the curves in view are denser than the pixels
    // (empty where they are not).
    QString densityNote() const;

    void refresh();

    // The (position, column) a click at `pixel` picks: the nearest integer position in the
    // sequence, and the drawn curve closest to the pointer there; nothing outside the plot.
    std::optional<std::pair<double, int>> pointAt(const QPointF &pixel) const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onStateChanged();
    void onDimensionsEdited();
    void onMousePress(QMouseEvent *event);
    // Whether the band of the labels changed its height (another layout due).
    bool placeMarkerLabels();
    // The curves' data and pens for the positions in view: sampled afresh after a change of
    // the parameters, or of the zoom where it changes how they are drawn.
    void fillCurves(bool parametersChanged);
    void updateDensityNote(const QList<int> &dimensions, const QList<double> &periodPixels);

    EncodingState *m_state;
    QLineEdit *m_entry;
    QLabel *m_error;
    QLabel *m_densityNote;
    QCustomPlot *m_plot;
    QList<Graph *> m_curves;
    QList<QCPGraph *> m_samples;
    QCPItemStraightLine *m_posLine;
    QCPItemStraightLine *m_shiftedLine;
    QCPItemText *m_posLabel;
    QCPItemText *m_shiftedLabel;
    bool m_dirty = true;
    bool m_filling = false; // refresh() sets the ranges
    // How the curves were last sampled and drawn.
    struct Sampling {
        int perPosition;
        int bins;
        QList<int> dimensions;
        QList<double> periodPixels;
    };
    std::optional<Sampling> m_sampling;
};

} // namespace posenc

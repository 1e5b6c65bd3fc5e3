// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/temporal.h"

#include <QList>
#include <QPointF>
#include <QWidget>

#include <optional>
#include <utility>

class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;
class QFont;
class QGridLayout;
class QLabel;
class QLineEdit;
class QMouseEvent;
class QSpinBox;
class QToolButton;

namespace posenc {

class EncodingState;

// The periodic encodings of time steps (the seed's temporal_position_encoding): for each
// period P the pair sin(2πt/P), cos(2πt/P), as a crisp [steps × 2·periods] image, as curves
// against t, and as a point on a unit circle per period showing where the probe step t lands
// (t and t + P land on the same point). Periods and steps are edited here.
// The entries are in temporalentries.cpp, the circles in temporalcircles.cpp, the colour map
// and the curves in temporalview.cpp.
class TemporalView : public QWidget
{
    Q_OBJECT

public:
    // The colour map holds at most this many rows and the curves at most kMaxCurvePoints
    // points; a longer series is shown as the means of boxes of consecutive steps in the map
    // and as its envelope in the curves (the screen has no more pixels than that).
    static constexpr int kMaxMapRows = 1024;
    static constexpr int kMaxCurvePoints = 2048;

    explicit TemporalView(EncodingState *state, QWidget *parent = nullptr);
    ~TemporalView() override;

    QLineEdit *periodsEntry() const { return m_periods; }
    QSpinBox *stepsBox() const { return m_steps; }
    QToolButton *addButton() const { return m_add; }
    QToolButton *removeButton() const { return m_remove; }
    // Why the last entry was refused, or empty.
    QString errorText() const;
    QString noteText() const;

    QCustomPlot *mapPlot() const { return m_mapPlot; }
    QCPColorMap *colorMap() const { return m_map; }
    QCPColorScale *colorScale() const { return m_scale; }
    // How many steps each row of the colour map averages (1: the rows are the steps): the
    // rows are boxes of n consecutive steps, from a whole multiple of n, the last one shorter
    // where the steps end, at most one per device pixel of the steps in view.
    int stepsPerBox() const { return m_stepsPerBox; }

    QCustomPlot *curvesPlot() const { return m_curvesPlot; }
    // Column `column` of the encoding against t (sin of period j at 2j, cos at 2j + 1).
    QCPGraph *curve(int column) const { return m_curves.value(column); }
    int curveCount() const { return int(m_curves.size()); }
    double stepMarker() const;
    QCPItemText *stepLabel() const { return m_stepLabel; }

    QCustomPlot *circlesPlot() const { return m_circlesPlot; }
    int circleCount() const { return int(m_circlePoints.size()); }
    // Where step t lands on the circle of period j: (sin 2πt/P, cos 2πt/P).
    QPointF circlePoint(int period) const { return m_circlePoints.value(period); }
    // "P = 24\nt mod P = 10".
    QString circleLabel(int period) const;
    // The quarter marks of the circle of period j: "t = 0", "P/4", "P/2", "3P/4".
    QList<QCPItemText *> circleMarks(int period) const { return m_circleMarks.mid(4 * period, 4); }

    // The explanation shown when hovering column `column` of the colour map at step `step`:
    // the step's value, or, where a row of the map is the mean of a box of steps, that mean,
    // how it is computed, and the value of the step alone.
    // (TemporalText::temporalRow, which the inspector shows too.)
    QString cellToolTip(int step, int column) const;

    // Rebuilds the plots from the state (called on every change while visible).
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;

private:
    // "24": a period as the ticks, the legend and the circles name it.
    static QString periodName(double period);
    // The plot's font, at least 10 pt, and `extra` points larger.
    static QFont plotFont(const QCustomPlot *plot, double extra = 0);
    // The labels, entries and buttons of the periods and steps, in a grid.
    QGridLayout *buildEntries();
    void onStateChanged();
    void onPeriodsEdited();
    void onStepsEdited();
    void onAddPeriod();
    void onRemovePeriod();
    void apply(const TemporalParams &temporal);
    void showEntries();
    void onMapMouseMove(QMouseEvent *event);
    void onMapMousePress(QMouseEvent *event);
    // The (step, column) under a pixel of the colour map, if any.
    std::optional<std::pair<int, int>> cellAt(const QPointF &pixel) const;
    // The colour map: the box means of the steps in view, at most a row per device pixel.
    void fitMap();
    // Where step t lands on the circle of each period; seriesChanged: periods or steps did.
    void refreshCircles(const TemporalParams &temporal, double t, bool seriesChanged);
    void rebuildCircles(int count);
    void keepCirclesRound();
    // The label of t = pos above the curves' frame; whether its band changed (MarkerLabels).
    bool placeStepLabel();

    EncodingState *m_state;
    QLineEdit *m_periods;
    QToolButton *m_add;
    QToolButton *m_remove;
    QSpinBox *m_steps;
    QLabel *m_error;
    QLabel *m_probe;
    QLabel *m_note;
    QCustomPlot *m_mapPlot;
    QCPTextElement *m_mapTitle;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    // The colour bar's ticks: kept here, since a figure wraps the axis's ticker in its own.
    QSharedPointer<QCPAxisTickerFixed> m_scaleTicks;
    QCPItemStraightLine *m_mapStepLine;
    QCustomPlot *m_curvesPlot;
    QList<QCPGraph *> m_curves;
    QCPItemStraightLine *m_stepLine;
    QCPItemText *m_stepLabel;
    QCustomPlot *m_circlesPlot;
    QList<QCPTextElement *> m_circleTitles;
    QList<QCPGraph *> m_circleDots;
    QList<QCPItemText *> m_circleMarks; // four per circle, in the order of circleMarks()
    double m_circleDotSize = 13;         // the dot of t, smaller on a small page
    bool m_compact = false;              // a figure on a small page
    // Its clocks titled by their period alone, with "t = 0" their only mark: a small page that
    // is not wide (a slide has room for the whole clocks).
    bool m_compactClocks = false;
    QList<QPointF> m_circlePoints;
    int m_stepsPerBox = 1;
    struct MapGrid {
        int stepsPerBox = 1;
        int firstBox = 0;
        int boxes = 0;
        bool operator==(const MapGrid &) const = default;
    };
    std::optional<MapGrid> m_mapGrid;         // what the colour map holds
    std::optional<TemporalParams> m_mapTemporal; // and for which parameters
    std::optional<TemporalParams> m_shownTemporal; // what the entries show
    bool m_dirty = true;
};

} // namespace posenc

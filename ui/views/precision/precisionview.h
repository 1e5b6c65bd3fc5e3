// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/encodingparams.h"
#include "core/precision.h"

#include <QMargins>
#include <QWidget>

#include <optional>
#include <utility>

class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QComboBox;
class QHBoxLayout;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace posenc {

class CellHighlight;
class EncodingState;

// The precision lab: the encoding as a model computes it in float32, float16 or
// bfloat16 (core/precision.h: the position, the frequency and the angle rounded before the
// sine, then the value), against the float64 encoding. Three panels: the error value_h - PE
// as a heatmap (rows are positions, columns dimensions, a colour bar symmetric about zero;
// with more cells than pixels each pixel shows the largest error under it, never a mean that
// would cancel), the phase error |theta_h - pos w_i| of the pairs of the chosen dimensions on
// a log axis, and a verdict: how many positions share their whole vector with another one.
// float16 positions from 65520 on round to infinity: their rows are greyed and marked.
class PrecisionView : public QWidget
{
    Q_OBJECT

public:
    explicit PrecisionView(EncodingState *state, QWidget *parent = nullptr);
    ~PrecisionView() override;

    QComboBox *precisionBox() const { return m_precisionBox; }
    QLabel *verdictLabel() const { return m_verdict; }
    QLabel *definitionLabel() const { return m_definition; }
    QCustomPlot *errorPlot() const { return m_errorPlot; }
    QCPColorMap *errorMap() const { return m_map; }
    QCPColorScale *errorScale() const { return m_scale; }
    QCustomPlot *phasePlot() const { return m_phasePlot; }
    // What the error map holds: the block of the matrix and its boxes.
    const BoxGrid &mapGrid() const { return m_mapGrid; }
    // The outline of the cell the inspector explains.
    CellHighlight *cellHighlight() const { return m_highlight; }
    QLabel *zoomHint() const { return m_hint; }

    void refresh();

    // The one-line verdict for `collisions` at `precision`, as the view shows it.
    static QString verdict(const EncodingParams &params, Precision precision,
                           const PrecisionCollisions &collisions);
    // The definition of "computed in precision h", with h named.
    static QString definition(Precision precision);
    // The inspector's text for the cell (pos, column): every rounding, the exact values and
    // the error; for a pixel over a box of rowsPerBox x columnsPerBox cells, which box it is.
    static QString cellExplanation(const EncodingParams &params, Precision precision, double pos,
                                   int column, int rowsPerBox = 1, int columnsPerBox = 1);
    // Describe View: the verdict, the worst error and where, the largest phase error.
    static QString describe(const EncodingState &state);
    // The pairs whose phase error is drawn: those of the chosen dimensions below d_model, in
    // order, each once, at most kMaxPairs (pair 0 when none is chosen).
    static constexpr int kMaxPairs = 6;
    static QList<int> drawnPairs(const EncodingParams &params, const QList<int> &dimensions);
    // The name shown for a precision ("bfloat16").
    static QString precisionLabel(Precision precision);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onStateChanged();
    void onMouseMove(QMouseEvent *event);
    void onMousePress(QMouseEvent *event);
    std::optional<std::pair<int, int>> cellAt(const QPointF &pixel) const;
    void moveHighlight();
    void fitMap();
    void refreshPhase();
    QCPRange phaseRange() const;
    void fitPhaseRange();
    void refreshOverflow();

    EncodingState *m_state;
    QComboBox *m_precisionBox;
    QLabel *m_verdict;
    QLabel *m_definition;
    QLabel *m_note;
    QCustomPlot *m_errorPlot;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPItemRect *m_overflowBand;
    QCPItemStraightLine *m_limitLine;
    QCPItemText *m_limitLabel;
    QCustomPlot *m_phasePlot;
    QLabel *m_hint;
    CellHighlight *m_highlight;
    bool m_dirty = true;
    bool m_compact = false; // the compact figure layout (PlotStyle::watchFigureLayout)
    // The smallest and largest angle error drawn (0: none), and the range last fitted to them.
    double m_lowestError = 0;
    double m_highestError = 0;
    QCPRange m_fittedPhaseRange;
    // The on-screen legend's spacing, put back when a compact figure's layout is left.
    int m_legendPadding = 0;
    int m_legendSpacing = 0;
    QMargins m_legendMargins;
    // Where the colour bar ends when it stops short of the largest error (fitMap), else 0.
    double m_colourLimit = 0;
    QHBoxLayout *m_plots = nullptr; // the error map's plot and the phase errors'
    // The colour bar's title: what it shows, and where its colours end if before the largest.
    void labelScale();
    struct Shown {
        EncodingParams params;
        Precision precision;
        bool operator==(const Shown &) const = default;
    };
    std::optional<Shown> m_shown;    // what the plots show
    std::optional<Shown> m_mapShown; // what the colour map was computed for
    BoxGrid m_mapGrid;
    QString m_boxNote;      // what a pixel of the map shows
    QString m_overflowNote; // where float16 cannot hold the positions
};

} // namespace posenc

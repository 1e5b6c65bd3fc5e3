// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QList>
#include <QWidget>

#include <functional>
#include <optional>

class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLegend;
class QCPScatterStyle;
class QCustomPlot;
class QMouseEvent;

namespace posenc {

class EncodingState;

// The frequencies of the encoding, in three panels of one plot (so that a figure export
// holds all three):
//  1. the frequency ladder: wavelength 2π/w_i against pair i on a log axis (w_i on the
//     mirrored right axis), with seq_len and the temporal periods as horizontal lines and
//     the pairs longer than seq_len marked: they barely change over the sequence;
//  2. the amplitude spectrum (DFT along positions) of the chosen dimensions, each with a
//     dashed line where its peak is expected, at w_i/(2π) cycles per position;
//  3. the amplitude spectrum of every dimension as a colour map.
// Clicking a ladder point asks the inspector to explain that frequency.
class SpectrumView : public QWidget
{
    Q_OBJECT

public:
    explicit SpectrumView(EncodingState *state, QWidget *parent = nullptr);

    QCustomPlot *plot() const { return m_plot; }
    QCPAxisRect *ladderRect() const { return m_ladderRect; }
    QCPAxisRect *spectrumRect() const { return m_spectrumRect; }
    QCPAxisRect *heatmapRect() const { return m_heatmapRect; }

    // Panel 1: (i, 2π/w_i) for every pair; the pairs whose wavelength exceeds seq_len; the
    // line at wavelength = seq_len; one dashed line per temporal period; the end labels.
    QCPGraph *ladderGraph() const { return m_ladder; }
    QCPGraph *longWavelengthGraph() const { return m_long; }
    QCPItemStraightLine *seqLenLine() const { return m_seqLenLine; }
    QCPItemText *seqLenLabel() const { return m_seqLenLabel; }
    int periodLineCount() const { return int(m_periodLines.size()); }
    QCPItemStraightLine *periodLine(int index) const { return m_periodLines.value(index); }
    QCPItemText *periodLabel(int index) const { return m_periodLabels.value(index); }
    QCPItemText *firstWavelengthLabel() const { return m_firstLabel; }
    QCPItemText *lastWavelengthLabel() const { return m_lastLabel; }

    // Panel 2: one graph per drawn dimension (the chosen ones below d_model, in order).
    int spectrumCount() const { return int(m_spectra.size()); }
    QCPGraph *spectrumGraph(int index) const { return m_spectra.value(index); }
    int spectrumDimension(int index) const { return m_spectrumDims.value(index, -1); }
    // The vertical line at the expected peak w_i/(2π); hidden for a zero column.
    QCPItemStraightLine *expectedPeakLine(int index) const { return m_peakLines.value(index); }

    // Panel 3: key = dimension, value = frequency in cycles per position.
    QCPColorMap *colorMap() const { return m_map; }
    QCPColorScale *colorScale() const { return m_scale; }
    // Every how many dimensions the colour map holds one (1 unless the size is large).
    int heatmapColumnStep() const { return m_columnStep; }
    // How many DFT bins one colour-map row covers (the largest of them is shown).
    int heatmapBinsPerRow() const { return m_binsPerRow; }

    // The pair whose ladder point is under (or within a few pixels of) `pixel`, if any.
    std::optional<int> pairAt(const QPointF &pixel) const;

    // Rebuilds the plot from the state (called on every change while visible).
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    // Under 44 lines of its font wide: a compact figure's labels in short, the spectra's
    // legend in one column beside the ladder.
    bool isNarrow() const;

private:
    void onStateChanged();
    void onMousePress(QMouseEvent *event);
    void onMouseMove(QMouseEvent *event);
    void setupLadder();
    void setupSpectrum();
    void setupHeatmap();
    void refreshLadder();
    void refreshSpectrum(bool spectraChanged);
    void refreshHeatmap();
    // Keeps the right (w_i) axis the mirror image of the left (wavelength) axis.
    void syncFrequencyAxis();
    // Raises the top of the ladder's range so that the last wavelength's label fits below it.
    void keepEndLabelsInside();
    void keepLadderTallForItsLabels();
    // After each layout: the ladder's markers for the panel's width, then the line labels.
    void placeLineLabels();
    double ladderMarkerSize() const;
    void setLadderMarkers(double size);

    EncodingState *m_state;
    QCustomPlot *m_plot;
    // A compact figure: more room under the ladder's first point for its label.
    bool m_compact = false;
    // A screen too short for three panels under titles (a 1280x720 projector): the titles
    // give their lines to the panels (the caption above the view says what they show).
    bool m_untitled = false;
    // A compact figure on a wide page (a double column, a slide): the ladder beside the two
    // spectra, each column under its titles.
    bool m_wide = false;
    bool m_narrow = false; // isNarrow() when last arranged
    QCPLayoutGrid *m_leftColumn = nullptr;
    QCPLayoutGrid *m_rightColumn = nullptr;
    QCPMarginGroup *m_rightLeft = nullptr; // the left edges of the two spectra side by side
    std::function<void(bool compact)> m_arrange;

    QCPAxisRect *m_ladderRect;
    QCPLegend *m_ladderLegend;
    QCPGraph *m_ladder;
    QCPGraph *m_long;
    double m_ladderMarkerSize = -1; // in pixels, 0: none
    QCPItemStraightLine *m_seqLenLine;
    QCPItemText *m_seqLenLabel;
    QCPItemText *m_firstLabel;
    QCPItemText *m_lastLabel;
    QList<QCPItemStraightLine *> m_periodLines;
    QList<QCPItemText *> m_periodLabels;

    QCPAxisRect *m_spectrumRect;
    QCPLegend *m_spectrumLegend;
    QCPGraph *m_peakLegendEntry;
    QList<QCPGraph *> m_spectra;
    QList<int> m_spectrumDims;
    QList<QCPItemStraightLine *> m_peakLines;

    QCPAxisRect *m_heatmapRect;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    int m_columnStep = 1;
    int m_binsPerRow = 1;

    // The parameters the spectra on screen were computed for.
    std::optional<EncodingParams> m_shownParams;
    bool m_dirty = true;
    double m_autoLower = 0;   // the ladder's range as refreshLadder() sets it
    double m_autoUpper = 0;
    double m_fittedLower = 0; // and as keepEndLabelsInside() widened it
    double m_fittedUpper = 0;
    bool m_firstLabelCrowded = false; // "2π ≈ 6.28" left out by keepEndLabelsInside(), no room
};

} // namespace posenc

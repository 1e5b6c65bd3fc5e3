// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <Eigen/Core>

#include <QWidget>

#include <optional>
#include <utility>

class QBoxLayout;
class QCheckBox;
class QColor;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace posenc {

class CellHighlight;
class EncodingState;

// How positions relate to one another: the matrix PE · PE^T (or cosine similarity) as a
// crisp image, the dot-product kernel PE(p) · PE(p + Δ) against the offset Δ with its closed
// form scale² · Σ_i cos(Δ w_i) drawn over the measured points (it depends on Δ alone, is even
// and decays with ripples), and the closest two positions of the sequence (uniqueness).
// The kernel plot is built and drawn in similaritykernel.cpp, the rest in similarityview.cpp.
class SimilarityView : public QWidget
{
    Q_OBJECT

public:
    // Colour maps hold at most this many rows and columns, and no more than the matrix has
    // device pixels on screen; in longer sequences each cell is the mean over a box of s x s
    // positions.
    static constexpr int kMaxMatrixRows = 1024;

    explicit SimilarityView(EncodingState *state, QWidget *parent = nullptr);
    ~SimilarityView() override;

    QCustomPlot *matrixPlot() const { return m_matrixPlot; }
    QCPColorMap *colorMap() const { return m_map; }
    QCPColorScale *colorScale() const { return m_scale; }
    QCheckBox *cosineCheckBox() const { return m_cosine; }
    // Cell (a, b) of the colour map is the mean over rows [a s, (a + 1) s) and [b s, (b + 1) s)
    // (the last box shorter; position = start + row), s = positionsPerBox(); 1: the cells.
    int positionsPerBox() const { return m_boxSize; }
    // The plot title, which says when cells are box means.
    QString matrixTitle() const;
    // How the colour map fits the values on screen: all of one sign, a sequential map from
    // their minimum to their maximum; else a diverging one centred on their mean, as far
    // each way as the farther of the two. The colour bar's label says which.
    enum class ColorRange { Sequential, Diverging };
    ColorRange colorRange() const { return m_colorRange; }
    // The outline of the pair the inspector explains.
    CellHighlight *cellHighlight() const { return m_highlight; }
    QLabel *zoomHint() const { return m_hint; }
    // The axes of both plots back to what they show unzoomed.
    void resetZoom();

    QCustomPlot *kernelPlot() const { return m_kernelPlot; }
    // PE(p) · PE(p + Δ) at the positions of the sequence (dots) and the closed form (line).
    QCPGraph *measuredGraph() const { return m_measured; }
    QCPGraph *closedFormGraph() const { return m_closedForm; }
    // The kernel plot's title.
    QString kernelTitle() const;
    // The reference position p of the measured dots (the position of the sequence nearest
    // pos) and the Δ of the marker (= k). The dots are at every s-th position from p.
    double referencePosition() const { return m_reference; }
    double offsetMarker() const;

    // "closest positions: 3 and 4, |PE(3) − PE(4)| = 0.84".
    QString minimumDistanceText() const;

    // The explanation shown when hovering cell (row a, column b) of the colour map.
    QString cellToolTip(int a, int b) const;

    // Rebuilds the plots from the state (called on every change while visible).
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // A bold title in a row of its own above a plot's layout; a label for a marker line.
    static QCPTextElement *addTitle(QCustomPlot *plot);
    static QCPItemText *addMarkerLabel(QCustomPlot *plot, const QColor &color);
    // The kernel plot's axes, title, legend, graphs, offset marker and lone-sine note.
    void buildKernelPlot();
    // The layout of a figure on a small page (compact) or the usual one.
    void applyFigureLayout(bool compact);
    void onStateChanged();
    void onMatrixMouseMove(QMouseEvent *event);
    void onMatrixMousePress(QMouseEvent *event);
    void onKernelMousePress(QMouseEvent *event);
    // The (row, column) box of the colour map under a pixel, if any.
    std::optional<std::pair<int, int>> cellAt(const QPointF &pixel) const;
    // Positions per box side for a sequence of seqLen: at most one box per device pixel of
    // the matrix on screen and at most kMaxMatrixRows boxes.
    int boxSizeFor(int seqLen) const;
    // Whether the measured dots are the matrix's row on screen (dot products, no boxes).
    bool dotsFromMatrix() const;
    // The position at the middle of a box (the lower one for an even count).
    double boxMiddle(int box) const;
    void refreshMatrix(const RowMatrixXd &similarity);
    void moveReferenceMarker();
    // The closed form and the axes of the kernel plot: depends on neither pos nor k.
    void refreshClosedForm();
    // The measured dots of the reference row p. `replotAll`: the whole plot is replotted
    // anyway; otherwise only the layers of what changed, when the axes stay as they are.
    void refreshDots(const Eigen::VectorXd *matrixRow, bool replotAll);
    void moveOffsetMarker();
    // The marker's label to the side of its line where it fits (before each replot).
    void placeOffsetLabel();
    void refreshMinimumDistance();
    void fitMatrix();
    void moveHighlight();
    // The colour scale's range and gradient for these values (see colorRange()).
    void fitColorRange(const RowMatrixXd &values, bool cosine);
    void labelColorScale();

    EncodingState *m_state;
    QCheckBox *m_cosine;
    QLabel *m_distance;
    QLabel *m_hint;
    QBoxLayout *m_plots;
    QWidget *m_matrixHolder;
    QCustomPlot *m_matrixPlot;
    QCPTextElement *m_matrixTitle;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPItemStraightLine *m_referenceOutline; // under the line: visible on every colour
    QCPItemStraightLine *m_referenceLine;
    CellHighlight *m_highlight = nullptr;
    ColorRange m_colorRange = ColorRange::Sequential;
    bool m_cosineScale = false; // the colour bar's measure: cosine similarity, else dot products
    double m_colorCentre = 0;   // a diverging bar's white
    double m_kernelLow = 0; // the kernel plot's value axis unzoomed
    double m_kernelHigh = 1;
    QCPItemText *m_referenceLabel;
    QCustomPlot *m_kernelPlot;
    QCPTextElement *m_kernelTitle;
    QCPGraph *m_measured;
    QCPGraph *m_closedForm;
    QCPItemStraightLine *m_offsetLine;
    QCPItemText *m_offsetLabel;
    QCPTextElement *m_loneNote; // owned by the plot's layout while shown, else by this view
    QString m_kernelLabel; // the kernel's x-axis label outside a compact figure
    bool m_compact = false; // a compact figure: the dots' entry without "p = …" (the matrix says it)
    int m_boxSize = 1;    // positions per box side
    int m_shownBoxSize = 0; // the box size of what the colour map holds
    int m_boxes = 0;      // boxes per side of the colour map
    int m_referenceRow = 0; // the row of the reference position p
    double m_reference = 0;
    Eigen::VectorXi m_kernelRows; // the rows of the measured dots: every s-th from p
    Eigen::VectorXd m_strideKernel; // the closed form at Δ = 0, s, 2s, ..., seq_len − 1
    double m_closedFormLow = 0; // the closed form's value range
    double m_closedFormHigh = 0;
    bool m_dirty = true;
};

} // namespace posenc

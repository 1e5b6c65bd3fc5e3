// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "core/rotation.h"
#include "ui/views/rotation/sparsecolormap.h"

#include <QList>
#include <QMargins>
#include <QPoint>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QCPColorMap;
class QCPColorScale;
class QCPCurve;
class QCPItemLine;
class QCPItemRect;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QSpinBox;
class QSplitter;

namespace posenc {

class ClockFaceGrid;
class EncodingState;
class RotationCirclePanel;
class RotationEquationPanel;

// PE(pos + k) = M_k PE(pos), shown four ways at once: the 2x2 block of the chosen pair with
// its numbers and the equation evaluated in column and in row notation; the pair's vector on
// the unit circle at pos and at pos + k with the angle k·w_i between them; every pair as a
// small clock whose hand turns with pos; and the whole M_k as a block-diagonal heatmap. Below,
// the largest residual of the identity over the sequence in float64 and float32. The equations
// and the unit circle are widgets of their own (RotationEquationPanel, RotationCirclePanel);
// the view composes them with the clocks and M_k and keeps them in step with the state.
class RotationView : public QWidget
{
    Q_OBJECT

public:
    explicit RotationView(EncodingState *state, QWidget *parent = nullptr);

    QSpinBox *pairSpinBox() const { return m_pairSpin; }

    // The 2x2 block as shown: the number behind entry (r, c) and the text of all four.
    double matrixEntry(int row, int column) const;
    QString matrixText() const;
    // The numeric equations: column notation M·v and row notation v·Mᵀ, one line each.
    QString columnEquationText() const;
    QString rowEquationText() const;

    // The unit circle: the plot and the arrows for PE(pos) and PE(pos + k) of the pair.
    QCustomPlot *circlePlot() const;
    QCPItemLine *positionArrow() const;
    QCPItemLine *shiftedArrow() const;
    QCPCurve *angleArc() const;
    QString angleText() const;

    // The clocks: one face per pair, every stride-th of them drawn (ClockFaceGrid::stride()).
    ClockFaceGrid *clocks() const { return m_clocks; }
    QString clocksNote() const;

    // M_k as a colour map (rows of M_k downwards, columns across).
    QCustomPlot *matrixPlot() const { return m_matrixPlot; }
    QCPColorMap *rotationMap() const { return m_map; }
    QCPColorScale *rotationScale() const { return m_scale; }
    QString matrixNote() const;
    // The explanation shown when hovering entry (row, column) of M_k.
    QString entryToolTip(int row, int column) const;

    // "max |M_k PE(pos) − PE(pos + k)| …: 2.2e−16 (float64), 5.9e−8 (float32)".
    QString residualText() const;
    // The lone sine of odd d_model (interleaved), or empty; the zero column of split/odd,
    // or empty.
    QString loneDimensionNote() const;
    QString zeroColumnNote() const;

    // Rebuilds everything from the state (called on every change while visible).
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;

private:
    // A figure's layout for its page (PlotStyle::watchFigureLayout), see the constructor.
    void applyFigureLayout();

    // What M_k depends on: a change of anything else leaves the colour map as it is.
    struct MatrixKey {
        int dModel = 0;
        double base = 0;
        double offset = 0;
        Layout layout = Layout::Interleaved;
        FrequencyConvention frequencies = FrequencyConvention::Paper;
        bool operator==(const MatrixKey &) const = default;
    };

    QWidget *createClockPanel();
    QWidget *createMatrixPanel();

    void onStateChanged();
    void refreshPairInfo();
    void refreshClocks();
    void refreshMatrix();
    void refreshResidual();
    void keepMatrixSquare();
    // The smallest pixel size of M_k's block: the largest other text of the view, or a
    // projector's back-row size, whichever is larger.
    int matrixPixelFloor() const;
    void updateClocksNote();
    void onMatrixMouseMove(QMouseEvent *event);
    void onMatrixMousePress(QMouseEvent *event);
    void onClockClicked(int pair);
    std::optional<std::pair<int, int>> matrixEntryAt(const QPointF &pixel) const;

    EncodingState *m_state;
    QSpinBox *m_pairSpin = nullptr;
    QLabel *m_pairInfo = nullptr;

    RotationEquationPanel *m_equationPanel = nullptr;
    RotationCirclePanel *m_circlePanel = nullptr;

    // Clocks.
    // What the clocks' captions depend on (and the translated format they were made with).
    struct CaptionKey {
        int dModel = 0;
        double base = 0;
        Layout layout = Layout::Interleaved;
        FrequencyConvention frequencies = FrequencyConvention::Paper;
        QString format;
        bool operator==(const CaptionKey &) const = default;
    };
    std::optional<CaptionKey> m_captionKey;
    QStringList m_captions; // "λ 6.28" per pair
    ClockFaceGrid *m_clocks = nullptr;
    QLabel *m_clocksNote = nullptr;

    // M_k.
    QLabel *m_matrixNote = nullptr;
    QSplitter *m_top = nullptr;    // the equations | the unit circle
    QSplitter *m_bottom = nullptr; // the clocks | M_k's map
    QSplitter *m_split = nullptr;  // the two above each other
    bool m_compactFigure = false;
    bool m_wideFigure = false;
    QCustomPlot *m_matrixPlot = nullptr;
    SparseColorMap *m_map = nullptr; // recolours only the cells a new k changes
    QCPColorScale *m_scale = nullptr;
    QList<QCPItemRect *> m_pairCells;
    std::optional<MatrixKey> m_mapKey;
    QList<QPoint> m_mapCells; // the cells of the map holding an entry (column, row)
    QMargins m_matrixPadding; // added to the axis rect's margins to keep M_k square

    // Residual and notes.
    std::optional<EncodingParams> m_residualKey; // the parameters the residual was computed for
    // PE at the checked positions, kept while only k moves: all of them, or the first and the
    // last block of a long sequence.
    std::vector<RotationCheck> m_residualChecks;
    QLabel *m_residual = nullptr;
    QLabel *m_loneNote = nullptr;
    QLabel *m_zeroNote = nullptr;

    bool m_dirty = true;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "ui/state/scene.h"
#include "ui/views/vit/vitoptions.h"

#include <QWidget>

#include <optional>

class QLabel;
class QSpinBox;

namespace posenc {

class MatrixPlot;
class EncodingState;
struct Inspection;

// What the ViT lab shows for a scene: the two grids of cosine similarity to the chosen patch
// and the numbers its sentences quote. Computed by core (patchSimilarity); the view, Describe
// View, the inspector and the data export all read this one result.
struct VitResult {
    int grid = 0;
    int row = 0;    // the chosen patch
    int column = 0;
    RowMatrixXd oneD; // [grid x grid]: PE(r * grid + c), the patches in reading order
    RowMatrixXd twoD; // [grid x grid]: [PE_{d/2}(r) | PE_{d/2}(c)]; empty when d_model < 4
    QString problem;   // why there is nothing (an invalid grid), else empty
    QString twoDProblem; // why the 2-D grid is missing, else empty
    // The neighbours the sentences compare: the next patch in the row (to the right, or to the
    // left at the right edge) and in the column (below, or above at the bottom edge).
    int rowNeighbourColumn = 0;
    int columnNeighbourRow = 0;
    bool hasRowNeighbour() const { return grid > 1; }

    static VitResult compute(const Scene &scene);
};

// The ViT lab: an image of imageSize pixels cut into patches of patchSize, encoded
// two ways. Left, what a ViT does with the published 1-D encoding: the patches numbered in
// reading order, PE(row × grid + column), so the patch to the right is one position away and
// the patch below a whole row of positions away. Right, a 2-D encoding (MAE's
// get_2d_sincos_pos_embed): half the dimensions encode the row, half the column. Each grid is
// the cosine similarity of every patch to the chosen one; a click chooses another (one undo
// step), and the inspector explains it.
class VitView : public QWidget
{
    Q_OBJECT

public:
    explicit VitView(EncodingState *state, QWidget *parent = nullptr);
    ~VitView() override;

    MatrixPlot *oneDPlot() const { return m_oneD; }
    MatrixPlot *twoDPlot() const { return m_twoD; }
    QSpinBox *imageSizeBox() const { return m_imageSize; }
    QSpinBox *patchSizeBox() const { return m_patchSize; }
    QSpinBox *rowBox() const { return m_row; }
    QSpinBox *columnBox() const { return m_column; }
    QLabel *gridLabel() const { return m_gridText; }
    QLabel *oneDLabel() const { return m_oneDText; }
    QLabel *twoDLabel() const { return m_twoDText; }
    QLabel *problemLabel() const { return m_problem; }

    void refresh();

    // Describe View and the accessible description.
    static QString describe(const EncodingState &state);
    // The inspector: the chosen patch, its 1-D position and what its neighbours are to it.
    static QString patchExplanation(const Scene &scene, const Inspection &what);
    static QString patchKind() { return QStringLiteral("vit-patch"); }
    // The titles of the two grids.
    static QString oneDTitle(int grid);
    static QString twoDTitle(int dModel);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onStateChanged();
    // Writes `change` into a copy of the scene's ViT options and hands it to the state (one
    // undo step); a refused change shows why and changes nothing.
    template <typename Change>
    void changeOptions(Change change);
    void choosePatch(int row, int column);
    void syncControls(const Scene &scene);
    void setFigure(bool figure);

    EncodingState *m_state;
    MatrixPlot *m_oneD;
    MatrixPlot *m_twoD;
    QSpinBox *m_imageSize;
    QSpinBox *m_patchSize;
    QSpinBox *m_row;
    QSpinBox *m_column;
    QLabel *m_gridText;
    QLabel *m_oneDText;
    QLabel *m_twoDText;
    QLabel *m_twoDMissing;
    QLabel *m_problem;
    QLabel *m_verdict;
    QWidget *m_controls;
    std::optional<Scene> m_shown;
    bool m_dirty = true;
    bool m_figure = false;
};

} // namespace posenc

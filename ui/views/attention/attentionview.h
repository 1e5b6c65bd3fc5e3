// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/attention.h"
#include "ui/state/scene.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace posenc {

class MatrixPlot;
class EncodingState;
struct Inspection;

// One pane of the lab: a scheme, the head's scores, attention weights, output rows with their
// mean (the pooled output), the shift test's difference, and what the shuffle test found.
class AttentionPane : public QWidget
{
    Q_OBJECT

public:
    explicit AttentionPane(QWidget *parent = nullptr);

    QComboBox *schemeBox() const { return m_scheme; }
    MatrixPlot *scoresPlot() const { return m_scores; }
    MatrixPlot *weightsPlot() const { return m_weights; }
    MatrixPlot *outputPlot() const { return m_output; }
    MatrixPlot *shiftPlot() const { return m_shift; }
    QLabel *normsLabel() const { return m_norms; }
    QLabel *shuffleLabel() const { return m_shuffle; }
    QLabel *shiftLabel() const { return m_shiftText; }

    // Shows the head for `setup` over the scene's phrase and its tests (computed by core).
    void show(const Scene &scene, const AttentionSetup &setup, const AttentionTests &tests);
    // Shows why there is nothing to show.
    void showProblem(const QString &problem);
    // The figure's layout: the scheme's name above the matrices, no sentences.
    void setFigure(bool figure);
    // A small figure (a single column): the column of the output matrix (a phrase by d_model,
    // under its row labels and beside a colour bar) gets most of the pane's width; the square
    // matrices need little.
    void setCompact(bool compact);
    // The height the scheme's name above a figure's pane takes at the pane's width; the panes
    // give both names the larger, so that their matrices stay side by side.
    int captionHeight() const;
    void setCaptionHeight(int height);
    // What the pane shows now, in sentences (Describe View).
    QString description() const;

signals:
    void schemeChosen(AttentionEncoding encoding);
    // A click on a cell of the scores or the weights: token i attending to token j.
    void scoreClicked(int i, int j);

private:
    QComboBox *m_scheme;
    MatrixPlot *m_scores;
    MatrixPlot *m_weights;
    MatrixPlot *m_output;
    MatrixPlot *m_shift;
    QLabel *m_norms;
    QLabel *m_shuffle;
    QLabel *m_shiftText;
    QLabel *m_problem;
    QLabel *m_caption;
    QWidget *m_plots;
    bool m_figure = false;
    double m_shiftBy = 0;
};

// The attention lab: one attention head over a short phrase, in two panes side by
// side with the same tokens and weights, so that what a position scheme changes is all that
// differs. The shuffle test permutes the tokens: without position information the output rows
// move with their tokens (permutation-equivariant) and their mean is unchanged (invariant). The
// shift test moves the phrase to a later start: RoPE's scores stay, added PE's change. Every
// number comes from core/attention (the view converts); the click on a score is explained by
// the inspector as its sum of terms.
class AttentionView : public QWidget
{
    Q_OBJECT

public:
    explicit AttentionView(EncodingState *state, QWidget *parent = nullptr);
    ~AttentionView() override;

    AttentionPane *leftPane() const { return m_left; }   // the baseline (none by default)
    AttentionPane *rightPane() const { return m_right; } // the encoding (sinusoidal by default)
    QComboBox *phraseBox() const { return m_phrase; }
    QPushButton *shuffleButton() const { return m_shuffleButton; }
    QComboBox *shuffleOrderBox() const { return m_shuffleOrder; }
    QSpinBox *seedBox() const { return m_seed; }
    QComboBox *weightsBox() const { return m_weightsBox; }
    QComboBox *joinBox() const { return m_join; }
    QSlider *alphaSlider() const { return m_alpha; }
    QSpinBox *shiftBox() const { return m_shiftBox; }
    QComboBox *ropePairsBox() const { return m_ropePairs; }
    QSpinBox *headsBox() const { return m_heads; }
    QSpinBox *headBox() const { return m_head; }
    QSpinBox *learnedRowsBox() const { return m_learnedRows; }
    QLabel *phraseProblem() const { return m_phraseProblem; }

    void refresh();

    // Describe View and the accessible description: what both panes show.
    static QString describe(const EncodingState &state);
    // The inspector: score (i, j) of a pane as q_i · k_j / √d plus its bias, and its weight.
    static QString scoreExplanation(const Scene &scene, const Inspection &what);
    // The inspection kinds of the two panes' scores.
    static QString scoreKind(bool right);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void onStateChanged();
    // Writes `change` into a copy of the scene and hands it to the state (one undo step).
    template <typename Change>
    void changeOptions(Change change);
    void applyPhrase(const QString &text);
    void syncControls(const Scene &scene);
    void moveHighlights();

    EncodingState *m_state;
    AttentionPane *m_left;
    AttentionPane *m_right;
    QComboBox *m_phrase;
    QLabel *m_phraseProblem;
    QPushButton *m_shuffleButton;
    QComboBox *m_shuffleOrder;
    QSpinBox *m_seed;
    QComboBox *m_weightsBox;
    QComboBox *m_join;
    QSlider *m_alpha;
    QLabel *m_alphaValue;
    QSpinBox *m_shiftBox;
    QComboBox *m_ropePairs;
    QSpinBox *m_heads;
    QSpinBox *m_head;
    QSpinBox *m_learnedRows;
    QWidget *m_controls;
    AttentionWeightCache m_weightsCache; // W_q, W_k, W_v for every d_model without drawing them again
    std::optional<Scene> m_shown;
    bool m_dirty = true;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/attention/attentionpane.h"

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

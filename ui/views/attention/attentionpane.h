// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/attention.h"
#include "ui/state/scene.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace posenc {

class MatrixPlot;

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
    // A small figure on a narrow page (a single column): the column of the output matrix (a
    // phrase by d_model, under its row labels and beside a colour bar) gets most of the pane's
    // width; the square matrices need little. Any other figure: both columns the same width,
    // so that the weights' and the shift's cells are as wide as the scores' and label every
    // token.
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
    // The shift map's title: on screen "shift +16: Δ"; in a figure "Δ, +16", or "Δ, +16 = 0"
    // when the shift changes no score.
    QString shiftTitle() const;
    void stretchColumns();

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
    bool m_compact = false;
    double m_shiftBy = 0;
    bool m_shiftUnchanged = false;
};

} // namespace posenc

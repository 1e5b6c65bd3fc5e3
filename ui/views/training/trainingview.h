// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/state/scene.h"
#include "ui/views/training/trainingrun.h"

#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QLineEdit;
class QSpinBox;
class QCustomPlot;
class QCPItemStraightLine;
class QCPItemText;

namespace posenc {

class EncodingState;
class MatrixPlot;

// The training lab: a small Transformer (core/training.h) trained live on two tasks
// side by side from the same initial weights, an order-sensitive one and an order-blind one,
// to watch what the source texts say to watch: the learnable scale of ScaledSinuEmbedding,
// its learning rate, its clamp, float16. Play, pause, step, a step of an epoch, reset (which
// replays the same run) and a new random seed; the runs train on a thread of their own and
// the plots are drawn at most once a frame. The source texts' numbers for the scale are shown
// as their unverified claims, next to what the run measured.
class TrainingView : public QWidget
{
    Q_OBJECT

public:
    explicit TrainingView(EncodingState *state, QWidget *parent = nullptr);
    ~TrainingView() override;

    QCustomPlot *lossPlot() const { return m_loss; }
    QCustomPlot *accuracyPlot() const { return m_accuracy; }
    QCustomPlot *scalePlot() const { return m_scale; }
    QCustomPlot *ratioPlot() const { return m_ratio; }
    QCustomPlot *extrapolationPlot() const { return m_extrapolation; }
    MatrixPlot *leftAttentionPlot() const { return m_leftAttention; }
    MatrixPlot *rightAttentionPlot() const { return m_rightAttention; }
    QPushButton *playButton() const { return m_play; }
    QPushButton *stepButton() const { return m_step; }
    QPushButton *epochButton() const { return m_epoch; }
    QPushButton *resetButton() const { return m_reset; }
    QPushButton *newSeedButton() const { return m_newSeed; }
    QComboBox *leftTaskBox() const { return m_leftTask; }
    QComboBox *rightTaskBox() const { return m_rightTask; }
    QComboBox *encodingBox() const { return m_encoding; }
    QComboBox *clampBox() const { return m_clamp; }
    QComboBox *initBox() const { return m_init; }
    QSpinBox *seqLenBox() const { return m_seqLen; }
    QSpinBox *examplesBox() const { return m_examples; }
    QLabel *verdictLabel() const { return m_verdict; }
    QLabel *problemLabel() const { return m_problem; }

    // What is shown now (the tests wait for a number of steps).
    const TrainingProgress &progress() const { return m_progress; }
    bool playing() const { return m_playing; }
    void setPlaying(bool playing);

    void refresh();


protected:
    void showEvent(QShowEvent *event) override;

private:
    void onStateChanged();
    template <typename Change>
    void changeOptions(Change change);
    void syncControls(const Scene &scene);
    void display(const TrainingProgress &progress);
    void showExtrapolation(const TrainingProgress &progress, int trainingLength);
    void drawIfDirty();
    void onFrame();
    // A figure shows the whole run and no verdict sentence; the window the run as it plays.
    void showAsFigure(bool figure);
    void setUpControls(); // their items, tooltips and rows (trainingcontrols.cpp)

    EncodingState *m_state;
    TrainingRun m_run;
    QCustomPlot *m_loss;
    QCustomPlot *m_accuracy;
    QCustomPlot *m_scale;
    QCustomPlot *m_ratio;
    QCustomPlot *m_extrapolation;
    QCPItemText *m_extrapolationNote;
    QCPItemStraightLine *m_trainingLength;
    MatrixPlot *m_leftAttention;
    MatrixPlot *m_rightAttention;
    QComboBox *m_leftTask;
    QComboBox *m_rightTask;
    QComboBox *m_encoding;
    QComboBox *m_join;
    QComboBox *m_init;
    QDoubleSpinBox *m_ratioBox;
    QComboBox *m_clamp;
    QComboBox *m_dtype;
    QCheckBox *m_scaleFloat32;
    QLineEdit *m_seed; // a seed of 0 to 2^64 - 1, more than a spin box holds
    QSpinBox *m_steps;
    QSpinBox *m_dModel;
    QSpinBox *m_seqLen;
    QSpinBox *m_vocab;
    QSpinBox *m_examples;
    QPushButton *m_play;
    QPushButton *m_step;
    QPushButton *m_epoch;
    QPushButton *m_reset;
    QPushButton *m_newSeed;
    QSlider *m_speed;
    QLabel *m_status;
    QLabel *m_verdict;
    QLabel *m_problem;
    QWidget *m_controls;
    QTimer m_frame; // one frame: ask the runs for more steps, draw what came
    TrainingProgress m_progress;
    std::optional<Scene> m_configured; // the scene the runs were configured for
    bool m_playing = false;
    bool m_dirty = false;
    bool m_figure = false;
};

} // namespace posenc

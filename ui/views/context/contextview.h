// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/ropeconfig.h"
#include "core/ropescaling.h"
#include "ui/state/scene.h"
#include "ui/views/context/contextoptions.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QCPGraph;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QToolButton;

namespace posenc {

class EncodingState;
struct Inspection;

// What the context-extension lab shows for a scene: the frequencies of both methods on the
// app's ladder (d = d_model, the app's base), computed by core (ropeFrequencies). The view,
// Describe View and the data export all read this one result.
struct ContextResult {
    QString problem; // why there is nothing (an odd d_model, a config that cannot be read)
    RopeScaling left;
    RopeScaling right;
    RopeFrequencies leftFrequencies;
    RopeFrequencies rightFrequencies;
    // The model's config when one is open: the right method is its own, and both stand on its
    // ladder, L and s rather than d_model's, the base's and the lab's.
    std::optional<RopeConfig> config;

    static ContextResult compute(const Scene &scene);

private:
    // The right method, L and s from the config at options.config, the left on its ladder;
    // false with the problem when it cannot be read.
    bool readConfig(ContextOptions options);
};

// The context-extension lab: how a RoPE model is stretched past the length L it was trained
// on. Left, every pair's wavelength 2π/inv_freq before (grey) and after each of two methods,
// against the lines L and s·L: a pair whose wavelength is beyond L never made a whole turn in
// training. Right, each pair's divisor κ_i = inv_freq / inv_freq_scaled, from 1 (kept) to s
// (interpolated). Below, each method's bands and attention factor in words.
class ContextView : public QWidget
{
    Q_OBJECT

public:
    explicit ContextView(EncodingState *state, QWidget *parent = nullptr);
    ~ContextView() override;

    QCustomPlot *ladderPlot() const { return m_ladder; }
    // The second plot: each pair's divisor, or what the Plot box (--context-plot) chooses.
    QCustomPlot *secondPlot() const { return m_second; }
    QComboBox *plotBox() const { return m_plotKind; }
    QComboBox *leftBox() const { return m_left; }
    QComboBox *rightBox() const { return m_right; }
    QDoubleSpinBox *contextBox() const { return m_context; }
    QDoubleSpinBox *factorBox() const { return m_factor; }
    QLabel *leftLabel() const { return m_leftText; }
    QLabel *rightLabel() const { return m_rightText; }
    QLabel *problemLabel() const { return m_problem; }
    QLabel *configLabel() const { return m_configName; }
    QToolButton *closeConfigButton() const { return m_closeConfig; }

    void refresh();

    // Describe View and the accessible description.
    static QString describe(const EncodingState &state);
    // One method's bands and attention factor in words.
    static QString methodSentence(const RopeScaling &scaling, const RopeFrequencies &f);
    // What the config at `path` sets, and its warnings; empty with no config open.
    static QString configSentence(const ContextResult &r, const QString &path);
    // The inspector: pair `what.a`'s numbers under both methods, each traced to its formula.
    static QString pairExplanation(const Scene &scene, const Inspection &what);
    static QString pairKind() { return QStringLiteral("context-pair"); }
    // The pair a click at `pixel` of `plot` (either plot) chooses: the nearest index.
    std::optional<int> pairAt(const QCustomPlot *plot, const QPointF &pixel) const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onStateChanged();
    template <typename Change>
    void changeOptions(Change change);
    void syncControls(const Scene &scene, const ContextResult &r);
    QWidget *buildControls();
    void setupPlot(QCustomPlot *plot, const QString &yLabel, double logBase);
    void showLadder(const ContextResult &r);
    void showSecond(const ContextResult &r, ContextPlot kind);
    void setAxes(ContextPlot kind, const struct ContextSeries &series);

    EncodingState *m_state;
    QCustomPlot *m_ladder;
    QCustomPlot *m_second;
    QComboBox *m_plotKind;
    std::optional<ContextPlot> m_axesFor; // the kind the second plot's axes are set for
    QComboBox *m_left;
    QComboBox *m_right;
    QDoubleSpinBox *m_context;
    QDoubleSpinBox *m_factor;
    QDoubleSpinBox *m_seqLen;
    QDoubleSpinBox *m_betaFast;
    QDoubleSpinBox *m_betaSlow;
    QCheckBox *m_truncate;
    QDoubleSpinBox *m_lowFreq;
    QDoubleSpinBox *m_highFreq;
    QLabel *m_leftText;
    QLabel *m_rightText;
    QLabel *m_problem;
    QLabel *m_configName;
    QToolButton *m_closeConfig;
    std::optional<Scene> m_shown;
    int m_pairs = 0; // of the ladder shown
    bool m_onePlot = false; // a figure too narrow for two plots: the second alone
    bool m_dirty = true;
};

} // namespace posenc

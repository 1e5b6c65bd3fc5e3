// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

namespace posenc {

class EncodingState;
struct Inspection;

// What the context-extension lab shows for a scene: the frequencies of both methods on the
// app's ladder (d = d_model, the app's base), computed by core (ropeFrequencies). The view,
// Describe View and the data export all read this one result.
struct ContextResult {
    QString problem; // why there is nothing (an odd d_model), else empty
    RopeScaling left;
    RopeScaling right;
    RopeFrequencies leftFrequencies;
    RopeFrequencies rightFrequencies;

    static ContextResult compute(const Scene &scene);
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
    QCustomPlot *divisorPlot() const { return m_divisor; }
    QComboBox *leftBox() const { return m_left; }
    QComboBox *rightBox() const { return m_right; }
    QDoubleSpinBox *contextBox() const { return m_context; }
    QDoubleSpinBox *factorBox() const { return m_factor; }
    QLabel *leftLabel() const { return m_leftText; }
    QLabel *rightLabel() const { return m_rightText; }
    QLabel *problemLabel() const { return m_problem; }

    void refresh();

    // Describe View and the accessible description.
    static QString describe(const EncodingState &state);
    // One method's bands and attention factor in words.
    static QString methodSentence(const RopeScaling &scaling, const RopeFrequencies &f);
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
    void syncControls(const Scene &scene);
    QWidget *buildControls();
    void setupPlot(QCustomPlot *plot, const QString &yLabel, double logBase);
    void showLadder(const ContextResult &r);
    void showDivisors(const ContextResult &r);

    EncodingState *m_state;
    QCustomPlot *m_ladder;
    QCustomPlot *m_divisor;
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
    std::optional<Scene> m_shown;
    bool m_dirty = true;
};

} // namespace posenc

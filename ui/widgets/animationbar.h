// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>
#include <QToolBar>

class QAction;
class QComboBox;
class QKeyEvent;
class QSpinBox;

namespace posenc {

class EncodingState;

// Plays one parameter, the probe position pos or the offset k, one step of 1 per timer tick,
// through the state's setters (so the state's coalescing applies). pos runs over the rows
// shown, [start, start + seq_len - 1]; k over [-(seq_len - 1), seq_len - 1]. At the last
// value playing stops (Once; pressing play there starts again from start for pos, 0 for k),
// starts again from the first value (Loop) or turns back, and at the first value forward
// again (PingPong). Stepping never leaves the range.
class ParameterAnimator : public QObject
{
    Q_OBJECT

public:
    enum class Target { Position, Offset };
    enum class Playback { Once, Loop, PingPong };
    static constexpr int kMinSpeed = 1;
    static constexpr int kMaxSpeed = 30;

    ParameterAnimator(EncodingState *state, Target target, QObject *parent = nullptr);

    Target target() const { return m_target; }
    double value() const;
    double first() const;
    double last() const;

    bool isPlaying() const { return m_timer.isActive(); }
    void setPlaying(bool playing);
    void togglePlaying() { setPlaying(!isPlaying()); }

    // Ticks per second, 1 to 30.
    int speed() const { return m_speed; }
    void setSpeed(int ticksPerSecond);

    Playback playback() const { return m_playback; }
    void setPlayback(Playback playback);
    // +1 or -1: the way PingPong is going now.
    int direction() const { return m_direction; }

    // One step of exactly 1; false (and nothing changes) when it would leave the range.
    bool stepForward();
    bool stepBack();

    // What the timer does on each timeout: one step, and at the end what playback() says.
    void tick();
    QTimer *timer() { return &m_timer; }

Q_SIGNALS:
    void playingChanged(bool playing);
    void speedChanged(int ticksPerSecond);

private:
    bool moveTo(double value);

    EncodingState *m_state;
    Target m_target;
    int m_speed = 5;
    Playback m_playback = Playback::Once;
    int m_direction = 1;
    QTimer m_timer;
};

// The animation controls: play/pause, step back, step forward and speed, for pos and for k,
// what playing does at the end (once, loop, ping-pong), and Reset All. The actions carry window-wide shortcuts (Space, Left, Right for pos; with
// Shift for k; Ctrl+R), which give way to a focused entry, slider or button that uses the
// same key (see keepsKey()).
class AnimationBar : public QToolBar
{
    Q_OBJECT

public:
    explicit AnimationBar(EncodingState *state, QWidget *parent = nullptr);

    ParameterAnimator *positionAnimator() const { return m_position.animator; }
    ParameterAnimator *offsetAnimator() const { return m_offset.animator; }

    QAction *playPositionAction() const { return m_position.play; }
    QAction *stepPositionBackAction() const { return m_position.back; }
    QAction *stepPositionForwardAction() const { return m_position.forward; }
    QSpinBox *positionSpeedBox() const { return m_position.speed; }
    QAction *playOffsetAction() const { return m_offset.play; }
    QAction *stepOffsetBackAction() const { return m_offset.back; }
    QAction *stepOffsetForwardAction() const { return m_offset.forward; }
    QSpinBox *offsetSpeedBox() const { return m_offset.speed; }
    // Once, Loop or Ping-pong, for both animations (item data: ParameterAnimator::Playback).
    QComboBox *playbackBox() const { return m_playback; }
    QAction *resetAllAction() const { return m_reset; }
    // Every action with a shortcut, for the window to own (they must work while the bar is
    // hidden too).
    QList<QAction *> shortcutActions() const;

    // Whether pos's and k's rows (their buttons, speeds and keys) act: a view in front that
    // does not show a parameter greys its row, and an animation of it stops.
    void setRowsEnabled(bool position, bool offset);

    // Stops both animations and puts every parameter and view option back to its default.
    void resetAll();

    // Whether `focus` needs `event`'s key for itself (typing a space or moving the cursor in
    // an entry, moving a slider, pressing a button), so that a shortcut must not take it.
    // Only text entries keep Space: on a button (a lesson's Show me), a list or a slider it
    // plays, the documented play key.
    static bool keepsKey(const QWidget *focus, const QKeyEvent *event);
    // Return or Enter on a focused button of the window presses it (Space plays instead):
    // true when it did.
    static bool pressesButton(QWidget *focus, const QKeyEvent *event);

private:
    struct Row {
        ParameterAnimator *animator = nullptr;
        QAction *play = nullptr;
        QAction *back = nullptr;
        QAction *forward = nullptr;
        QSpinBox *speed = nullptr;
    };
    Row addRow(ParameterAnimator::Target target);
    void updatePlayAction(const Row &row);
    static void setRowEnabled(const Row &row, bool enabled);

    EncodingState *m_state;
    Row m_position;
    Row m_offset;
    QComboBox *m_playback = nullptr;
    QAction *m_reset = nullptr;
};

} // namespace posenc

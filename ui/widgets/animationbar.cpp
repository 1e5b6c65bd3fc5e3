// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/animationbar.h"

#include "ui/state/encodingstate.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QStyle>
#include <QTextEdit>

#include <algorithm>

namespace posenc {

ParameterAnimator::ParameterAnimator(EncodingState *state, Target target, QObject *parent)
    : QObject(parent)
    , m_state(state)
    , m_target(target)
{
    m_timer.setInterval(1000 / m_speed);
    connect(&m_timer, &QTimer::timeout, this, &ParameterAnimator::tick);
}

double ParameterAnimator::value() const
{
    const EncodingParams &p = m_state->params();
    return m_target == Target::Position ? p.position : p.offset;
}

double ParameterAnimator::first() const
{
    const EncodingParams &p = m_state->params();
    return m_target == Target::Position ? p.start : -(p.seqLen - 1.0);
}

double ParameterAnimator::last() const
{
    const EncodingParams &p = m_state->params();
    return m_target == Target::Position ? p.start + p.seqLen - 1.0 : p.seqLen - 1.0;
}

void ParameterAnimator::setPlaying(bool playing)
{
    if (playing == isPlaying())
        return;
    if (playing) {
        // At (or past) the end, play starts again from the beginning (a loop and a ping-pong
        // go on from where they are).
        if (m_playback == Playback::Once && value() + 1 > last())
            moveTo(m_target == Target::Position ? first() : 0.0);
        m_timer.start();
    } else {
        m_timer.stop();
    }
    Q_EMIT playingChanged(playing);
}

void ParameterAnimator::setSpeed(int ticksPerSecond)
{
    ticksPerSecond = std::clamp(ticksPerSecond, kMinSpeed, kMaxSpeed);
    if (ticksPerSecond == m_speed)
        return;
    m_speed = ticksPerSecond;
    m_timer.setInterval(1000 / m_speed);
    Q_EMIT speedChanged(m_speed);
}

bool ParameterAnimator::moveTo(double value)
{
    const auto error = m_target == Target::Position ? m_state->setPosition(value)
                                                    : m_state->setOffset(value);
    return !error;
}

bool ParameterAnimator::stepForward()
{
    const double next = value() + 1;
    return next <= last() && moveTo(next);
}

bool ParameterAnimator::stepBack()
{
    const double previous = value() - 1;
    return previous >= first() && moveTo(previous);
}

void ParameterAnimator::setPlayback(Playback playback)
{
    m_playback = playback;
    m_direction = 1;
}

void ParameterAnimator::tick()
{
    switch (m_playback) {
    case Playback::Once:
        if (!stepForward() || value() + 1 > last())
            setPlaying(false);
        return;
    case Playback::Loop:
        if (value() + 1 > last() || value() < first())
            moveTo(first());
        else
            stepForward();
        return;
    case Playback::PingPong:
        // From outside the range (pos far below the rows shown), to its nearer end first.
        if (value() > last()) {
            moveTo(last());
            m_direction = -1;
            return;
        }
        if (value() < first()) {
            moveTo(first());
            m_direction = 1;
            return;
        }
        if (m_direction > 0 ? value() + 1 > last() : value() - 1 < first())
            m_direction = -m_direction;
        if (m_direction > 0)
            stepForward();
        else
            stepBack();
        return;
    }
}

AnimationBar::AnimationBar(EncodingState *state, QWidget *parent)
    : QToolBar(tr("Animation"), parent)
    , m_state(state)
{
    setObjectName(QStringLiteral("AnimationToolBar"));
    setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_position = addRow(ParameterAnimator::Target::Position);
    addSeparator();
    m_offset = addRow(ParameterAnimator::Target::Offset);
    m_playback = new QComboBox;
    m_playback->addItem(tr("Once"), int(ParameterAnimator::Playback::Once));
    m_playback->addItem(tr("Loop"), int(ParameterAnimator::Playback::Loop));
    m_playback->addItem(tr("Ping-pong"), int(ParameterAnimator::Playback::PingPong));
    m_playback->setAccessibleName(tr("Playback"));
    m_playback->setToolTip(tr("What playing does at the end: stop (Once), start again (Loop) "
                              "or turn back (Ping-pong)"));
    m_playback->setAccessibleDescription(m_playback->toolTip());
    addWidget(m_playback);
    connect(m_playback, &QComboBox::activated, this, [this](int index) {
        const auto playback = ParameterAnimator::Playback(m_playback->itemData(index).toInt());
        m_position.animator->setPlayback(playback);
        m_offset.animator->setPlayback(playback);
    });
    addSeparator();
    m_reset = addAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("Reset &All"));
    m_reset->setToolTip(tr("Reset All: every parameter back to its default (Ctrl+R)"));
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_reset->setShortcutContext(Qt::WindowShortcut);
    connect(m_reset, &QAction::triggered, this, &AnimationBar::resetAll);
    if (QWidget *button = widgetForAction(m_reset)) {
        button->setAccessibleName(tr("Reset All"));
        button->setAccessibleDescription(m_reset->toolTip());
        // A tool bar makes its buttons unfocusable; these are reachable with Tab as well as by
        // their shortcuts, so that a screen reader can find and name them.
        button->setFocusPolicy(Qt::TabFocus);
    }
}

AnimationBar::Row AnimationBar::addRow(ParameterAnimator::Target target)
{
    const bool isPosition = target == ParameterAnimator::Target::Position;
    Row row;
    row.animator = new ParameterAnimator(m_state, target, this);

    auto *label = new QLabel(isPosition ? tr("pos") : tr("k"));
    label->setContentsMargins(6, 0, 4, 0);
    // What the buttons after the label animate.
    label->setToolTip(isPosition ? tr("pos, the probe position: the buttons step it or play it over "
                                      "the rows shown (Left, Right, Space)")
                                 : tr("k, the offset of pos + k: the buttons step it or play it from "
                                      "−(seq_len − 1) to seq_len − 1 (Shift+Left, Shift+Right, Shift+Space)"));
    addWidget(label);

    const Qt::KeyboardModifiers shift = isPosition ? Qt::NoModifier : Qt::ShiftModifier;
    row.back = addAction(style()->standardIcon(QStyle::SP_MediaSeekBackward),
                         isPosition ? tr("Step pos back") : tr("Step k back"));
    row.back->setShortcut(QKeySequence(shift | Qt::Key_Left));
    row.play = addAction(style()->standardIcon(QStyle::SP_MediaPlay),
                         isPosition ? tr("Play/pause pos") : tr("Play/pause k"));
    row.play->setShortcut(QKeySequence(shift | Qt::Key_Space));
    row.play->setCheckable(true);
    row.forward = addAction(style()->standardIcon(QStyle::SP_MediaSeekForward),
                            isPosition ? tr("Step pos forward") : tr("Step k forward"));
    row.forward->setShortcut(QKeySequence(shift | Qt::Key_Right));
    for (QAction *action : {row.back, row.play, row.forward}) {
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(tr("%1 (%2)").arg(action->text(),
                                             action->shortcut().toString(QKeySequence::NativeText)));
        if (QWidget *button = widgetForAction(action)) {
            button->setAccessibleName(action->text());
            button->setAccessibleDescription(action->toolTip());
            button->setFocusPolicy(Qt::TabFocus);
        }
    }

    row.speed = new QSpinBox;
    row.speed->setRange(ParameterAnimator::kMinSpeed, ParameterAnimator::kMaxSpeed);
    row.speed->setValue(row.animator->speed());
    row.speed->setSuffix(tr(" steps/s"));
    row.speed->setAccessibleName(isPosition ? tr("Speed of pos") : tr("Speed of k"));
    row.speed->setToolTip(tr("Steps per second while playing (1 to 30)"));
    row.speed->setAccessibleDescription(row.speed->toolTip());
    addWidget(row.speed);

    ParameterAnimator *animator = row.animator;
    connect(row.back, &QAction::triggered, animator, &ParameterAnimator::stepBack);
    connect(row.forward, &QAction::triggered, animator, &ParameterAnimator::stepForward);
    connect(row.play, &QAction::triggered, animator, &ParameterAnimator::setPlaying);
    connect(row.speed, &QSpinBox::valueChanged, animator, &ParameterAnimator::setSpeed);
    connect(animator, &ParameterAnimator::playingChanged, this,
            [this, isPosition] { updatePlayAction(isPosition ? m_position : m_offset); });
    updatePlayAction(row);
    return row;
}

void AnimationBar::updatePlayAction(const Row &row)
{
    const bool playing = row.animator->isPlaying();
    row.play->setChecked(playing);
    row.play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

QList<QAction *> AnimationBar::shortcutActions() const
{
    return {m_position.play, m_position.back, m_position.forward,
            m_offset.play,   m_offset.back,   m_offset.forward, m_reset};
}

void AnimationBar::setRowsEnabled(bool position, bool offset)
{
    setRowEnabled(m_position, position);
    setRowEnabled(m_offset, offset);
}

void AnimationBar::setRowEnabled(const Row &row, bool enabled)
{
    if (!enabled)
        row.animator->setPlaying(false);
    for (QAction *action : {row.back, row.play, row.forward})
        action->setEnabled(enabled);
    row.speed->setEnabled(enabled);
}

void AnimationBar::resetAll()
{
    m_position.animator->setPlaying(false);
    m_offset.animator->setPlaying(false);
    // A default Scene is the defaults of every parameter and view option.
    m_state->setScene(Scene());
}

bool AnimationBar::keepsKey(const QWidget *focus, const QKeyEvent *event)
{
    if (!focus)
        return false;
    const int key = event->key();
    const bool space = key == Qt::Key_Space;
    const bool arrow = key == Qt::Key_Left || key == Qt::Key_Right;
    if (!space && !arrow)
        return false;
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    if (modifiers != Qt::NoModifier && modifiers != Qt::ShiftModifier)
        return false;
    // Text: a space is typed, arrows move the cursor, Shift+arrows select. A read-only text
    // (the lesson) has no cursor to move: there the keys play and step.
    if (qobject_cast<const QLineEdit *>(focus) || qobject_cast<const QAbstractSpinBox *>(focus))
        return true;
    if (const auto *combo = qobject_cast<const QComboBox *>(focus))
        return combo->isEditable();
    if (const auto *text = qobject_cast<const QTextEdit *>(focus))
        return !text->isReadOnly();
    if (const auto *text = qobject_cast<const QPlainTextEdit *>(focus))
        return !text->isReadOnly();
    // A slider keeps its arrows; Space plays everywhere else (buttons, lists, sliders).
    if (qobject_cast<const QAbstractSlider *>(focus))
        return arrow && modifiers == Qt::NoModifier;
    return false;
}

bool AnimationBar::pressesButton(QWidget *focus, const QKeyEvent *event)
{
    auto *button = qobject_cast<QAbstractButton *>(focus);
    if (!button || !button->isEnabled() || (event->key() != Qt::Key_Return && event->key() != Qt::Key_Enter)
        || (event->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier)
        return false;
    // A dialog's buttons do this themselves (its default button).
    for (const QWidget *w = button; w; w = w->parentWidget()) {
        if (w->inherits("QDialog"))
            return false;
    }
    button->animateClick();
    return true;
}

} // namespace posenc

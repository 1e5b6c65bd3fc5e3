// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/state/scene.h"

#include <QObject>
#include <QString>

#include <functional>
#include <utility>

class QUndoStack;

namespace posenc {

class EncodingState;

// The window's undo history: every change of a parameter or a view option is one
// step of a QUndoStack, whatever made it (a slider, an entry, a scene, Reset All, a preset),
// because the history watches the state rather than each control. A step holds the whole
// scene before and after, so undo and redo restore exact states, and a preset's modified
// marker (which compares the state with the file) follows by itself.
// Changes made during an interaction (a slider drag, playback) merge into one step, after
// Avogadro's MergeUndoCommand (avogadro/qtgui/rwmolecule_undo.h): a step's id() is -1 unless
// an interaction is under way, and only steps of the same interaction merge.
class UndoHistory : public QObject
{
    Q_OBJECT

public:
    explicit UndoHistory(EncodingState *state, QObject *parent = nullptr);
    ~UndoHistory() override;

    QUndoStack *stack() const { return m_stack; }

    // A step's name, in the language installed when it is called: a step keeps its name
    // across a change of language (continueFrom()). It must not capture a widget, which may
    // be gone by then. Empty: the step is named after what changed (stepName()).
    using Name = std::function<QString()>;

    // Takes the change made just now, still unannounced, as a step of this name ("Reset All")
    // instead of one named after what changed; nothing when nothing changed.
    void recordNamed(const Name &name);

    // The changes made while it lives are one step of this name ("Scene: …", "Open preset
    // …"); a change made before it is a step of its own.
    class Step
    {
    public:
        Step(UndoHistory &history, Name name)
            : m_history(history)
            , m_name(std::move(name))
        {
            m_history.record();
            ++m_history.m_openSteps;
        }
        ~Step()
        {
            --m_history.m_openSteps;
            m_history.recordNamed(m_name);
        }
        Step(const Step &) = delete;
        Step &operator=(const Step &) = delete;

    private:
        UndoHistory &m_history;
        Name m_name;
    };

    // A drag or a playback: the changes until the matching end are one step.
    void beginInteraction();
    void endInteraction();
    bool inInteraction() const { return m_interactions > 0; }

    // Takes a change the state has not announced yet (it does at the end of the event-loop
    // turn) as a step now.
    void record() { recordNamed({}); }

    // Forgets every step; the current state is where undo stops (a new window).
    void clear();

    // Takes over the steps of `previous` (the window this one replaces, in another language),
    // named anew in the language now installed, and its place among them (what can be undone
    // and what redone). The state must be the one `previous` left.
    void continueFrom(const UndoHistory &previous);

    // "d_model 128 → 512" for one change, "d_model 128 → 512, seq_len 30 → 64" for two, "5
    // settings" for more; empty when the scenes are equal.
    static QString stepName(const Scene &before, const Scene &after);

private:
    friend class SceneStep;
    void apply(const Scene &scene);
    void stateChanged();

    EncodingState *m_state;
    QUndoStack *m_stack;
    Scene m_recorded; // the state as the last step left it
    int m_interactions = 0;
    int m_openSteps = 0; // Steps alive: the state's announcements wait for their end
    int m_interactionSerial = 0; // which interaction the steps being merged belong to
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/undohistory.h"

#include "ui/state/encodingstate.h"
#include "ui/state/paramtext.h"
#include "ui/views/viewdescriptor.h"
#include "ui/views/viewregistry.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace posenc {

// One step: the scene before and after. push() calls redo() at once; the state already is
// `after` then, so the first redo does nothing.
class SceneStep : public QUndoCommand
{
public:
    SceneStep(UndoHistory &history, const Scene &before, const Scene &after, UndoHistory::Name name,
              int interaction)
        : m_history(history)
        , m_before(before)
        , m_after(after)
        , m_name(std::move(name))
        , m_interaction(interaction)
    {
        setText(m_name ? m_name() : UndoHistory::stepName(before, after));
    }

    // The same step for another history (a replaced window's), named in today's language.
    SceneStep *copyFor(UndoHistory &history) const
    {
        auto *copy = new SceneStep(history, m_before, m_after, m_name, -1);
        copy->m_pushed = false;
        return copy;
    }

    void undo() override { m_history.apply(m_before); }
    void redo() override
    {
        if (m_pushed)
            m_history.apply(m_after);
        m_pushed = true;
    }
    // One id for every step of an interaction, -1 (never merge) otherwise; mergeWith() then
    // checks that the two belong to the same interaction.
    int id() const override { return m_interaction < 0 ? -1 : 1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const SceneStep *>(other);
        if (next->m_interaction != m_interaction)
            return false;
        m_after = next->m_after;
        if (!m_name && next->m_name)
            m_name = next->m_name;
        setText(m_name ? m_name() : UndoHistory::stepName(m_before, m_after));
        // A drag that ends where it began changes nothing: QUndoStack drops the step.
        setObsolete(m_before == m_after);
        return true;
    }

private:
    UndoHistory &m_history;
    Scene m_before;
    Scene m_after;
    UndoHistory::Name m_name;
    int m_interaction;
    bool m_pushed = false;
};

UndoHistory::UndoHistory(EncodingState *state, QObject *parent)
    : QObject(parent)
    , m_state(state)
    , m_stack(new QUndoStack(this))
    , m_recorded(state->scene())
{
    connect(m_state, &EncodingState::changed, this, &UndoHistory::stateChanged);
}

UndoHistory::~UndoHistory() = default;

void UndoHistory::beginInteraction()
{
    if (m_interactions++ == 0) {
        record(); // what came before the drag is a step of its own
        ++m_interactionSerial;
    }
}

void UndoHistory::endInteraction()
{
    if (m_interactions == 0)
        return;
    // The last move of a drag reaches the state before the release, but the state tells of
    // it only at the end of the event-loop turn: take it into the drag's step now.
    record();
    --m_interactions;
}

void UndoHistory::recordNamed(const Name &name)
{
    // A name the changes were given where they were made, unless the step has one already.
    const Name given = m_state->takeChangeName();
    const Name stepName = name ? name : given;
    const Scene now = m_state->scene();
    if (now == m_recorded)
        return;
    const Scene before = m_recorded;
    m_recorded = now;
    m_stack->push(new SceneStep(*this, before, now, stepName, inInteraction() ? m_interactionSerial : -1));
}

void UndoHistory::stateChanged()
{
    if (m_openSteps == 0)
        record();
}

void UndoHistory::clear()
{
    m_stack->clear();
    m_recorded = m_state->scene();
}

void UndoHistory::continueFrom(const UndoHistory &previous)
{
    clear();
    // Every step pushed as done (push() redoes nothing: the first redo of a step is a no-op),
    // then the ones previous had undone are undone again; that walks the state back to
    // where previous left it, which it already is.
    for (int i = 0; i < previous.m_stack->count(); ++i)
        m_stack->push(static_cast<const SceneStep *>(previous.m_stack->command(i))->copyFor(*this));
    m_stack->setIndex(previous.m_stack->index());
    m_recorded = m_state->scene();
}

void UndoHistory::apply(const Scene &scene)
{
    // Recorded first, so that the state's announcement of this change is no new step.
    m_recorded = scene;
    m_state->setScene(scene); // a scene that was the state's once is valid: cannot refuse
}

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 12);
}

} // namespace

QString UndoHistory::stepName(const Scene &before, const Scene &after)
{
    QStringList changes;
    auto add = [&changes](const QString &name, const QString &from, const QString &to) {
        if (from != to)
            changes << tr("%1 %2 → %3").arg(name, from, to);
    };
    const EncodingParams &a = before.params;
    const EncodingParams &b = after.params;
    for (ParamField field : {ParamField::DModel, ParamField::SeqLen, ParamField::Base, ParamField::Scale,
                             ParamField::Start, ParamField::Position, ParamField::Offset}) {
        // pos and k as the tool bar and the formulas name them: PE(pos + k).
        const QString name = field == ParamField::Position ? QStringLiteral("pos")
                             : field == ParamField::Offset ? QStringLiteral("k")
                                                           : ParamText::symbol(field);
        add(name, number(a.value(field)), number(b.value(field)));
    }
    add(tr("layout"), ParamText::layoutLabel(a.layout), ParamText::layoutLabel(b.layout));
    add(tr("frequencies"), ParamText::frequencyLabel(a.frequencies),
        ParamText::frequencyLabel(b.frequencies));
    // The view options as the command line spells them (--dims 0-5, --similarity cosine).
    // Default dimensions that followed d_model belong to its step, not to one of their own.
    const bool dimensionsFollowed = before.dimensions == Scene::defaultDimensions(a)
                                    && after.dimensions == Scene::defaultDimensions(b);
    for (const ViewOption *option : ViewRegistry::options()) {
        if (!(dimensionsFollowed && option->key == QLatin1String("dims")))
            add(option->flag, option->format(before), option->format(after));
    }
    if (changes.size() > 2)
        return tr("%1 settings").arg(changes.size());
    return changes.join(QStringLiteral(", "));
}

} // namespace posenc

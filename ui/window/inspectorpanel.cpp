// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/inspectorpanel.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "ui/views/viewregistry.h"
#include "ui/state/encodingstate.h"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace posenc {

InspectorPanel::InspectorPanel(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_text(new QTextBrowser(this))
{
    setAccessibleName(tr("Inspector"));
    m_text->setAccessibleName(tr("Computation behind the selected value"));
    m_text->setAccessibleDescription(tr("Click a cell or a point in any view to see here where "
                                        "its number comes from."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_text);
    connect(m_state, &EncodingState::changed, this, &InspectorPanel::refresh);
    connect(m_state, &EncodingState::inspectionChanged, this, &InspectorPanel::refresh);
    refresh();
}

QString InspectorPanel::text() const
{
    return m_text->toPlainText();
}

void InspectorPanel::refresh()
{
    const Inspection &what = m_state->inspection();
    const QString text = what.kind.isEmpty()
                             ? tr("Click a cell or a point in any view to see the computation behind it.")
                             : ViewRegistry::explain(*m_state, what);
    // Every change of the state comes here, most of them with nothing inspected: a text set
    // again is a new document laid out again (2 % of a step of k with the rotation in front).
    if (text == m_shown)
        return;
    m_shown = text;
    m_text->setPlainText(text);
}

} // namespace posenc

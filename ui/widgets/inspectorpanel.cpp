// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/inspectorpanel.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "ui/views/celltext.h"
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
    const EncodingParams &p = m_state->params();
    const Inspection &what = m_state->inspection();
    QString text;
    switch (what.kind) {
    case Inspection::Kind::None:
        text = tr("Click a cell or a point in any view to see the computation behind it.");
        break;
    case Inspection::Kind::Cell:
        text = what.b < p.dModel ? CellText::cellBox(p, what.a, int(what.b), what.box, what.boxColumns)
                                 : tr("Column %1 is beyond d_model = %2.").arg(int(what.b)).arg(p.dModel);
        break;
    case Inspection::Kind::Similarity:
        text = what.box > 1 ? CellText::similarityBox(p, what.box, int((what.a - p.start) / what.box),
                                                      int((what.b - p.start) / what.box), m_state->cosineSimilarity())
                            : CellText::similarity(p, what.a, what.b);
        break;
    case Inspection::Kind::Frequency:
        text = int(what.a) < frequencyCount(p) ? CellText::frequency(p, int(what.a)) : QString();
        break;
    case Inspection::Kind::RotationEntry:
        text = what.a < p.dModel && what.b < p.dModel
                   ? CellText::rotationEntry(p, int(what.a), int(what.b))
                   : QString();
        break;
    case Inspection::Kind::Temporal:
        text = CellText::temporalRow(m_state->temporal(), what.a, int(what.b), what.box);
        break;
    }
    m_text->setPlainText(text);
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QMap>
#include <QWidget>

class QComboBox;

namespace posenc {

class EncodingState;
class ParameterControl;

// The controls for every parameter of the encoding. It writes each edit to the state and
// shows the state's values back; an edit the state refuses leaves the state as it was and
// shows the reason under the control.
class ParameterPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ParameterPanel(EncodingState *state, QWidget *parent = nullptr);

    ParameterControl *control(ParamField field) const { return m_controls.value(field); }
    QComboBox *layoutBox() const { return m_layout; }
    QComboBox *frequencyBox() const { return m_frequencies; }

private:
    void apply(ParamField field, double value);
    void syncFromState();

    EncodingState *m_state;
    QMap<ParamField, ParameterControl *> m_controls;
    QComboBox *m_layout = nullptr;
    QComboBox *m_frequencies = nullptr;
};

} // namespace posenc

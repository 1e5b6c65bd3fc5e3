// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QTextBrowser;

namespace posenc {

class EncodingState;

// "Where does this number come from?": the computation behind the last thing clicked in any
// view, with the numbers substituted. It follows the parameters live: move a slider and the
// explanation of the same cell changes with it.
class InspectorPanel : public QWidget
{
    Q_OBJECT

public:
    explicit InspectorPanel(EncodingState *state, QWidget *parent = nullptr);

    // The text shown now (plain).
    QString text() const;

private:
    void refresh();

    EncodingState *m_state;
    QTextBrowser *m_text;
    QString m_shown; // what m_text was last given
};

} // namespace posenc

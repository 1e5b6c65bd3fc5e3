// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QList>

class QTableWidget;

namespace posenc {

// The keyboard-help overlay (F1): every shortcut of the window, read from its QActions when
// the dialog opens, so the list never goes stale.
class KeyboardHelp : public QDialog
{
    Q_OBJECT

public:
    struct Shortcut {
        QString keys;   // as shown to the user: "Ctrl+L", "Space"
        QString action; // the action's text without its mnemonic
    };

    explicit KeyboardHelp(QWidget *window, QWidget *parent = nullptr);

    // The shortcuts of every action in `window` (its own and its children's), in a stable
    // order: by the action's text.
    static QList<Shortcut> shortcuts(const QWidget *window);

    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table;
};

} // namespace posenc

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

    // The shortcuts of every action in `window` (its own and its children's): those of the
    // menus in menu order, then the others by their text; then the keys no action carries
    // (Tab, Enter in a list, Alt with an underlined letter), which work in every window.
    static QList<Shortcut> shortcuts(const QWidget *window);

    // An action's text as a sentence, without its mnemonic: "&Lessons" -> "Lessons",
    // "A && B" -> "A & B", and the Chinese style "导出(&E)…" -> "导出…", where the letter
    // stands in brackets after words that have no Latin letter to underline.
    static QString withoutMnemonic(const QString &text);

    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table;
};

} // namespace posenc

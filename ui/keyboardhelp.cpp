// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/keyboardhelp.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace posenc {

namespace {
// "&Lessons" -> "Lessons", "Export &data…" -> "Export data…", "A && B" -> "A & B".
QString withoutMnemonic(const QString &text)
{
    QString result;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&') && i + 1 < text.size())
            ++i;
        result += text[i];
    }
    return result;
}
} // namespace

QList<KeyboardHelp::Shortcut> KeyboardHelp::shortcuts(const QWidget *window)
{
    QList<QAction *> actions = window->findChildren<QAction *>();
    actions += window->actions();
    QList<Shortcut> result;
    QSet<QAction *> seen;
    for (QAction *action : std::as_const(actions)) {
        if (seen.contains(action) || action->shortcuts().isEmpty())
            continue;
        seen.insert(action);
        QStringList keys;
        for (const QKeySequence &sequence : action->shortcuts())
            keys << sequence.toString(QKeySequence::NativeText);
        result.append({keys.join(tr(", ")), withoutMnemonic(action->text())});
    }
    std::sort(result.begin(), result.end(), [](const Shortcut &a, const Shortcut &b) {
        return a.action.localeAwareCompare(b.action) < 0;
    });
    return result;
}

KeyboardHelp::KeyboardHelp(QWidget *window, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
{
    setWindowTitle(tr("Keyboard shortcuts"));
    setAccessibleName(tr("Keyboard shortcuts"));
    const QList<Shortcut> list = shortcuts(window);
    m_table->setColumnCount(2);
    m_table->setRowCount(int(list.size()));
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action")});
    for (int row = 0; row < list.size(); ++row) {
        m_table->setItem(row, 0, new QTableWidgetItem(list[row].keys));
        m_table->setItem(row, 1, new QTableWidgetItem(list[row].action));
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeColumnsToContents();
    m_table->setAccessibleName(tr("Shortcuts"));
    m_table->setAccessibleDescription(tr("Each row: the keys, then what they do"));

    auto *note = new QLabel(tr("Tab and Shift+Tab move between controls; Space and the arrow "
                               "keys go to a focused entry, slider or button first."));
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    resize(560, 640);
}

} // namespace posenc

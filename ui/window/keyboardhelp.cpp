// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/keyboardhelp.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QSet>
#include <QTableWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace posenc {

QString KeyboardHelp::withoutMnemonic(const QString &text)
{
    // "(&E)" or the full-width "（&E）" after the words: dropped whole, with a space before it.
    static const QRegularExpression bracketed(QStringLiteral("\\s?[(（]&[^&\\s][)）]"));
    const QString plain = QString(text).remove(bracketed);
    QString result;
    for (qsizetype i = 0; i < plain.size(); ++i) {
        if (plain[i] == QLatin1Char('&') && i + 1 < plain.size())
            ++i;
        result += plain[i];
    }
    return result;
}

namespace {
// The actions of a menu bar in the order a user meets them: menu by menu, top to bottom.
void collectMenuActions(const QList<QAction *> &actions, QList<QAction *> &out)
{
    for (QAction *action : actions) {
        out << action;
        if (QMenu *menu = action->menu())
            collectMenuActions(menu->actions(), out);
    }
}
} // namespace

QList<KeyboardHelp::Shortcut> KeyboardHelp::shortcuts(const QWidget *window)
{
    // The menus first, in their own order (File, Edit, View, ... as the menu bar shows them,
    // which reads right in every language); then any action that is in no menu, by its text.
    QList<QAction *> inMenus;
    if (const QMenuBar *bar = window->findChild<QMenuBar *>())
        collectMenuActions(bar->actions(), inMenus);
    QList<QAction *> others = window->findChildren<QAction *>();
    others += window->actions();
    // Outside the menus, not the keys of a view that is not in front (a tool bar's keys work
    // while the bar is hidden).
    others.removeIf([&inMenus, window](QAction *action) {
        const auto *owner = qobject_cast<const QWidget *>(action->parent());
        const bool elsewhere = owner && owner != window && !qobject_cast<const QToolBar *>(owner)
                               && !owner->isVisibleTo(window);
        return inMenus.contains(action) || elsewhere;
    });
    std::sort(others.begin(), others.end(), [](const QAction *a, const QAction *b) {
        return withoutMnemonic(a->text()).localeAwareCompare(withoutMnemonic(b->text())) < 0;
    });

    QList<Shortcut> result;
    QSet<QAction *> seen;
    for (QAction *action : inMenus + others) {
        // Only the keys that act now: not a greyed animation row's, not presenting's outside it.
        if (seen.contains(action) || action->shortcuts().isEmpty() || !action->isEnabled())
            continue;
        seen.insert(action);
        QStringList keys;
        // Shift+Tab arrives as Backtab, and shortcuts are written so; people know it as Tab.
        for (const QKeySequence &sequence : action->shortcuts())
            keys << sequence.toString(QKeySequence::NativeText)
                        .replace(QKeySequence(Qt::Key_Backtab).toString(QKeySequence::NativeText),
                                 QKeySequence(Qt::Key_Tab).toString(QKeySequence::NativeText));
        result.append({keys.join(tr(", ")), withoutMnemonic(action->text())});
    }
    // Keys that Qt itself gives every window; listed so that the overlay is the whole story.
    const auto key = [](QKeyCombination combination) {
        return QKeySequence(combination).toString(QKeySequence::NativeText);
    };
    result.append({key(Qt::Key_Tab) + tr(", ") + key(Qt::SHIFT | Qt::Key_Tab),
                   tr("Move to the next or the previous control")});
    result.append({tr("Alt+underlined letter"), tr("Open a menu or press the labelled button")});
    result.append({key(Qt::Key_Return), tr("In the lessons list: show me the lesson; on a focused button: press it (Space plays)")});
    result.append({key(Qt::Key_Escape), tr("Close this list or any dialog")});
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

    auto *note = new QLabel(tr("When an entry, a slider or a button has the focus, Space and the "
                               "arrow keys act on it first."));
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    // The whole table where the screen allows, in presentation mode's large font too, so that
    // nobody scrolls a list of shortcuts in front of a class.
    const int frame = 2 * m_table->frameWidth();
    const int tableWidth = m_table->horizontalHeader()->length() + frame
                           + m_table->verticalScrollBar()->sizeHint().width();
    const int tableHeight = m_table->horizontalHeader()->sizeHint().height()
                            + m_table->verticalHeader()->length() + frame;
    const QMargins margins = layout->contentsMargins();
    const int chrome = layout->sizeHint().height() - m_table->sizeHint().height();
    const QRect screen = this->screen() ? this->screen()->availableGeometry() : QRect(0, 0, 1280, 800);
    resize(std::min(std::max(tableWidth + margins.left() + margins.right(), 480), screen.width() * 9 / 10),
           std::min(tableHeight + chrome, screen.height() * 9 / 10));
}

} // namespace posenc

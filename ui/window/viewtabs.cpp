// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/viewtabs.h"

#include "ui/views/viewregistry.h"

#include <QAction>
#include <QFrame>
#include <QMenu>
#include <QScrollArea>
#include <QTabWidget>

namespace posenc {

ViewTabs::ViewTabs(QTabWidget *tabs, EncodingState *state)
    : m_tabs(tabs)
{
    for (const ViewDescriptor *view : ViewRegistry::all())
        m_views.insert(view->id, view->create(state));
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it) {
        auto *page = new QScrollArea;
        page->setWidget(it.value());
        page->setWidgetResizable(true);
        page->setFrameShape(QFrame::NoFrame);
        page->setAccessibleName(title(it.key()).remove(QLatin1Char('&')));
        m_pages.insert(it.key(), page);
    }
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    QObject::connect(m_tabs, &QTabWidget::tabCloseRequested, m_tabs,
                     [this](int index) { closeView(m_pages.key(m_tabs->widget(index))); });
}

QString ViewTabs::title(const QString &id)
{
    const ViewDescriptor *view = ViewRegistry::find(id);
    return view ? view->title() : id;
}

QStringList ViewTabs::openViews() const
{
    QStringList names;
    for (int i = 0; i < m_tabs->count(); ++i)
        names << m_pages.key(m_tabs->widget(i));
    return names;
}

QString ViewTabs::currentView() const
{
    return m_pages.key(m_tabs->currentWidget());
}

bool ViewTabs::showView(const QString &id)
{
    QWidget *widget = m_pages.value(id);
    if (!widget)
        return false;
    if (m_tabs->indexOf(widget) < 0)
        m_tabs->addTab(widget, title(id));
    m_tabs->setCurrentWidget(widget);
    if (QAction *action = m_actions.value(id))
        action->setChecked(true);
    return true;
}

void ViewTabs::closeView(const QString &id)
{
    QWidget *widget = m_pages.value(id);
    const int index = widget ? m_tabs->indexOf(widget) : -1;
    if (index < 0)
        return;
    m_tabs->removeTab(index);
    widget->hide();
    if (QAction *action = m_actions.value(id))
        action->setChecked(false);
}

void ViewTabs::step(int delta)
{
    const int count = m_tabs->count();
    if (count > 0)
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + delta + count) % count);
}

QList<QAction *> ViewTabs::addActions(QMenu *menu, QWidget *context)
{
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        const QString name = view->id;
        QAction *action = menu->addAction(view->title());
        action->setCheckable(true);
        action->setShortcut(view->shortcut);
        // Ctrl+N brings an open view behind others to the front; only the view in front
        // closes (the action is a toggle in the menu).
        QObject::connect(action, &QAction::triggered, context, [this, name](bool checked) {
            if (checked || currentView() != name)
                showView(name);
            else
                closeView(name);
        });
        m_actions.insert(name, action);
    }
    // Ctrl+Tab and Ctrl+PgDown as in a browser, from anywhere in the window.
    QAction *next = menu->addAction(tr("&Next View"), context, [this] { step(1); });
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    QAction *previous = menu->addAction(tr("P&revious View"), context, [this] { step(-1); });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab)});
    QAction *closeCurrent = menu->addAction(tr("&Close View"), context, [this] { closeView(currentView()); });
    closeCurrent->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_W));
    return {next, previous, closeCurrent};
}

} // namespace posenc

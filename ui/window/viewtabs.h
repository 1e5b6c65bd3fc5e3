// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>

class QAction;
class QMenu;
class QTabWidget;
class QWidget;

namespace posenc {

class EncodingState;

// The views of a window as tabs, taken out of MainWindow: one view of every registered
// descriptor, each in a scroll area of its own (the window can then be smaller than a view's
// minimum and the view scrolls), opened, closed and brought to the front by id, and the View
// menu's entries for them (each view's own shortcut, next, previous, close). The texts keep
// MainWindow's translation context.
class ViewTabs
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    ViewTabs(QTabWidget *tabs, EncodingState *state);

    QWidget *view(const QString &id) const { return m_views.value(id); }
    QWidget *page(const QString &id) const { return m_pages.value(id); }
    bool contains(const QString &id) const { return m_views.contains(id); }
    QStringList openViews() const;
    QString currentView() const;
    // Opens the view if it is closed and brings it to the front; false for an unknown id.
    bool showView(const QString &id);
    void closeView(const QString &id);
    // The next (1) or previous (-1) open view, round the ends.
    void step(int delta);
    // The view's translated title ("&Heatmap"), or the id of an unknown view.
    static QString title(const QString &id);
    // The View menu's entries for the views, with `context` owning their connections; returns
    // next, previous and close, for the window to keep working while its menu bar is hidden.
    QList<QAction *> addActions(QMenu *menu, QWidget *context);

private:
    QTabWidget *m_tabs;
    QMap<QString, QWidget *> m_views;
    QMap<QString, QWidget *> m_pages; // the tab page around each view
    QMap<QString, QAction *> m_actions;
};

} // namespace posenc

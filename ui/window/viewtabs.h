// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>

class QAction;
class QLabel;
class QMenu;
class QTabWidget;
class QWidget;

namespace posenc {

class EncodingState;

// The views of a window as tabs, taken out of MainWindow: one view of every registered
// descriptor, each in a scroll area of its own (the window can then be smaller than a view's
// minimum and the view scrolls) under the one-line caption of its descriptor, opened, closed
// and brought to the front by id, a hint in the centre while every view is closed, and the
// View menu's entries for them (each view's own shortcut goes to it; next, previous, close).
// The texts keep MainWindow's translation context.
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
    // The caption line above a view (its descriptor's caption()).
    QLabel *caption(const QString &id) const;
    // What the centre says while every view is closed, and whether it says it now.
    static QString emptyHint();
    bool isHintShown() const;
    // The next (1) or previous (-1) open view, round the ends.
    void step(int delta);
    // The view's translated title ("&Heatmap"), or the id of an unknown view.
    static QString title(const QString &id);
    // The View menu's entries for the views, with `context` owning their connections; returns
    // next, previous and close, for the window to keep working while its menu bar is hidden.
    QList<QAction *> addActions(QMenu *menu, QWidget *context);

private:
    void updateHint();

    QTabWidget *m_tabs;
    QLabel *m_hint = nullptr;
    QMap<QString, QLabel *> m_captions;
    QMap<QString, QWidget *> m_views;
    QMap<QString, QWidget *> m_pages; // the tab page around each view
    QMap<QString, QAction *> m_actions;
};

} // namespace posenc

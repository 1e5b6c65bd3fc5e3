// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QStackedWidget;
class QTreeWidget;
class QTreeWidgetItem;
class QWidget;

namespace posenc {

class EncodingState;

// The views of a window, taken out of MainWindow: a list of every registered view on the
// left, grouped as the registry groups them, each under its whole translated title with its
// shortcut beside it; the view in front on the right. A side list rather than tabs because
// the titles of a dozen views do not fit one row of tabs at 1280 pixels (Qt elides them to
// "…"), while a column of them takes about a tenth of the width and grows only downwards, as
// in Qt Creator's mode bar or KDE System Settings. Each view sits in a scroll area of its own
// (the window can be smaller than a view's minimum) under its descriptor's one-line caption.
// A view can be closed (Ctrl+W, the list's context menu): it stays in the list, greyed, and
// selecting it opens it again; while every view is closed the right says how to open one.
// The texts keep MainWindow's translation context.
class ViewPages
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    // Builds the list and the pages into `container` (the window's central widget).
    ViewPages(QWidget *container, EncodingState *state);

    QWidget *view(const QString &id) const { return m_views.value(id); }
    QWidget *page(const QString &id) const { return m_pages.value(id); }
    bool contains(const QString &id) const { return m_views.contains(id); }
    // The open views, in the registry's order.
    QStringList openViews() const;
    QString currentView() const;
    // Opens the view if it is closed and brings it to the front; false for an unknown id.
    bool showView(const QString &id);
    void closeView(const QString &id);
    // The caption line above a view (its descriptor's caption()).
    QLabel *caption(const QString &id) const;
    // What the right says while every view is closed, and whether it says it now.
    static QString emptyHint();
    bool isHintShown() const;
    // The next (1) or previous (-1) open view, round the ends.
    void step(int delta);
    // The view's translated title ("&Heatmap"), or the id of an unknown view.
    static QString title(const QString &id);
    // The title as the list shows it: no mnemonic ("Heatmap", "热力图").
    static QString plainTitle(const QString &id);
    // The heading of a registry group ("encoding", "labs") in the list.
    static QString groupTitle(const QString &group);
    // The View menu's entries for the views, with `context` owning their connections; returns
    // next, previous and close, for the window to keep working while its menu bar is hidden.
    QList<QAction *> addActions(QMenu *menu, QWidget *context);
    // Called after another view comes to the front (or the last one closes).
    void onCurrentChanged(std::function<void()> listener) { m_listeners << std::move(listener); }
    // The list of views, and the widget under it (the export button), for the keyboard order.
    QTreeWidget *navigation() const { return m_list; }
    QWidget *footer() const { return m_footer; }
    void setFooter(QWidget *widget);
    QStackedWidget *pages() const { return m_stack; }
    // The list as wide as its longest title and shortcut (after a change of font).
    void fitNavigation();
    // Narrow: the list gives its column to the view, and a one-line picker above the page
    // names the view in front and reaches the others (presentation mode at 1280 pixels with a
    // lesson beside the view, which otherwise keeps half the width).
    void setNarrow(bool narrow);
    bool isNarrow() const;
    QComboBox *picker() const { return m_picker; }

private:
    void buildList();
    void buildPicker();
    void updateItem(const QString &id);
    void selectItem(const QString &id);
    void setFront(QWidget *page);
    void showContextMenu(const QPoint &position);

    QTreeWidget *m_list = nullptr;
    QComboBox *m_picker = nullptr;
    QWidget *m_rule = nullptr; // between the list and the pages
    QWidget *m_column = nullptr; // the list and its footer
    QWidget *m_footer = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_hint = nullptr;
    QStringList m_open;
    QMap<QString, QLabel *> m_captions;
    QMap<QString, QWidget *> m_views;
    QMap<QString, QWidget *> m_pages; // the scroll area around each view
    QMap<QString, QTreeWidgetItem *> m_items;
    QMap<QString, QAction *> m_actions;
    QList<std::function<void()>> m_listeners;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/viewpages.h"

#include "ui/views/viewregistry.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace posenc {

namespace {
constexpr int kIdRole = Qt::UserRole;

// Hides a view's caption while its page is too short to give the caption a line and
// still show the view whole: the view matters more, and the caption stays in the list's
// tooltip.
class CaptionFit : public QObject
{
public:
    CaptionFit(QScrollArea *page, QLabel *caption)
        : QObject(caption)
        , m_caption(caption)
    {
        page->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize) {
            constexpr int shortestWithCaption = 360; // px of page, in logical pixels
            m_caption->setVisible(static_cast<QWidget *>(watched)->height() >= shortestWithCaption);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QLabel *m_caption;
};

// Calls `fit` whenever the watched widget's font or style changes (presentation mode
// enlarges the application font, a language change rebuilds the window).
class FontWatch : public QObject
{
public:
    FontWatch(QWidget *watched, std::function<void()> fit)
        : QObject(watched)
        , m_fit(std::move(fit))
    {
        watched->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
            m_fit();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_fit;
};

// The list and its footer: as wide as the list's titles need when the window has room.
class NavigationColumn : public QWidget
{
public:
    void setPreferredWidth(int width)
    {
        m_width = width;
        setMaximumWidth(width);
        updateGeometry();
    }
    QSize sizeHint() const override { return {m_width, QWidget::sizeHint().height()}; }

private:
    int m_width = 0;
};

// The pages take the width the list leaves (a view scrolls below its minimum): the widest
// view's size hint must not squeeze the list of titles, so the pages ask for their minimum.
class PageStack : public QStackedWidget
{
public:
    QSize sizeHint() const override { return minimumSizeHint(); }
};

// A view's page: the view under its one-line caption, both in a scroll area.
QScrollArea *makePage(QWidget *view, QLabel *caption)
{
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(caption);
    layout->addWidget(view, 1);
    auto *page = new QScrollArea;
    page->setWidget(content);
    page->setWidgetResizable(true);
    page->setFrameShape(QFrame::NoFrame);
    return page;
}
} // namespace

ViewPages::ViewPages(QWidget *container, EncodingState *state)
{
    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("ViewList"));
    m_list->setAccessibleName(tr("Views"));
    m_stack = new PageStack;
    m_stack->setObjectName(QStringLiteral("ViewPages"));
    m_hint = new QLabel(emptyHint());
    m_hint->setObjectName(QStringLiteral("EmptyViewsHint"));
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setWordWrap(true);
    m_hint->setMargin(24);
    m_stack->addWidget(m_hint);

    for (const ViewDescriptor *descriptor : ViewRegistry::all()) {
        const QString &id = descriptor->id;
        QWidget *view = descriptor->create(state);
        if (descriptor->addPlayKeys)
            descriptor->addPlayKeys(view);
        auto *caption = new QLabel;
        caption->setObjectName(QStringLiteral("ViewCaption"));
        caption->setWordWrap(true);
        caption->setContentsMargins(8, 4, 8, 4);
        caption->setTextFormat(Qt::PlainText);
        if (descriptor->caption)
            caption->setText(descriptor->caption());
        else
            caption->hide();
        QScrollArea *page = makePage(view, caption);
        page->setAccessibleName(plainTitle(id));
        if (!caption->isHidden())
            new CaptionFit(page, caption);
        m_stack->addWidget(page);
        m_views.insert(id, view);
        m_captions.insert(id, caption);
        m_pages.insert(id, page);
    }
    buildList();
    buildPicker();

    m_column = new NavigationColumn;
    m_column->setObjectName(QStringLiteral("ViewColumn"));
    auto *column = new QVBoxLayout(m_column);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(4);
    column->addWidget(m_list, 1);
    auto *rule = new QFrame;
    rule->setFrameShape(QFrame::VLine);
    rule->setFrameShadow(QFrame::Sunken);
    m_rule = rule;
    auto *right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->setSpacing(0);
    right->addWidget(m_picker, 0, Qt::AlignLeft);
    right->addWidget(m_stack, 1);
    auto *layout = new QHBoxLayout(container);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_column);
    layout->addWidget(rule);
    layout->addLayout(right, 1);
    new FontWatch(m_list, [this] { fitNavigation(); });
    fitNavigation();
    m_stack->setCurrentWidget(m_hint);
}

void ViewPages::buildList()
{
    m_list->setColumnCount(2);
    m_list->setHeaderHidden(true);
    m_list->setRootIsDecorated(false);
    m_list->setItemsExpandable(false);
    m_list->setFrameShape(QFrame::NoFrame);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setTextElideMode(Qt::ElideNone);
    m_list->header()->setStretchLastSection(false);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    // The view in front on a light tint in the text's own colour rather than white on a
    // saturated blue: as readable from the back of a room (and by OCR) as the other titles.
    QPalette palette = m_list->palette();
    const QColor highlight = palette.color(QPalette::Highlight);
    const QColor base = palette.color(QPalette::Base);
    const QColor tint = QColor::fromRgbF(0.15 * highlight.redF() + 0.85 * base.redF(),
                                         0.15 * highlight.greenF() + 0.85 * base.greenF(),
                                         0.15 * highlight.blueF() + 0.85 * base.blueF());
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        palette.setColor(group, QPalette::Highlight, tint);
        palette.setColor(group, QPalette::HighlightedText, palette.color(group, QPalette::Text));
    }
    m_list->setPalette(palette);
    QMap<QString, QTreeWidgetItem *> groups;
    for (const ViewDescriptor *descriptor : ViewRegistry::all()) {
        QTreeWidgetItem *&group = groups[descriptor->group];
        if (!group) {
            group = new QTreeWidgetItem(m_list, {groupTitle(descriptor->group)});
            group->setFlags(Qt::ItemIsEnabled);
            group->setFirstColumnSpanned(true);
        }
        auto *item = new QTreeWidgetItem(group, {plainTitle(descriptor->id),
                                                 descriptor->shortcut.toString(QKeySequence::NativeText)});
        item->setData(0, kIdRole, descriptor->id);
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setForeground(1, m_list->palette().brush(QPalette::PlaceholderText));
        m_items.insert(descriptor->id, item);
        updateItem(descriptor->id);
    }
    m_list->expandAll();
    QObject::connect(m_list, &QTreeWidget::currentItemChanged, m_list, [this](QTreeWidgetItem *item) {
        const QString id = item ? item->data(0, kIdRole).toString() : QString();
        if (!id.isEmpty() && id != currentView())
            showView(id);
    });
    QObject::connect(m_list, &QTreeWidget::customContextMenuRequested, m_list,
                     [this](const QPoint &position) { showContextMenu(position); });
}

void ViewPages::buildPicker()
{
    m_picker = new QComboBox;
    m_picker->setObjectName(QStringLiteral("ViewPicker"));
    m_picker->setAccessibleName(tr("Views"));
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    QString group;
    for (const ViewDescriptor *descriptor : ViewRegistry::all()) {
        if (!group.isEmpty() && descriptor->group != group)
            m_picker->insertSeparator(m_picker->count());
        group = descriptor->group;
        m_picker->addItem(tr("%1 (%2)").arg(plainTitle(descriptor->id),
                                            descriptor->shortcut.toString(QKeySequence::NativeText)),
                          descriptor->id);
    }
    m_picker->hide();
    QObject::connect(m_picker, &QComboBox::activated, m_picker, [this](int index) {
        const QString id = m_picker->itemData(index).toString();
        if (!id.isEmpty() && id != currentView())
            showView(id);
    });
}

void ViewPages::setNarrow(bool narrow)
{
    m_column->setVisible(!narrow);
    m_rule->setVisible(!narrow);
    m_picker->setVisible(narrow);
}

bool ViewPages::isNarrow() const
{
    return !m_picker->isHidden();
}

void ViewPages::fitNavigation()
{
    // The items' fonts are their own: made again from the list's (presentation mode's is larger).
    QFont bold = m_list->font();
    bold.setBold(true);
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        m_list->topLevelItem(i)->setFont(0, bold);
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it) {
        updateItem(it.key());
        it.value()->setFont(1, m_list->font());
    }
    m_list->setIndentation(m_list->fontMetrics().averageCharWidth() * 2);
    for (int column = 0; column < m_list->columnCount(); ++column)
        m_list->resizeColumnToContents(column);
    // The headings span both columns: the list is as wide as the widest of them too.
    int headings = 0;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *group = m_list->topLevelItem(i);
        headings = qMax(headings, QFontMetrics(group->font(0)).horizontalAdvance(group->text(0)));
    }
    const int gap = m_list->fontMetrics().averageCharWidth() * 3;
    const int items = m_list->indentation() + m_list->columnWidth(0) + gap + m_list->columnWidth(1);
    const int margins = 2 * m_list->frameWidth() + m_list->fontMetrics().averageCharWidth() * 2;
    int width = qMax(items, headings + m_list->fontMetrics().averageCharWidth() * 2) + margins;
    if (m_footer)
        width = qMax(width, m_footer->sizeHint().width());
    m_list->setColumnWidth(0, width - margins - m_list->columnWidth(1) - m_list->indentation());
    // Its whole width whenever the window has room; a window narrower than any view and the
    // list (a 320-pixel screenshot) may squeeze the list, never the other way round.
    static_cast<NavigationColumn *>(m_column)->setPreferredWidth(width);
    m_column->setMinimumWidth(qMin(width, m_list->fontMetrics().averageCharWidth() * 8));
}

void ViewPages::setFooter(QWidget *widget)
{
    m_footer = widget;
    static_cast<QVBoxLayout *>(m_column->layout())->addWidget(widget);
    fitNavigation();
}

void ViewPages::updateItem(const QString &id)
{
    QTreeWidgetItem *item = m_items.value(id);
    const ViewDescriptor *descriptor = ViewRegistry::find(id);
    if (!item || !descriptor)
        return;
    const bool open = m_open.contains(id);
    QFont font = m_list->font();
    font.setItalic(!open);
    // The view in front in bold as well as tinted: told apart at a glance from the back of a room.
    font.setBold(m_list->currentItem() == item);
    item->setFont(0, font);
    // An open view in the list's own text colour (which follows presentation mode's palette).
    if (open)
        item->setData(0, Qt::ForegroundRole, QVariant());
    else
        item->setForeground(0, m_list->palette().brush(QPalette::Disabled, QPalette::Text));
    const QString caption = descriptor->caption ? descriptor->caption() : QString();
    item->setToolTip(0, open ? caption : tr("%1 (closed: select it to open it again)").arg(caption));
}

void ViewPages::selectItem(const QString &id)
{
    m_picker->setCurrentIndex(m_picker->findData(id)); // activated() is for the user's choices only
    const QSignalBlocker blocker(m_list);
    const QTreeWidgetItem *before = m_list->currentItem();
    m_list->setCurrentItem(m_items.value(id));
    for (auto it = m_items.cbegin(); it != m_items.cend(); ++it) {
        if (it.value() == before || it.key() == id)
            updateItem(it.key());
    }
}

void ViewPages::setFront(QWidget *page)
{
    if (m_stack->currentWidget() == page)
        return;
    m_stack->setCurrentWidget(page);
    selectItem(currentView());
    for (const auto &listener : std::as_const(m_listeners))
        listener();
}

QString ViewPages::emptyHint()
{
    const QList<const ViewDescriptor *> &views = ViewRegistry::all();
    if (views.isEmpty())
        return {};
    return tr("Every view is closed.\nOpen one from the list on the left, the View menu, or with %1 to %2.")
        .arg(views.constFirst()->shortcut.toString(QKeySequence::NativeText),
             views.constLast()->shortcut.toString(QKeySequence::NativeText));
}

QLabel *ViewPages::caption(const QString &id) const
{
    return m_captions.value(id);
}

bool ViewPages::isHintShown() const
{
    return m_stack->currentWidget() == m_hint;
}

QString ViewPages::title(const QString &id)
{
    const ViewDescriptor *view = ViewRegistry::find(id);
    return view ? view->title() : id;
}

QString ViewPages::plainTitle(const QString &id)
{
    // Without a bracketed mnemonic ("热力图(&H)") or an ampersand: the View menu keeps them.
    static const QRegularExpression bracketed(QStringLiteral("\\s?[(（]&[^&\\s][)）]"));
    return title(id).remove(bracketed).remove(QLatin1Char('&'));
}

QString ViewPages::groupTitle(const QString &group)
{
    if (group == QLatin1String("encoding"))
        return tr("The encoding");
    if (group == QLatin1String("labs"))
        return tr("Labs");
    return group;
}

QStringList ViewPages::openViews() const
{
    QStringList open;
    for (const ViewDescriptor *descriptor : ViewRegistry::all()) {
        if (m_open.contains(descriptor->id))
            open << descriptor->id;
    }
    return open;
}

QString ViewPages::currentView() const
{
    return m_pages.key(m_stack->currentWidget());
}

bool ViewPages::showView(const QString &id)
{
    QWidget *page = m_pages.value(id);
    if (!page)
        return false;
    if (!m_open.contains(id)) {
        m_open << id;
        updateItem(id);
    }
    setFront(page);
    selectItem(id); // also when it was in front already (a click on its greyed entry)
    if (QAction *action = m_actions.value(id))
        action->setChecked(true);
    return true;
}

void ViewPages::closeView(const QString &id)
{
    if (!m_open.contains(id))
        return;
    const QStringList before = openViews();
    const qsizetype index = before.indexOf(id);
    m_open.removeAll(id);
    updateItem(id);
    if (QAction *action = m_actions.value(id))
        action->setChecked(false);
    if (currentView() == id) {
        const QStringList after = openViews();
        // The view that took its place in the list, or the one before the last.
        setFront(after.isEmpty() ? m_hint : m_pages.value(after.value(qMin(index, after.size() - 1))));
    }
}

void ViewPages::step(int delta)
{
    const QStringList open = openViews();
    if (open.isEmpty())
        return;
    const qsizetype index = open.indexOf(currentView());
    const qsizetype count = open.size();
    showView(open.value((qMax<qsizetype>(index, 0) + delta + count) % count));
}

void ViewPages::showContextMenu(const QPoint &position)
{
    const QTreeWidgetItem *item = m_list->itemAt(position);
    const QString id = item ? item->data(0, kIdRole).toString() : QString();
    if (id.isEmpty())
        return;
    QMenu menu;
    if (m_open.contains(id))
        menu.addAction(tr("&Close View"), m_list, [this, id] { closeView(id); });
    else
        menu.addAction(tr("&Open View"), m_list, [this, id] { showView(id); });
    menu.exec(m_list->viewport()->mapToGlobal(position));
}

QList<QAction *> ViewPages::addActions(QMenu *menu, QWidget *context)
{
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        const QString name = view->id;
        QAction *action = menu->addAction(view->title());
        action->setCheckable(true);
        action->setChecked(m_open.contains(name));
        action->setShortcut(view->shortcut);
        // Ctrl+N goes to the view: opens it if it is closed, brings it to the front if it is
        // open, and never closes it (closing is Ctrl+W and the list's menu). The check mark
        // only says that the view is open.
        QObject::connect(action, &QAction::triggered, context, [this, name] { showView(name); });
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

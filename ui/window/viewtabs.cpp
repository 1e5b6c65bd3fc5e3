// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/viewtabs.h"

#include "ui/views/viewregistry.h"

#include <QAction>
#include <QEvent>
#include <QFrame>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace posenc {

namespace {
// What the centre says while every view is closed; it covers the empty tab widget and
// follows its size.
class EmptyHint : public QLabel
{
public:
    explicit EmptyHint(QTabWidget *tabs)
        : QLabel(tabs)
    {
        setObjectName(QStringLiteral("EmptyViewsHint"));
        setAlignment(Qt::AlignCenter);
        setWordWrap(true);
        setMargin(24);
        tabs->installEventFilter(this);
        setGeometry(tabs->rect());
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize)
            setGeometry(static_cast<QWidget *>(watched)->rect());
        return QLabel::eventFilter(watched, event);
    }
};

// Hides a view's caption while its page is too short to give the caption a line and
// still show the view whole: the view matters more, and the caption stays in the tab's
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
} // namespace

ViewTabs::ViewTabs(QTabWidget *tabs, EncodingState *state)
    : m_tabs(tabs)
{
    for (const ViewDescriptor *view : ViewRegistry::all())
        m_views.insert(view->id, view->create(state));
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it) {
        // The view under its one-line caption, both in the scroll area (the window can be
        // smaller than a view's minimum, and then the page scrolls).
        auto *content = new QWidget;
        auto *layout = new QVBoxLayout(content);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(0);
        auto *caption = new QLabel(content);
        caption->setObjectName(QStringLiteral("ViewCaption"));
        caption->setWordWrap(true);
        caption->setContentsMargins(8, 4, 8, 4);
        caption->setTextFormat(Qt::PlainText);
        const ViewDescriptor *descriptor = ViewRegistry::find(it.key());
        if (descriptor && descriptor->caption)
            caption->setText(descriptor->caption());
        else
            caption->hide();
        layout->addWidget(caption);
        layout->addWidget(it.value(), 1);
        m_captions.insert(it.key(), caption);
        auto *page = new QScrollArea;
        page->setWidget(content);
        page->setWidgetResizable(true);
        page->setFrameShape(QFrame::NoFrame);
        page->setAccessibleName(title(it.key()).remove(QLatin1Char('&')));
        if (!caption->isHidden())
            new CaptionFit(page, caption);
        m_pages.insert(it.key(), page);
    }
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    // On a narrow screen (a 1280x720 projector) the titles shorten before any hides behind
    // scroll arrows: every view stays one click away. The arrows remain for a window too
    // narrow for even the shortened titles, which would otherwise hold the window wide.
    m_tabs->setElideMode(Qt::ElideRight);
    m_hint = new EmptyHint(m_tabs);
    m_hint->setText(emptyHint());
    QObject::connect(m_tabs, &QTabWidget::tabCloseRequested, m_tabs,
                     [this](int index) { closeView(m_pages.key(m_tabs->widget(index))); });
    updateHint();
}

QString ViewTabs::emptyHint()
{
    const QList<const ViewDescriptor *> &views = ViewRegistry::all();
    if (views.isEmpty())
        return {};
    return tr("Every view is closed.\nOpen one from the View menu, or with %1 to %2.")
        .arg(views.constFirst()->shortcut.toString(QKeySequence::NativeText),
             views.constLast()->shortcut.toString(QKeySequence::NativeText));
}

QLabel *ViewTabs::caption(const QString &id) const
{
    return m_captions.value(id);
}

bool ViewTabs::isHintShown() const
{
    return !m_hint->isHidden();
}

void ViewTabs::updateHint()
{
    m_hint->setVisible(m_tabs->count() == 0);
    if (m_tabs->count() == 0)
        m_hint->raise();
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
    if (m_tabs->indexOf(widget) < 0) {
        // Without a bracketed mnemonic ("热力图(&H)"): it lengthened every title, so that the
        // Chinese tabs were shortened at 1280 pixels; the View menu keeps it, Ctrl+N goes there.
        static const QRegularExpression bracketed(QStringLiteral("\\s?[(（]&[^&\\s][)）]"));
        const int index = m_tabs->addTab(widget, title(id).remove(bracketed));
        if (const ViewDescriptor *descriptor = ViewRegistry::find(id); descriptor && descriptor->caption)
            m_tabs->setTabToolTip(index, descriptor->caption());
    }
    m_tabs->setCurrentWidget(widget);
    updateHint();
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
    updateHint();
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
        // Ctrl+N goes to the view: opens it if it is closed, brings it to the front if it is
        // open, and never closes it (closing is Ctrl+W and the tab's button). The check mark
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

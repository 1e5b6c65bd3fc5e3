// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/describeview.h"

#include "ui/views/viewregistry.h"
#include "ui/window/viewpages.h"

#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace posenc {

DescribeView::DescribeView(QWidget *window, const ViewPages *views, const EncodingState *state)
    : m_window(window)
    , m_views(views)
    , m_state(state)
{
    // A description can cost tens of milliseconds on the largest matrices (it reads the
    // values): it is written once a burst of changes (a dragged slider, an animation) has
    // settled, not on every step.
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    QObject::connect(&m_timer, &QTimer::timeout, window, [this] { update(); });
}

QString DescribeView::describe() const
{
    const QString view = m_views->currentView();
    return view.isEmpty() ? QString() : ViewRegistry::describe(view, *m_state);
}

void DescribeView::update()
{
    m_timer.stop();
    const QString view = m_views->currentView();
    if (view.isEmpty())
        return;
    // Only the page in front: a description costs a little, and hidden pages are not read.
    const QString text = describe();
    m_views->page(view)->setAccessibleDescription(text);
    if (m_dialog && m_dialog->isVisible()) {
        m_dialog->setWindowTitle(
            tr("Describe View: %1").arg(ViewPages::title(view).remove(QLatin1Char('&'))));
        m_text->setPlainText(text.isEmpty() ? tr("There is no description of this view.") : text);
    }
}

void DescribeView::show()
{
    if (!m_dialog) {
        m_dialog = new QDialog(m_window);
        m_dialog->setObjectName(QStringLiteral("DescriptionDialog"));
        m_text = new QPlainTextEdit;
        m_text->setReadOnly(true);
        m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        m_text->setAccessibleName(tr("Description of the view"));
        m_text->setMinimumSize(m_window->fontMetrics().averageCharWidth() * 64, m_window->fontMetrics().height() * 12);
        // Tab moves on to the buttons rather than typing into read-only text.
        m_text->setTabChangesFocus(true);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
        QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
        QObject::connect(copy, &QPushButton::clicked, m_window,
                [this] { QGuiApplication::clipboard()->setText(m_text->toPlainText()); });
        QObject::connect(buttons, &QDialogButtonBox::rejected, m_dialog, &QDialog::close);
        auto *layout = new QVBoxLayout(m_dialog);
        layout->addWidget(m_text);
        layout->addWidget(buttons);
    }
    m_dialog->show();
    update();
    m_dialog->raise();
    m_dialog->activateWindow();
    m_text->setFocus();
}

} // namespace posenc

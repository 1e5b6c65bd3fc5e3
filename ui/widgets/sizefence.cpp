// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/sizefence.h"

#include <QEvent>

namespace posenc {

namespace {

bool hiddenOnPurpose(const QWidget *widget)
{
    return widget->testAttribute(Qt::WA_WState_ExplicitShowHide) && widget->testAttribute(Qt::WA_WState_Hidden);
}

} // namespace

SizeFence *SizeFence::around(QWidget *widget)
{
    return new SizeFence(widget);
}

SizeFence::SizeFence(QWidget *widget)
    : m_widget(widget)
{
    // Hidden on purpose before it moves in (a figure's compact layout hides notes): so is the box.
    const bool hidden = hiddenOnPurpose(widget);
    widget->setParent(this);
    widget->move(0, 0);
    if (hidden)
        hide(); // stays hidden when a layout takes the box, as the widget would have
    else
        widget->show(); // setParent() hid it
    widget->installEventFilter(this);
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, [this] { passOn(true); });
    adopt(hints());
}

void SizeFence::adopt(const Hints &hints)
{
    m_passed = hints;
    setSizePolicy(hints.policy);
    setMinimumSize(hints.minimumSize);
    setMaximumSize(hints.maximumSize);
}

SizeFence::Hints SizeFence::hints() const
{
    Hints h;
    if (!m_widget)
        return h;
    h.hint = m_widget->sizeHint();
    h.minimumHint = m_widget->minimumSizeHint();
    h.policy = m_widget->sizePolicy();
    h.minimumSize = m_widget->minimumSize();
    h.maximumSize = m_widget->maximumSize();
    if (m_widget->hasHeightForWidth() && width() > 0) {
        h.width = width();
        h.heightForWidth = m_widget->heightForWidth(width());
    }
    return h;
}

void SizeFence::passOn(bool always)
{
    const Hints now = hints();
    if (!always && now == m_passed) {
        ++m_stopped;
        m_settle.start(); // running while a stopped request has not been passed on
        return;
    }
    m_settle.stop();
    adopt(now);
    updateGeometry();
}

QSize SizeFence::sizeHint() const
{
    return m_widget ? m_widget->sizeHint() : QSize();
}

QSize SizeFence::minimumSizeHint() const
{
    return m_widget ? m_widget->minimumSizeHint() : QSize();
}

bool SizeFence::hasHeightForWidth() const
{
    return m_widget && m_widget->hasHeightForWidth();
}

int SizeFence::heightForWidth(int width) const
{
    return m_widget ? m_widget->heightForWidth(width) : -1;
}

bool SizeFence::event(QEvent *event)
{
    if (event->type() == QEvent::LayoutRequest) {
        passOn(false);
        if (m_widget)
            m_widget->setGeometry(rect());
        return true;
    }
    if (event->type() == QEvent::ChildRemoved && (!m_widget || static_cast<QChildEvent *>(event)->child() == m_widget.data())) {
        m_widget = nullptr; // taken out (or being deleted): an empty box, which the layouts learn of
        updateGeometry();
    }
    return QWidget::event(event);
}

bool SizeFence::eventFilter(QObject *watched, QEvent *event)
{
    // A new font, style or margins is not a step of a slider: the layouts above learn of it at
    // once, as they would without the box, since a caller may measure them right after (the
    // rotation view's equations try font sizes one after another and measure each). The box
    // sees the event before the widget does, so its hints are asked later, when the layout is.
    if (watched == m_widget
        && (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange
            || event->type() == QEvent::ContentsRectChange || event->type() == QEvent::LayoutDirectionChange)) {
        updateGeometry();
    }
    // Shown or hidden by hand, the widget takes its box along (a box without a parent yet is
    // only marked, so that it does not open as a window of its own).
    if (watched == m_widget && (event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent)) {
        const bool shown = event->type() == QEvent::ShowToParent;
        if (parentWidget())
            setVisible(shown);
        else if (!shown)
            hide();
        else
            setAttribute(Qt::WA_WState_ExplicitShowHide, false);
    }
    return QWidget::eventFilter(watched, event);
}

void SizeFence::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_widget)
        return;
    m_widget->setGeometry(rect());
    // The height for the new width is the layout's own question; remember it as passed on.
    const Hints now = hints();
    m_passed.width = now.width;
    m_passed.heightForWidth = now.heightForWidth;
}

void SizeFence::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Requests of a widget in a hidden page never reach the box: compare now.
    if (hints() != m_passed)
        passOn(true);
}

} // namespace posenc

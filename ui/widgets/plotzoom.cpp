// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plotzoom.h"

#include "ui/widgets/plotstyle.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QMenu>
#include <QPointer>

namespace posenc {

namespace {

constexpr char kHomeProperty[] = "posencZoomHome";

// Every axis of `plot` that has a home goes back to it.
void resetToHomes(QCustomPlot *plot)
{
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            const QVariant home = axis->property(kHomeProperty);
            if (home.isValid()) {
                const QPointF range = home.toPointF();
                axis->setRange(range.x(), range.y());
            }
        }
    }
}

// Owned by the plot: holds its reset, found by resetAll().
class ZoomReset : public QObject
{
public:
    ZoomReset(QCustomPlot *plot, std::function<void()> reset)
        : QObject(plot)
        , m_plot(plot)
        , m_reset(std::move(reset))
    {
    }
    void reset()
    {
        m_reset();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }

private:
    QCustomPlot *m_plot;
    std::function<void()> m_reset;
};

// Keeps a label in the bottom-right corner of the plot it watches, in a band of its own under
// the bottom axis: the axis's padding (the room under its title) grows by the label's height
// while the label is shown, so that the label never covers the axis title or a tick label
// (at 1280x720 it covered "time step t"). A hidden label (a figure's) takes no room.
class CornerKeeper : public QObject
{
public:
    CornerKeeper(QCustomPlot *plot, QLabel *label)
        : QObject(label)
        , m_plot(plot)
        , m_label(label)
        , m_padding(plot->xAxis ? plot->xAxis->padding() : 0)
    {
        plot->installEventFilter(this);
        label->installEventFilter(this);
    }
    bool eventFilter(QObject *, QEvent *event) override
    {
        switch (event->type()) {
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
        case QEvent::FontChange:
        case QEvent::StyleChange:
            place();
            break;
        default:
            break;
        }
        return false;
    }

private:
    void place()
    {
        m_label->adjustSize();
        m_label->move(m_plot->width() - m_label->width() - 2, m_plot->height() - m_label->height() - 1);
        if (!m_plot->xAxis)
            return;
        const int padding = m_padding + (m_label->isHidden() ? 0 : m_label->height() + 1);
        if (m_plot->xAxis->padding() != padding) {
            m_plot->xAxis->setPadding(padding);
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }

    QCustomPlot *m_plot;
    QLabel *m_label;
    int m_padding;
};

} // namespace

void PlotZoom::install(QCustomPlot *plot, std::function<void()> reset)
{
    if (!reset)
        reset = [plot] { resetToHomes(plot); };
    plot->setInteraction(QCP::iRangeDrag, true);
    plot->setInteraction(QCP::iRangeZoom, true);
    auto *handler = new ZoomReset(plot, std::move(reset));
    QObject::connect(plot, &QCustomPlot::mouseDoubleClick, handler, [handler](QMouseEvent *event) {
        if (event->button() == Qt::LeftButton)
            handler->reset();
    });
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(plot, &QWidget::customContextMenuRequested, handler, [plot, handler](const QPoint &at) {
        QMenu menu(plot);
        QAction *action = menu.addAction(tr("Reset &Zoom"));
        action->setToolTip(hint());
        QObject::connect(action, &QAction::triggered, handler, [handler] { handler->reset(); });
        menu.exec(plot->mapToGlobal(at));
    });
}

bool PlotZoom::isInstalled(const QCustomPlot *plot)
{
    for (QObject *child : plot->children()) {
        if (dynamic_cast<ZoomReset *>(child))
            return true;
    }
    return false;
}

void PlotZoom::setHome(QCPAxis *axis, const QCPRange &range)
{
    axis->setProperty(kHomeProperty, QPointF(range.lower, range.upper));
    axis->setRange(range);
}

void PlotZoom::resetAll(QWidget *root)
{
    QList<QCustomPlot *> plots = root->findChildren<QCustomPlot *>();
    if (auto *plot = qobject_cast<QCustomPlot *>(root))
        plots.prepend(plot);
    // The handlers first, then their resets: a reset rebuilds graphs, children of the plot,
    // and the list of children would change under the loop (a crash once the plot had one
    // child more, PlotFit's).
    QList<QPointer<ZoomReset>> handlers;
    for (QCustomPlot *plot : std::as_const(plots)) {
        for (QObject *child : plot->children()) {
            if (auto *handler = dynamic_cast<ZoomReset *>(child))
                handlers << handler;
        }
    }
    for (const QPointer<ZoomReset> &handler : std::as_const(handlers)) {
        if (handler)
            handler->reset();
    }
}

QString PlotZoom::hint()
{
    return tr("wheel: zoom, drag: pan, double-click: reset");
}

QLabel *PlotZoom::makeHintLabel(QWidget *parent)
{
    auto *label = new QLabel(hint(), parent);
    label->setObjectName(QStringLiteral("plotZoomHint"));
    label->setStyleSheet(QStringLiteral("color: #555555;"));
    label->setToolTip(tr("Right-click a plot for Reset Zoom; Reset All resets every zoom too."));
    PlotStyle::markScreenOnly(label);
    return label;
}

QLabel *PlotZoom::makeHintOverlay(QCustomPlot *plot)
{
    QLabel *label = makeHintLabel(plot);
    label->setStyleSheet(QStringLiteral("color: #555555; background: rgba(255, 255, 255, 200);"));
    new CornerKeeper(plot, label);
    return label;
}

} // namespace posenc

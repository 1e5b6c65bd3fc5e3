// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plotzoom.h"

#include "ui/widgets/plotstyle.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QMenu>

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

// Keeps a label in the bottom-right corner of the widget it watches.
class CornerKeeper : public QObject
{
public:
    CornerKeeper(QWidget *widget, QLabel *label)
        : QObject(label)
        , m_label(label)
    {
        widget->installEventFilter(this);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show) {
            const QWidget *widget = static_cast<QWidget *>(watched);
            m_label->adjustSize();
            m_label->move(widget->width() - m_label->width() - 2, widget->height() - m_label->height() - 1);
        }
        return false;
    }

private:
    QLabel *m_label;
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
    for (QCustomPlot *plot : std::as_const(plots)) {
        for (QObject *child : plot->children()) {
            if (auto *handler = dynamic_cast<ZoomReset *>(child))
                handler->reset();
        }
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

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plotzoom.h"

#include <qcustomplot.h>

#include <QMenu>

namespace posenc {

namespace {

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

} // namespace

void PlotZoom::install(QCustomPlot *plot, std::function<void()> reset)
{
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

} // namespace posenc

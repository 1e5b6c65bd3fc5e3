// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/plotstyle.h"

#include <qcustomplot.h>

namespace posenc::PlotStyle {

namespace {

// A gradient through evenly spaced colour stops, in 256 levels.
QCPColorGradient throughStops(const QList<QColor> &stops)
{
    QCPColorGradient gradient;
    gradient.clearColorStops();
    for (int i = 0; i < stops.size(); ++i)
        gradient.setColorStopAt(double(i) / (stops.size() - 1), stops[i]);
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(256);
    return gradient;
}

} // namespace

QCPColorGradient diverging()
{
    // RdBu, 11 classes, from ColorBrewer 2.0 (Cynthia Brewer), blue for -1 and red for +1.
    return throughStops({QColor(0x05, 0x30, 0x61), QColor(0x21, 0x66, 0xac), QColor(0x43, 0x93, 0xc3),
                         QColor(0x92, 0xc5, 0xde), QColor(0xd1, 0xe5, 0xf0), QColor(0xf7, 0xf7, 0xf7),
                         QColor(0xfd, 0xdb, 0xc7), QColor(0xf4, 0xa5, 0x82), QColor(0xd6, 0x60, 0x4d),
                         QColor(0xb2, 0x18, 0x2b), QColor(0x67, 0x00, 0x1f)});
}

QCPColorGradient sequential()
{
    // Matplotlib's viridis sampled at 11 points.
    return throughStops({QColor(0x44, 0x01, 0x54), QColor(0x48, 0x24, 0x75), QColor(0x41, 0x44, 0x87),
                         QColor(0x35, 0x5f, 0x8d), QColor(0x2a, 0x78, 0x8e), QColor(0x21, 0x91, 0x8c),
                         QColor(0x22, 0xa8, 0x84), QColor(0x44, 0xbf, 0x70), QColor(0x7a, 0xd1, 0x51),
                         QColor(0xbd, 0xdf, 0x26), QColor(0xfd, 0xe7, 0x25)});
}

const QList<QColor> &categorical()
{
    static const QList<QColor> colors{
        QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73),
        QColor(0xcc, 0x79, 0xa7), QColor(0xe6, 0x9f, 0x00), QColor(0x56, 0xb4, 0xe9),
        QColor(0x00, 0x00, 0x00), QColor(0xf0, 0xe4, 0x42)};
    return colors;
}

void applyDefaults(QCustomPlot *plot)
{
    plot->setAntialiasedElements(QCP::aePlottables | QCP::aeItems);
    plot->setNoAntialiasingOnDrag(false);
    QFont font = plot->font();
    font.setPointSizeF(std::max(font.pointSizeF(), 10.0));
    QFont labelFont = font;
    labelFont.setPointSizeF(font.pointSizeF() + 1);
    for (QCPAxisRect *rect : plot->axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            axis->setTickLabelFont(font);
            axis->setLabelFont(labelFont);
        }
    }
}

} // namespace posenc::PlotStyle

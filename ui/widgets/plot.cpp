// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plot.h"

#include "ui/widgets/plotstyle.h"
#include "ui/widgets/textmeasure.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <typeinfo>

namespace posenc {

namespace {

// A paint buffer cleared to its plot's background where that is one opaque colour.
class OpaqueBuffer : public QCPPaintBufferPixmap
{
public:
    OpaqueBuffer(const QSize &size, double devicePixelRatio, const QBrush *background)
        : QCPPaintBufferPixmap(size, devicePixelRatio)
        , m_background(background)
    {
    }

    void clear(const QColor &color) override
    {
        m_opaque = m_background->style() == Qt::SolidPattern && m_background->color().alpha() == 255;
        if (!m_opaque) {
            mBuffer.fill(color);
            return;
        }
        // A pixmap takes a format with alpha when it is filled with a colour that is not
        // opaque, and keeps it: a new one, in the platform's opaque format, which the widget's
        // backing store takes as a copy (the fastest of the ways compared in docs/rendering.md).
        if (mBuffer.hasAlphaChannel())
            reallocateBuffer();
        mBuffer.fill(m_background->color());
    }

    bool opaque() const { return m_opaque && !mBuffer.hasAlphaChannel(); }

private:
    const QBrush *m_background; // the plot's own brush, which outlives the buffer
    bool m_opaque = false;
};

// A legend entry whose size hint (asked a few times in each layout pass) measures its name
// once per font and name. The geometry is QCPPlottableLegendItem's: the icon, the padding and
// the name's bounding rect (in a rect as high as the icon), within the margins. In a figure,
// whose text may be several times the window's, the icon is a handle as matplotlib's legend
// draws it: about two ems long and a line of text high, so that its line stands at the middle
// of the name's first line rather than at its cap height.
class LegendEntry : public QCPPlottableLegendItem
{
    Q_OBJECT

public:
    using QCPPlottableLegendItem::QCPPlottableLegendItem;

    QSize iconSize() const
    {
        const QSize set = mParentLegend->iconSize();
        if (!PlotStyle::isFigure(mParentPlot))
            return set;
        const double line = QFontMetricsF(getFont()).height();
        return QSize(std::max(set.width(), int(std::lround(1.7 * line))), std::max(set.height(), int(std::lround(line))));
    }

protected:
    QSize minimumOuterSizeHint() const override
    {
        if (!mPlottable)
            return {};
        const QSize icon = iconSize();
        const QRect text = nameRect(icon);
        return QSize(icon.width() + mParentLegend->iconTextPadding() + text.width() + mMargins.left() + mMargins.right(),
                     std::max(text.height(), icon.height()) + mMargins.top() + mMargins.bottom());
    }

    // QCustomPlot's drawing, with the legend's icon size this entry's for the while.
    void draw(QCPPainter *painter) override
    {
        const QSize set = mParentLegend->iconSize();
        const QSize icon = iconSize();
        if (icon == set) {
            QCPPlottableLegendItem::draw(painter);
            return;
        }
        mParentLegend->setIconSize(icon);
        QCPPlottableLegendItem::draw(painter);
        mParentLegend->setIconSize(set);
    }

private:
    QRect nameRect(QSize icon) const
    {
        return TextMeasure::boundingRect(getFont(), QRect(0, 0, 0, icon.height()), Qt::TextDontClip, mPlottable->name());
    }
};

// `entry` takes the place of `item` in its legend, as it was set.
void replaceEntry(QCPLegend *legend, int index, QCPPlottableLegendItem *item, LegendEntry *entry)
{
    entry->setFont(item->font());
    entry->setTextColor(item->textColor());
    entry->setSelectedFont(item->selectedFont());
    entry->setSelectedTextColor(item->selectedTextColor());
    entry->setSelectable(item->selectable());
    entry->setSelected(item->selected());
    entry->setMargins(item->margins());
    entry->setMinimumMargins(item->minimumMargins());
    entry->setAutoMargins(item->autoMargins());
    entry->setMinimumSize(item->minimumSize());
    entry->setMaximumSize(item->maximumSize());
    entry->setSizeConstraintRect(item->sizeConstraintRect());
    entry->setAntialiased(item->antialiased());
    entry->setVisible(item->visible());
    for (const QByteArray &name : item->dynamicPropertyNames())
        entry->setProperty(name.constData(), item->property(name.constData()));
    int row = 0, column = 0;
    legend->indexToRowCol(index, row, column);
    legend->take(item);
    legend->addElement(row, column, entry);
    entry->setLayer(item->layer());
    delete item;
}

} // namespace

Plot::Plot(QWidget *parent)
    : QCustomPlot(parent)
{
    // Connected first, so before PlotFit and the views measure anything.
    connect(this, &QCustomPlot::beforeReplot, this, &Plot::adoptLegendEntries);
}

bool Plot::measuresOnce(const QCPAbstractLegendItem *item)
{
    return qobject_cast<const LegendEntry *>(item) != nullptr;
}

void Plot::adoptLegendEntries()
{
    // The legends first: the elements listed include their entries, replaced below.
    QList<QCPLegend *> legends;
    for (QCPLayoutElement *element : plotLayout()->elements(true)) {
        if (auto *legend = qobject_cast<QCPLegend *>(element))
            legends << legend;
    }
    for (QCPLegend *legend : std::as_const(legends)) {
        for (int index = 0; index < legend->elementCount(); ++index) {
            auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->elementAt(index));
            if (item && typeid(*item) == typeid(QCPPlottableLegendItem))
                replaceEntry(legend, index, item, new LegendEntry(legend, item->plottable()));
        }
    }
}

bool Plot::paintsOpaque() const
{
    const auto *bottom = mPaintBuffers.isEmpty() ? nullptr : dynamic_cast<const OpaqueBuffer *>(mPaintBuffers.first().data());
    return bottom && bottom->opaque() && mBackgroundPixmap.isNull();
}

void Plot::updateLayout()
{
    QCustomPlot::updateLayout();
    // setupPaintBuffers() keeps the buffers it finds and hands them to the layers anew.
    if (openGl())
        return;
    if (mPaintBuffers.isEmpty() || !dynamic_cast<OpaqueBuffer *>(mPaintBuffers.first().data())) {
        QSharedPointer<QCPAbstractPaintBuffer> bottom(
            new OpaqueBuffer(viewport().size(), bufferDevicePixelRatio(), &mBackgroundBrush));
        if (mPaintBuffers.isEmpty())
            mPaintBuffers.append(bottom);
        else
            mPaintBuffers.first() = bottom;
    }
}

void Plot::paintEvent(QPaintEvent *event)
{
    if (!paintsOpaque()) {
        QCustomPlot::paintEvent(event);
        return;
    }
    // As QCustomPlot paints, less the background under the opaque bottom buffer.
    QCPPainter painter(this);
    if (!painter.isActive())
        return;
    for (const QSharedPointer<QCPAbstractPaintBuffer> &buffer : std::as_const(mPaintBuffers))
        buffer->draw(&painter);
}

} // namespace posenc

#include "plot.moc"

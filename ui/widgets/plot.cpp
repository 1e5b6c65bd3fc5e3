// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plot.h"

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
        // backing store takes as a copy (the fastest of the ways measured in docs/performance.md).
        if (mBuffer.hasAlphaChannel())
            reallocateBuffer();
        mBuffer.fill(m_background->color());
    }

    bool opaque() const { return m_opaque && !mBuffer.hasAlphaChannel(); }

private:
    const QBrush *m_background; // the plot's own brush, which outlives the buffer
    bool m_opaque = false;
};

} // namespace

Plot::Plot(QWidget *parent)
    : QCustomPlot(parent)
{
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

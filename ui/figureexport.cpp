// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/figureexport.h"

#include "ui/curvesview.h"
#include "ui/encodingstate.h"
#include "ui/heatmapview.h"
#include "ui/rotationview.h"
#include "ui/similarityview.h"
#include "ui/spectrumview.h"
#include "ui/temporalview.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QBuffer>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <memory>

namespace posenc {

namespace {

void settle(EncodingState *state)
{
    if (state)
        state->flush();
    // Layouts settle and QCustomPlot's queued replots run on the next event-loop turns.
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
}

// Controls that only make sense on a screen; a figure shows what they control, not them.
void hideControls(QWidget *view)
{
    for (QWidget *child : view->findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractSpinBox *>(child) || qobject_cast<QLineEdit *>(child)
            || qobject_cast<QAbstractButton *>(child) || qobject_cast<QComboBox *>(child)
            || qobject_cast<QAbstractSlider *>(child))
            child->hide();
    }
    // The "Dimensions:" label of a hidden entry would be left pointing at nothing.
    for (QLabel *label : view->findChildren<QLabel *>()) {
        if (label->buddy() && label->buddy()->isHidden())
            label->hide();
    }
}

QFont scaledFont(QFont font, double factor)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * factor))));
    return font;
}

// Every font a QCustomPlot draws with, scaled by `factor` from the fonts `original` recorded.
// QCustomPlot copies fonts into each axis, legend and text element, so the widget font alone
// changes nothing.
class PlotFonts
{
public:
    explicit PlotFonts(QCustomPlot *plot) : m_plot(plot) {}

    void scale(double factor)
    {
        int n = 0;
        const auto apply = [&](const QFont &current, const auto &set) {
            if (m_original.size() <= n)
                m_original.append(current);
            set(scaledFont(m_original[n++], factor));
        };
        apply(m_plot->font(), [this](const QFont &f) { m_plot->setFont(f); });
        QList<QCPAxis *> axes;
        QList<QCPLayoutElement *> elements{m_plot->plotLayout()};
        elements += m_plot->plotLayout()->elements(true);
        for (QCPLayoutElement *element : elements) {
            if (auto *rect = qobject_cast<QCPAxisRect *>(element))
                axes += rect->axes();
            if (auto *scale = qobject_cast<QCPColorScale *>(element))
                axes += scale->axis();
            if (auto *text = qobject_cast<QCPTextElement *>(element))
                apply(text->font(), [text](const QFont &f) { text->setFont(f); });
            if (auto *legend = qobject_cast<QCPLegend *>(element)) {
                apply(legend->font(), [legend](const QFont &f) { legend->setFont(f); });
                for (int i = 0; i < legend->itemCount(); ++i) {
                    if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i)))
                        apply(item->font(), [item](const QFont &f) { item->setFont(f); });
                }
            }
        }
        for (QCPAxis *axis : axes) {
            if (!axis)
                continue;
            apply(axis->tickLabelFont(), [axis](const QFont &f) { axis->setTickLabelFont(f); });
            apply(axis->labelFont(), [axis](const QFont &f) { axis->setLabelFont(f); });
        }
        for (int i = 0; i < m_plot->itemCount(); ++i) {
            if (auto *text = qobject_cast<QCPItemText *>(m_plot->item(i)))
                apply(text->font(), [text](const QFont &f) { text->setFont(f); });
        }
    }

private:
    QCustomPlot *m_plot;
    QList<QFont> m_original;
};

// Sets the text of the view and of everything in it to `pointSize` (times the layout scale,
// see renderView), keeping the ratios the view chose (titles larger than tick labels).
class ViewFonts
{
public:
    explicit ViewFonts(QWidget *view) : m_view(view)
    {
        for (QCustomPlot *plot : view->findChildren<QCustomPlot *>()) {
            m_plots.push_back(std::make_unique<PlotFonts>(plot));
            // The views' tick labels are 10 pt (PlotStyle::applyDefaults): that is the text size.
            const QList<QCPAxisRect *> rects = plot->axisRects();
            if (m_reference <= 0 && !rects.isEmpty() && rects.constFirst()->axis(QCPAxis::atBottom))
                m_reference = rects.constFirst()->axis(QCPAxis::atBottom)->tickLabelFont().pointSizeF();
        }
        for (QWidget *child : view->findChildren<QWidget *>()) {
            if (child->testAttribute(Qt::WA_SetFont) && !qobject_cast<QCustomPlot *>(child))
                m_widgets.append({child, child->font()});
        }
        if (m_reference <= 0)
            m_reference = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : 10;
    }

    void set(double pointSize)
    {
        const double factor = pointSize / m_reference;
        QFont base = QApplication::font();
        base.setPointSizeF(pointSize);
        m_view->setFont(base);
        const double appPt = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : 10;
        for (const auto &[widget, font] : m_widgets)
            widget->setFont(scaledFont(font, pointSize / appPt));
        for (const auto &plot : m_plots)
            plot->scale(factor);
    }

private:
    QWidget *m_view;
    std::vector<std::unique_ptr<PlotFonts>> m_plots;
    QList<std::pair<QWidget *, QFont>> m_widgets;
    double m_reference = 0;
};

// Paints `widget` and its visible children with `painter` at the painter's current origin:
// a QCustomPlot through toPainter (its vector drawing; QWidget::render would paint the
// on-screen pixmap buffer), anything else through QWidget::render without its children.
void paintTree(QCPPainter &painter, QWidget *widget, bool background)
{
    if (auto *plot = qobject_cast<QCustomPlot *>(widget)) {
        painter.save();
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.restore();
        return;
    }
    painter.save();
    widget->render(&painter, QPoint(), QRegion(),
                   background ? QWidget::DrawWindowBackground : QWidget::RenderFlags());
    painter.restore();
    for (QObject *object : widget->children()) {
        auto *child = qobject_cast<QWidget *>(object);
        if (!child || child->isWindow() || !child->isVisible())
            continue;
        painter.save();
        painter.translate(child->pos());
        paintTree(painter, child, child->autoFillBackground());
        painter.restore();
    }
}

// Lays `view` out for the page: at the page's size in logical pixels (logicalDpi per inch),
// fonts at the page's point size. A view that cannot be that small (its plots have minimum
// sizes) is laid out larger by `scale`, fonts too, and later painted smaller by the same
// factor, so the text still prints at the chosen size. Returns the scale.
double layOut(QWidget *view, const FigurePage &page, double logicalDpi)
{
    ViewFonts fonts(view);
    const QSizeF size(page.widthMm / 25.4 * logicalDpi, page.heightMm / 25.4 * logicalDpi);
    double scale = 1;
    for (int round = 0; round < 4; ++round) {
        fonts.set(page.fontPt * scale);
        QApplication::processEvents();
        const QSize need = view->minimumSizeHint().expandedTo(view->minimumSize());
        const double wanted = std::max({1.0, need.width() / (size.width() * scale),
                                        need.height() / (size.height() * scale)});
        if (wanted <= 1.0001)
            break;
        scale *= wanted * 1.02;
    }
    view->resize(QSize(int(std::lround(size.width() * scale)), int(std::lround(size.height() * scale))));
    QApplication::processEvents();
    QApplication::processEvents();
    return scale;
}

bool saveBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = FigureExport::tr("cannot write %1: %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
    return true;
}

// Paints the laid-out view onto `device` filling `target` (device units).
bool paintView(QPaintDevice *device, QWidget *view, QSizeF target, bool vector)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // Colour maps are images of one block per cell: never smooth them.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    if (vector)
        painter.setMode(QCPPainter::pmNoCaching);
    painter.fillRect(QRectF(QPointF(0, 0), target), Qt::white);
    painter.scale(target.width() / view->width(), target.height() / view->height());
    paintTree(painter, view, true);
    return painter.end();
}

QString xmlEscaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QByteArray xmpPacket(const FigureRequest &request, const QString &title)
{
    const QString xmp = QStringLiteral(
        "<?xpacket begin=\"\xef\xbb\xbf\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
        " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
        "  <rdf:Description rdf:about=\"\"\n"
        "    xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n"
        "    xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n"
        "    xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"\n"
        "    xmlns:posenc=\"https://posenc-lab.invalid/ns/1.0/\">\n"
        "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">%1</rdf:li></rdf:Alt></dc:title>\n"
        "   <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">%2</rdf:li></rdf:Alt></dc:description>\n"
        "   <xmp:CreatorTool>%3</xmp:CreatorTool>\n"
        "   <pdf:Producer>%3</pdf:Producer>\n"
        "   <pdf:Keywords>%4</pdf:Keywords>\n"
        "   <posenc:command>%2</posenc:command>\n"
        "   <posenc:parameters>%4</posenc:parameters>\n"
        "  </rdf:Description>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
        "<?xpacket end=\"w\"?>");
    return xmp.arg(xmlEscaped(title), xmlEscaped(request.commandLine()),
                   xmlEscaped(FigureRequest::software()),
                   xmlEscaped(QString::fromUtf8(request.parametersJson())))
        .toUtf8();
}

QString figureTitle(const FigureRequest &request)
{
    return FigureExport::tr("PosEnc Lab: %1").arg(request.view);
}

} // namespace

QWidget *FigureExport::createView(const QString &name, EncodingState *state)
{
    if (name == QLatin1String("heatmap"))
        return new HeatmapView(state);
    if (name == QLatin1String("curves"))
        return new CurvesView(state);
    if (name == QLatin1String("spectrum"))
        return new SpectrumView(state);
    if (name == QLatin1String("rotation"))
        return new RotationView(state);
    if (name == QLatin1String("similarity"))
        return new SimilarityView(state);
    if (name == QLatin1String("temporal"))
        return new TemporalView(state);
    return nullptr;
}

bool FigureExport::write(const FigureRequest &request, QString *error)
{
    EncodingState state;
    if (const auto invalid = state.setParams(request.params)) {
        if (error)
            *error = tr("invalid parameters");
        return false;
    }
    state.setCurveDimensions(request.dimensions);
    if (const auto invalid = state.setTemporal(request.temporal)) {
        if (error)
            *error = QString::fromStdString(*invalid);
        return false;
    }
    state.setRotationPair(request.rotationPair);
    state.setCosineSimilarity(request.cosine);
    std::unique_ptr<QWidget> view(createView(request.view, &state));
    if (!view) {
        if (error)
            *error = tr("unknown view “%1”").arg(request.view);
        return false;
    }
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(800, 600);
    view->show();
    settle(&state);
    return writeView(view.get(), request, error);
}

bool FigureExport::writeView(QWidget *view, const FigureRequest &request, QString *error)
{
    const FigurePage &page = request.page;
    const QString suffix = QFileInfo(request.output).suffix().toLower();
    const QString title = figureTitle(request);
    const QString command = request.commandLine();
    const QByteArray parameters = request.parametersJson();

    QPalette palette = view->palette();
    palette.setColor(QPalette::Window, Qt::white);
    view->setPalette(palette);
    hideControls(view);
    // The unit of the layout: the logical DPI fonts are measured with, so that text measured
    // by the layout is the text painted.
    const double logicalDpi = view->logicalDpiY();
    // A view laid out larger than the page (see layOut) has its fonts scaled with it: the
    // devices below keep the logical DPI and the painter scales everything down together.
    layOut(view, page, logicalDpi);
    settle(nullptr);

    QByteArray bytes;
    if (suffix == QLatin1String("png")) {
        const QSize pixels = page.pixelSize();
        QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
        // While painting, the image has the logical DPI, so fonts in points resolve as in the
        // layout; the painter's scale takes them to the page's DPI.
        image.setDotsPerMeterX(int(std::lround(logicalDpi / 0.0254)));
        image.setDotsPerMeterY(int(std::lround(logicalDpi / 0.0254)));
        if (!paintView(&image, view, QSizeF(pixels), false)) {
            if (error)
                *error = tr("cannot paint a %1x%2 image").arg(pixels.width()).arg(pixels.height());
            return false;
        }
        image.setDotsPerMeterX(FigurePage::dotsPerMeter(page.dpi));
        image.setDotsPerMeterY(FigurePage::dotsPerMeter(page.dpi));
        image.setText(QStringLiteral("Title"), title);
        image.setText(QStringLiteral("Software"), FigureRequest::software());
        image.setText(QStringLiteral("posenc-lab:command"), command);
        image.setText(QStringLiteral("posenc-lab:parameters"), QString::fromUtf8(parameters));
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!image.save(&buffer, "PNG")) {
            if (error)
                *error = tr("cannot encode %1 as PNG").arg(request.output);
            return false;
        }
    } else if (suffix == QLatin1String("svg")) {
        QBuffer buffer(&bytes);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        const QSize size = view->size();
        svg.setResolution(int(std::lround(logicalDpi)));
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(command + QLatin1Char('\n') + QString::fromUtf8(parameters));
        if (!paintView(&svg, view, QSizeF(size), true)) {
            if (error)
                *error = tr("cannot paint the SVG");
            return false;
        }
        // The exact physical size (QSvgGenerator rounds it through whole pixels).
        QString text = QString::fromUtf8(bytes);
        static const QRegularExpression svgSize(QStringLiteral("(<svg[^>]*?)width=\"[^\"]*\" height=\"[^\"]*\""));
        text.replace(svgSize, QStringLiteral("\\1width=\"%1mm\" height=\"%2mm\"")
                                  .arg(page.widthMm, 0, 'g', 10)
                                  .arg(page.heightMm, 0, 'g', 10));
        // QSvgGenerator marks unsmoothed images image-rendering="optimizeSpeed" (SVG 1.1),
        // which browsers may still smooth; CSS "pixelated" asks for blocks everywhere.
        text.replace(QStringLiteral("<image "),
                     QStringLiteral("<image style=\"image-rendering:pixelated\" "));
        bytes = text.toUtf8();
    } else if (suffix == QLatin1String("pdf")) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        // One PDF unit per logical pixel, so that fonts in points resolve as in the layout;
        // everything but the colour-map images is vector anyway.
        pdf.setResolution(int(std::lround(logicalDpi)));
        // Qt keeps page sizes in whole points: 89 mm becomes 252 pt (88.9 mm).
        pdf.setPageSize(QPageSize(QSizeF(page.widthMm, page.heightMm), QPageSize::Millimeter,
                                  QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
        pdf.setTitle(title);
        pdf.setCreator(FigureRequest::software() + QStringLiteral(": ") + command);
        pdf.setDocumentXmpMetadata(xmpPacket(request, title));
        if (!paintView(&pdf, view, QSizeF(pdf.width(), pdf.height()), true)) {
            if (error)
                *error = tr("cannot paint the PDF");
            return false;
        }
        buffer.close();
    } else {
        if (error)
            *error = tr("-o: unknown figure format “.%1”; use .png, .svg or .pdf").arg(suffix);
        return false;
    }
    return saveBytes(request.output, bytes, error);
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/figureexport.h"

#include "ui/views/viewregistry.h"

#include "ui/export/dataexport.h"
#include "ui/export/figurefonts.h"
#include "ui/export/pagecolormaps.h"
#include "ui/io/safesave.h"

#include "ui/state/encodingstate.h"
#include "ui/widgets/plotstyle.h"

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
#include <QLayout>
#include <QLineEdit>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSplitterHandle>
#include <QSvgGenerator>
#include <QVBoxLayout>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <new>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

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

// Controls that only make sense on a screen, and what a view marked as the window's alone
// (notes about the app, the tab's caption); a figure shows what they control, not them.
void hideControls(QWidget *view)
{
    for (QWidget *child : view->findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractSpinBox *>(child) || qobject_cast<QLineEdit *>(child)
            || qobject_cast<QAbstractButton *>(child) || qobject_cast<QComboBox *>(child)
            || qobject_cast<QAbstractSlider *>(child) || PlotStyle::isScreenOnly(child))
            child->hide();
    }
    // The "Dimensions:" label of a hidden entry would be left pointing at nothing.
    for (QLabel *label : view->findChildren<QLabel *>()) {
        if (label->buddy() && label->buddy()->isHidden())
            label->hide();
    }
}

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
        // A splitter's handle is a control too: its grip would print as a stray dotted mark.
        if (!child || child->isWindow() || !child->isVisible() || qobject_cast<QSplitterHandle *>(child))
            continue;
        painter.save();
        painter.translate(child->pos());
        paintTree(painter, child, child->autoFillBackground());
        painter.restore();
    }
}

// The longest side, in logical pixels, a view is ever laid out at (see layOut): what its
// plots' buffers and the painting of it cost is bounded by it, whatever the font and page.
constexpr double kMaxLayoutSide = 4096;

// Lays `view` out for the page: at the page's size in logical pixels (logicalDpi per inch),
// fonts at the page's point size. A view that cannot be that small (its plots have minimum
// sizes) is laid out larger by `scale`, fonts too, and later painted smaller by the same
// factor, so the text still prints at the chosen size. Returns the scale.
//
// The minimum size grows with the fonts: at scale s it is about fixed + text * s in each
// direction (fixed: the plots' minimum sizes in pixels; text: what the text takes at s = 1).
// The page holds it from s = fixed / (page - text) on, and never when the text alone is
// larger than the page (30 pt text on a small page): enlarging the view then enlarges the
// text as much, and a search that multiplies the scale by what is missing compounds without
// end (it reached views of 10^5 pixels and 24 GB). So the scale comes from two measurements
// of that line, is checked and corrected twice, and is never more than kMaxLayoutSide allows;
// a view still too large for the page then keeps its own minimum size and is painted scaled
// down whole (see paintView), its text smaller than asked rather than cut or overlapping.
double layOut(QWidget *view, const FigurePage &page, double logicalDpi, const FigureFonts &figureFonts)
{
    ViewFonts fonts(view, figureFonts);
    const QSizeF size(page.widthMm / 25.4 * logicalDpi, page.heightMm / 25.4 * logicalDpi);
    const double maxScale = std::max(1.0, kMaxLayoutSide / std::max(size.width(), size.height()));
    const auto pixels = [&](double scale) {
        return QSize(int(std::lround(size.width() * scale)), int(std::lround(size.height() * scale)));
    };
    // The minimum size of the view at `scale`: fonts and size set, the layout settled.
    // (The fonts settle first: a minimum size left from larger fonts would stop the resize.)
    // A font change reaches the top of the layout one event-loop turn per level. A plot's
    // minimum size follows its content (a legend moved under it, labels in fewer lines), but
    // QCustomPlot never says so to the layout, which would keep the size it first asked and
    // give that plot more of its row than its stretch: asked again.
    const auto settleLayout = [view] {
        QSize last(-1, -1);
        for (int turn = 0; turn < 6; ++turn) {
            QApplication::processEvents();
            for (QCustomPlot *plot : view->findChildren<QCustomPlot *>())
                plot->updateGeometry();
            if (view->layout())
                view->layout()->activate();
            const QSize now = view->minimumSizeHint();
            if (now == last)
                break;
            last = now;
        }
    };
    double measured = 0; // the scale of the last measurement
    const auto need = [&](double scale) {
        measured = scale;
        PlotStyle::setFigurePage(view, pixels(scale));
        fonts.set(page.fontPt * scale);
        settleLayout();
        view->resize(pixels(scale));
        settleLayout();
        return QSizeF(view->minimumSizeHint().expandedTo(view->minimumSize()));
    };
    const auto missing = [&](QSizeF needed, double scale) {
        return std::max({1.0, needed.width() / (size.width() * scale), needed.height() / (size.height() * scale)});
    };
    // At the page's size from the start, so that a view chooses its layout for the page (a
    // compact one on a small page, see PlotStyle::watchFigureLayout) before it is measured.
    PlotStyle::setFigure(view, true);
    // Each round lays the view out at `scale` and measures what is missing; the next scale
    // makes up for it, until it fits, the view would pass kMaxLayoutSide or the scale its
    // bound; of the scales tried, the smallest that came within 10 % of the best fit is kept
    // (where the text grows with the view, a larger one costs memory for nothing).
    struct Trial {
        double scale;
        double missing;
    };
    QList<Trial> trials;
    double scale = 1;
    for (int round = 0; round < 8; ++round) {
        const QSizeF needed = need(scale);
        const double more = missing(needed, scale);
        const double side = std::max(needed.width(), needed.height());
        if (side <= 2 * kMaxLayoutSide || trials.isEmpty())
            trials.append({scale, more});
        if (more <= 1.0001 || side > kMaxLayoutSide)
            break;
        const double next = std::min(maxScale, scale * more * 1.02);
        // The minimum size grows at most as the scale: a trial that would pass the bound is
        // not laid out (its plots would replot at that size).
        if (next <= scale * 1.0001 || side * next / scale > kMaxLayoutSide)
            break;
        scale = next;
    }
    const double best = std::min_element(trials.cbegin(), trials.cend(), [](const Trial &a, const Trial &b) {
                            return a.missing < b.missing;
                        })->missing;
    const double good = best <= 1.0001 ? 1.0001 : best * 1.1;
    qsizetype chosen = trials.size() - 1;
    for (qsizetype i = trials.size() - 1; i >= 0; --i) {
        if (trials.at(i).missing <= good)
            chosen = i;
    }
    scale = trials.at(chosen).scale;
    // A view's layout depends on the way it came (a legend wraps for the width it had): the
    // trials up to the chosen one are taken again, so that it is laid out as it was measured.
    if (measured != scale) {
        for (qsizetype i = 0; i <= chosen; ++i)
            need(trials.at(i).scale);
    }
    PlotStyle::setFigurePage(view, pixels(scale));
    fonts.set(page.fontPt * scale);
    settleLayout();
    view->resize(pixels(scale));
    QApplication::processEvents();
    QApplication::processEvents();
    return scale;
}

// While it lives, counts Qt's warnings that a paint device or a painter did not start
// (QPainter::begin on a device without a paint engine, an image too large to allocate): the
// painting goes on without them and would leave a figure with parts missing. Other messages
// go where they went.
class PaintFailures
{
public:
    PaintFailures()
    {
        s_count = 0;
        s_previous = qInstallMessageHandler(&PaintFailures::handle);
    }
    ~PaintFailures() { qInstallMessageHandler(s_previous); }
    PaintFailures(const PaintFailures &) = delete;
    PaintFailures &operator=(const PaintFailures &) = delete;
    int count() const { return s_count; }

private:
    static void handle(QtMsgType type, const QMessageLogContext &context, const QString &message)
    {
        if (message.startsWith(QLatin1String("QPainter::begin")) || message.contains(QLatin1String("engine == 0"))
            || message.startsWith(QLatin1String("QWidget::paintEngine")) || message.contains(QLatin1String("out of memory")))
            ++s_count;
        if (s_previous)
            s_previous(type, context, message);
    }
    static inline int s_count = 0;
    static inline QtMessageHandler s_previous = nullptr;
};

// zlib's compression level of a PNG figure: the fastest level that still compresses (level 0
// stores, several times the bytes); the files are a few per cent larger than at zlib's default
// and written in about half its time (docs/performance.md, "PNG compression of figures").
constexpr int kPngCompressionLevel = 1;

// Encodes a painted page as PNG. A page with an opaque background (every figure has one) is
// written as RGB rather than RGBA: the alpha channel would be 255 everywhere, a quarter of the
// bytes that deflate and the filters work through, for nothing.
bool encodePng(QImage image, QIODevice *device)
{
    bool opaque = image.format() == QImage::Format_ARGB32_Premultiplied || image.format() == QImage::Format_ARGB32;
    for (int y = 0; opaque && y < image.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            if (qAlpha(line[x]) != 255) {
                opaque = false;
                break;
            }
        }
    }
    // Opaque premultiplied ARGB has the bytes of RGB32 (whose alpha byte is 0xff).
    if (opaque)
        image.reinterpretAsFormat(QImage::Format_RGB32);
    // Qt's PNG writer takes the level as a quality: level = (100 − quality) · 9 / 91.
    const int quality = 100 - (kPngCompressionLevel * 91 + 8) / 9;
    return image.save(device, "PNG", quality);
}

// Paints the laid-out view onto `device` filling `target` (device units) on `background`.
bool paintView(QPaintDevice *device, QWidget *view, QSizeF target, bool vector, const QColor &background)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    // The figure's family from the start: an SVG names the painter's font on every group,
    // those without text too, and the default is the application's alias "Sans Serif".
    painter.setFont(view->font());
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // Colour maps are images of blocks of cells (see PageColorMaps): never smooth them, and
    // never let the PDF engine store them as JPEG.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.setRenderHint(QPainter::LosslessImageRendering);
    if (vector)
        painter.setMode(QCPPainter::pmNoCaching);
    painter.fillRect(QRectF(QPointF(0, 0), target), background);
    // A view laid out at the page's proportions fills the page. One that could not be that
    // small in one direction (see layOut) is scaled down whole and centred, never squeezed.
    const double sx = target.width() / view->width();
    const double sy = target.height() / view->height();
    if (std::abs(sx / sy - 1) > 0.01) {
        const double s = std::min(sx, sy);
        painter.translate((target.width() - view->width() * s) / 2, (target.height() - view->height() * s) / 2);
        painter.scale(s, s);
    } else {
        painter.scale(sx, sy);
    }
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
    const ViewDescriptor *view = ViewRegistry::find(name);
    return view ? view->create(state) : nullptr;
}

bool FigureExport::writeFile(const FigureRequest &request, QString *error, const QString &path,
                             QStringList *omitted)
{
    if (request.isFigure())
        return write(request, error, path, omitted);
    const auto table = DataExport::table(request.view, request.scene(), error);
    const QStringList comments{FigureRequest::software(),
                               QStringLiteral("command: ") + request.commandLine()};
    return table && DataExport::write(path.isEmpty() ? request.output : path, *table, request.dtype, comments, error,
                                      request.output);
}

namespace {

// The state and the view of a figure, built offscreen.
struct FigureView {
    std::unique_ptr<EncodingState> state;
    std::unique_ptr<QWidget> view;
};

// `view` under a line of `caption` in bold, the two laid out as one figure: the page's fonts,
// theme and size reach the caption as they reach the view.
std::unique_ptr<QWidget> withCaption(std::unique_ptr<QWidget> view, const QString &caption)
{
    auto figure = std::make_unique<QWidget>();
    auto *layout = new QVBoxLayout(figure.get());
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto *line = new QLabel(caption);
    line->setObjectName(QStringLiteral("figure-caption"));
    line->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    // Off the page's edge as the plots' labels are, in bold (its size is the page's).
    line->setContentsMargins(6, 4, 6, 2);
    QFont bold;
    bold.setBold(true);
    line->setFont(bold);
    layout->addWidget(line);
    layout->addWidget(view.release(), 1);
    return figure;
}

std::optional<FigureView> buildView(const FigureRequest &request, QString *error)
{
    FigureView figure{std::make_unique<EncodingState>(), nullptr};
    if (const auto invalid = figure.state->setScene(request.scene())) {
        if (error)
            *error = request.params.validate() ? FigureExport::tr("invalid parameters") : *invalid;
        return std::nullopt;
    }
    if (const QString problem = ViewRegistry::inputError(request.view, request.scene()); !problem.isEmpty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    figure.view.reset(FigureExport::createView(request.view, figure.state.get()));
    if (!figure.view) {
        if (error)
            *error = FigureExport::tr("unknown view “%1”").arg(request.view);
        return std::nullopt;
    }
    if (!request.caption.isEmpty())
        figure.view = withCaption(std::move(figure.view), request.caption);
    figure.view->setAttribute(Qt::WA_DontShowOnScreen);
    figure.view->resize(800, 600);
    figure.view->show();
    settle(figure.state.get());
    return figure;
}

// Makes a shown view the page's figure: controls hidden, laid out at the page's size and
// fonts, restyled in its theme, typography and vector markers. Returns the logical DPI the
// layout used and the page's background.
std::pair<double, QColor> prepareView(QWidget *view, const FigureRequest &request)
{
    const FigurePage &page = request.page;
    const PlotStyle::Theme theme = PlotStyle::themeNamed(page.theme).value_or(PlotStyle::Theme::Light);
    const PlotStyle::ColorMap colorMap = PlotStyle::colorMapNamed(page.colormap).value_or(PlotStyle::ColorMap::Diverging);
    const QColor background = PlotStyle::themeColors(theme).background;
    hideControls(view);
    // A clean figure: the data without the pos / pos + k markers and the annotations.
    if (page.clean)
        PlotStyle::hideAnnotations(view);
    // The unit of the layout: the logical DPI fonts are measured with, so that text measured
    // by the layout is the text painted.
    const double logicalDpi = view->logicalDpiY();
    // A view laid out larger than the page (see layOut) has its fonts scaled with it: the
    // devices below keep the logical DPI and the painter scales everything down together.
    layOut(view, page, logicalDpi, FigureFonts::forLanguage(request.language));
    settle(nullptr);
    // A compact layout may have shown an annotation again.
    if (page.clean)
        PlotStyle::hideAnnotations(view);
    // Markers as vectors, never the screen's pixmaps.
    PlotStyle::useVectorScatter(view);
    // After the layout: the theme changes colours only, never a size.
    PlotStyle::applyTheme(view, theme, colorMap);
    // Minus signs, powers of ten, outward ticks, colour bars as wide as matplotlib's.
    PlotStyle::applyFigureTypography(view);
    return {logicalDpi, background};
}

// The prepared view as an image of `pixels`, painted at the logical DPI and scaled.
QImage paintImage(QWidget *view, QSize pixels, double logicalDpi, const QColor &background)
{
    const PageColorMaps maps(view, double(pixels.width()) / view->width(), PageColorMaps::Page::Raster);
    if (!maps.complete())
        return QImage();
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    // While painting, the image has the logical DPI, so fonts in points resolve as in the
    // layout; the painter's scale takes them to the page's DPI.
    image.setDotsPerMeterX(int(std::lround(logicalDpi / 0.0254)));
    image.setDotsPerMeterY(int(std::lround(logicalDpi / 0.0254)));
    if (!paintView(&image, view, QSizeF(pixels), false, background))
        return QImage();
    return image;
}

} // namespace

bool FigureExport::write(const FigureRequest &request, QString *error, const QString &path, QStringList *omitted)
{
    auto figure = buildView(request, error);
    if (!figure || !writeView(figure->view.get(), request, error, path))
        return false;
    if (omitted)
        *omitted = PlotStyle::figureOmissions(figure->view.get());
    return true;
}

QString FigureExport::omissionNote(const FigurePage &page, const QStringList &omitted)
{
    if (omitted.isEmpty())
        return QString();
    QStringList translated;
    for (const QString &what : omitted)
        translated.append(tr(what.toUtf8().constData()));
    return tr("This %1 x %2 mm page leaves out %3 for want of room: a larger page or smaller text shows everything.")
        .arg(page.widthMm, 0, 'g', 6)
        .arg(page.heightMm, 0, 'g', 6)
        .arg(translated.join(tr("; ")));
}

QImage FigureExport::preview(const FigureRequest &request, QSize box, QString *error, QStringList *omitted)
{
    if (!request.isFigure() || box.isEmpty())
        return QImage();
    auto figure = buildView(request, error);
    if (!figure)
        return QImage();
    const auto [logicalDpi, background] = prepareView(figure->view.get(), request);
    const FigurePage &page = request.page;
    const double fit = std::min(box.width() / page.widthMm, box.height() / page.heightMm);
    const QSize pixels(std::max(1, int(std::lround(page.widthMm * fit))),
                       std::max(1, int(std::lround(page.heightMm * fit))));
    QImage image = paintImage(figure->view.get(), pixels, logicalDpi, background);
    if (image.isNull() && error)
        *error = tr("cannot paint a %1x%2 image").arg(pixels.width()).arg(pixels.height());
    if (omitted)
        *omitted = PlotStyle::figureOmissions(figure->view.get());
    return image;
}

bool FigureExport::writeView(QWidget *view, const FigureRequest &request, QString *error, const QString &path)
{
    if (const auto tooLarge = request.page.sizeProblem()) {
        if (error)
            *error = *tooLarge;
        return false;
    }
    const PaintFailures failures;
    const FigurePage &page = request.page;
    const QString suffix = QFileInfo(request.output).suffix().toLower();
    const QString title = figureTitle(request);
    const QString command = request.commandLine();
    const QByteArray parameters = request.parametersJson();
    const auto [logicalDpi, background] = prepareView(view, request);
    const PageColorMaps maps(view, double(page.pixelSize().width()) / view->width(),
                             suffix == QLatin1String("png") ? PageColorMaps::Page::Raster : PageColorMaps::Page::Vector);
    if (!maps.complete()) {
        if (error)
            *error = tr("not enough memory for the colour map of a %1 x %2-dot page; lower --dpi or the page size")
                         .arg(page.pixelSize().width())
                         .arg(page.pixelSize().height());
        return false;
    }

    QByteArray bytes;
    if (suffix == QLatin1String("png")) {
        const QSize pixels = page.pixelSize();
        QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
        // While painting, the image has the logical DPI, so fonts in points resolve as in the
        // layout; the painter's scale takes them to the page's DPI.
        image.setDotsPerMeterX(int(std::lround(logicalDpi / 0.0254)));
        image.setDotsPerMeterY(int(std::lround(logicalDpi / 0.0254)));
        if (!paintView(&image, view, QSizeF(pixels), false, background)) {
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
        if (!encodePng(std::move(image), &buffer)) {
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
        if (!paintView(&svg, view, QSizeF(size), true, background)) {
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
        // QSvgGenerator names a font's first family only: a Chinese figure's text names the
        // CJK family after the Latin one, where a viewer finds the characters' glyphs.
        if (const QStringList families = view->font().families(); families.size() > 1)
            text.replace(QStringLiteral("font-family=\"%1\"").arg(families.first()),
                         QStringLiteral("font-family=\"%1\"").arg(families.join(QStringLiteral(", "))));
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
        if (!paintView(&pdf, view, QSizeF(pdf.width(), pdf.height()), true, background)) {
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
    if (failures.count() > 0) {
        if (error)
            *error = tr("cannot paint the figure: a paint device of it did not start (too large for memory?)");
        return false;
    }
    return SafeSave::write(path.isEmpty() ? request.output : path, bytes, error, request.output);
}

} // namespace posenc

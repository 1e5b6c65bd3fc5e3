// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/figurefonts.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QFontDatabase>
#include <QFontInfo>

#include <algorithm>
#include <cmath>

namespace posenc {

FigureFonts FigureFonts::forLanguage(const QString &language)
{
    FigureFonts fonts;
    // A family a file can name: "Sans Serif", the application's default, is fontconfig's alias,
    // which an SVG viewer on another machine resolves to anything. DejaVu Sans where it is
    // installed (what the alias means on Debian), else what the alias resolves to here.
    fonts.m_latinFamily = QFontDatabase::hasFamily(QStringLiteral("DejaVu Sans"))
                              ? QStringLiteral("DejaVu Sans")
                              : QFontInfo(QApplication::font()).family();
    if (language.startsWith(QLatin1String("zh")))
        fonts.m_fallbackFamilies << QStringLiteral("Noto Sans CJK SC");
    return fonts;
}

QFont FigureFonts::withFallbacks(QFont font) const
{
    if (m_fallbackFamilies.isEmpty() && m_latinFamily.isEmpty())
        return font;
    QStringList families = font.families();
    if (families.isEmpty())
        families << font.family();
    if (!m_latinFamily.isEmpty()) {
        // Aliases ("Sans Serif") out: what they stand for is the family put first.
        families.removeIf([](const QString &family) { return !QFontDatabase::hasFamily(family); });
        families.removeAll(m_latinFamily);
        families.prepend(m_latinFamily);
    }
    for (const QString &family : m_fallbackFamilies) {
        if (!families.contains(family))
            families << family;
    }
    font.setFamilies(families);
    return font;
}

QFont FigureFonts::scaled(QFont font, double factor) const
{
    font = withFallbacks(font);
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * factor))));
    return font;
}

void PlotFonts::scale(double factor)
{
    visit(factor, false);
    visit(factor, true);
}

void PlotFonts::visit(double factor, bool set)
{
    const auto apply = [&](const QObject *owner, int which, const QFont &current, const auto &setFont) {
        const auto key = std::make_pair(owner, which);
        if (!m_original.contains(key))
            m_original.insert(key, current);
        if (set)
            setFont(m_fonts.scaled(m_original.value(key), factor));
    };
    apply(m_plot, 0, m_plot->font(), [this](const QFont &f) { m_plot->setFont(f); });
    QList<QCPAxis *> axes;
    QList<QCPLayoutElement *> elements{m_plot->plotLayout()};
    elements += m_plot->plotLayout()->elements(true);
    for (QCPLayoutElement *element : elements) {
        if (auto *rect = qobject_cast<QCPAxisRect *>(element))
            axes += rect->axes();
        if (auto *scale = qobject_cast<QCPColorScale *>(element))
            axes += scale->axis();
        if (auto *text = qobject_cast<QCPTextElement *>(element))
            apply(text, 0, text->font(), [text](const QFont &f) { text->setFont(f); });
        // A legend's items take its font: setFont() sets theirs, and an item made later
        // (a view rebuilds its graphs when a layout pass resizes it) copies the legend's.
        // Items are not remembered one by one: a new item may reuse a deleted one's
        // address and take its remembered font, so that which entries printed at which
        // size changed from run to run.
        if (auto *legend = qobject_cast<QCPLegend *>(element))
            apply(legend, 0, legend->font(), [legend](const QFont &f) { legend->setFont(f); });
    }
    for (QCPAxis *axis : axes) {
        if (!axis)
            continue;
        apply(axis, 0, axis->tickLabelFont(), [axis](const QFont &f) { axis->setTickLabelFont(f); });
        apply(axis, 1, axis->labelFont(), [axis](const QFont &f) { axis->setLabelFont(f); });
    }
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        if (auto *text = qobject_cast<QCPItemText *>(m_plot->item(i)))
            apply(text, 0, text->font(), [text](const QFont &f) { text->setFont(f); });
    }
}

ViewFonts::ViewFonts(QWidget *view, const FigureFonts &fonts)
    : m_view(view)
    , m_fonts(fonts)
{
    for (QCustomPlot *plot : view->findChildren<QCustomPlot *>()) {
        m_plots.push_back(std::make_unique<PlotFonts>(plot, m_fonts));
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

ViewFonts::~ViewFonts() = default;

void ViewFonts::set(double pointSize)
{
    const double factor = pointSize / m_reference;
    QFont base = m_fonts.withFallbacks(QApplication::font());
    base.setPointSizeF(pointSize);
    m_view->setFont(base);
    const double appPt = QApplication::font().pointSizeF() > 0 ? QApplication::font().pointSizeF() : 10;
    for (const auto &[widget, font] : m_widgets)
        widget->setFont(m_fonts.scaled(font, pointSize / appPt));
    for (const auto &plot : m_plots)
        plot->scale(factor);
}

} // namespace posenc

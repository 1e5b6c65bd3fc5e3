// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <utility>
#include <vector>

class QCustomPlot;
class QObject;
class QWidget;

namespace posenc {

// The families a figure's text is set in, by the figure's language: passed to whatever sets
// a figure's fonts, so that two figures in two languages never share a setting.
class FigureFonts
{
public:
    // English: the fonts as they are. Chinese: the Latin text, digits and symbols first in
    // the English figure's family (DejaVu Sans), so that its numbers look the same and its
    // lines are as high (Noto Sans CJK SC's lines are a quarter higher: the labels took that
    // height from the plots, and a single-column spectrum's ladder shrank to half the English
    // one's); the Chinese characters then from the Simplified Chinese CJK font, named, or
    // fontconfig picks whichever CJK font sorts first for the locale (Noto Sans CJK JP, whose
    // glyph forms are Japanese).
    static FigureFonts forLanguage(const QString &language);

    // `font` with the families above around its own.
    QFont withFallbacks(QFont font) const;
    // The same, its size times `factor` (in points or pixels, as it was given).
    QFont scaled(QFont font, double factor) const;

private:
    QStringList m_fallbackFamilies;
    QString m_latinFamily;
};

// Every font a QCustomPlot draws with, scaled by `factor` from the font each element had the
// first time it was seen. QCustomPlot copies fonts into each axis, legend and text element,
// so the widget font alone changes nothing. Fonts are remembered by element (and by which of
// its fonts), not by their order: a compact figure layout takes elements out of the layout.
class PlotFonts
{
public:
    PlotFonts(QCustomPlot *plot, FigureFonts fonts)
        : m_plot(plot)
        , m_fonts(std::move(fonts))
    {
    }

    // Every font is remembered before any is set, so that none is first seen already scaled
    // (and then scaled twice, its text growing with the square of the factor).
    void scale(double factor);

private:
    void visit(double factor, bool set);

    QCustomPlot *m_plot;
    FigureFonts m_fonts;
    QMap<std::pair<const QObject *, int>, QFont> m_original;
};

// Sets the text of the view and of everything in it to `pointSize` (times the layout scale,
// see the figure's layout), keeping the ratios the view chose (titles larger than tick labels).
class ViewFonts
{
public:
    ViewFonts(QWidget *view, const FigureFonts &fonts);
    ~ViewFonts();
    ViewFonts(const ViewFonts &) = delete;
    ViewFonts &operator=(const ViewFonts &) = delete;

    void set(double pointSize);

private:
    QWidget *m_view;
    FigureFonts m_fonts;
    std::vector<std::unique_ptr<PlotFonts>> m_plots;
    QList<std::pair<QWidget *, QFont>> m_widgets;
    double m_reference = 0;
};

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRect>
#include <QSizeF>

class QFont;
class QString;

namespace posenc {

// Text measured once per font and text: the sizes a plot asks for on every replot (its
// titles' and legend entries' size hints, a few times per layout pass; PlotFit's line breaking and tick spacing)
// without shaping the same text again each time: shaping the same text again was a large
// share of a replot of the text-heavy views (docs/performance-history.md).
//
// The results are those of QFontMetrics / QFontMetricsF for the font on the screen (no
// paint device), keyed by everything that decides them: the font's key (family, size,
// weight, style, stretch, spacing ...), the rect, the flags and the text. The memory is per thread and
// bounded (it starts afresh past a few thousand texts).
namespace TextMeasure {

// QFontMetrics(font).boundingRect(rect, flags, text).
QRect boundingRect(const QFont &font, const QRect &rect, int flags, const QString &text);

// QFontMetricsF(font).horizontalAdvance(text).
double horizontalAdvance(const QFont &font, const QString &text);

// The size of the text's ink: its outlines' bounding box, unhinted (QFontMetricsF's
// tightBoundingRect is that of the hinted, antialiased glyph images, a pixel or two larger at
// small sizes: a digit's whole advance at 8 pt).
QSizeF inkSize(const QFont &font, const QString &text);

// How many texts each thread holds at most before it starts afresh.
inline constexpr int kMostTexts = 4096;

} // namespace TextMeasure

} // namespace posenc

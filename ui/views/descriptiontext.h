// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace posenc {

class EncodingState;

// What the Describe View paragraphs share: a paragraph says in plain text what a view shows,
// with its numbers, for readers who cannot see the plot (screen readers, View > Describe View)
// and for anyone who wants the picture in words, and is computed from the state and core like
// the view. These are its numbers as a sentence writes them in the current locale, the joining
// of sentences, and whole sentences that more than one view says. A view's text class derives
// from it so that its paragraph calls them by their short names.
class DescriptionText
{
    Q_DECLARE_TR_FUNCTIONS(DescriptionText)

public:
    // A number for a sentence, in the current locale (digit grouping, decimal point): at most
    // `significant` digits, plain notation between 1e-4 and 1e15, no trailing zeros, and a true
    // minus sign, which screen readers read as "minus" rather than "dash".
    static QString number(double value, int significant = 3);
    // A parameter as the user set it: every digit that matters (base 12345 is not 12,300).
    static QString exact(double value);
    // A count or size: "4,096 dimensions".
    static QString count(qint64 value);
    // An index names a column or a pair: no digit grouping ("column 4095", not "column 4,095").
    static QString index(qint64 value);
    // Whole sentences into one paragraph: a space after a sentence ending in Latin
    // punctuation, none after a Chinese full stop (。), as each language writes it.
    static QString paragraph(const QStringList &sentences);
    // The chosen curve dimensions that exist for this d_model, in the order chosen.
    static QList<int> drawnDimensions(const EncodingState &state);

    // Column `column`: its channel, its wavelength and how many cycles the positions shown hold.
    static QString columnSentence(const EncodingParams &params, int column);
    // Where the lines at pos and pos + k are, or that they lie outside the positions shown.
    static QString markerSentence(const EncodingParams &params);
};

} // namespace posenc

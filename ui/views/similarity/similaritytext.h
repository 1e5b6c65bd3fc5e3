// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "ui/views/descriptiontext.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// The similarity view's words: Describe View and the inspector's account of a cell of the
// matrix.
class SimilarityText : private DescriptionText
{
    Q_DECLARE_TR_FUNCTIONS(SimilarityText)

public:
    // Describe View and the accessible description: what the view shows, with its numbers.
    static QString describe(const EncodingState &state);
    // PE(p) · PE(q): the sum over columns and its closed form in the offset p − q.
    static QString similarity(const EncodingParams &params, double p, double q);
    // A matrix with more positions than pixels shows means over boxes of them (a box filter:
    // sampling every s-th one would draw patterns that are not there). The cell of boxes boxA,
    // boxB of positionsPerBox positions each: which box, its mean, then its middle pair
    // explained as above.
    static QString similarityBox(const EncodingParams &params, int positionsPerBox, int boxA, int boxB, bool cosine);
};

} // namespace posenc

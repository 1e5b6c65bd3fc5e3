// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/curves/curvestext.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "ui/state/dimensionlist.h"
#include "ui/state/encodingstate.h"

#include <QStringList>

#include <cmath>

namespace posenc {

QString CurvesText::describe(const EncodingState &state)
{
    const EncodingParams &p = state.params();
    const QList<int> drawn = drawnDimensions(state);
    if (drawn.isEmpty())
        return tr("The curves view draws no curve: none of the chosen dimensions (%1) lies below "
                  "d_model = %2.")
            .arg(DimensionList::format(state.curveDimensions()), count(p.dModel));

    QStringList sentences;
    const QString first = exact(p.start);
    const QString lastPosition = exact(p.start + p.seqLen - 1);
    if (drawn.size() == 1)
        sentences << tr("The curves view plots dimension %1 of PE against position, over the %2 "
                        "positions from %3 to %4, with a dot at each integer position.")
                         .arg(index(drawn.constFirst()), count(p.seqLen), first, lastPosition);
    else
        sentences << tr("The curves view plots %1 dimensions of PE (%2) against position, over the "
                        "%3 positions from %4 to %5, with dots at the integer positions.")
                         .arg(count(drawn.size()), DimensionList::format(drawn), count(p.seqLen),
                              first, lastPosition);

    // The fastest and the slowest of the drawn sinusoids; a zero column is said apart.
    int fastest = -1, slowest = -1, zero = -1;
    double fastestW = 0, slowestW = 0;
    for (int column : drawn) {
        const Channel channel = channelOf(p, column);
        if (channel.kind == Channel::Kind::Zero) {
            zero = column;
            continue;
        }
        const double w = frequency(p, channel.pair);
        if (fastest < 0 || w > fastestW)
            fastest = column, fastestW = w;
        if (slowest < 0 || w < slowestW)
            slowest = column, slowestW = w;
    }
    if (fastest >= 0 && slowestW < fastestW) {
        sentences << tr("The fastest of them is column %1 and the slowest column %2.")
                         .arg(index(fastest), index(slowest));
        sentences << columnSentence(p, fastest) << columnSentence(p, slowest);
    } else if (fastest >= 0) {
        sentences << columnSentence(p, fastest);
    }
    if (zero >= 0)
        sentences << columnSentence(p, zero);
    if (p.scale != 0)
        sentences << tr("Every curve stays between −scale and scale, here %1 and %2.")
                         .arg(number(-std::abs(p.scale), 10), number(std::abs(p.scale), 10));
    sentences << markerSentence(p);
    return paragraph(sentences);
}

} // namespace posenc

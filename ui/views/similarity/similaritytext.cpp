// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/similarity/similaritytext.h"

#include "core/channels.h"
#include "core/encoding.h"
#include "core/similarity.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace posenc {

QString SimilarityText::describe(const EncodingState &state)
{
    const EncodingParams &p = state.params();
    const QString first = exact(p.start);
    const QString last = exact(p.start + p.seqLen - 1);
    QStringList sentences;
    if (state.cosineSimilarity()) {
        sentences << tr("The similarity view shows the cosine similarity PE(p) · PE(q) / (|PE(p)| "
                        "|PE(q)|) of every two positions p and q from %1 to %2, a %3 × %3 matrix.")
                         .arg(first, last, count(p.seqLen));
        if (p.scale == 0)
            sentences << tr("The scale is 0, so every vector is zero and every cosine similarity is "
                            "shown as 0.");
        else
            sentences << tr("On the diagonal each position meets itself, with cosine similarity 1.");
    } else {
        sentences << tr("The similarity view shows the dot products PE(p) · PE(q) of every two "
                        "positions p and q from %1 to %2, a %3 × %3 matrix.")
                         .arg(first, last, count(p.seqLen));
        const double self = dotProductKernel(p, 0.0);
        if (loneColumn(p) >= 0)
            sentences << tr("On the diagonal each position meets itself: |PE(p)|² is %1 from the "
                            "pairs plus scale² · sin²(p · w) from the lone sine of odd d_model, so "
                            "at most %2.")
                             .arg(number(self), number(self + p.scale * p.scale));
        else
            sentences << tr("On the diagonal each position meets itself: |PE(p)|² = %1 for every p.")
                             .arg(number(self));
    }
    if (p.seqLen > 1 && loneColumn(p) >= 0) {
        sentences << tr("Away from the diagonal the pairs' share of the dot product depends only "
                        "on the offset Δ = q − p: scale² · Σ_i cos(Δ · w_i) is %1 at Δ = 1 and %2 "
                        "at Δ = k = %3, and the kernel plot shows it decaying with ripples as |Δ| "
                        "grows.")
                         .arg(number(dotProductKernel(p, 1.0)), number(dotProductKernel(p, p.offset)),
                              exact(p.offset));
        sentences << tr("The lone sine of odd d_model adds scale² · sin(p · w) · sin(q · w), which "
                        "depends on p and q themselves, so the whole dot product is not a function "
                        "of the offset alone.");
    } else if (p.seqLen > 1) {
        sentences << tr("Away from the diagonal the dot product depends only on the offset "
                        "Δ = q − p: scale² · Σ_i cos(Δ · w_i) is %1 at Δ = 1 and %2 at Δ = k = %3, "
                        "and the kernel plot shows it decaying with ripples as |Δ| grows.")
                         .arg(number(dotProductKernel(p, 1.0)), number(dotProductKernel(p, p.offset)),
                              exact(p.offset));
    }

    if (p.seqLen < 2) {
        sentences << tr("With only one position there is no second position to compare.");
    } else {
        const MinimumDistance closest = minimumDistance(p);
        const QString a = exact(p.start + closest.rowA);
        const QString b = exact(p.start + closest.rowB);
        if (closest.distance <= 1e-6 * std::abs(p.scale) || p.scale == 0)
            sentences << tr("The closest two positions are %1 and %2, at distance %3: they share "
                            "(almost) the same vector, so the encoding cannot tell them apart.")
                             .arg(a, b, number(closest.distance));
        else
            sentences << tr("The closest two positions are %1 and %2, at distance %3: every "
                            "position has its own vector.")
                             .arg(a, b, number(closest.distance));
    }
    return paragraph(sentences);
}

QString SimilarityText::similarity(const EncodingParams &params, double p, double q)
{
    const double direct = encodingAt(params, p).dot(encodingAt(params, q));
    const double offset = p - q;
    QStringList lines;
    lines << tr("PE(%1) · PE(%2) = Σ_c PE(%1, c) · PE(%2, c) = %3")
                 .arg(CellText::number(p, 10), CellText::number(q, 10), CellText::number(direct));
    lines << tr("Each pair gives sin a · sin b + cos a · cos b = cos(a − b), so only the offset "
                "p − q = %1 matters:")
                 .arg(CellText::number(offset, 10));
    lines << tr("scale² · Σ_i cos((p − q) · w_i) = %1² × Σ_i cos(%2 · w_i) = %3")
                 .arg(CellText::number(params.scale), CellText::number(offset, 10),
                      CellText::number(dotProductKernel(params, offset)));
    if (loneColumn(params) >= 0)
        lines << tr("The lone sine of odd d_model adds sin(p · w) · sin(q · w), which depends on "
                    "p and q themselves: that is the difference between the two numbers.");
    return lines.join(QLatin1Char('\n'));
}

QString SimilarityText::similarityBox(const EncodingParams &p, int positionsPerBox, int boxA, int boxB, bool cosine)
{
    const int s = std::max(1, positionsPerBox);
    const int boxes = (p.seqLen + s - 1) / s;
    // The middle position of a box (the lower of two for an even length), as the view picks it.
    const auto middleOf = [&](int box) {
        const int first = box * s;
        return p.start + first + (std::min(s, p.seqLen - first) - 1) / 2;
    };
    if (s == 1 || boxA < 0 || boxB < 0 || boxA >= boxes || boxB >= boxes)
        return similarity(p, middleOf(std::clamp(boxA, 0, boxes - 1)), middleOf(std::clamp(boxB, 0, boxes - 1)));
    // A box mean: what the cell shows, over which positions, and then one pair of the box
    // (its middle) explained.
    const auto firstOf = [&](int box) { return CellText::number(p.start + double(box) * s, 10); };
    const auto lastOf = [&](int box) {
        return CellText::number(p.start + std::min(double(box + 1) * s, double(p.seqLen)) - 1, 10);
    };
    const QString value = CellText::number(similarityBoxMean(p, s, boxA, boxB, cosine));
    const QString box = cosine
        ? tr("This cell is the mean of the cosine similarity over the box p = %1 … %2, q = %3 … %4: %5")
        : tr("This cell is the mean of PE(p) · PE(q) over the box p = %1 … %2, q = %3 … %4: %5");
    return box.arg(firstOf(boxA), lastOf(boxA), firstOf(boxB), lastOf(boxB), value) + QLatin1Char('\n')
           + tr("In the middle of the box, p = %1 and q = %2:")
                 .arg(CellText::number(middleOf(boxA), 10), CellText::number(middleOf(boxB), 10))
           + QLatin1Char('\n') + similarity(p, middleOf(boxA), middleOf(boxB));
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/viewdescription.h"

#include "ui/views/viewregistry.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "core/rotation.h"
#include "core/similarity.h"
#include "core/spectrum.h"
#include "core/temporal.h"
#include "ui/state/dimensionlist.h"
#include "ui/state/encodingstate.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

namespace {

// A number for a sentence, in the current locale (digit grouping, decimal point): at most
// `significant` digits, plain notation between 1e-4 and 1e15, no trailing zeros, and a true
// minus sign, which screen readers read as "minus" rather than "dash".
QString number(double value, int significant = 3)
{
    const QLocale locale;
    if (!std::isfinite(value))
        return value > 0 ? QStringLiteral("∞") : (value < 0 ? QStringLiteral("−∞") : QStringLiteral("NaN"));
    if (value == 0)
        return locale.toString(0);
    // Rounded to the significant digits first: 54410 reads "54,400", not "54,410", and
    // 9.9996 becomes 10 before its digits are counted.
    int magnitude = int(std::floor(std::log10(std::abs(value))));
    value = std::round(value / std::pow(10.0, magnitude - significant + 1))
            * std::pow(10.0, magnitude - significant + 1);
    magnitude = int(std::floor(std::log10(std::abs(value))));
    QString text;
    if (magnitude < -4 || magnitude >= 15) {
        // "3.39e−15" as the rotation view writes its residual (the locale would say "3.39E-15").
        return number(value / std::pow(10.0, magnitude), significant) + QLatin1Char('e')
               + number(magnitude, 3);
    } else {
        const int decimals = std::max(0, significant - 1 - magnitude);
        text = locale.toString(value, 'f', decimals);
        if (decimals > 0) {
            while (text.endsWith(locale.zeroDigit()))
                text.chop(locale.zeroDigit().size());
            if (text.endsWith(locale.decimalPoint()))
                text.chop(locale.decimalPoint().size());
        }
    }
    if (text.startsWith(locale.negativeSign()))
        text.replace(0, locale.negativeSign().size(), QChar(0x2212));
    return text;
}

// A parameter as the user set it: every digit that matters (base 12345 is not 12,300).
QString exact(double value)
{
    return number(value, 10);
}

// A count or size: "4,096 dimensions".
QString count(qint64 value)
{
    return QLocale().toString(value);
}

// An index names a column or a pair: no digit grouping ("column 4095", not "column 4,095").
QString index(qint64 value)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value);
}

// Whole sentences into one paragraph: a space after a sentence ending in Latin punctuation,
// none after a Chinese full stop (。), as each language writes it.
QString paragraph(const QStringList &sentences)
{
    QString text;
    for (const QString &sentence : sentences) {
        if (sentence.isEmpty())
            continue;
        if (!text.isEmpty() && text.back().unicode() < 0x3000)
            text += QLatin1Char(' ');
        text += sentence;
    }
    return text;
}

bool isShown(const EncodingParams &p, double position)
{
    return position >= p.start - 0.5 && position <= p.start + p.seqLen - 0.5;
}

// The chosen dimensions that exist for this d_model, in the order chosen.
QList<int> drawnDimensions(const EncodingState &state)
{
    QList<int> drawn;
    for (int column : state.curveDimensions()) {
        if (column < state.params().dModel)
            drawn << column;
    }
    return drawn;
}

} // namespace

QString ViewDescription::describe(const QString &view, const EncodingState &state)
{
    const ViewDescriptor *descriptor = ViewRegistry::find(view);
    return descriptor && descriptor->describe ? descriptor->describe(state) : QString();
}

QString ViewDescription::columnSentence(const EncodingParams &p, int column)
{
    const Channel channel = channelOf(p, column);
    if (channel.kind == Channel::Kind::Zero)
        return tr("Column %1 is the zero column that the split layout appends for odd d_model: "
                  "it is 0 at every position.")
            .arg(index(column));
    const bool sine = channel.kind == Channel::Kind::Sin;
    const double wavelength = wavelengths(p)[channel.pair];
    if (wavelength > p.seqLen) {
        const QString text =
            sine ? tr("Column %1 (the sine of pair %2) has wavelength %3 positions, longer than "
                      "the %4 positions shown: over the sequence it completes less than one cycle.")
                 : tr("Column %1 (the cosine of pair %2) has wavelength %3 positions, longer than "
                      "the %4 positions shown: over the sequence it completes less than one cycle.");
        return text.arg(index(column), index(channel.pair), number(wavelength), count(p.seqLen));
    }
    const QString text =
        sine ? tr("Column %1 (the sine of pair %2) has wavelength %3 positions and completes %4 "
                  "cycles over the %5 positions shown.")
             : tr("Column %1 (the cosine of pair %2) has wavelength %3 positions and completes %4 "
                  "cycles over the %5 positions shown.");
    return text.arg(index(column), index(channel.pair), number(wavelength),
                    number(p.seqLen / wavelength), count(p.seqLen));
}

QString ViewDescription::markerSentence(const EncodingParams &p)
{
    const QString pos = exact(p.position);
    const QString shifted = exact(p.position + p.offset);
    const bool posShown = isShown(p, p.position);
    const bool shiftedShown = isShown(p, p.position + p.offset);
    if (posShown && shiftedShown)
        return tr("Lines mark position %1 (pos) and position %2 (pos + k).").arg(pos, shifted);
    if (posShown)
        return tr("A line marks position %1 (pos); pos + k = %2 lies outside the positions shown.")
            .arg(pos, shifted);
    if (shiftedShown)
        return tr("A line marks position %1 (pos + k); pos = %2 lies outside the positions shown.")
            .arg(shifted, pos);
    return tr("The marked positions pos = %1 and pos + k = %2 both lie outside the positions shown.")
        .arg(pos, shifted);
}

QString ViewDescription::conventionSentences(const EncodingParams &p)
{
    QStringList sentences;
    const int n = frequencyCount(p);
    if (p.layout == Layout::Interleaved) {
        sentences << tr("The layout is interleaved: column 2i holds the sine of pair i and column "
                        "2i + 1 its cosine.");
    } else {
        sentences << tr("The layout is split: columns %1 to %2 hold the sines and columns %3 to %4 "
                        "the cosines.")
                         .arg(index(sinColumn(p, 0)), index(sinColumn(p, n - 1)),
                              index(cosColumn(p, 0)), index(cosColumn(p, pairCount(p) - 1)));
    }
    if (const int lone = loneColumn(p); lone >= 0)
        sentences << tr("Column %1 is the sine of the last frequency and has no cosine partner, "
                        "because d_model is odd.")
                         .arg(index(lone));
    else if (channelOf(p, p.dModel - 1).kind == Channel::Kind::Zero)
        sentences << tr("The last column, %1, is zero: with an odd d_model the split layout has no "
                        "pair for it.")
                         .arg(index(p.dModel - 1));
    if (p.frequencies == FrequencyConvention::Paper)
        sentences << tr("The frequencies follow the paper, w_i = base^(−2i/d_model): the "
                        "wavelengths grow geometrically from 2π towards 2π · base.");
    else
        sentences << tr("The frequencies follow tensor2tensor, w_i = exp(−i · ln(base)/(n − 1)): "
                        "the wavelengths grow geometrically from 2π to exactly 2π · base.");
    return paragraph(sentences);
}

QString ViewDescription::heatmap(const EncodingState &state)
{
    const EncodingParams &p = state.params();
    QStringList sentences;
    if (p.seqLen == 1)
        sentences << tr("The heatmap shows the positional encoding PE of the single position %1 "
                        "across %2 dimensions, with base %3 and scale %4.")
                         .arg(exact(p.start), count(p.dModel), exact(p.base), exact(p.scale));
    else
        sentences << tr("The heatmap shows the positional encoding PE for %1 positions (%2 to %3, "
                        "one row each) and %4 dimensions (one column each), with base %5 and "
                        "scale %6.")
                         .arg(count(p.seqLen), exact(p.start), exact(p.start + p.seqLen - 1),
                              count(p.dModel), exact(p.base), exact(p.scale));
    sentences << conventionSentences(p);
    // The state's cached range: the description never builds the whole matrix (512 MiB at the
    // largest size).
    const ValueRange range = state.valueRange();
    sentences << tr("Values range from %1 to %2.").arg(number(range.min), number(range.max));
    sentences << columnSentence(p, 0);
    // The last column that holds a sinusoid: the slowest one.
    int last = p.dModel - 1;
    if (channelOf(p, last).kind == Channel::Kind::Zero)
        --last;
    if (last > 0)
        sentences << columnSentence(p, last);
    sentences << markerSentence(p);
    return paragraph(sentences);
}

QString ViewDescription::curves(const EncodingState &state)
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

QString ViewDescription::spectrum(const EncodingState &state)
{
    const EncodingParams &p = state.params();
    const Eigen::VectorXd w = frequencies(p);
    const Eigen::VectorXd lengths = wavelengths(p);
    const int n = int(w.size());
    QStringList sentences;
    if (n == 1)
        sentences << tr("The spectrum view shows the frequency ladder: a single frequency w_0 = %1, "
                        "wavelength %2 positions.")
                         .arg(number(w[0]), number(lengths[0]));
    else
        sentences << tr("The spectrum view shows the frequency ladder: %1 frequencies w_i, from "
                        "w_0 = %2 down to w_%3 = %4, so the wavelengths 2π/w_i grow from %5 to %6 "
                        "positions.")
                         .arg(count(n), number(w[0]), index(n - 1), number(w[n - 1]),
                              number(lengths[0]), number(lengths[n - 1]));

    // The ladder rises, so the pairs longer than the sequence are its last ones.
    int firstLong = n;
    while (firstLong > 0 && lengths[firstLong - 1] > p.seqLen)
        --firstLong;
    const QString seqLen = count(p.seqLen);
    if (firstLong == n)
        sentences << tr("Every wavelength is at most seq_len = %1: each pair completes at least "
                        "one cycle over the sequence.")
                         .arg(seqLen);
    else if (firstLong == 0)
        sentences << tr("Every wavelength is longer than seq_len = %1: over the sequence each pair "
                        "completes less than one cycle.")
                         .arg(seqLen);
    else if (firstLong == n - 1)
        sentences << tr("Pair %1, marked on the ladder, has a wavelength longer than seq_len = %2: "
                        "over the sequence it completes less than one cycle.")
                         .arg(index(firstLong), seqLen);
    else
        sentences << tr("Pairs %1 to %2, marked on the ladder, have wavelengths longer than "
                        "seq_len = %3: over the sequence they complete less than one cycle.")
                         .arg(index(firstLong), index(n - 1), seqLen);

    QStringList periods;
    for (double period : state.temporal().periods)
        periods << exact(period);
    sentences << tr("Horizontal lines mark the wavelength seq_len = %1 and the temporal periods %2.")
                     .arg(seqLen, QLocale().createSeparatedList(periods));

    const QList<int> drawn = drawnDimensions(state);
    int measured = -1;
    for (int column : drawn) {
        if (channelOf(p, column).kind != Channel::Kind::Zero) {
            measured = column;
            break;
        }
    }
    if (drawn.isEmpty()) {
        sentences << tr("None of the chosen dimensions lies below d_model, so no amplitude spectrum "
                        "is drawn.");
    } else if (measured >= 0 && p.seqLen > 1) { // one position has no spectrum to speak of
        const AmplitudeSpectrum s = columnSpectrum(p, measured);
        Eigen::Index peak = 0;
        s.amplitude.maxCoeff(&peak);
        const int pair = channelOf(p, measured).pair;
        sentences << tr("The amplitude spectra of the chosen dimensions (%1) are drawn below it, "
                        "each with a dashed line where its peak is expected, at w_i/(2π) cycles "
                        "per position.")
                         .arg(DimensionList::format(drawn));
        sentences << tr("Column %1 peaks at %2 cycles per position, against w_%3/(2π) = %4 "
                        "expected; the frequency bins are 1/seq_len = %5 apart.")
                         .arg(index(measured), number(s.frequency[peak]), index(pair),
                              number(w[pair] / (2.0 * std::numbers::pi)), number(1.0 / p.seqLen));
    }
    sentences << tr("The last panel shows the amplitude spectrum of all %1 dimensions as a colour "
                    "map, %2 frequency bins from 0 to %3 cycles per position.")
                     .arg(count(p.dModel), count(p.seqLen / 2 + 1),
                          number(double(p.seqLen / 2) / p.seqLen));
    return paragraph(sentences);
}

QString ViewDescription::rotation(const EncodingState &state)
{
    const EncodingParams &p = state.params();
    QStringList sentences;
    sentences << tr("The rotation view shows M_k for k = %1: the %2 × %2 matrix with "
                    "PE(pos + k) = M_k · PE(pos), one 2 × 2 rotation for each of the %3 pairs and "
                    "zeros elsewhere.")
                     .arg(exact(p.offset), count(p.dModel), count(pairCount(p)));
    if (p.layout == Layout::Interleaved)
        sentences << tr("The rotations sit on the diagonal, since pair i occupies columns 2i and "
                        "2i + 1.");
    else
        sentences << tr("Pair i couples columns i and i + %1, so the rotations lie on the diagonal "
                        "and on two off-diagonal bands.")
                         .arg(index(p.dModel / 2));
    sentences << tr("M_k depends on k alone: moving pos leaves it unchanged.");

    const int i = state.rotationPair();
    const PairStep step = pairStep(p, i, p.position);
    const double w = frequency(p, i);
    sentences << tr("Pair %1 (columns %2 and %3, w_%1 = %4) is turned by the angle k · w_%1 = %5 "
                    "rad: at pos = %6 its vector is (%7, %8), and at pos + k = %9 it is (%10, %11).")
                     .arg(index(i), index(sinColumn(p, i)), index(cosColumn(p, i)), number(w),
                          number(p.offset * w), exact(p.position), number(step.at[0]),
                          number(step.at[1]), exact(p.position + p.offset))
                     .arg(number(step.direct[0]), number(step.direct[1]));

    // The residual needs PE at pos and pos + k in both precisions: four matrices. Past
    // kResidualCells values they are computed for the first positions only, so that a
    // description of a 16384 x 4096 encoding costs milliseconds, not gigabytes.
    constexpr long long kResidualCells = 1LL << 18;
    EncodingParams head = p;
    head.seqLen = int(std::min<long long>(p.seqLen, std::max(1LL, kResidualCells / p.dModel)));
    const RotationResidual residual = rotationResidual(head);
    const RotationResidual residualF = rotationResidualF(head);
    if (head.seqLen == p.seqLen)
        sentences << tr("Over the %1 positions of the sequence, the largest |M_k · PE(pos) − "
                        "PE(pos + k)| is %2 in float64 and %3 in float32.")
                         .arg(count(p.seqLen), number(residual.maxAbs), number(residualF.maxAbs));
    else
        sentences << tr("Over the first %1 of the %2 positions, the largest |M_k · PE(pos) − "
                        "PE(pos + k)| is %3 in float64 and %4 in float32.")
                         .arg(count(head.seqLen), count(p.seqLen), number(residual.maxAbs),
                              number(residualF.maxAbs));

    if (const int lone = loneColumn(p); lone >= 0)
        sentences << tr("Column %1, the sine of the last frequency, has no cosine partner because "
                        "d_model is odd: no linear map of PE(pos) gives its value at pos + k, so "
                        "its row of M_k is zero.")
                         .arg(index(lone));
    else if (channelOf(p, p.dModel - 1).kind == Channel::Kind::Zero)
        sentences << tr("Column %1 is the zero column of the split layout for odd d_model: M_k "
                        "maps it to itself.")
                         .arg(index(p.dModel - 1));
    return paragraph(sentences);
}

QString ViewDescription::similarity(const EncodingState &state)
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

QString ViewDescription::temporal(const EncodingState &state)
{
    const TemporalParams &temporal = state.temporal();
    const int periodCount = int(temporal.periods.size());
    QStringList periods;
    for (double period : temporal.periods)
        periods << exact(period);
    QStringList sentences;
    if (periodCount == 1)
        sentences << tr("The temporal view encodes %1 time steps (0 to %2) with the single period "
                        "P = %3: the pair sin(2πt/P), cos(2πt/P), as a colour map, as curves and as "
                        "a point on a circle.")
                         .arg(count(temporal.steps), count(temporal.steps - 1), periods.constFirst());
    else
        sentences << tr("The temporal view encodes %1 time steps (0 to %2) with %3 periods, %4: for "
                        "each period P the pair sin(2πt/P), cos(2πt/P), %5 columns in all, as a "
                        "colour map, as curves and as a point on a circle per period.")
                         .arg(count(temporal.steps), count(temporal.steps - 1), count(periodCount),
                              QLocale().createSeparatedList(periods), count(2 * periodCount));

    const double t = state.params().position;
    const Eigen::VectorXd at = temporalEncodingAt(temporal, t);
    for (int j = 0; j < periodCount; ++j) {
        const double period = temporal.periods[size_t(j)];
        const double into = temporalPhase(t, period) / (2.0 * std::numbers::pi) * period;
        sentences << tr("Step t = %1 is %2 steps into period %3 and lands on its circle at "
                        "(%4, %5).")
                         .arg(exact(t), number(into, 6), periods[j], number(at[2 * j]),
                              number(at[2 * j + 1]));
    }
    if (t < 0 || t >= temporal.steps)
        sentences << tr("Step t = %1 lies outside the %2 steps of the table; its encoding is "
                        "defined all the same.")
                         .arg(exact(t), count(temporal.steps));
    sentences << tr("Steps t and t + P land on the same point: each pair repeats every period.");
    return paragraph(sentences);
}

} // namespace posenc

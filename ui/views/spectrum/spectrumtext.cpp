// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/spectrum/spectrumtext.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "core/spectrum.h"
#include "ui/state/dimensionlist.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"

#include <QLocale>
#include <QStringList>

#include <numbers>

namespace posenc {

QString SpectrumText::describe(const EncodingState &state)
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

QString SpectrumText::frequency(const EncodingParams &params, int pair)
{
    const double w = posenc::frequency(params, pair);
    const double wavelength = 2.0 * std::numbers::pi / w;
    QStringList lines;
    if (cosColumn(params, pair) >= 0)
        lines << tr("pair i = %1 (columns %2 and %3)")
                     .arg(pair)
                     .arg(sinColumn(params, pair))
                     .arg(cosColumn(params, pair));
    else
        lines << tr("pair i = %1 (column %2 only: no cos partner, d_model is odd)")
                     .arg(pair)
                     .arg(sinColumn(params, pair));
    lines << CellText::frequencyFormula(params, pair);
    lines << tr("wavelength = 2π / w_%1 = %2 positions").arg(QString::number(pair), CellText::powerOfTen(wavelength));
    if (wavelength > params.seqLen)
        lines << tr("Longer than seq_len = %1: over the sequence this pair turns less than once "
                    "(%2 of a turn), so its values never repeat within the sequence.")
                     .arg(params.seqLen)
                     .arg(CellText::powerOfTen(params.seqLen / wavelength, 3));
    else
        lines << tr("It repeats %1 times over seq_len = %2 positions.")
                     .arg(CellText::number(params.seqLen / wavelength, 3))
                     .arg(params.seqLen);
    return lines.join(QLatin1Char('\n'));
}

} // namespace posenc

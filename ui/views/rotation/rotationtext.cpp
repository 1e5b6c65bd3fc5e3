// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/rotation/rotationtext.h"

#include "core/channels.h"
#include "core/frequencies.h"
#include "core/rotation.h"
#include "ui/state/encodingstate.h"
#include "ui/views/celltext.h"

#include <QChar>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace posenc {

QString RotationText::describe(const EncodingState &state)
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

QString RotationText::rotationEntry(const EncodingParams &params, int row, int column)
{
    const Channel r = channelOf(params, row);
    const Channel c = channelOf(params, column);
    const QString k = CellText::number(params.offset, 10);
    QStringList lines;
    lines << tr("M_k[%1, %2] with k = %3").arg(row).arg(column).arg(k);
    if (r.kind == Channel::Kind::Zero || c.kind == Channel::Kind::Zero) {
        lines << (row == column ? tr("= 1: the zero column maps to itself")
                                : tr("= 0: the zero column couples to nothing"));
        return lines.join(QLatin1Char('\n'));
    }
    if (r.pair != c.pair || cosColumn(params, r.pair) < 0) {
        lines << (cosColumn(params, r.pair) < 0
                      ? tr("= 0: column %1 is the lone sine of odd d_model; no linear map of "
                           "PE(pos) gives sin((pos + k) · w), so it has no rotation")
                            .arg(sinColumn(params, r.pair))
                      : params.layout == Layout::Split
                            ? tr("= 0: different pairs never mix; in the split layout M_k couples column i only "
                                 "with column i + %1, and is block-diagonal once each pair's two columns are put "
                                 "side by side")
                                  .arg(params.dModel / 2)
                            : tr("= 0: different pairs never mix; M_k is block-diagonal"));
        return lines.join(QLatin1Char('\n'));
    }
    const double w = posenc::frequency(params, r.pair);
    const double angle = params.offset * w;
    const bool sameKind = r.kind == c.kind;
    const bool negative = r.kind == Channel::Kind::Cos && c.kind == Channel::Kind::Sin;
    const double value = sameKind ? std::cos(angle) : (negative ? -std::sin(angle) : std::sin(angle));
    lines << CellText::frequencyFormula(params, r.pair);
    lines << tr("k · w_%1 = %2 × %3 = %4 rad")
                 .arg(QString::number(r.pair), k, CellText::number(w), CellText::number(angle));
    lines << QStringLiteral("= %1(k · w_%2) = %3")
                 .arg(sameKind ? QStringLiteral("cos") : (negative ? QStringLiteral("−sin") : QStringLiteral("sin")),
                      QString::number(r.pair), CellText::number(value));
    return lines.join(QLatin1Char('\n'));
}

QString RotationText::subscript(int n)
{
    QString digits = QString::number(n);
    for (QChar &ch : digits) {
        if (ch.isDigit())
            ch = QChar(0x2080 + ch.digitValue());
        else if (ch == QLatin1Char('-'))
            ch = QChar(0x208b);
    }
    return digits;
}

QString RotationText::residualNumber(double value)
{
    QString text = CellText::number(value, 2);
    text.replace(QStringLiteral("e-"), QStringLiteral("e\u2212"));
    text.replace(QStringLiteral("e+"), QStringLiteral("e"));
    // Qt writes two exponent digits ("1.2e-07"); a person writes "1.2e−7".
    text.replace(QStringLiteral("e\u22120"), QStringLiteral("e\u2212"));
    if (text.contains(QStringLiteral("e0")))
        text.replace(QStringLiteral("e0"), QStringLiteral("e"));
    return text;
}

QString RotationText::wavelengthText(double wavelength)
{
    if (wavelength < 1000)
        return CellText::number(wavelength, 3);
    return QString::number(std::round(wavelength), 'f', 0);
}

// In the view's translation context, where these sentences were written.
QString RotationText::loneColumnNote(const EncodingParams &params)
{
    const int lone = loneColumn(params);
    if (lone < 0)
        return {};
    return QCoreApplication::translate("posenc::RotationView",
                                       "Dimension %1 (sin of pair %2) has no cos partner: M\u2096 "
                                       "cannot carry it; its row is zero.")
        .arg(lone)
        .arg(channelOf(params, lone).pair);
}

QString RotationText::zeroColumnNote(const EncodingParams &params)
{
    if (!(params.layout == Layout::Split && params.dModel % 2 == 1))
        return {};
    return QCoreApplication::translate("posenc::RotationView",
                                       "d_model is odd: the split layout's last column %1 is zero "
                                       "and M\u2096 maps it to itself (a 1 on the diagonal).")
        .arg(params.dModel - 1);
}

} // namespace posenc

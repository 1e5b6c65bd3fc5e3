// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/celltext.h"

#include "core/boxaverage.h"
#include "core/channels.h"
#include "core/frequencies.h"
#include "core/similarity.h"
#include "core/temporal.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc {

QString CellText::number(double value, int significant)
{
    QString text = QString::number(value, 'g', significant);
    if (text.startsWith(QLatin1Char('-')))
        text.replace(0, 1, QChar(0x2212));
    return text;
}

QString CellText::powerOfTen(double value, int significant)
{
    const QString text = number(value, significant);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    if (e < 0)
        return text;
    static constexpr char16_t digits[10] = {u'⁰', u'¹', u'²', u'³', u'⁴',
                                            u'⁵', u'⁶', u'⁷', u'⁸', u'⁹'};
    const int exponent = text.mid(e + 1).toInt();
    QString power = QStringLiteral("10");
    if (exponent < 0)
        power += QChar(u'⁻');
    for (const QChar digit : QString::number(std::abs(exponent)))
        power += QChar(digits[digit.digitValue()]);
    const QString mantissa = text.left(e);
    if (mantissa == QLatin1String("1"))
        return power;
    if (mantissa == QString(QChar(0x2212)) + QLatin1Char('1'))
        return QChar(0x2212) + power;
    return mantissa + QChar(0x00d7) + power;
}

QString CellText::frequencyFormula(const EncodingParams &params, int pair)
{
    const QString w = tr("w_%1").arg(pair);
    // One notation: (10⁸)^(−126/128) = 1.33352×10⁻⁸, never 1e+08 beside 1.33352e-08.
    const QString base = powerOfTen(params.base, 8);
    const double frequency = posenc::frequency(params, pair);
    if (params.frequencies == FrequencyConvention::Tensor2Tensor) {
        const int denominator = std::max(frequencyCount(params) - 1, 1);
        return tr("%1 = exp(−%2·ln(%3)/%4) = %5")
            .arg(w, QString::number(pair), base, QString::number(denominator), powerOfTen(frequency));
    }
    const QString power = base == number(params.base, 8) ? base : QLatin1Char('(') + base + QLatin1Char(')');
    return tr("%1 = %2^(−%3/%4) = %5")
        .arg(w, power, QString::number(2 * pair), QString::number(params.dModel), powerOfTen(frequency));
}

QString CellText::explanation(const EncodingParams &params, const CellExplanation &cell)
{
    const QString pos = number(cell.position, 10);
    QStringList lines;
    lines << tr("pos = %1, dimension %2").arg(pos).arg(cell.column);
    if (cell.channel.kind == Channel::Kind::Zero) {
        lines << tr("This column is the zero column the split layout appends for odd d_model.")
              << tr("PE(%1, %2) = 0").arg(pos).arg(cell.column);
        return lines.join(QLatin1Char('\n'));
    }
    const int i = cell.channel.pair;
    const bool isSin = cell.channel.kind == Channel::Kind::Sin;
    const QString channel = !isSin ? tr("cos of pair i = %1")
                            : cosColumn(params, i) < 0 ? tr("sin of pair i = %1 (no cos partner: d_model is odd)")
                                                       : tr("sin of pair i = %1");
    lines << channel.arg(i) << frequencyFormula(params, i)
          << tr("angle = pos · w_%1 = %2 × %3 = %4 rad")
                 .arg(QString::number(i), pos, number(cell.frequency), number(cell.angle))
          << tr("PE(%1, %2) = scale · %3(angle) = %4 × %3(%5) = %6")
                 .arg(pos, QString::number(cell.column),
                      isSin ? QStringLiteral("sin") : QStringLiteral("cos"), number(params.scale),
                      number(cell.angle), number(cell.value));
    return lines.join(QLatin1Char('\n'));
}

QString CellText::similarity(const EncodingParams &params, double p, double q)
{
    const double direct = encodingAt(params, p).dot(encodingAt(params, q));
    const double offset = p - q;
    QStringList lines;
    lines << tr("PE(%1) · PE(%2) = Σ_c PE(%1, c) · PE(%2, c) = %3")
                 .arg(number(p, 10), number(q, 10), number(direct));
    lines << tr("Each pair gives sin a · sin b + cos a · cos b = cos(a − b), so only the offset "
                "p − q = %1 matters:")
                 .arg(number(offset, 10));
    lines << tr("scale² · Σ_i cos((p − q) · w_i) = %1² × Σ_i cos(%2 · w_i) = %3")
                 .arg(number(params.scale), number(offset, 10),
                      number(dotProductKernel(params, offset)));
    if (loneColumn(params) >= 0)
        lines << tr("The lone sine of odd d_model adds sin(p · w) · sin(q · w), which depends on "
                    "p and q themselves: that is the difference between the two numbers.");
    return lines.join(QLatin1Char('\n'));
}

QString CellText::cellBox(const EncodingParams &params, double pos, int column, int rowsPerBox, int columnsPerBox)
{
    const CellExplanation cell = explainCell(params, pos, column);
    const int row = int(std::floor(pos - params.start));
    const int rows = std::max(1, rowsPerBox);
    const int columns = std::max(1, columnsPerBox);
    if ((rows == 1 && columns == 1) || row < 0 || row >= params.seqLen || column < 0 || column >= params.dModel)
        return explanation(params, cell);
    BoxGrid grid;
    grid.firstRow = row / rows * rows;
    grid.rowCount = std::min(rows, params.seqLen - grid.firstRow);
    grid.rowsPerBox = rows;
    grid.firstColumn = column / columns * columns;
    grid.columnCount = std::min(columns, params.dModel - grid.firstColumn);
    grid.columnsPerBox = columns;
    const double mean = encodingBoxAverage(params, grid)(0, 0);
    QStringList lines;
    lines << tr("This pixel of the heatmap is a mean, not one cell: the mean of PE over positions %1 … %2 "
                "and dimensions %3 … %4 (%5 cells) = %6.")
                 .arg(number(params.start + grid.firstRow, 10), number(params.start + grid.firstRow + grid.rowCount - 1, 10),
                      QString::number(grid.firstColumn), QString::number(grid.firstColumn + grid.columnCount - 1),
                      QString::number(grid.rowCount * grid.columnCount), number(mean));
    lines << tr("The matrix has more cells than the plot has pixels; one cell of every box would draw "
                "stripes that are not in the encoding. Zoom in to see every cell.");
    lines << tr("The cell under the pointer:");
    lines << explanation(params, cell);
    return lines.join(QLatin1Char('\n'));
}

QString CellText::similarityBox(const EncodingParams &p, int positionsPerBox, int boxA, int boxB, bool cosine)
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
    const auto firstOf = [&](int box) { return number(p.start + double(box) * s, 10); };
    const auto lastOf = [&](int box) {
        return number(p.start + std::min(double(box + 1) * s, double(p.seqLen)) - 1, 10);
    };
    const QString value = number(similarityBoxMean(p, s, boxA, boxB, cosine));
    const QString box = cosine
        ? tr("This cell is the mean of the cosine similarity over the box p = %1 … %2, q = %3 … %4: %5")
        : tr("This cell is the mean of PE(p) · PE(q) over the box p = %1 … %2, q = %3 … %4: %5");
    return box.arg(firstOf(boxA), lastOf(boxA), firstOf(boxB), lastOf(boxB), value) + QLatin1Char('\n')
           + tr("In the middle of the box, p = %1 and q = %2:")
                 .arg(number(middleOf(boxA), 10), number(middleOf(boxB), 10))
           + QLatin1Char('\n') + similarity(p, middleOf(boxA), middleOf(boxB));
}

QString CellText::temporalRow(const TemporalParams &temporal, double step, int column, int stepsPerBox)
{
    const int perBox = std::max(1, stepsPerBox);
    const int j = column / 2;
    const bool inMap = step == std::floor(step) && step >= 0 && step < temporal.steps;
    if (perBox == 1 || !inMap || j < 0 || size_t(j) >= temporal.periods.size())
        return CellText::temporal(temporal, step, column);
    const int first = int(step) / perBox * perBox;
    const int count = std::min(perBox, temporal.steps - first);
    const double period = temporal.periods[size_t(j)];
    const bool isSin = column % 2 == 0;
    const QString function = isSin ? QStringLiteral("sin") : QStringLiteral("cos");
    const double middle = first + 0.5 * (count - 1);
    const double middleAngle = 2.0 * std::numbers::pi * middle / period;
    const double mean = temporalBoxMean(temporal, first, count)[column];
    const double attenuation = temporalBoxAttenuation(count, period);
    const double alone = temporalEncodingAt(temporal, step)[column];
    QStringList lines;
    lines << tr("This row of the map is a mean, not one step: the mean of %1(2π t / %2) (column %3) "
                "over the %4 steps t = %5 … %6.")
                 .arg(function, number(period, 10), QString::number(column), QString::number(count),
                      QString::number(first), QString::number(first + count - 1));
    lines << tr("mean = D · %1(2π c / P) = %2 × %3 = %4, with c = %5 the middle of the steps and "
                "D = sin(nπ / P) / (n · sin(π / P)) for n = %6 steps.")
                 .arg(function, number(attenuation), number(isSin ? std::sin(middleAngle) : std::cos(middleAngle)),
                      number(mean), number(middle, 10), QString::number(count));
    lines << tr("The map shows more steps than it has rows of pixels: each row is the mean of %1 steps, "
                "because one step of every %1 would draw stripes that are not in the encoding.")
                 .arg(perBox);
    lines << tr("Step t = %1 alone: %2(2π × %1 / %3) = %4.")
                 .arg(number(step, 10), function, number(period, 10), number(alone));
    return lines.join(QLatin1Char('\n'));
}

QString CellText::frequency(const EncodingParams &params, int pair)
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
    lines << frequencyFormula(params, pair);
    lines << tr("wavelength = 2π / w_%1 = %2 positions").arg(QString::number(pair), powerOfTen(wavelength));
    if (wavelength > params.seqLen)
        lines << tr("Longer than seq_len = %1: over the sequence this pair turns less than once "
                    "(%2 of a turn), so its values never repeat within the sequence.")
                     .arg(params.seqLen)
                     .arg(powerOfTen(params.seqLen / wavelength, 3));
    else
        lines << tr("It repeats %1 times over seq_len = %2 positions.")
                     .arg(number(params.seqLen / wavelength, 3))
                     .arg(params.seqLen);
    return lines.join(QLatin1Char('\n'));
}

QString CellText::rotationEntry(const EncodingParams &params, int row, int column)
{
    const Channel r = channelOf(params, row);
    const Channel c = channelOf(params, column);
    const QString k = number(params.offset, 10);
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
                      : tr("= 0: different pairs never mix; M_k is block-diagonal"));
        return lines.join(QLatin1Char('\n'));
    }
    const double w = posenc::frequency(params, r.pair);
    const double angle = params.offset * w;
    const bool sameKind = r.kind == c.kind;
    const bool negative = r.kind == Channel::Kind::Cos && c.kind == Channel::Kind::Sin;
    const double value = sameKind ? std::cos(angle) : (negative ? -std::sin(angle) : std::sin(angle));
    lines << frequencyFormula(params, r.pair);
    lines << tr("k · w_%1 = %2 × %3 = %4 rad")
                 .arg(QString::number(r.pair), k, number(w), number(angle));
    lines << QStringLiteral("= %1(k · w_%2) = %3")
                 .arg(sameKind ? QStringLiteral("cos") : (negative ? QStringLiteral("−sin") : QStringLiteral("sin")),
                      QString::number(r.pair), number(value));
    return lines.join(QLatin1Char('\n'));
}

QString CellText::temporal(const TemporalParams &temporal, double step, int column)
{
    const int j = column / 2;
    if (j < 0 || size_t(j) >= temporal.periods.size())
        return {};
    const double period = temporal.periods[size_t(j)];
    const double angle = 2.0 * std::numbers::pi * step / period;
    const bool isSin = column % 2 == 0;
    QStringList lines;
    lines << tr("step t = %1, column %2: %3 of period P = %4")
                 .arg(number(step, 10), QString::number(column),
                      isSin ? QStringLiteral("sin") : QStringLiteral("cos"), number(period, 10));
    lines << tr("angle = 2π · t / P = 2π × %1 / %2 = %3 rad")
                 .arg(number(step, 10), number(period, 10), number(angle));
    lines << tr("value = %1(angle) = %2")
                 .arg(isSin ? QStringLiteral("sin") : QStringLiteral("cos"),
                      number(isSin ? std::sin(angle) : std::cos(angle)));
    lines << tr("Steps t and t + %1 land on the same point: the encoding repeats every period.")
                 .arg(number(period, 10));
    return lines.join(QLatin1Char('\n'));
}

} // namespace posenc

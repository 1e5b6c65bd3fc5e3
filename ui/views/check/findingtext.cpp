// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/check/findingtext.h"

#include "ui/views/celltext.h"
#include "ui/state/stdtext.h"

#include <QStringList>

#include <cmath>

namespace posenc {

namespace {

QString number(double value, int significant = 4)
{
    return CellText::number(value, significant);
}

double evidence(const Finding &finding, std::string_view name)
{
    for (const EvidenceValue &v : finding.evidence) {
        if (v.name == name)
            return v.value;
    }
    return std::nan("");
}

} // namespace

QString FindingText::sentence(const Finding &f, const EncodingCheck &check)
{
    const std::string &code = f.code;
    const int columns = int(f.columns.size());
    const int pairs = std::max(1, columns / 2);
    if (code == "doubled_exponent")
        return tr("The frequencies are the ladder at base %1 = %2²: the exponent is doubled (10000 ** (2 * i / d) with i "
                  "already stepping by 2).")
            .arg(number(f.found, 6), number(f.expected, 6));
    if (code == "per_column_exponent")
        return tr("The cosine of a pair runs at another frequency than its sine: w_cos / w_sin = %1 (= base^(−1/%2)); "
                  "the exponent counts columns, not pairs.")
            .arg(number(evidence(f, "cos_over_sin_frequency"), 6), number(evidence(f, "exponent_step_d"), 4));
    if (code == "integer_truncated_frequencies")
        return tr("The fitted frequencies form steps, not a geometric ladder: %1 channels repeat the frequency of the "
                  "previous one and %2 are 0, as when w_k or its exponent is truncated to an integer.")
            .arg(number(evidence(f, "repeated_frequencies"), 6), number(evidence(f, "zero_frequencies"), 6));
    if (code == "all_frequencies_equal")
        return tr("Every channel has the same frequency %1: the exponent is 0 for all pairs (an integer division 2i // d, "
                  "or i not used).")
            .arg(number(f.found, 6));
    if (code == "sin_cos_swapped")
        return tr("Sin and cos are swapped in %n column(s): the cosine is where the sine should be.", nullptr, columns);
    if (code == "sin_written_twice")
        return tr("%n cosine column(s) hold the same values as their sine column: sin was written where cos should be.",
                  nullptr, pairs);
    if (code == "cos_of_sin")
        return tr("%n cosine column(s) are cos(sin(pos · w_k)): the cosine was taken of the sine already computed.",
                  nullptr, pairs);
    if (code == "wrong_d_in_exponent")
        return tr("The ladder is base^(−2k/%1) where d_model is %2 (the paper's form at base %3): the exponent divides "
                  "by the wrong d.")
            .arg(number(f.found, 6), number(f.expected, 6), number(evidence(f, "fitted_base"), 6));
    if (code == "multiply_instead_of_divide")
        return tr("The frequencies grow along the channels (w_last / w_0 = %1) instead of falling to 1/base: pos · "
                  "base^(2k/d) was computed where pos / base^(2k/d) is meant.")
            .arg(number(f.found, 6));
    if (code == "not_sinusoidal")
        return tr("This is not a sinusoidal encoding: only %1% of the columns are sinusoids of the position (a learned "
                  "table, random numbers, or another encoding).")
            .arg(number(100 * f.found, 3));
    if (code == "unexplained_difference")
        return tr("No published convention reproduces the matrix and no known bug explains it: the largest difference "
                  "is %1.")
            .arg(number(f.found, 4));
    if (code == "too_small")
        return tr("The matrix is too small to identify an encoding in it.");
    if (code == "wrong_base")
        return tr("The frequencies are a geometric ladder at base %1, not %2; if that base is meant, the file is right.")
            .arg(number(f.found, 6), number(f.expected, 6));
    if (code == "positions_scaled")
        return tr("Positions advance by %1 per row instead of 1: the positions are multiplied by a factor.")
            .arg(number(f.found, 6));
    if (code == "first_row_zeroed")
        return tr("Row 0 is all zeros, but PE(start) has cos = scale in every cosine column: position 0 was zeroed as "
                  "padding, so the first token gets no position.");
    if (code == "zeroed_rows")
        return tr("%1 rows are all zeros (the first is row %2); a sinusoidal encoding has no zero row.")
            .arg(number(evidence(f, "zero_rows"), 6))
            .arg(f.row);
    if (code == "low_precision_positions")
        return tr("The positions were rounded to a low precision before the sine: past %1 neighbouring positions share a "
                  "value (error up to %2).")
            .arg(number(evidence(f, "largest_exact_integer"), 6), number(f.found, 3));
    if (code == "low_precision_angles")
        return tr("Positions, frequencies and angles were computed in a low precision: the phase error grows as pos · w "
                  "(error up to %1).")
            .arg(number(f.found, 3));
    if (code == "start_offset")
        return tr("Row 0 is position %1.").arg(number(f.found, 8));
    if (code == "positions_descending")
        return tr("Positions count down by 1 per row, from %1 (Transformer-XL's relative positions).")
            .arg(number(check.start, 8));
    if (code == "scaled_amplitude")
        return tr("The amplitude is %1 instead of 1.").arg(number(f.found, 6));
    if (code == "computed_in_lower_precision" && check.computedIn)
        return tr("Every value is a %1 number, stored as %2.")
            .arg(fromStd(precisionName(*check.computedIn)), fromStd(storedTypeName(check.dtype)));
    if (code == "transposed")
        return tr("The file is channel-first: dimensions run along its first axis, positions along the second.");
    if (code == "cos_first")
        return tr("Cos fills the first half and sin the second (diffusers' flip_sin_to_cos).");
    if (code == "padding_row_zeroed")
        return tr("Row %1 is all zeros: the row of a padding index, as fairseq zeroes padding_idx in the table it "
                  "stores; it is never looked up.")
            .arg(f.row);
    return fromStd(f.message);
}

QString FindingText::fix(const Finding &f)
{
    const std::string &code = f.code;
    const QString engine = fromStd(f.fix);
    if (engine.isEmpty())
        return engine;
    if (code == "first_row_zeroed" || code == "zeroed_rows")
        return tr("keep PE(pos) for every row; mask padding tokens instead of zeroing their encoding");
    if (code == "positions_scaled")
        return tr("angle = pos · w_k with pos = 0, 1, 2, … (integers, not scaled)");
    if (code == "sin_cos_swapped" && !engine.startsWith(QLatin1String("PE[")))
        return tr("sin in the sine column of each pair, cos in its cosine column");
    if (code == "sin_written_twice")
        return tr("PE[pos, cosine column of pair k] = cos(pos · w_k)");
    if (code == "cos_of_sin")
        return tr("PE[pos, cosine column of pair k] = cos(pos · w_k), from the angle, not from PE");
    if (code == "per_column_exponent")
        return tr("one w_k = base^(−2k/d) per pair k, used by both sin and cos");
    if (code == "all_frequencies_equal")
        return tr("w_k = base^(−2k/d) with 2k/d a real division");
    if (code == "integer_truncated_frequencies")
        return tr("compute w_k = exp(−2k ln(base) / d) in floating point (arange(...).float())");
    if (code == "doubled_exponent")
        return tr("w_k = base^(−2k/d) with k the pair index (or i / d with i = 0, 2, 4, …)");
    if (code == "wrong_d_in_exponent" && std::isfinite(f.expected))
        return tr("w_k = base^(−2k/d_model) with d_model = %1").arg(number(f.expected, 6));
    if (code == "low_precision_positions" || code == "low_precision_angles")
        return tr("compute positions and angles in float32 or float64 and cast only the result to %1")
            .arg(engine.section(QLatin1Char(' '), -1));
    return engine; // a formula alone
}

QString FindingText::severityLabel(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return tr("error");
    case Severity::Warning:
        return tr("warning");
    case Severity::Info:
        break;
    }
    return tr("note");
}

QString FindingText::columnRanges(const std::vector<int> &columns)
{
    QStringList parts;
    for (std::size_t i = 0; i < columns.size();) {
        std::size_t j = i;
        while (j + 1 < columns.size() && columns[j + 1] == columns[j] + 1)
            ++j;
        parts << (j == i ? QString::number(columns[i]) : QStringLiteral("%1–%2").arg(columns[i]).arg(columns[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace posenc

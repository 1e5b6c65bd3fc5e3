// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/findingtext.h"

#include "core/precision.h"
#include "ui/state/stdtext.h"
#include "ui/views/celltext.h"

#include <QStringList>

#include <cmath>
#include <string_view>

namespace posenc {

namespace {

using Sentence = QString (*)(const Finding &, const EncodingCheck &, const CheckOptions &);
using Fix = QString (*)(const Finding &, const EncodingCheck &);

QString evidence(const Finding &f, std::string_view name, int significant = 6)
{
    return CellText::number(f.evidenceValue(name), significant);
}

// float16 or bfloat16, told by the largest whole number they hold (2048, 256).
QString roundedIn(const Finding &f)
{
    for (Precision p : {Precision::Float16, Precision::BFloat16}) {
        if (f.evidenceValue("largest_exact_integer") == largestExactInteger(p))
            return fromStd(precisionName(p));
    }
    return FindingText::tr("a low precision");
}

// The convention a residual is measured from.
QString conventionName(const EncodingCheck &check)
{
    if (check.layout.starts_with("rope_"))
        return FindingText::tr("the rotary cache");
    if (check.frequencies == "paper")
        return FindingText::tr("the paper convention");
    if (check.frequencies == "tensor2tensor")
        return FindingText::tr("the tensor2tensor convention");
    return FindingText::tr("the convention identified");
}

// A residual against what is allowed, [--atol given][a warning]: the file's precision or --atol.
const char *const kResidual[2][2] = {
    {QT_TRANSLATE_NOOP("FindingText", "The file matches %1 up to a residual of RMS %2 (largest %3), at the level of "
                                      "the file's precision (allowed %4)."),
     QT_TRANSLATE_NOOP("FindingText", "The file matches %1 up to a residual of RMS %2 (largest %3), above the file's "
                                      "precision (allowed %4).")},
    {QT_TRANSLATE_NOOP("FindingText", "The file matches %1 up to a residual of RMS %2 (largest %3), within --atol "
                                      "(allowed %4)."),
     QT_TRANSLATE_NOOP("FindingText", "The file matches %1 up to a residual of RMS %2 (largest %3), beyond --atol "
                                      "(allowed %4).")},
};

QString residual(const Finding &f, const EncodingCheck &check, const CheckOptions &options)
{
    const char *text = kResidual[options.atol ? 1 : 0][f.severity == Severity::Info ? 0 : 1];
    QString sentence = QCoreApplication::translate("FindingText", text)
                           .arg(conventionName(check), evidence(f, "residual_rms", 3), evidence(f, "residual_max", 3),
                                evidence(f, "tolerance", 3));
    if (!f.columns.empty())
        sentence += QLatin1Char(' ')
                    + FindingText::tr("It concentrates in columns %1.").arg(FindingText::columnRanges(f.columns));
    return sentence;
}

QString ropeCache(const Finding &f, const EncodingCheck &, const CheckOptions &)
{
    const bool cosine = f.evidenceWord("function") != "sin";
    const QString function = cosine ? FindingText::tr("a cosine") : FindingText::tr("a sine");
    const QString layout = f.evidenceWord("layout") == "interleaved"
                               ? FindingText::tr("interleaved (each θ twice in a row)")
                               : FindingText::tr("rotate_half ([θ | θ])");
    const double base = f.evidenceValue("base");
    if (!std::isfinite(base))
        return FindingText::tr("Every column is %1 of the RoPE angles: a rotary cache of layout %2, rotary "
                               "dimension %3, whose frequencies are no geometric ladder (a scaled RoPE) — not a "
                               "sin/cos encoding with a bug.")
            .arg(function, layout, evidence(f, "rotary_dim"));
    return FindingText::tr("Every column is %1 of the RoPE angles: a rotary cache of layout %2, base %3, rotary "
                           "dimension %4 — not a sin/cos encoding with a bug.")
        .arg(function, layout, CellText::number(base, 6), evidence(f, "rotary_dim"));
}

// What the first two principal components of a learned table trace against position.
const std::pair<std::string_view, const char *> kTrajectories[] = {
    {"circle", QT_TRANSLATE_NOOP("FindingText", "No sinusoidal structure: a learned table. The first two principal "
                                                "components hold %1% of the variance and trace a circle against "
                                                "position; a sinusoid fits %2 of the %3 columns.")},
    {"helix", QT_TRANSLATE_NOOP("FindingText", "No sinusoidal structure: a learned table. The first two principal "
                                               "components hold %1% of the variance and trace a helix against "
                                               "position; a sinusoid fits %2 of the %3 columns.")},
    {"none", QT_TRANSLATE_NOOP("FindingText", "No sinusoidal structure: a learned table. The first two principal "
                                              "components hold %1% of the variance and trace neither a circle nor a "
                                              "helix against position; a sinusoid fits %2 of the %3 columns.")},
};

QString learnedTable(const Finding &f, const EncodingCheck &check, const CheckOptions &)
{
    const char *text = kTrajectories[2].second;
    for (const auto &[trajectory, sentence] : kTrajectories) {
        if (trajectory == f.evidenceWord("trajectory"))
            text = sentence;
    }
    const double share = 100 * (f.evidenceValue("pc1_share") + f.evidenceValue("pc2_share"));
    return QCoreApplication::translate("FindingText", text)
        .arg(CellText::number(share, 3), evidence(f, "sinusoid_columns"))
        .arg(check.dModel);
}

// The sentence of every code of core/encodingcheck.h. The frequency ladder:
const std::pair<std::string_view, Sentence> kSentences[] = {
    {"doubled_exponent",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The frequencies are the ladder at base %1 = %2²: the exponent is doubled (10000 ** "
                                "(2 * i / d) with i already stepping by 2).")
             .arg(CellText::number(f.found, 6), CellText::number(f.expected, 6));
     }},
    {"per_column_exponent",
     [](const Finding &f, const EncodingCheck &check, const CheckOptions &options) {
         // The exponent step is measured against the base the user means, not the ladder's
         // fitted base (1e8 for a doubled exponent), so the sentence names that base. A cosine
         // one column past its sine turns base^(-n/d) as fast, n = 1 for the paper's exponent
         // and 2 when it is doubled as well (the textbook loop): that exact ratio, when n fits.
         const QString base = CellText::number(options.expectedBase, 6);
         const double stepD = f.evidenceValue("exponent_step_d");
         const long n = check.dModel > 0 && stepD > 0 ? std::lround(check.dModel / stepD) : 0;
         if (n == 1 || n == 2)
             return FindingText::tr("The cosine of a pair runs at another frequency than its sine: w_cos / w_sin = %1 "
                                    "(= %2^(−1/%3); a cosine one column further along the ladder than its sine "
                                    "gives exactly %2^(−%4/%5) = %6): the exponent counts columns, not pairs.")
                 .arg(evidence(f, "cos_over_sin_frequency"), base, evidence(f, "exponent_step_d", 4))
                 .arg(n)
                 .arg(check.dModel)
                 .arg(CellText::number(std::pow(options.expectedBase, -double(n) / check.dModel), 5));
         return FindingText::tr("The cosine of a pair runs at another frequency than its sine: w_cos / w_sin = %1 (= "
                                "%2^(−1/%3)); the exponent counts columns, not pairs.")
             .arg(evidence(f, "cos_over_sin_frequency"), base, evidence(f, "exponent_step_d", 4));
     }},
    {"integer_truncated_frequencies",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The fitted frequencies form steps, not a geometric ladder: %1 channels repeat the "
                                "frequency of the previous one and %2 are 0, as when w_k or its exponent is truncated "
                                "to an integer.")
             .arg(evidence(f, "repeated_frequencies"), evidence(f, "zero_frequencies"));
     }},
    {"all_frequencies_equal",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("Every channel has the same frequency %1: the exponent is 0 for all pairs (an integer "
                                "division 2i // d, or i not used).")
             .arg(CellText::number(f.found, 6));
     }},
    {"wrong_d_in_exponent",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The ladder is base^(−2k/%1) where d_model is %2 (the paper's form at base %3): the "
                                "exponent divides by the wrong d.")
             .arg(CellText::number(f.found, 6), CellText::number(f.expected, 6), evidence(f, "fitted_base"));
     }},
    {"multiply_instead_of_divide",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The frequencies grow along the channels (w_last / w_0 = %1) instead of falling to "
                                "1/base: pos · base^(2k/d) was computed where pos / base^(2k/d) is meant.")
             .arg(CellText::number(f.found, 6));
     }},
    {"wrong_base",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The frequencies are a geometric ladder at base %1, not %2; if that base is meant, the "
                                "file is right.")
             .arg(CellText::number(f.found, 6), CellText::number(f.expected, 6));
     }},
    // The columns of a pair:
    {"sin_cos_swapped",
     [](const Finding &f, const EncodingCheck &check, const CheckOptions &) {
         if (check.layout == "interleaved_cos_sin")
             return FindingText::tr("Cos is in the even columns and sin in the odd ones: sin and cos are swapped.");
         return FindingText::tr("Sin and cos are swapped in %n column(s): the cosine is where the sine should be.",
                                nullptr, int(f.columns.size()));
     }},
    {"sin_written_twice",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("%n cosine column(s) hold the same values as their sine column: sin was written where "
                                "cos should be.",
                                nullptr, std::max(1, int(f.columns.size()) / 2));
     }},
    {"cos_of_sin",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("%n cosine column(s) are cos(sin(pos · w_k)): the cosine was taken of the sine already "
                                "computed.",
                                nullptr, std::max(1, int(f.columns.size()) / 2));
     }},
    {"cos_first",
     [](const Finding &, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("Cos fills the first half and sin the second (diffusers' flip_sin_to_cos).");
     }},
    // The rows: positions, zeros, the amplitude, the orientation:
    {"positions_scaled",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("Positions advance by %1 per row instead of 1: the positions are multiplied by a "
                                "factor.")
             .arg(CellText::number(f.found, 6));
     }},
    {"first_row_zeroed",
     [](const Finding &, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("Row 0 is all zeros, but PE(start) has cos = scale in every cosine column: position 0 "
                                "was zeroed as padding, so the first token gets no position.");
     }},
    {"zeroed_rows",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("%1 rows are all zeros (the first is row %2); a sinusoidal encoding has no zero row.")
             .arg(evidence(f, "zero_rows"))
             .arg(f.row);
     }},
    {"padding_row_zeroed",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("Row %1 is all zeros: the row of a padding index, as fairseq zeroes padding_idx in the "
                                "table it stores; it is never looked up.")
             .arg(f.row);
     }},
    {"start_offset",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         if (f.found == 2)
             return FindingText::tr("Row 0 is position 2 (fairseq starts at padding_idx + 1 = 2).");
         return FindingText::tr("Row 0 is position %1.").arg(CellText::number(f.found, 8));
     }},
    {"positions_descending",
     [](const Finding &, const EncodingCheck &check, const CheckOptions &) {
         return FindingText::tr("Positions count down by 1 per row, from %1 (Transformer-XL's relative positions).")
             .arg(CellText::number(check.start, 8));
     }},
    {"scaled_amplitude",
     [](const Finding &f, const EncodingCheck &check, const CheckOptions &) {
         if (check.dModel > 0 && std::abs(f.found - 1 / std::sqrt(double(check.dModel))) < 1e-4 * std::abs(f.found))
             return FindingText::tr("The amplitude is %1 instead of 1: d_model^−0.5, as x-transformers' "
                                    "ScaledSinusoidalEmbedding starts.")
                 .arg(CellText::number(f.found, 6));
         return FindingText::tr("The amplitude is %1 instead of 1.").arg(CellText::number(f.found, 6));
     }},
    {"transposed",
     [](const Finding &, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The file is channel-first: dimensions run along its first axis, positions along the "
                                "second.");
     }},
    // The precision, and the matrix as a whole:
    {"low_precision_positions",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The positions were rounded to %1 before the sine: past %2 neighbouring positions "
                                "share a value (error up to %3).")
             .arg(roundedIn(f), evidence(f, "largest_exact_integer"), CellText::number(f.found, 3));
     }},
    {"low_precision_angles",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("Positions, frequencies and angles were computed in %1: the phase error grows as pos · "
                                "w (error up to %2).")
             .arg(roundedIn(f), CellText::number(f.found, 3));
     }},
    {"computed_in_lower_precision",
     [](const Finding &, const EncodingCheck &check, const CheckOptions &) {
         if (!check.computedIn)
             return FindingText::tr("Every value is a number of a lower precision than the %1 it is stored as.")
                 .arg(fromStd(storedTypeName(check.dtype)));
         return FindingText::tr("Every value is a %1 number, stored as %2.")
             .arg(fromStd(precisionName(*check.computedIn)), fromStd(storedTypeName(check.dtype)));
     }},
    {"not_sinusoidal",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("This is not a sinusoidal encoding: only %1% of the columns are sinusoids of the "
                                "position (a learned table, random numbers, or another encoding).")
             .arg(CellText::number(100 * f.found, 3));
     }},
    {"unexplained_difference",
     [](const Finding &f, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("No published convention reproduces the matrix and no known bug explains it: the "
                                "largest difference is %1.")
             .arg(CellText::number(f.found, 4));
     }},
    {"too_small",
     [](const Finding &, const EncodingCheck &, const CheckOptions &) {
         return FindingText::tr("The matrix is too small to identify an encoding in it: fewer than 2 consecutive "
                                "rows hold a number that is not zero (numbers below 1e-150 count as zero: their "
                                "squares are lost to rounding).");
     }},
    {"residual", &residual},
    {"rope_cache", &ropeCache},
    {"learned_table", &learnedTable},
};

Sentence sentenceOf(std::string_view code)
{
    for (const auto &[known, build] : kSentences) {
        if (known == code)
            return build;
    }
    return nullptr;
}

// The fixes, each the formula to write instead.
const std::pair<std::string_view, Fix> kFixes[] = {
    {"doubled_exponent",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("w_k = base^(−2k/d) with k the pair index (or i / d with i = 0, 2, 4, …)");
     }},
    {"per_column_exponent",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("one w_k = base^(−2k/d) per pair k, used by both sin and cos");
     }},
    {"integer_truncated_frequencies",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("compute w_k = exp(−2k ln(base) / d) in floating point (arange(...).float())");
     }},
    {"all_frequencies_equal",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("w_k = base^(−2k/d) with 2k/d a real division");
     }},
    {"wrong_d_in_exponent",
     [](const Finding &f, const EncodingCheck &) {
         return FindingText::tr("w_k = base^(−2k/d_model) with d_model = %1").arg(CellText::number(f.expected, 6));
     }},
    {"multiply_instead_of_divide",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("angle = pos / base^(2k/d) = pos · base^(−2k/d)");
     }},
    {"wrong_base",
     [](const Finding &f, const EncodingCheck &) {
         return FindingText::tr("w_k = %1^(−2k/d), the base meant").arg(CellText::number(f.expected, 6));
     }},
    {"sin_cos_swapped",
     [](const Finding &, const EncodingCheck &check) {
         if (check.layout == "interleaved_cos_sin")
             return FindingText::tr("PE[pos, 2k] = sin(pos · w_k), PE[pos, 2k+1] = cos(pos · w_k)");
         return FindingText::tr("sin in the sine column of each pair, cos in its cosine column");
     }},
    {"sin_written_twice",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("PE[pos, cosine column of pair k] = cos(pos · w_k)");
     }},
    {"cos_of_sin",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("PE[pos, cosine column of pair k] = cos(pos · w_k), from the angle, not from PE");
     }},
    {"positions_scaled",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("angle = pos · w_k with pos = 0, 1, 2, … (integers, not scaled)");
     }},
    {"first_row_zeroed",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("keep PE(pos) for every row; mask padding tokens instead of zeroing their encoding");
     }},
    {"zeroed_rows",
     [](const Finding &, const EncodingCheck &) {
         return FindingText::tr("keep PE(pos) for every row; mask padding tokens instead of zeroing their encoding");
     }},
    {"low_precision_positions",
     [](const Finding &f, const EncodingCheck &) {
         return FindingText::tr("compute positions and angles in float32 or float64 and cast only the result to %1")
             .arg(roundedIn(f));
     }},
    {"low_precision_angles",
     [](const Finding &f, const EncodingCheck &) {
         return FindingText::tr("compute positions and angles in float32 or float64 and cast only the result to %1")
             .arg(roundedIn(f));
     }},
};

} // namespace

QString FindingText::sentence(const Finding &f, const EncodingCheck &check, const CheckOptions &options)
{
    if (const Sentence build = sentenceOf(f.code))
        return build(f, check, options);
    return fromStd(f.code); // a code the interface does not know yet: the test of every code fails
}

QString FindingText::fix(const Finding &f, const EncodingCheck &check)
{
    for (const auto &[code, build] : kFixes) {
        if (code == f.code)
            return build(f, check);
    }
    // A code with no fix above has nothing to fix.
    return QString();
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

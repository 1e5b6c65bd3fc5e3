// SPDX-License-Identifier: GPL-3.0-or-later
// The check view's sentences (verdict, summary, the inspector's cell, Describe View) and what
// of a file's convention the app's parameters can hold.
#include "ui/views/check/checkview.h"

#include "ui/state/encodingstate.h"
#include "ui/state/stdtext.h"
#include "ui/views/celltext.h"
#include "ui/views/check/checkedfile.h"
#include "ui/views/findingtext.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

QString layoutText(const EncodingCheck &check)
{
    if (check.layout == "interleaved")
        return CheckView::tr("interleaved (sin at even columns, cos at odd)");
    if (check.layout == "split")
        return CheckView::tr("split [sin | cos]");
    if (check.layout == "split_cos_sin")
        return CheckView::tr("split [cos | sin]");
    if (check.layout == "interleaved_cos_sin")
        return CheckView::tr("interleaved with cos at even columns");
    if (check.layout == "rope_rotate_half")
        return CheckView::tr("a RoPE cache [θ | θ] (rotate_half)");
    if (check.layout == "rope_interleaved")
        return CheckView::tr("a RoPE cache, each angle twice in a row (rotate_every_two)");
    return CheckView::tr("not identified");
}

QString frequenciesText(const EncodingCheck &check)
{
    if (check.frequencies == "paper")
        return CheckView::tr("paper, w_k = base^(−2k/d)");
    if (check.frequencies == "tensor2tensor")
        return CheckView::tr("tensor2tensor, w_k = base^(−k/(n−1))");
    return CheckView::tr("fitted from the data (no published ladder)");
}

} // namespace

QString CheckView::verdict(const CheckedFile &checked)
{
    if (!checked.ok())
        return tr("Cannot check this file: %1").arg(checked.error);
    const EncodingCheck &c = checked.check;
    int errors = 0, warnings = 0;
    for (const Finding &f : c.findings) {
        errors += f.severity == Severity::Error;
        warnings += f.severity == Severity::Warning;
    }
    if (c.hasFinding("learned_table"))
        return tr("No sinusoidal encoding: a learned table (its principal components are plotted).");
    if (c.hasFinding("rope_cache") && c.matches)
        return tr("A RoPE cache, reproduced by its angles: the largest difference is %1 (allowed %2).")
            .arg(CellText::number(c.maxError, 3), CellText::number(c.tolerance, 3));
    if (c.matches)
        return tr("Matches a published convention: the largest difference is %1 (allowed %2).")
            .arg(CellText::number(c.maxError, 3), CellText::number(c.tolerance, 3));
    if (c.hasFinding("residual") && errors == 0 && warnings == 1)
        return tr("A published convention plus a residual of RMS %1 (largest %2, allowed %3).")
            .arg(CellText::number(c.residualRms, 3), CellText::number(c.residualMax, 3), CellText::number(c.tolerance, 3));
    return tr("Does not match a published convention: %1, %2; the largest difference from the closest convention is %3.")
        .arg(tr("%n error(s)", nullptr, errors), tr("%n warning(s)", nullptr, warnings), CellText::number(c.maxError, 3));
}

QString CheckView::summary(const CheckedFile &checked)
{
    const EncodingCheck &c = checked.check;
    QStringList parts;
    parts << tr("Layout: %1").arg(layoutText(c));
    parts << tr("frequencies: %1").arg(frequenciesText(c));
    parts << (std::isfinite(c.base) && c.base > 0 ? tr("base %1").arg(CellText::number(c.base, 6)) : tr("no base fits"));
    parts << tr("row r at position %1 + r · %2").arg(CellText::number(c.start, 6), CellText::number(c.positionStep, 6));
    if (c.standingScale() != c.scale)
        parts << tr("scale 1 (fitted amplitude %1, not told apart from 1)").arg(CellText::number(c.scale, 6));
    else
        parts << tr("scale %1").arg(CellText::number(c.scale, 6));
    parts << tr("stored as %1").arg(fromStd(storedTypeName(c.dtype)));
    if (c.computedIn)
        parts << tr("computed in %1").arg(fromStd(precisionName(*c.computedIn)));
    if (c.transposed)
        parts << tr("transposed (dimensions along the file's first axis)");
    return tr("%1.").arg(parts.join(tr("; ")));
}

CheckView::Transfer CheckView::transfer(const CheckedFile &checked, const EncodingParams &current)
{
    Transfer t{current, {}};
    const EncodingCheck &c = checked.check;
    EncodingParams &p = t.params;
    p.dModel = std::clamp(c.dModel, EncodingParams::kMinDModel, EncodingParams::kMaxDModel);
    if (p.dModel != c.dModel)
        t.notCarried << tr("d_model %1 is outside the app's range %2.").arg(c.dModel).arg(fromStd(validRange(ParamField::DModel)));
    p.seqLen = std::clamp(c.positions, EncodingParams::kMinSeqLen, EncodingParams::kMaxSeqLen);
    if (p.seqLen != c.positions)
        t.notCarried << tr("%1 positions is more than the app shows: seq_len is %2.").arg(c.positions).arg(p.seqLen);
    if (c.layout == "interleaved")
        p.layout = Layout::Interleaved;
    else if (c.layout == "split")
        p.layout = Layout::Split;
    else if (c.layout == "split_cos_sin") {
        p.layout = Layout::Split;
        t.notCarried << tr("The layout [cos | sin] is shown as [sin | cos].");
    } else if (c.layout == "rope_rotate_half" || c.layout == "rope_interleaved") {
        p.layout = c.layout == "rope_rotate_half" ? Layout::Split : Layout::Interleaved;
        t.notCarried << tr("A RoPE cache holds cos (or sin) of its angles twice: the app shows the sin/cos encoding of "
                           "the same angles.");
    } else {
        t.notCarried << tr("The layout was not identified: the app keeps its own.");
    }
    if (c.frequencies == "paper")
        p.frequencies = FrequencyConvention::Paper;
    else if (c.frequencies == "tensor2tensor")
        p.frequencies = FrequencyConvention::Tensor2Tensor;
    else {
        p.frequencies = FrequencyConvention::Paper;
        t.notCarried << tr("The fitted frequency ladder has no equivalent: the app uses the paper's ladder at the base "
                           "closest to it.");
    }
    if (std::isfinite(c.base) && c.base > 1 && c.base <= EncodingParams::kMaxBase)
        p.base = c.base;
    else
        t.notCarried << tr("No base in the app's range fits the file: the base stays %1.").arg(CellText::number(p.base, 6));
    if (std::isfinite(c.scale) && c.scale != 0 && std::abs(c.scale) <= EncodingParams::kMaxAbsScale)
        p.scale = c.standingScale();
    if (std::isfinite(c.start) && std::abs(c.start) <= EncodingParams::kMaxAbsPosition)
        p.start = c.start;
    if (c.positionStep != 1)
        t.notCarried << tr("Consecutive rows are %1 positions apart; the app's rows are 1 apart.").arg(CellText::number(c.positionStep, 6));
    // The probe position stays inside the rows.
    p.position = std::clamp(p.position, p.start, p.start + p.seqLen - 1);
    if (p.validate())
        return Transfer{current, {tr("The convention found cannot be shown with the app's parameters.")}};
    return t;
}

QStringList CheckView::useConvention(EncodingState *state)
{
    const std::shared_ptr<const CheckedFile> checked =
        CheckedFile::available(state->scene().checkFile, state->scene().checkTensor);
    if (!checked)
        return {tr("The file is still being read and checked.")};
    if (!checked->ok())
        return {checked->error};
    const Transfer t = transfer(*checked, state->params());
    Scene scene = state->scene();
    const EncodingParams previous = scene.params;
    scene.params = t.params;
    scene.followParams(previous);
    if (const auto refused = state->setScene(scene))
        return {*refused};
    return t.notCarried;
}

QString CheckView::cellExplanation(const CheckedFile &checked, int row, int column)
{
    if (!checked.ok())
        return checked.error;
    const EncodingCheck &c = checked.check;
    using Layer = CheckedFile::Layer;
    if (row < 0 || row >= checked.positions() || column < 0 || column >= checked.dimensions())
        return tr("Row %1, column %2 is outside the file's matrix of %3 positions × %4 dimensions.")
            .arg(row)
            .arg(column)
            .arg(checked.positions())
            .arg(checked.dimensions());
    QStringList lines;
    const double position = c.start + row * c.positionStep;
    lines << tr("Row %1 (position %2), dimension %3:").arg(row).arg(CellText::number(position, 12)).arg(column);
    lines << tr("the file: %1").arg(CellText::number(checked.value(Layer::File, row, column), 8));
    const ReferenceModel &m = c.reference;
    const bool zeroRow = std::find(m.zeroRows.begin(), m.zeroRows.end(), row) != m.zeroRows.end();
    const ColumnRole role = std::size_t(column) < m.columns.size() ? m.columns[std::size_t(column)] : ColumnRole{};
    const double reference = checked.value(Layer::Reference, row, column);
    if (zeroRow) {
        lines << tr("the reference: 0 (the file zeroes this row on purpose, a padding index)");
    } else if (role.kind == ColumnRole::Kind::Zero || role.channel < 0 || std::size_t(role.channel) >= m.frequencies.size()) {
        lines << tr("the reference: 0 (a zero column)");
    } else {
        const QString fn = role.kind == ColumnRole::Kind::Sin ? QStringLiteral("sin") : QStringLiteral("cos");
        const double w = m.frequencies[std::size_t(role.channel)];
        lines << tr("the reference: %1 · %2(w_%3 · pos) = %1 · %2(%4 · %5) = %6")
                     .arg(CellText::number(m.scale, 6), fn)
                     .arg(role.channel)
                     .arg(CellText::number(w, 8), CellText::number(position, 12), CellText::number(reference, 8));
        if (m.roundedIn)
            lines << tr("computed in %1, as the file shows").arg(fromStd(precisionName(*m.roundedIn)));
    }
    lines << tr("difference file − reference: %1").arg(CellText::number(checked.value(Layer::Difference, row, column), 4));
    const double fitted = CheckView::columnFrequency(c, column);
    if (std::isfinite(fitted))
        lines << tr("the column's frequency fitted from the data: %1").arg(CellText::number(fitted, 6));
    return lines.join(QLatin1Char('\n'));
}

QString CheckView::describe(const EncodingState &state)
{
    const std::shared_ptr<const CheckedFile> checked =
        CheckedFile::available(state.scene().checkFile, state.scene().checkTensor);
    if (!checked)
        return tr("The check of %1: the file is being read and checked.").arg(QFileInfo(state.scene().checkFile).fileName());
    QStringList sentences;
    sentences << tr("The check of %1.").arg(checked->displayName());
    sentences << verdict(*checked);
    if (checked->ok()) {
        sentences << summary(*checked);
        for (const Finding &f : checked->check.findings)
            sentences << tr("%1: %2").arg(FindingText::severityLabel(f.severity), FindingText::sentence(f, checked->check));
    }
    return sentences.join(QLatin1Char(' '));
}

} // namespace posenc

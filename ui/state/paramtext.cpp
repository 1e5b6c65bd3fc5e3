// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/paramtext.h"

namespace posenc {

QString ParamText::symbol(ParamField field)
{
    return QString::fromUtf8(fieldName(field));
}

QString ParamText::error(const ParamError &error)
{
    const QString name = symbol(error.field);
    const QString range = QString::fromStdString(validRange(error.field));
    switch (error.field) {
    case ParamField::DModel:
    case ParamField::SeqLen:
        return tr("%1 must be an integer in %2").arg(name, range);
    case ParamField::Start:
        return tr("start must be a finite number in [-1e9, 1e9], and so must start + seq_len - 1");
    default:
        return tr("%1 must be a finite number in %2").arg(name, range);
    }
}

QString ParamText::notANumber(ParamField field, const QString &text)
{
    return tr("%1: “%2” is not a number").arg(symbol(field), text);
}

QString ParamText::layoutLabel(Layout layout)
{
    return layout == Layout::Split ? tr("split [sin | cos]") : tr("interleaved sin, cos");
}

QString ParamText::frequencyLabel(FrequencyConvention convention)
{
    return convention == FrequencyConvention::Tensor2Tensor
               ? tr("tensor2tensor (last w = 1/base)")
               : tr("paper: base^(−2i/d)");
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/dimensionlist.h"

#include <QRegularExpression>

namespace posenc {

std::optional<QList<int>> DimensionList::parse(const QString &text, int dModel, QString *error, int maxCount)
{
    static const QRegularExpression item(QStringLiteral("^\\s*(\\d+)\\s*(?:-\\s*(\\d+)\\s*)?$"));
    QList<int> dimensions;
    const auto fail = [&](const QString &reason) {
        if (error)
            *error = reason;
        return std::nullopt;
    };
    const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return fail(tr("dimensions: give at least one, such as 0-5 or 0, 2, 64"));
    for (const QString &part : parts) {
        const QRegularExpressionMatch match = item.match(part);
        static const QRegularExpression negative(QStringLiteral("^\\s*-\\s*\\d+\\s*$"));
        if (!match.hasMatch() && negative.match(part).hasMatch())
            return fail(tr("dimensions must lie in [0, %1] (d_model − 1)").arg(dModel - 1));
        if (!match.hasMatch())
            return fail(tr("dimensions: “%1” is neither a number nor a range a-b").arg(part.trimmed()));
        bool firstOk = false, lastOk = true;
        const qlonglong first = match.captured(1).toLongLong(&firstOk);
        const qlonglong last = match.captured(2).isEmpty() ? first : match.captured(2).toLongLong(&lastOk);
        if (!firstOk || !lastOk) // more digits than a 64-bit integer holds
            return fail(tr("dimensions must lie in [0, %1] (d_model − 1)").arg(dModel - 1));
        if (first > last)
            return fail(tr("dimensions: the range %1-%2 runs backwards").arg(first).arg(last));
        if (last >= dModel)
            return fail(tr("dimensions must lie in [0, %1] (d_model − 1)").arg(dModel - 1));
        for (qlonglong d = first; d <= last; ++d) {
            if (!dimensions.contains(int(d)))
                dimensions.append(int(d));
            if (dimensions.size() > maxCount)
                return fail(maxCount == kMaxCount ? tr("dimensions: at most %1 curves at once").arg(kMaxCount)
                                                  : tr("dimensions: at most %1 at once").arg(maxCount));
        }
    }
    return dimensions;
}

QString DimensionList::format(const QList<int> &dimensions)
{
    QStringList parts;
    for (int i = 0; i < dimensions.size();) {
        int j = i;
        while (j + 1 < dimensions.size() && dimensions[j + 1] == dimensions[j] + 1)
            ++j;
        parts << (j - i >= 2 ? QStringLiteral("%1-%2").arg(dimensions[i]).arg(dimensions[j])
                             : QString::number(dimensions[i]));
        if (j - i == 1)
            parts << QString::number(dimensions[j]);
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace posenc

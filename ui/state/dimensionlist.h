// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace posenc {

// The list of dimensions a user types for the curves view: "0-5", "0, 2, 64-66".
class DimensionList
{
    Q_DECLARE_TR_FUNCTIONS(DimensionList)

public:
    static constexpr int kMaxCount = 16; // more curves than this are unreadable

    // The dimensions in the order given, without repeats, at most maxCount of them; on error,
    // the reason in `error`.
    static std::optional<QList<int>> parse(const QString &text, int dModel, QString *error,
                                           int maxCount = kMaxCount);
    // The compact text of a list: {0,1,2,3,4,5,9} -> "0-5, 9".
    static QString format(const QList<int> &dimensions);
};

} // namespace posenc

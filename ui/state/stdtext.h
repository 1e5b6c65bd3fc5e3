// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string_view>

namespace posenc {

// Text from core (names of conventions, tasks, findings: UTF-8 std::string_view) as a QString.
inline QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <initializer_list>
#include <optional>
#include <string_view>

namespace posenc {

// The one of `values` whose name (`nameOf`) is `name`, if any. Every *FromName() reads the
// names its *Name() gives, so that the two cannot come to disagree.
template <typename Enum, typename Values>
std::optional<Enum> valueNamed(std::string_view name, const Values &values, std::string_view (*nameOf)(Enum))
{
    for (const Enum value : values) {
        if (nameOf(value) == name)
            return value;
    }
    return std::nullopt;
}

template <typename Enum>
std::optional<Enum> valueNamed(std::string_view name, std::initializer_list<Enum> values,
                               std::string_view (*nameOf)(Enum))
{
    return valueNamed<Enum, std::initializer_list<Enum>>(name, values, nameOf);
}

} // namespace posenc

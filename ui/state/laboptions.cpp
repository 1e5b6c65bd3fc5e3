// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/laboptions.h"

namespace posenc {

bool LabOptionSet::operator==(const LabOptionSet &other) const
{
    for (const auto &[type, entry] : m_entries) {
        const auto theirs = other.m_entries.find(type);
        if (theirs == other.m_entries.end() ? !entry->isDefault() : !entry->equals(*theirs->second))
            return false;
    }
    for (const auto &[type, entry] : other.m_entries) {
        if (!m_entries.contains(type) && !entry->isDefault())
            return false;
    }
    return true;
}

std::optional<QString> LabOptionSet::validate(const Scene &scene) const
{
    for (const auto &[type, entry] : m_entries) {
        if (auto problem = entry->validate(scene))
            return problem;
    }
    return std::nullopt;
}

} // namespace posenc

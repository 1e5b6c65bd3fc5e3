// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/workprogress.h"

#include <utility>

namespace posenc::WorkProgress {

namespace {
Reporter &reporter()
{
    static Reporter current;
    return current;
}
} // namespace

void setReporter(Reporter value)
{
    reporter() = std::move(value);
}

void report(qint64 done, qint64 total)
{
    if (const Reporter &r = reporter())
        r(done, total);
}

} // namespace posenc::WorkProgress

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <functional>

namespace posenc {

// A command's long work told as it goes: the application sets a reporter (a progress line on
// a terminal), and work that a view does for an export (the training lab's runs) tells it the
// steps done of the total. No reporter set: nothing is told. The GUI thread's only.
namespace WorkProgress {
using Reporter = std::function<void(qint64 done, qint64 total)>;
void setReporter(Reporter reporter);
void report(qint64 done, qint64 total);
} // namespace WorkProgress

} // namespace posenc

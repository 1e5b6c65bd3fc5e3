// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

namespace posenc {

// Work of one change split over the machine's cores. A change of d_model at 512 x 512 spends
// milliseconds in loops whose outputs are independent of one another (the precision lab's
// error map uses it); the second core of these machines sat idle meanwhile. Every index is computed by exactly one part, by the same operations as in a
// serial loop, so the results are the same bits whatever the number of threads.

constexpr int kMaxWorkerThreads = 64;

// How many threads parallelFor() uses at most: the cores this process may run on (at most 8),
// or what setWorkerThreads() or the environment variable POSENC_THREADS said.
int workerThreads();

// POSENC_THREADS's text as a number of threads: a whole number from 1 to kMaxWorkerThreads in
// decimal, nothing else around it; anything else is no number (and workerThreads() then keeps
// its default: the app says so, see app/main.cpp).
std::optional<int> threadsFromText(const char *text);

// Sets workerThreads(); 0 goes back to the default. For tests and benchmarks (1 is the
// serial path).
void setWorkerThreads(int threads);

// body(begin, end) over contiguous parts of [0, count) that together cover it once: at most
// workerThreads() parts and at most count / grain, each starting at a multiple of `align`, of
// lengths as even as that allows. The first part runs on the calling thread, the others on
// threads of their own, all finished when it returns. Fewer than 2 * grain indices run on the
// calling thread alone. An exception thrown by a part is rethrown here once all have ended
// (the first one thrown).
void parallelFor(std::int64_t count, std::int64_t grain, const std::function<void(std::int64_t, std::int64_t)> &body,
                 std::int64_t align = 1);

} // namespace posenc

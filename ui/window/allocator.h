// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace posenc {

// For the window (and what measures it): blocks of up to 32 MiB come from the heap and freed
// memory stays with the process, up to 64 MiB at the heap's top, for the next change to use.
//
// A change of d_model frees and allocates blocks of megabytes (M_k's 512 x 512 cells are
// 2 MiB, so are the colour maps' images). glibc takes blocks from 128 KiB up from the system
// (mmap) and gives them back on free, raising that threshold as it sees them freed, but it
// also gives the top of its heap back past twice the threshold, and then the next change
// faults its pages in again, each zeroed by the kernel: several times the page faults and the
// system time of keeping them, for the same peak resident set. glibc only (mallopt);
// elsewhere nothing changes.
void keepFreedMemoryForReuse();

} // namespace posenc

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
// faults its pages in again, each zeroed by the kernel. For the rotation view in front, 400
// changes of d_model at 512 made 131,000 page faults and took 0.30 s of system time in two
// runs of three (25,000 faults and 0.10 s in the third: it depends on the order of frees);
// with these settings 20,900 faults and 0.07 to 0.08 s in all three, and the same peak
// resident set (116 MB). glibc only (mallopt); elsewhere nothing changes.
void keepFreedMemoryForReuse();

} // namespace posenc

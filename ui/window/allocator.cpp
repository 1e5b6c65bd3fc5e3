// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/allocator.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace posenc {

void keepFreedMemoryForReuse()
{
#if defined(__GLIBC__)
    // 32 MiB is the most glibc's own threshold rises to on 64-bit systems
    // (DEFAULT_MMAP_THRESHOLD_MAX); set, it stays there.
    constexpr int kFromTheSystemAbove = 32 * 1024 * 1024;
    constexpr int kGiveBackAbove = 64 * 1024 * 1024;
    ::mallopt(M_MMAP_THRESHOLD, kFromTheSystemAbove);
    ::mallopt(M_TRIM_THRESHOLD, kGiveBackAbove);
#endif
}

} // namespace posenc

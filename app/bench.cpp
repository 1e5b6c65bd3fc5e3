// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/bench.h"

#include "app/commandline.h"

#include <cstdio>

namespace posenc {

int runBench(int, char **, const CommandLine &)
{
    std::fputs("posenc-lab: bench is not built yet\n", stderr);
    return 1;
}

} // namespace posenc

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace posenc {

struct CommandLine;

// `posenc-lab bench`: measures, offscreen, the update time of every view at several sizes
// and the engine against its two baselines, and prints JSON on stdout.
int runBench(int argc, char **argv, const CommandLine &command);

} // namespace posenc

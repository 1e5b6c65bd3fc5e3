#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The 2.4 GB checkpoint of docs/performance.md "Checking model checkpoints": a F32
[600000, 1000] tensor of pseudo-random numbers, then the paper's table as
transformer.wpe.weight, F32 [1024, 768], at the end.

    /usr/bin/python3 tests/bench/make_checkpoint.py big.safetensors          # writes it
    /usr/bin/python3 tests/bench/make_checkpoint.py --drop big.safetensors   # a cold run next:
                                       # this file's pages out of the page cache, nothing else's
"""
import json
import os
import struct
import sys

import numpy as np

ROWS, COLS, POSITIONS, D_MODEL = 600_000, 1000, 1024, 768


def paper_table():
    w = 10000.0 ** (-np.arange(0, D_MODEL, 2) / D_MODEL)
    table = np.zeros((POSITIONS, D_MODEL))
    table[:, 0::2] = np.sin(np.arange(POSITIONS)[:, None] * w)
    table[:, 1::2] = np.cos(np.arange(POSITIONS)[:, None] * w)
    return table.astype("<f4").tobytes()


def write(path):
    table = paper_table()
    junk = ROWS * COLS * 4
    header = json.dumps({
        "__metadata__": {"format": "pt"},
        "transformer.h.0.mlp.c_fc.weight": {"dtype": "F32", "shape": [ROWS, COLS], "data_offsets": [0, junk]},
        "transformer.wpe.weight": {"dtype": "F32", "shape": [POSITIONS, D_MODEL],
                                   "data_offsets": [junk, junk + len(table)]},
    }).encode()
    header += b" " * (-len(header) % 8)
    rng = np.random.default_rng(1)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header)
        for _ in range(ROWS // 10_000):
            f.write(rng.standard_normal((10_000, COLS), dtype=np.float32).tobytes())
        f.write(table)


def drop(path):
    fd = os.open(path, os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--drop":
        drop(sys.argv[2])
    elif len(sys.argv) == 2:
        write(sys.argv[1])
    else:
        sys.exit(__doc__)

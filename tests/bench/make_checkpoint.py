#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the 2.4 GB checkpoint of docs/performance.md "Checking model checkpoints": a F32
[600000, 1000] tensor of pseudo-random numbers, then the paper's table as
transformer.wpe.weight, F32 [1024, 768], at the end.

    /usr/bin/python3 tests/bench/make_checkpoint.py big.safetensors
"""
import json, struct, sys
import numpy as np
rows, cols, n, d = 600_000, 1000, 1024, 768
w = 10000.0 ** (-np.arange(0, d, 2) / d)
table = np.zeros((n, d))
table[:, 0::2] = np.sin(np.arange(n)[:, None] * w)
table[:, 1::2] = np.cos(np.arange(n)[:, None] * w)
table = table.astype("<f4").tobytes()
junk = rows * cols * 4
header = json.dumps({"__metadata__": {"format": "pt"},
    "transformer.h.0.mlp.c_fc.weight": {"dtype": "F32", "shape": [rows, cols], "data_offsets": [0, junk]},
    "transformer.wpe.weight": {"dtype": "F32", "shape": [n, d], "data_offsets": [junk, junk + len(table)]}}).encode()
header += b" " * (-len(header) % 8)
rng = np.random.default_rng(1)
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<Q", len(header)) + header)
    for _ in range(rows // 10_000):
        f.write(rng.standard_normal((10_000, cols), dtype=np.float32).tobytes())
    f.write(table)

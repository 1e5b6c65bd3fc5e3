#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the example files of the check view. Run from this folder with a Python
# that has NumPy: /usr/bin/python3 make_examples.py
import numpy as np

# textbook-loop.npy: the loop of one of the source texts, as a student types it in. i already steps by 2,
# and the exponent doubles it again (2 * i); the cosine of a pair uses i + 1, so its
# frequency is not the sine's either. d_model 128, 50 positions, float32.
d_model, positions = 128, 50
pe = np.zeros((positions, d_model), dtype=np.float32)
for pos in range(positions):
    for i in range(0, d_model, 2):
        pe[pos, i] = np.sin(pos / 10000 ** ((2 * i) / d_model))
        pe[pos, i + 1] = np.cos(pos / 10000 ** ((2 * (i + 1)) / d_model))
np.save("textbook-loop.npy", pe)

# two-layouts.safetensors: one formula in two checkpoints' layouts, d_model 32, 64 positions.
# transformer.wpe.weight (float32) interleaves the pairs, sin(pos w_t) at 2t and cos at 2t + 1,
# as "Attention Is All You Need" writes it; tensor2tensor.timing_signal (float16) puts every
# sine first and every cosine after, as tensor2tensor's get_timing_signal_1d does. The first is
# found by its name; the second is checked with --check-tensor tensor2tensor.timing_signal.
# The safetensors format (an 8-byte little-endian header length, a JSON header, the data) is
# written by hand so that NumPy is the only dependency.
import json
import struct

d_model, positions = 32, 64
pos = np.arange(positions, dtype=np.float64)[:, None]
w = 10000.0 ** (-np.arange(0, d_model, 2, dtype=np.float64) / d_model)
interleaved = np.zeros((positions, d_model))
interleaved[:, 0::2] = np.sin(pos * w)
interleaved[:, 1::2] = np.cos(pos * w)
halves = np.concatenate([np.sin(pos * w), np.cos(pos * w)], axis=1)
tensors = [("tensor2tensor.timing_signal", "F16", halves.astype("<f2")),
           ("transformer.wpe.weight", "F32", interleaved.astype("<f4"))]
header, data = {"__metadata__": {"format": "pt"}}, b""
for name, dtype, array in tensors:
    raw = array.tobytes()
    header[name] = {"dtype": dtype, "shape": list(array.shape), "data_offsets": [len(data), len(data) + len(raw)]}
    data += raw
text = json.dumps(header, separators=(",", ":")).encode()
text += b" " * (-len(text) % 8)
with open("two-layouts.safetensors", "wb") as out:
    out.write(struct.pack("<Q", len(text)) + text + data)

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

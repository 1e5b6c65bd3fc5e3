#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The 512 x 512 heatmap figure of `posenc-lab export --view heatmap --d-model 512 --seq-len 512
--width-mm 89 --height-mm 60 --dpi 300 -o FILE.png`, drawn the way a matplotlib user would:
PE computed with NumPy, imshow with nearest interpolation, a colour bar, axis labels, savefig at
300 dpi on an 89 x 60 mm page. The other side of the race in docs/performance.md, timed as a
whole process (interpreter start-up and imports included, as posenc-lab's start-up is).

    /usr/bin/python3 tests/bench/heatmap_matplotlib.py out.png [level]

`level` (optional) is zlib's compression level for the PNG (matplotlib's default is 6).
Needs python3-matplotlib (Debian); nothing in the build or the tests runs it."""

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def encoding(seq_len, d_model, base=10000.0):
    pos = np.arange(seq_len, dtype=np.float64)[:, None]
    i = np.arange(d_model // 2, dtype=np.float64)
    w = base ** (-2.0 * i / d_model)
    pe = np.zeros((seq_len, d_model))
    pe[:, 0::2] = np.sin(pos * w)
    pe[:, 1::2] = np.cos(pos * w)
    return pe


def main():
    out = sys.argv[1]
    plt.rcParams["font.size"] = 8  # posenc-lab's default --font-pt
    mm = 1 / 25.4
    fig, ax = plt.subplots(figsize=(89 * mm, 60 * mm))
    image = ax.imshow(encoding(512, 512), aspect="auto", interpolation="nearest", cmap="RdBu_r",
                      vmin=-1, vmax=1)
    ax.set_xlabel("dimension (column of PE)")
    ax.set_ylabel("position pos")
    fig.colorbar(image, ax=ax, label="PE value")
    fig.tight_layout()
    options = {}
    if len(sys.argv) > 2:
        options["pil_kwargs"] = {"compress_level": int(sys.argv[2])}
    fig.savefig(out, dpi=300, **options)


if __name__ == "__main__":
    main()

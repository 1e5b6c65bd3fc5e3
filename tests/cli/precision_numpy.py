#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The precision export against an independent numpy emulation of its definition.

    precision_numpy.py POSENC_LAB_BINARY

For each case, runs `posenc-lab export --view precision ... -o F.npy` and compares the array
with numpy's own: p_h = round_h(pos), w_h = round_h(w_i), theta_h = round_h(p_h * w_h),
value_h = round_h(scale * sin(theta_h)), minus the float64 encoding. numpy.float16 rounds a
double once to nearest even; bfloat16 is emulated on float32 bits (round the double to
float32, then to nearest even on the 16 dropped bits). Also checks that a float16 range
beyond 65504 is refused with exit 2 and leaves no file. Exit 0 when every case agrees.

numpy's sin and the C library's may differ in the last bit of a double, which can move a
value across a rounding boundary of h; such cells (at most 1 in 10^4) may differ by one
step of h there. Every other cell must agree within 1e-13 + 1e-15 |pos| (the float64 side).
"""
import os
import subprocess
import sys
import tempfile

import numpy as np


def round_bf16(x):
    f = np.asarray(x, dtype=np.float64).astype(np.float32)
    b = f.view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32).astype(np.float64)


def round_h(h, x):
    x = np.asarray(x, dtype=np.float64)
    if h == "float32":
        return x.astype(np.float32).astype(np.float64)
    if h == "float16":
        with np.errstate(over="ignore"):
            return x.astype(np.float16).astype(np.float64)
    return round_bf16(x)


def ulp_h(h, x):
    """The spacing of h at |x| (the step a boundary flip can cost)."""
    x = np.abs(np.asarray(x, dtype=np.float64))
    if h == "float32":
        return np.spacing(x.astype(np.float32)).astype(np.float64)
    if h == "float16":
        return np.spacing(x.astype(np.float16)).astype(np.float64)
    e = np.floor(np.log2(np.maximum(x, 2.0 ** -126)))
    return 2.0 ** (e - 7)


def reference(d, n, start, base, scale, layout, freqs, h):
    pos = start + np.arange(n, dtype=np.float64)
    if layout == "interleaved":
        count = (d + 1) // 2
    else:
        count = d // 2
    i = np.arange(count, dtype=np.float64)
    if freqs == "paper":
        w = base ** (-2.0 * i / d)
    else:
        w = np.exp(-i * np.log(base) / max(count - 1, 1))
    exact = np.zeros((n, d))
    rounded = np.zeros((n, d))
    ph = round_h(h, pos)
    wh = round_h(h, w)
    theta = round_h(h, np.outer(ph, wh))
    s = round_h(h, scale * np.sin(theta))
    c = round_h(h, scale * np.cos(theta))
    es = scale * np.sin(np.outer(pos, w))
    ec = scale * np.cos(np.outer(pos, w))
    if layout == "interleaved":
        rounded[:, 0::2] = s
        exact[:, 0::2] = es
        cos_count = d // 2
        rounded[:, 1::2] = c[:, :cos_count]
        exact[:, 1::2] = ec[:, :cos_count]
    else:
        rounded[:, :count] = s
        exact[:, :count] = es
        rounded[:, count:2 * count] = c
        exact[:, count:2 * count] = ec
    return rounded - exact, rounded


CASES = [
    # d, n, start, base, scale, layout, frequencies, precision
    (128, 4096, 0, 10000, 1, "interleaved", "paper", "bfloat16"),
    (128, 4096, 0, 10000, 1, "interleaved", "paper", "float16"),
    (128, 2048, 0, 10000, 1, "interleaved", "paper", "float32"),
    (63, 700, 1000, 10000, 0.5, "split", "paper", "bfloat16"),
    (33, 500, 60000, 500, 1, "interleaved", "tensor2tensor", "float16"),
    (16, 300, 123456, 10000, 2, "split", "tensor2tensor", "float32"),
    (64, 256, -300, 10000, 1, "interleaved", "paper", "float16"),
]


def main():
    binary = sys.argv[1]
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for k, (d, n, start, base, scale, layout, freqs, h) in enumerate(CASES):
            out = os.path.join(folder, "case%d.npy" % k)
            args = [binary, "export", "--view", "precision", "--precision", h,
                    "--d-model", str(d), "--seq-len", str(n), "--start", str(start),
                    "--base", str(base), "--scale", str(scale), "--layout", layout,
                    "--frequencies", freqs, "-o", out]
            run = subprocess.run(args, capture_output=True, text=True)
            name = "%s d=%d n=%d start=%g %s %s" % (h, d, n, start, layout, freqs)
            if run.returncode != 0:
                print("FAIL %s: exit %d: %s" % (name, run.returncode, run.stderr.strip()))
                failures += 1
                continue
            got = np.load(out)
            expected, rounded = reference(d, n, start, base, scale, layout, freqs, h)
            if got.shape != expected.shape or got.dtype != np.float64:
                print("FAIL %s: shape %s %s, expected %s float64" % (name, got.shape, got.dtype, expected.shape))
                failures += 1
                continue
            diff = np.abs(got - expected)
            # The float64 side: sin of an angle near pos is good to a few ulps of pos.
            pos = start + np.arange(n, dtype=np.float64)
            tol = (1e-13 + 1e-15 * np.abs(pos))[:, None]
            close = diff <= tol
            flipped = ~close & (diff <= 1.0001 * ulp_h(h, rounded) + tol)
            bad = ~close & ~flipped
            share = flipped.sum() / flipped.size
            if bad.any() or share > 1e-4 or not np.isfinite(got).all():
                r, c = np.argwhere(~close)[0] if (~close).any() else (0, 0)
                print("FAIL %s: %d cells differ beyond one step of %s, %d by one step; first at row %d col %d: "
                      "got %.17g expected %.17g" % (name, bad.sum(), h, flipped.sum(), r, c, got[r, c], expected[r, c]))
                failures += 1
            else:
                print("ok   %s: max |diff| %.3g, %d cells one step of %s apart (numpy's sin)"
                      % (name, diff.max(), flipped.sum(), h))
        # float16 cannot hold positions beyond 65504: refused, nothing written.
        out = os.path.join(folder, "beyond.npy")
        run = subprocess.run([binary, "export", "--view", "precision", "--precision", "float16",
                              "--start", "65000", "--seq-len", "600", "-o", out],
                             capture_output=True, text=True)
        lines = run.stderr.strip().splitlines()
        if run.returncode != 2 or os.path.exists(out) or len(lines) != 1 or "65504" not in lines[0]:
            print("FAIL float16 beyond 65504: exit %d, file left: %s, stderr %r"
                  % (run.returncode, os.path.exists(out), run.stderr))
            failures += 1
        else:
            print("ok   float16 beyond 65504 refused: %s" % lines[0])
    print("%d passed, %d failed" % (len(CASES) + 1 - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

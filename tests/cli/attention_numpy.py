#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The attention export's position term against numpy formulas written out here.

    attention_numpy.py POSENC_LAB_BINARY

For each case, runs `posenc-lab export --view attention --encoding E ... -o F.npy` (and, for a
few, the same to F.csv) and compares the [seq_len, seq_len] array with numpy's own. Row i and
column j are the positions start + i and start + j, and c = (1, .., 1) / sqrt(d) is a content
vector that is the same at every position (core/attention.h, AttentionExportSpec):

    none        c . c = 1
    sinusoidal  (c + PE(i)) . (c + PE(j)), PE with the given layout, frequencies, base, scale
    rope        (R_i c) . (R_j c), pairs (2t, 2t+1) rotated by pos * base^(-2t/d) whatever the
                layout and frequencies; an odd d's last dimension is not rotated
    alibi       -2^(-8 (h+1) / H) * |i - j|
    t5          the bucket of j - i as Hugging Face's T5Attention._relative_position_bucket
                computes it (bidirectional, 32 buckets, max distance 128, float32 logarithm,
                truncation toward zero), checked first against hand values at 8, 16, 32, 64,
                128 and 1000
    learned     (c + P(i)) . (c + P(j)) for the seeded table P: checked for determinism (the
                same seed writes the same bytes, another seed other numbers), symmetry,
                finiteness and a positive semi-definite Gram matrix with diagonal |c + P_i|^2,
                and then against the table drawn here from the generator attention.h documents
                (splitmix64 and Box–Muller on numpy's uint64)

Then the refusals (exit 2, one line on stderr, no file left): learned positions beyond the
default table of 512 rows, an unknown --encoding (the message names "encoding"), and
"relative", which has no export.

And the ViT lab (`export --view vit`): [patches, 2], the cosine similarity of every patch (in
reading order) to the chosen one, column 0 with the 1-D encoding PE(r * grid + c), column 1
with the 2-D one [PE_{d/2}(r) | PE_{d - d/2}(c)] (each half the app's encoding with its own
d_model), grid = image // patch and the chosen patch grid // 2 unless given; with its
refusals (a grid over 64 a side, a patch outside the grid, d_model below 4).
Exit 0 when every case agrees.
"""
import math
import os
import subprocess
import sys
import tempfile

import numpy as np


# ---------------------------------------------------------------------------------------------
# numpy's side

def encoding(d, n, start, base, scale, layout, freqs):
    """PE(start + r) for r < n: interleaved (sin at even columns) or split ([sin | cos], a
    zero column for an odd d), paper (base^(-2i/d)) or tensor2tensor frequencies."""
    pos = start + np.arange(n, dtype=np.float64)
    count = (d + 1) // 2 if layout == "interleaved" else d // 2
    i = np.arange(count, dtype=np.float64)
    if freqs == "paper":
        w = base ** (-2.0 * i / d)
    else:
        w = np.exp(-i * np.log(base) / max(count - 1, 1))
    angle = np.outer(pos, w)
    pe = np.zeros((n, d))
    if layout == "interleaved":
        pe[:, 0::2] = scale * np.sin(angle)
        pe[:, 1::2] = scale * np.cos(angle)[:, :d // 2]
    else:
        pe[:, :count] = scale * np.sin(angle)
        pe[:, count:2 * count] = scale * np.cos(angle)
    return pe


def content(d):
    return np.full(d, 1.0 / np.sqrt(d))


def rope_rows(d, n, start, base):
    """R_pos c for every position: pair t = (2t, 2t+1) rotated by pos * base^(-2t/d)."""
    c = content(d)
    pos = start + np.arange(n, dtype=np.float64)
    t = np.arange(d // 2, dtype=np.float64)
    angle = np.outer(pos, base ** (-2.0 * t / d))
    x = np.tile(c, (n, 1))
    a, b = c[0:2 * (d // 2):2], c[1:2 * (d // 2):2]
    x[:, 0:2 * (d // 2):2] = a * np.cos(angle) - b * np.sin(angle)
    x[:, 1:2 * (d // 2):2] = a * np.sin(angle) + b * np.cos(angle)
    return x  # an odd d keeps its last entry c[d-1]


def t5_bucket(relative, num_buckets=32, max_distance=128):
    """T5Attention._relative_position_bucket, bidirectional, in float32 like torch."""
    relative = np.asarray(relative, dtype=np.int64)
    num_buckets //= 2
    buckets = (relative > 0).astype(np.int64) * num_buckets
    n = np.abs(relative)
    max_exact = num_buckets // 2
    is_small = n < max_exact
    with np.errstate(divide="ignore", invalid="ignore"):
        scaled = (np.log(n.astype(np.float32) / np.float32(max_exact))
                  / np.float32(math.log(max_distance / max_exact))
                  * np.float32(num_buckets - max_exact))
        large = max_exact + np.where(is_small, 0, scaled).astype(np.int64)  # toward zero
    large = np.minimum(large, num_buckets - 1)
    return buckets + np.where(is_small, n, large)


# The generator of core/attention.h, on uint64 arrays (numpy wraps modulo 2^64).
U64 = np.uint64


def splitmix64(x):
    with np.errstate(over="ignore"):
        z = np.asarray(x, dtype=U64) + U64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    return z ^ (z >> U64(31))


def seeded_normal(seed, stream, index):
    key = splitmix64(splitmix64(U64(seed)) ^ U64(stream))
    k = np.asarray(index, dtype=U64) >> U64(1)
    with np.errstate(over="ignore"):
        b1 = splitmix64(key ^ (k * U64(2)))
        b2 = splitmix64(key ^ (k * U64(2) + U64(1)))
    u1 = 1.0 - (b1 >> U64(11)).astype(np.float64) * 2.0 ** -53
    u2 = (b2 >> U64(11)).astype(np.float64) * 2.0 ** -53
    r = np.sqrt(-2.0 * np.log(u1))
    odd = (np.asarray(index, dtype=U64) & U64(1)) == U64(1)
    return np.where(odd, r * np.sin(2.0 * np.pi * u2), r * np.cos(2.0 * np.pi * u2))


def learned_table(seed, d, first, n):
    """P(p, c) = seeded_normal(seed, 5, p * 2^32 + c), the documented learned stream."""
    p = np.arange(first, first + n, dtype=U64)[:, None]
    c = np.arange(d, dtype=U64)[None, :]
    return seeded_normal(seed, 5, (p << U64(32)) | c)


def expected(case):
    e, d, n, start, base, scale, layout, freqs, extra = case
    c = content(d)
    i = np.arange(n)
    if e == "none":
        return np.ones((n, n))
    if e == "sinusoidal":
        x = c + encoding(d, n, start, base, scale, layout, freqs)
        return x @ x.T
    if e == "rope":
        x = rope_rows(d, n, start, base)
        return x @ x.T
    if e == "alibi":
        slope = 2.0 ** (-8.0 * (extra["head"] + 1) / extra["heads"])
        return -slope * np.abs(i[:, None] - i[None, :]).astype(np.float64)
    if e == "t5":
        return t5_bucket(i[None, :] - i[:, None]).astype(np.float64)  # j - i
    if e == "learned":
        x = c + learned_table(extra["seed"], d, int(start), n)
        return x @ x.T
    raise ValueError(e)


def tolerance(case, want):
    """Angles of positions up to |start| + n are good to about 1e-16 of the position each, and
    a dot product sums d of them; the rest is the rounding of sums."""
    e, d, n, start, base, scale, layout, freqs, extra = case
    if e in ("none", "alibi", "t5"):
        return 1e-15 * max(1.0, np.max(np.abs(want)))
    return 2e-16 * (d + 8) * (1.0 + abs(start) + n) * max(1.0, scale * scale) + 1e-14 * np.max(np.abs(want))


# ---------------------------------------------------------------------------------------------
# The cases

I, S, P, T = "interleaved", "split", "paper", "tensor2tensor"
CASES = [
    # encoding, d, n, start, base, scale, layout, frequencies, extra flags
    ("none", 64, 50, 0.0, 1e4, 1.0, I, P, {}),
    ("sinusoidal", 128, 100, 0.0, 1e4, 1.0, I, P, {}),
    ("sinusoidal", 33, 80, -7.0, 500.0, 0.5, S, T, {}),
    ("sinusoidal", 17, 60, 2.5, 1e4, 2.0, I, T, {}),
    ("sinusoidal", 64, 40, 1000.0, 1e8, 1.0, S, P, {}),
    ("rope", 64, 200, 0.0, 1e4, 1.0, I, P, {}),
    ("rope", 33, 100, -20.5, 500.0, 1.0, S, T, {}),  # layout and frequencies do not enter RoPE
    ("rope", 2, 50, 3.0, 1e4, 1.0, I, P, {}),
    ("alibi", 16, 64, 0.0, 1e4, 1.0, I, P, {"head": 0, "heads": 8}),
    ("alibi", 16, 64, 5.0, 1e4, 1.0, I, P, {"head": 7, "heads": 8}),
    ("alibi", 16, 30, 0.0, 1e4, 1.0, I, P, {"head": 3, "heads": 12}),
    ("t5", 16, 1100, 0.0, 1e4, 1.0, I, P, {}),  # offsets up to 1099: every bucket
    ("t5", 8, 200, -50.5, 1e4, 1.0, I, P, {}),  # the start does not enter T5
    ("learned", 32, 100, 0.0, 1e4, 1.0, I, P, {"seed": 0}),
    ("learned", 33, 12, 500.0, 1e4, 1.0, I, P, {"seed": 3}),  # the table's last rows
]
CSV_CASES = {1, 6, 9, 11, 13}  # also written as .csv


def args_of(case):
    e, d, n, start, base, scale, layout, freqs, extra = case
    args = ["export", "--view", "attention", "--encoding", e, "--d-model", str(d), "--seq-len", str(n),
            "--start", repr(start), "--base", repr(base), "--scale", repr(scale), "--layout", layout,
            "--frequencies", freqs]
    for key, value in extra.items():
        args += ["--" + key, str(value)]
    return args


def name_of(case):
    e, d, n, start, base, scale, layout, freqs, extra = case
    more = " ".join("%s=%s" % kv for kv in extra.items())
    return ("%s d=%d n=%d start=%g base=%g scale=%g %s %s %s" % (e, d, n, start, base, scale, layout, freqs, more)).strip()


def run(binary, args):
    try:
        return subprocess.run([binary] + args, capture_output=True, text=True, timeout=300)
    except OSError as e:  # a binary that cannot run: every case fails, none crashes the checker
        return subprocess.CompletedProcess([binary] + args, 127, "", str(e))


def export(binary, case, out):
    done = run(binary, args_of(case) + ["-o", out])
    if done.returncode != 0:
        raise RuntimeError("exit %d: %s" % (done.returncode, done.stderr.strip()))


def read_csv(path):
    """The numbers of a data CSV: '#' comment lines, one header line, then rows."""
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f.read().splitlines() if line and not line.startswith("#")]
    header, rows = lines[0], lines[1:]
    return header, np.array([[float(v) for v in row.split(",")] for row in rows])


class Report:
    """Every check ends in one ok line or one FAIL line."""

    def __init__(self):
        self.passed = 0
        self.failures = []

    def ok(self, text):
        self.passed += 1
        print("ok   " + text)

    def fail(self, text):
        self.failures.append(text)
        print("FAIL " + text)


def compare(name, got, want, tol, report):
    if got.shape != want.shape:
        report.fail("%s: shape %s, expected %s" % (name, got.shape, want.shape))
        return
    diff = np.abs(got - want)
    if not np.all(np.isfinite(got)) or not diff.max() <= tol:
        r, c = np.unravel_index(np.argmax(np.where(np.isfinite(diff), diff, np.inf)), diff.shape)
        report.fail("%s: max |diff| %.3g > %.3g at (%d, %d): got %.17g expected %.17g"
                    % (name, diff.max(), tol, r, c, got[r, c], want[r, c]))
    else:
        report.ok("%s: max |diff| %.3g (tolerance %.3g)" % (name, diff.max(), tol))


def check_learned_structure(name, got, d, report):
    """What holds whatever the table: a symmetric Gram matrix of the rows c + P_i."""
    problems = []
    if not np.all(np.isfinite(got)):
        problems.append("not finite")
    if not np.array_equal(got, got.T) and np.max(np.abs(got - got.T)) > 1e-12 * np.max(np.abs(got)):
        problems.append("not symmetric")
    diag = np.diag(got)
    if np.any(diag < 0):
        problems.append("negative diagonal")
    # |G_ij| <= sqrt(G_ii G_jj) and no negative eigenvalue beyond rounding.
    if np.any(np.abs(got) > np.sqrt(np.outer(diag, diag)) * (1 + 1e-12) + 1e-12):
        problems.append("Cauchy-Schwarz violated")
    if np.min(np.linalg.eigvalsh((got + got.T) / 2)) < -1e-9 * np.max(diag):
        problems.append("not positive semi-definite")
    # E|c + P_i|^2 = 1 + d for unit-variance entries: the mean diagonal within 6 standard errors.
    if abs(diag.mean() - (1 + d)) > 6 * np.sqrt(2.0 * d / len(diag)) + 1:
        problems.append("mean diagonal %.3g, expected about %d" % (diag.mean(), 1 + d))
    if problems:
        report.fail("%s: %s" % (name, ", ".join(problems)))
    else:
        report.ok("%s: symmetric, finite, a Gram matrix, mean |c + P_i|^2 = %.2f (d + 1 = %d)"
                  % (name, diag.mean(), d + 1))


def check_refused(binary, folder, label, args, words, report):
    out = os.path.join(folder, "refused.npy")
    done = run(binary, args + ["-o", out])
    lines = done.stderr.strip().splitlines()
    if done.returncode != 2 or os.path.exists(out) or len(lines) != 1 or words.lower() not in lines[0].lower():
        report.fail("%s: exit %d, file left: %s, stderr %r" % (label, done.returncode, os.path.exists(out), done.stderr))
        if os.path.exists(out):
            os.remove(out)
    else:
        report.ok("%s refused: %s" % (label, lines[0]))


# ---------------------------------------------------------------------------------------------
# The ViT lab

# (d, image, patch, row or None for the middle, column or None, layout, frequencies, base, scale)
VIT_CASES = [
    (128, 224, 16, None, None, "interleaved", "paper", 10000.0, 1.0),
    (64, 224, 32, 0, 6, "interleaved", "paper", 10000.0, 1.0),
    (17, 100, 12, 3, 1, "interleaved", "paper", 10000.0, 1.0),
    (32, 96, 8, 11, 0, "split", "paper", 100.0, 0.5),
    (48, 64, 16, 2, 2, "interleaved", "tensor2tensor", 10000.0, 1.0),
    (4, 512, 8, 63, 0, "split", "tensor2tensor", 10000.0, 2.0),
]


def cosine_to(rows, k):
    norms = np.sqrt(np.sum(rows * rows, axis=1))
    dots = rows @ rows[k]
    return np.where(norms * norms[k] > 0, dots / np.where(norms * norms[k] > 0, norms * norms[k], 1), 0.0)


def vit_expected(case):
    d, image, patch, row, col, layout, freqs, base, scale = case
    grid = image // patch
    r0 = grid // 2 if row is None else row
    c0 = grid // 2 if col is None else col
    one = encoding(d, grid * grid, 0.0, base, scale, layout, freqs)
    rows = encoding(d // 2, grid, 0.0, base, scale, layout, freqs)
    cols = encoding(d - d // 2, grid, 0.0, base, scale, layout, freqs)
    two = np.array([np.concatenate([rows[r], cols[c]]) for r in range(grid) for c in range(grid)])
    k = r0 * grid + c0
    return np.stack([cosine_to(one, k), cosine_to(two, k)], axis=1)


def vit_args(case):
    d, image, patch, row, col, layout, freqs, base, scale = case
    args = ["export", "--view", "vit", "--d-model", str(d), "--image-size", str(image), "--patch-size", str(patch),
            "--layout", layout, "--frequencies", freqs, "--base", repr(base), "--scale", repr(scale)]
    if row is not None:
        args += ["--patch-row", str(row)]
    if col is not None:
        args += ["--patch-col", str(col)]
    return args


def check_vit(binary, folder, report):
    for k, case in enumerate(VIT_CASES):
        name = "vit d=%d image=%d patch=%d patch=(%s, %s) %s %s base=%g scale=%g" % case
        out = os.path.join(folder, "vit%d.npy" % k)
        done = run(binary, vit_args(case) + ["-o", out])
        if done.returncode != 0:
            report.fail("%s: exit %d: %s" % (name, done.returncode, done.stderr.strip()))
            continue
        compare(name, np.load(out), vit_expected(case), 1e-12, report)
    refusals = [
        ("vit: 224 / 3 = 74 patches a side", ["--patch-size", "3"], "patch-size"),
        ("vit: row 14 of a 14 x 14 grid", ["--patch-row", "14"], "patch-row"),
        ("vit: d_model 3 has no 2-D encoding", ["--d-model", "3"], "d-model"),
        ("vit: a patch larger than the image", ["--image-size", "32", "--patch-size", "64"], "patch-size"),
    ]
    for label, args, words in refusals:
        check_refused(binary, folder, label, ["export", "--view", "vit"] + args, words, report)


def main():
    if len(sys.argv) != 2:
        print("usage: attention_numpy.py POSENC_LAB_BINARY", file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    report = Report()

    # The checker's own T5 transcription at the published boundaries (32 buckets, 128): the
    # quotients at 16, 32, 64, 128 must come out as exactly 2, 4, 6, 8 in float32.
    hand = {8: 8, 11: 8, 12: 9, 16: 10, 22: 10, 23: 11, 32: 12, 45: 12, 46: 13, 64: 14, 90: 14, 91: 15,
            128: 15, 1000: 15, 0: 0, 1: 1, 7: 7}
    rel = np.array(sorted(hand))
    mine_before, mine_after = t5_bucket(-rel), t5_bucket(rel)
    want_before = np.array([hand[r] for r in rel])
    want_after = np.where(rel > 0, want_before + 16, want_before)
    if not (np.array_equal(mine_before, want_before) and np.array_equal(mine_after, want_after)):
        report.fail("the checker's own T5 buckets: %s / %s" % (mine_before, mine_after))
    else:
        report.ok("T5 buckets of this checker at the hand values")

    with tempfile.TemporaryDirectory() as folder:
        for k, case in enumerate(CASES):
            name = name_of(case)
            out = os.path.join(folder, "case%d.npy" % k)
            try:
                export(binary, case, out)
                got = np.load(out)
            except Exception as e:  # noqa: BLE001
                report.fail("%s: %s" % (name, e))
                continue
            if got.dtype != np.float64:
                report.fail("%s: dtype %s, expected float64" % (name, got.dtype))
                continue
            want = expected(case)
            tol = tolerance(case, want)
            if case[0] == "learned":
                d, seed = case[1], case[8]["seed"]
                check_learned_structure(name, got, d, report)
                # The same seed writes the same bytes; another seed other numbers.
                again = os.path.join(folder, "again%d.npy" % k)
                other = os.path.join(folder, "other%d.npy" % k)
                try:
                    export(binary, case, again)
                    with open(out, "rb") as a, open(again, "rb") as b:
                        if a.read() != b.read():
                            report.fail("%s: the same seed wrote different bytes" % name)
                        else:
                            report.ok("%s: the same seed writes the same bytes" % name)
                    export(binary, case[:8] + ({"seed": seed + 1},), other)
                    if np.array_equal(np.load(other), got):
                        report.fail("%s: seed %d writes the numbers of seed %d" % (name, seed + 1, seed))
                    else:
                        report.ok("%s: seed %d writes other numbers" % (name, seed + 1))
                except Exception as e:  # noqa: BLE001
                    report.fail("%s: %s" % (name, e))
                name += " (table from the documented generator)"
            compare(name, got, want, tol, report)
            if k in CSV_CASES:
                csv = os.path.join(folder, "case%d.csv" % k)
                try:
                    export(binary, case, csv)
                    header, values = read_csv(csv)
                    if len(header.split(",")) != case[2]:
                        report.fail("%s .csv: a header of %d names, expected %d" % (name, len(header.split(",")), case[2]))
                    else:
                        compare(name + " .csv", values, want, tol, report)
                except Exception as e:  # noqa: BLE001
                    report.fail("%s .csv: %s" % (name, e))

        # float32: the cast of the float64 values.
        case = CASES[1]
        f32 = os.path.join(folder, "f32.npy")
        done = run(binary, args_of(case) + ["--dtype", "float32", "-o", f32])
        if done.returncode != 0:
            report.fail("--dtype float32: exit %d: %s" % (done.returncode, done.stderr.strip()))
        else:
            got = np.load(f32)
            want = expected(case)
            if got.dtype != np.float32:
                report.fail("--dtype float32: dtype %s" % got.dtype)
            else:
                compare(name_of(case) + " float32", got.astype(np.float64), want.astype(np.float32).astype(np.float64),
                        np.max(np.abs(want)) * 2.0 ** -23, report)

        # Refusals: exit 2, one line on stderr naming the problem, no file.
        base = ["export", "--view", "attention", "--d-model", "16"]
        refusals = [
            ("learned positions 500 .. 519 beyond 512 rows",
             base + ["--encoding", "learned", "--start", "500", "--seq-len", "20"], "512"),
            ("learned positions 0 .. 599 beyond 512 rows", base + ["--encoding", "learned", "--seq-len", "600"], "512"),
            ("an unknown --encoding", base + ["--encoding", "nope", "--seq-len", "10"], "encoding"),
            ("--encoding relative (no export)", base + ["--encoding", "relative", "--seq-len", "10"], "encoding"),
        ]
        for label, args, words in refusals:
            check_refused(binary, folder, label, args, words, report)

        check_vit(binary, folder, report)

    print("%d passed, %d failed" % (report.passed, len(report.failures)))
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())

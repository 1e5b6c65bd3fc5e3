#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`posenc-lab check` on encodings written by numpy, as published code writes them.

    check_numpy.py POSENC_LAB_BINARY

Each case builds a matrix here with numpy, in the way its source writes it (conventions.md and
the bug families the check diagnoses), saves it with numpy's own writer (.npy of the dtype and order
asked, or text by numpy.savetxt), runs `posenc-lab check FILE --json` and compares what it
identified: a canonical matrix must match with no error or warning and the right layout,
frequencies, base, start, step, scale and orientation; a buggy one must not match and must name
its bug. Then the command's contract: exactly one JSON object on stdout and nothing on stderr,
the text report, --base, and every refusal (exit 2, one line on stderr, nothing on stdout).
Exit 0 when every case agrees.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np


def ladder(d, base=10000.0, family="paper", count=None):
    """w_k of the paper (base^(-2k/d)) or of tensor2tensor (exp(-k ln(base)/(h-1)))."""
    h = d // 2 if count is None else count
    k = np.arange(h, dtype=np.float64)
    if family == "paper":
        return base ** (-2.0 * k / d)
    return np.exp(-k * np.log(base) / max(h - 1, 1))


def interleaved(positions, w, d):
    """Vaswani 2017: sin at even columns, cos at odd; an odd d gives sin the last column."""
    angle = np.outer(positions, w)
    pe = np.zeros((len(positions), d))
    pe[:, 0::2] = np.sin(angle)[:, :(d + 1) // 2]
    pe[:, 1::2] = np.cos(angle)[:, :d // 2]
    return pe


def split(positions, w, d, cos_first=False):
    """tensor2tensor, fairseq, whisper: [sin | cos], a zero column appended for an odd d."""
    angle = np.outer(positions, w)
    halves = [np.cos(angle), np.sin(angle)] if cos_first else [np.sin(angle), np.cos(angle)]
    pe = np.concatenate(halves, axis=1)
    if d % 2:
        pe = np.concatenate([pe, np.zeros((len(positions), 1))], axis=1)
    return pe


def seed_loop(n, d):
    """The seed text's loop: i steps by 2 and still writes 10000 ** (2 * i / d)."""
    pe = np.zeros((n, d))
    for pos in range(n):
        for i in range(0, d, 2):
            pe[pos, i] = np.sin(pos / 10000 ** ((2 * i) / d))
            pe[pos, i + 1] = np.cos(pos / 10000 ** ((2 * (i + 1)) / d))
    return pe


def sin_twice_in_every_other_pair(pe):
    """A loop that writes sin where cos should be in every other pair."""
    pe = pe.copy()
    pe[:, 1::4] = pe[:, 0::4]
    return pe


def to_bfloat16(x):
    """Round to bfloat16 (nearest, ties to even) through float32's bits."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return rounded.astype(np.uint32).view(np.float32).astype(np.float64)


N = np.arange(50, dtype=np.float64)
W128 = ladder(128)

# name, matrix, how to save it, expected fields (None: not checked), codes that must be present.
CANONICAL = [
    ("interleaved float32", interleaved(N, W128, 128), "float32",
     dict(layout="interleaved", frequencies="paper", base=1e4, start=0, position_step=1, scale=1, transposed=False)),
    ("interleaved float64, 200 positions", interleaved(np.arange(200.0), ladder(64), 64), "float64",
     dict(layout="interleaved", frequencies="paper", base=1e4, start=0, position_step=1)),
    ("interleaved stored as float16", interleaved(N, W128, 128), "float16",
     dict(layout="interleaved", frequencies="paper", base=1e4, start=0)),
    ("fairseq: split, tensor2tensor ladder, start 2", split(2 + np.arange(64.0), ladder(64, family="t2t"), 64),
     "float32", dict(layout="split", frequencies="tensor2tensor", base=1e4, start=2, position_step=1)),
    ("tensor2tensor, odd d 33: zero column", split(np.arange(100.0), ladder(33, family="t2t", count=16), 33),
     "float32", dict(layout="split", frequencies="tensor2tensor", odd_column="zero_last", start=0)),
    ("DistilBERT, odd d 33: sin gets the last column", interleaved(np.arange(80.0), ladder(33, count=17), 33),
     "float64", dict(layout="interleaved", frequencies="paper", odd_column="lone_sine_last", start=0)),
    ("diffusers flip_sin_to_cos: [cos | sin]", split(np.arange(60.0), ladder(64), 64, cos_first=True), "float32",
     dict(layout="split_cos_sin", start=0)),
    ("Transformer-XL: positions 63 down to 0", interleaved(63 - np.arange(64.0), ladder(64), 64), "float32",
     dict(layout="interleaved", start=63, position_step=-1)),
    ("ScaledSinuEmbedding: amplitude 0.125", 0.125 * split(np.arange(50.0), ladder(64), 64), "float32",
     dict(layout="split", scale=0.125, start=0)),
    ("channel-first (transposed)", interleaved(np.arange(100.0), ladder(64), 64).T, "float32",
     dict(layout="interleaved", transposed=True, start=0)),
    ("Fortran order", np.asfortranarray(interleaved(N, W128, 128)), "float64-F",
     dict(layout="interleaved", transposed=False, start=0)),
    ("3-D with a batch axis of 1", interleaved(N, W128, 128)[None, :, :], "float32",
     dict(layout="interleaved", start=0)),
    ("text with a header line", interleaved(np.arange(30.0), ladder(16), 16), "csv-header",
     dict(layout="interleaved", frequencies="paper", base=1e4, start=0)),
]

BUGS = [
    ("doubled exponent (base 10000^2)", interleaved(N, ladder(128, base=1e8), 128), "float32", "doubled_exponent"),
    ("the seed text's loop", seed_loop(50, 128), "float64", "per_column_exponent"),
    ("sin and cos swapped", interleaved(N, W128, 128)[:, np.arange(128) ^ 1], "float32", "sin_cos_swapped"),
    ("sin written twice in every other pair", sin_twice_in_every_other_pair(interleaved(N, W128, 128)), "float32",
     "sin_written_twice"),
    ("multiply instead of divide", interleaved(N / 60.0, 1.0 / W128, 128), "float64", "multiply_instead_of_divide"),
    ("positions times 1.385", interleaved(1.385 * (1 + N), W128, 128), "float32", "positions_scaled"),
    ("first row zeroed", np.vstack([np.zeros((1, 128)), interleaved(N[1:], W128, 128)]), "float32",
     "first_row_zeroed"),
    ("random numbers (nn.Embedding's initial table)", np.random.RandomState(7).standard_normal((50, 64)), "float32",
     "learned_table"),
]

# Files real work produces (the usability review's S1-1 and S2-7): the paper encoding plus a
# Gaussian residual is the convention plus a residual of that size, with no bug invented; a
# rotary cos cache (Hugging Face's cat(freqs, freqs)) is a rope_cache, not a sin/cos bug.
NOISY = [(sigma, interleaved(np.arange(64.0), W128, 128) + np.random.RandomState(11).normal(scale=sigma, size=(64, 128)))
         for sigma in (1e-6, 1e-4, 1e-3, 3e-3, 1e-2)]
ROPE_FREQS = np.outer(np.arange(64.0), 10000.0 ** (-np.arange(0, 128, 2) / 128.0))
ROPE_COS = np.cos(np.concatenate([ROPE_FREQS, ROPE_FREQS], axis=1))


def save(folder, name, matrix, how):
    path = os.path.join(folder, name.replace(" ", "_").replace(":", "").replace("/", "") + (".csv" if how.startswith("csv") else ".npy"))
    if how == "csv-header":
        header = ",".join("dim_%d" % c for c in range(matrix.shape[1]))
        np.savetxt(path, matrix, delimiter=",", header=header, comments="", fmt="%.17g")
    elif how == "float64-F":
        np.save(path, np.asfortranarray(matrix.astype(np.float64)))
    else:
        np.save(path, matrix.astype(how))
    return path


def check(binary, path, *extra):
    done = subprocess.run([binary, "check", path, "--json"] + list(extra), capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError("exit %d: %s" % (done.returncode, done.stderr.strip()))
    if done.stderr:
        raise RuntimeError("stderr not empty: %r" % done.stderr)
    got = json.loads(done.stdout)  # the whole of stdout is one JSON object
    for finding in got["findings"]:  # every finding worded, its fix a string (empty: nothing to fix)
        if not finding["message"] or not isinstance(finding["fix"], str):
            raise RuntimeError("finding %s without words: %r" % (finding["code"], finding))
    return got


def near(a, b):
    return a is not None and abs(a - b) <= 1e-6 * max(1.0, abs(b))


def main():
    binary = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for name, matrix, how, expected in CANONICAL:
            path = save(folder, name, matrix, how)
            try:
                got = check(binary, path)
            except Exception as e:  # noqa: BLE001
                failures.append("%s: %s" % (name, e))
                continue
            problems = []
            if not got["matches"]:
                problems.append("matches is false")
            bad = [f["code"] for f in got["findings"] if f["severity"] != "info"]
            if bad:
                problems.append("findings %s" % bad)
            for key, value in expected.items():
                if isinstance(value, str) or isinstance(value, bool):
                    if got.get(key) != value:
                        problems.append("%s %r, expected %r" % (key, got.get(key), value))
                elif not near(got.get(key), value):
                    problems.append("%s %r, expected %r" % (key, got.get(key), value))
            stored = list(matrix.shape)
            if got["shape"] != stored:
                problems.append("shape %r, stored %r" % (got["shape"], stored))
            if problems:
                failures.append("%s: %s" % (name, "; ".join(problems)))
            else:
                print("ok   canonical: %s" % name)
        for name, matrix, how, code in BUGS:
            path = save(folder, name, matrix, how)
            try:
                got = check(binary, path)
            except Exception as e:  # noqa: BLE001
                failures.append("%s: %s" % (name, e))
                continue
            codes = [f["code"] for f in got["findings"]]
            if got["matches"] or code not in codes:
                failures.append("%s: matches %r, findings %r, expected %s" % (name, got["matches"], codes, code))
            else:
                print("ok   bug: %s -> %s" % (name, code))

        # The amplitude the text report stands by: the seed's loop (amplitude exactly 1, fitted
        # as 1.00016 through its bug) is not told apart from 1; a real 0.125 is reported.
        for name, matrix, said in [("seed loop", seed_loop(50, 128), "amplitude (scale): 1 (fitted 1.000"),
                                   ("scaled 0.125", 0.125 * split(np.arange(50.0), ladder(64), 64),
                                    "amplitude (scale): 0.125")]:
            done = subprocess.run([binary, "check", save(folder, "text " + name, matrix, "float64"), "--lang", "en"],
                                  capture_output=True, text=True)
            if done.returncode != 0 or said not in done.stdout:
                failures.append("text report of %s: exit %d, no %r in %r" % (name, done.returncode, said, done.stdout))
            else:
                print("ok   text report: %s says %r" % (name, said))
        for sigma, matrix in NOISY:
            got = check(binary, save(folder, "noisy %g" % sigma, matrix, "float32"))
            codes = [f["code"] for f in got["findings"]]
            loud = [f["code"] for f in got["findings"] if f["severity"] != "info" and f["code"] != "residual"]
            residual = got["residual_rms"]
            fields = (got["layout"], got["frequencies"], got["base"], got["start"])
            if fields != ("interleaved", "paper", 10000, 0) or loud or (sigma >= 1e-4 and (
                    "residual" not in codes or not 0.8 * sigma < residual < 1.25 * sigma)):
                failures.append("noise %g: %r, findings %r, residual_rms %r" % (sigma, fields, codes, residual))
            else:
                print("ok   residual: noise %g -> %s, residual_rms %.3g" % (sigma, codes, residual))
        got = check(binary, save(folder, "rope cos cache", ROPE_COS, "float32"))
        rope = [f for f in got["findings"] if f["code"] == "rope_cache"]
        loud = [f["code"] for f in got["findings"] if f["severity"] != "info"]
        if not rope or loud or rope[0]["evidence"].get("layout") != "rotate_half" \
                or rope[0]["evidence"].get("function") != "cos" or rope[0]["evidence"].get("base") != 10000 \
                or got["start"] != 0:
            failures.append("rope cos cache: %r, start %r" % (got["findings"], got["start"]))
        else:
            print("ok   rope cos cache -> rope_cache (rotate_half, cos, base 10000, start 0)")
        # --atol: how close counts as matching.
        noisy = save(folder, "noisy for atol", NOISY[2][1], "float32")
        loose, strict = check(binary, noisy, "--atol", "0.01"), check(binary, noisy, "--atol", "1e-5")
        if not loose["matches"] or loose["tolerance"] != 0.01 or strict["matches"]:
            failures.append("--atol: matches %r at 0.01, %r at 1e-5" % (loose["matches"], strict["matches"]))
        else:
            print("ok   --atol 0.01 matches the 1e-3 residual, --atol 1e-5 does not")

        # --base: the doubled exponent is the paper formula at base 1e8, which matches when meant.
        doubled = save(folder, "doubled for base", interleaved(N, ladder(128, base=1e8), 128), "float64")
        got = check(binary, doubled, "--base", "1e8")
        if not got["matches"] or not near(got["base"], 1e8):
            failures.append("--base 1e8: matches %r, base %r" % (got["matches"], got["base"]))

        # The text report names the layout and the verdict.
        canonical = save(folder, "canonical text report", interleaved(N, W128, 128), "float32")
        done = subprocess.run([binary, "check", canonical], capture_output=True, text=True)
        if done.returncode != 0 or "layout: interleaved" not in done.stdout or "matches" not in done.stdout:
            failures.append("text report: exit %d, %r" % (done.returncode, done.stdout[:300]))

        # Refusals: exit 2, one line on stderr naming the problem, nothing on stdout.
        malformed = os.path.join(folder, "malformed.npy")
        with open(malformed, "wb") as f:
            f.write(b"\x93NUMPY\x01\x00\x10\x00{'descr': '<f8'")
        with_nan = save(folder, "nan", np.array([[0.0, 1.0], [np.nan, 0.5]]), "float64")
        ints = os.path.join(folder, "ints.npy")
        np.save(ints, np.arange(12, dtype=np.int32).reshape(3, 4))
        fifo = os.path.join(folder, "fifo.npy")
        os.mkfifo(fifo)
        refusals = [
            ([os.path.join(folder, "missing.npy")], "missing.npy"),
            ([folder], "not a regular file"),
            ([fifo], "not a regular file"),
            ([malformed], "malformed.npy"),
            ([with_nan], "nan"),
            ([ints], "ints.npy"),
            ([canonical, "--base", "1"], "--base"),
            ([canonical, "--base", "abc"], "--base"),
            ([canonical, "--atol", "-1"], "--atol"),
            ([], "no file"),
            ([canonical, canonical], "one file"),
        ]
        for args, words in refusals:
            done = subprocess.run([binary, "check"] + args, capture_output=True, text=True, timeout=60)
            lines = done.stderr.splitlines()
            if done.returncode != 2 or len(lines) != 1 or words.lower() not in done.stderr.lower() or done.stdout:
                failures.append("refusal %r: exit %d, stderr %r, stdout %r" % (args, done.returncode, done.stderr, done.stdout[:80]))
            else:
                print("ok   refused: %s" % lines[0])

    for failure in failures:
        print("FAIL %s" % failure)
    print("%d passed, %d failed" % (len(CANONICAL) + len(BUGS) + len(NOISY) + 2 + 2 + 11 - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

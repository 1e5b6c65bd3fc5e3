#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Data exports hold what their recorded command says, read back against numpy.

    view_options_numpy.py POSENC_LAB_BINARY

1. The similarity view: `--similarity dot` writes PE(i) . PE(j), `--similarity cosine`
   PE(i) . PE(j) / (|PE(i)| |PE(j)|), with PE computed here from the formula (interleaved or
   split, paper or tensor2tensor frequencies, odd d_model, any start and scale).
2. The heatmap view: `--heatmap-dims all` writes PE, `--heatmap-dims LIST` just those columns,
   in that order, and the CSV names them dim_<d>.
3. Every view: each option that a data export records in its "# command:" line changes the
   numbers it writes (an option recorded but without effect would make the file lie about how
   it was made); options a data export does not depend on are not recorded.
Exit 0 when every case agrees.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np


def encoding(d, n, start, base, scale, layout, freqs):
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


def run(binary, args, folder):
    return subprocess.run([binary] + args, capture_output=True, text=True, cwd=folder)


def export(binary, folder, name, args):
    """The array and the CSV lines of one export (the same arguments to .npy and .csv)."""
    npy = os.path.join(folder, name + ".npy")
    csv = os.path.join(folder, name + ".csv")
    for out in (npy, csv):
        done = run(binary, ["export"] + args + ["-o", out], folder)
        if done.returncode != 0:
            raise RuntimeError("exit %d for %s: %s" % (done.returncode, " ".join(args), done.stderr.strip()))
    with open(csv, encoding="utf-8") as f:
        lines = f.read().splitlines()
    return np.load(npy), lines


def params_args(d, n, start, base, scale, layout, freqs):
    return ["--d-model", str(d), "--seq-len", str(n), "--start", repr(start), "--base", repr(base),
            "--scale", repr(scale), "--layout", layout, "--frequencies", freqs]


PARAMS = [
    # d, n, start, base, scale, layout, frequencies
    (128, 30, 0, 10000.0, 1.0, "interleaved", "paper"),
    (33, 40, 0, 10000.0, 1.0, "interleaved", "paper"),   # odd: a lone sine, |PE(i)| varies
    (33, 25, 7.0, 500.0, 0.5, "split", "tensor2tensor"),
    (16, 64, -20.0, 10000.0, 2.0, "split", "paper"),
    (2, 50, 3.0, 10000.0, 1.0, "interleaved", "paper"),   # dot products of both signs
]


def check(name, got, want, failures, tol=1e-12):
    if got.shape != want.shape:
        print("FAIL %s: shape %s, expected %s" % (name, got.shape, want.shape))
        failures.append(name)
        return
    err = np.max(np.abs(got - want)) if got.size else 0.0
    scale = max(1.0, np.max(np.abs(want)) if want.size else 1.0)
    if not err <= tol * scale:
        r, c = np.unravel_index(np.argmax(np.abs(got - want)), got.shape)
        print("FAIL %s: max |diff| %.3g at (%d, %d): got %.17g expected %.17g" % (name, err, r, c, got[r, c], want[r, c]))
        failures.append(name)
    else:
        print("ok   %s: max |diff| %.3g" % (name, err))


def command_of(lines):
    for line in lines:
        if line.startswith("# command: "):
            return line[len("# command: "):]
    return ""


# A value other than the default for every view option a data export may record; a new
# option must be added here (the test fails on a recorded option it does not know).
ALTERNATIVES = {
    "similarity": "cosine",
    "heatmap-dims": "0-5",
    "dims": "1,3",
    "periods": "12,30",
    "steps": "50",
    "precision": "float16",
    "pair": "3",
    "attention-encoding": "rope",
    "vit-image-size": "448",
    "vit-patch-size": "32",
    "vit-patch-row": "2",
    "vit-patch-col": "5",
    "train-left-task": "bag",
    "train-right-task": "order",
    "train-encoding": "learned",
    "train-join": "alpha",
    "train-scale-init": "1.5",
    "train-scale-lr-ratio": "0.5",
    "train-clamp-mode": "off",
    "train-pe-dtype": "float16",
    "train-scale-dtype": "pe",
    "train-seed": "3",
    "train-steps": "4",
    "train-d-model": "16",
    "train-seq-len": "6",
    "train-vocab": "5",
    "train-examples": "64",
    "train-heldout": "16",
    "train-batch": "8",
    "train-layers": "2",
    "train-layer-norm": "off",
    "train-lr": "0.05",
    "train-optimizer": "sgd",
    "train-clamp": "0.1,0.9",
    "context-left": "linear",
    "context-right": "dynamic",
    "context-length": "2048",
    "context-factor": "16",
    "context-seq-len": "1000000",
    "context-beta-fast": "16",
    "context-beta-slow": "2",
    "context-truncate": "off",
    "context-low-freq": "2",
    "context-high-freq": "8",
    "context-config": ":/examples/phi-3-vision-128k-config.json",
}
# Options whose effect shows only with another setting: both exports, the default and the
# changed one, get these arguments (a scale started at 3 is clamped to 2 unless the clamp is off).
CONTEXT = {
    "train-clamp-mode": ["--train-scale-init", "3"],
}
# Arguments every export of a view gets: the training lab trains two runs for each file, and a
# short run shows each option's effect as well as the default 300 steps (cli-train runs those).
BASE = {
    "training": ["--train-steps", "3"],
}
# The encoding's own parameters and the export's settings: not view options.
STANDARD = {"view", "d-model", "seq-len", "base", "scale", "offset", "start", "pos", "layout",
            "frequencies", "dtype", "o"}


def main():
    binary = os.path.abspath(sys.argv[1])
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        # 1. Similarity: dot and cosine.
        for k, p in enumerate(PARAMS):
            pe = encoding(*p)
            dot = pe @ pe.T
            norm = np.sqrt(np.sum(pe * pe, axis=1))
            cosine = dot / np.outer(norm, norm)
            label = "d=%d n=%d start=%g %s %s" % (p[0], p[1], p[2], p[5], p[6])
            for measure, want in (("dot", dot), ("cosine", cosine)):
                got, lines = export(binary, folder, "sim%d%s" % (k, measure),
                                    ["--view", "similarity", "--similarity", measure] + params_args(*p))
                check("similarity --similarity %s %s" % (measure, label), got, want, failures)
                command = command_of(lines)
                if "--similarity %s " % measure not in command:
                    print("FAIL similarity %s: the command does not record it: %s" % (measure, command))
                    failures.append("similarity command")
            if p[0] == 33 and p[5] == "interleaved":
                # The reviewer's case: cosines are at most 1 in magnitude, dot products reach 17.
                got, _ = export(binary, folder, "sim%dcheck" % k,
                                ["--view", "similarity", "--similarity", "cosine"] + params_args(*p))
                if not (np.max(np.abs(got)) <= 1 + 1e-12 and np.allclose(np.diag(got), 1.0)):
                    print("FAIL cosine at d_model 33: |values| up to %g, diagonal %s" % (np.max(np.abs(got)), np.diag(got)[:3]))
                    failures.append("cosine range")

        # 2. Heatmap: all columns, or the chosen ones in order.
        for k, p in enumerate(PARAMS[:4]):
            pe = encoding(*p)
            d = p[0]
            for dims in ("all", "0-5", "%d,3,0" % (d - 1), "2"):
                if dims == "all":
                    columns = list(range(d))
                elif "-" in dims:
                    a, b = dims.split("-")
                    columns = list(range(int(a), int(b) + 1))
                else:
                    columns = [int(c) for c in dims.split(",")]
                got, lines = export(binary, folder, "heat%d_%s" % (k, dims.replace(",", "_")),
                                    ["--view", "heatmap", "--heatmap-dims", dims] + params_args(*p))
                check("heatmap --heatmap-dims %s d=%d %s" % (dims, d, p[5]), got, pe[:, columns], failures, 1e-13)
                header = next((line for line in lines if not line.startswith("#")), "")
                want_header = ",".join("dim_%d" % c for c in columns)
                if header != want_header:
                    print("FAIL heatmap --heatmap-dims %s: CSV header %r, expected %r" % (dims, header[:80], want_header[:80]))
                    failures.append("heatmap header")
                if "--heatmap-dims %s " % dims.replace(" ", "") not in command_of(lines):
                    print("FAIL heatmap --heatmap-dims %s: not in the command: %s" % (dims, command_of(lines)))
                    failures.append("heatmap command")
        # A chosen dimension beyond d_model is refused (exit 2, one line, no file).
        out = os.path.join(folder, "beyond.npy")
        done = run(binary, ["export", "--view", "heatmap", "--d-model", "16", "--heatmap-dims", "0,16", "-o", out], folder)
        if done.returncode != 2 or os.path.exists(out) or "heatmap-dims" not in done.stderr:
            print("FAIL --heatmap-dims 16 at d_model 16: exit %d, file %s, %r" % (done.returncode, os.path.exists(out), done.stderr))
            failures.append("heatmap beyond")
        else:
            print("ok   --heatmap-dims beyond d_model refused: %s" % done.stderr.strip())

        # 3. Every view: each recorded option changes the numbers. The check view's file: a
        # canonical encoding (its difference from the reference is about 0, the example's is not).
        check_file = os.path.join(folder, "canonical.csv")
        np.savetxt(check_file, encoding(16, 20, 0.0, 10000.0, 1.0, "interleaved", "paper"), delimiter=",")
        ALTERNATIVES["check-file"] = check_file
        listed = run(binary, ["--list-views"], folder)
        views = [line.split()[0] for line in listed.stdout.splitlines() if line.strip() and not line.startswith(" ")]
        views = [v for v in views if re.match(r"^[a-z][a-z0-9-]*$", v)]
        if len(views) < 7:
            print("FAIL --list-views gave %r" % views)
            failures.append("list-views")
        for view in views:
            base_args = ["--view", view] + BASE.get(view, [])
            try:
                default, lines = export(binary, folder, "v_%s" % view, base_args)
            except RuntimeError as e:
                print("FAIL %s: %s" % (view, e))
                failures.append(view)
                continue
            flags = re.findall(r"(?:^| )--([a-z][a-z0-9-]*)", command_of(lines))
            options = [f for f in flags if f not in STANDARD]
            print("     %s records %s" % (view, options or "no view option"))
            for flag in options:
                if flag not in ALTERNATIVES:
                    print("FAIL %s: records --%s, which this test has no other value for" % (view, flag))
                    failures.append(flag)
                    continue
                context = CONTEXT.get(flag, [])
                baseline = default
                if context:
                    baseline, _ = export(binary, folder, "v_%s_%s_context" % (view, flag), base_args + context)
                given = base_args
                if "--" + flag in given:  # a BASE argument the alternative replaces
                    at = given.index("--" + flag)
                    given = given[:at] + given[at + 2:]
                changed, _ = export(binary, folder, "v_%s_%s" % (view, flag),
                                    given + context + ["--" + flag, ALTERNATIVES[flag]])
                if changed.shape == baseline.shape and np.array_equal(changed, baseline):
                    print("FAIL %s: --%s %s is recorded but writes the same numbers" % (view, flag, ALTERNATIVES[flag]))
                    failures.append(flag)
                else:
                    print("ok   %s: --%s %s changes the data (%s -> %s)" % (view, flag, ALTERNATIVES[flag], baseline.shape, changed.shape))
    print("%d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

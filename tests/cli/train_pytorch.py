#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`posenc-lab train --pytorch DIR` against PyTorch: for a spread of the run's options, the
exported program (DIR/run.py, Debian's python3-torch) trains the same run with autograd and
torch.optim, and its loss, held-out loss, scale and norm ratio must match the lab's
hand-written backpropagation at every step (relative 1e-6; accuracies exactly). Also: the
export is the same bytes twice, its README says how to run it, and a folder that cannot take it
is refused with one line and nothing written.

    python3 train_pytorch.py build/app/posenc-lab
"""

import csv
import math
import os
import subprocess
import sys
import tempfile

RELATIVE = 1e-6

# Each case: the options of `posenc-lab train` (besides --task, given first). Together they
# take every value of every option the program carries at least once.
CASES = [
    ["--task", "order"],
    ["--task", "bag", "--encoding", "learned_sinusoidal", "--join", "concat_project", "--optimizer", "sgd",
     "--lr", "0.1", "--layers", "2"],
    ["--task", "order", "--encoding", "learned", "--join", "alpha", "--layer-norm", "off", "--pe-dtype", "float16"],
    ["--task", "bag", "--encoding", "none", "--layers", "2", "--layer-norm", "off"],
    ["--task", "order", "--pe-dtype", "float16", "--scale-dtype", "pe", "--clamp-mode", "construction",
     "--scale-init", "3", "--seq-len", "12", "--vocab", "11"],
    ["--task", "order", "--layout", "split", "--frequencies", "tensor2tensor", "--base", "100", "--d-model", "17",
     "--clamp-mode", "off", "--scale-init", "-0.5", "--scale-lr-ratio", "3", "--pe-dtype", "float64"],
    ["--task", "bag", "--d-model", "19", "--join", "alpha", "--clamp", "0.9,1.01", "--lr", "0.05",
     "--scale-lr-ratio", "1", "--batch", "7", "--examples", "40", "--seed", "18446744073709551615"],
    ["--task", "order", "--pe-dtype", "float64", "--scale-dtype", "pe", "--encoding", "scaled_sinu",
     "--join", "concat_project", "--optimizer", "sgd", "--lr", "0.3", "--scale-init", "d^-0.5"],
]
STEPS = ["--steps", "40", "--heldout", "64"]
NUMBERS = ["loss", "heldout_loss", "scale", "norm_ratio"]
EXACT = ["step", "accuracy", "heldout_accuracy"]


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def close(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= RELATIVE * max(abs(a), abs(b), 1e-300)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def compare(binary, options, folder):
    lab_csv = os.path.join(folder, "lab.csv")
    out = os.path.join(folder, "torch")
    exported = run([binary, "train", *options, *STEPS, "-o", lab_csv, "--pytorch", out])
    if exported.returncode != 0:
        return ["export failed: " + exported.stderr.strip()]
    torch_csv = os.path.join(folder, "torch.csv")
    trained = run(["/usr/bin/python3", os.path.join(out, "run.py"), torch_csv])
    if trained.returncode != 0:
        return ["run.py failed: " + trained.stderr.strip().splitlines()[-1]]
    lab, torch = read_rows(lab_csv), read_rows(torch_csv)
    problems = []
    if len(lab) != len(torch):
        problems.append("%d rows against %d" % (len(lab), len(torch)))
    worst = 0.0
    for a, b in zip(lab, torch):
        for column in EXACT:
            if float(a[column]) != float(b[column]):
                problems.append("step %s %s: lab %s, torch %s" % (a["step"], column, a[column], b[column]))
        for column in NUMBERS:
            x, y = float(a[column]), float(b[column])
            if not close(x, y):
                problems.append("step %s %s: lab %r, torch %r" % (a["step"], column, x, y))
            elif not math.isnan(x) and x != y:
                worst = max(worst, abs(x - y) / max(abs(x), abs(y)))
    print("  largest relative difference %.1e over %d steps" % (worst, len(lab)))
    return problems[:5]


def check_export_itself(binary, folder):
    problems = []
    a, b = os.path.join(folder, "a"), os.path.join(folder, "b")
    for target in (a, b):
        result = run([binary, "train", "--task", "bag", "--steps", "5", "--pytorch", target])
        if result.returncode != 0:
            return ["export without -o failed: " + result.stderr.strip()]
    if sorted(os.listdir(a)) != ["README.md", "run.npz", "run.py"]:
        problems.append("the folder holds %s" % sorted(os.listdir(a)))
    for name in os.listdir(a):
        with open(os.path.join(a, name), "rb") as x, open(os.path.join(b, name), "rb") as y:
            if x.read() != y.read():
                problems.append("%s differs between two exports of one run" % name)
    with open(os.path.join(a, "README.md")) as f:
        readme = f.read()
    if "python3 run.py" not in readme or "posenc-lab train --task bag" not in readme:
        problems.append("README.md does not say how to run it: " + readme)
    # A file where the folder should be: one line, exit 2, the file kept.
    blocker = os.path.join(folder, "blocker")
    with open(blocker, "w") as f:
        f.write("keep")
    result = run([binary, "train", "--task", "order", "--pytorch", blocker])
    if result.returncode != 2 or len(result.stderr.strip().splitlines()) != 1 or "--pytorch" not in result.stderr:
        problems.append("a file as the folder: exit %d, %r" % (result.returncode, result.stderr))
    with open(blocker) as f:
        if f.read() != "keep":
            problems.append("the file in the folder's place was changed")
    # A folder where run.py goes: refused before anything is written.
    c = os.path.join(folder, "c")
    os.makedirs(os.path.join(c, "run.py"))
    result = run([binary, "train", "--task", "order", "--pytorch", c])
    if result.returncode != 2 or sorted(os.listdir(c)) != ["run.py"]:
        problems.append("a folder named run.py: exit %d, %s left" % (result.returncode, sorted(os.listdir(c))))
    result = run([binary, "train", "--task", "order", "--pytorch", ""])
    if result.returncode != 2 or "--pytorch" not in result.stderr:
        problems.append("an empty --pytorch: exit %d, %r" % (result.returncode, result.stderr))
    return problems


def main():
    binary = sys.argv[1]
    failures = 0
    with tempfile.TemporaryDirectory() as root:
        for i, options in enumerate(CASES):
            print("case %d: %s" % (i, " ".join(options)))
            folder = os.path.join(root, str(i))
            os.makedirs(folder)
            for problem in compare(binary, options, folder):
                print("  FAIL " + problem)
                failures += 1
        print("the export itself")
        for problem in check_export_itself(binary, os.path.join(root, "export")):
            print("  FAIL " + problem)
            failures += 1
    print("%d failures" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

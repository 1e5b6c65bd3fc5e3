#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Steps per second: the training lab (`posenc-lab train`, backpropagation written by hand in
double, one thread) against the same run in PyTorch (the program `train --pytorch` writes,
float64, autograd and torch.optim), side by side on one machine. Not a test: it checks nothing
and prints one table (docs/performance.md).

    python3 tests/bench/train_pytorch_race.py build/app/posenc-lab

For each setting both programs run its number of steps and 1 step, three times interleaved; a
rate is (steps - 1) / (median time of the steps - median time of 1), so start-up, PyTorch's
import, the export and the first held-out evaluation cancel out. Every step includes the
held-out evaluation and the norm ratio, as both record them. PyTorch runs with its default
threads (torch.get_num_threads()).
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

# (what, steps, options): 256 held-out examples unless said.
SETTINGS = [
    ("the default: d_model 32, length 8, batch 32, 1 layer", 200, []),
    ("d_model 128, length 32, 2 layers", 20, ["--d-model", "128", "--seq-len", "32", "--layers", "2"]),
    ("d_model 64, length 64, batch 128", 20, ["--d-model", "64", "--seq-len", "64", "--batch", "128"]),
]
PYTHON = "/usr/bin/python3"


def seconds(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    binary = sys.argv[1]
    threads = subprocess.run([PYTHON, "-c", "import torch; print(torch.__version__, torch.get_num_threads())"],
                             capture_output=True, text=True, check=True).stdout.split()
    print("PyTorch %s, %s threads; steps per second (median of 3)" % (threads[0], threads[1]))
    print("| setting | steps | posenc-lab train | PyTorch run.py | lab / PyTorch |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as root:
        for name, steps, options in SETTINGS:
            times = {}
            for n in (1, steps):
                folder = os.path.join(root, "%d-%d" % (steps, n) + "-" + str(SETTINGS.index((name, steps, options))))
                base = [binary, "train", "--task", "order", "--steps", str(n), *options]
                subprocess.run(base + ["--pytorch", folder], check=True, stderr=subprocess.DEVNULL)
                lab, torch = [], []
                for _ in range(3):
                    lab.append(seconds(base + ["-o", os.path.join(root, "lab.csv")]))
                    torch.append(seconds([PYTHON, os.path.join(folder, "run.py"), os.path.join(root, "t.csv")]))
                times[n] = (statistics.median(lab), statistics.median(torch))
            lab_rate = (steps - 1) / (times[steps][0] - times[1][0])
            torch_rate = (steps - 1) / (times[steps][1] - times[1][1])
            print("| %s | %d | %.1f | %.1f | %.2f |" % (name, steps, lab_rate, torch_rate, lab_rate / torch_rate))


if __name__ == "__main__":
    main()

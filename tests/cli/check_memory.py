#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The memory `posenc-lab check` takes, whatever the shape of the file.

Each file of 2^22 numbers (2^20 for the text file, 2^24 for float16), written by numpy, is checked by the real
binary. Its peak resident memory (wait4's ru_maxrss of that one child), less that of checking a
tiny file, must stay within the numbers as they are held (4 bytes each for a file of float16 or
float32, which a float holds exactly: at most twice a float16 file's size; 8 for float64 and
text) and 200 bytes per dimension the check reads (the records of its fits), plus 15 % and
16 MiB (the sampled copy a learned table's analysis makes is at most 8 MiB, a .npy is read a MiB
at a time); a text file is read whole before it is parsed, so its bytes are allowed too. Reading
a .npy whole before converting it would exceed this by the file's size, holding a float16 file
in doubles by twice its size.

The files are written by a process of their own: Linux carries a process's peak memory across
exec, so the measuring process must never hold an array.

Usage: check_memory.py POSENC_LAB_BINARY
"""
import os
import subprocess
import sys
import tempfile

N = 2 ** 22

# Each file, and the dimensions the check reads of it (none of a single row: too small).
CASES = {
    "1 x 2^22 row": 0,
    "2^22 x 1 column": 1,
    "2048 x 2048 encoding": 2048,
    "2048 x 2048 channel-first": 2048,
    "2048 x 2048 float64": 2048,
    "4096 x 4096 float16": 4096,
    "4096 x 4096 float16 transposed": 4096,
    "16 x 2^18 encoding": N // 16,
    "2^18 x 16 encoding": 16,
    "2048 x 2048 noise": 2048,
    "1024 x 1024 text": 1024,
}


def encoding(positions, d_model, dtype):
    import numpy as np
    pos = np.arange(positions)[:, None]
    w = 1.0 / 10000.0 ** (2 * np.arange(d_model // 2)[None, :] / d_model)
    pe = np.zeros((positions, d_model), dtype)
    pe[:, 0::2] = np.sin(pos * w)
    pe[:, 1::2] = np.cos(pos * w)
    return pe


def matrix(name):
    import numpy as np
    wave = np.sin(np.arange(N) * 0.01)
    return {
        "tiny": lambda: encoding(64, 16, np.float32),
        "1 x 2^22 row": lambda: wave.astype(np.float32).reshape(1, N),
        "2^22 x 1 column": lambda: wave.astype(np.float32).reshape(N, 1),
        "2048 x 2048 encoding": lambda: encoding(2048, 2048, np.float32),
        "2048 x 2048 channel-first": lambda: np.ascontiguousarray(encoding(2048, 2048, np.float32).T),
        "2048 x 2048 float64": lambda: encoding(2048, 2048, np.float64),
        "4096 x 4096 float16": lambda: encoding(4096, 4096, np.float16),
        "4096 x 4096 float16 transposed": lambda: np.ascontiguousarray(encoding(4096, 4096, np.float16).T),
        "16 x 2^18 encoding": lambda: encoding(16, N // 16, np.float32),
        "2^18 x 16 encoding": lambda: encoding(N // 16, 16, np.float32),
        "2048 x 2048 noise": lambda: np.random.default_rng(7).standard_normal((2048, 2048)).astype(np.float32),
        "1024 x 1024 text": lambda: encoding(1024, 1024, np.float64),
    }[name]()


def is_text(name):
    return name.endswith(" text")


def bytes_held(name):
    """What the check holds of each number: a float for float16 and float32, else a double."""
    return 8 if is_text(name) or "float64" in name else 4


def written(name, path):
    """Writes the file `name` to path in a process of its own; its count of numbers."""
    out = subprocess.run([sys.executable, __file__, "--write", name, path], check=True, capture_output=True,
                         text=True)
    return int(out.stdout)


def peak_mib(binary, path):
    """Peak resident memory of `binary check path`, in MiB, and its exit status."""
    with open(os.devnull, "wb") as devnull:
        pid = os.posix_spawn(binary, [binary, "check", path], os.environ,
                             file_actions=[(os.POSIX_SPAWN_DUP2, devnull.fileno(), 1)])
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def main():
    binary = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "m.npy")
        written("tiny", path)
        baseline, status = peak_mib(binary, path)
        assert status == 0, f"check of a tiny file exited {status}"
        print(f"{'file':31} {'MiB on disk':>11} {'allowed MiB':>11} {'used MiB':>9}")
        for name, dimensions in CASES.items():
            path = os.path.join(folder, "m.csv" if is_text(name) else "m.npy")
            count = written(name, path)
            size = os.path.getsize(path) / 2 ** 20
            held = size if is_text(name) else 0
            allowed = 1.15 * (held + (count * bytes_held(name) + dimensions * 200) / 2 ** 20) + 16
            used, status = peak_mib(binary, path)
            used -= baseline
            print(f"{name:31} {size:11.1f} {allowed:11.1f} {used:9.1f}")
            if status != 0:
                failures.append(f"{name}: exited {status}")
            elif used > allowed:
                failures.append(f"{name}: {used:.0f} MiB beyond the tiny file's, over the {allowed:.0f} allowed")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--write":
        import numpy as np
        m = matrix(sys.argv[2])
        if is_text(sys.argv[2]):
            np.savetxt(sys.argv[3], m, fmt="%.9g", delimiter=",")
        else:
            np.save(sys.argv[3], m)
        print(m.size)
        sys.exit(0)
    sys.exit(main())

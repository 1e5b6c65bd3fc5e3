#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every view's title read off a 1280x720 screenshot by OCR, as a person at the back would.

For each language (English, Simplified Chinese), in and out of presentation mode, with the first
and the last view in front, `posenc-lab screenshot --size 1280x720` is read by
tesseract (Debian's tesseract-ocr with its eng and chi_sim data, from dev.sh). Every registered
view's title, as `--list-views --lang L` names it, must be read whole on a line of its own
(alone or with its shortcut beside it): an elided "Hea…" or a title hidden behind an arrow is
not found. Tesseract reads sparse text (--psm 11); a Chinese screenshot is read with the
Chinese model alone and with Chinese and English together (Latin titles such as "ViT" beside
Chinese ones are read better by one or the other), and a title counts as read if either reads it.

Usage: ocr_titles.py POSENC_LAB_BINARY
"""
import os
import re
import subprocess
import sys
import tempfile

SIZE = "1280x720"
MNEMONIC = re.compile(r"\s?[(（]&?[A-Za-z][)）]|&")


def views(binary, language):
    out = subprocess.run([binary, "--list-views", "--lang", language], check=True,
                         capture_output=True, text=True).stdout
    rows = [line.split("\t") for line in out.splitlines() if line.strip()]
    return [(row[0], MNEMONIC.sub("", row[1]).strip()) for row in rows]


def normal(text):
    return re.sub(r"\s+", "", text).casefold()


def ocr_lines(png, model):
    out = subprocess.run(["tesseract", png, "-", "--psm", "11", "-l", model],
                         check=True, capture_output=True, text=True).stdout
    return {normal(line) for line in out.splitlines() if line.strip()}


def read_titles(binary, language, front, present, titles, folder):
    png = os.path.join(folder, f"{language}-{front}-{'present' if present else 'normal'}.png")
    command = [binary, "screenshot", "-o", png, "--view", front, "--size", SIZE, "--lang", language]
    if present:
        command.append("--present")
    subprocess.run(command, check=True, capture_output=True)
    # Chinese titles with Latin letters ("ViT 图块") may need the mixed model as well: the lines
    # of both count, and the second pass runs only for titles the first did not read.
    models = ["eng"] if language == "en" else ["chi_sim", "chi_sim+eng"]
    shortcut = re.compile(r"(ctrl\+(shift\+)?\w)$")
    read = set()
    missing = titles
    for model in models:
        read.update(shortcut.sub("", line) for line in ocr_lines(png, model))
        missing = [title for title in titles if normal(title) not in read]
        if not missing:
            break
    return missing


def main():
    binary = sys.argv[1]
    env_ok = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True)
    for model in ("eng", "chi_sim"):
        if model not in env_ok.stdout.split():
            sys.exit(f"tesseract has no {model} data: install tesseract-ocr-eng and tesseract-ocr-chi-sim (dev.sh)")
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for language in ("en", "zh_CN"):
            listed = views(binary, language)
            ids = [view for view, _ in listed]
            titles = [title for _, title in listed]
            assert len(ids) >= 10, listed
            for present in (False, True):
                for front in (ids[0], ids[-1]):
                    missing = read_titles(binary, language, front, present, titles, folder)
                    mode = "presenting" if present else "normal"
                    print(f"{language} {mode}, {front} in front: {len(titles) - len(missing)} of {len(titles)} titles read")
                    if missing:
                        failures.append(f"{language} {mode}, {front} in front: not read: {', '.join(missing)}")
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The export races of docs/performance.md, each a whole process, side by side in one run:
#   1. a float32 16384 x 1024 .npy (64 MiB) against dd writing the same 64 MiB with
#      conv=fdatasync (the floor: the bytes through the page cache to the disk);
#   2. the 512 x 512 heatmap PNG at 300 dpi, 89 x 60 mm, against matplotlib drawing the same
#      figure (tests/bench/heatmap_matplotlib.py; needs python3-matplotlib).
# Then the peak resident memory of every view's largest data export (/usr/bin/time -f %M).
#
#   tests/bench/export_race.sh [BINARY...]      (default: build/app/posenc-lab)
#
# Several binaries (say a build of main before a change and one after) race in the same
# hyperfine runs. Needs hyperfine (Debian package); writes into a temporary folder only.
# Benchmarks, not tests: nothing here asserts a time.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || set -- "$here/../../build/app/posenc-lab"
runs=${RUNS:-10}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export QT_QPA_PLATFORM=offscreen
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
npy="--view heatmap --seq-len 16384 --d-model 1024 --dtype float32"
png="--view heatmap --d-model 512 --seq-len 512 --dpi 300 --width-mm 89 --height-mm 60"
npys=() pngs=() n=0
for binary in "$@"; do
    n=$((n + 1))
    npys+=("$binary export $npy -o $dir/b$n.npy")
    pngs+=("$binary export $png -o $dir/p$n.png")
done
hyperfine -N --warmup 2 --runs "$runs" \
    "dd if=/dev/zero of=$dir/dd.bin bs=4M count=16 conv=fdatasync status=none" "${npys[@]}"
if /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    pngs=("/usr/bin/python3 $here/heatmap_matplotlib.py $dir/m.png" "${pngs[@]}")
else
    echo "python3-matplotlib is not installed: the PNG race without matplotlib"
fi
hyperfine -N --warmup 2 --runs "$runs" "${pngs[@]}"
ls -l "$dir"/*.png



echo "peak resident memory (kB) and wall time of the largest data export of each view:"
for binary in "$@"; do
    echo "$binary"
    for args in \
        "--view heatmap --seq-len 16384 --d-model 4096 -o $dir/x.npy" \
        "--view heatmap --seq-len 16384 --d-model 4096 --dtype float32 -o $dir/x.npy" \
        "--view heatmap --seq-len 16384 --d-model 1024 --dtype float32 -o $dir/x.csv" \
        "--view curves --seq-len 16384 --d-model 4096 --dims 0-15 -o $dir/x.npy" \
        "--view precision --seq-len 16384 --d-model 4096 -o $dir/x.npy" \
        "--view similarity --seq-len 4096 --d-model 4096 --similarity cosine -o $dir/x.npy" \
        "--view rotation --d-model 4096 -o $dir/x.npy" \
        "--view temporal --steps 1048576 --periods 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 -o $dir/x.npy" \
        "--view spectrum --d-model 4096 -o $dir/x.npy"; do
        # A refused export is said, with its message, not measured (its memory is nothing).
        # shellcheck disable=SC2086
        if /usr/bin/time -o "$dir/time" -f '%M kB, %e s' "$binary" export $args >/dev/null 2>"$dir/err"; then
            printf '  %-100s %s\n' "$args" "$(cat "$dir/time")"
        else
            printf '  %-100s refused: %s\n' "$args" "$(head -c 200 "$dir/err")"
        fi
        rm -f "$dir/x.npy" "$dir/x.csv"
    done
done

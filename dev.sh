#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Set up, build and run PosEnc Lab on Debian 12. Idempotent: a second run with nothing
# changed installs nothing and rebuilds nothing.
#
#   ./dev.sh run [ARGS...]   install what is missing, build, open the app (ARGS go to it)
#   ./dev.sh test            install what is missing, build, run every test offscreen
#   ./dev.sh test-asan       the same in a clang AddressSanitizer + UBSan build (build-asan/)
#   ./dev.sh bench           build optimised, run the engine benchmarks (docs/performance.md)
#   ./dev.sh package         build the Debian package build/posenc-lab_<version>_<arch>.deb
#                            (then: apt-get install ./build/posenc-lab_*.deb)
#   ./dev.sh fuzz [SECONDS]  build the libFuzzer targets (in build-asan/) and run each for
#                            SECONDS (default 60) with a fixed seed; a crash fails with its
#                            input printed (tests/fuzz/README.md: adding it as a regression)
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

# Everything the build, the app and the tests need, by Debian 12 package name.
PACKAGES=(
    cmake g++ make pkg-config lld
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-qpa-plugins qt6-translations-l10n libgl-dev
    libqcustomplot-dev libeigen3-dev libbenchmark-dev libgif-dev libzip-dev
    nlohmann-json3-dev
    fonts-dejavu-core fonts-noto-cjk
    poppler-utils fontconfig
    # script(1) for a terminal, unshare(1) for a small disk of a test's own (both Essential)
    bsdutils util-linux
    python3 python3-numpy
    # the training lab's run exported to PyTorch, trained by it (tests/cli/train_pytorch.py)
    python3-torch
    # OCR of screenshots, as a person reads them (tests/cli/ocr_titles.py)
    tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim
    # The Debian package: man page, icons, cpack's dependencies, and its checks (tests/package)
    help2man librsvg2-bin dpkg-dev file lintian appstream
    clang libclang-rt-14-dev
)

say() { printf '==> %s\n' "$*" >&2; }

install_packages() {
    local missing=()
    local pkg
    for pkg in "${PACKAGES[@]}"; do
        if [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" != "install ok installed" ]; then
            missing+=("$pkg")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing Debian packages: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "dev.sh: these Debian packages are missing: ${missing[*]}" >&2
            echo "dev.sh: run this script as root, install sudo, or install them yourself:" >&2
            echo "  apt-get install ${missing[*]}" >&2
            exit 1
        fi
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# Parallel jobs for the build and the tests: every core unless POSENC_JOBS says otherwise.
jobs=${POSENC_JOBS:-$(nproc)}

# configure_and_build PRESET DIR [BUILD_PRESET]: configures once (cmake re-runs itself when a
# CMakeLists changes), then builds incrementally (BUILD_PRESET's targets, by default all).
configure_and_build() {
    local preset=$1 dir=$2 build=${3:-$1}
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        say "configuring ($preset)"
        cmake --preset "$preset" >/dev/null
    fi
    say "building ($build)"
    cmake --build --preset "$build" --parallel "$jobs"
}

# run_fuzzers SECONDS: every target of tests/fuzz for SECONDS each, from its seed corpus and
# its regressions, with seed 1 so that a run is the same search each time. New inputs go to
# build-asan/fuzz/corpus/ (the checked-in corpus stays small), crashes to
# build-asan/fuzz/artifacts/.
# Runs every target even after a failure, then fails naming each failing input.
run_fuzzers() {
    local seconds=$1 name failed=()
    case "$seconds" in ''|*[!0-9]*) echo "dev.sh fuzz: SECONDS must be a whole number" >&2; exit 2 ;; esac
    # Leaks are reported, not switched off: only Qt's and the system's own are suppressed.
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
    export LSAN_OPTIONS="suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0"
    export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
    for name in $(ls tests/fuzz/corpus); do
        local binary=build-asan/tests/fuzz/fuzz_$name log=build-asan/fuzz/$name.log
        local work=build-asan/fuzz/corpus/$name artifacts=build-asan/fuzz/artifacts/$name
        local dict=tests/fuzz/json.dict
        [ -f "tests/fuzz/$name.dict" ] && dict=tests/fuzz/$name.dict
        rm -rf "$artifacts"
        mkdir -p "$work" "$artifacts"
        say "fuzzing $name for ${seconds}s"
        if ! "$binary" -seed=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 \
                -dict="$dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
                "$work" "tests/fuzz/corpus/$name" "tests/fuzz/regressions/$name" \
                > "$log" 2>&1; then
            tail -n 60 "$log" >&2
            local input found=0
            for input in "$artifacts"/*; do
                [ -f "$input" ] || continue
                found=1
                echo "dev.sh fuzz: $name failed on $input ($(wc -c < "$input") bytes):" >&2
                od -A x -t x1z -v "$input" | head -n 64 >&2
                failed+=("$name: $input")
            done
            [ $found -eq 1 ] || failed+=("$name: no input kept, see $log")
        fi
        grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' \
            "$log" | sed "s/^/    $name /" >&2 || true
    done
    if [ ${#failed[@]} -gt 0 ]; then
        echo "dev.sh fuzz: failed:" >&2
        printf '    %s\n' "${failed[@]}" >&2
        echo "dev.sh fuzz: fix the reader, then keep each input as a regression that ctest replays:" >&2
        echo "    cp INPUT tests/fuzz/regressions/TARGET/<what-it-broke>   (tests/fuzz/README.md)" >&2
        exit 1
    fi
}

command=${1:-run}
[ $# -gt 0 ] && shift
case "$command" in
    run)
        install_packages
        configure_and_build default build
        exec ./build/app/posenc-lab "$@"
        ;;
    test)
        install_packages
        configure_and_build default build
        ctest --preset default --parallel "$jobs" "$@"
        ;;
    test-asan)
        install_packages
        configure_and_build asan build-asan
        ctest --preset asan --parallel "$jobs" "$@"
        ;;
    package)
        install_packages
        configure_and_build default build
        cmake --build --preset default --parallel "$jobs" --target package
        ls -l build/posenc-lab_*.deb >&2
        ;;
    bench)
        install_packages
        configure_and_build default build
        cmake --build --preset default --parallel "$jobs" --target benchmarks
        ;;
    fuzz)
        install_packages
        configure_and_build asan build-asan fuzz
        run_fuzzers "${1:-60}"
        ;;
    *)
        echo "usage: ./dev.sh run [ARGS...] | test | test-asan | bench | package | fuzz [SECONDS]" >&2
        exit 2
        ;;
esac

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Set up, build and run PosEnc Lab on Debian 12. Idempotent: a second run with nothing
# changed installs nothing and rebuilds nothing.
#
#   ./dev.sh run [ARGS...]   install what is missing, build, open the app (ARGS go to it)
#   ./dev.sh test            install what is missing, build, run every test offscreen
#   ./dev.sh test-asan       the same in an AddressSanitizer + UBSan build (build-asan/)
#   ./dev.sh bench           build optimised, run the engine benchmarks (docs/performance.md)
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

# Everything the build, the app and the tests need, by Debian 12 package name.
PACKAGES=(
    cmake g++ make pkg-config
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-qpa-plugins qt6-translations-l10n libgl-dev
    libqcustomplot-dev libeigen3-dev libbenchmark-dev libgif-dev
    fonts-dejavu-core fonts-noto-cjk
    poppler-utils
    python3 python3-numpy
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

# configure_and_build PRESET: configures once (cmake re-runs itself when a CMakeLists
# changes), then builds incrementally.
configure_and_build() {
    local preset=$1 dir=$2
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        say "configuring ($preset)"
        cmake --preset "$preset" >/dev/null
    fi
    say "building ($preset)"
    cmake --build --preset "$preset"
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
        ctest --preset default "$@"
        ;;
    test-asan)
        install_packages
        configure_and_build asan build-asan
        ctest --preset asan "$@"
        ;;
    bench)
        install_packages
        configure_and_build default build
        cmake --build --preset default --target benchmarks
        ;;
    *)
        echo "usage: ./dev.sh run [ARGS...] | test | test-asan | bench" >&2
        exit 2
        ;;
esac

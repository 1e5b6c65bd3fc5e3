#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package, checked as a user and Debian would (tests/package/CMakeLists.txt runs
# each step as a ctest):
#   package.sh build BUILD       cpack: BUILD/package-test/posenc-lab_*.deb
#   package.sh install BUILD     dpkg -x into a scratch root; the files a Linux application
#                                installs are there; --version and one export run from there
#   package.sh lintian BUILD     lintian reports no error
#   package.sh appstream BUILD   appstreamcli validates the metainfo and the installed tree
#   package.sh manpage BUILD     the man page names every command and every option
#   package.sh completion BUILD  the completion offers the commands, every option, the views
#                                and the values of every enumerated option
# The options come from the installed binary's own table (posenc-lab --list-options).
set -euo pipefail
step=$1 build=$(readlink -f "$2")
out=$build/package-test
root=$out/root
fail() { echo "package.sh $step: $*" >&2; exit 1; }

deb() {
    local found=("$out"/posenc-lab_*.deb)
    [ -f "${found[0]}" ] || fail "no .deb in $out; the package-build test makes it"
    echo "${found[0]}"
}

# The installed binary, with nothing of the build tree: no LD_LIBRARY_PATH, no display.
installed() {
    env -u LD_LIBRARY_PATH -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 \
        "$root/usr/bin/posenc-lab" "$@"
}

case $step in
build)
    rm -rf "$out"
    mkdir -p "$out"
    cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" > "$out/cpack.log" 2>&1 \
        || { cat "$out/cpack.log" >&2; fail "cpack failed"; }
    file=$(deb)
    echo "built $(basename "$file"): $(stat -c %s "$file") bytes"
    dpkg-deb --field "$file" Package Version Architecture Depends Recommends Installed-Size
    ;;
install)
    file=$(deb)
    rm -rf "$root"
    mkdir -p "$root"
    dpkg -x "$file" "$root"
    for path in usr/bin/posenc-lab usr/share/applications/posenc-lab.desktop \
            usr/share/icons/hicolor/scalable/apps/posenc-lab.svg \
            usr/share/icons/hicolor/48x48/apps/posenc-lab.png \
            usr/share/icons/hicolor/256x256/apps/posenc-lab.png \
            usr/share/man/man1/posenc-lab.1.gz usr/share/bash-completion/completions/posenc-lab \
            usr/share/doc/posenc-lab/copyright usr/share/doc/posenc-lab/changelog.gz; do
        [ -f "$root/$path" ] || fail "$path is not in the package"
    done
    ls "$root"/usr/share/metainfo/*.metainfo.xml > /dev/null || fail "no metainfo in the package"
    file "$root/usr/bin/posenc-lab" | grep -q ", stripped" || fail "the binary is not stripped"
    ! readelf -d "$root/usr/bin/posenc-lab" | grep -qE 'RPATH|RUNPATH' || fail "the binary has an RPATH"
    version=$(installed --version)
    [ "$version" = "posenc-lab $(dpkg-deb --field "$file" Version)" ] || fail "--version says '$version'"
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    installed export --view heatmap --d-model 16 --seq-len 8 -o "$scratch/pe.npy"
    installed export --view spectrum -o "$scratch/spectrum.svg"
    [ "$(head -c 6 "$scratch/pe.npy" | od -An -c | tr -d ' ')" = '223NUMPY' ] || fail "pe.npy is not a .npy file"
    grep -q '<svg' "$scratch/spectrum.svg" || fail "spectrum.svg is not an SVG"
    echo "installed in $root: $version, an export of data and of a figure"
    ;;
lintian)
    file=$(deb)
    # Errors fail; warnings and notes are printed for the reader.
    lintian --fail-on error --allow-root --tag-display-limit 0 "$file"
    ;;
appstream)
    [ -d "$root" ] || fail "no scratch root; the package-install test makes it"
    appstreamcli validate --no-net --explain "$root"/usr/share/metainfo/*.metainfo.xml
    appstreamcli validate-tree --no-net "$root"
    ;;
manpage)
    [ -d "$root" ] || fail "no scratch root; the package-install test makes it"
    page=$(zcat "$root/usr/share/man/man1/posenc-lab.1.gz" | sed 's/\\-/-/g; s/\\f[BIRP]//g')
    grep -q '^\.TH POSENC-LAB "1"' <<< "$page" || fail "the man page has no .TH POSENC-LAB 1"
    missing=0
    for command in export screenshot check train bench; do
        grep -q "posenc-lab $command" <<< "$page" || { echo "no command $command" >&2; missing=1; }
    done
    while IFS=$'\t' read -r command names value choices; do
        for name in ${names//,/ }; do
            grep -qe "$name\b" <<< "$page" || { echo "$command: no $name" >&2; missing=1; }
        done
    done < <(installed --list-options)
    grep -qi 'exit status' <<< "$page" || { echo "no exit status" >&2; missing=1; }
    [ $missing -eq 0 ] || fail "the man page leaves these out"
    echo "the man page names every command and option of posenc-lab --list-options"
    ;;
completion)
    [ -d "$root" ] || fail "no scratch root; the package-install test makes it"
    completion=$root/usr/share/bash-completion/completions/posenc-lab
    # What the completion offers for a command line ending in the word being typed.
    offers() {
        bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _posenc_lab
                 printf "%s\n" "${COMPREPLY[@]}"' _ "$completion" posenc-lab "$@"
    }
    has() { # has WORD WORDS...: the completion of WORDS offers WORD
        local word=$1; shift
        # Not grep -q: it would stop reading, and pipefail would count the writer's SIGPIPE.
        offers "$@" | grep -xF -- "$word" > /dev/null || { echo "'posenc-lab $*' does not offer $word" >&2; return 1; }
    }
    bad=0
    for command in export screenshot check train bench; do has "$command" "" || bad=1; done
    while IFS=$'\t' read -r command names value choices; do
        [ "$command" = - ] && words=() || words=("$command")
        for name in ${names//,/ }; do
            [[ $name == --* ]] && { has "$name" "${words[@]}" "--" || bad=1; }
        done
        [ "$choices" = - ] && continue
        for choice in $choices; do
            has "$choice" "${words[@]}" "${names##*,}" "" || bad=1
        done
    done < <(installed --list-options)
    # The views, by name; and --option=value.
    has attention export --view "" || bad=1
    has tensor2tensor export --frequencies = "" || bad=1
    [ $bad -eq 0 ] || fail "the completion leaves these out"
    echo "the completion offers every command, option and value of posenc-lab --list-options"
    ;;
*)
    fail "unknown step"
    ;;
esac

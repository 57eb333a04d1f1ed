#!/usr/bin/env bash
# Makes a self-contained Linux release of the server:
#
#   bash scripts/release.sh                 # release build (scratch path .build-release)
#   bash scripts/release.sh --debug         # the debug build of .build, linked the same way
#   bash scripts/release.sh --out DIR       # where the archive goes (default: dist/)
#
# The binary is linked with the Swift runtime and Foundation statically
# (`--static-swift-stdlib`), so it needs no Swift: only glibc and libstdc++, and libcurl (Debian's
# and Ubuntu's libcurl4) for the client commands, which load it when they first make a request;
# the server runs without it. It is stripped. scripts/release-build.sh holds the build's flags
# (shared with the benchmarks) and why each is there. The archive
# `gatehouse-<version>-linux-<arch>.tar.gz` holds one folder of that name with the binary,
# LICENSE, NOTICE, README.md, CHANGELOG.md, the licences of everything linked in
# (THIRD_PARTY_LICENSES.txt), a sample environment file and the systemd unit; beside it,
# `<archive>.sha256` in `sha256sum -c` format. The last line of standard output is the archive's
# path.
#
# The version is the newest `## [x.y.z]` heading of CHANGELOG.md; when the binary answers
# `--version`, it must print the same version.
#
# `--debug` exists for the test suite: a release build takes much longer than the debug build
# the suite already has, so it links that build's objects again with the Swift runtime static
# (seconds). Its archive is named `…-debug.tar.gz` and is not for distribution (unoptimised).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

configuration=release
out_dir="$root/dist"
while [ "$#" -gt 0 ]; do
    case "$1" in
        --debug) configuration=debug ;;
        --out)
            [ "$#" -ge 2 ] || { echo "release.sh: --out needs a folder" >&2; exit 64; }
            out_dir=$2
            shift
            ;;
        -h | --help)
            awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
            exit 0
            ;;
        *) echo "release.sh: unknown argument: $1" >&2; exit 64 ;;
    esac
    shift
done

say() { printf 'release.sh: %s\n' "$*" >&2; }

version=$(sed -n 's/^## \[\([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*[^]]*\)\].*/\1/p' CHANGELOG.md | head -n 1)
[ -n "$version" ] || { say "CHANGELOG.md has no '## [x.y.z]' heading"; exit 1; }

case "$(uname -m)" in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=aarch64 ;;
    *) arch=$(uname -m) ;;
esac

if [ "$configuration" = release ]; then
    name="gatehouse-$version-linux-$arch"
else
    name="gatehouse-$version-linux-$arch-debug"
fi
stage=$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-release.XXXXXX")
trap 'rm -rf "$stage"' EXIT
folder="$stage/$name"
mkdir -p "$folder"

# The flags of the binary we ship (scripts/release-build.sh says what each is for).
# shellcheck source=scripts/release-build.sh
source "$root/scripts/release-build.sh"

started=$SECONDS
if [ "$configuration" = release ]; then
    # The commit goes into the binary (`--version`, `gatehouse_build_info`) through a source file
    # that exists only for this build (GatehouseBuildStamp.swift says how); "-dirty" when the
    # working tree differs from it.
    commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
    if [ "$commit" != unknown ] && ! git diff --quiet HEAD -- 2>/dev/null; then commit="$commit-dirty"; fi
    stamp="$root/Sources/GatehouseServer/Application/GatehouseBuildStamp+Commit.swift"
    printf 'extension GatehouseBuildStamp {\n    static var commit: String { "%s" }\n}\n' "$commit" >"$stamp"
    trap 'rm -rf "$stage"; rm -f "$stamp"' EXIT
    release_build_command "$root" || exit 1
    build=("${RELEASE_BUILD[@]}")
    say "building: ${build[*]}"
    "${build[@]}" >&2
    binary="$("${build[@]}" --show-bin-path)/gatehouse"
else
    # The debug build of the shared .build folder, as it is (building it with other flags would
    # compile every module again, there and for whoever builds next): its objects are linked
    # once more, by SwiftPM's own link command, with the Swift runtime static, into the stage.
    build=(swift build --product gatehouse)
    say "building: ${build[*]}"
    "${build[@]}" >&2
    manifest="$root/.build/debug.yaml"
    binary="$stage/gatehouse.linked"
    mapfile -t link < <(python3 - "$manifest" "$binary" <<'PY'
import json, re, sys
manifest, output = sys.argv[1], sys.argv[2]
text = open(manifest, encoding="utf-8").read()
found = re.search(r'^  "C\.gatehouse-[^"]*-debug\.exe":\n(?:    .*\n)*?    args: (\[.*\])$', text, re.M)
if not found:
    sys.exit(f"no link command for gatehouse in {manifest}")
args = json.loads(found.group(1))
args[args.index("-o") + 1] = output
print("\n".join(args))
PY
    )
    [ "${#link[@]}" -gt 1 ] || { say "could not read the link command from $manifest"; exit 1; }
    # Objects compiled for the shared runtime name its libraries; an empty module compiled for
    # the static one names the static archives Foundation needs (in their order), and linked in
    # it makes the driver add them.
    probe="$stage/static-runtime.swift"
    printf 'import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n' >"$probe"
    swiftc -static-stdlib -parse-as-library -module-name GatehouseStaticRuntime -c "$probe" -o "$stage/static-runtime.o"
    release_link_flags "$root" || exit 1
    say "linking the debug objects with the Swift runtime static"
    "${link[@]}" "$stage/static-runtime.o" -static-stdlib "${RELEASE_LINK_FLAGS[@]}" \
        2> >(grep -v "use of \`mktemp' is dangerous" >&2)
fi
say "built in $((SECONDS - started)) s"
[ -x "$binary" ] || { say "no binary at $binary"; exit 1; }

# A Swift library linked dynamically would be missing on a machine without Swift.
if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|_FoundationICU' >&2; then
    say "the binary still links the Swift runtime dynamically (above)"
    exit 1
fi

if printed=$("$binary" --version 2>/dev/null); then
    case " $printed " in
        *[!0-9.]"$version"[!0-9.]*) ;;
        *) say "CHANGELOG.md says $version but \`gatehouse --version\` prints: $printed"; exit 1 ;;
    esac
    if [ "$configuration" = release ] && [[ $printed != *"$commit"* ]]; then
        say "the build was stamped $commit but \`gatehouse --version\` prints: $printed"
        exit 1
    fi
else
    say "this build does not answer --version; the archive is named after CHANGELOG.md ($version)"
fi

install -m 0755 "$binary" "$folder/gatehouse"
strip --strip-all "$folder/gatehouse"
install -m 0644 LICENSE NOTICE README.md CHANGELOG.md "$folder/"
install -m 0644 deploy/gatehouse.env.example "$folder/gatehouse.env.example"
install -m 0644 deploy/systemd/gatehouse.service "$folder/gatehouse.service"

# Everything linked into the binary: the Swift toolchain's runtime and Foundation, and every
# package checkout of this build (their licences and NOTICE files, as Apache-2.0 asks).
if [ "$configuration" = release ]; then checkouts="$root/.build-release/checkouts"; else checkouts="$root/.build/checkouts"; fi
{
    printf 'Licences of the software linked into the gatehouse binary\n'
    printf '==========================================================\n'
    swift_licence="$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt"
    if [ -f "$swift_licence" ]; then
        printf '\n\n----- Swift runtime and Foundation (%s) -----\n\n' "$(swift --version 2>/dev/null | head -n 1)"
        cat "$swift_licence"
    fi
    for dependency in "$checkouts"/*/; do
        package=$(basename "$dependency")
        for file in "$dependency"LICENSE* "$dependency"LICENCE* "$dependency"COPYING* "$dependency"NOTICE*; do
            [ -f "$file" ] || continue
            printf '\n\n----- %s: %s -----\n\n' "$package" "$(basename "$file")"
            cat "$file"
        done
    done
} >"$folder/THIRD_PARTY_LICENSES.txt"

mkdir -p "$out_dir"
archive="$out_dir/$name.tar.gz"
# Owner, group and times fixed, files in name order: the same inputs give the same archive.
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner \
    --mtime="@$(git log -1 --format=%ct 2>/dev/null || echo 0)" -cf - "$name" | gzip -n -9 >"$archive.tmp"
mv "$archive.tmp" "$archive"
(cd "$out_dir" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")

size=$(du -h "$archive" | cut -f1)
say "$archive ($size; binary $(du -h "$folder/gatehouse" | cut -f1) stripped)"
printf '%s\n' "$archive"

#!/usr/bin/env bash
# A bare Debian 12 root filesystem (debootstrap --variant=minbase bookworm: no Swift, no
# compiler, only what every Debian system has, plus libcurl4, the one system library the release
# binary's client commands load besides glibc and libstdc++), made once per machine and kept under /tmp for the
# next runs. Prints its path. Idempotent: a finished tree carries a marker file naming what it was
# made with; a half-made one (an interrupted run) or one made otherwise is made again.
#
#   bash Packaging/rootfs.sh            # the folder
#   bash Packaging/rootfs.sh --image    # also imported into podman as NAME (below), if missing
#
# The release tests never change this tree: they copy it first.
set -euo pipefail

cache=${GATEHOUSE_PACKAGING_CACHE:-/tmp/gatehouse-packaging}
rootfs="$cache/rootfs-bookworm-minbase"
marker="$rootfs/.gatehouse-rootfs-complete"
mirror=${GATEHOUSE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
include=libcurl4
recipe="debootstrap --variant=minbase --include=$include bookworm"
# The name the Containerfile's FROM line uses: the test builds the image from this tree.
image=docker.io/library/debian:bookworm-slim

say() { printf 'rootfs.sh: %s\n' "$*" >&2; }

mkdir -p "$cache"
exec 9>"$cache/rootfs.lock"
# One maker at a time; a second caller waits and then finds the tree made.
flock -w 900 9 || { say "another run holds $cache/rootfs.lock"; exit 1; }

if [ ! -e "$marker" ] || [ "$(head -n 1 "$marker")" != "$recipe" ]; then
    rm -rf "$rootfs" "$rootfs.partial"
    say "$recipe into $rootfs (about a minute)"
    started=$SECONDS
    timeout 900 debootstrap --variant=minbase --include="$include" bookworm "$rootfs.partial" "$mirror" >"$cache/debootstrap.log" 2>&1 \
        || { tail -n 20 "$cache/debootstrap.log" >&2; say "debootstrap failed"; exit 1; }
    # No package cache or lists in the tree (the image made from it stays small).
    rm -rf "$rootfs.partial"/var/cache/apt/archives/*.deb "$rootfs.partial"/var/lib/apt/lists/*
    mv "$rootfs.partial" "$rootfs"
    printf '%s\n%s\n' "$recipe" "$(date -u +%FT%TZ)" >"$marker"
    say "made in $((SECONDS - started)) s"
fi

if [ "${1:-}" = --image ]; then
    export CONTAINERS_CONF=${CONTAINERS_CONF:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/containers.conf}
    created=$(tail -n 1 "$marker")
    # Imported again when the tree was made again (the label tells which tree it came from).
    if [ "$(podman image inspect --format '{{index .Labels "gatehouse.rootfs"}}' "$image" 2>/dev/null)" != "$created" ]; then
        say "importing $rootfs as $image"
        tar -C "$rootfs" --exclude=./.gatehouse-rootfs-complete -c . \
            | podman import --quiet --change "LABEL gatehouse.rootfs=$created" --change 'CMD ["bash"]' - "$image" >/dev/null
    fi
fi
printf '%s\n' "$rootfs"

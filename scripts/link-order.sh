#!/usr/bin/env bash
# Writes scripts/gatehouse.order: the functions a running server executes, which the release link
# (scripts/release-build.sh) places together at the start of the binary's code.
#
#   bash scripts/link-order.sh            # GATEHOUSE_BIN to use a release binary already built
#
# Why: the kernel maps a binary's code into a process 64 KiB or more around each page it touches.
# Linked in the compiler's order, the code a server runs (about 5 MiB of 46) is spread over the
# whole text, so start-up alone made 25–30 MiB of it resident. Placed together, it fits in a few.
#
# How: Benchmarks/memory.sh's mixed load (sign-up, sign-in, refresh, /recover for registered and
# unknown addresses, refused requests, the outbox worker) runs for LINK_ORDER_MINUTES (1) against
# a server under valgrind's callgrind, on SQLite and then on PostgreSQL (a throwaway cluster of
# scripts/postgres.sh), from start-up to shutdown. Every function callgrind saw run, by its
# symbol, goes into the file, sorted so that a new profile's difference reads as a diff.
#
# The file only orders: a function missing from it still links, in its usual place. Run this
# again when the request path has changed much (Benchmarks/README.md, "Memory").
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
minutes="${LINK_ORDER_MINUTES:-1}"
[[ "$minutes" =~ ^[1-9][0-9]*$ ]] || { echo "link-order.sh: LINK_ORDER_MINUTES must be a positive whole number" >&2; exit 64; }
for tool in valgrind callgrind_control nm objcopy python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "link-order.sh: $tool is required (apt-get install valgrind binutils python3)" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-link-order.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [[ -z "${GATEHOUSE_BIN:-}" ]]; then
    # shellcheck source=scripts/release-build.sh
    source "$root/scripts/release-build.sh"
    release_build_command "$root"
    echo "link-order.sh: building: ${RELEASE_BUILD[*]}" >&2
    (cd "$root" && "${RELEASE_BUILD[@]}") >&2
    GATEHOUSE_BIN="$(cd "$root" && "${RELEASE_BUILD[@]}" --show-bin-path)/gatehouse"
fi
[[ -x "$GATEHOUSE_BIN" ]] || { echo "link-order.sh: no executable at $GATEHOUSE_BIN" >&2; exit 1; }

for db in sqlite postgres; do
    echo "link-order.sh: profiling on $db for $minutes min (Benchmarks/memory.sh under callgrind)" >&2
    GATEHOUSE_BIN="$GATEHOUSE_BIN" BENCH_DB="$db" BENCH_MEMORY_MINUTES="$minutes" BENCH_MEMORY_IDLE=5 \
        BENCH_MEMORY_CALLGRIND="$work/callgrind-$db" bash "$root/Benchmarks/memory.sh" >"$work/memory-$db.log" 2>&1 ||
        { tail -n 30 "$work/memory-$db.log" >&2; echo "link-order.sh: the $db profile failed" >&2; exit 1; }
done

nm --defined-only "$GATEHOUSE_BIN" | awk '$2 ~ /^[tTwW]$/ { print $3 }' >"$work/symbols.txt"
python3 - "$work" "$root/scripts/gatehouse.order" <<'PY'
import glob, re, sys
work, out = sys.argv[1], sys.argv[2]
symbols = set(open(f"{work}/symbols.txt").read().split())
ran = set()
for path in glob.glob(f"{work}/callgrind-*"):
    names = {}
    for line in open(path, errors="replace"):
        # "fn=(id) name" defines an id, "fn=(id)" reuses it; cfn= names a callee the same way.
        found = re.match(r"c?fn=\((\d+)\)(?: (.+))?$", line.rstrip("\n"))
        if not found:
            continue
        ident, name = found.groups()
        if name:
            names[ident] = name
        if ident in names:
            ran.add(re.sub(r"'\d+$", "", names[ident]))  # callgrind marks recursion as name'2
ordered = sorted(ran & symbols)
if len(ordered) < 1000:
    sys.exit(f"link-order.sh: only {len(ordered)} functions seen running: the profile is broken")
with open(out, "w") as file:
    file.write("\n".join(ordered) + "\n")
print(f"link-order.sh: {len(ordered)} functions written to {out}", file=sys.stderr)
PY

#!/usr/bin/env bash
# `swift test` for scripts/test.sh: bounded by GATEHOUSE_SWIFT_TEST_TIMEOUT (seconds, 2400 by
# default), at most GATEHOUSE_SWIFT_TEST_WIDTH tests at once (16), its output shown as it comes, and on a failure a digest at the end
# (scripts/swift-test-digest.py): the issues recorded, and after a time-out the tests that started
# and never finished — so a stalled or failed run names its tests right above the summary.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1
limit=${GATEHOUSE_SWIFT_TEST_TIMEOUT:-2400}
# At most 16 tests at once. Unbounded, swift-testing started hundreds together: each server test's
# application opened its own PostgreSQL pool, the cluster ran out of connections (500: "sorry, too
# many clients already") and on a loaded machine the run crawled (400 s), failed tests waiting on
# a starved cooperative pool, and sometimes stalled. Bounded at 16: at most ~40 connections, and
# the same suite took 241 s on the same loaded machine.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=${GATEHOUSE_SWIFT_TEST_WIDTH:-16}
log=$(mktemp "${TMPDIR:-/tmp}/gatehouse-swift-test.XXXXXX")
timeout "$limit" swift test "$@" >"$log" 2>&1 &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null; wait "$pid"; rm -f "$log"; exit 143' TERM INT
tail -n +1 -f --pid="$pid" "$log" &
tail_pid=$!
wait "$pid"
rc=$?
wait "$tail_pid"
if [ "$rc" -ne 0 ]; then
    python3 scripts/swift-test-digest.py "$log" "$rc" "$limit"
fi
rm -f "$log"
exit "$rc"

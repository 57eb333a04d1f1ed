#!/usr/bin/env bash
# The repository's test command: `bash scripts/test.sh`.
#
#   1. system packages (scripts/install-deps.sh)
#   2. Python virtualenv for the conformance suite (scripts/python-env.sh)
#   3. swift build, the SwiftUI parse check and `swift format lint --strict`
#   4. a throwaway PostgreSQL 15 cluster (scripts/postgres.sh), stopped on any exit
#   5. swift test (scripts/swift-test.sh: bounded, with a digest of what failed or stalled), with
#      GATEHOUSE_TEST_POSTGRES_URL exported (Swift suites run on SQLite
#      always and on PostgreSQL when that variable is set)
#   6. in two lanes at the same time (see "Lanes" below): the Python conformance suite
#      (Conformance/) against the built binary on SQLite, then the browser suite (Browser/);
#      the conformance suite on PostgreSQL, then the cluster suite (Conformance/cluster: three
#      instances, one PostgreSQL, nginx), then the packaging suite (Packaging/: the release
#      archive on a bare Debian root, the container image, and every deployment file of
#      deploy/ under podman)
#
# Exits non-zero when any step fails; pytest's exit code 5 (no tests collected) is a failure.
# Works without a terminal or stdin (CI=true). Extra arguments are passed to both pytest runs,
# e.g. `bash scripts/test.sh -k refresh`.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1
exec </dev/null

step_names=()
step_results=()
pg_dir=""
log_dir=""

record() { step_names+=("$1"); step_results+=("$2"); }

banner() { printf '\n==> %s\n' "$*"; }

summary() {
    local i failed=0
    printf '\n==> summary\n'
    for i in "${!step_names[@]}"; do
        printf '  %-6s %s\n' "${step_results[$i]}" "${step_names[$i]}"
        [ "${step_results[$i]}" = PASS ] || failed=1
    done
    if [ "$failed" -eq 0 ]; then
        printf 'scripts/test.sh: all steps passed\n'
    else
        printf 'scripts/test.sh: FAILED\n'
    fi
    return "$failed"
}

cleanup() {
    local rc=$?
    if [ -n "$pg_dir" ]; then
        bash scripts/postgres.sh stop "$pg_dir" || true
        pg_dir=""
    fi
    if [ -n "$log_dir" ]; then rm -rf "$log_dir"; fi
    exit "$rc"
}
# Commands run in the background and are waited for, so that a signal reaches the trap at
# once (bash defers traps while a foreground command runs); the trap passes it on to every
# command still running, and prints what the lanes (below) had logged.
children=()
lane_names=()
lane_pids=()
lane_dirs=()
lane_done=()
run_child() {
    local rc
    "$@" &
    children=("$!")
    wait "${children[0]}"
    rc=$?
    children=()
    return "$rc"
}
on_signal() {
    local pid alive i
    for pid in "${children[@]}"; do kill -TERM "$pid" 2>/dev/null; done
    for _ in $(seq 1 600); do
        alive=0
        for pid in "${children[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ "$alive" -eq 1 ] || break
        sleep 0.1
    done
    for pid in "${children[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    for i in "${!lane_names[@]}"; do
        [ -n "${lane_done[$i]}" ] || print_lane "$i" " (interrupted)"
    done
    exit "$1"
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
# Logs of the steps run in lanes (each lane's are printed whole when the lane ends).
log_dir=$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-test.XXXXXX") || exit 1

# Runs one step: name, then the command. Records PASS/FAIL and returns the command's status.
run_step() {
    local name=$1 rc
    shift
    banner "$name"
    run_child "$@"
    rc=$?
    if [ "$rc" -eq 0 ]; then record "$name" PASS; else record "$name" "FAIL"; printf '%s: exit code %s\n' "$name" "$rc"; fi
    return "$rc"
}

# Lanes: steps run one after another in the background, beside the other lanes of their group.
# `start_lane NAME FUNCTION ARGS...` runs FUNCTION in the background; in it, `lane_step NAME
# COMMAND...` runs one step with its output in a log of its own and returns its status, and
# `lane_record NAME RESULT` records a step that could not run. `finish_lanes` waits for every
# lane, prints each lane's steps (banner and whole log) as soon as that lane ends, and records
# them, PASS or FAIL as run_step does, lane by lane in the order they were started.
lane_step() {
    local name=$1 pid rc
    shift
    lane_count=$((lane_count + 1))
    printf '%s\n' "$name" >"$lane_dir/$lane_count.name"
    "$@" >"$lane_dir/$lane_count.log" 2>&1 &
    pid=$!
    # A signal to the lane reaches the step that is running, and the lane stops after it.
    trap 'kill -TERM "$pid" 2>/dev/null; wait "$pid"; exit 143' TERM
    wait "$pid"
    rc=$?
    trap 'exit 143' TERM
    printf '%s\n' "$rc" >"$lane_dir/$lane_count.rc"
    return "$rc"
}
lane_record() {
    lane_count=$((lane_count + 1))
    printf '%s\n' "$1" >"$lane_dir/$lane_count.name"
    printf '%s\n' "$2" >"$lane_dir/$lane_count.result"
}
start_lane() {
    local name=$1 dir="$log_dir/lane-${#lane_names[@]}"
    shift
    mkdir -p "$dir" || return 1
    printf '\n==> %s: started, beside the other lanes of this group (printed when it ends)\n' "$name"
    (
        lane_dir=$dir lane_count=0
        trap 'exit 143' TERM
        "$@"
    ) &
    lane_names+=("$name")
    lane_pids+=("$!")
    lane_dirs+=("$dir")
    lane_done+=("")
    children+=("$!")
}
# The steps of lane $1, each under its banner (with $2 after its name), in the order they ran.
print_lane() {
    local dir=${lane_dirs[$1]} k name rc
    for ((k = 1; k <= 100; k++)); do
        [ -f "$dir/$k.name" ] || break
        name=$(cat "$dir/$k.name")
        banner "$name$2"
        cat "$dir/$k.log" "$dir/$k.result" 2>/dev/null
        rc=$(cat "$dir/$k.rc" 2>/dev/null)
        [ -z "$rc" ] || [ "$rc" = 0 ] || printf '%s: exit code %s\n' "$name" "$rc"
    done
}
# A step with no status (its lane was stopped or died while it ran) is a failure.
record_lane() {
    local dir=${lane_dirs[$1]} k name
    for ((k = 1; k <= 100; k++)); do
        [ -f "$dir/$k.name" ] || break
        name=$(cat "$dir/$k.name")
        if [ -f "$dir/$k.result" ]; then
            record "$name" "$(cat "$dir/$k.result")"
        elif [ "$(cat "$dir/$k.rc" 2>/dev/null)" = 0 ]; then
            record "$name" PASS
        else
            record "$name" FAIL
        fi
    done
}
finish_lanes() {
    local i pid running
    while :; do
        running=()
        for i in "${!lane_pids[@]}"; do [ -n "${lane_done[$i]}" ] || running+=("${lane_pids[$i]}"); done
        [ "${#running[@]}" -gt 0 ] || break
        pid=""
        wait -n -p pid "${running[@]}"
        [ -n "$pid" ] || continue
        for i in "${!lane_pids[@]}"; do
            [ "${lane_pids[$i]}" = "$pid" ] || continue
            lane_done[$i]=1
            print_lane "$i" ""
        done
    done
    for i in "${!lane_names[@]}"; do
        record_lane "$i"
        rm -rf "${lane_dirs[$i]}"
    done
    lane_names=() lane_pids=() lane_dirs=() lane_done=() children=()
}

# Steps without which nothing else can run: stop at the first failure.
if ! run_step "install system dependencies" bash scripts/install-deps.sh; then summary; exit 1; fi
banner "python environment"
if python=$(bash scripts/python-env.sh); then
    record "python environment" PASS
else
    record "python environment" FAIL; summary; exit 1
fi
if ! run_step "swift build" timeout "${GATEHOUSE_BUILD_TIMEOUT:-2700}" swift build; then summary; exit 1; fi
# SwiftUI exists on Apple platforms only: the views and the example app are type-checked
# against TypeCheck/'s declarations of Apple's API (TypeCheck/README.md).
run_step "SwiftUI views type-check" bash scripts/typecheck-ui.sh
# Every Swift file opens with the Apache-2.0 header (`bash scripts/spdx-headers.sh` adds it).
run_step "licence headers" bash scripts/spdx-headers.sh --check
# One format for every Swift file (.swift-format; `swift format -i -r Sources Tests Package.swift` fixes it).
run_step "swift format lint" swift format lint --strict --recursive --parallel Sources Tests Package.swift

banner "start PostgreSQL"
if pg_env=$(bash scripts/postgres.sh start); then
    eval "$pg_env"
    pg_dir=$GATEHOUSE_PG_DIR
    printf 'PostgreSQL at %s\n' "$GATEHOUSE_TEST_POSTGRES_URL"
    record "start PostgreSQL" PASS
else
    record "start PostgreSQL" FAIL
    unset GATEHOUSE_TEST_POSTGRES_URL
fi

# Without PostgreSQL the Swift suites would silently run on SQLite only; the PostgreSQL
# failure above already fails the run, so running them still gives useful results.
run_step "swift test" bash scripts/swift-test.sh

# pytest exits 5 when it collected no tests; any non-zero status is a failure here.
# Two lanes run at the same time, each step bounded by its own timeout. The conformance passes
# lead them: one pass keeps about one core busy (its servers, its client and their waits take
# turns), so on two cores both together took 20 minutes where one after the other took 27 (the
# same binary and machine). The pass on SQLite ends minutes before the one on PostgreSQL; its
# lane goes on with the browser suite, the other with the cluster and packaging suites, which
# together take about as long.
# They share nothing but the PostgreSQL cluster (a database per server) and pick free ports.
pytest_cmd=(timeout "${GATEHOUSE_PYTEST_TIMEOUT:-1800}" "$python" -m pytest Conformance)
sqlite_and_browser_lane() {
    lane_step "conformance (SQLite)" "${pytest_cmd[@]}" --db sqlite "$@"
    # The web pages in a real browser (Chromium from Debian, Playwright in .venv).
    if lane_step "browser environment" bash scripts/browser-env.sh; then
        lane_step "browser suite" timeout "${GATEHOUSE_BROWSER_TIMEOUT:-1200}" "$python" -m pytest Browser -q
    else
        lane_record "browser suite" "FAIL (no browser environment)"
    fi
}
postgres_and_packaging_lane() {
    if [ -n "$pg_dir" ]; then
        lane_step "conformance (PostgreSQL)" "${pytest_cmd[@]}" --db postgres "$@"
        # Three instances on one PostgreSQL database behind Debian's nginx (Conformance/cluster/).
        lane_step "cluster (PostgreSQL + nginx)" timeout "${GATEHOUSE_CLUSTER_TIMEOUT:-600}" \
            "$python" -m pytest Conformance/cluster --db postgres -q
    else
        lane_record "conformance (PostgreSQL)" "FAIL (no PostgreSQL)"
        lane_record "cluster (PostgreSQL + nginx)" "FAIL (no PostgreSQL)"
    fi
    # The release archive (scripts/release.sh --debug: the debug build, linked with the Swift
    # runtime statically), the Containerfile's image and deploy/'s files, under podman
    # (Packaging/README.md).
    lane_step "packaging" timeout "${GATEHOUSE_PACKAGING_TIMEOUT:-1800}" "$python" -m pytest Packaging -q
}
start_lane "conformance (SQLite), then the browser suite" sqlite_and_browser_lane "$@"
start_lane "conformance (PostgreSQL), then the cluster and packaging suites" postgres_and_packaging_lane "$@"
finish_lanes

summary

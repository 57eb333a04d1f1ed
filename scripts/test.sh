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
#   6. the Python conformance suite (Conformance/) against the built binary, on SQLite and on
#      PostgreSQL: the two passes run at the same time (see "Steps run side by side" below)
#   7. the cluster suite (Conformance/cluster): three instances, one PostgreSQL, nginx
#   8. the browser suite (Browser/)
#   9. the packaging suite (Packaging/): the release archive on a bare Debian root, the container
#      image, and every deployment file of deploy/ under podman
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
# command still running, and prints what the side-by-side steps had logged.
children=()
side_names=()
side_pids=()
side_logs=()
side_results=()
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
    for i in "${!side_names[@]}"; do
        if [ -z "${side_results[$i]}" ]; then
            banner "${side_names[$i]} (interrupted)"
            cat "${side_logs[$i]}" 2>/dev/null
        fi
    done
    exit "$1"
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
# Logs of the steps run side by side (each is printed whole when its step ends).
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

# Steps run side by side: `start_side_step NAME COMMAND...` starts one in the background with its
# output in a log of its own; `finish_side_steps` waits for all of them, prints each log whole (with
# the step's banner) as soon as that step ends, and records them, PASS or FAIL as run_step does, in
# the order they were started.
start_side_step() {
    local name=$1 log="$log_dir/step-${#side_names[@]}.log"
    shift
    printf '\n==> %s: started, alongside the other steps of this group (printed when it ends)\n' "$name"
    "$@" >"$log" 2>&1 &
    side_names+=("$name")
    side_pids+=("$!")
    side_logs+=("$log")
    side_results+=("")
    children+=("$!")
}
finish_side_steps() {
    local i pid rc running
    while :; do
        running=()
        for i in "${!side_pids[@]}"; do [ -n "${side_results[$i]}" ] || running+=("${side_pids[$i]}"); done
        [ "${#running[@]}" -gt 0 ] || break
        pid=""
        wait -n -p pid "${running[@]}"
        rc=$?
        [ -n "$pid" ] || continue
        for i in "${!side_pids[@]}"; do
            [ "${side_pids[$i]}" = "$pid" ] || continue
            side_results[$i]=$rc
            banner "${side_names[$i]}"
            cat "${side_logs[$i]}"
            [ "$rc" -eq 0 ] || printf '%s: exit code %s\n' "${side_names[$i]}" "$rc"
        done
    done
    for i in "${!side_names[@]}"; do
        if [ "${side_results[$i]}" -eq 0 ]; then record "${side_names[$i]}" PASS; else record "${side_names[$i]}" FAIL; fi
        rm -f "${side_logs[$i]}"
    done
    side_names=() side_pids=() side_logs=() side_results=() children=()
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
# The two passes run at the same time, each bounded by GATEHOUSE_PYTEST_TIMEOUT: one pass keeps
# about one core busy (its servers, its client and their waits take turns), so on two cores both
# together took 20 minutes where one after the other took 27 (the same binary and machine).
# They share nothing but the PostgreSQL cluster (a database per server) and pick free ports.
pytest_cmd=(timeout "${GATEHOUSE_PYTEST_TIMEOUT:-1800}" "$python" -m pytest Conformance)
start_side_step "conformance (SQLite)" "${pytest_cmd[@]}" --db sqlite "$@"
if [ -n "$pg_dir" ]; then
    start_side_step "conformance (PostgreSQL)" "${pytest_cmd[@]}" --db postgres "$@"
fi
finish_side_steps
[ -n "$pg_dir" ] || record "conformance (PostgreSQL)" "FAIL (no PostgreSQL)"

# Three instances on one PostgreSQL database behind Debian's nginx (Conformance/cluster/).
if [ -n "$pg_dir" ]; then
    run_step "cluster (PostgreSQL + nginx)" timeout "${GATEHOUSE_CLUSTER_TIMEOUT:-600}" \
        "$python" -m pytest Conformance/cluster --db postgres -q
else
    record "cluster (PostgreSQL + nginx)" "FAIL (no PostgreSQL)"
fi

# The web pages in a real browser (Chromium from Debian, Playwright in .venv).
if run_step "browser environment" bash scripts/browser-env.sh; then
    run_step "browser suite" timeout "${GATEHOUSE_BROWSER_TIMEOUT:-1200}" "$python" -m pytest Browser -q
else
    record "browser suite" "FAIL (no browser environment)"
fi

# The release archive (scripts/release.sh --debug: the debug build, linked with the Swift runtime
# statically), the Containerfile's image and deploy/'s files, under podman (Packaging/README.md).
run_step "packaging" timeout "${GATEHOUSE_PACKAGING_TIMEOUT:-1800}" "$python" -m pytest Packaging -q

summary

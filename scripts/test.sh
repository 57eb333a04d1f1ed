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
#   6. the Python conformance suite (Conformance/) against the built binary, on SQLite
#   7. the same suite on PostgreSQL
#   8. the cluster suite (Conformance/cluster): three instances, one PostgreSQL, nginx
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
    exit "$rc"
}
# Commands run in the background and are waited for, so that a signal reaches the trap at
# once (bash defers traps while a foreground command runs); the trap passes it on.
child=""
run_child() {
    local rc
    "$@" &
    child=$!
    wait "$child"
    rc=$?
    child=""
    return "$rc"
}
on_signal() {
    if [ -n "$child" ]; then
        kill -TERM "$child" 2>/dev/null
        for _ in $(seq 1 600); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$child" 2>/dev/null
    fi
    exit "$1"
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

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

# Steps without which nothing else can run: stop at the first failure.
if ! run_step "install system dependencies" bash scripts/install-deps.sh; then summary; exit 1; fi
banner "python environment"
if python=$(bash scripts/python-env.sh); then
    record "python environment" PASS
else
    record "python environment" FAIL; summary; exit 1
fi
if ! run_step "swift build" timeout "${GATEHOUSE_BUILD_TIMEOUT:-2700}" swift build; then summary; exit 1; fi
# SwiftUI exists on Apple platforms only: here every view file must at least parse.
run_step "SwiftUI views parse" bash scripts/check-ui-parses.sh
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
pytest_cmd=(timeout "${GATEHOUSE_PYTEST_TIMEOUT:-1800}" "$python" -m pytest Conformance)
run_step "conformance (SQLite)" "${pytest_cmd[@]}" --db sqlite "$@"
if [ -n "$pg_dir" ]; then
    run_step "conformance (PostgreSQL)" "${pytest_cmd[@]}" --db postgres "$@"
else
    record "conformance (PostgreSQL)" "FAIL (no PostgreSQL)"
fi

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

summary

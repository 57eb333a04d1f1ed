#!/usr/bin/env bash
# Gatehouse load benchmark: sign-in and refresh throughput and latency against a release build of
# `gatehouse serve`, printed next to peers measured in the same run: the bcrypt bound
# (cores / one verify) for sign-in, and the server's cheapest route for refresh.
#
# Not a test: it never fails on a number. It exits non-zero only when it could not measure
# (build failed, server did not start, wrk failed). See Benchmarks/README.md.
#
# Usage: Benchmarks/run.sh            (settings through the environment; `--help` lists them)
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: Benchmarks/run.sh

Builds gatehouse in release mode (.build-release), starts it on 127.0.0.1 with a temporary data
dir, runs the scenarios with wrk, stops it, and prints a summary. Raw output goes to
Benchmarks/results/<UTC time>/ (and Benchmarks/results/latest).

Environment (default):
  BENCH_DURATION           seconds per measured scenario (15)
  BENCH_WARMUP             seconds of discarded warm-up before each scenario, 0 for none (3)
  BENCH_CEILING_DURATION   seconds for the health-route ceiling (5)
  BENCH_CONNECTIONS        wrk connections (8)
  BENCH_THREADS            wrk threads (1; capped at the connection count)
  BENCH_USERS              users signed up for the sign-in rotation (8)
  BENCH_SESSIONS           refresh tokens seeded per refresh run (4 x connections, at least 2 x)
  BENCH_BCRYPT_COST        bcrypt cost for the server and the bound (10)
  BENCH_BCRYPT_ITERATIONS  verifies timed by `gatehouse bcrypt-bench` (30)
  BENCH_CORES              cores in the bound, and the Django peer's gunicorn workers (nproc)
  BENCH_RATE               fixed-rate scenario: requests a second (1000)
  BENCH_FIXED_DURATION     fixed-rate scenario: seconds per route (10)
  BENCH_DJANGO             1: measure the Django peer of /recover (needs python3 and PyPI once), 0: skip (1)
  BENCH_JWT_ALG            HS256 (production's default signing, the default here) or RS256 (development's key)
  BENCH_DJANGO_USERS       accounts seeded into the Django peer (1000)
  BENCH_CALLGRIND          1: count instructions per /recover with Benchmarks/callgrind.sh (slow), 0: skip (1)
  GATEHOUSE_BIN            use this binary and skip the build
EOF
}
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then usage; exit 0; fi
if [[ $# -gt 0 ]]; then usage >&2; exit 2; fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="$ROOT/Benchmarks"
WRK_DIR="$BENCH_DIR/wrk"

DURATION="${BENCH_DURATION:-15}"
WARMUP="${BENCH_WARMUP:-3}"
CEILING_DURATION="${BENCH_CEILING_DURATION:-5}"
CONNECTIONS="${BENCH_CONNECTIONS:-8}"
THREADS="${BENCH_THREADS:-1}"
USERS="${BENCH_USERS:-8}"
SESSIONS="${BENCH_SESSIONS:-$((CONNECTIONS * 4))}"
COST="${BENCH_BCRYPT_COST:-10}"
ITERATIONS="${BENCH_BCRYPT_ITERATIONS:-30}"
CORES="${BENCH_CORES:-$(nproc)}"
RATE="${BENCH_RATE:-1000}"
FIXED_DURATION="${BENCH_FIXED_DURATION:-10}"
DJANGO="${BENCH_DJANGO:-1}"
DJANGO_USERS="${BENCH_DJANGO_USERS:-1000}"
CALLGRIND="${BENCH_CALLGRIND:-1}"
BIN="${GATEHOUSE_BIN:-}"

# shellcheck source=Benchmarks/lib.sh
source "$BENCH_DIR/lib.sh"
# shellcheck source=Benchmarks/django/peer.sh
source "$BENCH_DIR/django/peer.sh"

for name in DURATION WARMUP CEILING_DURATION CONNECTIONS THREADS USERS SESSIONS COST ITERATIONS CORES RATE FIXED_DURATION DJANGO DJANGO_USERS CALLGRIND; do
    [[ "${!name}" =~ ^[0-9]+$ ]] || die "$name must be a whole number, got '${!name}'"
done
((DURATION > 0 && CONNECTIONS > 0 && THREADS > 0 && USERS > 0 && ITERATIONS > 0 && CORES > 0)) ||
    die "durations, connections, threads, users, iterations and cores must be positive"
((THREADS > CONNECTIONS)) && THREADS=$CONNECTIONS
((SESSIONS < 2 * CONNECTIONS)) && { log "BENCH_SESSIONS raised to 2 x connections"; SESSIONS=$((2 * CONNECTIONS)); }

# ---------------------------------------------------------------- tools

if ! command -v wrk >/dev/null 2>&1; then
    log "installing wrk (apt)"
    sudo=""
    [[ "$(id -u)" -eq 0 ]] || sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq wrk >/dev/null
fi
for tool in wrk curl awk sed od timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
done


STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
OUT="$BENCH_DIR/results/$STAMP"
mkdir -p "$OUT"
ln -sfn "$STAMP" "$BENCH_DIR/results/latest"

# ---------------------------------------------------------------- build

grep -rqs 'bcrypt-bench' "$ROOT/Sources/gatehouse" ||
    log "warning: Sources/gatehouse has no bcrypt-bench subcommand yet; the bound will be n/a"
BIN="$(release_binary)"
[[ -x "$BIN" ]] || die "no executable at $BIN"

# ---------------------------------------------------------------- environment record

LOAD_AT_START="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
CPU_MODEL="$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)"
{
    echo "date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(uname -srm)"
    echo "cpu: ${CPU_MODEL:-unknown}"
    echo "cores_in_bound: $CORES (nproc: $(nproc))"
    echo "load_avg_at_start: $LOAD_AT_START"
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo none), $(git -C "$ROOT" status --porcelain 2>/dev/null | wc -l | tr -d ' ') changed paths"
    echo "swift: $(swift --version 2>/dev/null | head -n 1 || echo unknown)"
    echo "wrk: $(wrk --version 2>&1 | head -n 1 || true)"
    echo "binary: $BIN"
    echo "settings: duration=${DURATION}s warmup=${WARMUP}s ceiling=${CEILING_DURATION}s connections=$CONNECTIONS threads=$THREADS users=$USERS sessions=$SESSIONS cost=$COST iterations=$ITERATIONS"
} >"$OUT/env.txt"
if awk -v l="$LOAD_AT_START" 'BEGIN { exit !(l + 0 > 0.5) }'; then
    log "warning: load average is $LOAD_AT_START before the run; something else is using the CPU and every number will be low"
fi

# ---------------------------------------------------------------- bcrypt bound

# One verify's median time, from the server binary itself (same bcrypt code, same build).
# Prints verify_ms or nothing.
measure_verify_ms() {
    local name="$1" line
    line="$(timeout 600 "$BIN" bcrypt-bench --cost "$COST" --iterations "$ITERATIONS" 2>"$OUT/$name.err" |
        grep '^[[:space:]]*{' | tail -n 1)" || true
    printf '%s\n' "$line" >"$OUT/$name.json"
    sed -n 's/.*"verify_ms"[[:space:]]*:[[:space:]]*\([0-9.eE+-]*\).*/\1/p' <<<"$line"
}

# The same with every core timing verifies at once (one bcrypt-bench per core): the mean of their
# medians, or nothing. Not the bound of the issue, a diagnostic: it shows how much of a gap to the
# bound is the machine not scaling (shared host, clock drop with all cores busy), not the server.
measure_parallel_verify_ms() {
    local i pids=() values=()
    for ((i = 1; i <= CORES; i++)); do
        measure_verify_ms "bcrypt-parallel-$i" >"$TMP/parallel-$i" &
        pids+=($!)
    done
    for i in "${pids[@]}"; do wait "$i" || true; done
    for ((i = 1; i <= CORES; i++)); do
        values+=("$(cat "$TMP/parallel-$i")")
    done
    printf '%s\n' "${values[@]}" | awk 'NF { sum += $1; n++ } END { if (n) printf "%.3f\n", sum / n }'
}

# ---------------------------------------------------------------- server

TMP="$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-bench.XXXXXX")"

trap 'django_stop; cleanup' EXIT
trap 'exit 130' INT TERM

# SQLite's speed depends on where it lives (tmpfs makes fsync free): record it.
echo "data_dir_filesystem: $(df -PT "$TMP" 2>/dev/null | awk 'NR == 2 { print $2 }')" >>"$OUT/env.txt"

start_server \
    GATEHOUSE_BCRYPT_COST="$COST" \
    GATEHOUSE_RATE_LIMIT_TOKEN=0 \
    GATEHOUSE_RATE_LIMIT_OTP=0 \
    GATEHOUSE_AUTOCONFIRM=true

# POST a JSON body; prints the response body; fails (with the status on stderr) unless 2xx.
post_json() {
    local path="$1" body="$2" status
    status="$(curl -sS --max-time 10 -o "$TMP/response" -w '%{http_code}' \
        -H 'Content-Type: application/json' --data-binary "$body" "$BASE$path")" || return 1
    if [[ "$status" != 2* ]]; then
        log "POST $path -> $status: $(head -c 300 "$TMP/response")"
        return 1
    fi
    cat "$TMP/response"
}

# ---------------------------------------------------------------- fixtures

RUN_ID="$(random_hex 4)"
PASSWORD="bench-$(random_hex 8)"
BODIES="$TMP/signin-bodies.txt"
: >"$BODIES"
log "signing up $USERS users"
for i in $(seq 1 "$USERS"); do
    body="{\"email\":\"bench-$RUN_ID-$i@example.com\",\"password\":\"$PASSWORD\"}"
    post_json /auth/v1/signup "$body" >/dev/null || die "sign-up failed"
    echo "$body" >>"$BODIES"
done
mapfile -t USER_BODIES <"$BODIES"

# Writes $2 refresh tokens, each from a new password sign-in (a new session), to file $1.
seed_refresh_tokens() {
    local file="$1" count="$2" i response token
    : >"$file"
    for ((i = 0; i < count; i++)); do
        response="$(post_json '/auth/v1/token?grant_type=password' "${USER_BODIES[i % USERS]}")" ||
            die "password sign-in failed while seeding refresh tokens"
        token="$(sed -n 's/.*"refresh_token"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' <<<"$response")"
        [[ -n "$token" ]] || die "no refresh_token in the password sign-in response: ${response:0:300}"
        echo "$token" >>"$file"
    done
}

# ---------------------------------------------------------------- scenarios

CLOCK_TICKS="$(getconf CLK_TCK 2>/dev/null || echo 100)"
# The process whose CPU time run_wrk reports, with its children (gunicorn's workers).
MEASURED_PID=""
# Prints "<server cpu ticks> <machine busy ticks> <machine total ticks>" from /proc.
cpu_snapshot() {
    local server machine pid pids
    pids="${MEASURED_PID:-$SERVER_PID} $(pgrep -P "${MEASURED_PID:-$SERVER_PID}" 2>/dev/null | tr '\n' ' ')"
    server="$(for pid in $pids; do sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null; done | awk '{ sum += $12 + $13 } END { print sum + 0 }')"
    machine="$(awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print total - $5 - $6, total }' /proc/stat)"
    echo "${server:-0} $machine"
}

# run_wrk NAME SCRIPT SECONDS [SCRIPT_ARGS...]: runs wrk against $TARGET (default $BASE), keeps
# its output, prints its BENCH line with the server's CPU time per successful request and how busy
# the whole machine was appended.
TARGET=""
run_wrk() {
    local name="$1" script="$2" seconds="$3" line before after
    local -a args=()
    (($# > 3)) && args=(-- "${@:4}")
    before="$(cpu_snapshot)"
    if ! timeout --kill-after=5 $((seconds + 60)) \
        wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout 10s --latency \
        -s "$WRK_DIR/$script" "${TARGET:-$BASE}" "${args[@]}" >"$OUT/$name.txt" 2>&1; then
        cat "$OUT/$name.txt" >&2
        die "wrk failed in $name"
    fi
    after="$(cpu_snapshot)"
    line="$(grep '^BENCH ' "$OUT/$name.txt" | tail -n 1)"
    [[ -n "$line" ]] || { cat "$OUT/$name.txt" >&2; die "wrk printed no BENCH line in $name"; }
    line="$line $(awk -v b="$before" -v a="$after" -v hz="$CLOCK_TICKS" -v ok="$(field ok "$line")" 'BEGIN {
        split(b, x, " "); split(a, y, " ")
        busy = (y[3] > x[3]) ? 100 * (y[2] - x[2]) / (y[3] - x[3]) : 0
        per_request = (ok > 0) ? 1000 * (y[1] - x[1]) / hz / ok : 0
        printf "server_cpu_ms_per_req=%.3f machine_busy_pct=%.0f", per_request, busy
    }')"
    echo "$line" >>"$OUT/$name.txt"
    echo "$line"
}
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

log "ceiling: GET /auth/v1/health, ${CEILING_DURATION}s"
CEILING=""
((CEILING_DURATION > 0)) && CEILING="$(run_wrk health health.lua "$CEILING_DURATION")"

if ((WARMUP > 0)); then
    log "sign-in warm-up, ${WARMUP}s"
    run_wrk signin-warmup signin.lua "$WARMUP" "$BODIES" "$THREADS" >/dev/null
fi
# The bound is timed right before and right after the sign-in run, with the server idle, so that
# it sees the machine as the sign-in run does.
log "bcrypt: timing $ITERATIONS verifies at cost $COST"
VERIFY_BEFORE="$(measure_verify_ms bcrypt-before)"
VERIFY_PARALLEL=""
if [[ -z "$VERIFY_BEFORE" ]]; then
    log "warning: '$(basename "$BIN") bcrypt-bench' gave no verify_ms (see $OUT/bcrypt-before.err); the bound will be n/a"
elif ((CORES > 1)); then
    log "bcrypt: timing $ITERATIONS verifies on each of $CORES cores at once"
    VERIFY_PARALLEL="$(measure_parallel_verify_ms)"
fi
log "sign-in: $CONNECTIONS connections, ${DURATION}s"
SIGNIN="$(run_wrk signin signin.lua "$DURATION" "$BODIES" "$THREADS")"
log "bcrypt: timing again"
VERIFY_AFTER="$(measure_verify_ms bcrypt-after)"

if ((WARMUP > 0)); then
    log "refresh warm-up: seeding $SESSIONS sessions, ${WARMUP}s"
    seed_refresh_tokens "$TMP/refresh-warmup-tokens.txt" "$SESSIONS"
    run_wrk refresh-warmup refresh.lua "$WARMUP" "$TMP/refresh-warmup-tokens.txt" "$THREADS" >/dev/null
fi
log "refresh: seeding $SESSIONS sessions, then $CONNECTIONS connections, ${DURATION}s"
seed_refresh_tokens "$TMP/refresh-tokens.txt" "$SESSIONS"
REFRESH="$(run_wrk refresh refresh.lua "$DURATION" "$TMP/refresh-tokens.txt" "$THREADS")"

# /recover closed loop: every request a new address (so none meets the send window).
if ((WARMUP > 0)); then
    log "/recover warm-up, ${WARMUP}s"
    run_wrk recover-warmup recover.lua "$WARMUP" /auth/v1/recover "w$RUN_ID" >/dev/null
fi
log "/recover: $CONNECTIONS connections, ${DURATION}s"
RECOVER="$(run_wrk recover recover.lua "$DURATION" /auth/v1/recover "$RUN_ID")"

# Fixed rate (open loop, latency from each request's scheduled time): /recover, then health.
# The generator is loadgen/fixed-rate.c, compiled for this run into $TMP; without cc (or if it
# does not compile) node/fixed-rate.mjs, whose own jitter on 2 cores shows in its late_sends.
FIXED_GENERATOR=() FIXED_GENERATOR_NAME=""
fixed_rate_generator() {
    local source="$BENCH_DIR/loadgen/fixed-rate.c"
    if command -v cc >/dev/null 2>&1; then
        if cc -std=c11 -O2 -Wall -Wextra -o "$TMP/fixed-rate" "$source" >"$OUT/fixed-rate-build.log" 2>&1; then
            FIXED_GENERATOR=("$TMP/fixed-rate") FIXED_GENERATOR_NAME="loadgen/fixed-rate.c"
            echo "fixed_rate_generator: $FIXED_GENERATOR_NAME ($(cc --version 2>/dev/null | head -n 1))" >>"$OUT/env.txt"
            return 0
        fi
        log "warning: $source did not compile (see $OUT/fixed-rate-build.log): falling back to node/fixed-rate.mjs"
    else
        log "cc is missing: the fixed-rate load falls back to node/fixed-rate.mjs (less precise: see its late_sends)"
    fi
    if command -v node >/dev/null 2>&1; then
        FIXED_GENERATOR=(node "$BENCH_DIR/node/fixed-rate.mjs") FIXED_GENERATOR_NAME="node/fixed-rate.mjs"
        echo "fixed_rate_generator: $FIXED_GENERATOR_NAME ($(node --version))" >>"$OUT/env.txt"
    fi
}
fixed_rate() {
    local route="$1" line
    line="$(timeout $((FIXED_DURATION + 120)) "${FIXED_GENERATOR[@]}" "$BASE" "$route" "$RATE" "$FIXED_DURATION" "f$RUN_ID" 2>&1 |
        tee "$OUT/fixed-$route.txt" | grep '^FIXED ' | tail -n 1)" || true
    [[ -n "$line" ]] || { cat "$OUT/fixed-$route.txt" >&2; die "the fixed-rate load for $route printed nothing"; }
    echo "$line"
}
FIXED_RECOVER="" FIXED_HEALTH=""
fixed_rate_generator
if ((${#FIXED_GENERATOR[@]} > 0)); then
    log "fixed rate ($FIXED_GENERATOR_NAME): /recover at $RATE req/s for ${FIXED_DURATION}s, then the health route"
    FIXED_RECOVER="$(fixed_rate recover)"
    FIXED_HEALTH="$(fixed_rate health)"
else
    log "warning: neither cc nor node: no fixed-rate scenario"
fi

SERVER_PEAK_RSS="$(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$SERVER_PID/status" 2>/dev/null || true)"
stop_server

# The Django peer, alone on the machine as the server was: its whole password reset for a
# registered address (lookup, token, email, outbox row), then for unknown addresses (one SELECT).
DJANGO_REGISTERED="" DJANGO_UNKNOWN="" DJANGO_VERSION=""
if ((DJANGO)); then
    DJANGO_VERSION="$(django_install)"
    echo "django_peer: $DJANGO_VERSION, $CORES gunicorn sync workers" >>"$OUT/env.txt"
    django_start "$DJANGO_USERS"
    MEASURED_PID="$DJANGO_PID" TARGET="$DJANGO_BASE"
    if ((WARMUP > 0)); then
        run_wrk django-warmup recover.lua "$WARMUP" /password-reset "w$RUN_ID" "$DJANGO_USERS" >/dev/null
    fi
    log "Django peer, registered addresses: $CONNECTIONS connections, ${DURATION}s"
    DJANGO_REGISTERED="$(run_wrk django-registered recover.lua "$DURATION" /password-reset "$RUN_ID" "$DJANGO_USERS")"
    log "Django peer, unknown addresses: $CONNECTIONS connections, ${DURATION}s"
    DJANGO_UNKNOWN="$(run_wrk django-unknown recover.lua "$DURATION" /password-reset "$RUN_ID")"
    MEASURED_PID="" TARGET=""
    django_stop
fi

# Instructions per /recover (valgrind callgrind): repeatable where the wall clock is not.
CALLGRIND_LINE=""
if ((CALLGRIND)); then
    if command -v valgrind >/dev/null 2>&1; then
        log "callgrind: instructions per /recover (Benchmarks/callgrind.sh, a few minutes)"
        GATEHOUSE_BIN="$BIN" BENCH_CG_REQUESTS="${BENCH_CG_REQUESTS:-1000}" bash "$BENCH_DIR/callgrind.sh" \
            >"$OUT/callgrind.txt" 2>&1 || log "warning: callgrind.sh failed (see $OUT/callgrind.txt)"
        CALLGRIND_LINE="$(grep '^instructions:' "$OUT/callgrind.txt" | tail -n 1 || true)"
    else
        log "warning: valgrind is missing: no instruction count"
    fi
fi

# ---------------------------------------------------------------- summary

calc() { awk "BEGIN { printf \"$1\", $2 }"; }
ms() { if [[ -n "$1" ]]; then calc '%.2f' "$1"; else echo n/a; fi; }

# One verify = the mean of the medians timed just before and just after the sign-in run.
VERIFY_MS="$(printf '%s\n' "$VERIFY_BEFORE" "$VERIFY_AFTER" |
    awk 'NF { sum += $1; n++ } END { if (n) printf "%.3f\n", sum / n }')"

signin_rps="$(field ok_rps "$SIGNIN")"
refresh_rps="$(field ok_rps "$REFRESH")"
refresh_p99="$(field p99_ms "$REFRESH")"

if [[ -n "$VERIFY_MS" ]]; then
    BOUND="$(calc '%.1f' "$CORES / ($VERIFY_MS / 1000)")"
    RATIO="$(calc '%.3f' "$signin_rps * ($VERIFY_MS / 1000) / $CORES")"
    signin_verdict="$(awk -v r="$RATIO" 'BEGIN { print (r >= 0.95 ? "met" : "MISSED") }')"
else
    BOUND="n/a" RATIO="n/a" signin_verdict="no bound"
fi
refresh_verdict="$(awk -v r="$refresh_rps" -v p="$refresh_p99" \
    'BEGIN { print ((r >= 3000 && p < 10) ? "met" : "MISSED") }')"
ceiling_rps=""
[[ -n "$CEILING" ]] && ceiling_rps="$(field ok_rps "$CEILING")"

row() { printf '%-9s %10s %9s %9s %9s %9s %8s %12s %9s\n' "$@"; }
scenario_row() {
    local name="$1" line="$2"
    row "$name" "$(field ok_rps "$line")" "$(field p50_ms "$line")" "$(field p90_ms "$line")" \
        "$(field p99_ms "$line")" "$(field max_ms "$line")" "$(field non2xx "$line")" \
        "$(field server_cpu_ms_per_req "$line")" "$(field machine_busy_pct "$line")"
}

{
    echo
    echo "Gatehouse benchmark $STAMP — ${CPU_MODEL:-cpu unknown}, $CORES cores, load $LOAD_AT_START at start"
    echo "wrk: $CONNECTIONS connections, $THREADS thread(s), ${DURATION}s per scenario after ${WARMUP}s warm-up; bcrypt cost $COST"
    echo
    row scenario "req/s" "p50 ms" "p90 ms" "p99 ms" "max ms" "non-2xx" "srv cpu ms/r" "cpu busy%"
    [[ -n "$CEILING" ]] && scenario_row health "$CEILING"
    scenario_row sign-in "$SIGNIN"
    scenario_row refresh "$REFRESH"
    scenario_row recover "$RECOVER"
    [[ -n "$DJANGO_REGISTERED" ]] && scenario_row dj-reg "$DJANGO_REGISTERED"
    [[ -n "$DJANGO_UNKNOWN" ]] && scenario_row dj-unkn "$DJANGO_UNKNOWN"
    echo
    echo "bcrypt verify (cost $COST, median of $ITERATIONS): $(ms "$VERIFY_BEFORE") ms before the sign-in run, $(ms "$VERIFY_AFTER") ms after it; bound uses their mean $(ms "$VERIFY_MS") ms x $CORES cores"
    echo "sign-in: $signin_rps req/s, bound $BOUND req/s, ratio $RATIO (target ≥ 0.95) — $signin_verdict"
    if [[ -n "${VERIFY_PARALLEL:-}" && "$RATIO" != n/a ]]; then
        parallel_bound="$(calc '%.1f' "$CORES / ($VERIFY_PARALLEL / 1000)")"
        echo "  diagnostic: with all $CORES cores verifying at once one verify took $(ms "$VERIFY_PARALLEL") ms: bound $parallel_bound req/s, sign-in at $(calc '%.3f' "$signin_rps / $parallel_bound") of it"
    fi
    echo "refresh: $refresh_rps req/s (target ≥ 3000), p99 $refresh_p99 ms (target < 10) — $refresh_verdict"
    if [[ -n "$ceiling_rps" ]]; then
        echo "refresh / health route: $(calc '%.3f' "$refresh_rps / $ceiling_rps") (same connections, same run)"
    fi
    echo
    echo "goals (same run; recover = POST /auth/v1/recover, every request a new address):"
    recover_rps="$(field ok_rps "$RECOVER")"
    goal() { awk -v v="$1" -v g="$3" "BEGIN { print ((v $2 g) ? \"met\" : \"MISSED\") }"; }
    if [[ -n "$DJANGO_REGISTERED" ]]; then
        dj_reg="$(field ok_rps "$DJANGO_REGISTERED")" dj_unk="$(field ok_rps "$DJANGO_UNKNOWN")"
        r="$(calc '%.2f' "$recover_rps / $dj_reg")"
        echo "  /recover vs Django (registered addresses): $recover_rps / $dj_reg req/s = ${r}x (goal ≥ 10) — $(goal "$r" '>=' 10)"
        echo "  /recover vs Django (unknown addresses, no write): $recover_rps / $dj_unk req/s = $(calc '%.2f' "$recover_rps / $dj_unk")x"
    else
        echo "  /recover vs Django: not measured (BENCH_DJANGO=0)"
    fi
    if [[ -n "$ceiling_rps" ]]; then
        r="$(calc '%.3f' "$recover_rps / $ceiling_rps")"
        echo "  /recover / health route: $recover_rps / $ceiling_rps req/s = $r (goal ≥ 0.4) — $(goal "$r" '>=' 0.4)"
        r="$(calc '%.3f' "$refresh_rps / $ceiling_rps")"
        echo "  refresh / health route: $refresh_rps / $ceiling_rps req/s = $r (goal ≥ 0.35) — $(goal "$r" '>=' 0.35)"
    fi
    if [[ -n "$FIXED_RECOVER" && -n "$FIXED_HEALTH" ]]; then
        rp99="$(field p99_ms "$FIXED_RECOVER")" hp99="$(field p99_ms "$FIXED_HEALTH")"
        r="$(calc '%.2f' "$rp99 / $hp99")"
        echo "  fixed $RATE req/s (open loop, latency from the scheduled send): /recover p50 $(field p50_ms "$FIXED_RECOVER") p99 $rp99 ms (goal ≤ 5) — $(goal "$rp99" '<=' 5); health p50 $(field p50_ms "$FIXED_HEALTH") p99 $hp99 ms"
        echo "  /recover p99 / health p99: $r (goal ≤ 1.5) — $(goal "$r" '<=' 1.5); achieved $(field achieved_rps "$FIXED_RECOVER") / $(field achieved_rps "$FIXED_HEALTH") req/s, late sends $(field late_sends "$FIXED_RECOVER") / $(field late_sends "$FIXED_HEALTH")"
    fi
    echo "  sign-in / bcrypt bound: $RATIO (goal ≥ 0.95) — $signin_verdict"
    if [[ -n "$CALLGRIND_LINE" ]]; then echo "  callgrind: ${CALLGRIND_LINE#instructions: } (goal: half of the baseline in Benchmarks/PROFILE.md)"; fi
    [[ -n "$SERVER_PEAK_RSS" ]] && echo "server peak RSS: $SERVER_PEAK_RSS"
    for pair in "health:$CEILING" "sign-in:$SIGNIN" "refresh:$REFRESH" "recover:$RECOVER" "django-registered:$DJANGO_REGISTERED" "django-unknown:$DJANGO_UNKNOWN" "fixed-recover:$FIXED_RECOVER" "fixed-health:$FIXED_HEALTH"; do
        name="${pair%%:*}" line="${pair#*:}"
        [[ -n "$line" ]] || continue
        for counter in non2xx socket_errors timeouts starved; do
            n="$(field "$counter" "$line")"
            [[ "${n:-0}" == 0 ]] || echo "WARNING: $name had $n $counter (see $OUT)"
        done
    done
    echo
    echo "raw output: $OUT"
} | tee "$OUT/summary.txt"

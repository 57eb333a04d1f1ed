#!/usr/bin/env bash
# Gatehouse load benchmark against a release build of `gatehouse serve`, on SQLite and on
# PostgreSQL in one run: the health route (the HTTP stack's ceiling), sign-in against the bcrypt
# bound (cores / one verify), refresh, the whole password reset for registered addresses (from
# the first request until the outbox has delivered the last email), the same for unknown
# addresses, and /recover at a fixed rate; then the Django peer doing the same resets, and every
# ratio the goals name.
#
# Not a test: it never fails on a number. It exits non-zero only when it could not measure
# (build failed, server did not start, wrk failed). See Benchmarks/README.md.
#
# Usage: Benchmarks/run.sh            (settings through the environment; `--help` lists them)
set -euo pipefail
export LC_ALL=C
# BENCH_DB picks the database; a GATEHOUSE_DATABASE_URL from the caller's shell would override it.
unset GATEHOUSE_DATABASE_URL

usage() {
    cat <<'EOF'
Usage: Benchmarks/run.sh

Builds gatehouse in release mode (.build-release), and for each database engine starts it on
127.0.0.1 with a fresh database, runs the scenarios with wrk, and stops it; then measures the
Django peer and prints a summary. Raw output goes to Benchmarks/results/<UTC time>/ (and
Benchmarks/results/latest).

Environment (default):
  BENCH_DB                 both, sqlite or postgres (both: SQLite first, then PostgreSQL)
  BENCH_DURATION           seconds per measured scenario (15)
  BENCH_WARMUP             seconds of discarded warm-up before each scenario, 0 for none (3)
  BENCH_CEILING_DURATION   seconds for the health-route ceiling (5)
  BENCH_CONNECTIONS        wrk connections (8)
  BENCH_THREADS            wrk threads (1; capped at the connection count)
  BENCH_USERS              users signed up for the sign-in rotation (8)
  BENCH_SESSIONS           refresh tokens seeded per refresh run (4 x connections, at least 2 x)
  BENCH_RESET_ACCOUNTS     registered accounts imported for the full-reset scenario, each sent one
                           /recover; the warm-up takes its share of them by duration
                           ((duration + warm-up) x 8000)
  BENCH_DRAIN_TIMEOUT      seconds to wait for the outbox to deliver a run's mail (120)
  BENCH_DRAIN_POLL_MS      how often GET /metrics is read meanwhile, in ms (50)
  BENCH_BCRYPT_COST        bcrypt cost for the server and the bound (10)
  BENCH_BCRYPT_ITERATIONS  verifies timed by `gatehouse bcrypt-bench` (30)
  BENCH_CORES              cores in the bound, and the Django peer's gunicorn workers (nproc)
  BENCH_RATE               fixed-rate scenario: requests a second (1000)
  BENCH_FIXED_DURATION     fixed-rate scenario: seconds per route (10)
  BENCH_DJANGO             1: measure the Django peer (needs python3 and PyPI once), 0: skip (1)
  BENCH_DJANGO_USERS       accounts seeded into the Django peer (1000)
  BENCH_JWT_ALG            HS256 (production's default signing, the default here) or RS256
  BENCH_CALLGRIND          1: also count instructions per /recover with callgrind.sh (slow) (0)
  GATEHOUSE_BIN            use this binary and skip the build
EOF
}
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then usage; exit 0; fi
if [[ $# -gt 0 ]]; then usage >&2; exit 2; fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="$ROOT/Benchmarks"
WRK_DIR="$BENCH_DIR/wrk"

DB="${BENCH_DB:-both}"
DURATION="${BENCH_DURATION:-15}"
WARMUP="${BENCH_WARMUP:-3}"
CEILING_DURATION="${BENCH_CEILING_DURATION:-5}"
CONNECTIONS="${BENCH_CONNECTIONS:-8}"
THREADS="${BENCH_THREADS:-1}"
USERS="${BENCH_USERS:-8}"
SESSIONS="${BENCH_SESSIONS:-$((CONNECTIONS * 4))}"
RESET_ACCOUNTS="${BENCH_RESET_ACCOUNTS:-$(((DURATION + WARMUP) * 8000))}"
DRAIN_TIMEOUT="${BENCH_DRAIN_TIMEOUT:-120}"
DRAIN_POLL_MS="${BENCH_DRAIN_POLL_MS:-50}"
COST="${BENCH_BCRYPT_COST:-10}"
ITERATIONS="${BENCH_BCRYPT_ITERATIONS:-30}"
CORES="${BENCH_CORES:-$(nproc)}"
RATE="${BENCH_RATE:-1000}"
FIXED_DURATION="${BENCH_FIXED_DURATION:-10}"
DJANGO="${BENCH_DJANGO:-1}"
DJANGO_USERS="${BENCH_DJANGO_USERS:-1000}"
CALLGRIND="${BENCH_CALLGRIND:-0}"
BIN="${GATEHOUSE_BIN:-}"

# shellcheck source=Benchmarks/lib.sh
source "$BENCH_DIR/lib.sh"
# shellcheck source=Benchmarks/django/peer.sh
source "$BENCH_DIR/django/peer.sh"

for name in DURATION WARMUP CEILING_DURATION CONNECTIONS THREADS USERS SESSIONS RESET_ACCOUNTS DRAIN_TIMEOUT DRAIN_POLL_MS COST ITERATIONS CORES RATE FIXED_DURATION DJANGO DJANGO_USERS CALLGRIND; do
    [[ "${!name}" =~ ^[0-9]+$ ]] || die "$name must be a whole number, got '${!name}'"
done
((DURATION > 0 && CONNECTIONS > 0 && THREADS > 0 && USERS > 0 && ITERATIONS > 0 && CORES > 0 && DRAIN_TIMEOUT > 0)) ||
    die "durations, connections, threads, users, iterations, cores and the drain timeout must be positive"
((DRAIN_POLL_MS > 0)) || die "BENCH_DRAIN_POLL_MS must be positive"
DRAIN_POLL_S="$(awk -v ms="$DRAIN_POLL_MS" 'BEGIN { printf "%.3f", ms / 1000 }')"
((THREADS > CONNECTIONS)) && THREADS=$CONNECTIONS
((SESSIONS < 2 * CONNECTIONS)) && { log "BENCH_SESSIONS raised to 2 x connections"; SESSIONS=$((2 * CONNECTIONS)); }
case "$DB" in
    both) ENGINES=(sqlite postgres) ;;
    sqlite | postgres) ENGINES=("$DB") ;;
    *) die "BENCH_DB must be both, sqlite or postgres, got '$DB'" ;;
esac
# The warm-up uses its share of the seeded accounts by duration, the measured run the rest: every
# request then has an address of its own that no earlier request used.
RESET_WARM_ACCOUNTS=$((RESET_ACCOUNTS * WARMUP / (WARMUP + DURATION)))
RESET_MEASURED_ACCOUNTS=$((RESET_ACCOUNTS - RESET_WARM_ACCOUNTS))
((RESET_MEASURED_ACCOUNTS >= CONNECTIONS)) || die "BENCH_RESET_ACCOUNTS is too small"
engine_name() { if [[ "$1" == sqlite ]]; then echo SQLite; else echo PostgreSQL; fi; }

# ---------------------------------------------------------------- tools

if ! command -v wrk >/dev/null 2>&1; then
    log "installing wrk (apt)"
    sudo=""
    [[ "$(id -u)" -eq 0 ]] || sudo="sudo"
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null
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

BIN="$(release_binary)"
[[ -x "$BIN" ]] || die "no executable at $BIN"

# ---------------------------------------------------------------- environment record

RUN_STARTED_US="${EPOCHREALTIME/[.,]/}"
LOAD_AT_START="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
CPU_MODEL="$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)"
{
    echo "date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(uname -srm)"
    echo "cpu: ${CPU_MODEL:-unknown}"
    echo "cores_in_bound: $CORES (nproc: $(nproc))"
    echo "load_avg_at_start: $LOAD_AT_START"
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo none), $(git -C "$ROOT" status --porcelain 2>/dev/null | wc -l | tr -d ' ') changed paths"
    echo "wrk: $(wrk --version 2>&1 | head -n 1 || true)"
    echo "binary: $BIN"
    echo "engines: ${ENGINES[*]}"
    echo "settings: duration=${DURATION}s warmup=${WARMUP}s ceiling=${CEILING_DURATION}s connections=$CONNECTIONS threads=$THREADS users=$USERS sessions=$SESSIONS reset_accounts=$RESET_ACCOUNTS (warm-up $RESET_WARM_ACCOUNTS) drain_timeout=${DRAIN_TIMEOUT}s cost=$COST iterations=$ITERATIONS rate=$RATE fixed=${FIXED_DURATION}s"
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

# mean FORMAT VALUE...: the mean of the values that are not empty, printed with FORMAT; nothing
# when every value is empty.
mean() {
    local format="$1"
    shift
    printf '%s\n' "$@" | awk -v f="$format" 'NF { sum += $1; n++ } END { if (n) printf f "\n", sum / n }'
}

# The same with every core timing verifies at once (one bcrypt-bench per core): the mean of their
# medians, or nothing. Not the bound of the issue, a diagnostic: it shows how much of a gap to the
# bound is the machine not scaling (shared host, clock drop with all cores busy), not the server.
measure_parallel_verify_ms() {
    local prefix="$1" i pids=() values=()
    for ((i = 1; i <= CORES; i++)); do
        measure_verify_ms "$prefix-bcrypt-parallel-$i" >"$TMP/parallel-$i" &
        pids+=($!)
    done
    for i in "${pids[@]}"; do wait "$i" || true; done
    for ((i = 1; i <= CORES; i++)); do
        values+=("$(cat "$TMP/parallel-$i")")
    done
    mean '%.3f' "${values[@]}"
}

# ---------------------------------------------------------------- helpers

TMP="$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-bench.XXXXXX")"
trap 'django_stop; cleanup' EXIT
trap 'exit 130' INT TERM

# SQLite's speed depends on where it lives (tmpfs makes fsync free): record it.
echo "data_dir_filesystem: $(df -PT "$TMP" 2>/dev/null | awk 'NR == 2 { print $2 }')" >>"$OUT/env.txt"

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

CLOCK_TICKS="$(getconf CLK_TCK 2>/dev/null || echo 100)"
# Steal above this share of the cores' time in a scenario is reported under the summary.
STEAL_WARNING_PCT=2
# The process whose CPU time run_wrk reports, with its children (gunicorn's workers).
MEASURED_PID=""
# ticks_of PID...: the CPU time (user and system, clock ticks) of these processes together.
ticks_of() {
    local pid
    for pid in "$@"; do sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null; done | awk '{ sum += $12 + $13 } END { print sum + 0 }'
}
# The PostgreSQL cluster's own CPU time (the postmaster and every backend and helper it started),
# while one runs: on these cores it is spent beside the server's, so a request's share of it
# bounds what the ratios to the health route can reach. The postmaster's count of its reaped
# children keeps a process that ended between two readings (an autovacuum worker) in the sum.
# 0 without a cluster.
database_ticks() {
    local postmaster own children
    [[ -n "$BENCH_PG_DIR" ]] || { echo 0; return; }
    postmaster="$(head -n 1 "$BENCH_PG_DIR/data/postmaster.pid" 2>/dev/null)"
    [[ "$postmaster" =~ ^[0-9]+$ ]] || { echo 0; return; }
    own="$(sed 's/^.*) //' "/proc/$postmaster/stat" 2>/dev/null | awk '{ print $12 + $13 + $14 + $15 }')"
    # shellcheck disable=SC2046
    children="$(ticks_of $(pgrep -P "$postmaster" 2>/dev/null))"
    echo $((${own:-0} + ${children:-0}))
}
# Prints "<server cpu ticks> <machine busy ticks> <machine total ticks> <database cpu ticks>
# <machine steal ticks>" from /proc. Steal is the time the hypervisor ran something else while a
# virtual core of ours had work: the host's share of a slow run, which no other figure shows.
cpu_snapshot() {
    local server busy total steal
    # shellcheck disable=SC2046
    server="$(ticks_of "${MEASURED_PID:-$SERVER_PID}" $(pgrep -P "${MEASURED_PID:-$SERVER_PID}" 2>/dev/null))"
    read -r busy total steal < <(awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print total - $5 - $6, total, $9 }' /proc/stat)
    echo "${server:-0} $busy $total $(database_ticks) ${steal:-0}"
}
# cpu_fields BEFORE AFTER REQUESTS PREFIX: "<prefix>server_cpu_ms_per_req=… <prefix>machine_busy_pct=…
# <prefix>steal_pct=…", and "<prefix>db_cpu_ms_per_req=…" (the PostgreSQL cluster's CPU) while a
# cluster runs.
cpu_fields() {
    awk -v b="$1" -v a="$2" -v hz="$CLOCK_TICKS" -v ok="$3" -v p="$4" -v db="${BENCH_PG_DIR:+1}" 'BEGIN {
        split(b, x, " "); split(a, y, " ")
        busy = (y[3] > x[3]) ? 100 * (y[2] - x[2]) / (y[3] - x[3]) : 0
        steal = (y[3] > x[3]) ? 100 * (y[5] - x[5]) / (y[3] - x[3]) : 0
        per_request = (ok > 0) ? 1000 * (y[1] - x[1]) / hz / ok : 0
        printf "%sserver_cpu_ms_per_req=%.3f %smachine_busy_pct=%.0f %ssteal_pct=%.1f", p, per_request, p, busy, p, steal
        if (db) printf " %sdb_cpu_ms_per_req=%.3f", p, (ok > 0) ? 1000 * (y[4] - x[4]) / hz / ok : 0
    }'
}

# run_wrk NAME SCRIPT SECONDS [SCRIPT_ARGS...]: runs wrk against $TARGET (default $BASE), keeps
# its output in $OUT/NAME.txt, prints its BENCH line with the server's CPU time per successful
# request and how busy the whole machine was appended. Writes wrk's start and end (microseconds)
# to $TMP/wrk-times for run_reset.
TARGET=""
run_wrk() {
    local name="$1" script="$2" seconds="$3" line before after started ended
    local -a args=()
    (($# > 3)) && args=(-- "${@:4}")
    before="$(cpu_snapshot)"
    started="${EPOCHREALTIME/[.,]/}"
    if ! timeout --kill-after=5 $((seconds + 60)) \
        wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout 10s --latency \
        -s "$WRK_DIR/$script" "${TARGET:-$BASE}" "${args[@]}" >"$OUT/$name.txt" 2>&1; then
        cat "$OUT/$name.txt" >&2
        die "wrk failed in $name"
    fi
    ended="${EPOCHREALTIME/[.,]/}"
    echo "$started $ended" >"$TMP/wrk-times"
    after="$(cpu_snapshot)"
    line="$(grep '^BENCH ' "$OUT/$name.txt" | tail -n 1)"
    [[ -n "$line" ]] || { cat "$OUT/$name.txt" >&2; die "wrk printed no BENCH line in $name"; }
    line="$line $(cpu_fields "$before" "$after" "$(field ok "$line")" "")"
    echo "$line" >>"$OUT/$name.txt"
    echo "$line"
}
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"; }

# run_reset NAME SECONDS SCRIPT_ARGS...: a recover.lua run measured to the end of its mail. The
# request only commits an outbox job; the background worker then mints the token, renders the
# email and stores it in the dev mailbox (registered address: event "sent") or settles the job
# without mail (unknown address: "skipped"). So the run ends when the server's delivery counters
# (GET /metrics) have grown by as many jobs as wrk had 2xx answers, polled every 50 ms for
# BENCH_DRAIN_TIMEOUT s at most. Prints the BENCH line with: settled (1 when every job was),
# sent/skipped/dead (the deltas), whole_s (wrk's start to the last job settled), drain_s (wrk's
# end to it), reset_rps (2xx answers / whole_s) and the CPU figures over that whole span.
run_reset() {
    local name="$1" seconds="$2" line state s0 k0 d0 s k d p g cpu0 cpu1 accepted started ended done_at settled=0 deadline
    outbox_wait_idle "$DRAIN_TIMEOUT" || true
    state="$(outbox_state)" || die "GET /metrics failed before $name"
    read -r s0 k0 d0 _ _ <<<"$state"
    cpu0="$(cpu_snapshot)"
    line="$(run_wrk "$name" recover.lua "$seconds" "${@:3}")"
    read -r started ended <"$TMP/wrk-times"
    accepted="$(field ok "$line")"
    s=$s0 k=$k0 d=$d0 done_at=$ended
    deadline=$((ended + DRAIN_TIMEOUT * 1000000))
    # Each poll's time after wrk's end and the deltas so far: the delivery curve of the drain.
    echo "ms_after_wrk sent skipped dead pending sending (accepted $accepted)" >"$OUT/$name-drain.txt"
    for _ in $(seq 1 $((DRAIN_TIMEOUT * 1000 / DRAIN_POLL_MS + 1))); do
        if state="$(outbox_state)"; then
            read -r s k d p g <<<"$state"
            echo "$(((${EPOCHREALTIME/[.,]/} - ended) / 1000)) $((s - s0)) $((k - k0)) $((d - d0)) $p $g" >>"$OUT/$name-drain.txt"
            if (((s - s0) + (k - k0) + (d - d0) >= accepted)); then
                done_at="${EPOCHREALTIME/[.,]/}" settled=1
                break
            fi
        fi
        ((${EPOCHREALTIME/[.,]/} < deadline)) || break
        sleep "$DRAIN_POLL_S"
    done
    cpu1="$(cpu_snapshot)"
    ((settled)) || done_at="${EPOCHREALTIME/[.,]/}"
    line="$line settled=$settled sent=$((s - s0)) skipped=$((k - k0)) dead=$((d - d0)) $(awk -v a="$accepted" \
        -v t0="$started" -v t1="$ended" -v t2="$done_at" 'BEGIN {
        printf "whole_s=%.3f drain_s=%.3f reset_rps=%.1f", (t2 - t0) / 1e6, (t2 - t1) / 1e6, (t2 > t0) ? a / ((t2 - t0) / 1e6) : 0
    }') $(cpu_fields "$cpu0" "$cpu1" "$accepted" whole_)"
    echo "$line" >>"$OUT/$name.txt"
    echo "$line"
}

# Fixed rate (open loop, latency from each request's scheduled time). The generator is
# loadgen/fixed-rate.c, compiled for this run into $TMP; without cc (or if it does not compile)
# node/fixed-rate.mjs, whose own jitter on 2 cores shows in its late_sends.
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
# fixed_rate NAME ROUTE RUN_ID: prints the FIXED line.
fixed_rate() {
    local name="$1" route="$2" run_id="$3" line
    line="$(timeout $((FIXED_DURATION + 120)) "${FIXED_GENERATOR[@]}" "$BASE" "$route" "$RATE" "$FIXED_DURATION" "$run_id" 2>&1 |
        tee "$OUT/$name.txt" | grep '^FIXED ' | tail -n 1)" || true
    [[ -n "$line" ]] || { cat "$OUT/$name.txt" >&2; die "the fixed-rate load for $route printed nothing"; }
    echo "$line"
}
fixed_rate_generator
((${#FIXED_GENERATOR[@]} > 0)) || log "warning: neither cc nor node: no fixed-rate scenario"

# ---------------------------------------------------------------- one engine

RUN_ID="$(random_hex 4)"
PASSWORD="bench-$(random_hex 8)"
RESET_PREFIX="reset-$RUN_ID"
RESET_CSV="$TMP/reset-accounts.csv"
write_accounts_csv "$RESET_CSV" "$RESET_PREFIX" "$RESET_ACCOUNTS"

# Results, keyed "<engine>.<scenario>": the BENCH / FIXED lines and a few single figures.
declare -A R=()

run_engine() {
    local engine="$1" e i body
    e="$(engine_name "$engine")"
    R[$engine.load]="$(cut -d' ' -f1 /proc/loadavg)"
    SERVER_DATA_DIR="$TMP/data-$engine" SERVER_LOG="$OUT/$engine-server.log" SERVER_STORAGE=()
    if [[ "$engine" == postgres ]]; then
        pg_start
        SERVER_STORAGE=(GATEHOUSE_DATABASE_URL="$PG_URL")
        echo "postgres: $PG_SETTINGS" >>"$OUT/env.txt"
    fi

    # The registered accounts of the full-reset scenario, imported before the server starts.
    log "$e: importing $RESET_ACCOUNTS accounts (gatehouse users import --from supabase)"
    R[$engine.seed_s]="$(import_accounts "$RESET_CSV" "$RESET_ACCOUNTS" "$OUT/$engine-import.log")"
    log "$e: imported in ${R[$engine.seed_s]} s"
    [[ "$engine" == postgres ]] && pg_settle

    start_server \
        GATEHOUSE_BCRYPT_COST="$COST" \
        GATEHOUSE_RATE_LIMIT_TOKEN=0 \
        GATEHOUSE_RATE_LIMIT_OTP=0 \
        GATEHOUSE_AUTOCONFIRM=true

    BODIES="$TMP/signin-bodies.txt"
    : >"$BODIES"
    log "$e: signing up $USERS users"
    for i in $(seq 1 "$USERS"); do
        body="{\"email\":\"bench-$RUN_ID-$i@example.com\",\"password\":\"$PASSWORD\"}"
        post_json /auth/v1/signup "$body" >/dev/null || die "sign-up failed"
        echo "$body" >>"$BODIES"
    done
    mapfile -t USER_BODIES <"$BODIES"

    if ((CEILING_DURATION > 0)); then
        log "$e: ceiling: GET /auth/v1/health, ${CEILING_DURATION}s"
        R[$engine.health]="$(run_wrk "$engine-health" health.lua "$CEILING_DURATION")"
    fi

    if ((WARMUP > 0)); then
        log "$e: sign-in warm-up, ${WARMUP}s"
        run_wrk "$engine-signin-warmup" signin.lua "$WARMUP" "$BODIES" "$THREADS" >/dev/null
    fi
    # The bound is timed right before and right after the sign-in run, with the server idle, so
    # that it sees the machine as the sign-in run does.
    log "$e: bcrypt: timing $ITERATIONS verifies at cost $COST"
    R[$engine.verify_before]="$(measure_verify_ms "$engine-bcrypt-before")"
    if [[ -z "${R[$engine.verify_before]}" ]]; then
        log "warning: '$(basename "$BIN") bcrypt-bench' gave no verify_ms (see $OUT/$engine-bcrypt-before.err); the bound will be n/a"
    elif ((CORES > 1)); then
        log "$e: bcrypt: timing $ITERATIONS verifies on each of $CORES cores at once"
        R[$engine.verify_parallel]="$(measure_parallel_verify_ms "$engine")"
    fi
    log "$e: sign-in: $CONNECTIONS connections, ${DURATION}s"
    R[$engine.signin]="$(run_wrk "$engine-signin" signin.lua "$DURATION" "$BODIES" "$THREADS")"
    log "$e: bcrypt: timing again"
    R[$engine.verify_after]="$(measure_verify_ms "$engine-bcrypt-after")"

    if ((WARMUP > 0)); then
        log "$e: refresh warm-up: seeding $SESSIONS sessions, ${WARMUP}s"
        seed_refresh_tokens "$TMP/refresh-warmup-tokens.txt" "$SESSIONS"
        run_wrk "$engine-refresh-warmup" refresh.lua "$WARMUP" "$TMP/refresh-warmup-tokens.txt" "$THREADS" >/dev/null
    fi
    log "$e: refresh: seeding $SESSIONS sessions, then $CONNECTIONS connections, ${DURATION}s"
    seed_refresh_tokens "$TMP/refresh-tokens.txt" "$SESSIONS"
    R[$engine.refresh]="$(run_wrk "$engine-refresh" refresh.lua "$DURATION" "$TMP/refresh-tokens.txt" "$THREADS")"

    # The whole password reset for registered addresses, each request a seeded account of its own.
    if ((WARMUP > 0)); then
        log "$e: full reset warm-up, ${WARMUP}s, then its mail"
        run_reset "$engine-reset-warmup" "$WARMUP" /auth/v1/recover "w$RUN_ID" seeded "$RESET_PREFIX" 0 "$RESET_WARM_ACCOUNTS" "$THREADS" >/dev/null
    fi
    log "$e: full reset, registered addresses: $CONNECTIONS connections, ${DURATION}s, then until the last email is delivered"
    R[$engine.reset]="$(run_reset "$engine-reset" "$DURATION" /auth/v1/recover "$RUN_ID" seeded "$RESET_PREFIX" "$RESET_WARM_ACCOUNTS" "$RESET_MEASURED_ACCOUNTS" "$THREADS")"

    # Unknown addresses: every request a new one (no send window met), until every job is settled.
    if ((WARMUP > 0)); then
        log "$e: unknown-address warm-up, ${WARMUP}s, then its jobs"
        run_reset "$engine-unknown-warmup" "$WARMUP" /auth/v1/recover "uw$RUN_ID" >/dev/null
    fi
    log "$e: unknown addresses: $CONNECTIONS connections, ${DURATION}s, then until every job is settled"
    R[$engine.unknown]="$(run_reset "$engine-unknown" "$DURATION" /auth/v1/recover "u$RUN_ID")"

    # The ceiling again, after the scenarios it is set against: the host's speed drifts over an
    # engine's pass, and the ratios use the mean of the two readings, as the bcrypt bound does.
    if ((CEILING_DURATION > 0)); then
        outbox_wait_idle "$DRAIN_TIMEOUT" || true
        log "$e: ceiling again: GET /auth/v1/health, ${CEILING_DURATION}s"
        R[$engine.health_after]="$(run_wrk "$engine-health-after" health.lua "$CEILING_DURATION")"
    fi

    if ((${#FIXED_GENERATOR[@]} > 0)); then
        outbox_wait_idle "$DRAIN_TIMEOUT" || true
        log "$e: fixed rate ($FIXED_GENERATOR_NAME): /recover (unknown addresses) at $RATE req/s for ${FIXED_DURATION}s, then the health route"
        R[$engine.fixed_recover]="$(fixed_rate "$engine-fixed-recover" recover "f$RUN_ID")"
        # The worker settles the fixed run's jobs before the health route is measured beside it.
        outbox_wait_idle "$DRAIN_TIMEOUT" || true
        R[$engine.fixed_health]="$(fixed_rate "$engine-fixed-health" health "f$RUN_ID")"
    fi

    R[$engine.peak_rss]="$(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$SERVER_PID/status" 2>/dev/null || true)"
    stop_server
    [[ "$engine" == postgres ]] && pg_stop
    return 0
}

for engine in "${ENGINES[@]}"; do
    run_engine "$engine"
done

# ---------------------------------------------------------------- the Django peer

# Alone on the machine as the server was. Its registered requests do the whole reset in the
# request (lookup, token, email rendered, outbox row committed), so its wrk rate is its
# full-reset rate; unknown addresses cost it one SELECT.
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

# ---------------------------------------------------------------- callgrind (optional)

# Instructions per /recover (valgrind callgrind): repeatable where the wall clock is not.
declare -A CALLGRIND_LINE=()
if ((CALLGRIND)); then
    if command -v valgrind >/dev/null 2>&1; then
        for engine in "${ENGINES[@]}"; do
            log "callgrind ($engine): instructions per /recover (Benchmarks/callgrind.sh, a few minutes)"
            BENCH_DB="$engine" GATEHOUSE_BIN="$BIN" BENCH_CG_REQUESTS="${BENCH_CG_REQUESTS:-1000}" bash "$BENCH_DIR/callgrind.sh" \
                >"$OUT/$engine-callgrind.txt" 2>&1 || log "warning: callgrind.sh failed (see $OUT/$engine-callgrind.txt)"
            CALLGRIND_LINE[$engine]="$(grep '^instructions:' "$OUT/$engine-callgrind.txt" | tail -n 1 || true)"
        done
    else
        log "warning: valgrind is missing: no instruction count"
    fi
fi

# ---------------------------------------------------------------- summary

RUN_SECONDS=$(((${EPOCHREALTIME/[.,]/} - RUN_STARTED_US) / 1000000))
calc() { awk "BEGIN { printf \"$1\", $2 }"; }
ms() { if [[ -n "$1" ]]; then calc '%.2f' "$1"; else echo n/a; fi; }
# ratio NUMERATOR DENOMINATOR FORMAT: n/a when either is missing or the denominator is 0.
ratio() { awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { if (a == "" || b == "" || b + 0 == 0) print "n/a"; else printf f "\n", a / b }'; }
# verdict VALUE OP GOAL: met, MISSED, or n/a.
verdict() { [[ "$1" == n/a ]] && { echo n/a; return; }; awk -v v="$1" -v g="$3" "BEGIN { print ((v $2 g) ? \"met\" : \"MISSED\") }"; }

# row COLUMNS…: ten columns, and an eleventh (the database's CPU) when given.
row() { printf '%-14s %10s %9s %9s %9s %9s %8s %12s %9s %7s' "${@:1:10}"; (($# > 10)) && printf ' %11s' "${11}"; echo; }
# scenario_row NAME LINE [whole_]: the full-reset rows give the whole-reset rate and CPU over
# the whole span; their latencies are wrk's (the request, up to its 2xx). The PostgreSQL
# cluster's CPU a request closes the row when the line has it.
scenario_row() {
    local name="$1" line="$2" p="${3:-}" rps database
    [[ -n "$line" ]] || return 0
    rps="$(field ok_rps "$line")"
    [[ -n "$p" ]] && rps="$(field reset_rps "$line")"
    database="$(field "${p}db_cpu_ms_per_req" "$line")"
    row "$name" "$rps" "$(field p50_ms "$line")" "$(field p90_ms "$line")" \
        "$(field p99_ms "$line")" "$(field max_ms "$line")" "$(field non2xx "$line")" \
        "$(field "${p}server_cpu_ms_per_req" "$line")" "$(field "${p}machine_busy_pct" "$line")" \
        "$(field "${p}steal_pct" "$line")" ${database:+"$database"}
}
# Derived figures per engine.
declare -A V=()
for engine in "${ENGINES[@]}"; do
    V[$engine.verify]="$(mean '%.3f' "${R[$engine.verify_before]:-}" "${R[$engine.verify_after]:-}")"
    V[$engine.health_before]="$(field ok_rps "${R[$engine.health]:-}")"
    V[$engine.health_after]="$(field ok_rps "${R[$engine.health_after]:-}")"
    V[$engine.health]="$(mean '%.1f' "${V[$engine.health_before]}" "${V[$engine.health_after]}")"
    V[$engine.signin]="$(field ok_rps "${R[$engine.signin]}")"
    V[$engine.refresh]="$(field ok_rps "${R[$engine.refresh]}")"
    V[$engine.reset]="$(field reset_rps "${R[$engine.reset]}")"
    V[$engine.unknown]="$(field reset_rps "${R[$engine.unknown]}")"
    V[$engine.fixed_recover_p99]="$(field p99_ms "${R[$engine.fixed_recover]:-}")"
    V[$engine.fixed_health_p99]="$(field p99_ms "${R[$engine.fixed_health]:-}")"
    if [[ -n "${V[$engine.verify]}" ]]; then
        V[$engine.bound]="$(calc '%.1f' "$CORES / (${V[$engine.verify]} / 1000)")"
        V[$engine.signin_ratio]="$(calc '%.3f' "${V[$engine.signin]} * (${V[$engine.verify]} / 1000) / $CORES")"
    else
        V[$engine.bound]="n/a" V[$engine.signin_ratio]="n/a"
    fi
done
DJ_REG="$(field ok_rps "$DJANGO_REGISTERED")" DJ_UNK="$(field ok_rps "$DJANGO_UNKNOWN")"

# reset_line ENGINE SCENARIO WHAT: the accepted rate, the drain, the whole-reset rate.
reset_line() {
    local line="${R[$1.$2]}" what="$3"
    printf '  %s: wrk %s 2xx in %.1f s (%s req/s answered); %s %s s after wrk stopped; %s / %s s = %s req/s\n' \
        "$2" "$(field ok "$line")" "$(field duration_s "$line")" "$(field ok_rps "$line")" "$what" \
        "$(field drain_s "$line")" "$(field ok "$line")" "$(field whole_s "$line")" "$(field reset_rps "$line")"
    if [[ "$(field settled "$line")" != 1 ]]; then
        echo "  WARNING: $2: only $(( $(field sent "$line") + $(field skipped "$line") + $(field dead "$line") )) of $(field ok "$line") jobs settled within ${DRAIN_TIMEOUT} s: its rate is not a full reset"
    fi
}
# budget_line WHAT LINE PREFIX GOAL REFERENCE_RPS: for a goal "rate ≥ GOAL × REFERENCE_RPS",
# the CPU the whole machine has a request at that rate (every core busy), beside what the
# PostgreSQL cluster and the server each spent a request in the scenario's LINE (PREFIX whole_
# for the reset rows, as in scenario_row): the cluster runs on the same cores, so its share is
# out of the server's reach. wrk and the kernel's share are not counted.
budget_line() {
    local what="$1" db server goal="$4" reference="$5"
    db="$(field "${3}db_cpu_ms_per_req" "$2")" server="$(field "${3}server_cpu_ms_per_req" "$2")"
    [[ -n "$db" && -n "$server" && -n "$reference" && "$reference" != n/a ]] || return 0
    awk -v what="$what" -v db="$db" -v srv="$server" -v g="$goal" -v r="$reference" -v cores="$CORES" 'BEGIN {
        if (r + 0 == 0) exit
        budget = cores * 1000 / (g * r)
        printf "    CPU %s: PostgreSQL %.3f ms + server %.3f = %.3f ms; the goal leaves %.3f ms (%d cores / (%s x %.1f req/s)), %.0f %% of it PostgreSQL'"'"'s alone\n",
            what, db, srv, db + srv, budget, cores, g, r, 100 * db / budget
    }'
}
goal_line() { # TEXT VALUE OP GOAL
    local symbol="≥"
    [[ "$3" == '<=' ]] && symbol="≤"
    printf '  %s (goal %s %s) — %s\n' "$1" "$symbol" "$4" "$(verdict "$2" "$3" "$4")"
}

{
    echo
    echo "Gatehouse benchmark $STAMP — ${CPU_MODEL:-cpu unknown}, $CORES cores, load $LOAD_AT_START at start, $RUN_SECONDS s in all"
    echo "wrk: $CONNECTIONS connections, $THREADS thread(s), ${DURATION}s per scenario after ${WARMUP}s warm-up; bcrypt cost $COST; fixed rate $RATE req/s for ${FIXED_DURATION}s"
    for engine in "${ENGINES[@]}"; do
        e="$(engine_name "$engine")"
        echo
        echo "$e (load ${R[$engine.load]} at its start; $RESET_ACCOUNTS accounts imported in ${R[$engine.seed_s]} s; server peak RSS ${R[$engine.peak_rss]:-n/a})"
        header=(scenario "req/s" "p50 ms" "p90 ms" "p99 ms" "max ms" "non-2xx" "srv cpu ms/r" "cpu busy%" "steal%")
        [[ "$engine" == postgres ]] && header+=("db cpu ms/r")
        row "${header[@]}"
        scenario_row health "${R[$engine.health]:-}"
        [[ -n "${R[$engine.health_after]:-}" ]] && scenario_row "health, after" "${R[$engine.health_after]}"
        scenario_row sign-in "${R[$engine.signin]}"
        scenario_row refresh "${R[$engine.refresh]}"
        scenario_row "reset (reg.)" "${R[$engine.reset]}" whole_
        scenario_row "unknown" "${R[$engine.unknown]}" whole_
        reset_line "$engine" reset "last email delivered"
        reset_line "$engine" unknown "last job settled"
        if [[ -n "${V[$engine.health_after]}" ]]; then
            echo "  health route: ${V[$engine.health_before]} req/s before the scenarios, ${V[$engine.health_after]} after ($(calc '%+.1f' "(${V[$engine.health_after]} / ${V[$engine.health_before]} - 1) * 100") %); the ratios to it use their mean, ${V[$engine.health]}"
        fi
        echo "  bcrypt verify (cost $COST, median of $ITERATIONS): $(ms "${R[$engine.verify_before]}") ms before the sign-in run, $(ms "${R[$engine.verify_after]}") ms after; bound ${V[$engine.bound]} req/s from their mean x $CORES cores"
        if [[ -n "${R[$engine.verify_parallel]:-}" && "${V[$engine.signin_ratio]}" != n/a ]]; then
            parallel_bound="$(calc '%.1f' "$CORES / (${R[$engine.verify_parallel]} / 1000)")"
            echo "  diagnostic: with all $CORES cores verifying at once one verify took $(ms "${R[$engine.verify_parallel]}") ms: bound $parallel_bound req/s, sign-in at $(calc '%.3f' "${V[$engine.signin]} / $parallel_bound") of it"
        fi
        if [[ -n "${R[$engine.fixed_recover]:-}" ]]; then
            for kind in recover health; do
                line="${R[$engine.fixed_$kind]}"
                echo "  fixed $RATE req/s, $kind: p50 $(field p50_ms "$line") p90 $(field p90_ms "$line") p99 $(field p99_ms "$line") max $(field max_ms "$line") ms; achieved $(field achieved_rps "$line") req/s, late sends $(field late_sends "$line"), non-2xx $(field non2xx "$line")"
            done
        fi
    done
    if [[ -n "$DJANGO_REGISTERED" ]]; then
        echo
        echo "Django peer ($DJANGO_VERSION; the whole reset happens in the request, so req/s is its full-reset rate)"
        row scenario "req/s" "p50 ms" "p90 ms" "p99 ms" "max ms" "non-2xx" "srv cpu ms/r" "cpu busy%" "steal%"
        scenario_row "registered" "$DJANGO_REGISTERED"
        scenario_row "unknown" "$DJANGO_UNKNOWN"
    fi

    for engine in "${ENGINES[@]}"; do
        e="$(engine_name "$engine")"
        echo
        echo "goals, $e (same run):"
        if [[ -n "$DJ_REG" ]]; then
            r="$(ratio "${V[$engine.reset]}" "$DJ_REG" '%.2f')"
            goal_line "full reset, registered addresses, Gatehouse (wrk start to last email delivered) / Django registered: ${V[$engine.reset]} / $DJ_REG = ${r}x" "$r" '>=' 5
            budget_line "a full reset" "${R[$engine.reset]}" whole_ 5 "$DJ_REG"
            r="$(ratio "${V[$engine.unknown]}" "$DJ_UNK" '%.2f')"
            goal_line "unknown addresses, Gatehouse (wrk start to last job settled) / Django unknown: ${V[$engine.unknown]} / $DJ_UNK = ${r}x" "$r" '>=' 5
            budget_line "an unknown address" "${R[$engine.unknown]}" whole_ 5 "$DJ_UNK"
        else
            echo "  Gatehouse / Django: not measured (BENCH_DJANGO=0)"
        fi
        r="$(ratio "${V[$engine.reset]}" "${V[$engine.health]}" '%.3f')"
        goal_line "full reset, registered / health route: ${V[$engine.reset]} / ${V[$engine.health]:-n/a} = $r" "$r" '>=' 0.25
        budget_line "a full reset" "${R[$engine.reset]}" whole_ 0.25 "${V[$engine.health]}"
        r="$(ratio "${V[$engine.refresh]}" "${V[$engine.health]}" '%.3f')"
        goal_line "refresh / health route: ${V[$engine.refresh]} / ${V[$engine.health]:-n/a} = $r" "$r" '>=' 0.35
        budget_line "a refresh" "${R[$engine.refresh]}" "" 0.35 "${V[$engine.health]}"
        goal_line "sign-in / bcrypt bound: ${V[$engine.signin]} / ${V[$engine.bound]} = ${V[$engine.signin_ratio]}" "${V[$engine.signin_ratio]}" '>=' 0.95
        if [[ "$engine" == sqlite ]]; then
            refresh_p99="$(field p99_ms "${R[$engine.refresh]}")"
            echo "  refresh on SQLite: ${V[$engine.refresh]} req/s (target ≥ 3000), p99 $refresh_p99 ms (target < 10) — $(awk -v r="${V[$engine.refresh]}" -v p="$refresh_p99" 'BEGIN { print ((r >= 3000 && p < 10) ? "met" : "MISSED") }')"
        fi
        r="$(ratio "${V[$engine.fixed_recover_p99]}" "${V[$engine.fixed_health_p99]}" '%.2f')"
        goal_line "fixed $RATE req/s, /recover p99 / health p99: ${V[$engine.fixed_recover_p99]:-n/a} / ${V[$engine.fixed_health_p99]:-n/a} ms = $r" "$r" '<=' 2
        if [[ -n "${CALLGRIND_LINE[$engine]:-}" ]]; then echo "  callgrind: ${CALLGRIND_LINE[$engine]#instructions: }"; fi
    done

    if ((${#ENGINES[@]} == 2)); then
        echo
        echo "PostgreSQL / SQLite (same run; goal ≥ 0.5 each):"
        for pair in "health route:health" "sign-in:signin" "refresh:refresh" "full reset, registered:reset" "unknown addresses:unknown"; do
            label="${pair%%:*}" key="${pair#*:}"
            r="$(ratio "${V[postgres.$key]}" "${V[sqlite.$key]}" '%.3f')"
            goal_line "$label: ${V[postgres.$key]:-n/a} / ${V[sqlite.$key]:-n/a} req/s = $r" "$r" '>=' 0.5
        done
        r="$(ratio "${V[sqlite.fixed_recover_p99]}" "${V[postgres.fixed_recover_p99]}" '%.3f')"
        goal_line "fixed $RATE req/s /recover, SQLite p99 / PostgreSQL p99 (latency: inverted so that higher is better): ${V[sqlite.fixed_recover_p99]:-n/a} / ${V[postgres.fixed_recover_p99]:-n/a} ms = $r" "$r" '>=' 0.5
    fi

    echo
    for engine in "${ENGINES[@]}"; do
        for key in health health_after signin refresh reset unknown fixed_recover fixed_health; do
            line="${R[$engine.$key]:-}"
            [[ -n "$line" ]] || continue
            for counter in non2xx socket_errors timeouts starved failed; do
                n="$(field "$counter" "$line")"
                [[ "${n:-0}" == 0 ]] || echo "WARNING: $engine $key had $n $counter (see $OUT)"
            done
            # A reset's line carries the steal over its whole span too, the figure its row shows.
            steal="$(field whole_steal_pct "$line")"
            [[ -n "$steal" ]] || steal="$(field steal_pct "$line")"
            if [[ -n "$steal" && "$(verdict "$steal" '>=' "$STEAL_WARNING_PCT")" == met ]]; then
                echo "WARNING: $engine $key: the hypervisor took $steal % of the cores' time (steal): its figures measure the host as much as the server"
            fi
        done
        for pair in "reset:sent" "unknown:skipped"; do
            key="${pair%%:*}" event="${pair#*:}" line="${R[$engine.${pair%%:*}]}"
            [[ "$(field "$event" "$line")" -ge "$(field ok "$line")" ]] ||
                echo "WARNING: $engine $key: $(field ok "$line") requests accepted, $(field "$event" "$line") jobs $event (sent $(field sent "$line"), skipped $(field skipped "$line"), dead $(field dead "$line"))"
        done
    done
    for pair in "django-registered:$DJANGO_REGISTERED" "django-unknown:$DJANGO_UNKNOWN"; do
        name="${pair%%:*}" line="${pair#*:}"
        [[ -n "$line" ]] || continue
        for counter in non2xx socket_errors timeouts; do
            n="$(field "$counter" "$line")"
            [[ "${n:-0}" == 0 ]] || echo "WARNING: $name had $n $counter (see $OUT)"
        done
    done
    echo "raw output: $OUT"
} | tee "$OUT/summary.txt"

#!/usr/bin/env bash
# Instructions per `POST /auth/v1/recover`, counted by valgrind's callgrind on a release build:
# repeatable on a noisy shared machine, where wall-clock numbers are not.
#
# Starts `gatehouse serve` under `valgrind --tool=callgrind --instr-atstart=no`, signs up the
# accounts the registered share of the requests needs, switches instrumentation on, sends
# BENCH_CG_WARMUP requests, zeroes the counters, sends BENCH_CG_REQUESTS requests
# (BENCH_CG_CONCURRENCY at a time, one in BENCH_CG_REGISTERED_EVERY to a registered account,
# every address used once), waits BENCH_CG_SETTLE seconds for the outbox worker to finish their
# jobs, dumps the counters, and prints instructions / requests and the top functions (self cost).
# Everything the server process does for those requests is counted: the request path, the outbox
# worker (token minting, the dev-mailbox "send") and the checkpointer. Not counted: the
# PostgreSQL server's own work on BENCH_DB=postgres (another process).
#
# BENCH_CG_ROUTE=health or refresh measures that route instead (node/closed-loop.mjs).
#
# Usage: Benchmarks/callgrind.sh     (GATEHOUSE_BIN to skip the build; BENCH_DB=sqlite|postgres;
#   on postgres GATEHOUSE_DATABASE_URL, or a throwaway cluster from scripts/postgres.sh)
# Not a test: it exits non-zero only when it could not measure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="$ROOT/Benchmarks"
# shellcheck source=Benchmarks/lib.sh
source "$BENCH_DIR/lib.sh"

DB="${BENCH_DB:-sqlite}"
REQUESTS="${BENCH_CG_REQUESTS:-2000}"
WARMUP="${BENCH_CG_WARMUP:-300}"
CONCURRENCY="${BENCH_CG_CONCURRENCY:-8}"
EVERY="${BENCH_CG_REGISTERED_EVERY:-10}"
SETTLE="${BENCH_CG_SETTLE:-5}"
TOP="${BENCH_CG_TOP:-30}"
for name in REQUESTS WARMUP CONCURRENCY EVERY SETTLE TOP; do
    [[ "${!name}" =~ ^[0-9]+$ ]] || die "$name must be a whole number, got '${!name}'"
done
((REQUESTS > 0 && CONCURRENCY > 0)) || die "requests and concurrency must be positive"
[[ "$DB" == sqlite || "$DB" == postgres ]] || die "BENCH_DB must be sqlite or postgres"
for tool in valgrind callgrind_control callgrind_annotate objcopy cc node curl; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required (apt-get install valgrind binutils gcc nodejs curl)"
done

STAMP="$(date -u +%Y%m%dT%H%M%SZ)-callgrind-$DB"
OUT="$BENCH_DIR/results/$STAMP"
mkdir -p "$OUT"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-bench.XXXXXX")"
PG_DIR=""
callgrind_cleanup() {
    cleanup
    if [[ -n "$PG_DIR" ]]; then bash "$ROOT/scripts/postgres.sh" stop "$PG_DIR" >/dev/null 2>&1 || true; fi
}
trap callgrind_cleanup EXIT
trap 'exit 130' INT TERM

BIN="$(release_binary)"
DB_SETTINGS=()
if [[ "$DB" == postgres ]]; then
    if [[ -z "${GATEHOUSE_DATABASE_URL:-}" ]]; then
        eval "$(bash "$ROOT/scripts/postgres.sh" start)"
        PG_DIR="$GATEHOUSE_PG_DIR"
        GATEHOUSE_DATABASE_URL="$GATEHOUSE_TEST_POSTGRES_URL"
    fi
    DB_SETTINGS=(GATEHOUSE_DATABASE_URL="$GATEHOUSE_DATABASE_URL")
fi
{
    echo "date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo none), $(git -C "$ROOT" status --porcelain 2>/dev/null | wc -l | tr -d ' ') changed paths"
    echo "binary: $BIN"
    echo "valgrind: $(valgrind --version)"
    echo "settings: route=${BENCH_CG_ROUTE:-recover} db=$DB requests=$REQUESTS warmup=$WARMUP concurrency=$CONCURRENCY registered_every=$EVERY settle=${SETTLE}s"
    echo "load_avg_at_start: $(cut -d' ' -f1 /proc/loadavg)"
} >"$OUT/env.txt"

# valgrind 3.19's DWARF reader gives up on Swift's DWARF 5: run a copy without debug info (the
# symbol table stays, so callgrind still names every function).
objcopy --strip-debug "$BIN" "$TMP/gatehouse" || die "objcopy --strip-debug failed"
BIN="$TMP/gatehouse"
cc -shared -fPIC -O2 -o "$TMP/sigsuspend-copy.so" "$BENCH_DIR/callgrind/sigsuspend-copy.c" -ldl ||
    die "could not build callgrind/sigsuspend-copy.c (needs cc)"
SERVER_WRAPPER=(env "LD_PRELOAD=$TMP/sigsuspend-copy.so" valgrind --tool=callgrind --instr-atstart=no "--callgrind-out-file=$OUT/callgrind.out.%p")
SERVER_START_SECONDS=300
start_server GATEHOUSE_BCRYPT_COST=4 GATEHOUSE_AUTOCONFIRM=true GATEHOUSE_RATE_LIMIT_OTP=0 \
    GATEHOUSE_RATE_LIMIT_TOKEN=0 GATEHOUSE_LOG_LEVEL="${GATEHOUSE_LOG_LEVEL:-info}" "${DB_SETTINGS[@]}"

RUN="$(random_hex 4)"
registered=0
if ((EVERY > 0)); then registered=$(((WARMUP + EVERY - 1) / EVERY + (REQUESTS + EVERY - 1) / EVERY)); fi
log "signing up $registered accounts (uninstrumented)"
for ((i = 0; i < registered; i++)); do
    curl -fsS --max-time 30 -o /dev/null -H 'Content-Type: application/json' \
        --data-binary "{\"email\":\"cg-$RUN-$i@example.com\",\"password\":\"benchmark-password\"}" \
        "$BASE/auth/v1/signup" || die "sign-up $i failed"
done

callgrind_control -i on "$SERVER_PID" >/dev/null
log "warm-up: $WARMUP requests (instrumented, not counted)"
if ((WARMUP > 0)); then
    node "$BENCH_DIR/node/closed-loop.mjs" "$BASE" "$WARMUP" "$CONCURRENCY" "cg-warm-$RUN" "$EVERY" "cg-$RUN" 0 >"$OUT/warmup.txt" ||
        die "warm-up failed: $(cat "$OUT/warmup.txt")"
fi
sleep "$SETTLE"
callgrind_control -z "$SERVER_PID" >/dev/null
log "measured: $REQUESTS requests, $CONCURRENCY at a time"
# The registered addresses of the measured run follow those of the warm-up.
MEASURED_PREFIX_OFFSET=0
((EVERY > 0)) && MEASURED_PREFIX_OFFSET=$(((WARMUP + EVERY - 1) / EVERY))
node "$BENCH_DIR/node/closed-loop.mjs" "$BASE" "$REQUESTS" "$CONCURRENCY" "cg-$RUN-m" "$EVERY" "cg-$RUN" "$MEASURED_PREFIX_OFFSET" \
    >"$OUT/measured.txt" 2>&1 || die "measured run failed: $(cat "$OUT/measured.txt")"
sleep "$SETTLE"
callgrind_control -d "$SERVER_PID" >/dev/null
sleep 1
DUMP="$(ls -t "$OUT"/callgrind.out.* 2>/dev/null | head -n 1)"
[[ -n "$DUMP" ]] || die "callgrind wrote no dump"
stop_server

instructions="$(sed -n 's/^summary:[[:space:]]*\([0-9]*\).*/\1/p' "$DUMP" | head -n 1)"
[[ -n "$instructions" ]] || instructions="$(sed -n 's/^totals:[[:space:]]*\([0-9]*\).*/\1/p' "$DUMP" | head -n 1)"
callgrind_annotate --inclusive=no --threshold=100 "$DUMP" 2>/dev/null | head -n $((TOP + 25)) >"$OUT/top-self.txt" || true
callgrind_annotate --inclusive=yes --threshold=100 "$DUMP" 2>/dev/null | head -n $((TOP + 25)) >"$OUT/top-inclusive.txt" || true
{
    echo "callgrind ($DB): $(tail -n 1 "$OUT/measured.txt")"
    echo "instructions: $instructions total, $(awk -v i="$instructions" -v n="$REQUESTS" 'BEGIN { printf "%.0f", i / n }') per ${BENCH_CG_ROUTE:-recover} request ($REQUESTS requests, $CONCURRENCY at a time, 1 in $EVERY registered)"
    echo
    echo "top functions by own instructions:"
    sed -n '/^ *Ir/,$p' "$OUT/top-self.txt" | head -n $((TOP + 2))
    echo
    echo "dump: $DUMP (callgrind_annotate / kcachegrind)"
} | tee "$OUT/summary.txt"
ln -sfn "$STAMP" "$BENCH_DIR/results/latest-callgrind-$DB"

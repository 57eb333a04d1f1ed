#!/usr/bin/env bash
# Memory of a release `gatehouse serve`: resident set when idle, after a long mixed load, and at
# its peak, with a per-mapping breakdown of the idle figure (where the memory is: heap, anonymous
# mappings, the binary, shared libraries).
#
# Starts the server (SQLite, dev mailbox; BENCH_DB=postgres for a throwaway PostgreSQL cluster),
# waits BENCH_MEMORY_IDLE seconds and reads VmRSS from /proc as "idle"; then runs
# BENCH_MEMORY_MINUTES of mixed load at a fixed, moderate concurrency (several wrk processes at
# once, each paced: sign-in, sign-up, refresh, /recover for registered and for unknown addresses,
# and requests the server must refuse); waits for the outbox to settle and BENCH_MEMORY_SETTLE
# seconds more, and reads VmRSS ("after load") and VmHWM (the peak). Goals: idle ≤ 40 MB,
# after load ≤ idle + 10 MB (MB = MiB here, as /proc counts kB = KiB).
#
# Not a test: it exits non-zero only when it could not measure. See Benchmarks/README.md.
# Usage: Benchmarks/memory.sh   (settings through the environment; `--help` lists them)
set -euo pipefail
export LC_ALL=C
# BENCH_DB picks the database; a GATEHOUSE_DATABASE_URL from the caller's shell would override it.
unset GATEHOUSE_DATABASE_URL

usage() {
    cat <<'EOF'
Usage: Benchmarks/memory.sh

Environment (default):
  BENCH_MEMORY_MINUTES    minutes of mixed load (10)
  BENCH_MEMORY_IDLE       seconds idle before the first reading (5)
  BENCH_MEMORY_SETTLE     seconds idle after the load (and the outbox) before the second (10)
  BENCH_MEMORY_ACCOUNTS   accounts imported for sign-in and registered /recover (1000)
  BENCH_MEMORY_DELAY_MS   pause of each fast stream's connection between an answer and its
                          next request (20); the bcrypt streams (sign-in, sign-up) pause 10x
  BENCH_MEMORY_TOP        mappings listed in the breakdown (15)
  BENCH_BCRYPT_COST       the server's bcrypt cost (10)
  BENCH_DB                sqlite or postgres (sqlite)
  GATEHOUSE_BIN           use this binary and skip the build
  BENCH_MEMORY_CALLGRIND  a file name: run the server under valgrind's callgrind and write its
                          counts there (scripts/link-order.sh reads which functions ran; the
                          memory figures of such a run mean nothing)
EOF
}
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then usage; exit 0; fi
if [[ $# -gt 0 ]]; then usage >&2; exit 2; fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="$ROOT/Benchmarks"
WRK_DIR="$BENCH_DIR/wrk"
# shellcheck source=Benchmarks/lib.sh
source "$BENCH_DIR/lib.sh"

MINUTES="${BENCH_MEMORY_MINUTES:-10}"
IDLE="${BENCH_MEMORY_IDLE:-5}"
SETTLE="${BENCH_MEMORY_SETTLE:-10}"
ACCOUNTS="${BENCH_MEMORY_ACCOUNTS:-1000}"
DELAY_MS="${BENCH_MEMORY_DELAY_MS:-20}"
TOP="${BENCH_MEMORY_TOP:-15}"
COST="${BENCH_BCRYPT_COST:-10}"
DB="${BENCH_DB:-sqlite}"
for name in MINUTES IDLE SETTLE ACCOUNTS DELAY_MS TOP COST; do
    [[ "${!name}" =~ ^[0-9]+$ ]] || die "$name must be a whole number, got '${!name}'"
done
((MINUTES > 0 && ACCOUNTS >= 16)) || die "BENCH_MEMORY_MINUTES must be positive and BENCH_MEMORY_ACCOUNTS at least 16"
[[ "$DB" == sqlite || "$DB" == postgres ]] || die "BENCH_DB must be sqlite or postgres"
for tool in wrk curl awk sed od timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required (Benchmarks/run.sh installs wrk)"
done

STAMP="$(date -u +%Y%m%dT%H%M%SZ)-memory-$DB"
OUT="$BENCH_DIR/results/$STAMP"
mkdir -p "$OUT"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-bench.XXXXXX")"
LOAD_PIDS=()
memory_cleanup() {
    local pid
    for pid in "${LOAD_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${LOAD_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    cleanup
}
trap memory_cleanup EXIT
trap 'exit 130' INT TERM

BIN="$(release_binary)"
CALLGRIND_OUT="${BENCH_MEMORY_CALLGRIND:-}"
if [[ -n "$CALLGRIND_OUT" ]]; then
    command -v valgrind >/dev/null 2>&1 || die "BENCH_MEMORY_CALLGRIND needs valgrind (apt-get install valgrind)"
    # valgrind's DWARF reader gives up on Swift's DWARF 5 (as in callgrind.sh); the symbol table stays.
    objcopy --strip-debug "$BIN" "$TMP/gatehouse" || die "objcopy --strip-debug failed"
    BIN="$TMP/gatehouse"
    SERVER_WRAPPER=(valgrind --tool=callgrind --demangle=no --dump-instr=no --callgrind-out-file="$CALLGRIND_OUT")
    SERVER_START_SECONDS=600
fi
LOAD="$(cut -d' ' -f1 /proc/loadavg)"
if [[ "$DB" == postgres ]]; then
    pg_start
    SERVER_STORAGE=(GATEHOUSE_DATABASE_URL="$PG_URL")
fi
{
    echo "date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "cpu: $(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n 1), $(nproc) cores, load $LOAD at start"
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo none), $(git -C "$ROOT" status --porcelain 2>/dev/null | wc -l | tr -d ' ') changed paths"
    echo "binary: $BIN"
    echo "settings: db=$DB minutes=$MINUTES idle=${IDLE}s settle=${SETTLE}s accounts=$ACCOUNTS delay_ms=$DELAY_MS cost=$COST"
    [[ "$DB" == postgres ]] && echo "postgres: $PG_SETTINGS"
} >"$OUT/env.txt"

# Accounts bench-0 … bench-<ACCOUNTS-1>@example.com: the names recover.lua's rotation uses.
write_accounts_csv "$TMP/accounts.csv" bench "$ACCOUNTS"
log "importing $ACCOUNTS accounts"
import_accounts "$TMP/accounts.csv" "$ACCOUNTS" "$OUT/import.log" >/dev/null
[[ "$DB" == postgres ]] && pg_settle

# The send window is off so that registered addresses can come round again over a long run (with
# it, a repeat within 60 s would be refused before it did the work); every other limit is off too.
start_server \
    GATEHOUSE_BCRYPT_COST="$COST" \
    GATEHOUSE_EMAIL_SEND_WINDOW=0 \
    GATEHOUSE_RATE_LIMIT_TOKEN=0 \
    GATEHOUSE_RATE_LIMIT_OTP=0 \
    GATEHOUSE_RATE_LIMIT_VERIFY=0

rss_kb() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$SERVER_PID/status"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# smaps_breakdown FILE TOP: RSS per mapping name (the binary, each shared library, [heap],
# [stack], and [anon] for the anonymous ones together), largest first; then the largest single
# anonymous mappings (malloc arenas and thread stacks show here by size); then totals by kind.
smaps_breakdown() {
    awk -v top="$2" -v bin="$BIN" '
        /^[0-9a-f]+-[0-9a-f]+ / {
            name = "[anon]"
            if (NF >= 6) { name = $6; for (i = 7; i <= NF; i++) name = name " " $i }
            split($1, range, "-"); perms = $2; addr = range[1]
            size_kb = 0; mapping++
            maps[name]++
            next
        }
        /^Size:/ { size_kb = $2; next }
        /^Rss:/ {
            rss[name] += $2; total += $2
            if (name == "[anon]") { anon_n++; anon_rss[anon_n] = $2; anon_desc[anon_n] = sprintf("%8d %9d  %s  %s", $2, size_kb, perms, addr) }
            next
        }
        /^Pss:/ { pss[name] += $2; next }
        /^Private_Dirty:/ { dirty[name] += $2; next }
        END {
            printf "  %8s %8s %9s %5s  %s\n", "rss kB", "pss kB", "priv.dirty", "maps", "mapping"
            n = 0; for (k in rss) names[++n] = k
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (rss[names[j]] > rss[names[i]]) { t = names[i]; names[i] = names[j]; names[j] = t }
            for (i = 1; i <= n && i <= top; i++) { k = names[i]; printf "  %8d %8d %9d %5d  %s\n", rss[k], pss[k], dirty[k], maps[k], k }
            printf "  (%d mapping names, %d mappings, %d kB in all)\n", n, mapping, total
            print "  largest anonymous mappings:"
            printf "  %8s %9s  %s  %s\n", "rss kB", "size kB", "perm", "start"
            for (i = 1; i <= anon_n; i++) for (j = i + 1; j <= anon_n; j++) if (anon_rss[j] > anon_rss[i]) {
                t = anon_rss[i]; anon_rss[i] = anon_rss[j]; anon_rss[j] = t; t = anon_desc[i]; anon_desc[i] = anon_desc[j]; anon_desc[j] = t }
            for (i = 1; i <= anon_n && i <= 8; i++) print "  " anon_desc[i]
            for (k in rss) {
                if (k == bin || k ~ /\/gatehouse( \(deleted\))?$/) kind = "the binary"
                else if (k ~ /\.so(\.[0-9.]+)?( \(deleted\))?$/) kind = "shared libraries"
                else if (k == "[heap]") kind = "[heap]"
                else if (k == "[anon]") kind = "anonymous"
                else if (k ~ /^\[stack/) kind = "[stack]"
                else kind = "other"
                by_kind[kind] += rss[k]
            }
            printf "  by kind:"
            split("the binary|shared libraries|[heap]|anonymous|[stack]|other", kinds, "|")
            for (i = 1; i <= 6; i++) printf "  %s %.1f MiB%s", kinds[i], by_kind[kinds[i]] / 1024, (i < 6) ? ";" : "\n"
        }' "$1"
}

# snapshot NAME: keeps /proc/PID/status, smaps and smaps_rollup as NAME-*.txt in $OUT.
snapshot() {
    cat "/proc/$SERVER_PID/status" >"$OUT/$1-status.txt"
    cat "/proc/$SERVER_PID/smaps" >"$OUT/$1-smaps.txt"
    cat "/proc/$SERVER_PID/smaps_rollup" >"$OUT/$1-smaps_rollup.txt" 2>/dev/null || true
}

log "idle for ${IDLE} s"
sleep "$IDLE"
IDLE_RSS="$(rss_kb VmRSS)" IDLE_THREADS="$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$SERVER_PID/status")"
snapshot idle

# ---------------------------------------------------------------- mixed load

RUN_ID="$(random_hex 4)"
SECONDS_OF_LOAD=$((MINUTES * 60))
# Sign-in bodies for the imported accounts (their first sign-in rehashes at the server's cost).
: >"$TMP/signin-bodies.txt"
for i in 0 1 2 3 4 5 6 7; do
    echo "{\"email\":\"bench-$i@example.com\",\"password\":\"$SEED_PASSWORD\"}" >>"$TMP/signin-bodies.txt"
done
# Refresh tokens, each from its own sign-in (refresh.lua keeps each connection's chain alive).
: >"$TMP/refresh-tokens.txt"
for i in $(seq 8 15); do
    response="$(curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        --data-binary "{\"email\":\"bench-$i@example.com\",\"password\":\"$SEED_PASSWORD\"}" \
        "$BASE/auth/v1/token?grant_type=password")" || die "sign-in of bench-$i failed while seeding refresh tokens"
    sed -n 's/.*"refresh_token"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' <<<"$response" >>"$TMP/refresh-tokens.txt"
done

# stream NAME CONNECTIONS DELAY_MS SCRIPT [ARGS...]: one paced wrk in the background.
stream() {
    local name="$1" connections="$2" delay="$3" script="$4"
    local -a args=()
    (($# > 4)) && args=(-- "${@:5}")
    BENCH_WRK_DELAY_MS="$delay" timeout --kill-after=10 $((SECONDS_OF_LOAD + 120)) \
        wrk -t1 -c"$connections" -d"${SECONDS_OF_LOAD}s" --timeout 10s --latency \
        -s "$WRK_DIR/$script" "$BASE" "${args[@]}" >"$OUT/load-$name.txt" 2>&1 &
    LOAD_PIDS+=($!)
    STREAMS+=("$name")
}
STREAMS=()
SLOW=$((DELAY_MS * 10))
log "mixed load for $MINUTES min: 10 connections (sign-in 1 and sign-up 1 pausing ${SLOW} ms; refresh, registered and unknown /recover 2 each pausing ${DELAY_MS} ms; refused requests 2 pausing $((DELAY_MS * 2)) ms)"
stream signin 1 "$SLOW" signin.lua "$TMP/signin-bodies.txt" 1
stream signup 1 "$SLOW" signup.lua "$RUN_ID" "$SEED_PASSWORD"
stream refresh 2 "$DELAY_MS" refresh.lua "$TMP/refresh-tokens.txt" 1
stream recover-registered 2 "$DELAY_MS" recover.lua /auth/v1/recover "$RUN_ID" "$ACCOUNTS"
stream recover-unknown 2 "$DELAY_MS" recover.lua /auth/v1/recover "$RUN_ID"
stream refused 2 $((DELAY_MS * 2)) malformed.lua

# RSS every 10 s while the load runs, for the shape of any growth.
echo "seconds rss_kB" >"$OUT/rss-during-load.txt"
for ((i = 1; i <= SECONDS_OF_LOAD / 10; i++)); do
    sleep 10
    kill -0 "$SERVER_PID" 2>/dev/null || die "the server exited under load (see $OUT/server.log)"
    echo "$((i * 10)) $(rss_kb VmRSS)" >>"$OUT/rss-during-load.txt"
done
for pid in "${LOAD_PIDS[@]}"; do wait "$pid" || log "warning: a wrk stream exited with an error (see $OUT/load-*.txt)"; done
LOAD_PIDS=()

drain_started="${EPOCHREALTIME/[.,]/}"
outbox_wait_idle 300 || true
DRAIN_S="$(awk -v a="$drain_started" -v b="${EPOCHREALTIME/[.,]/}" 'BEGIN { printf "%.1f", (b - a) / 1e6 }')"
log "outbox settled in $DRAIN_S s; idle for ${SETTLE} s"
sleep "$SETTLE"
AFTER_RSS="$(rss_kb VmRSS)" PEAK_RSS="$(rss_kb VmHWM)" AFTER_THREADS="$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$SERVER_PID/status")"
snapshot after-load
if [[ -n "$CALLGRIND_OUT" ]]; then
    # Written now: a server under valgrind may take longer to stop than stop_server waits.
    callgrind_control --dump "$SERVER_PID" >/dev/null || die "callgrind_control could not dump the counts"
fi
stop_server

# ---------------------------------------------------------------- summary

GROWTH=$((AFTER_RSS - IDLE_RSS))
verdict() { awk -v v="$1" -v g="$2" 'BEGIN { print ((v <= g) ? "met" : "MISSED") }'; }
{
    echo
    echo "Gatehouse memory $STAMP — $DB, load $LOAD at start, $MINUTES min of mixed load"
    echo
    echo "idle RSS (${IDLE} s after start):     $(mib "$IDLE_RSS") MiB ($IDLE_RSS kB, $IDLE_THREADS threads) (goal ≤ 40) — $(verdict "$IDLE_RSS" 40960)"
    echo "after load (+${SETTLE} s idle):        $(mib "$AFTER_RSS") MiB ($AFTER_RSS kB, $AFTER_THREADS threads)"
    echo "growth:                         $(mib "$GROWTH") MiB (goal ≤ 10 over idle) — $(verdict "$GROWTH" 10240)"
    echo "peak (VmHWM):                   $(mib "$PEAK_RSS") MiB"
    echo "outbox settled ${DRAIN_S} s after the load stopped"
    echo
    echo "load (wrk, per stream: requests, ok, non-2xx, socket errors; refused: ok = a 4xx answer):"
    for name in "${STREAMS[@]}"; do
        line="$(grep '^BENCH ' "$OUT/load-$name.txt" | tail -n 1 || true)"
        if [[ -z "$line" ]]; then echo "  $name: no BENCH line (see $OUT/load-$name.txt)"; continue; fi
        printf '  %-19s %s\n' "$name" "$(awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^(requests|ok|non2xx|starved|socket_errors|timeouts|ok_rps|p99_ms)=/) printf "%s ", $i }' <<<"$line")"
    done
    echo
    for name in idle after-load; do
        echo "$name RSS by mapping (/proc/PID/smaps, kB):"
        smaps_breakdown "$OUT/$name-smaps.txt" "$TOP"
        # File-backed pages (the binary's and libraries' code) are shared with the page cache and
        # come back from the file; anonymous ones (the heap, malloc arenas, stacks) are the
        # process's own.
        printf '  smaps_rollup:'
        awk '/^(Rss|Pss|Shared_Clean|Private_Clean|Private_Dirty|Anonymous):/ { printf " %s %s kB;", substr($1, 1, length($1) - 1), $2 }' \
            "$OUT/$name-smaps_rollup.txt" 2>/dev/null || true
        echo
        [[ "$name" == idle ]] && echo
    done
    echo
    echo "raw output: $OUT (idle-*.txt and after-load-*.txt: status, smaps, smaps_rollup; rss-during-load.txt)"
} | tee "$OUT/summary.txt"
ln -sfn "$STAMP" "$BENCH_DIR/results/latest-memory-$DB"

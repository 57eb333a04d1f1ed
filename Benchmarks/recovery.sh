#!/usr/bin/env bash
# Recovery-request benchmark: (1) a timing test alternating registered and unknown addresses
# (BENCH_PAIRS pairs, median gap and a Mann-Whitney p-value), (2) /recover at a fixed rate
# (BENCH_RATE req/s, open loop, p50/p90/p99), beside the health route at the same rate as the
# peer. SQLite, default send window, dev-mailbox transport, rate limits off.
#
# Not a test: it exits non-zero only when it could not measure. See Benchmarks/README.md.
# Usage: Benchmarks/recovery.sh   (BENCH_PAIRS=2000 BENCH_RATE=1000 BENCH_DURATION=10 BENCH_SOCKETS=32,
#                                  GATEHOUSE_BIN to skip the build)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="$ROOT/Benchmarks"
# shellcheck source=Benchmarks/lib.sh
source "$BENCH_DIR/lib.sh"
command -v node >/dev/null 2>&1 || die "node is required (the load generator is Benchmarks/node/recovery.mjs)"

STAMP="$(date -u +%Y%m%dT%H%M%SZ)-recovery"
OUT="$BENCH_DIR/results/$STAMP"
mkdir -p "$OUT"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-bench.XXXXXX")"
trap cleanup EXIT
trap 'exit 130' INT TERM

BIN="$(release_binary)"
LOAD="$(cut -d' ' -f1 /proc/loadavg)"
awk -v l="$LOAD" 'BEGIN { exit !(l + 0 > 0.5) }' && log "warning: load average is $LOAD before the run; numbers will suffer"
{
    echo "date_utc: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "cpu: $(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n 1), $(nproc) cores, load $LOAD"
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo none)"
    echo "node: $(node --version)"
} >"$OUT/env.txt"

# Cost 4: seeding thousands of accounts is not what is measured (recovery requests never hash).
start_server GATEHOUSE_BCRYPT_COST=4 GATEHOUSE_AUTOCONFIRM=true \
    GATEHOUSE_RATE_LIMIT_OTP=0 GATEHOUSE_RATE_LIMIT_TOKEN=0 GATEHOUSE_LOG_LEVEL="${GATEHOUSE_LOG_LEVEL:-info}"
node "$BENCH_DIR/node/recovery.mjs" "$BASE" "$OUT" | tee "$OUT/summary.txt"
stop_server
ln -sfn "$STAMP" "$BENCH_DIR/results/latest-recovery"
log "raw results: $OUT"

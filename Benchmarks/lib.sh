# Shared by the benchmark scripts (sourced): logging, the release build, one gatehouse server on
# a free 127.0.0.1 port with a temporary data dir (stopped on exit), a throwaway PostgreSQL
# cluster, seeding accounts through the importer, and reading the outbox from /metrics.
# Expects ROOT, OUT (results folder) and TMP (scratch folder) to be set by the caller.

SERVER_PID=""
# Set by a caller to run the server under a tool (callgrind.sh: valgrind), and to wait longer.
SERVER_WRAPPER=()
SERVER_START_SECONDS=60
# Where the server keeps its SQLite database and development secret ($TMP/data unless set), where
# its log goes ($OUT/server.log unless set), and the storage settings the server and the operator
# commands share (GATEHOUSE_DATABASE_URL=… for PostgreSQL; empty for SQLite in the data dir).
SERVER_DATA_DIR=""
SERVER_LOG=""
SERVER_STORAGE=()

log() { printf '[bench] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

# The release binary: $GATEHOUSE_BIN if set, else built into .build-release.
release_binary() {
    if [[ -n "${GATEHOUSE_BIN:-}" ]]; then
        [[ -x "$GATEHOUSE_BIN" ]] || die "no executable at $GATEHOUSE_BIN"
        echo "$GATEHOUSE_BIN"
        return 0
    fi
    # The binary we ship, built as scripts/release.sh builds it (scripts/release-build.sh).
    # shellcheck source=scripts/release-build.sh
    source "$ROOT/scripts/release-build.sh"
    release_build_command "$ROOT" || die "the release build's flags could not be set"
    log "building: ${RELEASE_BUILD[*]} (log: $OUT/build.log)"
    if ! (cd "$ROOT" && timeout 3600 "${RELEASE_BUILD[@]}") >"$OUT/build.log" 2>&1; then
        tail -n 30 "$OUT/build.log" >&2
        die "release build failed (log: $OUT/build.log)"
    fi
    echo "$(cd "$ROOT" && "${RELEASE_BUILD[@]}" --show-bin-path)/gatehouse"
}

free_port() {
    # Below the kernel's ephemeral range: a port in it can be taken, between this probe and the
    # server's bind, as the local end of an outgoing connection (wrk's, a database client's),
    # and the server then fails with "Address already in use".
    local port ephemeral_low
    ephemeral_low="$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true)"
    [[ "$ephemeral_low" =~ ^[0-9]+$ ]] && ((ephemeral_low > 12000)) || ephemeral_low=32768
    for _ in $(seq 1 100); do
        port=$((10000 + RANDOM % (ephemeral_low - 10000)))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    die "found no free port"
}

# A GATEHOUSE_JWT_KEYS value with one RSA signing key, made by the Python environment's
# `cryptography` (scripts/python-env.sh installs it).
rsa_signing_jwks() {
    "${BENCH_PYTHON:-$ROOT/.venv/bin/python}" - <<'PY' || die "could not make an RSA key (run scripts/python-env.sh)"
import base64, json
from cryptography.hazmat.primitives.asymmetric import rsa
key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
n = key.private_numbers()
b64 = lambda v: base64.urlsafe_b64encode(v.to_bytes((v.bit_length() + 7) // 8, "big")).rstrip(b"=").decode()
print(json.dumps([{"kty": "RSA", "kid": "bench", "alg": "RS256", "key_ops": ["sign", "verify"],
    "n": b64(n.public_numbers.n), "e": b64(n.public_numbers.e), "d": b64(n.d), "p": b64(n.p), "q": b64(n.q),
    "dp": b64(n.dmp1), "dq": b64(n.dmq1), "qi": b64(n.iqmp)}]))
PY
}

# start_server [VAR=value ...]: starts "$BIN serve" with those settings; sets PORT, BASE and
# SERVER_PID, and returns once /auth/v1/health answers ($SERVER_START_SECONDS s at most).
start_server() {
    PORT="$(free_port)"
    BASE="http://127.0.0.1:$PORT"
    local data="${SERVER_DATA_DIR:-$TMP/data}" server_log="${SERVER_LOG:-$OUT/server.log}"
    mkdir -p "$data"
    log "starting gatehouse serve on $BASE (log: $server_log)"
    # Tokens are signed as a deployment signs them by default: HS256 with the secret (the same
    # in development and production). BENCH_JWT_ALG=RS256 signs with an RSA key instead (about
    # 2.6 ms of CPU a token on a 2-core VM, the whole of a refresh's cost).
    local secret keys=()
    secret="$(random_hex 32)"
    if [[ "${BENCH_JWT_ALG:-HS256}" == RS256 ]]; then
        keys=(GATEHOUSE_JWT_KEYS="$(rsa_signing_jwks)")
    fi
    env GATEHOUSE_HOST=127.0.0.1 GATEHOUSE_PORT="$PORT" GATEHOUSE_DATA_DIR="$data" \
        GATEHOUSE_JWT_SECRET="$secret" "${keys[@]}" "${SERVER_STORAGE[@]}" "$@" "${SERVER_WRAPPER[@]}" "$BIN" serve \
        >"$server_log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 $((SERVER_START_SECONDS * 2))); do
        kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 20 "$server_log" >&2; die "server exited during start-up"; }
        if curl -fsS --max-time 2 -o /dev/null "$BASE/auth/v1/health" 2>/dev/null; then
            return 0
        fi
        sleep 0.5
    done
    tail -n 20 "$server_log" >&2
    die "server not healthy after $SERVER_START_SECONDS s"
}

stop_server() {
    [[ -n "$SERVER_PID" ]] || return 0
    if kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 50); do
            kill -0 "$SERVER_PID" 2>/dev/null || break
            sleep 0.2
        done
        if kill -0 "$SERVER_PID" 2>/dev/null; then
            log "warning: server did not stop within 10 s of SIGTERM; killing it"
            kill -KILL "$SERVER_PID" 2>/dev/null || true
        fi
    fi
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}

# ---------------------------------------------------------------- PostgreSQL

# A throwaway cluster from scripts/postgres.sh (fresh, 127.0.0.1 only, a free port); sets PG_URL
# and PG_SETTINGS (what the cluster runs with, for env.txt). That script starts PostgreSQL with
# the test suite's settings on its command line, where ALTER SYSTEM cannot change them: fsync and
# full-page writes off, asynchronous commit. The asynchronous commit is what Gatehouse's SQLite
# does too (WAL, synchronous=NORMAL: no flush per commit); the fsyncs PostgreSQL skips beyond that
# would be its WAL writer's and checkpointer's, in the background, off the request path.
BENCH_PG_DIR=""
PG_URL=""
pg_start() {
    local exports psql="${GATEHOUSE_PG_BIN:-/usr/lib/postgresql/15/bin}/psql"
    log "starting a throwaway PostgreSQL cluster (scripts/postgres.sh)"
    exports="$(bash "$ROOT/scripts/postgres.sh" start)" || die "scripts/postgres.sh could not start a cluster"
    BENCH_PG_DIR="$(sed -n 's/^export GATEHOUSE_PG_DIR=//p' <<<"$exports")"
    PG_URL="$(sed -n 's/^export GATEHOUSE_TEST_POSTGRES_URL=//p' <<<"$exports")"
    [[ -n "$BENCH_PG_DIR" && -n "$PG_URL" ]] || die "scripts/postgres.sh printed no cluster: $exports"
    PG_SETTINGS="$(PGCONNECT_TIMEOUT=10 timeout 60 "$psql" -X -At "$PG_URL" -c \
        "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings WHERE name IN
         ('fsync', 'full_page_writes', 'synchronous_commit', 'shared_buffers', 'server_version')" 2>/dev/null || true)"
}

# After a bulk import: statistics for the planner and a checkpoint now, so that autovacuum and the
# checkpointer do not do that work in the middle of the first measured runs.
pg_settle() {
    [[ -n "$PG_URL" ]] || return 0
    PGCONNECT_TIMEOUT=10 timeout 600 "${GATEHOUSE_PG_BIN:-/usr/lib/postgresql/15/bin}/psql" -X -q "$PG_URL" \
        -c "VACUUM ANALYZE" -c "CHECKPOINT" >/dev/null 2>&1 || log "warning: VACUUM ANALYZE / CHECKPOINT after the import failed"
}

pg_stop() {
    [[ -n "$BENCH_PG_DIR" ]] || return 0
    bash "$ROOT/scripts/postgres.sh" stop "$BENCH_PG_DIR" >/dev/null 2>&1 || log "warning: could not stop the PostgreSQL cluster in $BENCH_PG_DIR"
    BENCH_PG_DIR="" PG_URL=""
}

# ---------------------------------------------------------------- seeding accounts

# Every seeded account shares one bcrypt hash (cost 4) of this password: the importer keeps a
# hash as it is, so seeding hashes nothing, and a /recover never verifies it. A password sign-in
# replaces it with a hash at the server's cost, as for any imported account.
SEED_PASSWORD="benchmark-password"
# shellcheck disable=SC2016
SEED_PASSWORD_HASH='$2b$04$UOHgSS5TySZCfNywhf7Zlu3vhB.QQjUq78L4eDGUnUe7u9.YBC0BS'

# An operator command with the server's storage settings (30 minutes at most).
operator() {
    timeout 1800 env GATEHOUSE_DATA_DIR="${SERVER_DATA_DIR:-$TMP/data}" "${SERVER_STORAGE[@]}" "$BIN" "$@"
}

# write_accounts_csv FILE PREFIX COUNT: a Supabase auth.users export (the columns the importer
# reads) of COUNT confirmed accounts <PREFIX>-0 … <PREFIX>-<COUNT-1>@example.com.
write_accounts_csv() {
    awk -v prefix="$2" -v n="$3" -v hash="$SEED_PASSWORD_HASH" 'BEGIN {
        print "id,email,encrypted_password,email_confirmed_at,created_at"
        for (i = 0; i < n; i++)
            printf "00000000-0000-4000-8000-%012d,%s-%d@example.com,%s,2026-01-01 00:00:00+00,2026-01-01 00:00:00+00\n",
                i, prefix, i, hash
    }' >"$1"
}

# import_accounts FILE COUNT LOG: `gatehouse migrate`, then `gatehouse users import FILE --from
# supabase`, with the server's storage settings; dies unless all COUNT accounts were imported.
# Prints the seconds the import took.
import_accounts() {
    local file="$1" count="$2" import_log="$3" start end
    mkdir -p "${SERVER_DATA_DIR:-$TMP/data}"
    operator migrate >"$import_log" 2>&1 || { tail -n 20 "$import_log" >&2; die "gatehouse migrate failed"; }
    start="${EPOCHREALTIME/[.,]/}"
    if ! operator users import "$file" --from supabase >>"$import_log" 2>&1; then
        tail -n 20 "$import_log" >&2
        die "gatehouse users import failed"
    fi
    end="${EPOCHREALTIME/[.,]/}"
    grep -q "^imported $count, skipped 0, refused 0" "$import_log" ||
        { tail -n 5 "$import_log" >&2; die "the import did not take all $count accounts"; }
    awk -v us=$((end - start)) 'BEGIN { printf "%.1f\n", us / 1e6 }'
}

# ---------------------------------------------------------------- the outbox, from /metrics

# Prints "sent skipped dead pending sending": this server's delivery attempts since it started
# (gatehouse_outbox_deliveries_total, a counter: absent until the first one) and the outbox's jobs
# not yet settled (gatehouse_outbox_jobs, read from the database at each scrape).
outbox_state() {
    curl -fsS --max-time 5 "$BASE/metrics" | awk '
        /^gatehouse_outbox_deliveries_total\{/ {
            if ($0 ~ /event="sent"/) sent = $2
            else if ($0 ~ /event="skipped"/) skipped = $2
            else if ($0 ~ /event="dead"/) dead = $2
        }
        /^gatehouse_outbox_jobs\{/ {
            if ($0 ~ /state="pending"/) pending = $2
            else if ($0 ~ /state="sending"/) sending = $2
        }
        END { printf "%d %d %d %d %d\n", sent, skipped, dead, pending, sending }'
}

# outbox_wait_idle SECONDS: returns once no job is pending or being sent (polled every 50 ms,
# SECONDS at most), so that no earlier scenario's mail is still being worked on.
outbox_wait_idle() {
    local seconds="$1" deadline state
    deadline=$((${EPOCHREALTIME/[.,]/} + seconds * 1000000))
    for _ in $(seq 1 $((seconds * 40))); do
        state="$(outbox_state)" || state=""
        if [[ -n "$state" ]] && awk -v s="$state" 'BEGIN { split(s, f, " "); exit !(f[4] + f[5] == 0) }'; then
            return 0
        fi
        ((${EPOCHREALTIME/[.,]/} < deadline)) || break
        sleep 0.05
    done
    log "warning: the outbox still had jobs after ${seconds} s (sent skipped dead pending sending: ${state:-no answer})"
    return 1
}

cleanup() {
    stop_server
    pg_stop
    rm -rf "$TMP"
}

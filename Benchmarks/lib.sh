# Shared by the benchmark scripts (sourced): logging, the release build, and one gatehouse
# server on a free 127.0.0.1 port with a temporary data dir, stopped on exit.
# Expects ROOT, OUT (results folder) and TMP (scratch folder) to be set by the caller.

SERVER_PID=""
# Set by a caller to run the server under a tool (callgrind.sh: valgrind), and to wait longer.
SERVER_WRAPPER=()
SERVER_START_SECONDS=60

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
    log "building: swift build -c release --product gatehouse --scratch-path .build-release (log: $OUT/build.log)"
    if ! (cd "$ROOT" && timeout 3600 swift build -c release --product gatehouse --scratch-path .build-release) \
        >"$OUT/build.log" 2>&1; then
        tail -n 30 "$OUT/build.log" >&2
        die "release build failed (log: $OUT/build.log)"
    fi
    echo "$(cd "$ROOT" && swift build -c release --scratch-path .build-release --show-bin-path)/gatehouse"
}

free_port() {
    local port
    for _ in $(seq 1 100); do
        port=$((20000 + RANDOM % 40000))
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
    mkdir -p "$TMP/data"
    log "starting gatehouse serve on $BASE (log: $OUT/server.log)"
    # Tokens are signed as a deployment signs them by default: HS256 with the secret (the same
    # in development and production). BENCH_JWT_ALG=RS256 signs with an RSA key instead (about
    # 2.6 ms of CPU a token on a 2-core VM, the whole of a refresh's cost).
    local secret keys=()
    secret="$(random_hex 32)"
    if [[ "${BENCH_JWT_ALG:-HS256}" == RS256 ]]; then
        keys=(GATEHOUSE_JWT_KEYS="$(rsa_signing_jwks)")
    fi
    env GATEHOUSE_HOST=127.0.0.1 GATEHOUSE_PORT="$PORT" GATEHOUSE_DATA_DIR="$TMP/data" \
        GATEHOUSE_JWT_SECRET="$secret" "${keys[@]}" "$@" "${SERVER_WRAPPER[@]}" "$BIN" serve >"$OUT/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 $((SERVER_START_SECONDS * 2))); do
        kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 20 "$OUT/server.log" >&2; die "server exited during start-up"; }
        if curl -fsS --max-time 2 -o /dev/null "$BASE/auth/v1/health" 2>/dev/null; then
            return 0
        fi
        sleep 0.5
    done
    tail -n 20 "$OUT/server.log" >&2
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

cleanup() {
    stop_server
    rm -rf "$TMP"
}

#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests.
#
#   eval "$(bash scripts/postgres.sh start)"   # prints export lines (see below)
#   bash scripts/postgres.sh url  [DIR]        # prints the connection URL
#   bash scripts/postgres.sh stop [DIR]        # stops the server and removes DIR
#
# `start` creates a fresh cluster in /tmp/gatehouse-pg-XXXXXX, owned by the `postgres`
# user when run as root (initdb refuses root), listening on 127.0.0.1 only, on a free port,
# with trust authentication, a superuser `gatehouse` (password `gatehouse`) and a database
# `gatehouse_test`. It prints:
#   export GATEHOUSE_PG_DIR=/tmp/gatehouse-pg-XXXXXX
#   export GATEHOUSE_TEST_POSTGRES_URL=postgres://gatehouse:gatehouse@127.0.0.1:PORT/gatehouse_test
# `stop` and `url` take the directory as an argument or from $GATEHOUSE_PG_DIR.
# Every wait is bounded.
set -euo pipefail

PG_BIN=${GATEHOUSE_PG_BIN:-/usr/lib/postgresql/15/bin}
PG_USER=gatehouse
PG_PASSWORD=gatehouse
PG_DATABASE=gatehouse_test
START_TIMEOUT=${GATEHOUSE_PG_START_TIMEOUT:-60}
STOP_TIMEOUT=${GATEHOUSE_PG_STOP_TIMEOUT:-30}

say() { printf 'postgres.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# Runs a command as the cluster owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# A port in the ephemeral-but-not-kernel-assigned range that nothing listens on right now.
pick_port() {
    local tries=0 port
    while [ "$tries" -lt 200 ]; do
        port=$((20000 + RANDOM % 30000))
        tries=$((tries + 1))
        [ "$port" -eq 5432 ] && continue
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            printf '%s\n' "$port"
            return 0
        fi
    done
    die "no free port found"
}

# Accepts only directories this script created (marker file inside), so `stop` never
# removes anything else.
cluster_dir() {
    local dir=${1:-${GATEHOUSE_PG_DIR:-}}
    [ -n "$dir" ] || die "no cluster directory: pass it as an argument or set GATEHOUSE_PG_DIR"
    [ -f "$dir/.gatehouse-pg" ] || die "$dir is not a cluster made by scripts/postgres.sh"
    printf '%s\n' "$dir"
}

cmd_start() {
    [ -x "$PG_BIN/initdb" ] || die "$PG_BIN/initdb not found (run scripts/install-deps.sh)"
    local dir data port attempt=0 url
    dir=$(mktemp -d /tmp/gatehouse-pg-XXXXXX)
    touch "$dir/.gatehouse-pg"
    data=$dir/data
    mkdir -p "$data"
    printf '%s' "$PG_PASSWORD" >"$dir/pwfile"
    if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$dir"; fi
    chmod 700 "$dir" "$data"

    if ! as_owner timeout 120 "$PG_BIN/initdb" -D "$data" -U "$PG_USER" --pwfile="$dir/pwfile" \
        --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-instructions >"$dir/initdb.log" 2>&1; then
        cat "$dir/initdb.log" >&2
        rm -rf "$dir"
        die "initdb failed"
    fi
    cat >"$data/pg_hba.conf" <<EOF
local all all trust
host  all all 127.0.0.1/32 trust
EOF
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$data/pg_hba.conf"; fi

    # The port is free when picked but could be taken before the server binds it: retry.
    # max_connections: the Swift suite runs its tests side by side, each PostgreSQL test with its
    # own pool of up to PostgresStore.maximumConnections. scripts/swift-test.sh bounds how many run
    # at once; a plain `swift test` does not, and its peak went past 500 ("too many clients").
    while :; do
        attempt=$((attempt + 1))
        port=$(pick_port)
        if as_owner "$PG_BIN/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t "$START_TIMEOUT" \
            -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir \
                -c max_connections=2000 -c fsync=off -c synchronous_commit=off \
                -c full_page_writes=off -c shared_buffers=64MB" start >/dev/null 2>&1; then
            break
        fi
        if [ "$attempt" -ge 5 ]; then
            tail -n 40 "$dir/postgres.log" >&2 || true
            as_owner "$PG_BIN/pg_ctl" -D "$data" -m immediate -w -t "$STOP_TIMEOUT" stop >/dev/null 2>&1 || true
            rm -rf "$dir"
            die "PostgreSQL did not start"
        fi
        say "start on port $port failed, retrying"
    done

    if ! PGCONNECT_TIMEOUT=10 timeout 60 "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 \
        -h 127.0.0.1 -p "$port" -U "$PG_USER" -d postgres \
        -c "CREATE DATABASE $PG_DATABASE" >/dev/null; then
        cmd_stop "$dir"
        die "could not create database $PG_DATABASE"
    fi

    url="postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$port/$PG_DATABASE"
    printf '%s\n' "$url" >"$dir/url"
    printf 'export GATEHOUSE_PG_DIR=%s\n' "$dir"
    printf 'export GATEHOUSE_TEST_POSTGRES_URL=%s\n' "$url"
}

cmd_stop() {
    local dir pid
    dir=$(cluster_dir "${1:-}")
    if [ -f "$dir/data/postmaster.pid" ]; then
        if ! as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -t "$STOP_TIMEOUT" stop >/dev/null 2>&1; then
            say "fast shutdown failed; killing the postmaster"
            pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null || true)
            if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
                kill -QUIT "$pid" 2>/dev/null || true
                for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
                kill -KILL "$pid" 2>/dev/null || true
            fi
        fi
    fi
    rm -rf "$dir"
}

cmd_url() {
    local dir
    dir=$(cluster_dir "${1:-}")
    cat "$dir/url"
}

case "${1:-}" in
    start) cmd_start ;;
    stop) cmd_stop "${2:-}" ;;
    url) cmd_url "${2:-}" ;;
    *) die "usage: $0 start|stop [DIR]|url [DIR]" ;;
esac

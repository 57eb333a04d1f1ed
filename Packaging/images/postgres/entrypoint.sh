#!/bin/sh
# The official image's start, reduced to what the deployment examples use.
set -eu
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
user=${POSTGRES_USER:-postgres}
install -d -o postgres -g postgres -m 0700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
    chown postgres "$pwfile"
    as_postgres initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    for script in /docker-entrypoint-initdb.d/*; do
        case "$script" in
            *.sql) echo "running $script"; as_postgres psql -X -v ON_ERROR_STOP=1 -U "$user" -d postgres -f "$script" ;;
            *.sh) echo "running $script"; . "$script" ;;
            *) ;;
        esac
    done
    as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    echo "PostgreSQL init process complete; ready for start up."
fi
if [ "$1" = postgres ]; then
    shift
    exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"

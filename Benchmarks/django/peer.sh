# The Django peer of /recover (sourced by run.sh; see django/README.md): a throwaway venv with
# Django 5.2 and gunicorn from PyPI, a seeded SQLite database, gunicorn with one sync worker per
# core. Expects lib.sh to be sourced and TMP, OUT and CORES to be set.

DJANGO_DIR="$BENCH_DIR/django"
DJANGO_VENV="${BENCH_DJANGO_VENV:-${TMPDIR:-/tmp}/gatehouse-bench-django-venv}"
DJANGO_PID=""

# Creates the venv once (kept between runs, outside the repository).
django_install() {
    if [[ ! -x "$DJANGO_VENV/bin/gunicorn" ]]; then
        log "installing Django 5.2 and gunicorn into $DJANGO_VENV (log: $OUT/django-install.log)"
        {
            python3 -m venv "$DJANGO_VENV" &&
                "$DJANGO_VENV/bin/pip" install --disable-pip-version-check -q 'Django>=5.2,<5.3' 'gunicorn>=23,<24'
        } >"$OUT/django-install.log" 2>&1 || { tail -n 20 "$OUT/django-install.log" >&2; die "could not install the Django peer"; }
    fi
    "$DJANGO_VENV/bin/python" -c 'import django, gunicorn; print("django", django.get_version(), "gunicorn", gunicorn.__version__)'
}

# django_start USERS: seeds USERS accounts into a new database, starts gunicorn on a free port;
# sets DJANGO_BASE and DJANGO_PID.
django_start() {
    local users="$1" port
    mkdir -p "$TMP/django"
    export RESETPEER_DATA_DIR="$TMP/django" RESETPEER_SECRET_KEY="$(random_hex 32)"
    (cd "$DJANGO_DIR" && "$DJANGO_VENV/bin/python" seed.py "$users") >"$OUT/django-seed.log" 2>&1 ||
        { cat "$OUT/django-seed.log" >&2; die "seeding the Django peer failed"; }
    port="$(free_port)"
    DJANGO_BASE="http://127.0.0.1:$port"
    log "starting the Django peer (gunicorn, $CORES sync workers) on $DJANGO_BASE (log: $OUT/django.log)"
    (cd "$DJANGO_DIR" && exec "$DJANGO_VENV/bin/gunicorn" --workers "$CORES" --bind "127.0.0.1:$port" \
        --log-level warning resetpeer.wsgi:application) >"$OUT/django.log" 2>&1 &
    DJANGO_PID=$!
    for _ in $(seq 1 60); do
        kill -0 "$DJANGO_PID" 2>/dev/null || { tail -n 20 "$OUT/django.log" >&2; die "the Django peer exited during start-up"; }
        if curl -fsS --max-time 2 -o /dev/null -H 'Content-Type: application/json' \
            --data-binary '{"email":"bench-0@example.com"}' "$DJANGO_BASE/password-reset" 2>/dev/null; then
            return 0
        fi
        sleep 0.5
    done
    die "the Django peer did not answer within 30 s"
}

# Stops gunicorn (its master stops the workers on SIGTERM).
django_stop() {
    [[ -n "$DJANGO_PID" ]] || return 0
    kill -TERM "$DJANGO_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do
        kill -0 "$DJANGO_PID" 2>/dev/null || break
        sleep 0.2
    done
    kill -0 "$DJANGO_PID" 2>/dev/null && kill -KILL "$DJANGO_PID" 2>/dev/null
    wait "$DJANGO_PID" 2>/dev/null || true
    DJANGO_PID=""
}

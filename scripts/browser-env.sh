#!/usr/bin/env bash
# Prepares the browser suite (Browser/): Debian's Chromium at /usr/bin/chromium and the
# Playwright Python package in the repository's virtualenv (.venv, made by python-env.sh).
# Idempotent: apt and pip run only when something is missing or the requirements changed.
# Never runs `playwright install`: the suite launches /usr/bin/chromium itself.
# Prints the venv's python path on stdout; progress goes to stderr.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
requirements=$root/Browser/requirements.txt

say() { printf 'browser-env: %s\n' "$*" >&2; }

if [ ! -x /usr/bin/chromium ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
    say "installing chromium from Debian"
    export DEBIAN_FRONTEND=noninteractive
    timeout 900 $sudo apt-get -o DPkg::Lock::Timeout=600 update -q >&2
    timeout 1800 $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends \
        chromium fonts-dejavu-core </dev/null >&2
fi
[ -x /usr/bin/chromium ] || { say "/usr/bin/chromium is still missing"; exit 1; }

python=$(bash "$root/scripts/python-env.sh")
venv=$(cd "$(dirname "$python")/.." && pwd)
stamp=$venv/.gatehouse-browser-requirements.sha256
want=$( { sha256sum "$requirements" | cut -d' ' -f1; "$python" -c 'import sys; print(sys.version)'; } | sha256sum | cut -d' ' -f1)
have=$(cat "$stamp" 2>/dev/null || true)
if [ "$want" != "$have" ] || ! "$python" -c 'import playwright' >/dev/null 2>&1; then
    say "installing $(basename "$requirements") into $venv"
    rm -f "$stamp"
    # PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: the package must never fetch a browser of its own.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 timeout 900 "$python" -m pip install --quiet --disable-pip-version-check \
        --retries 3 -r "$requirements" </dev/null >&2
    printf '%s\n' "$want" >"$stamp"
fi

printf '%s\n' "$python"

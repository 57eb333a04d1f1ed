#!/usr/bin/env bash
# Creates (or reuses) the Python virtualenv for the conformance suite at <repo>/.venv and
# installs Conformance/requirements.txt into it. pip runs only when the requirements (or the
# interpreter) changed since the last successful install, tracked by a stamp file in the venv.
# Prints the venv's python path on stdout; progress goes to stderr.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${GATEHOUSE_VENV:-$root/.venv}
requirements=$root/Conformance/requirements.txt
stamp=$venv/.gatehouse-requirements.sha256

say() { printf 'python-env: %s\n' "$*" >&2; }

base_python=${GATEHOUSE_PYTHON:-}
if [ -z "$base_python" ]; then
    if [ -x /usr/bin/python3 ]; then base_python=/usr/bin/python3; else base_python=$(command -v python3); fi
fi

if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
    say "creating $venv with $base_python"
    rm -rf "$venv"
    timeout 300 "$base_python" -m venv "$venv"
fi

want=$( { sha256sum "$requirements" | cut -d' ' -f1; "$venv/bin/python" -c 'import sys; print(sys.version)'; } | sha256sum | cut -d' ' -f1)
have=$(cat "$stamp" 2>/dev/null || true)
if [ "$want" != "$have" ]; then
    say "installing $(basename "$requirements") into $venv"
    rm -f "$stamp"
    timeout 900 "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        --retries 3 -r "$requirements" </dev/null >&2
    printf '%s\n' "$want" >"$stamp"
fi

printf '%s\n' "$venv/bin/python"

#!/usr/bin/env bash
# Regenerates the screenshots the docs show (docs/screenshots/, used by
# docs/reference/web-pages.md) from the browser suite: runs the tests that take them, then copies
# each one's 1280 px picture from Browser/screenshots/NAME-1280.png to docs/screenshots/NAME.png.
#
#   bash scripts/screenshots.sh     # after `swift build --product gatehouse` (or with GATEHOUSE_BIN)
#
# Light pictures come from the console tests, the dark ones (`-dark`) from test_dark_mode.py
# (its context asks for `prefers-color-scheme: dark`). Nothing is copied unless every test passes
# and every picture was written by this run (a stale one from an earlier run is refused).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

say() { printf 'screenshots: %s\n' "$*" >&2; }

tests=(
    "Browser/test_console_signin.py::test_an_operator_signs_in_reads_the_events_and_signs_out"
    "Browser/test_console_accounts.py::test_an_operator_finds_a_user_and_acts_on_the_account"
    "Browser/test_console_mail.py"
    "Browser/test_console_overview.py::test_overview_renders_its_charts_under_the_csp"
    "Browser/test_dark_mode.py"
)
names=(
    console-login console-overview console-accounts console-account console-events console-mail console-mail-test
    console-login-dark console-overview-dark console-accounts-dark console-account-dark console-events-dark console-mail-dark
)

python=${PYTHON:-$root/.venv/bin/python}
[ -x "$python" ] || { say "no $python: run scripts/browser-env.sh first"; exit 1; }

mkdir -p Browser/screenshots docs/screenshots
marker=$(mktemp)
trap 'rm -f "$marker"' EXIT
sleep 1 # the marker's mtime is in whole seconds on some file systems: every picture is newer

"$python" -m pytest "${tests[@]}" -q -p no:cacheprovider

for name in "${names[@]}"; do
    picture=Browser/screenshots/$name-1280.png
    if [ ! "$picture" -nt "$marker" ]; then
        say "$picture was not written by this run"
        exit 1
    fi
done
for name in "${names[@]}"; do
    cp "Browser/screenshots/$name-1280.png" "docs/screenshots/$name.png"
done
say "copied ${#names[@]} pictures to docs/screenshots/"

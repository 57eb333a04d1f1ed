#!/usr/bin/env bash
# The licence header of every Swift file, in the Swift server ecosystem's form (the block that
# swift-nio and Hummingbird files open with, ending in an SPDX identifier):
#
#   bash scripts/spdx-headers.sh            # adds the header to each Swift file that lacks one
#   bash scripts/spdx-headers.sh --check    # lists the files without it; exit 1 if there are any
#
# A file has a header when `SPDX-License-Identifier:` is in its first 20 lines; such files are
# left as they are, so running it again changes nothing. The header goes after a first line that
# must stay first (`// swift-tools-version:` of Package.swift, a `#!` line). A file whose opening
# lines carry the MIT licence (the generated common-password list: its data is SecLists', MIT) is
# marked `SPDX-License-Identifier: MIT` instead. Files: Swift files
# git tracks or would track (new, not ignored), so nothing under .build is touched.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

mode=add
case "${1:-}" in
    "") ;;
    --check) mode=check ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "spdx-headers.sh: unknown argument: $1" >&2; exit 64 ;;
esac

header='//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//'

has_header() { head -n 20 "$1" | grep -q 'SPDX-License-Identifier:'; }

missing=0
changed=0
while IFS= read -r -d '' file; do
    [ -f "$file" ] || continue
    has_header "$file" && continue
    if [ "$mode" = check ]; then
        printf '%s\n' "$file"
        missing=$((missing + 1))
        continue
    fi
    text=$header
    if head -n 20 "$file" | grep -q 'MIT License'; then text='// SPDX-License-Identifier: MIT'; fi
    first=$(head -n 1 "$file")
    tmp="$file.spdx.$$"
    case "$first" in
        '// swift-tools-version'* | '#!'*)
            { printf '%s\n' "$first"; printf '%s\n\n' "$text"; tail -n +2 "$file"; } >"$tmp"
            ;;
        *)
            { printf '%s\n\n' "$text"; cat "$file"; } >"$tmp"
            ;;
    esac
    # Keep the file's mode; replace it in one step.
    chmod --reference="$file" "$tmp"
    mv "$tmp" "$file"
    changed=$((changed + 1))
done < <(git ls-files -z --cached --others --exclude-standard -- '*.swift')

if [ "$mode" = check ]; then
    if [ "$missing" -gt 0 ]; then
        printf 'spdx-headers.sh: %d Swift file(s) without an SPDX-License-Identifier header (bash scripts/spdx-headers.sh adds it)\n' "$missing" >&2
        exit 1
    fi
    printf 'spdx-headers.sh: every Swift file has its licence header\n' >&2
else
    printf 'spdx-headers.sh: header added to %d file(s)\n' "$changed" >&2
fi

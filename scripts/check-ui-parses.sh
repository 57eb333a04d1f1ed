#!/usr/bin/env bash
# Checks that every Swift file of Sources/GatehouseUI parses. The views need SwiftUI, which Linux
# does not have, so CI cannot type-check them there; `swiftc -parse` still catches syntax errors
# in every #if branch.
set -euo pipefail
cd "$(dirname "$0")/.."

swiftc_bin="${SWIFTC:-swiftc}"
status=0
count=0
while IFS= read -r -d '' file; do
    count=$((count + 1))
    if ! "$swiftc_bin" -parse -swift-version 6 "$file"; then
        echo "does not parse: $file" >&2
        status=1
    fi
done < <(find Sources/GatehouseUI -name '*.swift' -print0 | sort -z)

if [ "$count" -eq 0 ]; then
    echo "no Swift files found under Sources/GatehouseUI" >&2
    exit 1
fi
[ "$status" -eq 0 ] && echo "GatehouseUI: $count files parse"
exit "$status"

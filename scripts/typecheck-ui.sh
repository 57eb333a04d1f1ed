#!/usr/bin/env bash
# Type-checks GatehouseUI's SwiftUI views and the example app (Examples/) on Linux, where SwiftUI
# does not exist, against TypeCheck/: stand-ins for the SwiftUI, UIKit, AuthenticationServices and
# Accessibility API the code uses, each declared as Apple documents it (TypeCheck/README.md). A
# wrong label, a wrong type or a missing modifier fails here as it would in Xcode.
#
# Needs the package built (`swift build`): the views import GatehouseCore and swift-log's and
# OpenCombine's modules from .build. GatehouseClient and GatehouseFeatures are compiled again
# here, so that their `#if canImport(AuthenticationServices)` code is checked too.
set -euo pipefail
cd "$(dirname "$0")/.."

swiftc_bin="${SWIFTC:-swiftc}"
built=".build/debug"
[ -d "$built/Modules" ] || built=$(swift build --show-bin-path)
modules="$built/Modules"
for needed in GatehouseCore Logging OpenCombine; do
    if [ ! -e "$modules/$needed.swiftmodule" ]; then
        echo "typecheck-ui: $modules/$needed.swiftmodule is missing: run 'swift build' first" >&2
        exit 1
    fi
done
# OpenCombine's C++ helpers: its Swift module needs their module map.
combine_map="$built/COpenCombineHelpers.build/module.modulemap"

out=$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-typecheck.XXXXXX")
trap 'rm -rf "$out"' EXIT

common=(-swift-version 6 -parse-as-library -package-name gatehouse -I "$out" -I "$modules" -module-cache-path "$out/cache")
[ -f "$combine_map" ] && common+=(-Xcc "-fmodule-map-file=$combine_map")

# Module name, then its sources: emits $out/<name>.swiftmodule, failing on the first error.
emit() {
    local name=$1
    shift
    if ! "$swiftc_bin" -emit-module -module-name "$name" -emit-module-path "$out/$name.swiftmodule" "${common[@]}" "$@"; then
        echo "typecheck-ui: $name does not type-check" >&2
        exit 1
    fi
    echo "typecheck-ui: $name type-checks ($# files)"
}

sources() { find "$@" -name '*.swift' -print0 | sort -z | xargs -0 printf '%s\n'; }

emit UIKit $(sources TypeCheck/UIKit)
emit Accessibility $(sources TypeCheck/Accessibility)
emit AuthenticationServices $(sources TypeCheck/AuthenticationServices)
emit SwiftUI $(sources TypeCheck/SwiftUI)
emit GatehouseClient $(sources Sources/GatehouseClient)
emit GatehouseFeatures $(sources Sources/GatehouseFeatures)
emit GatehouseUI $(sources Sources/GatehouseUI)

# The example apps: each one's flow module (*Flow, also built and tested by the package) first,
# then its other targets, which import it.
for app in Examples/*/; do
    [ -d "${app}Sources" ] || continue
    for target in "${app}"Sources/*Flow/; do
        [ -d "$target" ] && emit "$(basename "$target")" $(sources "$target")
    done
    for target in "${app}"Sources/*/; do
        case "$target" in *Flow/) continue ;; esac
        emit "$(basename "$target")" $(sources "$target")
    done
done
echo "typecheck-ui: all type-check"

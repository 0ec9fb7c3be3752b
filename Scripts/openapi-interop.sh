#!/usr/bin/env bash
# Interop check (docs/Exports.md#interop-with-swift-openapi-generator): every bundled schema's OpenAPI
# export, and KitchenSink's, fed to swift-openapi-generator 1.14.3 (`--mode types --mode client`) must
# give no warning and lose no property, enum case or operation; the generated code must then compile
# against swift-openapi-runtime.
#
#   Scripts/openapi-interop.sh [schema.yaml ...]
#
# Builds swift-openapi-generator (debug; OPENAPI_INTEROP_CONFIGURATION=release for a release build) in a
# scratch package under .build-interop (git-ignored, reused by the next run; OPENAPI_INTEROP_DIR moves
# it), from the package mirror. SWIFT_OPENAPI_GENERATOR=<binary> uses an existing generator instead.
# OPENAPI_INTEROP_COMPILE=0 skips compiling the generated code. Exits 1 on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

schemas=("$@")
[ ${#schemas[@]} -gt 0 ] || schemas=(Schemas/*.yaml Tests/GeneratedModules/KitchenSink/kitchensink.yaml)
scratch=${OPENAPI_INTEROP_DIR:-$root/.build-interop}
configuration=${OPENAPI_INTEROP_CONFIGURATION:-debug}
mkdir -p "$scratch"

# Module names: the schema file's name with its first letter upper-cased (kitchensink -> Kitchensink).
modules=()
for schema in "${schemas[@]}"; do
    name=$(basename "$schema" .yaml)
    modules+=("$(tr '[:lower:]' '[:upper:]' <<< "${name:0:1}")${name:1}")
done

# The scratch package: the generator as a dependency (its executable is built from it), and one target
# per schema holding the generated code, which depends on the runtime only.
targets=""
for module in "${modules[@]}"; do
    targets+="        .target(name: \"$module\", dependencies: [.product(name: \"OpenAPIRuntime\", package: \"swift-openapi-runtime\")]),
"
done
manifest="// swift-tools-version:6.0
// Written by Scripts/openapi-interop.sh; regenerated on every run.
import PackageDescription

let package = Package(
    name: \"OpenAPIInterop\",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: \"https://github.com/apple/swift-openapi-generator\", exact: \"1.14.3\"),
        .package(url: \"https://github.com/apple/swift-openapi-runtime\", from: \"1.8.0\"),
    ],
    targets: [
$targets    ]
)
"
if [ "$(cat "$scratch/Package.swift" 2>/dev/null)" != "$manifest" ]; then
    printf '%s' "$manifest" > "$scratch/Package.swift"
fi
# SwiftPM wants every target's folder to exist (with a source file) before it builds anything.
for module in "${modules[@]}"; do
    mkdir -p "$scratch/Sources/$module"
    ls "$scratch/Sources/$module"/*.swift > /dev/null 2>&1 || echo "import OpenAPIRuntime" > "$scratch/Sources/$module/Placeholder.swift"
done

generator=${SWIFT_OPENAPI_GENERATOR:-}
if [ -z "$generator" ]; then
    echo "interop: building swift-openapi-generator 1.14.3 ($configuration) in $scratch"
    swift build --package-path "$scratch" -c "$configuration" --product swift-openapi-generator 2>&1 | tail -n 2
    generator="$(swift build --package-path "$scratch" -c "$configuration" --show-bin-path)/swift-openapi-generator"
fi
swift build --product client-generator 2>&1 | tail -n 1
client_generator="$(swift build --product client-generator --show-bin-path)/client-generator"

status=0
summary=()
for index in "${!schemas[@]}"; do
    schema=${schemas[$index]} module=${modules[$index]}
    name=$(basename "$schema" .yaml)
    exports="$scratch/exports"
    sources="$scratch/Sources/$module"
    mkdir -p "$exports" "$sources"
    rm -f "$sources"/*.swift
    "$client_generator" export "$schema" --format openapi --output "$exports/$name.openapi.json"
    if ! "$generator" generate --mode types --mode client --access-modifier public \
        --output-directory "$sources" "$exports/$name.openapi.json" > "$exports/$name.out" 2> "$exports/$name.diagnostics"; then
        echo "interop: $name: swift-openapi-generator failed" >&2
        cat "$exports/$name.diagnostics" >&2
        status=1
    fi
    if ! python3 Scripts/openapi-interop-check.py "$name" "$exports/$name.openapi.json" "$sources" "$exports/$name.diagnostics" \
        | tee "$exports/$name.check"; then
        status=1
    fi
    summary+=("$(tail -n 1 "$exports/$name.check")")
done

if [ "${OPENAPI_INTEROP_COMPILE:-1}" != 0 ]; then
    echo "interop: compiling the generated code against swift-openapi-runtime"
    if swift build --package-path "$scratch" -c "$configuration" > "$scratch/compile.log" 2>&1; then
        summary+=("generated code: compiles ($(grep -c ': warning:' "$scratch/compile.log" || true) compiler warnings)")
    else
        grep -E ': error:' "$scratch/compile.log" | head -n 40 >&2 || tail -n 40 "$scratch/compile.log" >&2
        summary+=("generated code: does not compile (see $scratch/compile.log)")
        status=1
    fi
fi

printf 'interop: %s\n' "${summary[@]}"
exit "$status"

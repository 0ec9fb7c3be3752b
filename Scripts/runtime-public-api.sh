#!/usr/bin/env bash
# Prints ClientRuntime's public API as an app sees it: the declarations in its symbol graph and in that of the
# module it re-exports (WireFormat, which is all `@_spi(Generated)`, so it adds none) at `public` access,
# without `@_spi(Generated)` ones (the helpers only generated code imports) and without members a
# type only inherits from a protocol's extension (`!=`, default implementations), which it does not declare.
# One line per declaration (`kind path`), then the count. `--include-spi` lists what generated code sees.
#
# Usage: Scripts/runtime-public-api.sh [--include-spi]
# Extracts from the debug build (`swift build --target ClientRuntime` first, a no-op when it is current).
set -euo pipefail
cd "$(dirname "$0")/.."

spi_flag=()
if [ "${1:-}" = "--include-spi" ]; then spi_flag=(-include-spi-symbols); fi

swift build --target ClientRuntime >&2
toolchain_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
for module in ClientRuntime WireFormat; do
    "$toolchain_bin/swift-symbolgraph-extract" -module-name "$module" -I "$(swift build --show-bin-path)/Modules" \
        -target "$triple" -minimum-access-level public "${spi_flag[@]}" -output-dir "$graphs"
done

python3 - "$graphs" <<'PY'
import glob, json, os, sys

declarations = set()
# <module>.symbols.json, plus <module>@Swift / @Foundation... for extensions of other modules' types.
for path in glob.glob(os.path.join(sys.argv[1], "*.symbols.json")):
    with open(path) as file:
        for symbol in json.load(file)["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue  # inherited from a protocol extension, not declared by ClientRuntime
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            declarations.add((".".join(symbol["pathComponents"]), kind, symbol["identifier"]["precise"]))
for path, kind, _ in sorted(declarations):
    print(f"{kind:12} {path}")
top_level = sum(1 for path, _, _ in declarations if "." not in path)
print(f"{len(declarations)} public declarations, {top_level} of them top-level types, protocols and functions")
PY

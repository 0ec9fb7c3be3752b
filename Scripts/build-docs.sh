#!/usr/bin/env bash
# Builds the DocC documentation of ClientRuntime and of each API module (Sources/<Module>/<Module>.docc)
# with the toolchain's `docc`, failing on any warning (a broken symbol link in an article, a doc comment
# naming a parameter that does not exist) or on article code that does not type-check against the module. No swift-docc-plugin: a package that depends on ours resolves
# nothing more for it. Usage: Scripts/build-docs.sh [output folder]   (default .build-docs/, git-ignored)
#
# The symbol graphs are extracted with swift-symbolgraph-extract from the modules of the debug build
# (`swift build --target <Module>`, a no-op after `swift build`), the six modules only: `swift package
# dump-symbol-graph` would extract every module of the package and its dependencies, several times
# slower. Each module's archive is written to <output>/<Module>.doccarchive, and all of them merged into
# <output>/SchemaClients.doccarchive (`docc merge`); preview one module with
# `docc preview Sources/<Module>/<Module>.docc --additional-symbol-graph-dir <output>/symbol-graphs/<Module> --output-path <output>/preview/<Module>`.
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.build-docs}
modules=(ClientRuntime WhitelabelPay Finaptic KDPay Jumio BSA)
docc=$(command -v docc || true)
if [ -z "$docc" ]; then
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc" ] || { echo "error: docc not found next to swift ($docc)" >&2; exit 1; }

started=$(date +%s)
toolchain_bin="$(dirname "$docc")"
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
for module in "${modules[@]}"; do
    swift build --target "$module"
done
modules_dir="$(swift build --show-bin-path)/Modules"

rm -rf "$output"
mkdir -p "$output/symbol-graphs"
for module in "${modules[@]}"; do
    # Only this module's graphs (Module.symbols.json, Module@Other.symbols.json for extensions of other
    # modules' types): docc documents every module it is given.
    module_graphs="$output/symbol-graphs/$module"
    mkdir -p "$module_graphs"
    "$toolchain_bin/swift-symbolgraph-extract" -module-name "$module" -I "$modules_dir" -target "$triple" \
        -minimum-access-level public -output-dir "$module_graphs"
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "schemaclients.$module" \
        --warnings-as-errors \
        --output-path "$output/$module.doccarchive"
    echo "docs: $module: $output/$module.doccarchive"
done
# One archive for all six, where the API catalogs' links to ClientRuntime's articles resolve.
archives=()
for module in "${modules[@]}"; do archives+=("$output/$module.doccarchive"); done
"$docc" merge "${archives[@]}" --synthesized-landing-page-name SchemaClients --output-path "$output/SchemaClients.doccarchive"
echo "docs: all: $output/SchemaClients.doccarchive"

# The articles' code must be real: their Swift type-checks against the modules just documented.
python3 Scripts/check-doc-snippets.py "$modules_dir" "$triple"
echo "docs: ${#modules[@]} catalogs built without warnings, their Swift type-checked, in $(( $(date +%s) - started )) s"

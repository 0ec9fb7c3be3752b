#!/usr/bin/env bash
# Builds the DocC documentation of ClientRuntime and of each API module (Sources/<Module>/<Module>.docc)
# with the toolchain's `docc`, failing on any warning: a broken symbol link in an article, a doc comment
# naming a parameter that does not exist. No swift-docc-plugin: a package that depends on ours resolves
# nothing more for it. Usage: Scripts/build-docs.sh [output folder]   (default .build-docs/, git-ignored)
#
# The symbol graphs come from `swift package dump-symbol-graph`, which reuses the debug build (so after
# `swift build` it only extracts them); each module's archive is written to <output>/<Module>.doccarchive.
# Preview one with `docc preview Sources/<Module>/<Module>.docc --additional-symbol-graph-dir
# <output>/symbol-graphs/<Module>`.
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
# Writes every module's graphs (Module.symbols.json, and Module@Other.symbols.json for extensions of
# other modules' types) to one folder, which it names on its last line.
dump_log=$(mktemp)
swift package dump-symbol-graph --minimum-access-level public 2>&1 | tee "$dump_log" | tail -n 3
graphs=$(sed -n 's/^Files written to //p' "$dump_log" | tail -n 1)
rm -f "$dump_log"
[ -d "$graphs" ] || { echo "error: no symbol graphs found (dump-symbol-graph output above)" >&2; exit 1; }

rm -rf "$output"
mkdir -p "$output/symbol-graphs"
for module in "${modules[@]}"; do
    # Only this module's graphs: docc documents every module it is given.
    module_graphs="$output/symbol-graphs/$module"
    mkdir -p "$module_graphs"
    cp "$graphs/$module.symbols.json" "$module_graphs/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$module_graphs/" \;
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "schemaclients.$module" \
        --warnings-as-errors \
        --output-path "$output/$module.doccarchive"
    echo "docs: $module: $output/$module.doccarchive"
done
echo "docs: ${#modules[@]} catalogs built without warnings in $(( $(date +%s) - started )) s"

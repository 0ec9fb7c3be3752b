#!/usr/bin/env bash
# Generator time and debug compile time of one schema's generated module, medians of N runs.
#
#   Benchmarks/generation-cost.sh <client-generator> <schema.yaml> <dir with ClientRuntime.swiftmodule> [runs]
#
# Build the inputs first: `swift build --product client-generator --target ClientRuntime`, then pass
# .build/debug/client-generator and .build/debug/Modules. To compare two versions, run it once per
# version (for example on a worktree of the older commit) in the same session.
set -euo pipefail
generator=$1 schema=$2 modules=$3 runs=${4:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); echo "$end - $start" | bc; }

for _ in $(seq "$runs"); do seconds "$generator" generate "$schema" -o "$work/out"; done | median > "$work/gen"
lines=$(cat "$work"/out/*.swift | wc -l)
printf '@_exported import ClientRuntime\n' > "$work/out/Exports.swift"
for _ in $(seq "$runs"); do
  seconds swiftc -Onone -parse-as-library -module-name Generated -I "$modules" -emit-module -emit-module-path "$work/Generated.swiftmodule" -c "$work"/out/*.swift -o "$work/Generated.o" -wmo
done | median > "$work/compile"
printf '%s: generation %s s, %s generated lines, debug compile %s s (medians of %s)\n' \
  "$(basename "$schema")" "$(cat "$work/gen")" "$lines" "$(cat "$work/compile")" "$runs"

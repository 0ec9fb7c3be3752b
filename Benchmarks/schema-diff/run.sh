#!/usr/bin/env bash
# Times `client-generator diff` on Schemas/finaptic.yaml against a copy with 50 random edits (seeded),
# with a release build. Prints the change count and the wall time of 10 runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product client-generator >/dev/null
generator="$(swift build -c release --show-bin-path)/client-generator"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/schema-diff/random-edits.py Schemas/finaptic.yaml "$work/finaptic-edited.yaml" 50 12
"$generator" diff Schemas/finaptic.yaml "$work/finaptic-edited.yaml" | head -1
start=$(date +%s%N)
for _ in 1 2 3 4 5 6 7 8 9 10; do "$generator" diff Schemas/finaptic.yaml "$work/finaptic-edited.yaml" --format json >/dev/null; done
end=$(date +%s%N)
echo "diff finaptic.yaml vs 50 random edits: $(( (end - start) / 10000000 )) ms per run (mean of 10, including process start and loading both schemas)"

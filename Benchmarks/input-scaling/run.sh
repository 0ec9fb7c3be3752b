#!/usr/bin/env bash
# Whether any tool's time grows faster than its input: "no input can grow a tool without bound".
#
#   Benchmarks/input-scaling/run.sh                 # every shape, each at its size and 4 times it
#   FACTOR=8 SHAPES="aliases variants" Benchmarks/input-scaling/run.sh
#
# For each shape of shapes.py (many structs, one struct of many fields, an enum of many cases, a union of
# many variants, a chain of aliases, many operations, many error cases) it writes a schema at a base size
# and at FACTOR times it, and times on both the tools a schema goes through: `lint`, `generate`, `export`
# (OpenAPI and JSON Schema), `describe --json`, `diff` (the schema against itself), `schema-check` (a
# valid payload of the shape's type) and `import` (of the OpenAPI export). It prints each time side by
# side with the ratio. Linear is about FACTOR; a ratio over twice FACTOR is marked SUPERLINEAR (quadratic
# would be FACTOR squared), and the script exits 1. Times under 0.2 s are start-up, not the tool's work:
# their ratio is not judged. Each command gets TIMEOUT seconds (default 120).
#
# The tools are this tree's debug builds, as the build plugin runs the generator. Times depend on the
# machine and its load (printed): compare the ratios, not the times.
set -euo pipefail
cd "$(dirname "$0")/../.."
factor=${FACTOR:-4}
timeout_seconds=${TIMEOUT:-120}
shapes_py=Benchmarks/input-scaling/shapes.py
# The base size of each shape: large enough that its tools take some tenths of a second.
declare -A base=([structs]=1000 [fields]=2000 [cases]=4000 [variants]=1000 [aliases]=2000 [operations]=500 [errors]=2000)
shapes=${SHAPES:-$(python3 "$shapes_py" --list)}

swift build --product client-generator >/dev/null
swift build --product schema-check >/dev/null
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# `measure NAME COMMAND...`: prints the command's seconds; a timeout or a crash (a signal) is marked,
# another failing exit status only noted (import refuses a chain of more than 32 aliases, by design).
measure() {
    local start status=0
    start=$(date +%s%N)
    timeout "$timeout_seconds" "$@" >"$work/out" 2>&1 || status=$?
    awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.2f s", ns / 1e9 }'
    if [ "$status" = 124 ]; then printf ' (TIMEOUT)'; elif [ "$status" -gt 128 ]; then printf ' (CRASH %d)' "$status"; elif [ "$status" != 0 ]; then printf ' (exit %d)' "$status"; fi
}
tools="lint generate export-openapi export-json-schema describe diff schema-check import"
# `run TOOL SCHEMA TYPE PAYLOAD`: one tool on one schema.
run() {
    local schema=$2 openapi=${2%.yaml}.openapi.json
    case $1 in
        lint) measure "$bin/client-generator" lint "$schema" ;;
        generate) measure "$bin/client-generator" generate "$schema" --output "$work/generated" ;;
        export-openapi) measure "$bin/client-generator" export "$schema" --format openapi --output "$openapi" ;;
        export-json-schema) measure "$bin/client-generator" export "$schema" --format json-schema --output "$work/schema.json" ;;
        describe) measure "$bin/client-generator" describe "$schema" --json ;;
        diff) measure "$bin/client-generator" diff "$schema" "$schema" ;;
        schema-check) measure "$bin/schema-check" "$schema" --type "$3" "$4" ;;
        import) measure "$bin/client-generator" import "$openapi" --output "$work/imported.yaml" ;;
    esac
}

echo "input-scaling: FACTOR=$factor, load: $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%H:%M) UTC"
echo
echo "| shape | tool | base size | time | ${factor}x size | time | ratio |"
echo "|---|---|---|---|---|---|---|"
flagged=0
for shape in $shapes; do
    small=${base[$shape]:?unknown shape $shape}
    large=$((small * factor))
    for size in "$small" "$large"; do
        python3 "$shapes_py" "$shape" "$size" "$work/$shape.$size.yaml" "$work/$shape.$size.json" >"$work/$shape.$size.type"
    done
    for tool in $tools; do
        t_small=$(run "$tool" "$work/$shape.$small.yaml" "$(cat "$work/$shape.$small.type")" "$work/$shape.$small.json")
        t_large=$(run "$tool" "$work/$shape.$large.yaml" "$(cat "$work/$shape.$large.type")" "$work/$shape.$large.json")
        verdict=$(awk -v a="${t_small%% *}" -v b="${t_large%% *}" -v f="$factor" 'BEGIN {
            if (a < 0.2) { printf "%.1fx (start-up)", (a > 0 ? b / a : 0); exit }
            r = b / a; printf "%.1fx%s", r, (r > 2 * f ? " SUPERLINEAR" : "") }')
        case "$verdict $t_large" in *SUPERLINEAR* | *TIMEOUT* | *CRASH*) flagged=$((flagged + 1)) ;; esac
        echo "| $shape | $tool | $small | $t_small | $large | $t_large | $verdict |"
    done
done
echo
if [ "$flagged" -gt 0 ]; then
    echo "input-scaling: $flagged measurement(s) grow faster than the input, time out or crash"
    exit 1
fi
echo "input-scaling: every tool grows at most about linearly on every shape"

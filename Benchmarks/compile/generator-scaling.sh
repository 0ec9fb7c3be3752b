#!/usr/bin/env bash
# Generator time and peak memory against API size: synthetic APIs (make-api.py) of 10, 100, 500 and
# 2,000 operations, `client-generator generate` measured with /usr/bin/time: CPU time (user + system,
# median of RUNS, default 3; it does not depend on what else runs, unlike the wall time, also shown)
# and peak RSS (the largest). Linear growth shows as CPU time growing ~10x per 10x operations (less at
# the small end, where start-up dominates), a flat cost per operation, and memory growing at most so.
#
#   Benchmarks/compile/generator-scaling.sh [client-generator]    (default: this tree's debug build)
#   SIZES="10 100 1000 10000" RUNS=5 Benchmarks/compile/generator-scaling.sh .build/release/client-generator
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-3}
sizes=${SIZES:-10 100 500 2000}
if [ $# -ge 1 ]; then
    generator=$1
else
    swift build --package-path "$root" --product client-generator >/dev/null
    generator="$(swift build --package-path "$root" --show-bin-path)/client-generator"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "client-generator generate: $generator, median of $runs; load: $(uptime | sed 's/.*load average: //')"
printf '%-12s %8s %10s %10s %10s %10s %12s %14s %14s\n' operations types lines "wall (s)" "CPU (s)" "CPU ms/op" "peak RSS MiB" "CPU per 10x" "RSS per 10x"
previous=""
for size in $sizes; do
    python3 "$root/Benchmarks/compile/make-api.py" "$size" > "$work/api.yaml"
    : > "$work/samples"
    for _ in $(seq "$runs"); do
        rm -rf "$work/out"
        /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$generator" generate "$work/api.yaml" -o "$work/out" > "$work/stdout"
        cat "$work/time" >> "$work/samples"
    done
    wall=$(awk '{ print $1 }' "$work/samples" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    time=$(awk '{ printf "%.2f\n", $3 + $4 }' "$work/samples" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    rss=$(awk '{ print $2 }' "$work/samples" | sort -n | tail -1)
    types=$(sed -n 's/.*: \([0-9]*\) types,.*/\1/p' "$work/stdout")
    lines=$(cat "$work/out"/*.swift | wc -l)
    growth="-"
    memory="-"
    if [ -n "$previous" ]; then
        read -r last_size last_time last_rss <<<"$previous"
        # Growth scaled to a 10x step: (t2 / t1) ^ (1 / log10(n2 / n1)).
        growth=$(awk -v a="$last_time" -v b="$time" -v n1="$last_size" -v n2="$size" 'BEGIN { if (a > 0) printf "%.1fx", exp(log(b / a) / (log(n2 / n1) / log(10))); else print "-" }')
        memory=$(awk -v a="$last_rss" -v b="$rss" -v n1="$last_size" -v n2="$size" 'BEGIN { printf "%.1fx", exp(log(b / a) / (log(n2 / n1) / log(10))) }')
    fi
    printf '%-12s %8s %10s %10s %10s %10s %12s %14s %14s\n' "$size" "$types" "$lines" "$wall" "$time" \
        "$(awk -v t="$time" -v n="$size" 'BEGIN { printf "%.2f", 1000 * t / n }')" "$(awk -v k="$rss" 'BEGIN { printf "%.0f", k / 1024 }')" "$growth" "$memory"
    previous="$size $time $rss"
done

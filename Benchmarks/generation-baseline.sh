#!/usr/bin/env bash
# Generation cost per document, a baseline revision against this tree, side by side.
#
#   Benchmarks/generation-baseline.sh <baseline-rev> [schema.yaml ...]
#   CORPUS=../shared/openapi-corpus RUNS=7 Benchmarks/generation-baseline.sh 1a15032
#   BUNDLED= SIZES="10 100" COMPILE=1 Benchmarks/generation-baseline.sh 1a15032
#   BASE_GENERATOR=/tmp/base/client-generator HEAD_GENERATOR=.build/release/client-generator \
#       Benchmarks/generation-baseline.sh 1a15032 Schemas/kdpay.yaml
#   CONFIGURATION=debug CORPUS=Tests/Fixtures/OpenAPICorpus Benchmarks/generation-baseline.sh 1a15032
#
# Documents: the schemas named, BUNDLED (default Schemas/*.yaml; empty for none), synthetic APIs of
# SIZES operations (compile/make-api.py) and, with CORPUS=<folder>, every OpenAPI document in it (*.yaml,
# *.yml, *.json), imported first with this tree's `client-generator import` (IMPORTER names another
# client-generator, e.g. one from before a construct the baseline cannot read; one that does not import
# is listed as skipped), so both sides generate from the same schema; a schema the baseline cannot
# generate is listed as skipped too. Both generators are built in
# CONFIGURATION (release, the default, or debug: what SwiftPM builds to run the build plugin in a consumer's
# debug build): this tree's, and the baseline's in a detached worktree under $WORK (default
# .build-generation-bench/, git-ignored), which later runs reuse; BASE_GENERATOR / HEAD_GENERATOR name
# prebuilt binaries instead. Each run generates into an empty folder. Columns:
#   instructions  user-space instructions of one run, the primary measure: it does not depend on what
#                 else runs on the machine. `perf stat -e instructions:u` where the machine has that
#                 counter, else valgrind's callgrind on a copy of the binary without its DWARF (valgrind
#                 3.19 gives up on Swift 6's), else "-". INSTRUCTIONS=0 skips it.
#   CPU           user + system seconds, median of RUNS (default 5); baseline and HEAD runs alternate,
#                 so the machine's drift falls on both alike
#   peak RSS      the largest of the runs
#   lines         generated Swift lines
#   compile       with COMPILE=1: CPU seconds (user + system, median of RUNS, alternating) of a clean debug
#                 compile of the generated module with swiftc as SwiftPM drives it for a debug build (not
#                 whole-module, batch mode, -Onone -g -enable-testing, two jobs), each side against its
#                 own tree's ClientRuntime (a debug `swift build --target ClientRuntime`; BASE_MODULES /
#                 HEAD_MODULES name prebuilt .build/debug/Modules folders instead)
# Not part of `swift test` or CI. The outputs are not compared: a baseline may differ on purpose, and
# GoldenFileTests checks this tree's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ]; then
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
baseline=$(git -C "$root" rev-parse --verify --quiet "$1^{commit}") || { echo "${0##*/}: not a revision: $1" >&2; exit 2; }
shift
runs=${RUNS:-5}
configuration=${CONFIGURATION:-release}
case $configuration in release | debug) ;; *) echo "${0##*/}: CONFIGURATION is release or debug, not $configuration" >&2; exit 2 ;; esac
work=${WORK:-$root/.build-generation-bench}
mkdir -p "$work"
log="$work/last-command.log"
# quiet, median
source "$root/Benchmarks/compile/common.sh"

# --- the two generators --------------------------------------------------------------------------------
head_generator=${HEAD_GENERATOR:-}
if [ -z "$head_generator" ]; then
    echo "building client-generator ($configuration) of this tree ..." >&2
    quiet swift build -c "$configuration" --package-path "$root" --product client-generator
    head_generator="$(swift build -c "$configuration" --package-path "$root" --show-bin-path)/client-generator"
fi
tree="$work/baseline-${baseline:0:12}"
baseline_tree() { [ -d "$tree" ] || quiet git -C "$root" worktree add --detach "$tree" "$baseline"; }
base_generator=${BASE_GENERATOR:-}
if [ -z "$base_generator" ]; then
    baseline_tree
    echo "building client-generator ($configuration) of ${baseline:0:12} in $tree ..." >&2
    quiet swift build -c "$configuration" --package-path "$tree" --product client-generator
    base_generator="$(swift build -c "$configuration" --package-path "$tree" --show-bin-path)/client-generator"
fi

compile=${COMPILE:-0}
if [ "$compile" = 1 ]; then
    head_modules=${HEAD_MODULES:-}
    if [ -z "$head_modules" ]; then
        echo "building ClientRuntime (debug) of this tree ..." >&2
        quiet swift build --package-path "$root" --target ClientRuntime
        head_modules="$(swift build --package-path "$root" --show-bin-path)/Modules"
    fi
    base_modules=${BASE_MODULES:-}
    if [ -z "$base_modules" ]; then
        baseline_tree
        echo "building ClientRuntime (debug) of ${baseline:0:12} ..." >&2
        quiet swift build --package-path "$tree" --target ClientRuntime
        base_modules="$(swift build --package-path "$tree" --show-bin-path)/Modules"
    fi
fi

# --- instruction counter ---------------------------------------------------------------------------------
counter=none
if [ "${INSTRUCTIONS:-1}" != 0 ]; then
    if perf stat -x, -e instructions:u true 2>&1 >/dev/null | grep -q '^[0-9]'; then
        counter=perf
    elif command -v valgrind >/dev/null && command -v objcopy >/dev/null; then
        counter=callgrind
        objcopy --strip-debug "$head_generator" "$work/head-generator.nodwarf"
        objcopy --strip-debug "$base_generator" "$work/base-generator.nodwarf"
    fi
fi
# Instructions of one `generate` of $2 by side $1 (base or head), or "-".
instructions() { local binary
    binary=$([ "$1" = base ] && echo "$base_generator" || echo "$head_generator")
    rm -rf "$work/out"
    case $counter in
        perf) perf stat -x, -e instructions:u -o "$work/count" "$binary" generate "$2" -o "$work/out" >/dev/null
            awk -F, '/instructions/ { print $1 }' "$work/count" ;;
        callgrind) valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/$1-generator.nodwarf" generate "$2" -o "$work/out" \
            2>"$work/count" >/dev/null
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/count" ;;
        *) echo "-" ;;
    esac; }

# --- the documents ---------------------------------------------------------------------------------------
documents=("$@")
for schema in ${BUNDLED-"$root"/Schemas/*.yaml}; do documents+=("$schema"); done
mkdir -p "$work/synthetic"
for size in ${SIZES:-}; do
    python3 "$root/Benchmarks/compile/make-api.py" "$size" > "$work/synthetic/synthetic-$size.yaml"
    documents+=("$work/synthetic/synthetic-$size.yaml")
done
skipped=()
importer=${IMPORTER:-$head_generator}
if [ -n "${CORPUS:-}" ]; then
    mkdir -p "$work/corpus"
    for document in "$CORPUS"/*.yaml "$CORPUS"/*.yml "$CORPUS"/*.json; do
        [ -f "$document" ] || continue
        name=$(basename "$document"); name=${name%.*}
        if "$importer" import "$document" --output "$work/corpus/$name.yaml" --quiet >/dev/null 2>"$log"; then
            documents+=("$work/corpus/$name.yaml")
        else
            skipped+=("$name (does not import)")
        fi
    done
fi

# --- measure ---------------------------------------------------------------------------------------------
# Runs the command (its output in $work/stdout, errors in $log) and prints its user and system CPU seconds
# and peak RSS in KiB: getrusage of the one child, whose CPU time the kernel keeps to the microsecond
# (GNU time rounds it to 10 ms, most of a small schema's run).
measured() { python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "w") as out, open(sys.argv[2], "w") as err:
    status = subprocess.run(sys.argv[3:], stdout=out, stderr=err).returncode
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{usage.ru_utime:.6f} {usage.ru_stime:.6f} {usage.ru_maxrss}")
sys.exit(status)' "$work/stdout" "$log" "$@"; }
# head / base, so over 1.000x is slower
change() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.3fx", b / a; else printf "-" }'; }
millions() { if [ "$1" = - ]; then echo -; else awk -v n="$1" 'BEGIN { printf "%.1fM", n / 1e6 }'; fi; }
cpu() { awk '{ printf "%.4f\n", $1 + $2 }' "$work/$1.samples" | median; }
rss() { awk '{ print $3 }' "$work/$1.samples" | sort -n | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'; }
echo "client-generator generate ($configuration builds unless named), base: ${baseline:0:12} ($base_generator)"
echo "head: this tree, $(git -C "$root" rev-parse --short=12 HEAD)$(git -C "$root" diff --quiet HEAD -- Generator || echo ' with uncommitted changes in Generator/') ($head_generator)"
echo "CPU: median of $runs, alternating; instructions: $counter; load: $(uptime | sed 's/.*load average: //')"
echo
columns="| document (operations) | instructions base / head (head/base) | CPU base / head (head/base) | peak RSS base / head | lines base / head |"
[ "$compile" = 1 ] && columns+=" debug compile CPU base / head (head/base) |"
echo "$columns"
echo "$columns" | sed 's/[^|]*|/---|/g; s/^---//'

total_base=0 total_head=0 cpu_base=0 cpu_head=0
for document in "${documents[@]}"; do
    rm -rf "$work/out-base"
    if ! "$base_generator" generate "$document" -o "$work/out-base" >/dev/null 2>"$log"; then
        skipped+=("$(basename "$document" .yaml) (the baseline cannot generate it: $(head -1 "$log" | sed 's/^[^ ]*: //' | cut -c1-100))")
        continue
    fi
    : > "$work/base.samples"; : > "$work/head.samples"
    for _ in $(seq "$runs"); do
        for side in base head; do
            binary=$([ $side = base ] && echo "$base_generator" || echo "$head_generator")
            rm -rf "$work/out-$side"
            measured "$binary" generate "$document" -o "$work/out-$side" >>"$work/$side.samples" \
                || { cat "$log" >&2; echo "${0##*/}: $side failed on $document" >&2; exit 1; }
        done
    done
    operations=$(sed -n 's/.* \([0-9]*\) operations;.*/\1/p' "$work/stdout")
    compiled=""
    if [ "$compile" = 1 ]; then
        : > "$work/base.compile"; : > "$work/head.compile"
        for _ in $(seq "$runs"); do
            for side in base head; do
                modules=$([ $side = base ] && echo "$base_modules" || echo "$head_modules")
                rm -rf "$work/compile"; mkdir -p "$work/compile"
                (cd "$work/compile" && measured swiftc -module-name API -Onone -g -enable-testing -enable-batch-mode -j2 \
                    -parse-as-library -emit-module -emit-module-path "$work/compile/API.swiftmodule" -I "$modules" \
                    -c "$work/out-$side"/*.swift) >>"$work/$side.compile" \
                    || { cat "$log" >&2; echo "${0##*/}: $side's output does not compile: $document" >&2; exit 1; }
            done
        done
        compile_cpu() { awk '{ printf "%.2f\n", $1 + $2 }' "$work/$1.compile" | median; }
        compiled=" $(compile_cpu base) / $(compile_cpu head) s ($(change "$(compile_cpu base)" "$(compile_cpu head)")) |"
    fi
    base_count=$(instructions base "$document") head_count=$(instructions head "$document")
    [ "$base_count" = - ] || total_base=$((total_base + base_count))
    [ "$head_count" = - ] || total_head=$((total_head + head_count))
    cpu_base=$(awk -v a="$cpu_base" -v b="$(cpu base)" 'BEGIN { print a + b }')
    cpu_head=$(awk -v a="$cpu_head" -v b="$(cpu head)" 'BEGIN { print a + b }')
    printf '| %s (%s) | %s / %s (%s) | %s / %s s (%s) | %s / %s MiB | %s / %s |%s\n' "$(basename "$document" .yaml)" "${operations:-?}" \
        "$(millions "$base_count")" "$(millions "$head_count")" "$(change "$base_count" "$head_count")" \
        "$(cpu base)" "$(cpu head)" "$(change "$(cpu base)" "$(cpu head)")" "$(rss base)" "$(rss head)" \
        "$(cat "$work/out-base"/*.swift | wc -l)" "$(cat "$work/out-head"/*.swift | wc -l)" "$compiled"
done
[ "$counter" != none ] || total_base=- total_head=-
printf '| all | %s / %s (%s) | %s / %s s (%s) | | |%s\n' "$(millions "$total_base")" "$(millions "$total_head")" \
    "$(change "$total_base" "$total_head")" "$cpu_base" "$cpu_head" "$(change "$cpu_base" "$cpu_head")" \
    "$([ "$compile" = 1 ] && echo ' |')"
[ ${#skipped[@]} -eq 0 ] || printf 'skipped: %s\n' "${skipped[@]}"
rm -rf "$work/out" "$work/out-base" "$work/out-head" "$work/compile"

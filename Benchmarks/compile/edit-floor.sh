#!/usr/bin/env bash
# What a one-type edit cannot avoid, against what the module's clean compile costs (issue 14, line 2).
#
#   Benchmarks/compile/edit-floor.sh                  synthetic APIs of 100 and 500 operations, 3 rounds
#   SIZES=500 ROUNDS=5 Benchmarks/compile/edit-floor.sh
#
# run.sh measures the edit as a user meets it, through SwiftPM. This script takes it apart with the
# compiler alone, so each part is measured by itself. For each synthetic API (make-api.py) and its
# one-type edit (edit-type.py, the same edit as run.sh's), it times, in alternating rounds:
#   regeneration     the build-tool plugin's tool (this tree's debug build, as a debug build runs it)
#                    regenerating the edited schema over the unedited output (it rewrites changed files)
#   interface job    the Swift driver's emit-module job over the whole module: in a default debug build
#                    it re-runs on every change, whatever changed (docs/Plugin.md, "Large APIs")
#   edited file      the compile job of the one file the edit changed, alone
#   whole module     the driver compiling every file, -j as many cores, batch mode (SwiftPM's default)
#   SwiftPM floor    a no-op `swift build` of a one-file package with no dependencies: what any build
#                    of any package costs on this machine before it compiles (ours is run.sh's no-op)
# and prints lower bounds on run.sh's "one-type edit / our clean compile" ratio, first without and then
# with the floor, which every SwiftPM build adds to both sides (so the second is the tighter bound):
#   default mode     (regeneration + interface job) / whole module
#   merge-module     (regeneration + edited file) / whole module   (the interface job is folded away)
# The jobs get SwiftPM's debug flags, the index store included. Not part of `swift test` or CI.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/Benchmarks/compile"
sizes=${SIZES:-100 500}
rounds=${ROUNDS:-3}
work=${WORK:-$root/.build-compile-bench/edit-floor}
jobs=$(nproc)
mkdir -p "$work"
log="$work/last-command.log"
source "$here/common.sh"   # timed, quiet, median, seconds, ratio

echo "building client-generator-build and ClientRuntime (debug) ..." >&2
quiet swift build --package-path "$root" --product client-generator-build
quiet swift build --package-path "$root" --target ClientRuntime
bin=$(swift build --package-path "$root" --show-bin-path)
tool="$bin/client-generator-build"

# The driver with the flags SwiftPM passes for a debug build (-Onone, -enable-testing, -g).
driver() { local module=$1; shift
    swiftc -module-name "$module" -parse-as-library -swift-version 6 -Onone -enable-testing -g \
        -D SWIFT_PACKAGE -D DEBUG -I "$bin/Modules" -j"$jobs" -index-store-path "$work/index" "$@"; }
# bound FLOOR WHOLE PART...: (FLOOR + the parts) / (FLOOR + WHOLE), the lower bounds in the table
bound() { local floor=$1 whole=$2; shift 2; local sum=0 part
    for part in "$@"; do sum=$((sum + part)); done
    ratio $((floor + sum)) $((floor + whole)); }

# The floor: a package with one one-line target and no dependencies, built once so its no-ops are no-ops.
mkdir -p "$work/floor/Sources/Floor"
printf '// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "Floor", targets: [.target(name: "Floor")])\n' > "$work/floor/Package.swift"
echo "public let floor = 0" > "$work/floor/Sources/Floor/Floor.swift"
quiet swift build --package-path "$work/floor"

printf '| API (edited file) | SwiftPM floor | regeneration | interface job | edited file | whole module | default-mode edit >= (with the floor) | merge-module edit >= (with the floor) |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for size in $sizes; do
    api="synthetic-$size" dir="$work/$size" module="api_synthetic_$size"
    # Both schemas are named schema.yaml: the generated files' header names the schema file.
    rm -rf "$dir"; mkdir -p "$dir/jobs" "$dir/whole" "$dir/before" "$dir/after"
    python3 "$here/make-api.py" "$size" > "$dir/before/schema.yaml"
    cp "$dir/before/schema.yaml" "$dir/after/schema.yaml"
    python3 "$here/edit-type.py" "$dir/after/schema.yaml" Account1
    quiet "$tool" generate "$dir/before/schema.yaml" --output "$dir/original"
    quiet "$tool" generate "$dir/after/schema.yaml" --output "$dir/edited"
    changed=$({ diff -rq "$dir/original" "$dir/edited" || true; } | awk '{ print $4 }')   # diff exits 1 on differences
    if [ "$(echo "$changed" | wc -w)" != 1 ]; then echo "edit-floor.sh: the edit changed $(echo "$changed" | wc -w) files, not one: $changed" >&2; exit 1; fi
    # The driver's frontend jobs for the edited module: the interface job and the edited file's.
    (cd "$dir/jobs" && driver "$module" -emit-module -emit-module-path "$dir/jobs/$module.swiftmodule" -c \
        "$dir/edited"/*.swift -disable-batch-mode -driver-print-jobs > "$dir/jobs.txt")
    grep -- ' -emit-module ' "$dir/jobs.txt" | grep -v -- ' -c ' > "$dir/interface-job.sh"
    grep -- "-primary-file $changed " "$dir/jobs.txt" > "$dir/edited-file-job.sh"
    for job in interface-job edited-file-job; do
        [ "$(wc -l < "$dir/$job.sh")" = 1 ] || { echo "edit-floor.sh: no single $job in the driver's jobs" >&2; exit 1; }
    done
    echo "$api: $(basename "$changed") changed; a warm-up compile, then $rounds rounds ..." >&2
    # The warm-up fills the index store with the system modules' units, as any earlier build has.
    (cd "$dir/whole" && quiet driver "$module" -emit-module -emit-module-path "$dir/whole/$module.swiftmodule" -c "$dir/edited"/*.swift)
    : > "$dir/m.floor"; : > "$dir/m.regen"; : > "$dir/m.interface"; : > "$dir/m.file"; : > "$dir/m.whole"
    for _ in $(seq "$rounds"); do
        timed swift build --package-path "$work/floor" >> "$dir/m.floor"
        rm -rf "$dir/regen"; cp -R "$dir/original" "$dir/regen"
        timed "$tool" generate "$dir/after/schema.yaml" --output "$dir/regen" >> "$dir/m.regen"
        (cd "$dir/jobs" && timed bash "$dir/interface-job.sh") >> "$dir/m.interface"
        (cd "$dir/jobs" && timed bash "$dir/edited-file-job.sh") >> "$dir/m.file"
        rm -rf "$dir/whole"; mkdir -p "$dir/whole"
        (cd "$dir/whole" && timed driver "$module" -emit-module -emit-module-path "$dir/whole/$module.swiftmodule" -c "$dir/edited"/*.swift) >> "$dir/m.whole"
    done
    floor=$(median < "$dir/m.floor") regen=$(median < "$dir/m.regen") interface=$(median < "$dir/m.interface")
    file=$(median < "$dir/m.file") whole=$(median < "$dir/m.whole")
    printf '| %s (%s) | %s | %s | %s | %s | %s | %s (%s) | %s (%s) |\n' "$api" "$(basename "$changed")" \
        "$(seconds "$floor")" "$(seconds "$regen")" "$(seconds "$interface")" "$(seconds "$file")" "$(seconds "$whole")" \
        "$(bound 0 "$whole" "$regen" "$interface")" "$(bound "$floor" "$whole" "$regen" "$interface")" \
        "$(bound 0 "$whole" "$regen" "$file")" "$(bound "$floor" "$whole" "$regen" "$file")"
done

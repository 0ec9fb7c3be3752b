#!/usr/bin/env bash
# Compile-time benchmark, ours vs swift-openapi-generator 1.14.3, side by side in one run (issue 14).
#
#   Benchmarks/compile/run.sh                       synthetic APIs of 10, 100, 500 operations + Schemas/*.yaml
#   RUNS=5 SIZES="100 500" BUNDLED= Benchmarks/compile/run.sh     medians of 5, two synthetic sizes only
#
# For every API: our schema (make-api.py for the synthetic ones) and OUR OWN OpenAPI export of it
# (`client-generator export --format openapi`, whatever the tree's export is), fed to
# swift-openapi-generator (types + client, public). Columns, medians of RUNS (default 3):
#   generation      the generator alone, output folder emptied first (ours: this tree's client-generator)
#   lines           generated Swift lines
#   clean compile   `swift build --target <api>` of the generated module after deleting its build folder,
#                   dependencies (ClientRuntime; swift-openapi-runtime) and the generators already built
#   one-type edit   `benchmarkEdit`, an optional string, added to one object type (edit-type.py), then
#                   the build: ours through the build-tool plugin (regeneration included), theirs by
#                   regenerating with their binary (included in the time) and `swift build`
#   no-op           `swift build --target <api>` with nothing changed, three ways: ours through our plugin
#                   against theirs from checked-in generated files (no plugin step), both through their
#                   own build-tool plugin (theirs: OpenAPIGenerator, as their README shows), and both
#                   from checked-in generated files (ours: `client-generator generate` output in a plain
#                   target, as the GenerateClientCode command plugin writes it); medians of NOOP_RUNS
#                   (default 9) rounds that build the four packages in turn, after a warm-up round
#   merge-module    clean compile and one-type edit of ours again, in a package whose target adds
#                   `-no-emit-module-separately` (docs/Plugin.md, "Large APIs"): the driver merges each
#                   compile job's partial module instead of re-emitting the whole module's interface
#                   in one job on every edit
# Ours is a package depending on this repository by path and using ClientGeneratorPlugin, i.e. what a
# user builds. Theirs is a package whose target holds their generated files as sources; theirs-plugin
# one whose targets hold the export and an openapi-generator-config.yaml and apply their plugin (used
# for the no-op only: its first build compiles their generator in debug); ours-plain one whose targets
# hold our generated files (no-op only; its first build compiles our module once more); ours-merge is
# ours with that flag (its first build compiles our module once more). Debug builds,
# `swift build`'s default parallelism.
#
# Everything lives in $WORK (default .build-compile-bench/ in the repository, git-ignored) and is reused
# by the next run: the first run builds both packages' dependencies and, unless $SOG names a binary,
# swift-openapi-generator 1.14.3 (release) from https://github.com/apple/swift-openapi-generator (10+ minutes).
# Not part of `swift test` or CI. Environment: RUNS, NOOP_RUNS, SIZES, BUNDLED (schema paths; empty for none), SOG,
# GENERATOR (a client-generator binary for the generation column; default: this tree's debug build), WORK,
# THEIRS_EDIT=0 (skip their one-type edit, a full rebuild of their module: "-" in the table),
# THEIRS_PLUGIN=0 (skip the no-op through their plugin, whose first build compiles their module once more: "-"),
# OURS_PLAIN=0 (skip the no-op of our checked-in generated files, whose first build compiles ours once more: "-"),
# OURS_MERGE=0 (skip the merge-module column: "-"). A skipped measurement is "-" and its target "not measured".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/Benchmarks/compile"
runs=${RUNS:-3}
noop_runs=${NOOP_RUNS:-9}
sizes=${SIZES-10 100 500}
bundled=${BUNDLED-$(ls "$root"/Schemas/*.yaml)}
work=${WORK:-$root/.build-compile-bench}
mkdir -p "$work/apis" "$work/gen"
log="$work/last-command.log"

# --- helpers --------------------------------------------------------------------------------------
# timed, quiet, median, seconds, ratio
source "$here/common.sh"
# "ok" when a <= limit * b
within() { awk -v a="$1" -v b="$2" -v l="$3" 'BEGIN { print (a <= 0 || b <= 0) ? "not measured" : (a <= l * b) ? "ok" : "MISSED" }'; }

# --- the generators ---------------------------------------------------------------------------------
ours_generator=${GENERATOR:-}
if [ -z "$ours_generator" ]; then
    echo "building client-generator (debug, as the plugin uses it) ..." >&2
    quiet swift build --package-path "$root" --product client-generator
    ours_generator="$(swift build --package-path "$root" --show-bin-path)/client-generator"
fi

sog=${SOG:-$work/sog/.build/release/swift-openapi-generator}
if [ ! -x "$sog" ]; then
    echo "building swift-openapi-generator 1.14.3 (release) in $work/sog; once, 10+ minutes ..." >&2
    [ -d "$work/sog" ] || quiet git clone --quiet --depth 1 --branch 1.14.3 https://github.com/apple/swift-openapi-generator "$work/sog"
    quiet swift build -c release --package-path "$work/sog" --product swift-openapi-generator
    sog="$work/sog/.build/release/swift-openapi-generator"
fi
theirs_generate() { "$sog" generate "$1" --mode types --mode client --access-modifier public --output-directory "$2"; }

# --- the APIs ---------------------------------------------------------------------------------------
# name|schema|type to edit
apis=()
for size in $sizes; do
    python3 "$here/make-api.py" "$size" > "$work/apis/synthetic-$size.yaml"
    apis+=("synthetic-$size|$work/apis/synthetic-$size.yaml|Account1")
done
for schema in $bundled; do
    apis+=("$(basename "$schema" .yaml)|$schema|$(python3 "$here/edit-type.py" "$schema" --pick)")
done
target_of() { echo "api_${1//[^A-Za-z0-9]/_}"; }

# --- the three packages -------------------------------------------------------------------------------
ours="$work/ours" theirs="$work/theirs" theirs_plugin="$work/theirs-plugin" ours_plain="$work/ours-plain" ours_merge="$work/ours-merge"
mkdir -p "$ours/Sources" "$theirs/Sources" "$theirs/specs" "$theirs_plugin/Sources" "$ours_plain/Sources" "$ours_merge/Sources"
ln -sfn "$root" "$work/schema-clients"   # fixed name, so the dependency's identity is `schema-clients`
targets=""
for api in "${apis[@]}"; do targets+="\"$(target_of "${api%%|*}")\", "; done
# The manifest of a package applying our plugin: `ours_manifest NAME [NOTE] [SETTINGS]`, where SETTINGS is
# a line of the targets' arguments before `plugins:`.
ours_manifest() { cat <<EOF
// swift-tools-version: 6.0
// Written by Benchmarks/compile/run.sh: one target per API, generated by ClientGeneratorPlugin${2:-}.
import PackageDescription
let package = Package(
    name: "$1",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../schema-clients")],
    targets: [$targets].map { name in
        .target(name: name, dependencies: [.product(name: "ClientRuntime", package: "schema-clients")],${3:+
                $3}
                plugins: [.plugin(name: "ClientGeneratorPlugin", package: "schema-clients")])
    }
)
EOF
}
ours_manifest OursCompileBenchmark > "$ours/Package.swift"
ours_manifest OursMergeCompileBenchmark ", in the driver's merge-module mode (docs/Plugin.md)" \
    'swiftSettings: [.unsafeFlags(["-no-emit-module-separately"])],' > "$ours_merge/Package.swift"
cat > "$theirs/Package.swift" <<EOF
// swift-tools-version: 6.0
// Written by Benchmarks/compile/run.sh: one target per API, holding swift-openapi-generator's output.
import PackageDescription
let package = Package(
    name: "TheirsCompileBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [$targets].map { name in
        .target(name: name, dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                                           .product(name: "HTTPTypes", package: "swift-http-types")])
    }
)
EOF
cat > "$ours_plain/Package.swift" <<EOF
// swift-tools-version: 6.0
// Written by Benchmarks/compile/run.sh: one target per API, holding our generated files (no plugin).
import PackageDescription
let package = Package(
    name: "OursPlainCompileBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../schema-clients")],
    targets: [$targets].map { name in
        .target(name: name, dependencies: [.product(name: "ClientRuntime", package: "schema-clients")])
    }
)
EOF
cat > "$theirs_plugin/Package.swift" <<EOF
// swift-tools-version: 6.0
// Written by Benchmarks/compile/run.sh: one target per API, generated by swift-openapi-generator's plugin.
import PackageDescription
let package = Package(
    name: "TheirsPluginCompileBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [$targets].map { name in
        .target(name: name, dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                                           .product(name: "HTTPTypes", package: "swift-http-types")],
                plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")])
    }
)
EOF

# SwiftPM writes a package's Package.resolved only when the pins change, but its origin hash covers the whole
# manifest, so after the target list above changes the file stays stale and every build, no-ops included,
# resolves the dependencies again. Removed, the first build writes it fresh, as a user's package has it.
for package in "$ours" "$theirs" "$theirs_plugin" "$ours_plain" "$ours_merge"; do rm -f "$package/Package.resolved"; done

# Puts the API's original schema / export in place (ours: the plugin's input; theirs: regenerated sources).
# Our schema goes outside Sources/ (SwiftPM would treat its neighbours as resources), next to links to
# the original's subfolders, where `$file` examples live.
# `reset_ours PACKAGE SCHEMA TARGET`, for ours and ours-merge.
reset_ours() { local dir="$1/schemas/$3"
    mkdir -p "$dir" "$1/Sources/$3"
    cmp -s "$2" "$dir/schema.yaml" || cp "$2" "$dir/schema.yaml"
    for sub in "$(dirname "$2")"/*/; do [ -d "$sub" ] && ln -sfn "$(cd "$sub" && pwd)" "$dir/$(basename "$sub")"; done
    # Written only when different: a new modification date would rerun the plugin or recompile the file.
    write_if_changed "$1/Sources/$3/client-generator.json" "{ \"schema\": \"../../schemas/$3/schema.yaml\" }"
    write_if_changed "$1/Sources/$3/Module.swift" "// The module is the client the plugin generates from schemas/$3/schema.yaml."; }
write_if_changed() { [ "$(cat "$1" 2>/dev/null)" = "$2" ] || echo "$2" > "$1"; }
regenerate_theirs() { rm -rf "$theirs/Sources/$2.new"; theirs_generate "$1" "$theirs/Sources/$2.new" >/dev/null 2>&1
    # Only files whose contents changed are replaced, as a plugin's would be left untouched.
    mkdir -p "$theirs/Sources/$2"
    for file in "$theirs/Sources/$2.new"/*.swift; do cmp -s "$file" "$theirs/Sources/$2/$(basename "$file")" || cp "$file" "$theirs/Sources/$2/"; done
    rm -rf "$theirs/Sources/$2.new"; }
build() { swift build --package-path "$1" --target "$2"; }
# Deletes the module's compiled state (objects, dependency records, module), keeping the files SwiftPM
# writes when it plans the build (the output file map, sources list and include folder).
clean_module() { find "$1/.build/debug/$2.build" -mindepth 1 -maxdepth 1 ! -name '*.json' ! -name sources ! -name include -exec rm -rf {} +
    rm -rf "$1/.build/debug/Modules/$2".*; }

# Every target needs its sources before either package builds: the schemas (ours) and the generated
# files of our OpenAPI exports (theirs).
for api in "${apis[@]}"; do
    IFS='|' read -r name schema _ <<<"$api"
    target=$(target_of "$name")
    quiet "$ours_generator" export "$schema" --format openapi --output "$work/apis/$name.openapi.json"
    reset_ours "$ours" "$schema" "$target"
    reset_ours "$ours_merge" "$schema" "$target"
    cp "$work/apis/$name.openapi.json" "$theirs/specs/$target.json"
    regenerate_theirs "$theirs/specs/$target.json" "$target"
    mkdir -p "$theirs_plugin/Sources/$target"
    cmp -s "$work/apis/$name.openapi.json" "$theirs_plugin/Sources/$target/openapi.json" || cp "$work/apis/$name.openapi.json" "$theirs_plugin/Sources/$target/openapi.json"
    write_if_changed "$theirs_plugin/Sources/$target/openapi-generator-config.yaml" $'generate:\n  - types\n  - client\naccessModifier: public'
    write_if_changed "$theirs_plugin/Sources/$target/Module.swift" "// The module is the client swift-openapi-generator's plugin generates from openapi.json."
    quiet "$ours_generator" generate "$schema" --output "$ours_plain/Sources/$target"   # rewrites only changed files
done

# --- measure ----------------------------------------------------------------------------------------
results="$work/results.md"
{
    echo "Compile benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), medians of $runs; load before: $(uptime | sed 's/.*load average: //')"
    echo
    echo "| API (operations) | generation ours / theirs | lines ours / theirs | clean compile ours / theirs | one-type edit ours / theirs (ours / our clean) | no-op: ours (plugin) / theirs (checked in) | no-op: both through a plugin | no-op: both checked in | merge-module: clean / one-type edit (edit / its clean; edit / default clean) |"
    echo "|---|---|---|---|---|---|---|---|---|"
} > "$results"
checks=""
for api in "${apis[@]}"; do
    IFS='|' read -r name schema edited <<<"$api"
    target=$(target_of "$name")
    export_file="$work/apis/$name.openapi.json"
    echo "$name: generating ($runs runs each) ..." >&2

    for _ in $(seq "$runs"); do rm -rf "$work/gen/ours"; timed "$ours_generator" generate "$schema" -o "$work/gen/ours"; done | median > "$work/m.gen.ours"
    operations=$(sed -n 's/.* \([0-9]*\) operations;.*/\1/p' "$log")
    for _ in $(seq "$runs"); do rm -rf "$work/gen/theirs"; timed theirs_generate "$export_file" "$work/gen/theirs"; done | median > "$work/m.gen.theirs"
    lines_ours=$(cat "$work/gen/ours"/*.swift | wc -l)
    lines_theirs=$(cat "$work/gen/theirs"/*.swift | wc -l)

    sides="ours theirs"
    [ "${OURS_MERGE:-1}" = 0 ] || sides+=" ours_merge"
    for side in $sides; do
        package=${!side}
        echo "$name: $side: first build (dependencies) ..." >&2
        quiet build "$package" "$target"
        quiet build "$package" "$target"   # SwiftPM may relink the plugin's tool once after the first build
        echo "$name: $side: clean compile, one-type edit, no-op ($runs runs each) ..." >&2
        for _ in $(seq "$runs"); do clean_module "$package" "$target"; timed build "$package" "$target"; done | median > "$work/m.clean.$side"
        for _ in $(seq "$runs"); do
            if [ "$side" = theirs ] && [ "${THEIRS_EDIT:-1}" = 0 ]; then echo 0; continue; fi
            if [ "$side" != theirs ]; then
                python3 "$here/edit-type.py" "$package/schemas/$target/schema.yaml" "$edited"
                timed build "$package" "$target"
                reset_ours "$package" "$schema" "$target"
            else
                cp "$export_file" "$theirs/specs/$target.json"
                python3 "$here/edit-type.py" "$theirs/specs/$target.json" "$edited"
                timed bash -c "$(declare -f theirs_generate regenerate_theirs build); sog='$sog' theirs='$theirs'; regenerate_theirs '$theirs/specs/$target.json' '$target' && build '$theirs' '$target'"
                cp "$export_file" "$theirs/specs/$target.json"
                regenerate_theirs "$theirs/specs/$target.json" "$target"
            fi
            quiet build "$package" "$target"
        done | median > "$work/m.edit.$side"
    done
    # No-ops side by side: each package built until settled (a package's first build after another's can
    # take seconds), then $noop_runs rounds that build every package in turn, so the machine's drift falls
    # on all of them alike; a skipped package's median is 0.
    noop_sides="ours theirs"
    [ "${THEIRS_PLUGIN:-1}" = 0 ] || noop_sides+=" theirs_plugin"
    [ "${OURS_PLAIN:-1}" = 0 ] || noop_sides+=" ours_plain"
    all_noop_sides="ours theirs theirs_plugin ours_plain"
    for side in $all_noop_sides; do : > "$work/m.noop.$side"; done
    for side in $noop_sides; do
        echo "$name: $side: settling for the no-ops (theirs_plugin: their generator and module, debug) ..." >&2
        quiet build "${!side}" "$target"
        quiet build "${!side}" "$target"
    done
    echo "$name: no-ops, $noop_runs rounds of: $noop_sides ..." >&2
    for round in $(seq 0 "$noop_runs"); do
        for side in $noop_sides; do
            ms=$(timed build "${!side}" "$target")
            [ "$round" = 0 ] || echo "$ms" >> "$work/m.noop.$side"   # round 0 warms up after the settling
        done
    done
    for side in $all_noop_sides; do
        if [ -s "$work/m.noop.$side" ]; then median < "$work/m.noop.$side"; else echo 0; fi > "$work/m.noop.$side.median"
    done

    read -r gen_o < "$work/m.gen.ours"; read -r gen_t < "$work/m.gen.theirs"
    read -r clean_o < "$work/m.clean.ours"; read -r clean_t < "$work/m.clean.theirs"
    read -r edit_o < "$work/m.edit.ours"; read -r edit_t < "$work/m.edit.theirs"
    read -r noop_o < "$work/m.noop.ours.median"; read -r noop_t < "$work/m.noop.theirs.median"
    read -r noop_tp < "$work/m.noop.theirs_plugin.median"; read -r noop_op < "$work/m.noop.ours_plain.median"
    clean_m=0 edit_m=0
    if [ "${OURS_MERGE:-1}" != 0 ]; then read -r clean_m < "$work/m.clean.ours_merge"; read -r edit_m < "$work/m.edit.ours_merge"; fi
    row="| $name ($operations) | $(seconds "$gen_o") / $(seconds "$gen_t") ($(ratio "$gen_o" "$gen_t")) | $lines_ours / $lines_theirs ($(ratio "$lines_ours" "$lines_theirs")) | $(seconds "$clean_o") / $(seconds "$clean_t") ($(ratio "$clean_o" "$clean_t")) | $(seconds "$edit_o") / $(seconds "$edit_t") ($(ratio "$edit_o" "$clean_o")) | $(seconds "$noop_o") / $(seconds "$noop_t") ($(ratio "$noop_o" "$noop_t")) | $(seconds "$noop_o") / $(seconds "$noop_tp") ($(ratio "$noop_o" "$noop_tp")) | $(seconds "$noop_op") / $(seconds "$noop_t") ($(ratio "$noop_op" "$noop_t")) | $(seconds "$clean_m") / $(seconds "$edit_m") ($(ratio "$edit_m" "$clean_m"); $(ratio "$edit_m" "$clean_o")) |"
    echo "$row" >> "$results"
    echo "$row" >&2
    if [ "${name#synthetic-}" = 100 ] || [ "${name#synthetic-}" = 500 ]; then
        checks+="$name: clean <= 0.35x theirs: $(within "$clean_o" "$clean_t" 0.35); one-type edit <= 0.15x our clean: $(within "$edit_o" "$clean_o" 0.15); no-op <= theirs: $(within "$noop_o" "$noop_t" 1) (our plugin, their checked-in files), $(within "$noop_o" "$noop_tp" 1) (both plugins), $(within "$noop_op" "$noop_t" 1) (both checked in); merge-module one-type edit <= 0.15x its clean: $(within "$edit_m" "$clean_m" 0.15), <= 0.15x the default clean: $(within "$edit_m" "$clean_o" 0.15)"$'\n'
    fi
done
{
    echo
    echo "load after: $(uptime | sed 's/.*load average: //')"
    [ -z "$checks" ] || printf '\nTargets (issue 14):\n%s' "$checks"
} >> "$results"
cat "$results"

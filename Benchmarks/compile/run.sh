#!/usr/bin/env bash
# Compile-time benchmark, ours vs swift-openapi-generator 1.14.3, side by side in one run (issues 14, 27, 29).
#
#   Benchmarks/compile/run.sh        synthetic APIs of 10, 100, 500 operations + Schemas/*.yaml + the corpus
#   RUNS=5 SIZES="100 500" BUNDLED= CORPUS= Benchmarks/compile/run.sh     medians of 5, two synthetic sizes only
#   RUNS=1 SIZES= BUNDLED= CORPUS="oai-petstore cloud-hypervisor" Benchmarks/compile/run.sh    two corpus documents
#
# Three kinds of API. Synthetic (make-api.py) and bundled (Schemas/*.yaml): our schema, and OUR OWN OpenAPI
# export of it (`client-generator export --format openapi`) for swift-openapi-generator. Corpus
# (Tests/Fixtures/OpenAPICorpus, names or paths): the original document, unchanged, for swift-openapi-generator,
# and `client-generator import` of it for ours. Theirs generates types + client, public. Two tables, medians
# of RUNS (default 3):
#
# Generation, per API:
#   types           our schema's types (describe --json) / the document's components.schemas
#   operations      the document's (paths x methods) / kept by ours (describe --json) / kept by theirs (their
#                   `Operations.<id>` namespaces)
#   json            places left untyped: ours, describe --json's `untyped`; theirs, uses of
#                   OpenAPIRuntime.OpenAPIValueContainer / OpenAPIObjectContainer in their output
#   warnings        ours: import's warnings + generate's; theirs: generate's
#   import          ours only (corpus): `client-generator import` time and peak RSS
#   generation      the generator alone, output folder emptied first (ours: this tree's client-generator),
#                   wall time and peak RSS (`/usr/bin/time -v`, largest of RUNS), and the time per 1,000
#                   generated lines: flat across sizes is linear
#   lines           generated Swift lines
# Compile, per API:
#   swift-openapi-generator    whether theirs generates and compiles (FAILED and the first error line if not)
#   clean compile   `swift build --target <api>` of the generated module after deleting its build folder,
#                   dependencies (ClientRuntime; swift-openapi-runtime) and the generators already built.
#                   Theirs twice: as a user builds it, and in theirs-quiet, a package holding the same files
#                   with `-suppress-warnings`. Their output draws warnings from Swift 6.3 (`public import` of
#                   a module a file does not use publicly, up to four per file), and SwiftPM prints each
#                   with its source lines, which takes seconds on a small API whose compile takes one (the
#                   warnings column: how many). Ours has none. The second is the compile alone.
#   one-type edit   `benchmarkEdit`, an optional string, added to one object type (edit-type.py; corpus: a
#                   type both sides name alike), then the build: ours through the build-tool plugin
#                   (regeneration included), theirs by regenerating with their binary (included in the
#                   time) and `swift build`
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
# A step that fails on one side (import, export, generation, compile, edit) prints FAILED with its first
# error line in that cell; the other side and the other APIs go on.
# Ours is a package depending on this repository by path and using ClientGeneratorPlugin, i.e. what a
# user builds. Theirs is a package whose target holds their generated files as sources (theirs-quiet: a
# copy of it compiled with `-suppress-warnings`, for the clean compile only); theirs-plugin
# one whose targets hold the document and an openapi-generator-config.yaml and apply their plugin (used
# for the no-op only: its first build compiles their generator in debug); ours-plain one whose targets
# hold our generated files (no-op only; its first build compiles our module once more); ours-merge is
# ours with that flag (its first build compiles our module once more). Debug builds,
# `swift build`'s default parallelism.
#
# Everything lives in $WORK (default .build-compile-bench/ in the repository, git-ignored) and is reused
# by the next run: the first run builds both packages' dependencies and, unless $SOG names a binary,
# swift-openapi-generator 1.14.3 (release) from https://github.com/apple/swift-openapi-generator (10+ minutes).
# Not part of `swift test` or CI. Environment: RUNS, NOOP_RUNS, SIZES, BUNDLED (schema paths; empty for none),
# CORPUS (corpus document names or paths; empty for none), SOG,
# GENERATOR (a client-generator binary for the generation column; default: this tree's debug build), WORK,
# THEIRS_EDIT=0 (skip their one-type edit, a full rebuild of their module: "-" in the table),
# THEIRS_PLUGIN=0 (skip the no-op through their plugin, whose first build compiles their module once more: "-"),
# OURS_PLAIN=0 (skip the no-op of our checked-in generated files, whose first build compiles ours once more: "-"),
# OURS_MERGE=0 (skip the merge-module column: "-"), THEIRS_QUIET=0 (skip theirs' compile without printing
# their warnings: "-"), COMPILE=0 (the Generation table only: nothing is compiled).
# A skipped measurement is "-" and its target "not measured".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/Benchmarks/compile"
runs=${RUNS:-3}
noop_runs=${NOOP_RUNS:-9}
sizes=${SIZES-10 100 500}
bundled=${BUNDLED-$(ls "$root"/Schemas/*.yaml)}
corpus_folder="$root/Tests/Fixtures/OpenAPICorpus"
corpus=${CORPUS-$(ls "$corpus_folder"/*.yaml "$corpus_folder"/*.yml "$corpus_folder"/*.json 2>/dev/null || true)}
work=${WORK:-$root/.build-compile-bench}
mkdir -p "$work/apis" "$work/gen"
log="$work/last-command.log"

# --- helpers --------------------------------------------------------------------------------------
# timed, quiet, attempt, timed_attempt, failed, median, seconds, ratio
source "$here/common.sh"
# "ok" when a <= limit * b
within() { awk -v a="$1" -v b="$2" -v l="$3" 'BEGIN { print (a <= 0 || b <= 0) ? "not measured" : (a <= l * b) ? "ok" : "MISSED" }'; }
# `measured SAMPLES COMMAND...`: runs the command as `attempt` does, under `/usr/bin/time -v`, and appends
# "milliseconds peak-RSS-KiB" to SAMPLES; a failed status when the command failed.
measured() {
    local samples=$1 start
    shift
    start=$(date +%s%N)
    /usr/bin/time -v -o "$work/time.txt" "$@" >"$log" 2>&1 || return 1
    echo "$((($(date +%s%N) - start) / 1000000)) $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")" >>"$samples"
}
# Of a SAMPLES file: the median time (ms) and the largest peak RSS (KiB).
median_time() { awk '{ print $1 }' "$1" | median; }
peak_rss() { awk '{ print $2 }' "$1" | sort -n | tail -1; }
mebibytes() { awk -v k="$1" 'BEGIN { if (k > 0) printf "%.0f MiB", k / 1024; else printf "-" }'; }
# Milliseconds per 1,000 generated lines.
per_kiloline() { awk -v ms="$1" -v n="$2" 'BEGIN { if (ms > 0 && n > 0) printf "%.0f ms", 1000 * ms / n; else printf "-" }'; }
# `occurrences PATTERN FILE...`: how often the extended regular expression occurs (0 when never).
occurrences() { { grep -ohE "$1" "${@:2}" || true; } | wc -l; }
# A count, "-" when nothing was counted (the side failed).
count_cell() { if [ "$1" -gt 0 ]; then echo "$1"; else echo "-"; fi; }
# `cell VALUE FAILURE`: the failure when there is one, else the value.
cell() { if [ -n "$2" ]; then echo "$2"; else echo "$1"; fi; }

# --- the generators ---------------------------------------------------------------------------------
[ -x /usr/bin/time ] || { echo "${0##*/}: needs GNU time for peak memory (apt-get install time)" >&2; exit 1; }
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
# name|kind|our schema (corpus: written by the import below)|their document (synthetic, bundled: our export)
apis=()
for size in $sizes; do
    python3 "$here/make-api.py" "$size" > "$work/apis/synthetic-$size.yaml"
    apis+=("synthetic-$size|synthetic|$work/apis/synthetic-$size.yaml|$work/apis/synthetic-$size.openapi.json")
done
for schema in $bundled; do
    name=$(basename "$schema" .yaml)
    apis+=("$name|bundled|$schema|$work/apis/$name.openapi.json")
done
for document in $corpus; do
    [ -f "$document" ] || document=$(ls "$corpus_folder/$document".* 2>/dev/null | head -1)
    [ -f "$document" ] || { echo "${0##*/}: no corpus document $document" >&2; exit 1; }
    name=$(basename "${document%.*}")
    apis+=("$name|corpus|$work/apis/$name.yaml|$document")
done
target_of() { echo "api_${1//[^A-Za-z0-9]/_}"; }
extension_of() { echo "${1##*.}"; }

# Every API's inputs, before any package is written: our schema (import for the corpus) and their document
# (export for ours). A side that fails here gets no target in its packages, and its cells say why.
declare -A ours_failure theirs_failure import_cell import_warnings edited_ours edited_theirs edit_reason
for api in "${apis[@]}"; do
    IFS='|' read -r name kind schema document <<<"$api"
    ours_failure[$name]="" theirs_failure[$name]="" import_cell[$name]="-" import_warnings[$name]=0
    edited_ours[$name]="" edited_theirs[$name]="" edit_reason[$name]=""
    if [ "$kind" = corpus ]; then
        echo "$name: importing ($runs runs) ..." >&2
        : > "$work/m.import"
        for _ in $(seq "$runs"); do
            if ! measured "$work/m.import" "$ours_generator" import "$document" --output "$schema"; then
                ours_failure[$name]=$(failed import)
                break
            fi
        done
        if [ -z "${ours_failure[$name]}" ]; then
            import_cell[$name]="$(seconds "$(median_time "$work/m.import")"), $(mebibytes "$(peak_rss "$work/m.import")")"
            import_warnings[$name]=$(sed -n 's/.*(\([0-9]*\) warnings*)$/\1/p' "$log" | tail -1)
        fi
    elif ! attempt "$ours_generator" export "$schema" --format openapi --output "$document"; then
        theirs_failure[$name]=$(failed export)
    fi
    # The type the one-type edit changes: an object type of ours, and its schema in their document (corpus:
    # where the import found it; else our export's component of that name).
    if [ -z "${ours_failure[$name]}" ]; then
        case $kind in
        synthetic) edited_ours[$name]=Account1 edited_theirs[$name]=Account1 ;;
        bundled) edited_ours[$name]=$(python3 "$here/edit-type.py" "$schema" --pick); edited_theirs[$name]=${edited_ours[$name]} ;;
        corpus)
            if pick=$(python3 "$here/edit-type.py" "$schema" --pick "$document" 2>"$log"); then
                read -r "edited_ours[$name]" "edited_theirs[$name]" <<<"$pick"
            else
                edit_reason[$name]="- ($(tail -1 "$log" | sed -E 's#(/[^/ :]+)+/([^/ :]+)#\2#g'))"
            fi ;;
        esac
    fi
done

# --- the packages -----------------------------------------------------------------------------------
ours="$work/ours" theirs="$work/theirs" theirs_plugin="$work/theirs-plugin" ours_plain="$work/ours-plain" ours_merge="$work/ours-merge"
theirs_quiet="$work/theirs-quiet"
mkdir -p "$ours/Sources" "$theirs/Sources" "$theirs/specs" "$theirs_plugin/Sources" "$ours_plain/Sources" "$ours_merge/Sources" \
    "$theirs_quiet/Sources"
ln -sfn "$root" "$work/schema-clients"   # fixed name, so the dependency's identity is `schema-clients`

# Puts the API's original schema / document in place (ours: the plugin's input; theirs: regenerated sources).
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
# `regenerate_theirs DOCUMENT TARGET`: their generator's output into the target; a failed status (and
# the target untouched) when it fails.
regenerate_theirs() { rm -rf "$theirs/Sources/$2.new"
    theirs_generate "$1" "$theirs/Sources/$2.new" >"$theirs/generate.log" 2>&1 || { cat "$theirs/generate.log"; rm -rf "$theirs/Sources/$2.new"; return 1; }
    # Only files whose contents changed are replaced, as a plugin's would be left untouched.
    mkdir -p "$theirs/Sources/$2"
    for file in "$theirs/Sources/$2.new"/*.swift; do cmp -s "$file" "$theirs/Sources/$2/$(basename "$file")" || cp "$file" "$theirs/Sources/$2/"; done
    rm -rf "$theirs/Sources/$2.new"; }
# `sync_theirs_quiet TARGET`: theirs-quiet's copy of the target's files, changed files only.
sync_theirs_quiet() { mkdir -p "$theirs_quiet/Sources/$1"
    for file in "$theirs/Sources/$1"/*.swift; do cmp -s "$file" "$theirs_quiet/Sources/$1/$(basename "$file")" || cp "$file" "$theirs_quiet/Sources/$1/"; done
    for file in "$theirs_quiet/Sources/$1"/*.swift; do [ -e "$theirs/Sources/$1/$(basename "$file")" ] || rm -f "$file"; done; }
build() { swift build --package-path "$1" --target "$2"; }
# Deletes the module's compiled state (objects, dependency records, module), keeping the files SwiftPM
# writes when it plans the build (the output file map, sources list and include folder).
clean_module() { find "$1/.build/debug/$2.build" -mindepth 1 -maxdepth 1 ! -name '*.json' ! -name sources ! -name include -exec rm -rf {} +
    rm -rf "$1/.build/debug/Modules/$2".*; }

# Every target needs its sources before any package builds: the schemas (ours) and the generated files
# (theirs). A side that cannot have them gets no target: its packages still build the other APIs.
ours_targets="" theirs_targets=""
for api in "${apis[@]}"; do
    IFS='|' read -r name kind schema document <<<"$api"
    target=$(target_of "$name")
    if [ -z "${ours_failure[$name]}" ]; then
        if attempt "$ours_generator" generate "$schema" --output "$ours_plain/Sources/$target"; then
            reset_ours "$ours" "$schema" "$target"
            reset_ours "$ours_merge" "$schema" "$target"
            ours_targets+="\"$target\", "
        else
            ours_failure[$name]=$(failed generate)
            rm -rf "$ours_plain/Sources/$target"
        fi
    fi
    if [ -z "${theirs_failure[$name]}" ]; then
        spec="$theirs/specs/$target.$(extension_of "$document")"
        cp "$document" "$spec"
        if regenerate_theirs "$spec" "$target" >"$log" 2>&1; then
            sync_theirs_quiet "$target"
            mkdir -p "$theirs_plugin/Sources/$target"
            plugin_input="$theirs_plugin/Sources/$target/openapi.$(extension_of "$document")"
            for other in "$theirs_plugin/Sources/$target"/openapi.*; do [ "$other" = "$plugin_input" ] || rm -f "$other"; done
            cmp -s "$document" "$plugin_input" || cp "$document" "$plugin_input"
            write_if_changed "$theirs_plugin/Sources/$target/openapi-generator-config.yaml" $'generate:\n  - types\n  - client\naccessModifier: public'
            write_if_changed "$theirs_plugin/Sources/$target/Module.swift" "// The module is the client swift-openapi-generator's plugin generates from its openapi document."
            theirs_targets+="\"$target\", "
        else
            theirs_failure[$name]=$(failed generate)
        fi
    fi
done

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
    targets: [$ours_targets].map { name in
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
# The manifest of a package holding their generated files: `theirs_manifest NAME [NOTE] [SETTINGS]`, where
# SETTINGS is the targets' last argument.
theirs_manifest() { cat <<EOF
// swift-tools-version: 6.0
// Written by Benchmarks/compile/run.sh: one target per API, holding swift-openapi-generator's output${2:-}.
import PackageDescription
let package = Package(
    name: "$1",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [$theirs_targets].map { name in
        .target(name: name, dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                                           .product(name: "HTTPTypes", package: "swift-http-types")]${3:+,
                $3})
    }
)
EOF
}
theirs_manifest TheirsCompileBenchmark > "$theirs/Package.swift"
theirs_manifest TheirsQuietCompileBenchmark ", compiled without printing its warnings" \
    'swiftSettings: [.unsafeFlags(["-suppress-warnings"])]' > "$theirs_quiet/Package.swift"
cat > "$ours_plain/Package.swift" <<EOF
// swift-tools-version: 6.0
// Written by Benchmarks/compile/run.sh: one target per API, holding our generated files (no plugin).
import PackageDescription
let package = Package(
    name: "OursPlainCompileBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../schema-clients")],
    targets: [$ours_targets].map { name in
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
    targets: [$theirs_targets].map { name in
        .target(name: name, dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                                           .product(name: "HTTPTypes", package: "swift-http-types")],
                plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")])
    }
)
EOF

# SwiftPM writes a package's Package.resolved only when the pins change, but its origin hash covers the whole
# manifest, so after the target list above changes the file stays stale and every build, no-ops included,
# resolves the dependencies again. Removed, the first build writes it fresh, as a user's package has it.
for package in "$ours" "$theirs" "$theirs_plugin" "$ours_plain" "$ours_merge" "$theirs_quiet"; do rm -f "$package/Package.resolved"; done

# --- measure ----------------------------------------------------------------------------------------
results="$work/results.md"
generation_rows="$work/generation-rows.md" compile_rows="$work/compile-rows.md" corpus_ratios="$work/corpus-ratios"
: > "$generation_rows"; : > "$compile_rows"; : > "$corpus_ratios"
load_before=$(uptime | sed 's/.*load average: //')
checks=""
for api in "${apis[@]}"; do
    IFS='|' read -r name kind schema document <<<"$api"
    target=$(target_of "$name")
    spec="$theirs/specs/$target.$(extension_of "$document")"
    ours_fail=${ours_failure[$name]} theirs_fail=${theirs_failure[$name]}
    echo "$name: generating ($runs runs each) ..." >&2

    # Generation: time, peak memory, what each side kept.
    : > "$work/m.gen.ours"; : > "$work/m.gen.theirs"
    types_ours="-" operations_ours="-" json_ours="-" warnings_ours="-" lines_ours=0 gen_o=0 rss_o=0
    if [ -z "$ours_fail" ]; then
        for _ in $(seq "$runs"); do
            rm -rf "$work/gen/ours"
            measured "$work/m.gen.ours" "$ours_generator" generate "$schema" -o "$work/gen/ours" || { ours_fail=$(failed generate); break; }
        done
    fi
    if [ -z "$ours_fail" ]; then
        generate_warnings=$(occurrences 'warning:' "$log")
        warnings_ours=$((${import_warnings[$name]:-0} + generate_warnings))
        gen_o=$(median_time "$work/m.gen.ours"); rss_o=$(peak_rss "$work/m.gen.ours")
        lines_ours=$(cat "$work/gen/ours"/*.swift | wc -l)
        "$ours_generator" describe "$schema" --json > "$work/describe.json"
        read -r types_ours operations_ours json_ours < <(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(len(d["types"]), len(d["operations"]), len(d["untyped"]))' "$work/describe.json")
    fi
    operations_document="-" schemas_document="-"
    # A document Python's YAML cannot read either counts as "-".
    if [ -z "$theirs_fail" ] || [ "$kind" = corpus ]; then
        counts=$(python3 "$here/openapi-counts.py" "$document" 2>/dev/null) || counts="- -"
        read -r operations_document schemas_document <<<"$counts"
    fi
    operations_theirs="-" json_theirs="-" warnings_theirs="-" lines_theirs=0 gen_t=0 rss_t=0
    if [ -z "$theirs_fail" ]; then
        for _ in $(seq "$runs"); do
            rm -rf "$work/gen/theirs"
            measured "$work/m.gen.theirs" "$sog" generate "$spec" --mode types --mode client --access-modifier public --output-directory "$work/gen/theirs" \
                || { theirs_fail=$(failed generate); break; }
        done
    fi
    if [ -z "$theirs_fail" ]; then
        warnings_theirs=$(occurrences 'warning:' "$log")
        gen_t=$(median_time "$work/m.gen.theirs"); rss_t=$(peak_rss "$work/m.gen.theirs")
        lines_theirs=$(cat "$work/gen/theirs"/*.swift | wc -l)
        operations_theirs=$(occurrences 'public static let id: Swift.String = ' "$work/gen/theirs"/*.swift)
        json_theirs=$(occurrences 'OpenAPIRuntime\.(OpenAPIValueContainer|OpenAPIObjectContainer)' "$work/gen/theirs"/*.swift)
    fi
    generation_row="| $name | $types_ours / $schemas_document | $operations_document / $(cell "$operations_ours" "$ours_fail") / $(cell "$operations_theirs" "$theirs_fail") | $json_ours / $json_theirs | $warnings_ours / $warnings_theirs | ${import_cell[$name]} | $(seconds "$gen_o") / $(seconds "$gen_t") ($(ratio "$gen_o" "$gen_t")) | $(mebibytes "$rss_o") / $(mebibytes "$rss_t") | $(per_kiloline "$gen_o" "$lines_ours") / $(per_kiloline "$gen_t" "$lines_theirs") | $(count_cell "$lines_ours") / $(count_cell "$lines_theirs") ($(ratio "$lines_ours" "$lines_theirs")) |"
    echo "$generation_row" >> "$generation_rows"
    echo "$generation_row" >&2
    [ "${COMPILE:-1}" != 0 ] || continue

    # Compile: each side that generated, built, and its clean compile and one-type edit timed.
    declare -A compile_failure=([ours]="$ours_fail" [theirs]="$theirs_fail" [ours_merge]="$ours_fail" [theirs_quiet]="$theirs_fail")
    sides="ours theirs"
    [ "${OURS_MERGE:-1}" = 0 ] || sides+=" ours_merge"
    [ "${THEIRS_QUIET:-1}" = 0 ] || sides+=" theirs_quiet"
    for side in ours theirs ours_merge theirs_quiet; do echo 0 > "$work/m.clean.$side"; echo 0 > "$work/m.edit.$side"; done
    warnings_printed="-"
    edit_note=${edit_reason[$name]}
    for side in $sides; do
        [ -z "${compile_failure[$side]}" ] || continue
        package=${!side}
        echo "$name: $side: first build (dependencies) ..." >&2
        # SwiftPM may relink the plugin's tool once after the first build, hence two.
        if ! attempt build "$package" "$target" || ! attempt build "$package" "$target"; then
            compile_failure[$side]=$(failed compile)
            continue
        fi
        echo "$name: $side: clean compile, one-type edit ($runs runs each) ..." >&2
        : > "$work/m.samples"
        for _ in $(seq "$runs"); do
            clean_module "$package" "$target"
            timed_attempt build "$package" "$target" >> "$work/m.samples" || { compile_failure[$side]=$(failed compile); break; }
        done
        [ -z "${compile_failure[$side]}" ] || continue
        median < "$work/m.samples" > "$work/m.clean.$side"
        # The warnings the last clean compile printed, each once (SwiftPM repeats them).
        [ "$side" != theirs ] || warnings_printed=$(grep -oE '^[^ ]+:[0-9]+:[0-9]+: warning:' "$log" | sort -u | wc -l)
        [ "$side" != theirs_quiet ] || continue   # the clean compile only
        [ -n "${edited_ours[$name]}" ] || continue
        [ "$side" != theirs ] || [ "${THEIRS_EDIT:-1}" != 0 ] || continue
        : > "$work/m.samples"
        for _ in $(seq "$runs"); do
            if [ "$side" != theirs ]; then
                python3 "$here/edit-type.py" "$package/schemas/$target/schema.yaml" "${edited_ours[$name]}"
                timed_attempt build "$package" "$target" >> "$work/m.samples" || edit_note="$side: $(failed edit)"
                reset_ours "$package" "$schema" "$target"
            else
                cp "$document" "$spec"
                if python3 "$here/edit-type.py" "$spec" "${edited_theirs[$name]}" >"$log" 2>&1; then
                    timed_attempt bash -c "$(declare -f theirs_generate regenerate_theirs build); sog='$sog' theirs='$theirs'; regenerate_theirs '$spec' '$target' && build '$theirs' '$target'" >> "$work/m.samples" || edit_note="theirs: $(failed edit)"
                else
                    edit_note="theirs: $(failed edit)"
                fi
                cp "$document" "$spec"
                attempt regenerate_theirs "$spec" "$target" || true
            fi
            attempt build "$package" "$target" || true
        done
        if [ -s "$work/m.samples" ]; then median < "$work/m.samples" > "$work/m.edit.$side"; fi
    done
    read -r clean_o < "$work/m.clean.ours"; read -r clean_t < "$work/m.clean.theirs"
    read -r edit_o < "$work/m.edit.ours"; read -r edit_t < "$work/m.edit.theirs"
    read -r clean_m < "$work/m.clean.ours_merge"; read -r edit_m < "$work/m.edit.ours_merge"
    read -r clean_q < "$work/m.clean.theirs_quiet"

    # No-ops side by side: each package built until settled (a package's first build after another's can
    # take seconds), then $noop_runs rounds that build every package in turn, so the machine's drift falls
    # on all of them alike; a skipped package's median is 0. Only sides that compiled take part.
    noop_sides=""
    [ -n "${compile_failure[ours]}" ] || noop_sides+=" ours"
    [ -n "${compile_failure[theirs]}" ] || noop_sides+=" theirs"
    [ "${THEIRS_PLUGIN:-1}" = 0 ] || [ -n "${compile_failure[theirs]}" ] || noop_sides+=" theirs_plugin"
    [ "${OURS_PLAIN:-1}" = 0 ] || [ -n "${compile_failure[ours]}" ] || noop_sides+=" ours_plain"
    all_noop_sides="ours theirs theirs_plugin ours_plain"
    for side in $all_noop_sides; do : > "$work/m.noop.$side"; done
    settled=""
    for side in $noop_sides; do
        echo "$name: $side: settling for the no-ops (theirs_plugin: their generator and module, debug) ..." >&2
        if attempt build "${!side}" "$target" && attempt build "${!side}" "$target"; then settled+=" $side"; else compile_failure[$side]=$(failed "no-op build"); fi
    done
    noop_sides=$settled
    [ -z "$noop_sides" ] || echo "$name: no-ops, $noop_runs rounds of:$noop_sides ..." >&2
    for round in $(seq 0 "$noop_runs"); do
        for side in $noop_sides; do
            ms=$(timed build "${!side}" "$target")
            [ "$round" = 0 ] || echo "$ms" >> "$work/m.noop.$side"   # round 0 warms up after the settling
        done
    done
    for side in $all_noop_sides; do
        if [ -s "$work/m.noop.$side" ]; then median < "$work/m.noop.$side"; else echo 0; fi > "$work/m.noop.$side.median"
    done
    read -r noop_o < "$work/m.noop.ours.median"; read -r noop_t < "$work/m.noop.theirs.median"
    read -r noop_tp < "$work/m.noop.theirs_plugin.median"; read -r noop_op < "$work/m.noop.ours_plain.median"

    if [ -n "$theirs_fail" ]; then theirs_status="$theirs_fail"
    elif [ -n "${compile_failure[theirs]}" ]; then theirs_status="generates; compile ${compile_failure[theirs]}"
    else theirs_status="generates, compiles"; fi
    clean_o_cell=$(cell "$(seconds "$clean_o")" "${compile_failure[ours]}")
    clean_t_cell=$(cell "$(seconds "$clean_t")" "${compile_failure[theirs]}")
    clean_q_cell=$(cell "$(seconds "$clean_q")" "${compile_failure[theirs_quiet]}")
    merge_cell=$(cell "$(seconds "$clean_m") / $(seconds "$edit_m") ($(ratio "$edit_m" "$clean_m"); $(ratio "$edit_m" "$clean_o"))" "${compile_failure[ours_merge]:-}")
    theirs_plugin_cell=$(cell "$(seconds "$noop_tp")" "${compile_failure[theirs_plugin]:-}")
    ours_plain_cell=$(cell "$(seconds "$noop_op")" "${compile_failure[ours_plain]:-}")
    compile_row="| $name ($operations_document) | $theirs_status | $clean_o_cell / $clean_t_cell ($(ratio "$clean_o" "$clean_t")) | $warnings_printed | $clean_o_cell / $clean_q_cell ($(ratio "$clean_o" "$clean_q")) | $(seconds "$edit_o") / $(seconds "$edit_t") ($(ratio "$edit_o" "$clean_o"))${edit_note:+ $edit_note} | $(seconds "$noop_o") / $(seconds "$noop_t") ($(ratio "$noop_o" "$noop_t")) | $(seconds "$noop_o") / $theirs_plugin_cell ($(ratio "$noop_o" "$noop_tp")) | $ours_plain_cell / $(seconds "$noop_t") ($(ratio "$noop_op" "$noop_t")) | $merge_cell |"
    echo "$compile_row" >> "$compile_rows"
    echo "$compile_row" >&2
    if [ "$kind" = corpus ] && [ "$clean_o" -gt 0 ] && [ "$clean_t" -gt 0 ]; then echo "$name $clean_o $clean_t $clean_q" >> "$corpus_ratios"; fi
    if [ "${name#synthetic-}" = 100 ] || [ "${name#synthetic-}" = 500 ]; then
        checks+="$name: clean <= 0.35x theirs: $(within "$clean_o" "$clean_t" 0.35); one-type edit <= 0.15x our clean: $(within "$edit_o" "$clean_o" 0.15); no-op <= theirs: $(within "$noop_o" "$noop_t" 1) (our plugin, their checked-in files), $(within "$noop_o" "$noop_tp" 1) (both plugins), $(within "$noop_op" "$noop_t" 1) (both checked in); merge-module one-type edit <= 0.15x its clean: $(within "$edit_m" "$clean_m" 0.15), <= 0.15x the default clean: $(within "$edit_m" "$clean_o" 0.15)"$'\n'
    fi
done
# Issue 29 line 2 over the corpus documents both sides compiled, against theirs in column $1 of
# $corpus_ratios (3: as a user builds it; 4: their warnings not printed): each ratio, and their median.
corpus_check() {
    local ratios median_ratio over each
    ratios=$(awk -v c="$1" '$c > 0 { printf "%s %.4f\n", $1, $2 / $c }' "$corpus_ratios")
    [ -n "$ratios" ] || return 0
    median_ratio=$(awk '{ print $2 }' <<<"$ratios" | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    over=$(awk '$2 > 0.35 { printf "%s%s %.2fx", separator, $1, $2; separator = ", " }' <<<"$ratios")
    each=ok; [ -z "$over" ] || each="MISSED ($over)"
    echo "corpus, $(wc -l <<<"$ratios") documents both compile, $2: clean <= 0.35x theirs on each: $each; median ${median_ratio}x <= 0.25x: $(awk -v m="$median_ratio" 'BEGIN { print (m <= 0.25) ? "ok" : "MISSED" }')"
}
if [ -s "$corpus_ratios" ]; then
    checks+=$(corpus_check 3 "theirs as a user builds it (their warnings printed)"
              corpus_check 4 "the compile alone (their warnings not printed)")$'\n'
fi
{
    echo "Compile benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), medians of $runs; load before: $load_before"
    echo
    echo "Generation:"
    echo
    echo "| API | types: ours / document | operations: document / kept ours / kept theirs | \`json\`: ours / theirs | warnings: ours / theirs | import (ours): time, peak RSS | generation ours / theirs | peak RSS ours / theirs | per 1,000 lines ours / theirs | lines ours / theirs |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    cat "$generation_rows"
    echo
    if [ "${COMPILE:-1}" = 0 ]; then
        echo "Compile: not measured (COMPILE=0)."
    else
        echo "Compile:"
        echo
        echo "| API (operations) | swift-openapi-generator | clean compile ours / theirs | their warnings | clean compile ours / theirs, their warnings not printed | one-type edit ours / theirs (ours / our clean) | no-op: ours (plugin) / theirs (checked in) | no-op: both through a plugin | no-op: both checked in | merge-module: clean / one-type edit (edit / its clean; edit / default clean) |"
        echo "|---|---|---|---|---|---|---|---|---|---|"
        cat "$compile_rows"
    fi
    echo
    echo "load after: $(uptime | sed 's/.*load average: //')"
    [ -z "$checks" ] || printf '\nTargets (issues 14 and 29):\n%s' "$checks"
} > "$results"
cat "$results"

#!/usr/bin/env bash
# CPU cost of a clean debug compile of the generated module, ours vs swift-openapi-generator 1.14.3, per
# corpus document, with the frontend's counters (issue 29 line 2; Benchmarks/README.md, "Compile cost of
# type-heavy code").
#
#   Benchmarks/compile/type-cost.sh                                  cloud-hypervisor discourse netflix-consoleme openai
#   Benchmarks/compile/type-cost.sh discourse                        one document (names of Tests/Fixtures/OpenAPICorpus)
#   Benchmarks/compile/type-cost.sh --dir ours DIR                   a folder of generated (or hand-edited) Swift files
#   SOG=/path/to/swift-openapi-generator Benchmarks/compile/type-cost.sh
#   FRESH_INDEX=1 Benchmarks/compile/type-cost.sh                      each compile with an empty index store
#
# run.sh measures wall time through SwiftPM, which means nothing on a loaded machine. This measures what
# load moves much less: user + sys CPU seconds (`/usr/bin/time`) of the swiftc command SwiftPM runs for a
# debug build of the module (batch mode, -j2, -Onone -g -enable-testing, an index store, Swift 6), its
# wall time (for a quiet machine), and the counters of `-stats-output-dir` summed over the frontend jobs: seconds of semantic analysis, SILGen
# and IRGen (the rest of a job is LLVM and the fixed start-up), SIL functions, LLVM IR functions and
# instructions, object bytes. Ours gets `client-generator import` of the document, then `generate`;
# theirs the document itself (`--mode types --mode client --access-modifier public`). Theirs compiles
# against swift-openapi-runtime and swift-http-types, built once in $WORK/theirs (a package of its own);
# ours against this tree's ClientRuntime (`swift build --target ClientRuntime`, built first). Everything
# lives in $WORK (default .build-compile-bench/type-cost, git-ignored).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${WORK:-$root/.build-compile-bench/type-cost}
sog=${SOG:-$root/.build-compile-bench/sog/.build/release/swift-openapi-generator}
generator=${GENERATOR:-$root/.build/debug/client-generator}
mkdir -p "$work/gen"

# `compile SIDE DIR [keep-index]`: prints "cpu-seconds|counters" for a clean compile of DIR/*.swift;
# with keep-index (the warm-up), its index store becomes the one every later compile of SIDE starts from.
compile() {
    local side=$1 keep=${3:-} dir modules out
    dir=$(cd "$2" && pwd)
    if [ "$side" = ours ]; then modules=$root/.build/debug/Modules; else modules=$work/theirs/.build/debug/Modules; fi
    out=$(mktemp -d "$work/compile.XXXXXX")
    mkdir "$out/stats"
    # SwiftPM keeps its index store across builds, so the standard library's, Foundation's and the
    # runtime's index records are written once, by the first module that imports them, not by the
    # generated module's compile. Each compile starts from a copy of the store its side's warm-up
    # filled (empty for the warm-up itself). A fresh store (FRESH_INDEX=1, as before 2026-11-27) added
    # 1.5-2.8 s of CPU to each compile of cloud-hypervisor, on both sides.
    if [ -z "${FRESH_INDEX:-}" ] && [ -d "$work/index-warm-$side" ]; then cp -a "$work/index-warm-$side" "$out/index"; fi
    if ! /usr/bin/time -f "%U %S %e" -o "$out/time" swiftc -module-name Generated -emit-module \
        -emit-module-path "$out/Generated.swiftmodule" -parse-as-library -c "$dir"/*.swift -I "$modules" \
        -Onone -g -enable-testing -j2 -enable-batch-mode -swift-version 6 -DSWIFT_PACKAGE -DDEBUG \
        -module-cache-path "$work/module-cache" -index-store-path "$out/index" -Xcc -fPIC \
        -stats-output-dir "$out/stats" -working-directory "$out" >"$out/log" 2>&1; then
        cat "$out/log" >&2
        rm -rf "$out"
        return 1
    fi
    python3 - "$out" <<'EOF'
import collections, glob, json, sys
user, system, wall = open(sys.argv[1] + "/time").read().split()
total = collections.Counter()
for path in glob.glob(sys.argv[1] + "/stats/*.json"):
    total.update(json.load(open(path)))
print("%.2f|wall %.2f s; sema %.2f s, SILGen %.2f s, IRGen %.2f s; %d SIL functions, %d IR functions, %d IR instructions, %.1f MB objects" % (
    float(user) + float(system), float(wall), total["time.swift.perform-sema.user"], total["time.swift.SILGen.user"],
    total["time.swift.IRGen.user"], total["SILModule.NumSILGenFunctions"], total["IRModule.NumIRFunctions"],
    total["IRModule.NumIRInsts"], total["LLVM.NumLLVMBytesOutput"] / 1e6))
EOF
    if [ "$keep" = keep-index ]; then mv "$out/index" "$work/index-warm-$side"; fi
    rm -rf "$out"
}

(cd "$root" && swift build --target ClientRuntime >"$work/build.log" 2>&1) || { cat "$work/build.log" >&2; exit 1; }
if [ ! -d "$work/theirs/.build/debug/Modules" ]; then
    mkdir -p "$work/theirs/Sources/Runtime"
    cat >"$work/theirs/Package.swift" <<'EOF'
// swift-tools-version: 6.0
// Written by Benchmarks/compile/type-cost.sh: swift-openapi-generator's runtime, built once.
import PackageDescription
let package = Package(
    name: "TheirsRuntime",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .target(name: "Runtime", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                                                .product(name: "HTTPTypes", package: "swift-http-types")])
    ]
)
EOF
    echo 'import OpenAPIRuntime' >"$work/theirs/Sources/Runtime/Runtime.swift"
    swift build --package-path "$work/theirs" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
fi
# A first compile on each side fills the module cache (Foundation's and the C modules'), which would
# otherwise fall on the first measurement.
mkdir -p "$work/warm-up/ours" "$work/warm-up/theirs"
printf '@_spi(Generated) import ClientRuntime\nimport Foundation\n' >"$work/warm-up/ours/WarmUp.swift"
printf 'import OpenAPIRuntime\nimport HTTPTypes\nimport Foundation\n' >"$work/warm-up/theirs/WarmUp.swift"
# Each side's warm-up also writes the index records of the modules it imports into a store that every
# later compile of that side starts from (see `compile`).
rm -rf "$work/index-warm-ours" "$work/index-warm-theirs"
compile ours "$work/warm-up/ours" keep-index >/dev/null
compile theirs "$work/warm-up/theirs" keep-index >/dev/null
if [ "${1:-}" = --dir ]; then
    IFS='|' read -r cpu counters <<<"$(compile "$2" "$3")"
    echo "$2 $3: $cpu s CPU; $counters"
    exit 0
fi

echo "| document | types ours | lines ours / theirs | CPU ours / theirs | ratio | ours: counters | theirs: counters |"
echo "|---|---|---|---|---|---|---|"
for name in "${@:-cloud-hypervisor discourse netflix-consoleme openai}"; do
    for document in $name; do
        path=$(ls "$root/Tests/Fixtures/OpenAPICorpus/$document".* | head -1)
        "$generator" import "$path" --output "$work/$document.yaml" --quiet >"$work/import.log" 2>&1 ||
            { cat "$work/import.log" >&2; exit 1; }
        rm -rf "$work/gen/ours-$document" "$work/gen/theirs-$document"
        "$generator" generate "$work/$document.yaml" --output "$work/gen/ours-$document" >/dev/null
        mkdir -p "$work/gen/theirs-$document"
        "$sog" generate "$path" --mode types --mode client --access-modifier public \
            --output-directory "$work/gen/theirs-$document" >/dev/null 2>&1
        types=$("$generator" describe "$work/$document.yaml" --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["types"]))')
        lines_ours=$(cat "$work/gen/ours-$document"/*.swift | wc -l)
        lines_theirs=$(cat "$work/gen/theirs-$document"/*.swift | wc -l)
        IFS='|' read -r cpu_ours counters_ours <<<"$(compile ours "$work/gen/ours-$document")"
        IFS='|' read -r cpu_theirs counters_theirs <<<"$(compile theirs "$work/gen/theirs-$document")"
        ratio=$(awk -v a="$cpu_ours" -v b="$cpu_theirs" 'BEGIN { printf "%.2fx", a / b }')
        echo "| $document | $types | $lines_ours / $lines_theirs | $cpu_ours s / $cpu_theirs s | $ratio | $counters_ours | $counters_theirs |"
    done
done

#!/usr/bin/env bash
# Run time and behaviour of the table-driven Codable prototype (TableCodable.swift, table-codable.py)
# against the generated models as they are and hand-written Codable (issue 29 line 2; Benchmarks/README.md,
# "A table-driven Codable, measured").
#
#   Benchmarks/compile/type-cost-variants/table-codable-runtime.sh           build, check behaviour, time decoding
#   Benchmarks/compile/type-cost-variants/table-codable-runtime.sh callgrind  ... and count instructions per item
#
# Everything is built as a release build would (`-O`, whole module), one module per piece as in an app:
# WireFormat and ClientRuntime from this tree, the prototype as a module of its own (as it would be in
# ClientRuntime: nothing of it is specialised for the models), WhitelabelPay's and KitchenSink's generated
# models as generated, table-driven (a stored table, or one the prototype caches) and "reader"
# (init(from:) through the memberwise init), and the
# Runtime benchmark's hand-written models and page fixture. Needs `client-generator` (GENERATOR, default
# .build/debug/client-generator). Work folder: $WORK (default .build-compile-bench/table-codable).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
here=$root/Benchmarks/compile/type-cost-variants
work=${WORK:-$root/.build-compile-bench/table-codable}
generator=${GENERATOR:-$root/.build/debug/client-generator}
mkdir -p "$work"
cd "$work"
library() { # library NAME FILES...: a static library and its module, -O whole-module
    local name=$1
    shift
    swiftc -O -wmo -parse-as-library -swift-version 6 -module-name "$name" -emit-library -static -emit-module \
        -I . "$@" -o "lib$name.a"
}
library WireFormat "$root"/Sources/WireFormat/*.swift
library ClientRuntime "$root"/Sources/ClientRuntime/*.swift
library TableRuntime "$here/TableCodable.swift"
library HandWritten "$root"/Benchmarks/Runtime/Sources/HandWrittenModels/*.swift
library Fixtures "$root"/Benchmarks/Runtime/Sources/BenchmarkFixtures/*.swift
for api in whitelabelpay:Schemas/whitelabelpay.yaml:WLP kitchensink:Tests/GeneratedModules/KitchenSink/kitchensink.yaml:KS; do
    IFS=: read -r name schema prefix <<<"$api"
    rm -rf "gen-$name" "gen-$name-table" "gen-$name-cached" "gen-$name-reader"
    "$generator" generate "$root/$schema" --output "gen-$name" >/dev/null
    for form in table cached reader; do
        cp -r "gen-$name" "gen-$name-$form"
        python3 "$here/table-codable.py" "$form" "gen-$name-$form"
    done
    for form in table cached; do
        # The prototype is a module of its own here, not a file of the models' module.
        rm "gen-$name-$form/TableCodable.swift"
        sed -i 's/^@_spi(Generated) import ClientRuntime$/&\n@_spi(Generated) import TableRuntime/' "gen-$name-$form"/*.swift
    done
    library "${prefix}Generated" "gen-$name"/*.swift
    library "${prefix}Table" "gen-$name-table"/*.swift
    library "${prefix}Cached" "gen-$name-cached"/*.swift
    library "${prefix}Reader" "gen-$name-reader"/*.swift
done
swiftc -O -swift-version 5 -module-name TableCodableBench -I . -L . -lWLPGenerated -lWLPTable -lWLPCached -lWLPReader -lKSGenerated \
    -lKSReader -lKSTable -lKSCached -lHandWritten -lFixtures -lTableRuntime -lClientRuntime -lWireFormat \
    "$here/table-codable-runtime.swift" -o table-codable-bench
./table-codable-bench check
./table-codable-bench time
if [ "${1:-}" = callgrind ]; then
    # Instructions per transaction: one decode of a 10,000-transaction page minus a run that only builds it.
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null ./table-codable-bench once "$1" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
    none=$(count none)
    for model in hand-written generated table cached reader; do
        echo "$model: $(( ($(count "$model") - none) / 10000 )) instructions per transaction (callgrind)"
    done
fi

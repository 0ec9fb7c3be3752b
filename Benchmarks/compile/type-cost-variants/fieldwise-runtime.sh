#!/usr/bin/env bash
# Run-time cost of `==` and `hash(into:)` from the fieldwise prototype (FieldwiseHashable.swift, beside
# this script) against synthesized ones (issue 29 line 2; Benchmarks/README.md, "Compile cost of
# type-heavy code"). Builds the prototype with ClientRuntime's FieldKey.swift as a module of its own,
# optimised as a release build would (`-O`; a separate module, so nothing is specialised across it, as
# with ClientRuntime), and fieldwise-runtime.swift against it; prints nanoseconds per value, best of
# several rounds.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=${WORK:-$root/.build-compile-bench/fieldwise}
mkdir -p "$work"
cd "$work"
swiftc -O -parse-as-library -module-name FieldwiseRuntime -emit-library -static -emit-module \
    "$root/Benchmarks/compile/type-cost-variants/FieldwiseHashable.swift" "$root/Sources/ClientRuntime/FieldKey.swift" -o libFieldwiseRuntime.a
swiftc -O -module-name FieldwiseBench -I . -L . -lFieldwiseRuntime "$root/Benchmarks/compile/type-cost-variants/fieldwise-runtime.swift" -o fieldwise-bench
./fieldwise-bench

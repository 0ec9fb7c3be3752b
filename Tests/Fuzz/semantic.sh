#!/usr/bin/env bash
# The semantic fuzzer (Tests/Fuzz/README.md): random schemas, each linted; every one lint accepts is
# generated and type-checked with swiftc against the built ClientRuntime, and any compiler error or
# warning is a finding, kept in Tests/Fuzz/findings/semantic/. Lint rejections must carry a
# file:line:column. Usage: Tests/Fuzz/semantic.sh [count, default 300] [seconds, default 150] [seed, default 1]
# Deterministic: the same seed and count check the same schemas. Exits non-zero on a finding.
set -euo pipefail
cd "$(dirname "$0")/../.."

count=${1:-${FUZZ_SEMANTIC_COUNT:-300}}
seconds=${2:-${FUZZ_SEMANTIC_SECONDS:-150}}
seed=${3:-${FUZZ_SEMANTIC_SEED:-1}}
swift build --product fuzz-semantic 2>&1 | tail -n 1
bin="$(swift build --show-bin-path)"
"$bin/fuzz-semantic" --seed "$seed" --count "$count" --seconds "$seconds" --modules "$bin/Modules" --findings Tests/Fuzz/findings/semantic

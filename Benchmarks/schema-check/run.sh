#!/usr/bin/env bash
# Benchmarks schema-check against Python jsonschema and jsonschema-rs on 100,000 NDJSON WhitelabelPay
# Transactions (~10% invalid). Not a test: prints one table. Usage: Benchmarks/schema-check/run.sh [count]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
count="${1:-100000}"
work="${TMPDIR:-/tmp}/schema-check-bench"
mkdir -p "$work"
cd "$root"

payloads="$work/transactions-$count.ndjson"
[ -f "$payloads" ] || python3 "$here/generate.py" "$count" "$payloads"

echo "building schema-check (release)…" >&2
swift build -c release --product schema-check >&2
binary="$(swift build -c release --product schema-check --show-bin-path)/schema-check"

# The JSON Schema: exported by the generator when it can, else the hand-written equivalent.
schema_json="$here/transaction.schema.json"
if swift build -c release --product client-generator >/dev/null 2>&1 &&
   "$(swift build -c release --show-bin-path)/client-generator" export Schemas/whitelabelpay.yaml \
       --format json-schema --type Transaction > "$work/transaction.exported.json" 2>/dev/null; then
    schema_json="$work/transaction.exported.json"
    echo "JSON Schema: exported by client-generator" >&2
else
    echo "JSON Schema: hand-written $schema_json (client-generator export unavailable)" >&2
fi

python3 -c "import jsonschema" 2>/dev/null || pip install --quiet jsonschema >&2
python3 -c "import jsonschema_rs" 2>/dev/null || pip install --quiet jsonschema-rs >&2

python3 "$here/bench.py" "$binary" Schemas/whitelabelpay.yaml Transaction "$payloads" "$schema_json"

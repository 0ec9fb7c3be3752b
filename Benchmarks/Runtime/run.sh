#!/usr/bin/env bash
# Runtime benchmarks of the generated WhitelabelPay client (issue 14, line 4), with package-benchmark:
#   - decoding a page of 10,000 transactions: generated models vs hand-written Codable structs
#     (target: generated >= 0.95x the hand-written throughput), allocations per decoded item;
#   - one fetchTransactions call against a server on 127.0.0.1: generated client vs a raw URLSession
#     call (target >= 0.9x), and the README's middleware stack (logging off) reported separately.
# Prints each pair side by side with the ratios against the targets, and the machine's load.
#
#   Benchmarks/Runtime/run.sh            # all benchmarks (first run builds the package in release: minutes)
#   Benchmarks/Runtime/run.sh --filter 'Decode.*'    # any other `swift package benchmark` options
#
# Not part of `swift test` or CI. Needs python3 for the table.
set -euo pipefail
cd "$(dirname "$0")"
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "load before: $(uptime)"
swift package --allow-writing-to-directory "$results" benchmark --format jmh --path "$results" --no-progress "$@" >"$results/log" 2>&1 \
    || { cat "$results/log"; exit 1; }
echo "load after:  $(uptime)"

python3 - "$results" <<'PY'
import glob, json, sys

elements = []
for path in glob.glob(sys.argv[1] + "/*.json"):
    with open(path) as file:
        elements += json.load(file)

def metrics(element):
    """The medians of one benchmark: times in microseconds, counts as counted."""
    found = {"throughput": element["primaryMetric"]["scorePercentiles"]["50.0"]}
    for name, metric in (element.get("secondaryMetrics") or {}).items():
        found[name] = metric["scorePercentiles"]["50.0"]
    return found

results = {e["benchmark"].split(".")[-1].replace("_", " "): metrics(e) for e in elements}

def find(name):
    return results.get(name)

def row(label, value, baseline, per):
    wall = value.get("Time (wall clock)"); cpu = value.get("Time (total CPU)")
    instructions = value.get("Instructions"); mallocs = value.get("Malloc (total)")
    cells = [label,
             f"{per * 1e6 / wall:,.0f}/s" if wall else "-",
             f"{wall:,.1f}" if wall else "-",
             f"{cpu:,.0f}" if cpu else "< 10 ms tick",
             f"{instructions / per:,.0f}" if instructions else "-",
             f"{mallocs / per:,.2f}" if mallocs is not None else "-"]
    if baseline is not None and value is not baseline:
        def ratio(key, higher_is_better=False):
            a, b = value.get(key), baseline.get(key)
            return f"{(b / a):.2f}x" if a and b else "-"
        cells.append(f"throughput {ratio('Time (wall clock)')}, CPU {ratio('Time (total CPU)')}, instructions {ratio('Instructions')}")
    else:
        cells.append("baseline")
    print("| " + " | ".join(cells) + " |")

def table(title, unit, per, pairs, target, baseline_prefix):
    baseline = find(baseline_prefix)
    print(f"\n### {title}\n")
    print(f"| | throughput ({unit}) | wall µs (median) | CPU µs (median) | instructions per {unit[:-1] if unit.endswith('s') else unit} | mallocs per {unit[:-1] if unit.endswith('s') else unit} | ratio to baseline (higher is better) |")
    print("|---|---|---|---|---|---|---|")
    for label, prefix in pairs:
        value = find(prefix)
        if value is None:
            print(f"| {label} | not run | | | | | |")
        else:
            row(label, value, baseline, per)
    for label, prefix in pairs[1:2]:
        value = find(prefix)
        if value and baseline and value.get("Time (wall clock)"):
            wall = baseline["Time (wall clock)"] / value["Time (wall clock)"]
            cpu = baseline.get("Time (total CPU)", 0) / max(value.get("Time (total CPU)", 0), 1e-9)
            verdict = "meets" if wall >= target else "MISSES"
            by_cpu = f" ({cpu:.2f}x by CPU time)" if value.get("Time (total CPU)") else ""
            print(f"\n{label}: {wall:.2f}x the baseline's wall-clock throughput{by_cpu}; "
                  f"target >= {target}x: {verdict}")

table("Decoding a page of 10,000 WhitelabelPay transactions", "items", 10_000,
      [("hand-written Codable", "Decode 10k transactions: hand-written Codable"),
       ("generated models", "Decode 10k transactions: generated")],
      0.95, "Decode 10k transactions: hand-written Codable")
table("One GET /transactions call (20 transactions) against 127.0.0.1", "calls", 1,
      [("raw URLSession + hand-written decoding", "GET /transactions: raw URLSession"),
       ("generated client", "GET /transactions: generated client"),
       ("raw URLSession + generated models (the client's decoding, not its request path)",
        "GET /transactions: raw URLSession + generated models"),
       ("generated client + caching", "GET /transactions: generated client + caching"),
       ("generated client + retry", "GET /transactions: generated client + retry"),
       ("generated client + bearer refresh", "GET /transactions: generated client + bearer refresh"),
       ("generated client + middleware stack (caching, retry, bearer refresh; logging off)",
        "GET /transactions: generated client + middleware stack"),
       ("diagnosis: raw URLSession, request built once outside the loop",
        "GET /transactions: diagnosis: raw URLSession, request built once"),
       ("diagnosis: generated client without call timeout",
        "GET /transactions: diagnosis: generated client without call timeout"),
       ("diagnosis: ... and without the transport's delegate (URLSessionTransport(session:))",
        "GET /transactions: diagnosis: generated client without call timeout or transport delegate")],
      0.9, "GET /transactions: raw URLSession")

# The call rows against each other: the request path alone (both sides decode the generated models), and
# what each middleware adds to the plain client.
def compare(label, value_name, baseline_name):
    value, baseline = find(value_name), find(baseline_name)
    if not (value and baseline and value.get("Time (wall clock)") and baseline.get("Time (wall clock)")):
        return
    extra_us = value["Time (wall clock)"] - baseline["Time (wall clock)"]
    extra_mallocs = value.get("Malloc (total)", 0) - baseline.get("Malloc (total)", 0)
    print(f"{label}: {baseline['Time (wall clock)'] / value['Time (wall clock)']:.2f}x the throughput, "
          f"{extra_us:+,.1f} µs and {extra_mallocs:+,.0f} mallocs per call")

print()
compare("generated client vs raw URLSession + generated models (request path alone)",
        "GET /transactions: generated client", "GET /transactions: raw URLSession + generated models")
for middleware in ("caching", "retry", "bearer refresh", "middleware stack"):
    compare(f"+ {middleware} vs generated client", f"GET /transactions: generated client + {middleware}",
            "GET /transactions: generated client")
PY

# Instructions per decoded item: callgrind counts them the same whatever the load. A run that only builds
# the page is subtracted from each model's run. Skipped when a filter left the decoding benchmarks out.
case "$*" in
    *--filter*) case "$*" in *Decode*) ;; *) exit 0 ;; esac ;;
esac
if ! command -v valgrind >/dev/null; then
    echo "valgrind not found: instruction counts skipped (apt-get install valgrind)"
    exit 0
fi
swift build -c release --product decode-driver >"$results/driver-build.log" 2>&1 || { cat "$results/driver-build.log"; exit 1; }
driver=$(swift build -c release --show-bin-path)/decode-driver
items=10000
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" "$1" "$items" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
none=$(instructions none)
handwritten=$(instructions hand-written)
generated=$(instructions generated)
python3 - "$none" "$handwritten" "$generated" "$items" <<'PY'
import sys
none, hand, generated, items = (int(value) for value in sys.argv[1:])
hand_per_item, generated_per_item = (hand - none) / items, (generated - none) / items
print(f"\n### Instructions per decoded transaction (callgrind, {items:,} items)\n")
print("| hand-written | generated | generated / hand-written |")
print("|---|---|---|")
print(f"| {hand_per_item:,.0f} | {generated_per_item:,.0f} | {generated_per_item / hand_per_item:.2f}x |")
PY

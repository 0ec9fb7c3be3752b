#!/usr/bin/env bash
# Issue 28 line 7: 100,000 Server-Sent Events decoded by the client runtime (ClientCore.serverSentEvents,
# what a generated streamed method returns, over a transport that streams 64 KiB chunks) against a
# hand-written parser (split on blank lines, JSONDecoder on the data line), each in its own process so
# each peak memory is its own (both include the 8 MB body, made before the clock starts). Prints both side by side, the throughput ratio (target >= 0.9x) and the
# load. Release build; medians of RUNS (default 3). Not part of `swift test` or CI.
set -euo pipefail
cd "$(dirname "$0")"
RUNS=${RUNS:-3}
swift build -c release --product EventStreamBenchmark >/dev/null
binary=$(swift build -c release --show-bin-path)/EventStreamBenchmark
echo "load before: $(uptime)"
for side in ours hand; do
    for _ in $(seq "$RUNS"); do "$binary" "$side"; done
done | python3 -c '
import sys, statistics
runs = {}
for line in sys.stdin:
    side, *parts = line.split()
    runs.setdefault(side, []).append(dict(part.split("=") for part in parts))
def median(side, key):
    return statistics.median(float(run[key]) for run in runs[side])
print("%-24s%14s%14s" % ("", "runtime", "hand-written"))
print("%-24s%14.0f%14.0f" % ("events per second", median("ours", "eventsPerSecond"), median("hand", "eventsPerSecond")))
print("%-24s%14.1f%14.1f" % ("peak memory (MiB)", median("ours", "peakKiB") / 1024, median("hand", "peakKiB") / 1024))
print("throughput ratio: %.2fx (target >= 0.9x)" % (median("ours", "eventsPerSecond") / median("hand", "eventsPerSecond")))
'
echo "load after:  $(uptime)"

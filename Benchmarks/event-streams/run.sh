#!/usr/bin/env bash
# Issue 28 line 7: 100,000 Server-Sent Events decoded by the client runtime (ClientCore.serverSentEvents,
# what a generated streamed method returns, over a transport that streams 64 KiB chunks) against a
# hand-written parser (split on blank lines, JSONDecoder on the data line), each in its own process so
# each peak memory is its own. Prints both side by side, the throughput ratio (target >= 0.9x) and the
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
    fields = dict(part.split("=") for part in line.split()[1:])
    runs.setdefault(line.split()[0], []).append(fields)
def median(side, key): return statistics.median(float(r[key]) for r in runs[side])
print(f"{\"\":24}{\"runtime\":>14}{\"hand-written\":>14}")
print(f"{\"events per second\":24}{median(\"ours\", \"eventsPerSecond\"):>14,.0f}{median(\"hand\", \"eventsPerSecond\"):>14,.0f}")
print(f"{\"peak memory (MiB)\":24}{median(\"ours\", \"peakKiB\")/1024:>14.1f}{median(\"hand\", \"peakKiB\")/1024:>14.1f}")
ratio = median("ours", "eventsPerSecond") / median("hand", "eventsPerSecond")
print(f"throughput ratio: {ratio:.2f}x (target >= 0.9x)")
'
echo "load after:  $(uptime)"

#!/usr/bin/env bash
# Issue 28 line 2, "memory stays flat over a 1 GB stream": stream-server.py streams numbered events of about
# 1 KiB over 127.0.0.1, pacing its 64 KiB chunks PACE microseconds apart (default 1000: about 50 MB/s, a fast
# network's rate with the idle moments any network has); LargeStreamBenchmark reads them, each run in its own
# process, and prints its peak resident memory (VmHWM):
#   runtime  the runtime's EventStream (ClientCore.serverSentEvents / jsonEvents, what generated methods
#            return) over URLSessionTransport, backpressure and all;
#   nio      the same EventStream over AsyncHTTPClientTransport (the HTTPTransportNIO target, SwiftNIO), which
#            holds any stream back on its connection by not reading it;
#   hand     a hand-written reader: a URLSession data delegate feeding an unbounded AsyncStream, lines
#            split by hand, JSONDecoder; nothing holds the transfer back.
# Slow rows sleep SLOW ms (default 10) after every 256 events, about 25 MB/s: slower than the server. 10 MB
# rows against 1 GB rows show whether memory grows with the stream's size; the last row is unpaced (see
# Benchmarks/README.md for why it differs on Linux). Release build. A benchmark, not a test: not part of
# `swift test` or CI. EVENTS (default 1048576, about 1 GB), SLOW and PACE adjust it; READERS (default
# "runtime hand nio") picks the readers whose rows run.
set -euo pipefail
cd "$(dirname "$0")"
EVENTS=${EVENTS:-1048576}
SMALL=10240
SLOW=${SLOW:-10}
PACE=${PACE:-1000}
READERS=${READERS:-runtime hand nio}
swift build -c release --product LargeStreamBenchmark >/dev/null
binary=$(swift build -c release --show-bin-path)/LargeStreamBenchmark
port_file=$(mktemp)
python3 stream-server.py >"$port_file" &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$port_file"' EXIT
while [ ! -s "$port_file" ]; do sleep 0.1; done
port=$(cat "$port_file")
echo "load before: $(uptime)"
run() {
    case " $READERS " in *" $1 "*) "$binary" "$1" "$2" "$3" "$port" "$4" "$5" ;; esac
}
{
    run runtime sse $SMALL 0 "$PACE"
    run runtime sse "$EVENTS" 0 "$PACE"
    run runtime sse $SMALL "$SLOW" "$PACE"
    run runtime sse "$EVENTS" "$SLOW" "$PACE"
    run hand sse $SMALL 0 "$PACE"
    run hand sse "$EVENTS" 0 "$PACE"
    run hand sse $SMALL "$SLOW" "$PACE"
    run hand sse "$EVENTS" "$SLOW" "$PACE"
    run runtime jsonl "$EVENTS" "$SLOW" "$PACE"
    run runtime sse "$EVENTS" 0 0
    run nio jsonl $SMALL "$SLOW" "$PACE"
    run nio jsonl "$EVENTS" "$SLOW" "$PACE"
    run nio sse "$EVENTS" "$SLOW" "$PACE"
    run nio jsonl "$EVENTS" 0 0
    run nio sse "$EVENTS" 0 0
} | python3 -c '
import sys
print("%-9s%-7s%8s%7s%7s%9s%10s  %s" % ("reader", "format", "MB", "slow", "pace", "seconds", "peak MiB", "details"))
for line in sys.stdin:
    reader, form, *parts = line.split()
    fields = dict(part.split("=") for part in parts)
    details = " ".join(part for part in parts if part.split("=")[0] in ("connections", "holds", "peakBufferedKiB"))
    megabytes = int(fields["events"]) * 1000 / 1e6
    print("%-9s%-7s%8.0f%7s%7s%9s%10.1f  %s" % (reader, form, megabytes, fields["slow"], fields["pace"], fields["seconds"], int(fields["peakKiB"]) / 1024, details), flush=True)
'
echo "load after:  $(uptime)"

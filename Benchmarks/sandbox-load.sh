#!/usr/bin/env bash
# Load test of the sandbox server: exactly 10,000 requests from 32 concurrent keep-alive connections
# (ApacheBench) against GET /wlp/v1/payment-means of Schemas/whitelabelpay.yaml, an operation that needs a
# bearer token and a valid X-Tenant-Id header (so routing, credentials and validation run on every
# request). Samples the server's resident memory every 0.5 s and prints requests, failures, non-2xx,
# requests/s and RSS at start, after the first 1,000 requests, at its peak (VmHWM) and at the end.
#
# Bounded: ab sends a fixed number of requests and is itself limited by `timeout`; the server is stopped
# on every exit path. Traffic goes to 127.0.0.1 only.
#
# Usage: Benchmarks/sandbox-load.sh            (from anywhere; builds in release first)
# Environment: PACKAGE_DIR (default: this script's package), REQUESTS (10000), CONCURRENCY (32),
#              SANDBOX_BIN (skip the build and use this binary).
set -euo pipefail

PACKAGE_DIR="${PACKAGE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
REQUESTS="${REQUESTS:-10000}"
CONCURRENCY="${CONCURRENCY:-32}"
SCHEMA="$PACKAGE_DIR/Schemas/whitelabelpay.yaml"
TENANT="0f7e1b46-2297-4872-96ab-7c1d213e9f0a"
WORK="$(mktemp -d)"
SERVER_PID=""
SAMPLER_PID=""

cleanup() {
    if [[ -n "$SAMPLER_PID" ]]; then kill "$SAMPLER_PID" 2>/dev/null || true; fi
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

if ! command -v ab >/dev/null 2>&1; then
    echo "== installing ApacheBench (apache2-utils)"
    if [[ $(id -u) -eq 0 ]]; then
        apt-get update -qq && apt-get install -y -qq apache2-utils >/dev/null
    else
        sudo apt-get update -qq && sudo apt-get install -y -qq apache2-utils >/dev/null
    fi
fi

if [[ -z "${SANDBOX_BIN:-}" ]]; then
    echo "== building the sandbox (release)"
    swift build --package-path "$PACKAGE_DIR" -c release --product sandbox 2>&1 | tail -1
    SANDBOX_BIN="$(swift build --package-path "$PACKAGE_DIR" -c release --show-bin-path)/sandbox"
fi

echo "== starting $SANDBOX_BIN on a free port"
"$SANDBOX_BIN" "$SCHEMA" --port 0 --quiet >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
BASE=""
for _ in $(seq 1 100); do
    BASE="$(sed -n 's/^Serving .* at \(http:[^ ]*\)$/\1/p' "$WORK/server.log")"
    [[ -n "$BASE" ]] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "the sandbox did not start"; exit 1; }
    sleep 0.1
done
[[ -n "$BASE" ]] || { cat "$WORK/server.log"; echo "the sandbox did not report its address"; exit 1; }
head -1 "$WORK/server.log"

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$SERVER_PID/status"; }
hwm_kib() { awk '/^VmHWM:/ {print $2}' "/proc/$SERVER_PID/status"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'; }

# One request first, so that "start" is a server that has answered (lazy initialisation done).
curl -sf -o /dev/null -H "Authorization: Bearer bench-token" -H "X-Tenant-Id: $TENANT" "$BASE/payment-means"
curl -sf -o /dev/null -X POST "$BASE/_sandbox/reset"
RSS_START=$(rss_kib)

# Sampler: RSS every 0.5 s into samples.txt while the load runs.
(
    while kill -0 "$SERVER_PID" 2>/dev/null; do
        rss_kib >>"$WORK/samples.txt"
        sleep 0.5
    done
) &
SAMPLER_PID=$!

# The load runs in two ab runs, the first 1,000 requests and the rest, so that the RSS after exactly
# 1,000 requests can be read in between; together they are exactly $REQUESTS requests.
FIRST=1000
(( REQUESTS > FIRST )) || FIRST=$REQUESTS
run_ab() { # $1 = number of requests, $2 = output file
    timeout 300 ab -n "$1" -c "$CONCURRENCY" -k \
        -H "Authorization: Bearer bench-token" -H "X-Tenant-Id: $TENANT" \
        "$BASE/payment-means" >"$2" 2>"$2.err" || { cat "$2" "$2.err"; echo "ab failed"; exit 1; }
}
echo "== ab -n $FIRST then -n $((REQUESTS - FIRST)), -c $CONCURRENCY -k: GET $BASE/payment-means"
run_ab "$FIRST" "$WORK/ab1.out"
RSS_1000=$(rss_kib)
if (( REQUESTS > FIRST )); then run_ab "$((REQUESTS - FIRST))" "$WORK/ab2.out"; else : >"$WORK/ab2.out"; fi
sleep 0.6
RSS_END=$(rss_kib)
RSS_PEAK=$(hwm_kib)
kill "$SAMPLER_PID" 2>/dev/null || true
wait "$SAMPLER_PID" 2>/dev/null || true
SAMPLER_PID=""
COUNTS=$(curl -sf "$BASE/_sandbox/counts")

# Sums over both ab runs; requests/s is all requests over the time both runs took.
sum() { awk -v pattern="$1" -v field="$2" '$0 ~ pattern { total += $field } END { print total + 0 }' "$WORK/ab1.out" "$WORK/ab2.out"; }
COMPLETE=$(sum "^Complete requests:" 3)
FAILED=$(sum "^Failed requests:" 3)
NON2XX=$(sum "^Non-2xx responses:" 3)
KEEPALIVE=$(sum "^Keep-Alive requests:" 3)
SECONDS_TAKEN=$(awk '/^Time taken for tests:/ { total += $5 } END { printf "%.3f", total }' "$WORK/ab1.out" "$WORK/ab2.out")
RPS=$(awk -v n="$COMPLETE" -v t="$SECONDS_TAKEN" 'BEGIN { printf "%.0f", (t > 0 ? n / t : 0) }')
LAST="$WORK/ab2.out"; [[ -s "$LAST" ]] || LAST="$WORK/ab1.out"
P50=$(awk '$1 == "50%" {print $2}' "$LAST")
P99=$(awk '$1 == "99%" {print $2}' "$LAST")
SAMPLES=$(awk '{ printf "%s%.1f", (NR > 1 ? " " : ""), $1 / 1024 }' "$WORK/samples.txt")

echo
for out in "$WORK/ab1.out" "$WORK/ab2.out"; do
    [[ -s "$out" ]] || continue
    echo "-- $(basename "$out" .out):"
    grep -E "^(Concurrency Level|Time taken for tests|Complete requests|Failed requests|Non-2xx responses|Keep-Alive requests|Requests per second)" "$out" || true
done
echo
printf "%-10s %-8s %-8s %-10s %-10s %-12s %-12s %-12s %-12s %-12s\n" \
    requests failed non-2xx "req/s" "keep-alive" "RSS start" "RSS @1000" "RSS peak" "RSS end" "p50/p99 ms"
printf "%-10s %-8s %-8s %-10s %-10s %-12s %-12s %-12s %-12s %-12s\n" \
    "$COMPLETE" "$FAILED" "$NON2XX" "$RPS" "$KEEPALIVE" "$(mib "$RSS_START")" "$(mib "$RSS_1000")" \
    "$(mib "$RSS_PEAK")" "$(mib "$RSS_END")" "$P50/$P99"
echo "time for all $COMPLETE requests: $SECONDS_TAKEN s (p50/p99 of the second run)"
echo "RSS samples every 0.5 s (MiB): $SAMPLES"
echo "sandbox request counts: $COUNTS"

STATUS=0
if [[ "$COMPLETE" != "$REQUESTS" || "$FAILED" != "0" || "$NON2XX" != "0" ]]; then
    echo "FAIL: expected $REQUESTS complete requests, 0 failed, 0 non-2xx"; STATUS=1
fi
if [[ "$COUNTS" != "{\"getPaymentMeans\":$REQUESTS}" ]]; then
    echo "FAIL: the sandbox counted $COUNTS, expected $REQUESTS for getPaymentMeans"; STATUS=1
fi
kill -0 "$SERVER_PID" 2>/dev/null || { echo "FAIL: the sandbox is no longer running"; STATUS=1; }
echo "RSS growth from request $FIRST to the end: $(mib $(( RSS_END - RSS_1000 )))"
[[ $STATUS -eq 0 ]] && echo "OK: $REQUESTS requests, 0 errors, server alive"
exit $STATUS

#!/usr/bin/env bash
# Records the HAR fixtures of `schema-check traffic` with a third-party HAR writer: mitmproxy's
# `mitmdump` (its `hardump` option, mitmproxy >= 10.1),
#  - as a forward proxy (http_proxy) while each of the five demos runs its flow with the generated
#    client against its in-process sandbox (URLSession on Linux is libcurl, which honours http_proxy);
#  - as a reverse proxy in front of the `sandbox` command while curl sends WhitelabelPay calls, faults
#    and requests the sandbox rejects.
#
#   Tests/Fixtures/Traffic/record.sh            # writes *.har next to this script
#
# Needs: mitmdump (`python3 -m pip install --user mitmproxy`; this was recorded with 11.0.2), curl,
# python3, and the sandbox and demos (built here with `swift build --product ...` unless BIN_DIR is set).
#
# Writes:
#   <api>-demo.har            the demo's exchanges (whitelabelpay, finaptic, kdpay, jumio, bsa): all valid
#   whitelabelpay-valid.har   every operation called as the generated client calls it: all valid
#   whitelabelpay-faults.har  sandbox faults (a 503, a closed connection, a 418 with a code the
#                             catalogue lacks) and requests the sandbox rejects or cannot route
#                             (missing header, bad path parameter, page=0, no credentials, unknown
#                             path, wrong method)
#   whitelabelpay-edited.har  whitelabelpay-valid.har with hand edits (edit.py): each entry breaks one rule
# The recorded URLs keep the sandbox's port; the tests pass --base-url http://127.0.0.1:{port}/wlp/v1.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
mitmdump="${MITMDUMP:-$(command -v mitmdump || echo "$HOME/.local/bin/mitmdump")}"
[ -x "$mitmdump" ] || { echo "record.sh: mitmdump not found; python3 -m pip install --user mitmproxy" >&2; exit 2; }
demos=(whitelabelpay finaptic kdpay jumio bsa)
if [ -z "${BIN_DIR:-}" ]; then
    for product in sandbox "${demos[@]/%/-demo}"; do (cd "$root" && swift build --product "$product" >/dev/null); done
    BIN_DIR="$(cd "$root" && swift build --show-bin-path)"
fi
work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.1; done; echo "port $1 never opened" >&2; exit 1; }

# The demos: their sandbox listens on a port of its own choosing, so mitmdump is a forward proxy here.
for api in "${demos[@]}"; do
    proxy_port="$(free_port)"
    "$mitmdump" --quiet --listen-host 127.0.0.1 --listen-port "$proxy_port" \
        --set confdir="$work/mitmproxy" --set hardump="$work/$api-demo.har" &
    proxy_pid=$!
    pids+=("$proxy_pid")
    wait_port "$proxy_port"
    http_proxy="http://127.0.0.1:$proxy_port" HTTP_PROXY="http://127.0.0.1:$proxy_port" no_proxy= NO_PROXY= \
        "$BIN_DIR/$api-demo" "$root/Schemas/$api.yaml" >"$work/$api-demo.log" 2>&1 \
        || { echo "record.sh: $api-demo failed:" >&2; tail -5 "$work/$api-demo.log" >&2; exit 1; }
    kill -INT "$proxy_pid"; wait "$proxy_pid" || true
    cp "$work/$api-demo.har" "$here/$api-demo.har"
done

sandbox_port="$(free_port)"
"$BIN_DIR/sandbox" "$root/Schemas/whitelabelpay.yaml" --port "$sandbox_port" --quiet &
pids+=($!)
wait_port "$sandbox_port"

# One mitmdump per capture: the HAR is written when mitmdump shuts down.
start_proxy() {
    proxy_port="$(free_port)"
    "$mitmdump" --quiet --listen-host 127.0.0.1 --listen-port "$proxy_port" \
        --mode "reverse:http://127.0.0.1:$sandbox_port" --set confdir="$work/mitmproxy" --set hardump="$1" &
    proxy_pid=$!
    pids+=("$proxy_pid")
    wait_port "$proxy_port"
    base="http://127.0.0.1:$proxy_port/wlp/v1"
}
stop_proxy() { kill -INT "$proxy_pid"; wait "$proxy_pid" || true; }

tenant="X-Tenant-Id: 0f7e1b46-2297-4872-96ab-7c1d213e9f0a"
auth="Authorization: Bearer recorded-token-do-not-print"
pm="6bac7eea-c120-428d-beb6-910c6f290434"
call() { curl -s -o /dev/null --max-time 5 -H "$auth" -H "Accept: application/json" "$@" || true; }

start_proxy "$work/valid.har"
call -H "$tenant" "$base/payment-means"
call -H "$tenant" -H "X-Sandbox-Example: noneEnrolled" "$base/payment-means"
call -H "$tenant" -X POST "$base/payment-means/$pm/deactivation"
call -H "$tenant" -X POST -H "X-Sandbox-Example: notDeactivated" "$base/payment-means/$pm/deactivation"
call -H "$tenant" -X POST "$base/payment-means/$pm/reactivation"
call -H "$tenant" "$base/transactions?page=1&size=20&sort=createdAt%2Cdesc"
call -H "$tenant" "$base/transactions?page=2&size=3"
call -H "$tenant" -H "X-Sandbox-Example: emptyHistory" "$base/transactions"
call -H "$tenant" --compressed -H "Accept-Encoding: gzip" "$base/transactions?page=1"
stop_proxy

start_proxy "$work/faults.har"
call -H "$tenant" -H "X-Sandbox-Fault: status=503" "$base/payment-means"
call -H "$tenant" -H "X-Sandbox-Fault: close" "$base/transactions"
call -H "$tenant" -H "X-Sandbox-Fault: status=418" "$base/payment-means"
call "$base/payment-means"
call -H "$tenant" -X POST "$base/payment-means/not-a-uuid/deactivation"
call -H "$tenant" "$base/transactions?page=0"
curl -s -o /dev/null --max-time 5 -H "$tenant" "$base/transactions" || true
call -H "$tenant" "$base/payment-means/$pm"
call -H "$tenant" -X DELETE "$base/transactions"
stop_proxy

python3 "$here/edit.py" "$work/valid.har" "$work/edited.har"
cp "$work/valid.har" "$here/whitelabelpay-valid.har"
cp "$work/faults.har" "$here/whitelabelpay-faults.har"
cp "$work/edited.har" "$here/whitelabelpay-edited.har"
ls -l "$here"/*.har

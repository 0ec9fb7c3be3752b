#!/usr/bin/env bash
# Time and peak memory of what issue 25 (line 5) found unbounded, on the inputs it names:
#   - schema-check traffic on a HAR capture whose one request is a multipart body of 100,000 parts;
#   - schema-check traffic on a 200 MB capture of {} entries (CAPTURE_MB to change the size);
#   - the sandbox's CPU for one 3.9 MB multipart upload of 57,352 small parts (validated);
#   - the sandbox's resident memory after UPLOADS (100) uploads of 4 MB (--no-validation) and after
#     POST /_sandbox/reset.
# Inputs are written to a temporary folder and deleted on exit; servers listen on 127.0.0.1 and are
# stopped on every exit path.
#
# Usage: Benchmarks/multipart-and-record.sh     (from anywhere; builds both tools in release first)
# Environment: PACKAGE_DIR (default: this script's package), BIN_DIR (skip the build: a folder with
#              sandbox and schema-check), UPLOADS (100), CAPTURE_MB (200), PORT (18925).
set -euo pipefail

PACKAGE_DIR="${PACKAGE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
UPLOADS="${UPLOADS:-100}"
CAPTURE_MB="${CAPTURE_MB:-200}"
PORT="${PORT:-18925}"
SCHEMA="$PACKAGE_DIR/Tests/GeneratedModules/KitchenSink/kitchensink.yaml"
WORK="$(mktemp -d)"
SERVER_PID=""

cleanup() {
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

if [[ -z "${BIN_DIR:-}" ]]; then
    echo "== building sandbox and schema-check (release)"
    (cd "$PACKAGE_DIR" && swift build -c release --product sandbox >/dev/null && swift build -c release --product schema-check >/dev/null)
    BIN_DIR="$(cd "$PACKAGE_DIR" && swift build -c release --show-bin-path)"
fi
echo "load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"

python3 - "$WORK" "$CAPTURE_MB" <<'PYTHON'
import base64, json, sys
work, capture_mb = sys.argv[1], int(sys.argv[2])
B = "XyZboundary123"
def part(name, data, file=False):
    head = f'--{B}\r\nContent-Disposition: form-data; name="{name}"'
    head += f'; filename="{name}.jpg"\r\nContent-Type: image/jpeg' if file else ''
    return head.encode() + b"\r\n\r\n" + data + b"\r\n"
start = part("side", b"M") + part("image", b"x", file=True)
end = f"--{B}--\r\n".encode()
note = part("note", b"n")
many = start + note * (100_000 - 2) + end
entry = {"request": {"method": "POST", "url": "https://api.kitchensink.example/v2/documents",
                     "headers": [{"name": "Content-Type", "value": f"multipart/form-data; boundary={B}"},
                                 {"name": "Authorization", "value": "Bearer t"}],
                     "postData": {"mimeType": "multipart/form-data", "text": base64.b64encode(many).decode(), "encoding": "base64"}},
         "response": {"status": 200, "headers": [], "content": {"mimeType": "application/json",
                      "text": json.dumps({"filename": "a", "uploadUrl": "https://x.test/u"})}}}
json.dump({"log": {"entries": [entry]}}, open(f"{work}/parts.har", "w"))
with open(f"{work}/empty.har", "w") as out:
    count = capture_mb * 1_000_000 // 3
    out.write('{"log":{"entries":[' + "{}," * (count - 1) + '{}]}}')
open(f"{work}/parts.bin", "wb").write(start + note * ((3_900_000 - len(start)) // len(note)) + end)
open(f"{work}/upload.bin", "wb").write(start[:len(start) - 3] + b"\xff" * 4_000_000 + b"\r\n" + end)
PYTHON

timed() { /usr/bin/time -f "  %e s, peak RSS %M KB" "$@" >/dev/null 2>"$WORK/time" || true; tail -1 "$WORK/time"; }
echo "== schema-check traffic: one request of 100,000 multipart parts"
timed "$BIN_DIR/schema-check" traffic "$WORK/parts.har" --schema "$SCHEMA" --quiet
echo "== schema-check traffic: $CAPTURE_MB MB capture of {} entries"
timed "$BIN_DIR/schema-check" traffic "$WORK/empty.har" --schema "$SCHEMA" --quiet

BASE="http://127.0.0.1:$PORT/v2"
MULTIPART="Content-Type: multipart/form-data; boundary=XyZboundary123"
start_sandbox() {
    "$BIN_DIR/sandbox" "$SCHEMA" --port "$PORT" --quiet "$@" >"$WORK/sandbox.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 100); do curl -s -o /dev/null "$BASE/_sandbox/counts" && return; sleep 0.1; done
    echo "the sandbox did not start: $(cat "$WORK/sandbox.log")" >&2
    exit 1
}
stop_sandbox() { kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; }
cpu() { awk '{printf "%.2f s CPU", ($14 + $15) / 100}' "/proc/$SERVER_PID/stat"; }
rss() { awk '/VmRSS/ {printf "%d MB resident", $2 / 1024}' "/proc/$SERVER_PID/status"; }

echo "== sandbox: one 3.9 MB upload of 57,352 parts, validated"
start_sandbox
before="$(cpu)"
curl -s -o /dev/null -w "  HTTP %{http_code} in %{time_total} s" -H "Authorization: Bearer t" -H "$MULTIPART" \
    --data-binary "@$WORK/parts.bin" "$BASE/documents"
echo ", sandbox CPU $before -> $(cpu)"
stop_sandbox

echo "== sandbox --no-validation: $UPLOADS uploads of 4 MB, then POST /_sandbox/reset"
start_sandbox --no-validation
echo "  at start: $(rss)"
for _ in $(seq 1 "$UPLOADS"); do
    curl -s -o /dev/null -H "Authorization: Bearer t" -H "$MULTIPART" --data-binary "@$WORK/upload.bin" "$BASE/documents"
done
echo "  after the uploads: $(rss)"
curl -s -o /dev/null -X POST "$BASE/_sandbox/reset"
sleep 1
echo "  after the reset: $(rss)"
stop_sandbox

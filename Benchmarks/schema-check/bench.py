#!/usr/bin/env python3
"""Times schema-check, its parse-only mode, Python jsonschema and jsonschema-rs on one NDJSON file
and prints one table. Usage: bench.py <schema-check binary> <schema.yaml> <type> <payloads.ndjson> <schema.json>

schema-check is timed end to end as a process (start-up, reading, parsing, validating, reporting);
the Python validators are timed in-process over the file's lines (json.loads + is_valid), which
leaves out interpreter start-up and module import: that favours them slightly.
"""
import json
import os
import re
import subprocess
import sys
import time

binary, schema_yaml, type_name, payloads, schema_json = sys.argv[1:6]
size_mb = os.path.getsize(payloads) / 1e6
with open(payloads, "rb") as f:
    raw_lines = [line for line in f.read().split(b"\n") if line.strip()]
count = len(raw_lines)
rows = []


def schema_check(extra, label):
    best = None
    for _ in range(3):  # best of 3 (the first run also warms the page cache)
        start = time.perf_counter()
        done = subprocess.run([binary, "validate", schema_yaml, "--type", type_name, "--ndjson", "--quiet", *extra, payloads],
                              capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        if done.returncode not in (0, 1):
            sys.exit(f"{label} failed ({done.returncode}): {done.stderr}")
        match = re.search(r"checked (\d+) payloads?: (\d+) valid, (\d+) invalid", done.stderr)
        invalid = int(match.group(3))
        if best is None or elapsed < best[0]:
            best = (elapsed, invalid)
    rows.append((label, *best))


def python_validator(label, is_valid):
    start = time.perf_counter()
    invalid = 0
    loads = json.loads
    for line in raw_lines:
        if not is_valid(loads(line)):
            invalid += 1
    rows.append((label, time.perf_counter() - start, invalid))


schema_check([], "schema-check validate (release)")
schema_check(["--parse-only"], "schema-check --parse-only")

with open(schema_json) as f:
    schema = json.load(f)
try:
    import jsonschema
    validator = jsonschema.Draft202012Validator(schema)
    python_validator("python jsonschema " + __import__("importlib.metadata").metadata.version("jsonschema"), validator.is_valid)
except ImportError:
    print("jsonschema is not installed: pip install jsonschema", file=sys.stderr)
try:
    import jsonschema_rs
    rs = jsonschema_rs.validator_for(schema)
    python_validator("jsonschema-rs " + __import__("importlib.metadata").metadata.version("jsonschema-rs") + " (python)", rs.is_valid)
    start = time.perf_counter()
    for line in raw_lines:
        json.loads(line)
    rows.append(("python json.loads only", time.perf_counter() - start, 0))
except ImportError:
    print("jsonschema-rs is not installed: pip install jsonschema-rs", file=sys.stderr)

print(f"{count:,} payloads, {size_mb:.1f} MB ({size_mb * 1e6 / count:.0f} bytes each) from {os.path.basename(payloads)}")
print(f"{'tool':<36} {'seconds':>8} {'payloads/s':>12} {'MB/s':>8} {'invalid':>8}")
for label, seconds, invalid in rows:
    shown = "-" if label.startswith("python json.loads") or "parse-only" in label else f"{invalid:,}"
    print(f"{label:<36} {seconds:>8.3f} {count / seconds:>12,.0f} {size_mb / seconds:>8.1f} {shown:>8}")

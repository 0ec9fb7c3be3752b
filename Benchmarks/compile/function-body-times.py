#!/usr/bin/env python3
"""Sums swiftc's -debug-time-function-bodies output (read from stdin) by kind of generated function.

    swiftc -typecheck ... -Xfrontend -debug-time-function-bodies 2>&1 | Benchmarks/compile/function-body-times.py

Kinds: init(from:), encode(to:), client methods (Client and Operations files), the decoding helpers,
everything else. Prints seconds of type checking per kind (Benchmarks/README.md, issue 14 line 3).
"""
import collections
import re
import sys

totals = collections.Counter()
for line in sys.stdin:
    match = re.match(r"([\d.]+)ms\t(\S+)\t(.*)", line)
    if not match:
        continue
    milliseconds, where, what = float(match.group(1)), match.group(2), match.group(3)
    if ".init(from:)" in what:
        kind = "init(from:)"
    elif ".encode(to:)" in what:
        kind = "encode(to:)"
    elif "Operations." in where or "Client.generated" in where:
        kind = "client methods"
    elif "generatedDecode" in what:
        kind = "decoding helpers"
    else:
        kind = "other"
    totals[kind] += milliseconds
    totals["all"] += milliseconds
for kind in ["all", "init(from:)", "encode(to:)", "client methods", "decoding helpers", "other"]:
    print(f"{kind}: {totals[kind] / 1000:.3f} s")

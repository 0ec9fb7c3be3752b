#!/usr/bin/env python3
"""Rewrites a folder of generated Swift files (client-generator's output) in place so that every struct
with fields takes `==` and `hash(into:)` from FieldwiseHashable.swift (copied beside them) instead of
synthesized ones, for `Benchmarks/compile/type-cost.sh --dir ours DIR` (Benchmarks/README.md,
"Compile cost of type-heavy code").

    fieldwise-witnesses.py DIR
"""
import glob
import os
import re
import shutil
import sys

WITNESSES = (
    "    public static func == (lhs: Self, rhs: Self) -> Bool { .fieldwise(lhs, equals: rhs) }\n\n"
    "    public func hash(into hasher: inout Hasher) { hasher.combineFields(of: self) }\n\n"
)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: fieldwise-witnesses.py DIR")
    folder = sys.argv[1]
    changed = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.swift"))):
        text = open(path, encoding="utf-8").read()

        def add(match):
            nonlocal changed
            # Only structs that write their own `encode(to:)` (a struct without fields keeps the
            # synthesized conformance, as cheap as it gets).
            if "public func encode(to encoder: any Encoder)" not in match.group(2):
                return match.group(0)
            changed += 1
            return match.group(1) + WITNESSES + match.group(2)

        text = re.sub(r"^(public struct \w+: Codable, Hashable, Sendable \{\n)(.*?^\}\n)", add, text, flags=re.S | re.M)
        open(path, "w", encoding="utf-8").write(text)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "FieldwiseHashable.swift"), folder)
    print(f"{changed} structs take ==/hash(into:) from FieldwiseHashable.swift")


main()

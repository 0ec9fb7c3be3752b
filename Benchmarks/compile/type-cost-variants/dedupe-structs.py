#!/usr/bin/env python3
"""Rewrites a folder of generated Swift files in place so that a struct with the same fields, coding and
docs-free body as another becomes a typealias of the first (by name order): what an importer that
merged structurally identical inline schemas would generate. An experiment for
`Benchmarks/compile/type-cost.sh --dir ours DIR` (Benchmarks/README.md, "Compile cost of type-heavy
code"); it prints how many structs and lines it replaced.

    dedupe-structs.py DIR
"""
import collections
import glob
import os
import re
import sys

STRUCT = re.compile(r"^((?:///[^\n]*\n)*)public struct (\w+): [^\n]*\{\n(.*?)^\}\n", re.S | re.M)
MIRROR = re.compile(r"^extension (\w+): CustomReflectable \{\n.*?^\}\n", re.S | re.M)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: dedupe-structs.py DIR")
    files = {path: open(path, encoding="utf-8").read() for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.swift")))}
    shapes = collections.defaultdict(list)
    for text in files.values():
        for match in STRUCT.finditer(text):
            name, body = match.group(2), match.group(3)
            # The body with its own name and its doc comments taken out ("Creates a value of `X`").
            shapes[re.sub(r"^\s*///.*\n", "", body.replace(name, "SELF"), flags=re.M)].append(name)
    canonical = {}
    for names in shapes.values():
        names.sort()
        for name in names[1:]:
            canonical[name] = names[0]
    lines = 0
    for path, text in files.items():
        def replace(match):
            nonlocal lines
            name = match.group(2)
            if name not in canonical:
                return match.group(0)
            lines += match.group(0).count("\n")
            return f"public typealias {name} = {canonical[name]}\n"

        text = STRUCT.sub(replace, text)
        text = MIRROR.sub(lambda match: "" if match.group(1) in canonical else match.group(0), text)
        open(path, "w", encoding="utf-8").write(text)
    print(f"{len(canonical)} structs became typealiases ({lines} lines)")


main()

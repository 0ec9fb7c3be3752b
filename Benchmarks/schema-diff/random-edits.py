#!/usr/bin/env python3
"""Writes a copy of a schema with N random edits that keep it valid, for timing `client-generator diff`.

Edits (seeded, so a run can be repeated): an optional field added to a struct, an optional field made
required, a maxLength changed, a deprecation added to a field. Usage: random-edits.py IN OUT [N] [SEED]
"""
import random
import re
import sys

source, target = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 50
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 12)
lines = open(source, encoding="utf-8").read().split("\n")

def indices(pattern):
    return [i for i, line in enumerate(lines) if re.search(pattern, line)]

done = 0
added = 0
while done < count:
    kind = rng.choice(["add", "require", "maxLength", "deprecate"])
    if kind == "add":
        i = rng.choice(indices(r"^    fields:\s*$"))
        lines.insert(i + 1, f"      benchmarkExtra{added}: {{ type: string, optional: true }}")
        added += 1
    elif kind == "require":
        candidates = [i for i in indices(r"^      \w+: \{ type: [\w\"\[\]-]+, optional: true \}$") if "benchmarkExtra" not in lines[i]]
        if not candidates:
            continue
        i = rng.choice(candidates)
        lines[i] = lines[i].replace(", optional: true }", " }")
    elif kind == "maxLength":
        candidates = indices(r"maxLength: \d+")
        i = rng.choice(candidates)
        lines[i] = re.sub(r"maxLength: (\d+)", lambda m: f"maxLength: {int(m.group(1)) + rng.randint(1, 9)}", lines[i], count=1)
    else:
        candidates = indices(r"^      \w+: \{ type: [^}]*\}$")
        candidates = [i for i in candidates if "deprecated" not in lines[i]]
        i = rng.choice(candidates)
        lines[i] = lines[i][:-1].rstrip() + ", deprecated: Benchmark. }"
    done += 1

open(target, "w", encoding="utf-8").write("\n".join(lines))

#!/usr/bin/env python3
"""Adds one optional string field, `benchmarkEdit`, to one object type, in place: the "one-type edit"
of Benchmarks/compile/run.sh.

    edit-type.py schema.yaml TYPE         our schema language (text edit: the line after `fields:`)
    edit-type.py openapi.json TYPE        the same change in our OpenAPI export of that schema
    edit-type.py schema.yaml --pick       prints the first object type's name (the one to edit)

The YAML edit keeps every other byte, so only the edited type's generated code changes.
"""
import json
import re
import sys

path, type_name = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
if path.endswith(".json"):
    document = json.loads(text)
    schema = document["components"]["schemas"][type_name]
    schema.setdefault("properties", {})["benchmarkEdit"] = {"type": "string", "description": "Added by the benchmark."}
    open(path, "w", encoding="utf-8").write(json.dumps(document, indent=2))
    sys.exit(0)

lines = text.split("\n")
start = lines.index("types:")
if type_name == "--pick":
    for i in range(start + 1, len(lines) - 1):
        if re.match(r"^  [A-Za-z]\w*:\s*$", lines[i]):
            body = [line for line in lines[i + 1:i + 40] if line.startswith("    ")]
            end = next((j for j in range(i + 1, len(lines)) if not lines[j].startswith("    ") and lines[j].strip()), len(lines))
            if any(re.match(r"^    fields:\s*$", line) for line in lines[i + 1:end]):
                print(lines[i].strip().rstrip(":"))
                sys.exit(0)
    sys.exit("no object type in " + path)
header = next(i for i in range(start + 1, len(lines)) if lines[i].rstrip() == "  %s:" % type_name)
fields = next(i for i in range(header + 1, len(lines)) if re.match(r"^    fields:\s*$", lines[i]))
lines.insert(fields + 1, "      benchmarkEdit: { type: string, optional: true, docs: Added by the benchmark. }")
open(path, "w", encoding="utf-8").write("\n".join(lines))

#!/usr/bin/env python3
"""Writes a schema holding one type, every type it reaches, and one operation returning a list of it.

    trim-schema.py SCHEMA ROOT OUTPUT

The types are copied as they are; the operation (`GET /items`, a list of ROOT) exists only so the
generated module is a client like any other. Used by run.sh to build the models of one response of a
large API (GitHub's pull request) without compiling the whole API.
"""
import re
import sys

import yaml

schema_path, root, output_path = sys.argv[1:4]
schema = yaml.safe_load(open(schema_path))
types = schema["types"]
# Text that names no type: what a reference in it would be is prose.
prose = {"docs", "modelled", "example", "examples"}


def references(node):
    """The names of types mentioned anywhere in a type's definition, prose left out."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in prose:
                yield from references(value)
    elif isinstance(node, list):
        for value in node:
            yield from references(value)
    elif isinstance(node, str):
        yield from (name for name in re.findall(r"[A-Z][A-Za-z0-9]*", node) if name in types)


kept, pending = [], [root]
while pending:
    name = pending.pop()
    if name in kept:
        continue
    kept.append(name)
    pending.extend(references(types[name]))

trimmed = {
    "api": "TypeHeavy",
    "version": "1.0.0",
    "docs": f"{root} of {schema['api']} and the {len(kept) - 1} types it reaches.",
    "environments": {"local": {"url": "http://127.0.0.1:8080"}},
    "types": {name: types[name] for name in types if name in kept},
    "operations": {"listItems": {"http": "GET /items", "response": f"[{root}]"}},
}
yaml.safe_dump(trimmed, open(output_path, "w"), sort_keys=False, allow_unicode=True, width=1000)
print(f"{root}: {len(kept)} types", file=sys.stderr)

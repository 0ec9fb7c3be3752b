#!/usr/bin/env python3
"""Adds one optional string field, `benchmarkEdit`, to one object type, in place: the "one-type edit"
of Benchmarks/compile/run.sh.

    edit-type.py schema.yaml TYPE                 our schema language (text edit: the line after `fields:`)
    edit-type.py openapi.json TYPE                the same change in an OpenAPI document, JSON ...
    edit-type.py openapi.yaml TYPE                ... or YAML (text edit: the line after the type's `properties:`)
    edit-type.py schema.yaml --pick               prints the first object type's name (the one to edit)
    edit-type.py schema.yaml --pick openapi.yaml  the first object type that is also an object schema with
                                                  `properties` under the document's components.schemas (an
                                                  imported document: the same type on both sides)

The YAML edits keep every other byte, so only the edited type's generated code changes. A type that
cannot be edited exits with a one-line reason (run.sh shows it in the table).
"""
import json
import re
import sys


def load_document(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".json"):
        return json.loads(text)
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def object_schemas(document):
    schemas = ((document or {}).get("components") or {}).get("schemas") or {}
    return {name for name, schema in schemas.items() if isinstance(schema, dict) and isinstance(schema.get("properties"), dict)}


def edit_yaml_document(lines, type_name):
    """Inserts the field under components.schemas.TYPE.properties, at the indentation its siblings have."""
    def indent(line):
        return len(line) - len(line.lstrip(" "))

    def block_end(start):
        # The lines after `start` that are more indented than it (blank and comment lines included).
        level = indent(lines[start])
        end = start + 1
        while end < len(lines) and (not lines[end].strip() or lines[end].lstrip().startswith("#") or indent(lines[end]) > level):
            end += 1
        return end

    def child(start, key):
        children = [i for i in range(start + 1, block_end(start)) if lines[i].strip() and not lines[i].lstrip().startswith("#")]
        if not children:
            return None
        level = indent(lines[children[0]])
        pattern = re.compile(r"^ {%d}(%s|'%s'|\"%s\"):\s*$" % (level, re.escape(key), re.escape(key), re.escape(key)))
        return next((i for i in children if pattern.match(lines[i])), None)

    components = next((i for i, line in enumerate(lines) if re.match(r"^components:\s*$", line)), None)
    schemas = components is not None and child(components, "schemas")
    header = schemas and child(schemas, type_name)
    properties = header and child(header, "properties")
    if not properties:
        sys.exit("no block-style components.schemas.%s.properties to edit" % type_name)
    first = next(i for i in range(properties + 1, len(lines)) if lines[i].strip() and not lines[i].lstrip().startswith("#"))
    lines.insert(properties + 1, " " * indent(lines[first]) + "benchmarkEdit: { type: string, description: Added by the benchmark. }")


path, type_name = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
if path.endswith(".json"):
    document = json.loads(text)
    schema = document["components"]["schemas"][type_name]
    schema.setdefault("properties", {})["benchmarkEdit"] = {"type": "string", "description": "Added by the benchmark."}
    open(path, "w", encoding="utf-8").write(json.dumps(document, indent=2))
    sys.exit(0)

lines = text.split("\n")
if any(re.match(r"^['\"]?openapi['\"]?:", line) for line in lines):
    # An OpenAPI document in YAML, not our schema language.
    edit_yaml_document(lines, type_name)
    open(path, "w", encoding="utf-8").write("\n".join(lines))
    sys.exit(0)
start = lines.index("types:")
if type_name == "--pick":
    wanted = object_schemas(load_document(sys.argv[3])) if len(sys.argv) > 3 else None
    for i in range(start + 1, len(lines) - 1):
        if re.match(r"^  [A-Za-z]\w*:\s*$", lines[i]):
            end = next((j for j in range(i + 1, len(lines)) if not lines[j].startswith("    ") and lines[j].strip()), len(lines))
            name = lines[i].strip().rstrip(":")
            if any(re.match(r"^    fields:\s*$", line) for line in lines[i + 1:end]) and (wanted is None or name in wanted):
                print(name)
                sys.exit(0)
    sys.exit("no object type in " + path + (" that " + sys.argv[3] + " has as an object schema" if len(sys.argv) > 3 else ""))
header = next(i for i in range(start + 1, len(lines)) if lines[i].rstrip() == "  %s:" % type_name)
fields = next(i for i in range(header + 1, len(lines)) if re.match(r"^    fields:\s*$", lines[i]))
lines.insert(fields + 1, "      benchmarkEdit: { type: string, optional: true, docs: Added by the benchmark. }")
open(path, "w", encoding="utf-8").write("\n".join(lines))

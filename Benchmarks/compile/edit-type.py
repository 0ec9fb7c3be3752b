#!/usr/bin/env python3
"""Adds one optional string field, `benchmarkEdit`, to one object type, in place: the "one-type edit"
of Benchmarks/compile/run.sh.

    edit-type.py schema.yaml TYPE                 our schema language (text edit: the line after `fields:`)
    edit-type.py openapi.json TYPE|POINTER        the same change in an OpenAPI document, JSON ...
    edit-type.py openapi.yaml TYPE|POINTER        ... or YAML (text edit: the line after the schema's
                                                  `properties:`); TYPE is #/components/schemas/TYPE
    edit-type.py schema.yaml --pick               prints the first object type's name (the one to edit)
    edit-type.py schema.yaml --pick openapi.yaml  for an imported document: the first object type, and the
                                                  pointer to its schema in the document (its `modelled:`
                                                  note's for an inline schema, else the component of the
                                                  same name), whose schema has properties to add to

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


def segments(pointer):
    """A JSON Pointer's keys: `#/paths/~1pets/get` -> ["paths", "/pets", "get"]."""
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer[2:].split("/")]


def editable(document, pointer):
    """Whether the pointer reaches, through mapping keys only, an object schema with properties."""
    node = document
    for key in segments(pointer):
        if not isinstance(node, dict) or key not in node:
            return False
        node = node[key]
    return isinstance(node, dict) and isinstance(node.get("properties"), dict) and len(node["properties"]) > 0


def source_pointer(body, name, document):
    """Where an imported type comes from: the pointer its `modelled:` note names (an inline schema the
    importer named), else the component schema of the same name up to case and punctuation."""
    for line in body:
        found = re.search(r"Named by the importer: the schema at (#/\S+) is inline", line)
        if found:
            return found.group(1)
    folded = re.sub(r"[^a-z0-9]", "", name.lower())
    schemas = ((document or {}).get("components") or {}).get("schemas") or {}
    matches = [key for key in schemas if re.sub(r"[^a-z0-9]", "", str(key).lower()) == folded]
    return "#/components/schemas/" + matches[0].replace("~", "~0").replace("/", "~1") if len(matches) == 1 else None


def edit_yaml_document(lines, pointer):
    """Inserts the field under the schema's `properties:`, at the indentation its siblings have."""
    def indent(line):
        return len(line) - len(line.lstrip(" "))

    def content(i):
        return lines[i].strip() and not lines[i].lstrip().startswith("#")

    def block_end(start):
        # The lines after `start` that are more indented than it (blank and comment lines included).
        level = indent(lines[start])
        end = start + 1
        while end < len(lines) and (not content(end) or indent(lines[end]) > level):
            end += 1
        return end

    def key_pattern(level, key):
        quoted = "|".join(re.escape(form) for form in (key, "'%s'" % key.replace("'", "''"), '"%s"' % key))
        return re.compile(r"^ {%d}(%s):\s*(#.*)?$" % (level, quoted))

    def child(start, key):
        if start is None:
            pattern = key_pattern(0, key)
            return next((i for i in range(len(lines)) if pattern.match(lines[i])), None)
        children = [i for i in range(start + 1, block_end(start)) if content(i)]
        if not children:
            return None
        pattern = key_pattern(indent(lines[children[0]]), key)
        return next((i for i in children if pattern.match(lines[i])), None)

    line = None
    for key in segments(pointer) + ["properties"]:
        line = child(line, key)
        if line is None:
            sys.exit("no block-style %s/properties to edit" % pointer)
    first = next(i for i in range(line + 1, len(lines)) if content(i))
    lines.insert(line + 1, " " * indent(lines[first]) + "benchmarkEdit: { type: string, description: Added by the benchmark. }")


path, type_name = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
# In an OpenAPI document the type is a pointer to its schema, or a component schema's name.
pointer = type_name if type_name.startswith("#/") else "#/components/schemas/" + type_name
if path.endswith(".json"):
    document = json.loads(text)
    schema = document
    for key in segments(pointer):
        schema = schema[key]
    schema.setdefault("properties", {})["benchmarkEdit"] = {"type": "string", "description": "Added by the benchmark."}
    open(path, "w", encoding="utf-8").write(json.dumps(document, indent=2))
    sys.exit(0)

lines = text.split("\n")
if any(re.match(r"^['\"]?openapi['\"]?:", line) for line in lines):
    # An OpenAPI document in YAML, not our schema language.
    edit_yaml_document(lines, pointer)
    open(path, "w", encoding="utf-8").write("\n".join(lines))
    sys.exit(0)
if "types:" not in lines:
    sys.exit("no types in " + path)
start = lines.index("types:")
if type_name == "--pick":
    document = load_document(sys.argv[3]) if len(sys.argv) > 3 else None
    for i in range(start + 1, len(lines) - 1):
        if re.match(r"^  [A-Za-z]\w*:\s*$", lines[i]):
            end = next((j for j in range(i + 1, len(lines)) if not lines[j].startswith("    ") and lines[j].strip()), len(lines))
            name = lines[i].strip().rstrip(":")
            if not any(re.match(r"^    fields:\s*$", line) for line in lines[i + 1:end]):
                continue
            if document is None:
                print(name)
                sys.exit(0)
            source = source_pointer(lines[i + 1:end], name, document)
            if source and editable(document, source):
                print(name, source)
                sys.exit(0)
    sys.exit("no object type in " + path + (" whose schema in " + sys.argv[3] + " can be edited" if len(sys.argv) > 3 else ""))
header = next(i for i in range(start + 1, len(lines)) if lines[i].rstrip() == "  %s:" % type_name)
fields = next(i for i in range(header + 1, len(lines)) if re.match(r"^    fields:\s*$", lines[i]))
lines.insert(fields + 1, "      benchmarkEdit: { type: string, optional: true, docs: Added by the benchmark. }")
open(path, "w", encoding="utf-8").write("\n".join(lines))

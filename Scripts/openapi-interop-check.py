#!/usr/bin/env python3
"""Compares one OpenAPI export with the Swift code swift-openapi-generator made from it.

    openapi-interop-check.py <name> <export.json> <generated folder> <generator stderr file>

Prints one line per finding and a last line `<name>: N warnings, N dropped properties, N dropped enum
cases, N dropped operations`; exits 1 when any count is not zero. What counts (docs/Exports.md):

- a warning: any line of the generator's diagnostics that says `warning` or `error`, except a feature
  swift-openapi-generator says it does not support and `UNSUPPORTED_BY_THEM` lists with why (printed as
  `known:` and counted apart: what the export says is right, the other tool lacks the feature);
- a dropped property: a property of an object schema in `components.schemas` whose wire name is not a
  coding key (or, with no CodingKeys, a stored property of the same name) of the generated
  `Components.Schemas.<Name>` type;
- a dropped enum case: a value of an `enum` in a component schema (at its top or in an
  `anyOf`/`oneOf`/`allOf` branch) that no enum generated inside `Components.Schemas.<Name>` has as a
  raw value;
- a dropped operation: an `operationId` with no generated `Operations.<operationId>` type.

The generated code is read conservatively, line by line: type declarations and their braces (string
literals and comments removed first), `case` lines of enums and `public var` lines of structs. It
relies on the generator's layout (one declaration per line), not on its naming rules: coding keys carry
the wire names.
"""
import glob
import json
import re
import sys

DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|indirect|final)\s+)*"
                         r"(struct|enum|class|actor|protocol|extension)\s+`?([A-Za-z_][A-Za-z0-9_.]*)`?")
CASE = re.compile(r"^\s*case\s+(.*)$")

# Features of OpenAPI that swift-openapi-generator 1.14.3 reports as not supported, with why the export
# still writes them (docs/Exports.md, "Interop with swift-openapi-generator").
UNSUPPORTED_BY_THEM = {
    'Feature "Custom encoding for formEncoded content" is not supported':
        "a nested form body (style: deepObject) is written as OpenAPI specifies, per-property `encoding` with "
        "`style: deepObject`; swift-openapi-generator skips such encodings and sends its own form style",
}
STORED = re.compile(r"^\s*(?:public|package|internal)?\s*var\s+`?([A-Za-z_][A-Za-z0-9_]*)`?\s*:")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


class TypeInfo:
    def __init__(self, path, kind):
        self.path = path
        self.kind = kind
        self.coding_keys = None  # wire names, when the type has a CodingKeys enum
        self.stored = set()
        self.raw_values = set()  # of this enum's cases (strings as written, numbers as text)
        self.payload_cases = set()  # names of this enum's cases with an associated value


def unquote(literal):
    return json.loads(literal)


def parse_swift(text):
    """Every declared type by its dotted path (Components.Schemas.Name.Value1Payload)."""
    types = {}
    stack = []  # entries: TypeInfo or None (an anonymous block)
    in_block_comment = False
    for raw_line in text.split("\n"):
        line = raw_line
        if in_block_comment:
            if "*/" not in line:
                continue
            line = line.split("*/", 1)[1]
            in_block_comment = False
        if line.lstrip().startswith("//"):
            continue
        if "/*" in line and "*/" not in line:
            line = line.split("/*", 1)[0]
            in_block_comment = True
        # Cases and stored properties count only directly in a type's body, not in its methods.
        owner = stack[-1] if stack else None
        declared = None
        match = DECLARATION.match(line)
        if match and match.group(1) == "extension":
            # `extension Components {`: what follows is declared inside Components.
            declared = types.setdefault(match.group(2), TypeInfo(match.group(2), "extension"))
        elif match:
            parent = [entry.path for entry in stack if entry is not None]
            path = ".".join(parent[-1:] + [match.group(2)]) if parent else match.group(2)
            kind = match.group(1)
            declared = types.setdefault(path, TypeInfo(path, kind))
            declared.kind = kind
        elif owner is not None:
            case = CASE.match(line)
            if case and owner.kind == "enum":
                for item in split_cases(case.group(1)):
                    record_case(owner, types, item)
            stored = STORED.match(line)
            if stored and owner.kind == "struct":
                owner.stored.add(stored.group(1))
        stripped = STRING.sub('""', line).split("//", 1)[0]
        for character in stripped:
            if character == "{":
                stack.append(declared)
                declared = None
            elif character == "}" and stack:
                stack.pop()
    return types


def split_cases(text):
    """`a = "x", b` -> ['a = "x"', 'b'] (commas inside string literals kept)."""
    items, current, quoted, escaped = [], "", False, False
    for character in text:
        if quoted:
            current += character
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                quoted = False
        elif character == '"':
            quoted = True
            current += character
        elif character == ",":
            items.append(current.strip())
            current = ""
        else:
            current += character
    if current.strip():
        items.append(current.strip())
    return items


def record_case(owner, types, item):
    item = item.split("//", 1)[0].strip()
    if not item:
        return
    if "(" in item.split("=", 1)[0]:
        # A case with an associated value (a multipart body's part): not a raw value.
        owner.payload_cases.add(item.split("(", 1)[0].strip().strip("`"))
        return
    name, _, value = item.partition("=")
    name, value = name.strip().strip("`"), value.strip()
    if owner.path.endswith(".CodingKeys"):
        parent = types.get(owner.path[: -len(".CodingKeys")])
        if parent is not None:
            if parent.coding_keys is None:
                parent.coding_keys = set()
            parent.coding_keys.add(unquote(value) if value.startswith('"') else name)
        return
    if value.startswith('"'):
        owner.raw_values.add(unquote(value))
    elif value:
        owner.raw_values.add(value)
    else:
        owner.raw_values.add(name)


def enum_values(schema):
    """Every `enum` value of a component schema, at its top or in its composition branches."""
    values = []
    if not isinstance(schema, dict):
        return values
    values += schema.get("enum", [])
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(key, []):
            if isinstance(branch, dict) and "$ref" not in branch:
                values += enum_values(branch)
    return values


def value_text(value):
    if isinstance(value, str):
        return value
    if value is None:
        return None
    return json.dumps(value)


def main():
    name, export_path, generated, diagnostics_path = sys.argv[1:5]
    with open(export_path) as file:
        document = json.load(file)
    text = ""
    for path in sorted(glob.glob(f"{generated}/*.swift")):
        with open(path) as file:
            text += file.read() + "\n"
    types = parse_swift(text)
    with open(diagnostics_path) as file:
        # One diagnostic a line; the generator ends its configuration summary without a newline, so
        # the first can start mid-line.
        warnings = []
        for line in file.read().splitlines():
            match = re.search(r"\b(?:warning|error): ", line)
            if match:
                warnings.append(line[match.start():].strip())
    known = [line for line in warnings if any(feature in line for feature in UNSUPPORTED_BY_THEM)]
    warnings = [line for line in warnings if line not in known]
    for line in warnings:
        print(f"{name}: generator: {line}")
    for feature, why in UNSUPPORTED_BY_THEM.items():
        count = sum(feature in line for line in known)
        if count:
            print(f"{name}: known: {feature} ({count}x): {why}")

    dropped_properties, dropped_cases, dropped_operations = [], [], []
    for schema_name, schema in document.get("components", {}).get("schemas", {}).items():
        swift = next((info for path, info in types.items()
                      if path.startswith("Components.Schemas.") and path.count(".") == 2
                      and path.split(".")[2].lower() == re.sub(r"[^A-Za-z0-9_]", "_", schema_name).lower()), None)
        properties = schema.get("properties", {}) if isinstance(schema, dict) else {}
        for wire in properties:
            # A struct has the property as a coding key (or a stored property); a multipart body's
            # enum has one case per part.
            present = swift is not None and (
                (swift.coding_keys is not None and wire in swift.coding_keys)
                or (swift.coding_keys is None and wire in swift.stored)
                or re.sub(r"[^A-Za-z0-9_]", "_", wire) in swift.payload_cases)
            if not present:
                dropped_properties.append(f"{schema_name}.{wire}")
        values = [value_text(value) for value in enum_values(schema)]
        if values:
            raw = set()
            if swift is not None:
                for path, info in types.items():
                    if path == swift.path or path.startswith(swift.path + "."):
                        raw |= info.raw_values
            for value in values:
                if value is not None and value not in raw:
                    dropped_cases.append(f"{schema_name}: {value}")
    for path_item in document.get("paths", {}).values():
        for operation in path_item.values():
            if isinstance(operation, dict) and "operationId" in operation:
                if f"Operations.{operation['operationId']}" not in types:
                    dropped_operations.append(operation["operationId"])

    for item in dropped_properties:
        print(f"{name}: dropped property {item}")
    for item in dropped_cases:
        print(f"{name}: dropped enum case {item}")
    for item in dropped_operations:
        print(f"{name}: dropped operation {item}")
    print(f"{name}: {len(warnings)} warnings, {len(dropped_properties)} dropped properties, "
          f"{len(dropped_cases)} dropped enum cases, {len(dropped_operations)} dropped operations")
    sys.exit(1 if warnings or dropped_properties or dropped_cases or dropped_operations else 0)


if __name__ == "__main__":
    main()

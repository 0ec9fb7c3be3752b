#!/usr/bin/env python3
"""Rewrites a folder of generated Swift files (client-generator's output) in place so that structs take
`Codable` from a table instead of their own `init(from:)`/`encode(to:)`, for
`Benchmarks/compile/type-cost.sh --dir ours DIR` and the run-time benchmark (Benchmarks/README.md,
"A table-driven Codable, measured").

    table-codable.py table DIR    one `static let codingTable` per struct, walked by TableCodable.swift's
                                  generic init(from:)/encode(to:) (copied beside the files)
    table-codable.py cached DIR   the same table built by `static func codingFields()`, kept per type by
                                  the prototype (no stored static in the model)
    table-codable.py reader DIR   `init(from:)` calls the memberwise init with one reader call per field
                                  (`self.init(a: try r.next(), ...)`); encode(to:) as generated: what
                                  per-field call sites keep of the cost

A struct whose coding lines are not all of the shapes below keeps its generated code (unions, structs
with `Indirect` storage); the count is printed.
"""
import glob
import os
import re
import shutil
import sys

FIELD = r"self\.(`?\w+`?)"
DECODE = [
    (re.compile(FIELD + r' = try container\.generatedDecode\(forKey: ("[^"]*")\)$'), "field", "encode"),
    (re.compile(FIELD + r' = try container\.generatedDecodeIfPresent\(forKey: ("[^"]*")\)$'), "optional", "encodeIfPresent"),
    (re.compile(FIELD + r' = try container\.generatedDecodeIfPresent\(forKey: ("[^"]*")\) \?\? (\(.*\))$'), "defaulted", "encode"),
    (re.compile(FIELD + r' = try container\.decodeCanonicalUUIDs\(forKey: ("[^"]*")\)$'), "uuids", "encode"),
    (re.compile(FIELD + r' = try container\.decodeCanonicalUUIDsIfPresent\(forKey: ("[^"]*")\)$'), "optionalUUIDs", "encodeIfPresent"),
    (re.compile(FIELD + r' = try container\.decodeCanonicalUUIDsIfPresent\(forKey: ("[^"]*")\) \?\? (\(.*\))$'), "defaultedUUIDs", "encode"),
    (re.compile(FIELD + r' = try container\.decodeDate\(forKey: ("[^"]*"), format: (.*)\)$'), "date", "encodeDate"),
    (re.compile(FIELD + r' = try container\.decodeDateIfPresent\(forKey: ("[^"]*"), format: (.*)\)$'), "optionalDate", "encodeDateIfPresent"),
    (re.compile(FIELD + r' = try container\.decodeNullableDate\(forKey: ("[^"]*"), format: (.*)\)$'), "nullableDate", "encodeDate"),
    (re.compile(FIELD + r" = try container\.decodeAdditionalFields\(excluding: .*\)$"), "additionalFields", "encodeAdditionalFields"),
]
STRUCT = re.compile(r"^(public struct (\w+): )Codable(, Hashable, Sendable \{\n)(.*?)^\}\n", re.S | re.M)
INIT_FROM = re.compile(
    r"\n    public init\(from decoder: any Decoder\) throws \{\n        let container = try decoder\.fieldContainer\(\)\n(.*?)\n    \}\n",
    re.S,
)
ENCODE_TO = re.compile(
    r"\n    public func encode\(to encoder: any Encoder\) throws \{\n        var container = encoder\.fieldContainer\(\)\n(.*?)\n    \}\n",
    re.S,
)


def entries(decode_body, encode_body):
    """The table entries of a struct, or None when a line is of a shape the table does not cover."""
    decodes = [line.strip() for line in decode_body.splitlines()]
    encodes = [line.strip() for line in encode_body.splitlines()]
    if len(decodes) != len(encodes):
        return None
    result = []
    for decode, encode in zip(decodes, encodes):
        for pattern, kind, encoder in DECODE:
            match = pattern.match(decode)
            if match:
                break
        else:
            return None
        name = match.group(1)
        if not encode.startswith(f"try container.{encoder}(self.{name}"):
            return None
        if kind == "additionalFields":
            result.append((name, kind, f"\\.{name}"))
        elif kind in ("defaulted", "defaultedUUIDs"):
            result.append((name, kind, f"{match.group(2)}, \\.{name}, {match.group(3)}"))
        elif kind.endswith("ate"):
            result.append((name, kind, f"{match.group(2)}, \\.{name}, format: {match.group(3)}"))
        else:
            result.append((name, kind, f"{match.group(2)}, \\.{name}"))
    return result


def memberwise_labels(body):
    match = re.search(r"\n    public init\((.*?)\) \{\n", body, re.S)
    if not match:
        return None
    return [re.match(r"\s*(`?\w+`?):", part).group(1) for part in match.group(1).split(",\n") if part.strip()] if "\n" in match.group(1) else [
        re.match(r"\s*(`?\w+`?):", part).group(1) for part in match.group(1).split(", ")
    ]


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("table", "cached", "reader") or not os.path.isdir(sys.argv[2]):
        sys.exit("usage: table-codable.py table|cached|reader DIR")
    mode, folder = sys.argv[1], sys.argv[2]
    converted = kept = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.swift"))):
        text = open(path, encoding="utf-8").read()

        def rewrite(match):
            nonlocal converted, kept
            body = match.group(4)
            init_from, encode_to = INIT_FROM.search(body), ENCODE_TO.search(body)
            if not init_from or not encode_to or "Indirect<" in body:
                if init_from or encode_to:
                    kept += 1
                return match.group(0)
            table = entries(init_from.group(1), encode_to.group(1))
            if table is None:
                kept += 1
                return match.group(0)
            if mode in ("table", "cached"):
                lines = "".join(f"        .{kind}({arguments}),\n" for _, kind, arguments in table)
                if mode == "table":
                    replacement = f"\n    public static let codingTable = CodingTable<Self>([\n{lines}    ])\n"
                else:
                    replacement = f"\n    public static func codingFields() -> [FieldCoder<Self>] {{\n        [\n{lines.replace(chr(10) + '        ', chr(10) + '            ').replace('        .', '            .', 1)}        ]\n    }}\n"
                body = body.replace(init_from.group(0), replacement).replace(encode_to.group(0), "\n")
                body = re.sub(r"\n\n\n+", "\n\n", body).replace("\n\n    }\n", "\n    }\n")
                converted += 1
                protocol = "TableCodable" if mode == "table" else "CachedTableCodable"
                return match.group(1) + protocol + match.group(3) + body.rstrip("\n") + "\n}\n"
            # reader: keep the per-field decoding calls, but as arguments of the memberwise init
            labels = memberwise_labels(body)
            names = [name for name, _, _ in table]
            if labels is None or labels != names:
                kept += 1
                return match.group(0)
            arguments = []
            for line in init_from.group(1).splitlines():
                name, value = re.match(r"\s*self\.(`?\w+`?) = (.*)$", line).groups()
                arguments.append(f"            {name}: {value}")
            replacement = (
                "\n    public init(from decoder: any Decoder) throws {\n"
                "        let container = try decoder.fieldContainer()\n"
                "        self.init(\n" + ",\n".join(arguments) + "\n        )\n    }\n"
            )
            converted += 1
            return match.group(1) + "Codable" + match.group(3) + body.replace(init_from.group(0), replacement) + "}\n"

        text = STRUCT.sub(rewrite, text)
        open(path, "w", encoding="utf-8").write(text)
    if mode in ("table", "cached"):
        shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "TableCodable.swift"), folder)
    print(f"{converted} structs converted ({mode}), {kept} kept their generated coding")


main()

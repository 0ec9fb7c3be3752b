#!/usr/bin/env python3
"""Writes, from a folder of generated models, what a developer would write by hand for the same types.

    hand-written.py GENERATED_DIR OUTPUT.swift

Each generated struct becomes a struct of the same stored properties and Swift types, named with a
`HandWritten` prefix, with synthesized `Codable` (a `CodingKeys` enum when a JSON key differs from the
property's name); each string enum a `String`-backed enum of its documented values; each typealias the
same alias. As Benchmarks/Runtime's hand-written WhitelabelPay models, they skip what the generated
models add (defaults for absent keys, undocumented enum values kept instead of failing, `Hashable`): that
is the price the benchmark measures. A construct this script does not know (a union, `additionalFields`,
indirect storage) stops it with an error rather than writing something that is not the same model.
"""
import glob
import re
import sys

source_dir, output_path = sys.argv[1:3]
text = "\n".join(open(path).read() for path in sorted(glob.glob(source_dir + "/Shard.*.generated.swift")))

structs = re.findall(r"^public struct (\w+): Codable, Hashable, Sendable \{\n(.*?)^\}", text, re.S | re.M)
enums = re.findall(r"^public enum (\w+): RawRepresentable, Codable, Hashable, Sendable \{", text, re.M)
aliases = re.findall(r"^public typealias (\w+) = (.+)$", text, re.M)
if re.search(r"^public (indirect )?enum \w+: Codable", text, re.M) or "additionalFields" in text or "Indirect<" in text:
    sys.exit("hand-written.py: the models hold a union, additionalFields or indirect storage, which this script does not write")
names = [name for name, _ in structs] + enums + [name for name, _ in aliases]


def renamed(swift_type):
    """A Swift type with every generated type's name given the prefix."""
    return re.sub(r"\b(%s)\b" % "|".join(map(re.escape, names)), r"HandWritten\1", swift_type)


out = [
    "import Foundation",
    "",
    "// Written by Benchmarks/decode-type-heavy/hand-written.py from the generated models: the same stored",
    "// properties and Swift types with synthesized Codable, as a developer would write them by hand.",
]
for name, body in structs:
    fields = re.findall(r"^    public var (`?\w+`?): (.+)$", body, re.M)
    keys = dict(re.findall(r"^        self\.(`?\w+`?) = try container\.generatedDecode(?:IfPresent|Nullable)?\(forKey: \"([^\"]+)\"\)", body, re.M))
    if set(keys) != {field for field, _ in fields}:
        sys.exit(f"hand-written.py: {name}: the decoded keys {sorted(keys)} are not its fields {[f for f, _ in fields]}")
    out += ["", f"public struct HandWritten{name}: Codable, Sendable {{"]
    out += [f"    public var {field}: {renamed(swift_type)}" for field, swift_type in fields]
    if any(field.strip("`") != keys[field] for field, _ in fields):
        out += ["", "    enum CodingKeys: String, CodingKey {"]
        out += [f"        case {field} = \"{keys[field]}\"" for field, _ in fields]
        out += ["    }"]
    out += ["}"]
for name in enums:
    cases = re.search(r"static func _fromRawValue\(_ rawValue: String\) -> %s \{\n\s*switch rawValue \{\n(.*?)\n\s*default:" % name, text, re.S)
    if not cases:
        sys.exit(f"hand-written.py: {name}: no raw values found")
    out += ["", f"public enum HandWritten{name}: String, Codable, Sendable {{"]
    out += [f"    case {case} = {raw}" for raw, case in re.findall(r"case (\"[^\"]*\"): return \.(`?\w+`?)", cases.group(1))]
    out += ["}"]
for name, target in aliases:
    out += ["", f"public typealias HandWritten{name} = {renamed(target)}"]
open(output_path, "w").write("\n".join(out) + "\n")
print(f"hand-written.py: {len(structs)} structs, {len(enums)} enums, {len(aliases)} aliases", file=sys.stderr)

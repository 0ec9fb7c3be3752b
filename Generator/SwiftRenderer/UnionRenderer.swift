import SchemaModel

/// Renders a union: an enum with one case per variant and `undocumented(JSONValue)`. A tagged union picks
/// the variant by its discriminator (string or integer); an untagged one by the payload's shape (its JSON
/// kind, then the values of the variants' constant fields, then the keys present), in the order `Schema.untaggedCandidates(of:)` defines. Fields every variant shares become properties.
struct UnionRenderer {
    let schema: Schema
    let type: TypeDefinition
    let union: Union

    /// Members the enum itself declares, which a common field must not be generated over.
    private static let ownMembers: Set<String> = Set(["undocumented", "DiscriminatorKey", "init", "encode", "hash", "Type", "Protocol"]).union(
        SwiftNaming.members(of: SwiftNaming.Conformances.union))

    private var variants: [(variant: Union.Variant, swift: String)] {
        union.variants.map { ($0, SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.unionVariants)) }
    }

    private func swiftName(of variant: Union.Variant) -> String {
        SwiftNaming.memberName(variant.name, reserved: SwiftNaming.Reserved.unionVariants)
    }

    func render(into writer: inout SwiftWriter) {
        let name = SwiftNaming.typeName(type.name, api: schema.api)
        let selection: String
        if let discriminator = union.discriminator {
            selection = "The JSON key `\(Docs.inline(discriminator))` selects the variant."
        } else {
            selection =
                "Untagged: the payload's JSON kind picks the candidates, and the first that decodes wins (objects: the structs whose constant fields hold the payload's values, the one requiring the most of its keys first, then maps; strings: uuid, date and date-time before plain text; numbers: integers first; ties in declaration order); a payload no variant takes is kept as `undocumented`."
        }
        writer.docs(Docs.paragraphs(type.notes, extra: [Docs.renamed(type, api: schema.api), selection, Docs.nullable(type)]))
        // indirect: a variant may contain the union again.
        writer.block("public indirect enum \(name): \(SwiftNaming.Conformances.union.joined(separator: ", "))") { writer in
            for entry in variants {
                let tag = union.discriminator == nil ? nil : "Tag `\(Docs.inline(entry.variant.tag))`."
                writer.docs(Docs.paragraphs(entry.variant.notes, extra: [tag, Docs.constraints(entry.variant.constraints)]))
                writer.line("case \(entry.swift)(\(SwiftTypes.name(entry.variant.type, in: schema, elements: entry.variant.constraints.elements)))")
            }
            writer.line("/// A variant the schema does not document, kept verbatim.")
            writer.line("case undocumented(JSONValue)")
            if let discriminator = union.discriminator {
                writer.line()
                writer.block("private enum DiscriminatorKey: String, CodingKey") { writer in
                    writer.line("case tag = \(SwiftEscaping.stringLiteral(discriminator))")
                }
            }
            writer.line()
            writer.block("public init(from decoder: any Decoder) throws") { writer in
                if union.discriminator == nil { renderShapeDecoding(into: &writer) } else { renderTagDecoding(into: &writer) }
            }
            writer.line()
            renderEncoding(into: &writer)
            renderCommonFields(into: &writer)
        }
    }

    private func tagLiteral(_ tag: String) -> String {
        union.tagType == .integer ? tag : SwiftEscaping.stringLiteral(tag)
    }

    private func renderTagDecoding(into writer: inout SwiftWriter) {
        writer.line("let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
        // A missing tag, or one of the wrong JSON type, is an undocumented variant, kept verbatim.
        // `.init`, not the type's name: a variant may be called like a type (`String`).
        let tagType = union.tagType == .integer ? "Int" : "String"
        writer.switchBlock("(try? container.generatedDecodeIfPresent(forKey: .tag) as \(tagType)?) ?? nil") { writer in
            for entry in variants {
                writer.line("case \(tagLiteral(entry.variant.tag)): self = .\(entry.swift)(try .init(from: decoder))")
            }
            writer.line("default: self = .undocumented(try .init(from: decoder))")
        }
    }

    /// The payload's JSON kind picks the candidates (`Schema.untaggedCandidates` orders them); the first
    /// that decodes wins, and a payload no candidate takes (of any kind, even null) is `undocumented`.
    private func renderShapeDecoding(into writer: inout SwiftWriter) {
        let candidates = schema.untaggedCandidates(of: union).compactMap { variant in
            schema.variantShape(of: variant.type).map { (variant: variant, shape: $0) }
        }
        writer.line("// The payload's JSON kind picks the candidates; the first of them that decodes wins.")
        writer.switchBlock("try decoder.jsonValueKind()") { writer in
            var unused: [JSONKind] = []
            for kind in JSONKind.allCases {
                let ofKind = candidates.filter { $0.shape.kind == kind }
                guard !ofKind.isEmpty else {
                    unused.append(kind)
                    continue
                }
                writer.line("case .\(kind.rawValue):")
                writer.indented { writer in
                    if ofKind.contains(where: { !schema.requiredWireKeys(of: $0.variant).isEmpty }) {
                        writer.line("let keys = try decoder.objectKeys()")
                    }
                    // The constants are read once; a variant whose constant differs is not tried.
                    let constantKeys = Set(ofKind.flatMap { schema.constants(of: $0.variant).keys }).sorted()
                    if !constantKeys.isEmpty {
                        writer.line("let constants = try decoder.constantMembers([\(constantKeys.map(SwiftEscaping.stringLiteral).joined(separator: ", "))])")
                    }
                    for candidate in ofKind { renderCandidate(candidate.variant, into: &writer) }
                }
            }
            writer.line("case \((unused.map { ".\($0.rawValue)" } + [".null"]).joined(separator: ", ")):")
            writer.line("    break")
        }
        writer.line("self = .undocumented(try .init(from: decoder))")
    }

    /// `if` the variant's required keys are present and it decodes, the union is that variant.
    private func renderCandidate(_ variant: Union.Variant, into writer: inout SwiftWriter) {
        let required = schema.requiredWireKeys(of: variant).sorted().map(SwiftEscaping.stringLiteral)
        let keyTest = required.isEmpty ? "" : "keys.isSuperset(of: [\(required.joined(separator: ", "))]), "
        let constantTests = schema.constants(of: variant).sorted { $0.key < $1.key }.map { key, constant in
            let literal: String
            switch constant {
            case .string(let text): literal = ".string(\(SwiftEscaping.stringLiteral(text)))"
            case .integer(let number): literal = ".int(\(number))"
            }
            return "constants[\(SwiftEscaping.stringLiteral(key))] == \(literal), "
        }.joined()
        // The payload's type after `as` (where Swift looks up types only), then the case as an implicit
        // member: after a type, `.Type` and `.Protocol` (backticks or not) would name metatypes.
        let payload = SwiftTypes.name(variant.type, in: schema, elements: variant.constraints.elements)
        let decoding: String
        if schema.variantStruct(variant) != nil {
            decoding = ".init(from: decoder)"
        } else if TypeRenderer(schema: schema).holdsOnlyUUIDs(variant.type) {
            // Only canonical UUIDs, as struct fields read them.
            decoding = "decoder.singleValueContainer().decodeCanonicalUUIDs()"
        } else {
            // Through a container, so the coders' date, data and decimal strategies apply.
            decoding = "decoder.singleValueContainer().generatedDecode()"
        }
        writer.block("if \(constantTests)\(keyTest)let value = try? (\(decoding) as \(payload))") { writer in
            writer.line("self = .\(swiftName(of: variant))(value)")
            writer.line("return")
        }
    }

    private func renderEncoding(into writer: inout SwiftWriter) {
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            let arms = variants.map { entry in
                SwitchArm(
                    [".\(entry.swift)(let value)"],
                    // A value that is not a struct goes through a container, so the coders' strategies apply.
                    (schema.variantStruct(entry.variant) != nil
                        ? ["try value.encode(to: encoder)"]
                        : ["var container = encoder.singleValueContainer()", "try container.encode(value)"])
                        + (union.discriminator == nil
                            ? []
                            : [
                                "var container = encoder.container(keyedBy: DiscriminatorKey.self)",
                                "try container.encode(\(tagLiteral(entry.variant.tag)), forKey: .tag)",
                            ]))
            }
            writer.caseSwitch("self", arms + [SwitchArm([".undocumented(let value)"], ["try value.encode(to: encoder)"])])
        }
    }

    /// A property per field every variant shares. Optional, since an `undocumented` payload may lack the
    /// value: for it the property reads the raw JSON, nil when the key is missing or does not decode.
    private func renderCommonFields(into writer: inout SwiftWriter) {
        let taken = Set(variants.map { SwiftNaming.bare($0.swift) }).union(Self.ownMembers)
        for field in schema.commonFields(of: union) {
            let member = SwiftNaming.fieldName(field.name)
            guard !taken.contains(SwiftNaming.bare(member)), field.wireName != union.discriminator else { continue }
            let format = schema.effectiveDateFormat(of: field)
            writer.line()
            writer.docs(
                Docs.paragraphs(
                    field.notes,
                    extra: [
                        "Shared by every variant; for `undocumented`, read from its JSON (nil when absent or of another type)."
                    ]))
            writer.block("public var \(member): \(SwiftTypes.optional(SwiftTypes.name(field.type, in: schema, elements: field.constraints.elements)))") {
                writer in
                let key = SwiftEscaping.stringLiteral(field.wireName)
                let undocumented =
                    format.map { "return json.dateMember(\(key), format: \(DateFormatRendering.expression($0)))" } ?? "return json.member(\(key))"
                writer.caseSwitch(
                    "self",
                    variants.map { SwitchArm([".\($0.swift)(let value)"], ["return value.\(member)"]) }
                        + [SwitchArm([".undocumented(let json)"], [undocumented])])
            }
        }
    }
}

/// Spells a date format as a `DateWireFormat` expression.
enum DateFormatRendering {
    static func expression(_ format: DateFormat) -> String {
        switch format {
        case .epochSeconds: return ".epochSeconds"
        case .epochMilliseconds: return ".epochMilliseconds"
        case .pattern(let pattern): return ".pattern(\(SwiftEscaping.stringLiteral(pattern)))"
        }
    }
}

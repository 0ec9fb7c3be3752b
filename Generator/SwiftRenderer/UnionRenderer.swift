import SchemaModel

/// Renders a union: an enum with one case per variant and `undocumented(JSONValue)`. A tagged union picks
/// the variant by its discriminator (string or integer); an untagged one by the keys present, in the
/// order `Schema.untaggedCandidates(of:)` defines. Fields every variant shares become properties.
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
                "Untagged: a payload becomes the variant that requires the most of its keys and decodes (ties in declaration order); one that fits no variant is kept as `undocumented`."
        }
        writer.docs(Docs.paragraphs(type.notes, extra: [Docs.renamed(type, api: schema.api), selection]))
        // indirect: a variant may contain the union again.
        writer.block("public indirect enum \(name): \(SwiftNaming.Conformances.union.joined(separator: ", "))") { writer in
            for entry in variants {
                let tag = union.discriminator == nil ? nil : "Tag `\(Docs.inline(entry.variant.tag))`."
                writer.docs(Docs.paragraphs(entry.variant.notes, extra: [tag]))
                writer.line("case \(entry.swift)(\(SwiftNaming.typeName(entry.variant.type, api: schema.api)))")
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

    private func renderShapeDecoding(into writer: inout SwiftWriter) {
        writer.line("// The variant requiring the most of the payload's keys that decodes wins.")
        writer.line("let keys = try decoder.objectKeys()")
        for (index, variant) in schema.untaggedCandidates(of: union).enumerated() {
            let required = schema.requiredWireKeys(of: variant).sorted().map(SwiftEscaping.stringLiteral)
            let keyTest = required.isEmpty ? "" : "keys.isSuperset(of: [\(required.joined(separator: ", "))]), "
            let keyword = index == 0 ? "if" : "} else if"
            // The payload's type after `as` (where Swift looks up types only), then the case as an implicit
            // member: after a type, `.Type` and `.Protocol` (backticks or not) would name metatypes.
            let payload = SwiftNaming.typeName(variant.type, api: schema.api)
            writer.line("\(keyword) \(keyTest)let value = try? (.init(from: decoder) as \(payload)) {")
            writer.line("    self = .\(swiftName(of: variant))(value)")
        }
        writer.line("} else {")
        writer.line("    self = .undocumented(try .init(from: decoder))")
        writer.line("}")
    }

    private func renderEncoding(into writer: inout SwiftWriter) {
        writer.block("public func encode(to encoder: any Encoder) throws") { writer in
            let arms = variants.map { entry in
                SwitchArm(
                    [".\(entry.swift)(let value)"],
                    ["try value.encode(to: encoder)"]
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
            writer.block("public var \(member): \(SwiftTypes.optional(SwiftTypes.name(field.type, in: schema)))") { writer in
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

import SchemaModel

/// Renders the schema's named types: structs, enums, unions and aliases.
struct TypeRenderer {
    let schema: Schema
    /// The fields each struct stores out of line, because they close a cycle (`Schema.indirectFields`).
    let indirectFields: [String: Set<String>]

    init(schema: Schema) {
        self.schema = schema
        indirectFields = schema.indirectFields
    }

    /// Renders `types` (one shard of the schema's types) with their conformances and helpers.
    func render(_ types: [TypeDefinition], into writer: inout SwiftWriter) {
        for (index, type) in types.enumerated() {
            if index > 0 { writer.line() }
            switch type.kind {
            case .structure(let fields):
                renderStruct(type, fields: fields, into: &writer)
                renderRedactingMirror(type, fields: fields, into: &writer)
            case .enumeration(let enumeration): EnumRenderer(schema: schema, type: type, enumeration: enumeration).render(into: &writer)
            case .union(let union): UnionRenderer(schema: schema, type: type, union: union).render(into: &writer)
            case .alias(let target, let constraints):
                writer.docs(
                    Docs.paragraphs(type.notes, extra: [Docs.renamed(type, api: schema.api), Docs.constraints(constraints), Docs.nullable(type)]))
                writer.line(
                    "public typealias \(SwiftNaming.typeName(type.name, api: schema.api)) = \(SwiftTypes.name(target, in: schema, elements: constraints.elements))"
                )
            }
        }
    }

    /// The types a keyed container has methods of its own for, which JSONDecoder runs faster.
    private static let containerPrimitives = ["String", "Bool", "Int", "Int32", "Int64", "Double"]

    /// Decoding helpers whose result type comes from the context, so generated initializers never
    /// name a type in an expression, where a member of the same name (a field `String`, a case
    /// `Decimal`, even `Swift`) would be found instead. Internal (one copy for every shard of types).
    ///
    /// Strings, numbers and booleans get overloads of their own (preferred over the generic one for
    /// their type) that call the container's own method for the type: the generic `decode(_:forKey:)`
    /// takes JSONDecoder's slower path through `String.init(from:)` (~1k instructions per value).
    ///
    /// A field that is required but nullable has helpers of its own, `generatedDecodeNullable`: the key
    /// must be there, as `decode(Value?.self, forKey:)` asks, and the value is read by `decodeIfPresent`,
    /// which tests for null itself instead of going through `Optional`'s generic `init(from:)` (and, for
    /// strings, numbers and booleans, the slower path above).
    func renderDecodingHelpers(into writer: inout SwiftWriter) {
        writer.block("extension KeyedDecodingContainer") { writer in
            writer.block("func generatedDecode<Value: Decodable>(forKey key: Key) throws -> Value") { writer in
                writer.line("try decode(Value.self, forKey: key)")
            }
            writer.line()
            writer.block("func generatedDecodeIfPresent<Value: Decodable>(forKey key: Key) throws -> Value?") { writer in
                writer.line("try decodeIfPresent(Value.self, forKey: key)")
            }
            writer.line()
            writer.line("// Required but nullable: a missing key fails as `decode(Value?.self, forKey:)` fails; null is nil.")
            for type in ["Value"] + Self.containerPrimitives {
                let signature = type == "Value" ? "<Value: Decodable>(forKey key: Key)" : "(forKey key: Key)"
                writer.block("func generatedDecodeNullable\(signature) throws -> \(type)?") { writer in
                    writer.line("guard contains(key) else { return try decode(\(type)?.self, forKey: key) }")
                    writer.line("return try decodeIfPresent(\(type).self, forKey: key)")
                }
                writer.line()
            }
            writer.line("// Strings, numbers and booleans through the container's own methods for them, which JSONDecoder")
            writer.line("// runs faster than the generic one (Swift prefers these overloads where the type matches).")
            for (index, type) in Self.containerPrimitives.enumerated() {
                if index > 0 { writer.line() }
                writer.line("func generatedDecode(forKey key: Key) throws -> \(type) { try decode(\(type).self, forKey: key) }")
                writer.line("func generatedDecodeIfPresent(forKey key: Key) throws -> \(type)? { try decodeIfPresent(\(type).self, forKey: key) }")
            }
        }
        writer.line()
        writer.block("extension SingleValueDecodingContainer") { writer in
            writer.block("func generatedDecode<Value: Decodable>() throws -> Value") { writer in
                writer.line("try decode(Value.self)")
            }
            writer.line()
            writer.line("// Raw values through the container's own methods for them, as above.")
            for type in ["String", "Int", "Int32", "Int64"] {
                writer.line("func generatedDecode() throws -> \(type) { try decode(\(type).self) }")
            }
        }
    }

    // MARK: Structs

    private func renderStruct(_ type: TypeDefinition, fields: [Field], into writer: inout SwiftWriter) {
        let name = SwiftNaming.typeName(type.name, api: schema.api)
        let members = fields.map { (field: $0, swift: SwiftNaming.fieldName($0.name)) }
        let storage = indirectStorageNames(of: type, members: members.map(\.swift))
        // Every struct with fields decodes and encodes them itself, keyed by wire name through
        // ClientRuntime's one `FieldKey` (FieldKey.swift says why not a `CodingKeys` enum per struct).
        // `additionalFields: T`: the members beyond the fields, decoded from every other key.
        let additional = type.additionalFields.map {
            (type: "[String: \(SwiftTypes.name($0.type, in: schema))]", property: SwiftNaming.additionalFieldsProperty)
        }
        let fieldKeys = "[" + fields.map { SwiftEscaping.stringLiteral($0.wireName) }.joined(separator: ", ") + "]"
        writer.docs(Docs.paragraphs(type.notes, extra: [Docs.renamed(type, api: schema.api), Docs.includes(type, api: schema.api)]))
        writer.block("public struct \(name): \(SwiftNaming.Conformances.structure.joined(separator: ", "))") { writer in
            for member in members {
                writer.docs(
                    Docs.paragraphs(
                        member.field.notes, extra: [Docs.wire(member.field), Docs.constraints(member.field.constraints), Docs.secret(member.field)]))
                if let box = storage[member.field.name] {
                    writer.block("public var \(member.swift): \(SwiftTypes.name(of: member.field, in: schema))") { writer in
                        writer.line("get { \(box).value }")
                        writer.line("set { \(box).value = newValue }")
                    }
                } else {
                    writer.line("public var \(member.swift): \(SwiftTypes.name(of: member.field, in: schema))")
                }
            }
            if let additional {
                writer.docs(["The members of the JSON object beyond the fields above, by key."])
                writer.line("public var \(additional.property): \(additional.type)")
            }
            let boxed = members.filter { storage[$0.field.name] != nil }
            if !boxed.isEmpty {
                writer.line()
                writer.line("// `\(Docs.inline(name))` contains itself through these fields, and a struct cannot hold itself inline:")
                writer.line("// they are stored out of line (the properties above read and write them).")
                for member in boxed {
                    writer.line("private var \(storage[member.field.name]!): Indirect<\(SwiftTypes.name(of: member.field, in: schema))>")
                }
            }
            /// Where the initializers put a field's value: its property, or its storage as a new box.
            func assignment(_ member: (field: Field, swift: String), _ value: String) -> String {
                if let box = storage[member.field.name] { return "self.\(box) = .init(\(value))" }
                return "self.\(member.swift) = \(value)"
            }
            if !members.isEmpty || additional != nil { writer.line() }
            let parameters =
                members.map { "\($0.swift): \(SwiftTypes.name(of: $0.field, in: schema))\(defaultArgument($0.field))" }
                + (additional.map { ["\($0.property): \($0.type) = [:]"] } ?? [])
            writer.docs(
                ["Creates a value of `\(name)` from its fields."]
                    + (members.isEmpty
                        ? []
                        : [
                            "- Parameters:\n"
                                + members.map {
                                    Docs.parameter(SwiftNaming.bare($0.swift), $0.field.notes.docs ?? "The `\(Docs.inline($0.field.wireName))` field.")
                                }.joined(separator: "\n")
                                + (additional.map { "\n" + Docs.parameter($0.property, "The members beyond the fields, by key.") } ?? "")
                        ]))
            writer.block("public init(\(parameters.joined(separator: ", ")))") { writer in
                for member in members {
                    writer.line(assignment(member, member.swift))
                }
                if let additional { writer.line("self.\(additional.property) = \(additional.property)") }
            }
            if !members.isEmpty || additional != nil {
                writer.line()
                // Types appear only where Swift looks up types alone (annotations, `as`): in an
                // expression, a field named like a type (`String`, `Decimal`) would be found instead.
                writer.block("public init(from decoder: any Decoder) throws") { writer in
                    writer.line("let container = try decoder.fieldContainer()")
                    for member in members {
                        let type = SwiftTypes.name(member.field.type, in: schema, elements: member.field.constraints.elements)
                        let key = keyArgument(member.field)
                        // UUIDs are read once, as text, and only in canonical form (ClientRuntime's
                        // CanonicalUUIDDecoding.swift says why `UUID`'s own decoding is not enough).
                        let uuids = holdsOnlyUUIDs(member.field.type)
                        let (decode, decodeIfPresent) =
                            uuids ? ("decodeCanonicalUUIDs", "decodeCanonicalUUIDsIfPresent") : ("generatedDecode", "generatedDecodeIfPresent")
                        let value: String
                        if let format = schema.effectiveDateFormat(of: member.field) {
                            let method = member.field.isOptional ? "decodeDateIfPresent" : member.field.isNullable ? "decodeNullableDate" : "decodeDate"
                            value = "container.\(method)(\(key), format: \(DateFormatRendering.expression(format)))"
                        } else if let defaultValue = member.field.defaultValue {
                            value =
                                "container.\(decodeIfPresent)(\(key)) ?? (\(SwiftTypes.literal(defaultValue, type: member.field.type, in: schema)) as \(type))"
                        } else if member.field.isOptional {
                            value = "container.\(decodeIfPresent)(\(key))"
                        } else if member.field.isSwiftOptional && !uuids {
                            // Required but nullable: the key must be there, null decodes as nil.
                            value = "container.generatedDecodeNullable(\(key))"
                        } else {
                            // Required: the key must be there.
                            value = "container.\(decode)(\(key))"
                        }
                        writer.line(assignment(member, "try " + value))
                    }
                    if let additional {
                        writer.line("self.\(additional.property) = try container.decodeAdditionalFields(excluding: \(fieldKeys))")
                    }
                }
                writer.line()
                writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                    writer.line("var container = encoder.fieldContainer()")
                    for member in members {
                        let key = keyArgument(member.field)
                        let method = member.field.isOptional && member.field.defaultValue == nil ? "encodeIfPresent" : "encode"
                        // `self.`: a field may be called `container` or `encoder`.
                        if let format = schema.effectiveDateFormat(of: member.field) {
                            let dateMethod = method == "encode" ? "encodeDate" : "encodeDateIfPresent"
                            writer.line(
                                "try container.\(dateMethod)(self.\(member.swift), \(key), format: \(DateFormatRendering.expression(format)))"
                            )
                        } else {
                            writer.line("try container.\(method)(self.\(member.swift), \(key))")
                        }
                    }
                    if let additional {
                        writer.line("try container.encodeAdditionalFields(self.\(additional.property), excluding: \(fieldKeys))")
                    }
                }
            }
        }
    }

    /// The private stored property of each field of `type` stored out of line, by schema field name:
    /// `_` and the field's Swift name, with more `_` where a member of the struct already has that name.
    private func indirectStorageNames(of type: TypeDefinition, members: [String]) -> [String: String] {
        guard let indirect = indirectFields[type.name] else { return [:] }
        var taken = Set(members.map(SwiftNaming.bare))
        var names: [String: String] = [:]
        for (field, member) in zip(type.fields, members) where indirect.contains(field.name) {
            var candidate = "_" + SwiftNaming.bare(member)
            while taken.contains(candidate) { candidate += "_" }
            taken.insert(candidate)
            names[field.name] = candidate
        }
        return names
    }

    /// Whether `type` is `uuid` or lists and maps of it (through aliases): every string in its JSON is a
    /// UUID, so decoding can check them all in canonical form.
    func holdsOnlyUUIDs(_ type: TypeReference) -> Bool {
        var visited = Set<String>()
        var current = type
        while true {
            switch current {
            case .primitive(let primitive): return primitive == .uuid
            case .array(let element): current = element
            case .map(_, let value): current = value
            case .named(let name):
                guard visited.insert(name).inserted, case .alias(let target, _)? = schema.type(named: name)?.kind else { return false }
                current = target
            }
        }
    }

    /// Structs with secret fields reflect them as `<redacted>`, so `print`, `dump` and string
    /// interpolation of a model (or of an error holding one) never show the value.
    private func renderRedactingMirror(_ type: TypeDefinition, fields: [Field], into writer: inout SwiftWriter) {
        guard fields.contains(where: \.isSecret) else { return }
        let children =
            fields.map { field in
                let member = SwiftNaming.fieldName(field.name)
                // A literal rather than `Redaction.placeholder`: a field may be called `Redaction`.
                let value = field.isSecret ? SwiftEscaping.stringLiteral("<redacted>") : "self.\(member)"
                return "\(SwiftEscaping.stringLiteral(SwiftNaming.bare(member))): \(value) as Any"
            } + (type.additionalFields == nil ? [] : ["\"\(SwiftNaming.additionalFieldsProperty)\": self.\(SwiftNaming.additionalFieldsProperty) as Any"])
        writer.line()
        writer.block("extension \(SwiftNaming.typeName(type.name, api: schema.api)): \(SwiftNaming.Conformances.redactingMirror)") { writer in
            writer.line(
                "/// The fields, with "
                    + fields.filter(\.isSecret).map { "`\(Docs.inline(SwiftNaming.bare(SwiftNaming.fieldName($0.name))))`" }.joined(separator: ", ")
                    + " hidden.")
            writer.block("public var customMirror: Mirror") { writer in
                writer.line(".init(self, children: [\(children.joined(separator: ", "))], displayStyle: .struct)")
            }
        }
    }

    /// The field's key, a `FieldKey` literal: its wire name.
    private func keyArgument(_ field: Field) -> String {
        "forKey: \(SwiftEscaping.stringLiteral(field.wireName))"
    }

    private func defaultArgument(_ field: Field) -> String {
        if let value = field.defaultValue { return " = " + SwiftTypes.literal(value, type: field.type, in: schema) }
        return field.isSwiftOptional ? " = nil" : ""
    }
}

/// Renders one enum with its `undocumented` fallback and raw value mapping.
struct EnumRenderer {
    let schema: Schema
    let type: TypeDefinition
    let enumeration: Enumeration

    func render(into writer: inout SwiftWriter) {
        let name = SwiftNaming.typeName(type.name, api: schema.api)
        let rawType = SwiftTypes.name(enumeration.rawType)
        let isString = enumeration.rawType == .string
        let cases = enumeration.cases.map { (enumCase: $0, swift: SwiftNaming.memberName($0.name, reserved: SwiftNaming.Reserved.enumCases)) }
        func literal(_ value: String) -> String { isString ? SwiftEscaping.stringLiteral(value) : value }
        let table = CaseTable(
            typeName: name, isShielded: enumeration.cases.contains { $0.notes.isDeprecated },
            members: [
                CaseTable.Member(name: "fromRawValue", parameters: "_ rawValue: \(rawType)", arguments: "rawValue", returnType: "{Self}") { writer in
                    writer.switchBlock("rawValue") { writer in
                        for entry in cases { writer.line("case \(literal(entry.enumCase.value)): return .\(entry.swift)") }
                        writer.line("default: return .undocumented(rawValue)")
                    }
                },
                CaseTable.Member(name: "rawValue", parameters: "_ value: {Self}", arguments: "value", returnType: rawType) { writer in
                    writer.switchBlock("value") { writer in
                        for entry in cases { writer.line("case .\(entry.swift): return \(literal(entry.enumCase.value))") }
                        writer.line("case .undocumented(let rawValue): return rawValue")
                    }
                },
                CaseTable.Member(name: "knownCases", parameters: "", arguments: "", returnType: "[{Self}]") { writer in
                    writer.line("[" + cases.map { "." + $0.swift }.joined(separator: ", ") + "]")
                },
            ])

        writer.docs(Docs.paragraphs(type.notes, extra: [Docs.renamed(type, api: schema.api)]))
        writer.block("public enum \(name): \(SwiftNaming.Conformances.enumeration.joined(separator: ", "))") { writer in
            for entry in cases {
                writer.docs(Docs.paragraphs(entry.enumCase.notes, extra: ["Wire value `\(Docs.inline(entry.enumCase.value))`."]))
                if let message = entry.enumCase.notes.deprecated {
                    writer.line(Docs.availability(message))
                }
                writer.line("case \(entry.swift)")
            }
            writer.line("/// A value the schema does not document, kept verbatim and encoded back unchanged.")
            writer.line("case undocumented(\(rawType))")
            writer.line()
            writer.line("/// The cases the schema documents.")
            writer.line("public static var knownCases: [\(name)] { \(table.call("knownCases", "")) }")
            writer.line()
            writer.block("public init(rawValue: \(rawType))") { writer in
                writer.line("self = \(table.call("fromRawValue", "rawValue"))")
            }
            writer.line()
            writer.line("public var rawValue: \(rawType) { \(table.call("rawValue", "self")) }")
            writer.line()
            writer.block("public init(from decoder: any Decoder) throws") { writer in
                writer.line("self.init(rawValue: try decoder.singleValueContainer().generatedDecode() as \(rawType))")
            }
            writer.line()
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                writer.line("var container = encoder.singleValueContainer()")
                writer.line("try container.encode(rawValue)")
            }
        }
        writer.line()
        writer.line("extension \(name): \(SwiftNaming.Conformances.parameter) {}")
        writer.line()
        table.render(into: &writer)
    }
}

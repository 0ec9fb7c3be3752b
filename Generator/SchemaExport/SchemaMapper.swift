import Foundation
import SchemaModel

/// Options shared by the exports.
public struct ExportOptions: Sendable {
    /// Unknown enum values and union tags are invalid (as `schema-check --strict-enums` says); by
    /// default they are accepted, as the generated code keeps them as `.undocumented`.
    public var strictEnums: Bool

    public init(strictEnums: Bool = false) {
        self.strictEnums = strictEnums
    }
}

public enum ExportError: Error, CustomStringConvertible {
    case unknownType(String)

    public var description: String {
        switch self {
        case .unknownType(let name): return "unknown type '\(name)': expected a type name of the schema, or [Name]"
        }
    }
}

/// Maps the schema's types to JSON Schema 2020-12 with the semantics of `PayloadValidator` (see
/// docs/Exports.md for each rule). Shared by the JSON Schema and OpenAPI exports, which differ only in
/// where definitions live (`refPrefix`).
struct SchemaMapper {
    let schema: Schema
    let options: ExportOptions
    /// `#/$defs/` or `#/components/schemas/`.
    let refPrefix: String
    private let typesByName: [String: TypeDefinition]

    init(schema: Schema, options: ExportOptions, refPrefix: String) {
        self.schema = schema
        self.options = options
        self.refPrefix = refPrefix
        var byName: [String: TypeDefinition] = [:]
        for type in schema.types where byName[type.name] == nil { byName[type.name] = type }
        typesByName = byName
    }

    /// Every named type, in schema order.
    func definitions() -> OrderedJSON {
        var seen = Set<String>()
        var members: [(String, OrderedJSON)] = []
        for type in schema.types where seen.insert(type.name).inserted {
            members.append((type.name, definition(type)))
        }
        return .object(members)
    }

    /// A type expression given on the command line: `Name`, `[Name]`, `[[Name]]`, or a primitive.
    func reference(parsing text: String) throws -> OrderedJSON {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            let inner = String(trimmed.dropFirst().dropLast())
            return .object([("type", .string("array")), ("items", try reference(parsing: inner))])
        }
        if typesByName[trimmed] != nil { return type(.named(trimmed)) }
        if let primitive = Primitive(rawValue: trimmed) { return type(.primitive(primitive)) }
        throw ExportError.unknownType(text)
    }

    // MARK: Definitions

    func definition(_ type: TypeDefinition) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("title", type.name)
        annotate(&builder, type.notes)
        switch type.kind {
        case .structure(let fields):
            builder.set("type", .string("object"))
            var properties: [(String, OrderedJSON)] = []
            var required: [OrderedJSON] = []
            var seen = Set<String>()
            // The validator uses the first field with a wire name.
            for field in fields where seen.insert(field.wireName).inserted {
                properties.append((field.wireName, fieldSchema(field)))
                if field.isRequiredOnWire { required.append(.string(field.wireName)) }
            }
            builder.set("properties", .object(properties))
            if !required.isEmpty { builder.set("required", .array(required)) }
        case .enumeration(let enumeration):
            merge(&builder, enumSchema(enumeration))
        case .union(let union):
            merge(&builder, unionSchema(union))
        case .alias(let target, let constraints):
            let base = (constraints.dateFormat ?? schema.dateFormat(of: target)).map(dateSchema) ?? self.type(target)
            merge(&builder, constrained(base, constraints, shape: target))
        }
        if !type.examples.isEmpty {
            builder.set("examples", .array(type.examples.map { OrderedJSON($0.value) }))
        }
        return builder.value
    }

    private func enumSchema(_ enumeration: Enumeration) -> OrderedJSON {
        let values: [OrderedJSON] = enumeration.cases.map { enumeration.rawType == .string ? .string($0.value) : .number($0.value) }
        let raw = rawTypeSchema(enumeration.rawType)
        var builder = ObjectBuilder()
        if options.strictEnums {
            merge(&builder, raw)
            builder.set("enum", .array(values))
        } else {
            // Documents the known values and accepts any other value of the raw type: the generated
            // enum keeps it as `.undocumented` and the validator only warns.
            builder.set("anyOf", .array([.object([("enum", .array(values))]), raw]))
        }
        builder.set("x-enum-varnames", .array(enumeration.cases.map { .string($0.name) }))
        let deprecated = enumeration.cases.filter(\.notes.isDeprecated)
        if !deprecated.isEmpty {
            builder.set("x-deprecated-enum-values", .array(deprecated.map {
                enumeration.rawType == .string ? .string($0.value) : .number($0.value)
            }))
        }
        return builder.value
    }

    private func rawTypeSchema(_ rawType: Enumeration.RawType) -> OrderedJSON {
        switch rawType {
        case .string: return primitive(.string)
        case .int: return primitive(.int)
        case .int32: return primitive(.int32)
        case .int64: return primitive(.int64)
        }
    }

    private func unionSchema(_ union: Union) -> OrderedJSON {
        guard let discriminator = union.discriminator else { return untaggedUnionSchema(union) }
        var builder = ObjectBuilder()
        builder.set("type", .string("object"))
        var seen = Set<String>()
        var branches: [OrderedJSON] = []
        func tagValue(_ tag: String) -> OrderedJSON { union.tagType == .integer ? .number(tag) : .string(tag) }
        for variant in union.variants where seen.insert(variant.tag).inserted {
            let condition: OrderedJSON = .object([
                ("properties", .object([(discriminator, .object([("const", tagValue(variant.tag))]))])),
                ("required", .array([.string(discriminator)])),
            ])
            branches.append(.object([("if", condition), ("then", .object([("$ref", .string(refPrefix + variant.type))]))]))
        }
        if options.strictEnums {
            // A missing, mistyped or unknown tag is an error.
            builder.set("properties", .object([(discriminator, .object([
                ("type", .string(union.tagType == .integer ? "integer" : "string")), ("enum", .array(union.variants.map { tagValue($0.tag) })),
            ]))]))
            builder.set("required", .array([.string(discriminator)]))
        }
        builder.set("allOf", .array(branches))
        builder.set("x-discriminator", .object([
            ("propertyName", .string(discriminator)),
            ("mapping", .object(union.variants.map { ($0.tag, .string(refPrefix + $0.type)) })),
        ]))
        return builder.value
    }

    /// An untagged union is valid as any variant (the validator takes the first that fits, so which
    /// one does not change validity): `anyOf` the variants. By default an object that fits none is
    /// accepted too, as the generated enum keeps it as `.undocumented`; the variants stay listed, in the
    /// order the decoder tries them, under `x-untagged-variants`.
    private func untaggedUnionSchema(_ union: Union) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("type", .string("object"))
        let references: [OrderedJSON] = schema.untaggedCandidates(of: union).map { .object([("$ref", .string(refPrefix + $0.type))]) }
        if options.strictEnums {
            builder.set("anyOf", .array(references))
        } else {
            builder.set("x-untagged-variants", .array(references))
        }
        return builder.value
    }

    // MARK: Fields and type expressions

    /// A struct field: its type with constraints, `null` where the decoder takes it, and annotations.
    func fieldSchema(_ field: Field) -> OrderedJSON {
        var body = constrained(schema.effectiveDateFormat(of: field).map(dateSchema) ?? type(field.type), field.constraints, shape: field.type)
        let acceptsNull = field.isOptional || field.isNullable || field.defaultValue != nil
        if acceptsNull && !acceptsAnything(field.type) {
            body = .object([("anyOf", .array([body, .object([("type", .string("null"))])]))])
        }
        return annotatedField(body, field)
    }

    /// An operation parameter's schema (no `null` on the wire: a parameter is present or absent).
    func parameterSchema(_ field: Field) -> OrderedJSON {
        var builder = ObjectBuilder()
        merge(&builder, constrained(type(field.type), field.constraints, shape: field.type))
        if let value = field.defaultValue { builder.set("default", OrderedJSON(value)) }
        if field.isSecret { builder.set("x-secret", .bool(true)) }
        return builder.value
    }

    private func annotatedField(_ body: OrderedJSON, _ field: Field) -> OrderedJSON {
        var builder = ObjectBuilder()
        annotate(&builder, field.notes)
        merge(&builder, body)
        if let value = field.defaultValue { builder.set("default", OrderedJSON(value)) }
        if let example = field.example { builder.set("examples", .array([OrderedJSON(example)])) }
        if field.isSecret { builder.set("x-secret", .bool(true)) }
        return builder.value
    }

    func type(_ reference: TypeReference) -> OrderedJSON {
        switch reference {
        case .primitive(let primitive): return self.primitive(primitive)
        case .named(let name): return .object([("$ref", .string(refPrefix + name))])
        case .array(let element): return .object([("type", .string("array")), ("items", type(element))])
        case .map(.string, let value):
            return .object([("type", .string("object")), ("additionalProperties", type(value))])
        case .map(.int, let value):
            return .object([
                ("type", .string("object")),
                ("propertyNames", .object([("pattern", .string(WirePatterns.integerKey))])),
                ("additionalProperties", type(value)),
            ])
        }
    }

    func primitive(_ primitive: Primitive) -> OrderedJSON {
        func string(format: String? = nil, pattern: String? = nil, extra: [(String, OrderedJSON)] = []) -> OrderedJSON {
            var members: [(String, OrderedJSON)] = [("type", .string("string"))]
            if let format { members.append(("format", .string(format))) }
            members += extra
            if let pattern { members.append(("pattern", .string(pattern))) }
            return .object(members)
        }
        func integer(_ format: String, _ minimum: String, _ maximum: String) -> OrderedJSON {
            .object([("type", .string("integer")), ("format", .string(format)),
                     ("minimum", .number(minimum)), ("maximum", .number(maximum))])
        }
        switch primitive {
        case .string: return string()
        case .bool: return .object([("type", .string("boolean"))])
        case .int, .int64: return integer("int64", String(Int64.min), String(Int64.max))
        case .int32: return integer("int32", String(Int32.min), String(Int32.max))
        case .double: return .object([("type", .string("number")), ("format", .string("double"))])
        case .decimal: return .object([("type", .string("number")), ("format", .string("decimal"))])
        case .uuid: return string(format: "uuid", pattern: WirePatterns.uuid)
        case .date: return string(format: "date", pattern: WirePatterns.date)
        case .dateTime: return string(format: "date-time", pattern: WirePatterns.dateTime)
        case .email: return string(format: "email", pattern: WirePatterns.email)
        // `URL(string:)` rejects little (the empty string, some malformed hosts): not expressible as a
        // pattern; `format: uri` documents the intent.
        case .uri: return string(format: "uri", extra: [("minLength", .number("1"))])
        case .base64, .binary:
            return string(pattern: WirePatterns.base64, extra: [("contentEncoding", .string("base64"))])
        case .json: return .object([])
        }
    }

    /// A `date-time` with a `format:`: an integer for epoch formats, otherwise a string whose pattern
    /// checks each part's range (not the calendar: a 31st of February passes here and fails
    /// schema-check). `x-date-format` names the format.
    func dateSchema(_ format: DateFormat) -> OrderedJSON {
        if format.isNumeric {
            return .object([("type", .string("integer")), ("format", .string("int64")),
                            ("minimum", .number(String(Int64.min))), ("maximum", .number(String(Int64.max))),
                            ("x-date-format", .string(format.description))])
        }
        var members: [(String, OrderedJSON)] = [("type", .string("string"))]
        if let pattern = format.wireFormat.regularExpression { members.append(("pattern", .string(pattern))) }
        members.append(("x-date-format", .string(format.description)))
        return .object(members)
    }

    /// `base` with constraints added. When `base` already uses a keyword a constraint needs (a uuid's
    /// own pattern and a field's pattern), `base` moves into `allOf` so both apply.
    func constrained(_ base: OrderedJSON, _ constraints: Constraints, shape: TypeReference) -> OrderedJSON {
        guard !constraints.isEmpty else { return base }
        var added: [(String, OrderedJSON)] = []
        if let value = constraints.minLength { added.append(("minLength", .integer(value))) }
        if let value = constraints.maxLength { added.append(("maxLength", .integer(value))) }
        if let value = constraints.pattern { added.append(("pattern", .string(value))) }
        if let value = constraints.minimum { added.append(("minimum", .number(value))) }
        if let value = constraints.maximum { added.append(("maximum", .number(value))) }
        // The validator counts array elements or object members.
        let counts: [String]
        switch resolvedShape(shape) {
        case .array: counts = ["Items"]
        case .object: counts = ["Properties"]
        case .unknown: counts = ["Items", "Properties"]
        }
        for suffix in counts {
            if let value = constraints.minItems { added.append(("min" + suffix, .integer(value))) }
            if let value = constraints.maxItems { added.append(("max" + suffix, .integer(value))) }
        }
        if let excluded = constraints.excluded { added.append(("not", excludedValues(excluded, of: shape))) }
        guard case .object(var members) = base else { return base }
        // A bound on a bounded integer (int32's own range) becomes the tighter of the two.
        for key in ["minimum", "maximum"] {
            guard let own = members.firstIndex(where: { $0.0 == key }), let extra = added.firstIndex(where: { $0.0 == key }),
                  case .number(let ownText) = members[own].1, case .number(let extraText) = added[extra].1,
                  let ownValue = Double(ownText), let extraValue = Double(extraText)
            else { continue }
            let tighter = key == "minimum" ? extraValue >= ownValue : extraValue <= ownValue
            if tighter { members[own].1 = added[extra].1 }
            added.remove(at: extra)
        }
        let clash = added.contains { key, _ in members.contains { $0.0 == key } }
        if clash { return .object([("allOf", .array([base]))] + added) }
        return .object(members + added)
    }

    /// `exclude:` as `{"not": {"enum": [...]}}`, with an integer enum's values as numbers.
    private func excludedValues(_ excluded: [ExcludedValue], of reference: TypeReference) -> OrderedJSON {
        var current = reference
        var integral = false
        for _ in 0..<64 {
            guard case .named(let name) = current, let type = typesByName[name] else { break }
            if case .alias(let target, _) = type.kind { current = target; continue }
            if case .enumeration(let enumeration) = type.kind { integral = enumeration.rawType != .string }
            break
        }
        return .object([("enum", .array(excluded.map { integral ? .number($0.text) : .string($0.text) }))])
    }

    private enum Shape { case array, object, unknown }

    private func resolvedShape(_ reference: TypeReference) -> Shape {
        var current = reference
        for _ in 0..<64 {
            switch current {
            case .array: return .array
            case .map: return .object
            case .primitive: return .unknown
            case .named(let name):
                guard let type = typesByName[name] else { return .unknown }
                switch type.kind {
                case .structure, .union: return .object
                case .enumeration: return .unknown
                case .alias(let target, _): current = target
                }
            }
        }
        return .unknown
    }

    /// `json`, directly or through aliases: any value, `null` included.
    private func acceptsAnything(_ reference: TypeReference) -> Bool {
        var current = reference
        for _ in 0..<64 {
            switch current {
            case .primitive(.json): return true
            case .named(let name):
                guard let type = typesByName[name], case .alias(let target, _) = type.kind else { return false }
                current = target
            default: return false
            }
        }
        return false
    }

    // MARK: Annotations

    func annotate(_ builder: inout ObjectBuilder, _ notes: Notes) {
        builder.set("description", Self.description(notes))
        if notes.isDeprecated { builder.set("deprecated", .bool(true)) }
    }

    /// Docs, then the deprecation message and the modelled note as their own paragraphs.
    static func description(_ notes: Notes, summary: String? = nil) -> String? {
        var parts: [String] = []
        if let summary, !summary.isEmpty { parts.append(summary) }
        if let docs = notes.docs?.trimmingCharacters(in: .whitespacesAndNewlines), !docs.isEmpty { parts.append(docs) }
        if let message = notes.deprecated, !message.isEmpty { parts.append("Deprecated: " + message) }
        if let modelled = notes.modelled, !modelled.isEmpty { parts.append("Modelled: " + modelled) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    func merge(_ builder: inout ObjectBuilder, _ value: OrderedJSON) {
        guard case .object(let members) = value else { return }
        for (key, member) in members { builder.set(key, member) }
    }
}

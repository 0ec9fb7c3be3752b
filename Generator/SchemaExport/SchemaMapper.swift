import Foundation
@_spi(WireFormat) import SchemaModel
@_spi(Generated) import WireFormat

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

    /// Whether a schema may say `not` (JSON Schema). The OpenAPI export is read by code generators, and
    /// swift-openapi-generator skips a schema holding one, with every property that uses it; there the
    /// one place that needs it (an untagged union's catch-all beside a constrained variant) stays `{}`.
    let allowsNot: Bool

    init(schema: Schema, options: ExportOptions, refPrefix: String, allowsNot: Bool) {
        self.schema = schema
        self.options = options
        self.refPrefix = refPrefix
        self.allowsNot = allowsNot
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

    /// A type's definition; a nullable alias or union (`nullable: true`) also accepts `null`, as its
    /// fields do (`includingNull: false` leaves that out, for a field that inlines the alias and adds it).
    func definition(_ type: TypeDefinition, includingNull: Bool = true) -> OrderedJSON {
        let body = definitionBody(type)
        guard type.isNullable, includingNull, case .object(let members) = body else { return body }
        if case .union = type.kind {
            // Every use of the union already says `null` (a nullable field, `items` with null); a null
            // branch in the union itself would make swift-openapi-generator skip it, so the definition
            // says it as an extension the import reads back.
            return .object(members + [("x-nullable", .bool(true))])
        }
        // Annotations stay beside the nullable form, so the import finds them where it looks.
        let annotations: Set<String> = ["title", "description", "deprecated", "examples", "x-deprecated", "x-modelled", "x-renamed-from"]
        let kept = members.filter { annotations.contains($0.0) }
        let value = members.filter { !annotations.contains($0.0) }
        guard case .object(let nullableMembers) = nullable(.object(value)) else { return body }
        return .object(kept + nullableMembers)
    }

    private func definitionBody(_ type: TypeDefinition) -> OrderedJSON {
        var builder = ObjectBuilder()
        builder.set("title", type.name)
        annotate(&builder, type.notes)
        switch type.kind {
        case .structure(let fields):
            // No `type` here: references say `"type": "object"` (or `["object", "null"]`), see
            // `type(_:)`, so a nullable field can refer to the struct and still accept null.
            var properties: [(String, OrderedJSON)] = []
            var required: [OrderedJSON] = []
            var seen = Set<String>()
            // `includes:` is `allOf` of the included structs and the struct's own part, so a change to a
            // base is one change, and OpenAPI tools see the composition.
            let composed = !type.includes.isEmpty
            // The validator uses the first field with a wire name.
            for field in fields where seen.insert(field.wireName).inserted {
                if composed && field.includedFrom != nil {
                    // `additionalProperties` sees only the properties beside it: the included ones are
                    // listed (any value, their part checks them) so they are not extra members.
                    if type.additionalFields != nil { properties.append((field.wireName, .object([]))) }
                    continue
                }
                properties.append((field.wireName, fieldSchema(field)))
                if field.isRequiredOnWire { required.append(.string(field.wireName)) }
            }
            var own = ObjectBuilder()
            own.set("properties", .object(properties))
            if !required.isEmpty { own.set("required", .array(required)) }
            if let additional = type.additionalFields { own.set("additionalProperties", self.type(additional.type)) }
            if composed {
                let bases = type.includes.map { OrderedJSON.object([("$ref", .string(refPrefix + $0.name))]) }
                builder.set("allOf", .array(bases + [.object([("type", .string("object"))] + own.members)]))
            } else {
                merge(&builder, own.value)
            }
        case .enumeration(let enumeration):
            merge(&builder, enumSchema(enumeration))
        case .union(let union):
            merge(&builder, unionSchema(union))
        case .alias(let target, let constraints):
            let base = (constraints.dateFormat ?? schema.dateFormat(of: target)).map(dateSchema) ?? definitionType(target)
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
            // enum keeps it as `.undocumented` and the validator only warns. The enum branch is typed
            // (code generators make it a Swift enum); the other branch leaves `type` to references,
            // which say it (see `type(_:)`), so a nullable field can refer to the enum.
            var known = ObjectBuilder()
            known.set("type", .string(enumeration.rawType == .string ? "string" : "integer"))
            known.set("enum", .array(values))
            builder.set("anyOf", .array([known.value, untyped(raw)]))
        }
        builder.set("x-enum-varnames", .array(enumeration.cases.map { .string($0.name) }))
        let deprecated = enumeration.cases.filter(\.notes.isDeprecated)
        if !deprecated.isEmpty {
            builder.set(
                "x-deprecated-enum-values",
                .array(
                    deprecated.map {
                        enumeration.rawType == .string ? .string($0.value) : .number($0.value)
                    }))
        }
        return builder.value
    }

    /// `schema` without its `type`, keeping a keyword of that type so that OpenAPI tools still see
    /// which type it is (a bare string becomes `{"minLength": 0}`). Valid for any value of another type.
    private func untyped(_ schema: OrderedJSON) -> OrderedJSON {
        guard case .object(let members) = schema else { return schema }
        let rest = members.filter { $0.0 != "type" }
        return .object(rest.isEmpty ? [("minLength", .integer(0))] : rest)
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
        var seen = Set<String>()
        var variants: [Union.Variant] = []
        for variant in union.variants where seen.insert(variant.tag).inserted { variants.append(variant) }
        func tagValue(_ tag: String) -> OrderedJSON { union.tagType == .integer ? .number(tag) : .string(tag) }
        let chain = tagChain(variants[...], discriminator: discriminator, tagValue: tagValue)
        if options.strictEnums {
            // A missing, mistyped or unknown tag is an error.
            builder.set(
                "properties",
                .object([
                    (
                        discriminator,
                        .object([
                            ("type", .string(union.tagType == .integer ? "integer" : "string")), ("enum", .array(union.variants.map { tagValue($0.tag) })),
                        ])
                    )
                ]))
            builder.set("required", .array([.string(discriminator)]))
        }
        for (key, value) in chain { builder.set(key, value) }
        // For code generators: the variants as `oneOf` with OpenAPI's `discriminator` (string tags
        // only: OpenAPI's mapping has string values), and `{}` beside it for objects of other tags.
        // Always true, so it changes no verdict; the chain above decides.
        var types: [String] = []
        var listed: Set<String> = []
        for variant in variants where listed.insert(structName(variant)).inserted { types.append(structName(variant)) }
        var oneOf = ObjectBuilder()
        oneOf.set("oneOf", .array(types.map { .object([("$ref", .string(refPrefix + $0))]) }))
        if union.tagType != .integer {
            let mapping: OrderedJSON = .object(union.variants.map { ($0.tag, .string(refPrefix + structName($0))) })
            oneOf.set("discriminator", .object([("propertyName", .string(discriminator)), ("mapping", mapping)]))
        }
        builder.set("anyOf", .array([oneOf.value, .object([])]))
        builder.set(
            "x-discriminator",
            .object([
                ("propertyName", .string(discriminator)),
                ("mapping", .object(union.variants.map { ($0.tag, .string(refPrefix + structName($0))) })),
            ]))
        return builder.value
    }

    /// A run of `if`/`then`/`else` longer than this is split in halves by `tagChain`.
    private static let longestTagChain = 8

    /// `if` tag A `then` A `else if` tag B `then` B …: an object whose tag names a variant must be that
    /// variant. A chain rather than `allOf` of conditions, so that the union's `anyOf` is the only
    /// composition OpenAPI tools read. A longer run is split in halves (`if` the tag is one of the first
    /// half's, `then` that half's chain, `else` the other's), so the nesting grows with the logarithm of
    /// the variants: one chain of 2,000 variants nested 2,000 objects deep, and indented that was 53 MB,
    /// more than any importer reads back. A tag that names no variant meets no `then`, as in one chain.
    private func tagChain(
        _ variants: ArraySlice<Union.Variant>, discriminator: String, tagValue: (String) -> OrderedJSON
    ) -> [(String, OrderedJSON)] {
        func condition(_ tag: (String, OrderedJSON)) -> OrderedJSON {
            .object([("properties", .object([(discriminator, .object([tag]))])), ("required", .array([.string(discriminator)]))])
        }
        if variants.count > Self.longestTagChain {
            let first = variants.prefix(variants.count / 2)
            let rest = variants.dropFirst(variants.count / 2)
            return [
                ("if", condition(("enum", .array(first.map { tagValue($0.tag) })))),
                ("then", .object(tagChain(first, discriminator: discriminator, tagValue: tagValue))),
                ("else", .object(tagChain(rest, discriminator: discriminator, tagValue: tagValue))),
            ]
        }
        var chain: [(String, OrderedJSON)] = []
        for variant in variants.reversed() {
            var link: [(String, OrderedJSON)] = [
                ("if", condition(("const", tagValue(variant.tag)))), ("then", .object([("$ref", .string(refPrefix + structName(variant)))])),
            ]
            if !chain.isEmpty { link.append(("else", .object(chain))) }
            chain = link
        }
        return chain
    }

    /// A tagged union's variant is a struct named in the schema (the validator's rule).
    private func structName(_ variant: Union.Variant) -> String {
        if case .named(let name) = variant.type { return name }
        return variant.type.description
    }

    /// An untagged union is valid as any variant (the validator takes the first that fits, so which
    /// one does not change validity): `anyOf` the variants' schemas (a `$ref`, or a primitive, list or
    /// map written out). By default a value that fits none is accepted too, as the generated enum keeps
    /// it as `.undocumented`; the variants stay listed, in the order the decoder tries them, under
    /// `x-untagged-variants`.
    private func untaggedUnionSchema(_ union: Union) -> OrderedJSON {
        var builder = ObjectBuilder()
        // As references write them: a struct's definition leaves `type: object` to its references.
        let candidates = schema.untaggedCandidates(of: union)
        // A variant's own constraints sit on its branch (they do not choose it: the import reads them back).
        let references: [OrderedJSON] = candidates.map { constrained(type($0.type), $0.constraints, shape: $0.type) }
        // The variants' names, which their schemas alone do not carry (import reads them back).
        builder.set("x-variant-names", .array(candidates.map { .string($0.name) }))
        if options.strictEnums {
            builder.set("anyOf", .array(references))
        } else {
            // Last, any other value is valid too: `{}`, or, where a variant has constraints, a value that fits
            // no variant's shape. The validator chooses a variant by shape and then checks its constraints, so
            // a value of a constrained variant's shape that breaks them is not "any other value".
            let shapes: [OrderedJSON] = candidates.map { type($0.type) }
            let anyOther: OrderedJSON =
                !allowsNot || candidates.allSatisfy { $0.constraints.isEmpty }
                ? .object([]) : .object([("not", .object([("anyOf", .array(shapes))]))])
            builder.set("anyOf", .array(references + [anyOther]))
            builder.set("x-untagged-variants", .array(references))
        }
        return builder.value
    }

    // MARK: Fields and type expressions

    /// A struct field: its type with constraints, `null` where the decoder takes it, and annotations.
    func fieldSchema(_ field: Field) -> OrderedJSON {
        let acceptsNull = (field.isOptional || field.isNullable || field.defaultValue != nil) && !acceptsAnything(field.type)
        // A nullable reference to an alias of a primitive, array or map, or to a closed enum, is the
        // type's own schema, so that `null` can join its `type` (and `enum`).
        let base = acceptsNull ? inlinedAlias(field.type) ?? inlinedClosedEnum(field.type) : nil
        var body = constrained(schema.effectiveDateFormat(of: field).map(dateSchema) ?? base ?? type(field.type), field.constraints, shape: field.type)
        if acceptsNull { body = nullable(body) }
        return annotatedField(body, field)
    }

    /// `schema` that also accepts `null`: `"type": [T, "null"]` where the schema has one `type`
    /// (OpenAPI 3.1's nullable, which code generators map to an optional; `null` joins an `enum` too),
    /// otherwise `anyOf: [schema, {"type": "null"}]`.
    private func nullable(_ schema: OrderedJSON) -> OrderedJSON {
        if case .object(var members) = schema, let index = members.firstIndex(where: { $0.0 == "type" }),
            case .string(let type) = members[index].1
        {
            members[index].1 = .array([.string(type), .string("null")])
            if let values = members.firstIndex(where: { $0.0 == "enum" }), case .array(let items) = members[values].1 {
                members[values].1 = .array(items + [.null])
            }
            return .object(members)
        }
        return .object([("anyOf", .array([schema, .object([("type", .string("null"))])]))])
    }

    /// The schema of `reference` when it names a closed enum (`--strict-enums`): its type and values,
    /// without the `x-` annotations the definition has. Nil otherwise.
    private func inlinedClosedEnum(_ reference: TypeReference) -> OrderedJSON? {
        guard options.strictEnums, case .named(let name) = reference, let type = typesByName[name],
            case .enumeration(let enumeration) = type.kind, case .object(let members) = enumSchema(enumeration)
        else { return nil }
        return .object(members.filter { !$0.0.hasPrefix("x-") })
    }

    /// The definition of `reference` when it names an alias of a primitive, array or map (no
    /// annotations), else nil.
    private func inlinedAlias(_ reference: TypeReference) -> OrderedJSON? {
        guard case .named(let name) = reference, let type = typesByName[name], case .alias = type.kind,
            referenceType(name) == nil, case .object(let members) = definition(type, includingNull: false)
        else { return nil }
        let annotations: Set<String> = ["title", "description", "deprecated", "examples"]
        return .object(members.filter { !annotations.contains($0.0) })
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
        case .named(let name):
            guard let type = referenceType(name) else { return .object([("$ref", .string(refPrefix + name))]) }
            return .object([("$ref", .string(refPrefix + name)), ("type", .string(type))])
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

    /// An alias's target inside its definition: a named type without the `type` a reference adds
    /// (the alias's references add it), other types as everywhere.
    private func definitionType(_ reference: TypeReference) -> OrderedJSON {
        guard case .named(let name) = reference else { return type(reference) }
        return .object([("$ref", .string(refPrefix + name))])
    }

    /// The JSON type a reference to `name` states beside its `$ref`, for the types whose definitions
    /// leave it out: structs and tagged unions (`object`), open enums (`string` or `integer`), and aliases
    /// of them. Nil for definitions that state their own type (closed enums, aliases of primitives).
    func referenceType(_ name: String) -> String? {
        var current = name
        for _ in 0..<64 {
            guard let type = typesByName[current] else { return nil }
            switch type.kind {
            case .structure: return "object"
            // An untagged union's variants may be of any kind, and a payload of none is kept as `.undocumented`.
            case .union(let union): return union.discriminator == nil ? nil : "object"
            case .enumeration(let enumeration):
                return options.strictEnums ? nil : (enumeration.rawType == .string ? "string" : "integer")
            case .alias(.named(let target), _): current = target
            case .alias: return nil
            }
        }
        return nil
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
            .object([
                ("type", .string("integer")), ("format", .string(format)),
                ("minimum", .number(minimum)), ("maximum", .number(maximum)),
            ])
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
            return .object([
                ("type", .string("integer")), ("format", .string("int64")),
                ("minimum", .number(String(Int64.min))), ("maximum", .number(String(Int64.max))),
                ("x-date-format", .string(format.description)),
            ])
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
        let base = constraints.elements.map { withElements(base, $0, of: shape) } ?? base
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

    /// `items:`/`values:` on the list's `items` or the map's `additionalProperties` schema: its
    /// constraints, and `null` where the elements may be null.
    private func withElements(_ base: OrderedJSON, _ elements: ElementRules, of shape: TypeReference) -> OrderedJSON {
        let element: TypeReference
        let key: String
        switch shape {
        case .array(let inner): (element, key) = (inner, "items")
        case .map(_, let inner): (element, key) = (inner, "additionalProperties")
        case .primitive, .named: return base
        }
        guard case .object(var members) = base, let index = members.firstIndex(where: { $0.0 == key }) else { return base }
        let acceptsNull = elements.isNullable && !acceptsAnything(element)
        // As for a nullable field: an alias of a primitive, list or map, or a closed enum, is written out,
        // so that `null` joins its `type` (a null branch would hide the schema from generators).
        let base = acceptsNull ? inlinedAlias(element) ?? inlinedClosedEnum(element) : nil
        var schema = constrained(base ?? members[index].1, elements.constraints, shape: element)
        if acceptsNull { schema = nullable(schema) }
        members[index].1 = schema
        return .object(members)
    }

    /// `exclude:` as `{"not": {"enum": [...]}}`, with an integer enum's values as numbers.
    private func excludedValues(_ excluded: [ExcludedValue], of reference: TypeReference) -> OrderedJSON {
        var current = reference
        var integral = false
        for _ in 0..<64 {
            guard case .named(let name) = current, let type = typesByName[name] else { break }
            if case .alias(let target, _) = type.kind {
                current = target
                continue
            }
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

    /// `json` (and, without `--strict-enums`, an untagged union), directly or through aliases: any value,
    /// `null` included.
    private func acceptsAnything(_ reference: TypeReference) -> Bool {
        var current = reference
        for _ in 0..<64 {
            switch current {
            case .primitive(.json): return true
            case .named(let name):
                guard let type = typesByName[name] else { return false }
                switch type.kind {
                case .alias(let target, _): current = target
                // By default an untagged union takes any value (its `anyOf` ends with `{}`).
                case .union(let union): return union.discriminator == nil && !options.strictEnums
                case .structure, .enumeration: return false
                }
            case .primitive, .array, .map: return false
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

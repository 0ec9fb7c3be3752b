import Foundation
@_spi(WireFormat) import SchemaModel
@_spi(Generated) import WireFormat

/// A type reference with named types resolved to indexes into `CompiledSchema.types`.
enum Node: Sendable {
    case primitive(Primitive)
    case named(Int)
    indirect case array(Node)
    indirect case map(TypeReference.MapKey, Node)
    /// A name the schema does not define (only reachable through the public API).
    case unresolved(String)
    /// A list element, map value or union variant with rules of its own (`items: {nullable: true,
    /// maxLength: 20}`): `null` where `nullable`, else the node, meeting `constraints`.
    indirect case refined(Node, nullable: Bool, constraints: ConstraintInfo?)
}

/// A class so that reading one out of a struct's field list is a single retain.
final class FieldInfo: Sendable {
    let name: String
    let wireName: String
    let node: Node
    /// Missing key is an error (not optional, no default).
    let isRequired: Bool
    /// `null` reads as "absent" or nil: the field is optional, nullable, or has a default
    /// (`decodeIfPresent` and `decode(T?.self)` both take null).
    let acceptsNull: Bool
    let constraints: ConstraintInfo?
    let location: SourceLocation
    /// The wire form of a `date-time` field with a `format:` (its own or its alias's).
    let dateFormat: DateWireFormat?

    init(
        name: String, wireName: String, node: Node, isRequired: Bool, acceptsNull: Bool, constraints: ConstraintInfo?,
        location: SourceLocation, dateFormat: DateWireFormat? = nil
    ) {
        self.dateFormat = dateFormat
        self.name = name
        self.wireName = wireName
        self.node = node
        self.isRequired = isRequired
        self.acceptsNull = acceptsNull
        self.constraints = constraints
        self.location = location
    }
}

final class StructInfo: Sendable {
    let name: String
    let location: SourceLocation
    let fields: [FieldInfo]
    let fieldIndex: [String: Int]
    /// `additionalFields: T`: what every member that is not a field must be (nil: such members are
    /// ignored, as the generated decoder ignores them), and where the schema says so.
    let additional: (node: Node, location: SourceLocation)?

    init(name: String, location: SourceLocation, fields: [FieldInfo], additional: (node: Node, location: SourceLocation)? = nil) {
        self.name = name
        self.location = location
        self.fields = fields
        self.additional = additional
        var index: [String: Int] = [:]
        for (position, field) in fields.enumerated() where index[field.wireName] == nil {
            index[field.wireName] = position
        }
        self.fieldIndex = index
    }
}

final class EnumInfo: Sendable {
    let name: String
    let location: SourceLocation
    let rawType: Enumeration.RawType
    private let strings: Set<String>
    private let integers: Set<Int64>
    /// Small enums are searched linearly (cheaper than hashing; `==` is the same equality).
    private let stringList: [String]?
    private let integerList: [Int64]?
    /// `one of: S, M, L, XL`
    let expected: String

    init(name: String, location: SourceLocation, enumeration: Enumeration) {
        self.name = name
        self.location = location
        self.rawType = enumeration.rawType
        self.strings = Set(enumeration.cases.map(\.value))
        self.integers = Set(enumeration.cases.compactMap { Int64($0.value) })
        self.stringList = strings.count <= 12 ? enumeration.cases.map(\.value) : nil
        self.integerList = integers.count <= 12 ? enumeration.cases.compactMap { Int64($0.value) } : nil
        self.expected = "one of: " + CompiledSchema.list(enumeration.cases.map(\.value))
    }

    func contains(_ value: String) -> Bool {
        if let stringList { return stringList.contains(value) }
        return strings.contains(value)
    }

    func contains(_ value: Int64) -> Bool {
        if let integerList { return integerList.contains(value) }
        return integers.contains(value)
    }
}

final class UnionInfo: Sendable {
    /// An untagged union's variant, in the order the decoder tries them.
    struct Candidate: Sendable {
        let name: String
        let node: Node
        /// The JSON kind of the payloads it takes.
        let kind: JSONKind
        let requiredKeys: [String]
        /// A struct's constants by JSON key (`Schema.constants(of:)`): a payload holding another value
        /// there is not this variant.
        let constants: [(key: String, value: VariantShape.Constant)]
        /// `string`, `[string]`, a struct's name: what the variant is, for messages.
        let typeText: String
    }

    let name: String
    let location: SourceLocation
    /// nil: untagged, the variant is chosen among `candidates` by shape.
    let discriminator: String?
    let tagType: Union.TagType
    /// Tag (integers in decimal) -> index of the variant's struct type.
    let variants: [String: Int]
    let candidates: [Candidate]
    /// `'kind' one of: CIRCLE, square, GROUP`, or `the keys of one of: a (x, y), b (z)`
    let expected: String

    init(
        name: String, location: SourceLocation, discriminator: String?, tagType: Union.TagType, variants: [String: Int],
        tags: [String], candidates: [Candidate] = []
    ) {
        self.name = name
        self.location = location
        self.discriminator = discriminator
        self.tagType = tagType
        self.variants = variants
        self.candidates = candidates
        if let discriminator {
            self.expected = "'\(discriminator)' one of: " + CompiledSchema.list(tags)
        } else {
            // Structs by their constants and the keys they require, other variants by their type.
            self.expected =
                "a variant: "
                + CompiledSchema.list(
                    candidates.map { candidate in
                        guard candidate.kind == .object, !candidate.requiredKeys.isEmpty else { return "\(candidate.name) (\(candidate.typeText))" }
                        let constants = candidate.constants.map { "\($0.key): \($0.value)" }
                        return
                            "\(candidate.name) (\((constants + candidate.requiredKeys.filter { key in !candidate.constants.contains { $0.key == key } }).joined(separator: ", ")))"
                    })
        }
    }
}

final class AliasInfo: Sendable {
    let name: String
    let location: SourceLocation
    /// The first non-alias type the chain of aliases reaches.
    let resolvedTarget: Node
    /// The alias that names `resolvedTarget` (the rule for type errors).
    let resolvedLocation: SourceLocation
    /// The constraints of every alias in the chain, innermost first.
    let resolvedConstraints: [ConstraintInfo]

    init(
        name: String, location: SourceLocation, resolvedTarget: Node, resolvedLocation: SourceLocation,
        resolvedConstraints: [ConstraintInfo]
    ) {
        self.name = name
        self.location = location
        self.resolvedTarget = resolvedTarget
        self.resolvedLocation = resolvedLocation
        self.resolvedConstraints = resolvedConstraints
    }
}

enum TypeInfo: Sendable {
    case structure(StructInfo)
    case enumeration(EnumInfo)
    case union(UnionInfo)
    case alias(AliasInfo)
}

/// A `minimum` or `maximum`, kept exact for comparing with number text.
struct Bound: Sendable {
    let exact: ExactDecimal
    /// The bound as an integer when it is one (the fast path for integer payloads).
    let integer: Int64?
    /// As the schema would print it: `1`, `9.99`.
    let text: String

    init(_ value: Double) {
        exact = ExactDecimal(value)
        integer = value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
        text = integer.map(String.init) ?? String(value)
    }

    /// -1, 0 or 1 as number `text` is below, at or above the bound; nil when `text` is not a number.
    func compare(_ text: String) -> Int? {
        // Fast path for an integer bound and number text without exponent: compare the integer part,
        // then the fraction (v = ±(i + f), 0 ≤ f < 1).
        if let integer, let simple = WireFormats.simpleDecimal(text) {
            func comparePositive(_ part: Int64, _ hasFraction: Bool, _ bound: Int64) -> Int {
                part < bound ? -1 : part > bound ? 1 : hasFraction ? 1 : 0
            }
            return simple.negative
                ? -comparePositive(simple.integer, simple.hasFraction, -integer)
                : comparePositive(simple.integer, simple.hasFraction, integer)
        }
        guard let value = ExactDecimal(text) else { return nil }
        return value < exact ? -1 : value == exact ? 0 : 1
    }
}

/// A compiled regular expression with ECMA-262 semantics (JSON Schema's). Simple patterns run on
/// `SimpleRegex`, the rest on ICU after `ECMAPattern` rewrites where ICU's meaning differs.
/// `NSRegularExpression` is immutable and documented as safe to use from several threads. Public for the
/// sandbox, which checks that a value it synthesizes for a pattern is one the validator accepts.
public final class Pattern: @unchecked Sendable {
    public let source: String
    private let simple: SimpleRegex?
    private let regex: NSRegularExpression?

    public init(_ source: String) {
        self.source = source
        self.simple = SimpleRegex.compile(source)
        self.regex = simple == nil ? try? NSRegularExpression(pattern: ECMAPattern.icuPattern(source)) : nil
    }

    /// JSON Schema semantics: the pattern is searched for, not anchored (write `^…$` to anchor).
    public func matches(_ text: String) -> Bool {
        if let simple { return simple.matches(text) }
        guard let regex else { return true }
        return regex.firstMatch(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}

final class ConstraintInfo: Sendable {
    let minLength: Int?
    let maxLength: Int?
    let pattern: Pattern?
    let minimum: Bound?
    let maximum: Bound?
    let minItems: Int?
    let maxItems: Int?
    /// `exclude:` raw values of an enum, as text (an integer enum's in decimal).
    let excluded: Set<String>
    let location: SourceLocation

    init(_ constraints: Constraints, pattern: Pattern?, location: SourceLocation) {
        minLength = constraints.minLength
        maxLength = constraints.maxLength
        self.pattern = pattern
        minimum = constraints.minimum.map(Bound.init)
        maximum = constraints.maximum.map(Bound.init)
        minItems = constraints.minItems
        maxItems = constraints.maxItems
        excluded = Set((constraints.excluded ?? []).map(\.text))
        self.location = location
    }
}

/// The schema turned into lookup tables once, so validating many payloads repeats no schema work:
/// type names become indexes, struct fields are found by wire name in a dictionary, enum values in
/// sets, alias chains are followed in advance, regular expressions are compiled once per pattern.
/// Immutable (only `let`s), so it is shared across threads freely and read without exclusivity checks.
final class CompiledSchema: Sendable {
    let types: [TypeInfo]
    let typeIndex: [String: Int]
    private let patterns: [String: Pattern]
    /// Compiled operation parameters, by the location of their `Field` (unique per parameter).
    private let parameterFields: [SourceLocation: FieldInfo]
    private let schema: Schema

    init(_ schema: Schema) {
        self.schema = schema
        var builder = Builder(schema)
        types = schema.types.map { builder.compile($0) }
        var parameters: [SourceLocation: FieldInfo] = [:]
        for operation in schema.operations {
            for (_, field) in operation.parameters {
                parameters[field.location] = builder.compile(field)
            }
        }
        typeIndex = builder.typeIndex
        patterns = builder.patterns
        parameterFields = parameters
    }

    func node(_ reference: TypeReference) -> Node {
        Builder.node(reference, typeIndex)
    }

    /// The compiled form of a parameter or field; operation parameters are compiled in `init`.
    func fieldInfo(_ field: Field) -> FieldInfo {
        if let info = parameterFields[field.location], info.name == field.name, info.wireName == field.wireName {
            return info
        }
        var builder = Builder(typeIndex: typeIndex, patterns: patterns, schema: schema)
        return builder.compile(field)
    }

    /// Compiles a schema's parts (used while building, and for fields from outside the schema).
    private struct Builder {
        let typeIndex: [String: Int]
        var patterns: [String: Pattern]
        /// Alias name -> its definition, to follow chains.
        private var aliases: [String: TypeDefinition] = [:]
        /// For union shapes and date formats.
        let schema: Schema?

        init(_ schema: Schema) {
            self.schema = schema
            var index: [String: Int] = [:]
            for (position, type) in schema.types.enumerated() where index[type.name] == nil {
                index[type.name] = position
            }
            typeIndex = index
            patterns = [:]
            for type in schema.types {
                if case .alias = type.kind, aliases[type.name] == nil { aliases[type.name] = type }
            }
        }

        init(typeIndex: [String: Int], patterns: [String: Pattern], schema: Schema?) {
            self.schema = schema
            self.typeIndex = typeIndex
            self.patterns = patterns
        }

        static func node(_ reference: TypeReference, _ typeIndex: [String: Int]) -> Node {
            switch reference {
            case .primitive(let primitive): return .primitive(primitive)
            case .named(let name): return typeIndex[name].map(Node.named) ?? .unresolved(name)
            case .array(let element): return .array(node(element, typeIndex))
            case .map(let key, let value): return .map(key, node(value, typeIndex))
            }
        }

        mutating func compile(_ type: TypeDefinition) -> TypeInfo {
            switch type.kind {
            case .structure(let fields):
                return .structure(
                    StructInfo(
                        name: type.name, location: type.location, fields: fields.map { compile($0) },
                        additional: type.additionalFields.map { (Self.node($0.type, typeIndex), $0.location) }))
            case .enumeration(let enumeration):
                return .enumeration(EnumInfo(name: type.name, location: type.location, enumeration: enumeration))
            case .union(let union):
                var variants: [String: Int] = [:]
                for variant in union.variants where variants[variant.tag] == nil {
                    if case .named(let name) = variant.type, let index = typeIndex[name] { variants[variant.tag] = index }
                }
                let candidates = (schema?.untaggedCandidates(of: union) ?? []).compactMap { variant -> UnionInfo.Candidate? in
                    guard let schema, let shape = schema.variantShape(of: variant.type) else { return nil }
                    return UnionInfo.Candidate(
                        name: variant.name,
                        node: refined(node(variant.type, elements: variant.constraints.elements), constraints: variant.constraints, at: variant.location),
                        kind: shape.kind,
                        requiredKeys: schema.requiredWireKeys(of: variant).sorted(),
                        constants: schema.constants(of: variant).sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                        typeText: variant.type.description)
                }
                return .union(
                    UnionInfo(
                        name: type.name, location: type.location, discriminator: union.discriminator,
                        tagType: union.tagType, variants: variants, tags: union.variants.map(\.tag),
                        candidates: union.discriminator == nil ? candidates : []))
            case .alias(var target, let constraints):
                // Follow the chain (the schema rejects alias cycles; the bound is for safety).
                var location = type.location
                var elements = constraints.elements
                var chain: [ConstraintInfo] = []
                if let own = compile(constraints, at: type.location) { chain.append(own) }
                for _ in 0..<64 {
                    guard case .named(let name) = target, let next = aliases[name], case .alias(let nextTarget, let nextConstraints) = next.kind
                    else { break }
                    if let inner = compile(nextConstraints, at: next.location) { chain.insert(inner, at: 0) }
                    target = nextTarget
                    location = next.location
                    elements = nextConstraints.elements
                }
                return .alias(
                    AliasInfo(
                        name: type.name, location: type.location, resolvedTarget: node(target, elements: elements),
                        resolvedLocation: location, resolvedConstraints: chain))
            }
        }

        mutating func compile(_ field: Field) -> FieldInfo {
            FieldInfo(
                name: field.name, wireName: field.wireName, node: node(field.type, elements: field.constraints.elements),
                isRequired: field.isRequiredOnWire,
                acceptsNull: field.isOptional || field.isNullable || field.defaultValue != nil,
                constraints: compile(field.constraints, at: field.location), location: field.location,
                dateFormat: (schema?.effectiveDateFormat(of: field) ?? field.constraints.dateFormat)?.wireFormat)
        }

        /// `reference` with the rules `items:`/`values:` give its elements (nil: none).
        mutating func node(_ reference: TypeReference, elements: ElementRules?) -> Node {
            guard let elements else { return Self.node(reference, typeIndex) }
            func element(_ type: TypeReference) -> Node {
                let inner = node(type, elements: elements.constraints.elements)
                let constraints = compile(elements.constraints, at: elements.location)
                return elements.isEmpty ? inner : .refined(inner, nullable: elements.isNullable, constraints: constraints)
            }
            switch reference {
            case .array(let type): return .array(element(type))
            case .map(let key, let value): return .map(key, element(value))
            case .primitive, .named: return Self.node(reference, typeIndex)
            }
        }

        /// A union variant's node with its own constraints.
        private mutating func refined(_ node: Node, constraints: Constraints, at location: SourceLocation) -> Node {
            var own = constraints
            own.elements = nil
            guard let info = compile(own, at: location) else { return node }
            return .refined(node, nullable: false, constraints: info)
        }

        private mutating func compile(_ constraints: Constraints, at location: SourceLocation) -> ConstraintInfo? {
            guard !constraints.isEmpty else { return nil }
            var pattern: Pattern?
            if let source = constraints.pattern {
                if let cached = patterns[source] {
                    pattern = cached
                } else {
                    pattern = Pattern(source)
                    patterns[source] = pattern
                }
            }
            return ConstraintInfo(constraints, pattern: pattern, location: location)
        }
    }

    /// `a, b, c` (at most 20 shown).
    static func list(_ values: [String]) -> String {
        let shown = values.prefix(20).joined(separator: ", ")
        return values.count > 20 ? shown + ", … (\(values.count - 20) more)" : shown
    }
}

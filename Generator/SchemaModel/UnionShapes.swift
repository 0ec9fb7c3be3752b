/// The kinds of JSON value. An untagged union decodes a payload by its kind first: only the variants of
/// that kind are candidates.
public enum JSONKind: String, Sendable, Hashable, CaseIterable {
    case object, array, string, number, boolean
}

/// What an untagged union's variant looks like on the wire, as far as choosing a variant goes: the JSON
/// kind, and within it what a decoder can tell apart (a string format it checks, integer or not, the
/// keys a struct requires and the constant values of its fields, the elements of a list or the values
/// of a map).
public indirect enum VariantShape: Hashable, Sendable {
    /// A string; `format` is what the decoder checks of it.
    case string(StringFormat)
    /// A whole number: `int`, `int32`, `int64` or an integer enum.
    case integer
    /// Any number: `double` or `decimal`.
    case fraction
    case boolean
    /// A list; nil: elements of any shape (`json`, a union).
    case list(VariantShape?)
    /// A map (an object of any keys); nil: values of any shape.
    case map(VariantShape?)
    /// A struct, told apart by the constant values of its fields (`constants`, by JSON key: a payload
    /// holding another value there is not this variant), then by the keys it requires, then by the JSON
    /// kinds of its fields' values (`valueKinds`, by JSON key, every field it declares: see
    /// `ValueKinds`), which decoding checks.
    case structure(requiredKeys: Set<String>, constants: [String: Constant] = [:], valueKinds: [String: ValueKinds] = [:])

    /// The JSON kinds a field's value has, outermost first: the value's kind, then (for a list or a
    /// map) its elements' kind, and so on down to a value that is not a collection; it stops early
    /// where a value may be of any kind (`json`, a union). `[.array, .object]` is a list of objects,
    /// `[.number]` a number, `[]` any value. A struct field is `[.object]`: what is inside a nested
    /// struct is not compared, so a recursive type ends the list.
    public typealias ValueKinds = [JSONKind]

    /// Whether no value of the kinds `one` describes is a value of the kinds `other` describes, except
    /// an empty list or map: at the first depth both describe, the kinds differ. A struct requiring the
    /// same keys as an earlier one is still chosen for a payload whose value at such a key the earlier
    /// one cannot decode (GitHub's `errors: [string]` beside `errors: [object]`).
    public static func kindsDiffer(_ one: ValueKinds, _ other: ValueKinds) -> Bool {
        zip(one, other).contains { $0 != $1 }
    }

    /// Keys both structs declare whose values' kinds differ (`kindsDiffer`), sorted.
    public static func keysOfDifferentKinds(_ one: [String: ValueKinds], _ other: [String: ValueKinds]) -> [String] {
        one.compactMap { key, kinds in other[key].map { kindsDiffer(kinds, $0) } == true ? key : nil }.sorted()
    }

    /// The one value a struct field can hold: a required, non-null field whose type is an enum of one
    /// case (OpenAPI's `const` or single-value `enum`, such as `type: file`), directly or through aliases.
    public enum Constant: Hashable, Sendable, CustomStringConvertible {
        case string(String)
        case integer(Int64)

        /// As JSON writes it: `"file"`, `1`.
        public var description: String {
            switch self {
            case .string(let text): return "\"\(text)\""
            case .integer(let number): return String(number)
            }
        }
    }

    /// The string formats the generated decoder checks, in the order an untagged union tries them:
    /// text that is a UUID, a date or a date-time goes to such a variant before a plain string one.
    public enum StringFormat: Int, Sendable, Hashable, Comparable {
        case uuid, date, dateTime
        /// Any text: `string`, `email`, `uri`, `base64`, `binary` and string enums (enums keep unknown
        /// values, so they take every string).
        case any

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var kind: JSONKind {
        switch self {
        case .string: return .string
        case .integer, .fraction: return .number
        case .boolean: return .boolean
        case .list: return .array
        case .map, .structure: return .object
        }
    }

    /// Whether every payload `other` decodes, this shape decodes too (so `other`, tried after this one,
    /// would never be chosen). Elements of any shape (nil) take every element. Among variants, structs
    /// are tried by the keys they require, so only the same keys shadow one another; inside lists and
    /// maps (`nested`) elements are not ranked, so a struct shadows every struct requiring its keys. A
    /// struct with a constant takes only payloads holding that value, so it takes everything of another
    /// only when the other has the same constant (a struct without constants has none to differ by).
    public func takesEverything(of other: VariantShape, nested: Bool = false) -> Bool {
        func covers(_ mine: VariantShape?, _ theirs: VariantShape?) -> Bool {
            guard let mine else { return true }
            guard let theirs else { return false }
            return mine.takesEverything(of: theirs, nested: true)
        }
        switch (self, other) {
        case (.string(let mine), .string(let theirs)): return mine == .any || mine == theirs
        case (.integer, .integer), (.fraction, .fraction), (.fraction, .integer), (.boolean, .boolean): return true
        case (.list(let mine), .list(let theirs)), (.map(let mine), .map(let theirs)): return covers(mine, theirs)
        case (.structure(let mine, let myConstants, let myKinds), .structure(let theirs, let theirConstants, let theirKinds)):
            guard myConstants.allSatisfy({ theirConstants[$0.key] == $0.value }) else { return false }
            // A payload of the other's with a value this one cannot decode at a key both declare is
            // not taken by this one: decoding fails, and the other is tried next.
            guard Self.keysOfDifferentKinds(myKinds, theirKinds).isEmpty else { return false }
            return nested ? mine.isSubset(of: theirs) : mine == theirs
        // A struct requiring no keys decodes any object a map would (unknown keys are ignored).
        case (.structure(let mine, _, _), .map): return mine.isEmpty
        case (.string, _), (.integer, _), (.fraction, _), (.boolean, _), (.list, _), (.map, _), (.structure, _): return false
        }
    }

    /// The order in which an untagged union tries variants of these shapes, as indexes into `shapes`:
    /// by JSON kind (objects, lists, strings, numbers, booleans; a variant of no shape last), then by
    /// rank within the kind, ties in declaration order. See `Schema.untaggedCandidates(of:)`.
    public static func tryOrder(_ shapes: [VariantShape?]) -> [Int] {
        let kinds = JSONKind.allCases
        func key(_ index: Int) -> (kind: Int, rank: Int) {
            guard let shape = shapes[index] else { return (kinds.count, 0) }
            return (kinds.firstIndex(of: shape.kind) ?? kinds.count, shape.rank)
        }
        return shapes.indices.sorted { a, b in
            let (keyA, keyB) = (key(a), key(b))
            if keyA.kind != keyB.kind { return keyA.kind < keyB.kind }
            return keyA.rank != keyB.rank ? keyA.rank < keyB.rank : a < b
        }
    }

    /// Variants never chosen: each with the earlier-tried variant that takes every payload it takes
    /// (indexes into `shapes`, the later one in try order). Lint rejects them; import keeps such a
    /// union as `json`.
    public static func shadowed(_ shapes: [VariantShape?]) -> [(earlier: Int, later: Int)] {
        var earlier: [(index: Int, shape: VariantShape)] = []
        var found: [(earlier: Int, later: Int)] = []
        for index in tryOrder(shapes) {
            guard let shape = shapes[index] else { continue }
            if let other = earlier.first(where: { $0.shape.takesEverything(of: shape) }) { found.append((other.index, index)) }
            earlier.append((index, shape))
        }
        return found
    }

    /// Where the variant stands among variants of its kind: formats before plain strings, integers
    /// before other numbers, structs requiring more keys before fewer, structs before maps.
    fileprivate var rank: Int {
        switch self {
        case .string(let format): return format.rawValue
        case .integer: return 0
        case .fraction: return 1
        case .structure(let keys, _, _): return -keys.count
        case .map: return 1
        case .boolean, .list: return 0
        }
    }

    /// The shape of a primitive's values; nil for `json`, which takes any payload.
    public init?(_ primitive: Primitive) {
        switch primitive {
        case .uuid: self = .string(.uuid)
        case .date: self = .string(.date)
        case .dateTime: self = .string(.dateTime)
        case .string, .email, .uri, .base64, .binary: self = .string(.any)
        case .int, .int32, .int64: self = .integer
        case .double, .decimal: self = .fraction
        case .bool: self = .boolean
        case .json: return nil
        }
    }
}

/// How untagged unions choose a variant and which fields every variant shares. One place, so the
/// generated decoder, schema-check, the exports and the sandbox apply the same rule.
extension Schema {
    /// The wire shape of `reference` as a variant of an untagged union, following aliases; nil for what
    /// takes any payload (`json`, another union) or a name the schema does not define.
    public func variantShape(of reference: TypeReference) -> VariantShape? {
        variantShape(of: reference, depth: 0)
    }

    private func variantShape(of reference: TypeReference, depth: Int) -> VariantShape? {
        // Aliases of aliases are bounded by the validator's cycle check; the depth guards unchecked schemas.
        guard depth < 64 else { return nil }
        switch reference {
        case .primitive(let primitive):
            return VariantShape(primitive)
        case .array(let element): return .list(variantShape(of: element, depth: depth + 1))
        case .map(_, let value): return .map(variantShape(of: value, depth: depth + 1))
        case .named(let name):
            guard let definition = type(named: name) else { return nil }
            switch definition.kind {
            case .structure(let fields):
                let constants = fields.compactMap { field in constant(of: field).map { (field.wireName, $0) } }
                return .structure(
                    requiredKeys: Set(fields.filter(\.isRequiredOnWire).map(\.wireName)),
                    constants: Dictionary(constants, uniquingKeysWith: { first, _ in first }),
                    valueKinds: Dictionary(fields.map { ($0.wireName, valueKinds(of: $0.type)) }, uniquingKeysWith: { first, _ in first }))
            case .enumeration(let enumeration): return enumeration.rawType == .string ? .string(.any) : .integer
            case .union: return nil
            case .alias(let target, _): return variantShape(of: target, depth: depth + 1)
            }
        }
    }

    /// The JSON kinds of a value of `reference` (`VariantShape.ValueKinds`), through aliases, lists and
    /// maps; it stops at a struct (`.object`) and at what takes any value (`json`, a union, an unknown name).
    public func valueKinds(of reference: TypeReference) -> VariantShape.ValueKinds {
        var kinds: VariantShape.ValueKinds = []
        var current = reference
        // Aliases of aliases are bounded by the validator's cycle check; the bound guards unchecked schemas.
        for _ in 0..<64 {
            switch current {
            case .primitive(let primitive):
                if let shape = VariantShape(primitive) { kinds.append(shape.kind) }
                return kinds
            case .array(let element):
                kinds.append(.array)
                current = element
            case .map(_, let value):
                kinds.append(.object)
                current = value
            case .named(let name):
                guard let definition = type(named: name) else { return kinds }
                switch definition.kind {
                case .structure: return kinds + [.object]
                case .enumeration(let enumeration): return kinds + [enumeration.rawType == .string ? .string : .number]
                case .union: return kinds
                case .alias(let target, _): current = target
                }
            }
        }
        return kinds
    }

    /// The JSON keys a variant's struct requires (fields neither optional nor defaulted); none for a
    /// variant that is not a struct.
    public func requiredWireKeys(of variant: Union.Variant) -> Set<String> {
        if case .structure(let keys, _, _)? = variantShape(of: variant.type) { return keys }
        return []
    }

    /// The constant values a variant's struct holds, by JSON key (see `VariantShape.Constant`); none for
    /// a variant that is not a struct. An untagged union's payload is that variant only when it holds
    /// each of them.
    public func constants(of variant: Union.Variant) -> [String: VariantShape.Constant] {
        if case .structure(_, let constants, _)? = variantShape(of: variant.type) { return constants }
        return [:]
    }

    /// The one value `field` can hold: a required, non-null field whose type is an enum of one case,
    /// directly or through aliases; nil for any other field.
    public func constant(of field: Field) -> VariantShape.Constant? {
        guard field.isRequiredOnWire, !field.isNullable else { return nil }
        var current = field.type
        for _ in 0..<64 {
            guard case .named(let name) = current, let definition = type(named: name) else { return nil }
            switch definition.kind {
            case .enumeration(let enumeration):
                guard enumeration.cases.count == 1, let value = enumeration.cases.first?.value else { return nil }
                if enumeration.rawType == .string { return .string(value) }
                return Int64(value).map { .integer($0) }
            case .alias(let target, _): current = target
            case .structure, .union: return nil
            }
        }
        return nil
    }

    /// The order in which an untagged union tries its variants. The payload's JSON kind picks the
    /// candidates (objects, lists, strings, numbers, booleans: the order here); among one kind, a struct
    /// requiring more keys before one requiring fewer, structs before maps, a checked string format
    /// (uuid, date, date-time) before plain strings, integers before other numbers, ties in declaration
    /// order. A struct is a candidate only when the payload holds each of its constants (`constants(of:)`).
    /// A payload becomes the first candidate of its kind that decodes (a struct only when its constants
    /// match and all its required keys are present); when none does, it is kept as `undocumented`.
    public func untaggedCandidates(of union: Union) -> [Union.Variant] {
        VariantShape.tryOrder(union.variants.map { variantShape(of: $0.type) }).map { union.variants[$0] }
    }

    /// The struct a variant is, through aliases; nil for any other variant.
    public func variantStruct(_ variant: Union.Variant) -> [Field]? {
        var current = variant.type
        for _ in 0..<64 {
            guard case .named(let name) = current, let definition = type(named: name) else { return nil }
            switch definition.kind {
            case .structure(let fields): return fields
            case .alias(let target, _): current = target
            case .enumeration, .union: return nil
            }
        }
        return nil
    }

    /// Fields every variant of `union` declares with the same name, wire name, type and date format,
    /// in the first variant's order: the union gets a property for each, readable without a `switch`.
    /// Such a field is optional in the result when it is optional or nullable in any variant. None when
    /// a variant is not a struct.
    public func commonFields(of union: Union) -> [Field] {
        let structs = union.variants.compactMap(variantStruct)
        guard structs.count == union.variants.count, let first = structs.first else { return [] }
        return first.compactMap { field in
            var isOptionalSomewhere = field.isSwiftOptional
            for fields in structs.dropFirst() {
                guard let other = fields.first(where: { $0.name == field.name }),
                    other.wireName == field.wireName, other.type == field.type,
                    effectiveDateFormat(of: other) == effectiveDateFormat(of: field)
                else { return nil }
                isOptionalSomewhere = isOptionalSomewhere || other.isSwiftOptional
            }
            // Only the property's Swift type matters: optional when any variant may lack the value.
            var common = field
            common.defaultValue = nil
            common.isOptional = isOptionalSomewhere
            common.isNullable = false
            return common
        }
    }
}

extension Schema {
    /// The wire format of a `date-time` field: its own `format:`, or that of the alias it names.
    public func effectiveDateFormat(of field: Field) -> DateFormat? {
        field.constraints.dateFormat ?? dateFormat(of: field.type)
    }

    /// The `format:` of the alias `reference` names (through aliases of aliases), if any.
    public func dateFormat(of reference: TypeReference) -> DateFormat? {
        var current = reference
        for _ in 0..<32 {
            guard case .named(let name) = current, case .alias(let target, let constraints)? = type(named: name)?.kind else { return nil }
            if let format = constraints.dateFormat { return format }
            current = target
        }
        return nil
    }
}

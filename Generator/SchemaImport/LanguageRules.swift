import Foundation
import SchemaModel

/// Where a field or parameter was read: enough to report a part of it the language rejects at its
/// keyword, and to know whether leaving its default out makes it optional.
struct UseSource {
    let required: Bool
    let origin: Origin
    let defaultOrigin: Origin?
    let constraintOrigins: [String: Origin]
}

/// What the schema language accepts, decided during translation instead of after rendering and
/// loading the schema (issue 27): defaults against their types and constraints, constraints against
/// what they apply to, union variants against their kinds. What the language would reject is left
/// out at the smallest scope (the default, the constraint, the union as `json`) with a warning that
/// points at the construct, so the written schema loads the first time. The rules are
/// `SchemaValidator`'s (checkFields, checkConstraints, checkType); the final load asserts they agree.
extension TypeTranslator {
    /// What a type expression is once aliases are followed.
    enum ResolvedShape {
        case primitive(Primitive)
        case list(element: String)
        case map
        case structure
        case enumeration(values: [String], stringRaw: Bool)
        case union
    }

    /// Nil for a name not (yet) defined and for alias chains longer than the loader follows.
    func resolvedShape(_ expression: String) -> ResolvedShape? {
        var current = expression
        for _ in 0...Self.maximumReferenceChain {
            if let collection = Self.collection(current) {
                return collection.isMap ? .map : .list(element: String(collection.inner))
            }
            if let primitive = Primitive(rawValue: current) { return .primitive(primitive) }
            guard case .map(let members)? = bodies[current] else { return nil }
            if members.contains(where: { $0.0 == "fields" }) { return .structure }
            if members.contains(where: { $0.0 == "union" }) { return .union }
            if case let enumeration? = members.first(where: { $0.0 == "enum" })?.1 {
                var stringRaw = true
                if case .string(let raw)? = members.first(where: { $0.0 == "type" })?.1 { stringRaw = raw == "string" }
                return .enumeration(values: Self.enumValues(enumeration), stringRaw: stringRaw)
            }
            guard case .string(let target)? = members.first(where: { $0.0 == "type" })?.1 else { return nil }
            current = target
        }
        return nil
    }

    /// `[T]` or `[K: V]` (the colon at the outermost level), with what is inside the brackets.
    static func collection(_ expression: String) -> (isMap: Bool, inner: Substring)? {
        guard expression.hasPrefix("["), expression.hasSuffix("]") else { return nil }
        let inner = expression.dropFirst().dropLast()
        var depth = 0
        for character in inner {
            switch character {
            case "[": depth += 1
            case "]": depth -= 1
            case ":" where depth == 0: return (true, inner)
            default: continue
            }
        }
        return (false, inner)
    }

    /// The raw values of `enum:`, in list form or as cases (a case may be `{value:, deprecated:}`).
    private static func enumValues(_ value: YAMLValue) -> [String] {
        let values: [YAMLValue]
        switch value {
        case .list(let list): values = list
        case .map(let cases):
            values = cases.map { enumCase -> YAMLValue in
                guard case .map(let members) = enumCase.1, let raw = members.first(where: { $0.0 == "value" }) else { return enumCase.1 }
                return raw.1
            }
        default: values = []
        }
        return values.compactMap(scalarText)
    }

    private static func scalarText(_ value: YAMLValue) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        default: return nil
        }
    }

    // MARK: Fields and parameters

    /// Every struct field and alias of the translated types, once all are known (a field may use a
    /// type defined after it).
    func applyLanguageRules() {
        checkUnionVariantKinds()
        for name in order {
            guard case .map(let members)? = bodies[name] else { continue }
            bodies[name] = .map(applyingLanguageRules(to: members, of: name))
        }
    }

    private func applyingLanguageRules(to members: [(String, YAMLValue)], of name: String) -> [(String, YAMLValue)] {
        if let index = members.firstIndex(where: { $0.0 == "fields" }), case .map(let fields) = members[index].1 {
            var result = members
            result[index].1 = .map(
                fields.map { field -> (String, YAMLValue) in
                    guard let source = fieldSources[name]?[field.0], case .map(let attributes) = field.1 else { return field }
                    let kept: [(String, YAMLValue)] = admitted(attributes, source: source)
                    return (field.0, kept.count == 1 ? kept[0].1 : YAMLValue.map(kept))
                })
            return result
        }
        guard !members.contains(where: { ["enum", "union"].contains($0.0) }), let definition = sources[name] else { return members }
        // An alias: its constraints apply to its target.
        let origin = Origin(node: definition.node, pointer: definition.pointer)
        return admitted(members, source: UseSource(required: true, origin: origin, defaultOrigin: nil, constraintOrigins: [:]))
    }

    /// A field's or parameter's attributes without the constraints and default the language would
    /// reject for its type; a field whose default goes becomes optional unless it is required.
    func admitted(_ attributes: [(String, YAMLValue)], source: UseSource) -> [(String, YAMLValue)] {
        guard case .string(let expression)? = attributes.first(where: { $0.0 == "type" })?.1, let shape = resolvedShape(expression) else {
            return attributes
        }
        var members = attributes
        func origin(_ key: String) -> Origin {
            source.constraintOrigins[key] ?? Origin(node: source.origin.node, pointer: source.origin.pointer)
        }
        func drop(_ key: String, because reason: String) {
            guard let index = members.firstIndex(where: { $0.0 == key }) else { return }
            members.remove(at: index)
            let place = origin(key)
            log.warning("'\(key)' \(reason) in the schema language: not imported", at: place.node, place.pointer)
        }
        func number(_ key: String) -> Double? {
            if case .number(let text)? = members.first(where: { $0.0 == key })?.1 { return Double(text) }
            return nil
        }
        let target: ConstraintRules.Target
        switch shape {
        case .primitive(let primitive): target = .primitive(primitive)
        case .enumeration(_, let stringRaw): target = .enumeration(stringRaw: stringRaw)
        case .list, .map: target = .collection
        case .structure, .union: target = .other
        }
        var pattern: String?
        if case .string(let text)? = members.first(where: { $0.0 == "pattern" })?.1 { pattern = text }
        let values = ConstraintRules.Values(
            minLength: number("minLength"), maxLength: number("maxLength"), minimum: number("minimum"), maximum: number("maximum"),
            minItems: number("minItems"), maxItems: number("maxItems"), pattern: pattern, hasFormat: members.contains { $0.0 == "format" })
        for problem in ConstraintRules.problems(values, on: target) {
            switch problem {
            case .notApplicable(let key, let kind): drop(key, because: "applies to \(kind), not to \(expression),")
            case .negative(let key, _): drop(key, because: "must be an integer ≥ 0")
            case .inverted(let low, _, let high, _):
                // No value fits both; which one is wrong is not for the importer to guess.
                drop(low, because: "is greater than '\(high)' (neither is imported), which cannot be written")
                members.removeAll { $0.0 == high }
            case .invalidPattern: drop("pattern", because: "is not a regular expression the validator can apply")
            }
        }
        for key in ["minLength", "maxLength", "minItems", "maxItems"] {
            // The language writes lengths and counts as integers.
            if let value = number(key), value != value.rounded() { drop(key, because: "must be an integer ≥ 0") }
        }
        if case .list(let excluded)? = members.first(where: { $0.0 == "exclude" })?.1 {
            if case .enumeration(let values, _) = shape {
                let texts = excluded.compactMap(Self.scalarText)
                if !texts.allSatisfy(values.contains) || Set(texts).count != texts.count || Set(values).isSubset(of: Set(texts)) {
                    drop("exclude", because: "must list distinct values of the enum and leave one")
                }
            } else {
                drop("exclude", because: "applies to enums, not to \(expression),")
            }
        }
        if let index = members.firstIndex(where: { $0.0 == "default" }), let node = source.defaultOrigin?.node,
            let problem = defaultProblem(node, expression: expression, constraints: members)
        {
            members.remove(at: index)
            let place = source.defaultOrigin ?? source.origin
            log.warning("default \(problem): not imported", at: place.node, place.pointer)
            if !source.required, !members.contains(where: { $0.0 == "optional" }) {
                let after = members.lastIndex { ["type", "wire"].contains($0.0) }.map { $0 + 1 } ?? members.count
                members.insert(("optional", .bool(true)), at: after)
            }
        }
        return members
    }

    /// Why a default cannot be written for `expression` in the schema language, or nil when it can: the
    /// loader's rules for a literal of a type (DefaultValueRules), its bounds and `exclude`. Read after
    /// "default ".
    func defaultProblem(_ value: YAMLNode, expression: String, constraints: [(String, YAMLValue)]) -> String? {
        if let expected = expected(expression, depth: 0), let problem = DefaultValueRules.mismatch(value, expected) {
            return "\(value.foundDescription.prefix(60)) of type \(expression) \(problem.prefix(120))"
        }
        func constraint(_ key: String) -> Double? {
            if case .number(let text)? = constraints.first(where: { $0.0 == key })?.1 { return Double(text) }
            return nil
        }
        let bounds = ConstraintRules.Values(
            minLength: constraint("minLength"), maxLength: constraint("maxLength"), minimum: constraint("minimum"), maximum: constraint("maximum"),
            minItems: constraint("minItems"), maxItems: constraint("maxItems"))
        if let problem = DefaultValueRules.outOfBounds(value, bounds) { return "\(value.foundDescription.prefix(60)) \(problem)" }
        guard let text = value.scalar?.text else { return nil }
        if case .list(let excluded)? = constraints.first(where: { $0.0 == "exclude" })?.1,
            excluded.contains(where: { Self.scalarText($0) == text })
        {
            return "\(value.foundDescription.prefix(60)) is a value the field's 'exclude' rules out"
        }
        return nil
    }

    /// What DefaultValueRules checks a default of `expression` against; nil when the type is not known.
    private func expected(_ expression: String, depth: Int) -> DefaultValueRules.Expected? {
        guard depth < 64, let shape = resolvedShape(expression) else { return nil }
        switch shape {
        case .primitive(let primitive): return .primitive(primitive)
        case .enumeration(let values, _): return .enumeration(values)
        case .list(let element): return .list(expected(element, depth: depth + 1))
        case .map, .structure, .union: return .unsupported
        }
    }

    // MARK: Unions

    /// A tagged union's variants are structs in the language (the tag is a key of the variant's
    /// object). A variant that is an alias of a struct (an `allOf` of one component) is that struct; a
    /// tagged union with a variant that is anything else (a map, a primitive) is imported as `json`,
    /// reported with the variant. Untagged unions take variants of any type (`checkUntaggedUnions`).
    private func checkUnionVariantKinds() {
        for name in order {
            guard case .map(var members)? = bodies[name], let unionIndex = members.firstIndex(where: { $0.0 == "union" }),
                case .map(var union) = members[unionIndex].1, union.contains(where: { $0.0 == "discriminator" }),
                let variantsIndex = union.firstIndex(where: { $0.0 == "variants" }),
                case .map(var variants) = union[variantsIndex].1
            else { continue }
            var rejected: (variant: String, type: String)?
            var why = "which is not an object with properties; a tagged union's variants are structs in the schema language"
            for offset in variants.indices {
                let (variantName, value) = variants[offset]
                guard let type = Self.fieldType(value), let target = structBehindAliases(type) else {
                    rejected = (variantName, Self.fieldType(value) ?? "?")
                    break
                }
                if case .map(let members)? = bodies[target], members.contains(where: { $0.0 == "additionalFields" }) {
                    // Its extra members would take the tag.
                    why = "a struct with additionalProperties, which would take the tag as one of its extra members"
                    rejected = (variantName, type)
                    break
                }
                if target != type { variants[offset].1 = Self.replacingVariantType(value, with: target) }
            }
            let source = sources[name]
            if let rejected {
                log.warning(
                    "variant '\(rejected.variant)' of '\(name)' is \(rejected.type), \(why): imported as json",
                    at: source?.node, source?.pointer ?? .root)
                bodies[name] = .map(members.filter { ["docs", "deprecated", "modelled"].contains($0.0) } + [("type", .string("json"))])
                continue
            }
            union[variantsIndex].1 = .map(variants)
            members[unionIndex].1 = .map(union)
            bodies[name] = .map(members)
        }
    }

    /// The struct a type is, directly or through aliases; nil for anything else.
    private func structBehindAliases(_ type: String) -> String? {
        var current = type
        for _ in 0...Self.maximumReferenceChain {
            guard case .map(let members)? = bodies[current] else { return nil }
            if members.contains(where: { $0.0 == "fields" }) { return current }
            guard !members.contains(where: { ["enum", "union"].contains($0.0) }),
                case .string(let target)? = members.first(where: { $0.0 == "type" })?.1,
                members.allSatisfy({ ["type", "docs", "deprecated", "modelled"].contains($0.0) })
            else { return nil }
            current = target
        }
        return nil
    }

    private static func replacingVariantType(_ value: YAMLValue, with type: String) -> YAMLValue {
        guard case .map(var members) = value, let index = members.firstIndex(where: { $0.0 == "type" }) else { return .string(type) }
        members[index].1 = .string(type)
        return .map(members)
    }
}

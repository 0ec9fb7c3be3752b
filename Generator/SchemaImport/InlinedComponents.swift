import SchemaModel

/// Finds the component a nullable field's schema was copied from. Since issue 13 the export writes a
/// nullable use of an alias of a primitive, array or map (and, with `--strict-enums`, of a closed
/// enum) as that type's own schema with `null` joined to its `type` (and `enum`), because OpenAPI 3.1
/// cannot add `null` to a `$ref` that code generators read. Matching the copy to the one component
/// with the same schema (annotations aside) keeps the field's type the named type.
struct InlinedComponents {
    /// Canonical schema text → the component keys with that schema.
    private var keysByShape: [String: [String]] = [:]

    /// Annotations a definition has and a copy of it leaves out.
    private static let definitionAnnotations: Set<String> = [
        "title", "description", "deprecated", "examples", "example",
        "x-enum-varnames", "x-deprecated-enum-values",
    ]
    /// What a field adds around the copy.
    private static let fieldAnnotations: Set<String> = ["title", "description", "deprecated", "default", "examples", "example", "x-secret"]

    init(components: [YAMLNode.Pair]) {
        for pair in components where Self.canBeCopied(pair.value) {
            keysByShape[Self.canonical(pair.value, leaving: Self.definitionAnnotations), default: []].append(pair.key)
        }
    }

    /// The key of the one component a nullable field's schema is a copy of, else nil; with
    /// `excluding` the field's own `not: {enum: […]}` (an `exclude:` added to the copy) is left out
    /// of the comparison.
    func component(copiedAs stripped: StrippedSchema, excluding: Bool = false) -> String? {
        // `{$ref: X, type: [T, "null"]}` is a nullable reference, not a copy (a copy of an alias of
        // a reference takes `anyOf: [copy, {type: null}]`).
        let isNullableReference = stripped.schema["$ref"] != nil && stripped.schema.pointer.description == stripped.outer.pointer.description
        guard stripped.nullable, !isNullableReference else { return nil }
        let ignored = excluding ? Self.fieldAnnotations.union(["not"]) : Self.fieldAnnotations
        let keys = keysByShape[Self.canonical(stripped.schema.node, leaving: ignored)] ?? []
        return keys.count == 1 ? keys[0] : nil
    }

    /// Definitions that state their own single `type` (or are a `$ref`) and something more (a
    /// format, a constraint, values): aliases of primitives, arrays, maps and (with
    /// `--strict-enums`) of closed enums with an `exclude`, and closed enums. A bare
    /// `{type: string}` or `{$ref: …}` is left out: every nullable string (or use of the target)
    /// would match it.
    private static func canBeCopied(_ node: YAMLNode) -> Bool {
        guard node["type"]?.scalar != nil || node["$ref"] != nil, node["properties"] == nil else { return false }
        let composition = ["anyOf", "oneOf", "allOf", "x-discriminator", "x-untagged-variants"]
        guard !composition.contains(where: { node[$0] != nil }) else { return false }
        let meaningful = (node.pairs ?? []).filter { !definitionAnnotations.contains($0.key) && $0.key != "type" && $0.key != "$ref" }
        return !meaningful.isEmpty
    }

    /// The schema as text with sorted keys, without `leaving` at its top, `null` taken out of `type`
    /// and `enum`: equal for a definition and its nullable copy.
    static func canonical(_ node: YAMLNode, leaving ignored: Set<String>) -> String {
        guard let pairs = node.pairs else { return text(node) }
        var members: [String] = []
        for pair in pairs.sorted(by: { $0.key < $1.key }) where !ignored.contains(pair.key) {
            var value = text(pair.value)
            if pair.key == "type" || pair.key == "enum", let elements = pair.value.elements {
                // `type` names null as the string "null", `enum` as the value null.
                let kept = elements.filter { pair.key == "type" ? $0.scalar?.text != "null" : $0.scalar?.kind != .null }
                value = pair.key == "type" && kept.count == 1 ? text(kept[0]) : "[" + kept.map(text).joined(separator: ",") + "]"
            }
            members.append("\(pair.key):\(value)")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func text(_ node: YAMLNode) -> String {
        switch node.value {
        case .scalar(let scalar): return "\(scalar.kind):\(scalar.text)"
        case .sequence(let elements): return "[" + elements.map(text).joined(separator: ",") + "]"
        case .mapping: return canonical(node, leaving: [])
        }
    }
}

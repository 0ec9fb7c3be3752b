import SchemaModel

/// One JSON Schema object of the document with its pointer, read with OpenAPI 3.0's and 3.1's
/// spellings of the same things (`nullable: true` and `type: [T, "null"]`).
struct SchemaNode {
    let node: YAMLNode
    let pointer: JSONPointer

    init(_ node: YAMLNode, _ pointer: JSONPointer) {
        self.node = node
        self.pointer = pointer
    }

    subscript(key: String) -> YAMLNode? { node[key] }

    func child(_ key: String) -> SchemaNode? {
        node[key].map { SchemaNode($0, pointer.appending(key)) }
    }

    /// The elements of a list-valued keyword (`allOf`, `anyOf`, `oneOf`).
    func branches(_ key: String) -> [SchemaNode] {
        (node[key]?.elements ?? []).enumerated().map { SchemaNode($0.element, pointer.appending(key).appending($0.offset)) }
    }

    /// `type` as a list, without `"null"`.
    var types: [String] {
        guard let type = node["type"] else { return [] }
        let names = type.elements.map { $0.compactMap(\.scalar?.text) } ?? type.scalar.map { [$0.text] } ?? []
        return names.filter { $0 != "null" }
    }

    /// `{type: null}` (or `{const: null}`, `{enum: [null]}`): a branch that only allows null.
    var isNullOnly: Bool {
        if let type = node["type"]?.scalar?.text, type == "null" { return true }
        if node["const"]?.scalar?.kind == .null { return true }
        if let values = node["enum"]?.elements, values.count == 1, values[0].scalar?.kind == .null { return true }
        return false
    }

    /// Whether the node itself allows null (3.0 `nullable: true`, 3.1 `type: [T, "null"]`).
    var allowsNullItself: Bool {
        if node["nullable"]?.scalar?.text == "true" { return true }
        return node["type"]?.elements?.contains { $0.scalar?.text == "null" } ?? false
    }

    /// The words of a string `pattern` written without regex syntax (`sqs`, `^sqs$`,
    /// `resource_policy|sts_resource_policy`): documents use such patterns as constants (netflix's change
    /// types), and a union can only tell its variants apart by values it can name. Nil for any other schema.
    var wordPatternValues: (words: [String], anchored: Bool)? {
        guard node["enum"] == nil, node["const"] == nil, node["format"] == nil, types.allSatisfy({ $0 == "string" }),
            let pattern = node["pattern"]?.scalar?.text
        else { return nil }
        // `^a|b$` is `(^a)|(b$)`: only one anchored word says exactly its value.
        let anchoredEnds = pattern.hasPrefix("^") && pattern.hasSuffix("$")
        var body = Substring(pattern)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") { body = body.dropLast() }
        let words = body.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let isWord = { (word: String) in !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } }
        guard words.allSatisfy(isWord), Set(words).count == words.count else { return nil }
        return (words, anchoredEnds && words.count == 1)
    }

    /// `{}`: any value (a catch-all branch beside the known ones).
    var isEmptySchema: Bool { node.pairs?.isEmpty ?? false }

    /// Keywords that describe a value without restricting it. `nullable` too: in an `allOf` part
    /// without a type it widens nothing (every part must hold, and the others still refuse null).
    static let annotationKeys: Set<String> = [
        "description", "title", "example", "examples", "deprecated", "readOnly", "writeOnly", "externalDocs", "$comment", "nullable",
    ]

    /// An `allOf` part that only describes (`{description: …}` beside a `$ref`): every value passes it.
    var isAnnotationOnly: Bool {
        guard let pairs = node.pairs, !pairs.isEmpty else { return false }
        return pairs.allSatisfy { Self.annotationKeys.contains($0.key) || $0.key.hasPrefix("x-") }
    }

    /// The `allOf` parts that restrict the value (not only annotations, not `{}`).
    var restrictingParts: [SchemaNode] { branches("allOf").filter { !$0.isAnnotationOnly && !$0.isEmptySchema } }

    /// A keyword of the node, else of an annotation-only `allOf` part (`allOf: [{$ref: X}, {description: …}]`
    /// is X, described).
    func annotation(_ key: String) -> YAMLNode? {
        node[key] ?? branches("allOf").lazy.filter(\.isAnnotationOnly).compactMap { $0[key] }.first
    }

    var string: String? { node.scalar?.text }

    /// Whether the `anyOf`/`oneOf` branches of an object with `properties` only require some of those
    /// properties (and restate or narrow them): each branch is `required`, `properties` the object
    /// declares, `minProperties`/`maxProperties`, annotations and `additionalProperties: true`, no `$ref`
    /// and no type but `object`. The
    /// value is then the object; the branches only say which properties come together.
    func onlyRequiresProperties(_ keyword: String) -> Bool {
        guard let declared = node["properties"]?.pairs?.map(\.key), types.allSatisfy({ $0 == "object" }) else { return false }
        let branches = branches(keyword)
        return !branches.isEmpty
            && branches.allSatisfy { branch in
                guard let pairs = branch.node.pairs, branch.types.allSatisfy({ $0 == "object" }) else { return false }
                return pairs.allSatisfy { pair in
                    switch pair.key {
                    case "required": return (pair.value.elements ?? []).allSatisfy { $0.scalar.map { declared.contains($0.text) } ?? false }
                    case "properties": return (pair.value.pairs ?? []).allSatisfy { declared.contains($0.key) }
                    case "additionalProperties": return pair.value.scalar?.text == "true"
                    // How many of them are present: `maxProperties: 0` is the object without any.
                    case "type", "minProperties", "maxProperties": return true
                    default: return Self.annotationKeys.contains(pair.key) || pair.key.hasPrefix("x-")
                    }
                }
            }
    }
}

/// A schema with its null alternative taken off: `anyOf: [T, {type: null}]` (this project's export
/// before issue 13), `type: [T, "null"]` (3.1) and `nullable: true` (3.0) all read as `T`, nullable.
struct StrippedSchema {
    /// What the value is when it is not null.
    let schema: SchemaNode
    let nullable: Bool
    /// The node that held the null alternative (annotations like `description` live there).
    let outer: SchemaNode

    init(_ node: SchemaNode) {
        outer = node
        for key in ["anyOf", "oneOf"] {
            let branches = node.branches(key)
            if branches.count == 2, let nullIndex = branches.firstIndex(where: \.isNullOnly) {
                schema = branches[1 - nullIndex]
                nullable = true
                return
            }
        }
        schema = node
        nullable = node.allowsNullItself
    }

    /// A keyword from the outer node, else from the inner one.
    subscript(key: String) -> YAMLNode? { outer.annotation(key) ?? schema.annotation(key) }
}

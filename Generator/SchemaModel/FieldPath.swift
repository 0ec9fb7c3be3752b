/// A dotted path of wire names through a payload's objects (`cursors.next`, `error.code`), as a schema
/// writes pagination's `items`, `next` and `totalPages`, the error catalogue's `code` and a credential
/// flow's token paths. The one reading of that text: the validator checks a path with `resolve`, the
/// renderer turns it into a member chain, the sandbox and schema-check traffic read payloads with it
/// (`JSON.value(at:)`).
public struct FieldPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The wire names in order. An empty one (`a..b`, a trailing dot) names no field, so such a path
    /// never resolves and the validator reports it.
    public var keys: [String]

    public init(_ dotted: String) {
        keys = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public init(keys: [String]) {
        self.keys = keys
    }

    public init(arrayLiteral keys: String...) {
        self.keys = keys
    }

    public var description: String { keys.joined(separator: ".") }

    /// The path one key longer.
    public func appending(_ key: String) -> FieldPath {
        FieldPath(keys: keys + [key])
    }

    /// The path of the object that holds the last key (empty for a one-key path).
    public var parent: FieldPath {
        FieldPath(keys: Array(keys.dropLast()))
    }

    /// Where a path leads through a schema's types.
    public enum Resolution {
        /// The fields along the path; the last one is the field the path names.
        case fields([Field])
        /// `keys[index]` is looked up in `type`, which is not a struct.
        case notAStruct(TypeReference, index: Int)
        /// The struct `typeName` has no field `keys[index]`; `fields` are its fields (for a suggestion).
        case noField(index: Int, typeName: String, fields: [Field])
    }

    /// Follows the path from `root` through struct fields by wire name (the first field with that name),
    /// as generated code reads it: an alias or a union on the way is not a struct.
    public func resolve(from root: TypeReference, types: (String) -> TypeDefinition?) -> Resolution {
        var current = root
        var found: [Field] = []
        for (index, key) in keys.enumerated() {
            guard case .named(let name) = current, let type = types(name), case .structure(let fields) = type.kind else {
                return .notAStruct(current, index: index)
            }
            guard let field = fields.first(where: { $0.wireName == key }) else {
                return .noField(index: index, typeName: name, fields: fields)
            }
            found.append(field)
            current = field.type
        }
        return .fields(found)
    }

    /// The fields along the path from `root`, or nil where it does not resolve.
    public func fields(from root: TypeReference, types: (String) -> TypeDefinition?) -> [Field]? {
        guard case .fields(let fields) = resolve(from: root, types: types) else { return nil }
        return fields
    }

    /// Whether a value of `root` can carry a field at the path, looking through aliases and into every
    /// variant of a union (any one that has it is enough): for bodies whose shape only has to allow the
    /// field, such as the success bodies an error envelope must not mistake for failures.
    public func mayLead(from root: TypeReference, types: (String) -> TypeDefinition?) -> Bool {
        // Aliases and unions can nest and refer to each other; 32 steps is far deeper than any schema's.
        func search(_ keys: ArraySlice<String>, in type: TypeReference, depth: Int) -> Bool {
            guard let key = keys.first, depth < 32, case .named(let name) = type, let definition = types(name) else { return false }
            switch definition.kind {
            case .structure(let fields):
                guard let field = fields.first(where: { $0.wireName == key }) else { return false }
                return keys.count == 1 || search(keys.dropFirst(), in: field.type, depth: depth + 1)
            case .alias(let target, _):
                return search(keys, in: target, depth: depth + 1)
            case .union(let union):
                return union.variants.contains { search(keys, in: $0.type, depth: depth + 1) }
            case .enumeration:
                return false
            }
        }
        return search(keys[...], in: root, depth: 0)
    }
}

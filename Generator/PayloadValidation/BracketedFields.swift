import Foundation
import SchemaModel

/// Form items and query items with bracketed names (`card[exp_month]=12`, `items[0][price]=p_1`,
/// `expand[]=customer`), read back into the tree they spell: the wire form of a form body with
/// `style: deepObject` and of a `deepObject` query parameter (docs/SchemaLanguage.md, "Nested forms").
///
/// A list element may be named by its index (`expand[0]`, what generated clients send) or by a trailing
/// `[]` (`expand[]`, what Rails and PHP clients send); both read the same. `[]` before another bracket
/// (`items[][price]`) is ambiguous and refused. Names nest at most `maxDepth` brackets deep, so no
/// request can make the reader or the walk over the schema recurse without bound.
struct BracketTree: Sendable {
    /// Names nest at most this many brackets deep.
    static let maxDepth = 32

    /// The values sent for exactly this name (or this name with a trailing `[]`), in order.
    var values: [String] = []
    /// The members, by the text between their brackets, in the order first sent.
    private(set) var keys: [String] = []
    private(set) var children: [String: BracketTree] = [:]

    /// A name that cannot be read, with why.
    struct Problem: Sendable {
        let name: String
        let reason: String
    }

    subscript(key: String) -> BracketTree? { children[key] }

    /// The tree of `items`, whose names are `base` followed by brackets (`base` nil: any base, each a
    /// member of the root, as in a body), and the names that could not be read.
    static func parse(_ items: [(name: String, value: String)], base: String?) -> (BracketTree, [Problem]) {
        var root = BracketTree()
        var problems: [Problem] = []
        for item in items {
            guard var segments = segments(of: item.name) else {
                problems.append(Problem(name: item.name, reason: "is not a name followed by [member] brackets"))
                continue
            }
            if let base {
                guard segments.first == base else { continue }
                segments.removeFirst()
            }
            guard segments.count <= maxDepth else {
                problems.append(Problem(name: item.name, reason: "nests more than \(maxDepth) brackets deep"))
                continue
            }
            if let empty = segments.firstIndex(of: ""), empty != segments.count - 1 || (base == nil && empty == 0) {
                problems.append(Problem(name: item.name, reason: "has [] before another bracket: name list elements by index (items[0][price])"))
                continue
            }
            if segments.last == "" { segments.removeLast() }
            root.insert(item.value, at: segments[...])
        }
        return (root, problems)
    }

    private mutating func insert(_ value: String, at path: ArraySlice<String>) {
        guard let key = path.first else {
            values.append(value)
            return
        }
        if children[key] == nil { keys.append(key) }
        children[key, default: BracketTree()].insert(value, at: path.dropFirst())
    }

    /// `card[exp_month][x]` as `["card", "exp_month", "x"]` (an empty segment for `[]`). A name whose
    /// brackets do not pair up but that ends in `]` is one member (`labels[k]ey]`: a map key holding a
    /// bracket, as clients send it); nil for other names that are not a base and brackets.
    static func segments(of name: String) -> [String]? {
        if let strict = strictSegments(of: name) { return strict }
        guard let open = name.firstIndex(of: "["), name.hasSuffix("]"), open != name.startIndex else { return nil }
        return [String(name[..<open]), String(name[name.index(after: open)..<name.index(before: name.endIndex)])]
    }

    private static func strictSegments(of name: String) -> [String]? {
        guard let open = name.firstIndex(of: "[") else { return name.contains("]") ? nil : [name] }
        var segments = [String(name[..<open])]
        var rest = name[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            if inner.contains("[") { return nil }
            segments.append(String(inner))
            rest = rest[rest.index(after: close)...]
        }
        return segments
    }
}

extension RequestValidator {
    /// Issues of the members in `tree` against `type`, named in brackets after `name` (nil at a body's
    /// root). `field` carries the constraints and format of the value (nil only at a body's root, a
    /// struct); struct fields bring their own.
    func bracketIssues(_ tree: BracketTree, _ type: TypeReference, name: String?, field: Field?) -> [ValidationIssue] {
        func member(_ key: String) -> String { name.map { "\($0)[\(key)]" } ?? key }
        func refuse(_ pointer: String, expected: String, found: String, _ message: String) -> ValidationIssue {
            ValidationIssue(severity: .error, kind: .type, pointer: pointer, expected: expected, found: found, message: message, rule: field?.location)
        }
        /// `field` as the value at `pointer` holding `type`: what a map's value or a list's element is checked as.
        func element(_ pointer: String, _ type: TypeReference) -> Field? {
            guard var element = field else { return nil }
            element.name = pointer
            element.wireName = pointer
            element.type = type
            element.isOptional = false
            element.isNullable = false
            element.defaultValue = nil
            element.constraints = Constraints()
            return element
        }
        var issues: [ValidationIssue] = []
        let resolved = schema.resolvingAliases(type)
        let isContainer: Bool
        switch resolved {
        case .primitive: isContainer = false
        case .array(let inner): isContainer = !schema.isScalar(inner)
        case .map: isContainer = true
        case .named(let typeName):
            if case .structure? = schema.type(named: typeName)?.kind { isContainer = true } else { isContainer = false }
        }
        if isContainer, !tree.values.isEmpty, let name {
            issues.append(refuse(name, expected: "members in brackets", found: "a value", "'\(name)' holds \(type): send its members as \(name)[…]"))
        }
        let isScalarList: Bool
        if case .array = resolved { isScalarList = !isContainer } else { isScalarList = false }
        if !isContainer, !isScalarList, !tree.keys.isEmpty, let name {
            issues.append(refuse(name, expected: "one value", found: "members in brackets", "'\(name)' is \(type), a single value, not members in brackets"))
            return issues
        }
        switch resolved {
        case .named(let typeName):
            guard case .structure(let fields)? = schema.type(named: typeName)?.kind else { break }
            let known = Set(fields.map(\.wireName))
            for key in tree.keys where !known.contains(key) {
                issues.append(refuse(member(key), expected: "a member of \(typeName)", found: "'\(key)'", "not a member of \(typeName)"))
            }
            for inner in fields {
                let pointer = member(inner.wireName)
                var renamed = inner
                renamed.wireName = pointer
                if let child = tree[inner.wireName] {
                    issues += bracketIssues(child, inner.type, name: pointer, field: renamed)
                } else if inner.isRequiredOnWire {
                    // An empty struct, list or map sends nothing: absent is empty, and a struct's own
                    // required members are reported by name.
                    issues += bracketIssues(BracketTree(), inner.type, name: pointer, field: renamed)
                }
            }
            return issues
        case .map(_, let value):
            for key in tree.keys {
                let pointer = member(key)
                issues += bracketIssues(tree[key]!, value, name: pointer, field: element(pointer, value))
            }
            return issues
        case .array(let inner):
            var indexed: [(index: Int, tree: BracketTree)] = []
            for key in tree.keys {
                guard let index = Int(key), index >= 0, String(index) == key else {
                    issues.append(
                        refuse(member(key), expected: "a list index", found: "'\(key)'", "'\(member(key))' names a list element by '\(key)', not an index"))
                    continue
                }
                indexed.append((index, tree[key]!))
            }
            indexed.sort { $0.index < $1.index }
            if isContainer {
                for (index, child) in indexed {
                    let pointer = member(String(index))
                    issues += bracketIssues(child, inner, name: pointer, field: element(pointer, inner))
                }
                return issues
            }
            // A list of scalars: `expand[]=a`, `expand[0]=a` and `expand=a` items, in order.
            guard let field else { return issues }
            var values = tree.values
            for (index, child) in indexed {
                if !child.keys.isEmpty {
                    let pointer = member(String(index))
                    issues.append(refuse(pointer, expected: "one value", found: "members in brackets", "'\(pointer)' is \(inner), a single value"))
                }
                values += child.values
            }
            return issues + validator.validateParameter(values: values, as: field)
        case .primitive:
            break
        }
        guard let field else { return issues }
        return issues + validator.validateParameter(values: tree.values, as: field)
    }

    /// Issues of the items of a nested form body (`style: deepObject`) against the body's struct.
    func nestedFormIssues(_ items: [(name: String, value: String)], of type: TypeReference) -> [ValidationIssue] {
        let (tree, problems) = BracketTree.parse(items, base: nil)
        return problems.map(Self.issue(for:)) + bracketIssues(tree, type, name: nil, field: nil)
    }

    /// Issues of a `deepObject` query parameter: the items named `wire[…]` read as its nested value.
    /// A bare `wire=value` item is read too, and refused: the parameter is an object, sent in brackets.
    func deepObjectIssues(_ field: Field, query: [(name: String, value: String)]) -> [ValidationIssue] {
        let prefix = field.wireName + "["
        let items = query.filter { $0.name == field.wireName || $0.name.hasPrefix(prefix) }
        let (tree, problems) = BracketTree.parse(items, base: field.wireName)
        if items.isEmpty, !field.isRequiredOnWire { return [] }
        return problems.map(Self.issue(for:)) + bracketIssues(tree, field.type, name: field.wireName, field: field)
    }

    private static func issue(for problem: BracketTree.Problem) -> ValidationIssue {
        ValidationIssue(
            severity: .error, kind: .type, pointer: problem.name, expected: "a bracketed name", found: "'\(problem.name)'",
            message: "'\(problem.name)' \(problem.reason)", rule: nil)
    }
}

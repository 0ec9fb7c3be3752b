import Foundation
import Yams

/// A YAML (or JSON) document as a plain value tree where every node knows its source location.
/// Yams' own nodes are converted once, so the rest of the model never touches Yams.
public struct YAMLNode: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case scalar(Scalar)
        case mapping([Pair])
        case sequence([YAMLNode])
    }

    /// A scalar with the type YAML 1.2's core schema gives it: quoted scalars are always strings.
    public struct Scalar: Hashable, Sendable {
        public enum Kind: Hashable, Sendable { case string, int, float, bool, null }
        public let text: String
        public let kind: Kind

        public init(text: String, kind: Kind) {
            self.text = text
            self.kind = kind
        }
    }

    /// A mapping entry; keys are scalars, kept in the order they were written.
    public struct Pair: Hashable, Sendable {
        public let key: String
        public let keyLocation: SourceLocation
        public let value: YAMLNode

        public init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public let value: Value
    public let location: SourceLocation

    /// A node read by another reader than YAML's (`client-generator import` reads JSON documents with
    /// schema-check's JSON parser).
    public init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = value { return scalar }
        return nil
    }

    public var pairs: [Pair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    public var elements: [YAMLNode]? {
        if case .sequence(let elements) = value { return elements }
        return nil
    }

    /// The value of `key` in a mapping.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key == key }?.value
    }

    /// The kind, with the value where it is a scalar worth quoting: "a string 'ten'", "a number '1.5'",
    /// "a list" (never an empty quote for a collection or null).
    public var foundDescription: String {
        guard let text = scalar?.text, scalar?.kind != .null, !text.isEmpty else { return kindDescription }
        return "\(kindDescription) '\(text)'"
    }

    /// What a person would call this node's kind, for messages ("expected a mapping, found a list").
    public var kindDescription: String {
        switch value {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            switch scalar.kind {
            case .string: return "a string"
            case .int: return "an integer"
            case .float: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }
}

/// Reads YAML text into a `YAMLNode`, turning syntax errors into diagnostics.
enum YAMLReader {
    /// Documents nested deeper than this are rejected instead of exhausting the stack.
    static let maximumDepth = YAMLBudget.maximumDepth

    static func read(_ text: String, file: String, log: DiagnosticLog) -> YAMLNode? {
        // A JSON document is read as JSON: libYAML refuses surrogate-pair escapes and keys over 1,024 characters.
        if let (root, diagnostics) = JSONDocument.read(text, file: file) {
            for diagnostic in diagnostics {
                switch diagnostic.severity {
                case .error: log.error(diagnostic.message, at: diagnostic.location)
                case .warning: log.warning(diagnostic.message, at: diagnostic.location)
                }
            }
            return root
        }
        // Before composing: an alias bomb must be rejected before anything expands it.
        if let violation = YAMLBudget.check(text) {
            log.error(violation.message, at: SourceLocation(file: file, line: violation.line, column: violation.column))
            return nil
        }
        let root: Node?
        do {
            // `resolve` below types plain scalars (YAML 1.2 core schema), so Yams resolves no tags:
            // its default resolver runs a regular expression per scalar, most of reading a schema.
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            let (message, mark) = describe(error)
            log.error("invalid YAML: \(message)", at: mark.map { SourceLocation(file: file, line: $0.line, column: $0.column) })
            return nil
        } catch {
            log.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        guard let root else {
            log.error("the schema is empty", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        return convert(root, file: file, depth: 0, log: log)
    }

    private static func convert(_ node: Node, file: String, depth: Int, log: DiagnosticLog) -> YAMLNode? {
        let location = SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        guard depth < maximumDepth else {
            log.error("the document is nested more than \(maximumDepth) levels deep", at: location)
            return nil
        }
        switch node {
        case .scalar(let scalar):
            return YAMLNode(value: .scalar(resolve(scalar)), location: location)
        case .sequence(let sequence):
            let elements = sequence.compactMap { convert($0, file: file, depth: depth + 1, log: log) }
            return YAMLNode(value: .sequence(elements), location: location)
        case .mapping(let mapping):
            var pairs: [YAMLNode.Pair] = []
            var seen: Set<String> = []
            for (key, value) in mapping {
                let keyLocation = SourceLocation(file: file, line: key.mark?.line ?? 1, column: key.mark?.column ?? 1)
                guard case .scalar(let keyScalar) = key else {
                    log.error("mapping keys must be plain text", at: keyLocation)
                    continue
                }
                guard seen.insert(keyScalar.string).inserted else {
                    log.error("duplicate key '\(keyScalar.string)'", at: keyLocation)
                    continue
                }
                guard let converted = convert(value, file: file, depth: depth + 1, log: log) else { continue }
                pairs.append(YAMLNode.Pair(key: keyScalar.string, keyLocation: keyLocation, value: converted))
            }
            return YAMLNode(value: .mapping(pairs), location: location)
        case .alias(let alias):
            log.error("unresolved YAML alias '\(alias.anchor)'", at: location)
            return nil
        }
    }

    /// YAML 1.2 core schema resolution, so `yes`, `on` and `no` stay strings as in JSON.
    private static func resolve(_ scalar: Node.Scalar) -> YAMLNode.Scalar {
        let text = scalar.string
        guard scalar.style == .plain || scalar.style == .any else {
            return YAMLNode.Scalar(text: text, kind: .string)
        }
        switch text {
        case "", "~", "null", "Null", "NULL":
            return YAMLNode.Scalar(text: text, kind: .null)
        case "true", "True", "TRUE", "false", "False", "FALSE":
            return YAMLNode.Scalar(text: text.lowercased(), kind: .bool)
        case ".inf", ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN":
            return YAMLNode.Scalar(text: text, kind: .float)
        default:
            if isInteger(text) { return YAMLNode.Scalar(text: text, kind: .int) }
            if isFloat(text) { return YAMLNode.Scalar(text: text, kind: .float) }
            return YAMLNode.Scalar(text: text, kind: .string)
        }
    }

    private static func isInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isFloat(_ text: String) -> Bool {
        // [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponent = rest.dropFirst(mantissa.count)
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return false }
        if exponent.isEmpty { return true }
        var digits = exponent.dropFirst()
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func describe(_ error: YamlError) -> (String, Mark?) {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return (problem, mark)
        case .reader(let problem, _, _, _):
            return (problem, nil)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ("duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) in a mapping", context.mark)
        default:
            return ("\(error)", nil)
        }
    }
}

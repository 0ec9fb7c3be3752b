/// A JSON value type whose objects keep their members in order: what the one conversion from schema
/// YAML to JSON builds (`init(_:)`, `YAMLNode.json(as:)`). PayloadValidation's `JSON` (validation, the
/// sandbox) and SchemaExport's `OrderedJSON` (exports) conform, so an example or default is the same
/// JSON in a served body, a validated payload and an export.
public protocol JSONTree {
    static var null: Self { get }
    static func bool(_ value: Bool) -> Self
    /// `text` is a JSON number as written (`1`, `-0.5`, `1e400`).
    static func number(_ text: String) -> Self
    static func string(_ text: String) -> Self
    static func array(_ elements: [Self]) -> Self
    /// Members in order, a repeated key once per occurrence.
    static func object(members: [(key: String, value: Self)]) -> Self
}

extension JSONTree {
    /// A schema example or default (a YAML node) as JSON: see `YAMLNode.json(as:)`.
    public init(_ node: YAMLNode) {
        self = node.json(as: Self.self)
    }
}

extension YAMLNode {
    /// The node as a JSON value: mapping order kept, numbers normalised to JSON syntax, infinities and
    /// NaN (which JSON cannot write) as strings of their YAML text.
    public func json<Tree: JSONTree>(as tree: Tree.Type = Tree.self) -> Tree {
        switch value {
        case .mapping(let pairs):
            return .object(members: pairs.map { (key: $0.key, value: $0.value.json(as: tree)) })
        case .sequence(let elements):
            return .array(elements.map { $0.json(as: tree) })
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: return .null
            case .bool: return .bool(scalar.text == "true")
            case .string: return .string(scalar.text)
            case .int, .float: return Self.jsonNumber(scalar.text).map(Tree.number) ?? .string(scalar.text)
            }
        }
    }

    /// The node as JSON text, for example payloads (the sandbox serves them, tests send them): the
    /// conversion above, written compactly.
    public var jsonText: String {
        json(as: CompactJSONText.self).text
    }

    /// YAML allows `+1`, `.5`, `1.` and `.inf`; JSON does not. nil for infinity and NaN.
    private static func jsonNumber(_ text: String) -> String? {
        var number = text.hasPrefix("+") ? String(text.dropFirst()) : text
        if number.lowercased().contains("inf") || number.lowercased().contains("nan") { return nil }
        let negative = number.hasPrefix("-")
        if negative { number.removeFirst() }
        if number.hasPrefix(".") { number = "0" + number }
        number = number.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
        if number.hasSuffix(".") { number += "0" }
        return (negative ? "-" : "") + number
    }
}

/// JSON text as a `JSONTree`, so `jsonText` is the same conversion as every JSON value.
private struct CompactJSONText: JSONTree {
    var text: String

    static var null: Self { Self(text: "null") }
    static func bool(_ value: Bool) -> Self { Self(text: value ? "true" : "false") }
    static func number(_ text: String) -> Self { Self(text: text) }
    static func string(_ text: String) -> Self { Self(text: JSONText.quoted(text)) }
    static func array(_ elements: [Self]) -> Self { Self(text: "[" + elements.map(\.text).joined(separator: ",") + "]") }
    static func object(members: [(key: String, value: Self)]) -> Self {
        Self(text: "{" + members.map { JSONText.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}")
    }
}

/// JSON string literals, written the same way by every tool that emits JSON (examples, the sandbox,
/// schema-check): quotes, backslashes and control characters escaped, everything else as is.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    public static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            if let escape = shortEscape(scalar) {
                output += escape
            } else if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// The escapes JSON strings and YAML double-quoted scalars write alike (`YAMLText` uses them too):
    /// the quote, the backslash, line feed, carriage return and tab. nil for any other scalar.
    static func shortEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return nil
        }
    }
}

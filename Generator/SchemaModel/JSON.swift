/// A JSON value exactly as written: numbers keep their text (`1.0`, `1e400`, 30-digit integers are
/// not rounded through `Double`), objects keep their members in order, duplicate keys included.
///
/// Not `indirect`: arrays and member lists already store their elements out of line, so strings and
/// numbers need no extra box.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's text as it appeared in the input (valid RFC 8259 number syntax when parsed).
    case number(String)
    case string(String)
    case array([JSON])
    /// Members in input order; a repeated key appears once per occurrence.
    case object([Member])

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSON

        public init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the first member named `key` (the one a generated decoder uses).
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value a dotted path leads to through objects (the first member of each name), nil where it
    /// leads nowhere: an error body's code, a page's items, a login answer's token.
    public func value(at path: FieldPath) -> JSON? {
        var current = self
        for key in path.keys {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    /// The element at `index` of an array.
    public subscript(index: Int) -> JSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension JSON: CustomStringConvertible {
    /// Compact JSON text (numbers as written, members in order, duplicates kept).
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSON.writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSON.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    static func writeString(_ text: String, to output: inout String) {
        JSONText.appendQuoted(text, to: &output)
    }
}

extension JSON: JSONTree {
    public static func object(members: [(key: String, value: JSON)]) -> JSON {
        .object(members.map { Member(key: $0.key, value: $0.value) })
    }
}

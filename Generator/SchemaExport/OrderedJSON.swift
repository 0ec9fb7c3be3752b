import SchemaModel

/// A JSON value whose objects keep their keys in the order they were added, so every export is
/// byte-for-byte deterministic. Numbers are kept as JSON number text.
/// Built from a YAML node by the conversion every JSON value shares (`JSONTree`).
public indirect enum OrderedJSON: Sendable, Equatable, JSONTree {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        lhs.text() == rhs.text()
    }

    public static func integer<T: BinaryInteger>(_ value: T) -> OrderedJSON { .number(String(value)) }

    /// A constraint bound: integral values without a fraction (`0`, not `0.0`).
    public static func number(_ value: Double) -> OrderedJSON {
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number(String(value))
    }

    public static func object(members: [(key: String, value: OrderedJSON)]) -> OrderedJSON {
        .object(members.map { ($0.key, $0.value) })
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Pretty-printed with a two-space indent and a final newline; `compact` prints one line.
    public func text(compact: Bool = false) -> String {
        var output = ""
        write(to: &output, indent: compact ? nil : 0)
        if !compact { output += "\n" }
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        func newline(_ level: Int) {
            output += "\n" + String(repeating: "  ", count: level)
        }
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): JSONText.appendQuoted(text, to: &output)
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            // Arrays of scalars stay on one line (`"required": ["a", "b"]`).
            let flat = elements.allSatisfy(\.isScalar)
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += indent == nil || flat ? (indent == nil ? "," : ", ") : "," }
                if let indent, !flat { newline(indent + 1) }
                element.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if let indent, !flat { newline(indent) }
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                if let indent { newline(indent + 1) }
                JSONText.appendQuoted(member.0, to: &output)
                output += indent == nil ? ":" : ": "
                member.1.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if let indent { newline(indent) }
            output += "}"
        }
    }

    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}

typealias ObjectBuilder = OrderedMembers<OrderedJSON>

extension OrderedMembers where Value == OrderedJSON {
    mutating func set(_ key: String, _ text: String?) {
        set(key, text.map(OrderedJSON.string))
    }

    var value: OrderedJSON { .object(members) }
}

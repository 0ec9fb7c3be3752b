/// Any JSON value: the type of `json`-typed schema fields, and how unknown union variants are kept
/// verbatim so they re-encode unchanged.
public enum JSONValue: Codable, Hashable, Sendable {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A number without fraction or exponent that fits in 64 bits.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not preserved (the encoder sorts keys).
    case object([String: JSONValue])

    /// Decodes whatever JSON value is present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Order matters: integers before doubles so `1` stays `.int(1)`, and Bool before numbers.
        // Strings come first: they are the commonest value, and each kind tried in vain costs a thrown
        // DecodingError with its coding path (the generated models decode every uuid field once more as
        // a JSONValue to check its form, which cost three such errors per field before).
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a JSON value")
        }
    }

    /// Encodes the value as the JSON it represents.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value at a dotted path such as `error.code` or `items.0.id` (numeric components index
    /// arrays); `nil` when any step is missing. An empty path is the value itself.
    public subscript(path path: String) -> JSONValue? {
        guard !path.isEmpty else { return self }
        var current = self
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let members):
                guard let next = members[String(component)] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Scalars as text (strings as is, numbers and booleans rendered), for error messages and codes;
    /// `nil` for `null`, arrays and objects.
    public var scalarText: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): value.description
        case .bool(let value): value ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`
    public init(nilLiteral: ()) { self = .null }
    /// `.bool`
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.int`
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// `.double`
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `.string`
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.array`
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `.object`; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

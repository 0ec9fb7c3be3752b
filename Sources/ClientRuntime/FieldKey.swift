/// A model field's key on the wire: what every generated model decodes and encodes its fields with,
/// written as a string literal where it is used (`forKey: "createdAt"`).
///
/// One key type for all models rather than a `CodingKeys` enum in each: an enum brings its own
/// conformances (`CodingKey`, `RawRepresentable`, `Hashable`, descriptions) that the compiler checks and
/// emits for every model, and again for the module's interface on every edit. Benchmarks/README.md
/// ("Where the compiler spends its time") has the measurements.
@_spi(Generated) public struct FieldKey: CodingKey, ExpressibleByStringLiteral, Hashable, Sendable {
    public let stringValue: String

    public init(stringLiteral value: String) {
        self.stringValue = value
    }

    public init?(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Fields are keyed by name only.
    public var intValue: Int? { nil }

    /// Fields are keyed by name only.
    public init?(intValue: Int) { nil }
}

@_spi(Generated) extension Decoder {
    /// The keyed container a generated model decodes its fields from.
    public func fieldContainer() throws -> KeyedDecodingContainer<FieldKey> {
        try container(keyedBy: FieldKey.self)
    }
}

@_spi(Generated) extension Encoder {
    /// The keyed container a generated model encodes its fields into.
    public func fieldContainer() -> KeyedEncodingContainer<FieldKey> {
        container(keyedBy: FieldKey.self)
    }
}

@_spi(Generated) extension KeyedDecodingContainer where Key == FieldKey {
    /// Every member of the object whose key is none of `fields`: a struct's `additionalFields`, which
    /// hold what the schema's `additionalFields: T` allows beyond the declared fields.
    public func decodeAdditionalFields<Value: Decodable>(excluding fields: Set<String>) throws -> [String: Value] {
        var members: [String: Value] = [:]
        for key in allKeys where !fields.contains(key.stringValue) {
            members[key.stringValue] = try decode(Value.self, forKey: key)
        }
        return members
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == FieldKey {
    /// Writes `members` beside the fields; a member named like a field is left out, so the field's
    /// value is the one on the wire (an object has each key once). In key order, so the same value
    /// always encodes to the same text.
    public mutating func encodeAdditionalFields<Value: Encodable>(_ members: [String: Value], excluding fields: Set<String>) throws {
        for (key, value) in members.sorted(by: { $0.key < $1.key }) where !fields.contains(key) {
            try encode(value, forKey: FieldKey(stringLiteral: key))
        }
    }
}

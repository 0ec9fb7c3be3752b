import Foundation
@_spi(Generated) import WireFormat

// Generated models decode and encode formatted `Date` fields through these.
@_spi(Generated) extension KeyedDecodingContainer {
    /// A required, non-null date in `format`.
    public func decodeDate(forKey key: Key, format: DateWireFormat) throws -> Date {
        try format.decode(from: superDecoder(forKey: key).singleValueContainer())
    }

    /// A date in `format`, or nil when the key is absent or null.
    public func decodeDateIfPresent(forKey key: Key, format: DateWireFormat) throws -> Date? {
        guard contains(key), !(try decodeNil(forKey: key)) else { return nil }
        return try decodeDate(forKey: key, format: format)
    }

    /// A date in `format` whose key must be present but may be null.
    public func decodeNullableDate(forKey key: Key, format: DateWireFormat) throws -> Date? {
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \(key.stringValue)"))
        }
        return try decodeDateIfPresent(forKey: key, format: format)
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Writes `date` in `format`; a nil date is written as null.
    public mutating func encodeDate(_ date: Date?, forKey key: Key, format: DateWireFormat) throws {
        guard let date else { return try encodeNil(forKey: key) }
        var container: any SingleValueEncodingContainer = superEncoder(forKey: key).singleValueContainer()
        try format.encode(date, to: &container)
    }

    /// Writes `date` in `format`, leaving the key out when it is nil.
    public mutating func encodeDateIfPresent(_ date: Date?, forKey key: Key, format: DateWireFormat) throws {
        guard let date else { return }
        try encodeDate(date, forKey: key, format: format)
    }
}

@_spi(Generated) extension JSONValue {
    /// The member `key` of an object decoded as `Value` with the JSON coders every client uses, or nil
    /// when this is not an object, the key is absent or the value does not decode. Generated unions
    /// read fields shared by every variant from an `unknown` payload through this.
    public func member<Value: Decodable>(_ key: String) -> Value? {
        guard case .object(let members) = self, let value = members[key],
            let data = try? JSONCoding.makeEncoder().encode(value)
        else { return nil }
        return try? JSONCoding.makeDecoder().decode(Value.self, from: data)
    }

    /// The member `key` of an object read as a date in `format`, or nil.
    public func dateMember(_ key: String, format: DateWireFormat) -> Date? {
        guard case .object(let members) = self else { return nil }
        switch members[key] {
        case .int(let number)?: return format.date(fromNumber: number)
        case .string(let text)? where !format.isNumeric: return format.date(from: text)
        default: return nil
        }
    }
}

@_spi(Generated) extension Decoder {
    /// The keys of the JSON object being decoded (an error when it is not an object). Untagged
    /// unions choose their variant by them.
    public func objectKeys() throws -> Set<String> {
        Set(try container(keyedBy: AnyObjectKey.self).allKeys.map(\.stringValue))
    }

    /// The string or integer values at `keys` of the JSON object being decoded (an error when it is not
    /// an object), read once through one keyed container; a key that is absent or holds another kind of
    /// value is left out. Untagged unions whose struct variants hold constants (`type: file`) choose by
    /// them before decoding a variant.
    public func constantMembers(_ keys: [String]) throws -> [String: JSONValue] {
        let container = try container(keyedBy: AnyObjectKey.self)
        var values: [String: JSONValue] = [:]
        for key in keys.map(AnyObjectKey.init(stringValue:)) where container.contains(key) {
            if let text = try? container.decode(String.self, forKey: key) {
                values[key.stringValue] = .string(text)
            } else if let number = try? container.decode(Int64.self, forKey: key) {
                values[key.stringValue] = .int(number)
            }
        }
        return values
    }
}

/// A coding key for any string, to list an object's keys.
struct AnyObjectKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

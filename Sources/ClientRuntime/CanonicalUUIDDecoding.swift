import Foundation
@_spi(Generated) import WireFormat

// Generated models decode every field built from the schema's `uuid` (`uuid`, `[uuid]`, `[string: uuid]`,
// optional, nullable or defaulted, through aliases) with `decodeCanonicalUUIDs(forKey:)`: each UUID is read
// once, as text, and accepted only in the canonical 8-4-4-4-12 form the exports and `schema-check` describe.
// `UUID`'s own `Decodable` conformance accepts more (`UUID(canonicalString:)` says what), and checking its
// result again afterwards meant decoding every such field twice.

/// A type whose JSON holds only UUIDs: `UUID`, and arrays, dictionaries and optionals of such types.
@_spi(Generated) public protocol CanonicalUUIDDecodable {
    /// The same shape with every `UUID` read as `CanonicalUUIDText`.
    associatedtype CanonicalUUIDWireForm: Decodable

    /// The value from its decoded wire form.
    init(canonicalUUIDWireForm: CanonicalUUIDWireForm)
}

/// One UUID decoded from JSON text in canonical 8-4-4-4-12 form (hex digits in either case); any other
/// text is a `DecodingError.dataCorrupted` at the value's coding path.
@_spi(Generated) public struct CanonicalUUIDText: Decodable, Sendable {
    /// The decoded UUID.
    public let uuid: UUID

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let uuid = UUID(canonicalString: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a UUID in canonical 8-4-4-4-12 form.")
        }
        self.uuid = uuid
    }
}

@_spi(Generated) extension UUID: CanonicalUUIDDecodable {
    public init(canonicalUUIDWireForm: CanonicalUUIDText) { self = canonicalUUIDWireForm.uuid }
}

@_spi(Generated) extension Optional: CanonicalUUIDDecodable where Wrapped: CanonicalUUIDDecodable {
    public init(canonicalUUIDWireForm: Wrapped.CanonicalUUIDWireForm?) {
        self = canonicalUUIDWireForm.map(Wrapped.init(canonicalUUIDWireForm:))
    }
}

@_spi(Generated) extension Array: CanonicalUUIDDecodable where Element: CanonicalUUIDDecodable {
    public init(canonicalUUIDWireForm: [Element.CanonicalUUIDWireForm]) {
        self = canonicalUUIDWireForm.map(Element.init(canonicalUUIDWireForm:))
    }
}

@_spi(Generated) extension Dictionary: CanonicalUUIDDecodable where Key: Decodable, Value: CanonicalUUIDDecodable {
    public init(canonicalUUIDWireForm: [Key: Value.CanonicalUUIDWireForm]) {
        self = canonicalUUIDWireForm.mapValues(Value.init(canonicalUUIDWireForm:))
    }
}

@_spi(Generated) extension KeyedDecodingContainer {
    /// The value for `key`, each UUID in it in canonical form. With an optional `Value` the key must be
    /// present and `null` decodes as nil (a nullable, required field).
    @inlinable
    public func decodeCanonicalUUIDs<Value: CanonicalUUIDDecodable>(forKey key: Key) throws -> Value {
        Value(canonicalUUIDWireForm: try decode(Value.CanonicalUUIDWireForm.self, forKey: key))
    }

    /// The value for `key`, each UUID in it in canonical form, or nil when the key is absent or `null`.
    @inlinable
    public func decodeCanonicalUUIDsIfPresent<Value: CanonicalUUIDDecodable>(forKey key: Key) throws -> Value? {
        try decodeIfPresent(Value.CanonicalUUIDWireForm.self, forKey: key).map(Value.init(canonicalUUIDWireForm:))
    }
}

extension JSONValue {
    /// Whether every string in this value is a canonical UUID (`UUID.isCanonical`), for a value decoded
    /// as JSON whose strings must all be UUIDs. (Generated models read fields built from `uuid` with
    /// `decodeCanonicalUUIDs(forKey:)` instead, which checks each UUID as it decodes it.)
    @_spi(Generated) public var stringsAreCanonicalUUIDs: Bool {
        // The usual case, a single uuid field, needs no worklist (an allocation per decoded field).
        if case .string(let text) = self { return UUID.isCanonical(text) }
        var pending = [self]
        while let value = pending.popLast() {
            switch value {
            case .string(let text): if !UUID.isCanonical(text) { return false }
            case .array(let elements): pending += elements
            case .object(let members): pending += members.values
            case .null, .bool, .int, .double: continue
            }
        }
        return true
    }
}

@_spi(Generated) extension SingleValueDecodingContainer {
    /// The value, each UUID in it in canonical form (an untagged union's `uuid` variant).
    @inlinable
    public func decodeCanonicalUUIDs<Value: CanonicalUUIDDecodable>() throws -> Value {
        Value(canonicalUUIDWireForm: try decode(Value.CanonicalUUIDWireForm.self))
    }
}

import Foundation

/// The kind of a JSON value. Untagged unions choose their candidates by it.
@_spi(Generated) public enum JSONValueKind: Sendable, Hashable {
    case object, array, string, number, boolean, null
}

@_spi(Generated) extension Decoder {
    /// The kind of the JSON value being decoded. Objects and lists are recognised by their containers;
    /// other values by what their single-value container decodes.
    public func jsonValueKind() throws -> JSONValueKind {
        if (try? container(keyedBy: AnyObjectKey.self)) != nil { return .object }
        if (try? unkeyedContainer()) != nil { return .array }
        let container = try singleValueContainer()
        if container.decodeNil() { return .null }
        if (try? container.decode(String.self)) != nil { return .string }
        if (try? container.decode(Bool.self)) != nil { return .boolean }
        // What is left of JSON's values.
        return .number
    }
}

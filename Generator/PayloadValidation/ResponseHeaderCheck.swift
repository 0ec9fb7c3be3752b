import Foundation
import SchemaModel
@_spi(Generated) import WireFormat

/// The declared response headers (`responseHeaders:`) of a success answer, read with the client
/// runtime's own parsers (`ResponseHeaderValue`, in WireFormat), so what `schema-check traffic` accepts is what a
/// generated `…WithHeaders` method reads.
public enum ResponseHeaderCheck {
    /// One problem: the header's wire name and what is wrong, never its value (it may be a credential).
    public struct Problem: Sendable, Hashable {
        public let header: String
        /// `a 32-bit integer`; nil when the header is missing.
        public let expected: String?
    }

    /// The problems of `operation`'s declared headers in a response whose headers `value` gives.
    public static func problems(of operation: OperationDefinition, value: (String) -> String?) -> [Problem] {
        operation.responseHeaders.compactMap { field in
            guard let text = value(field.wireName) else { return field.isOptional ? nil : Problem(header: field.wireName, expected: nil) }
            guard case .primitive(let primitive) = field.type, let type = valueType(primitive) else { return nil }
            return type.init(headerText: text.trimmingCharacters(in: .whitespaces)) == nil
                ? Problem(header: field.wireName, expected: type.headerDescription) : nil
        }
    }

    private static func valueType(_ primitive: Primitive) -> (any ResponseHeaderValue.Type)? {
        switch primitive {
        case .string, .email: return String.self
        case .bool: return Bool.self
        case .int: return Int.self
        case .int32: return Int32.self
        case .int64: return Int64.self
        case .double: return Double.self
        case .uuid: return UUID.self
        case .uri: return URL.self
        case .dateTime: return Date.self
        case .decimal, .date, .base64, .binary, .json: return nil
        }
    }
}

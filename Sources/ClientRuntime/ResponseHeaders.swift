import Foundation
@_spi(Generated) import WireFormat

/// A decoded answer together with what else the response said: its status and the headers the schema
/// declares for it (`responseHeaders:`), typed. Returned by the `…WithHeaders` method generated beside
/// an operation's plain method, which returns the body alone.
public struct TypedResponse<Body: Sendable, Headers: Sendable>: Sendable {
    /// The decoded body, as the plain method returns it.
    public let body: Body
    /// The declared response headers, parsed.
    public let headers: Headers
    /// The HTTP status received (a 2xx).
    public let status: Int

    /// Creates an answer; generated code and tests build them.
    public init(body: Body, headers: Headers, status: Int) {
        self.body = body
        self.headers = headers
        self.status = status
    }
}

extension TypedResponse: Equatable where Body: Equatable, Headers: Equatable {}
extension TypedResponse: Hashable where Body: Hashable, Headers: Hashable {}

/// A declared response header that is missing or does not parse as its type. It reaches the caller as
/// the cause of the client error's `invalidResponse`; it never carries the header's value, which may
/// be a credential.
public struct ResponseHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The header's name as the schema declares it (`X-RateLimit-Remaining`).
    public let name: String
    /// What the value was expected to be (`an integer`); nil when the header is missing.
    public let expected: String?

    /// A required header is missing.
    public static func missing(_ name: String) -> ResponseHeaderError { ResponseHeaderError(name: name, expected: nil) }

    /// A header is present but is not `expected`.
    public static func invalid(_ name: String, expected: String) -> ResponseHeaderError { ResponseHeaderError(name: name, expected: expected) }

    public var description: String {
        guard let expected else { return "The response has no \(name) header, which the schema requires." }
        return "The response's \(name) header is not \(expected)."
    }
}

/// What generated header structs call to read one declared header.
@_spi(Generated) public enum ResponseHeaderField {
    /// The header `name` of `response` as `Value`; throws when it is missing or does not parse.
    public static func required<Value: ResponseHeaderValue>(_ name: String, in response: HTTPResponse) throws(ResponseHeaderError) -> Value {
        guard let value: Value = try optional(name, in: response) else { throw .missing(name) }
        return value
    }

    /// The header `name` of `response` as `Value`, nil when it is absent; throws when it does not parse.
    public static func optional<Value: ResponseHeaderValue>(_ name: String, in response: HTTPResponse) throws(ResponseHeaderError) -> Value? {
        guard let text = response.headers[name] else { return nil }
        guard let value = Value(headerText: text.trimmingCharacters(in: .whitespaces)) else {
            throw .invalid(name, expected: Value.headerDescription)
        }
        return value
    }
}

import Foundation
@_spi(Generated) import WireFormat

/// A value that can be written into a path segment, query item or header.
///
/// Produces the raw text only; percent-encoding is the job of `RequestBuilder`, which knows where the
/// text goes.
public protocol ParameterEncodable {
    /// The value as text, before any percent-encoding.
    @_spi(Generated) var parameterValue: String { get }
}

extension String: ParameterEncodable {
    /// The string itself.
    @_spi(Generated) public var parameterValue: String { self }
}

extension Int: ParameterEncodable {
    /// Decimal digits.
    @_spi(Generated) public var parameterValue: String { String(self) }
}

extension Int32: ParameterEncodable {
    /// Decimal digits.
    @_spi(Generated) public var parameterValue: String { String(self) }
}

extension Int64: ParameterEncodable {
    /// Decimal digits.
    @_spi(Generated) public var parameterValue: String { String(self) }
}

extension Double: ParameterEncodable {
    /// Swift's shortest round-tripping form (`1.5`, `0.1`), which is locale-independent.
    @_spi(Generated) public var parameterValue: String { description }
}

extension Bool: ParameterEncodable {
    /// `true` or `false`.
    @_spi(Generated) public var parameterValue: String { self ? "true" : "false" }
}

extension Decimal: ParameterEncodable {
    /// Plain decimal notation with a `.` separator regardless of locale.
    @_spi(Generated) public var parameterValue: String { description }
}

extension UUID: ParameterEncodable {
    /// The canonical `uuidString` (uppercase hex), which servers compare case-insensitively.
    @_spi(Generated) public var parameterValue: String { uuidString }
}

extension URL: ParameterEncodable {
    /// The absolute URL string.
    @_spi(Generated) public var parameterValue: String { absoluteString }
}

extension Date: ParameterEncodable {
    /// RFC 3339 in UTC with milliseconds, the same form the JSON encoder writes.
    @_spi(Generated) public var parameterValue: String { RFC3339.string(from: self) }
}

extension ParameterEncodable where Self: RawRepresentable, RawValue: ParameterEncodable {
    /// The raw value's text, so generated string and integer enums only need to declare conformance.
    @_spi(Generated) public var parameterValue: String { rawValue.parameterValue }
}

@_spi(Generated) import WireFormat

/// `format:` of a `date-time` field or alias: how the date is written on the wire. RFC 3339 (the
/// default) is represented by no format at all.
public enum DateFormat: Hashable, Sendable, CustomStringConvertible {
    /// Whole seconds since 1970, a JSON integer.
    case epochSeconds
    /// Whole milliseconds since 1970, a JSON integer.
    case epochMilliseconds
    /// A string in a fixed pattern (`yyyy-MM-dd HH:mm:ss.SSSSSS Z 'UTC'`), checked when parsed.
    case pattern(String)

    /// The names `format:` accepts besides a pattern.
    public static let keywords = ["rfc3339", "epochSeconds", "epochMilliseconds"]

    public var description: String {
        switch self {
        case .epochSeconds: return "epochSeconds"
        case .epochMilliseconds: return "epochMilliseconds"
        case .pattern(let pattern): return pattern
        }
    }

    /// The format generated code reads and writes the date in, which the exports, the validator and the
    /// sandbox use too. SPI because `DateWireFormat` is (`@_spi(WireFormat) import SchemaModel` to use it).
    @_spi(WireFormat) public var wireFormat: DateWireFormat {
        switch self {
        case .epochSeconds: return .epochSeconds
        case .epochMilliseconds: return .epochMilliseconds
        case .pattern(let pattern): return .pattern(pattern)
        }
    }

    /// Whether the wire value is a JSON integer rather than a string.
    public var isNumeric: Bool { self == .epochSeconds || self == .epochMilliseconds }

    /// Parses `format:`; `nil` with a reason when the text is neither a keyword nor a valid pattern.
    /// `rfc3339` gives `.success(nil)`.
    static func parse(_ text: String) -> Result<DateFormat?, DateWireFormat.PatternError> {
        switch text {
        case "rfc3339": return .success(nil)
        case "epochSeconds": return .success(.epochSeconds)
        case "epochMilliseconds": return .success(.epochMilliseconds)
        default:
            do {
                _ = try DateWireFormat(pattern: text)
                return .success(.pattern(text))
            } catch let error as DateWireFormat.PatternError {
                return .failure(error)
            } catch {
                return .failure(DateWireFormat.PatternError(description: "\(error)"))
            }
        }
    }
}

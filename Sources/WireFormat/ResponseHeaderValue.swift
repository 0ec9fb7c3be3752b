import Foundation

/// A type a response header's text parses into: what generated header structs read their fields with
/// (`ResponseHeaderField`), and what `schema-check traffic` checks headers with.
@_spi(Generated) public protocol ResponseHeaderValue: Sendable {
    /// The value of `text` (already trimmed of surrounding spaces), or nil when it is not one.
    init?(headerText text: String)
    /// What a value looks like, for `ResponseHeaderError` (`an integer`).
    static var headerDescription: String { get }
}

@_spi(Generated) extension String: ResponseHeaderValue {
    public init?(headerText text: String) { self = text }
    public static var headerDescription: String { "text" }
}

@_spi(Generated) extension Int: ResponseHeaderValue {
    public init?(headerText text: String) { self.init(text) }
    public static var headerDescription: String { "an integer" }
}

@_spi(Generated) extension Int32: ResponseHeaderValue {
    public init?(headerText text: String) { self.init(text) }
    public static var headerDescription: String { "a 32-bit integer" }
}

@_spi(Generated) extension Int64: ResponseHeaderValue {
    public init?(headerText text: String) { self.init(text) }
    public static var headerDescription: String { "a 64-bit integer" }
}

@_spi(Generated) extension Double: ResponseHeaderValue {
    public init?(headerText text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
    public static var headerDescription: String { "a number" }
}

@_spi(Generated) extension Bool: ResponseHeaderValue {
    public init?(headerText text: String) {
        switch text.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
    public static var headerDescription: String { "true or false" }
}

@_spi(Generated) extension UUID: ResponseHeaderValue {
    public init?(headerText text: String) { self.init(uuidString: text) }
    public static var headerDescription: String { "a UUID" }
}

@_spi(Generated) extension URL: ResponseHeaderValue {
    /// An absolute URL or a reference (`Location: /items/7` is resolved by the caller against the request).
    public init?(headerText text: String) {
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0.isNewline }) else { return nil }
        self.init(string: text)
    }
    public static var headerDescription: String { "a URL" }
}

@_spi(Generated) extension Date: ResponseHeaderValue {
    /// An HTTP-date (`Last-Modified: Sun, 06 Nov 1994 08:49:37 GMT`, as HTTP headers write dates), or an
    /// RFC 3339 date-time (`2024-05-01T12:00:00Z`, as some APIs do).
    public init?(headerText text: String) {
        guard let date = RetryAfter.httpDate(text) ?? RFC3339.date(from: text) else { return nil }
        self = date
    }
    public static var headerDescription: String { "an HTTP-date or an RFC 3339 date-time" }
}

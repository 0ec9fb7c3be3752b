import Foundation

/// A transport-independent HTTP response, fully read into memory.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// The header fields received.
    public var headers: HTTPHeaders
    /// The complete body; empty when there was none.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is in the 2xx range, which the client treats as success.
    public var isSuccess: Bool { (200...299).contains(status) }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `200 [headers] (n bytes)`, headers redacted (responses carry `Set-Cookie` and fresh tokens).
    public var description: String {
        "\(status) \(headers) (\(body.count) bytes)"
    }

    /// Same as `description`: debug output is just as likely to end up in a log.
    public var debugDescription: String { description }

    /// Keeps `dump` from printing raw headers and body.
    public var customMirror: Mirror {
        Mirror(self, children: ["status": status, "headers": headers, "bodySize": body.count])
    }
}

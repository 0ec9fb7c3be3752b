import Foundation

/// A transport-independent HTTP request, as the client core and middlewares see it.
///
/// A plain value rather than `URLRequest` so middlewares and test transports can inspect and rewrite it
/// without Foundation networking, and so it is `Sendable`.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields to send.
    public var headers: HTTPHeaders
    /// The body to send, or `nil` for none.
    public var body: Data?
    /// A body sent as it is produced (an operation with `requestStream:`), in place of `body`; a
    /// transport that cannot stream reads it whole with `RequestBodyStream.collect(upTo:)`.
    public var bodyStream: RequestBodyStream?
    /// Query item, header and JSON field names whose values the schema marks secret; descriptions and
    /// logs hide them (`Redaction`). Set from `OperationInfo.secretNames` by `RequestBuilder`.
    public var secretNames: Set<String>

    /// Creates a request.
    public init(
        method: HTTPMethod, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil,
        secretNames: Set<String> = [], bodyStream: RequestBodyStream? = nil
    ) {
        self.bodyStream = bodyStream
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.secretNames = secretNames
    }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GET https://host/path?q=v [headers] (n bytes)`, with credential-like query values and headers
    /// redacted and the body reduced to its size, since bodies may carry secrets of their own.
    public var description: String {
        var text = "\(method.rawValue) \(redactedURL) \(headers.redactedDescription(secretNames: secretNames))"
        if let body { text += " (\(body.count) bytes)" }
        if bodyStream != nil { text += " (streamed body)" }
        return text
    }

    /// The URL with sensitive query values hidden.
    public var redactedURL: String { Redaction.url(url, secretNames: secretNames) }

    /// Same as `description`: debug output is just as likely to end up in a log.
    public var debugDescription: String { description }

    /// Keeps `dump` from printing the raw URL, headers and body.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method.rawValue,
                "url": redactedURL,
                "headers": headers.redactedDescription(secretNames: secretNames),
                "bodySize": body?.count as Any,
            ])
    }
}

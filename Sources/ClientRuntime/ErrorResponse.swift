import Foundation

/// What a documented or undocumented error response carried; generated error cases hold one, so the
/// status, headers and raw bytes stay reachable even when the body does not match the schema.
public struct ErrorResponse<Body: Sendable>: Sendable {
    /// The HTTP status.
    public let status: Int
    /// The response headers.
    public let headers: HTTPHeaders
    /// The body exactly as received.
    public let rawBody: Data
    /// The body decoded as the documented type, or `nil` when it was empty or did not decode.
    public let body: Body?
    /// JSON field names the schema marks secret; `description` hides their values.
    public let secretNames: Set<String>

    /// Creates an error response from its parts.
    public init(status: Int, headers: HTTPHeaders, rawBody: Data, body: Body?, secretNames: Set<String> = []) {
        self.status = status
        self.headers = headers
        self.rawBody = rawBody
        self.body = body
        self.secretNames = secretNames
    }

    /// The UTF-8 text of `rawBody`, for messages; `nil` when empty or not UTF-8.
    public var bodyText: String? {
        rawBody.isEmpty ? nil : String(data: rawBody, encoding: .utf8)
    }
}

extension ErrorResponse where Body: Decodable {
    /// Captures `response`, decoding its body as `Body` with the shared JSON decoder; a body that does not
    /// decode leaves `body` nil rather than failing, since the error itself is what the caller needs.
    /// `secretNames` are the JSON fields the schema marks secret, hidden in `description`.
    @_spi(Generated) public init(_ response: HTTPResponse, decoding: Body.Type, secretNames: Set<String> = []) {
        self.init(
            status: response.status,
            headers: response.headers,
            rawBody: response.body,
            body: response.body.isEmpty ? nil : try? JSONCoding.makeDecoder().decode(Body.self, from: response.body),
            secretNames: secretNames
        )
    }
}

extension ErrorResponse {
    /// The same response with its body decoded as `Other`: a catalogue case whose answers carry a body of
    /// their own (`body:` on the case), or that case's response seen as the catalogue's body.
    @_spi(Generated) public func decoded<Other: Decodable & Sendable>(secretNames: Set<String> = []) -> ErrorResponse<Other> {
        ErrorResponse<Other>(
            status: status, headers: headers, rawBody: rawBody,
            body: rawBody.isEmpty ? nil : try? JSONCoding.makeDecoder().decode(Other.self, from: rawBody),
            secretNames: secretNames)
    }
}

extension ErrorResponse: Equatable where Body: Equatable {}
extension ErrorResponse: Hashable where Body: Hashable {}

extension ErrorResponse: CustomStringConvertible {
    /// `HTTP 404: <start of body>` with headers left out (they are redacted elsewhere, but add little), and
    /// the body as `Redaction.body` renders it: JSON with secret fields hidden, anything else by size.
    public var description: String {
        guard !rawBody.isEmpty else { return "HTTP \(status) (0 bytes)" }
        let text = Redaction.body(rawBody, secretNames: secretNames)
        let limit = 500
        return "HTTP \(status): " + (text.count > limit ? text.prefix(limit) + "…" : text)
    }
}

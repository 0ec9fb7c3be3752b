/// Failures the client stack of this module reports itself, as opposed to the platform errors (`URLError`)
/// a transport passes through unchanged so callers and retry logic can inspect their codes.
///
/// A generated client surfaces every one of them as its error type's `.transport(TransportError)` case.
/// Descriptions never include paths, queries or headers, which may carry secrets; a redirect target is
/// named by its origin (scheme, host and port) only.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with something that is not an HTTP response (e.g. a non-HTTP URL scheme).
    /// The associated value names the response type received.
    case nonHTTPResponse(String)
    /// The server redirected (`status`) to another origin (`origin`, e.g. `https://cdn.example.com:443`).
    /// Such redirects are never followed, so credentials are never sent to an origin they were not
    /// attached for; see `URLSessionTransport`.
    case crossOriginRedirect(status: Int, origin: String)
    /// More than `limit` same-origin redirects in a row (most likely a loop).
    case tooManyRedirects(limit: Int)
    /// The response body (after content decoding) would exceed `limit` bytes, so the transfer was stopped.
    /// Raise the limit with `ClientConfiguration.maximumResponseSize` or
    /// `RequestOptions.maximumResponseSize`.
    case responseTooLarge(limit: Int)
    /// The call, all attempts and retry waits included, did not finish within `seconds`; the transfer in
    /// flight was cancelled. See `ClientConfiguration.callTimeout` and `RequestOptions.callTimeout`.
    case callTimedOut(seconds: Double)

    /// A human-readable explanation; never includes paths, queries or headers, which may carry secrets.
    public var description: String {
        switch self {
        case .nonHTTPResponse(let type):
            "The transport received a non-HTTP response (\(type))."
        case .crossOriginRedirect(let status, let origin):
            "The server redirected (HTTP \(status)) to another origin (\(origin)); not followed, so no credentials left their origin."
        case .tooManyRedirects(let limit):
            "The server redirected more than \(limit) times."
        case .responseTooLarge(let limit):
            "The response body exceeds the limit of \(limit) bytes; the transfer was stopped."
        case .callTimedOut(let seconds):
            "The call did not finish within \(Self.format(seconds)) s (all attempts and waits); it was cancelled."
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

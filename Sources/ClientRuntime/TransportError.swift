/// Failures a transport in this module reports itself, as opposed to the platform errors (`URLError`)
/// it passes through unchanged so callers and retry logic can inspect their codes.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with something that is not an HTTP response (e.g. a non-HTTP URL scheme).
    /// The associated value names the response type received.
    case nonHTTPResponse(String)

    /// A human-readable explanation; never includes URLs or headers, which may carry secrets.
    public var description: String {
        switch self {
        case .nonHTTPResponse(let type):
            "The transport received a non-HTTP response (\(type))."
        }
    }
}

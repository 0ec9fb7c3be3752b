/// Sends one HTTP request and returns the complete response.
///
/// The bottom of the client stack: `ClientCore` runs credentials and middlewares, then hands the request
/// to a transport. Any status is a response, not an error; a transport throws only when no usable HTTP
/// response was obtained (connection refused, timeout, cancellation, non-HTTP reply, or one of the
/// `TransportError`s, e.g. a redirect to another origin or a body over the size limit).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Intercepts every request a client sends, for logging, extra headers, retries, token refresh, caching.
///
/// Middlewares run in the order they are configured, the first being outermost: it sees the request first
/// and the response last. A middleware may rewrite the request, call `next` zero times (to answer from a
/// cache or fail fast), once, or several times (to retry), and may rewrite the response.
public protocol ClientMiddleware: Sendable {
    /// Handles `request` for `operation`, usually by calling `next` with it (or a modified copy).
    func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse
}

/// Intercepts every request a client sends, for logging, extra headers, retries, token refresh, caching.
///
/// Middlewares run in the order they are configured, the first being outermost: it sees the request first
/// and the response last. A middleware may rewrite the request, call `next` zero times (to answer from a
/// cache or fail fast), once, or several times (to retry), and may rewrite the response.
///
/// `next` is escaping so a middleware may also call it after returning, from background work it starts
/// (a cache refreshing a served entry). Conformances may still declare the parameter non-escaping.
/// `RequestOptions.current` holds the per-call options of the request being handled.
public protocol ClientMiddleware: Sendable {
    /// Handles `request` for `operation`, usually by calling `next` with it (or a modified copy).
    func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse
}

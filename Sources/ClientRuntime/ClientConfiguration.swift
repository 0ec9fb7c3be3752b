import Foundation

/// Everything a generated client needs to reach its API: where, over what, with which interceptors
/// and credentials.
public struct ClientConfiguration: Sendable {
    /// The server URL operation paths are appended to; may include a base path such as `/api/v1`.
    public var baseURL: URL
    /// Sends the requests; `URLSessionTransport` unless replaced (tests, custom stacks).
    public var transport: any HTTPTransport
    /// Interceptors in order, the first being outermost.
    ///
    /// The recommended order for the middlewares of this module is
    /// `[LoggingMiddleware, CachingMiddleware, RetryMiddleware, BearerTokenMiddleware]`:
    /// - logging outermost logs each call once as the caller sees it, cache hits included, and never sees
    ///   the access token (retries, refreshes and background refreshes log their own events);
    /// - caching outside retries, so a cache hit costs no attempt and background refreshes are retried too;
    /// - retries outside the token middleware, so every attempt carries the current token, a refresh's
    ///   resend is not counted as a retry, and a failed refresh (not a transport error) is never retried;
    /// - the token middleware innermost attaches the token just before sending; it replaces any
    ///   `Authorization` header attached from `credentials`.
    public var middlewares: [any ClientMiddleware]
    /// Supplies secrets for operations that declare auth; `nil` sends every request unauthenticated.
    public var credentials: (any CredentialProvider)?
    /// The longest a call may take, in seconds: credentials, every attempt and every retry wait together.
    /// When it passes, the transfer in flight is cancelled and the call fails with
    /// `TransportError.callTimedOut` (a generated client's `.transport`). `nil` means no limit; a call's
    /// `RequestOptions.callTimeout` replaces it.
    ///
    /// It complements the session's own timeouts, which only bound the wait for each next byte, so a
    /// server trickling a body slowly could otherwise keep a call alive for as long as it likes.
    public var callTimeout: TimeInterval?
    /// The largest response body accepted, in bytes (after content decoding); a larger one fails with
    /// `TransportError.responseTooLarge`. `nil` keeps the transport's own limit
    /// (`URLSessionTransport.defaultMaximumResponseSize`, 10 MiB); a call's
    /// `RequestOptions.maximumResponseSize` replaces it.
    public var maximumResponseSize: Int?
    /// Opens the WebSocket connections of the API's channels (`URLSessionChannelTransport` unless replaced:
    /// on Linux, where libcurl has no WebSockets, an opt-in transport on swift-nio).
    public var channelTransport: any ChannelTransport

    /// One minute: far longer than any JSON call should take, short enough that a stuck call ends.
    public static let defaultCallTimeout: TimeInterval = 60

    /// Creates a configuration.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        middlewares: [any ClientMiddleware] = [],
        credentials: (any CredentialProvider)? = nil,
        callTimeout: TimeInterval? = ClientConfiguration.defaultCallTimeout,
        maximumResponseSize: Int? = nil,
        channelTransport: any ChannelTransport = URLSessionChannelTransport()
    ) {
        self.channelTransport = channelTransport
        self.baseURL = baseURL
        self.transport = transport
        self.middlewares = middlewares
        self.credentials = credentials
        self.callTimeout = callTimeout
        self.maximumResponseSize = maximumResponseSize
    }
}

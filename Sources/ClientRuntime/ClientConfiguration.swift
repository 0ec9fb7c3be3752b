import Foundation

/// Everything a generated client needs to reach its API: where, over what, with which interceptors
/// and credentials.
public struct ClientConfiguration: Sendable {
    /// The server URL operation paths are appended to; may include a base path such as `/api/v1`.
    public var baseURL: URL
    /// Sends the requests; `URLSessionTransport` unless replaced (tests, custom stacks).
    public var transport: any HTTPTransport
    /// Interceptors in order, the first being outermost.
    public var middlewares: [any ClientMiddleware]
    /// Supplies secrets for operations that declare auth; `nil` sends every request unauthenticated.
    public var credentials: (any CredentialProvider)?

    /// Creates a configuration.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        middlewares: [any ClientMiddleware] = [],
        credentials: (any CredentialProvider)? = nil
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.middlewares = middlewares
        self.credentials = credentials
    }
}

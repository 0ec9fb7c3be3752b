import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What generated channel methods call: a `Channel` whose every connect builds its opening request the way an
/// HTTP call of the same operation is built and authorized (docs/SchemaLanguage.md, "Channels").
extension ClientCore {
    /// A channel over the configuration's `channelTransport`, not yet connected.
    ///
    /// - Parameters:
    ///   - request: The opening request: the channel's path and query on the base URL.
    ///   - onClose: What each close code means (generated from the schema's `close:` table).
    @_spi(Generated) public func channel<Outgoing: Encodable & Sendable, Incoming: Decodable & Sendable, Failure: Error & Sendable>(
        _ request: RequestBuilder,
        onClose: @escaping @Sendable (ChannelClosure) -> ChannelCloseAction<Failure>
    ) -> Channel<Outgoing, Incoming, Failure> {
        Channel(
            transport: configuration.channelTransport,
            makeRequest: { [self] refreshCredential in try await channelRequest(request, refreshCredential: refreshCredential) },
            onClose: onClose,
            encoder: JSONCoding.makeEncoder(),
            decoder: JSONCoding.makeDecoder())
    }

    /// The opening request of a channel: `request`'s URL with `ws`/`wss` for `http`/`https`, with the credentials
    /// an HTTP call of the same operation carries: the `CredentialProvider`'s, then those the credential
    /// middlewares (`CredentialIdentifying`, such as `BearerTokenMiddleware`) attach. Other middlewares do not
    /// run: the handshake is no HTTP exchange a retry, cache or log could reason about.
    ///
    /// - Parameter refreshCredential: The server closed the last connection saying the credential expired:
    ///   the credential middlewares renew it first, through the path an HTTP 401 takes (the first attempt is
    ///   answered 401, so a `BearerTokenMiddleware` refreshes its token once, single-flighted with every
    ///   other call, and sends the renewed one).
    /// - Throws: `RequestBuildError` for a request that cannot be built or lacks a credential,
    ///   `TokenRefreshError` when no usable token can be had.
    @_spi(Generated) public func channelRequest(_ request: RequestBuilder, refreshCredential: Bool) async throws -> URLRequest {
        let operation = request.operation
        let (authorized, _) = try await authorize(try request.build(), for: operation)
        let handshake = HandshakeCapture(rejectingFirst: refreshCredential)
        var next: @Sendable (HTTPRequest) async throws -> HTTPResponse = { request in handshake.answer(request) }
        for middleware in configuration.middlewares.reversed() where middleware is any CredentialIdentifying {
            let inner = next
            next = { request in try await middleware.intercept(request, operation: operation, next: inner) }
        }
        _ = try await next(authorized)
        let sent = handshake.lastRequest ?? authorized
        var urlRequest = URLSessionTransport.urlRequest(for: sent)
        urlRequest.httpMethod = "GET"
        urlRequest.url = Self.webSocketURL(for: sent.url)
        return urlRequest
    }

    /// `http` -> `ws`, `https` -> `wss`; other schemes stay as they are.
    static func webSocketURL(for url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        switch components.scheme?.lowercased() {
        case "http": components.scheme = "ws"
        case "https": components.scheme = "wss"
        default: break
        }
        return components.url ?? url
    }
}

/// The innermost step of a handshake's credential middlewares: keeps the request they would send, answering
/// 101 (or 401 once, to make them renew the credential).
private final class HandshakeCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var rejectFirst: Bool
    private var captured: HTTPRequest?

    init(rejectingFirst: Bool) {
        rejectFirst = rejectingFirst
    }

    var lastRequest: HTTPRequest? { lock.withLock { captured } }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        lock.withLock {
            captured = request
            let reject = rejectFirst
            rejectFirst = false
            return HTTPResponse(status: reject ? 401 : 101)
        }
    }
}

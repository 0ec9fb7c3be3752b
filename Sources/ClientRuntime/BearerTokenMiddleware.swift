import Foundation

/// Attaches the current access token to the operations that use a bearer scheme and keeps it fresh:
/// proactively before it expires and reactively when the server answers 401.
///
/// On a 401 the request is resent once with renewed tokens (see `TokenRefresher` for the single-flight
/// rules); a second 401 is returned as is, so a rejected token never causes a loop. It replaces any
/// `Authorization` header set earlier (for instance by the client's `CredentialProvider`).
///
/// A call stays the call of the user it started for. Only tokens of the identity fixed when the call
/// started (the one `ClientCore` published to the cache) are attached: when the app saves another user's
/// tokens while a call is in flight (a sign-out and sign-in), a 401 to that call is returned as it is
/// instead of being resent with the new user's token, and a call whose user changed before its token was
/// attached fails with `TokenRefreshError.userChanged`. So one user's answer is never sent to, or cached
/// for, another.
///
/// As a `CredentialIdentifying` source it tells the response cache which user a call is made for (the
/// `TokenSet`'s `subject`, else a digest of the access token), so `CachingMiddleware` keeps users apart
/// even when it runs before this middleware.
public struct BearerTokenMiddleware: ClientMiddleware, CredentialIdentifying {
    /// The scheme whose operations get the token.
    public let scheme: AuthScheme
    /// Loads, renews and single-flights the tokens.
    public let refresher: TokenRefresher

    /// Creates the middleware with its own `TokenRefresher`.
    ///
    /// - Parameters:
    ///   - scheme: The bearer scheme; only operations whose `auth` lists a scheme of this name get the
    ///     token. Another scheme kind (e.g. a session header) is attached the way it prescribes.
    ///   - store: Where the tokens live.
    ///   - refreshLeeway: Refresh when the access token expires within this many seconds.
    ///   - refresh: Exchanges the current tokens for new ones.
    ///   - logger: Receives `.refresh` and `.refreshFailed` events.
    ///   - now: The clock expiry is checked against.
    public init(
        scheme: AuthScheme,
        store: any TokenStore,
        refreshLeeway: TimeInterval = 30,
        refresh: @escaping @Sendable (TokenSet) async throws -> TokenSet,
        logger: ClientLogger? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.init(
            scheme: scheme,
            refresher: TokenRefresher(
                store: store, refreshLeeway: refreshLeeway, refresh: refresh, logger: logger, now: now
            ))
    }

    /// Creates the middleware around an existing refresher, e.g. one shared by several clients of the
    /// same API so they never refresh concurrently.
    public init(scheme: AuthScheme, refresher: TokenRefresher) {
        self.scheme = scheme
        self.refresher = refresher
    }

    /// The identity of the stored tokens for operations of this middleware's scheme; `nil` for other
    /// operations and when no token is stored (the call then fails in `intercept` unless it needs none).
    public func credentialIdentity(for operation: OperationInfo) async throws -> CredentialIdentity? {
        guard operation.auth.contains(where: { $0.name == scheme.name }) else { return nil }
        return try await refresher.storedTokens()?.identity
    }

    /// This middleware's scheme, for operations that use it: the identity stands for its bearer token.
    public func identifiedScheme(for operation: OperationInfo) -> String? {
        operation.auth.contains(where: { $0.name == scheme.name }) ? scheme.name : nil
    }

    /// Sends `request` with the access token, refreshing and resending once on 401.
    ///
    /// - Throws: `TokenRefreshError` when no usable token can be had, and whatever `next` throws.
    public func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard operation.auth.contains(where: { $0.name == scheme.name }) else {
            return try await next(request)
        }
        let tokens = try await refresher.validTokens(for: operation.name)
        if let fixed = CallCredentials.current, !fixed.identities.contains(tokens.identity) {
            throw TokenRefreshError.userChanged
        }
        let response = try await next(try CredentialAttachment.attach(tokens.accessToken, for: scheme, to: request))
        guard response.status == 401 else { return response }
        let renewed = try await refresher.tokens(replacing: tokens.accessToken, for: operation.name)
        // Someone else signed in meanwhile: the rejection stands, this user's call is not resent as theirs.
        guard renewed.identity == tokens.identity else { return response }
        return try await next(try CredentialAttachment.attach(renewed.accessToken, for: scheme, to: request))
    }
}

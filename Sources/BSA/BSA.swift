// The BSA client. Its models, `BSAError` and `BSAClient` are generated at build time from
// Schemas/bsa.yaml by the ClientGeneratorPlugin; this file holds the thin hand-written part: the
// re-authentication hook for the Access Token, which the schema cannot name because the token comes
// from the SDK's AutoAuthenticator on the device (node verification, biometrics), not from a call.

// Users of `import BSA` also need the runtime's types (transports, middlewares, credentials).
@_exported import ClientRuntime
import Foundation

extension BSAClient {
    /// A middleware that sends the Access Token with the 12 operations that need it and answers an
    /// expired token (`onTokenExpired`, a 401) by re-authenticating through `reauthenticate`.
    ///
    /// Single-flight like a refresh: any number of calls rejected with the same token run
    /// `reauthenticate` once and are each resent once with the new token; a second 401 surfaces as
    /// `BSAError.tokenExpired`, so an expired token never loops. A token that expires within
    /// `refreshLeeway` seconds is renewed before it is sent. If `reauthenticate` throws, the calls fail
    /// with `TokenRefreshError.refreshFailed` wrapping its error, and the store keeps the old token.
    ///
    /// - Parameters:
    ///   - store: Where the Access Token lives (e.g. the one AutoAuthenticator issued at sign-in).
    ///   - refreshLeeway: Renew proactively when the stored token expires within this many seconds.
    ///   - logger: Receives `.refresh` and `.refreshFailed` events (never the token).
    ///   - reauthenticate: Runs the app's authentication again (AutoAuthenticator) and returns the new
    ///     Access Token; it is given the tokens that were rejected.
    public static func accessTokenMiddleware(
        store: any TokenStore,
        refreshLeeway: TimeInterval = 30,
        logger: ClientLogger? = nil,
        reauthenticate: @escaping @Sendable (TokenSet) async throws -> TokenSet
    ) -> BearerTokenMiddleware {
        BearerTokenMiddleware(
            scheme: AuthSchemes.accessToken, store: store, refreshLeeway: refreshLeeway,
            refresh: reauthenticate, logger: logger)
    }
}

import Foundation

/// An OAuth-style access token with the refresh token and expiry that come with it.
///
/// Descriptions and mirrors show only whether tokens are present and when the access token expires, so a
/// `TokenSet` printed or dumped by accident leaks nothing.
public struct TokenSet: Sendable, Hashable {
    /// The token sent as `Authorization: Bearer <accessToken>`.
    public var accessToken: String
    /// The token the refresh call exchanges for a new set, if the server issued one.
    public var refreshToken: String?
    /// When the access token stops being valid, if known.
    public var expiresAt: Date?
    /// A stable id of the signed-in user or account (e.g. the JWT's `sub`), if known.
    ///
    /// `BearerTokenMiddleware` identifies the user to the response cache by it. Without it, tokens saved by
    /// the app (a sign-in) are identified by a digest of their access token, and tokens that a
    /// `TokenRefresher` obtained by refreshing keep the identity of the tokens they replaced, so a refresh
    /// keeps the user's cached responses either way. Never sent anywhere.
    public var subject: String?
    /// The identity of the tokens this set was refreshed from, when `TokenRefresher` made it; in memory only
    /// (a store that persists only the public fields loses it, and the set then counts as a new sign-in).
    var inheritedIdentity: CredentialIdentity?

    /// Creates a token set.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, subject: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.subject = subject
    }

    /// Whose tokens these are, for the response cache and for `BearerTokenMiddleware`'s rule that a call is
    /// only ever sent with its own user's tokens: the `subject` when known, else the identity of the tokens
    /// this set was refreshed from, else the access token's digest (a sign-in).
    public var identity: CredentialIdentity {
        if let subject { return CredentialIdentity(subject: subject) }
        return inheritedIdentity ?? CredentialIdentity(secret: accessToken)
    }

    /// These tokens as the renewal of `previous`: the same user, unless the refresh answer names another
    /// subject. A set without a subject takes over `previous`'s subject and identity.
    func renewing(_ previous: TokenSet) -> TokenSet {
        guard subject == nil else { return self }
        var renewed = self
        renewed.subject = previous.subject
        renewed.inheritedIdentity = previous.identity
        return renewed
    }
}

extension TokenSet: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `TokenSet(accessToken: <redacted>, refreshToken: <redacted>|nil, expiresAt: …)`; the subject, a
    /// personal identifier, is left out too.
    public var description: String {
        let refresh = refreshToken == nil ? "nil" : Redaction.placeholder
        let expiry = expiresAt.map { "\($0)" } ?? "nil"
        return "TokenSet(accessToken: \(Redaction.placeholder), refreshToken: \(refresh), expiresAt: \(expiry))"
    }

    /// Same as `description`.
    public var debugDescription: String { description }

    /// Keeps `dump` from printing the tokens.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": Redaction.placeholder,
                "refreshToken": refreshToken == nil ? "nil" : Redaction.placeholder,
                "expiresAt": expiresAt as Any,
            ])
    }
}

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
    /// `BearerTokenMiddleware` identifies the user to the response cache by it, so cached responses stay
    /// usable across token refreshes; without it the user is identified by a digest of the access token,
    /// and a refresh starts from an empty cache. Never sent anywhere.
    public var subject: String?

    /// Creates a token set.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, subject: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.subject = subject
    }

    /// Whose tokens these are, for the response cache: the `subject` when known, else the access token.
    public var identity: CredentialIdentity {
        subject.map(CredentialIdentity.init(subject:)) ?? CredentialIdentity(secret: accessToken)
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

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

    /// Creates a token set.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }
}

extension TokenSet: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `TokenSet(accessToken: <redacted>, refreshToken: <redacted>|nil, expiresAt: …)`.
    public var description: String {
        let refresh = refreshToken == nil ? "nil" : Redaction.placeholder
        let expiry = expiresAt.map { "\($0)" } ?? "nil"
        return "TokenSet(accessToken: \(Redaction.placeholder), refreshToken: \(refresh), expiresAt: \(expiry))"
    }

    /// Same as `description`.
    public var debugDescription: String { description }

    /// Keeps `dump` from printing the tokens.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "accessToken": Redaction.placeholder,
            "refreshToken": refreshToken == nil ? "nil" : Redaction.placeholder,
            "expiresAt": expiresAt as Any,
        ])
    }
}

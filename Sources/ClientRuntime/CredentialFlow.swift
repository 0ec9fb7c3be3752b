import Foundation

/// The pieces the generated token-store setups are made of (a schema's `login:`, `refresh:` and `logout:`
/// wiring): turning a login or refresh response into a `TokenSet`, and reading what a refresh call sends.
@_spi(Generated) public enum CredentialFlow {
    /// The tokens a login or refresh response carries.
    ///
    /// - Parameters:
    ///   - token: The access token or session id.
    ///   - refreshToken: The refresh token, if the response has one; otherwise the previous one is kept
    ///     (many servers renew the access token only).
    ///   - expiresIn: Seconds until `token` expires, if the response says.
    ///   - previous: The tokens being replaced (`nil` at login); their refresh token and subject carry over.
    ///   - now: When the response arrived.
    public static func tokens(
        token: String,
        refreshToken: String?,
        expiresIn: TimeInterval?,
        replacing previous: TokenSet?,
        now: Date = Date()
    ) -> TokenSet {
        TokenSet(
            accessToken: token,
            refreshToken: refreshToken ?? previous?.refreshToken,
            expiresAt: expiresIn.map { now.addingTimeInterval($0) },
            subject: previous?.subject)
    }

    /// The stored refresh token, for a refresh call that needs one.
    ///
    /// - Throws: `CredentialFlowError.noRefreshToken` when none is stored.
    public static func refreshToken(of tokens: TokenSet, scheme: String) throws -> String {
        guard let refreshToken = tokens.refreshToken else { throw CredentialFlowError.noRefreshToken(scheme: scheme) }
        return refreshToken
    }
}

/// Why a generated token-store setup could not renew a credential. Reaches the caller inside
/// `TokenRefreshError.refreshFailed`.
public enum CredentialFlowError: Error, Equatable, CustomStringConvertible {
    /// The refresh call needs a refresh token and none is stored.
    case noRefreshToken(scheme: String)
    /// The scheme has no refresh operation: a rejected session can only be replaced by logging in again.
    case notRenewable(scheme: String)

    public var description: String {
        switch self {
        case .noRefreshToken(let scheme): "No refresh token is stored for the \(scheme) scheme; sign in again."
        case .notRenewable(let scheme): "The \(scheme) credential was rejected and the schema names no refresh for it; sign in again."
        }
    }
}

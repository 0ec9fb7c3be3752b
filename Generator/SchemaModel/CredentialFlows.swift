/// How an auth scheme's credentials are obtained, renewed and dropped, as the schema wires them: the
/// operations that sign in, refresh and sign out, and where their requests and responses hold the tokens.
/// The generator turns it into a ready `TokenStore`-backed setup; the sandbox issues and requires the
/// credentials it describes.
public struct CredentialFlows: Sendable {
    /// The operation that opens the session or obtains the first tokens.
    public var login: CredentialExchange?
    /// The operation that exchanges the stored tokens for new ones.
    public var refresh: CredentialExchange?
    /// The operation that ends the session; the stored tokens are cleared after it.
    public var logout: String?
    public var logoutLocation: SourceLocation?

    public init(login: CredentialExchange? = nil, refresh: CredentialExchange? = nil, logout: String? = nil, logoutLocation: SourceLocation? = nil) {
        self.login = login
        self.refresh = refresh
        self.logout = logout
        self.logoutLocation = logoutLocation
    }

    /// Whether the schema wires anything, i.e. the generator has something to generate.
    public var isWired: Bool { login != nil || refresh != nil || logout != nil }
}

/// One wired call (`login:` or `refresh:` written as a mapping): which operation, which of its inputs are
/// filled from the stored tokens, and where its response holds the new ones.
public struct CredentialExchange: Sendable {
    /// What a value is to the token store.
    public enum Role: String, Sendable, CaseIterable {
        /// The credential sent with calls: the bearer access token or the session id.
        case token
        /// The token the refresh call exchanges for new ones.
        case refreshToken
        /// Seconds until `token` expires.
        case expiresIn
    }

    public var operation: String
    /// Inputs (parameter or body field names) filled from the stored tokens, in the order written.
    public var request: [(input: String, role: Role, location: SourceLocation)]
    /// Every input named under `request`, including ones whose role was reported as wrong (so a mistake
    /// there is not reported again as an unfilled input).
    public var requestInputs: [String]
    /// Dotted wire-name paths into the response, by role.
    public var response: [(role: Role, path: String, location: SourceLocation)]
    public var location: SourceLocation

    public func responsePath(_ role: Role) -> String? {
        response.first { $0.role == role }?.path
    }
}

extension AuthScheme {
    /// The name of the generated `BearerTokenMiddleware` factory on the client, e.g. `sessionTokenMiddleware`.
    public var tokenMiddlewareName: String { "\(name)TokenMiddleware" }
}
